"""The Secret Krampus boards as one picture (spec `secret-krampus.md` sections 2.4 to 2.6).

Drawn from the public view only (`SKView`; roles never, except a Krampus revealed in the stables):
the Nice board (5 spaces, delivered nice gifts), the Naughty board (6 spaces with the Santa's Order
printed on each for this player count, the final space the Naughty win, and the two standing rules
under it: the Krampus check from 3 naughty gifts and Heads Together from 5, lit while active), the
failed-vote track (3 spaces, chaos on the third, lumps of coal on the failed votes) and the stables
(who is in them, by name). At the end, the winning team on a banner.

Everything drawn comes from `Drawn`; `picture_key` hashes exactly that, so a vote being cast or a
new nomination never re-uploads the picture, while a delivered gift, a failed vote or a player
sent to the stables does. Deterministic: the same `Drawn`, the same bytes.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from typing import Any

from PIL import Image, ImageDraw

from bot.render.pictures._draw import RGB, disc, fit, star_points, text, to_png

#: Bump when the drawing changes, so old keys never match new pictures.
RENDER_VERSION = 1

# -- sizes -----------------------------------------------------------------------------------------
WIDTH, HEIGHT = 800, 450
MARGIN = 12
LABEL_W = 128  # the board name column on the left of each board
GAP = 8
TRACK_X = MARGIN + LABEL_W  # where the spaces start
TRACK_W = WIDTH - MARGIN - 10 - TRACK_X
TITLE_H = 34
NICE_Y, NICE_H = 40, 96
NAUGHTY_Y, NAUGHTY_H = 144, 164
BOTTOM_Y = 316
BOTTOM_H = HEIGHT - BOTTOM_Y - MARGIN

# -- colours ---------------------------------------------------------------------------------------
NIGHT: RGB = (14, 24, 44)
SNOW: RGB = (190, 205, 230)
WHITE: RGB = (245, 245, 245)
DIM: RGB = (150, 160, 180)
INK: RGB = (25, 25, 30)
GOLD: RGB = (255, 205, 60)
NICE_BOARD: RGB = (24, 96, 52)
NICE_EDGE: RGB = (90, 170, 110)
NICE_SPACE: RGB = (16, 70, 38)
NICE_TEXT: RGB = (205, 240, 210)
NAUGHTY_BOARD: RGB = (112, 22, 32)
NAUGHTY_EDGE: RGB = (200, 80, 80)
NAUGHTY_SPACE: RGB = (78, 14, 22)
NAUGHTY_TEXT: RGB = (250, 210, 210)
PRESENT_RED: RGB = (214, 40, 48)
PRESENT_GREEN: RGB = (40, 150, 70)
COAL: RGB = (40, 40, 46)
COAL_SHINE: RGB = (110, 110, 125)
HORN: RGB = (235, 225, 200)
TRACK_BOARD: RGB = (52, 56, 72)
TRACK_SPACE: RGB = (34, 38, 52)
STABLE_BOARD: RGB = (110, 64, 34)
STABLE_DARK: RGB = (70, 38, 18)
STABLE_TEXT: RGB = (250, 232, 200)
HAY: RGB = (230, 190, 90)

#: How each order is printed on its space (two short lines fit a space).
ORDER_LINES: dict[str, tuple[str, ...]] = {
    "PEEK": ("Peek",),
    "CHECKING_IT_TWICE": ("Checking", "it Twice"),
    "SUCCESSOR_SELECTOR": ("Successor", "Selector"),
    "STABLE_LEADERSHIP": ("Stable", "Leadership"),
    "NAUGHTY_WIN": ("NAUGHTY", "WINS"),
}


@dataclass(frozen=True)
class Drawn:
    """Exactly what the picture shows."""

    players: int
    nice: int
    nice_win_at: int
    naughty: int
    orders: list[str | None]  # naughty spaces 1..6
    failed: int
    chaos_at: int
    krampus_check: bool
    heads_together: bool
    stables: list[tuple[str, bool]]  # name, revealed as Krampus
    winner: str | None


def drawn(view: Any, names: Sequence[str]) -> Drawn:
    """What to draw for an `SKView` (the public one; a seat's view gives the same picture)."""

    def name(seat: int) -> str:
        return names[seat] if 0 <= seat < len(names) else f"Seat {seat + 1}"

    stables = [
        (name(p.seat), str(getattr(p.revealed_role, "value", p.revealed_role)) == "KRAMPUS")
        for p in view.players
        if not p.in_play
    ]
    winner = getattr(view.winner, "value", view.winner)
    return Drawn(
        players=view.num_players,
        nice=view.nice_count,
        nice_win_at=view.nice_win_at,
        naughty=view.naughty_count,
        orders=[None if o is None else str(getattr(o, "value", o)) for o in view.board_orders],
        failed=view.failed_votes,
        chaos_at=view.failed_votes_chaos_at,
        krampus_check=bool(view.krampus_check_active),
        heads_together=bool(view.heads_together_active),
        stables=stables,
        winner=None if winner is None else str(winner),
    )


def _key(d: Drawn) -> str:
    blob = json.dumps([RENDER_VERSION, asdict(d)], sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(blob.encode()).hexdigest()[:16]


def picture_key(view: Any, names: Sequence[str]) -> str:
    """A short hash of exactly what `render_boards_png(view, names)` draws."""
    return _key(drawn(view, names))


#: The last few pictures by key: a table is redrawn at every click, its boards far less often.
_RECENT: dict[str, bytes] = {}
_RECENT_MAX = 16


# -- small pieces ----------------------------------------------------------------------------------
def _panel(draw: ImageDraw.ImageDraw, box: tuple[float, float, float, float], fill: RGB, edge: RGB) -> None:
    draw.rounded_rectangle(box, radius=10, fill=fill, outline=edge, width=2)


def _present(draw: ImageDraw.ImageDraw, cx: float, cy: float, size: float, box: RGB, ribbon: RGB) -> None:
    """A wrapped gift with a bow."""
    h = size / 2
    draw.rectangle((cx - h, cy - h * 0.7, cx + h, cy + h), fill=box, outline=INK, width=2)
    draw.rectangle(
        (cx - h - 3, cy - h * 0.7 - 8, cx + h + 3, cy - h * 0.7 + 2), fill=box, outline=INK, width=2
    )
    draw.rectangle((cx - 4, cy - h * 0.7 - 8, cx + 4, cy + h), fill=ribbon)
    top = cy - h * 0.7 - 8
    draw.ellipse((cx - 15, top - 10, cx - 1, top + 2), fill=ribbon, outline=INK)
    draw.ellipse((cx + 1, top - 10, cx + 15, top + 2), fill=ribbon, outline=INK)
    disc(draw, (cx, top - 2), 4, fill=ribbon, outline=INK)


def _naughty_gift(draw: ImageDraw.ImageDraw, cx: float, cy: float, size: float) -> None:
    """A coal-black gift with a red ribbon and little Krampus horns."""
    h = size / 2
    top = cy - h * 0.7 - 8
    for sign in (-1, 1):  # the horns
        draw.polygon(
            [(cx + sign * 8, top + 2), (cx + sign * 16, top + 2), (cx + sign * 20, top - 14)],
            fill=HORN,
            outline=INK,
        )
    draw.rectangle((cx - h, cy - h * 0.7, cx + h, cy + h), fill=COAL, outline=INK, width=2)
    draw.rectangle((cx - h - 3, top, cx + h + 3, cy - h * 0.7 + 2), fill=COAL, outline=INK, width=2)
    draw.rectangle((cx - 4, top, cx + 4, cy + h), fill=PRESENT_RED)
    draw.rectangle((cx - h, cy + 2, cx + h, cy + 8), fill=PRESENT_RED)


def _coal(draw: ImageDraw.ImageDraw, cx: float, cy: float) -> None:
    """A lump of coal (a failed vote)."""
    shape = [(-22, 5), (-16, -13), (-2, -20), (17, -13), (22, 4), (12, 17), (-10, 17)]
    draw.polygon([(cx + x, cy + y) for x, y in shape], fill=COAL, outline=COAL_SHINE)
    disc(draw, (cx - 6, cy - 7), 4, fill=COAL_SHINE)
    disc(draw, (cx + 8, cy + 4), 3, fill=COAL_SHINE)
    disc(draw, (cx - 2, cy + 9), 2, fill=COAL_SHINE)


def _board_label(draw: ImageDraw.ImageDraw, y: float, h: float, title: str, sub: str, colour: RGB) -> None:
    cx = MARGIN + LABEL_W / 2
    text(draw, (cx, y + h / 2 - 10), title, 22, WHITE)
    text(draw, (cx, y + h / 2 + 14), sub, 14, colour)


def _spaces(count: int) -> list[tuple[float, float]]:
    """The left and right x of `count` equal spaces across the track."""
    width = (TRACK_W - GAP * (count - 1)) / count
    return [(TRACK_X + n * (width + GAP), TRACK_X + n * (width + GAP) + width) for n in range(count)]


# -- the boards ------------------------------------------------------------------------------------
def _background(draw: ImageDraw.ImageDraw, d: Drawn) -> None:
    for n in range(46):  # a fixed sprinkle of snow
        x = (n * 131 + 29) % (WIDTH - 8) + 4
        y = (n * 71 + 13) % (HEIGHT - 8) + 4
        if y > TITLE_H + 2 or 330 < x < WIDTH - 310:  # not on the title's text
            disc(draw, (x, y), 1.4, fill=SNOW)
    title = f"Secret Krampus  -  {d.players} players"
    text(draw, (MARGIN + 4, TITLE_H / 2 + 2), title, 20, WHITE, anchor="lm")
    for n, x in enumerate((WIDTH - 150, WIDTH - 126, WIDTH - 102)):
        draw.polygon(star_points(x, TITLE_H / 2 + 2, 9, 4), fill=GOLD if n != 1 else PRESENT_RED, outline=INK)


def _nice_board(draw: ImageDraw.ImageDraw, d: Drawn) -> None:
    y, h = NICE_Y, NICE_H
    _panel(draw, (MARGIN, y, WIDTH - MARGIN, y + h), NICE_BOARD, NICE_EDGE)
    _board_label(draw, y, h, "NICE", f"{d.nice} of {d.nice_win_at} gifts", NICE_TEXT)
    top, bottom = y + 10, y + h - 10
    for n, (left, right) in enumerate(_spaces(d.nice_win_at), start=1):
        last = n == d.nice_win_at
        draw.rounded_rectangle(
            (left, top, right, bottom),
            radius=6,
            fill=NICE_SPACE,
            outline=GOLD if last else NICE_EDGE,
            width=2,
        )
        cx = (left + right) / 2
        if n <= d.nice:
            size, cy = (30, top + 34) if last else (40, (top + bottom) / 2 + 4)
            _present(draw, cx, cy, size, PRESENT_RED if n % 2 else PRESENT_GREEN, GOLD)
        else:
            text(draw, (cx, (top + bottom) / 2 - (8 if last else 0)), str(n), 24, NICE_EDGE)
        if last:
            text(draw, (cx, bottom - 12), "NICE WINS", 14, GOLD)


def _naughty_board(draw: ImageDraw.ImageDraw, d: Drawn) -> None:
    y, h = NAUGHTY_Y, NAUGHTY_H
    _panel(draw, (MARGIN, y, WIDTH - MARGIN, y + h), NAUGHTY_BOARD, NAUGHTY_EDGE)
    _board_label(draw, y, h - 40, "NAUGHTY", f"{d.naughty} of {len(d.orders)} gifts", NAUGHTY_TEXT)
    top, bottom = y + 10, y + h - 52
    spaces = _spaces(len(d.orders))
    for n, ((left, right), order) in enumerate(zip(spaces, d.orders, strict=True), start=1):
        last = order == "NAUGHTY_WIN"
        draw.rounded_rectangle(
            (left, top, right, bottom),
            radius=6,
            fill=NAUGHTY_SPACE,
            outline=GOLD if last else NAUGHTY_EDGE,
            width=2,
        )
        cx = (left + right) / 2
        filled = n <= d.naughty
        lines = ORDER_LINES.get(order or "", (order.replace("_", " ").title(),) if order else ())
        label_colour = GOLD if last else NAUGHTY_TEXT
        if filled:
            _naughty_gift(draw, cx, top + 36, 34)
            base = top + 70
        else:
            text(draw, (cx, top + 22), str(n), 22, NAUGHTY_EDGE)
            base = top + 50
        for k, line in enumerate(lines):
            text(draw, (cx, base + k * 16), fit(line, 15, right - left - 6), 15, label_colour)
        if not lines and not filled:
            text(draw, (cx, base), "no order", 14, NAUGHTY_EDGE)
    # the standing rules: the Krampus check from space 3 on, Heads Together from space 5 on
    rules = (
        (3, d.krampus_check, "KRAMPUS CHECK", bottom + 6),
        (5, d.heads_together, "HEADS TOGETHER", bottom + 27),
    )
    text(draw, (MARGIN + LABEL_W / 2, bottom + 15), "Standing rules", 13, DIM)
    text(draw, (MARGIN + LABEL_W / 2, bottom + 32), "lit when active", 13, DIM)
    for start, active, name, bar_top in rules:
        if start > len(spaces):
            continue
        box = (spaces[start - 1][0], bar_top, spaces[-1][1], bar_top + 18)
        middle = ((box[0] + box[2]) / 2, bar_top + 9)
        if active:
            draw.rounded_rectangle(box, radius=8, fill=GOLD, outline=INK)
            text(draw, middle, fit(f"{name}: ACTIVE", 13, box[2] - box[0] - 10), 13, INK)
        else:
            draw.rounded_rectangle(box, radius=8, outline=NAUGHTY_EDGE, width=1)
            label = f"{name} at {start}+ naughty" if start < 5 else f"{name} at {start}+"
            text(draw, middle, fit(label, 13, box[2] - box[0] - 10), 13, NAUGHTY_TEXT)


def _failed_track(draw: ImageDraw.ImageDraw, d: Drawn) -> None:
    x0, x1 = MARGIN, 386
    y, h = BOTTOM_Y, BOTTOM_H
    _panel(draw, (x0, y, x1, y + h), TRACK_BOARD, DIM)
    text(draw, ((x0 + x1) / 2, y + 16), f"FAILED VOTES  {d.failed} of {d.chaos_at}", 16, WHITE)
    width = (x1 - x0 - 24 - GAP * (d.chaos_at - 1)) / d.chaos_at
    top, bottom = y + 32, y + h - 10
    for n in range(1, d.chaos_at + 1):
        left = x0 + 12 + (n - 1) * (width + GAP)
        right = left + width
        last = n == d.chaos_at
        draw.rounded_rectangle(
            (left, top, right, bottom),
            radius=6,
            fill=TRACK_SPACE,
            outline=PRESENT_RED if last else DIM,
            width=2,
        )
        cx, cy = (left + right) / 2, (top + bottom) / 2
        if n <= d.failed:
            _coal(draw, cx, cy - (8 if last else 0))
        else:
            text(draw, (cx, cy - (8 if last else 0)), str(n), 20, DIM)
        if last:
            text(draw, (cx, bottom - 12), "CHAOS!", 15, (255, 120, 120))


def _stables(draw: ImageDraw.ImageDraw, d: Drawn) -> None:
    x0, x1 = 396, WIDTH - MARGIN
    y, h = BOTTOM_Y, BOTTOM_H
    _panel(draw, (x0, y, x1, y + h), STABLE_BOARD, HAY)
    # a barn roof and door in the corner
    roof = [(x0 + 14, y + 40), (x0 + 44, y + 14), (x0 + 74, y + 40)]
    draw.polygon(roof, fill=PRESENT_RED, outline=INK)
    draw.rectangle((x0 + 20, y + 40, x0 + 68, y + 80), fill=PRESENT_RED, outline=INK)
    draw.rectangle((x0 + 32, y + 52, x0 + 56, y + 80), fill=WHITE, outline=INK)
    draw.line((x0 + 32, y + 52, x0 + 56, y + 80), fill=INK, width=2)
    draw.line((x0 + 56, y + 52, x0 + 32, y + 80), fill=INK, width=2)
    draw.rectangle((x0 + 14, y + 84, x0 + 74, y + 96), fill=HAY)
    left = x0 + 90
    text(draw, (left, y + 16), "THE STABLES", 16, WHITE, anchor="lm")
    if not d.stables:
        text(draw, (left, y + 58), "nobody yet", 15, STABLE_TEXT, anchor="lm")
        return
    rows = 4
    columns = (len(d.stables) + rows - 1) // rows
    col_w = (x1 - left - 8) / max(1, columns)
    for n, (name, krampus) in enumerate(d.stables):
        cx = left + (n // rows) * col_w
        cy = y + 40 + (n % rows) * 20
        note = ("KRAMPUS!" if krampus else "not Krampus") if columns == 1 else None
        room = col_w - (110 if note else 6)
        text(draw, (cx, cy), fit(name, 15, room), 15, GOLD if krampus else STABLE_TEXT, anchor="lm")
        if note:
            text(draw, (x1 - 12, cy), note, 15 if krampus else 13, GOLD if krampus else HAY, anchor="rm")


def _winner(draw: ImageDraw.ImageDraw, d: Drawn) -> None:
    if d.winner is None:
        return
    nice = d.winner == "NICE"
    label = "TEAM NICE WINS!" if nice else "TEAM NAUGHTY WINS!"
    box = (WIDTH - 300, 4, WIDTH - MARGIN, TITLE_H)
    draw.rounded_rectangle(box, radius=8, fill=NICE_BOARD if nice else NAUGHTY_BOARD, outline=GOLD, width=2)
    text(draw, ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2 + 1), label, 17, GOLD)


def render_boards_png(view: Any, names: Sequence[str]) -> bytes:
    """The boards of an `SKView` as an 800x450 palette PNG (`names`: seat names, for the stables)."""
    d = drawn(view, names)
    key = _key(d)
    png = _RECENT.get(key)
    if png is None:
        png = render_drawn_png(d)
        _RECENT[key] = png
        while len(_RECENT) > _RECENT_MAX:  # the oldest first
            del _RECENT[next(iter(_RECENT))]
    return png


def render_drawn_png(d: Drawn) -> bytes:
    image = Image.new("RGB", (WIDTH, HEIGHT), NIGHT)
    draw = ImageDraw.Draw(image)
    _background(draw, d)
    _nice_board(draw, d)
    _naughty_board(draw, d)
    _failed_track(draw, d)
    _stables(draw, d)
    _winner(draw, d)
    return to_png(image)


__all__ = ["HEIGHT", "RENDER_VERSION", "WIDTH", "Drawn", "drawn", "picture_key", "render_boards_png"]
