"""Several processes on one PostgreSQL database (issue 15), at the level of the service: two
`GameService`s, each with its own pool (as two bot processes have), on one database. The game's
lock serialises them, each one's cache notices the other's writes, a click applied by both is
applied once, and a wake-up (an AI turn) scheduled by a process that stopped is run by the other's
poller. PostgreSQL only (skipped, saying why, without a server)."""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator

import pytest

from bot.attention import IDLE_SECONDS
from bot.clock import WARN_SHARE
from bot.errors import StaleDecision, UserError
from bot.loaded_game import LoadedGame
from bot.migrate_db import check_game
from bot.outbox import Change
from bot.pipeline import Pipeline
from bot.service import GameService
from storage import Database, GameStore

GAME = "christmas-tree"


@pytest.fixture
async def two(pg_url: str) -> AsyncIterator[tuple[GameService, GameService]]:
    first, second = await Database.open(pg_url), await Database.open(pg_url)
    try:
        yield GameService(GameStore(first)), GameService(GameStore(second))
    finally:
        await first.close()
        await second.close()


async def _started(service: GameService, users: int = 2, ais: int = 0) -> LoadedGame:
    lobby = await service.open_lobby(guild_id=1, channel_id=10, game_name=GAME, user_id=1, user_name="Host")
    async with service.lock(lobby.id):
        for user in range(2, users + 1):
            await service.join(lobby.id, user, f"Elf {user}")
        for _ in range(ais):
            await service.add_ai(lobby.id, 1)
        return await service.start(lobby.id, 1)


async def _click(service: GameService, game_id: int, user_id: int) -> object:
    """The user's first legal action, through the service's lock (an `ActionResult`, or the
    `UserError` it was refused with)."""
    async with service.lock(game_id):
        game = await service.load(game_id)
        seat = game.seat_of(user_id)
        assert seat is not None and game.state is not None
        action = game.rules.legal_actions(game.state, seat)[0]
        try:
            return await service.act(game_id, user_id, game.decision, game.rules.encode_action(action))
        except UserError as error:
            return error


async def test_the_game_lock_is_held_across_processes(two: tuple[GameService, GameService]) -> None:
    a, b = two
    assert a.shared and b.shared
    game = await _started(a)
    async with a.lock(game.id):
        with pytest.raises(TimeoutError):
            async with asyncio.timeout(0.5):
                async with b.lock(game.id):
                    pass
        assert not b.lock(game.id).locked()  # b's local lock was given back when it gave up
    async with asyncio.timeout(5):
        async with b.lock(game.id):
            assert b.lock(game.id).locked()
    async with asyncio.timeout(5), a.lock(game.id):  # and released again for a
        pass
    async with a.lock(game.id + 1), b.lock(game.id + 2):  # other games are not held up
        pass


async def test_each_cache_notices_the_others_writes(two: tuple[GameService, GameService]) -> None:
    a, b = two
    game = await _started(a)
    seen = await b.load(game.id)  # b caches the game at version 0
    assert seen.record.version == 0 and seen.seats[0].dm_message_id is None
    result = await _click(a, game.id, 1)
    assert not isinstance(result, UserError)
    assert (await b.load(game.id)).record.version == 1  # b's cache was checked: reloaded
    async with a.lock(game.id):
        await a.set_dm(game.id, 0, dm_open=True, dm_message_id=777)
        await a.set_table_message(game.id, 555)
    fresh = await b.load(game.id)
    assert fresh.seats[0].dm_message_id == 777 and fresh.record.table_message_id == 555
    assert fresh.state == (await a.load(game.id)).state
    # b's next click is checked against the newest state, and lands
    assert not isinstance(await _click(b, game.id, 2), UserError)
    assert (await a.load(game.id)).record.version == 2


async def test_hosting_passed_on_in_one_process_is_seen_by_the_other(
    two: tuple[GameService, GameService],
) -> None:
    """Hosting moves without a new version (the host leaves: an AI takes their seat): b's cache
    kept the old host, so the new host was refused /abandon there and the one who left was not."""
    a, b = two
    game = await _started(a, users=3)
    assert (await b.load(game.id)).record.host_id == 1  # b caches the game
    async with a.lock(game.id):
        await a.hand_to_ai(game.id, 0)  # the host leaves
    hosted = (await a.load(game.id)).record.host_id
    assert hosted != 1
    assert (await b.load(game.id)).record.host_id == hosted


