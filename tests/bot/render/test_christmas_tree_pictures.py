"""The Pillow pictures of Christmas Tree trees: valid, small, deterministic PNGs."""

from __future__ import annotations

import io
import random

import pytest
from PIL import Image, ImageChops, ImageDraw

from bot.render.base import Payload, Picture
from bot.render.pictures import christmas_tree_cards as cards
from bot.render.pictures._draw import drawable
from bot.render.pictures.christmas_tree import picture_key, render_tree_png, render_trees_png
from bot.render.pictures.christmas_tree_cards import TREE_H, TREE_W, Layout, slots_of, wishes_met
from bot.render.pictures.christmas_tree_private import PrivatePicture
from games.christmas_tree import CARDS, ChristmasTree, ChristmasTreeOptions, Kind
from games.christmas_tree.scoring import Slot
from tests.bot.render.phone import picture_problems, picture_shape

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
    assert image.height > image.width * 0.9  # two trees per row, two rows
    assert len(png) < 200_000
    shape = picture_shape(Picture("t.png", "k", lambda: png))
    assert shape.smallest_text >= 11 and shape.aspect <= 2
    assert png == render_trees_png(view, names)
    key = picture_key(view, names)
    assert key == picture_key(view, names)
    assert key != picture_key(view, ["Zed", *names[1:]])
    if players == 2:
        assert view.seats[2].neutral


def test_a_gingerbread_wish_met_is_ringed() -> None:
    tree = list(EMPTY)
    tree[4] = ("J01", 0)  # wishes: NW red, NE star, SE yellow, SW ball
    tree[1] = ("G01", 0)  # its NW neighbour: a red star
    assert wishes_met(slots_of(tree), 4) == [True, False, False, False]
    tree[2] = ("G09", 0)  # NE: a red ball is no star
    assert wishes_met(slots_of(tree), 4) == [True, False, False, False]
    tree[2] = ("G25", 0)  # NE: a yellow star
    assert wishes_met(slots_of(tree), 4) == [True, True, False, False]
    assert wishes_met(slots_of([("J01", 180) if c == 4 else s for c, s in enumerate(tree)]), 4) == [False] * 4
    unmet = list(tree)
    unmet[2] = ("G09", 0)
    assert render_tree_png(tree) != render_tree_png(unmet)


def test_names_are_drawn_as_written_without_missing_glyphs() -> None:
    assert drawable("Zoë") == "Zoë" and drawable("Σοφία") == "Σοφία" and drawable("Алёна") == "Алёна"
    assert drawable("Zoe\u0308") == "Zoë"  # combined into the one letter the font has
    assert drawable("Mrs Claus 🎄") == "Mrs Claus" and drawable("🎄") == ""
    assert (
        drawable("🎄 Mrs  Claus 🎄", "Player 3") == "Mrs Claus" and drawable("🎄", "Player 4") == "Player 4"
    )


def _problems(picture: PrivatePicture) -> list[str]:
    return picture_problems(Payload(pictures=[Picture("p.png", picture.key(), picture.render)]))


def test_private_picture_shows_the_hand_as_cards() -> None:
    hand = ("G01", "G09", "J01", "W01", "W13", "G72", "J18", "G40")
    with_hand = PrivatePicture(tree=some_tree(), title="Your tree: 1 point", hand=hand)
    image = decode(with_hand.render())
    assert image.width == TREE_W and image.height > TREE_H + 2 * 100  # two rows of cards
    assert _problems(with_hand) == []
    fewer = PrivatePicture(tree=some_tree(), title="Your tree: 1 point", hand=hand[:3])
    assert decode(fewer.render()).height < image.height  # one row
    chosen = PrivatePicture(tree=some_tree(), title="Your tree: 1 point", hand=hand, selected=2)
    assert chosen.key() != with_hand.key() and chosen.render() != with_hand.render()


