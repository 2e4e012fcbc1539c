"""Who wins a trick (spec 5.3, rules R1-R5): a pure function of the two cards, the trump and dice."""

from __future__ import annotations

from collections.abc import Callable
from enum import StrEnum
from typing import NamedTuple

from games.core.words import N_
from games.grumpy_nisse.data import (
    DIE_SIDES,
    LUCKY_DICE_BOTH_THREES,
    LUCKY_DICE_OTHER,
    LUCKY_DICE_OWNER,
    Suit,
    suit_of,
    value_of,
)


class WinRule(StrEnum):
    GIANT_SLAYER = "GIANT_SLAYER"  # R1: a 1 beats a 9
    HIGHER_VALUE = "HIGHER_VALUE"  # R2: same suit, higher value
    LUCKY_ROLL = "LUCKY_ROLL"  # R2: same suit with a 3, dice added
    STEADFAST = "STEADFAST"  # R3: a led 5 is not beaten by a trump
    TRUMP = "TRUMP"  # R3/R5: a trump beats another suit
    TWO_THREES = "TWO_THREES"  # R4: two 3s, 3d6 each
    LEAD_SUIT = "LEAD_SUIT"  # R5: different suits, no trump: the lead card wins


#: Why a trick was won, as the news says it ("Dasher wins the trick: ... (the trump wins).").
RULE_TEXT: dict[WinRule, str] = {
    WinRule.GIANT_SLAYER: N_("a 1 beats any 9"),
    WinRule.HIGHER_VALUE: N_("same suit, the higher value wins"),
    WinRule.LUCKY_ROLL: N_("same suit with a 3: dice were added"),
    WinRule.STEADFAST: N_("a led 5 cannot be trumped"),
    WinRule.TRUMP: N_("the trump wins"),
    WinRule.TWO_THREES: N_("two 3s: 3d6 each"),
    WinRule.LEAD_SUIT: N_("different suits, neither a trump: the lead card wins"),
}


class Resolution(NamedTuple):
    lead_wins: bool
    rule: WinRule
    lead_dice: list[int]
    follow_dice: list[int]

    @property
    def lead_total(self) -> int | None:
        return None if not self.lead_dice else sum(self.lead_dice)

    @property
    def follow_total(self) -> int | None:
        return None if not self.follow_dice else sum(self.follow_dice)


#: Rolls n dice (the engine passes the state's Rng).
Roller = Callable[[int], list[int]]


def roller_from(below: Callable[[int], int]) -> Roller:
    return lambda n: [below(DIE_SIDES) + 1 for _ in range(n)]


def resolve(lead: str, follow: str, trump: Suit | None, roll: Roller) -> Resolution:
    """Apply the first of R1-R5 that fits. Dice are rolled (lead first) only when a rule needs them."""
    a_suit, b_suit = suit_of(lead), suit_of(follow)
    a, b = value_of(lead), value_of(follow)

    def is_trump(suit: Suit) -> bool:
        return trump is not None and suit == trump

    # R1: a 1 beats any 9 (any suits, any order, trump or not).
    if a == 1 and b == 9:
        return Resolution(True, WinRule.GIANT_SLAYER, [], [])
    if b == 1 and a == 9:
        return Resolution(False, WinRule.GIANT_SLAYER, [], [])
    # R2: same suit.
    if a_suit == b_suit:
        if a == 3 or b == 3:
            lead_dice = roll(LUCKY_DICE_OWNER if a == 3 else LUCKY_DICE_OTHER)
            follow_dice = roll(LUCKY_DICE_OWNER if b == 3 else LUCKY_DICE_OTHER)
            lead_wins = a + sum(lead_dice) >= b + sum(follow_dice)
            return Resolution(lead_wins, WinRule.LUCKY_ROLL, lead_dice, follow_dice)
        return Resolution(a > b, WinRule.HIGHER_VALUE, [], [])
    # R3: different suits, the follower trumps (so the lead is not trump).
    if is_trump(b_suit):
        if a == 5:
            return Resolution(True, WinRule.STEADFAST, [], [])
        return Resolution(False, WinRule.TRUMP, [], [])
    # R4: two 3s, neither trump.
    if a == 3 and b == 3 and not is_trump(a_suit):
        lead_dice = roll(LUCKY_DICE_BOTH_THREES)
        follow_dice = roll(LUCKY_DICE_BOTH_THREES)
        lead_wins = a + sum(lead_dice) >= b + sum(follow_dice)
        return Resolution(lead_wins, WinRule.TWO_THREES, lead_dice, follow_dice)
    # R5: the lead is trump, or neither card is.
    return Resolution(True, WinRule.TRUMP if is_trump(a_suit) else WinRule.LEAD_SUIT, [], [])


def follow_outlook(lead: str, follow: str, trump: Suit | None) -> str:
    """What following `lead` with `follow` does, before any dice: "wins", "loses" or "dice" (card 3's
    dice decide). Public facts only (the two cards and the trump), so a seat's view can show it."""
    rolled: list[int] = []

    def roll(count: int) -> list[int]:
        rolled.append(count)
        return [1] * count

    resolution = resolve(lead, follow, trump, roll)
    if rolled:
        return "dice"
    return "loses" if resolution.lead_wins else "wins"
