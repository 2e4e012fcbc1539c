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
from games.naughty_or_nice.data import (
    CREATURE_OF,
    CREATURES,
    GIVERS,
    KIDDOS,
    PRESENT_TYPE_OF,
    PRESENTS,
    Creature,
    Giver,
    PresentType,
    Reaction,
)


def _present(card: str) -> str:
    return PRESENTS[PRESENT_TYPE_OF[card]].name


def _presents(cards: Sequence[str]) -> str:
    return ", ".join(_present(card) for card in cards) or "nothing"


def _creature(card: str) -> str:
    if card not in CREATURE_OF:
        return "Midnight"
    return CREATURES[CREATURE_OF[card]].name


def _kiddo(card: str) -> str:
    info = KIDDOS[card]
    return f"{info.name} ({info.symbol.title()}, {len(info.colours)})"


def _source(source: int) -> str:
    return "the present deck" if source < 0 else "the offer row"


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
        return f"Offer row refilled with {_presents(self.cards)}."


class PresentsReshuffled(Event):
    kind: Literal["presents_reshuffled"] = "presents_reshuffled"
    count: int

    def describe(self, names: Sequence[str]) -> str:
        return f"The present discard ({self.count} cards) is shuffled into a new deck."


class BasicStarted(Event):
    kind: Literal["basic_started"] = "basic_started"
    seat: int
    basic: str
    out_of_turn: bool = False

    def describe(self, names: Sequence[str]) -> str:
        how = " (out of turn)" if self.out_of_turn else ""
        return f"{names[self.seat]} chooses {self.basic.title()}{how}."


class PresentTaken(Event):
    """Public: a present went to `seat`; `card` is None when it was drawn blind."""

    kind: Literal["present_taken"] = "present_taken"
    seat: int
    source: int
    card: str | None = None
    why: str = "craft"

    def describe(self, names: Sequence[str]) -> str:
        what = "a present" if self.card is None else _present(self.card)
        return f"{names[self.seat]} takes {what} from {_source(self.source)} ({self.why})."


class PresentDrawn(Event):
    """Private to the drawer: the presents drawn blind."""

    kind: Literal["present_drawn"] = "present_drawn"
    seat: int
    cards: list[str]

    def describe(self, names: Sequence[str]) -> str:
        return f"You drew {_presents(self.cards)}."


class SummonDrawn(Event):
    kind: Literal["summon_drawn"] = "summon_drawn"
    seat: int
    cards: list[str]

    def describe(self, names: Sequence[str]) -> str:
        return "You summon " + " and ".join(_creature(card) for card in self.cards) + "."


class SummonResolved(Event):
    """Public: a summon kept a card; `discarded` is shown face-up."""

    kind: Literal["summon_resolved"] = "summon_resolved"
    seat: int
    drawn: int
    discarded: str | None = None

    def describe(self, names: Sequence[str]) -> str:
        gone = f", discarding {_creature(self.discarded)}" if self.discarded else ""
        return f"{names[self.seat]} summons {self.drawn} creature(s){gone}."


class CreatureGained(Event):
    kind: Literal["creature_gained"] = "creature_gained"
    seat: int
    card: str

    def describe(self, names: Sequence[str]) -> str:
        return f"You gain {_creature(self.card)}."


