"""The Naughty or Nice table picture, made to be read on a phone: the playground's kiddos (name,
points, symbol, wished colours), the offer row, and one row per player (score, collection by
symbol, Rudolf, a pending Mr Scrooge). The hands' sizes, which change with most moves, are in the
table's text instead (its footer): a move that only draws or gives cards edits the text only.

Colours are never told by colour alone: every wished or offered colour carries its letter
(R red, B blue, K black, G green, explained at the bottom) and every symbol its drawn shape and
name. It is 640 px wide and its smallest letters are 18 px, so on a 400 px wide phone they are
still 11 px. Everything drawn comes from `Drawn`, built from the public view; `picture_key`
hashes exactly that, so the picture is sent again only when something drawn changes.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw

from bot.i18n import N_, _, ngettext
from bot.i18n import current as current_language
from bot.render.pictures._draw import RGB, disc, drawable, fit, font, key_of, star_points, text, to_png
from games.naughty_or_nice.data import Colour, Symbol
from games.naughty_or_nice.viewmodels import NoNView
from games.naughty_or_nice.words import SYMBOL_NAMES

WIDTH = 640
MARGIN = 12
SMALL = 18  # the smallest letters: 18 * 400 / 640 = 11.25 px on a phone
CARD_W, CARD_H, GAP = 148, 100, 8
ROW_H = 58
BG: RGB = (24, 44, 36)
ACTIVE_BG: RGB = (44, 78, 60)
PAPER: RGB = (246, 240, 226)
INK: RGB = (40, 34, 30)
GOLD: RGB = (230, 190, 80)
MUTED: RGB = (190, 200, 190)
COLOUR_RGB: dict[str, RGB] = {
    Colour.RED: (206, 40, 48),
    Colour.BLUE: (40, 96, 200),
    Colour.BLACK: (20, 20, 20),
    Colour.GREEN: (34, 150, 70),
}
#: The letter in every colour disc (colour-blind players read the letter).
COLOUR_LETTER: dict[str, str] = {
    # i18n: the letter in a red disc in the Naughty or Nice pictures: the initial of "red" in your
    # language (one capital letter, different from the other colours' letters)
    Colour.RED: N_("R"),
    # i18n: the letter in a blue disc (initial of "blue"; one capital letter)
    Colour.BLUE: N_("B"),
    # i18n: the letter in a black disc (one capital letter, not the same as blue's)
    Colour.BLACK: N_("K"),
    # i18n: the letter in a green disc (initial of "green"; one capital letter)
    Colour.GREEN: N_("G"),
}
# i18n: the key under the Naughty or Nice pictures: each colour's letter (the same letters as the
# discs') and its name
LEGEND = N_("R red   B blue   K black   G green")
SYMBOL_RGB: dict[str, RGB] = {
    Symbol.STAR: (220, 170, 20),
    Symbol.HEART: (210, 60, 100),
    Symbol.MOON: (110, 110, 200),
    Symbol.BELL: (200, 130, 40),
    Symbol.SNOWFLAKE: (60, 160, 210),
}


@dataclass(frozen=True)
class Seat:
    title: str  # name (gift giver)
    score: int
    symbols: list[int]  # kiddos per symbol, in `Symbol` order
    extras: str  # "Rudolf 2", "skips a turn"
    active: bool


@dataclass(frozen=True)
class Drawn:
    """Exactly what the picture shows."""

    playground: list[tuple[str, str, list[str], int]]  # name, symbol, colours, points
    offer: list[tuple[str, str]]  # name, colour
    players: list[Seat]


def drawn(view: NoNView, names: Sequence[str]) -> Drawn:
    def name(seat: int) -> str:
        return drawable(names[seat], "?") if 0 <= seat < len(names) else _("Seat {n}", n=seat + 1)

    players = []
    for p in view.players:
        extras = []
        if p.rudolf:
            # i18n: how many Reindeer a player keeps under Rudolf ("Rudolf 2"), after their name
            extras.append(_("Rudolf {n}", n=p.rudolf))
        if p.scrooge_pending and not view.over:
            # i18n: after a player's name: Mr Scrooge makes them skip their next turn
            extras.append(_("skips a turn"))
        title = name(p.seat)
        if p.giver_name:
            # i18n: a player's name and their gift giver, above their row: "Anna (Befana)"
            title = _("{name} ({giver})", name=title, giver=_(p.giver_name))
        players.append(
            Seat(
                title=title,
                score=p.score,
                symbols=[sum(k.symbol == s for k in p.kiddos) for s in Symbol],
                extras=", ".join(extras),
                active=p.active,
            )
        )
    return Drawn(
        playground=[
            (_(k.name), k.symbol.value, [c.value for c in k.colours], k.points) for k in view.playground
        ],
        offer=[(_(p.name), p.colour.value) for p in view.offer],
        players=players,
    )


def picture_key(view: NoNView, names: Sequence[str]) -> str:
    return key_of(drawn(view, names))


def symbol_icon(
    draw: ImageDraw.ImageDraw, symbol: str, cx: float, cy: float, r: float, bg: RGB = PAPER
) -> None:
    """A small drawn symbol (the font has no emoji)."""
    fill = SYMBOL_RGB[symbol]
    if symbol == Symbol.STAR:
        draw.polygon(star_points(cx, cy, r, r * 0.45), fill=fill)
    elif symbol == Symbol.HEART:
        disc(draw, (cx - r * 0.45, cy - r * 0.25), r * 0.5, fill=fill)
        disc(draw, (cx + r * 0.45, cy - r * 0.25), r * 0.5, fill=fill)
        draw.polygon([(cx - r * 0.93, cy - r * 0.1), (cx + r * 0.93, cy - r * 0.1), (cx, cy + r)], fill=fill)
    elif symbol == Symbol.MOON:
        disc(draw, (cx, cy), r * 0.9, fill=fill)
        disc(draw, (cx + r * 0.45, cy - r * 0.2), r * 0.75, fill=bg)
    elif symbol == Symbol.BELL:
        draw.polygon(
            [
                (cx - r * 0.4, cy - r * 0.7),
                (cx + r * 0.4, cy - r * 0.7),
                (cx + r * 0.9, cy + r * 0.6),
                (cx - r * 0.9, cy + r * 0.6),
            ],
            fill=fill,
        )
        disc(draw, (cx, cy + r * 0.75), r * 0.25, fill=fill)
    else:
        for n in range(3):
            a = math.pi * n / 3
            dx, dy = r * math.cos(a), r * math.sin(a)
            draw.line((cx - dx, cy - dy, cx + dx, cy + dy), fill=fill, width=max(2, int(r / 4)))


def colour_disc(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float, colour: str) -> None:
    """A wished / offered colour: the coloured disc with its letter."""
    disc(draw, (cx, cy), r, fill=COLOUR_RGB[colour], outline=PAPER if colour == Colour.BLACK else INK)
    text(draw, (cx, cy + 1), _(COLOUR_LETTER[colour]), SMALL, PAPER)


@lru_cache(maxsize=128)  # ~45 kB each
def _kiddo_tile(kiddo: tuple[str, str, tuple[str, ...], int], language: str) -> Image.Image:
    """A kiddo card drawn once (per card and language) on the table's background, then pasted at
    whole pixels (a third of the table's drawing was its cards, redrawn in every picture). Only
    read after it is made (`Image.paste` copies it)."""
    tile = Image.new("RGB", (CARD_W + 1, CARD_H + 1), BG)
    _kiddo_card(ImageDraw.Draw(tile), 0, 0, kiddo)
    return tile


def _kiddo_card(
    draw: ImageDraw.ImageDraw, x: float, y: float, kiddo: tuple[str, str, tuple[str, ...], int]
) -> None:
    name, symbol, colours, points = kiddo
    draw.rounded_rectangle((x, y, x + CARD_W, y + CARD_H), radius=8, fill=PAPER, outline=GOLD, width=2)
    score = f"{points}"
    text(draw, (x + CARD_W - 8, y + 16), score, 22, INK, anchor="rm")
    text(draw, (x + 8, y + 16), fit(name, SMALL, CARD_W - 40), SMALL, INK, anchor="lm")
    label = _(SYMBOL_NAMES[Symbol(symbol)])
    if font(SMALL).getlength(label) <= CARD_W - 40:
        symbol_icon(draw, symbol, x + 18, y + 44, 10)
        text(draw, (x + 34, y + 44), label, SMALL, INK, anchor="lm")
    else:  # a long name ("Schneeflocke"): a smaller icon leaves it more room
        symbol_icon(draw, symbol, x + 13, y + 44, 7)
        text(draw, (x + 23, y + 44), fit(label, SMALL, CARD_W - 26), SMALL, INK, anchor="lm")
    slots = max(len(colours), 1)
    gap = (CARD_W - 12) / slots
    radius = min(13.0, gap / 2 - 1)
    for i, colour in enumerate(colours):
        colour_disc(draw, x + 6 + gap * (i + 0.5), y + 76, radius, colour)


def _player_row(draw: ImageDraw.ImageDraw, y: float, seat: Seat) -> None:
    bg = ACTIVE_BG if seat.active else BG
    if seat.active:
        draw.rectangle((0, y, WIDTH, y + ROW_H - 4), fill=bg)
    score = ngettext("{n} pt", "{n} pts", seat.score)
    text(draw, (WIDTH - MARGIN, y + 15), score, 20, GOLD, anchor="rm")
    title = ("> " if seat.active else "") + seat.title
    if seat.extras:
        title += f" - {seat.extras}"
    text(
        draw,
        (MARGIN, y + 15),
        fit(title, SMALL, WIDTH - 2 * MARGIN - 90),
        SMALL,
        GOLD if seat.active else PAPER,
        anchor="lm",
    )
    for s, symbol in enumerate(Symbol):
        x = MARGIN + 10 + s * 46
        symbol_icon(draw, symbol.value, x, y + 40, 9, bg)
        text(
            draw,
            (x + 14, y + 40),
            str(seat.symbols[s]),
            SMALL,
            PAPER if seat.symbols[s] else MUTED,
            anchor="lm",
        )


def render_table_png(view: NoNView, names: Sequence[str]) -> bytes:
    return render_drawn_png(drawn(view, names))


def render_drawn_png(d: Drawn) -> bytes:
    rows = max(1, math.ceil(len(d.playground) / 4))
    top = MARGIN + 26
    offer_y = top + rows * (CARD_H + GAP) + 6
    players_y = offer_y + 46
    height = players_y + ROW_H * len(d.players) + 30 + MARGIN
    image = Image.new("RGB", (WIDTH, height), BG)
    draw = ImageDraw.Draw(image)
    # i18n: the heading of the kiddo cards in the Naughty or Nice picture (one line, 616 px)
    heading = fit(_("Playground (points, symbol, wished colours)"), SMALL, WIDTH - 2 * MARGIN)
    text(draw, (MARGIN, MARGIN + 10), heading, SMALL, GOLD, anchor="lm")
    if not d.playground:
        text(draw, (MARGIN, top + 20), _("no kiddos left"), SMALL, MUTED, anchor="lm")
    for i, (name, symbol, colours, points) in enumerate(d.playground):
        tile = _kiddo_tile((name, symbol, tuple(colours), points), current_language())
        image.paste(tile, (MARGIN + (i % 4) * (CARD_W + GAP), top + (i // 4) * (CARD_H + GAP)))
    # i18n: the label of the offer row (the presents anyone may take), short
    offer = _("Offer")
    text(draw, (MARGIN, offer_y + 16), offer, SMALL, GOLD, anchor="lm")
    chips_x = max(62.0, font(SMALL).getlength(offer) + 10)  # the label's room
    chip_w = (WIDTH - 2 * MARGIN - chips_x) / 3
    for i, (name, colour) in enumerate(d.offer):
        x = MARGIN + chips_x + i * chip_w
        draw.rounded_rectangle((x, offer_y, x + chip_w - 6, offer_y + 32), radius=6, fill=PAPER)
        colour_disc(draw, x + 17, offer_y + 16, 12, colour)
        text(draw, (x + 34, offer_y + 16), fit(name, SMALL, chip_w - 44), SMALL, INK, anchor="lm")
    if not d.offer:
        # i18n: the offer row has no cards
        text(draw, (MARGIN + chips_x, offer_y + 16), _("empty"), SMALL, MUTED, anchor="lm")
    y = players_y
    for seat in d.players:
        _player_row(draw, y, seat)
        y += ROW_H
    text(draw, (MARGIN, y + 14), fit(_(LEGEND), SMALL, WIDTH - 2 * MARGIN), SMALL, MUTED, anchor="lm")
    return to_png(image, colours=64)
