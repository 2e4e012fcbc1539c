"""Christmas Tree events. Each carries only what its audience may know (see `engine.py`).

Audiences: public unless noted. Private to one seat: `hand_received` (the hand it now holds, with
any Advanced objective riding in it), `objective_recorded`, `turn_recorded` and `cookie_planned`
(its own secret choices). Nothing ever names a card left in the deck or the card a hand throws
away at the end of a round.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Annotated, Literal

from pydantic import Field

from games.christmas_tree.data import CARDS, Kind
from games.christmas_tree.words import (
    card_words,
    cell_words,
    facing_words,
    objective_words,
    seat_words,
)
from games.core import Event
from games.core.words import N_, Words, counted, listing, names_and

#: Per passing direction (+1 left, -1 right): a round begins; the hands pass on.
ROUND_BEGINS = {
    1: N_("Round {round} begins: 8 cards for every tree, hands pass to the left."),
    -1: N_("Round {round} begins: 8 cards for every tree, hands pass to the right."),
}
HANDS_PASS = {
    1: N_("The hands pass to the left; turn {turn}."),
    -1: N_("The hands pass to the right; turn {turn}."),
}


def _sentences(*parts: str | Words) -> Words:
    """Whole sentences one after the other (each translated on its own)."""
    template = " ".join("{part" + str(i) + "}" for i in range(len(parts)))
    return Words(template, **{f"part{i}": p for i, p in enumerate(parts)})


def placed_words(code: str, cell: int, rotation: int) -> Words:
    """`red ball 1❄ on cell 7, upside down`; a candy has no way up (`candy 5❄ on cell 3`)."""
    if CARDS[code].kind == Kind.CANDY:
        return Words(N_("{card} on {cell}"), card=card_words(code), cell=cell_words(cell))
    return Words(
        N_("{card} on {cell}, {facing}"),
        card=card_words(code),
        cell=cell_words(cell),
        facing=facing_words(rotation),
    )


def _cookies_left(n: int) -> Words:
    return counted("{n} cookie left.", "{n} cookies left.", n)


class RoundStarted(Event):
    kind: Literal["round_started"] = "round_started"
    round: int
    direction: int
    deck_size: int

    def describe(self, names: Sequence[str]) -> Words:
        return _sentences(
            Words(ROUND_BEGINS[self.direction], round=self.round),
            counted("{n} card stays in the deck.", "{n} cards stay in the deck.", self.deck_size),
        )


class HandReceived(Event):
    """Private to `seat`: the hand it holds now."""

    kind: Literal["hand_received"] = "hand_received"
    seat: int
    round: int
    turn: int
    cards: list[str]
    objective: str | None = None

    def describe(self, names: Sequence[str]) -> Words:
        cards = listing([card_words(c) for c in self.cards])
        hand = Words(
            N_("Round {round}, turn {turn}: your hand is {cards}."),
            round=self.round,
            turn=self.turn,
            cards=cards,
        )
        if not self.objective:
            return hand
        riding = Words(N_("Hidden objective in it: {objective}."), objective=objective_words(self.objective))
        return _sentences(hand, riding)


class TableObjectives(Event):
    """Family: the round's objectives, drawn face up."""

    kind: Literal["table_objectives"] = "table_objectives"
    round: int
    codes: list[str]

    def describe(self, names: Sequence[str]) -> Words:
        objectives = listing([objective_words(c) for c in self.codes])
        return Words(
            N_("Objectives of round {round}: {objectives}."), round=self.round, objectives=objectives
        )


class ObjectiveChosen(Event):
    """Public: `seat` has chosen (not what)."""

    kind: Literal["objective_chosen"] = "objective_chosen"
    seat: int

    def describe(self, names: Sequence[str]) -> Words:
        return Words(N_("{name} has chosen an objective."), name=seat_words(names, self.seat, subject=True))


