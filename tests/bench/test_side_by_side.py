"""`python -m tests.bench --compare` prints the same load on one SQLite process and on several
PostgreSQL processes in two columns (the runs themselves are the benchmark, not a test)."""

from __future__ import annotations

from typing import Any

from tests.bench.report import side_by_side


def run(actions: float, p99: float, cpu: float, calls: float, processes: int) -> dict[str, Any]:
    return {
        "actions_per_s": actions,
        "latency_ms": {"p50": 10.0, "p95": 50.0, "p99": p99},
        "unanswered": 0,
        "bot_cpu_ms_per_action": cpu,
        "rest_per_action": {"rate_limited": calls},
        "processes": processes,
    }


def test_the_two_runs_are_printed_in_their_columns() -> None:
    text = side_by_side(run(49.0, 541.0, 13.28, 0.73, 1), run(49.5, 388.0, 18.64, 0.82, 2))
    head, *rows = text.splitlines()
    assert head.index("1 process on SQLite") < head.index("2 processes on PostgreSQL")
    by_name = {row[:26].strip(): row[26:].split() for row in rows}
    assert by_name["actions/s"] == ["49.0", "49.5"]
    assert by_name["p50 / p95 / p99 (ms)"] == ["10", "/", "50", "/", "541", "10", "/", "50", "/", "388"]
    assert by_name["bot CPU per action"] == ["13.28", "ms", "18.64", "ms"]
    assert by_name["rate-limited per action"] == ["0.73", "0.82"]
