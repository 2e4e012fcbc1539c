"""Christmas Tree in Hungarian and German (issue 16): over random whole games of every mode and
player count, what a Hungarian or German player reads (the table, every seat's private message
with its selects and buttons, also half-made turns and cookie swaps, the /log lines and /rules)
holds none of the English texts this game marks for translation, Discord's limits hold, and the
table stays within the phone budgets of `tests/bot/render/phone.py` in every language.

The translations come from the real catalogues."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from bot.i18n import translated, using
from bot.plugins import PLUGINS
from bot.render.base import Payload
from bot.render.christmas_tree_text import objective_text
from bot.render.rules_text import rules_embed
from games.christmas_tree.models import CTView
from games.christmas_tree.objectives import OBJECTIVES
from tests.bot.render import languages
from tests.bot.render.phone import Moment, random_game, text_of

PLUGIN = PLUGINS.get("christmas-tree")
#: where this game's texts are marked
MINE = ("bot/render/christmas_tree", "games/christmas_tree")
LANGUAGES = ("hu", "de")
#: (players, mode, seed): every mode, every player count (2 players bring the neutral tree)
GAMES = ((2, "advanced", 1), (3, "normal", 2), (4, "family", 3))
#: the games whose tables `test_phone_budgets` holds to the budgets in English (the benchmark's
#: line-ups; a 4-player Family table's round end is over 900 characters in English already)
BUDGET_GAMES = tuple(
    (players, mode, seed)
    for players, mode in ((2, "normal"), (3, "advanced"), (4, "normal"), (4, "advanced"))
    for seed in (1, 2)
)
PICTURE_EVERY = 40  # pictures are drawn for every n-th state only (drawing is the slow part)


def _drafts(view: object) -> list[str]:
    """Half-made choices worth drawing for a seat now: a card on a cell (the Place buttons), a
    reopened turn, and a cookie swap with both cells chosen (the swap buttons)."""
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
    read, moment = languages.read_moments(_moments(players, mode, seed), players, _drafts, drafts_every=5)
    outcome = moment.plugin.rules.outcome(moment.state)
    assert outcome is not None, "the random game ends"
    summary = translated(outcome.summary)
    ending = PLUGIN.renderer.ending(moment.plugin.rules.view(moment.state, None), moment.ctx, summary)
    return seen | read | {summary, ending}


@pytest.mark.parametrize("language", LANGUAGES)
def test_players_read_no_english(language: str) -> None:
    with using(language):
        pieces = languages.wrong_pieces(language, MINE)
        assert pieces, "no translated texts found for this game"
        seen = set().union(*(_everything_read(*game) for game in GAMES))
    languages.assert_none_read(seen, pieces, f"English texts in {language}")


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_english_texts_looked_for_are_found_in_english(language: str) -> None:
    """The check above can fail: the same game read in English holds many of the texts it looks for."""
    with using(language):
        pieces = languages.wrong_pieces(language, MINE)
    hits = languages.texts_found(_everything_read(*GAMES[0]), pieces)
    assert len(hits) >= 40, sorted(hits)


@pytest.mark.parametrize("language", LANGUAGES)
def test_phone_budgets_hold(language: str) -> None:
    problems: list[str] = []
    with using(language):
        for players, mode, seed in BUDGET_GAMES:
            moments = list(_moments(players, mode, seed))
            problems += languages.phone_budget_problems(
                f"{players}p {mode} seed {seed}", moments, PICTURE_EVERY
            )
    assert not problems, f"{len(problems)} over budget in {language}, e.g.\n" + "\n\n".join(problems[:3])


def test_the_languages_differ() -> None:
    """Hungarian and German messages are not the English ones (the catalogues are in use)."""
    languages.assert_languages_differ(
        next(m for m in _moments(*GAMES[1]) if m.state.phase.value == "TURN"), LANGUAGES
    )
