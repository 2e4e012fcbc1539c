"""Pictures of Christmas Tree trees (spec `christmas-tree.md` section 3: 21 diamond cells).

Renderers see only views: a tree here is a view's `seats[s].tree` (or a private `preview`), a list
of 21 `(card_code, rotation)` pairs or None. Every diamond is drawn where the spec puts it (cell
`(i, j)` at column `j - i`, level `i + j`); a card shows its kind and face (glass: colour, shape,
value; candy: value; gingerbread: its 4 symbols) and the bulb halves on its sides, turned with the
card. Two touching halves of one colour make a complete bulb, ringed in gold.

The output is deterministic (same input, same bytes); `picture_key` hashes exactly what is drawn so
the bot can skip re-uploading an unchanged picture.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Sequence
from typing import Any

from PIL import Image, ImageDraw

from bot.render.pictures._draw import RGB, Point, disc, fit, half_disc, lerp, star_points, text, to_png
from games.christmas_tree.board import CELLS, EDGES, cell_number
from games.christmas_tree.data import BOARD_CELLS, CARDS, Kind, shown_side
from games.christmas_tree.scoring import Slot, complete_bulbs

#: Bump when the drawing changes, so old keys never match new pictures.
RENDER_VERSION = 2

# -- sizes at scale 1 ---------------------------------------------------------------------------
TREE_W, TREE_H = 480, 520
HALF_W, HALF_H = 38, 56  # a diamond is 76 x 112
TITLE_H = 30
TOP = TITLE_H + 26  # the apex's top corner
BULB_R = 9

# -- colours ------------------------------------------------------------------------------------
NIGHT: RGB = (16, 26, 50)
SNOW: RGB = (200, 214, 235)
TITLE: RGB = (245, 245, 245)
NEUTRAL_TITLE: RGB = (170, 180, 200)
GOLD: RGB = (255, 205, 60)
INK: RGB = (35, 35, 40)
EMPTY_FILL: RGB = (22, 92, 48)
EMPTY_LINE: RGB = (70, 150, 90)
EMPTY_TEXT: RGB = (200, 235, 205)
CARD_LINE: RGB = (20, 55, 30)
GLASS_FILL: RGB = (236, 242, 250)
CANDY_FILL: RGB = (252, 222, 232)
GINGER_FILL: RGB = (176, 112, 58)
GINGER_DARK: RGB = (110, 62, 28)
TRUNK: RGB = (110, 70, 35)
PAINT: dict[str, RGB] = {"red": (214, 40, 48), "yellow": (246, 196, 30), "blue": (40, 104, 214)}
CANDY_PINK: RGB = (232, 70, 130)
TINSEL: RGB = (150, 150, 160)

Tree = Sequence[Any]


def _slots(tree: Tree) -> list[Slot | None]:
    """The tree as `Slot`s, accepting `Slot`s, tuples or lists (e.g. from JSON)."""
    if len(tree) != BOARD_CELLS:
        raise ValueError(f"a tree has {BOARD_CELLS} cells, not {len(tree)}")
    return [None if slot is None else Slot(str(slot[0]), int(slot[1])) for slot in tree]


class _Layout:
    """Where things go for one tree drawn at `scale` with its top-left corner at (x0, y0)."""

    def __init__(self, x0: float, y0: float, scale: float) -> None:
        self.x0, self.y0, self.s = x0, y0, scale
        self.hw, self.hh = HALF_W * scale, HALF_H * scale

    def px(self, value: float) -> int:
        return max(1, round(value * self.s))

    def centre(self, cell: int) -> Point:
        i, j = CELLS[cell]
        return (
            self.x0 + TREE_W * self.s / 2 + (j - i) * self.hw,
            self.y0 + TOP * self.s + self.hh + (i + j) * self.hh,
        )

    def corners(self, cell: int) -> list[Point]:
        """Top, right, bottom, left."""
        cx, cy = self.centre(cell)
        return [(cx, cy - self.hh), (cx + self.hw, cy), (cx, cy + self.hh), (cx - self.hw, cy)]

    def side_mid(self, cell: int, side: int) -> Point:
        """The middle of side NW/NE/SE/SW (0-3) of the cell."""
        top, right, bottom, left = self.corners(cell)
        ends = ((left, top), (top, right), (right, bottom), (bottom, left))[side]
        return lerp(ends[0], ends[1], 0.5)


# -- one card --------------------------------------------------------------------------------------
def _ornament(draw: ImageDraw.ImageDraw, lay: _Layout, c: Point, colour: str, shape: str, flip: bool) -> None:
    cx, cy = c
    s = lay.s
    paint = PAINT[colour]
    sign = 1 if flip else -1  # the hanger is at the top, or at the bottom on an upside-down card
    if shape == "star":
        draw.polygon(star_points(cx, cy, 17 * s, 7 * s, flip), fill=paint, outline=INK)
        return
    r_x, r_y = (13 * s, 13 * s) if shape == "ball" else (10 * s, 17 * s)
    cap_y = cy + sign * (r_y + 2 * s)
    draw.rectangle((cx - 4 * s, cap_y - 3 * s, cx + 4 * s, cap_y + 3 * s), fill=TINSEL, outline=INK)
    draw.ellipse((cx - r_x, cy - r_y, cx + r_x, cy + r_y), fill=paint, outline=INK)
    disc(draw, (cx - r_x * 0.4, cy + sign * r_y * 0.4), 3 * s, fill=(255, 255, 255))  # a shine


def _candy(draw: ImageDraw.ImageDraw, lay: _Layout, c: Point) -> None:
    cx, cy = c
    s = lay.s
    for d in (-1, 1):  # the twisted wrapper ends
        draw.polygon(
            [(cx + d * 9 * s, cy), (cx + d * 21 * s, cy - 8 * s), (cx + d * 21 * s, cy + 8 * s)],
            fill=CANDY_PINK,
            outline=INK,
        )
    draw.ellipse((cx - 12 * s, cy - 8 * s, cx + 12 * s, cy + 8 * s), fill=CANDY_PINK, outline=INK)
    for dx in (-5, 0, 5):
        draw.line(
            (cx + (dx - 2) * s, cy + 7 * s, cx + (dx + 2) * s, cy - 7 * s),
            fill=(255, 255, 255),
            width=lay.px(2),
        )


def _symbol(draw: ImageDraw.ImageDraw, lay: _Layout, c: Point, symbol: str) -> None:
    """A gingerbread requirement: a colour dot, a small shape, or a small candy, on an icing badge."""
    s = lay.s
    disc(draw, c, 9 * s, fill=(250, 240, 225), outline=GINGER_DARK)
    cx, cy = c
    if symbol in PAINT:
        disc(draw, c, 6 * s, fill=PAINT[symbol], outline=INK)
    elif symbol == "star":
        draw.polygon(star_points(cx, cy, 7.5 * s, 3.2 * s), fill=INK)
    elif symbol == "ball":
        disc(draw, c, 5 * s, fill=INK)
    elif symbol == "oval":
        draw.ellipse((cx - 3.5 * s, cy - 6.5 * s, cx + 3.5 * s, cy + 6.5 * s), fill=INK)
    else:  # candy
        draw.polygon([(cx - 7 * s, cy - 3 * s), (cx - 7 * s, cy + 3 * s), (cx, cy)], fill=CANDY_PINK)
        draw.polygon([(cx + 7 * s, cy - 3 * s), (cx + 7 * s, cy + 3 * s), (cx, cy)], fill=CANDY_PINK)
        disc(draw, c, 3.5 * s, fill=CANDY_PINK, outline=INK)


def _gingerbread_man(draw: ImageDraw.ImageDraw, lay: _Layout, c: Point) -> None:
    cx, cy = c
    s = lay.s
    draw.line((cx - 7 * s, cy - 2 * s, cx + 7 * s, cy - 2 * s), fill=GINGER_DARK, width=lay.px(3))  # arms
    draw.line(
        (cx - 4 * s, cy + 10 * s, cx, cy + 2 * s, cx + 4 * s, cy + 10 * s), fill=GINGER_DARK, width=lay.px(3)
    )  # legs
    draw.ellipse((cx - 3.5 * s, cy - 4 * s, cx + 3.5 * s, cy + 5 * s), fill=GINGER_DARK)
    disc(draw, (cx, cy - 8 * s), 4 * s, fill=GINGER_DARK)


def _card(draw: ImageDraw.ImageDraw, lay: _Layout, cell: int, slot: Slot, outline: RGB, width: int) -> None:
    card = CARDS[slot.card]
    flip = slot.rotation == 180
    fill = {Kind.GLASS: GLASS_FILL, Kind.CANDY: CANDY_FILL, Kind.GINGERBREAD: GINGER_FILL}[card.kind]
    draw.polygon(lay.corners(cell), fill=fill, outline=outline, width=width)
    cx, cy = c = lay.centre(cell)
    s = lay.s
    if card.kind == Kind.GLASS:
        assert card.colour is not None and card.shape is not None
        _ornament(draw, lay, (cx, cy - 4 * s), card.colour, card.shape, flip)
        text(draw, (cx, cy + 29 * s), str(card.value), max(11, lay.px(15)), INK)
    elif card.kind == Kind.CANDY:
        _candy(draw, lay, (cx, cy - 6 * s))
        text(draw, (cx, cy + 22 * s), str(card.value), max(12, lay.px(17)), INK)
    else:
        _gingerbread_man(draw, lay, c)
        for side in range(4):
            symbol = card.sides[shown_side(side, slot.rotation)]
            if symbol is not None:
                _symbol(draw, lay, lerp(c, lay.side_mid(cell, side), 0.68), symbol)


def _bulbs(draw: ImageDraw.ImageDraw, lay: _Layout, slots: list[Slot | None]) -> None:
    """Bulb halves on the sides of glass ornaments; complete bulbs ringed in gold."""
    r = BULB_R * lay.s
    for cell, slot in enumerate(slots):
        if slot is None or CARDS[slot.card].kind != Kind.GLASS:
            continue
        for side in range(4):
            bulb = CARDS[slot.card].sides[shown_side(side, slot.rotation)]
            if bulb is not None:
                mid = lay.side_mid(cell, side)
                draw.polygon(half_disc(mid, r, lay.centre(cell)), fill=PAINT[bulb], outline=INK)
    for edge, _colour in complete_bulbs(slots):
        cell, side, _other = EDGES[edge]
        disc(draw, lay.side_mid(cell, side), r + 1.5 * lay.s, outline=GOLD, width=lay.px(2))


# -- one tree --------------------------------------------------------------------------------------
def _background(draw: ImageDraw.ImageDraw, lay: _Layout) -> None:
    s, x0, y0 = lay.s, lay.x0, lay.y0
    draw.rectangle((x0, y0, x0 + TREE_W * s - 1, y0 + TREE_H * s - 1), fill=NIGHT)
    for n in range(40):  # a fixed sprinkle of snow (deterministic)
        x = x0 + ((n * 97 + 31) % 467 + 6) * s
        y = y0 + ((n * 53 + 17) % (TREE_H - 40) + 34) * s
        disc(draw, (x, y), 1.3 * s, fill=SNOW)
    bottom = lay.centre(15)[1] + lay.hh
    mid = x0 + TREE_W * s / 2
    draw.rectangle((mid - 26 * s, bottom - 4 * s, mid + 26 * s, bottom + 34 * s), fill=TRUNK)
    draw.polygon(star_points(mid, y0 + (TOP - 12) * s, 15 * s, 6.5 * s), fill=GOLD, outline=INK)


def _draw_tree(
    image: Image.Image,
    lay: _Layout,
    slots: list[Slot | None],
    title: str | None,
    title_colour: RGB,
    number_free_cells: bool,
    highlight: Iterable[int],
) -> None:
    draw = ImageDraw.Draw(image)
    _background(draw, lay)
    if title:
        text(
            draw,
            (lay.x0 + TREE_W * lay.s / 2, lay.y0 + TITLE_H * lay.s / 2),
            fit(title, lay.px(20), TREE_W * lay.s - 12),
            lay.px(20),
            title_colour,
        )
    for cell, slot in enumerate(slots):
        if slot is None:
            draw.polygon(lay.corners(cell), fill=EMPTY_FILL, outline=EMPTY_LINE, width=lay.px(2))
            if number_free_cells:
                text(draw, lay.centre(cell), str(cell_number(cell)), lay.px(20), EMPTY_TEXT)
        else:
            _card(draw, lay, cell, slot, CARD_LINE, lay.px(2))
    _bulbs(draw, lay, slots)
    for cell in sorted(set(highlight)):
        if 0 <= cell < BOARD_CELLS:
            draw.polygon(lay.corners(cell), outline=GOLD, width=lay.px(4))


def render_tree_png(
    tree: Tree,
    *,
    title: str | None = None,
    number_free_cells: bool = False,
    highlight: set[int] | frozenset[int] = frozenset(),
) -> bytes:
    """One tree as a 480x520 PNG. `number_free_cells` writes the cell numbers (1-21) on the empty
    cells (for picking a cell); `highlight` rings cells in gold (e.g. the pending placement)."""
    slots = _slots(tree)
    image = Image.new("RGB", (TREE_W, TREE_H), NIGHT)
    _draw_tree(image, _Layout(0, 0, 1.0), slots, title, TITLE, number_free_cells, highlight)
    return to_png(image)


# -- all trees of a view -----------------------------------------------------------------------------
def _seat_titles(view: Any, names: Sequence[str]) -> list[tuple[str, RGB]]:
    titles = []
    for seat in view.seats:
        if seat.neutral:
            titles.append(("Neutral tree", NEUTRAL_TITLE))
            continue
        name = names[seat.seat] if seat.seat < len(names) else f"Seat {seat.seat + 1}"
        titles.append((f"{name}: {seat.points} pts", TITLE))
    return titles


def _view_scale(seats: int) -> float:
    return 0.75 if seats <= 3 else 0.65


def render_trees_png(view: Any, names: Sequence[str]) -> bytes:
    """Every seat's tree of a `CTView` side by side, titled with the player's name and points (the
    neutral tree of a 2-player game is labelled as such). For the public table message."""
    scale = _view_scale(len(view.seats))
    width, height = round(TREE_W * scale), round(TREE_H * scale)
    image = Image.new("RGB", (width * len(view.seats) + 4 * (len(view.seats) - 1), height), (8, 12, 24))
    for n, (seat, (title, colour)) in enumerate(zip(view.seats, _seat_titles(view, names), strict=True)):
        lay = _Layout(n * (width + 4), 0, scale)
        _draw_tree(image, lay, _slots(seat.tree), title, colour, False, ())
    return to_png(image)


# -- keys ------------------------------------------------------------------------------------------
def picture_key(
    view_or_tree: Any,
    names: Sequence[str] | None = None,
    *,
    title: str | None = None,
    number_free_cells: bool = False,
    highlight: Iterable[int] = (),
) -> str:
    """A short hash of exactly what the matching render call draws: a view (with the `names` given
    to `render_trees_png`) or a tree (with the options given to `render_tree_png`)."""
    if hasattr(view_or_tree, "seats"):
        drawn: Any = {
            "trees": [
                [None if s is None else list(s) for s in _slots(seat.tree)] for seat in view_or_tree.seats
            ],
            "titles": [t for t, _ in _seat_titles(view_or_tree, names or [])],
        }
    else:
        drawn = {
            "tree": [None if s is None else list(s) for s in _slots(view_or_tree)],
            "title": title,
            "numbers": number_free_cells,
            "highlight": sorted(set(highlight)),
        }
    blob = json.dumps([RENDER_VERSION, drawn], sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(blob.encode()).hexdigest()[:16]


__all__ = ["RENDER_VERSION", "picture_key", "render_tree_png", "render_trees_png"]
