"""The Grumpy Nisse in Hungarian and German (issue 16): over random whole games, what a Hungarian or
German player reads on the table and in every seat's private message (embeds, news, buttons,
selects) holds none of the English texts this game marks for translation (nor the other
language's translations of them), Discord's limits hold,
and the table stays within the phone budgets of `tests/bot/render/phone.py` in every language.

The translations come from the real catalogues."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from babel.messages.catalog import Catalog, Message

from bot.i18n import catalogues, using
from bot.plugins import PLUGINS
from bot.render.base import Payload
from tests.bot.fakes import FakeMessage
from tests.bot.render.phone import Moment, picture_problems, random_game, table_problems

PLUGIN = PLUGINS.get("grumpy-nisse")
#: where this game's texts are marked
SOURCES = ("bot/render/grumpy_nisse", "games/grumpy_nisse")
LANGUAGES = ("hu", "de")
SEEDS = (1, 2, 3)
ROLES = ("random", "host_violet", "host_torech")
PICTURE_EVERY = 25  # pictures are drawn for every n-th state only (drawing is the slow part)
PLACEHOLDER = re.compile(r"\{[^{}]*\}")


def _strings(catalog: Catalog, message: Message) -> list[str]:
    found = catalog.get(message.id)
    given = found.string if found is not None else ""
    return [str(text) for text in (given if isinstance(given, tuple) else (given,))]


def _wrong_pieces(language: str) -> list[tuple[str, re.Pattern[str]]]:
    """Texts a `language` player must not read: for every text of this game, the word runs (the
    text between placeholders, at least 4 letters) of its English and of its other languages'
    translations that its `language` translation does not hold (names kept in every language
    are; a text without a translation is not), as patterns."""
    pieces = []
    catalog = catalogues.load(language)
    others = [catalogues.load(other) for other in LANGUAGES if other != language]
    for message in catalogues.template():
        if not message.id or not any(path.startswith(SOURCES) for path, _ in message.locations):
            continue
        english = [str(text) for text in message.id] if isinstance(message.id, tuple) else [str(message.id)]
        foreign = " ".join(_strings(catalog, message))
        for text in english + [text for other in others for text in _strings(other, message)]:
            if text == foreign:
                continue
            for piece in PLACEHOLDER.split(text):
                piece = piece.strip(" .,:;()*!-\n")
                if sum(c.isalpha() for c in piece) >= 4 and piece not in foreign:
                    pieces.append((text, re.compile(rf"(?<!\w){re.escape(piece)}(?!\w)")))
    return pieces


def _read(payload: Payload) -> str:
    """Everything a player reads in the message, with Discord's limits checked on the way."""
    message = FakeMessage(1, 1)
    message.apply(embeds=payload.embeds, view=payload.view, content=payload.content)
    descriptions = [o.description or "" for item in message.items() for o in getattr(item, "options", [])]
    return "\n".join([message.text(), *descriptions])


def _moments(seed: int) -> Iterator[Moment]:
    yield from random_game(PLUGIN, 2, seed, {"roles": ROLES[seed % len(ROLES)]})


@pytest.mark.parametrize("language", LANGUAGES)
def test_players_read_neither_english_nor_another_language(language: str) -> None:
    with using(language):
        pieces = _wrong_pieces(language)
        assert pieces, "no translated texts found for this game"
        seen: set[str] = set()
        for seed in SEEDS:
            for moment in _moments(seed):
                seen.add(_read(moment.table()))
                for seat in (0, 1):
                    seen.add(_read(moment.private(seat)))
    found = {
        f"{wrong!r} in: {text[max(0, m.start() - 60) : m.end() + 60]!r}"
        for text in seen
        for wrong, pattern in pieces
        for m in [pattern.search(text)]
        if m
    }
    assert not found, f"{len(found)} texts not in {language}, e.g.\n" + "\n".join(sorted(found)[:8])


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_english_texts_looked_for_are_found_in_english(language: str) -> None:
    """The check above can fail: the same game read in English holds the texts it looks for."""
    with using(language):
        pieces = _wrong_pieces(language)
    texts = [_read(m.table()) for m in _moments(SEEDS[0])]
    assert any(pattern.search(text) for text in texts for _, pattern in pieces)


@pytest.mark.parametrize("language", LANGUAGES)
def test_phone_budgets_hold(language: str) -> None:
    problems: list[str] = []
    with using(language):
        for seed in SEEDS:
            tables = [moment.table() for moment in _moments(seed)]
            problems += [f"seed {seed}: {p}" for p in table_problems(tables)]
            if seed == SEEDS[0]:
                for table in tables[::PICTURE_EVERY]:
                    problems += picture_problems(table)
    assert not problems, f"{len(problems)} over budget in {language}, e.g.\n" + "\n\n".join(problems[:3])


def test_the_languages_differ() -> None:
    """Hungarian, German and English players read three different tables and private messages
    (each language its own catalogue), line by line where a sentence is shown."""
    moment = next(m for m in _moments(SEEDS[0]) if m.state.phase.value == "LEAD")
    seen: dict[str, list[str]] = {}
    for language in ("en", *LANGUAGES):
        with using(language):
            table, private = moment.table(), moment.private(0)
        seen[language] = [
            str(table.embeds[0].description),
            str(private.embeds[0].description),
            str(private.embeds[0].fields[0].name),
        ]
    for n in range(3):
        lines = [seen[language][n] for language in seen]
        assert len(set(lines)) == len(lines), lines
