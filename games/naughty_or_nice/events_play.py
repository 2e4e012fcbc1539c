"""Naughty or Nice events of creatures played, reaction windows, Elves, kiddos taken and Mr
Scrooge (re-exported by `events`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from games.core import Event
from games.core.words import N_, Words, names_and
from games.naughty_or_nice.data import (
    Creature,
    PresentType,
    Reaction,
)
from games.naughty_or_nice.words import (
    colour_words,
    creature_kind_words,
    kiddo_words,
    present_type_words,
    present_words,
    presents_words,
)


class CreaturePlayed(Event):
    kind: Literal["creature_played"] = "creature_played"
    seat: int
    creature: Creature
    target: int = -1
    present: PresentType | None = None
    kiddo: str | None = None
    colour: str | None = None
    points: int

    def describe(self, names: Sequence[str]) -> Words:
        said = {
            "name": names[self.seat],
            "creature": creature_kind_words(self.creature),
            "points": self.points,
        }
        if self.target >= 0:
            return Words(
                N_("{name} plays {creature} on {target} (+{points})."), target=names[self.target], **said
            )
        if self.present is not None:
            return Words(
                N_("{name} plays {creature} naming {present} (+{points})."),
                present=present_type_words(self.present),
                **said,
            )
        if self.kiddo is not None and self.colour is not None:
            return Words(
                # i18n: Caga Tió covers one wished present of a colour ("a red slot") of a kiddo
                N_("{name} plays {creature} covering a {colour} slot of {kiddo} (+{points})."),
                colour=colour_words(self.colour),
                kiddo=kiddo_words(self.kiddo),
                **said,
            )
        if self.kiddo is not None:
            return Words(
                N_("{name} plays {creature} taking {kiddo} (+{points})."),
                kiddo=kiddo_words(self.kiddo),
                **said,
            )
        return Words(N_("{name} plays {creature} (+{points})."), **said)


class ReindeerPlayed(Event):
    kind: Literal["reindeer_played"] = "reindeer_played"
    seat: int
    count: int
    points: int

    def describe(self, names: Sequence[str]) -> Words:
        return Words(
            N_("{name} plays {count} Reindeer (+{points})."),
            name=names[self.seat],
            count=self.count,
            points=self.points,
        )


class WindowOpened(Event):
    kind: Literal["window_opened"] = "window_opened"
    reaction: Reaction
    seconds: int

    def describe(self, names: Sequence[str]) -> Words:
        card = Creature.TOMTE if self.reaction == Reaction.TOMTE else Creature.PAPA_WOLVERINE
        return Words(
            N_("Reaction window open ({seconds} s): {card}?"),
            seconds=self.seconds,
            card=creature_kind_words(card),
        )


class AnswerRecorded(Event):
    kind: Literal["answer_recorded"] = "answer_recorded"
    seat: int
    react: bool

    def describe(self, names: Sequence[str]) -> Words:
        return Words(N_("You react.")) if self.react else Words(N_("You pass."))


class WindowClosed(Event):
    kind: Literal["window_closed"] = "window_closed"
    reaction: Reaction
    reactors: list[int]

    def describe(self, names: Sequence[str]) -> Words:
        if not self.reactors:
            return Words(N_("Reaction window closed: no reaction."))
        who = names_and(names[s] for s in self.reactors)
        if len(self.reactors) == 1:
            return Words(N_("Reaction window closed: {who} reacts."), who=who)
        return Words(N_("Reaction window closed: {who} react."), who=who)


class EffectCancelled(Event):
    """Public: a Tomte chain of odd length cancels the effect of `seat`'s creature (spec 5.2.5);
    `tomtes`: the chain's players in order (the last one's Tomte decided it; empty in logs
    written before it was kept)."""

    kind: Literal["effect_cancelled"] = "effect_cancelled"
    seat: int
    creature: Creature
    tomtes: list[int] = []

    def describe(self, names: Sequence[str]) -> Words:
        return Words(
            N_("The effect of {name}'s {creature} is cancelled."),
            name=names[self.seat],
            creature=creature_kind_words(self.creature),
        )

    def describe_to(self, names: Sequence[str], seat: int) -> Words:
        """As the creature's player, or a player whose Tomte cancelled it, reads it (in private:
        `NaughtyOrNice.done_to`)."""
        if seat == self.seat:
            return Words(
                N_("The effect of your {creature} is cancelled."), creature=creature_kind_words(self.creature)
            )
        if against_the_creature(self.tomtes, seat):
            return Words(
                N_("Your {tomte} cancels the effect of {name}'s {creature}."),
                tomte=creature_kind_words(Creature.TOMTE),
                name=names[self.seat],
                creature=creature_kind_words(self.creature),
            )
        return self.describe(names)


class EffectStands(Event):
    """Public: a Tomte chain of even length (2, 4...): the Tomtes cancel each other and the
    effect of `seat`'s creature applies (spec 5.2.5); `tomtes`: the chain's players in order."""

    kind: Literal["effect_stands"] = "effect_stands"
    seat: int
    creature: Creature
    tomtes: list[int]

    def describe(self, names: Sequence[str]) -> Words:
        return Words(
            # i18n: a Tomte chain of 2 (or 4): the last Tomte undoes the first, the creature works
            N_("{tomte} cancels {tomte}: {name}'s {creature} takes effect."),
            tomte=creature_kind_words(Creature.TOMTE),
            name=names[self.seat],
            creature=creature_kind_words(self.creature),
        )

    def describe_to(self, names: Sequence[str], seat: int) -> Words:
        """As the creature's player, or a player whose Tomte was played against the creature,
        reads it (in private: `NaughtyOrNice.done_to`)."""
        if seat == self.seat:
            return Words(
                N_("{tomte} cancels {tomte}: your {creature} takes effect."),
                tomte=creature_kind_words(Creature.TOMTE),
                creature=creature_kind_words(self.creature),
            )
        if against_the_creature(self.tomtes, seat):
            return Words(
                N_("Your {tomte} is cancelled: {name}'s {creature} takes effect."),
                tomte=creature_kind_words(Creature.TOMTE),
                name=names[self.seat],
                creature=creature_kind_words(self.creature),
            )
        return self.describe(names)


def against_the_creature(tomtes: Sequence[int], seat: int) -> bool:
    """Whether `seat`'s (last) Tomte in the chain was played against the creature: the 1st, 3rd...
    (each Tomte cancels the one before it, the 1st the creature itself: spec 5.2)."""
    played = [i for i, tomte in enumerate(tomtes) if tomte == seat]
    return bool(played) and played[-1] % 2 == 0


class ElvesRevealed(Event):
    kind: Literal["elves_revealed"] = "elves_revealed"
    cards: list[str]

    def describe(self, names: Sequence[str]) -> Words:
        if not self.cards:  # (the present deck and its discard are empty)
            return Words(N_("The Elves find no present to reveal."))
        return Words(N_("The Elves reveal {presents}."), presents=presents_words(self.cards))


class ElvesPicked(Event):
    kind: Literal["elves_picked"] = "elves_picked"
    seat: int
    card: str

    def describe(self, names: Sequence[str]) -> Words:
        return Words(
            N_("{name} takes {present} from the Elves."),
            name=names[self.seat],
            present=present_words(self.card),
        )


class KiddoTaken(Event):
    """Mrs. Claus took a kiddo, or La Befana discarded one (`discarded`)."""

    kind: Literal["kiddo_taken"] = "kiddo_taken"
    seat: int
    kiddo: str
    discarded: bool = False

    def describe(self, names: Sequence[str]) -> Words:
        if self.discarded:
            return Words(
                N_("La Befana ({name}) discards {kiddo}."),
                name=names[self.seat],
                kiddo=kiddo_words(self.kiddo),
            )
        return Words(
            N_("Mrs. Claus brings {kiddo} to {name}."), name=names[self.seat], kiddo=kiddo_words(self.kiddo)
        )


class ScroogePlaced(Event):
    kind: Literal["scrooge_placed"] = "scrooge_placed"
    seat: int
    target: int
    #: After Midnight, the target's final turn was already played: nothing is skipped.
    no_turn_left: bool = False

    def describe(self, names: Sequence[str]) -> Words:
        if self.no_turn_left:
            return Words(N_("{name} has no turn left to skip."), name=names[self.target])
        return Words(N_("{name} will skip their next turn."), name=names[self.target])

    def describe_to(self, names: Sequence[str], seat: int) -> Words:
        """As its target reads it (in private: `NaughtyOrNice.done_to`)."""
        if seat == self.target and not self.no_turn_left:
            return Words(N_("{name} makes you skip your next turn (Mr Scrooge)."), name=names[self.seat])
        return self.describe(names)
