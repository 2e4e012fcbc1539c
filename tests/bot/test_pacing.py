"""Paced delivery (`bot.pacing`): under fast play (people clicking at once, AI seats chaining
with no pause) no channel, DM channels included, gets more than 5 rate-limited writes in any
window, a decision that becomes a person's still reaches them at once when their channel allows,
and once play stops every message shows the newest state (the trailing writes land).

The pacer runs on a scaled clock (a 0.25 s window instead of 5 s) with real waits, so the test
is short; the unit tests' default is no pacing (`Pacer(enabled=False)`), the real bot paces."""

from __future__ import annotations

import asyncio
import itertools
import random
import time
from collections import defaultdict
from collections.abc import Hashable
from functools import partial

import pytest

from bot import screens
from bot.message_slots import Slot, paced_turn
from bot.pacing import Pacer, dm
from bot.plugins import PLUGINS
from bot.render.base import Payload, Picture
from bot.shown_pictures import ShownPictures
from tests.bot.fakes import FakeMessage, FakeMessenger, FakeUser
from tests.bot.harness import (
    CHANNEL,
    Harness,
    make_users,
    play_random_click,
    private_message,
    shortest_game,
    table_size,
)
from tests.loopback.driver import most_in_window

WINDOW = 0.25
LIMIT = 5
MARGIN = 0.03


class TimedMessenger(FakeMessenger):
    """Records when each rate-limited write reached "Discord", per channel."""

    def __init__(self, inner: FakeMessenger) -> None:
        super().__init__(inner.discord)
        self.writes: dict[Hashable, list[float]] = defaultdict(list)
        self.edits: list[float] = []  # when each edit was made, all channels together
        self.opened: set[int] | None = None  # users whose DM channel is open (None: no opening)

    def _note(self, channel: Hashable, *, edit: bool = False) -> None:
        self.writes[channel].append(time.monotonic())
        if edit:
            self.edits.append(time.monotonic())

    def opens_dm(self, user_id: int) -> bool:
        return self.opened is not None and user_id not in self.opened

    async def open_dm(self, user_id: int) -> None:
        if self.opens_dm(user_id):
            assert self.opened is not None
            self.opened.add(user_id)
            self._note(("open", user_id))

    async def send_dm(
        self, user_id: int, payload: Payload, *, ping: bool, nonce: int | None = None
    ) -> int | None:
        if self.opens_dm(user_id):  # as discord.py: the DM channel is opened first, one more call
            assert self.opened is not None
            self.opened.add(user_id)
            self._note(("open", user_id))
        self._note(dm(user_id))
        return await super().send_dm(user_id, payload, ping=ping, nonce=nonce)

    async def edit_dm(self, user_id: int, message_id: int, payload: Payload) -> bool:
        self._note(dm(user_id), edit=True)
        return await super().edit_dm(user_id, message_id, payload)

    async def delete_dm(self, user_id: int, message_id: int) -> None:
        self._note(dm(user_id))
        await super().delete_dm(user_id, message_id)

    async def edit_message(self, channel_id: int, message_id: int, payload: Payload) -> bool:
        self._note(channel_id, edit=True)
        return await super().edit_message(channel_id, message_id, payload)

    async def send_channel(
        self, channel_id: int, payload: Payload, *, nonce: int | None = None
    ) -> int | None:
        self._note(channel_id)
        return await super().send_channel(channel_id, payload, nonce=nonce)

    async def delete_message(self, channel_id: int, message_id: int) -> None:
        self._note(channel_id)
        await super().delete_message(channel_id, message_id)

    def most_edits(self, window: float) -> int:
        """The most edits within any `window` seconds, all channels together."""
        return most_in_window(self.edits, window)

    def most_per_channel(self, window: float) -> dict[Hashable, int]:
        """For each channel: the most writes within any `window` seconds (as the benchmark)."""
        return {channel: most_in_window(times, window) for channel, times in self.writes.items()}


#: The embed fields a private message's news goes in (each game names its own)
NEWS_FIELDS = {"News", "Just now", "What just happened"}


