"""The one pipeline: wake-ups are scheduled inside the lock from the committed state, so a late
delivery of an older change cannot undo them; a storage conflict drops the cached game."""

from __future__ import annotations

import asyncio
import random

import pytest

from bot.loaded_game import LoadedGame
from bot.render.base import Payload
from storage import GameStore
from tests.bot.fakes import FakeMessage, FakeMessenger, FakeUser
from tests.bot.harness import Harness, make_users, play_random_click, private_message


class SlowMessenger(FakeMessenger):
    """Every DM edit waits until `gate` opens: the delivery of one change is held up while newer
    changes (an AI turn) commit and schedule."""

    def __init__(self, inner: FakeMessenger) -> None:
        super().__init__(inner.discord)
        self.gate = asyncio.Event()
        self.gate.set()
        self.held = 0

    async def edit_dm(self, user_id: int, message_id: int, payload: Payload) -> bool:
        if not self.gate.is_set():
            self.held += 1
            await self.gate.wait()
        return await super().edit_dm(user_id, message_id, payload)


def wakeups_match(h: Harness, game: LoadedGame) -> bool:
    """The stored game's AI turn is scheduled (or running) exactly when an AI must decide."""
    wakeups = h.table.pipeline.wakeups
    pending = wakeups.ai_turns.pending().get(game.id)
    if game.ai_to_decide():
        scheduled = pending is not None and pending[0] == game.record.version
        return scheduled or wakeups.ai_turns.running(game.id)
    return pending is None


def shown(h: Harness, table: FakeMessage, user: FakeUser, game: LoadedGame) -> bool:
    """The current decision's controls have reached the table or the person's private message
    (an AI turn's delivery runs after its commit)."""
    prefix = f":{game.id}:{game.decision}:"
    private = private_message(h, user, game.id).custom_ids()
    return any(prefix in cid for cid in [*table.custom_ids(), *private])


async def test_a_late_delivery_never_cancels_a_newer_ai_turn(harness: Harness) -> None:
    slow = SlowMessenger(harness.messenger)
    harness.table.delivery.privates.messenger = slow
    users = make_users(1)
    lobby = (await harness.command("play", users[0], "grumpy-nisse")).original
    game_id = int(lobby.custom_ids()[0].split(":")[1])
    await harness.discord.click(users[0], lobby, f"lobby:{game_id}:addai")
    await harness.discord.click(users[0], lobby, f"lobby:{game_id}:start")
    rng = random.Random(3)
    held_clicks = 0
    for _ in range(3000):
        for _ in range(200):  # let the AI act until the person's turn is shown to them, or the end
            game = await harness.game(game_id)
            if game.record.status != "running" or (
                not game.ai_to_decide() and shown(harness, lobby, users[0], game)
            ):
                break
            await asyncio.sleep(0.001)
        game = await harness.game(game_id)
        if game.record.status != "running":
            break
        slow.gate.clear()  # the person's click: its delivery is held up ...
        click = asyncio.create_task(play_random_click(harness, lobby, game_id, users, rng))
        for _ in range(200):  # ... while the AI's turns (scheduled by the commit) commit after it
            await asyncio.sleep(0.001)
            newer = await harness.game(game_id)
            if newer.record.version > game.record.version + 1 or newer.record.status != "running":
                break
        held_clicks += slow.held > 0
        slow.gate.set()  # the older change's late delivery runs after the newer commits
        await click
        game = await harness.game(game_id)
        assert wakeups_match(harness, game), "the stored game waits for an AI turn nobody scheduled"
    assert (await harness.game(game_id)).record.status == "finished"
    assert held_clicks > 10  # the race was really played out, many times


