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

from bot.i18n import using
from bot.plugins import PLUGINS
from tests.bot.render import languages
from tests.bot.render.phone import Moment, random_game

PLUGIN = PLUGINS.get("grumpy-nisse")
#: where this game's texts are marked
MINE = ("bot/render/grumpy_nisse", "games/grumpy_nisse")
LANGUAGES = ("hu", "de")
SEEDS = (1, 2, 3)
ROLES = ("random", "host_violet", "host_torech")
PICTURE_EVERY = 25  # pictures are drawn for every n-th state only (drawing is the slow part)


def _wrong_pieces(language: str) -> list[tuple[str, re.Pattern[str]]]:
    """Texts a `language` player must not read: for every text of this game, the word runs (the
    text between placeholders, at least 4 letters) of its English and of its other languages'
    translations that its `language` translation does not hold (names kept in every language
    are; a text without a translation is not), as patterns."""
    others = [other for other in LANGUAGES if other != language]
    return languages.wrong_pieces(language, MINE, other_languages=others)


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
                seen.add(languages.read(moment.table()))
                for seat in (0, 1):
                    seen.add(languages.read(moment.private(seat)))
    languages.assert_none_read(seen, pieces, f"texts not in {language}")


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_english_texts_looked_for_are_found_in_english(language: str) -> None:
    """The check above can fail: the same game read in English holds the texts it looks for."""
    with using(language):
        pieces = _wrong_pieces(language)
    assert languages.texts_found([languages.read(m.table()) for m in _moments(SEEDS[0])], pieces)


@pytest.mark.parametrize("language", LANGUAGES)
def test_phone_budgets_hold(language: str) -> None:
    problems: list[str] = []
    with using(language):
        for seed in SEEDS:
            every = PICTURE_EVERY if seed == SEEDS[0] else 0
            moments = list(_moments(seed))
            problems += languages.phone_budget_problems(
                f"seed {seed}", moments, every, private_pictures=False
            )
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
