"""Whole games of every registered game over two bot processes (`python -m bot`, one per shard of a
loopback Discord with two shards) sharing one throwaway PostgreSQL database (issue 15).

Each game gets a table in a server of shard 1, every other game one in a server of shard 0 too
(every game both, with the long variant), all played at once by scripted players who click only
what Discord shows them, on the table (reaching the process of the server's shard) and in their
DMs (reaching shard 0's process, which so handles the private decisions of games the other process
started and owns). At the end: every game finished, its log replays to its stored state, each
seat's living private message shows the end, no message anywhere has enabled game controls of the
game, and every interaction was answered.

PostgreSQL only (skipped with one line without a server). `E2E_LONG=1` (or `LONG_TESTS=1`) puts
every game in both servers and also plays each at its largest table size."""

from __future__ import annotations

import asyncio
import os
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from bot import screens
from bot.plugins import PLUGINS
from bot.service import LoadedGame
from storage import Database, GameStore
from tests.e2e.postgres_players import PostgresPlayers, read_game_pg, replayed_state_pg
from tests.e2e.test_shards import GUILD_ONE, GUILD_ZERO, postgres_url  # noqa: F401 - a fixture
from tests.loopback import InteractionResult, LoopbackDiscord, message_text
from tests.loopback.botproc import run_bot
from tests.loopback.text import iter_components

LONG = os.environ.get("E2E_LONG") == "1" or os.environ.get("LONG_TESTS") == "1"
#: Components that send or prepare a game decision (not "My role & cards", not Rematch).
DECISION_PREFIXES = ("act:", "pick:", "draft:", "dsel:")
FIRST_USER = 3001
STEP_LIMIT = 3000
#: Bot bugs this test finds (reported to the pipeline's engineer, not worked around), each marked
#: xfail only when seen, only in a game of shard 1's server (the other process handles its DMs).
#: One (seen in the bots' DEBUG logs: both processes POST a DM to the same player in the same millisecond):
#: the process that did not start the game applies the other player's first private choice before
#: the starting process has recorded this player's first DM, finds none recorded and sends one too;
#: one of the two DMs is never deleted and keeps its controls to the end.
DUPLICATE_DM = (
    "bot bug: two processes each sent a seat a new DM (no DM recorded yet), the one not recorded "
    "is never deleted and keeps controls (bot/private_messages.py _new_dm/refresh: send and record "
    "are not one step under the game's lock)"
)
#: And (DEBUG logs again): the process that applied a game's last action drew a seat's living DM
#: as the end; then the other process's paced trailing write of the same DM landed, drawn from its
#: own outbox copy of the game from before the end.
STALE_WRITE = (
    "bot bug: a paced trailing DM write of one process draws its stale outbox game over the end "
    "another process drew (bot/private_messages.py _trailing/_write render outbox.game, not the "
    "stored game; the slot lock is per process)"
)
#: And a draft (half-made choice) clicked in the DM of a game the other process runs is answered
#: from the DM process's outbox copy of the game, which may be several decisions old.
STALE_DRAFT = (
    "bot bug: a draft clicked in a DM, handled by shard 0's process for a game whose server is on "
    "another process's shard, redraws the DM from that process's stale outbox game "
    "(bot/private_messages.py PrivateMessages.answer uses self._newest(game_id).game, not the game "
    "on_draft just loaded): the DM shows the controls of an older decision and the player is stuck"
)


@dataclass
class Table:
    game: str
    shard: int
    players: PostgresPlayers
    stalled: str | None = None

    @property
    def name(self) -> str:
        return f"{self.game} ({len(self.players.user_ids)} players, shard {self.shard}'s server)"


def _plan() -> list[tuple[str, int, int]]:
    """(game, players, shard of its server)."""
    plan: list[tuple[str, int, int]] = []
    for index, name in enumerate(PLUGINS.names()):
        plugin = PLUGINS.get(name)
        sizes = [plugin.min_players] + ([plugin.max_players] if LONG else [])
        # every game in shard 1's server (its DM clicks reach the other process), every other
        # game in shard 0's too (all of them with LONG)
        shards = (0, 1) if LONG or index % 2 == 0 else (1,)
        plan += [(name, size, shard) for size in sizes for shard in shards]
    return plan


