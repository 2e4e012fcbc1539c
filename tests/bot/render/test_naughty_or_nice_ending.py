"""Naughty or Nice's ending names the symbols whose majority each player scored (it gave their
points as one sum), and they are the ones the scoring paid."""

from __future__ import annotations

import pytest

from bot.render.base import TableContext
from bot.render.naughty_or_nice_text import SYMBOL_EMOJI, majorities
from games.naughty_or_nice.data import SYMBOL_MAJORITY_POINTS
from tests.bot.render.naughty_or_nice_states import GAME, NAMES, RENDER, random_states


@pytest.mark.parametrize("seed", range(4))
def test_the_ending_names_the_symbol_majorities_each_player_scored(seed: int) -> None:
    *_, final = random_states(3, seed, {"level": 5}, limit=3000)
    assert GAME.outcome(final) is not None
    view = GAME.view(final, None)
    end = RENDER.ending(view, TableContext(1, GAME.decision(final), NAMES[:3], "Naughty or Nice"), "summary")
    named = 0
    for player in view.players:
        held = majorities(player, view.players)
        assert len(held) * SYMBOL_MAJORITY_POINTS == player.breakdown.get("symbols", 0)
        line = next(line for line in end.splitlines() if line.startswith(f"{NAMES[player.seat]}:"))
        if held:
            assert f"+{len(held) * SYMBOL_MAJORITY_POINTS} ({''.join(SYMBOL_EMOJI[s] for s in held)})" in line
            named += 1
    assert named
