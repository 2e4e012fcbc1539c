"""A new DM Discord created but whose answer never reached the bot (`FakeDiscord.lost_dm_answers`:
a dropped connection once discord.py's own retries are used up, so `NotDelivered`). The bot
cannot tell it from a DM Discord never made. A living DM is sent again under the same nonce
(`bot.new_dms`), and Discord answers with the DM it made: the player has one DM, not two with
controls, and it shows the game as it is now. A "your turn" becomes a channel mention, and the
DM Discord made all the same is deleted a moment later (`NotedSends.settle_later`). Either way no
note is left for the next start."""

from __future__ import annotations

from dataclasses import replace

from bot.attention import IDLE_SECONDS
from bot.loaded_game import LoadedGame
from bot.render.base import Payload
from bot.screens import private_payload
from tests.bot.fakes import FakeMessage
from tests.bot.harness import Clock, Harness, make_users
from tests.bot.test_notifications import nominate, your_turn_dms


def _quick(h: Harness, retry_after: float = 0.01) -> None:
    assert h.table is not None
    h.table.delivery.tables.retry_after = h.table.delivery.privates.new_dms.retry_after = retry_after
    h.table.delivery.privates.sends.settle_after = 0.01


async def _settled(h: Harness) -> None:
    assert h.table is not None
    await h.table.delivery.pacer.settle(timeout=5)


async def _notes(h: Harness, clock: Clock) -> list[object]:
    return list(await h.service.store.sends.unfinished(clock.now + 1, clock.now))


def _drawn(game: LoadedGame, seat: int) -> FakeMessage:
    """The seat's private message as the game is now."""
    message = FakeMessage(0, None)
    message.apply(**private_payload(game, seat).send_kwargs(silent=True))
    return message


async def test_a_living_dm_whose_answer_was_lost_is_not_sent_twice(h: Harness, clock: Clock) -> None:
    _quick(h)
    users = make_users(5)
    h.discord.lost_dm_answers = {users[0].id: 2}  # its role DM, at the start, and the first retry
    _, game_id = await h.open_table(users)
    await _settled(h)
    assert h.discord.lost_dm_answers[users[0].id] == 0, "not tried again"
    game = await h.game(game_id)
    dms = h.discord.dms[users[0].id]
    assert [m.id for m in dms] == [game.seats[0].dm_message_id], "a second DM beside the first"
    assert dms[0].text() == _drawn(game, 0).text()
    assert await _notes(h, clock) == []


async def test_a_living_dm_sent_again_shows_the_game_as_it_is_now(h: Harness, clock: Clock) -> None:
    _quick(h, retry_after=0.5)  # (this change comes first: the retry or the game's next change)
    users = make_users(5)
    h.discord.lost_dm_answers = {users[0].id: 1}
    table, game_id = await h.open_table(users)
    assert h.table is not None
    slot = h.table.delivery.privates._slots[(game_id, 0)]
    first, unsent = h.discord.dms[users[0].id][-1], slot.unsent
    assert unsent is not None and (await h.game(game_id)).seats[0].dm_message_id is None, "not lost"
    # the try Discord made the DM at showed an earlier state of the game than the retry draws
    first.apply(content="an earlier state", embeds=[])
    slot.unsent = replace(unsent, digest=Payload(content="an earlier state").digest())
    await nominate(h, table, users, await h.game(game_id))  # the next change: the retry
    await _settled(h)
    game = await h.game(game_id)
    assert [m.id for m in h.discord.dms[users[0].id]] == [first.id] == [game.seats[0].dm_message_id]
    assert first.text() == _drawn(game, 0).text(), "the DM still shows the first try"
    assert await _notes(h, clock) == []


async def test_a_your_turn_whose_answer_was_lost_is_deleted(h: Harness, clock: Clock) -> None:
    _quick(h)
    users = make_users(5)
    table, game_id = await h.open_table(users)
    await _settled(h)
    clock.now += IDLE_SECONDS + 1
    game = await h.game(game_id)
    voter = next(u for s, u in enumerate(users) if s != game.state.lm_candidate)
    h.discord.lost_dm_answers = {voter.id: 1}
    await nominate(h, table, users, game)
    await _settled(h)
    assert h.discord.lost_dm_answers[voter.id] == 0, "no 'your turn' was sent"
    recorded = {call.message_id for call in await h.service.store.calls.of_game(game_id)}
    assert {m.id for m in your_turn_dms(h, voter)} <= recorded, "a 'your turn' nothing will delete"
    mentions = [m for ms in h.discord.channels.values() for m in ms if voter.id in m.pings]
    assert len(mentions) == 1, "told in the channel instead"
    assert await _notes(h, clock) == []


async def test_a_lost_dm_is_deleted_once_its_seat_plays_from_its_view(h: Harness, clock: Clock) -> None:
    _quick(h, retry_after=2.0)  # the seat opens its view before the retry
    users = make_users(2)
    h.discord.lost_dm_answers = {users[0].id: 1}
    table, game_id = await h.open_table(users, "christmas-tree")
    made = h.discord.dms[users[0].id][-1]
    assert made.custom_ids() and (await h.game(game_id)).seats[0].dm_message_id is None, "not lost"
    await h.discord.click(users[0], table, f"mine:{game_id}")  # "My hand": the seat's view
    await _settled(h)
    assert h.discord.last_ephemeral(users[0]).custom_ids(), "the view shows no controls"
    assert made.id not in h.discord.messages, "a DM with the seat's controls beside its view"
    assert await _notes(h, clock) == []
