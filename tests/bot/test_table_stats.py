"""/leaderboard's places: equal records share one (the order of user ids decided it)."""

from __future__ import annotations

from bot.table_stats import _ranked


def test_equal_records_share_a_place_and_the_next_counts_them() -> None:
    rows = [(7, 4, 3), (2, 5, 2), (9, 5, 2), (1, 3, 2), (5, 1, 0), (6, 1, 0)]
    assert [place for place, _row in _ranked(rows)] == [1, 2, 2, 4, 5, 5]
    assert [row for _place, row in _ranked(rows)] == rows
    assert _ranked([]) == []
