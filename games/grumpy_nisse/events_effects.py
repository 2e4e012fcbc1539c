"""The Grumpy Nisse events of the after-trick card effects (spec 5.6): 2 Recover, 4 Foresight,
6 Spy, 7 Rummage, or none. See `games.grumpy_nisse.events` for who sees which."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from games.core import Event
from games.core.words import N_
from games.grumpy_nisse.data import RUMMAGE_DRAW
from games.grumpy_nisse.words import ENGLISH, Words, card_name, card_names, say

#: Why an after-trick effect did nothing (`EffectVoid.reason`, English) -> the whole news line.
VOID_EMPTY_DISCARDS = "the discard pile is empty"
VOID_EMPTY_HAND = "the hand is empty"
VOID_EMPTY_DECK = "the deck is empty"
VOID_SHORT_DECK = f"fewer than {RUMMAGE_DRAW} cards in the deck"
VOID_LAST_TRICK = "the round ends with this trick"
_VOID_LINES = {
    VOID_EMPTY_DISCARDS: N_("{name}'s {card} has no effect: the discard pile is empty."),
    VOID_EMPTY_HAND: N_("{name}'s {card} has no effect: the hand is empty."),
    VOID_EMPTY_DECK: N_("{name}'s {card} has no effect: the deck is empty."),
    VOID_SHORT_DECK: N_("{name}'s {card} has no effect: fewer than {n} cards in the deck."),
    VOID_LAST_TRICK: N_("{name}'s {card} has no effect: the round ends with this trick."),
}


class EffectVoid(Event):
    """A card with an after-trick effect that could not apply (`reason` says why)."""

    kind: Literal["effect_void"] = "effect_void"
    seat: int
    card: str
    reason: str

    def describe(self, names: Sequence[str], words: Words = ENGLISH) -> str:
        values = {"name": names[self.seat], "card": card_name(self.card, words)}
        template = _VOID_LINES.get(self.reason)
        if template is None:  # a reason this version does not know: said in English
            return say(words, N_("{name}'s {card} has no effect."), **values) + f" ({self.reason})"
        return say(words, template, n=RUMMAGE_DRAW, **values)


class Recovered(Event):
    """Card 2 (public: discard piles are face up). `taken` None: the effect was not used."""

    kind: Literal["recovered"] = "recovered"
    seat: int
    taken: str | None
    put: str | None = None

    def describe(self, names: Sequence[str], words: Words = ENGLISH) -> str:
        if self.taken is None:
            return say(words, N_("{name} does not use Recover."), name=names[self.seat])
        if self.put is None:
            template, card = N_("{name} takes {card} back from the discard pile (Recover)."), self.taken
        else:
            template, card = N_("{name} discards {card} (Recover)."), self.put
        return say(words, template, name=names[self.seat], card=card_name(card, words))


class ForesightUsed(Event):
    kind: Literal["foresight_used"] = "foresight_used"
    seat: int
    count: int
    done: bool  # False: looking now; True: the cards are back on the deck

    def describe(self, names: Sequence[str], words: Words = ENGLISH) -> str:
        if self.count == 1:  # ("the top 1 card": the deck had one card left)
            text = (
                N_("{name} puts the card back on the deck (Foresight).")
                if self.done
                else N_("{name} looks at the top card of their deck (Foresight).")
            )
            return say(words, text, name=names[self.seat])
        if self.done:
            return words.ngettext(
                "{name} puts the {n} card back on the deck (Foresight).",
                "{name} puts the {n} cards back on the deck (Foresight).",
                self.count,
            ).format(n=self.count, name=names[self.seat])
        return words.ngettext(
            "{name} looks at the top {n} card of their deck (Foresight).",
            "{name} looks at the top {n} cards of their deck (Foresight).",
            self.count,
        ).format(n=self.count, name=names[self.seat])


class ForesightSeen(Event):
    """Private to the owner of the 4: the top cards, top first."""

    kind: Literal["foresight_seen"] = "foresight_seen"
    seat: int
    cards: list[str]

    def describe(self, names: Sequence[str], words: Words = ENGLISH) -> str:
        return say(
            words,
            N_("Top of {name}'s deck: {cards}."),
            name=names[self.seat],
            cards=card_names(self.cards, words),
        )


class DeckReordered(Event):
    """Private to the owner of the 4: the new top of the deck, top first."""

    kind: Literal["deck_reordered"] = "deck_reordered"
    seat: int
    cards: list[str]

    def describe(self, names: Sequence[str], words: Words = ENGLISH) -> str:
        return say(
            words,
            N_("{name}'s deck now starts with {cards}."),
            name=names[self.seat],
            cards=card_names(self.cards, words),
        )


class SpyStarted(Event):
    kind: Literal["spy_started"] = "spy_started"
    seat: int
    target: int

    def describe(self, names: Sequence[str], words: Words = ENGLISH) -> str:
        return say(
            words,
            N_("{name} sees {target}'s hand until the end of the next trick (Spy)."),
            name=names[self.seat],
            target=names[self.target],
        )

    def describe_to(self, names: Sequence[str], words: Words, reader: int) -> str:
        """As the player whose hand is shown reads it (in private: `GrumpyNisse.done_to`)."""
        if reader != self.target:
            return self.describe(names, words)
        text = N_("{name} sees your hand until the end of the next trick (Spy).")
        return say(words, text, name=names[self.seat])


class HandRevealed(Event):
    """Private to the spy (the owner of the 6): the target's hand when the reveal begins."""

    kind: Literal["hand_revealed"] = "hand_revealed"
    seat: int
    target: int
    cards: list[str]

    def describe(self, names: Sequence[str], words: Words = ENGLISH) -> str:
        return say(
            words,
            N_("{target}'s hand: {cards}."),
            target=names[self.target],
            cards=card_names(self.cards, words),
        )


class SpyEnded(Event):
    kind: Literal["spy_ended"] = "spy_ended"
    seat: int
    target: int

    def describe(self, names: Sequence[str], words: Words = ENGLISH) -> str:
        return say(
            words,
            N_("{name} no longer sees {target}'s hand."),
            name=names[self.seat],
            target=names[self.target],
        )


class RummageUsed(Event):
    kind: Literal["rummage_used"] = "rummage_used"
    seat: int
    done: bool  # False: drew 2; True: put one card under the deck

    def describe(self, names: Sequence[str], words: Words = ENGLISH) -> str:
        if self.done:
            return say(words, N_("{name} puts a card under the deck (Rummage)."), name=names[self.seat])
        return say(words, N_("{name} draws {n} cards (Rummage)."), name=names[self.seat], n=RUMMAGE_DRAW)


class RummageDrawn(Event):
    """Private to the owner of the 7."""

    kind: Literal["rummage_drawn"] = "rummage_drawn"
    seat: int
    cards: list[str]

    def describe(self, names: Sequence[str], words: Words = ENGLISH) -> str:
        return say(
            words,
            N_("{name} draws {cards} (Rummage)."),
            name=names[self.seat],
            cards=card_names(self.cards, words),
        )


class PutUnder(Event):
    """Private to the owner of the 7."""

    kind: Literal["put_under"] = "put_under"
    seat: int
    card: str

    def describe(self, names: Sequence[str], words: Words = ENGLISH) -> str:
        return say(
            words,
            N_("{name} puts {card} under the deck."),
            name=names[self.seat],
            card=card_name(self.card, words),
        )
