"""Secret Krampus in Hungarian and German (issue 16): over random whole games, what a Hungarian or
German player reads (the table, every seat's private message, its buttons and selects, the answers
to its clicks, refusals, reminders, /log, the ending and the /rules summary) holds none of the
English texts this game marks, and the table and Discord's limits hold in every language.

The translations come from the real catalogues."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from bot.plugins import PLUGINS
from bot.render.secret_krampus_summary import RULES_SUMMARY
from games.core import visible_events
from tests.bot.render import languages
from tests.bot.render.phone import Moment

MINE = ("bot/render/secret_krampus", "games/secret_krampus")
LANGUAGES = ("hu", "de")
PLUGIN = PLUGINS.get("secret-krampus")
GAMES = ((5, 1), (7, 2), (10, 3))

marked = languages.marked_fixture(MINE)
english = languages.english_fixture(LANGUAGES)


def _answers(moment: Moment, view: Any, seat: int) -> Iterator[tuple[str, str]]:
    """The answer to the seat's click and its chat reminder."""
    renderer = PLUGIN.renderer
    yield "answer", renderer.acknowledge(view, moment.ctx, visible_events(moment.events, seat)) or ""
    yield "reminder", renderer.chat_reminder(view, moment.ctx, seat) or ""


def _seen(language: str) -> Iterator[tuple[str, str]]:
    """(what, text) for everything players read over the games, in `language`; the phases seen
    come as ("phase", name)."""
    return languages.read_whole_games(PLUGIN, GAMES, language, RULES_SUMMARY, _answers)


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_reader_of_another_language_sees_no_english(language: str, english: dict[str, list[str]]) -> None:
    pieces = english[language]
    assert len(pieces) > 100  # this game's texts were found
    found, kinds = languages.english_read(_seen(language), pieces)
    assert {"refusal", "ending", "rules", "answer", "reminder", "log"} <= kinds
    assert {"VOTING", "ORDER", "GAME_OVER"} <= kinds
    assert not found, languages.english_report(found, language)


def test_the_check_finds_english(english: dict[str, list[str]]) -> None:
    """The same games read in English show this game's English texts: the test above can fail."""
    languages.assert_the_check_finds_english(_seen("en"), english["de"])
