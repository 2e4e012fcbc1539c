"""The Grumpy Nisse events. Each carries only what its audience may know.

Public unless noted. Private to one seat: `cards_drawn` (the drawer), `foresight_seen` and
`deck_reordered` (the owner of the 4), `rummage_drawn` and `put_under` (the owner of the 7),
`hand_revealed` (the owner of the 6: the opponent's hand is shown to them only).
Seats are named by `names[seat]`; every text uses only the event's own fields.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Annotated, Literal

from pydantic import Field

from games.core import Event
from games.grumpy_nisse.data import Role, Suit, TrackEvent, card_name, value_of
from games.grumpy_nisse.tricks import RULE_TEXT, WinRule


def _cards(cards: Sequence[str]) -> str:
    return ", ".join(card_name(card) for card in cards) if cards else "nothing"


def _count(count: int) -> str:
    return "1 card" if count == 1 else f"{count} cards"


class DiceRolled(Event):
    """A draft roll (public): the roller picks 1st and 3rd."""

    kind: Literal["dice_rolled"] = "dice_rolled"
    roll_no: int
    roller: int
    dice: list[int]

    def describe(self, names: Sequence[str]) -> str:
        dice = ", ".join(map(str, self.dice))
        return f"Roll {self.roll_no}: {names[self.roller]} rolls {dice}."


class Drafted(Event):
    """A card taken from the grid: with a die (`die`, `row` or `wild`) or in the last three (`die` None)."""

    kind: Literal["drafted"] = "drafted"
    seat: int
    card: str
    die: int | None = None
    row: int | None = None  # the row it came from (numbering at the time of the pick)
    wild: bool = False
    automatic: bool = False  # Torech's last card

    def describe(self, names: Sequence[str]) -> str:
        if self.die is None:
            how = " (the last card)" if self.automatic else ""
            return f"{names[self.seat]} takes {card_name(self.card)}{how}."
        how = "wild" if self.wild else f"row {self.row}"
        return f"{names[self.seat]} takes {card_name(self.card)} with the {self.die} ({how})."


class RowsCollapsed(Event):
    kind: Literal["rows_collapsed"] = "rows_collapsed"
    removed_row: int
    rows_left: int

    def describe(self, names: Sequence[str]) -> str:
        return f"Row {self.removed_row} is empty: the rows close up ({self.rows_left} left)."


class RoundStarted(Event):
    """Both players shuffled their decks and drew; `leader` leads the first trick."""

    kind: Literal["round_started"] = "round_started"
    round: int
    leader: int
    deck_size: int
    hand_size: int

    def describe(self, names: Sequence[str]) -> str:
        return f"Round {self.round}: both players shuffle their decks and draw {_count(self.hand_size)}."


class CardsDrawn(Event):
    """Private to `seat`: the cards it drew (round start or refill)."""

    kind: Literal["cards_drawn"] = "cards_drawn"
    seat: int
    cards: list[str]

    def describe(self, names: Sequence[str]) -> str:
        return f"{names[self.seat]} draws {_cards(self.cards)}."


class HandsRefilled(Event):
    kind: Literal["hands_refilled"] = "hands_refilled"
    drawn: list[int]  # per seat
    deck_sizes: list[int]

    def describe(self, names: Sequence[str]) -> str:
        parts = [f"{names[seat]} draws {count}" for seat, count in enumerate(self.drawn) if count]
        if not parts:
            return "Refill: nobody draws."
        return "Refill: " + ", ".join(parts) + "."


class CardPlayed(Event):
    kind: Literal["card_played"] = "card_played"
    seat: int
    card: str
    lead: bool

    def describe(self, names: Sequence[str]) -> str:
        verb = "leads" if self.lead else "follows with"
        return f"{names[self.seat]} {verb} {card_name(self.card)}."


class TrickWon(Event):
    """The result of a trick, with the dice of card 3 (if any) and the rule that decided it."""

    kind: Literal["trick_won"] = "trick_won"
    winner: int
    leader: int
    lead_card: str
    follow_card: str
    space: int
    trump: Suit | None
    rule: WinRule
    lead_dice: list[int] = []
    follow_dice: list[int] = []

    def describe(self, names: Sequence[str]) -> str:
        follower = 1 - self.leader
        dice = ""
        if self.lead_dice:
            lead_total = value_of(self.lead_card) + sum(self.lead_dice)
            follow_total = value_of(self.follow_card) + sum(self.follow_dice)
            dice = (
                f" Dice: {names[self.leader]} {'+'.join(map(str, self.lead_dice))} = {lead_total}, "
                f"{names[follower]} {'+'.join(map(str, self.follow_dice))} = {follow_total}."
            )
        won, lost = (self.lead_card, self.follow_card)
        if self.winner != self.leader:
            won, lost = lost, won
        return (
            f"{names[self.winner]} wins the trick: {card_name(won)} beats {card_name(lost)} "
            f"({RULE_TEXT[self.rule]}).{dice}"
        )


class PawnMoved(Event):
    kind: Literal["pawn_moved"] = "pawn_moved"
    from_space: int
    to_space: int
    shortcut: bool = False

    def describe(self, names: Sequence[str]) -> str:
        if self.shortcut:
            return f"Violet finds a shortcut: the pawn jumps from {self.from_space} to {self.to_space}!"
        return f"Violet's pawn moves from space {self.from_space} to {self.to_space}."


class ShortcutChanged(Event):
    kind: Literal["shortcut_changed"] = "shortcut_changed"
    armed: bool  # True: Violet won on 5; False: Torech won on 6, the shortcut is lost

    def describe(self, names: Sequence[str]) -> str:
        if self.armed:
            return "Violet won on space 5: a win on space 6 next trick takes the shortcut to 10."
        return "Torech won on space 6: the shortcut is lost."


class TorechTricks(Event):
    """Space 3: both players discard the top cards of their decks, face up."""

    kind: Literal["torech_tricks"] = "torech_tricks"
    discarded: list[list[str]]  # per seat

    def describe(self, names: Sequence[str]) -> str:
        parts = [f"{names[seat]} {_cards(cards)}" for seat, cards in enumerate(self.discarded)]
        return "Torech tricks Violet! Both discard the top of their decks: " + "; ".join(parts) + "."


class DevilishPlan(Event):
    kind: Literal["devilish_plan"] = "devilish_plan"
    count: int
    needed: int

    def describe(self, names: Sequence[str]) -> str:
        return f"Torech's devilish plan: {self.count} of {self.needed} wins on space 11."


class Determination(Event):
    """Space 14, the first trick there: `returned` per seat (empty lists when Torech won: void)."""

    kind: Literal["determination"] = "determination"
    violet_won: bool
    returned: list[list[str]]

    def describe(self, names: Sequence[str]) -> str:
        if not self.violet_won:
            return "Torech won the first trick on space 14: Violet's determination is void."
        parts = [f"{names[seat]} {_cards(cards)}" for seat, cards in enumerate(self.returned)]
        return (
            "Violet's determination overcomes all odds! Discards shuffled back into the decks: "
            + "; ".join(parts)
            + "."
        )


class Panic(Event):
    kind: Literal["panic"] = "panic"
    space: int

    def describe(self, names: Sequence[str]) -> str:
        return f"Torech panics on space {self.space}: Torech, then Violet, discard a card from their hand."


class PanicDiscarded(Event):
    kind: Literal["panic_discarded"] = "panic_discarded"
    seat: int
    card: str | None  # None: the hand was empty

    def describe(self, names: Sequence[str]) -> str:
        if self.card is None:
            return f"{names[self.seat]} has no card to discard."
        return f"{names[self.seat]} discards {card_name(self.card)}."


class EffectVoid(Event):
    """A card with an after-trick effect that could not apply (`reason` says why)."""

    kind: Literal["effect_void"] = "effect_void"
    seat: int
    card: str
    reason: str

    def describe(self, names: Sequence[str]) -> str:
        return f"{names[self.seat]}'s {card_name(self.card)} has no effect: {self.reason}."


class Recovered(Event):
    """Card 2 (public: discard piles are face up). `taken` None: the effect was not used."""

    kind: Literal["recovered"] = "recovered"
    seat: int
    taken: str | None
    put: str | None = None

    def describe(self, names: Sequence[str]) -> str:
        if self.taken is None:
            return f"{names[self.seat]} does not use Recover."
        if self.put is None:
            return f"{names[self.seat]} takes {card_name(self.taken)} back from the discard pile (Recover)."
        return f"{names[self.seat]} discards {card_name(self.put)} (Recover)."


class ForesightUsed(Event):
    kind: Literal["foresight_used"] = "foresight_used"
    seat: int
    count: int
    done: bool  # False: looking now; True: the cards are back on the deck

    def describe(self, names: Sequence[str]) -> str:
        if self.done:
            return f"{names[self.seat]} puts the {_count(self.count)} back on the deck (Foresight)."
        return f"{names[self.seat]} looks at the top {_count(self.count)} of the deck (Foresight)."


class ForesightSeen(Event):
    """Private to the owner of the 4: the top cards, top first."""

    kind: Literal["foresight_seen"] = "foresight_seen"
    seat: int
    cards: list[str]

    def describe(self, names: Sequence[str]) -> str:
        return f"Top of {names[self.seat]}'s deck: {_cards(self.cards)}."


class DeckReordered(Event):
    """Private to the owner of the 4: the new top of the deck, top first."""

    kind: Literal["deck_reordered"] = "deck_reordered"
    seat: int
    cards: list[str]

    def describe(self, names: Sequence[str]) -> str:
        return f"{names[self.seat]}'s deck now starts with {_cards(self.cards)}."


class SpyStarted(Event):
    kind: Literal["spy_started"] = "spy_started"
    seat: int
    target: int

    def describe(self, names: Sequence[str]) -> str:
        return f"{names[self.seat]} sees {names[self.target]}'s hand until the end of the next trick (Spy)."


class HandRevealed(Event):
    """Private to the spy (the owner of the 6): the target's hand when the reveal begins."""

    kind: Literal["hand_revealed"] = "hand_revealed"
    seat: int
    target: int
    cards: list[str]

    def describe(self, names: Sequence[str]) -> str:
        return f"{names[self.target]}'s hand: {_cards(self.cards)}."


