"""Every game's messages fit a phone (issue 14): over random games of every registered game, each
player count and each of its benchmark line-ups' options, the table's text stays short (at most
18 lines and 900 characters, a median of at most 12) and every picture, on the table and in the
private messages, is at most 2:1 wide with letters of at least 11 px on a 400 px wide phone."""

from __future__ import annotations

import pytest

from bot.plugins import PLUGINS, GamePlugin
from tests.bot.render.phone import picture_problems, random_game, table_problems

SEEDS = (1, 2)
#: (test, game) pairs still over budget: strict xfails, removed as each game is fixed
OVER_BUDGET: set[tuple[str, str]] = set()


def _games(test: str) -> list:
    return [
        pytest.param(plugin, id=plugin.name, marks=pytest.mark.xfail(strict=True, reason="over budget"))
        if (test, plugin.name) in OVER_BUDGET
        else pytest.param(plugin, id=plugin.name)
        for plugin in PLUGINS.values()
    ]


PICTURE_EVERY = 9  # render the pictures of every n-th state (each render costs milliseconds)


def _setups(plugin: GamePlugin) -> list[tuple[int, dict]]:
    options = [dict(setup.options) for setup in plugin.bench]
    return [
        (players, options[n % len(options)])
        for n, players in enumerate(range(plugin.min_players, plugin.max_players + 1))
    ] + [(plugin.max_players, extra) for extra in options[1:]]


@pytest.mark.parametrize("plugin", _games("tables"))
def test_tables_are_short(plugin: GamePlugin) -> None:
    problems: list[str] = []
    for players, options in _setups(plugin):
        for seed in SEEDS:
            tables = [moment.table() for moment in random_game(plugin, players, seed, options)]
            problems += [f"{players}p {options} seed {seed}: {p}" for p in table_problems(tables)]
    assert not problems, f"{len(problems)} tables over budget, e.g.\n" + "\n\n".join(problems[:3])


@pytest.mark.parametrize("plugin", _games("pictures"))
def test_pictures_are_legible_on_a_phone(plugin: GamePlugin) -> None:
    problems: set[str] = set()
    for players, options in _setups(plugin):
        for n, moment in enumerate(random_game(plugin, players, SEEDS[0], options)):
            if n % PICTURE_EVERY:
                continue
            problems.update(picture_problems(moment.table()))
            for seat in range(players):
                problems.update(picture_problems(moment.private(seat)))
    assert not problems, "\n".join(sorted(problems))
