"""`python -m tests.bench.floor` measures the least discord.py bot; this only checks that it still
runs against the loopback and counts what it measures (the figures are the benchmark's)."""

from __future__ import annotations

import pytest

from tests.bench.floor import measure


@pytest.mark.parametrize("commit", [False, True])
async def test_the_floor_bot_answers_every_click_and_its_cpu_is_counted(commit: bool) -> None:
    figures = await measure(rate=30.0, duration=1.0, commit=commit)
    assert figures["clicks"] >= 10
    assert figures["answered"] == figures["clicks"]
    assert figures["cpu_ms_per_click"] > 0
    assert figures["p50_ms"] is not None and figures["p50_ms"] < 3000
