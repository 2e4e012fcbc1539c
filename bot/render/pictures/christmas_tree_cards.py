"""Christmas Tree picture pieces: sizes, colours, where a tree's cells go (`Layout`) and how one
card is drawn (glass: colour, shape, value and bulb halves; candy: value; gingerbread: its four
wishes, ringed in green when a neighbour fulfils them). Used by `christmas_tree` (whole trees and
the table) and `christmas_tree_private` (a player's hand and close looks).

A card is drawn once per look (code, turn, scale, outline, wishes met, sub-pixel position) as a
small tile with the mask of the pixels it covers, kept in `TILES`, and pasted wherever it lies:
a tree redraws mostly the same cards. Cell centres fall on whole pixels (the diamonds' half sizes
are rounded), so a card looks the same on every cell and one tile serves them all. At most 512
tiles are kept (about 22 MB; all the looks of a few whole games are ~1,040).
"""

from __future__ import annotations

import math
import threading
from collections import OrderedDict
from collections.abc import Sequence
from typing import Any

from PIL import Image, ImageChops, ImageDraw

from bot.render.pictures._draw import RGB, Point, disc, half_disc, lerp, star_points, text
from games.christmas_tree.board import CELLS, NEIGHBOUR
from games.christmas_tree.data import BOARD_CELLS, CARDS, Kind, shown_side
from games.christmas_tree.scoring import Slot, meets

PHONE_WIDTH, PHONE_MIN_TEXT = 400, 11
# -- sizes at scale 1 ---------------------------------------------------------------------------
TREE_W, TREE_H = 480, 500
HALF_W, HALF_H = 38, 56  # a diamond is 76 x 112
TITLE_H = 36
TOP = TITLE_H + 22  # the apex's top corner
BULB_R = 9
TABLE_SCALE = 0.62  # each tree on the table picture
GAP = 6

# -- colours ------------------------------------------------------------------------------------
NIGHT: RGB = (16, 26, 50)
BACKDROP: RGB = (8, 12, 24)
SNOW: RGB = (200, 214, 235)
TITLE: RGB = (245, 245, 245)
NEUTRAL_TITLE: RGB = (170, 180, 200)
GOLD: RGB = (255, 205, 60)
WISH_MET: RGB = (60, 220, 100)
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


def min_font(width: float) -> int:
    """The smallest font size on a canvas `width` px wide that a phone shows at 11 px or more."""
    return math.ceil(PHONE_MIN_TEXT * max(1.0, width / PHONE_WIDTH))


def slots_of(tree: Tree) -> list[Slot | None]:
    """The tree as `Slot`s, accepting `Slot`s, tuples or lists (e.g. from JSON)."""
    if len(tree) != BOARD_CELLS:
        raise ValueError(f"a tree has {BOARD_CELLS} cells, not {len(tree)}")
    return [None if slot is None else Slot(str(slot[0]), int(slot[1])) for slot in tree]


class Layout:
    """Where things go for one tree drawn at `scale` with its top-left corner at (x0, y0); no text
    is smaller than `small` px."""

    def __init__(self, x0: float, y0: float, scale: float, small: int) -> None:
        self.x0, self.y0, self.s, self.small = x0, y0, scale, small
        self.hw, self.hh = round(HALF_W * scale), round(HALF_H * scale)  # whole pixels

    def px(self, value: float) -> int:
        return max(1, round(value * self.s))

    def font(self, size: float) -> int:
        return max(self.small, self.px(size))

    def centre(self, cell: int) -> Point:
        i, j = CELLS[cell]
        return (
            self.x0 + round(TREE_W * self.s / 2) + (j - i) * self.hw,
            self.y0 + round(TOP * self.s) + self.hh + (i + j) * self.hh,
        )

    def corners(self, c: Point) -> list[Point]:
        """Top, right, bottom, left of the diamond centred on `c`."""
        cx, cy = c
        return [(cx, cy - self.hh), (cx + self.hw, cy), (cx, cy + self.hh), (cx - self.hw, cy)]

    def side_mid(self, c: Point, side: int) -> Point:
        """The middle of side NW/NE/SE/SW (0-3) of the diamond centred on `c`."""
        top, right, bottom, left = self.corners(c)
        ends = ((left, top), (top, right), (right, bottom), (bottom, left))[side]
        return lerp(ends[0], ends[1], 0.5)


# -- one card --------------------------------------------------------------------------------------
def _ornament(draw: ImageDraw.ImageDraw, lay: Layout, c: Point, colour: str, shape: str, flip: bool) -> None:
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


def _candy(draw: ImageDraw.ImageDraw, lay: Layout, c: Point) -> None:
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


def _wish(draw: ImageDraw.ImageDraw, lay: Layout, c: Point, symbol: str, met: bool) -> None:
    """A gingerbread wish: a colour dot, a small shape, or a small candy, on an icing badge;
    ringed in green when the neighbour on that side fulfils it."""
    s = lay.s
    if met:
        disc(draw, c, 12 * s, fill=WISH_MET)
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


def _gingerbread_man(draw: ImageDraw.ImageDraw, lay: Layout, c: Point) -> None:
    cx, cy = c
    s = lay.s
    draw.line((cx - 7 * s, cy - 2 * s, cx + 7 * s, cy - 2 * s), fill=GINGER_DARK, width=lay.px(3))  # arms
    draw.line(
        (cx - 4 * s, cy + 10 * s, cx, cy + 2 * s, cx + 4 * s, cy + 10 * s), fill=GINGER_DARK, width=lay.px(3)
    )  # legs
    draw.ellipse((cx - 3.5 * s, cy - 4 * s, cx + 3.5 * s, cy + 5 * s), fill=GINGER_DARK)
    disc(draw, (cx, cy - 8 * s), 4 * s, fill=GINGER_DARK)


