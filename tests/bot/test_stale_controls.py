"""At the process's share of Discord's global limit, writes that only update a message wait for
spare room (`bot.pacing`), in order. The write that takes away the controls of a decision that is
over goes before those (`retires`), after the writes that bring decisions: so no table or private
message keeps live-looking controls that only answer "That choice is already over" behind a
queue of mere updates (Naughty or Nice: the table kept the previous player's buttons for up to a
minute while the next turn was decided in a DM).

The pacer runs on a frozen clock with its budget's non-urgent share used up by other tables, so
no write that is not urgent goes while a game is played: every message still showing controls
of a decision that is over must then have its write waiting in the retiring queue (or as an
urgent one). That queue's order is `tests/bot/test_pacing_global.py`'s."""

from __future__ import annotations

import asyncio
import random
import time

from bot.global_budget import Trailing
from bot.loaded_game import LoadedGame
from bot.pacing import Pacer
from bot.plugins import PLUGINS
from tests.bot.fakes import FakeMessage, FakeUser
from tests.bot.harness import Harness, make_users, play_random_click, private_message, table_size
from tests.bot.test_private_messages import decision_controls

#: random clicks per game of the registry
STEPS = 150
BUDGET = 1000  # writes per (frozen) second: urgent ones never run out of room here


def stale(message: FakeMessage, game_id: int, current: int) -> bool:
    """`message` offers controls of a decision other than `current`."""
    return bool({int(cid.split(":")[2]) for cid in decision_controls(message, game_id)} - {current})


def has_controls(harness: Harness, table: FakeMessage, user: FakeUser, game: LoadedGame) -> bool:
    """`user` has the current decision's controls on the table or in their private message."""
    prefix = f":{game.id}:{game.decision}:"
    if any(prefix in cid for cid in table.custom_ids()):
        return True
    try:
        private = private_message(harness, user, game.id)
    except LookupError:
        return False
    return any(prefix in cid for cid in private.custom_ids())


async def decisions_shown(
    harness: Harness, game_id: int, table: FakeMessage, users: list[FakeUser]
) -> LoadedGame:
    """The game once every seat that must decide has the decision's controls on the table or in
    its private message: the urgent writes ran (in tasks of their own; a new DM's, after a call
    to the database's thread). After 5 s, as it is (the next click says what is missing)."""
    deadline = time.monotonic() + 5.0
    while True:
        game = await harness.game(game_id)
        deciding = [users[seat] for seat in game.to_decide() if seat < len(users)]
        if game.record.status != "running" or all(has_controls(harness, table, u, game) for u in deciding):
            return game
        if time.monotonic() > deadline:
            return game
        await asyncio.sleep(0.01)


async def test_controls_of_a_decision_that_is_over_go_first_among_the_writes_that_wait(
    harness: Harness,
) -> None:
    now = [1_800_000_000.0]
    harness.clock = lambda: now[0]
    pacer = Pacer(clock=lambda: now[0], per_second=BUDGET, global_window=1.0)
    assert harness.table is not None
    delivery = harness.table.delivery
    delivery.pace(pacer)
    filler = 0

    def other_tables() -> None:
        """Time passes (every channel's window too), and other tables' edits use the whole
        non-urgent share of the new window."""
        nonlocal filler
        now[0] += 10.0
        assert pacer.global_budget is not None
        while pacer.global_budget.delay(urgent=False) == 0:
            pacer.take(("another table", filler))
            filler += 1

    def waiting_writes(game: LoadedGame, users: list[FakeUser]) -> list[tuple[str, Trailing | None]]:
        """Each message that shows controls of a decision that is over (the game runs), and its
        waiting write."""
        found: list[tuple[str, Trailing | None]] = []
        game_id, current = game.id, game.decision
        table_slot = delivery.tables.slot(game_id)
        for messages in harness.discord.channels.values():
            for message in messages:
                if message.id == table_slot.message_id and table_slot.lock.locked():
                    continue  # (its write is under way, not waiting: the table's runs beside the DMs')
                if stale(message, game_id, current):
                    later = table_slot.later if message.id == table_slot.message_id else None
                    found.append((f"table: {message.text()[:100]}", later))
        for seat, user in enumerate(users):
            slot = delivery.privates.slot(game, seat)
            for message in harness.discord.dms.get(user.id, []):
                if message.id == slot.message_id and slot.lock.locked():
                    continue  # (under way)
                if stale(message, game_id, current):
                    later = slot.later if message.id == slot.message_id else None
                    found.append((f"{user.display_name}: {message.text()[:100]}", later))
        return found

    retired = 0
    try:
        for name in PLUGINS.names():
            plugin = PLUGINS.get(name)
            users = make_users(table_size(plugin))
            rng = random.Random(f"stale-{name}")
            other_tables()
            table, game_id = await harness.open_table(users, name)
            for _ in range(STEPS):
                other_tables()
                if not await play_random_click(
                    harness, table, game_id, users, rng, anywhere=rng.random() < 0.5
                ):
                    break
                game = await decisions_shown(harness, game_id, table, users)
                if game.record.status != "running":
                    break  # (the end's writes: `test_private_messages`; this game's slots are forgotten)
                for where, later in waiting_writes(game, users):
                    assert later is not None and (later.retires or later.urgent), (name, where)
                    retired += later.retires
            if (await harness.game(game_id)).record.status == "running":
                await harness.command("abandon", users[0], None)  # the channel's next table
    finally:
        await pacer.stop()
    assert retired > 0, "no write retired controls while the budget was full"
