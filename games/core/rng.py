"""A seeded, stateless-per-call random source stored inside a game's state.

`games/` never touches the global `random` module: every chance event (a shuffle, a deal, a die)
draws from the game's own `Rng`, whose whole state is two integers that round-trip through JSON.
Draws are derived from SHA-256 of (seed, counter), so the sequence is identical on every platform
and Python version, and replaying the same actions from the same seed gives the same game.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from typing import TypeVar

from pydantic import BaseModel

T = TypeVar("T")


class Rng(BaseModel):
    seed: int
    counter: int = 0

    def _next64(self) -> int:
        digest = hashlib.sha256(f"{self.seed}:{self.counter}".encode()).digest()
        self.counter += 1
        return int.from_bytes(digest[:8], "big")

    def below(self, n: int) -> int:
        """A uniform integer in [0, n) (rejection sampling, no modulo bias)."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            value = self._next64()
            if value < limit:
                return value % n

    def choice(self, items: Sequence[T]) -> T:
        return items[self.below(len(items))]

    def shuffled(self, items: Sequence[T]) -> list[T]:
        """A Fisher-Yates shuffled copy of `items`."""
        result = list(items)
        for i in range(len(result) - 1, 0, -1):
            j = self.below(i + 1)
            result[i], result[j] = result[j], result[i]
        return result
