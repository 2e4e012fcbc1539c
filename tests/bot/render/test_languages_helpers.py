"""`languages.as_word`, the word search every language check uses, finds a piece exactly where the
plain look-around pattern does (it only puts the look-behind after the piece, for speed)."""

from __future__ import annotations

import random
import re

import pytest

from tests.bot.render.languages import as_word

CASES = [
    ("Vote", "Vote now", True),
    ("Vote", "Voter", False),
    ("Vote", "reVote", False),
    ("Vote", "a Voter, then Vote.", True),
    ("Vote", "Vote", True),
    ("Vote", "\nVote\n", True),
    ("end turn", "End turn or end turn!", True),
    ("end turn", "end turns", False),
    ("Ann's (gift)", "- Ann's (gift) -", True),
    ("Ann's (gift)", "éAnn's (gift)", False),
    ("two\nlines", "x two\nlines y", True),
]


@pytest.mark.parametrize(("piece", "text", "found"), CASES)
def test_a_piece_is_found_only_as_a_word(piece: str, text: str, found: bool) -> None:
    assert bool(as_word(piece).search(text)) is found


@pytest.mark.parametrize("letter", [r"\w", "[A-Za-z]"])
def test_as_word_agrees_with_the_plain_look_around_on_random_texts(letter: str) -> None:
    rng = random.Random(5)
    alphabet = "ab é_1.\n"
    for _ in range(3000):
        piece = "".join(rng.choice("ab ") for _ in range(rng.randint(1, 3))).strip() or "a"
        text = "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 12)))
        plain = re.compile(rf"(?<!{letter}){re.escape(piece)}(?!{letter})")
        assert bool(as_word(piece, letter).search(text)) == bool(plain.search(text)), (piece, text)
