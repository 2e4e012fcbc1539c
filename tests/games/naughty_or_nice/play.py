"""A random player and the invariants checked after every step (used by fuzz and contract tests)."""

from __future__ import annotations

import random
import re

from games.core import SYSTEM_SEAT, IllegalAction
from games.naughty_or_nice import actions as A
from games.naughty_or_nice.data import CREATURE_OF, KIDDOS, PRESENT_TYPE_OF
from games.naughty_or_nice.events import PRIVATE_KINDS
from games.naughty_or_nice.models import NoNState
from games.naughty_or_nice.rules import can_fulfil, fulfil_masks
from games.naughty_or_nice.viewmodels import NoNView

from .helpers import G, count_cards, kiddo_total, new, present_total

ID = re.compile(r'"(P\d\d|C\d\d|K\d\d)"')
CODE = re.compile(r"^[A-Za-z0-9_.\-]{1,60}$")
MAX_STEPS = 5000


def public_ids(state: NoNState) -> set[str]:
    ids = set(state.offer + state.present_discard + state.creature_discard + state.playground)
    ids |= set(state.kiddo_discard + state.in_play)
    for player in state.players:
        ids |= {won.card for won in player.kiddos}
        if player.scrooge:
            ids.add(player.scrooge)
    for task in state.tasks:
        if task.kind == "elves":
            ids |= set(task.cards)
    return ids


def known_ids(state: NoNState, seat: int) -> set[str]:
    ids = public_ids(state) | set(state.players[seat].presents)
    ids |= {h.card for h in state.players[seat].creatures}
    for task in state.tasks:
        if task.kind == "keep" and task.seat == seat:
            ids |= set(task.cards)
        if task.kind == "tuck" and task.seat == seat:
            ids.add(task.card)
    return ids


def check_state(state: NoNState) -> None:
    n = state.num_players
    presents, creatures, kiddos = count_cards(state)
    assert sum(presents.values()) == present_total(n) and set(presents.values()) == {1}
    assert set(presents) <= set(PRESENT_TYPE_OF)
    if state.level >= 3:
        assert sum(creatures.values()) == 41 and set(creatures.values()) == {1}
    else:
        assert not creatures
    assert sum(kiddos.values()) == kiddo_total(n) and set(kiddos.values()) == {1}
    assert set(kiddos) <= set(KIDDOS) | {"MIDNIGHT_KIDDO"}
    assert len(state.playground) <= 8 and len(state.offer) <= 3
    assert all(p.score >= 0 for p in state.players)
    assert sum(p.score for p in state.players) == sum(sum(p.breakdown.values()) for p in state.players)
    if state.over:
        assert G.outcome(state) is not None and G.to_decide(state) == frozenset()
        assert all(G.legal_actions(state, s) == [] for s in range(n))
        return
    assert G.outcome(state) is None
    deciders = G.to_decide(state)
    assert deciders or G.timer(state) is not None
    for seat in range(n):
        legal = G.legal_actions(state, seat)
        assert bool(legal) == (seat in deciders)
        assert A.CloseWindow() not in legal
        for kiddo in state.playground:  # the quick check agrees with listing the ways
            assert can_fulfil(state, seat, kiddo, []) == bool(fulfil_masks(state, seat, kiddo, []))


def check_views(state: NoNState) -> None:
    public = G.view(state, None)
    assert NoNView.model_validate_json(public.model_dump_json()) == public
    assert public.presents == [] and public.creatures == [] and public.choices == []
    assert set(ID.findall(public.model_dump_json())) <= public_ids(state)
    for seat in range(state.num_players):
        view = G.view(state, seat)
        assert [c.id for c in view.presents] == state.players[seat].presents
        assert set(ID.findall(view.model_dump_json())) <= known_ids(state, seat)
        assert [c.code for c in view.choices] == [G.encode_action(a) for a in G.legal_actions(state, seat)]


def check_events(before: NoNState, after: NoNState, events) -> None:
    allowed = public_ids(before) | public_ids(after)
    for event in events:
        assert event.describe([f"P{i}" for i in range(before.num_players)])
        if event.kind in PRIVATE_KINDS:
            seats = event.audience.seats
            assert seats is not None
            if event.kind == "stolen":
                assert seats == {event.thief, event.victim}
            else:
                assert seats == {event.seat}
            continue
        assert event.audience.is_public, event
        if event.kind != "krampus_gave":  # spec 4.9: who gave what is public
            assert set(ID.findall(event.model_dump_json())) <= allowed, event


def choose(rnd: random.Random, state: NoNState):
    """(seat, action) of a random player; fulfils are preferred so games end reasonably."""
    deciders = sorted(G.to_decide(state))
    timer = G.timer(state)
    if timer is not None and (not deciders or rnd.random() < 0.1):
        return SYSTEM_SEAT, timer.action
    seat = rnd.choice(deciders)
    legal = G.legal_actions(state, seat)
    fulfils = [a for a in legal if isinstance(a, A.Fulfil)]
    if fulfils and rnd.random() < 0.7:
        return seat, rnd.choice(fulfils)
    return seat, rnd.choice(legal)


def play(n: int, level: int, seed: int, *, full: bool, stats: dict | None = None, **extra) -> NoNState:
    rnd = random.Random(seed * 31 + n * 7 + level)
    state = new(n, level=level, seed=seed, **extra)
    check_state(state)
    check_views(state)
    for _ in range(MAX_STEPS):
        if state.over:
            break
        seat, action = choose(rnd, state)
        legal = G.legal_actions(state, seat) if seat != SYSTEM_SEAT else []
        if stats is not None:
            stats["max_legal"] = max(stats.get("max_legal", 0), len(legal))
        if full:
            for other in legal:
                code = G.encode_action(other)
                assert CODE.match(code) and G.decode_action(code) == other
                G.apply(state, seat, other)
            outsiders = [s for s in range(n) if s not in G.to_decide(state)]
            if outsiders and seat != SYSTEM_SEAT:
                before = state.model_dump()
                try:
                    G.apply(state, outsiders[0], action)
                    raise AssertionError("an outsider's action was accepted")
                except IllegalAction:
                    pass
                assert state.model_dump() == before
        after, events = G.apply(state, seat, action)
        if full:
            check_events(state, after, events)
        state = after
        check_state(state)
        if full:
            check_views(state)
    else:
        raise AssertionError("the game did not end")
    check_views(state)
    if stats is not None:
        stats.setdefault("reasons", set()).add(state.end_reason)
    return state


__all__ = ["CREATURE_OF", "play"]
