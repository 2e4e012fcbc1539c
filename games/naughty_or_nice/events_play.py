"""Naughty or Nice events of creatures, reactions and out-of-turn steps (re-exported by
`events`), and the words every event uses for cards."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from games.core import Event
from games.naughty_or_nice.data import (
    CREATURE_OF,
    CREATURES,
    KIDDOS,
    PRESENT_TYPE_OF,
    PRESENTS,
    Creature,
    PresentType,
    Reaction,
)


def present_name(card: str) -> str:
    return PRESENTS[PRESENT_TYPE_OF[card]].name


def presents_text(cards: Sequence[str]) -> str:
    return ", ".join(present_name(card) for card in cards) or "nothing"


def creature_name(card: str) -> str:
    if card not in CREATURE_OF:
        return "Midnight"
    return CREATURES[CREATURE_OF[card]].name


def kiddo_name(card: str) -> str:
    info = KIDDOS[card]
    return f"{info.name} ({info.symbol.title()}, {len(info.colours)} presents)"


def plural(count: int, word: str) -> str:
    """`1 present`, `2 presents`."""
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


SOURCE_TEXT = {
    "DISCARD": "the creature discard pile",
    "MAIN": "the creature deck",
    "BOTTOM": "the bottom stack of the creature deck",
}
END_TEXT = {"midnight": "Midnight", "stalemate": "nobody could act any more"}


def source_text(source: int) -> str:
    return "the present deck" if source < 0 else "the offer row"


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
            on = f" covering a {self.colour.lower()} slot of {kiddo_name(self.kiddo)}"
        elif self.kiddo is not None:
            on = f" taking {kiddo_name(self.kiddo)}"
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
        who = " and ".join(names[s] for s in self.reactors)
        return f"Reaction window closed: {who} {'reacts' if len(self.reactors) == 1 else 'react'}."


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
        return f"The Elves reveal {presents_text(self.cards)}."


class ElvesPicked(Event):
    kind: Literal["elves_picked"] = "elves_picked"
    seat: int
    card: str

    def describe(self, names: Sequence[str]) -> str:
        return f"{names[self.seat]} takes {present_name(self.card)} from the Elves."


class KiddoTaken(Event):
    """Mrs. Claus took a kiddo, or La Befana discarded one (`discarded`)."""

    kind: Literal["kiddo_taken"] = "kiddo_taken"
    seat: int
    kiddo: str
    discarded: bool = False

    def describe(self, names: Sequence[str]) -> str:
        if self.discarded:
            return f"La Befana ({names[self.seat]}) discards {kiddo_name(self.kiddo)}."
        return f"Mrs. Claus brings {kiddo_name(self.kiddo)} to {names[self.seat]}."


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
        return f"{names[self.thief]} steals {plural(self.count, self.what)} from {names[self.victim]}."


class Stolen(Event):
    """Private to thief and victim: the stolen cards."""

    kind: Literal["stolen"] = "stolen"
    thief: int
    victim: int
    cards: list[str]

    def describe(self, names: Sequence[str]) -> str:
        text = ", ".join(creature_name(c) if c.startswith("C") else present_name(c) for c in self.cards)
        return f"{names[self.thief]} stole {text} from {names[self.victim]}."


class KrampusGave(Event):
    kind: Literal["krampus_gave"] = "krampus_gave"
    seat: int
    to: int
    card: str

    def describe(self, names: Sequence[str]) -> str:
        return f"{names[self.seat]} gives {present_name(self.card)} to {names[self.to]}."


class WolverineTook(Event):
    kind: Literal["wolverine_took"] = "wolverine_took"
    seat: int
    cards: list[str]

    def describe(self, names: Sequence[str]) -> str:
        return f"{names[self.seat]} takes {presents_text(self.cards)} from the given presents."


class Searched(Event):
    kind: Literal["searched"] = "searched"
    seat: int
    present: PresentType
    source: str
    found: bool

    def describe(self, names: Sequence[str]) -> str:
        found = "finds a Reindeer" if self.found else "finds no Reindeer"
        where = SOURCE_TEXT.get(self.source, "the creatures")
        return f"{names[self.seat]} discards 2 × {PRESENTS[self.present].name}, searches {where} and {found}."


class SearchSeen(Event):
    kind: Literal["search_seen"] = "search_seen"
    seat: int
    cards: list[str]

    def describe(self, names: Sequence[str]) -> str:
        return "You searched: " + (", ".join(creature_name(c) for c in self.cards) or "empty") + "."


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
