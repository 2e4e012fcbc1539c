"""The Grumpy Nisse's progress track as a picture (spec `grumpy-nisse.md` section 2.3).

Drawn from a view's `track` only: 18 spaces in 6 groups of 3, wrapped into three rows of two groups
(so it stays legible on a phone), each group in its colour with its trump suit named above it, the
event spaces with their state under them (events that can no longer happen are drawn dim), the
shortcut (5, then 6: to 10), Violet's pawn and Ordep at the end of the last row. Nothing else (no
round, no trick number), so the picture changes only when the pawn moves or an event changes state.

Deterministic: same track, same bytes. `picture_key` hashes exactly what is drawn.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PIL import Image, ImageDraw

from bot.i18n import N_, _
from bot.render.pictures._draw import RGB, Point, disc, fit, font, key_of, star_points, text, to_png
from games.grumpy_nisse.data import SUITS

#: Bump when the drawing changes, so old keys never match new pictures.
RENDER_VERSION = 3

# -- sizes: 640 px wide, so its smallest letters (18 px) are 11 px on a 400 px wide phone ------------
SMALL = 18  # the smallest text
MARGIN = 16
PER_ROW = 6  # spaces per row (two groups)
TILE_W, TILE_H = 78, 66
GAP = 6  # between spaces of a group
GROUP_GAP = 18  # between the two groups of a row, and before the last column
LABEL_H = 28  # the trump names above a row's tiles
EVENT_H = 48  # the event boxes under the tiles
ROW_H = LABEL_H + TILE_H + 4 + EVENT_H + 12
ROWS = 3
WIDTH = MARGIN * 2 + 7 * TILE_W + 4 * GAP + 2 * GROUP_GAP
HEIGHT = MARGIN + ROWS * ROW_H

# -- colours ---------------------------------------------------------------------------------------
NIGHT: RGB = (20, 28, 48)
SNOW: RGB = (235, 238, 245)
DIM: RGB = (140, 148, 170)
INK: RGB = (25, 25, 30)
GOLD: RGB = (255, 205, 60)
GROUP: dict[str, RGB] = {
    "purple": (120, 78, 170),
    "orange": (232, 132, 36),
    "green": (52, 150, 72),
    "blue": (46, 104, 200),
    "red": (200, 44, 52),
}
SUIT_PAINT: dict[str, RGB] = {
    "PINECONE": (150, 84, 30),
    "LEAF": (60, 170, 70),
    "FLOWER": (220, 50, 70),
    "MUSHROOM": (60, 110, 215),
}
PAWN: RGB = (186, 120, 255)
DONE: RGB = (95, 100, 115)

#: Short names of the events (the view gives the long ones), translated where drawn.
EVENT_SHORT = {
    # i18n: an event of the track in a box 78 px wide under its space (at most ~8 letters)
    "TORECH_TRICKS": N_("Tricks"),
    # i18n: an event of the track (short, ~8 letters): the shortcut from space 5
    "SHORTCUT": N_("Shortcut"),
    # i18n: an event of the track (short, ~8 letters): Torech's devilish plan
    "DEVILISH_PLAN": N_("Devilish"),
    # i18n: an event of the track (short, ~8 letters): Violet's determination, abbreviated
    "DETERMINATION": N_("Determ."),
    # i18n: an event of the track (short, ~8 letters): Torech panics
    "PANIC": N_("Panic"),
}
# i18n: on space 6 of the track: the shortcut leads to space 10 (short, ~8 letters)
TO_TEN = N_("to 10")
#: The suits' marked names (games/grumpy_nisse/data.py), translated where drawn.
TRUMP_NAME = {suit.value: info.name for suit, info in SUITS.items()}


def _value(item: Any, name: str) -> Any:
    value = item[name] if isinstance(item, dict) else getattr(item, name)
    return getattr(value, "value", value)  # enums as their plain values


def drawn(track: Sequence[Any]) -> list[dict[str, Any]]:
    """Exactly what the picture shows of each space (from `SpaceView`s or their dicts)."""
    names = ("space", "group", "colour", "trump", "event", "event_state", "pawn_here")
    return [{name: _value(space, name) for name in names} for space in track]


def picture_key(track: Sequence[Any], ordep: bool = False) -> str:
    """A short hash of what `render_track_png(track, ordep)` draws."""
    return key_of(RENDER_VERSION, drawn(track), ordep)


def column_left(column: int) -> float:
    """The x of the left edge of column 0-6 (6: the column after the last space of a row)."""
    return (
        MARGIN
        + column * (TILE_W + GAP)
        + (column >= 3) * (GROUP_GAP - GAP)
        + (column >= 6) * (GROUP_GAP - GAP)
    )


def tile_at(space: int) -> Point:
    """The top-left corner of `space` (1-18); 19 is Ordep (the last row's last column)."""
    if space > 18:
        return column_left(6), MARGIN + (ROWS - 1) * ROW_H + LABEL_H
    index = space - 1
    return column_left(index % PER_ROW), MARGIN + (index // PER_ROW) * ROW_H + LABEL_H


# -- suit icons ------------------------------------------------------------------------------------
def _icon(draw: ImageDraw.ImageDraw, suit: str, centre: Point, r: float) -> None:
    cx, cy = centre
    paint = SUIT_PAINT[suit]
    if suit == "PINECONE":
        draw.ellipse((cx - r * 0.7, cy - r, cx + r * 0.7, cy + r), fill=paint, outline=INK)
        for k in (-0.4, 0.1, 0.6):
            y = cy + k * r
            draw.line((cx - r * 0.6, y - r * 0.25, cx, y + r * 0.05, cx + r * 0.6, y - r * 0.25), fill=INK)
    elif suit == "LEAF":
        points = [(cx, cy - r), (cx + r * 0.75, cy), (cx, cy + r), (cx - r * 0.75, cy)]
        draw.polygon(points, fill=paint, outline=INK)
        draw.line((cx, cy - r * 0.8, cx, cy + r * 1.2), fill=INK)
    elif suit == "FLOWER":
        for n in range(5):
            dx, dy = star_points(cx, cy, r * 0.55, r * 0.55)[2 * n]
            disc(draw, (dx, dy), r * 0.45, fill=paint, outline=INK)
        disc(draw, centre, r * 0.35, fill=GOLD, outline=INK)
    else:  # MUSHROOM
        draw.rectangle((cx - r * 0.25, cy - r * 0.1, cx + r * 0.25, cy + r), fill=SNOW, outline=INK)
        draw.pieslice((cx - r, cy - r, cx + r, cy + r * 0.5), 180, 360, fill=paint, outline=INK)
        disc(draw, (cx - r * 0.4, cy - r * 0.45), r * 0.15, fill=SNOW)
        disc(draw, (cx + r * 0.3, cy - r * 0.55), r * 0.15, fill=SNOW)


def _pawn(draw: ImageDraw.ImageDraw, centre: Point) -> None:
    cx, cy = centre
    draw.polygon([(cx - 13, cy + 18), (cx + 13, cy + 18), (cx, cy - 4)], fill=PAWN, outline=INK, width=2)
    disc(draw, (cx, cy - 9), 8, fill=PAWN, outline=INK, width=2)


#: States in which an event can no longer happen (drawn dim).
CLOSED = ("done", "used", "lost", "missed")
STATE_LABEL = {
    # i18n: the state of an event of the track, under its name (short, ~8 letters): may still happen
    "open": N_("open"),
    # i18n: the state of an event of the track (short): it happened
    "done": N_("done"),
    # i18n: the state of an event of the track (short, capitals): it happens at the next chance
    "armed": N_("ARMED"),
    # i18n: the state of an event of the track (short): it can no longer happen
    "lost": N_("lost"),
    # i18n: the state of an event of the track (short): the shortcut was taken
    "used": N_("used"),
    # i18n: the state of an event of the track (short): its moment passed without it
    "missed": N_("missed"),
}


def _event_label(draw: ImageDraw.ImageDraw, space: dict[str, Any]) -> None:
    event, state = space["event"], space["event_state"]
    if event is None:
        return
    x, top = tile_at(space["space"])
    cx = x + TILE_W / 2
    y = top + TILE_H + 4
    colour = DIM if state in CLOSED else GOLD
    draw.rounded_rectangle((x, y, x + TILE_W, y + EVENT_H), radius=6, outline=colour, width=2)
    name = TO_TEN if event == "SHORTCUT" and space["space"] == 6 else EVENT_SHORT.get(event, event.title())
    label = _(STATE_LABEL[state]) if state in STATE_LABEL else state  # "k/3": a count, no words
    text(draw, (cx, y + 13), fit(_(name), SMALL, TILE_W), SMALL, colour)
    text(draw, (cx, y + 35), fit(label, SMALL, TILE_W), SMALL, SNOW if state == "armed" else colour)


def _next_row_arrow(draw: ImageDraw.ImageDraw, row: int) -> None:
    """In the last column of `row` (0 or 1): the track goes on at the start of the next row."""
    x, y = column_left(6), MARGIN + row * ROW_H + LABEL_H
    mid = y + TILE_H / 2
    cx = x + TILE_W / 2
    bottom = MARGIN + (row + 1) * ROW_H - 4
    draw.line([(x - GROUP_GAP + 4, mid), (cx, mid), (cx, bottom)], fill=DIM, width=4, joint="curve")
    draw.polygon([(cx - 9, bottom - 12), (cx + 9, bottom - 12), (cx, bottom)], fill=DIM)


def render_track_png(track: Sequence[Any], ordep: bool = False) -> bytes:
    """The track; `ordep`: Violet reached Ordep (the pawn is drawn there instead of on 18)."""
    spaces = drawn(track)
    image = Image.new("RGB", (WIDTH, HEIGHT), NIGHT)
    draw = ImageDraw.Draw(image)
    _next_row_arrow(draw, 0)
    _next_row_arrow(draw, 1)
    for group in range(6):
        members = spaces[group * 3 : group * 3 + 3]
        left, top = tile_at(members[0]["space"])
        right = tile_at(members[-1]["space"])[0] + TILE_W
        trump = members[0]["trump"]
        mid, y = (left + right) / 2, top - LABEL_H / 2 - 1
        if trump is None:
            text(draw, (mid, y), _("no trump"), SMALL, DIM)
        else:
            name = _(TRUMP_NAME[trump])
            _icon(draw, trump, (mid - font(SMALL).getlength(name) / 2 - 14, y), 9)
            text(draw, (mid, y), name, SMALL, SNOW)
    pawn_at = None
    for space in spaces:
        x, y = tile_at(space["space"])
        fill = GROUP.get(space["colour"], DIM)
        pawn_here = space["pawn_here"] and not ordep
        outline = GOLD if pawn_here else INK
        draw.rounded_rectangle((x, y, x + TILE_W, y + TILE_H), radius=8, fill=fill, outline=outline, width=3)
        text(draw, (x + 6, y + 4), str(space["space"]), 22, SNOW, anchor="la")
        if space["event"] is not None:
            star = star_points(x + TILE_W - 13, y + 14, 9, 4)
            draw.polygon(star, fill=DONE if space["event_state"] in CLOSED else GOLD)
        if space["trump"] is not None and not pawn_here:
            _icon(draw, space["trump"], (x + TILE_W / 2, y + 44), 12)
        if pawn_here:
            pawn_at = (x + TILE_W / 2, y + 40)
        _event_label(draw, space)
    # Ordep: the goal after space 18
    x, y = tile_at(19)
    draw.rounded_rectangle(
        (x, y, x + TILE_W, y + TILE_H), radius=10, fill=(60, 40, 90), outline=GOLD, width=3
    )
    if pawn_at is None:  # the pawn reached Ordep
        pawn_at = (x + TILE_W / 2, y + 26)
    else:
        draw.polygon(star_points(x + TILE_W / 2, y + 24, 14, 6), fill=GOLD)
    text(draw, (x + TILE_W / 2, y + TILE_H + 16), "Ordep", 20, GOLD)
    _pawn(draw, pawn_at)
    return to_png(image, colours=64)


__all__ = ["picture_key", "render_track_png"]
