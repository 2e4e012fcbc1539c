"""Playing from the channel with DMs open: the table's "My hand" opens the seat's ephemeral view,
which becomes its living private message (edited through its interaction's webhook, which
Discord does not rate-limit); the DM is parked (it says so, without controls); the DM takes the
controls back when the view is not clicked for 14 minutes, and shows the end."""

from __future__ import annotations

import asyncio
import random
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path

import bot.answers
from bot.channel_views import EPHEMERAL_SECONDS, SUPERSEDED
from bot.plugins import PLUGINS
from tests.bot.fakes import FakeMessage, FakeUser
from tests.bot.harness import Clock, Harness, make_users, play_random_click
from tests.bot.test_private_messages import decision_controls

#: The parked DM's words (English).
PARKED = "you play in the channel"


def dm_of(h: Harness, user: FakeUser) -> FakeMessage:
    """The user's living DM for the game (the notifications are DMs without pictures)."""
    return [m for m in h.discord.dms[user.id] if m.embeds or PARKED in m.text()][-1]


async def private_turn(h: Harness, table: FakeMessage, game_id: int, users: list[FakeUser]) -> int:
    """Play on until a seat must decide in its private message (its DM has the controls)."""
    rng = random.Random(1)
    for _ in range(200):
        game = await h.game(game_id)
        for seat in sorted(game.to_decide()):
            if decision_controls(dm_of(h, users[seat]), game_id):
                return seat
        assert await play_random_click(h, table, game_id, users, rng)
    raise AssertionError("no private decision came")


async def open_view(h: Harness, user: FakeUser, table: FakeMessage, game_id: int) -> FakeMessage:
    await h.discord.click(user, table, f"mine:{game_id}")
    return h.discord.last_ephemeral(user)


@dataclass
class Viewing:
    """A Grumpy Nisse game (cards are chosen in private) where `user` (`seat`) must choose a
    card and has just opened `view` with "My hand"."""

    h: Harness
    clock: Clock
    table: FakeMessage
    game_id: int
    users: list[FakeUser]
    seat: int
    view: FakeMessage

    @property
    def user(self) -> FakeUser:
        return self.users[self.seat]


@asynccontextmanager
async def viewing(tmp_path: Path) -> AsyncIterator[Viewing]:
    clock = Clock()
    h = await Harness(tmp_path / "bot.db", clock=clock).boot()
    try:
        users = make_users(2)
        table, game_id = await h.open_table(users, "grumpy-nisse")
        seat = await private_turn(h, table, game_id, users)  # its DM has the controls
        view = await open_view(h, users[seat], table, game_id)
        yield Viewing(h, clock, table, game_id, users, seat, view)
    finally:
        await h.close()


async def test_my_hand_moves_the_controls_to_the_view_and_parks_the_dm(tmp_path) -> None:
    async with viewing(tmp_path) as v:
        h, user, game_id = v.h, v.user, v.game_id
        assert decision_controls(v.view, game_id)
        parked = dm_of(h, user)
        assert PARKED in parked.text() and not parked.custom_ids() and not parked.embeds
        assert f"#{game_id}" in parked.text() and "**My hand & role**" in parked.text()
        # every move of the game: that player's private message costs no rate-limited call
        mark = len(h.messenger.calls)
        rng = random.Random(3)
        for _ in range(30):
            assert await play_random_click(h, v.table, game_id, v.users, rng)
        own = [call for call in h.messenger.calls[mark:] if call[1] in (user.id, parked.id)]
        assert own == [], own
        assert dm_of(h, user) is parked and PARKED in parked.text()
        if v.seat in (await h.game(game_id)).to_decide():
            assert decision_controls(v.view, game_id)


async def test_a_view_left_for_14_minutes_gives_the_controls_back_to_the_dm(tmp_path) -> None:
    async with viewing(tmp_path) as v:
        h, user, game_id = v.h, v.user, v.game_id
        privates = h.table.delivery.privates
        v.clock.now += EPHEMERAL_SECONDS - 1
        assert await privates.expire_views() == []  # still young
        v.clock.now += 2
        assert await privates.expire_views() == [(game_id, v.seat)]
        assert v.view.text() == SUPERSEDED and not v.view.custom_ids()
        living = dm_of(h, user)
        assert PARKED not in living.text() and decision_controls(living, game_id)
        assert await privates.expire_views() == []  # once
        # "My hand" again moves the controls back to a new view
        view = await open_view(h, user, v.table, game_id)
        assert decision_controls(view, game_id) and not decision_controls(dm_of(h, user), game_id)


async def test_a_restarted_bot_keeps_playing_the_view_and_hands_it_back_in_time(tmp_path) -> None:
    async with viewing(tmp_path) as v:
        h, user, game_id = v.h, v.user, v.game_id
        await h.boot()  # the token and the view's id are stored
        await h.table.restart.resume(pause=0)
        assert decision_controls(v.view, game_id) and not decision_controls(dm_of(h, user), game_id)
        v.clock.now += EPHEMERAL_SECONDS + 1
        assert await h.table.delivery.privates.expire_views() == [(game_id, v.seat)]
        assert not v.view.custom_ids() and decision_controls(dm_of(h, user), game_id)