def shows(message: FakeMessage, payload: Payload, *, apart_from_news: bool = False) -> bool:
    """The message shows `payload`: text, embeds and controls (`apart_from_news`: a private
    message keeps its last news until what it shows changes again, so news is not compared)."""
    controls = [item.custom_id for item in payload.view.children] if payload.view is not None else []

    def embeds(items: list) -> list[dict]:
        dicts = [e.to_dict() for e in items]
        if apart_from_news:
            for d in dicts:
                d["fields"] = [f for f in d.get("fields", []) if f["name"] not in NEWS_FIELDS]
        return dicts

    return (
        (message.content or None) == (payload.content or None)
        and embeds(message.embeds) == embeds(payload.embeds)
        and message.custom_ids() == controls
    )


def paced(harness: Harness, budget: int | None = None) -> tuple[Pacer, TimedMessenger]:
    """`budget`: also at most this many writes in any `WINDOW`, all channels together (the
    process's share of Discord's global limit, scaled as the window)."""
    assert harness.table is not None
    per_second = budget / WINDOW if budget is not None else None
    # The pacer keeps a margin over both windows the test counts in: a write is noted a few ms
    # after its turn was taken when a loaded machine preempts the process between the two.
    pacer = Pacer(
        limit=LIMIT,
        window=WINDOW,
        margin=MARGIN,
        gap=0.08,
        per_second=per_second,
        global_window=WINDOW + MARGIN,
    )
    messenger = TimedMessenger(harness.messenger)
    delivery = harness.table.delivery
    delivery.pace(pacer)
    delivery.messenger = delivery.privates.messenger = delivery.sends.messenger = messenger
    delivery.tables.messenger = delivery.posts.messenger = messenger
    return pacer, messenger


async def until(predicate, timeout: float) -> bool:  # noqa: ANN001
    deadline = time.monotonic() + timeout
    while not await predicate():
        if time.monotonic() > deadline:
            return False
        await asyncio.sleep(0.005)
    return True


def players_for(name: str) -> tuple[int, int]:
    """(people, AI seats): two people (one for a one-seat minimum), AI seats up to three seats."""
    plugin = PLUGINS.get(name)
    total = table_size(plugin)
    people = min(2, total)
    return people, total - people


#: The fewest actions of a game this measures (its random games; a shorter game is skipped).
MEASURED_MOVES = 24

#: The global budget of the second run: above one channel's limit. Other tables of the same
#: process use `OTHER_TABLES` of it in every window (`other_tables`), so that this game's writes
#: meet it (they then wait for it too, and coalesce further) even when a loaded machine slows
#: the play down.
GLOBAL_BUDGET = 7
OTHER_TABLES = 4


async def other_tables(pacer: Pacer, messenger: TimedMessenger) -> None:
    """Edits of other games' tables in the same process, `OTHER_TABLES` per window, asking the
    pacer as the delivery does (non-urgent: they leave room to decisions). Counted with this
    game's edits."""
    for n in itertools.count():
        channel = ("another table", n % OTHER_TABLES)
        while (wait := pacer.wait(channel, urgent=False)) > 0:
            await asyncio.sleep(wait)
        pacer.take(channel)
        messenger.edits.append(time.monotonic())
        await asyncio.sleep(WINDOW / OTHER_TABLES)


async def test_the_first_dms_of_a_game_keep_to_the_global_budget(harness: Harness) -> None:
    """At the start each seat gets its first DM, its DM channel opened first (two calls): they
    wait for their turns in the global budget before their locks, like the DMs that bring a
    decision (they only counted: 1,000 games starting together sent ~110 calls a second)."""
    budget = 4
    pacer, messenger = paced(harness, budget)
    messenger.opened = set()
    users = make_users(5)
    await harness.open_table(users)
    await pacer.settle(timeout=10)
    calls = sorted(t for times in messenger.writes.values() for t in times)
    assert len(messenger.opened) == len(users) and len(calls) >= 2 * len(users)
    assert most_in_window(calls, WINDOW) <= budget


async def test_seats_with_closed_dms_never_wait_for_a_global_turn(harness: Harness) -> None:
    """Only a DM to send waits for a turn in the global budget: once a seat's DMs are found
    closed it has no DM (its view is edited through its interaction, not rate-limited), so its
    updates never queue for one, however busy the budget."""
    users = make_users(5)
    harness.discord.closed_dms = {u.id for u in users}
    pacer = harness.table.delivery.pacer
    waited = 0
    reserved = pacer.reserved

    def counting(**kwargs):  # noqa: ANN202
        nonlocal waited
        waited += 1
        return reserved(**kwargs)

    pacer.reserved = counting  # type: ignore[method-assign]
    table, game_id = await harness.open_table(users)
    assert waited == len(users)  # the start: each seat's first DM is tried (and found closed)
    waited = 0
    rng = random.Random(1)
    for _ in range(20):
        for seat in (await harness.game(game_id)).to_decide():  # "My role & cards": the views
            await harness.discord.click(users[seat], table, f"mine:{game_id}")
        assert await play_random_click(harness, table, game_id, users, rng)
    assert waited == 0


