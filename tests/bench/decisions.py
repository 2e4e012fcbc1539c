"""How long a decision takes to reach the place its players decide it, under load.

When a click closes a decision, the next one is committed at once; its controls then reach the
table (through the click's own answer when it was made there, else through a REST edit) or each
deciding player's private message (a DM edit or a new DM, or their view). Those writes are paced
(`bot.pacing`: 5 per channel in 5 s, and the process's share of Discord's global limit), so under
load a decision may show up later than the click's answer: a player then waits for controls that
are not there yet. This measures that wait, from the stored messages the loopback sees.

A decision's controls carry its game and number in their custom_ids (`kind:game:decision:...`,
`bot.components`); decisions are numbered in order, so the click that closed decision `d` (the
last answered click on `d`) opened `d + 1`. Decisions opened by no click (a game's first, an AI
turn, a timer) are not counted.
"""

from __future__ import annotations

import re
import time
from collections.abc import Iterable, Iterator
from typing import Any, NamedTuple

from tests.loopback import InteractionResult, LoopbackDiscord
from tests.loopback.model import MessageMeta
from tests.loopback.text import iter_components

_DECISION = re.compile(r"[a-z]+:(\d+):(\d+):")
_ACTION = re.compile(r"(?:act|pick):(\d+):(\d+):")
TABLE = 0  # the reader of a channel message: everyone