class Tucked(Event):
    kind: Literal["tucked"] = "tucked"
    seat: int
    count: int

    def describe(self, names: Sequence[str]) -> str:
        return f"{names[self.seat]} tucks a Reindeer under Rudolf ({self.count} now)."


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
        skip = " (one BLACK skipped)" if self.skipped_black else ""
        return (
            f"{names[self.seat]} fulfils {_kiddo(self.kiddo)} with {_presents(self.cards)}"
            f"{extra}{skip}: {self.points} points."
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
        return f"{_kiddo(self.kiddo)} joins the playground."


class MidnightRevealed(Event):
    kind: Literal["midnight"] = "midnight"
    card: str
    first: bool
    final_turns: int

    def describe(self, names: Sequence[str]) -> str:
        if not self.first:
            return "The second Midnight card is set aside."
        return f"MIDNIGHT strikes! Every player takes one more turn ({self.final_turns} turns)."


class CreaturePlayed(Event):
    kind: Literal["creature_played"] = "creature_played"
    seat: int
    creature: Creature
    target: int = -1
    present: PresentType | None = None
    kiddo: str | None = None
    colour: str | None = None
    points: int

    def describe(self, names: Sequence[str]) -> str:
        what = CREATURES[self.creature].name
        on = ""
        if self.target >= 0:
            on = f" on {names[self.target]}"
        elif self.present is not None:
            on = f" naming {PRESENTS[self.present].name}"
        elif self.kiddo is not None and self.colour is not None:
            on = f" covering a {self.colour} slot of {_kiddo(self.kiddo)}"
        elif self.kiddo is not None:
            on = f" taking {_kiddo(self.kiddo)}"
        return f"{names[self.seat]} plays {what}{on} (+{self.points})."


class ReindeerPlayed(Event):
    kind: Literal["reindeer_played"] = "reindeer_played"
    seat: int
    count: int
    points: int

    def describe(self, names: Sequence[str]) -> str:
        return f"{names[self.seat]} plays {self.count} Reindeer (+{self.points})."


class WindowOpened(Event):
    kind: Literal["window_opened"] = "window_opened"
    reaction: Reaction
    seconds: int

    def describe(self, names: Sequence[str]) -> str:
        card = "Tomte" if self.reaction == Reaction.TOMTE else "Papa Wolverine"
        return f"Reaction window open ({self.seconds} s): {card}?"


class AnswerRecorded(Event):
    kind: Literal["answer_recorded"] = "answer_recorded"
    seat: int
    react: bool

    def describe(self, names: Sequence[str]) -> str:
        return "You react." if self.react else "You pass."


class WindowClosed(Event):
    kind: Literal["window_closed"] = "window_closed"
    reaction: Reaction
    reactors: list[int]

    def describe(self, names: Sequence[str]) -> str:
        if not self.reactors:
            return "Reaction window closed: no reaction."
        return "Reaction window closed: " + ", ".join(names[s] for s in self.reactors) + " react."


class EffectCancelled(Event):
    kind: Literal["effect_cancelled"] = "effect_cancelled"
    seat: int
    creature: Creature

    def describe(self, names: Sequence[str]) -> str:
        return f"The effect of {names[self.seat]}'s {CREATURES[self.creature].name} is cancelled."


class ElvesRevealed(Event):
    kind: Literal["elves_revealed"] = "elves_revealed"
    cards: list[str]

    def describe(self, names: Sequence[str]) -> str:
        return f"The Elves reveal {_presents(self.cards)}."


class ElvesPicked(Event):
    kind: Literal["elves_picked"] = "elves_picked"
    seat: int
    card: str

    def describe(self, names: Sequence[str]) -> str:
        return f"{names[self.seat]} takes {_present(self.card)} from the Elves."


class KiddoTaken(Event):
    """Mrs. Claus took a kiddo, or La Befana discarded one (`discarded`)."""

    kind: Literal["kiddo_taken"] = "kiddo_taken"
    seat: int
    kiddo: str
    discarded: bool = False

    def describe(self, names: Sequence[str]) -> str:
        if self.discarded:
            return f"La Befana ({names[self.seat]}) discards {_kiddo(self.kiddo)}."
        return f"Mrs. Claus brings {_kiddo(self.kiddo)} to {names[self.seat]}."


class ScroogePlaced(Event):
    kind: Literal["scrooge_placed"] = "scrooge_placed"
    seat: int
    target: int

    def describe(self, names: Sequence[str]) -> str:
        return f"{names[self.target]} will skip their next turn."


class Stole(Event):
    """Public: who stole how many of what kind (`what`: "creature" / "present")."""

    kind: Literal["stole"] = "stole"
    thief: int
    victim: int
    what: str
    count: int

    def describe(self, names: Sequence[str]) -> str:
        return f"{names[self.thief]} steals {self.count} {self.what}(s) from {names[self.victim]}."


class Stolen(Event):
    """Private to thief and victim: the stolen cards."""

    kind: Literal["stolen"] = "stolen"
    thief: int
    victim: int
    cards: list[str]

    def describe(self, names: Sequence[str]) -> str:
        text = ", ".join(_creature(c) if c.startswith("C") else _present(c) for c in self.cards)
        return f"{names[self.thief]} stole {text} from {names[self.victim]}."


class KrampusGave(Event):
    kind: Literal["krampus_gave"] = "krampus_gave"
    seat: int
    to: int
    card: str

    def describe(self, names: Sequence[str]) -> str:
        return f"{names[self.seat]} gives {_present(self.card)} to {names[self.to]}."


class WolverineTook(Event):
    kind: Literal["wolverine_took"] = "wolverine_took"
    seat: int
    cards: list[str]

    def describe(self, names: Sequence[str]) -> str:
        return f"{names[self.seat]} takes {_presents(self.cards)} from the given presents."


class Searched(Event):
    kind: Literal["searched"] = "searched"
    seat: int
    present: PresentType
    source: str
    found: bool

    def describe(self, names: Sequence[str]) -> str:
        found = "finds a Reindeer" if self.found else "finds no Reindeer"
        return (
            f"{names[self.seat]} discards 2 {PRESENTS[self.present].name} to search the "
            f"creature {self.source.lower()} and {found}."
        )


class SearchSeen(Event):
    kind: Literal["search_seen"] = "search_seen"
    seat: int
    cards: list[str]

    def describe(self, names: Sequence[str]) -> str:
        return "You searched: " + (", ".join(_creature(c) for c in self.cards) or "empty") + "."


class OfferedExtra(Event):
    kind: Literal["offered_extra"] = "offered_extra"
    seat: int
    reason: str

    def describe(self, names: Sequence[str]) -> str:
        who = "Snow Maiden" if self.reason == "snow_maiden" else "Ded Moroz"
        return f"{who}: {names[self.seat]} may take another basic action."


class Declined(Event):
    kind: Literal["declined"] = "declined"
    seat: int

    def describe(self, names: Sequence[str]) -> str:
        return f"{names[self.seat]} declines."


class Waiting(Event):
    """Public: `seat` must now decide `what` (an out-of-turn interruption)."""

    kind: Literal["waiting"] = "waiting"
    seat: int
    what: str

    def describe(self, names: Sequence[str]) -> str:
        return f"Waiting for {names[self.seat]}: {self.what}."


class GameOver(Event):
    kind: Literal["game_over"] = "game_over"
    reason: str
    scores: list[int]
    winners: list[int]

    def describe(self, names: Sequence[str]) -> str:
        table = ", ".join(f"{names[s]} {p}" for s, p in enumerate(self.scores))
        won = " and ".join(names[s] for s in self.winners)
        return f"Game over ({self.reason}). {table}. Winner: {won}."


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