async def test_an_idle_player_in_a_view_gets_a_short_dm_and_the_controls_in_the_view(tmp_path) -> None:
    clock = Clock()
    h = await Harness(tmp_path / "bot.db", clock=clock).boot()
    try:
        users = make_users(2)
        table, game_id = await h.open_table(users, "grumpy-nisse")
        views = {user.id: await open_view(h, user, table, game_id) for user in users}
        rng = random.Random(5)
        told = 0
        for _ in range(20):
            clock.now += 120  # both idle for a minute at every move (their views stay young: clicked)
            before = {m.id for u in users for m in h.discord.dms[u.id]}
            assert await play_random_click(h, table, game_id, users, rng)
            game = await h.game(game_id)
            on_table = any(f":{game_id}:{game.decision}:" in cid for cid in table.custom_ids())
            for seat in game.to_decide():  # a private decision is in the view, never in the DM
                assert not decision_controls(dm_of(h, users[seat]), game_id)
                assert on_table or decision_controls(views[users[seat].id], game_id)
            new = [m for u in users for m in h.discord.dms[u.id] if m.id not in before]
            assert all("Your turn" in m.text() and not m.custom_ids() for m in new), [m.text() for m in new]
            told += len(new)
        assert told > 3
    finally:
        await h.close()


async def test_the_end_shows_in_the_dm_and_in_the_view_of_every_game(tmp_path) -> None:
    for name in PLUGINS.names():
        h = await Harness(tmp_path / f"{name}.db", clock=Clock()).boot()
        try:
            users, table, game_id = await h.open_any(name)
            views = [await open_view(h, user, table, game_id) for user in users]
            rng = random.Random(name)
            while await play_random_click(h, table, game_id, users, rng):
                pass
            for user, view in zip(users, views, strict=True):
                dm = dm_of(h, user)
                assert PARKED not in dm.text() and dm.embeds and not decision_controls(dm, game_id)
                assert view.embeds and not decision_controls(view, game_id), (name, view.text())
                assert view.text() != SUPERSEDED
        finally:
            await h.close()


async def test_my_hand_answered_late_comes_in_the_place_of_the_thinking_placeholder(
    tmp_path, monkeypatch
) -> None:
    """ "My hand" waits for the seat's DM write under way (its slot's lock): past
    `ACKNOWLEDGE_AFTER` the click is acknowledged (ephemeral "thinking"), and the view, the
    living private message from then on, is the followup that takes the placeholder's place."""
    monkeypatch.setattr(bot.answers, "ACKNOWLEDGE_AFTER", 0.05)
    clock = Clock()
    h = await Harness(tmp_path / "bot.db", clock=clock).boot()
    try:
        users = make_users(2)
        table, game_id = await h.open_table(users, "grumpy-nisse")
        seat = await private_turn(h, table, game_id, users)
        assert h.table is not None
        slot = h.table.delivery.privates._slots[(game_id, seat)]
        async with slot.lock:  # a write of the seat's DM under way
            clicking = asyncio.create_task(h.discord.click(users[seat], table, f"mine:{game_id}"))
            await asyncio.sleep(0.2)
            assert not clicking.done()
        interaction = await clicking
        view = h.discord.last_ephemeral(users[seat])
        assert interaction.response.kind == "thinking" and interaction.original is view
        assert decision_controls(view, game_id) and slot.view_id == view.id
        assert PARKED in dm_of(h, users[seat]).text()
    finally:
        await h.close()


def test_a_parked_dm_names_the_button_as_the_table_shows_it() -> None:
    """A German player at an English table: their DM, in German, sends them to the table's
    "My role & cards" (a German label there would name a button nobody can find)."""
    from dataclasses import replace

    from bot import screens
    from bot.plugins import PLUGINS
    from tests.bot.test_ai_seats import _game

    rules = PLUGINS.get("secret-krampus").rules
    game = _game("secret-krampus", rules.new_game(5, rules.parse_options({}), 1), set(), 5)
    seats = [replace(seat, locale="de" if seat.seat == 2 else None) for seat in game.seats]
    game = replace(game, seats=seats)
    text = screens.parked_payload(game, 2).content or ""
    assert "**My role & cards**" in text and "Kanal" in text, text


async def test_a_view_edited_by_others_moves_keeps_its_unchanged_picture(tmp_path) -> None:
    """A view is edited through its interaction's token when another player acts: that edit
    uploaded the seat's picture anew every time (~15 KB, reloaded on a phone), unchanged or not."""
    clock = Clock()
    h = await Harness(tmp_path / "bot.db", clock=clock).boot()
    try:
        users = make_users(3)
        table, game_id = await h.open_table(users, "christmas-tree")
        views = [await open_view(h, user, table, game_id) for user in users]
        assert all(view.files for view in views)
        same, changed = 0, 0
        rng = random.Random(5)
        for _ in range(60):
            before = [(view.uploads, dict(view.files)) for view in views]
            if not await play_random_click(h, table, game_id, users, rng):
                break
            for view, (uploads, files) in zip(views, before, strict=True):
                if view.uploads > uploads:
                    same += view.files == files
                    changed += view.files != files
        assert changed and not same, (changed, same)
    finally:
        await h.close()
