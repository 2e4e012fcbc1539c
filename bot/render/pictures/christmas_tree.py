"""Pictures of Christmas Tree trees (spec `christmas-tree.md` section 3: 21 diamond cells).

Renderers see only views: a tree here is a view's `seats[s].tree` (or a private `preview`), a list
of 21 `(card_code, rotation)` pairs or None. Every diamond is drawn where the spec puts it (cell
`(i, j)` at column `j - i`, level `i + j`); a card shows its kind and face (glass: colour, shape,
value; candy: value; gingerbread: its 4 wishes) and the bulb halves on its sides, turned with the
card. Two touching halves of one colour make a complete bulb, ringed in gold; a gingerbread wish
that its neighbour fulfils is ringed in green.

Pictures are read on phones (about 400 px wide): every text is at least `min_font` pixels, chosen
per canvas so that it is 11 px or more once the canvas is scaled to a phone's width.

The output is deterministic (same input, same bytes); `picture_key` hashes exactly what is drawn so
the bot can skip re-uploading an unchanged picture. A tree starts from its bare tree (background
and 21 empty cells), drawn once per scale and kept (`_bare_tree`, at most 8, ~1 MB each); its
cards are pasted from their tiles (`christmas_tree_cards`).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from functools import lru_cache
from typing import Any

from PIL import Image, ImageChops, ImageDraw

from bot.i18n import _, ngettext
from bot.render.pictures import _draw
from bot.render.pictures._draw import RGB, disc, drawable, fit, star_points, text, to_png
from bot.render.pictures.christmas_tree_cards import (
    BACKDROP,
    BULB_R,
    EMPTY_FILL,
    EMPTY_LINE,
    EMPTY_TEXT,
    GAP,
    GOLD,
    INK,
    NEUTRAL_TITLE,
    NIGHT,
    SNOW,
    TABLE_SCALE,
    TITLE,
    TITLE_H,
    TOP,
    TREE_H,
    TREE_W,
    TRUNK,
    Layout,
    Tree,
    draw_card,
    min_font,
    slots_of,
    wishes_met,
)
from games.christmas_tree.board import EDGES, NEIGHBOUR, cell_number
from games.christmas_tree.data import BOARD_CELLS
from games.christmas_tree.scoring import Slot, complete_bulbs

#: Bump when the drawing changes, so old keys never match new pictures.
RENDER_VERSION = 4


# -- one tree --------------------------------------------------------------------------------------
def _background(draw: ImageDraw.ImageDraw, lay: Layout) -> None:
    s, x0, y0 = lay.s, lay.x0, lay.y0
    draw.rectangle((x0, y0, x0 + TREE_W * s - 1, y0 + TREE_H * s - 1), fill=NIGHT)
    for n in range(40):  # a fixed sprinkle of snow (deterministic)
        x = x0 + ((n * 97 + 31) % 467 + 6) * s
        y = y0 + ((n * 53 + 17) % (TREE_H - 40) + 34) * s
        disc(draw, (x, y), 1.3 * s, fill=SNOW)
    bottom = lay.centre(15)[1] + lay.hh
    mid = x0 + TREE_W * s / 2
    draw.rectangle((mid - 26 * s, bottom - 4 * s, mid + 26 * s, bottom + 30 * s), fill=TRUNK)
    draw.polygon(star_points(mid, y0 + (TOP - 10) * s, 14 * s, 6 * s), fill=GOLD, outline=INK)


def _empty_cell(draw: ImageDraw.ImageDraw, lay: Layout, cell: int) -> None:
    draw.polygon(lay.corners(lay.centre(cell)), fill=EMPTY_FILL, outline=EMPTY_LINE, width=lay.px(2))


@lru_cache(maxsize=8)
def _bare_tree(scale: float, small: int, fx: float, fy: float) -> tuple[Image.Image, tuple[int, int]]:
    """The background and the 21 empty cells of a tree at `scale` whose corner is (fx, fy) past a
    whole pixel, drawn once: (that rectangle of pixels, its corner from the whole pixel)."""
    lay = Layout(fx, fy, scale, small)
    size = (math.ceil(fx + TREE_W * scale) + 2, math.ceil(fy + TREE_H * scale) + 2)
    looks = []
    for backdrop in ((0, 0, 0), (255, 255, 255)):  # what the tree covers is the same on both
        look = Image.new("RGB", size, backdrop)
        draw = ImageDraw.Draw(look)
        _background(draw, lay)
        for cell in range(BOARD_CELLS):
            _empty_cell(draw, lay, cell)
        looks.append(look)
    covered = ImageChops.difference(looks[0], looks[1]).convert("L").point(lambda v: 255 if v == 0 else 0)
    box = covered.getbbox()
    assert box is not None and covered.crop(box).getextrema() == (255, 255)  # a whole rectangle
    return looks[0].crop(box), (box[0], box[1])


def draw_tree(
    image: Image.Image,
    lay: Layout,
    slots: list[Slot | None],
    *,
    title: str | None = None,
    title_colour: RGB = TITLE,
    number_free_cells: bool = False,
    numbered: Iterable[int] | None = None,
    highlight: Iterable[int] = (),
) -> None:
    """One tree at `lay`. With `number_free_cells`, the free cells in `numbered` (default: all)
    show their numbers; `highlight` rings cells in gold, just outside the diamond."""
    draw = ImageDraw.Draw(image)
    show = set(range(BOARD_CELLS) if numbered is None else numbered) if number_free_cells else set()
    left, top = math.floor(lay.x0), math.floor(lay.y0)
    bare, (dx, dy) = _bare_tree(lay.s, lay.small, lay.x0 - left, lay.y0 - top)
    image.paste(bare, (left + dx, top + dy))  # the background and every cell empty
    if title:
        size = lay.font(22)
        text(
            draw,
            (lay.x0 + TREE_W * lay.s / 2, lay.y0 + TITLE_H * lay.s / 2 + 2),
            fit(drawable(title), size, TREE_W * lay.s - 12),
            size,
            title_colour,
        )
    for cell, slot in enumerate(slots):
        c = lay.centre(cell)
        if slot is None:
            if any(n is not None and n < cell and slots[n] is not None for n in NEIGHBOUR[cell]):
                _empty_cell(draw, lay, cell)  # over the bulb halves of a card drawn before
            if cell in show:
                text(draw, c, str(cell_number(cell)), lay.font(22), EMPTY_TEXT)
        else:
            draw_card(image, lay, c, slot, wishes_met=wishes_met(slots, cell))
    r = BULB_R * lay.s
    for edge, _colour in complete_bulbs(slots):
        cell, side, _other = EDGES[edge]
        disc(draw, lay.side_mid(lay.centre(cell), side), r + 1.5 * lay.s, outline=GOLD, width=lay.px(3))
    for cell in sorted(set(highlight)):
        if 0 <= cell < BOARD_CELLS:
            width = max(3, lay.px(5))
            cx, cy = lay.centre(cell)
            out = width * 0.8  # the ring lies outside the card, clear of its bulbs
            ring = [
                (cx, cy - lay.hh - out * 1.5),
                (cx + lay.hw + out, cy),
                (cx, cy + lay.hh + out * 1.5),
                (cx - lay.hw - out, cy),
            ]
            draw.polygon(ring, outline=GOLD, width=width)


def render_tree_png(
    tree: Tree,
    *,
    title: str | None = None,
    number_free_cells: bool = False,
    highlight: Iterable[int] = (),
) -> bytes:
    """One tree as a 480x500 PNG. `number_free_cells` writes the cell numbers (1-21) on the empty
    cells (for picking a cell); `highlight` rings cells in gold (e.g. the pending placement)."""
    image = Image.new("RGB", (TREE_W, TREE_H), NIGHT)
    lay = Layout(0, 0, 1.0, min_font(TREE_W))
    draw_tree(
        image, lay, slots_of(tree), title=title, number_free_cells=number_free_cells, highlight=highlight
    )
    return to_png(image)


# -- all trees of a view: two per row --------------------------------------------------------------
def seat_titles(
    view: Any, names: Sequence[str], fitted_to: tuple[int, float] | None = None
) -> list[tuple[str, RGB]]:
    """Each tree's title and its colour. `fitted_to` (font size, width): a long name is cut to
    leave room for the points (the whole title was cut: a 32-character name hid them)."""
    titles = []
    for seat in view.seats:
        if seat.neutral:
            # i18n: the title of the neutral tree of a 2-player game (above it, short)
            titles.append((_("Neutral tree"), NEUTRAL_TITLE))
            continue
        # i18n: the title of the tree of a player who has no name (short)
        unnamed = _("Player {n}", n=seat.seat + 1)
        name = drawable(names[seat.seat] if seat.seat < len(names) else "", unnamed)
        # i18n: a player's points, after their name above their tree (abbreviated: the title is short)
        points = ngettext("{n} pt", "{n} pts", seat.points)
        if fitted_to is not None:
            size, width = fitted_to
            rest = _draw.font(size).getlength(_("{name}: {points}", name="", points=points))
            name = fit(name, size, width - rest)
        # i18n: the title above a player's tree: their name and points ("Anna: 3 pts")
        titles.append((_("{name}: {points}", name=name, points=points), TITLE))
    return titles


def table_size(seats: int) -> tuple[int, int]:
    width, height = round(TREE_W * TABLE_SCALE), round(TREE_H * TABLE_SCALE)
    columns = min(2, seats)
    rows = math.ceil(seats / 2)
    return columns * width + (columns - 1) * GAP, rows * height + (rows - 1) * GAP


def render_trees_png(
    view: Any, names: Sequence[str], fresh: Mapping[int, Iterable[int]] | None = None
) -> bytes:
    """Every seat's tree of a `CTView`, two per row (a lone last tree centred), titled with the
    player's name and points (the neutral tree of a 2-player game is labelled as such). `fresh`
    rings the cells each seat just filled. For the public table message."""
    seats = len(view.seats)
    size = table_size(seats)
    image = Image.new("RGB", size, BACKDROP)
    width, height = round(TREE_W * TABLE_SCALE), round(TREE_H * TABLE_SCALE)
    small = min_font(size[0])
    fresh = fresh or {}
    titled = (max(small, round(22 * TABLE_SCALE)), TREE_W * TABLE_SCALE - 12)  # (`draw_tree`'s title)
    for n, (seat, (title, colour)) in enumerate(
        zip(view.seats, seat_titles(view, names, titled), strict=True)
    ):
        row, column = divmod(n, 2)
        x0: float = column * (width + GAP)
        if n == seats - 1 and seats % 2:
            x0 = (size[0] - width) / 2 if seats > 1 else 0
        lay = Layout(x0, row * (height + GAP), TABLE_SCALE, small)
        draw_tree(
            image,
            lay,
            slots_of(seat.tree),
            title=title,
            title_colour=colour,
            highlight=fresh.get(seat.seat, ()),
        )
    return to_png(image)


# -- keys ------------------------------------------------------------------------------------------
def key_of(drawn: Any) -> str:
    """A short hash of plain data that names exactly what a Christmas Tree picture shows."""
    return _draw.key_of(RENDER_VERSION, drawn)


def plain(tree: Tree) -> list[Any]:
    return [None if s is None else list(s) for s in slots_of(tree)]


def picture_key(
    view_or_tree: Any,
    names: Sequence[str] | None = None,
    *,
    fresh: Mapping[int, Iterable[int]] | None = None,
    title: str | None = None,
    number_free_cells: bool = False,
    highlight: Iterable[int] = (),
) -> str:
    """A short hash of exactly what the matching render call draws: a view (with the `names` and
    `fresh` given to `render_trees_png`) or a tree (with the options given to `render_tree_png`)."""
    if hasattr(view_or_tree, "seats"):
        drawn: Any = {
            "trees": [plain(seat.tree) for seat in view_or_tree.seats],
            "titles": [t for t, _ in seat_titles(view_or_tree, names or [])],
            "fresh": sorted((s, sorted(set(cells))) for s, cells in (fresh or {}).items()),
        }
    else:
        drawn = {
            "tree": plain(view_or_tree),
            "title": title,
            "numbers": number_free_cells,
            "highlight": sorted(set(highlight)),
        }
    return key_of(drawn)


__all__ = [
    "RENDER_VERSION",
    "draw_tree",
    "key_of",
    "picture_key",
    "plain",
    "render_tree_png",
    "render_trees_png",
    "seat_titles",
    "table_size",
]
