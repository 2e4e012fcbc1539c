"""Clicks on a message whose REST write is under way (it holds the message's lock through its round
trip: Discord slow, or a 429 retried inside discord.py). The click is acknowledged within the
wait bound (`DM_WAIT`, `TABLE_WAIT`: Discord wants an answer within 3 s), and the message is
redrawn through the interaction once the write is done: a half-made choice is shown (no delivery
follows it), and the delivery that follows a committed one has no REST write left to make."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Awaitable, Callable

import pytest

import bot.private_clicks
import bot.table_message
from bot import screens
from bot.render.base import Payload
from tests.bot.fakes import FakeMessage, FakeUser
from tests.bot.harness import Harness, make_users, play_random_click, private_message


class HeldEdit:
    """The first REST edit (of a DM or a channel message) after it is armed is shown at once (the
    player sees it) but does not return until `open` is set."""

    def __init__(self, inner: Callable[..., Awaitable[bool]]) -> None:
        self.inner, self.armed, self.where = inner, False, 0  # where: the DM's user, or the channel
        self.entered, self.open = asyncio.Event(), asyncio.Event()

    async def __call__(self, where: int, message_id: int, payload: Payload) -> bool:
        if not self.armed:
            return await self.inner(where, message_id, payload)
        self.armed, self.where = False, where
        shown = await self.inner(where, message_id, payload)
        self.entered.set()
        await self.open.wait()
        return shown


async def _hold_until(
    harness: Harness,
    held: HeldEdit,
    table: FakeMessage,
    game_id: int,
    users: list[FakeUser],
    found: Callable[[], Awaitable[tuple[FakeUser, FakeMessage, str] | None]],
) -> tuple[asyncio.Task[bool], FakeUser, FakeMessage, str]:
    """Random clicks until one's delivery holds a REST edit while `found` has a click to make:
    returns the click still under way, and who clicks what where."""
    rng = random.Random(4)
    for _ in range(300):
        held.armed, held.entered, held.open = True, asyncio.Event(), asyncio.Event()
        playing = asyncio.create_task(play_random_click(harness, table, game_id, users, rng))
        entered = asyncio.create_task(held.entered.wait())
        await asyncio.wait({playing, entered}, return_when=asyncio.FIRST_COMPLETED)
        click = await found() if held.entered.is_set() else None
        if click is not None:
            return (playing, *click)
        held.open.set()
        entered.cancel()
        assert await playing
    pytest.fail("no REST edit under way while a player could click its message")


def _control_on_held_dm(
    harness: Harness, held: HeldEdit, users: list[FakeUser], game_id: int, kind: str
) -> Callable[[], Awaitable[tuple[FakeUser, FakeMessage, str] | None]]:
    """For `_hold_until`: the first control of `kind` ("act", "dsel"...) for the current decision
    on the DM whose edit is held, with its player."""

    async def found() -> tuple[FakeUser, FakeMessage, str] | None:
        game = await harness.game(game_id)
        user = next((u for u in users if u.id == held.where), None)
        dm = private_message(harness, user, game_id) if user else None
        prefix = f"{kind}:{game_id}:{game.decision}:"
        controls = [c for c in dm.custom_ids() if c.startswith(prefix)] if dm else []
        return (user, dm, controls[0]) if user and dm and controls else None

    return found


def _shown(message: FakeMessage) -> tuple[object, ...]:
    """What a player sees of a message: its text, controls, menus' chosen options, pictures."""
    chosen = [
        [option.default for option in item.item.options]
        for item in message.items()
        if hasattr(item.item, "options")
    ]
    return message.text(), message.custom_ids(), chosen, message.files


async def _acknowledged(harness: Harness, known: set[str]) -> str | None:
    """How the click made after `known` was answered ("defer", "edit"...), once it is."""
    while True:
        for token, interaction in harness.discord.interactions.items():
            if token not in known and interaction.response.is_done():
                return interaction.response.kind
        await asyncio.sleep(0.01)


