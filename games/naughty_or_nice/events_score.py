"""Naughty or Nice events of scores, fulfilled kiddos and the end (re-exported by `events`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from games.core import Event
from games.core.words import N_, Words, listing, names_and
from games.naughty_or_nice.data import Creature, Symbol
from games.naughty_or_nice.words import (
    count_words,
    creature_kind_words,
    kiddo_words,
    presents_words,
    symbol_words,
)

#: Why the game ended, in "Game over ({reason})."
END_TEXT = {"midnight": N_("Midnight"), "stalemate": N_("a whole round with nothing gained")}
#: Score reasons with a number or a name in them (`Scored.reason` is English, as the state
#: keeps it): the English text -> the same in `Words`. Other reasons are marked texts.
# i18n: what a score is for: playing Reindeer together ("2 Reindeer")
REINDEER_REASON = N_("{count} Reindeer")
# i18n: what a score is for: the most kiddos of a set symbol at the end ("most Star")
SYMBOL_REASON = N_("most {symbol}")
SCORE_REASONS: dict[str, Words] = {
    **{words: words for words in (Words(REINDEER_REASON, count=count) for count in range(1, 5))},
    **{words: words for words in (Words(SYMBOL_REASON, symbol=symbol_words(symbol)) for symbol in Symbol)},
}


def reason_words(reason: str) -> Words:
    """A `Scored.reason` as `Words`: a marked text, or one of `SCORE_REASONS`."""
    return SCORE_REASONS.get(reason) or Words(reason)


class Scored(Event):
    kind: Literal["scored"] = "scored"
    seat: int
    points: int
    reason: str
    #: Whose card it was when another player's (a Jólakötturinn costing everyone points).
    by: int | None = None
    #: A loss that stopped at a score of 0 (smaller than the card's: spec 1, the score floor).
    floored: bool = False

    def describe(self, names: Sequence[str]) -> Words:
        sign = "+" if self.points >= 0 else ""
        # i18n: a score change and why: "Gus +3 (Amara)", "Gus -2 (Jólakötturinn)"
        text = N_("{name} {points} ({reason}).")
        if self.floored:  # i18n: a loss cut short by the score floor: "Gus -1 (Jólakötturinn), down to 0."
            text = N_("{name} {points} ({reason}), down to 0.")
        return Words(
            text,
            name=names[self.seat],
            points=f"{sign}{self.points}",
            reason=reason_words(self.reason),
        )

    def describe_to(self, names: Sequence[str], seat: int) -> Words:
        """As the seat reads its own loss, or a loss its own card caused (in private:
        `NaughtyOrNice.done_to`)."""
        if seat == self.seat and self.points < 0:
            reason = whose_card(self.reason, self.by, seat, names)
            one, many = N_("You lose {n} point ({reason})."), N_("You lose {n} points ({reason}).")
            if self.floored:
                one = N_("You lose {n} point ({reason}), down to 0.")
                many = N_("You lose {n} points ({reason}), down to 0.")
            return count_words(-self.points, one, many, reason=reason)
        if seat == self.by and self.points < 0:  # i18n: "Ben loses 2 points (your Jólakötturinn)."
            reason = whose_card(self.reason, self.by, seat, names)
            one, many = N_("{name} loses {n} point ({reason})."), N_("{name} loses {n} points ({reason}).")
            if self.floored:
                one = N_("{name} loses {n} point ({reason}), down to 0.")
                many = N_("{name} loses {n} points ({reason}), down to 0.")
            return count_words(-self.points, one, many, name=names[self.seat], reason=reason)
        return self.describe(names)


def whose_card(reason: str, by: int | None, reader: int, names: Sequence[str]) -> Words:
    """A loss's reason as its loser reads it: whose card it was ("Ben's Jólakötturinn", "your
    Jólakötturinn"), when a card of a player's (`by`) caused it."""
    words = reason_words(reason)
    if by is None:
        return words
    if by == reader:
        # i18n: the reader's own card made them lose points: "You lose 2 points (your Jólakötturinn)."
        return Words(N_("your {card}"), card=words)
    # i18n: another's card made the reader lose points: "You lose 3 points (Ben's Jólakötturinn)."
    return Words(N_("{name}'s {card}"), name=names[by], card=words)


