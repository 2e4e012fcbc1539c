"""The 38 rulebook facts of spec section 10, one test each (section 11 and 12: test_scoring.py)."""

from __future__ import annotations

from collections import Counter

import pytest

from games.christmas_tree import (
    CARDS,
    OBJECTIVES,
    ChooseObjective,
    Done,
    Kind,
    Phase,
    Place,
    Rotate,
    Stage,
    Swap,
)
from games.christmas_tree.data import COLOURS, MODES, SHAPES, Mode, base_deck, deck_size
from games.christmas_tree.objectives import majority_bonus, score_objective
from games.christmas_tree.rules import winners
from games.christmas_tree.scoring import Slot, complete_bulbs, final_parts, gingerbread_points
from games.core import IllegalAction

from .helpers import (
    KLUNI,
    G,
    act,
    all_cards,
    c,
    choose_all,
    kinds,
    new,
    of_kind,
    play_to_end,
    play_turn,
    play_until,
    tree,
)

SEEDS = range(6)


def _points(code: str, *trees, scored=None) -> list[int]:
    return score_objective(code, trees, scored or [True] * len(trees))[0]


# -- components and setup -------------------------------------------------------------------------
def test_fact_01_106_ornament_cards():
    assert Counter(card.kind for card in CARDS.values()) == {
        Kind.GLASS: 72,
        Kind.GINGERBREAD: 18,
        Kind.CANDY: 16,
    }


def test_fact_02_30_objectives_16_cookies_4_boards():
    assert Counter(o.bells for o in OBJECTIVES.values()) == {1: 15, 2: 6, 3: 9}
    assert max(r.cookies for r in MODES.values()) * G.max_players == 16
    assert len(new(4).trees) == 4 and G.max_players == 4


def test_fact_03_glass_colours_shapes_values_candies():
    glass = [card for card in CARDS.values() if card.kind == Kind.GLASS]
    assert {g.colour for g in glass} == set(COLOURS) and {g.shape for g in glass} == set(SHAPES)
    assert {g.value for g in glass} == {0, 1, 2}
    assert {card.value for card in CARDS.values() if card.kind == Kind.CANDY} == {3, 4, 5, 6}


def test_fact_04_deck_per_player_count_and_gingerbreads():
    for players, seats in ((2, 3), (3, 3), (4, 4)):
        for seed in SEEDS:
            state = new(players, seed=seed)
            cards = all_cards(state)
            assert len(cards) == len(set(cards)) == deck_size(seats)
            plain = [x for x in cards if CARDS[x].kind != Kind.GINGERBREAD]
            assert sorted(plain) == sorted(base_deck(seats))
            assert any(CARDS[x].four_players_only for x in plain) == (seats == 4)
            assert sum(CARDS[x].kind == Kind.GINGERBREAD for x in cards) == 3 * seats
    assert len({frozenset(all_cards(new(3, seed=s))) for s in SEEDS}) > 1  # random gingerbreads


def test_fact_05_family_no_cookies_no_objective_cards_3_table_objectives():
    state = new(4, "family", 3)
    assert state.cookies == [0] * 4 and state.objective_cards == [[]] * 4
    seen = []
    for round_ in (1, 2, 3):
        assert state.phase == Phase.TURN and state.round == round_
        view = G.view(state, None)
        assert len(view.objectives) == 3 and all(o.owner is None for o in view.objectives)
        assert all(OBJECTIVES[o.code].bells == 1 for o in view.objectives)
        seen += [o.code for o in view.objectives]
        state, _ = play_until(state, lambda s, r=round_: s.round > r)
    assert len(set(seen)) == 9


@pytest.mark.parametrize(
    ("mode", "cookies", "dealt", "bells"), [("normal", 3, 4, {1, 2}), ("advanced", 4, 5, {1, 2, 3})]
)
def test_fact_06_07_normal_and_advanced_setup(mode, cookies, dealt, bells):
    for seed in SEEDS:
        state = new(4, mode, seed)
        assert state.cookies == [cookies] * 4
        assert all(len(cards) == dealt for cards in state.objective_cards)
        assert {OBJECTIVES[code].bells for cards in state.objective_cards for code in cards} <= bells
    end, _ = play_to_end(state)
    assert all(len(cards) == dealt - 3 for cards in end.objective_cards)  # 1 (normal) or 2 unused