async def test_a_storage_conflict_drops_the_cached_game(harness: Harness) -> None:
    users = make_users(5)
    table, game_id = await harness.open_table(users)
    cached = await harness.game(game_id)
    # another writer (another process, an admin tool) commits an action the cache has not seen
    outside = GameStore(harness.db)
    seat = sorted(cached.to_decide())[0]
    action = cached.rules.legal_actions(cached.state, seat)[0]
    new_state, events = cached.rules.apply(cached.state, seat, action)
    await outside.record_action(
        game_id,
        expected_version=cached.record.version,
        seat=seat,
        user_id=users[seat].id,
        action_json=action.model_dump_json(),
        events_json=cached.rules.dump_events(events),
        state_json=cached.rules.dump_state(new_state),
        status="running",
    )
    # a click on the (stale) table is refused once ...
    user = users[seat]
    stale = next(cid for cid in table.custom_ids() if cid.startswith(("act:", "pick:")))
    values = [table.item(stale).item.options[0].value] if stale.startswith("pick:") else None
    await harness.discord.click(user, table, stale, values)
    assert "Someone else acted first" in harness.discord.last_ephemeral(user).text()
    # ... and the game is read afresh: the next load is the stored game, and play goes on
    fresh = await harness.game(game_id)
    assert fresh.record.version == cached.record.version + 1 and fresh.state == new_state
    await harness.table.restart.resume(pause=0)
    rng = random.Random(1)
    for _ in range(5):
        assert await play_random_click(harness, table, game_id, users, rng)
    assert (await harness.game(game_id)).record.version == cached.record.version + 6
    assert private_message(harness, users[0], game_id).embeds


async def test_a_game_lock_another_process_holds_too_long_is_a_refusal(
    harness: Harness, monkeypatch, caplog
) -> None:
    """With several processes on one database, a process that hangs holding a game's lock held up
    the clicks on it for as long as the server kept its session: the lock is waited for a while
    (`storage.postgres.LOCK_WAIT`), then the click is answered "busy" and nothing changes."""
    import contextlib

    from storage import GameLockTimeout

    users = make_users(5)
    table, game_id = await harness.open_table(users)
    before = await harness.game(game_id)

    class HungElsewhere:  # the database's game locks, one held by a process that hangs
        @contextlib.asynccontextmanager
        async def game_lock(self, key: int):  # noqa: ANN202
            raise GameLockTimeout(f"game {key}'s lock was held for over 20 s by pid 4242")
            yield

    monkeypatch.setattr(harness.service, "_db", HungElsewhere())
    seat = sorted(before.to_decide())[0]
    click = next(cid for cid in table.custom_ids() if cid.startswith(("act:", "pick:")))
    values = [table.item(click).item.options[0].value] if click.startswith("pick:") else None
    await harness.discord.click(users[seat], table, click, values)
    said = harness.discord.last_ephemeral(users[seat]).text()
    assert said == "This game is busy; please try again in a moment.", said
    assert (
        f"game {game_id} refused a step: game {game_id}'s lock was held for over 20 s by pid 4242"
        in caplog.text
    )
    assert (await harness.game(game_id)).record.version == before.record.version
    monkeypatch.undo()
    rng = random.Random(2)
    assert await play_random_click(harness, table, game_id, users, rng)  # (the local lock was let go)


