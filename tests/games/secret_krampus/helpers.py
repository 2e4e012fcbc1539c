"""Helpers for Secret Krampus tests: rigged states and short ways to play a round."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from games.core import Event
from games.secret_krampus import (
    Card,
    ChooseTarget,
    Discard,
    HeadsTogetherVote,
    Nominate,
    Phase,
    Play,
    Role,
    SecretKrampus,
    SKState,
    Vote,
)
from games.secret_krampus.data import cards_in_game

G = SecretKrampus()
OPTIONS = G.parse_options(None)


def new(n: int, seed: int = 0) -> SKState:
    return G.new_game(n, OPTIONS, seed)


def rigged(
    n: int,
    *,
    krampus: int = 0,
    naughty_elves: Sequence[int] | None = None,
    candidate: int = 2,
    naughty_count: int | None = None,
    nice_count: int = 0,
    failed_votes: int = 0,
    seed: int = 0,
) -> SKState:
    """A fresh game with fixed roles, LM candidate and board counts, cards still all accounted."""
    state = new(n, seed)
    elves = list(naughty_elves) if naughty_elves is not None else _default_elves(n, krampus)
    roles = [Role.NICE_ELF] * n
    roles[krampus] = Role.KRAMPUS
    for seat in elves:
        roles[seat] = Role.NAUGHTY_ELF
    assert sorted(roles) == sorted(state.roles), "the rigged roles must match the pool"
    state.roles = roles
    state.lm_candidate = state.rotation_seat = candidate
    if naughty_count is not None:
        _take(state.draw_pile, Card.NAUGHTY, naughty_count - state.naughty_count)
        state.naughty_count = naughty_count
    _take(state.draw_pile, Card.NICE, nice_count)
    state.nice_count = nice_count
    state.failed_votes = failed_votes
    return state


def _default_elves(n: int, krampus: int) -> list[int]:
    count = {5: 1, 6: 1, 7: 2, 8: 2, 9: 3, 10: 3}[n]
    return [seat for seat in range(n) if seat != krampus][:count]


def _take(pile: list[Card], card: Card, count: int) -> None:
    for _ in range(count):
        pile.remove(card)


def stack(state: SKState, top: Iterable[Card]) -> None:
    """Put `top` on top of the draw pile (taking those cards out of the pile below)."""
    top = list(top)
    rest = list(state.draw_pile)
    for card in top:
        rest.remove(card)
    state.draw_pile = top + rest


def act(state: SKState, seat: int, action) -> tuple[SKState, list[Event]]:
    applied = G.apply(state, seat, action)
    return applied.state, applied.events


def living(state: SKState) -> list[int]:
    return [seat for seat in range(state.num_players) if state.in_play[seat]]


def nominate(state: SKState, sl: int) -> tuple[SKState, list[Event]]:
    assert state.lm_candidate is not None
    return act(state, state.lm_candidate, Nominate(seat=sl))


def vote(state: SKState, yes_seats: Iterable[int]) -> tuple[SKState, list[Event]]:
    """Every living seat votes: YES for those in `yes_seats`, NO for the rest."""
    yes = set(yes_seats)
    events: list[Event] = []
    for seat in living(state):
        state, new_events = act(state, seat, Vote(yes=seat in yes))
        events += new_events
    return state, events


def elect(state: SKState, sl: int, yes_seats: Iterable[int] | None = None):
    """Nominate `sl` and vote (everyone YES by default)."""
    state, events = nominate(state, sl)
    state, more = vote(state, living(state) if yes_seats is None else yes_seats)
    return state, events + more


def fail_election(state: SKState, sl: int | None = None):
    if sl is None:
        sl = G.legal_actions(state, state.lm_candidate)[0].seat
    state, events = nominate(state, sl)
    state, more = vote(state, [])
    return state, events + more


def first_eligible(state: SKState, avoid: Iterable[int] = ()) -> int:
    avoid = set(avoid)
    return next(a.seat for a in G.legal_actions(state, state.lm_candidate) if a.seat not in avoid)


def deliver(state: SKState, card: Card, sl: int | None = None, ht_yes: bool = True):
    """Elect a government (LM = current candidate) and deliver `card`; YES on Heads Together."""
    stack(state, [card])
    if sl is None:
        sl = first_eligible(state, avoid=krampus_seats(state))
    state, events = elect(state, sl)
    assert state.phase == Phase.LM_DISCARD, state.phase
    state, more = act(state, state.lm, Discard(index=1))
    events += more
    state, more = act(state, state.sl, Play(index=0))
    events += more
    if state.phase == Phase.HEADS_TOGETHER_VOTE:
        lm, sl_seat = state.lm, state.sl
        state, more = act(state, lm, HeadsTogetherVote(yes=ht_yes))
        events += more
        state, more = act(state, sl_seat, HeadsTogetherVote(yes=ht_yes))
        events += more
    return state, events


def krampus_seats(state: SKState) -> list[int]:
    return [seat for seat, role in enumerate(state.roles) if role == Role.KRAMPUS]


def target(state: SKState, seat: int):
    return act(state, state.lm, ChooseTarget(seat=seat))


def kinds(events: Iterable[Event]) -> list[str]:
    return [event.kind for event in events]


def of_kind(events: Iterable[Event], kind: str) -> list[Event]:
    return [event for event in events if event.kind == kind]


def total_cards(state: SKState) -> int:
    return (
        len(state.draw_pile)
        + len(state.discard_pile)
        + state.nice_count
        + state.naughty_count
        + len(state.hand)
        + (state.ht_card is not None)
    )


def deck_size(n: int) -> int:
    return sum(cards_in_game(n).values())