async def test_one_click_sent_to_both_processes_is_applied_once(
    two: tuple[GameService, GameService],
) -> None:
    a, b = two
    game = await _started(a)
    await b.load(game.id)
    for _ in range(5):  # the same click, 20 times, half through each process, all at once
        before = (await a.load(game.id)).record.version
        async with a.lock(game.id):
            current = await a.load(game.id)
            assert current.state is not None
            seat = current.seat_of(1)
            assert seat is not None
            legal = current.rules.legal_actions(current.state, seat)
            if not legal:
                break
            code = current.rules.encode_action(legal[0])
            decision = current.decision

        async def click(service: GameService, decision: int = decision, code: str = code) -> object:
            async with service.lock(game.id):
                try:
                    return await service.act(game.id, 1, decision, code)
                except UserError as error:
                    return error

        results = await asyncio.gather(*(click(a if i % 2 else b) for i in range(20)))
        applied = [r for r in results if not isinstance(r, UserError)]
        assert len(applied) == 1, results
        assert all(isinstance(r, StaleDecision | UserError) for r in results if r not in applied)
        after = await b.load(game.id)
        assert after.record.version == before + 1
        assert len(await b.store.get_actions(game.id)) == after.record.version
        if not after.rules.legal_actions(after.state, seat):  # wait for the other player
            assert not isinstance(await _click(b, game.id, 2), UserError)
    record = await a.store.get_game(game.id)
    assert record is not None and await check_game(a.store, record) is None


async def test_a_stopped_processes_ai_turn_is_run_by_the_other(
    two: tuple[GameService, GameService],
) -> None:
    a, b = two
    first, second = Pipeline(a, ai_pause=1000.0), Pipeline(b, ai_pause=0.0)  # a's AI would wait long
    try:
        lobby = await a.open_lobby(guild_id=1, channel_id=10, game_name=GAME, user_id=1, user_name="Host")

        async def start() -> Change:
            await a.add_ai(lobby.id, 1)
            await a.add_ai(lobby.id, 1)
            return Change(await a.start(lobby.id, 1))

        game = (await first.run(lobby.id, start)).game
        assert game.ai_to_decide() and game.record.wake_at is not None  # stored with the start
        assert first.wakeups.ai_turns.pending().get(game.id) is not None
        await first.stop()  # "dies": its timer never fires
        assert await second.poller.poll() == []  # not overdue yet (a's own timer goes first)
        stored = await b.store.get_game(game.id)
        assert stored is not None and stored.wake_at is not None
        woken = await second.poller.poll(grace=-2000.0)  # as if a's 1000 s were over
        assert woken == [game.id]
        for _ in range(100):  # the first AI seat by the poller; the next by b's own timer
            after = await b.load(game.id)
            if not second.poller.waking and not after.ai_to_decide():
                break
            await asyncio.sleep(0.05)
        assert after.record.version == game.record.version + 2  # both AI seats chose, once each
        assert not after.ai_to_decide() and after.humans_to_decide() == [0]
        # the stored moment moved on: nothing is due any more, so nobody wakes the game again
        assert after.record.wake_at is None or after.record.wake_at > b.clock()
        assert await second.poller.poll() == []
        record = await b.store.get_game(game.id)
        assert record is not None and await check_game(b.store, record) is None
    finally:
        await first.stop()
        await second.stop()