async def test_a_click_on_a_dm_a_rest_write_holds_is_acknowledged_in_time(
    harness: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A committed choice on a held DM: acknowledged within `DM_WAIT`; once the edit is done the DM
    shows the decision made (no control of it left)."""
    monkeypatch.setattr(bot.private_clicks, "DM_WAIT", 0.2)
    users = make_users(2)
    table, game_id = await harness.open_table(users, "naughty-and-nice")
    held = HeldEdit(harness.messenger.edit_dm)
    harness.messenger.edit_dm = held  # type: ignore[method-assign]

    on_held_dm = _control_on_held_dm(harness, held, users, game_id, "act")
    playing, user, dm, choice = await _hold_until(harness, held, table, game_id, users, on_held_dm)
    decision = (await harness.game(game_id)).decision
    known = set(harness.discord.interactions)
    clicking = asyncio.create_task(harness.discord.click(user, dm, choice))
    assert await asyncio.wait_for(_acknowledged(harness, known), timeout=1.5) == "defer"
    assert not held.open.is_set()  # while the edit still holds the DM
    held.open.set()
    await asyncio.gather(playing, clicking)
    after = await harness.game(game_id)
    assert after.decision != decision
    if after.record.status == "running":  # the DM was redrawn: no control of the decision made
        assert not [c for c in dm.custom_ids() if f":{game_id}:{decision}:" in c]


async def test_a_half_made_choice_on_a_held_dm_is_shown_once_the_dm_is_free(
    harness: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A draft click (nothing committed, so no delivery follows) on a held DM: acknowledged within
    `DM_WAIT`, then the DM shows the half-made choice, drawn through the interaction. Before, it
    was only acknowledged and the player saw nothing happen."""
    monkeypatch.setattr(bot.private_clicks, "DM_WAIT", 0.2)
    users = make_users(3)
    table, game_id = await harness.open_table(users, "christmas-tree")
    held = HeldEdit(harness.messenger.edit_dm)
    harness.messenger.edit_dm = held  # type: ignore[method-assign]

    draft_on_held_dm = _control_on_held_dm(harness, held, users, game_id, "dsel")
    playing, user, dm, select = await _hold_until(harness, held, table, game_id, users, draft_on_held_dm)
    draft = dm.item(select).item.options[-1].value  # a draft select's values are drafts
    game = await harness.game(game_id)
    seat = game.seat_of(user.id)
    assert seat is not None
    drawn = FakeMessage(0, None)
    drawn.apply(**screens.private_payload(game, seat, (), draft).edit_kwargs())
    assert _shown(drawn) != _shown(dm)  # the draft shows something new
    known = set(harness.discord.interactions)
    await harness.discord.click(user, dm, select, [draft])
    assert await asyncio.wait_for(_acknowledged(harness, known), timeout=1.5) == "defer"
    rest_edits = len(harness.messenger.calls)
    held.open.set()
    await playing
    for _ in range(100):
        if _shown(dm) == _shown(drawn):
            break
        await asyncio.sleep(0.01)
    assert _shown(dm) == _shown(drawn)
    assert ("edit_dm", dm.id) not in harness.messenger.calls[rest_edits:]  # through the interaction


async def test_a_click_on_the_table_a_rest_edit_holds_is_acknowledged_then_drawn_through_it(
    harness: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A click on the table while a REST edit of it is under way: acknowledged within
    `TABLE_WAIT`; once the edit is done the table shows the newest game, drawn through the
    interaction, so the delivery that follows the click makes no REST edit of it."""
    monkeypatch.setattr(bot.table_message, "TABLE_WAIT", 0.2)
    users = make_users(3)
    table, game_id = await harness.open_table(users, "naughty-or-nice")
    held = HeldEdit(harness.messenger.edit_message)
    harness.messenger.edit_message = held  # type: ignore[method-assign]

    async def on_held_table() -> tuple[FakeUser, FakeMessage, str] | None:
        game = await harness.game(game_id)
        act = f"act:{game_id}:{game.decision}:"
        choices = [c for c in table.custom_ids() if c.startswith(act)]
        deciding = [users[s] for s in sorted(game.to_decide()) if s < len(users)]
        return (
            (deciding[0], table, choices[0])
            if held.where == table.channel_id and choices and deciding
            else None
        )

    playing, user, _, choice = await _hold_until(harness, held, table, game_id, users, on_held_table)
    decision = (await harness.game(game_id)).decision
    known = set(harness.discord.interactions)
    clicking = asyncio.create_task(harness.discord.click(user, table, choice))
    assert await asyncio.wait_for(_acknowledged(harness, known), timeout=1.5) == "defer"
    assert not held.open.is_set()
    rest_edits = len(harness.messenger.calls)
    held.open.set()
    await asyncio.gather(playing, clicking)
    after = await harness.game(game_id)
    assert after.decision != decision
    assert not [c for c in table.custom_ids() if f":{game_id}:{decision}:" in c]
    assert ("edit", table.id) not in harness.messenger.calls[rest_edits:]
