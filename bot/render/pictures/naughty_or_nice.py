"""The Naughty or Nice table picture: the playground's kiddos (wished colours, symbol, points),
the offer row, and every player's collection of kiddos by symbol with the score.

Everything drawn comes from `Drawn`, built from the public view; `picture_key` hashes exactly
that, so the picture is re-uploaded only when the playground, the offer or a collection changes.
"""

from __future__ import annotations

import hashlib
import json
import math
from collections.abc import Sequence
from dataclasses import asdict, dataclass

from PIL import Image, ImageDraw

from bot.render.pictures._draw import RGB, disc, fit, star_points, text, to_png
from games.naughty_or_nice.data import Colour, Symbol
from games.naughty_or_nice.viewmodels import NoNView

WIDTH = 880
MARGIN = 12
CARD_W, CARD_H = 98, 118
ROW_H = 64
BG: RGB = (24, 44, 36)
PAPER: RGB = (246, 240, 226)
INK: RGB = (40, 34, 30)
GOLD: RGB = (230, 190, 80)
MUTED: RGB = (170, 180, 170)
COLOUR_RGB: dict[str, RGB] = {
    Colour.RED: (206, 40, 48),
    Colour.BLUE: (40, 96, 200),
    Colour.BLACK: (20, 20, 20),
    Colour.GREEN: (34, 150, 70),
}
SYMBOL_RGB: dict[str, RGB] = {
    Symbol.STAR: (220, 170, 20),
    Symbol.HEART: (210, 60, 100),
    Symbol.MOON: (110, 110, 200),
    Symbol.BELL: (200, 130, 40),
    Symbol.SNOWFLAKE: (60, 160, 210),
}


@dataclass(frozen=True)
class Drawn:
    """Exactly what the picture shows."""

    playground: list[tuple[str, str, list[str], int]]  # name, symbol, colours, points
    offer: list[tuple[str, str]]  # name, colour
    players: list[tuple[str, int, list[tuple[str, str, bool]], bool]]  # title, score, kiddos, active


def drawn(view: NoNView, names: Sequence[str]) -> Drawn:
    def name(seat: int) -> str:
        return names[seat] if 0 <= seat < len(names) else f"seat {seat + 1}"

    players = []
    for p in view.players:
        title = name(p.seat) + (f" ({p.giver_name})" if p.giver_name else "")
        kiddos = [(k.name, k.symbol.value, k.fulfilled) for k in p.kiddos]
        players.append((title, p.score, kiddos, p.active))
    return Drawn(
        playground=[
            (k.name, k.symbol.value, [c.value for c in k.colours], k.points) for k in view.playground
        ],
        offer=[(p.name, p.colour.value) for p in view.offer],
        players=players,
    )


def picture_key(view: NoNView, names: Sequence[str]) -> str:
    data = json.dumps(asdict(drawn(view, names)), sort_keys=True, ensure_ascii=True)
    return hashlib.sha256(data.encode()).hexdigest()[:16]


def symbol_icon(
    draw: ImageDraw.ImageDraw, symbol: str, cx: float, cy: float, r: float, bg: RGB = PAPER
) -> None:
    """A small drawn symbol (the built-in font has no emoji)."""
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


def _kiddo_card(
    draw: ImageDraw.ImageDraw, x: float, y: float, kiddo: tuple[str, str, list[str], int]
) -> None:
    name, symbol, colours, points = kiddo
    draw.rounded_rectangle((x, y, x + CARD_W, y + CARD_H), radius=8, fill=PAPER, outline=GOLD, width=2)
    text(draw, (x + CARD_W / 2, y + 14), fit(name, 14, CARD_W - 8), 14, INK)
    symbol_icon(draw, symbol, x + 18, y + 40, 10)
    text(draw, (x + CARD_W - 20, y + 40), f"{points}", 18, INK)
    slots = len(colours)
    gap = (CARD_W - 12) / max(slots, 1)
    for i, colour in enumerate(colours):
        cx = x + 6 + gap * (i + 0.5)
        disc(draw, (cx, y + 80), min(9, gap / 2 - 1), fill=COLOUR_RGB[colour], outline=INK)
    text(draw, (x + CARD_W / 2, y + CARD_H - 12), symbol.title(), 11, MUTED)


def render_table_png(view: NoNView, names: Sequence[str]) -> bytes:
    return render_drawn_png(drawn(view, names))


def render_drawn_png(d: Drawn) -> bytes:
    top = MARGIN + 24
    height = top + CARD_H + 20 + 40 + ROW_H * len(d.players) + MARGIN
    image = Image.new("RGB", (WIDTH, height), BG)
    draw = ImageDraw.Draw(image)
    text(draw, (MARGIN, MARGIN + 8), "Playground", 16, GOLD, anchor="lm")
    for i, kiddo in enumerate(d.playground):
        _kiddo_card(draw, MARGIN + i * (CARD_W + 10), top, kiddo)
    y = top + CARD_H + 20
    text(draw, (MARGIN, y + 10), "Offer row", 16, GOLD, anchor="lm")
    for i, (name, colour) in enumerate(d.offer):
        x = MARGIN + 110 + i * 170
        draw.rounded_rectangle((x, y, x + 160, y + 22), radius=6, fill=PAPER)
        disc(draw, (x + 12, y + 11), 7, fill=COLOUR_RGB[colour])
        text(draw, (x + 26, y + 11), fit(name, 13, 130), 13, INK, anchor="lm")
    y += 40
    for title, score, kiddos, active in d.players:
        if active:
            draw.rectangle((0, y, WIDTH, y + ROW_H - 4), fill=(40, 70, 56))
        text(draw, (MARGIN, y + 14), fit(title, 15, 230), 15, GOLD if active else PAPER, anchor="lm")
        text(draw, (MARGIN, y + 38), f"{score} pts - {len(kiddos)} kiddos", 13, PAPER, anchor="lm")
        x0 = 260
        for s, symbol in enumerate(Symbol):
            x = x0 + s * 122
            mine = [k for k in kiddos if k[1] == symbol.value]
            if not mine:
                disc(draw, (x + 10, y + 14), 3, fill=MUTED)
                continue
            symbol_icon(draw, symbol.value, x + 10, y + 14, 8, (40, 70, 56) if active else BG)
            text(draw, (x + 24, y + 14), f"x{len(mine)}", 13, PAPER, anchor="lm")
            shown = ", ".join(name + ("" if ok else "*") for name, _, ok in mine)
            text(draw, (x, y + 38), fit(shown, 11, 116), 11, MUTED, anchor="lm")
        y += ROW_H
    return to_png(image, colours=64)