# -- round flow ----------------------------------------------------------------------------------
def test_fact_08_three_rounds_of_8_cards_7_placed():
    state = new(3, "family", 1)
    for round_ in (1, 2, 3):
        assert all(len(hand.cards) == 8 for hand in state.hands)
        state, _ = play_until(state, lambda s, r=round_: s.round > r or s.phase == Phase.GAME_OVER)
        assert len(state.discarded) == 3 * round_
        assert all(sum(slot is not None for slot in t) == 7 * round_ for t in state.trees)
    assert G.outcome(state) is not None


def test_fact_09_simultaneous_secret_choice_then_reveal_upside_down_allowed():
    state, _ = choose_all(new(3, "normal", 2))
    card = state.hands[0].cards[1]
    state, events = act(state, 0, Place(card_index=1, cell=c(2, 1), rotation=180))
    assert G.view(state, None).seats[0].tree == [None] * 21 and G.view(state, 1).pending is None
    assert of_kind(events, "turn_recorded")[0].audience.seats == {0}
    assert all(card not in G.view(state, seat).model_dump_json() for seat in (1, 2, None))
    state, events = play_turn(state)
    assert [e.seat for e in of_kind(events, "card_placed")] == [0, 1, 2]
    assert state.trees[0][c(2, 1)] == Slot(card, 180)


@pytest.mark.parametrize(
    ("mode", "directions"), [("family", (1, 1, 1)), ("normal", (1, 1, 1)), ("advanced", (1, -1, 1))]
)
def test_fact_10_pass_directions(mode, directions):
    state = new(4, mode, 5)
    for round_, step in enumerate(directions, start=1):
        state, _ = play_until(state, lambda s: s.phase == Phase.TURN)
        assert G.view(state, None).direction == step
        before = {seat: list(hand.cards) for seat, hand in enumerate(state.hands)}
        state, _ = play_turn(state)
        for seat in range(4):
            assert state.hands[(seat + step) % 4].cards == before[seat][1:]  # card 0 was placed
        state, _ = play_until(state, lambda s, r=round_: s.round > r or s.phase == Phase.GAME_OVER)


def test_fact_11_normal_reveals_before_first_card_advanced_when_hands_come_home():
    state = new(3, "normal", 4)
    state, events = choose_all(state)
    assert len(of_kind(events, "objectives_revealed")[0].codes) == len(G.view(state, None).objectives) == 3
    for players, seats in ((3, 3), (4, 4), (2, 3)):
        state, events = choose_all(new(players, "advanced", 4))
        assert "objectives_hidden" in kinds(events) and G.view(state, None).objectives == []
        for turn in range(1, seats + 1):
            assert G.view(state, None).objectives == [] and state.turn == turn
            state, events = play_turn(state)
        revealed = of_kind(events, "objectives_revealed")[0]
        assert state.turn == seats + 1 and revealed.owners == list(range(seats))
        assert [o.owner for o in G.view(state, None).objectives] == list(range(seats))


def test_fact_12_advanced_placement_must_touch():
    state, _ = choose_all(new(3, "advanced", 6))
    assert G.view(state, 0).legal_cells == list(range(21))
    state, _ = play_turn(state, {0: Place(card_index=0, cell=c(2, 2), rotation=0)})
    assert sorted(G.view(state, 0).legal_cells) == sorted([c(2, 1), c(1, 2), c(2, 3), c(3, 2)])
    with pytest.raises(IllegalAction, match="touch"):
        G.apply(state, 0, Place(card_index=0, cell=c(0, 0), rotation=0))
    normal, _ = play_turn(choose_all(new(3, "normal", 6))[0])
    assert len(G.view(normal, 0).legal_cells) == 20


