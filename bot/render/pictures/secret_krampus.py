"""The Secret Krampus boards as one picture (spec `secret-krampus.md` sections 2.4 to 2.6).

Drawn from the public view only (`SKView`; roles never, except a Krampus revealed in the stables):
the Nice board (5 spaces, delivered nice gifts), the Naughty board (6 spaces with the Santa's Order
printed on each for this player count, the final space the Naughty win, and the two standing rules
under it: the Krampus check from 3 naughty gifts and Heads Together from 5, lit while active), the
failed-vote track (3 spaces, chaos on the third, lumps of coal on the failed votes), the gift
piles' sizes and the stables (who is in them, by name). At the end, the winning team on a banner.

Made for a phone: 600x400 (3:2), its smallest letters 17 px, so at least 11 px once a phone shows
it 400 px wide. Everything drawn comes from `Drawn`; `picture_key` hashes exactly that, so a vote
being cast or a new nomination never re-uploads the picture, while a delivered gift, a failed vote
or a player sent to the stables does. Deterministic: the same `Drawn`, the same bytes.

The sizes, colours and small shapes (panels, gifts, coal, headings) are in `secret_krampus_pieces`;
this module lays out the boards and says what is drawn.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from PIL import Image, ImageDraw

from bot.i18n import N_, _, ngettext
from bot.i18n import current as current_language
from bot.render.pictures._draw import disc, drawable, fit, font, key_of, split_lines, text, to_png
from bot.render.pictures.secret_krampus_pieces import (
    BOTTOM_H,
    BOTTOM_Y,
    DIM,
    GAP,
    GOLD,
    HAY,
    HEIGHT,
    INK,
    MARGIN,
    NAUGHTY_BOARD,
    NAUGHTY_EDGE,
    NAUGHTY_H,
    NAUGHTY_SPACE,
    NAUGHTY_TEXT,
    NAUGHTY_Y,
    NICE_BOARD,
    NICE_EDGE,
    NICE_H,
    NICE_SPACE,
    NICE_TEXT,
    NICE_Y,
    NIGHT,
    PAD,
    PRESENT_GREEN,
    PRESENT_RED,
    SMALL,
    SNOW,
    SPLIT_X,
    STABLE_BOARD,
    STABLE_TEXT,
    TRACK_BOARD,
    TRACK_SPACE,
    WHITE,
    WIDTH,
    board_header,
    centred_lines,
    coal_lump,
    naughty_gift,
    panel,
    present,
    space_edges,
)

#: Bump when the drawing changes, so old keys never match new pictures.
RENDER_VERSION = 3

#: How each order is printed on its space (two short lines fit a space), translated where drawn.
ORDER_LINES: dict[str, str] = {
    # i18n: Santa's Order "Peek" on a board space 87 px wide (at most two short lines)
    "PEEK": N_("Peek"),
    # i18n: Santa's Order "Checking it Twice" on a board space 87 px wide: two short lines, split
    # by the line break (~9 letters each)
    "CHECKING_IT_TWICE": N_("Checking\nit Twice"),
    # i18n: Santa's Order "Successor Selector" on a board space: two short lines (~9 letters each)
    "SUCCESSOR_SELECTOR": N_("Successor\nSelector"),
    # i18n: Santa's Order "Stable Leadership" on a board space: two short lines (~9 letters each);
    # a soft hyphen (U+00AD) marks where a word too long for its space may break onto a third line
    "STABLE_LEADERSHIP": N_("Stable\nLeader\u00adship"),
    # i18n: the last space of the Naughty board: the Naughty team wins there (two short lines)
    "NAUGHTY_WIN": N_("NAUGHTY\nWINS"),
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
    draw_pile: int
    discard_pile: int
    krampus_check: bool
    heads_together: bool
    stables: list[tuple[str, bool]]  # name, revealed as Krampus
    winner: str | None


def drawn(view: Any, names: Sequence[str]) -> Drawn:
    """What to draw for an `SKView` (the public one; a seat's view gives the same picture)."""

    def name(seat: int) -> str:
        return drawable(names[seat], "?") if 0 <= seat < len(names) else _("Seat {n}", n=seat + 1)

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
        draw_pile=view.draw_pile_size,
        discard_pile=view.discard_pile_size,
        krampus_check=bool(view.krampus_check_active),
        heads_together=bool(view.heads_together_active),
        stables=stables,
        winner=None if winner is None else str(winner),
    )


def _key(d: Drawn) -> str:
    return key_of(RENDER_VERSION, d)


def picture_key(view: Any, names: Sequence[str]) -> str:
    """A short hash of exactly what `render_boards_png(view, names)` draws."""
    return _key(drawn(view, names))


