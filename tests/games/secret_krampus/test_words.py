"""Secret Krampus's words: every event line goes through the reader's catalogue, and the end
reasons (marked texts with the rules' numbers written out) say the rules' numbers."""

from __future__ import annotations

import random
import re

from games.secret_krampus import SecretKrampus
from games.secret_krampus.data import KRAMPUS_CHECK_FROM_NAUGHTY, NAUGHTY_WIN_AT, NICE_WIN_AT
from games.secret_krampus.events import SKEventBase
from games.secret_krampus.steps import WIN_REASONS
from games.secret_krampus.words import ENGLISH

GAME = SecretKrampus()
NAMES = [f"P{i}" for i in range(10)]


class Marked:
    """A catalogue that wraps every text it translates, so an untranslated one shows."""

    def gettext(self, message: str, /) -> str:
        return f"<{message}>"

    def ngettext(self, singular: str, plural: str, n: int, /) -> str:
        return f"<{singular if n == 1 else plural}>"


def test_the_end_reasons_say_the_rules_numbers() -> None:
    assert WIN_REASONS["nice_cards"].startswith(f"{NICE_WIN_AT} Nice gifts")
    assert WIN_REASONS["naughty_cards"].startswith(f"{NAUGHTY_WIN_AT} Naughty gifts")
    assert f"with {KRAMPUS_CHECK_FROM_NAUGHTY} or more" in WIN_REASONS["krampus_elected"]


def test_every_event_line_comes_from_the_catalogue() -> None:
    kinds: set[str] = set()
    for seed in range(12):
        rng = random.Random(seed)
        players = 5 + seed % 6
        state = GAME.new_game(players, GAME.parse_options({}), seed)
        while GAME.outcome(state) is None:
            seat = rng.choice(sorted(GAME.to_decide(state)))
            state, events = GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
            for event in events:
                assert isinstance(event, SKEventBase)
                kinds.add(event.kind)
                marked = event.describe(NAMES, Marked())
                english = event.describe(NAMES, ENGLISH)
                assert english == event.describe(NAMES)
                outside = marked
                while re.search(r"<[^<>]*>", outside):
                    outside = re.sub(r"<[^<>]*>", "", outside)
                assert not re.search(r"\w", outside), (event.kind, marked)
                assert len(marked.replace("<", "").replace(">", "")) == len(english), (marked, english)
    assert {"votes_revealed", "card_placed", "game_over", "cards_drawn", "order_started"} <= kinds