def test_private_picture_shows_a_drafted_card_both_ways() -> None:
    tree = some_tree()
    close = PrivatePicture(tree=tree, title="t", highlight=(7,), close=("G01", 7))
    image = decode(close.render())
    assert image.height > TREE_H and _problems(close) == []
    # the two close-ups differ (the bulbs turn with the card)
    strip = image.crop((0, TREE_H, image.width, image.height))
    left, right = (
        strip.crop((0, 0, image.width // 2, strip.height)),
        strip.crop((image.width // 2, 0, image.width, strip.height)),
    )
    assert left.tobytes() != right.tobytes()
    # the main tree shows the card on its cell
    assert close.render() != PrivatePicture(tree=tree, title="t", highlight=(7,)).render()
    candy = PrivatePicture(tree=tree, title="t", highlight=(7,), close=("W01", 7), rotations=(0,))
    assert decode(candy.render()).height == TREE_H  # one way to face: no close look
    assert len({close.key(), candy.key(), PrivatePicture(tree=tree, title="t").key()}) == 3


def test_only_the_cells_a_card_may_go_to_are_numbered() -> None:
    one = PrivatePicture(tree=some_tree(), title="t", numbered=(5,))
    two = PrivatePicture(tree=some_tree(), title="t", numbered=(5, 6))
    assert one.key() != two.key() and one.render() != two.render()
    assert PrivatePicture(tree=some_tree(), title="t").render() != one.render()


TILE_CARDS = ("G01", "G09", "G25", "J01", "J18", "W01", "W13")  # glass, gingerbread, candy


@pytest.mark.parametrize("scale", [0.62, 0.95, 1.0, 1.15])
@pytest.mark.parametrize("centre", [(100.0, 110.0), (100.3, 109.6)])
def test_a_card_pasted_from_its_tile_is_the_card_drawn_in_place(monkeypatch, scale, centre) -> None:
    """The same pixels, but for a few on the edge of a small shape (a tile is drawn elsewhere on its
    own canvas, so a coordinate like 94.8 there is 47.8, which floats round another way)."""
    monkeypatch.setattr(cards, "TILES", cards.TileCache())
    lay = Layout(0, 0, scale, 17)
    for code in TILE_CARDS:
        for rotation in (0, 180):
            slot, met = Slot(code, rotation), (True, False, True, False)
            direct = Image.new("RGB", (200, 220), (16, 26, 50))
            direct.paste((22, 92, 48), (60, 80, 140, 140))  # the tile must leave the rest alone
            first = direct.copy()
            cards._paint_card(ImageDraw.Draw(direct), lay, centre, slot, (255, 205, 60), 5, met)
            cards.draw_card(first, lay, centre, slot, (255, 205, 60), 5, met)  # drawn, kept
            again = first.copy()
            cards.draw_card(again, lay, centre, slot, (255, 205, 60), 5, met)  # from the cache
            assert again.tobytes() == first.tobytes()
            different = ImageChops.difference(direct, first).convert("L").point(lambda v: 255 if v else 0)
            assert different.histogram()[255] <= 32, (code, rotation)
    assert (cards.TILES.misses, cards.TILES.hits) == (2 * len(TILE_CARDS), 2 * len(TILE_CARDS))


def test_the_card_tiles_are_bounded_and_keyed_on_the_look(monkeypatch) -> None:
    monkeypatch.setattr(cards, "TILES", cards.TileCache(size=4))
    image, lay = Image.new("RGB", (200, 200)), Layout(0, 0, 1.0, 17)
    looks = [
        (Slot("J01", 0), (False,) * 4),
        (Slot("J01", 0), (True, False, False, False)),  # a wish met more
        (Slot("J01", 180), (False,) * 4),
        (Slot("G01", 0), (False,) * 4),
        (Slot("G09", 0), (False,) * 4),
    ]
    for slot, met in looks:
        cards.draw_card(image, lay, (100, 100), slot, wishes_met=met)
    assert cards.TILES.misses == 5 and len(cards.TILES._tiles) == 4
    cards.draw_card(image, lay, (100, 100), Slot("G09", 0))
    cards.draw_card(image, lay, (100, 100), Slot("G09", 0), outline=(255, 205, 60))  # the chosen card
    assert (cards.TILES.hits, cards.TILES.misses) == (1, 6)


@pytest.mark.parametrize("scale", [0.62, 1.0, 1.15])
def test_a_tree_on_its_cached_bare_tree_is_the_tree_drawn_cell_by_cell(scale) -> None:
    """The background and empty cells come from one drawing kept per scale; the tree on it is the
    tree drawn shape by shape, but for a corner pixel where a card meets an empty cell (and one
    where Pillow's wide outlines round another way at another place)."""
    from bot.render.pictures import christmas_tree as trees

    def drawn(slots: list, cached: bool) -> Image.Image:
        image = Image.new("RGB", (700, 700), (8, 12, 24))
        lay = Layout(37, 41, scale, 17)
        if cached:
            trees.draw_tree(image, lay, slots, number_free_cells=True)
            return image
        draw = ImageDraw.Draw(image)
        trees._background(draw, lay)
        for cell, slot in enumerate(slots):
            if slot is None:
                trees._empty_cell(draw, lay, cell)
                trees.text(draw, lay.centre(cell), str(cell + 1), lay.font(22), trees.EMPTY_TEXT)
            else:
                cards.draw_card(image, lay, lay.centre(cell), slot, wishes_met=wishes_met(slots, cell))
        return image

    def differing(slots: list) -> int:
        different = ImageChops.difference(drawn(slots, True), drawn(slots, False)).convert("L")
        return different.point(lambda v: 255 if v else 0).histogram()[255]

    assert differing([None] * 21) <= 1
    assert differing(slots_of(some_tree())) <= 4


def test_a_long_name_is_cut_to_leave_the_tree_s_points() -> None:
    """The whole title was cut to fit: "WWWWWWWWWWWWWWWWWWWWWW.." hid the points."""
    from bot.render.pictures._draw import font
    from bot.render.pictures.christmas_tree import seat_titles

    rules = ChristmasTree()
    view = rules.view(rules.new_game(3, ChristmasTreeOptions(mode="family"), 2), None)
    size, width = 17, 290.0
    titles = seat_titles(view, ["W" * 32, "Ann", "Bob"], (size, width))
    (long, _), (short, _) = titles[0], titles[1]
    assert long.startswith("WWW") and ".." in long and long.endswith(": 0 pts"), long
    assert font(size).getlength(long) <= width and short == "Ann: 0 pts"
