"""Naughty or Nice events: `NoNEvent`, the union of them all, and those of turns and basic
actions (the others in `events_play`, `events_taking` and `events_score`). Each carries only
what its audience may know.

Private events (audience one or two seats): `present_drawn` (a blind draw: the drawer),
`summon_drawn` (the summoner), `creature_gained` (the gainer), `answer_recorded` (the answering
reactor), `stolen` (thief and victim), `search_seen` (Santa). Everything else is public.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Annotated, Literal

from pydantic import Field

from games.core import Event
from games.core.words import N_, Words, names_and
from games.naughty_or_nice.data import Creature, Giver
from games.naughty_or_nice.events_play import (
    AnswerRecorded,
    CreaturePlayed,
    EffectCancelled,
    EffectStands,
    ElvesPicked,
    ElvesRevealed,
    KiddoTaken,
    ReindeerPlayed,
    ScroogePlaced,
    WindowClosed,
    WindowOpened,
)
from games.naughty_or_nice.events_score import (
    FulfilAbandoned,
    Fulfilled,
    GameOver,
    KiddoRevealed,
    MidnightRevealed,
    NothingToLose,
    Scored,
    SetBonus,
)
from games.naughty_or_nice.events_taking import (
    Declined,
    KrampusGave,
    OfferedExtra,
    Searched,
    SearchSeen,
    Stole,
    Stolen,
    Waiting,
    WolverineTook,
)
from games.naughty_or_nice.words import (
    basic_words,
    count_words,
    creature_kind_words,
    creature_words,
    giver_words,
    present_words,
    presents_words,
)

# i18n: where a present comes from: "Gus takes a present from the present deck (craft)."
PRESENT_DECK, OFFER_ROW = N_("the present deck"), N_("the offer row")


def source_words(source: int) -> Words:
    return Words(PRESENT_DECK if source < 0 else OFFER_ROW)


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
    | EffectStands
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
