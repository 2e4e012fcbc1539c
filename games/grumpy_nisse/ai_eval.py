"""What the Grumpy Nisse AI knows how to compute: who wins a trick (with the dice odds of card 3),
how strong a card is against what the opponent may still hold, what a trick is worth to each role
on the space where it is played, and what a card is worth in the draft.

Everything here is a pure function of public facts or of the seat's own cards.
"""

from __future__ import annotations

from functools import cache
from itertools import product
from math import comb

from games.grumpy_nisse.data import (
    CARDS,
    DEVILISH_WINS,
    LAST_SPACE,
    SHORTCUT_AT,
    SHORTCUT_FROM,
    TRACK,
    Role,
    Shortcut,
    Suit,
    suit_of,
    value_of,
)

TRUMPS: tuple[Suit | None, ...] = (None, Suit.PINECONE, Suit.LEAF, Suit.MUSHROOM, Suit.FLOWER)


# -- who wins (spec 5.3, R1-R5, with the dice as probabilities) -----------------------------------
def _dice_sums(n: int) -> dict[int, float]:
    sums: dict[int, float] = {}
    for roll in product(range(1, 7), repeat=n):
        sums[sum(roll)] = sums.get(sum(roll), 0.0) + 6.0**-n
    return sums


_SUMS = {n: _dice_sums(n) for n in (1, 2, 3)}


def _p_lead_total_wins(lead_value: int, lead_dice: int, follow_value: int, follow_dice: int) -> float:
    """P(lead value + its dice >= follow value + its dice): a tie goes to the lead."""
    return sum(
        pa * pb
        for a, pa in _SUMS[lead_dice].items()
        for b, pb in _SUMS[follow_dice].items()
        if lead_value + a >= follow_value + b
    )


def _p_lead_wins(lead: str, follow: str, trump: Suit | None) -> float:
    a_suit, b_suit = suit_of(lead), suit_of(follow)
    a, b = value_of(lead), value_of(follow)
    if a == 1 and b == 9:
        return 1.0
    if b == 1 and a == 9:
        return 0.0
    if a_suit == b_suit:
        if a == 3 or b == 3:
            return _p_lead_total_wins(a, 2 if a == 3 else 1, b, 2 if b == 3 else 1)
        return 1.0 if a > b else 0.0
    if trump is not None and b_suit == trump:
        return 1.0 if a == 5 else 0.0
    if a == 3 and b == 3 and a_suit != trump:
        return _p_lead_total_wins(3, 3, 3, 3)
    return 1.0


#: LEAD_WINS[trump][lead][follow]: the probability that the lead card wins the trick.
LEAD_WINS: dict[Suit | None, dict[str, dict[str, float]]] = {
    trump: {lead: {follow: _p_lead_wins(lead, follow, trump) for follow in CARDS} for lead in CARDS}
    for trump in TRUMPS
}


@cache
def _none_in_hand(pool: int, bad: int, hand: int) -> float:
    """P(a random `hand`-card subset of `pool` cards misses all `bad` ones)."""
    if hand <= 0:
        return 1.0
    if hand > pool:
        return 0.0
    return comb(pool - bad, hand) / comb(pool, hand)


def p_lead_holds(
    lead: str, trump: Suit | None, pool: list[str], hand_size: int, known: list[str] | None
) -> float:
    """P(`lead` wins when the opponent answers with its best card. `known` is its hand when seen
    (Spy); otherwise its hand is `hand_size` random cards of `pool` (its hand + deck)."""
    table = LEAD_WINS[trump][lead]
    if known is not None:
        return min((table[card] for card in known), default=1.0)
    if not pool or hand_size <= 0:
        return 1.0
    # E[min over the hand of P(lead beats card)]: sort the pool by that chance, ascending, and
    # weigh each level by the chance that it is the lowest one in the hand.
    odds = sorted(table[card] for card in pool)
    n, h = len(odds), min(hand_size, len(odds))
    total, before = 0.0, 1.0
    for i, p in enumerate(odds):
        # P(none of the first i+1 in hand) vs P(none of the first i in hand)
        after = _none_in_hand(n, i + 1, h)
        total += p * (before - after)
        before = after
        if before <= 0.0:
            break
    return total


