"""A click whose answer is an edit of the clicked message, and that is not answered within
`ACKNOWLEDGE_AFTER` s, is acknowledged then (a deferred update), so Discord never reports it as
failed; its answer then goes through the interaction. The acknowledgement and the answer never
both go (`bot.answers.response_lock`): one that is under way makes the answer wait for it."""

from __future__ import annotations

import asyncio
from types import SimpleNamespace
from typing import Any

import pytest

import bot.answers
from bot.answers import answering, response_lock

DEFER_TAKES = 0.05  # a deferral's round trip


class Response:
    def __init__(self, calls: list[str]) -> None:
        self.calls = calls
        self.done = False

    def is_done(self) -> bool:
        return self.done

    async def defer(self) -> None:
        await asyncio.sleep(DEFER_TAKES)
        self.calls.append("acknowledged")
        self.done = True  # (as discord.py: once Discord has taken it)


def _interaction(calls: list[str]) -> Any:
    return SimpleNamespace(id=1, response=Response(calls), extras={}, locale="en-US", client=None, user=None)


async def _answer_after(interaction: Any, calls: list[str], seconds: float) -> None:
    """A handler that answers by editing the clicked message after `seconds`."""
    await asyncio.sleep(seconds)
    async with response_lock(interaction):
        calls.append("edited through the interaction" if interaction.response.is_done() else "answered")
        interaction.response.done = True


@pytest.fixture(autouse=True)
def quick(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(bot.answers, "ACKNOWLEDGE_AFTER", 0.1)


async def test_a_quick_answer_is_not_acknowledged_first() -> None:
    calls: list[str] = []
    interaction = _interaction(calls)
    await answering(interaction, _answer_after(interaction, calls, 0.01), in_time=True)
    await asyncio.sleep(0.2)  # past the acknowledgement's time: it was called off
    assert calls == ["answered"]


async def test_a_late_answer_is_acknowledged_first() -> None:
    calls: list[str] = []
    interaction = _interaction(calls)
    await answering(interaction, _answer_after(interaction, calls, 0.3), in_time=True)
    assert calls == ["acknowledged", "edited through the interaction"]


async def test_an_answer_ready_while_the_acknowledgement_is_under_way_waits_for_it() -> None:
    calls: list[str] = []
    interaction = _interaction(calls)
    await answering(interaction, _answer_after(interaction, calls, 0.1 + DEFER_TAKES / 2), in_time=True)
    assert calls == ["acknowledged", "edited through the interaction"]


async def test_only_clicks_answered_in_place_are_acknowledged() -> None:
    calls: list[str] = []
    interaction = _interaction(calls)
    await answering(interaction, _answer_after(interaction, calls, 0.3))
    assert calls == ["answered"]