@pytest.mark.parametrize("budget", [None, GLOBAL_BUDGET], ids=["channels", "global"])
@pytest.mark.parametrize("name", PLUGINS.names())
async def test_fast_play_is_paced_and_every_message_ends_true(
    harness: Harness, name: str, budget: int | None
) -> None:
    people, ais = players_for(name)
    if (moves := shortest_game(PLUGINS.get(name), people + ais)) < MEASURED_MOVES:
        pytest.skip(f"{name}: too short to measure its pacing ({moves} moves in a random game)")
    pacer, messenger = paced(harness, budget)
    others = asyncio.create_task(other_tables(pacer, messenger)) if budget is not None else None
    users = make_users(people)
    lobby = (await harness.command("play", users[0], name)).original
    assert lobby is not None
    game_id = int(lobby.custom_ids()[0].split(":")[1])
    for user in users[1:]:
        await harness.discord.click(user, lobby, f"lobby:{game_id}:join")
    for _ in range(ais):
        await harness.discord.click(users[0], lobby, f"lobby:{game_id}:addai")
    await harness.discord.click(users[0], lobby, f"lobby:{game_id}:start")
    pipeline = harness.table.pipeline  # type: ignore[union-attr]
    box = pipeline.outboxes[game_id]  # the game's outbox (dropped from `outboxes` at the end)
    slot = harness.table.delivery.tables.slot(game_id)  # type: ignore[union-attr]  # (dropped too)
    rng = random.Random(name)
    # user -> the decision they last made a half-made choice in: the draft stays on their message
    # while that decision is open (others acting meanwhile do not wipe it), by design
    drafting: dict[int, int] = {}
    click = harness.discord.click

    async def clicking(user, message, custom_id, values=None, **kw):  # noqa: ANN001, ANN202
        before = await harness.game(game_id)
        draft = drafting.pop(user.id, None)
        if custom_id.startswith(("dsel:", "draft:")):
            drafting[user.id] = before.decision
        interaction = await click(user, message, custom_id, values, **kw)
        refused = interaction.response.kind == "message"
        if (
            draft is not None
            and refused
            and (await harness.game(game_id)).record.version == before.record.version
        ):
            drafting[user.id] = draft  # a refused click (e.g. a disabled Fulfill) keeps the draft
        return interaction

    harness.discord.click = clicking  # type: ignore[method-assign]

    async def settled() -> bool:
        game = await harness.game(game_id)
        busy = game.ai_to_decide() or pipeline.wakeups.ai_turns.busy()
        return game.record.status != "running" or not busy

    async def offered() -> bool:
        """A person must decide, and the decision's controls are where they look."""
        game = await harness.game(game_id)
        if game.record.status != "running":
            return True
        marker = f":{game_id}:{game.decision}:"
        for seat in game.to_decide():
            if seat >= people:
                continue
            places = [lobby]
            try:
                places.append(private_message(harness, users[seat], game_id))
            except LookupError:
                pass
            if not any(marker in cid for place in places for cid in place.custom_ids()):
                return False
        return True

    clicks = 0
    stop = time.monotonic() + 20
    while clicks < 150 and time.monotonic() < stop:
        assert await until(settled, 10), "the AI seats did not finish their turns"
        game = await harness.game(game_id)
        if game.record.status != "running":
            break
        if not any(seat < people for seat in game.to_decide()):
            await asyncio.sleep(0.01)
            continue
        # the decision reaches its people within about a window (urgent: no coalescing gap; slack
        # for a loaded machine)
        assert await until(offered, 2 * WINDOW + 1.0), "a person's decision did not reach them"
        assert await play_random_click(harness, lobby, game_id, users, rng)
        clicks += 1
    assert clicks >= 5
    assert await until(settled, 10)
    if others is not None:
        others.cancel()
    await pacer.settle()
    await harness.table.delivery.deliver(game_id)  # type: ignore[union-attr]
    await pacer.settle()

    most = messenger.most_per_channel(WINDOW)
    assert max(most.values()) <= LIMIT, {k: v for k, v in most.items() if v > LIMIT}
    assert pacer.deferred > 0, f"nothing was ever held back in {clicks} clicks: {most}"
    if budget is None:  # the table itself was written at its channel's pace
        assert most.get(CHANNEL, 0) >= 2
    else:
        # Not the table's own pace: under the global budget its non-urgent edits may leave every
        # window to the DMs (which carry a simultaneous phase's decisions) and the other tables,
        # and coalesce. Posts, new DMs and deletes count in the budget but do not wait for it: the
        # edits (the other tables' too) make room.
        edits = messenger.most_edits(WINDOW)
        assert edits <= budget, f"{edits} edits in {WINDOW} s over all channels"
        assert pacer.held_back > 0, f"the global budget never held a write back ({edits} edits at most)"

    game = box.game
    assert game.record.version == (await harness.game(game_id)).record.version
    # the table's last write drew the newest game, with the news of every change since the write
    # before (`Outbox.table_news`: changes whose edits were coalesced are told too)
    assert slot.shown_change == box.changes, "the table's last write drew an older game"
    table = screens.table_payload(game, box.table_news(slot.news_after))
    assert shows(lobby, table), f"the table is behind:\n{lobby.text()}"
    for seat, user in enumerate(users):
        if drafting.get(user.id) == game.decision:
            continue  # it shows their half-made choice (drawn by their click), by design
        living = private_message(harness, user, game_id)
        quiet = screens.private_payload(game, seat)
        assert shows(living, quiet, apart_from_news=True), (
            f"{user.display_name}'s DM is behind:\n{living.text()}\n{living.custom_ids()}"
        )