@pytest.fixture
async def loop_for_every_game() -> AsyncIterator[tuple[LoopbackDiscord, list[tuple[str, int, int, int]]]]:
    """Two shards, a server on each with a channel per table, and the table's players:
    yields the loopback and (game, players, shard, channel) for each planned table."""
    plan = _plan()
    per_shard = {shard: sum(1 for *_, s in plan if s == shard) for shard in (0, 1)}
    loop = LoopbackDiscord(
        shard_count=2, channel_ids=[1_180_000_000_000_000_200 + i for i in range(per_shard[1])]
    )
    channels = {1: loop.guild_channel_ids(GUILD_ONE), 0: loop.add_guild(GUILD_ZERO, "Workshop", per_shard[0])}
    assert loop.shard_of(GUILD_ZERO) == 0 and loop.shard_of(GUILD_ONE) == 1
    user = FIRST_USER
    for _, size, _ in plan:
        for i in range(size):
            loop.add_user(user + i, f"Elf{user + i - FIRST_USER}")
        user += size
    tables = [(game, size, shard, channels[shard].pop(0)) for game, size, shard in plan]
    await loop.start()
    yield loop, tables
    await loop.stop()


async def _play(table: Table) -> list[InteractionResult]:
    """Every click of the game until it is over; each must be answered without an error. A
    half-made choice (a draft) must be answered by the clicked message redrawn for the decision
    clicked; when a DM is redrawn for an older one instead (the known bug, see STALE_DRAFT), the
    player is stuck: the table stops there, `table.stalled` says why."""
    await table.players.open(timeout=15)
    results: list[InteractionResult] = []
    while True:
        try:
            result = await table.players.step(timeout=10)
        except AssertionError as error:  # say what each player saw and what each process did
            raise AssertionError(f"{table.name}: {error}\n{await _story(table)}") from None
        if result is None:
            break
        if not result.acknowledged or result.error is not None:
            story = await _story(table, result.user_id)
            raise AssertionError(f"{table.name}: {result.custom_id} answered {result.error}\n{story}")
        results.append(result)
        assert len(results) < STEP_LIMIT, table.name
        custom_id = result.custom_id or ""
        if custom_id.startswith(("draft:", "dsel:")) and result.response_type == 7:
            shown = result.answered_message or {}
            offers = {c.split(":")[2] for c in _enabled_controls(shown, table.players.game_id)}
            if offers != {custom_id.split(":")[2]}:
                wrong = f"{table.name}: {custom_id} answered with controls of decision(s) {sorted(offers)}"
                assert result.guild_id is None and table.shard == 1, wrong
                table.stalled = f"{wrong}\n{await _story(table)}"
                break
    return results


async def _story(table: Table, *users: int) -> str:
    """The game's stored decision, and for each seat that must decide: the DM the database names
    as living, the user's DMs (newest last, with the decisions their controls offer), the REST
    calls to their DM channel and their clicks, with times (s) since the first of these."""
    players, loop = table.players, table.players.loop
    snap = await players.current()
    dms = await _living_dms(players.pool, players.game_id)
    lines = [f"game {players.game_id}: {snap.status}, version {snap.version}, decision {snap.decision}"]
    for user in sorted({*users, *(snap.user_ids[seat] for seat in snap.to_decide())}):
        seat = snap.user_ids.index(user)
        channel = loop.dm_channel_id(user)
        calls = [c for c in loop.calls if c.channel_id == channel and c.channel_id is not None]
        clicks = [r for r in loop.interactions.values() if r.user_id == user]
        start = min([c.at for c in calls] + [r.dispatched_at for r in clicks], default=0.0)
        lines.append(f"seat {seat} (user {user}), living DM in the database: {dms.get(user)}")
        for message in loop.dm_messages(user):
            decisions = sorted({cid.split(":")[2] for cid in _enabled_controls(message, players.game_id)})
            lines.append(f"  DM {message['id']}: decisions {decisions}")
        for call in calls:
            lines.append(f"  {call.at - start:7.2f} {call.method} {call.path} -> {call.status}")
        for r in clicks:
            where = "DM" if r.guild_id is None else f"server {r.guild_id}"
            answered = f"{r.answered_at - start:.2f}" if r.answered_at else "never"
            shown = r.answered_message
            offers = (
                sorted({c.split(":")[2] for c in _enabled_controls(shown, players.game_id)}) if shown else []
            )
            lines.append(
                f"  {r.dispatched_at - start:7.2f} click {r.custom_id} in {where} on {r.message_id}: "
                f"answered {answered} type {r.response_type}, offering decisions {offers}"
            )
    return "\n".join(lines)


