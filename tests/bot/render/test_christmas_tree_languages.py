"""Christmas Tree in Hungarian and German (issue 16): over random whole games of every mode and
player count, what a Hungarian or German player reads (the table, every seat's private message
with its selects and buttons, also half-made turns and cookie swaps, the /log lines and /rules)
holds none of the English texts this game marks for translation, Discord's limits hold, and the
table stays within the phone budgets of `tests/bot/render/phone.py` in every language.

The translations come from the real catalogues."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest

from bot.i18n import catalogues, translated, using
from bot.plugins import PLUGINS
from bot.render.base import Payload
from bot.render.christmas_tree_text import objective_text
from bot.render.rules_text import rules_embed
from games.christmas_tree.models import CTView
from games.christmas_tree.objectives import OBJECTIVES
from games.core import visible_events
from tests.bot.fakes import FakeMessage
from tests.bot.render.phone import Moment, picture_problems, random_game, table_problems, text_of

PLUGIN = PLUGINS.get("christmas-tree")
#: where this game's texts are marked
SOURCES = ("bot/render/christmas_tree", "games/christmas_tree")
LANGUAGES = ("hu", "de")
#: (players, mode, seed): every mode, every player count (2 players bring the neutral tree)
GAMES = ((2, "advanced", 1), (3, "normal", 2), (4, "family", 3), (2, "normal", 4))
#: the games whose tables `test_phone_budgets` holds to the budgets in English (the benchmark's
#: line-ups; a 4-player Family table's round end is over 900 characters in English already)
BUDGET_GAMES = tuple(
    (players, mode, seed)
    for players, mode in ((2, "normal"), (3, "advanced"), (4, "normal"), (4, "advanced"))
    for seed in (1, 2)
)
PICTURE_EVERY = 40  # pictures are drawn for every n-th state only (drawing is the slow part)
PLACEHOLDER = re.compile(r"\{[^{}]*\}")


def _english_pieces(language: str) -> list[tuple[str, re.Pattern[str]]]:
    """For every English text of this game not kept as it is in `language` (the game's name is): its
    word runs (the text between placeholders, at least 4 letters) the translation does not hold."""
    pieces = []
    catalog = catalogues.load(language)
    for message in catalogues.template():
        if not message.id or not any(path.startswith(SOURCES) for path, _ in message.locations):
            continue
        found = catalog.get(message.id)
        english = [str(text) for text in message.id] if isinstance(message.id, tuple) else [str(message.id)]
        given = found.string if found is not None else ""
        foreign = " ".join(str(text) for text in (given if isinstance(given, tuple) else (given,)))
        foreign = PLACEHOLDER.sub(" ", foreign)  # "{round}" does not keep the English word "round"
        for text in english:
            if text == str(given):
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
    descriptions = [
        o.description or "" for item in message.items() for o in getattr(item.item, "options", [])
    ]
    return "\n".join([message.text(), *descriptions])


def _drafts(moment: Moment, seat: int) -> list[str]:
    """Half-made choices worth drawing for `seat` now: a card on a cell (the Place buttons), a
    reopened turn, and a cookie swap with both cells chosen (the swap buttons)."""
    view = moment.plugin.rules.view(moment.state, seat)
    assert isinstance(view, CTView)
    drafts = []
    if view.hand and view.legal_cells:
        drafts += [f"c{card}x{view.legal_cells[0]}" for card in range(len(view.hand))]
    filled = [cell for cell, slot in enumerate(view.preview) if slot is not None]
    if view.pending is not None and len(filled) >= 2:
        drafts += ["p", f"s{filled[0]}t{filled[-1]}"]
    return drafts


def _moments(players: int, mode: str, seed: int) -> Iterator[Moment]:
    yield from random_game(PLUGIN, players, seed, {"mode": mode})


def _everything_read(players: int, mode: str, seed: int) -> set[str]:
    """Every text any reader of this game reads, drawn in the current language."""
    seen: set[str] = {text_of(Payload(embeds=[rules_embed(PLUGIN.name)]))}
    seen.update(objective_text(code) for code in OBJECTIVES)  # whichever a game deals
    renderer = PLUGIN.renderer
    moment = None
    for n, moment in enumerate(_moments(players, mode, seed)):
        seen.add(_read(moment.table()))
        seen.update(str(translated(e.describe(moment.ctx.names))) for e in moment.events)  # /log
        for seat in range(players):
            seen.add(_read(moment.private(seat)))
            if n % 5 == 0:
                view = moment.plugin.rules.view(moment.state, seat)
                events = visible_events(moment.events, seat)
                for draft in _drafts(moment, seat):
                    seen.add(_read(renderer.private(view, moment.ctx, events, draft)))
    assert moment is not None
    outcome = moment.plugin.rules.outcome(moment.state)
    assert outcome is not None, "the random game ends"
    summary = translated(outcome.summary)
    seen |= {summary, renderer.ending(moment.plugin.rules.view(moment.state, None), moment.ctx, summary)}
    return seen


@pytest.mark.parametrize("language", LANGUAGES)
def test_players_read_no_english(language: str) -> None:
    with using(language):
        pieces = _english_pieces(language)
        assert pieces, "no translated texts found for this game"
        seen = set().union(*(_everything_read(*game) for game in GAMES))
    found = {
        f"{english!r} in: {text[max(0, m.start() - 60) : m.end() + 60]!r}"
        for text in seen
        for english, pattern in pieces
        for m in [pattern.search(text)]
        if m
    }
    assert not found, f"{len(found)} English texts in {language}, e.g.\n" + "\n".join(sorted(found)[:8])


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_english_texts_looked_for_are_found_in_english(language: str) -> None:
    """The check above can fail: the same game read in English holds many of the texts it looks for."""
    with using(language):
        pieces = _english_pieces(language)
    seen = _everything_read(*GAMES[0])
    hits = {english for english, pattern in pieces for text in seen if pattern.search(text)}
    assert len(hits) >= 40, sorted(hits)


@pytest.mark.parametrize("language", LANGUAGES)
def test_phone_budgets_hold(language: str) -> None:
    problems: list[str] = []
    with using(language):
        for players, mode, seed in BUDGET_GAMES:
            moments = list(_moments(players, mode, seed))
            tables = [moment.table() for moment in moments]
            problems += [f"{players}p {mode} seed {seed}: {p}" for p in table_problems(tables)]
            for moment in moments[::PICTURE_EVERY]:
                problems += picture_problems(moment.table())
                problems += picture_problems(moment.private(0))
    assert not problems, f"{len(problems)} over budget in {language}, e.g.\n" + "\n\n".join(problems[:3])


def test_the_languages_differ() -> None:
    """Hungarian and German messages are not the English ones (the catalogues are in use)."""
    moment = next(m for m in _moments(*GAMES[1]) if m.state.phase.value == "TURN")
    with using("en"):
        english = (text_of(moment.table()), text_of(moment.private(0)))
    for language in LANGUAGES:
        with using(language):
            table, private = text_of(moment.table()), text_of(moment.private(0))
        assert table != english[0] and private != english[1]
