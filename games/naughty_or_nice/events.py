"""Naughty or Nice events. Each carries only what its audience may know.

Private events (audience one or two seats): `present_drawn` (a blind draw: the drawer),
`summon_drawn` (the summoner), `creature_gained` (the gainer), `answer_recorded` (the answering
reactor), `stolen` (thief and victim), `search_seen` (Santa). Everything else is public.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Annotated, Literal

from pydantic import Field

from games.core import Event
from games.core.words import N_, Words, listing, names_and
from games.naughty_or_nice.data import Creature, Giver, Symbol
from games.naughty_or_nice.events_play import (
    END_TEXT,
    AnswerRecorded,
    CreaturePlayed,
    Declined,
    EffectCancelled,
    ElvesPicked,
    ElvesRevealed,
    KiddoTaken,
    KrampusGave,
    OfferedExtra,
    ReindeerPlayed,
    ScroogePlaced,
    Searched,
    SearchSeen,
    Stole,
    Stolen,
    Waiting,
    WindowClosed,
    WindowOpened,
    WolverineTook,
    source_words,
)
from games.naughty_or_nice.words import (
    basic_words,
    count_words,
    creature_kind_words,
    creature_words,
    giver_words,
    kiddo_words,
    present_words,
    presents_words,
    symbol_words,
)


class GiverChosen(Event):
    kind: Literal["giver_chosen"] = "giver_chosen"
    seat: int
    giver: Giver

    def describe(self, names: Sequence[str]) -> Words:
        giver = giver_words(self.giver)
        return Words(N_("{name} takes {giver} as gift giver."), name=names[self.seat], giver=giver)


class GameStarted(Event):
    kind: Literal["game_started"] = "game_started"
    level: int
    first_player: int

    def describe(self, names: Sequence[str]) -> Words:
        return Words(
            N_("Level {level} game. {name} starts."), level=self.level, name=names[self.first_player]
        )


class TurnStarted(Event):
    kind: Literal["turn_started"] = "turn_started"
    seat: int
    turn_no: int
    final: bool = False

    def describe(self, names: Sequence[str]) -> Words:
        if self.final:
            return Words(N_("Turn {turn}: {name} (final turn)."), turn=self.turn_no, name=names[self.seat])
        return Words(N_("Turn {turn}: {name}."), turn=self.turn_no, name=names[self.seat])


class TurnSkipped(Event):
    kind: Literal["turn_skipped"] = "turn_skipped"
    seat: int

    def describe(self, names: Sequence[str]) -> Words:
        return Words(
            N_("{creature}: {name} misses a turn."),
            creature=creature_kind_words(Creature.MR_SCROOGE),
            name=names[self.seat],
        )


class OfferRefilled(Event):
    kind: Literal["offer_refilled"] = "offer_refilled"
    cards: list[str]

    def describe(self, names: Sequence[str]) -> Words:
        return Words(N_("Offer row refilled with {presents}."), presents=presents_words(self.cards))


class PresentsReshuffled(Event):
    kind: Literal["presents_reshuffled"] = "presents_reshuffled"
    count: int

    def describe(self, names: Sequence[str]) -> Words:
        return count_words(
            self.count,
            N_("The present discard ({n} card) is shuffled into a new deck."),
            N_("The present discard ({n} cards) is shuffled into a new deck."),
        )


class BasicStarted(Event):
    kind: Literal["basic_started"] = "basic_started"
    seat: int
    basic: str
    out_of_turn: bool = False
    #: what granted this extra basic action ("snow_maiden", "ded_moroz"; "": the turn's own)
    extra: str = ""
    #: a Craft with nothing left to take (legal: a pass)
    passes: bool = False

    def describe(self, names: Sequence[str]) -> Words:
        said = {"name": names[self.seat], "basic": basic_words(self.basic)}
        if self.passes and not self.extra:
            return Words(N_("{name} passes: nothing is left to craft."), name=names[self.seat])
        if self.extra == "snow_maiden":
            return Words(
                N_("{who}: {name} repeats {basic}."), who=creature_kind_words(Creature.SNOW_MAIDEN), **said
            )
        if self.extra == "ded_moroz":
            text = N_("{who}: {name} takes an extra {basic}.")
            return Words(text, who=giver_words(Giver.DED_MOROZ), **said)
        if self.out_of_turn:
            return Words(N_("{name} chooses {basic} (out of turn)."), **said)
        return Words(N_("{name} chooses {basic}."), **said)


#: Why a present was taken (`PresentTaken.why`): a Craft, or Christkindl's draw.
CRAFT_REASON = N_("craft")


class PresentTaken(Event):
    """Public: a present went to `seat`; `card` is None when it was drawn blind. `why` is a marked
    text (`CRAFT_REASON`, a gift giver's name)."""

    kind: Literal["present_taken"] = "present_taken"
    seat: int
    source: int
    card: str | None = None
    why: str = CRAFT_REASON

    def describe(self, names: Sequence[str]) -> Words:
        said = {"name": names[self.seat], "source": source_words(self.source), "why": Words(self.why)}
        if self.card is None:
            return Words(N_("{name} takes a present from {source} ({why})."), **said)
        return Words(
            N_("{name} takes {present} from {source} ({why})."), present=present_words(self.card), **said
        )


class PresentDrawn(Event):
    """Private to the drawer: the presents drawn blind."""

    kind: Literal["present_drawn"] = "present_drawn"
    seat: int
    cards: list[str]

    def describe(self, names: Sequence[str]) -> Words:
        return Words(N_("You drew {presents}."), presents=presents_words(self.cards))


class SummonDrawn(Event):
    kind: Literal["summon_drawn"] = "summon_drawn"
    seat: int
    cards: list[str]

    def describe(self, names: Sequence[str]) -> Words:
        return Words(
            N_("You summon {creatures}."), creatures=names_and(creature_words(c) for c in self.cards)
        )


class SummonResolved(Event):
    """Public: a summon kept a card; `discarded` is shown face-up."""

    kind: Literal["summon_resolved"] = "summon_resolved"
    seat: int
    drawn: int
    discarded: str | None = None

    def describe(self, names: Sequence[str]) -> Words:
        name = names[self.seat]
        if not self.drawn:
            return Words(N_("{name} summons, but the creature deck is empty."), name=name)
        if self.discarded:
            return Words(
                N_("{name} summons: keeps one creature, discards {creature}."),
                name=name,
                creature=creature_words(self.discarded),
            )
        return Words(N_("{name} summons the last creature of the deck."), name=name)


class CreatureGained(Event):
    kind: Literal["creature_gained"] = "creature_gained"
    seat: int
    card: str

    def describe(self, names: Sequence[str]) -> Words:
        return Words(N_("You gain {creature}."), creature=creature_words(self.card))


class Tucked(Event):
    kind: Literal["tucked"] = "tucked"
    seat: int
    count: int

    def describe(self, names: Sequence[str]) -> Words:
        return Words(
            # i18n: Santa puts a Reindeer under his Rudolf card; count: how many are there now
            N_("{name} tucks a Reindeer under Rudolf ({count} there now)."),
            name=names[self.seat],
            count=self.count,
        )

    def describe_to(self, names: Sequence[str], seat: int) -> Words:
        """As Santa reads it (in private: `NaughtyOrNice.done_to`; "You gain Reindeer." read as
        a card in hand)."""
        if seat != self.seat:
            return self.describe(names)
        return Words(N_("You put the Reindeer under Rudolf ({count} there now)."), count=self.count)


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


NoNEvent = Annotated[
    GiverChosen
    | GameStarted
    | TurnStarted
    | TurnSkipped
    | OfferRefilled
    | PresentsReshuffled
    | BasicStarted
    | PresentTaken
    | PresentDrawn
    | SummonDrawn
    | SummonResolved
    | CreatureGained
    | Tucked
    | Scored
    | NothingToLose
    | Fulfilled
    | SetBonus
    | FulfilAbandoned
    | KiddoRevealed
    | MidnightRevealed
    | CreaturePlayed
    | ReindeerPlayed
    | WindowOpened
    | AnswerRecorded
    | WindowClosed
    | EffectCancelled
    | ElvesRevealed
    | ElvesPicked
    | KiddoTaken
    | ScroogePlaced
    | Stole
    | Stolen
    | KrampusGave
    | WolverineTook
    | Searched
    | SearchSeen
    | OfferedExtra
    | Declined
    | Waiting
    | GameOver,
    Field(discriminator="kind"),
]
#: Kinds whose audience is restricted (checked by the tests).
PRIVATE_KINDS = frozenset(
    {"present_drawn", "summon_drawn", "creature_gained", "answer_recorded", "stolen", "search_seen"}
)