#: The last few pictures by key: a table is redrawn at every click, its boards far less often.
_RECENT: dict[str, bytes] = {}
_RECENT_MAX = 16


# -- the boards ------------------------------------------------------------------------------------
def _gifts(done: int, total: int) -> str:
    # i18n: how full a board is, at the right of its heading: "3 of 5 gifts" ({n}: the board's spaces)
    return ngettext("{done} of {n} gift", "{done} of {n} gifts", total, done=done)


def _background(draw: ImageDraw.ImageDraw) -> None:
    for n in range(40):  # a fixed sprinkle of snow, in the gaps between the panels
        x = (n * 131 + 29) % (WIDTH - 8) + 4
        y = (n * 71 + 13) % (HEIGHT - 8) + 4
        disc(draw, (x, y), 1.2, fill=SNOW)


def _nice_board(draw: ImageDraw.ImageDraw, d: Drawn) -> None:
    y, h = NICE_Y, NICE_H
    panel(draw, (MARGIN, y, WIDTH - MARGIN, y + h), NICE_BOARD, NICE_EDGE)
    board_header(draw, y, _("NICE BOARD"), _gifts(d.nice, d.nice_win_at), NICE_TEXT)
    top, bottom = y + 32, y + h - PAD
    for n, (left, right) in enumerate(space_edges(d.nice_win_at), start=1):
        last = n == d.nice_win_at
        draw.rounded_rectangle(
            (left, top, right, bottom),
            radius=6,
            fill=NICE_SPACE,
            outline=GOLD if last else NICE_EDGE,
            width=2,
        )
        cx, cy = (left + right) / 2, (top + bottom) / 2
        if n <= d.nice:
            present(draw, cx, cy + 8, 32, PRESENT_RED if n % 2 else PRESENT_GREEN, GOLD)
        elif last:
            # i18n: the last space of the Nice board, 110 px wide (a line break may split it in two)
            centred_lines(draw, (cx, cy), _("NICE WINS"), right - left - 4, GOLD)
        else:
            text(draw, (cx, cy), str(n), 22, NICE_EDGE)


def _naughty_board(draw: ImageDraw.ImageDraw, d: Drawn) -> None:
    y, h = NAUGHTY_Y, NAUGHTY_H
    panel(draw, (MARGIN, y, WIDTH - MARGIN, y + h), NAUGHTY_BOARD, NAUGHTY_EDGE)
    board_header(draw, y, _("NAUGHTY BOARD"), _gifts(d.naughty, len(d.orders)), NAUGHTY_TEXT)
    top, bottom = y + 32, y + 124
    spaces = space_edges(len(d.orders))
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
        printed = _(ORDER_LINES[order]) if order in ORDER_LINES else (order or "").replace("_", " ").title()
        lines = split_lines(printed, SMALL, right - left - 4) if printed else []
        three = len(lines) > 2  # a long word hyphenated: a smaller gift, closer lines
        if filled:
            naughty_gift(draw, cx, top + (30 if three else 33), 22 if three else 28)
            base = top + (50 if three else 60)
        else:
            text(draw, (cx, top + (18 if three else 22)), str(n), 22, NAUGHTY_EDGE)
            base = top + (40 if three else 50)
        for k, line in enumerate(lines[:3]):
            label = fit(line, SMALL, right - left - 4)
            text(draw, (cx, base + k * (16 if three else 19)), label, SMALL, GOLD if last else NAUGHTY_TEXT)
    # the standing rules: the Krampus check from space 3 on, Heads Together from space 5 on
    rules = (
        # i18n: the standing rule of Secret Krampus from 3 naughty gifts on (a bar on the board)
        (3, d.krampus_check, _("Krampus check"), bottom + 5),
        # i18n: the standing rule of Secret Krampus from 5 naughty gifts on (a bar on the board)
        (5, d.heads_together, _("Heads Together"), bottom + 29),
    )
    for start, active, name, bar_top in rules:
        if start > len(spaces):
            continue
        box = (spaces[start - 1][0], bar_top, spaces[-1][1], bar_top + 22)
        middle = ((box[0] + box[2]) / 2, bar_top + 11)
        room = box[2] - box[0] - 8
        if active:
            draw.rounded_rectangle(box, radius=9, fill=GOLD, outline=INK)
            # i18n: a standing rule that is active now: "Krampus check: ON"
            text(draw, middle, fit(_("{name}: ON", name=name), SMALL, room), SMALL, INK)
        else:
            draw.rounded_rectangle(box, radius=9, outline=NAUGHTY_EDGE, width=1)
            text(draw, middle, fit(name, SMALL, room), SMALL, NAUGHTY_TEXT)
        # i18n: left of a standing rule's bar: it applies from naughty space {start} on
        caption = _("from {start}:", start=start)
        text(draw, (box[0] - 6, middle[1]), caption, SMALL, DIM, anchor="rm")


