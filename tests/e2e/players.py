"""Scripted players for end-to-end games: they act only by clicking what Discord shows them.

The committed database is the oracle for *who* must act (read-only); *how* they act is always a
click on a component they can see: the table message, their newest DM, or the ephemeral
private view when their DMs are closed, or when they play from the channel (`views`: each opens
"My hand" on the table before their first move and then plays from that view). Any game: the
rules come from the stored game name.
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import sqlite3
import time
from collections import OrderedDict
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bot.plugins import PLUGINS
from games.core import GameRules
from tests.loopback import InteractionResult, LoopbackDiscord, message_custom_ids, message_text
from tests.loopback.text import iter_components


class MovedOn(Exception):
    """A player looked for the controls of a decision that ended (its timer, say a reaction
    window's, or another player) before they were shown to them."""


@dataclass
class Snapshot:
    status: str
    version: int
    state: Any
    table_message_id: int | None
    user_ids: list[int]
    seed: int
    rules: GameRules
    options: dict[str, Any]

    @property
    def decision(self) -> int:
        return self.rules.decision(self.state)

    def to_decide(self) -> list[int]:
        return sorted(self.rules.to_decide(self.state)) if self.status == "running" else []


#: Read-only connections to the bot's databases, the last few files read (opening one costs more
#: than the reads: 10% of the load benchmark's driver at 1,000 games).
_READERS: OrderedDict[tuple[str, int], sqlite3.Connection] = OrderedDict()


def _reader(db_path: Path) -> sqlite3.Connection:
    """A read-only connection to the database file at `db_path` (autocommit: every SELECT reads
    the newest commit, as a new connection would)."""
    key = (str(db_path), os.stat(db_path).st_ino)  # a new file at the same path: a new connection
    conn = _READERS.get(key)
    if conn is None:
        conn = _READERS[key] = sqlite3.connect(f"file:{db_path}?mode=ro", uri=True, isolation_level=None)
        if len(_READERS) > 8:
            _READERS.popitem(last=False)[1].close()
    _READERS.move_to_end(key)
    return conn


def read_game(db_path: Path, game_id: int) -> Snapshot:
    conn = _reader(db_path)
    status, version, state_json, table_id, seed, name, options = conn.execute(
        "SELECT status, version, state_json, table_message_id, seed, game_name, options_json "
        "FROM games WHERE id = ?",
        (game_id,),
    ).fetchone()
    seats = conn.execute("SELECT user_id FROM seats WHERE game_id = ? ORDER BY seat", (game_id,))
    users = [row[0] for row in seats]
    rules = PLUGINS.get(name).rules
    state = rules.load_state(state_json) if state_json else None
    return Snapshot(status, version, state, table_id, users, seed, rules, json.loads(options))


def read_log(db_path: Path, game_id: int) -> list[tuple[int, int, str]]:
    return (
        _reader(db_path)
        .execute("SELECT seq, seat, action_json FROM actions WHERE game_id = ? ORDER BY seq", (game_id,))
        .fetchall()
    )


def replayed_state(db_path: Path, game_id: int) -> Any:
    """The snapshot's state recomputed from the seed and the action log alone."""
    snap = read_game(db_path, game_id)
    rules = snap.rules
    actions = [(seat, rules.load_action(action)) for _, seat, action in read_log(db_path, game_id)]
    return rules.replay(len(snap.user_ids), rules.parse_options(snap.options), snap.seed, actions)


#: How long a player looks for a decision's controls before giving up: the bot paces its REST
#: writes per channel (`bot.pacing`), so under fast play an edit may come seconds after the click.
PACED_WAIT = 8.0


class Players:
    """Everyone at one table of `game` (with lobby `options`), driving it through the loopback."""

    def __init__(
        self,
        loop: LoopbackDiscord,
        db_path: Path,
        channel_id: int,
        user_ids: list[int],
        seed: int,
        game: str = "secret-krampus",
        options: dict[str, str] | None = None,
    ) -> None:
        self.loop, self.db_path, self.channel_id, self.user_ids = loop, db_path, channel_id, user_ids
        self.game, self.options = game, dict(options or {})
        self.rng = random.Random(seed)
        self.game_id = 0
        self.results: list[InteractionResult] = []
        #: play from ephemeral views in the channel (opened once per game and player), DMs open
        self.views = False
        #: share of the moves chosen among every message offering the decision (the table's and
        #: the seat's private controls: hand cards, creatures that open reaction windows), not
        #: from the first found (the table's, when it has some); 0 keeps the benchmark's play
        self.anywhere = 0.0
        self._viewing: set[tuple[int, int]] = set()

    async def open(self, timeout: float = 10.0, ai: int = 0) -> int:
        """Open the lobby, set its options, seat everyone (and `ai` AI seats) and start."""
        host, *guests = self.user_ids
        result = await (await self.loop.slash(host, self.channel_id, "play", {"game": self.game})).settled(
            timeout
        )
        assert result.error is None, result.error
        lobby = result.message
        self.game_id = int(message_custom_ids(lobby)[0].split(":")[1])
        lobby_id = int(lobby["id"])

        async def in_place(clicked: InteractionResult) -> None:
            """The lobby is edited in place (at once, or acknowledged first on a loaded machine)."""
            answered = await clicked.settled(timeout)
            assert answered.in_place, (answered.response_type, answered.text())

        for option, value in self.options.items():
            own = f"lopt:{self.game_id}:{option}"
            custom_id, picked = (
                (own, value)
                if own in message_custom_ids(lobby)
                else (f"lopt:{self.game_id}:any", f"{option}={value}")
            )
            await in_place(await self.loop.select(host, lobby_id, custom_id, [picked]))
        for user in guests:
            await in_place(await self.loop.click(user, lobby_id, f"lobby:{self.game_id}:join"))
        for _ in range(ai):
            await in_place(await self.loop.click(host, lobby_id, f"lobby:{self.game_id}:addai"))
        await in_place(await self.loop.click(host, lobby_id, f"lobby:{self.game_id}:start"))
        return self.game_id

    def snapshot(self) -> Snapshot:
        return read_game(self.db_path, self.game_id)

    async def current(self) -> Snapshot:
        """The committed game, as `step` reads it (a reader of another database overrides this:
        `tests.e2e.postgres_players`)."""
        return self.snapshot()

    async def human_step(self, timeout: float = 5.0) -> InteractionResult | bool | None:
        """Like `step` among the seats of real users only (AI seats act by themselves): None
        when the game is over, False when only AI seats must decide now (after a short wait)."""
        snap = await self.current()
        if snap.status != "running":
            return None
        if not any(snap.user_ids[seat] > 0 for seat in snap.to_decide()):
            await asyncio.sleep(0.02)
            return False
        return await self.step(timeout, humans_only=True)

    async def step(
        self, timeout: float = 5.0, humans_only: bool = False, among: set[int] | None = None
    ) -> InteractionResult | None:
        """One random legal move by a seat that must decide (`among` these seats, if given); None
        when the game is over."""
        snap = await self.current()
        if snap.status != "running":
            return None
        seats = [
            s
            for s in snap.to_decide()
            if (snap.user_ids[s] > 0 or not humans_only) and (among is None or s in among)
        ]
        seat = self.rng.choice(seats)
        user = snap.user_ids[seat]
        marker = f":{self.game_id}:{snap.decision}:"
        message = await self._message_with(user, marker, snap.table_message_id, timeout)
        if self.anywhere and self.rng.random() < self.anywhere:
            message = self.rng.choice(self._offering(user, marker, snap.table_message_id) or [message])
        ids = _offered(message, marker)
        phase = getattr(snap.state, "phase", f"decision {snap.decision}")  # not every game has phases
        if not ids:
            now = await self.current()
            if now.decision != snap.decision or seat not in now.to_decide():
                raise MovedOn(
                    f"{self.game} seat {seat} ({phase}): the decision ended before its controls showed"
                )
        assert ids, f"seat {seat} ({phase}) has nothing to click: {message_text(message)[:600]}"
        custom_id = self.rng.choice(ids)
        if custom_id.startswith(("pick:", "dsel:")):
            # the option shown as chosen is the current choice: a player picks another one
            offered = _component(message, custom_id)["options"]
            options = [o["value"] for o in offered if not o.get("default")] or [o["value"] for o in offered]
            result = await self.loop.select(user, int(message["id"]), custom_id, [self.rng.choice(options)])
        else:
            result = await self.loop.click(user, int(message["id"]), custom_id)
        await result.settled(timeout)  # a refused first answer may be followed by the real one
        self.results.append(result)
        return result

    async def _message_with(self, user: int, marker: str, table_id: int, timeout: float) -> dict:
        """The table or the user's newest DM once it offers this decision (a table or DM edit made
        by REST can land after the click's answer, up to a few seconds later when the bot paces its
        writes to a busy channel: at most 5 in 5 s, as Discord); else the ephemeral "My role &
        cards" view (closed DMs)."""
        deadline = time.monotonic() + max(timeout, PACED_WAIT)
        opened: dict | None = None
        tries = 0
        if self.views and (self.game_id, user) not in self._viewing:
            self._viewing.add((self.game_id, user))
            result = await (await self.loop.click(user, table_id, f"mine:{self.game_id}")).wait(timeout)
            assert result.ephemeral, result.text()
        while True:
            if offering := self._offering(user, marker, table_id):
                return offering[0]
            tries += 1
            if opened is None and not self.loop.users[user].dms_open and tries >= 15:
                result = await (await self.loop.click(user, table_id, f"mine:{self.game_id}")).wait(timeout)
                assert result.ephemeral, result.text()
                opened = result.message
                if _offered(opened, marker):
                    return opened
            if time.monotonic() > deadline:
                break
            # every 10 ms at first, then less often: at 1,000 tables whose decisions reach them
            # seconds late (the bot at its share of Discord's global limit), polling every 10 ms
            # filled the benchmark's own event loop (its lag p50 2 -> 10 ms)
            await asyncio.sleep(0.01 if tries < 30 else 0.05)
        if opened is not None:
            return opened
        result = await (await self.loop.click(user, table_id, f"mine:{self.game_id}")).wait(timeout)
        assert result.ephemeral, result.text()
        return result.message

    def _offering(self, user: int, marker: str, table_id: int) -> list[dict]:
        """The messages `user` sees that offer the decision `marker`, as `_message_with` looks:
        the table, the ephemeral views (when they play from them), then the DMs, newest first."""
        candidates = [self.loop.message(table_id)]
        if self.views or not self.loop.users[user].dms_open:  # the view they have open
            candidates += reversed(self.loop.ephemeral_messages(user))
        candidates += reversed(self.loop.dm_messages(user))
        return [m for m in candidates if _offered(m, marker)]


def _offered(message: dict, marker: str) -> list[str]:
    """The custom_ids of the enabled controls of `message` that answer the decision `marker`."""
    return [
        c["custom_id"]
        for c in iter_components(message)
        if marker in c.get("custom_id", "") and not c.get("disabled")
    ]


def _component(message: dict, custom_id: str) -> dict:
    for row in message.get("components", []):
        for component in row.get("components", []):
            if component.get("custom_id") == custom_id:
                return component
    raise KeyError(custom_id)
