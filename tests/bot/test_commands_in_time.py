"""Slash commands are answered within Discord's 3 s too: one that waits (for a game's lock held
by another change, for a seat's DM write under way) is acknowledged after `ACKNOWLEDGE_AFTER`
the way it will answer (`bot.cog.ANSWERS`), and its answer takes the place of Discord's
"thinking" placeholder. A refusal after a public placeholder is still seen only by its asker."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable
from typing import Any

import pytest

import bot.answers
from bot.cog import ANSWERS, GamesCog
from tests.bot.fakes import FakeInteraction, FakeMessage
from tests.bot.harness import CHANNEL, Harness, make_users

USERS = make_users(5)


@pytest.fixture(autouse=True)
def quick(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(bot.answers, "ACKNOWLEDGE_AFTER", 0.05)


async def _late(lock: asyncio.Lock, command: Awaitable[FakeInteraction]) -> FakeInteraction:
    """`command`, run while `lock` is held for 0.2 s: it has to wait for it."""
    async with lock:
        running = asyncio.ensure_future(command)
        await asyncio.sleep(0.2)
        assert not running.done()
    return await running


def _public(harness: Harness) -> list[FakeMessage]:
    return list(harness.discord.channels.get(CHANNEL, []))


def test_every_command_says_how_it_answers() -> None:
    commands: list[Any] = GamesCog.__cog_app_commands__  # type: ignore[attr-defined]
    assert {command.name for command in commands} == set(ANSWERS)


async def test_abandon_answered_late_takes_the_place_of_a_public_placeholder(harness: Harness) -> None:
    _, game_id = await harness.open_table(USERS)
    abandoning = await _late(harness.service.lock(game_id), harness.command("abandon", USERS[0], None))
    assert abandoning.response.kind == "thinking" and abandoning.original is not None
    assert abandoning.original in _public(harness) and "was abandoned by Dasher" in abandoning.original.text()
    assert (await harness.game(game_id)).record.status == "abandoned"


async def test_a_refusal_after_a_public_placeholder_is_seen_only_by_its_asker(harness: Harness) -> None:
    _, game_id = await harness.open_table(USERS)
    before = _public(harness)
    refused = await _late(harness.service.lock(game_id), harness.command("abandon", USERS[2], None))
    assert refused.response.kind == "thinking" and refused.placeholder_gone
    assert _public(harness) == before  # neither the placeholder nor the refusal in the channel
    assert "Only the host" in harness.discord.last_ephemeral(USERS[2]).text()
    assert (await harness.game(game_id)).record.status == "running"


async def test_leave_answered_late_in_a_lobby_only_its_asker_sees(harness: Harness) -> None:
    lobby = (await harness.command("play", USERS[0], "secret-krampus")).original
    assert lobby is not None
    game_id = int(lobby.custom_ids()[0].split(":")[1])
    await harness.discord.click(USERS[1], lobby, f"lobby:{game_id}:join")
    before = _public(harness)
    leaving = await _late(harness.service.lock(game_id), harness.command("leave", USERS[1]))
    assert leaving.response.kind == "thinking" and leaving.response.thinking_ephemeral
    assert leaving.original is harness.discord.last_ephemeral(USERS[1])
    assert leaving.original.text() == "You left the lobby." and _public(harness) == before


async def test_leave_answered_late_in_a_game_tells_the_table(harness: Harness) -> None:
    _, game_id = await harness.open_table(USERS)
    leaving = await _late(harness.service.lock(game_id), harness.command("leave", USERS[3]))
    assert leaving.response.kind == "thinking" and not leaving.response.thinking_ephemeral
    assert leaving.original in _public(harness) and "Vixen left the game" in leaving.original.text()


async def test_hand_answered_late_is_the_seats_view(harness: Harness) -> None:
    _, game_id = await harness.open_table(USERS)
    assert harness.table is not None
    game = await harness.game(game_id)
    slot = harness.table.delivery.privates.slot(game, 1)
    showing = await _late(slot.lock, harness.command("hand", USERS[1]))
    assert showing.response.kind == "thinking" and showing.response.thinking_ephemeral
    assert (
        showing.original is harness.discord.last_ephemeral(USERS[1]) and slot.view_id == showing.original.id
    )