def test_fact_13_cookies_swap_and_turn_unused_score_1():
    state, _ = choose_all(new(3, "normal", 7))
    state, _ = play_turn(state, {0: Place(card_index=0, cell=c(0, 0), rotation=0)})
    first = state.trees[0][c(0, 0)].card
    new_card = state.hands[0].cards[0]
    state, _ = act(state, 0, Stage(card_index=0, cell=c(1, 1), rotation=0))
    state, _ = act(state, 0, Swap(a=c(0, 0), b=c(1, 1), rot_a=180, rot_b=180))
    state, _ = act(state, 0, Rotate(cell=c(1, 1)))
    state, events = act(state, 0, Done())
    assert G.view(state, 0).cookies_left == 1 and state.cookies[0] == 3  # planned, not yet revealed
    state, events = play_turn(state)
    assert len(of_kind(events, "cookie_used")) == 2 and state.cookies[0] == 1
    assert state.trees[0][c(0, 0)] == Slot(new_card, 180) and state.trees[0][c(1, 1)] == Slot(first, 0)
    end, _ = play_to_end(state)
    assert end.final[0].cookies == 1 and end.final[1].cookies == 3


# -- scoring --------------------------------------------------------------------------------------
def test_fact_14_gingerbread_2_4_8_12_18():
    # J01 shows red NW, star NE, yellow SE, ball SW at orientation 0, on the 4-neighbour cell (1,1).
    good = {(1, 0): "G01", (0, 1): "G25", (1, 2): "G33", (2, 1): "G09"}  # red, star, yellow, ball
    for drop, points in zip(range(5), (18, 12, 8, 4, 2), strict=True):
        cells = dict(list(good.items())[drop:])
        assert gingerbread_points(tree({(1, 1): "J01", **cells})) == [(c(1, 1), 4 - drop, points)]
    assert gingerbread_points(tree({(1, 1): ("J01", 180), **good}))[0][1] == 0  # upside down: none fit
    # J13 prints candy NW; upside down it shows the candy on its SE side, towards (1,1).
    assert gingerbread_points(tree({(1, 0): ("J13", 180), (1, 1): "W01"}))[0][1:] == (1, 4)
    assert gingerbread_points(tree({(1, 0): ("J13", 0), (1, 1): "W01"}))[0][1:] == (0, 2)


def test_fact_15_complete_bulb_2_points_different_colours_nothing():
    # G01 (R Y B R) on the apex: its SE blue meets G10's NW blue; its SW red meets G11's NE red.
    board = tree({(0, 0): "G01", (0, 1): "G10", (1, 0): "G11"})
    assert sorted(colour for _, colour in complete_bulbs(board)) == ["blue", "red"]
    assert final_parts(board, 0).bulbs == 4
    assert complete_bulbs(tree({(0, 0): "G01", (1, 0): "G09"})) == []  # red meets blue
    assert complete_bulbs(tree({(0, 0): ("G01", 180), (1, 0): "G11"})) == []  # turned: Y meets R


def test_fact_16_every_player_scores_every_objective_used_ones_leave():
    state, _ = choose_all(new(3, "normal", 8))
    codes = {o.code for o in state.objectives}
    state, _ = play_until(state, lambda s: s.round == 2)
    assert {r.code for r in state.results} == codes and all(len(r.points) == 3 for r in state.results)
    assert state.objectives == [] and not codes & {x for cards in state.objective_cards for x in cards}


def test_fact_17_only_objectives_at_round_end():
    state, events = play_until(new(3, "normal", 9), lambda s: s.round == 2)
    scored = of_kind(events, "round_scored")[0]
    assert scored.totals == [sum(r.points[s] for r in state.results) for s in range(3)]
    assert state.final is None and [p.points for p in G.view(state, None).seats] == scored.totals
    end, events = play_to_end(state)
    assert len(of_kind(events, "final_scored")) == 3 and end.final is not None


def test_fact_18_colour_shape_collection_1_per_card_plus_6_and_3():
    reds = [tree({(0, j): "G01" for j in range(n)}) for n in (5, 3, 1)]
    assert _points("O01", *reds) == [5 + 6, 3 + 3, 1]
    assert _points("O04", *reds) == [11, 6, 1]  # G01 is a red star
    assert _points("O05", *reds) == [0, 0, 0]


def test_fact_19_candies_1_gingerbreads_2_with_bonus():
    a = tree({(0, 0): "W01", (0, 1): "W02", (0, 2): "J01"})
    b = tree({(0, 0): "W03", (0, 1): "J02", (0, 2): "J03"})
    assert _points("O07", a, b) == [2 + 6, 1 + 3]
    assert _points("O08", a, b) == [2 + 3, 4 + 6]


