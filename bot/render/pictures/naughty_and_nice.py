"""The Naughty & Nice table picture: one row per player with their cards in play as value chips in
three columns (Nice, Naughty, Shiny!) beside each column's total and the play area's size; at the
end each player's score and difference, each Shiny! card's face (a triangle) and where it went: a
counting one into the Nice or Naughty column, one that does not count struck out (the die's roll
is in the table's text).

Everything drawn comes from `Drawn`, built from the public view; `picture_key` hashes exactly
that, so the picture is re-uploaded only when something it shows changes. What changes with
every draw (the hands' sizes, the piles) is in the table's text instead: a draw then edits the
text only, and the picture is drawn again when cards are played, taken or the turn passes.
Sized for a phone: 600 px wide (shown at 400), every letter at least 17 px (11 px on the phone),
at most 2:1.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw

from bot.i18n import _
from bot.render.pictures._draw import RGB, drawable, fit, key_of, star_points, text, to_png
from games.naughty_and_nice.data import CardType, Side
from games.naughty_and_nice.view_models import FinalScore, NNView, PlayerPublic
from games.naughty_and_nice.words import TYPE_NAMES

WIDTH = 600
MARGIN = 10
NAME_W = 190  # "score 12 · diff. 3" in DejaVu Sans
COL_W = (WIDTH - 2 * MARGIN - NAME_W) // 3
TOTAL_W = 34
CHIP_W, CHIP_H, CHIP_STEP = 30, 24, 32
LINE_H = 28
SMALL, MEDIUM, BIG = 17, 19, 22  # font sizes: 11, 12.7 and 14.7 px on a 400 px wide phone
BG: RGB = (24, 44, 36)
ROW: RGB = (32, 58, 47)
ACTIVE_ROW: RGB = (52, 88, 66)
PAPER: RGB = (246, 240, 226)
MUTED: RGB = (176, 188, 176)
GOLD: RGB = (232, 192, 82)
INK: RGB = (40, 34, 30)
DIM: RGB = (92, 104, 96)
TYPE_FILL: dict[str, RGB] = {
    CardType.NICE: (44, 138, 78),
    CardType.NAUGHTY: (184, 44, 52),
    CardType.SHINY: GOLD,
}
TYPE_TEXT: dict[str, RGB] = {CardType.NICE: PAPER, CardType.NAUGHTY: PAPER, CardType.SHINY: INK}
TYPE_LABEL: dict[str, RGB] = {
    CardType.NICE: (120, 210, 140),
    CardType.NAUGHTY: (240, 110, 110),
    CardType.SHINY: GOLD,
}
COLUMNS = (CardType.NICE, CardType.NAUGHTY, CardType.SHINY)


@dataclass(frozen=True)
class Chip:
    """A card in play: its type (colour), value, and at the end its face and whether it counted."""

    type: str
    value: int
    face_up: bool | None = None  # shown at the end only (Shiny! cards)
    dead: bool = False  # a Shiny! card that does not count


@dataclass(frozen=True)
class Row:
    name: str
    mark: str  # "active", "winner" or ""
    line: str  # under the name: sizes, the orientation state or the score
    target: bool  # the target of the Shiny! steal under way
    cells: tuple[tuple[str, tuple[Chip, ...]], ...]  # (total, chips) for Nice, Naughty, Shiny!


@dataclass(frozen=True)
class Drawn:
    """Exactly what the picture shows."""

    rows: tuple[Row, ...]


def _running(view: NNView, name: str, p: PlayerPublic) -> Row:
    # i18n: under a player's name (182 px wide): how many cards they have in play
    line = _("{play} in play", play=p.cards_in_play_count)
    chips = {t: tuple(Chip(c.type, c.value) for c in p.cards_in_play if c.type == t) for t in COLUMNS}
    totals = {CardType.NICE: p.nice_total, CardType.NAUGHTY: p.naughty_total, CardType.SHINY: p.shiny_total}
    cells = tuple((str(totals[t]) if chips[t] or t != CardType.SHINY else "", chips[t]) for t in COLUMNS)
    steal = view.steal
    return Row(
        name, "active" if p.is_active else "", line, steal is not None and steal.target == p.seat, cells
    )


def _final(name: str, p: PlayerPublic, r: FinalScore) -> Row:
    plain = {t: [Chip(c.type, c.value) for c in p.cards_in_play if c.type == t] for t in COLUMNS[:2]}
    shiny: list[Chip] = []
    for s in r.shinies:
        chip = Chip(CardType.SHINY, s.card.value, s.face_up, not s.counts)
        if s.counts and s.side == Side.NICE:
            plain[CardType.NICE].append(chip)
        elif s.counts and s.side == Side.NAUGHTY:
            plain[CardType.NAUGHTY].append(chip)
        else:
            shiny.append(chip)
    cells = (
        (str(r.nice_final), tuple(plain[CardType.NICE])),
        (str(r.naughty_final), tuple(plain[CardType.NAUGHTY])),
        ("", tuple(shiny)),
    )
    # i18n: under a player's name at the end (182 px wide): their score and the difference of their
    # Nice and Naughty totals (the tie-breaker)
    line = _("score {score} · diff. {difference}", score=r.score, difference=r.difference)
    return Row(name, "winner" if r.winner else "", line, False, cells)


def drawn(view: NNView, names: Sequence[str]) -> Drawn:
    def name(seat: int) -> str:
        return drawable(names[seat] if 0 <= seat < len(names) else "", _("Player {n}", n=seat + 1))

    results = {r.seat: r for r in view.results}
    rows = tuple(
        _final(name(p.seat), p, results[p.seat]) if p.seat in results else _running(view, name(p.seat), p)
        for p in view.players
    )
    return Drawn(rows)


def picture_key(view: NNView, names: Sequence[str]) -> str:
    return key_of(drawn(view, names))


def render_table_png(view: NNView, names: Sequence[str]) -> bytes:
    return render_drawn_png(drawn(view, names))


# -- drawing --------------------------------------------------------------------------------------
def _lines(row: Row) -> int:
    per_line = (COL_W - TOTAL_W) // CHIP_STEP
    return max(2, *(-(-len(chips) // per_line) for _, chips in row.cells))


def _chip(draw: ImageDraw.ImageDraw, x: float, y: float, chip: Chip) -> None:
    fill, ink = (DIM, MUTED) if chip.dead else (TYPE_FILL[chip.type], TYPE_TEXT[chip.type])
    draw.rounded_rectangle((x, y, x + CHIP_W, y + CHIP_H), radius=5, fill=fill)
    text(draw, (x + CHIP_W / 2, y + CHIP_H / 2), f"{chip.value:+d}", SMALL, ink)
    if chip.face_up is not None:  # a small triangle: face up points up, face down points down
        cx, top, bottom = x + CHIP_W - 1, y - 4, y + 4
        points = (
            [(cx - 5, bottom), (cx + 5, bottom), (cx, top)]
            if chip.face_up
            else [
                (cx - 5, top),
                (cx + 5, top),
                (cx, bottom),
            ]
        )
        draw.polygon(points, fill=PAPER, outline=INK)
    if chip.dead:
        draw.line((x + 3, y + CHIP_H - 4, x + CHIP_W - 3, y + 4), fill=MUTED, width=2)


def _row(draw: ImageDraw.ImageDraw, y: int, row: Row, height: int) -> None:
    fill = ACTIVE_ROW if row.mark == "active" else ROW
    outline = GOLD if row.target else None
    draw.rounded_rectangle((4, y, WIDTH - 4, y + height - 4), radius=8, fill=fill, outline=outline, width=3)
    x = MARGIN + 4
    if row.mark == "active":
        draw.polygon([(x, y + 8), (x + 11, y + 16), (x, y + 24)], fill=GOLD)
        x += 16
    elif row.mark == "winner":
        draw.polygon(star_points(x + 7, y + 16, 9, 4), fill=GOLD)
        x += 20
    colour = GOLD if row.mark else PAPER
    text(draw, (x, y + 16), fit(row.name, MEDIUM, NAME_W - (x - MARGIN) - 4), MEDIUM, colour, anchor="lm")
    text(draw, (MARGIN + 4, y + 42), fit(row.line, SMALL, NAME_W - 8), SMALL, MUTED, anchor="lm")
    per_line = (COL_W - TOTAL_W) // CHIP_STEP
    for col, (total, chips) in enumerate(row.cells):
        left = MARGIN + NAME_W + col * COL_W
        if total:
            text(draw, (left + TOTAL_W / 2, y + 16), total, BIG, PAPER)
        elif not chips:
            text(draw, (left + TOTAL_W / 2, y + 16), "-", SMALL, DIM)
        for i, chip in enumerate(chips):
            line, pos = divmod(i, per_line)
            _chip(draw, left + TOTAL_W + pos * CHIP_STEP, y + 5 + line * LINE_H, chip)


def render_drawn_png(d: Drawn) -> bytes:
    heights = [_lines(row) * LINE_H + 10 for row in d.rows]
    top = 36
    height = max(top + sum(heights) + 36, WIDTH // 2)
    image = Image.new("RGB", (WIDTH, height), BG)
    draw = ImageDraw.Draw(image)
    # i18n: the heading of the column of players' names
    heading = fit(_("Player"), SMALL, NAME_W - 8)
    text(draw, (MARGIN + 4, 18), heading, SMALL, MUTED, anchor="lm")
    for col, card_type in enumerate(COLUMNS):
        label = fit(_(TYPE_NAMES[card_type]), MEDIUM, COL_W - 6)
        text(draw, (MARGIN + NAME_W + col * COL_W + 4, 18), label, MEDIUM, TYPE_LABEL[card_type], anchor="lm")
    y = top
    for row, h in zip(d.rows, heights, strict=True):
        _row(draw, y, row, h)
        y += h
    # i18n: the key under the Naughty & Nice picture (one line, at most ~60 letters)
    legend = _("Score: the lower of Nice and Naughty; ties: smaller difference")
    text(draw, (WIDTH / 2, height - 18), fit(legend, SMALL, WIDTH - 2 * MARGIN), SMALL, MUTED)
    return to_png(image, colours=48)
