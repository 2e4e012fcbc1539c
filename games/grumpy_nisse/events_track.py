"""The Grumpy Nisse events of the track (spec 2.3): the pawn, the shortcut and the track events.
Public. See `games.grumpy_nisse.events`."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from games.core import Event
from games.core.words import N_
from games.grumpy_nisse.words import ENGLISH, Words, card_name, card_names, say


class PawnMoved(Event):
    kind: Literal["pawn_moved"] = "pawn_moved"
    from_space: int
    to_space: int
    shortcut: bool = False

    def describe(self, names: Sequence[str], words: Words = ENGLISH) -> str:
        if self.shortcut:
            template = N_("Violet finds a shortcut: the pawn jumps from {start} to {end}!")
        else:
            template = N_("Violet's pawn moves from space {start} to {end}.")
        return say(words, template, start=self.from_space, end=self.to_space)


class ShortcutChanged(Event):
    kind: Literal["shortcut_changed"] = "shortcut_changed"
    armed: bool  # True: Violet won on 5; False: Torech won on 6, the shortcut is lost

    def describe(self, names: Sequence[str], words: Words = ENGLISH) -> str:
        if self.armed:
            return say(
                words, N_("Violet won on space 5: a win on space 6 next trick takes the shortcut to 10.")
            )
        return say(words, N_("Torech won on space 6: the shortcut is lost."))


class TorechTricks(Event):
    """Space 3: both players discard the top cards of their decks, face up."""

    kind: Literal["torech_tricks"] = "torech_tricks"
    discarded: list[list[str]]  # per seat

    def describe(self, names: Sequence[str], words: Words = ENGLISH) -> str:
        parts = [f"{names[seat]}: {card_names(cards, words)}" for seat, cards in enumerate(self.discarded)]
        return say(
            words,
            N_("Torech tricks Violet! Both discard the top of their decks: {cards}."),
            cards="; ".join(parts),
        )


class DevilishPlan(Event):
    kind: Literal["devilish_plan"] = "devilish_plan"
    count: int
    needed: int

    def describe(self, names: Sequence[str], words: Words = ENGLISH) -> str:
        return say(
            words,
            N_("Torech's devilish plan: {count} of {needed} wins on space 11."),
            count=self.count,
            needed=self.needed,
        )


class Determination(Event):
    """Space 14, the first trick there: `returned` per seat (empty lists when Torech won: void)."""

    kind: Literal["determination"] = "determination"
    violet_won: bool
    returned: list[list[str]]

    def describe(self, names: Sequence[str], words: Words = ENGLISH) -> str:
        if not self.violet_won:
            return say(words, N_("Torech won the first trick on space 14: Violet's determination is void."))
        if not any(self.returned):  # (both discard piles were empty)
            return say(
                words,
                N_(
                    "Violet's determination overcomes all odds! The discard piles are empty: "
                    "nothing to shuffle back."
                ),
            )
        parts = [f"{names[seat]}: {card_names(cards, words)}" for seat, cards in enumerate(self.returned)]
        return say(
            words,
            N_("Violet's determination overcomes all odds! Discards shuffled back into the decks: {cards}."),
            cards="; ".join(parts),
        )


class Panic(Event):
    kind: Literal["panic"] = "panic"
    space: int

    def describe(self, names: Sequence[str], words: Words = ENGLISH) -> str:
        return say(
            words,
            N_("Torech panics on space {space}: Torech, then Violet, discard a card from their hand."),
            space=self.space,
        )


class PanicDiscarded(Event):
    kind: Literal["panic_discarded"] = "panic_discarded"
    seat: int
    card: str | None  # None: the hand was empty

    def describe(self, names: Sequence[str], words: Words = ENGLISH) -> str:
        if self.card is None:
            return say(words, N_("{name} has no card to discard."), name=names[self.seat])
        return say(
            words, N_("{name} discards {card}."), name=names[self.seat], card=card_name(self.card, words)
        )
