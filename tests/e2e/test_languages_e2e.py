"""Every game in Hungarian and in German, end to end (issue 16): the real bot over the loopback
Discord, on a server whose language is that one and with players whose Discord speaks it; one
whole game of every registered title at once (a channel each), every seat clicking what it is
shown. Along the way and at the end, nothing a player sees (/rules, table, DMs, ephemeral
answers, the end post) holds an English text of the catalogues, and the phone budgets hold.

"English text of the catalogues": each catalogue text whose translation differs from it, or for
a text with placeholders each literal stretch of it of 12 characters or more; a stretch the
language's own translations also use (a shared word such as "Lobby") does not count."""

from __future__ import annotations

import asyncio
import re
import string
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.i18n import LANGUAGES
from bot.i18n.catalogues import load
from bot.plugins import PLUGINS
from tests.bot.harness import table_size
from tests.e2e.conftest import NAMES
from tests.e2e.players import Players, replayed_state
from tests.loopback import LoopbackDiscord
from tests.loopback.botproc import run_bot

OTHER_LANGUAGES = [code for code in LANGUAGES if code != "en"]
MIN_STRETCH = 12


def english_texts(language: str) -> list[str]:
    """What would betray an untranslated text in `language` (see the module docstring)."""
    catalog = load(language)
    translations = " ".join(
        " ".join(m.string) if isinstance(m.string, tuple) else str(m.string) for m in catalog if m.id
    )
    found: set[str] = set()
    for message in catalog:
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        if set(ids) <= set(strings):
            continue  # kept as it is (a name)
        for english in ids:
            stretches = [literal for literal, *_ in string.Formatter().parse(english)]
            for stretch in stretches:
                stretch = stretch.strip(" .,:;!?()*-\n")
                if len(stretch) >= MIN_STRETCH and stretch not in translations:
                    found.add(stretch)
    return sorted(found)


def untranslated(seen: str, english: list[str]) -> list[str]:
    return [text for text in english if text in seen]


@pytest.fixture(params=OTHER_LANGUAGES)
async def speakers(
    request: pytest.FixtureRequest, tmp_path: Path
) -> AsyncIterator[tuple[LoopbackDiscord, object, str]]:
    language = request.param
    channels = [1180000000000000101 + i for i in range(len(PLUGINS.names()))]
    loop = LoopbackDiscord(channel_ids=channels, guild_locale=language)
    for i in range(len(PLUGINS.names()) * 6):
        loop.add_user(201 + i, f"{NAMES[i % len(NAMES)]}{i}", locale=language)
    await loop.start()
    try:
        async with run_bot(loop, tmp_path / "bot.db") as bot:
            yield loop, bot, language
    finally:
        await loop.stop()


async def test_every_game_plays_in_the_players_language(speakers) -> None:  # noqa: ANN001
    loop, bot, language = speakers
    english = english_texts(language)
    assert len(english) > 100, "the catalogue looks empty"
    tables = []
    user = 201
    for i, name in enumerate(PLUGINS.names()):
        plugin = PLUGINS.get(name)
        players = table_size(plugin)
        users = list(range(user, user + players))
        user += 6
        tables.append(Players(loop, bot.db_path, loop.channel_ids[i], users, seed=i + 1, game=name))

    async def play(table: Players) -> None:
        rules = await (
            await loop.slash(table.user_ids[0], table.channel_id, "rules", {"game": table.game})
        ).settled(10)
        assert rules.ephemeral and untranslated(rules.text(), english) == [], (table.game, rules.text())
        await table.open()
        steps = 0
        while (result := await table.step()) is not None:
            assert result.acknowledged and result.latency < 3.0, result.text()
            steps += 1
            assert steps < 8000
            if steps % 15 == 0:
                for user_id in table.user_ids:
                    assert untranslated(loop.visible_text(user_id), english) == [], (table.game, user_id)
        snap = table.snapshot()
        assert snap.status == "finished"
        assert replayed_state(bot.db_path, table.game_id) == snap.state

    await asyncio.gather(*(play(table) for table in tables))
    await asyncio.sleep(1.0)
    await loop.wait_idle()
    for table in tables:
        for user_id in table.user_ids:
            seen = loop.visible_text(user_id)
            assert untranslated(seen, english) == [], (table.game, language)
            assert not re.search(r"\{\w+\}", seen), "a placeholder was left unfilled"
    assert loop.unknown_calls() == []
    counts = loop.call_counts()
    assert counts["errors"] == 0, counts["errors_by_kind"]
