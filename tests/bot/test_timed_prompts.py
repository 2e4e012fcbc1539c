"""A decision whose timer runs (a reaction window: it closes by its timer whether its players saw
it or not) is written to its players ahead of the other urgent writes (`bot.pacing`): the
private-message writes that bring it ask the pacer for a timed turn, and no other write does."""

from __future__ import annotations

import random
from collections.abc import Hashable

from bot.message_slots import decision_on_timer
from bot.pacing import dm
from bot.plugins import PLUGINS
from tests.bot.harness import Harness, make_users, play_random_click, table_size

#: random clicks per game of the registry (Naughty or Nice opens a reaction window about once in 30)
STEPS = 400


async def test_only_the_writes_bringing_a_timed_decision_ask_for_a_timed_turn(harness: Harness) -> None:
    pacer = harness.table.delivery.pacer
    asked: list[tuple[Hashable, bool]] = []  # (channel or "new DM", timed) of every write's ask
    wait, reserved = pacer.wait, pacer.reserved

    def recording_wait(
        channel: Hashable,
        last: float | None = None,
        *,
        urgent: bool = True,
        timed: bool = False,
        retires: bool = False,
    ):  # noqa: ANN202
        asked.append((channel, timed))
        return wait(channel, last, urgent=urgent, timed=timed, retires=retires)

    def recording_reserved(*, timed: bool = False):  # noqa: ANN202
        asked.append(("new DM", timed))
        return reserved(timed=timed)

    pacer.wait = recording_wait  # type: ignore[method-assign]
    pacer.reserved = recording_reserved  # type: ignore[method-assign]
    prompts = 0
    for name in PLUGINS.names():
        plugin = PLUGINS.get(name)
        users = make_users(table_size(plugin))
        rng = random.Random(name)
        steps = 0
        while steps < STEPS:  # whole games, one after another
            table, game_id = await harness.open_table(users, name)
            while steps < STEPS:
                before = await harness.game(game_id)
                asked.clear()
                if not await play_random_click(harness, table, game_id, users, rng, anywhere=True):
                    break
                steps += 1
                game = await harness.game(game_id)
                timed_asks = [channel for channel, on_timer in asked if on_timer]
                if not decision_on_timer(game) or game.decision == before.decision:
                    assert not timed_asks, (name, game.decision)
                    continue
                # a new timed decision: each person deciding it was asked for by a timed write
                deciders = [game.user_of(seat) for seat in game.humans_to_decide()]
                assert deciders, (name, game.decision)
                new_dms = timed_asks.count("new DM")
                edits = {channel for channel in timed_asks if channel != "new DM"}
                assert len(edits) + new_dms == len(deciders), (name, asked, deciders)
                assert edits <= {dm(user) for user in deciders}
                prompts += len(deciders)
            if (await harness.game(game_id)).record.status == "running":
                await harness.command("abandon", users[0], None)  # the channel's next table
    assert prompts > 0, "no game of the registry opened a timed decision"
