from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from tests.bot.harness import Clock, Harness


@pytest.fixture
async def harness(tmp_path):
    h = await Harness(tmp_path / "bot.db").boot()
    yield h
    await h.close()


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
async def h(tmp_path: Path, clock: Clock) -> AsyncIterator[Harness]:
    """A bot whose clock the test moves (players go idle when it passes a minute)."""
    harness = await Harness(tmp_path / "bot.db", clock=clock).boot()
    yield harness
    await harness.close()