async def test_after_a_commit_a_busy_game_lock_is_waited_for_not_refused(caplog, monkeypatch) -> None:
    """Showing a commit (a DM, the table) takes the game's lock again: a refusal there (the first
    version of the lock's time limit) told the clicker "busy" after their move was applied and
    dropped the rest of the delivery, leaving the next player without controls. Only a step that
    would change the game refuses; anything else waits on, saying in the log who holds it."""
    import contextlib

    import storage.db as storage_db
    from bot.errors import GameBusy
    from bot.game_lock import GameLock
    from storage import GameLockTimeout

    class BusyTwice:  # another process holds the game for two of our waits
        tries = 0

        @contextlib.asynccontextmanager
        async def game_lock(self, key: int):  # noqa: ANN202
            self.tries += 1
            if self.tries <= 2:
                raise GameLockTimeout(f"game {key}'s lock held over 20 s by pid 4242")
            yield

    local, db = asyncio.Lock(), BusyTwice()
    with pytest.raises(GameBusy):
        async with GameLock(local, db, 7, refuse_when_busy=True):  # type: ignore[arg-type]
            pass
    assert not local.locked() and db.tries == 1
    async with GameLock(local, db, 7):  # type: ignore[arg-type]
        assert local.locked() and db.tries == 3
    assert not local.locked()
    assert "pid 4242" in caplog.text
    # a step that would change the game does not queue for ever behind such a waiter either
    monkeypatch.setattr(storage_db, "LOCK_WAIT", 0.1)
    db.tries = 0  # (its next two waits time out)
    waiter = asyncio.create_task(GameLock(local, db, 7).__aenter__())  # type: ignore[arg-type]
    await asyncio.sleep(0)

    async def change() -> None:
        async with GameLock(local, db, 7, refuse_when_busy=True):  # type: ignore[arg-type]
            pass

    with pytest.raises(GameBusy):
        await asyncio.wait_for(change(), 5)  # (a TimeoutError if it queues on)
    await waiter
    local.release()


async def test_a_game_another_process_holds_does_not_stop_the_others_resuming(
    harness: Harness, monkeypatch, caplog
) -> None:
    """At start each game is resumed in turn: a refusal of one (another process holding it too
    long) stopped the loop, and every later game went without its redraw until the next start."""
    import contextlib

    from storage import GameLockTimeout

    first, second = make_users(2), make_users(2, start=3)
    _, held = await harness.open_table(first, "grumpy-nisse")
    _, free = await harness.open_table(second, "grumpy-nisse")

    class OneHeld:  # the database's game locks: one game held by a process that hangs
        @contextlib.asynccontextmanager
        async def game_lock(self, key: int):  # noqa: ANN202
            if key == held:
                raise GameLockTimeout(f"game {key}'s lock held over 20 s by pid 4242")
            yield

    monkeypatch.setattr(harness.service, "_db", OneHeld())
    assert await harness.table.restart.resume(pause=0) == 1  # (the free one)
    assert f"game {held} not resumed" in caplog.text


def test_the_service_and_pipeline_import_no_discord() -> None:
    import subprocess
    import sys

    code = "import sys, bot.service, bot.pipeline; print(sorted({'discord', 'PIL'} & set(sys.modules)))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


async def test_the_log_says_when_a_game_starts_and_ends(harness: Harness, caplog) -> None:
    """(An operator's log said nothing of a whole game at INFO.)"""
    import logging

    caplog.set_level(logging.INFO, logger="bot.pipeline")
    _, game_id = await harness.open_table(make_users(5))
    await harness.command("abandon", make_users(5)[0], None)
    assert f"game {game_id} (secret-krampus, 5 seats) started" in caplog.text
    assert f"game {game_id} (secret-krampus, 5 seats) abandoned" in caplog.text


async def test_a_game_over_leaves_nothing_of_it_in_memory(harness: Harness) -> None:
    """Its locks, its outbox, who was told of its decisions and who played along: the service's
    lock of every game ever played stayed (its `forget` ran with the lock held, so never)."""
    users = make_users(2)
    table, game_id = await harness.open_table(users, "grumpy-nisse")
    rng = random.Random(3)
    for _ in range(20):
        await play_random_click(harness, table, game_id, users, rng)
    pipeline, service = harness.table.pipeline, harness.service
    assert pipeline.attention._told.get(game_id) and pipeline.attention._last_active.get(game_id)
    await harness.command("abandon", users[0], None)
    await asyncio.sleep(0)
    assert game_id not in service._locks and game_id not in harness.table.delivery._locks
    assert game_id not in pipeline.outboxes
    assert game_id not in pipeline.attention._told and game_id not in pipeline.attention._last_active
