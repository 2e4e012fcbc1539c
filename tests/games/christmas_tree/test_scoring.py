"""Spec 11 (the Kluni board, exactly as written), spec 12 (the data checks) and the packing rule."""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations

import pytest

from games.christmas_tree import CARDS, OBJECTIVES, Kind
from games.christmas_tree.board import (
    ADJACENT,
    CORNER_ADJACENT,
    EDGES,
    INDEX,
    OCCURRENCES,
    ROW_ENDS,
    ROWS,
    row,
)
from games.christmas_tree.data import (
    COLOURS,
    GLASS_BULBS,
    MODES,
    SHAPES,
    Mode,
    deck_size,
    opposite,
    shown_side,
)
from games.christmas_tree.objectives import (
    count_matching,
    instances,
    max_packing,
    pool,
    score_objective,
)
from games.christmas_tree.scoring import Slot, complete_bulbs, final_parts, gingerbread_points, shows

from .helpers import KLUNI, G, c, new, tree

#: Spec 11: objective -> (instances found, max disjoint, points) or ("count", n) for MAJORITY.
KLUNI_OBJECTIVES = {
    "O01": ("count", 3), "O02": ("count", 4), "O03": ("count", 8), "O04": ("count", 1),
    "O05": ("count", 6), "O06": ("count", 8), "O07": ("count", 3), "O08": ("count", 3),
    "O09": (4, 4, 12), "O10": (4, 4, 12), "O11": (4, 4, 12), "O12": (8, 2, 12), "O13": (0, 0, 0),
    "O14": (1, 1, 5), "O15": (1, 1, 4), "O16": (2, 2, 8), "O17": (0, 0, 0), "O18": (0, 0, 0),
    "O19": (3, 2, 12), "O20": (0, 0, 0), "O21": (1, 1, 5), "O22": (0, 0, 0), "O23": (0, 0, 0),
    "O24": (1, 1, 6), "O25": (1, 1, 8), "O26": (0, 0, 0), "O27": (0, 0, 0), "O28": (5, 3, 12),
    "O29": (13, 5, 20), "O30": (1, 1, 5),
}  # fmt: skip


def _edge(a: tuple[int, int], b: tuple[int, int]) -> int:
    pair = {INDEX[a], INDEX[b]}
    return next(e for e, (x, _, y) in enumerate(EDGES) if {x, y} == pair)


def _cells(*cells: tuple[int, int]) -> int:
    return sum(1 << INDEX[cell] for cell in cells)


# -- spec 11: Kluni ---------------------------------------------------------------------------------
def test_kluni_final_evaluation():
    parts = final_parts(tree(KLUNI), cookies=1)
    assert parts.card_values == 26 and parts.gingerbreads == 38 and parts.complete_bulbs == 12
    assert parts.bulbs == 24 and parts.cookies == 1 and parts.total == 89
    glass = sum(CARDS[card].value for card, _ in KLUNI.values() if CARDS[card].kind == Kind.GLASS)
    assert glass == 11


def test_kluni_gingerbreads():
    found = {cell: (n, points) for cell, n, points in gingerbread_points(tree(KLUNI))}
    assert found == {c(4, 0): (3, 12), c(3, 1): (4, 18), c(0, 0): (2, 8)}
    board = tree(KLUNI)
    sides = {"NW": 0, "NE": 1, "SE": 2, "SW": 3}
    shown = {
        (4, 0): {"NW": "ball", "NE": "candy", "SE": "red", "SW": "oval"},
        (3, 1): {"NW": "candy", "NE": "blue", "SE": "oval", "SW": "red"},
        (0, 0): {"NW": "star", "NE": "blue", "SE": "ball", "SW": "candy"},
    }
    for cell, symbols in shown.items():
        assert {name: shows(board[INDEX[cell]], side) for name, side in sides.items()} == symbols


def test_kluni_complete_bulbs():
    expected = {
        ((0, 1), (1, 1), "blue"), ((1, 1), (1, 2), "red"), ((1, 1), (2, 1), "yellow"),
        ((0, 2), (1, 2), "yellow"), ((2, 1), (2, 2), "yellow"), ((1, 2), (1, 3), "yellow"),
        ((1, 2), (2, 2), "blue"), ((2, 2), (3, 2), "red"), ((1, 3), (1, 4), "blue"),
        ((1, 3), (2, 3), "red"), ((0, 4), (0, 5), "blue"), ((0, 4), (1, 4), "red"),
    }  # fmt: skip
    assert set(complete_bulbs(tree(KLUNI))) == {(_edge(a, b), colour) for a, b, colour in expected}


