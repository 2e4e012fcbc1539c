"""Two bot processes on one PostgreSQL database, as two bots in one event loop over one fake
Discord: a write of one that lands after the other's newer one (the REST call of the first was
slower) must not leave the older state on screen, on the table or in a DM.

A view opened through one process is kept by the other.

The end-to-end tests (`tests/e2e/test_shards_games.py`) play whole games over two real processes;
here the interleaving is forced: one bot's REST write is held until the other has written a newer
state."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Awaitable, Callable
from typing import Any

import pytest

from bot.attention import IDLE_SECONDS
from bot.channel_views import SUPERSEDED, SWEEP_EVERY
from bot.notifications import DELETE_ABANDONED_AFTER
from bot.screens import turn_of
from tests.bot.fakes import FakeDiscord, FakeMessage, FakeUser
from tests.bot.harness import Harness, make_users, play_random_click, private_message
from tests.bot.test_notifications import everyone_told, nominate
from tests.bot.test_views import PARKED
from tests.storage.conftest import pg_url, postgres_url  # noqa: F401  (fixtures)

GAME = "grumpy-nisse"


class Gate:
    """Holds the first call of a messenger method until `release()` (`entered` once it waits).
    `seen_early`: the write is also shown at once (the player could see it, e.g. on another
    device), and lands again, late, when released."""

    def __init__(self, method: Callable[..., Awaitable[Any]], *, seen_early: bool = False) -> None:
        self.method = method
        self.seen_early = seen_early
        self.entered = asyncio.Event()
        self.open = asyncio.Event()
        self.held = 0

    async def __call__(self, *args: Any) -> Any:
        if self.held == 0:
            self.held += 1
            if self.seen_early:
                await self.method(*args)
            self.entered.set()
            await self.open.wait()
        return await self.method(*args)

    def release(self) -> None:
        self.open.set()


@pytest.fixture
async def bots(tmp_path, pg_url):  # noqa: F811
    discord = FakeDiscord()
    one = await Harness(tmp_path / "one.db", discord=discord, url=pg_url).boot()
    two = await Harness(tmp_path / "two.db", discord=discord, url=pg_url).boot()
    one.route()
    yield one, two
    await two.close()
    await one.close()


async def click(
    h: Harness, table: FakeMessage, users: list[FakeUser], game_id: int, rng: random.Random
) -> None:
    """A seat that must decide clicks one of its choices through bot `h`: in its DM when it has
    them there (its DM is answered by the interaction, the table by a REST edit), else on the table."""
    game = await h.game(game_id)
    seat = rng.choice(sorted(s for s in game.to_decide() if s < len(users)))
    prefix = f":{game_id}:{game.decision}:"
    message = private_message(h, users[seat], game_id)
    choices = [cid for cid in message.custom_ids() if prefix in cid]
    if not choices:
        message = table
        choices = [cid for cid in table.custom_ids() if prefix in cid]
    custom_id = rng.choice(choices)
    values = None
    if custom_id.startswith(("pick:", "dsel:")):
        values = [rng.choice([o.value for o in message.item(custom_id).item.options])]
    h.route()
    await h.discord.click(users[seat], message, custom_id, values)


async def open_at_private_decisions(h: Harness, users: list[FakeUser]) -> tuple[FakeMessage, int]:
    """A table opened and played on (through `h`) until a decision is made in a DM (The Grumpy
    Nisse opens on the table)."""
    table, game_id = await h.open_table(users, GAME)
    rng = random.Random(1)
    while True:
        game = await h.game(game_id)
        prefix = f":{game_id}:{game.decision}:"
        for seat in game.to_decide():
            if any(prefix in cid for cid in private_message(h, users[seat], game_id).custom_ids()):
                return table, game_id
        await click(h, table, users, game_id, rng)


def controls_of(message: FakeMessage, game_id: int) -> set[int]:
    """The decisions the enabled game controls of a message answer."""
    decisions = set()
    for item in message.items():
        custom_id = item.item.custom_id or ""
        parts = custom_id.split(":")
        if len(parts) > 2 and parts[1] == str(game_id) and not getattr(item.item, "disabled", False):
            decisions.add(int(parts[2]))
    return decisions


async def settle() -> None:
    """Let whatever the clicks left running (trailing writes) run."""
    for _ in range(20):
        await asyncio.sleep(0)


async def test_an_older_table_write_landing_late_is_repaired(bots) -> None:
    one, two = bots
    users = make_users(2)
    table, game_id = await open_at_private_decisions(one, users)
    rng = random.Random(3)
    gate = Gate(one.messenger.edit_message)
    one.messenger.edit_message = gate  # type: ignore[method-assign]
    first = asyncio.create_task(click(one, table, users, game_id, rng))
    await asyncio.wait_for(gate.entered.wait(), 10)  # one's table edit is on its way, slowly
    await click(two, table, users, game_id, rng)  # meanwhile two commits and shows a newer state
    newer = table.text()
    gate.release()  # one's older render lands now
    await asyncio.wait_for(first, 10)
    await settle()
    assert table.text() == newer, "the table shows an older state than the newest committed one"


async def test_an_older_dm_write_landing_late_is_repaired(bots) -> None:
    one, two = bots
    users = make_users(2)
    table, game_id = await open_at_private_decisions(one, users)
    rng = random.Random(5)
    gate = Gate(one.messenger.edit_dm, seen_early=True)
    one.messenger.edit_dm = gate  # type: ignore[method-assign]
    first = asyncio.create_task(click(one, table, users, game_id, rng))
    await asyncio.wait_for(gate.entered.wait(), 10)  # one edits the other seat's DM, slowly
    for _ in range(3):  # meanwhile two plays on
        await click(two, table, users, game_id, rng)
    gate.release()
    await asyncio.wait_for(first, 10)
    await settle()
    game = await two.game(game_id)
    for seat, user in enumerate(users):
        shown = controls_of(private_message(two, user, game_id), game_id)
        turn = turn_of(game, seat)
        expected = set() if turn is None else {turn}
        assert shown == expected, f"seat {seat}'s DM has controls of decisions {shown}, not {expected}"


async def test_a_view_opened_through_one_process_is_kept_by_the_other(bots) -> None:
    """Both players open "My hand" through one process (their server's), then play through
    both (DM and table clicks reach either): the other process edits the views, never brings the
    controls back to a parked DM, and, once a view has not been clicked for 14 minutes, either
    process hands it back to the DM in time."""
    one, two = bots
    now = [1_800_000_000.0]
    one.clock = two.clock = lambda: now[0]
    users = make_users(2)
    table, game_id = await open_at_private_decisions(one, users)
    one.route()
    views = []
    for user in users:
        await one.discord.click(user, table, f"mine:{game_id}")
        views.append(one.discord.last_ephemeral(user))
    rng = random.Random(7)
    for step in range(24):
        now[0] += 60  # (a minute a move: 14 minutes pass while the views are played)
        await click(rng.choice((one, two)), table, users, game_id, rng)
        await settle()
        game = await two.game(game_id)
        assert game.record.status == "running"  # (seed 7: the game goes on past these moves)
        for seat, user in enumerate(users):
            in_dms = [controls_of(m, game_id) for m in one.discord.dms[user.id] if controls_of(m, game_id)]
            assert in_dms == [], f"step {step}: seat {seat}'s parked DM has controls {in_dms}"
            turn = turn_of(game, seat)
            assert controls_of(views[seat], game_id) == (set() if turn is None else {turn}), step
    for _ in range(15 * 3):  # 15 minutes without a click on the views; each process's sweeper
        now[0] += SWEEP_EVERY  # looks at its own views every 20 s
        for bot in (one, two):
            await bot.table.delivery.privates.expire_views()
    assert all(not controls_of(view, game_id) for view in views)
    game = await two.game(game_id)
    for seat, user in enumerate(users):
        turn = turn_of(game, seat)
        dm = [m for m in one.discord.dms[user.id] if m.embeds][-1]
        assert controls_of(dm, game_id) == (set() if turn is None else {turn})


async def test_a_view_clicked_through_the_other_process_is_not_handed_back_early(bots) -> None:
    """A view opened through one process and clicked 10 minutes later through the other is
    still young 15 minutes after its opening: the first process must see the newer click."""
    one, two = bots
    now = [1_800_000_000.0]
    one.clock = two.clock = lambda: now[0]
    users = make_users(2)
    table, game_id = await open_at_private_decisions(one, users)
    seat = min((await one.game(game_id)).to_decide())
    one.route()
    await one.discord.click(users[seat], table, f"mine:{game_id}")
    view = one.discord.last_ephemeral(users[seat])
    now[0] += 10 * 60
    await click(two, table, users, game_id, random.Random(2))  # (only this seat may act: its view)
    now[0] += 5 * 60
    assert await one.table.delivery.privates.expire_views() == []
    assert view.text() != SUPERSEDED and PARKED in one.discord.dms[users[seat].id][-1].text()
    now[0] += 10 * 60  # now it is old
    assert await one.table.delivery.privates.expire_views() == [(game_id, seat)]


async def _two_processes(tmp_path: Any, url: str, now: list[float]) -> tuple[Harness, Harness]:
    """Two bots on one PostgreSQL database and one Discord, on the clock `now[0]`."""
    discord = FakeDiscord()
    one = await Harness(tmp_path / "one.db", discord=discord, url=url, clock=lambda: now[0]).boot()
    two = await Harness(tmp_path / "two.db", discord=discord, url=url, clock=lambda: now[0]).boot()
    return one, two


async def _vote_called_through(
    one: Harness, now: list[float]
) -> tuple[list[FakeUser], FakeMessage, int, set[int]]:
    """A Secret Krampus table of 5 idle players; the candidate nominates through `one`, so the
    voters are told by "your turn" DMs (their ids returned)."""
    users = make_users(5)
    one.route()
    table, game_id = await one.open_table(users)
    now[0] += IDLE_SECONDS + 1
    await nominate(one, table, users, await one.game(game_id))
    told = {m.id for m in everyone_told(one, users)}
    assert len(told) == len(users) - 1
    return users, table, game_id, told


async def test_a_your_turn_dm_one_process_sent_goes_when_the_other_ends_its_decision(
    tmp_path,
    pg_url,  # noqa: F811
) -> None:
    now = [1_800_000_000.0]
    one, two = await _two_processes(tmp_path, pg_url, now)
    try:
        users, table, game_id, told = await _vote_called_through(one, now)
        aside: list[Callable[[], Awaitable[None]]] = []  # the deletes wait (for spare room)

        async def set_aside(channel: object, write: Callable[[], Awaitable[None]], delay: float = 0) -> None:
            aside.append(write)

        for h in (one, two):
            h.table.delivery.pacer.aside = set_aside  # type: ignore[method-assign]
        two.route()
        rng, voting = random.Random(2), (await two.game(game_id)).decision
        while (await two.game(game_id)).decision == voting:  # the vote, through two
            assert await play_random_click(two, table, game_id, users, rng)
            one.route()
            await one.table.delivery.deliver(game_id)  # one delivers too, while the deletes wait
            two.route()
        for write in aside:
            await write()
        assert told & {m.id for m in everyone_told(one, users)} == set()
        deletes = [c[1] for h in (one, two) for c in h.messenger.calls if c[0] == "delete_dm"]
        assert sorted(m for m in deletes if m in told) == sorted(told), "each deleted once"
    finally:
        await two.close()
        await one.close()


async def test_your_turn_dms_a_stopped_process_took_to_delete_are_deleted_by_another(
    tmp_path,
    pg_url,  # noqa: F811
) -> None:
    """The process that ended a decision took its "your turn" DMs to delete and stopped before it
    did (the deletes wait for spare room): another process deletes them within minutes."""
    now = [1_800_000_000.0]
    one, two = await _two_processes(tmp_path, pg_url, now)
    try:
        users, table, game_id, told = await _vote_called_through(one, now)

        async def never(channel: object, write: Callable[[], Awaitable[None]], delay: float = 0) -> None:
            pass  # two stops before its deletes get their turn

        two.table.delivery.pacer.aside = never  # type: ignore[method-assign]
        two.route()
        rng, voting = random.Random(2), (await two.game(game_id)).decision
        while (await two.game(game_id)).decision == voting:
            assert await play_random_click(two, table, game_id, users, rng)
        assert told <= {m.id for m in everyone_told(one, users)}
        poller = one.table.pipeline.poller
        await poller.run_chores()  # too soon: two may still be deleting them
        assert told <= {m.id for m in everyone_told(one, users)}
        now[0] += DELETE_ABANDONED_AFTER + 1
        await poller.run_chores()
        assert told & {m.id for m in everyone_told(one, users)} == set()
        deletes = [c[1] for c in one.messenger.calls if c[0] == "delete_dm"]
        assert sorted(m for m in deletes if m in told) == sorted(told)
    finally:
        await two.close()
        await one.close()


async def test_a_game_abandoned_in_another_process_is_seen_as_over_by_this_one(bots) -> None:
    """An abandon (or a seat handed on) keeps the game's version: this process's check of the
    stored game compared versions only, so its running table could land after the other's
    abandoned one and keep its controls."""
    one, two = bots
    users = make_users(2)
    _table, game_id = await open_at_private_decisions(one, users)
    privates = one.table.delivery.privates
    outbox = one.table.pipeline.outbox(game_id)
    assert outbox is not None and outbox.game.record.status == "running"
    drawn = outbox.game.drawn_from
    two.route()
    await two.command("abandon", users[0], None)
    assert (await two.game(game_id)).record.status == "abandoned"
    assert await privates.overtaken_since(outbox, drawn)  # (so everything is drawn again)
    assert outbox.game.record.status == "abandoned"
