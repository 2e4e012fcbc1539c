"""A click whose answer is an edit of the clicked message, and that is not answered within
`ACKNOWLEDGE_AFTER` s, is acknowledged then (a deferred update), so Discord never reports it as
failed; its answer then goes through the interaction. The acknowledgement and the answer never
both go (`bot.answers.response_lock`): one that is under way makes the answer wait for it. A
click answered with a new ephemeral message ("My hand") is acknowledged with Discord's
"thinking" placeholder, and its answer is the followup that takes the placeholder's place. A
refusal after a public placeholder deletes it first, so that only the asker sees the refusal."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta
from types import SimpleNamespace
from typing import Any

import pytest

import bot.answers
from bot.answers import Lateness, answering, finish_answers, response_lock, send_new, will_answer
from bot.errors import UserError

DEFER_TAKES = 0.05  # a deferral's round trip


class Response:
    def __init__(self, calls: list[str]) -> None:
        self.calls = calls
        self.done = False

    def is_done(self) -> bool:
        return self.done

    async def defer(self, *, ephemeral: bool = False, thinking: bool = False) -> None:
        await asyncio.sleep(DEFER_TAKES)
        self.calls.append(
            ("thinking, ephemeral" if ephemeral else "thinking") if thinking else "acknowledged"
        )
        self.done = True  # (as discord.py: once Discord has taken it)

    async def send_message(self, content: str | None = None, *, ephemeral: bool, **_: Any) -> Any:
        assert not self.done
        self.calls.append("sent, ephemeral" if ephemeral else "sent")
        self.done = True
        return SimpleNamespace(message_id=5)


class Followup:
    def __init__(self, calls: list[str]) -> None:
        self.calls = calls

    async def send(self, content: str | None = None, *, ephemeral: bool, wait: bool = True, **_: Any) -> Any:
        assert wait
        self.calls.append("followed up, ephemeral" if ephemeral else "followed up")
        return SimpleNamespace(id=5)  # (the placeholder's message)


def _interaction(calls: list[str]) -> Any:
    async def delete_original_response() -> None:
        calls.append("placeholder deleted")

    answers = {"response": Response(calls), "followup": Followup(calls)}
    return SimpleNamespace(
        id=1,
        extras={},
        locale="en-US",
        client=None,
        user=None,
        delete_original_response=delete_original_response,
        **answers,
    )


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
    await answering(interaction, _answer_after(interaction, calls, 0.01), in_time="edit")
    await asyncio.sleep(0.2)  # past the acknowledgement's time: it was called off
    assert calls == ["answered"]


async def test_a_late_answer_is_acknowledged_first() -> None:
    calls: list[str] = []
    interaction = _interaction(calls)
    await answering(interaction, _answer_after(interaction, calls, 0.3), in_time="edit")
    assert calls == ["acknowledged", "edited through the interaction"]


async def test_an_answer_ready_while_the_acknowledgement_is_under_way_waits_for_it() -> None:
    calls: list[str] = []
    interaction = _interaction(calls)
    await answering(interaction, _answer_after(interaction, calls, 0.1 + DEFER_TAKES / 2), in_time="edit")
    assert calls == ["acknowledged", "edited through the interaction"]


async def test_only_clicks_answered_in_place_are_acknowledged() -> None:
    calls: list[str] = []
    interaction = _interaction(calls)
    await answering(interaction, _answer_after(interaction, calls, 0.3))
    assert calls == ["answered"]


async def _new_message_after(
    interaction: Any, seconds: float, ephemeral: bool, ids: list[int | None]
) -> None:
    """A handler that answers with a new message after `seconds`."""
    await asyncio.sleep(seconds)
    ids.append(await send_new(interaction, ephemeral=ephemeral, content="your hand"))


@pytest.mark.parametrize(
    ("seconds", "answer", "expected"),
    [
        (0.01, "ephemeral", ["sent, ephemeral"]),
        (0.3, "ephemeral", ["thinking, ephemeral", "followed up, ephemeral"]),
        (0.01, "public", ["sent"]),
        (0.3, "public", ["thinking", "followed up"]),
    ],
)
async def test_a_new_message_answered_late_takes_the_place_of_the_thinking_placeholder(
    seconds: float, answer: str, expected: list[str]
) -> None:
    calls: list[str] = []
    ids: list[int | None] = []
    interaction = _interaction(calls)
    ephemeral = answer == "ephemeral"
    await answering(interaction, _new_message_after(interaction, seconds, ephemeral, ids), in_time=answer)
    await asyncio.sleep(0.2)  # past the acknowledgement's time
    assert calls == expected and ids == [5]


async def _refused_after(seconds: float) -> None:
    await asyncio.sleep(seconds)
    raise UserError("Only the host can do that.")


@pytest.mark.parametrize(
    ("seconds", "answer", "expected"),
    [
        (0.01, "public", ["sent, ephemeral"]),
        (0.3, "public", ["thinking", "placeholder deleted", "followed up, ephemeral"]),
        (0.3, "ephemeral", ["thinking, ephemeral", "followed up, ephemeral"]),
        (0.3, "edit", ["acknowledged", "followed up, ephemeral"]),
    ],
)
async def test_a_refusal_is_seen_only_by_the_one_who_asked_however_it_was_acknowledged(
    seconds: float, answer: str, expected: list[str]
) -> None:
    calls: list[str] = []
    await answering(_interaction(calls), _refused_after(seconds), in_time=answer)  # type: ignore[arg-type]
    assert calls == expected


async def test_a_handler_that_says_how_it_will_answer_is_acknowledged_that_way() -> None:
    """/leave in a lobby: an ephemeral word, although /leave in a game answers in public."""
    calls: list[str] = []
    ids: list[int | None] = []
    interaction = _interaction(calls)

    async def leave_lobby() -> None:
        will_answer(interaction, "ephemeral")
        await _new_message_after(interaction, 0.3, True, ids)

    await answering(interaction, leave_lobby(), in_time="public")
    assert calls == ["thinking, ephemeral", "followed up, ephemeral"]


def _made(calls: list[str], age: float) -> Any:
    """An interaction made `age` seconds ago by Discord's clock (its id's timestamp)."""
    interaction = _interaction(calls)
    interaction.created_at = datetime.now(UTC) - timedelta(seconds=age)
    return interaction


@pytest.mark.parametrize("offset", [0.0, 30.0, -30.0])
async def test_a_click_that_reaches_its_handler_late_is_acknowledged_that_much_sooner(
    monkeypatch: pytest.MonkeyPatch, offset: float
) -> None:
    """Counted from the click: one that waited 0.8 s for a busy event loop has 0.2 s left of
    `ACKNOWLEDGE_AFTER` (1 s here), whatever the difference between the two clocks (`offset`)."""
    monkeypatch.setattr(bot.answers, "ACKNOWLEDGE_AFTER", 1.0)
    monkeypatch.setattr(bot.answers, "LATENESS", Lateness())
    on_time: list[str] = []
    first = _made(on_time, offset)  # the clocks' difference, seen in a click on time
    await answering(first, _answer_after(first, on_time, 0.01), in_time="edit")
    calls: list[str] = []
    late = _made(calls, offset + 0.8)
    await answering(late, _answer_after(late, calls, 0.4), in_time="edit")
    assert on_time == ["answered"] and calls == ["acknowledged", "edited through the interaction"]


async def test_clocks_that_differ_do_not_make_a_click_late(monkeypatch: pytest.MonkeyPatch) -> None:
    """Discord's clock 30 s behind this machine's: every click looks 30 s old, none is late."""
    monkeypatch.setattr(bot.answers, "ACKNOWLEDGE_AFTER", 1.0)
    monkeypatch.setattr(bot.answers, "LATENESS", Lateness())
    calls: list[str] = []
    for _ in range(2):
        interaction = _made(calls, 30.0)
        await answering(interaction, _answer_after(interaction, calls, 0.4), in_time="edit")
    assert calls == ["answered", "answered"]


def test_the_age_taken_as_on_time_creeps_up_and_drops_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """A clock stepped forward (every click looks a second older) counts as on time again within
    about twenty minutes; an age below the one taken as on time replaces it at once."""
    now = [1000.0]
    monkeypatch.setattr(bot.answers.time, "monotonic", lambda: now[0])
    lateness = Lateness()
    assert lateness.late_by(_made([], 2.0)) == pytest.approx(0.0, abs=0.05)
    assert lateness.late_by(_made([], 3.0)) == pytest.approx(1.0, abs=0.05)
    now[0] += 1000  # +1 s of creep
    assert lateness.late_by(_made([], 3.0)) == pytest.approx(0.0, abs=0.05)
    assert lateness.late_by(_made([], 0.5)) == pytest.approx(0.0, abs=0.05)
    assert lateness.late_by(_made([], 1.5)) == pytest.approx(1.0, abs=0.05)


async def test_a_failure_after_the_public_answer_leaves_that_answer() -> None:
    """/abandon acknowledged late, its announcement in the placeholder's place, then a failure
    (say, in the delivery after it): the announcement stays, the apology comes apart."""
    calls: list[str] = []
    ids: list[int | None] = []
    interaction = _interaction(calls)

    async def announce_then_fail() -> None:
        await _new_message_after(interaction, 0.3, False, ids)
        raise RuntimeError("the delivery failed")

    await answering(interaction, announce_then_fail(), in_time="public")
    assert calls == ["thinking", "followed up", "followed up, ephemeral"]


async def test_a_stop_lets_the_clicks_being_answered_finish_first() -> None:
    """A graceful stop (SIGTERM) closed the connection under a click being answered: its view's
    edit failed ("Session is closed"), unanswered. The bot's `close` waits for them first."""
    calls: list[str] = []
    interaction = _interaction(calls)
    click = asyncio.create_task(answering(interaction, _answer_after(interaction, calls, 0.05)))
    await asyncio.sleep(0)  # (the click is being answered)
    assert await finish_answers(timeout=2.0) == 0
    assert calls == ["answered"] and click.done()
    later = asyncio.create_task(asyncio.sleep(0.05))  # an answer made after its click's handler
    bot.answers.answered_later(later)
    assert await finish_answers(timeout=2.0) == 0 and later.done()
    stuck = asyncio.create_task(answering(interaction, asyncio.sleep(5)))
    await asyncio.sleep(0)
    assert await finish_answers(timeout=0.05) == 1  # (a stop waits only so long)
    stuck.cancel()
