"""What a Secret Krampus AI believes about the hidden roles, from its view and history only.

Exact Bayesian inference over every role assignment still possible (at most 10 x C(9,3) = 840):
hard constraints come from the view (known roles, own Peek results, players cleared as not
Krampus, revealed roles); soft evidence comes from each government's delivery, weighed by a
simple model of how a Nice or a Naughty List Maker / Sleigh Loader passes and plays cards,
sharpened by what this seat saw itself (the 3 cards it drew, the 2 passed to or by it, the
Heads Together card, the top 3 seen by Checking it Twice).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import combinations
from math import comb

from games.core import Event
from games.secret_krampus.data import (
    HEADS_TOGETHER_FROM_NAUGHTY,
    SETUPS,
    TEAM_OF_ROLE,
    Card,
    Role,
    Team,
    cards_in_game,
)
from games.secret_krampus.models import SKView

#: How often a player does the "wrong" thing for their team (noise, bluffing, random players).
EPS = 0.04
#: A Naughty List Maker passes as many Naughty cards as it can with this probability.
NAUGHTY_LM_PUSH = 0.75
#: A Naughty Sleigh Loader given one of each plays the Naughty one with this probability.
NAUGHTY_SL_PUSH = 0.75


@dataclass
class Government:
    lm: int
    sl: int
    #: Naughty fraction of the cards not yet placed when it was elected.
    f: float
    heads_together: bool
    draw: list[Card] | None = None  # the 3 drawn, if this seat knows them
    passed: list[Card] | None = None  # the 2 passed, if this seat knows them
    chosen: Card | None = None  # the Heads Together card, if this seat saw it
    #: The card delivered, or None when Heads Together discarded it.
    delivered: Card | None = None
    done: bool = False


@dataclass
class History:
    governments: list[Government] = field(default_factory=list)
    #: The seat of the last regular (rotation) List Maker candidate.
    rotation_seat: int | None = None


def read_history(view: SKView, history: Sequence[Event], me: int) -> History:
    """The finished governments (with what `me` saw of them) and the rotation seat."""
    total = cards_in_game(view.num_players)
    placed = {Card.NICE: 0, Card.NAUGHTY: SETUPS[view.num_players].preplaced_naughty}
    out = History()
    gov: Government | None = None
    seen_top: list[Card] | None = None
    for event in history:
        kind = event.kind
        if kind == "new_candidate":
            if not event.special:  # type: ignore[attr-defined]
                out.rotation_seat = event.seat  # type: ignore[attr-defined]
        elif kind == "elected":
            unplaced = sum(total.values()) - sum(placed.values())
            naughty = total[Card.NAUGHTY] - placed[Card.NAUGHTY]
            gov = Government(
                lm=event.lm,  # type: ignore[attr-defined]
                sl=event.sl,  # type: ignore[attr-defined]
                f=min(0.97, max(0.03, naughty / unplaced)) if unplaced else 0.5,
                heads_together=placed[Card.NAUGHTY] >= HEADS_TOGETHER_FROM_NAUGHTY,
                draw=seen_top,
            )
            seen_top = None
            out.governments.append(gov)
        elif kind == "cards_drawn" and gov is not None:
            gov.draw = list(event.cards)  # type: ignore[attr-defined]
        elif kind == "cards_passed" and gov is not None:
            gov.passed = list(event.cards)  # type: ignore[attr-defined]
        elif kind == "heads_together_card" and gov is not None:
            gov.chosen = event.card  # type: ignore[attr-defined]
        elif kind == "heads_together_result" and gov is not None:
            if not event.played:  # type: ignore[attr-defined]
                gov.done = True
                gov = None
        elif kind == "card_placed":
            card = event.card  # type: ignore[attr-defined]
            placed[card] += 1
            if gov is not None and not event.by_chaos:  # type: ignore[attr-defined]
                gov.delivered = card
                gov.done = True
                gov = None
        elif kind == "top_cards_seen" and event.lm == me:  # type: ignore[attr-defined]
            seen_top = list(event.cards)  # type: ignore[attr-defined]
        elif kind in ("chaos", "reshuffled"):
            seen_top = None
        elif kind in ("failed_vote_track", "game_over"):
            pass
    out.governments = [g for g in out.governments if g.done]
    return out


def _nice(cards: Sequence[Card]) -> int:
    return sum(1 for card in cards if card == Card.NICE)


def _lm_passes(k: int, naughty: bool) -> dict[int, float]:
    """Nice cards passed (of 2) by a List Maker who drew `k` nice cards."""
    best, worst = min(k, 2), max(0, k - 1)
    if best == worst:
        return {best: 1.0}
    push = NAUGHTY_LM_PUSH if naughty else EPS
    return {worst: push, best: 1 - push}


def _sl_plays_nice(j: int, naughty: bool) -> float:
    """Probability the Sleigh Loader picks a Nice card from `j` nice of 2."""
    if j == 0:
        return 0.0
    if j == 2:
        return 1.0
    return 1 - NAUGHTY_SL_PUSH if naughty else 1 - EPS


def _ht_yes(card: Card, naughty: bool) -> float:
    wants = Card.NAUGHTY if naughty else Card.NICE
    return 1 - EPS if card == wants else EPS


def government_likelihood(gov: Government) -> dict[tuple[bool, bool], float]:
    """P(what this seat observed | LM naughty?, SL naughty?) for one finished government."""
    f = gov.f
    if gov.draw is not None:
        draws = {_nice(gov.draw): 1.0}
    else:
        draws = {k: comb(3, k) * (1 - f) ** k * f ** (3 - k) for k in range(4)}
    passed = None if gov.passed is None else _nice(gov.passed)
    result = {}
    for lm_n in (False, True):
        for sl_n in (False, True):
            total = 0.0
            for k, pk in draws.items():
                for j, pj in _lm_passes(k, lm_n).items():
                    if passed is not None and j != passed:
                        continue
                    p_nice = _sl_plays_nice(j, sl_n)
                    for card, pc in ((Card.NICE, p_nice), (Card.NAUGHTY, 1 - p_nice)):
                        if pc == 0 or (gov.chosen is not None and card != gov.chosen):
                            continue
                        if gov.heads_together:
                            discard = (1 - _ht_yes(card, lm_n)) * (1 - _ht_yes(card, sl_n))
                            p_obs = discard if gov.delivered is None else 1 - discard
                            if gov.delivered is not None and card != gov.delivered:
                                p_obs = 0.0
                        else:
                            p_obs = 1.0 if card == gov.delivered else 0.0
                        total += pk * pj * pc * p_obs
            result[(lm_n, sl_n)] = max(total, 1e-9)
    return result


@dataclass
class Beliefs:
    """A weighted set of possible worlds: (naughty-team bitmask, Krampus seat) -> weight."""

    worlds: list[tuple[int, int, float]]
    num_players: int

    def p_naughty(self, seat: int) -> float:
        bit = 1 << seat
        return sum(w for mask, _, w in self.worlds if mask & bit)

    def p_krampus(self, seat: int) -> float:
        return sum(w for _, k, w in self.worlds if k == seat)

    def p_clean(self, *seats: int) -> float:
        """P(none of `seats` is on the naughty team)."""
        bits = 0
        for seat in seats:
            bits |= 1 << seat
        return sum(w for mask, _, w in self.worlds if not mask & bits)


def infer(
    view: SKView,
    governments: Sequence[Government],
    *,
    private: bool = True,
) -> Beliefs:
    """Posterior over role assignments; `private=False` gives what the public can infer."""
    n = view.num_players
    elves = SETUPS[n].roles[Role.NAUGHTY_ELF]
    fixed: dict[int, Role] = {}
    sides: dict[int, Team] = {}
    not_krampus = {p.seat for p in view.players if p.not_krampus}
    for p in view.players:
        if p.revealed_role is not None:
            fixed[p.seat] = p.revealed_role
    if private:
        fixed.update(view.known_roles)
        sides.update(view.peek_results)
    tables = [(g.lm, g.sl, government_likelihood(g)) for g in governments]
    worlds = []
    for krampus in range(n):
        if krampus in not_krampus:
            continue
        if fixed.get(krampus, Role.KRAMPUS) != Role.KRAMPUS:
            continue
        if sides.get(krampus, Team.NAUGHTY) != Team.NAUGHTY:
            continue
        others = [s for s in range(n) if s != krampus]
        for chosen in combinations(others, elves):
            mask = 1 << krampus
            for seat in chosen:
                mask |= 1 << seat
            if not _consistent(mask, krampus, fixed, sides, n):
                continue
            weight = 1.0
            for lm, sl, table in tables:
                weight *= table[(bool(mask >> lm & 1), bool(mask >> sl & 1))]
            worlds.append((mask, krampus, weight))
    total = sum(w for _, _, w in worlds)
    if not worlds or total <= 0:  # contradictory evidence: fall back on the constraints only
        return Beliefs([(m, k, 1.0 / max(1, len(worlds))) for m, k, _ in worlds], n)
    return Beliefs([(m, k, w / total) for m, k, w in worlds], n)


def _consistent(mask: int, krampus: int, fixed: dict, sides: dict, n: int) -> bool:
    for seat, role in fixed.items():
        if seat == krampus:
            if role != Role.KRAMPUS:
                return False
        elif role == Role.KRAMPUS:
            return False
        elif (role == Role.NAUGHTY_ELF) != bool(mask >> seat & 1):
            return False
    for seat, side in sides.items():
        if (side == Team.NAUGHTY) != bool(mask >> seat & 1):
            return False
    return True


def team_of(view: SKView) -> Team:
    assert view.my_role is not None
    return TEAM_OF_ROLE[view.my_role]
