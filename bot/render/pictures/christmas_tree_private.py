"""A player's private Christmas Tree picture: their tree on top, and below it either the hand they
hold, drawn as cards numbered like the card select, or, once a card and a cell are picked, a close
look at that cell with the card upright and upside down (what each way would touch).

Drawn only from what the seat's view holds (its tree, its hand, its draft). One canvas 480 px wide
so that a phone shows the tree nearly full size; every text is at least `min_font(480)` px.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from PIL import Image, ImageDraw

from bot.i18n import _
from bot.render.pictures._draw import RGB, fit, text, to_png
from bot.render.pictures.christmas_tree import draw_tree, key_of, plain
from bot.render.pictures.christmas_tree_cards import (
    BACKDROP,
    GOLD,
    HALF_H,
    HALF_W,
    NIGHT,
    TITLE,
    TREE_H,
    TREE_W,
    Layout,
    draw_card,
    min_font,
    slots_of,
)
from games.christmas_tree.scoring import Slot

WIDTH = TREE_W
SMALL = min_font(WIDTH)
LABEL_H = 34
HAND_SCALE = 0.95
HAND_COLUMNS = 5
HAND_ROW_H = round(2 * HALF_H * HAND_SCALE) + 34
CLOSE_SCALE = 1.15
CLOSE_W, CLOSE_H = round(4 * HALF_W * CLOSE_SCALE), round(4 * HALF_H * CLOSE_SCALE)
LABEL: RGB = (220, 228, 240)
UPRIGHT, UPSIDE_DOWN = 0, 180


@dataclass(frozen=True)
class PrivatePicture:
    """What a seat's picture shows: `tree` (21 slots) titled `title`, the free cells in `numbered`
    numbered (where the card may go), the `highlight` cells ringed; then `hand` (card codes,
    `selected` ringed) or, with `close` = (card, cell), that card on that cell of `tree`, and
    below a close look at it in each of `rotations` (none when it has one way to face)."""

    tree: Sequence[Any]
    title: str
    highlight: tuple[int, ...] = ()
    numbered: tuple[int, ...] = ()
    hand: tuple[str, ...] = ()
    selected: int | None = None
    close: tuple[str, int] | None = None
    rotations: tuple[int, ...] = field(default=(UPRIGHT, UPSIDE_DOWN))

    def key(self) -> str:
        return key_of(
            {
                "private": plain(self.tree),
                "title": self.title,
                "highlight": sorted(set(self.highlight)),
                "numbered": sorted(set(self.numbered)),
                "hand": list(self.hand),
                "selected": self.selected,
                "close": list(self.close) if self.close else None,
                "rotations": list(self.rotations),
            }
        )

    def render(self) -> bytes:
        slots = slots_of(self.tree)
        two_ways = self.close is not None and len(self.rotations) > 1
        below = _close_height() if two_ways else 0 if self.close else _hand_height(len(self.hand))
        image = Image.new("RGB", (WIDTH, TREE_H + below), BACKDROP)
        lay = Layout(0, 0, 1.0, SMALL)
        shown = list(slots)
        if self.close:
            card, cell = self.close
            shown[cell] = Slot(card, self.rotations[0])
        draw_tree(
            image,
            lay,
            shown,
            title=self.title,
            number_free_cells=True,
            numbered=self.numbered,
            highlight=self.highlight,
        )
        if two_ways:
            self._draw_close(image, slots, TREE_H)
        elif self.hand and not self.close:
            self._draw_hand(image, TREE_H)
        return to_png(image)

    def _draw_hand(self, image: Image.Image, y0: int) -> None:
        draw = ImageDraw.Draw(image)
        # i18n: above the cards in a player's hand, under their tree
        label = fit(_("The hand in front of you"), 18, WIDTH - 8)
        text(draw, (WIDTH / 2, y0 + LABEL_H / 2), label, 18, LABEL)
        lay = Layout(0, 0, HAND_SCALE, SMALL)
        step = WIDTH / HAND_COLUMNS
        columns = _columns(len(self.hand))
        for n, code in enumerate(self.hand):
            row, column = divmod(n, columns)
            in_row = min(columns, len(self.hand) - row * columns)
            x = WIDTH / 2 + (column - (in_row - 1) / 2) * step
            y = y0 + LABEL_H + row * HAND_ROW_H + lay.hh
            chosen = n == self.selected
            draw_card(
                image,
                lay,
                (x, y),
                Slot(code, UPRIGHT),
                GOLD if chosen else (200, 210, 225),
                5 if chosen else 2,
            )
            text(draw, (x, y + lay.hh + 15), str(n + 1), 20, GOLD if chosen else TITLE)

    def _draw_close(self, image: Image.Image, slots: list[Slot | None], y0: int) -> None:
        assert self.close is not None
        card, cell = self.close
        draw = ImageDraw.Draw(image)
        # i18n: above the close-ups of a card placed on the tree: the card turned upright / upside down
        words = {UPRIGHT: _("Upright"), UPSIDE_DOWN: _("Upside down")}
        count = len(self.rotations)
        gap = (WIDTH - count * CLOSE_W) / (count + 1)
        for n, rotation in enumerate(self.rotations):
            x = gap + n * (CLOSE_W + gap)
            text(draw, (x + CLOSE_W / 2, y0 + LABEL_H / 2), words[rotation], 20, GOLD)
            image.paste(_close_up(slots, card, cell, rotation), (round(x), y0 + LABEL_H))


def _columns(cards: int) -> int:
    """Cards per row: at most `HAND_COLUMNS`, the rows as even as they can be (8 = 4 + 4)."""
    rows = -(-cards // HAND_COLUMNS)
    return -(-cards // max(1, rows))


def _hand_height(cards: int) -> int:
    if not cards:
        return 0
    rows = -(-cards // _columns(cards))
    return LABEL_H + rows * HAND_ROW_H + 4


def _close_height() -> int:
    return LABEL_H + CLOSE_H + 8


def _close_up(slots: list[Slot | None], card: str, cell: int, rotation: int) -> Image.Image:
    """The cell and its neighbours with `card` on it at `rotation`, cut out of the whole tree."""
    big = Image.new(
        "RGB", (round((TREE_W + 2 * CLOSE_W) * CLOSE_SCALE), round((TREE_H + CLOSE_H) * CLOSE_SCALE)), NIGHT
    )
    lay = Layout(CLOSE_W, CLOSE_H / 2, CLOSE_SCALE, SMALL)
    tree = list(slots)
    tree[cell] = Slot(card, rotation)
    draw_tree(big, lay, tree, highlight=(cell,))
    cx, cy = lay.centre(cell)
    box = (round(cx - CLOSE_W / 2), round(cy - CLOSE_H / 2))
    return big.crop((box[0], box[1], box[0] + CLOSE_W, box[1] + CLOSE_H))


__all__ = ["PrivatePicture"]