async def test_the_turn_clock_warns_once_and_its_wake_ups_are_stored(
    two: tuple[GameService, GameService],
) -> None:
    a, b = two
    first, second = Pipeline(a, ai_pause=0.0), Pipeline(b, ai_pause=0.0)
    try:
        lobby = await a.open_lobby(
            guild_id=1, channel_id=10, game_name=GAME, user_id=1, user_name="Host", options={"clock": "fast"}
        )

        async def start() -> Change:
            await a.join(lobby.id, 2, "Elf")
            return Change(await a.start(lobby.id, 1))

        await first.run(lobby.id, start)
        await first.resume(lobby.id)  # stores the clock's deadline
        game = await b.load(lobby.id)
        deadline = game.record.clock_deadline
        assert deadline is not None
        assert game.record.wake_at == pytest.approx(deadline - 60 * WARN_SHARE)  # the warning first
        # both processes' warning timers fire: the channel is warned once
        await asyncio.gather(
            first.clock_warning(game.id, game.decision), second.clock_warning(game.id, game.decision)
        )
        outboxes = (first.outboxes[game.id], second.outboxes[game.id])
        posts = [p for outbox in outboxes for p in outbox.posts if p.kind == "text"]
        assert len(posts) == 1 and "waiting for you" in posts[0].text
        after = await a.load(game.id)
        assert after.record.warned_for == deadline and after.record.wake_at == deadline  # then the deadline
        # overdue (as if a's timer had died): b's poller runs the expiry, the clock chooses for both
        assert await second.poller.poll() == []  # not yet
        b.clock = second.clock = second.wakeups.clock = lambda: deadline + 2.5
        assert await second.poller.poll() == [game.id]
        for _ in range(100):
            if not second.poller.waking:
                break
            await asyncio.sleep(0.05)
        done = await a.load(game.id)
        assert done.record.version > game.record.version and done.decision != game.decision
        record = await a.store.get_game(game.id)
        assert record is not None and await check_game(a.store, record) is None
    finally:
        await first.stop()
        await second.stop()


async def test_a_player_playing_along_through_the_other_process_is_not_notified(pg_url: str) -> None:
    """User 2's clicks reach process A; user 1's reach B. When user 1's move makes it user 2's
    turn, B must see from the log that user 2 is playing along (no notification); once user 2
    has been quiet for over a minute, B tells them."""
    later = [0.0]  # seconds added to B's clock

    def b_clock() -> float:
        return time.time() + later[0]

    first, second = await Database.open(pg_url), await Database.open(pg_url)
    a = GameService(GameStore(first))
    b = GameService(GameStore(second), clock=b_clock)
    pa, pb = Pipeline(a), Pipeline(b)
    try:
        lobby = await a.open_lobby(
            guild_id=1, channel_id=10, game_name="grumpy-nisse", user_id=1, user_name="Host"
        )

        async def start() -> Change:
            await a.join(lobby.id, 2, "Elf")
            return Change(await a.start(lobby.id, 1))

        game = (await pa.run(lobby.id, start)).game
        quiet_checked = told = 0
        user_2_acted = False
        for _ in range(80):
            game = await b.load(game.id)
            if game.record.status != "running" or told:
                break
            (seat,) = game.to_decide()
            user = game.user_of(seat)
            pipeline, service = (pb, b) if user == 1 else (pa, a)
            assert game.state is not None
            code = game.rules.encode_action(game.rules.legal_actions(game.state, seat)[0])

            async def act(
                service: GameService = service,
                user: int = user,
                decision: int = game.decision,
                code: str = code,
                game_id: int = game.id,
            ) -> Change:
                return Change((await service.act(game_id, user, decision, code)).game)

            box = pipeline.outboxes.get(game.id)
            before = len(box.notices) if box is not None else 0
            after = (await pipeline.run(game.id, act, user_id=user)).game
            user_2_acted = user_2_acted or user == 2
            box = pipeline.outboxes.get(game.id)
            new = [after.user_of(n.seat) for n in (box.notices[before:] if box is not None else [])]
            if pipeline is pb and user_2_acted and 2 in map(after.user_of, after.to_decide()):
                if later[0] == 0:
                    assert new == [], "user 2 was told while playing along through process A"
                    quiet_checked += 1
                    if quiet_checked == 2:
                        later[0] = IDLE_SECONDS + 5  # user 2 goes quiet: the next such move tells them
                else:
                    assert new == [2], "user 2, quiet for over a minute, was not told"
                    told += 1
        assert quiet_checked == 2 and told == 1
    finally:
        await pa.stop()
        await pb.stop()
        await first.close()
        await second.close()
