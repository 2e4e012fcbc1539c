"""Reaction windows (spec 5): Tomte chains and Papa Wolverine, closed by answers or the clock."""

from __future__ import annotations

from games.core import Event
from games.naughty_or_nice.cards import add_points, creature_points, take_creature, usable
from games.naughty_or_nice.data import Creature, Reaction
from games.naughty_or_nice.events import CreaturePlayed, WindowClosed, WindowOpened
from games.naughty_or_nice.models import NoNState, PlayWolverineTask, ResolveTask, WindowTask

CARD_OF = {Reaction.TOMTE: Creature.TOMTE, Reaction.PAPA_WOLVERINE: Creature.PAPA_WOLVERINE}


def eligible(state: NoNState, reaction: Reaction, mover: int) -> list[int]:
    """Every other player holding a usable copy of the reaction card (spec 5.1)."""
    return [
        seat for seat in range(state.num_players) if seat != mover and usable(state, seat, CARD_OF[reaction])
    ]


def clockwise_from(state: NoNState, seat: int, seats: list[int]) -> list[int]:
    """`seats` ordered clockwise starting with the seat after `seat`."""
    n = state.num_players
    return sorted(seats, key=lambda s: (s - seat - 1) % n)


def open_window(
    state: NoNState,
    reaction: Reaction,
    mover: int,
    subject: Creature,
    out: list[Event],
    *,
    origin: int = -1,
    chain: list[int] | None = None,
) -> bool:
    """Push a window unless nobody may react (and reactions are not secret). True if opened."""
    seats = eligible(state, reaction, mover)
    if not seats and not state.options.reaction_secrecy:
        return False
    state.tasks.append(
        WindowTask(
            reaction=reaction,
            mover=mover,
            eligible=seats,
            origin=origin,
            chain=list(chain or []),
            subject=subject,
        )
    )
    out.append(WindowOpened(reaction=reaction, seconds=state.options.reaction_seconds))
    return True


def open_tomte_window(state: NoNState, mover: int, subject: Creature, out: list[Event]) -> None:
    """After a creature play (its ResolveTask is on the stack): open the chain's first window."""
    open_window(state, Reaction.TOMTE, mover, subject, out, origin=mover)


def all_answered(window: WindowTask) -> bool:
    return all(seat in window.answers for seat in window.eligible)


def close_window(state: NoNState, out: list[Event]) -> None:
    window = state.tasks.pop()
    assert isinstance(window, WindowTask)
    reactors = [seat for seat in window.eligible if window.answers.get(seat)]
    if window.reaction == Reaction.PAPA_WOLVERINE:
        order = clockwise_from(state, window.mover, reactors)
        out.append(WindowClosed(reaction=window.reaction, reactors=order))
        for seat in reversed(order):
            state.tasks.append(PlayWolverineTask(seat=seat, fulfiller=window.mover))
        return
    if not reactors:
        out.append(WindowClosed(reaction=window.reaction, reactors=[]))
        _conclude_chain(state, window.chain)
        return
    seat = clockwise_from(state, window.mover, reactors)[0]
    out.append(WindowClosed(reaction=window.reaction, reactors=[seat]))
    card = usable(state, seat, Creature.TOMTE)[0]
    take_creature(state, seat, card)
    state.creature_discard.append(card)
    points = creature_points(state, seat, Creature.TOMTE)
    out.append(CreaturePlayed(seat=seat, creature=Creature.TOMTE, points=points))
    add_points(state, seat, points, "creatures", "Tomte", out)
    chain = [*window.chain, seat]
    if not open_window(state, Reaction.TOMTE, seat, Creature.TOMTE, out, origin=window.origin, chain=chain):
        _conclude_chain(state, chain)


def _conclude_chain(state: NoNState, chain: list[int]) -> None:
    resolve = state.tasks[-1]
    assert isinstance(resolve, ResolveTask)
    resolve.tomtes = list(chain)