#: A drawn card: its pixels, the mask of those it covers, where the two go from the card's corner.
Tile = tuple[Image.Image, Image.Image, tuple[int, int]]


class TileCache:
    """The last `size` card tiles drawn: (tile, mask of the pixels the card covers) by look."""

    def __init__(self, size: int = 512) -> None:
        self.size = size
        self._tiles: OrderedDict[tuple[Any, ...], Tile] = OrderedDict()
        self._lock = threading.Lock()
        self.hits = self.misses = 0

    def get(self, key: tuple[Any, ...]) -> Tile | None:
        with self._lock:
            found = self._tiles.get(key)
            if found is not None:
                self._tiles.move_to_end(key)
                self.hits += 1
            return found

    def put(self, key: tuple[Any, ...], tile: Tile) -> None:
        with self._lock:
            self.misses += 1
            self._tiles[key] = tile
            if len(self._tiles) > self.size:
                self._tiles.popitem(last=False)


TILES = TileCache()


def draw_card(
    image: Image.Image,
    lay: Layout,
    c: Point,
    slot: Slot,
    outline: RGB = CARD_LINE,
    width: int | None = None,
    wishes_met: Sequence[bool] = (False, False, False, False),
) -> None:
    """One card centred on `c` on `image`, with its bulb halves (glass) or wishes (gingerbread):
    its tile pasted through its mask. The pixels of drawing it there, but for a few on the edge of
    a small shape (the tile's coordinates are other floats, rounded another way)."""
    margin = math.ceil(BULB_R * lay.s) + 4  # the bulb halves reach a little past the diamond
    left, top = math.floor(c[0]) - lay.hw - margin, math.floor(c[1]) - lay.hh - margin
    at = (c[0] - left, c[1] - top)
    key = (slot.card, slot.rotation, lay.s, lay.small, outline, width, tuple(wishes_met), at)
    found = TILES.get(key)
    if found is None:
        found = _tile(lay, at, slot, outline, width, wishes_met, margin)
        TILES.put(key, found)
    tile, mask, (dx, dy) = found
    image.paste(tile, (left + dx, top + dy), mask)


def _tile(
    lay: Layout,
    at: Point,
    slot: Slot,
    outline: RGB,
    width: int | None,
    wishes_met: Sequence[bool],
    margin: int,
) -> Tile:
    """The card drawn centred on `at` of a canvas `margin` px wider than its diamond, cut down to
    the pixels it covers: (tile, 1-bit mask of those pixels, tile's corner on that canvas)."""
    size = (2 * (lay.hw + margin) + 1, 2 * (lay.hh + margin) + 1)
    looks = []
    for backdrop in ((0, 0, 0), (255, 255, 255)):  # what the card covers is the same on both
        look = Image.new("RGB", size, backdrop)
        _paint_card(ImageDraw.Draw(look), lay, at, slot, outline, width, wishes_met)
        looks.append(look)
    mask = ImageChops.difference(looks[0], looks[1]).convert("L").point(lambda v: 255 if v == 0 else 0)
    box = mask.getbbox()
    assert box is not None and box[0] > 0 and box[1] > 0 and box[2] < size[0] and box[3] < size[1]
    return looks[0].crop(box), mask.crop(box).convert("1"), (box[0], box[1])


def _paint_card(
    draw: ImageDraw.ImageDraw,
    lay: Layout,
    c: Point,
    slot: Slot,
    outline: RGB,
    width: int | None,
    wishes_met: Sequence[bool],
) -> None:
    """One card centred on `c`, with its bulb halves (glass) or wishes (gingerbread)."""
    card = CARDS[slot.card]
    flip = slot.rotation == 180
    fill = {Kind.GLASS: GLASS_FILL, Kind.CANDY: CANDY_FILL, Kind.GINGERBREAD: GINGER_FILL}[card.kind]
    draw.polygon(lay.corners(c), fill=fill, outline=outline, width=width or lay.px(2))
    cx, cy = c
    s = lay.s
    if card.kind == Kind.GLASS:
        assert card.colour is not None and card.shape is not None
        _ornament(draw, lay, (cx, cy - 6 * s), card.colour, card.shape, flip)
        text(draw, (cx, cy + 27 * s), str(card.value), lay.font(17), INK)
    elif card.kind == Kind.CANDY:
        _candy(draw, lay, (cx, cy - 8 * s))
        text(draw, (cx, cy + 22 * s), str(card.value), lay.font(19), INK)
    else:
        _gingerbread_man(draw, lay, c)
    for side in range(4):
        shown = card.sides[shown_side(side, slot.rotation)]
        if shown is None:
            continue
        mid = lay.side_mid(c, side)
        if card.kind == Kind.GINGERBREAD:
            _wish(draw, lay, lerp(c, mid, 0.68), shown, wishes_met[side])
        else:
            draw.polygon(half_disc(mid, BULB_R * lay.s, c), fill=PAINT[shown], outline=INK)


def wishes_met(slots: Sequence[Slot | None], cell: int) -> list[bool]:
    """Per side (NW..SW): whether the gingerbread on `cell` has a fulfilling neighbour there."""
    slot = slots[cell]
    if slot is None or CARDS[slot.card].kind != Kind.GINGERBREAD:
        return [False] * 4
    met = []
    for side, neighbour in enumerate(NEIGHBOUR[cell]):
        wish = CARDS[slot.card].sides[shown_side(side, slot.rotation)]
        other = None if neighbour is None else slots[neighbour]
        met.append(wish is not None and other is not None and meets(wish, CARDS[other.card]))
    return met


__all__ = ["Layout", "draw_card", "min_font", "slots_of", "wishes_met"]
