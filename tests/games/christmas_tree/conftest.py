"""Skip this folder's `slow` fuzz runs unless they are asked for (`pytest -m slow`)."""

from __future__ import annotations

from pathlib import Path

import pytest

HERE = Path(__file__).parent


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if "slow" in (config.getoption("markexpr") or ""):
        return
    skip = pytest.mark.skip(reason="slow fuzzing: run with -m slow")
    for item in items:
        if "slow" in item.keywords and HERE in Path(item.path).parents:
            item.add_marker(skip)
