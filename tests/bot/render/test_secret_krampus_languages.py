"""Secret Krampus in Hungarian and German (issue 16): over random whole games, what a Hungarian or
German player reads (the table, every seat's private message, its buttons and selects, the answers
to its clicks, refusals, reminders, /log, the ending and the /rules summary) holds none of the
English texts this game marks, and the table and Discord's limits hold in every language.

The translations come from the real catalogues."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import replace

import pytest

import bot.i18n
from bot.errors import refusal
from bot.i18n import catalogues, translated, using
from bot.plugins import PLUGINS
from bot.render.base import Payload
from bot.render.secret_krampus_summary import RULES_SUMMARY
from games.core import IllegalAction, visible_events
from tests.bot.fakes import FakeMessage
from tests.bot.render.phone import NAMES, random_game, table_problems

MINE = ("bot/render/secret_krampus", "games/secret_krampus")
LANGUAGES = ("hu", "de")
PLUGIN = PLUGINS.get("secret-krampus")
GAMES = ((5, 1), (7, 2), (10, 3))


@pytest.fixture(scope="module")
def marked() -> list[tuple[str, ...]]:
    """This game's marked texts (a plural: its forms)."""
    found = []
    for message in catalogues.template():
        if message.id and any(path.startswith(MINE) for path, _ in message.locations):
            texts = message.id if isinstance(message.id, tuple) else (message.id,)
            found.append(tuple(str(text) for text in texts))
    return found


@pytest.fixture
def english(marked: list[tuple[str, ...]]) -> Iterator[dict]:
    """Per language, the English pieces of this game's texts a reader
    of it must never see (the text around each placeholder, unless its translation keeps it, as
    with a name)."""
    bot.i18n.translations.cache_clear()
    found: dict[str, list[str]] = {}
    for language in LANGUAGES:
        catalog = catalogues.load(language)
        pieces: set[str] = set()
        for texts in marked:
            message = catalog.get(texts[0])
            strings = message.string if message is not None else ""
            foreign = " ".join(strings) if isinstance(strings, tuple) else str(strings or "")  # "": none
            for text in texts:
                pieces.update(piece for piece in _pieces(text) if piece not in foreign)
        found[language] = sorted(pieces, key=len, reverse=True)
    yield found
    bot.i18n.translations.cache_clear()


def _pieces(text: str) -> list[str]:
    """The parts of `text` between its placeholders that say something (a word of 2+ letters)."""
    parts = (part.strip(" .,:;!?()*-\n") for part in re.split(r"\{[^}]*\}", text))
    return [part for part in parts if re.search(r"[A-Za-z]{2}", part)]


def _read(payload: Payload) -> str:
    """What a reader reads in a message, components included; Discord's limits checked."""
    message = FakeMessage(1, 1)
    message.apply(**replace(payload, pictures=[]).send_kwargs())
    return message.text()


def _leaks(text: str, pieces: list[str]) -> list[str]:
    return [piece for piece in pieces if re.search(rf"(?<![A-Za-z]){re.escape(piece)}(?![A-Za-z])", text)]


def _seen(language: str) -> Iterator[tuple[str, str]]:
    """(what, text) for everything players read over the games, in `language`; the phases seen
    come as ("phase", name)."""
    renderer = PLUGIN.renderer
    rules = PLUGIN.rules
    for players, seed in GAMES:
        tables = []
        for moment in random_game(PLUGIN, players, seed):
            state, ctx = moment.state, moment.ctx
            yield "phase", state.phase.value
            with using(language):
                tables.append(moment.table())
                yield "table", _read(tables[-1])
                for event in visible_events(moment.events, None):  # as /log shows them
                    yield "log", translated(event.describe(ctx.names))
                for seat in range(players):
                    view = rules.view(state, seat)
                    yield "private", _read(moment.private(seat))
                    yield "answer", renderer.acknowledge(view, ctx, visible_events(moment.events, seat)) or ""
                    yield "reminder", renderer.chat_reminder(view, ctx, seat) or ""
                    for action in rules.legal_actions(state, (seat + 1) % players)[:2]:
                        try:
                            rules.apply(state, seat, action)
                        except IllegalAction as error:
                            yield "refusal", refusal(error).message
                outcome = rules.outcome(state)
                if outcome is not None:
                    yield "ending", renderer.ending(rules.view(state, None), ctx, outcome.summary)
                problems = table_problems(tables) if outcome is not None else []
        assert not problems, f"{language} {players}p over the phone budget:\n" + "\n\n".join(problems[:2])
    with using(language):
        yield "rules", bot.i18n._(RULES_SUMMARY)


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_reader_of_another_language_sees_no_english(language: str, english: dict[str, list[str]]) -> None:
    pieces = english[language]
    assert len(pieces) > 100  # this game's texts were found
    found: dict[str, str] = {}
    kinds: set[str] = set()
    for what, text in _seen(language):
        kinds.add(text if what == "phase" else what)
        for piece in _leaks(text, [] if what == "phase" else pieces):
            found.setdefault(piece, f"{what}: {text}")
    assert {"refusal", "ending", "rules", "answer", "reminder", "log"} <= kinds
    assert {"VOTING", "ORDER", "GAME_OVER"} <= kinds
    assert not found, f"{len(found)} English texts in {language}, e.g.\n" + "\n".join(
        f"{piece!r} in {where}" for piece, where in list(found.items())[:8]
    )


def test_the_check_finds_english(english: dict[str, list[str]]) -> None:
    """The same games read in English show this game's English texts: the test above can fail."""
    seen = " ".join(text for what, text in _seen("en") if what != "phase")
    assert len(_leaks(seen, english["de"])) > 50
    assert not any(name in english["de"] for name in NAMES)
