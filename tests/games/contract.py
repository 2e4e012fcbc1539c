"""Checks every game's contract tests share."""

from __future__ import annotations

import pytest

from games.core import GameRules, IllegalAction


def assert_refused(rules: GameRules, state, seat: int, action, match: str | None = None) -> None:
    """`action` is refused with a reason for the player, and the given state is untouched."""
    before = state.model_dump()
    with pytest.raises(IllegalAction, match=match) as info:
        rules.apply(state, seat, action)
    assert info.value.reason
    assert state.model_dump() == before
