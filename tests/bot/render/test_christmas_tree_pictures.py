"""The Pillow pictures of Christmas Tree trees: valid, small, deterministic PNGs."""

from __future__ import annotations

import io
import random

import pytest
from PIL import Image

from bot.render.pictures import picture_key, render_tree_png, render_trees_png
from bot.render.pictures.christmas_tree import TREE_H, TREE_W
from games.christmas_tree import CARDS, ChristmasTree, ChristmasTreeOptions, Kind

EMPTY: list = [None] * 21


def decode(png: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(png))
    image.load()
    assert image.format == "PNG"
    return image


def full_tree() -> list:
    """21 different cards of every kind, alternating orientations."""
    glass = [c for c, card in CARDS.items() if card.kind == Kind.GLASS][:15]
    others = [c for c, card in CARDS.items() if card.kind != Kind.GLASS][::6]
    codes = (glass + others)[:21]
    assert len(codes) == 21 and {CARDS[c].kind for c in codes} == set(Kind)
    return [(code, 180 * (n % 2)) for n, code in enumerate(codes)]


def some_tree() -> list:
    tree = list(EMPTY)
    tree[0], tree[4], tree[12], tree[13] = ("G01", 0), ("J01", 0), ("W16", 0), ("G02", 0)
    return tree


def test_png_decodes_with_expected_size() -> None:
    png = render_tree_png(some_tree(), title="Alice: 3 pts")
    assert decode(png).size == (TREE_W, TREE_H)
    assert 2_000 < len(png) < 60_000


def test_cards_rotation_and_numbering_change_the_picture() -> None:
    empty, tree = render_tree_png(EMPTY), render_tree_png(some_tree())
    assert empty != tree
    turned = some_tree()
    turned[13] = ("G02", 180)
    assert render_tree_png(turned) != tree
    assert render_tree_png(some_tree(), number_free_cells=True) != tree
    assert render_tree_png(some_tree(), highlight={5}) != tree
    assert render_tree_png(some_tree(), title="x") != tree


def test_deterministic_bytes_and_keys() -> None:
    tree = some_tree()
    as_lists = [None if s is None else list(s) for s in tree]  # e.g. after a JSON round trip
    assert render_tree_png(tree, number_free_cells=True) == render_tree_png(as_lists, number_free_cells=True)
    key = picture_key(tree, number_free_cells=True)
    assert key == picture_key(as_lists, number_free_cells=True)
    assert len(key) == 16
    turned = list(tree)
    turned[0] = ("G01", 180)
    others = {
        picture_key(tree),
        picture_key(turned, number_free_cells=True),
        picture_key(tree, number_free_cells=True, highlight={3}),
        picture_key(tree, title="t", number_free_cells=True),
    }
    assert len(others) == 4 and key not in others


def test_full_tree_renders() -> None:
    png = render_tree_png(full_tree(), title="A very long player name that will not fit the title bar")
    assert decode(png).size == (TREE_W, TREE_H)
    assert len(png) < 60_000


def test_bad_tree_length_is_refused() -> None:
    with pytest.raises(ValueError):
        render_tree_png([None] * 20)


def played_view(players: int, seed: int, actions: int = 120):
    """The public view after `actions` random legal actions of a real game."""
    game, rng = ChristmasTree(), random.Random(seed)
    state = game.new_game(players, ChristmasTreeOptions(mode="normal"), seed)
    for _ in range(actions):
        deciders = sorted(game.to_decide(state))
        if not deciders or game.outcome(state) is not None:
            break
        seat = rng.choice(deciders)
        legal = game.legal_actions(state, seat)
        if not legal:
            break
        state = game.apply(state, seat, rng.choice(legal)).state
    return game.view(state, None)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_render_trees_of_a_real_game(players: int) -> None:
    view = played_view(players, seed=players)
    names = ["Alice", "Bob", "Carol", "Dave"][:players]
    assert sum(slot is not None for seat in view.seats for slot in seat.tree) > 0
    png = render_trees_png(view, names)
    image = decode(png)
    assert len(view.seats) == max(3, players)
    assert image.width > image.height * (len(view.seats) - 1)
    assert len(png) < 200_000
    assert png == render_trees_png(view, names)
    key = picture_key(view, names)
    assert key == picture_key(view, names)
    assert key != picture_key(view, ["Zed", *names[1:]])
    if players == 2:
        assert view.seats[2].neutral
