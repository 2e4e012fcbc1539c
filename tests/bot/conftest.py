from __future__ import annotations

import pytest

from tests.bot.harness import Harness


@pytest.fixture
async def harness(tmp_path):
    h = await Harness(tmp_path / "bot.db").boot()
    yield h
    await h.close()
