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
from games.naughty_or_nice.data import GIVERS, Giver
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
    creature_name,
    kiddo_name,
    plural,
    present_name,
    presents_text,
    source_text,
)


class GiverChosen(Event):
    kind: Literal["giver_chosen"] = "giver_chosen"
    seat: int
    giver: Giver

    def describe(self, names: Sequence[str]) -> str:
        return f"{names[self.seat]} plays {GIVERS[self.giver].name}."


class GameStarted(Event):
    kind: Literal["game_started"] = "game_started"
    level: int
    first_player: int

    def describe(self, names: Sequence[str]) -> str:
        return f"Level {self.level} game. {names[self.first_player]} starts."


class TurnStarted(Event):
    kind: Literal["turn_started"] = "turn_started"
    seat: int
    turn_no: int
    final: bool = False

    def describe(self, names: Sequence[str]) -> str:
        last = " (final turn)" if self.final else ""
        return f"Turn {self.turn_no}: {names[self.seat]}{last}."


class TurnSkipped(Event):
    kind: Literal["turn_skipped"] = "turn_skipped"
    seat: int

    def describe(self, names: Sequence[str]) -> str:
        return f"Mr Scrooge: {names[self.seat]} skips this turn."


class OfferRefilled(Event):
    kind: Literal["offer_refilled"] = "offer_refilled"
    cards: list[str]

    def describe(self, names: Sequence[str]) -> str:
        return f"Offer row refilled with {presents_text(self.cards)}."


class PresentsReshuffled(Event):
    kind: Literal["presents_reshuffled"] = "presents_reshuffled"
    count: int

    def describe(self, names: Sequence[str]) -> str:
        return f"The present discard ({plural(self.count, 'card')}) is shuffled into a new deck."


class BasicStarted(Event):
    kind: Literal["basic_started"] = "basic_started"
    seat: int
    basic: str
    out_of_turn: bool = False

    def describe(self, names: Sequence[str]) -> str:
        how = " (out of turn)" if self.out_of_turn else ""
        basic = {"FULFIL": "Fulfill"}.get(self.basic, self.basic.title())
        return f"{names[self.seat]} chooses {basic}{how}."


class PresentTaken(Event):
    """Public: a present went to `seat`; `card` is None when it was drawn blind."""

    kind: Literal["present_taken"] = "present_taken"
    seat: int
    source: int
    card: str | None = None
    why: str = "craft"

    def describe(self, names: Sequence[str]) -> str:
        what = "a present" if self.card is None else present_name(self.card)
        return f"{names[self.seat]} takes {what} from {source_text(self.source)} ({self.why})."


class PresentDrawn(Event):
    """Private to the drawer: the presents drawn blind."""

    kind: Literal["present_drawn"] = "present_drawn"
    seat: int
    cards: list[str]

    def describe(self, names: Sequence[str]) -> str:
        return f"You drew {presents_text(self.cards)}."


class SummonDrawn(Event):
    kind: Literal["summon_drawn"] = "summon_drawn"
    seat: int
    cards: list[str]

    def describe(self, names: Sequence[str]) -> str:
        return "You summon " + " and ".join(creature_name(card) for card in self.cards) + "."


class SummonResolved(Event):
    """Public: a summon kept a card; `discarded` is shown face-up."""

    kind: Literal["summon_resolved"] = "summon_resolved"
    seat: int
    drawn: int
    discarded: str | None = None

    def describe(self, names: Sequence[str]) -> str:
        if not self.drawn:
            return f"{names[self.seat]} summons, but the creature deck is empty."
        if self.discarded:
            return (
                f"{names[self.seat]} summons: keeps one creature, discards {creature_name(self.discarded)}."
            )
        return f"{names[self.seat]} summons the last creature of the deck."


class CreatureGained(Event):
    kind: Literal["creature_gained"] = "creature_gained"
    seat: int
    card: str

    def describe(self, names: Sequence[str]) -> str:
        return f"You gain {creature_name(self.card)}."


class Tucked(Event):
    kind: Literal["tucked"] = "tucked"
    seat: int
    count: int

    def describe(self, names: Sequence[str]) -> str:
        return f"{names[self.seat]} tucks a Reindeer under Rudolf ({self.count} there now)."


class Scored(Event):
    kind: Literal["scored"] = "scored"
    seat: int
    points: int
    reason: str

    def describe(self, names: Sequence[str]) -> str:
        sign = "+" if self.points >= 0 else ""
        return f"{names[self.seat]} {sign}{self.points} ({self.reason})."


class Fulfilled(Event):
    kind: Literal["fulfilled"] = "fulfilled"
    seat: int
    kiddo: str
    cards: list[str]
    cagas: int = 0
    skipped_black: bool = False
    points: int

    def describe(self, names: Sequence[str]) -> str:
        extra = f" and {self.cagas} Caga Tió" if self.cagas else ""
        skip = " (one black slot skipped)" if self.skipped_black else ""
        return (
            f"{names[self.seat]} fulfils {kiddo_name(self.kiddo)} with {presents_text(self.cards)}"
            f"{extra}{skip}: {plural(self.points, 'point')}."
        )


class FulfilAbandoned(Event):
    kind: Literal["fulfil_abandoned"] = "fulfil_abandoned"
    seat: int

    def describe(self, names: Sequence[str]) -> str:
        return f"{names[self.seat]} abandons the Fulfill."


class KiddoRevealed(Event):
    kind: Literal["kiddo_revealed"] = "kiddo_revealed"
    kiddo: str

    def describe(self, names: Sequence[str]) -> str:
        return f"{kiddo_name(self.kiddo)} joins the playground."


class MidnightRevealed(Event):
    kind: Literal["midnight"] = "midnight"
    card: str
    first: bool
    final_turns: int

    def describe(self, names: Sequence[str]) -> str:
        if not self.first:
            return "The second Midnight card is set aside."
        return f"MIDNIGHT strikes! Every player takes one more turn ({self.final_turns} turns)."


class GameOver(Event):
    kind: Literal["game_over"] = "game_over"
    reason: str
    scores: list[int]
    winners: list[int]

    def describe(self, names: Sequence[str]) -> str:
        table = ", ".join(f"{names[s]} {p}" for s, p in enumerate(self.scores))
        won = " and ".join(names[s] for s in self.winners)
        return f"Game over ({END_TEXT.get(self.reason, 'the end')}). {table}. Winner: {won}."


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
    | Fulfilled
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