class DecisionTimes:
    """Records, from `start()` on, when each decision's enabled controls first reach each reader
    (a DM's or a view's player; `TABLE` for the channel)."""

    def __init__(self, loop: LoopbackDiscord) -> None:
        self.shown: dict[tuple[int, int, int], float] = {}  # (game, decision, reader) -> first time
        #: message id -> (time, the (game, decision) its enabled controls answer, or None) at
        #: each write that changed it; and who reads each message
        self.offers: dict[int, list[tuple[float, tuple[int, int] | None]]] = {}
        self.readers: dict[int, int] = {}
        self._on = False
        loop.on_written.append(self.written)
        loop.on_deleted.append(self.deleted)

    def start(self) -> None:
        self._on = True

    def written(self, message: dict[str, Any], meta: MessageMeta) -> None:
        at = time.monotonic()
        reader = meta.user_id if meta.kind in ("dm", "ephemeral") and meta.user_id else TABLE
        offered: tuple[int, int] | None = None
        for component in iter_components(message):
            custom_id = component.get("custom_id")
            if custom_id and not component.get("disabled") and (found := _DECISION.match(custom_id)):
                offered = (int(found[1]), int(found[2]))
                if self._on:  # (what messages offer is followed from the start: `stale_ms`)
                    self.shown.setdefault((*offered, reader), at)
        if "id" in message:
            history = self.offers.setdefault(int(message["id"]), [])
            if not history or history[-1][1] != offered:
                history.append((at, offered))
                self.readers[int(message["id"])] = reader

    def deleted(self, message_id: int, meta: MessageMeta) -> None:
        """A deleted message offers nothing from now on."""
        history = self.offers.get(message_id)
        if history and history[-1][1] is not None:
            history.append((time.monotonic(), None))

    def delays_ms(self, clicks: Iterable[InteractionResult]) -> dict[str, list[float]]:
        """Per place ("table", "private"): for each decision a click opened, how long after that
        click's answer its controls reached each of the places that showed them."""
        delays: dict[str, list[float]] = {"table": [], "private": []}
        for late in self._delays(clicks):
            delays[late.place].append(late.ms)
        return delays

    def slowest(self, clicks: Iterable[InteractionResult], count: int = 3) -> list[dict[str, Any]]:
        """The `count` longest of those waits, each with its game, decision, reader and the
        custom_id of the click it is timed from (to look the game up afterwards)."""
        found = sorted(self._delays(clicks), key=lambda late: late.ms, reverse=True)[:count]
        return [late._asdict() for late in found]

    def stale_ms(
        self, clicks: Iterable[InteractionResult], end: float | None = None
    ) -> dict[str, list[float]]:
        """Per place ("table", "private"): for each decision a click closed, how long each
        message that still offered its controls then kept them (until its next write changed
        them; one still showing them at `end` counts until `end`). The decision is over from
        when the next one first showed anywhere; one whose next never showed is left out (a
        click on a decision that several make at once, or a reaction window's answer, does not
        close it)."""
        stale: dict[str, list[float]] = {"table": [], "private": []}
        for kept in self._stale(clicks, end):
            stale[kept.place].append(kept.ms)
        return stale

    def stalest(self, clicks: Iterable[InteractionResult], count: int = 3) -> list[dict[str, Any]]:
        """The `count` longest of those, each with its game, decision, reader, message and the
        custom_id of the click that closed the decision (to look them up afterwards)."""
        found = sorted(self._stale(clicks, None), key=lambda kept: kept.ms, reverse=True)[:count]
        return [kept._asdict() for kept in found]

    def _stale(self, clicks: Iterable[InteractionResult], end: float | None) -> Iterator[Kept]:
        end = time.monotonic() if end is None else end
        first: dict[tuple[int, int], float] = {}
        for (game, decision, _reader), at in self.shown.items():
            first[(game, decision)] = min(at, first.get((game, decision), at))
        spans: dict[tuple[int, int], list[tuple[float, float, int]]] = {}
        for message_id, history in self.offers.items():
            for i, (since, offered) in enumerate(history):
                if offered is not None:
                    until = history[i + 1][0] if i + 1 < len(history) else end
                    spans.setdefault(offered, []).append((since, until, message_id))
        for (game, decision), (_clicked, custom_id) in self._closing(clicks).items():
            if (over := first.get((game, decision + 1))) is None:
                continue  # not known to be over (a simultaneous decision others still make)
            for since, until, message_id in spans.get((game, decision), []):
                if since <= over < until:
                    reader = self.readers[message_id]
                    place = "table" if reader == TABLE else "private"
                    yield Kept(place, (until - over) * 1000, game, decision, reader, message_id, custom_id)

    @staticmethod
    def _closing(clicks: Iterable[InteractionResult]) -> dict[tuple[int, int], tuple[float, str]]:
        """(game, decision) -> the answer time and custom_id of the last action taken on it."""
        closed: dict[tuple[int, int], tuple[float, str]] = {}
        for click in clicks:
            found = _ACTION.match(click.custom_id or "")
            # an action taken (answered by updating the clicked message), not a half-made choice
            # or a refusal (an ephemeral message, e.g. "That choice is already over")
            if found is None or click.answered_at is None or click.response_type not in (6, 7):
                continue
            key = (int(found[1]), int(found[2]))
            if click.answered_at >= closed.get(key, (0.0, ""))[0]:
                closed[key] = (click.answered_at, click.custom_id or "")
        return closed

    def _delays(self, clicks: Iterable[InteractionResult]) -> Iterator[Late]:
        closed = self._closing(clicks)
        for (game, decision, reader), at in self.shown.items():
            if (opened := closed.get((game, decision - 1))) is not None:
                place = "table" if reader == TABLE else "private"
                yield Late(place, max(0.0, at - opened[0]) * 1000, game, decision, reader, opened[1])


class Late(NamedTuple):
    """How late one decision reached one reader, after the click that opened it."""

    place: str  # "table" or "private"
    ms: float
    game: int
    decision: int
    reader: int  # a user id, or `TABLE`
    after: str  # the custom_id of the click that opened the decision


class Kept(NamedTuple):
    """How long one message kept the controls of a decision that was over."""

    place: str  # "table" or "private"
    ms: float
    game: int
    decision: int
    reader: int  # a user id, or `TABLE`
    message: int  # the message's id
    after: str  # the custom_id of the last click on the decision
