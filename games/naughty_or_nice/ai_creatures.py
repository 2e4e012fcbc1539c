"""How `NaughtyOrNiceAI` values creatures: the Krampus's named present, a creature's target, Mrs
Claus's kiddo, whether the Jólakötturinn is safe to play, and what a played creature's effect is
worth to the seat (for Tomte's answer). All from one seat's view (`ai_eval.Eval`) and the events
it has seen, never the state.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from games.core import Event
from games.naughty_or_nice.ai_eval import Eval
from games.naughty_or_nice.data import Colour, Creature, PresentType


def krampus_value(ev: Eval, ptype: PresentType) -> float:
    """Naming `ptype` for the Krampus: the chance each other player holds one (and gives it),
    else the two cards from the deck."""
    unseen = ev.unseen_presents
    total = sum(unseen.values()) or 1
    count = unseen[ptype]
    nobody = 1.0
    gain = 0.0
    for player in ev.others:
        chance = 1.0 - (1.0 - count / total) ** player.presents_count if count else 0.0
        gain += chance * (ev.card_value(ptype) + 0.3)
        nobody *= 1.0 - chance
    return gain + nobody * 2 * ev.deck_value


def target_of(ev: Eval, creature: Creature, targets: list[int], last: bool) -> int | None:
    """Whom `creature` is played on (None: not worth playing yet)."""
    if not targets:
        return None
    players = {p.seat: p for p in ev.view.players}
    n = ev.n

    def after_me(seat: int) -> int:
        return (seat - ev.seat) % n

    if creature == Creature.CRINGE:
        return max(targets, key=lambda s: (players[s].presents_count, players[s].score, -after_me(s)))
    if creature == Creature.MR_SCROOGE:
        return max(targets, key=lambda s: (players[s].score, -after_me(s)))
    best = max(targets, key=lambda s: (players[s].creatures_count, players[s].score, -after_me(s)))
    if players[best].creatures_count == 0 and not (last or ev.late):
        return None
    return best


def claus_value(ev: Eval, kiddo_id: str) -> float:
    """Taking kiddo `kiddo_id` with Mrs. Claus."""
    kiddo = next(k for k in ev.view.playground if k.id == kiddo_id)
    value = ev.symbol_value(kiddo, fulfilled=False)
    # Denial: a big kiddo the seat is far from is worth taking from the others.
    target = next((t for t in ev.targets if t.kiddo.id == kiddo_id), None)
    if target is not None and target.gap == 0:
        value -= kiddo.points  # it could fulfil it for points instead
    return value + 0.2 * kiddo.points


def jola_safe(ev: Eval) -> bool:
    """Someone likely holds fewer RED presents than the seat (a quarter of a hand is RED)."""
    mine = ev.hand[Colour.RED]
    lowest = min((0.25 * p.presents_count for p in ev.others), default=99.0)
    return mine >= lowest + 1.0 or any(p.presents_count == 0 for p in ev.others) and mine > 0


def tomte_chain(history: Sequence[Event]) -> tuple[Any, int]:
    """The creature the current Tomte chain is about and how many Tomtes answered it so far."""
    tomtes = 0
    for event in reversed(history):
        if event.kind != "creature_played":
            continue
        if getattr(event, "creature", None) == Creature.TOMTE:
            tomtes += 1
            continue
        return event, tomtes
    return None, tomtes


def effect_value(ev: Eval, played: Any) -> float:
    """What the played creature's effect is worth to the seat (negative: it hurts the seat)."""
    creature: Creature = played.creature
    mine = played.seat == ev.seat
    if mine:
        return {
            Creature.MR_SCROOGE: 2.5,
            Creature.SNOW_MAIDEN: 2.5,
            Creature.CAGA_TIO: 2.0,
            Creature.MRS_CLAUS: 2.0,
        }.get(creature, 1.5)
    at_me = getattr(played, "target", -1) == ev.seat
    duel = ev.n == 2
    if creature == Creature.KRAMPUS:
        present = getattr(played, "present", None)
        if present is not None and any(c.type == present for c in ev.view.presents):
            return -(ev.card_value(present) + 0.5)
        return -1.0 if duel else -0.3
    if creature == Creature.CRINGE:
        if at_me:
            return -(0.8 * min(2, len(ev.view.presents)) + 0.5)
        return -0.2
    if creature == Creature.MARI_LWYD:
        return -2.0 if at_me and ev.view.creatures else -0.1
    if creature == Creature.MR_SCROOGE:
        return -4.0 if at_me else 0.0
    if creature == Creature.JOLAKOTTURINN:
        return -0.5 if jola_safe(ev) else -2.5
    if creature == Creature.SNOW_MAIDEN:
        return -2.0 if duel else -1.0
    if creature == Creature.MRS_CLAUS:
        return -1.5 if ev.view.uses_sets else -1.0
    if creature == Creature.CAGA_TIO:
        return -1.2 if duel else -0.6
    if creature == Creature.PAPA_WOLVERINE:
        return -1.0 if duel else -0.4
    if creature == Creature.ELVES:
        return -0.6 if duel else -0.2
    return 0.0