class ObjectiveRecorded(Event):
    """Private to the chooser."""

    kind: Literal["objective_recorded"] = "objective_recorded"
    seat: int
    code: str
    changed: bool = False

    def describe(self, names: Sequence[str]) -> Words:
        text = (
            N_("You changed your objective to {objective}.") if self.changed else N_("You chose {objective}.")
        )
        return Words(text, objective=objective_words(self.code))


class ObjectivesHidden(Event):
    """Advanced: the chosen objectives went face down into the hands."""

    kind: Literal["objectives_hidden"] = "objectives_hidden"
    round: int

    def describe(self, names: Sequence[str]) -> Words:
        return Words(
            N_("Every objective is hidden in its owner's hand; it is revealed when the hand comes home.")
        )


class ObjectivesRevealed(Event):
    kind: Literal["objectives_revealed"] = "objectives_revealed"
    round: int
    codes: list[str]
    owners: list[int]

    def describe(self, names: Sequence[str]) -> Words:
        each = listing(
            [
                Words("{name}: {objective}", name=seat_words(names, o), objective=objective_words(c))
                for c, o in zip(self.codes, self.owners, strict=True)
            ]
        )
        return Words(N_("Objectives of round {round}: {objectives}."), round=self.round, objectives=each)


class TurnRecorded(Event):
    """Private to the player: their secret card and placement."""

    kind: Literal["turn_recorded"] = "turn_recorded"
    seat: int
    card: str
    cell: int
    rotation: int
    staged: bool = False
    changed: bool = False

    def describe(self, names: Sequence[str]) -> Words:
        text = N_("You changed your turn to {placed}.") if self.changed else N_("You chose {placed}.")
        chosen = Words(text, placed=placed_words(self.card, self.cell, self.rotation))
        if not self.staged:
            return chosen
        return _sentences(chosen, Words(N_("Now spend your cookies, then press Done.")))


class _CookieFields(Event):
    """What a cookie use changes (shared by the private plan and the public reveal)."""

    seat: int
    op: Literal["swap", "rotate"]
    a: int
    b: int | None = None
    rot_a: int | None = None
    rot_b: int | None = None
    cookies_left: int

    def cookie_text(self) -> Words:
        """`the card on cell 3 turns over`, `the cards on cell 2 and cell 7 swap (now ...)`."""
        if self.op == "rotate":
            return Words(N_("the card on {cell} turns over"), cell=cell_words(self.a))
        assert self.b is not None
        return Words(
            N_("the cards on {a} and {b} swap (now {facing_a} and {facing_b})"),
            a=cell_words(self.a),
            b=cell_words(self.b),
            facing_a=facing_words(self.rot_a),
            facing_b=facing_words(self.rot_b),
        )


class CookiePlanned(_CookieFields):
    """Private to the player: a cookie use of their pending turn."""

    kind: Literal["cookie_planned"] = "cookie_planned"

    def describe(self, names: Sequence[str]) -> Words:
        return _sentences(
            Words(N_("You plan a cookie: {change}."), change=self.cookie_text()),
            _cookies_left(self.cookies_left),
        )


class Ready(Event):
    """Public: `seat` is ready (or, after reopening its turn, not ready any more)."""

    kind: Literal["ready"] = "ready"
    seat: int
    ready: bool = True

    def describe(self, names: Sequence[str]) -> Words:
        text = N_("{name} is ready.") if self.ready else N_("{name} is not ready any more.")
        return Words(text, name=seat_words(names, self.seat, subject=True))


class CardPlaced(Event):
    kind: Literal["card_placed"] = "card_placed"
    seat: int
    round: int
    turn: int
    card: str
    cell: int
    rotation: int

    def describe(self, names: Sequence[str]) -> Words:
        return Words(
            N_("{name} places {placed}."),
            name=seat_words(names, self.seat, subject=True),
            placed=placed_words(self.card, self.cell, self.rotation),
        )