@pytest.mark.parametrize("code", sorted(KLUNI_OBJECTIVES))
def test_kluni_objectives(code):
    board = tree(KLUNI)
    expected = KLUNI_OBJECTIVES[code]
    if expected[0] == "count":
        assert count_matching(code, board) == expected[1]
        points, counts = score_objective(code, [board], [True])
        assert counts == [expected[1]] and points == [OBJECTIVES[code].points * expected[1] + 6]
        return
    found = instances(code, board)
    assert (len(found), max_packing(found), score_objective(code, [board], [True])[0][0]) == expected


def test_kluni_round_3_objectives():
    board = tree(KLUNI)
    assert [score_objective(code, [board], [True])[0][0] for code in ("O08", "O19", "O28", "O25")] == [
        12,
        12,
        12,
        8,
    ]
    assert set(instances("O19", board)) == {
        _cells((1, 2), (1, 3), (1, 4)),
        _cells((2, 0), (2, 1), (2, 2)),
        _cells((2, 1), (2, 2), (2, 3)),
    }
    pairs = [((0, 1), (1, 1), (2, 1)), ((1, 1), (1, 2), (1, 3)), ((0, 2), (1, 2), (2, 2))]
    pairs += [((1, 2), (2, 2), (3, 2)), ((1, 2), (1, 3), (1, 4))]
    assert set(instances("O28", board)) == {(1 << _edge(a, x)) | (1 << _edge(x, b)) for a, x, b in pairs}
    assert instances("O25", board) == [_cells((1, 1), (1, 2), (2, 1), (2, 2))]


# -- spec 12: data checks ---------------------------------------------------------------------------
def test_data_01_deck_sizes():
    for seats, (glass, candy, ginger) in {3: (54, 12, 9), 4: (72, 16, 12)}.items():
        state = new(seats)
        cards = Counter(CARDS[x].kind for x in _every_card(state))
        assert cards == {Kind.GLASS: glass, Kind.CANDY: candy, Kind.GINGERBREAD: ginger}
        assert deck_size(seats) == glass + candy + ginger == (75 if seats == 3 else 100)


def _every_card(state):
    return state.deck + [x for hand in state.hands for x in hand.cards]


def test_data_02_four_player_marks():
    marked = [card for card in CARDS.values() if card.four_players_only]
    assert Counter(card.kind for card in marked) == {Kind.GLASS: 18, Kind.CANDY: 4}
    assert sorted(card.value for card in marked if card.kind == Kind.CANDY) == [3, 4, 5, 6]


def test_data_03_colours_shapes_and_values():
    glass = [card for card in CARDS.values() if card.kind == Kind.GLASS]
    assert all(sum(g.colour == x for g in glass) == 24 for x in COLOURS)
    assert all(sum(g.shape == x for g in glass) == 24 for x in SHAPES)
    for colour, shape in GLASS_BULBS:
        values = [g.value for g in glass if (g.colour, g.shape) == (colour, shape)]
        assert values == [0, 0, 0, 1, 1, 1, 2, 2]


def test_data_04_bulbs():
    glass = [card for card in CARDS.values() if card.kind == Kind.GLASS]
    bulbs = Counter(side for g in glass for side in g.sides if side is not None)
    assert bulbs == {"red": 54, "yellow": 54, "blue": 54}
    assert all([g.bulbs for g in glass[p * 8 : p * 8 + 8]] == [4, 3, 3, 2, 2, 2, 1, 1] for p in range(9))
    assert all(card.bulbs == 0 for card in CARDS.values() if card.kind != Kind.GLASS)


def test_data_05_gingerbread_symbols():
    ginger = [card for card in CARDS.values() if card.kind == Kind.GINGERBREAD]
    symbols = Counter(side for g in ginger for side in g.sides)
    assert symbols == {**dict.fromkeys(COLOURS + SHAPES, 11), "candy": 6}
    assert all(len(set(g.sides)) == 4 for g in ginger)