class SpyEnded(Event):
    kind: Literal["spy_ended"] = "spy_ended"
    seat: int
    target: int

    def describe(self, names: Sequence[str]) -> str:
        return f"{names[self.seat]} no longer sees {names[self.target]}'s hand."


class RummageUsed(Event):
    kind: Literal["rummage_used"] = "rummage_used"
    seat: int
    done: bool  # False: drew 2; True: put one card under the deck

    def describe(self, names: Sequence[str]) -> str:
        if self.done:
            return f"{names[self.seat]} puts a card under the deck (Rummage)."
        return f"{names[self.seat]} draws 2 cards (Rummage)."


class RummageDrawn(Event):
    """Private to the owner of the 7."""

    kind: Literal["rummage_drawn"] = "rummage_drawn"
    seat: int
    cards: list[str]

    def describe(self, names: Sequence[str]) -> str:
        return f"{names[self.seat]} draws {_cards(self.cards)} (Rummage)."


class PutUnder(Event):
    """Private to the owner of the 7."""

    kind: Literal["put_under"] = "put_under"
    seat: int
    card: str

    def describe(self, names: Sequence[str]) -> str:
        return f"{names[self.seat]} puts {card_name(self.card)} under the deck."


class RoundEnded(Event):
    kind: Literal["round_ended"] = "round_ended"
    round: int
    pawn: int

    def describe(self, names: Sequence[str]) -> str:
        return f"Round {self.round} ends with the pawn on space {self.pawn}."


class GameOver(Event):
    kind: Literal["game_over"] = "game_over"
    winner: int
    role: Role
    reason: str
    event: TrackEvent | None = None

    def describe(self, names: Sequence[str]) -> str:
        return f"{names[self.winner]} ({self.role.value.title()}) wins: {self.reason}"


GNEvent = Annotated[
    DiceRolled
    | Drafted
    | RowsCollapsed
    | RoundStarted
    | CardsDrawn
    | HandsRefilled
    | CardPlayed
    | TrickWon
    | PawnMoved
    | ShortcutChanged
    | TorechTricks
    | DevilishPlan
    | Determination
    | Panic
    | PanicDiscarded
    | EffectVoid
    | Recovered
    | ForesightUsed
    | ForesightSeen
    | DeckReordered
    | SpyStarted
    | HandRevealed
    | SpyEnded
    | RummageUsed
    | RummageDrawn
    | PutUnder
    | RoundEnded
    | GameOver,
    Field(discriminator="kind"),
]
