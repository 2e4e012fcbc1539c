"""A new DM or an edit Discord fails to take (a server error once discord.py's retries are used
up: `NotDelivered`) is not a refusal. A new DM is sent again a moment later and the player's DMs
stay open (the table does not call them closed); a "your turn" DM that fails becomes the channel
mention closed DMs get. An edit is made again a moment later, in the same message: the table is
not posted anew, the DM not replaced. (And for `DiscordMessenger`: which errors make a post worth
posting again.)"""

from __future__ import annotations

import random
from collections.abc import Awaitable, Callable, Iterator
from types import SimpleNamespace
from typing import Any

import discord
import pytest

from bot.attention import IDLE_SECONDS
from bot.message_slots import Slot, write_again
from bot.messenger import RETRIES, DiscordMessenger, NotDelivered
from bot.picture_cache import PICTURES
from bot.plugins import PLUGINS
from bot.render.base import Payload
from tests.bot.harness import Clock, Harness, make_users, play_random_click
from tests.bot.test_lost_dm_answers import _drawn
from tests.bot.test_notifications import nominate


@pytest.fixture
def h(h: Harness) -> Harness:
    """The conftest's bot, making again at once the writes Discord failed to take."""
    assert h.table is not None
    h.table.delivery.tables.retry_after = h.table.delivery.privates.new_dms.retry_after = 0.01
    h.table.delivery.sends.settle_after = 0.01
    return h


@pytest.fixture
def messenger_over() -> Iterator[Callable[[Any], DiscordMessenger]]:
    """A `DiscordMessenger` whose client hands out `channel` (a stub) for every channel id."""
    drawing = PICTURES.drawing  # (a DiscordMessenger draws pictures in a process of its own)

    def make(channel: Any) -> DiscordMessenger:
        client = SimpleNamespace(get_partial_messageable=lambda *_, **__: channel)
        return DiscordMessenger(client)  # type: ignore[arg-type]

    yield make
    PICTURES.drawing = drawing


async def _settled(h: Harness) -> None:
    assert h.table is not None
    await h.table.delivery.pacer.settle(timeout=5)


async def test_a_dm_discord_failed_to_take_is_sent_again(h: Harness) -> None:
    users = make_users(5)
    h.discord.failing_dms = {users[0].id: RETRIES}  # the role DM of the start fails that often
    table, game_id = await h.open_table(users)
    await _settled(h)
    assert h.discord.failing_dms[users[0].id] == 0, "not tried again"
    game = await h.game(game_id)
    assert [seat.dm_open is not False for seat in game.seats] == [True] * 5
    assert "DMs closed" not in table.text()
    dms = h.discord.dms[users[0].id]
    assert len(dms) == 1 and "Secret Krampus" in dms[0].text()


async def test_a_dm_that_keeps_failing_waits_for_the_seats_next_change(h: Harness) -> None:
    users = make_users(5)
    h.discord.failing_dms = {users[0].id: RETRIES + 1}
    table, game_id = await h.open_table(users)
    await _settled(h)
    assert h.discord.failing_dms[users[0].id] == 0 and not h.discord.dms.get(users[0].id)  # gave up
    assert (await h.game(game_id)).seats[0].dm_open is not False
    await nominate(h, table, users, await h.game(game_id))  # the game moves on: the DM comes
    await _settled(h)
    assert len(h.discord.dms[users[0].id]) == 1


async def test_a_your_turn_dm_that_fails_becomes_a_channel_mention(h: Harness) -> None:
    users = make_users(5)
    table, game_id = await h.open_table(users)
    await _settled(h)
    game = await h.game(game_id)
    h.discord.failing_dms = {u.id: 100 for u in users}
    assert isinstance(h.clock, Clock)
    h.clock.now += IDLE_SECONDS + 1
    candidate = await nominate(h, table, users, game)  # every other player votes, idle: told
    await _settled(h)
    after = await h.game(game_id)
    voters = sorted(after.user_of(s) for s in after.humans_to_decide() if users[s] != candidate)
    posts = [m for messages in h.discord.channels.values() for m in messages if m.pings]
    assert [sorted(p.pings) for p in posts] == [voters]
    assert all(seat.dm_open is not False for seat in after.seats)


