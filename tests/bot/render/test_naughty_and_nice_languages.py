"""Naughty & Nice in Hungarian and German (issue 16): over random whole games, what a Hungarian or
German player reads (the table, every seat's private message with a card picked to play, its
buttons and selects, refusals, /log, the ending and the /rules summary) holds none of the English
texts this game marks, and the table's phone budgets hold in every language.

The translations come from the real catalogues."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from bot.plugins import PLUGINS
from bot.render.naughty_and_nice_summary import RULES_SUMMARY
from games.core import visible_events
from tests.bot.render import languages
from tests.bot.render.phone import Moment

MINE = ("bot/render/naughty_and_nice", "games/naughty_and_nice")
LANGUAGES = ("hu", "de")
PLUGIN = PLUGINS.get("naughty-and-nice")
GAMES = ((2, 1), (4, 2), (6, 3))
#: The game's own name, kept in every language ("Naughty" and "Nice" alone are translated).
GAME_NAME = "Naughty & Nice"

marked = languages.marked_fixture(MINE)
english = languages.english_fixture(LANGUAGES)


def _draft(view: object) -> str | None:
    """A `c<id>` draft picking the first card the seat may play (the target buttons then show)."""
    for choice in getattr(view, "choices", ()):
        if choice.kind == "play" and choice.card is not None:
            return f"c{choice.card.id}"
    return None


def _picked(moment: Moment, view: Any, seat: int) -> Iterator[tuple[str, str]]:
    """The seat's private message with its first playable card picked."""
    draft = _draft(view)
    if draft is not None:
        events = visible_events(moment.events, seat)
        yield "picked", languages.read(PLUGIN.renderer.private(view, moment.ctx, events, draft))


def _seen(language: str) -> Iterator[tuple[str, str]]:
    """(what, text) for everything players read over the games, in `language`; the phases seen
    come as ("phase", name)."""
    return languages.read_whole_games(PLUGIN, GAMES, language, RULES_SUMMARY, _picked)


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_reader_of_another_language_sees_no_english(language: str, english: dict[str, list[str]]) -> None:
    pieces = english[language]
    assert len(pieces) > 100  # this game's texts were found
    found, kinds = languages.english_read(_seen(language), pieces, kept=[GAME_NAME])
    assert {"table", "private", "picked", "refusal", "ending", "rules", "log"} <= kinds
    assert {"DECLARE", "DRAW", "PLAY", "ORIENT", "GAME_OVER"} <= kinds
    assert not found, languages.english_report(found, language)


def test_the_check_finds_english(english: dict[str, list[str]]) -> None:
    """The same games read in English show this game's English texts: the test above can fail."""
    languages.assert_the_check_finds_english(_seen("en"), english["de"], kept=[GAME_NAME])
