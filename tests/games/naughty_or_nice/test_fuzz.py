"""Seeded random games to the end through legal_actions/apply, invariants after every step."""

from __future__ import annotations

import pytest

from .play import play


@pytest.mark.parametrize(("n", "level"), [(2, 1), (3, 2), (4, 3), (5, 4), (2, 5), (3, 5), (4, 5), (5, 3)])
def test_fuzz_full_checks(n, level):
    play(n, level, seed=n * 10 + level, full=True)


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_fuzz_many_games(n):
    stats: dict = {}
    for seed in range(3):
        for level in (1, 2, 3, 4, 5):
            play(n, level, seed=100 + seed, full=False, stats=stats)
    assert stats["max_legal"] < 600


@pytest.mark.parametrize("n", [3, 5])
def test_fuzz_secret_windows(n):
    play(n, 5, seed=7, full=True, reaction_secrecy=True)
    play(n, 4, seed=8, full=False, reaction_secrecy=True, givers="random")


@pytest.mark.slow
@pytest.mark.parametrize("level", [1, 2, 3, 4, 5])
@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_fuzz_slow(n, level):
    stats: dict = {}
    for seed in range(1000, 1010):
        play(n, level, seed, full=True, stats=stats)
    for seed in range(2000, 2200):
        play(n, level, seed, full=False, stats=stats, reaction_secrecy=seed % 2 == 0)
    print(n, level, stats)
