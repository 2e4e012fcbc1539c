"""Secret Krampus's words: every event line is a `Words` made of marked texts (so the bot can show
it in any language, /log included), and the end reasons (marked texts with the rules' numbers
written out) say the rules' numbers."""

from __future__ import annotations

import random
import re

from games.core.words import Words
from games.secret_krampus import SecretKrampus
from games.secret_krampus.data import KRAMPUS_CHECK_FROM_NAUGHTY, NAUGHTY_WIN_AT, NICE_WIN_AT, Phase, Team
from games.secret_krampus.steps import WIN_REASONS
from tests.marked_texts import template

GAME = SecretKrampus()
NAMES = [f"P{i}" for i in range(10)]


def test_the_end_reasons_say_the_rules_numbers() -> None:
    assert WIN_REASONS["nice_cards"].startswith(f"{NICE_WIN_AT} Nice gifts")
    assert WIN_REASONS["naughty_cards"].startswith(f"The {NAUGHTY_WIN_AT}th Naughty gift is on the board")
    assert f"with {KRAMPUS_CHECK_FROM_NAUGHTY} or more" in WIN_REASONS["krampus_elected"]


def _parts(text: Words) -> tuple[set[str], set[str]]:
    """The templates a text is made of and its plain values (names, numbers)."""
    templates, plain = {text.template}, set()
    for value in text.values.values():
        if isinstance(value, Words):
            more, values = _parts(value)
            templates |= more
            plain |= values
        else:
            plain.add(str(value))
    return templates, plain


def test_every_event_line_is_made_of_marked_texts() -> None:
    marked = {str(m.id) for m in template() if m.id and not isinstance(m.id, tuple)}
    kinds: set[str] = set()
    for seed in range(12):
        rng = random.Random(seed)
        state = GAME.new_game(5 + seed % 6, GAME.parse_options({}), seed)
        while GAME.outcome(state) is None:
            seat = rng.choice(sorted(GAME.to_decide(state)))
            state, events = GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
            for event in events:
                kinds.add(event.kind)
                line = event.describe(NAMES)
                assert isinstance(line, Words), (event.kind, line)
                templates, plain = _parts(line)
                wording = {t for t in templates if re.search(r"[A-Za-z]", re.sub(r"\{\w+\}", "", t))}
                assert wording <= marked, (event.kind, wording - marked)
                assert all(value in NAMES or value.isdigit() for value in plain), (event.kind, plain)
    assert {"votes_revealed", "card_placed", "game_over", "cards_drawn", "order_started"} <= kinds


def test_a_game_stored_with_an_old_reason_reads_the_new_one() -> None:
    """ "6 Naughty gifts were delivered" overcounted a 6-player game (one starts on the board); a
    game stored before the rewording shows the reason as worded now (the old one is no key)."""
    from games.secret_krampus.steps import REWORDED

    state = GAME.new_game(6, GAME.parse_options(None), 1)
    for old, now in REWORDED.items():
        over = {"phase": Phase.GAME_OVER, "winner": Team.NAUGHTY, "win_reason": old}
        stored = state.model_copy(update=over)
        assert GAME.view(stored, None).win_reason == now and now in WIN_REASONS.values()
        outcome = GAME.outcome(stored)
        assert outcome is not None and outcome.summary == now