def _enabled_controls(message: dict[str, Any], game_id: int) -> list[str]:
    return [
        c["custom_id"]
        for c in iter_components(message)
        if str(c.get("custom_id", "")).startswith(DECISION_PREFIXES)
        and c["custom_id"].split(":")[1] == str(game_id)
        and not c.get("disabled")
    ]


async def _living_dms(pool: Any, game_id: int) -> dict[int, int | None]:
    rows = await pool.fetch("SELECT user_id, dm_message_id FROM seats WHERE game_id = $1", game_id)
    return {row["user_id"]: row["dm_message_id"] for row in rows}


#: Embed fields of a private message that carry its news (kept until what it shows changes).
NEWS_FIELDS = {"News", "Just now", "What just happened"}


def _shown(embeds: list[dict[str, Any]]) -> list[tuple[Any, ...]]:
    """What the embeds show apart from news and pictures: title, text and fields."""
    return [
        (
            e.get("title"),
            e.get("description"),
            [(f["name"], f["value"]) for f in e.get("fields") or [] if f["name"] not in NEWS_FIELDS],
        )
        for e in embeds
    ]


async def _end_screens(url: str, game_id: int) -> dict[int, list[tuple[Any, ...]]]:
    """Each seated user's private message as the bot draws it for the finished game."""
    db = await Database.open(url)
    try:
        store = GameStore(db)
        record, seats = await store.get_game(game_id), await store.get_seats(game_id)
    finally:
        await db.close()
    assert record is not None and record.state_json is not None
    info = PLUGINS.get(record.game_name)
    game = LoadedGame(record, seats, info, info.rules.load_state(record.state_json))
    return {
        seat.user_id: _shown([dict(e.to_dict()) for e in screens.private_payload(game, seat.seat).embeds])
        for seat in seats
    }


async def _ended_everywhere(
    loop: LoopbackDiscord, pool: Any, url: str, table: Table
) -> tuple[list[str], list[str]]:
    """What still does not show the end of the table's game (both empty when all does): a
    message with enabled controls of the game, a seat's living DM (as stored) that is not its end
    screen; and apart, in a game of shard 1's server (whose DM clicks the other process handles),
    what the known bugs DUPLICATE_DM and STALE_WRITE leave: DMs with controls (a seat's living one
    drawn from before the end, or one no seat has as living), a living DM that shows the game
    before its end."""
    game_id = table.players.game_id
    living_dms = await _living_dms(pool, game_id)
    wrong: list[str] = []
    orphans: list[str] = []
    for message in loop.messages.values():
        if controls := _enabled_controls(message, game_id):
            meta = loop.meta.get(int(message["id"]))
            kind = meta.kind if meta is not None else "unknown"
            is_living = meta is not None and living_dms.get(meta.user_id or 0) == int(message["id"])
            where = f"{'living ' if is_living else ''}{kind} message {message['id']}"
            text = f"{table.name}: {where} keeps controls {controls}: {message_text(message)[:300]!r}"
            (orphans if table.shard == 1 and kind == "dm" else wrong).append(text)
    ends = await _end_screens(url, game_id)
    for user, dm_id in living_dms.items():
        if dm_id is None or dm_id not in loop.messages:
            wrong.append(f"{table.name}: seat of {user} has no living DM ({dm_id})")
            continue
        living = loop.messages[dm_id]
        if living.get("components") or _shown(living.get("embeds") or []) != ends[user]:
            (orphans if table.shard == 1 and not living.get("components") else wrong).append(
                f"{table.name}: {user}'s living DM does not show the end: {message_text(living)!r}, "
                f"not {ends[user]!r}"
            )
    return wrong, orphans


