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

from games.christmas_tree.board import cell_name
from games.christmas_tree.data import CARDS, DIRECTION_NAME, Kind
from games.christmas_tree.objectives import OBJECTIVES
from games.core import Event


def name_of(names: Sequence[str], seat: int | None) -> str:
    """The seat's name; seats past the players' names are the neutral tree (spec 9)."""
    if seat is None:
        return "the table"
    return names[seat] if 0 <= seat < len(names) else "the neutral tree"


def subject(names: Sequence[str], seat: int | None) -> str:
    """`name_of` at the start of a sentence: `The neutral tree`; a player's name as written."""
    who = name_of(names, seat)
    return "The" + who[3:] if who.startswith("the ") else who


def objective_label(code: str) -> str:
    """An objective as players know it: its name (never its card code)."""
    return OBJECTIVES[code].name


def card_words(code: str) -> str:
    """A card as players know it, e.g. `a red ball`, `a candy worth 6`, `a gingerbread`."""
    card = CARDS[code]
    if card.kind == Kind.GLASS:
        return f"a {card.colour} {card.shape}"
    if card.kind == Kind.CANDY:
        return f"a candy worth {card.value}"
    return "a gingerbread"


def plural(count: int, word: str) -> str:
    """`1 cookie`, `2 cookies`."""
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def placed_words(code: str, cell: int, rotation: int) -> str:
    """`a red ball on cell 7, upside down`; a candy has no way up (`a candy worth 5 on cell 3`)."""
    way = "" if CARDS[code].kind == Kind.CANDY else f", {facing(rotation)}"
    return f"{card_words(code)} on {cell_name(cell)}{way}"


def facing(rotation: int | None) -> str:
    return "upside down" if rotation == 180 else "upright"


def _cookie_text(op: str, a: int, b: int | None, rot_a: int | None, rot_b: int | None) -> str:
    if op == "rotate":
        return f"turns the card on {cell_name(a)} over"
    assert b is not None
    return f"swaps the cards on {cell_name(a)} and {cell_name(b)} (now {facing(rot_a)} and {facing(rot_b)})"


class RoundStarted(Event):
    kind: Literal["round_started"] = "round_started"
    round: int
    direction: int
    deck_size: int

    def describe(self, names: Sequence[str]) -> str:
        return (
            f"Round {self.round} begins: 8 cards for every tree, hands pass to the "
            f"{DIRECTION_NAME[self.direction]}. {plural(self.deck_size, 'card')} stay in the deck."
        )


class HandReceived(Event):
    """Private to `seat`: the hand it holds now."""

    kind: Literal["hand_received"] = "hand_received"
    seat: int
    round: int
    turn: int
    cards: list[str]
    objective: str | None = None

    def describe(self, names: Sequence[str]) -> str:
        riding = f" Hidden objective in it: {objective_label(self.objective)}." if self.objective else ""
        cards = ", ".join(card_words(c) for c in self.cards)
        return f"Round {self.round}, turn {self.turn}: your hand is {cards}.{riding}"


class TableObjectives(Event):
    """Family: the round's objectives, drawn face up."""

    kind: Literal["table_objectives"] = "table_objectives"
    round: int
    codes: list[str]

    def describe(self, names: Sequence[str]) -> str:
        return f"Objectives of round {self.round}: {', '.join(objective_label(c) for c in self.codes)}."


class ObjectiveChosen(Event):
    """Public: `seat` has chosen (not what)."""

    kind: Literal["objective_chosen"] = "objective_chosen"
    seat: int

    def describe(self, names: Sequence[str]) -> str:
        return f"{name_of(names, self.seat)} has chosen an objective."


class ObjectiveRecorded(Event):
    """Private to the chooser."""

    kind: Literal["objective_recorded"] = "objective_recorded"
    seat: int
    code: str
    changed: bool = False

    def describe(self, names: Sequence[str]) -> str:
        verb = "changed your objective to" if self.changed else "chose"
        return f"You {verb} {objective_label(self.code)}."


class ObjectivesHidden(Event):
    """Advanced: the chosen objectives went face down into the hands."""

    kind: Literal["objectives_hidden"] = "objectives_hidden"
    round: int

    def describe(self, names: Sequence[str]) -> str:
        return "Every objective is hidden in its owner's hand; it is revealed when the hand comes home."


class ObjectivesRevealed(Event):
    kind: Literal["objectives_revealed"] = "objectives_revealed"
    round: int
    codes: list[str]
    owners: list[int]

    def describe(self, names: Sequence[str]) -> str:
        each = ", ".join(
            f"{name_of(names, o)}: {objective_label(c)}" for c, o in zip(self.codes, self.owners, strict=True)
        )
        return f"Objectives of round {self.round}: {each}."


