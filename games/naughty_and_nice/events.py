"""Naughty & Nice events. Each carries only what its audience may know (see `engine.py`).

Audiences: public unless noted. Private ones: `card_drawn` (the drawer, drawing without a
declaration) and `orientation_recorded` (the player orienting a Shiny! card). `describe` may
look cards up in the static table of `data.py` (names and values), never in the state.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Annotated, Literal

from pydantic import Field

from games.core import Event
from games.naughty_and_nice.data import MAX_DRAWS, CardType, Declaration, card
from games.naughty_and_nice.models import PlayerResult


def card_text(card_id: str) -> str:
    """`Bad Movies (Naughty +2)`."""
    c = card(card_id)
    kind = "Shiny!" if c.type == CardType.SHINY else c.type.value.capitalize()
    return f"{c.name} ({kind} {c.value:+d})"


def _count(n: int, word: str) -> str:
    """`1 card`, `2 cards`, `no cards`."""
    return f"{n or 'no'} {word}{'' if n == 1 else 's'}"


def _cards(card_ids: Sequence[str]) -> str:
    return ", ".join(card_text(c) for c in card_ids) or "nothing"


class TurnStarted(Event):
    kind: Literal["turn_started"] = "turn_started"
    seat: int
    turn_no: int
    last_turn: bool = False  # the declarer's next turn: the game ends after it

    def describe(self, names: Sequence[str]) -> str:
        last = " It is the last turn of the game." if self.last_turn else ""
        return f"Turn {self.turn_no}: {names[self.seat]} plays.{last}"


class Declared(Event):
    kind: Literal["declared"] = "declared"
    seat: int
    declaration: Declaration

    def describe(self, names: Sequence[str]) -> str:
        if self.declaration == Declaration.NONE:
            return f"{names[self.seat]} draws without declaring."
        return (
            f"{names[self.seat]} declares {self.declaration.value.capitalize()}: "
            "their draws are shown to everyone."
        )


class Reshuffled(Event):
    kind: Literal["reshuffled"] = "reshuffled"
    draw_pile_size: int

    def describe(self, names: Sequence[str]) -> str:
        return (
            "The draw pile is empty: the discard pile is shuffled into a new one "
            f"({_count(self.draw_pile_size, 'card')})."
        )


class CardDrawn(Event):
    """Private to the drawer (no declaration): the card drawn."""

    kind: Literal["card_drawn"] = "card_drawn"
    seat: int
    card: str
    draws: int

    def describe(self, names: Sequence[str]) -> str:
        return f"You drew {card_text(self.card)} ({self.draws} of {MAX_DRAWS})."


class DrewCard(Event):
    """Public, no declaration: a card was drawn, not which."""

    kind: Literal["drew_card"] = "drew_card"
    seat: int
    draws: int

    def describe(self, names: Sequence[str]) -> str:
        return f"{names[self.seat]} draws a card ({self.draws} of {MAX_DRAWS})."


class CardShown(Event):
    """Public, with a declaration: the card drawn, and whether it was kept or discarded."""

    kind: Literal["card_shown"] = "card_shown"
    seat: int
    card: str
    kept: bool
    draws: int

    def describe(self, names: Sequence[str]) -> str:
        what = "keeps" if self.kept else "must discard"
        return f"{names[self.seat]} draws and {what} {card_text(self.card)} ({self.draws} of {MAX_DRAWS})."


class NothingToDraw(Event):
    kind: Literal["nothing_to_draw"] = "nothing_to_draw"
    seat: int

    def describe(self, names: Sequence[str]) -> str:
        return f"There is nothing left to draw for {names[self.seat]}: the game ends after this turn."


class DrawingDone(Event):
    kind: Literal["drawing_done"] = "drawing_done"
    seat: int
    draws: int
    hand_size: int
    reason: Literal["stopped", "max", "empty"]

    def describe(self, names: Sequence[str]) -> str:
        why = {"stopped": "stops", "max": "has drawn the most allowed", "empty": "finds the piles empty"}
        return (
            f"{names[self.seat]} {why[self.reason]} after {_count(self.draws, 'draw')} "
            f"and holds {_count(self.hand_size, 'card')}."
        )


class CardPlayed(Event):
    kind: Literal["card_played"] = "card_played"
    seat: int
    card: str
    target: int

    def describe(self, names: Sequence[str]) -> str:
        on = "themselves" if self.target == self.seat else names[self.target]
        return f"{names[self.seat]} plays {card_text(self.card)} on {on}."


class StealStarted(Event):
    kind: Literal["steal_started"] = "steal_started"
    seat: int
    target: int
    shiny: str
    budget: int

    def describe(self, names: Sequence[str]) -> str:
        return (
            f"{names[self.seat]} may take cards worth up to {_count(self.budget, 'point')} "
            f"from {names[self.target]}'s cards in play."
        )


class CardTaken(Event):
    kind: Literal["card_taken"] = "card_taken"
    seat: int
    target: int
    card: str
    budget_left: int

    def describe(self, names: Sequence[str]) -> str:
        return (
            f"{names[self.seat]} takes {card_text(self.card)} from {names[self.target]} "
            f"({_count(self.budget_left, 'point')} left to take)."
        )


class StealEnded(Event):
    kind: Literal["steal_ended"] = "steal_ended"
    seat: int
    target: int
    taken: list[str]

    def describe(self, names: Sequence[str]) -> str:
        return f"{names[self.seat]} took {_cards(self.taken)} from {names[self.target]}."


class EndDeclared(Event):
    kind: Literal["end_declared"] = "end_declared"
    seat: int
    turn_no: int

    def describe(self, names: Sequence[str]) -> str:
        return f"{names[self.seat]} declares the end: the game ends after their next turn."


class Passed(Event):
    kind: Literal["passed"] = "passed"
    seat: int

    def describe(self, names: Sequence[str]) -> str:
        return f"{names[self.seat]} does not declare the end."


_END_REASON = {"declared": "the declared last turn is over", "no_cards": "there are no cards left to draw"}


class GameEnding(Event):
    kind: Literal["game_ending"] = "game_ending"
    reason: Literal["declared", "no_cards"]
    orienting: list[int]  # seats that must orient their Shiny! cards

    def describe(self, names: Sequence[str]) -> str:
        why = _END_REASON[self.reason]
        who = ", ".join(names[s] for s in self.orienting)
        then = f" {who}: turn each Shiny! card face up or face down, in secret." if who else ""
        return f"The game is over: {why}.{then}"


class OrientationRecorded(Event):
    """Private to the player: their (possibly changed) orientation of one Shiny! card."""

    kind: Literal["orientation_recorded"] = "orientation_recorded"
    seat: int
    card: str
    face_up: bool
    changed: bool = False

    def describe(self, names: Sequence[str]) -> str:
        side = "face up" if self.face_up else "face down"
        verb = "changed" if self.changed else "turned"
        return f"You {verb} {card_text(self.card)} {side}."


class Oriented(Event):
    """Public: `seat` has oriented every Shiny! card (not how)."""

    kind: Literal["oriented"] = "oriented"
    seat: int

    def describe(self, names: Sequence[str]) -> str:
        return f"{names[self.seat]} has oriented their Shiny! cards."


class OrientationsRevealed(Event):
    kind: Literal["orientations_revealed"] = "orientations_revealed"
    orientations: dict[int, dict[str, bool]]

    def describe(self, names: Sequence[str]) -> str:
        parts = [
            f"{names[s]}: "
            + ", ".join(f"{card(c).name} {'up' if up else 'down'}" for c, up in sorted(cards.items()))
            for s, cards in sorted(self.orientations.items())
        ]
        return "Shiny! cards revealed: " + ("; ".join(parts) or "none") + "."


class DieRolled(Event):
    kind: Literal["die_rolled"] = "die_rolled"
    roll: int
    face_up_counts: bool

    def describe(self, names: Sequence[str]) -> str:
        side = "face-up" if self.face_up_counts else "face-down"
        return f"The die shows {self.roll}: {side} Shiny! cards count."


class GameOver(Event):
    kind: Literal["game_over"] = "game_over"
    results: list[PlayerResult]
    winners: list[int]

    def describe(self, names: Sequence[str]) -> str:
        scores = ", ".join(
            f"{names[r.seat]} {r.score} (Naughty {r.naughty_final}, Nice {r.nice_final})"
            for r in self.results
        )
        won = " and ".join(names[s] for s in self.winners)
        return f"{won} win{'s' if len(self.winners) == 1 else ''}! Scores: {scores}."


NNEvent = Annotated[
    TurnStarted
    | Declared
    | Reshuffled
    | CardDrawn
    | DrewCard
    | CardShown
    | NothingToDraw
    | DrawingDone
    | CardPlayed
    | StealStarted
    | CardTaken
    | StealEnded
    | EndDeclared
    | Passed
    | GameEnding
    | OrientationRecorded
    | Oriented
    | OrientationsRevealed
    | DieRolled
    | GameOver,
    Field(discriminator="kind"),
]