def _refusal(status: int, code: int) -> discord.HTTPException:
    reply = SimpleNamespace(status=status, reason="")
    kinds = {403: discord.Forbidden, 404: discord.NotFound, 503: discord.DiscordServerError}
    return kinds.get(status, discord.HTTPException)(reply, {"code": code, "message": ""})


@pytest.mark.parametrize(
    ("error", "closed"),
    [
        (_refusal(403, 50007), True),  # Cannot send messages to this user
        (_refusal(503, 0), False),  # once discord.py's own retries are used up
        (_refusal(400, 50035), False),
        (ConnectionResetError(104, "reset"), False),
    ],
)
async def test_only_a_refusal_means_closed_dms(
    messenger_over: Callable[[Any], DiscordMessenger], error: Exception, closed: bool
) -> None:
    async def send(**_: Any) -> Any:
        raise error

    messenger = messenger_over(SimpleNamespace(send=send))
    messenger._dm_channels[7] = 70  # its DM channel is open already
    if closed:
        assert await messenger.send_dm(7, Payload(content="hi"), ping=False) is None
    else:
        with pytest.raises(NotDelivered):
            await messenger.send_dm(7, Payload(content="hi"), ping=False)


async def test_a_table_edit_discord_failed_to_take_is_made_again_not_posted_anew(h: Harness) -> None:
    users = make_users(5)
    table, game_id = await h.open_table(users)
    h.discord.failing_edits = {table.id: 2}
    posts = len(h.discord.channel(table.channel_id))
    rng = random.Random(4)
    for _ in range(300):  # until the table is edited by REST (after a private decision)
        if not h.discord.failing_edits[table.id]:
            break
        assert await play_random_click(h, table, game_id, users, rng)
    assert h.discord.failing_edits[table.id] == 0, "the table was never edited by REST"
    await _settled(h)
    assert len(h.discord.channel(table.channel_id)) == posts, "the table was posted anew"
    assert (await h.game(game_id)).record.table_message_id == table.id
    edits = [call for call in h.messenger.calls if call == ("edit", table.id)]
    assert len(edits) >= 3  # two failed, then made


async def test_a_dm_edit_discord_failed_to_take_is_made_again_in_the_same_dm(h: Harness) -> None:
    users = make_users(5)
    _table, game_id = await h.open_table(users)
    await _settled(h)
    assert h.table is not None
    dm_id = (await h.game(game_id)).seats[0].dm_message_id
    assert dm_id is not None
    h.discord.failing_edits = {dm_id: 1}
    await h.table.delivery.privates.refresh(game_id=game_id, seat=0, force=True)
    await _settled(h)
    assert h.discord.failing_edits[dm_id] == 0
    assert [m.id for m in h.discord.dms[users[0].id]] == [dm_id], "a new DM instead of the edit"
    assert h.messenger.calls.count(("edit_dm", dm_id)) == 2  # failed, then made


@pytest.mark.parametrize(
    ("error", "gone"),
    [
        (_refusal(404, 10008), True),  # Unknown Message: it was deleted
        (_refusal(400, 50035), True),  # refused as it is: not worth trying again
        (_refusal(503, 0), False),
        (ConnectionResetError(104, "reset"), False),
    ],
)
async def test_only_a_server_failure_of_an_edit_is_worth_trying_again(
    messenger_over: Callable[[Any], DiscordMessenger], error: Exception, gone: bool
) -> None:
    async def edit(**_: Any) -> Any:
        raise error

    message = SimpleNamespace(edit=edit)
    messenger = messenger_over(SimpleNamespace(id=70, get_partial_message=lambda _id: message))
    if gone:
        assert await messenger.edit_message(70, 5, Payload(content="hi")) is False
    else:
        with pytest.raises(NotDelivered):
            await messenger.edit_message(70, 5, Payload(content="hi"))


@pytest.mark.parametrize(
    ("error", "refused"),
    [
        (_refusal(403, 50013), True),  # Missing Permissions: the bot may not post there
        (_refusal(404, 10003), True),  # Unknown Channel
        (_refusal(400, 50035), True),
        (_refusal(503, 0), False),  # once discord.py's own retries are used up
        (ConnectionResetError(104, "reset"), False),
    ],
)
async def test_only_a_server_error_makes_a_post_worth_posting_again(
    messenger_over: Callable[[Any], DiscordMessenger], error: Exception, refused: bool
) -> None:
    async def send(**_: Any) -> Any:
        raise error

    messenger = messenger_over(SimpleNamespace(send=send))
    if refused:
        assert await messenger.send_channel(70, Payload(content="hi"), nonce=5) is None
    else:
        with pytest.raises(NotDelivered):
            await messenger.send_channel(70, Payload(content="hi"), nonce=5)


