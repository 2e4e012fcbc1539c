"""Naughty & Nice in Hungarian and German (issue 16): over random whole games, what a Hungarian or
German player reads (the table, every seat's private message with a card picked to play, its
buttons and selects, refusals, /log, the ending and the /rules summary) holds none of the English
texts this game marks, and the table's phone budgets hold in every language.

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
from bot.render.naughty_and_nice_summary import RULES_SUMMARY
from games.core import IllegalAction, visible_events
from tests.bot.fakes import FakeMessage
from tests.bot.render.phone import NAMES, random_game, table_problems

MINE = ("bot/render/naughty_and_nice", "games/naughty_and_nice")
LANGUAGES = ("hu", "de")
PLUGIN = PLUGINS.get("naughty-and-nice")
GAMES = ((2, 1), (4, 2), (6, 3))
#: The game's own name, kept in every language ("Naughty" and "Nice" alone are translated).
GAME_NAME = "Naughty & Nice"


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
    parts = (part.strip(" .,:;!?()*-><\n") for part in re.split(r"\{[^}]*\}", text))
    return [part for part in parts if re.search(r"[A-Za-z]{2}", part)]


def _read(payload: Payload) -> str:
    """What a reader reads in a message, components included; Discord's limits checked."""
    message = FakeMessage(1, 1)
    message.apply(**replace(payload, pictures=[]).send_kwargs())
    return message.text()


def _leaks(text: str, pieces: list[str]) -> list[str]:
    text = text.replace(GAME_NAME, "")
    return [piece for piece in pieces if re.search(rf"(?<![A-Za-z]){re.escape(piece)}(?![A-Za-z])", text)]


def _draft(view: object) -> str | None:
    """A `c<id>` draft picking the first card the seat may play (the target buttons then show)."""
    for choice in getattr(view, "choices", ()):
        if choice.kind == "play" and choice.card is not None:
            return f"c{choice.card.id}"
    return None


def _seen(language: str) -> Iterator[tuple[str, str]]:
    """(what, text) for everything players read over the games, in `language`; the phases seen
    come as ("phase", name)."""
    renderer = PLUGIN.renderer
    rules = PLUGIN.rules
    for players, seed in GAMES:
        tables = []
        outcome = None
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
                    draft = _draft(view)
                    if draft is not None:
                        events = visible_events(moment.events, seat)
                        yield "picked", _read(renderer.private(view, ctx, events, draft))
                    for action in rules.legal_actions(state, (seat + 1) % players)[:2]:
                        try:
                            rules.apply(state, seat, action)
                        except IllegalAction as error:
                            yield "refusal", refusal(error).message
                outcome = rules.outcome(state)
                if outcome is not None:
                    yield "ending", renderer.ending(rules.view(state, None), ctx, outcome.summary)
        assert outcome is not None, f"{players}p game {seed} did not end"
        problems = table_problems(tables)
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
    assert {"table", "private", "picked", "refusal", "ending", "rules", "log"} <= kinds
    assert {"DECLARE", "DRAW", "PLAY", "ORIENT", "GAME_OVER"} <= kinds
    assert not found, f"{len(found)} English texts in {language}, e.g.\n" + "\n".join(
        f"{piece!r} in {where}" for piece, where in list(found.items())[:8]
    )


def test_the_check_finds_english(english: dict[str, list[str]]) -> None:
    """The same games read in English show this game's English texts: the test above can fail."""
    seen = " ".join(text for what, text in _seen("en") if what != "phase")
    assert len(_leaks(seen, english["de"])) > 50
    assert not any(name in english["de"] for name in NAMES)