class Fulfilled(Event):
    kind: Literal["fulfilled"] = "fulfilled"
    seat: int
    kiddo: str
    cards: list[str]
    cagas: int = 0
    skipped_black: bool = False
    points: int

    def describe(self, names: Sequence[str]) -> Words:
        presents: Words = presents_words(self.cards)
        if self.cagas:
            presents = Words(
                N_("{presents} and {n} {creature}"),
                presents=presents,
                n=self.cagas,
                creature=creature_kind_words(Creature.CAGA_TIO),
            )
        said = {
            "name": names[self.seat],
            "kiddo": kiddo_words(self.kiddo),
            "presents": presents,
            "points": count_words(self.points, N_("{n} point"), N_("{n} points")),
        }
        if self.skipped_black:
            return Words(
                N_("{name} fulfills {kiddo} with {presents} (one black slot skipped): {points}."), **said
            )
        return Words(N_("{name} fulfills {kiddo} with {presents}: {points}."), **said)


class FulfilAbandoned(Event):
    kind: Literal["fulfil_abandoned"] = "fulfil_abandoned"
    seat: int

    def describe(self, names: Sequence[str]) -> Words:
        return Words(N_("{name} abandons the Fulfill."), name=names[self.seat])


class KiddoRevealed(Event):
    kind: Literal["kiddo_revealed"] = "kiddo_revealed"
    kiddo: str

    def describe(self, names: Sequence[str]) -> Words:
        return Words(N_("{kiddo} joins the playground."), kiddo=kiddo_words(self.kiddo))


class MidnightRevealed(Event):
    kind: Literal["midnight"] = "midnight"
    card: str
    first: bool
    final_turns: int

    def describe(self, names: Sequence[str]) -> Words:
        if not self.first:
            return Words(N_("The second Midnight card is set aside."))
        return Words(
            # i18n: final_turns is the number of players (at least 2)
            N_("MIDNIGHT strikes! Every player takes one more turn ({final_turns} turns)."),
            final_turns=self.final_turns,
        )


class GameOver(Event):
    kind: Literal["game_over"] = "game_over"
    reason: str
    scores: list[int]
    winners: list[int]

    def describe(self, names: Sequence[str]) -> Words:
        table = listing([Words("{name} {score}", name=names[s], score=p) for s, p in enumerate(self.scores)])
        return Words(
            N_("Game over ({reason}). {scores}. Winner: {winners}."),
            reason=Words(END_TEXT.get(self.reason, N_("the end"))),
            scores=table,
            winners=names_and(names[s] for s in self.winners),
        )


class NothingToLose(Event):
    """Public: `seat` would lose points (`reason`, as `Scored`'s) but has none left (spec 4.9)."""

    kind: Literal["nothing_to_lose"] = "nothing_to_lose"
    seat: int
    reason: str
    by: int | None = None  # (as `Scored.by`)

    def describe(self, names: Sequence[str]) -> Words:
        reason = reason_words(self.reason)
        return Words(N_("{name} has no points to lose ({reason})."), name=names[self.seat], reason=reason)

    def describe_to(self, names: Sequence[str], seat: int) -> Words:
        """As the seat reads it, or the player whose card it was (in private: `NaughtyOrNice.done_to`)."""
        reason = whose_card(self.reason, self.by, seat, names)
        if seat == self.seat:
            return Words(N_("You have no points to lose ({reason})."), reason=reason)
        if seat == self.by:
            return Words(N_("{name} has no points to lose ({reason})."), name=names[self.seat], reason=reason)
        return self.describe(names)


class SetBonus(Event):
    """Public (level 5, spec 4.7): a Fulfill earned a set-collection bonus; what it brings follows
    (the creatures drawn, or the summon's keep)."""

    kind: Literal["set_bonus"] = "set_bonus"
    seat: int
    bonus: Literal["full_set", "same_symbol"]
    symbol: Symbol

    def describe(self, names: Sequence[str]) -> Words:
        if self.bonus == "full_set":
            return Words(
                N_("{name} has kiddos of all 5 symbols: full-set bonus, the top 2 creatures."),
                name=names[self.seat],
            )
        return Words(
            N_("{name} gifted another {symbol} kiddo: a free summon (set collection)."),
            name=names[self.seat],
            symbol=symbol_words(self.symbol),
        )
