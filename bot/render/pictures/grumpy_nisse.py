"""The Grumpy Nisse's progress track as a picture (spec `grumpy-nisse.md` section 2.3).

Drawn from a view's `track` only: 18 spaces in 6 groups of 3 (each group in its colour, with its
trump suit drawn as a small icon above it), the event spaces with their state under them, the
shortcut arc from 6 to 10, Violet's pawn and Ordep at the end. Nothing else (no round, no trick
number), so the picture changes only when the pawn moves or an event changes state.

Deterministic: same track, same bytes. `picture_key` hashes exactly what is drawn.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from typing import Any

from PIL import Image, ImageDraw

from bot.render.pictures._draw import RGB, Point, disc, font, star_points, text, to_png

#: Bump when the drawing changes, so old keys never match new pictures.
RENDER_VERSION = 2

# -- sizes -----------------------------------------------------------------------------------------
MARGIN = 16
TILE_W, TILE_H = 54, 62
GAP = 4  # between spaces of a group
GROUP_GAP = 12  # between groups
ORDEP_W = 76
TOP = 66  # the tiles' top edge (group labels and the shortcut arc above)
EVENT_H = 44  # the event labels under the tiles
WIDTH = MARGIN * 2 + 18 * TILE_W + 12 * GAP + 6 * GROUP_GAP + ORDEP_W
HEIGHT = TOP + TILE_H + EVENT_H

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

#: Short names of the events (the view gives the long ones).
EVENT_SHORT = {
    "TORECH_TRICKS": "Tricks",
    "SHORTCUT": "Shortcut",
    "DEVILISH_PLAN": "Devilish",
    "DETERMINATION": "Determ.",
    "PANIC": "Panic",
}
TRUMP_NAME = {"PINECONE": "Pinecones", "LEAF": "Leaves", "FLOWER": "Flowers", "MUSHROOM": "Mushrooms"}


def _value(item: Any, name: str) -> Any:
    value = item[name] if isinstance(item, dict) else getattr(item, name)
    return getattr(value, "value", value)  # enums as their plain values


def drawn(track: Sequence[Any]) -> list[dict[str, Any]]:
    """Exactly what the picture shows of each space (from `SpaceView`s or their dicts)."""
    names = ("space", "group", "colour", "trump", "event", "event_state", "pawn_here")
    return [{name: _value(space, name) for name in names} for space in track]


def picture_key(track: Sequence[Any], ordep: bool = False) -> str:
    """A short hash of what `render_track_png(track, ordep)` draws."""
    blob = json.dumps([RENDER_VERSION, drawn(track), ordep], sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(blob.encode()).hexdigest()[:16]


def tile_left(space: int) -> float:
    """The x of the left edge of `space` (1-18); 19 is Ordep."""
    index = space - 1
    group = index // 3
    return MARGIN + index * TILE_W + (index - group) * GAP + group * GROUP_GAP


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
    draw.polygon([(cx - 11, cy + 16), (cx + 11, cy + 16), (cx, cy - 4)], fill=PAWN, outline=INK, width=2)
    disc(draw, (cx, cy - 8), 7, fill=PAWN, outline=INK, width=2)


def _event_label(draw: ImageDraw.ImageDraw, space: dict[str, Any], x: float) -> None:
    event, state = space["event"], space["event_state"]
    if event is None:
        return
    cx = x + TILE_W / 2
    y = TOP + TILE_H + 6
    done = state in ("done", "used", "lost")
    colour = DIM if done else GOLD
    draw.rounded_rectangle((x + 2, y, x + TILE_W - 2, y + 32), radius=5, outline=colour, width=2)
    text(draw, (cx, y + 10), EVENT_SHORT.get(event, event.title()), 11, colour)
    label = {"open": "open", "done": "done", "armed": "ARMED", "lost": "lost", "used": "used"}.get(
        state, state
    )
    text(draw, (cx, y + 23), label, 11, SNOW if state == "armed" else colour)


def _shortcut_arc(draw: ImageDraw.ImageDraw, track: list[dict[str, Any]]) -> None:
    states = {s["event_state"] for s in track if s["event"] == "SHORTCUT"}
    state = next(iter(states), "open")
    colour = {"armed": GOLD, "used": PAWN}.get(state, DIM)
    x0 = tile_left(6) + TILE_W - 10
    x1 = tile_left(10) + 10
    y = TOP - 2
    draw.arc((x0, y - 44, x1, y + 44), 180, 360, fill=colour, width=3)
    draw.polygon([(x1 - 6, y - 9), (x1 + 6, y - 9), (x1, y)], fill=colour)


def render_track_png(track: Sequence[Any], ordep: bool = False) -> bytes:
    """The track; `ordep`: Violet reached Ordep (the pawn is drawn there instead of on 18)."""
    spaces = drawn(track)
    image = Image.new("RGB", (WIDTH, HEIGHT), NIGHT)
    draw = ImageDraw.Draw(image)
    _shortcut_arc(draw, spaces)
    for group in range(6):
        members = spaces[group * 3 : group * 3 + 3]
        left = tile_left(members[0]["space"])
        right = tile_left(members[-1]["space"]) + TILE_W
        trump = members[0]["trump"]
        mid = (left + right) / 2
        if trump is None:
            text(draw, (mid, TOP - 14), "no trump", 12, DIM)
        else:
            name = TRUMP_NAME[trump]
            _icon(draw, trump, (mid - font(12).getlength(name) / 2 - 12, TOP - 14), 8)
            text(draw, (mid, TOP - 14), name, 12, SNOW)
    pawn_at = None
    for space in spaces:
        x = tile_left(space["space"])
        fill = GROUP.get(space["colour"], DIM)
        outline = GOLD if space["pawn_here"] and not ordep else INK
        draw.rounded_rectangle(
            (x, TOP, x + TILE_W, TOP + TILE_H), radius=7, fill=fill, outline=outline, width=3
        )
        text(draw, (x + 13, TOP + 12), str(space["space"]), 14, SNOW)
        if space["event"] is not None:
            star = star_points(x + TILE_W - 11, TOP + 12, 7, 3)
            draw.polygon(star, fill=GOLD if space["event_state"] not in ("done", "used", "lost") else DONE)
        pawn_here = space["pawn_here"] and not ordep
        if space["trump"] is not None and not pawn_here:
            _icon(draw, space["trump"], (x + TILE_W / 2, TOP + 40), 11)
        if pawn_here:
            pawn_at = (x + TILE_W / 2, TOP + 38)
        _event_label(draw, space, x)
    # Ordep: the goal beyond space 18
    x = tile_left(18) + TILE_W + GROUP_GAP
    draw.rounded_rectangle(
        (x, TOP, x + ORDEP_W, TOP + TILE_H), radius=10, fill=(60, 40, 90), outline=GOLD, width=3
    )
    if pawn_at is None:  # the pawn reached Ordep
        pawn_at = (x + ORDEP_W / 2, TOP + 24)
    else:
        draw.polygon(star_points(x + ORDEP_W / 2, TOP + 24, 14, 6), fill=GOLD)
    text(draw, (x + ORDEP_W / 2, TOP + 50), "Ordep", 14, SNOW)
    _pawn(draw, pawn_at)
    return to_png(image, colours=64)


__all__ = ["picture_key", "render_track_png"]
