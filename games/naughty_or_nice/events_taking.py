"""Naughty or Nice events of steals, searches and optional steps (re-exported by `events`)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Literal

from games.core import Event
from games.core.words import N_, Words, listing, names_and
from games.naughty_or_nice.data import (
    CREATURE_OF,
    Creature,
    Giver,
    PresentType,
)
from games.naughty_or_nice.words import (
    count_words,
    creature_kind_words,
    creature_words,
    giver_words,
    present_type_words,
    present_words,
    presents_words,
)

SOURCE_TEXT = {
    # i18n: where Santa searches for a Reindeer: "... searches the creature discard pile and ..."
    "DISCARD": N_("the creature discard pile"),
    "MAIN": N_("the creature deck"),
    "BOTTOM": N_("the bottom stack of the creature deck"),
}
STEALS = {
    "creature": (
        N_("{thief} steals {n} creature from {victim}."),
        N_("{thief} steals {n} creatures from {victim}."),
    ),
    "present": (
        N_("{thief} steals {n} present from {victim}."),
        N_("{thief} steals {n} presents from {victim}."),
    ),
}


class Stole(Event):
    """Public: who stole how many of what kind (`what`: "creature" / "present")."""

    kind: Literal["stole"] = "stole"
    thief: int
    victim: int
    what: str
    count: int

    def describe(self, names: Sequence[str]) -> Words:
        if not self.count:
            return Words(
                N_("{thief} steals nothing from {victim}."),
                thief=names[self.thief],
                victim=names[self.victim],
            )
        one, many = STEALS[self.what]
        return count_words(self.count, one, many, thief=names[self.thief], victim=names[self.victim])

    def describe_to(self, names: Sequence[str], seat: int) -> Words:
        """As the thief reads a steal that took nothing (in private: `NaughtyOrNice.done_to`)."""
        if seat == self.thief and not self.count:
            if self.what == "creature":
                text = N_("You steal nothing: {victim} has no creature.")
            else:
                text = N_("You steal nothing: {victim} has no present.")
            return Words(text, victim=names[self.victim])
        return self.describe(names)


class Stolen(Event):
    """Private to thief and victim: the stolen cards."""

    kind: Literal["stolen"] = "stolen"
    thief: int
    victim: int
    cards: list[str]

    def describe(self, names: Sequence[str]) -> Words:
        return Words(
            N_("{thief} stole {cards} from {victim}."),
            thief=names[self.thief],
            cards=self._cards(),
            victim=names[self.victim],
        )

    def describe_to(self, names: Sequence[str], seat: int) -> Words:
        """As the thief or the victim reads it."""
        cards = self._cards()
        if seat == self.thief:
            return Words(N_("You stole {cards} from {victim}."), cards=cards, victim=names[self.victim])
        if seat == self.victim:
            return Words(N_("{thief} stole {cards} from you."), thief=names[self.thief], cards=cards)
        return self.describe(names)

    def _cards(self) -> str | Words:  # ("Fudge and Coal": a list reads as one with "and")
        return names_and([creature_words(c) if c.startswith("C") else present_words(c) for c in self.cards])


class KrampusGave(Event):
    kind: Literal["krampus_gave"] = "krampus_gave"
    seat: int
    to: int
    card: str

    def describe(self, names: Sequence[str]) -> Words:
        return Words(
            N_("{name} gives {present} to {to}."),
            name=names[self.seat],
            present=present_words(self.card),
            to=names[self.to],
        )

    def describe_to(self, names: Sequence[str], seat: int) -> Words:
        """As the giver or the receiver reads it (in private: `NaughtyOrNice.done_to`)."""
        if seat == self.seat:
            to = names[self.to]
            return Words(N_("Krampus: you give {present} to {to}."), present=present_words(self.card), to=to)
        if seat == self.to:
            text = N_("Krampus: {name} gives you {present}.")
            return Words(text, present=present_words(self.card), name=names[self.seat])
        return self.describe(names)


class WolverineTook(Event):
    kind: Literal["wolverine_took"] = "wolverine_took"
    seat: int
    cards: list[str]

    def describe(self, names: Sequence[str]) -> Words:
        return Words(
            N_("{name} takes {presents} from the given presents."),
            name=names[self.seat],
            presents=presents_words(self.cards),
        )


class Searched(Event):
    kind: Literal["searched"] = "searched"
    seat: int
    present: PresentType
    source: str
    found: bool
    #: After Midnight: nothing is searched, it scores +1 instead (spec 2.2.1).
    midnight: bool = False

    def describe(self, names: Sequence[str]) -> Words:
        if self.midnight:
            present = present_type_words(self.present)
            return Words(
                N_("{name} discards 2 × {present} to search after Midnight."),
                name=names[self.seat],
                present=present,
            )
        where = Words(SOURCE_TEXT.get(self.source, N_("the creatures")))
        said = {"name": names[self.seat], "present": present_type_words(self.present), "where": where}
        if self.found:
            return Words(N_("{name} discards 2 × {present}, searches {where} and finds a Reindeer."), **said)
        return Words(N_("{name} discards 2 × {present}, searches {where} and finds no Reindeer."), **said)


class SearchSeen(Event):
    kind: Literal["search_seen"] = "search_seen"
    seat: int
    cards: list[str]
    found: bool | None = None  # a Reindeer, now under Rudolf (None: logged before this was told)

    def describe(self, names: Sequence[str]) -> Words:
        template = {
            None: N_("You searched: {cards}."),
            True: N_("You searched: {cards}. A Reindeer goes under your Rudolf."),
            False: N_("You searched: {cards}. No Reindeer among them."),
        }[self.found]
        if not self.cards:
            # i18n: Santa searched an empty creature pile
            return Words(template, cards=Words(N_("empty")))
        # each creature once, with how many ("Tomte ×3"): 30 names were too long a list
        kinds = Counter(CREATURE_OF.get(c, c) for c in self.cards)
        first = {CREATURE_OF.get(c, c): c for c in reversed(self.cards)}
        cards = [
            Words("{card} \N{MULTIPLICATION SIGN}{n}", card=creature_words(first[kind]), n=n)
            if n > 1
            else creature_words(first[kind])
            for kind, n in kinds.items()
        ]
        return Words(template, cards=listing(cards))


class OfferedExtra(Event):
    kind: Literal["offered_extra"] = "offered_extra"
    seat: int
    reason: str

    def describe(self, names: Sequence[str]) -> Words:
        who = (
            creature_kind_words(Creature.SNOW_MAIDEN)
            if self.reason == "snow_maiden"
            else giver_words(Giver.DED_MOROZ)
        )
        return Words(N_("{who}: {name} may take another basic action."), who=who, name=names[self.seat])


class Declined(Event):
    """`seat` declines an optional step: `reason` is what offered it (a Snow Maiden repeat, Ded
    Moroz's extra basic action, Christkindl's draw; "" in logs written before it was said)."""

    kind: Literal["declined"] = "declined"
    seat: int
    reason: Literal["snow_maiden", "ded_moroz", "christkindl", ""] = ""
    left: int = 0  # more such extra actions still offered (Ded Moroz's own Snow Maiden: 1)

    def describe(self, names: Sequence[str]) -> Words:
        name = names[self.seat]
        if self.reason == "christkindl":
            return Words(N_("{who}: {name} does not draw."), who=giver_words(Giver.CHRISTKINDL), name=name)
        if self.reason == "snow_maiden" and self.left:
            return Words(
                N_("{who}: {name} skips a repeat ({n} more to take or skip)."),
                who=creature_kind_words(Creature.SNOW_MAIDEN),
                name=name,
                n=self.left,
            )
        if self.reason:
            who = (
                creature_kind_words(Creature.SNOW_MAIDEN)
                if self.reason == "snow_maiden"
                else giver_words(Giver.DED_MOROZ)
            )
            return Words(N_("{who}: {name} takes no other basic action."), who=who, name=name)
        return Words(N_("{name} declines."), name=name)


class Waiting(Event):
    """Public: `seat` must now decide `what` (an out-of-turn interruption; a marked text)."""

    kind: Literal["waiting"] = "waiting"
    seat: int
    what: str

    def describe(self, names: Sequence[str]) -> Words:
        return Words(N_("Waiting for {name}: {what}."), name=names[self.seat], what=Words(self.what))
