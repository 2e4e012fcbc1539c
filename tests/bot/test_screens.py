"""`bot.screens`, the one door between a game and what its messages show: a seat's private
message is drawn from the events that seat may see, and nothing else, in every registered game
(the delivery's outbox already hands each seat its own news; this is the door itself)."""

from __future__ import annotations

from typing import Any

import pytest

from bot import screens
from bot.plugins import PLUGINS, GamePlugin
from tests.bot.render.phone import random_game
from tests.bot.test_ai_seats import _game as running_game  # (people at every seat: no AI)

GAMES = [pytest.param(plugin, id=plugin.name) for plugin in PLUGINS.values()]


@pytest.mark.parametrize("plugin", GAMES)
def test_a_private_message_is_drawn_from_its_seat_s_events_only(
    plugin: GamePlugin, monkeypatch: pytest.MonkeyPatch
) -> None:
    """(Handing the renderer every event of a change told seat 1 "You voted NO." of seat 0's
    secret vote, and Naughty or Nice's "You drew ..." of another seat's draw: no test saw it.)"""
    given: list[list[Any]] = []
    drawn = plugin.renderer.private

    def spy(view: Any, ctx: Any, events: Any, draft: Any = None) -> Any:
        given.append(list(events))
        return drawn(view, ctx, events, draft)

    monkeypatch.setattr(plugin.renderer, "private", spy)
    players = plugin.max_players
    for moment in random_game(plugin, players, 2, dict(plugin.bench[0].options)):
        game = running_game(plugin.name, moment.state, set(), players)
        for seat in range(players):
            given.clear()
            screens.private_payload(game, seat, moment.events)
            assert given and all(event.audience.includes(seat) for event in given[0])


def test_the_games_above_had_secrets_to_keep() -> None:
    """The check above can fail: the same random games hold events hidden from some seat."""
    for plugin in PLUGINS.values():
        players = plugin.max_players
        for moment in random_game(plugin, players, 2, dict(plugin.bench[0].options)):
            hidden = sum(not e.audience.includes(seat) for e in moment.events for seat in range(players))
            if hidden:
                return
    raise AssertionError("no registered game's random game had a secret event")
