"""Naughty or Nice in Hungarian and German (issue 16): over random whole games of every level and
player count, what a Hungarian or German player reads (the table, every seat's private message
with its selects and buttons, half-made Fulfills and creature targets included, the /log lines,
/rules, the lobby texts and the end text) holds none of the English texts this game marks for
translation, and the table stays within the phone budgets of `tests/bot/render/phone.py` in every
language.

The translations come from the real catalogues."""

from __future__ import annotations

import functools
import random
import re
from collections.abc import Iterator

import pytest

from bot.i18n import _, using
from bot.plugins import PLUGINS
from bot.render.base import Payload, TableContext
from bot.render.naughty_or_nice_components import draft_code, fulfil_targets, group_of
from bot.render.naughty_or_nice_summary import LOBBY_TEXTS
from bot.render.rules_text import rules_embed
from games.core import SYSTEM_SEAT, Event
from games.naughty_or_nice.actions import CloseWindow, Fulfil
from games.naughty_or_nice.viewmodels import NoNView
from tests.bot.render import languages
from tests.bot.render.phone import Moment, text_of

PLUGIN = PLUGINS.get("naughty-or-nice")
#: where the texts this game's players read are marked (the renderers and the rules)
MINE = ("bot/render/naughty_or_nice", "games/naughty_or_nice")
LANGUAGES = ("hu", "de")
NAMES = ["Ann", "Ben", "Cat", "Dan", "Eve"]
#: (players, level, seed): every level, every player count
GAMES = ((2, 1, 1), (3, 2, 2), (4, 3, 3), (5, 4, 4), (3, 5, 5), (2, 5, 6))
#: the line-ups `test_phone_budgets` holds to the budgets in English (the benchmark's levels)
BUDGET_GAMES = ((2, 5, 1), (3, 3, 2), (4, 1, 1), (5, 5, 2))
PICTURE_EVERY = 40  # pictures are drawn for every n-th state only (drawing is the slow part)
#: English pieces that are also words of the language ("most" is Hungarian for "now")
FALSE_FRIENDS = {"hu": {"most"}, "de": set()}


def _english_pieces(language: str) -> list[tuple[str, re.Pattern[str]]]:
    """For every English text of this game not kept as it is in `language` (names often are): its
    word runs (the text between placeholders, at least 4 letters) the translation does not hold."""
    return languages.wrong_pieces(language, MINE, false_friends=FALSE_FRIENDS[language])


def _moments(players: int, level: int, seed: int, limit: int = 400) -> Iterator[Moment]:
    """The states of one random game, reaction windows closed by the clock now and then (the
    generic walk of `phone.random_game` stops at a window nobody may answer)."""
    rules = PLUGIN.rules
    rng = random.Random(seed)
    state = rules.new_game(players, rules.parse_options({"level": level}), seed)
    events: list[Event] = []
    for _step in range(limit):
        yield Moment(
            PLUGIN, state, events, TableContext(7, rules.decision(state), NAMES[:players], PLUGIN.title)
        )
        if rules.outcome(state) is not None:
            return
        deciding = sorted(rules.to_decide(state))
        if not deciding or rules.timer(state) is not None and rng.random() < 0.3:
            state, events = rules.apply(state, SYSTEM_SEAT, CloseWindow())
            continue
        seat = rng.choice(deciding)
        legal = rules.legal_actions(state, seat)
        fulfils = [a for a in legal if isinstance(a, Fulfil)]
        action = rng.choice(fulfils) if fulfils and rng.random() < 0.6 else rng.choice(legal)
        state, events = rules.apply(state, seat, action)


def _drafts(view: object) -> list[str]:
    """Half-made choices worth drawing: a Fulfill with none, one and all presents chosen, and each
    creature waiting for its target."""
    assert isinstance(view, NoNView)
    drafts = []
    for kiddo in fulfil_targets(view)[:1]:
        drafts += [draft_code(kiddo, mask) for mask in {0, 1, (1 << len(view.presents)) - 1}]
    drafts += [f"g{group}" for group in {group_of(c.code) for c in view.choices} - {None}]
    return drafts


def _everything_read(players: int, level: int, seed: int) -> set[str]:
    """Every text any reader of this game reads, drawn in the current language."""
    seen: set[str] = {text_of(Payload(embeds=[rules_embed(PLUGIN.name)]))}
    for text in LOBBY_TEXTS.values():
        seen.update(_(t) for t in ((text,) if isinstance(text, str) else text))
    read, moment = languages.read_moments(_moments(players, level, seed), players, _drafts, drafts_every=3)
    over = moment.plugin.rules.view(moment.state, None)
    assert isinstance(over, NoNView) and over.over, "the random game ends"
    return seen | read | {PLUGIN.renderer.ending(over, moment.ctx, "")}


@functools.cache
def _read_in_english(game: tuple[int, int, int]) -> frozenset[str]:
    """`_everything_read` in English, read once for both languages' checks (a slow part of CI)."""
    return frozenset(_everything_read(*game))


@pytest.mark.parametrize("language", LANGUAGES)
def test_players_read_no_english(language: str) -> None:
    with using(language):
        pieces = _english_pieces(language)
        assert pieces, "no translated texts found for this game"
        seen = set().union(*(_everything_read(*game) for game in GAMES))
    languages.assert_none_read(seen, pieces, f"English texts in {language}")


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_english_texts_looked_for_are_found_in_english(language: str) -> None:
    """The check above can fail: the same games read in English hold many of the texts it looks for."""
    with using(language):
        pieces = _english_pieces(language)
    hits = languages.texts_found(_read_in_english(GAMES[4]) | _read_in_english(GAMES[3]), pieces)
    assert len(hits) >= 60, sorted(hits)


@pytest.mark.parametrize("language", LANGUAGES)
def test_phone_budgets_hold(language: str) -> None:
    problems: list[str] = []
    with using(language):
        for players, level, seed in BUDGET_GAMES:
            moments = list(_moments(players, level, seed))
            label = f"{players}p level {level} seed {seed}"
            problems += languages.phone_budget_problems(label, moments, PICTURE_EVERY)
    assert not problems, f"{len(problems)} over budget in {language}, e.g.\n" + "\n\n".join(problems[:3])


def test_the_languages_differ() -> None:
    """Hungarian and German messages are not the English ones (the catalogues are in use)."""
    languages.assert_languages_differ(next(m for m in _moments(*GAMES[4]) if m.state.turn_no >= 2), LANGUAGES)
