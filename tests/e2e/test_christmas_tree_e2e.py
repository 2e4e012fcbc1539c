"""Christmas Tree end to end: the real bot process over the loopback Discord, played by clicks
only (drafts included), with the trees as attached pictures, a kill -9 and replay equality."""

from __future__ import annotations

import asyncio
import random

import pytest

from games.christmas_tree.data import card_label
from tests.e2e.conftest import LONG, USERS
from tests.e2e.players import Players, read_log, replayed_state

GAME = "christmas-tree"


def _hidden_cards_shown(public: str, state) -> list[str]:
    """Cards in anyone's hand (never on a tree, never public) named in the public text."""
    return [card_label(code) for hand in state.hands for code in hand.cards if card_label(code) in public]


@pytest.mark.parametrize(
    "players,mode,seed", [(3, "normal", 1)] + ([(2, "advanced", 2), (4, "family", 3)] if LONG else [])
)
async def test_whole_game_by_clicks(loop, bot, players: int, mode: str, seed: int) -> None:
    table = Players(loop, bot.db_path, loop.channel_ids[0], USERS[:players], seed, GAME, {"mode": mode})
    await table.open()
    snap = table.snapshot()
    assert snap.state.mode == mode
    steps = 0
    while (result := await table.step()) is not None:
        assert result.acknowledged and result.latency < 3.0, result.text()
        assert result.in_place, result.text()  # every click edits its (private) message
        snap = table.snapshot()
        if snap.status == "running" and steps % 5 == 0:
            assert _hidden_cards_shown(loop.public_text(), snap.state) == []
        steps += 1
        assert steps < 6000
    snap = table.snapshot()
    assert snap.status == "finished"
    # the last table edit and the end post follow the click's answer (paced: maybe seconds later)
    await loop.wait_for(lambda: "is over" in loop.public_text(), timeout=15)
    await loop.wait_idle()
    assert replayed_state(bot.db_path, table.game_id) == snap.state
    table_message = loop.message(snap.table_message_id)
    (picture,) = table_message["attachments"]
    assert picture["filename"].endswith(".png")
    end = loop.public_text()
    assert "is over" in end and "gingerbreads" in end and "cookies" in end
    assert loop.unknown_calls() == []
    counts = loop.call_counts()
    assert counts["errors"] == 0, counts


async def test_kill_9_mid_game_loses_nothing(loop, bot) -> None:
    table = Players(loop, bot.db_path, loop.channel_ids[0], USERS[:2], 5, GAME, {"mode": "normal"})
    await table.open()
    rng = random.Random(5)
    kill_at = set(rng.sample(range(5, 60), 4 if LONG else 2))
    acknowledged = steps = 0
    while table.snapshot().status == "running" and steps < 120:
        steps += 1
        if steps in kill_at:
            clicking = asyncio.create_task(table.step(timeout=4.0))
            await asyncio.sleep(rng.uniform(0.0, 0.05))
            await bot.kill()
            try:
                result = await clicking
            except RuntimeError:
                result = None
            acknowledged += int(result is not None and result.in_place and _is_action(result))
            await bot.start()
            continue
        result = await table.step()
        assert result is not None and result.acknowledged
        acknowledged += int(result.in_place and _is_action(result))
    log = read_log(bot.db_path, table.game_id)
    assert [seq for seq, _, _ in log] == list(range(1, len(log) + 1))
    assert acknowledged <= len(log) <= acknowledged + len(kill_at)
    assert replayed_state(bot.db_path, table.game_id) == table.snapshot().state


def _is_action(result) -> bool:
    """Drafts redraw a message without an action; only `act:`/`pick:` clicks are logged."""
    return result.custom_id.startswith(("act:", "pick:"))
