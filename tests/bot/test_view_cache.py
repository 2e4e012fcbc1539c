"""A seat's view is made once per state and shared by everything that draws it (`LoadedGame.view`),
so nothing may change a view it was given: after whole games through the real handlers, every
view the bot kept still equals a freshly made one."""

from __future__ import annotations

import random

import pytest

from bot.plugins import PLUGINS
from tests.bot.harness import Harness, make_users, play_random_click


@pytest.mark.parametrize("name", PLUGINS.names())
async def test_views_drawn_are_left_as_made(harness: Harness, name: str) -> None:
    plugin = PLUGINS.get(name)
    users = make_users(min(plugin.max_players, 5))
    table, game_id = await harness.open_table(users, name)
    rng = random.Random(11)
    checked = 0
    for _ in range(120):
        if not await play_random_click(harness, table, game_id, users, rng):
            break
        assert harness.table is not None
        outbox = harness.table.pipeline.outboxes.get(game_id)
        if outbox is None:  # the game ended and is fully shown
            break
        game = outbox.game
        assert game.state is not None
        for seat, (state, view) in game._views.items():
            assert state is game.state
            assert view == game.rules.view(state, seat), f"seat {seat}'s view was changed after it was made"
            checked += 1
    assert checked > 0, "no view was drawn from the cache"