# -- the track: which trumps come, what a trick is worth ---------------------------------------------
def trumps_ahead(pawn: int) -> list[tuple[Suit | None, float]]:
    """The trumps the next tricks are likely played under, with weights (the pawn moves only
    when Violet wins)."""
    here = TRACK[pawn]
    weights: list[tuple[Suit | None, float]] = [(here.trump, 0.6)]
    nxt = min(LAST_SPACE, (here.group * 3) + 1)
    if TRACK[nxt].group != here.group:
        left = 3 - (pawn - 1) % 3  # spaces left in this group
        weights = [(here.trump, 0.45 + 0.1 * left), (TRACK[nxt].trump, 0.55 - 0.1 * left)]
    return weights


def trick_stakes(
    pawn: int,
    shortcut: Shortcut,
    devilish: int,
    tricks_done: bool,
    determination_done: bool,
    panic_done: list[int],
    round_no: int,
    tricks_left: int,
) -> float:
    """How much more a Violet win is worth than a Torech win on this trick (both roles weigh a
    trick alike: each one's gain is the other's loss). 1 = a step of the pawn."""
    event = TRACK[pawn].event
    stake = 1.0
    if pawn == LAST_SPACE:
        stake = 50.0
    elif pawn == SHORTCUT_AT and shortcut == Shortcut.ARMED:
        stake = 4.0
    elif pawn == SHORTCUT_FROM and shortcut == Shortcut.AVAILABLE:
        stake = 1.6
    elif pawn == 11:
        stake = 50.0 if devilish >= DEVILISH_WINS - 1 else 2.0 + 2.0 * devilish
    elif event is not None:
        done = {3: tricks_done, 14: determination_done}.get(pawn, pawn in panic_done)
        if not done:
            stake = 1.4
    # Round 2: Violet must still make every step; a trick she loses is one fewer chance.
    if round_no == 2:
        steps = LAST_SPACE - pawn + 1
        if shortcut in (Shortcut.AVAILABLE, Shortcut.ARMED) and pawn <= SHORTCUT_AT:
            steps -= 3
        if tricks_left > 0 and steps >= tricks_left:
            stake *= 3.0  # every remaining trick is needed
    return stake


# -- card strength in play ----------------------------------------------------------------------------
def strength(card: str, pawn: int, opp_pool: list[str]) -> float:
    """How likely `card` is to win a later trick against the opponent's remaining cards, as lead
    and as follower, under the trumps ahead (0..1)."""
    if not opp_pool:
        return value_of(card) / 9
    total = 0.0
    h = min(4, len(opp_pool))
    for trump, weight in trumps_ahead(pawn):
        table = LEAD_WINS[trump]
        lead = p_lead_holds(card, trump, opp_pool, h, None)
        follow = sum(1.0 - table[other][card] for other in opp_pool) / len(opp_pool)
        total += weight * (0.5 * lead + 0.5 * follow)
    return total


# -- the draft ------------------------------------------------------------------------------------------
_BASE = {1: 1.6, 2: 1.0, 3: 1.6, 4: 1.3, 5: 2.6, 6: 2.3, 7: 3.0, 8: 4.0, 9: 4.8}
#: How much the trump groups matter to each role (Torech: the devilish plan on a Mushroom space).
_SUIT_WEIGHT = {
    Role.VIOLET: {Suit.PINECONE: 1.2, Suit.LEAF: 0.8, Suit.MUSHROOM: 1.2, Suit.FLOWER: 1.0},
    Role.TORECH: {Suit.PINECONE: 1.0, Suit.LEAF: 0.8, Suit.MUSHROOM: 1.5, Suit.FLOWER: 1.0},
}


def draft_value(card: str, role: Role) -> float:
    """What `card` is worth in `role`'s deck."""
    value = value_of(card)
    return _BASE[value] + _SUIT_WEIGHT[role][suit_of(card)] * (1.0 + 0.25 * value)


def draft_swing(card: str) -> float:
    """What taking `card` is worth against the opponent having it (the draft is zero-sum)."""
    return draft_value(card, Role.VIOLET) + draft_value(card, Role.TORECH)