def test_fact_20_majority_ties():
    assert majority_bonus([5, 5, 3, 2]) == [6, 6, 0, 0]
    assert majority_bonus([5, 3, 3, 1]) == [6, 3, 3, 0]
    assert majority_bonus([4, 0, 0]) == [6, 0, 0] and majority_bonus([0, 0, 0]) == [0, 0, 0]
    p1, p2, neutral = (tree({(0, j): "G01" for j in range(n)}) for n in (3, 2, 4))
    assert score_objective("O01", [p1, p2, neutral], [True, True, False])[0] == [3 + 3, 2, 0]


def test_fact_21_bulb_colour_3_per_complete_bulb():
    board = tree({(0, 0): "G01", (0, 1): "G10", (1, 0): "G11"})
    assert (_points("O09", board), _points("O11", board), _points("O10", board)) == ([3], [3], [0])


def test_fact_22_twins_4_each():
    assert _points("O15", tree({(1, 0): "G01", (0, 1): "G02"})) == [4]  # side by side in a row
    assert _points("O15", tree({(1, 0): "G01", (0, 1): "G09"})) == [0]  # red star, red ball
    assert _points("O16", tree({(0, 0): "G01", (0, 1): "G02"})) == [4]  # along a down-right branch
    assert _points("O17", tree({(0, 0): "G01", (0, 1): "G02"})) == [0]  # not down-left


def test_fact_23_candy_and_gingerbread_touching_corners_6_each():
    assert _points("O18", tree({(1, 0): "W01", (0, 1): "J01"})) == [6]
    assert _points("O18", tree({(1, 0): "J01", (0, 1): "W01"})) == [6]  # either order
    assert _points("O18", tree({(1, 0): "W01", (0, 1): "W02"})) == [0]
    assert _points("O22", tree({(0, 0): "W01", (1, 1): "J01"})) == [6]  # one above the other


def test_fact_24_all_three_in_a_row_6_only_first_row_twice():
    bottom = tree({(5 - p, p): code for p, code in enumerate(["G01", "G25", "G49", "G02", "G26", "G50"])})
    assert _points("O12", bottom) == [12] and _points("O13", bottom) == [0]
    row2 = tree({(4, 0): "G01", (2, 2): "G25", (0, 4): "G49", (3, 1): "G02", (1, 3): "G26"})
    assert _points("O12", row2) == [6]  # not adjacent, any order, but never twice in 5 cells
    assert _points("O13", tree({(4, 0): "G01", (2, 2): "G09", (0, 4): "G17"})) == [6]


def test_fact_25_three_same_colour_or_shape_in_formation_6_each():
    assert _points("O19", tree({(0, 0): "G01", (0, 1): "G09", (0, 2): "G17"})) == [6]  # red
    assert _points("O20", tree({(0, 0): "G01", (1, 0): "G25", (2, 0): "G49"})) == [6]  # star
    assert _points("O19", tree({(0, 0): "G01", (1, 0): "G09", (2, 0): "G17"})) == [0]  # wrong branch
    assert _points("O23", tree({(0, 0): "G01", (1, 0): "G09", (0, 1): "G17"})) == [6]  # roof
    assert _points("O24", tree({(1, 0): "G01", (0, 1): "G25", (1, 1): "G49"})) == [6]  # cup


def test_fact_26_row_ends_same_colour_and_shape_5():
    assert _points("O14", tree({(1, 0): "G01", (0, 1): "G02"})) == [5]
    assert _points("O14", tree({(5, 0): "G01", (0, 5): "G08", (1, 0): "G01"})) == [5]
    assert _points("O14", tree({(1, 0): "G01", (0, 1): "G09"})) == [0]


def test_fact_27_row_or_branch_sum_row_3_needs_4():
    assert _points("O21", tree({(3, 0): "G07", (0, 3): "G08"})) == [5]  # 2 + 2 in row 3
    assert _points("O21", tree({(3, 0): "G07", (0, 3): "G04", (1, 2): "W13"})) == [0]  # 3; candy adds 0
    assert _points("O30", tree({(3, 0): "G07", (3, 1): "G08", (3, 2): "G16"})) == [5]  # i = 3, >= 3