@pytest.mark.draws_pictures
async def test_an_edit_let_go_now_has_its_pictures_drawn_before_its_turn_is_taken() -> None:
    """`paced_turn`: the request then leaves as its turn is counted (drawn after, under load,
    edits let go in different seconds reach Discord together). A write that must wait draws
    nothing: its trailing write draws the newest state."""
    drawn: list[str] = []
    trailing_ran: list[str] = []

    def draw(name: str) -> bytes:
        drawn.append(name)
        return name.encode()

    def payload(name: str) -> Payload:
        return Payload(
            content=name,
            pictures=[Picture(f"{name}.png", f"paced-wait-{name}-{id(drawn)}", partial(draw, name))],
        )

    async def trailing() -> None:
        trailing_ran.append("ran")

    def turn(pacer: Pacer, slot: Slot, name: str, urgent: bool = False):  # noqa: ANN202
        return paced_turn(
            pacer,
            slot,
            "dm",
            urgent=urgent,
            payload=payload(name) if name != "now" else ready,
            pictures=shown,
            message_id=1,
            trailing=trailing,
        )

    pacer = Pacer(gap=5.0)
    shown = ShownPictures()
    ready = payload("now")
    slot = Slot(7, message_id=1)
    assert pacer.wait("dm", slot.last, urgent=False) == 0
    assert await turn(pacer, slot, "now")  # may go now: its turn is taken
    assert drawn == ["now"] and ready.pictures[0].render() == b"now"
    assert slot.last is not None and slot.later is None
    wait = pacer.wait("dm", slot.last, urgent=False)
    assert not await turn(pacer, slot, "later")
    assert wait > 4 and drawn == ["now"]  # the coalescing gap: nothing drawn
    assert slot.later is not None and not trailing_ran  # its trailing write waits the gap out
    await pacer.stop()
    off = Pacer(enabled=False)  # the unit tests' fake Discord: nothing to keep apart
    assert off.wait("dm", None, urgent=True) == 0
    assert await turn(off, Slot(8, message_id=1), "off", urgent=True)
    assert drawn == ["now"]


#: whether, in a whole game of people, a person's turn that is partly made in private (their
#: private message carries it) also offers them controls on the table, so the table's edit that
#: brings it is urgent too
PARTLY_PRIVATE_ON_TABLE = {
    "grumpy-nisse": False,  # the draft is on the table, a trick's card only in private
    "naughty-or-nice": True,  # a turn with a Fulfill (in private) offers Craft and Summon there
    "naughty-and-nice": True,  # secret draws are offered on the table and in the drawer's DM
}


