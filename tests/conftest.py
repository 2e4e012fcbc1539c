"""Skip `@pytest.mark.slow` tests (long fuzzing runs) unless they are asked for: `pytest -m slow`;
spread the end-to-end games over the run (`spread_end_to_end`); end the run with one line when
the PostgreSQL tests were skipped, saying why (read from the skip reports, so it works the same
when pytest-xdist runs the tests in worker processes). With `TOY_GAME=1` the toy game
(`tests/bot/plugins/toy/`) is registered in this process for the run: the tests that hold every
game to the same checks then hold a sixth game too (`tests/bot/plugins/test_toy_game.py` runs
those parametrized by game so). Not `tests/e2e`: their bot processes register the five."""

from __future__ import annotations

import os
from typing import Any

import pytest

if os.environ.get("TOY_GAME") == "1":  # the shared tests with the toy game registered too
    from tests.bot.plugins.toy import register

    register()


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    items[:] = spread_end_to_end(items)
    if "slow" in (config.getoption("markexpr") or ""):
        return
    skip = pytest.mark.skip(reason="slow fuzzing: run with -m slow")
    for item in items:
        if "slow" in item.keywords:
            item.add_marker(skip)


def spread_end_to_end(items: list[pytest.Item]) -> list[pytest.Item]:
    """The end-to-end games spread evenly over the first three quarters of the run, the other
    tests in their order between them.

    An end-to-end game mostly waits (paced writes, its bot process), so a worker running one
    leaves the CPU to the workers running the rest; xdist hands the tests out one at a time
    (`--maxschedchunk 1`, pyproject.toml), so they go to whichever worker is free. Put first, all
    of them went to one worker in xdist's first chunk of tests: ~600 s of waits in a row, the
    run's longest path."""
    waits = [item for item in items if "/e2e/" in str(item.path)]
    rest = [item for item in items if "/e2e/" not in str(item.path)]
    if not waits or not rest:
        return items
    every = len(rest) * 3 / 4 / len(waits)  # other tests between two end-to-end games
    spread: list[pytest.Item] = []
    placed = 0
    for n, item in enumerate(rest):
        while placed < len(waits) and n >= placed * every:
            spread.append(waits[placed])
            placed += 1
        spread.append(item)
    return spread + waits[placed:]


def pytest_terminal_summary(terminalreporter: Any) -> None:
    for report in terminalreporter.stats.get("skipped", []):
        longrepr = report.longrepr
        reason = str(longrepr[2] if isinstance(longrepr, tuple) else longrepr).removeprefix("Skipped: ")
        if "PostgreSQL" in reason or "asyncpg" in reason:
            terminalreporter.write_line(f"PostgreSQL tests SKIPPED: {reason}", yellow=True)
            return