def test_fact_28_four_same_value_8_each_any_value():
    for codes in (["G01", "G02", "G09", "G10"], ["G04", "G05", "G06", "G12"], ["G07", "G08", "G15", "G16"]):
        assert _points("O25", tree(dict(zip([(0, 0), (1, 0), (0, 1), (1, 1)], codes, strict=True)))) == [8]
    assert _points("O25", tree({(0, 0): "G01", (1, 0): "G02", (0, 1): "G09", (1, 1): "G04"})) == [0]
    assert _points("O26", tree({(3, 0): "G07", (2, 1): "G08", (1, 2): "G15", (0, 3): "G16"})) == [8]


def test_fact_29_chain_0_1_2_side_by_side_6():
    assert _points("O27", tree({(0, 0): "G01", (0, 1): "G04", (0, 2): "G07"})) == [6]
    assert _points("O27", tree({(1, 0): "G01", (1, 1): "G04", (0, 1): "G07"})) == [6]  # a bend
    # (1,0) and (0,1) only touch at the corners.
    assert _points("O27", tree({(1, 0): "G01", (0, 1): "G04", (0, 0): "G07"})) == [0]


def test_fact_30_bulb_pairs_4_each_4_bulbs_make_2():
    # G01 (R Y B R) in the middle; each neighbour completes one of its bulbs.
    board = tree({(1, 1): "G01", (1, 0): "G12", (0, 1): "G20", (1, 2): "G10", (2, 1): "G11"})
    assert len(complete_bulbs(board)) == 4
    assert _points("O28", board) == [8] and _points("O29", board) == [8]


def test_fact_31_one_ornament_once_per_objective():
    five = tree({(0, j): "G01" for j in range(5)})
    six = tree({(0, j): "G01" for j in range(6)})
    assert _points("O19", five) == [6] and _points("O19", six) == [12]


def test_fact_32_no_tiebreaker_every_leader_wins():
    end, _ = play_to_end(new(3, "family", 11))
    for seat, wanted in enumerate((150, 150, 149)):
        objectives = sum(r.points[seat] for r in end.results)
        end.final[seat] = end.final[seat].model_copy(
            update={"card_values": wanted - objectives, "gingerbreads": 0, "bulbs": 0, "cookies": 0}
        )
    assert winners(end) == [0, 1] and G.outcome(end).winners == {0, 1}


def test_fact_33_two_players_neutral_tree():
    state = new(2, "normal", 12)
    assert state.num_seats == 3 and len(state.hands) == 3 and len(state.deck) == 75 - 24
    assert state.objective_cards[2] == [] and state.cookies[2] == 0 and G.to_decide(state) == {0, 1}
    pool = len(state.objective_pool)
    state, events = choose_all(state)
    assert of_kind(events, "objectives_revealed")[0].owners == [0, 1, 2]
    assert len(state.objective_pool) == pool - 1  # the neutral objective came from the pool
    with pytest.raises(IllegalAction):
        G.apply(state, 2, Place(card_index=0, cell=0, rotation=0))
    end, _ = play_to_end(state)
    assert all(slot is not None and slot.rotation == 0 for slot in end.trees[2])
    assert all(r.points[2] == 0 for r in end.results) and G.outcome(end).winners <= {0, 1}
    kluni = tree(KLUNI)
    points, counts = score_objective("O03", [tree({}), tree({}), kluni], [True, True, False])
    assert counts == [0, 0, 8] and points == [0, 0, 0]


# -- the worked example (Kluni) --------------------------------------------------------------------
def test_fact_34_race_for_the_gingerbreads():
    assert _points("O08", tree(KLUNI)) == [6 + 6] and _points("O08", tree(KLUNI), tree(KLUNI)) == [12, 12]


def test_fact_35_formation_twice_the_overlap_does_not_score():
    assert _points("O19", tree(KLUNI)) == [12]


def test_fact_36_bulbpairs_3_pairs():
    assert _points("O28", tree(KLUNI)) == [12]


def test_fact_37_snowflake_once():
    assert _points("O25", tree(KLUNI)) == [8]


def test_fact_38_final_evaluation_89():
    parts = final_parts(tree(KLUNI), 1)
    assert (parts.card_values, parts.gingerbreads, parts.bulbs, parts.cookies) == (26, 38, 24, 1)
    assert parts.total == 89


def test_mode_table_matches_modes():
    assert set(MODES) == set(Mode) and [m.value for m in Mode] == ["family", "normal", "advanced"]
    assert ChooseObjective(index=1).kind == "objective"