async def test_every_game_to_its_end_over_two_processes(
    loop_for_every_game: tuple[LoopbackDiscord, list[tuple[str, int, int, int]]],
    tmp_path: Path,
    postgres_url: str,  # noqa: F811
) -> None:
    import asyncpg  # type: ignore[import-untyped]  # the fixture skipped the test without it

    loop, plan = loop_for_every_game
    common: dict[str, Any] = {"dev_guild": False, "database_url": postgres_url}
    pool = await asyncpg.create_pool(postgres_url, min_size=1, max_size=4)
    try:
        async with (
            run_bot(loop, tmp_path / "zero" / "bot.db", shards=[0], **common) as first,
            run_bot(loop, tmp_path / "one" / "bot.db", shards=[1], **common) as second,
        ):
            await loop.wait_commands({"play"})
            user = FIRST_USER
            tables = []
            for seed, (game, size, shard, channel) in enumerate(plan, start=1):
                users = list(range(user, user + size))
                user += size
                tables.append(Table(game, shard, PostgresPlayers(loop, pool, channel, users, seed, game)))
            clicks = await asyncio.gather(*(_play(table) for table in tables))

            # each table's DM clicks reached shard 0's process, the others its server's shard
            for table, results in zip(tables, clicks, strict=True):
                in_dms = [r for r in results if r.guild_id is None]
                assert in_dms, f"{table.name}: no click in a DM"
                server = GUILD_ZERO if table.shard == 0 else GUILD_ONE
                assert {r.guild_id for r in results} <= {None, server}, table.name
            dispatched = {
                s: [g for e, g in loop.sessions[s].dispatched if e == "INTERACTION_CREATE"] for s in (0, 1)
            }
            assert None not in dispatched[1] and set(dispatched[1]) == {GUILD_ONE}
            assert None in dispatched[0] and GUILD_ONE not in dispatched[0]

            played = [t for t in tables if t.stalled is None]
            for table in played:
                snap = await read_game_pg(pool, table.players.game_id)
                assert snap.status == "finished", table.name
            for table in tables:  # stalled or not, the log replays to the stored state
                snap = await read_game_pg(pool, table.players.game_id)
                assert await replayed_state_pg(pool, table.players.game_id) == snap.state, table.name

            # the end reaches every message (the bot paces its writes per channel: seconds later)
            for _ in range(50):
                checked = [await _ended_everywhere(loop, pool, postgres_url, t) for t in played]
                wrong = [w for found, _ in checked for w in found]
                orphans = [o for _, found in checked for o in found]
                if not wrong and not orphans:
                    break
                await asyncio.sleep(0.2)
            assert not wrong, "\n".join(wrong + orphans)
            await loop.wait_idle(0.5, timeout=20)
            unanswered = [r for r in loop.interactions.values() if not r.acknowledged or r.error]
            assert not unanswered, [(r.custom_id, r.error) for r in unanswered]
            assert loop.unknown_calls() == [] and loop.call_counts()["errors"] == 0
            for bot in (first, second):
                assert "Traceback" not in bot.log(), bot.log()[-3000:]
    finally:
        await pool.close()
    stalled = [t.stalled for t in tables if t.stalled]
    known = [f"{STALE_DRAFT}; {len(stalled)} of {len(tables)} tables stuck so"] if stalled else []
    known += [f"{DUPLICATE_DM} / {STALE_WRITE}: {'; '.join(orphans)}"] if orphans else []
    if known:
        print("\n\n".join(stalled))
        pytest.xfail(" AND ".join(known))
