from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest

from tests.bot.harness import Clock, Harness, pictures_as_stand_ins


@pytest.fixture(autouse=True)
def _pictures(request: pytest.FixtureRequest) -> Iterator[None]:
    """Pictures the bot sends are stand-ins (`pictures_as_stand_ins`) unless the test is marked
    `draws_pictures`: a test that decodes one without the mark fails to read it as a PNG."""
    if request.node.get_closest_marker("draws_pictures"):
        yield
    else:
        with pictures_as_stand_ins():
            yield


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
