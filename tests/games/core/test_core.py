"""The shared contract: seeded Rng, action codes, audiences, player counts, purity of games/."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path
from typing import Annotated, Literal

import pytest
from hypothesis import given
from hypothesis import strategies as st
from pydantic import BaseModel, Field, ValidationError

from games.core import Action, Audience, Event, IllegalAction, Rng, made_once, visible_events
from games.core.codes import decode_action, encode_action
from games.secret_krampus import SecretKrampus


class Pick(Action):
    kind: Literal["pick"] = "pick"
    seat: int


class Vote(Action):
    kind: Literal["vote"] = "vote"
    yes: bool


class Pass(Action):
    kind: Literal["pass"] = "pass"


ActionT = Annotated[Pick | Vote | Pass, Field(discriminator="kind")]
TYPES: dict[str, type[BaseModel]] = {"pick": Pick, "vote": Vote, "pass": Pass}


def _decode(code: str) -> Action:
    from pydantic import TypeAdapter

    return decode_action(code, TypeAdapter(ActionT), TYPES)


def test_rng_is_deterministic_and_round_trips() -> None:
    a, b = Rng(seed=7), Rng(seed=7)
    assert [a.below(10) for _ in range(50)] == [b.below(10) for _ in range(50)]
    saved = Rng.model_validate_json(a.model_dump_json())
    assert [saved.below(1000) for _ in range(5)] == [a.below(1000) for _ in range(5)]
    assert Rng(seed=1).shuffled(range(20)) != Rng(seed=2).shuffled(range(20))


def test_rng_shuffle_is_a_permutation_and_roughly_uniform() -> None:
    rng = Rng(seed=3)
    counts = Counter(tuple(rng.shuffled("abc")) for _ in range(6000))
    assert len(counts) == 6 and all(800 < n < 1200 for n in counts.values())
    with pytest.raises(ValueError):
        rng.below(0)


@given(st.integers(min_value=0, max_value=10**6), st.booleans())
def test_action_codes_round_trip(seat: int, yes: bool) -> None:
    for action in (Pick(seat=seat), Vote(yes=yes), Pass()):
        code = encode_action(action)
        assert re.fullmatch(r"[a-z_]+(\.[A-Za-z0-9_-]+)*", code)
        assert _decode(code) == action


def test_an_action_made_once_is_the_same_action_each_time() -> None:
    pick = made_once(Pick, "seat")
    assert pick(3) is pick(3) and pick(3) == Pick(seat=3)
    assert pick(4) is not pick(3) and pick(4) == Pick(seat=4)
    assert made_once(Vote, "yes")(True) == Vote(yes=True)
    with pytest.raises(ValidationError):  # still validated: a wrong value is refused
        pick("nobody")
    with pytest.raises(ValueError):  # a value for every field named, no more
        pick(1, 2)


@pytest.mark.parametrize(
    "code", ["", "nope", "pick", "pick.", "pick.x", "pick.1.2", "vote.maybe", "pass.1", ".", "pick.-"]
)
def test_malformed_codes_are_value_errors(code: str) -> None:
    with pytest.raises(ValueError):
        _decode(code)


def test_audiences() -> None:
    public, one, some = Audience.everyone(), Audience.only(2), Audience.some([1, 3])
    assert public.includes(None) and public.includes(4)
    assert not one.includes(None) and one.includes(2) and not one.includes(1)
    assert some.includes(3) and not some.includes(2)
    events = [Event(kind="a"), Event(kind="b", audience=one)]
    assert [e.kind for e in visible_events(events, None)] == ["a"]
    assert [e.kind for e in visible_events(events, 2)] == ["a", "b"]
    assert Audience.model_validate_json(some.model_dump_json()) == some


def test_a_player_count_outside_the_game_is_refused_with_the_counts() -> None:
    with pytest.raises(IllegalAction, match="5-10 players"):
        SecretKrampus().check_player_count(4)


def test_games_package_stays_pure() -> None:
    forbidden = re.compile(r"^\s*(import|from)\s+(discord|asyncio|aiosqlite|sqlite3|random)\b", re.M)
    root = Path(__file__).resolve().parents[3] / "games"
    offenders = [str(p) for p in root.rglob("*.py") if forbidden.search(p.read_text())]
    assert offenders == []


def test_replay_of_a_log_gives_the_identical_state() -> None:
    import random

    rules = SecretKrampus()
    rng = random.Random(4)
    state = rules.new_game(8, rules.parse_options(None), 99)
    log = []
    while rules.outcome(state) is None:
        seat = rng.choice(sorted(rules.to_decide(state)))
        action = rng.choice(rules.legal_actions(state, seat))
        log.append((seat, rules.load_action(action.model_dump_json())))
        state = rules.apply(state, seat, action).state
    assert rules.replay(8, rules.parse_options(None), 99, log) == state