class CookieUsed(_CookieFields):
    kind: Literal["cookie_used"] = "cookie_used"

    def describe(self, names: Sequence[str]) -> Words:
        eats = Words(
            N_("{name} eats a linzer cookie: {change}."),
            name=seat_words(names, self.seat, subject=True),
            change=self.cookie_text(),
        )
        return _sentences(eats, _cookies_left(self.cookies_left))


class HandsPassed(Event):
    kind: Literal["hands_passed"] = "hands_passed"
    direction: int
    turn: int  # the turn that begins now

    def describe(self, names: Sequence[str]) -> Words:
        return Words(HANDS_PASS[self.direction], turn=self.turn)


class LastCardsDiscarded(Event):
    kind: Literal["last_cards_discarded"] = "last_cards_discarded"
    round: int

    def describe(self, names: Sequence[str]) -> Words:
        return Words(
            N_("Round {round}: the last card of every hand leaves the game unseen."), round=self.round
        )


class ObjectiveScored(Event):
    """Per seat (the neutral one included, with 0 points): points and count (see ObjectiveResult)."""

    kind: Literal["objective_scored"] = "objective_scored"
    round: int
    code: str
    owner: int | None
    points: list[int]
    counts: list[int]

    def describe(self, names: Sequence[str]) -> Words:
        each = ", ".join(f"{names[s]} {p}" for s, p in enumerate(self.points[: len(names)]))
        return Words(
            "{objective} ({owner}): {points}.",
            objective=objective_words(self.code),
            owner=seat_words(names, self.owner),
            points=each,
        )


class RoundScored(Event):
    kind: Literal["round_scored"] = "round_scored"
    round: int
    points: list[int]  # per player, this round
    totals: list[int]  # per player, so far

    def describe(self, names: Sequence[str]) -> Words:
        each = ", ".join(
            f"{names[s]} +{p} = {t}" for s, (p, t) in enumerate(zip(self.points, self.totals, strict=True))
        )
        return Words(N_("End of round {round}: {points}."), round=self.round, points=each)


class FinalScored(Event):
    kind: Literal["final_scored"] = "final_scored"
    seat: int
    card_values: int
    gingerbreads: int
    complete_bulbs: int
    bulbs: int
    cookies: int
    total: int

    def describe(self, names: Sequence[str]) -> Words:
        """The parts add up to the total: the objectives' points are the rest (the rounds'),
        as the table's end lists them (the line gave a total its parts did not make)."""
        final = self.card_values + self.gingerbreads + self.bulbs + self.cookies
        return Words(
            N_(
                "{name}: objectives {objectives}, ornaments {cards}, gingerbreads {gingerbreads}, bulbs "
                "{bulbs} ({complete} complete), cookies {cookies}: total {total}."
            ),
            name=seat_words(names, self.seat),
            objectives=self.total - final,
            cards=self.card_values,
            gingerbreads=self.gingerbreads,
            bulbs=self.bulbs,
            complete=self.complete_bulbs,
            cookies=self.cookies,
            total=self.total,
        )


class GameOver(Event):
    kind: Literal["game_over"] = "game_over"
    winners: list[int]
    totals: list[int]

    def describe(self, names: Sequence[str]) -> Words:
        who = names_and([seat_words(names, s) for s in self.winners])
        if len(self.winners) == 1:
            return Words(N_("{names} wins with {points} points!"), names=who, points=max(self.totals))
        return Words(
            N_("{names} win (a shared victory) with {points} points!"), names=who, points=max(self.totals)
        )


CTEvent = Annotated[
    RoundStarted
    | HandReceived
    | TableObjectives
    | ObjectiveChosen
    | ObjectiveRecorded
    | ObjectivesHidden
    | ObjectivesRevealed
    | TurnRecorded
    | CookiePlanned
    | Ready
    | CardPlaced
    | CookieUsed
    | HandsPassed
    | LastCardsDiscarded
    | ObjectiveScored
    | RoundScored
    | FinalScored
    | GameOver,
    Field(discriminator="kind"),
]
