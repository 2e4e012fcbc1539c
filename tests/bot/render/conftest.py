from __future__ import annotations

from collections.abc import Iterator

import pytest


@pytest.fixture(autouse=True)
def _pictures() -> Iterator[None]:
    """The renderers' tests draw every picture they look at (`tests/bot/conftest.py` makes the
    rest of the bot's tests send stand-ins)."""
    yield
