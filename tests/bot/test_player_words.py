"""No internal ids or units where a player can read them (issue 14, "Words"): whole games of every
registered game are clicked through the bot, and every text any player could read on the way
(tables, private messages, ephemeral answers, channel posts, then /log) is scanned for card codes
("W13"), degrees ("at 0°"), ids written in snake_case ("host_violet") and singular nouns after a
plural count ("1 points")."""

from __future__ import annotations

import random
import re

import pytest

from bot.plugins import PLUGINS, GamePlugin
from tests.bot.fakes import FakeMessage
from tests.bot.harness import Harness, make_users, play_random_click

WRONG = {
    "a card code": re.compile(r"\b[A-Z]{1,3}-?\d{2,3}\b"),
    "degrees": re.compile(r"°"),
    "an internal id": re.compile(r"\b[a-z]+_[a-z_]+\b"),
    "a wrong plural": re.compile(r"\b1 (points|kiddos|cards|gifts|wishes|votes|players|tricks|cookies)\b"),
    "a wrong singular": re.compile(
        r"\b([02-9]|\d\d+) (point|kiddo|card|gift|wish|vote|player|trick|cookie)\b(?! ?points?\b)"
    ),
}
#: (game) still failing: strict xfails, removed as each game is fixed
PENDING: set[str] = set()


def _texts(h: Harness) -> list[str]:
    messages: list[FakeMessage] = [
        *(m for ms in h.discord.channels.values() for m in ms),
        *(m for ms in h.discord.dms.values() for m in ms),
        *(m for ms in h.discord.ephemeral.values() for m in ms),
    ]
    return [m.text() for m in messages]


def _problems(texts: set[str]) -> list[str]:
    found = []
    for text in texts:
        text = re.sub(r"<[@#][!&]?\d+>|https?://\S+|<t:\d+(:\w)?>", "", text)  # mentions, links, times
        for what, pattern in WRONG.items():
            match = pattern.search(text)
            if match:
                start = max(0, match.start() - 60)
                found.append(f"{what} {match.group()!r} in: ...{text[start : match.end() + 60]}...")
    return found


def _games() -> list:
    return [
        pytest.param(p, id=p.name, marks=[pytest.mark.xfail(strict=True)] if p.name in PENDING else [])
        for p in PLUGINS.values()
    ]


@pytest.mark.parametrize("plugin", _games())
async def test_players_read_words_not_ids(harness: Harness, plugin: GamePlugin) -> None:
    seen: set[str] = set()
    for players, seed in ((plugin.min_players, 1), (plugin.max_players, 2)):
        users = make_users(players, start=1 + 20 * seed)
        table, game_id = await harness.open_table(users, plugin.name)
        rng = random.Random(seed)
        for _ in range(600):
            if not await play_random_click(harness, table, game_id, users, rng):
                break
            seen.update(_texts(harness))
        await harness.command("log", users[0], game_id)
        seen.update(_texts(harness))
        await harness.command("abandon", users[0], None, manage_guild=True)
    problems = _problems(seen)
    assert not problems, f"{len(problems)} problems, e.g.\n" + "\n".join(sorted(problems)[:12])
