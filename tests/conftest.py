"""Skip `@pytest.mark.slow` tests (long fuzzing runs) unless they are asked for: `pytest -m slow`;
end the run with one line when the PostgreSQL tests were skipped, saying why (read from the skip
reports, so it works the same when pytest-xdist runs the tests in worker processes)."""

from __future__ import annotations

from typing import Any

import pytest


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    # the end-to-end games first: they mostly wait, so under xdist they overlap the rest
    items.sort(key=lambda item: 0 if "/e2e/" in str(item.path) else 1)
    if "slow" in (config.getoption("markexpr") or ""):
        return
    skip = pytest.mark.skip(reason="slow fuzzing: run with -m slow")
    for item in items:
        if "slow" in item.keywords:
            item.add_marker(skip)


def pytest_terminal_summary(terminalreporter: Any) -> None:
    for report in terminalreporter.stats.get("skipped", []):
        longrepr = report.longrepr
        reason = str(longrepr[2] if isinstance(longrepr, tuple) else longrepr).removeprefix("Skipped: ")
        if "PostgreSQL" in reason or "asyncpg" in reason:
            terminalreporter.write_line(f"PostgreSQL tests SKIPPED: {reason}", yellow=True)
            return
