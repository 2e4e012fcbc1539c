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


def assert_replays_by_codes(rules: GameRules, new_state, choose):
    """Play from `new_state()` to the end with `choose(state) -> (seat, action)`, then replay the
    action codes from a fresh `new_state()` with a JSON round trip after every step: both must
    reach the identical end. Returns the replayed final state."""
    state = new_state()
    moves = []
    while rules.outcome(state) is None:
        seat, action = choose(state)
        moves.append((seat, rules.encode_action(action)))
        state = rules.apply(state, seat, action).state
    replay = rules.load_state(rules.dump_state(new_state()))
    for seat, code in moves:
        replay = rules.load_state(
            rules.dump_state(rules.apply(replay, seat, rules.decode_action(code)).state)
        )
    assert rules.dump_state(replay) == rules.dump_state(state)
    assert rules.outcome(replay) == rules.outcome(state)
    return replay
