"""The turn clock over the loopback, the real bot in its own process (its clock shortened to
seconds: `LOOPBACK_CLOCK_SECONDS`, `tests/loopback/boot/sitecustomize.py`).

A player who never clicks is warned in the channel (mentioned), the clock chooses for them, and
after two timeouts in a row an AI plays their seat, the bot killed and started again between
them. They keep their DM, which says so with no controls, and `/reclaim` gives them the seat, and
that same DM's controls, back."""

from __future__ import annotations

import asyncio
import time
from typing import Any

import pytest

from tests.e2e.conftest import USERS
from tests.e2e.players import MovedOn, Players
from tests.loopback import LoopbackDiscord, message_text
from tests.loopback.botproc import run_bot
from tests.loopback.model import MessageMeta
from tests.loopback.text import iter_components

CLOCK = 6.0  # seconds per decision ("fast"): long enough for the driver's clicks on a busy machine


@pytest.fixture
async def clocked_bot(loop, tmp_path):
    env = {"LOOPBACK_CLOCK_SECONDS": f"fast={CLOCK}", "AI_DELAY_SECONDS": "0.05"}
    async with run_bot(loop, tmp_path / "bot.db", env=env) as process:
        yield process


def enabled(message: dict[str, Any]) -> list[str]:
    return [c["custom_id"] for c in iter_components(message) if "custom_id" in c and not c.get("disabled")]


def dm(loop: LoopbackDiscord, message_id: int) -> dict[str, Any]:
    return loop.message(message_id)


async def test_a_seat_that_runs_out_of_time_goes_to_an_ai_and_comes_back(loop, clocked_bot) -> None:
    bot = clocked_bot
    host, idle = USERS[:2]
    channel = loop.channel_ids[0]
    mentioned: list[str] = []

    def seen(message: dict[str, Any], meta: MessageMeta) -> None:
        if meta.kind == "channel" and f"<@{idle}>" in (message.get("content") or ""):
            mentioned.append(message.get("content") or "")

    loop.on_written.append(seen)
    table = Players(loop, bot.db_path, channel, [host, idle], 1, "grumpy-nisse", {"clock": "fast"})
    await table.open()
    await loop.wait_for(lambda: loop.dm_messages(idle), timeout=10)
    dm_id = int(loop.dm_messages(idle)[0]["id"])  # the seat's private message

    async def host_plays_until(done, waiting_for: str) -> None:  # noqa: ANN001
        """The host plays their seat's decisions as they come, until `done`; the other player
        does nothing."""
        deadline = time.monotonic() + 8 * CLOCK + 30
        while not done(table.snapshot()):
            assert time.monotonic() < deadline, f"no {waiting_for} in time"
            snap = table.snapshot()
            assert snap.status == "running" and snap.user_ids[0] == host, "the host's seat changed hands"
            if 0 in snap.to_decide():
                try:
                    await table.step(among={0})
                except MovedOn:
                    pass
            else:
                await asyncio.sleep(0.05)

    # the first timeout; then a crash: the stored deadline still runs out after the start
    await host_plays_until(lambda snap: "Time ran out" in loop.public_text(), "first timeout")
    assert snap_seat(table, 1) == idle, "handed over after one timeout"
    await bot.restart()
    await host_plays_until(lambda snap: snap.user_ids[1] < 0, "hand-over to an AI")
    # (the channel's posts come at its pace: at most 5 writes in 5 s)
    await loop.wait_for(lambda: "an AI plays for them now" in loop.public_text(), timeout=15)
    # (the first "Time ran out" post is replaced by the second: one stays, Discord's pace allowing)
    await loop.wait_for(lambda: loop.public_text().count("the clock chose for Dancer") == 1, timeout=15)
    assert mentioned and "is waiting for you" in mentioned[0], "warned before the clock ran out"
    assert "Dasher" not in "".join(mentioned), "only whoever must decide is mentioned"

    # their DM stays, says what happened and how to come back, and offers nothing to click; the
    # "your turn" DMs of the decisions the clock made are gone (they are no longer true)
    await loop.wait_for(lambda: "ran out of time" in message_text(dm(loop, dm_id)), timeout=10)
    kept = dm(loop, dm_id)
    assert "/reclaim" in message_text(kept) and not enabled(kept), (message_text(kept), enabled(kept))
    await loop.wait_for(lambda: [int(m["id"]) for m in loop.dm_messages(idle)] == [dm_id], timeout=20)

    reclaimed = await (await loop.slash(idle, channel, "reclaim", {})).settled(10)
    assert reclaimed.error is None and "Welcome back" in reclaimed.text(), reclaimed.text()
    assert snap_seat(table, 1) == idle
    await loop.wait_for(lambda: "ran out of time" not in message_text(dm(loop, dm_id)), timeout=10)

    # the seat is theirs again: they play it when it is theirs to decide (on the table or in the DM)
    await host_plays_until(lambda snap: 1 in snap.to_decide(), "decision of the reclaimed seat")
    played = await table.step(among={1})
    assert played is not None and played.acknowledged and played.error is None, played
    assert [int(m["id"]) for m in loop.dm_messages(idle)] == [dm_id], "the same DM showed the seat again"
    assert loop.call_counts()["errors"] == 0


def snap_seat(table: Players, seat: int) -> int:
    return table.snapshot().user_ids[seat]
