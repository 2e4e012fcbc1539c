"""The order the tests run in (`tests/conftest.py`): the end-to-end games spread over the run."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace
from typing import Any

from tests.conftest import spread_end_to_end


def _items(paths: list[str]) -> list[Any]:
    return [SimpleNamespace(path=Path(path), name=f"{n}") for n, path in enumerate(paths)]


def test_end_to_end_games_are_spread_over_the_first_three_quarters() -> None:
    items = _items(["/r/tests/e2e/test_a.py"] * 4 + ["/r/tests/bot/test_b.py"] * 40)
    spread = spread_end_to_end(items)
    assert sorted(i.name for i in spread) == sorted(i.name for i in items)  # none lost, none twice
    at = [n for n, item in enumerate(spread) if "/e2e/" in str(item.path)]
    assert at == [0, 9, 17, 26]  # one every 7.5 other tests: the last starts within three quarters
    others = [item.name for item in spread if "/e2e/" not in str(item.path)]
    assert others == [item.name for item in items[4:]]  # the others keep their order


def test_a_run_of_only_one_kind_keeps_its_order() -> None:
    for paths in (["/r/tests/e2e/test_a.py"] * 3, ["/r/tests/games/test_c.py"] * 3):
        items = _items(paths)
        assert spread_end_to_end(items) == items
