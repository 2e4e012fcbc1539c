"""At the process's share of Discord's global limit, writes that only update a message wait for
spare room (`bot.pacing`). The write that takes away the controls of a decision that is over is
urgent, like one that brings a decision: so no table or private message keeps live-looking
controls that only answer "That choice is already over" while it waits (Naughty or Nice: the
table keeps the previous player's buttons while the next turn is decided in a DM).

The pacer runs on a frozen clock with its budget's non-urgent share always used up (other
tables), so a write that is not urgent never goes during the test; every other write goes."""

from __future__ import annotations

import asyncio
import random

from bot.pacing import Pacer
from bot.plugins import PLUGINS
from tests.bot.fakes import FakeMessage
from tests.bot.harness import Harness, make_users, play_random_click
from tests.bot.test_private_messages import decision_controls, private_messages

#: random clicks per game of the registry
STEPS = 150
BUDGET = 1000  # writes per (frozen) second: urgent ones never run out of room here


def controls_of_decisions_over(h: Harness, game_id: int, users: list, current: int | None) -> list[str]:
    """Where enabled controls of a decision other than `current` (None: the game is over) are."""
    found: list[tuple[str, FakeMessage]] = [
        ("table", m) for messages in h.discord.channels.values() for m in messages
    ]
    found += [(user.display_name, m) for user in users for m in private_messages(h, user)]
    stale = []
    for where, message in found:
        decisions = {int(cid.split(":")[2]) for cid in decision_controls(message, game_id)}
        if decisions - {current}:
            stale.append(f"{where}: {sorted(decisions)} (now {current}): {message.text()[:200]}")
    return stale


async def test_controls_of_a_decision_that_is_over_go_at_once_at_the_global_limit(harness: Harness) -> None:
    now = [1_800_000_000.0]
    harness.clock = lambda: now[0]
    pacer = Pacer(clock=lambda: now[0], per_second=BUDGET, global_window=1.0)
    assert harness.table is not None
    harness.table.delivery.pace(pacer)

    def other_tables() -> None:
        """Time passes (every channel's window too), and other tables' edits use the whole
        non-urgent share of the new window."""
        now[0] += 10.0
        n = 0
        while pacer._global_delay(urgent=False) == 0:
            pacer.take(("another table", n))
            n += 1

    waited = 0
    try:
        for name in PLUGINS.names():
            plugin = PLUGINS.get(name)
            users = make_users(min(max(plugin.min_players, 3), plugin.max_players))
            rng = random.Random(f"stale-{name}")
            other_tables()
            table, game_id = await harness.open_table(users, name)
            for _ in range(STEPS):
                other_tables()
                held = pacer.held_back
                if not await play_random_click(
                    harness, table, game_id, users, rng, anywhere=rng.random() < 0.5
                ):
                    break
                for _ in range(20):  # the trailing writes woken as urgent run in tasks of their own
                    await asyncio.sleep(0)
                waited += pacer.held_back - held
                game = await harness.game(game_id)
                current = game.decision if game.record.status == "running" else None
                assert not controls_of_decisions_over(harness, game_id, users, current), name
            if (await harness.game(game_id)).record.status == "running":
                await harness.command("abandon", users[0], None)  # the channel's next table
    finally:
        await pacer.stop()
    assert waited > 0, "no write waited: the global budget did not bind"