@pytest.mark.parametrize("name", sorted(PARTLY_PRIVATE_ON_TABLE))
async def test_a_table_edit_is_urgent_exactly_when_a_person_may_decide_on_the_table(
    harness: Harness, name: str
) -> None:
    """A table edit that brings a new decision is urgent (`bot.pacing`) exactly when a person may
    make it on the table: its controls answer a seat's legal action. A decision made only in
    private is news on the table, and waits its turn behind the private messages that carry it;
    one offered both on the table and in private is urgent on both."""
    from bot.table_message import TableMessages

    users = make_users(PLUGINS.get(name).min_players)
    lobby, game_id = await harness.open_table(users, name)
    rng = random.Random(3)
    seen = set()
    for _ in range(300):
        game = await harness.game(game_id)
        if game.record.status != "running":
            break
        urgent = TableMessages._brings_decision(game, Slot(0, turn=-1))
        assert not TableMessages._brings_decision(game, Slot(0, turn=game.decision)), "shown already"
        codes = screens.offered_codes(screens.table_payload(game).view)
        on_table = any(game.can_act(seat) and codes & game.legal_codes(seat) for seat in game.to_decide())
        assert urgent == on_table, game.state
        partly_private = any(screens.turn_of(game, seat) is not None for seat in game.to_decide())
        seen.add((partly_private, urgent))
        assert await play_random_click(harness, lobby, game_id, users, rng)
    assert (False, True) in seen and (True, PARTLY_PRIVATE_ON_TABLE[name]) in seen, seen
    if not PARTLY_PRIVATE_ON_TABLE[name]:
        assert (True, True) not in seen, seen


async def test_writes_that_waited_for_a_message_make_one_trailing_write(harness: Harness) -> None:
    """Edits of one message that queued on its lock while a write was deciding: the first to get
    it schedules the trailing write, the others leave their change to it (not one each)."""
    pacer, _messenger = paced(harness)
    users = make_users(2)
    lobby = (await harness.command("play", users[0], "secret-krampus")).original
    assert lobby is not None
    game_id = int(lobby.custom_ids()[0].split(":")[1])
    await harness.discord.click(users[1], lobby, f"lobby:{game_id}:join")
    for _ in range(3):
        await harness.discord.click(users[0], lobby, f"lobby:{game_id}:addai")
    await harness.discord.click(users[0], lobby, f"lobby:{game_id}:start")
    await pacer.settle()
    delivery = harness.table.delivery  # type: ignore[union-attr]
    slot = delivery.tables.slot(game_id)
    for _ in range(LIMIT):  # the table's channel at its limit: the next edit must wait
        pacer.take(CHANNEL)
    slot.digest = None  # the table must be drawn again
    before = pacer.waiting()
    async with slot.lock:
        writes = [asyncio.create_task(delivery.tables.write(game_id)) for _ in range(3)]
        await asyncio.sleep(0.01)  # all three wait for the message's lock
    await asyncio.gather(*writes)
    assert pacer.waiting() == before + 1
    await pacer.settle()
    # the same for a player's DM
    game = await harness.game(game_id)
    dm_slot = delivery.privates.slot(game, 0)
    assert dm_slot.message_id is not None
    for _ in range(LIMIT):
        pacer.take(dm(game.user_of(0)))
    dm_slot.digest = dm_slot.key = None
    before = pacer.waiting()
    async with dm_slot.lock:
        writes = [
            asyncio.create_task(delivery.privates.refresh(game_id=game_id, seat=0, force=True))
            for _ in range(3)
        ]
        await asyncio.sleep(0.01)
    await asyncio.gather(*writes)
    assert pacer.waiting() == before + 1
    await pacer.settle()


async def _against_an_ai(
    harness: Harness, user: FakeUser, started: list[int] | None = None
) -> tuple[FakeMessage, int]:
    """A game of Naughty & Nice of `user` against one AI seat (seat 1), started: its table and
    id (also appended to `started`, before the start)."""
    lobby = (await harness.command("play", user, "naughty-and-nice")).original
    assert lobby is not None
    game_id = int(lobby.custom_ids()[0].split(":")[1])
    if started is not None:
        started.append(game_id)
    await harness.discord.click(user, lobby, f"lobby:{game_id}:addai")
    await harness.discord.click(user, lobby, f"lobby:{game_id}:start")
    return lobby, game_id