def test_data_06_board_geometry():
    assert len(INDEX) == 21 and len(EDGES) == 30
    assert sum(len(n) for n in CORNER_ADJACENT) == 2 * 25
    four = sorted(cell for cell in range(21) if len(ADJACENT[cell]) == 4)
    assert four == sorted(c(*x) for x in [(1, 1), (2, 1), (1, 2), (3, 1), (2, 2), (1, 3)])
    assert [len(ADJACENT[x]) for x in ROWS[5]] == [1, 2, 2, 2, 2, 1] and len(ADJACENT[0]) == 2
    assert [len(r) for r in ROWS] == [1, 2, 3, 4, 5, 6] and len(row(1)) == 6 and row(6) == (0,)
    assert ROW_ENDS[0] == (c(1, 0), c(0, 1)) and ROW_ENDS[-1] == (c(5, 0), c(0, 5))
    assert len(OCCURRENCES["DIAMOND4"]) == 10 and len(OCCURRENCES["ROW4"]) == 6


def test_data_07_objective_bells_and_pools():
    assert Counter(o.bells for o in OBJECTIVES.values()) == {1: 15, 2: 6, 3: 9}
    assert [len(pool(MODES[m].bells)) for m in Mode] == [15, 21, 30]  # family, normal, advanced


def test_data_08_turning_twice_and_side_mapping():
    assert all(opposite(opposite(side)) == side for side in range(4))
    assert [opposite(side) for side in range(4)] == [2, 3, 0, 1]  # NW<->SE, NE<->SW
    g05 = Slot("G05", 180)  # R on NW, Y on SE as printed
    assert (shows(g05, 0), shows(g05, 2)) == ("yellow", "red")
    assert all(shown_side(shown_side(side, 180), 180) == side for side in range(4))


def test_data_09_cards_dealt_per_round():
    for players, dealt in ((2, 24), (3, 24), (4, 32)):
        state = new(players)
        assert sum(len(hand.cards) for hand in state.hands) == dealt
        assert len(state.deck) == deck_size(state.num_seats) - dealt


# -- the packing rule on hand-made boards ----------------------------------------------------------
def _brute(found):
    found = list(set(found))
    for size in range(len(found), 0, -1):
        for group in combinations(found, size):
            if all(not a & b for a, b in combinations(group, 2)):
                return size
    return 0


def test_packing_small_cases():
    assert max_packing([]) == 0 and max_packing([0b11, 0b11]) == 1
    assert max_packing([0b011, 0b110, 0b100]) == 2  # greedy on the first would find only 1
    assert max_packing([0b0011, 0b0110, 0b1100]) == 2
    assert max_packing([0b111, 0b1000, 0b110000]) == 3


@pytest.mark.parametrize("seed", range(40))
def test_packing_matches_brute_force(seed):
    rnd = random.Random(seed)
    found = [sum(1 << rnd.randrange(12) for _ in range(rnd.randint(1, 4))) for _ in range(rnd.randint(0, 11))]
    assert max_packing(found) == _brute(found)


def test_packing_on_boards():
    # Twins along a branch: 3 red stars in a line hold 2 overlapping pairs, only 1 scores; 4 hold 2.
    for n, found, points in ((3, 2, 4), (4, 3, 8)):
        line = tree({(0, j): "G01" for j in range(n)})
        assert len(instances("O16", line)) == found and score_objective("O16", [line], [True])[0] == [points]
    # The whole bottom row colourful twice, the other rows once each.
    rows = {(5 - p, p): code for p, code in enumerate(["G01", "G25", "G49", "G09", "G33", "G57"])}
    rows |= {(4 - p, p): code for p, code in enumerate(["G01", "G25", "G49", "G10", "G34"])}
    assert score_objective("O12", [tree(rows)], [True])[0] == [18]
    # Crossing branches share a cell, so at most one of two crossing lines scores.
    cross = {(0, j): "G07" for j in range(6)} | {(i, 0): "G08" for i in range(1, 6)}
    assert len(instances("O30", tree(cross))) == 2 and score_objective("O30", [tree(cross)], [True])[0] == [5]


def test_views_of_a_new_game_show_no_scores():
    view = G.view(new(3), None)
    assert all(b.total == 0 and b.final is None for b in view.breakdown)