class TurnRecorded(Event):
    """Private to the player: their secret card and placement."""

    kind: Literal["turn_recorded"] = "turn_recorded"
    seat: int
    card: str
    cell: int
    rotation: int
    staged: bool = False
    changed: bool = False

    def describe(self, names: Sequence[str]) -> str:
        verb = "You changed your turn to" if self.changed else "You chose"
        then = " Now spend your cookies, then press Done." if self.staged else ""
        return f"{verb} {placed_words(self.card, self.cell, self.rotation)}.{then}"


class _CookieFields(Event):
    """What a cookie use changes (shared by the private plan and the public reveal)."""

    seat: int
    op: Literal["swap", "rotate"]
    a: int
    b: int | None = None
    rot_a: int | None = None
    rot_b: int | None = None
    cookies_left: int

    def cookie_text(self) -> str:
        return _cookie_text(self.op, self.a, self.b, self.rot_a, self.rot_b)


class CookiePlanned(_CookieFields):
    """Private to the player: a cookie use of their pending turn."""

    kind: Literal["cookie_planned"] = "cookie_planned"

    def describe(self, names: Sequence[str]) -> str:
        return f"You plan a cookie that {self.cookie_text()}. {plural(self.cookies_left, 'cookie')} left."


class Ready(Event):
    """Public: `seat` is ready (or, after reopening its turn, not ready any more)."""

    kind: Literal["ready"] = "ready"
    seat: int
    ready: bool = True

    def describe(self, names: Sequence[str]) -> str:
        return f"{name_of(names, self.seat)} is {'ready' if self.ready else 'not ready any more'}."


class CardPlaced(Event):
    kind: Literal["card_placed"] = "card_placed"
    seat: int
    round: int
    turn: int
    card: str
    cell: int
    rotation: int

    def describe(self, names: Sequence[str]) -> str:
        return f"{subject(names, self.seat)} places {placed_words(self.card, self.cell, self.rotation)}."


class CookieUsed(_CookieFields):
    kind: Literal["cookie_used"] = "cookie_used"

    def describe(self, names: Sequence[str]) -> str:
        left = plural(self.cookies_left, "cookie")
        return f"{subject(names, self.seat)} eats a linzer cookie and {self.cookie_text()}. {left} left."


class HandsPassed(Event):
    kind: Literal["hands_passed"] = "hands_passed"
    direction: int
    turn: int  # the turn that begins now

    def describe(self, names: Sequence[str]) -> str:
        return f"The hands pass to the {DIRECTION_NAME[self.direction]}; turn {self.turn}."


class LastCardsDiscarded(Event):
    kind: Literal["last_cards_discarded"] = "last_cards_discarded"
    round: int

    def describe(self, names: Sequence[str]) -> str:
        return f"Round {self.round}: the last card of every hand leaves the game unseen."


class ObjectiveScored(Event):
    """Per seat (the neutral one included, with 0 points): points and count (see ObjectiveResult)."""

    kind: Literal["objective_scored"] = "objective_scored"
    round: int
    code: str
    owner: int | None
    points: list[int]
    counts: list[int]

    def describe(self, names: Sequence[str]) -> str:
        each = ", ".join(f"{name_of(names, s)} {p}" for s, p in enumerate(self.points[: len(names)]))
        return f"{objective_label(self.code)} ({name_of(names, self.owner)}): {each}."


class RoundScored(Event):
    kind: Literal["round_scored"] = "round_scored"
    round: int
    points: list[int]  # per player, this round
    totals: list[int]  # per player, so far

    def describe(self, names: Sequence[str]) -> str:
        each = ", ".join(
            f"{name_of(names, s)} +{p} = {t}"
            for s, (p, t) in enumerate(zip(self.points, self.totals, strict=True))
        )
        return f"End of round {self.round}: {each}."


class FinalScored(Event):
    kind: Literal["final_scored"] = "final_scored"
    seat: int
    card_values: int
    gingerbreads: int
    complete_bulbs: int
    bulbs: int
    cookies: int
    total: int

    def describe(self, names: Sequence[str]) -> str:
        return (
            f"{name_of(names, self.seat)}: cards {self.card_values}, gingerbreads {self.gingerbreads}, "
            f"bulbs {self.bulbs} ({self.complete_bulbs} complete), cookies {self.cookies}: "
            f"total {self.total}."
        )


class GameOver(Event):
    kind: Literal["game_over"] = "game_over"
    winners: list[int]
    totals: list[int]

    def describe(self, names: Sequence[str]) -> str:
        who = " and ".join(name_of(names, s) for s in self.winners)
        verb = "wins" if len(self.winners) == 1 else "win (a shared victory)"
        return f"{who} {verb} with {max(self.totals)} points!"


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
