"""What a phone shows: a message's text as lines and characters, its pictures' shapes and the
smallest letters in them once scaled to a phone's width; and random states of every game.

The budgets of issue 14 ("Fit a phone") in one place, used by `test_phone_budgets.py` and by any
game's own render tests.
"""

from __future__ import annotations

import io
import random
import statistics
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from PIL import Image, ImageDraw

from bot.plugins import GamePlugin
from bot.render.base import Payload, Picture, TableContext
from bot.render.pictures import christmas_tree_cards as cards
from games.core import Event, visible_events

PHONE_WIDTH = 400  # px: what a picture is scaled to on a phone
TYPICAL_LINES = 12  # the median table over a game
MAX_LINES = 18  # any table
MAX_CHARS = 900  # any table, the picture aside
MAX_ASPECT = 2.0  # width / height
MIN_TEXT_PX = 11  # the smallest letters after scaling to PHONE_WIDTH

#: display names as Discord shows them, long and short, with spaces and accents
NAMES = (
    "Gingerbread Gus",
    "Zoë",
    "Mrs Claus 🎄",
    "bob",
    "Ida-Marie",
    "Olaf the Fifth",
    "Kai",
    "Lúcia",
    "Max",
    "Jo",
)


def text_of(payload: Payload) -> str:
    """Everything a reader reads in a message (components aside), one item per line."""
    parts: list[str] = [payload.content or ""]
    for embed in payload.embeds:
        parts += [embed.title or "", embed.description or ""]
        for embedded in embed.fields:
            parts += [embedded.name or "", embedded.value or ""]
        parts.append(embed.footer.text or "")
    return "\n".join(part for part in parts if part.strip())


def lines_of(payload: Payload) -> int:
    text = text_of(payload)
    return len([line for line in text.splitlines() if line.strip()]) if text else 0


@dataclass(frozen=True)
class PictureShape:
    name: str
    width: int
    height: int
    smallest_text: float  # px after scaling to the phone's width (inf: no text)

    @property
    def aspect(self) -> float:
        return self.width / self.height


class _TilesWithTheirTexts(cards.TileCache):
    """Christmas Tree's card tiles, each with the text sizes drawn into it: a tile pasted from
    here notes its texts again, as if the card were drawn anew (the measure of every picture
    drawn with an empty cache, without drawing every card of every picture again)."""

    def __init__(self) -> None:
        super().__init__(size=1_000_000)
        self.noted: list[float] = []  # the sizes of the picture being measured
        self._texts: dict[tuple[Any, ...], list[float]] = {}
        self._drawing_from = 0

    def get(self, key: tuple[Any, ...]) -> cards.Tile | None:
        found = super().get(key)
        if found is None:
            self._drawing_from = len(self.noted)  # the tile is drawn next, then put
        else:
            self.noted += self._texts[key]
        return found

    def put(self, key: tuple[Any, ...], tile: cards.Tile) -> None:
        self._texts[key] = self.noted[self._drawing_from :]
        super().put(key, tile)


_MEASURED_TILES = _TilesWithTheirTexts()


def picture_shape(picture: Picture) -> PictureShape:
    """Render `picture`, noting every text size Pillow draws, and measure it."""
    sizes: list[float] = []
    original = ImageDraw.ImageDraw.text

    def noting(self: Any, xy: Any, text: Any, fill: Any = None, font: Any = None, *a: Any, **kw: Any) -> Any:
        if str(text).strip():
            sizes.append(float(getattr(font, "size", 10)))
        return original(self, xy, text, fill, font, *a, **kw)

    # Christmas Tree cards are drawn once and pasted from a cache: note their texts all the same
    saved, cards.TILES = cards.TILES, _MEASURED_TILES
    _MEASURED_TILES.noted = sizes
    ImageDraw.ImageDraw.text = noting  # type: ignore[method-assign]
    try:
        data = picture.drawn()
    finally:
        ImageDraw.ImageDraw.text = original  # type: ignore[method-assign]
        cards.TILES = saved
    with Image.open(io.BytesIO(data)) as image:
        width, height = image.size
    scale = min(1.0, PHONE_WIDTH / width)
    smallest = min(sizes) * scale if sizes else float("inf")
    return PictureShape(picture.filename, width, height, smallest)


def picture_problems(payload: Payload) -> list[str]:
    problems = []
    for picture in payload.pictures:
        shape = picture_shape(picture)
        if shape.aspect > MAX_ASPECT + 0.05:
            problems.append(f"{shape.name} is {shape.width}x{shape.height}, wider than 2:1")
        if shape.smallest_text < MIN_TEXT_PX - 0.5:
            problems.append(
                f"{shape.name} ({shape.width}x{shape.height}) has text of "
                f"{shape.smallest_text:.1f} px on a {PHONE_WIDTH} px wide phone"
            )
    return problems


def table_problems(payloads: list[Payload]) -> list[str]:
    """The text budgets over one game's tables: every one, and the median."""
    problems = []
    for payload in payloads:
        lines, chars = lines_of(payload), len(text_of(payload))
        if lines > MAX_LINES or chars > MAX_CHARS:
            problems.append(f"{lines} lines, {chars} characters:\n{text_of(payload)}")
    if payloads:
        median = statistics.median(lines_of(p) for p in payloads)
        if median > TYPICAL_LINES:
            problems.append(f"median {median} lines over the game")
    return problems


@dataclass
class Moment:
    """One state of a game as the renderers see it."""

    plugin: GamePlugin
    state: Any
    events: list[Event]  # what the last action did
    ctx: TableContext

    def table(self) -> Payload:
        rules = self.plugin.rules
        return self.plugin.renderer.table(
            rules.view(self.state, None), self.ctx, visible_events(self.events, None)
        )

    def private(self, seat: int) -> Payload:
        rules = self.plugin.rules
        events = visible_events(self.events, seat)
        return self.plugin.renderer.private(rules.view(self.state, seat), self.ctx, events)


def random_game(
    plugin: GamePlugin, players: int, seed: int, options: dict | None = None, limit: int = 400
) -> Iterator[Moment]:
    """The states of one random legal game (at most `limit` actions), from the first."""
    rules = plugin.rules
    rng = random.Random(seed)
    state = rules.new_game(players, rules.parse_options(options), seed)
    names = NAMES[:players]
    events: list[Event] = []
    for _ in range(limit):
        ctx = TableContext(7, rules.decision(state), names, plugin.title)
        yield Moment(plugin, state, events, ctx)
        if rules.outcome(state) is not None:
            return
        deciding = sorted(rules.to_decide(state))
        if not deciding:
            return
        seat = rng.choice(deciding)
        state, events = rules.apply(state, seat, rng.choice(rules.legal_actions(state, seat)))