async def test_a_post_goes_under_its_nonce(messenger_over: Callable[[Any], DiscordMessenger]) -> None:
    sent: list[dict[str, Any]] = []

    async def send(**kwargs: Any) -> Any:
        sent.append(kwargs)
        return SimpleNamespace(id=9)

    messenger = messenger_over(SimpleNamespace(send=send))
    assert await messenger.send_channel(70, Payload(content="hi"), nonce=5) == 9
    assert sent[0]["nonce"] == 5 and sent[0]["content"] == "hi"


def test_each_failure_in_a_row_doubles_the_wait_for_about_ten_minutes() -> None:
    delays: list[float] = []
    pacer = SimpleNamespace(later=lambda after, _write, urgent: delays.append(after))
    slot = Slot(1)

    async def write() -> None:
        pass

    made_again = [
        write_again(pacer, slot, NotDelivered("503"), write, after=10.0, urgent=False)  # type: ignore[arg-type]
        for _ in range(RETRIES + 1)
    ]
    assert made_again == [True] * RETRIES + [False]
    assert delays == [10.0 * 2**n for n in range(RETRIES)]
    assert sum(delays) >= 600  # a Discord outage of ten minutes loses no write


async def test_past_the_tries_an_edit_is_made_every_few_minutes_one_at_a_time() -> None:
    due: list[tuple[float, Callable[[], Awaitable[None]]]] = []
    pacer = SimpleNamespace(later=lambda after, write, urgent: due.append((after, write)))
    slot = Slot(1, message_id=7)
    edits = 0

    async def write() -> None:
        pass

    async def edit() -> None:
        nonlocal edits
        edits += 1

    def fail() -> bool:
        return write_again(pacer, slot, NotDelivered("503"), write, after=10.0, urgent=False, edit=edit)  # type: ignore[arg-type]

    for _ in range(RETRIES):
        assert fail()
    due.clear()
    assert not fail() and not fail(), "the tries are used up"
    assert [after for after, _ in due] == [10.0 * 2 ** (RETRIES - 1)], "one edit due at a time"
    await due.pop()[1]()
    assert edits == 1
    assert not fail()
    assert len(due) == 1, "the edit that failed is due again"
    without_edit = Slot(1)
    without_edit.undelivered = RETRIES
    assert not write_again(pacer, without_edit, NotDelivered("503"), write, after=10.0, urgent=False)  # type: ignore[arg-type]
    assert len(due) == 1, "without an edit, the next change writes it"


@pytest.mark.parametrize("name", PLUGINS.names())
async def test_when_no_new_dm_can_be_made_the_dm_a_seat_has_shows_its_turn(
    h: Harness, clock: Clock, name: str
) -> None:
    """Discord takes no new DM (an outage of DM creation past the tries) but takes edits: a
    decision that would come in a new DM (its push) comes in an edit of the DM the seat has."""
    assert h.table is not None
    h.table.delivery.tables.retry_after = h.table.delivery.privates.new_dms.retry_after = 0.001
    users, table, game_id = await h.open_any(name)
    await _settled(h)
    h.discord.failing_dms = {user.id: 10**6 for user in users}
    rng = random.Random(name)
    clicked: list[int] = []  # in this decision: their DMs may show a draft of their choice
    decision = (await h.game(game_id)).decision
    for _ in range(15):
        clock.now += IDLE_SECONDS + 1  # everyone idle: a private decision comes with a push
        if not await play_random_click(h, table, game_id, users, rng, clicked, anywhere=True):
            break
        await _settled(h)
        game = await h.game(game_id)
        if game.decision != decision:
            clicked, decision = [], game.decision
        for seat, user in enumerate(users):
            if game.seats[seat].dm_message_id is None or seat in clicked:
                continue
            assert [m.id for m in h.discord.dms[user.id]] == [game.seats[seat].dm_message_id]
            assert h.discord.dms[user.id][0].custom_ids() == _drawn(game, seat).custom_ids(), (
                f"{name}: seat {seat}'s DM does not offer its choices at decision {game.decision}"
            )