def _failed_track(draw: ImageDraw.ImageDraw, d: Drawn) -> None:
    x0, x1 = MARGIN, SPLIT_X
    y, h = BOTTOM_Y, BOTTOM_H
    panel(draw, (x0, y, x1, y + h), TRACK_BOARD, DIM)
    # i18n: how many votes failed in a row, of the number that causes chaos: "2 of 3"
    count = _("{failed} of {chaos_at}", failed=d.failed, chaos_at=d.chaos_at)
    room = x1 - x0 - 2 * PAD - 8 - font(18).getlength(count) - 12
    # i18n: the heading of the failed-votes track (capitals, at most ~200 px with its count)
    title = fit(_("FAILED VOTES"), 20, room)
    text(draw, (x0 + PAD + 4, y + 16), title, 20, WHITE, anchor="lm")
    text(draw, (x1 - PAD - 4, y + 16), count, 18, SNOW, anchor="rm")
    top, bottom = y + 32, y + h - PAD
    for n, (left, right) in enumerate(space_edges(d.chaos_at, x0 + PAD, x1 - PAD), start=1):
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
            coal_lump(draw, cx, cy)
        elif last:
            label = fit(_("CHAOS!"), 18, right - left - 4)
            text(draw, (cx, cy), label, 18, (255, 120, 120))
        else:
            text(draw, (cx, cy), str(n), 22, DIM)


def _piles_and_stables(draw: ImageDraw.ImageDraw, d: Drawn) -> None:
    x0, x1 = SPLIT_X + GAP, WIDTH - MARGIN
    y, h = BOTTOM_Y, BOTTOM_H
    panel(draw, (x0, y, x1, y + h), STABLE_BOARD, HAY)
    left, room = x0 + PAD + 4, x1 - x0 - 2 * PAD - 8
    if d.winner is not None:
        nice = d.winner == "NICE"
        box = (x0 + PAD, y + PAD, x1 - PAD, y + 30)
        draw.rounded_rectangle(
            box, radius=8, fill=NICE_BOARD if nice else NAUGHTY_BOARD, outline=GOLD, width=2
        )
        label = fit(_("TEAM NICE WINS!") if nice else _("TEAM NAUGHTY WINS!"), 20, box[2] - box[0] - 8)
        text(draw, ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2 + 1), label, 20, GOLD)
    else:
        # i18n: the gift piles' sizes (short: 270 px wide)
        piles = _("Draw pile {draw} - discards {discard}", draw=d.draw_pile, discard=d.discard_pile)
        text(draw, (left, y + 17), fit(piles, 18, room), 18, WHITE, anchor="lm")
    # i18n: the heading of the list of players sent to the stables (capitals, short)
    stables = _("STABLES")
    text(draw, (left, y + 44), stables, 18, HAY, anchor="lm")
    if not d.stables:
        after = max(84.0, font(18).getlength(stables) + 5)
        # i18n: nobody is in the stables yet
        text(
            draw,
            (left + after, y + 44),
            fit(_("nobody yet"), SMALL, room - after),
            SMALL,
            STABLE_TEXT,
            anchor="lm",
        )
        return
    for n, (name, krampus) in enumerate(d.stables[:2]):
        cy = y + 66 + n * 21
        note = _("KRAMPUS!") if krampus else _("not Krampus")
        note_w = font(SMALL).getlength(note) + 10
        text(
            draw,
            (left, cy),
            fit(name, SMALL, room - note_w),
            SMALL,
            GOLD if krampus else STABLE_TEXT,
            anchor="lm",
        )
        text(draw, (x1 - PAD - 4, cy), note, SMALL, GOLD if krampus else HAY, anchor="rm")


def render_boards_png(view: Any, names: Sequence[str]) -> bytes:
    """The boards of an `SKView` as a 600x400 palette PNG (`names`: seat names, for the stables)."""
    d = drawn(view, names)
    key = f"{_key(d)}|{current_language()}"  # its words are in the reader's language
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
    _background(draw)
    _nice_board(draw, d)
    _naughty_board(draw, d)
    _failed_track(draw, d)
    _piles_and_stables(draw, d)
    return to_png(image)


__all__ = ["HEIGHT", "RENDER_VERSION", "WIDTH", "Drawn", "drawn", "picture_key", "render_boards_png"]