async def test_the_end_is_posted_once_the_table_shows_it(harness: Harness) -> None:
    """A game ended by an AI seat while its channel's writes were used up: the post that says
    it is over ("[The final table]") went at once and the table kept showing the last decision,
    its buttons live, for a window (5 s in Discord), since the table's edit that retires them was
    not urgent. The table shows the end first, then the post links to it."""
    pacer, messenger = paced(harness)
    users = make_users(1)
    lobby, game_id = await _against_an_ai(harness, users[0])
    at_post: list[str | None] = []  # the table's headline when the end was posted
    send_channel = messenger.send_channel

    async def posting(channel_id: int, payload: Payload, *, nonce: int | None = None) -> int | None:
        if payload.content and "is over" in payload.content:
            at_post.append(lobby.embeds[0].description)
        return await send_channel(channel_id, payload, nonce=nonce)

    messenger.send_channel = posting  # type: ignore[method-assign]
    rng = random.Random(5)
    for _ in range(400):
        game = await harness.game(game_id)
        if game.record.status != "running":
            break
        if not game.to_decide() - {1}:  # the AI's turn
            await asyncio.sleep(0.005)
            continue
        await pacer.settle()  # (the person's messages show their decision)
        for _ in range(LIMIT):  # the channel's writes used up: the next REST edit waits
            pacer.take(CHANNEL)
        assert await play_random_click(harness, lobby, game_id, users, rng)
    await pacer.settle()
    assert (await harness.game(game_id)).record.status == "finished"
    ended = lobby.embeds[0].description
    assert at_post == [ended], (at_post, ended)


async def test_a_private_message_s_end_is_written_as_urgently_as_a_decision(
    harness: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A DM's edit to the end waited behind the non-urgent writes (a coalescing gap, a write kept
    for decisions): seconds after the table showed the end, it still read "You may change it
    until everyone is ready" with live controls."""
    import bot.private_messages

    pacer, _messenger = paced(harness)
    asked: list[bool] = []  # whether each DM write asked for once a game was over was urgent
    real = bot.private_messages.paced_turn
    playing: list[int] = []

    async def spied(*args, **kwargs):  # noqa: ANN002, ANN003, ANN202
        if playing and (await harness.game(playing[-1])).record.status != "running":
            asked.append(kwargs["urgent"])
        return await real(*args, **kwargs)

    monkeypatch.setattr(bot.private_messages, "paced_turn", spied)
    for seed in range(8):  # (a game whose end reaches a DM by REST: the AI's last move)
        users = make_users(1, start=10 * seed + 1)
        lobby, game_id = await _against_an_ai(harness, users[0], playing)
        rng = random.Random(seed)
        for _ in range(400):
            game = await harness.game(game_id)
            if game.record.status != "running":
                break
            if not game.to_decide() - {1}:
                await asyncio.sleep(0.005)
                continue
            await pacer.settle()
            assert await play_random_click(harness, lobby, game_id, users, rng)
        await pacer.settle()
        if asked:
            break
    assert asked and all(asked), asked


async def test_a_changes_table_edit_does_not_wait_for_its_dms(harness: Harness) -> None:
    """The table was written after every seat's private message: a change that brought someone a
    DM showed on the table only once that DM was through (seconds, when its channel is at its 5
    writes in 5 s), so the table's timing told who got one (a secret reaction window's eligible
    seats). The table is written beside the DMs now."""
    from tests.bot.test_two_processes import Gate, click, open_at_private_decisions

    users = make_users(2)
    table, game_id = await open_at_private_decisions(harness, users)
    shown = table.text()
    gate = Gate(harness.messenger.edit_dm)
    harness.messenger.edit_dm = gate  # type: ignore[method-assign]
    clicked = asyncio.create_task(click(harness, table, users, game_id, random.Random(5)))
    await asyncio.wait_for(gate.entered.wait(), 10)  # the other seat's DM is held
    for _ in range(20):
        await asyncio.sleep(0)
    held = table.text()
    gate.release()
    await asyncio.wait_for(clicked, 10)
    assert held != shown and held == table.text(), "the table waited for the DM"
