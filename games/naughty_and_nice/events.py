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
from games.core.words import N_, Words, listing, names_and
from games.naughty_and_nice.data import MAX_DRAWS, Declaration
from games.naughty_and_nice.models import PlayerResult
from games.naughty_and_nice.words import (
    card_name,
    card_text,
    cards_count,
    cards_words,
    count_words,
    points_words,
)


class TurnStarted(Event):
    kind: Literal["turn_started"] = "turn_started"
    seat: int
    turn_no: int
    last_turn: bool = False  # the declarer's next turn: the game ends after it

    def describe(self, names: Sequence[str]) -> Words:
        if self.last_turn:
            return Words(
                N_("Turn {turn}: {name} plays. It is the last turn of the game."),
                turn=self.turn_no,
                name=names[self.seat],
            )
        return Words(N_("Turn {turn}: {name} plays."), turn=self.turn_no, name=names[self.seat])


class Declared(Event):
    kind: Literal["declared"] = "declared"
    seat: int
    declaration: Declaration

    def describe(self, names: Sequence[str]) -> Words:
        name = names[self.seat]
        if self.declaration == Declaration.NONE:
            return Words(N_("{name} draws without declaring."), name=name)
        if self.declaration == Declaration.NAUGHTY:
            return Words(N_("{name} declares Naughty: their draws are shown to everyone."), name=name)
        return Words(N_("{name} declares Nice: their draws are shown to everyone."), name=name)


class Reshuffled(Event):
    kind: Literal["reshuffled"] = "reshuffled"
    draw_pile_size: int

    def describe(self, names: Sequence[str]) -> Words:
        return Words(
            N_("The draw pile is empty: the discard pile is shuffled into a new one ({cards})."),
            cards=cards_count(self.draw_pile_size),
        )


class CardDrawn(Event):
    """Private to the drawer (no declaration): the card drawn."""

    kind: Literal["card_drawn"] = "card_drawn"
    seat: int
    card: str
    draws: int

    def describe(self, names: Sequence[str]) -> Words:
        return Words(
            N_("You drew {card} ({draws} of {most})."),
            card=card_text(self.card),
            draws=self.draws,
            most=MAX_DRAWS,
        )


class DrewCard(Event):
    """Public, no declaration: a card was drawn, not which."""

    kind: Literal["drew_card"] = "drew_card"
    seat: int
    draws: int

    def describe(self, names: Sequence[str]) -> Words:
        return Words(
            N_("{name} draws a card ({draws} of {most})."),
            name=names[self.seat],
            draws=self.draws,
            most=MAX_DRAWS,
        )


class CardShown(Event):
    """Public, with a declaration: the card drawn, and whether it was kept or discarded."""

    kind: Literal["card_shown"] = "card_shown"
    seat: int
    card: str
    kept: bool
    draws: int

    def describe(self, names: Sequence[str]) -> Words:
        said = {
            "name": names[self.seat],
            "card": card_text(self.card),
            "draws": self.draws,
            "most": MAX_DRAWS,
        }
        if self.kept:
            return Words(N_("{name} draws and keeps {card} ({draws} of {most})."), **said)
        return Words(N_("{name} draws and must discard {card} ({draws} of {most})."), **said)


class NothingToDraw(Event):
    kind: Literal["nothing_to_draw"] = "nothing_to_draw"
    seat: int

    def describe(self, names: Sequence[str]) -> Words:
        return Words(
            N_("There is nothing left to draw for {name}: the game ends after this turn."),
            name=names[self.seat],
        )


DRAWING_DONE = {
    "stopped": N_("{name} stops after {draws} and holds {cards}."),
    "max": N_("{name} stops at the limit of {draws} and holds {cards}."),
    "empty": N_("{name} finds the piles empty after {draws} and holds {cards}."),
}


class DrawingDone(Event):
    kind: Literal["drawing_done"] = "drawing_done"
    seat: int
    draws: int
    hand_size: int
    reason: Literal["stopped", "max", "empty"]

    def describe(self, names: Sequence[str]) -> Words:
        return Words(
            DRAWING_DONE[self.reason],
            name=names[self.seat],
            draws=count_words(self.draws, N_("no draws"), N_("{n} draw"), N_("{n} draws")),
            cards=cards_count(self.hand_size),
        )


class CardPlayed(Event):
    kind: Literal["card_played"] = "card_played"
    seat: int
    card: str
    target: int

    def describe(self, names: Sequence[str]) -> Words:
        if self.target == self.seat:
            return Words(
                N_("{name} plays {card} on themselves."), name=names[self.seat], card=card_text(self.card)
            )
        return Words(
            N_("{name} plays {card} on {target}."),
            name=names[self.seat],
            card=card_text(self.card),
            target=names[self.target],
        )


class StealStarted(Event):
    kind: Literal["steal_started"] = "steal_started"
    seat: int
    target: int
    shiny: str
    budget: int

    def describe(self, names: Sequence[str]) -> Words:
        return Words(
            N_("{name} may take cards worth up to {points} from {target}'s cards in play."),
            name=names[self.seat],
            points=points_words(self.budget),
            target=names[self.target],
        )


class CardTaken(Event):
    kind: Literal["card_taken"] = "card_taken"
    seat: int
    target: int
    card: str
    budget_left: int

    def describe(self, names: Sequence[str]) -> Words:
        return Words(
            N_("{name} takes {card} from {target} ({points} left to take)."),
            name=names[self.seat],
            card=card_text(self.card),
            target=names[self.target],
            points=points_words(self.budget_left),
        )


class StealEnded(Event):
    """The steal is over: what was taken, and with which Shiny! card (the news of its play may be
    gone from the table by then, its prompt having had an edit of its own)."""

    kind: Literal["steal_ended"] = "steal_ended"
    seat: int
    target: int
    taken: list[str]
    shiny: str = ""

    def describe(self, names: Sequence[str]) -> Words:
        if self.shiny:
            return Words(
                N_("{name} took {cards} from {target} with {shiny}."),
                name=names[self.seat],
                cards=cards_words(self.taken),
                target=names[self.target],
                shiny=card_text(self.shiny),
            )
        return Words(
            N_("{name} took {cards} from {target}."),
            name=names[self.seat],
            cards=cards_words(self.taken),
            target=names[self.target],
        )


class EndDeclared(Event):
    kind: Literal["end_declared"] = "end_declared"
    seat: int
    turn_no: int

    def describe(self, names: Sequence[str]) -> Words:
        return Words(
            N_("{name} declares the end: the game ends after their next turn."), name=names[self.seat]
        )


class Passed(Event):
    kind: Literal["passed"] = "passed"
    seat: int

    def describe(self, names: Sequence[str]) -> Words:
        return Words(N_("{name} does not declare the end."), name=names[self.seat])


_END_REASON = {
    "declared": N_("The game is over: the declared last turn is over."),
    "no_cards": N_("The game is over: there are no cards left to draw."),
}
_END_REASON_ORIENT = {
    "declared": N_(
        "Play is over: the declared last turn is over. {names}: turn each Shiny! card face up or "
        "face down, in secret."
    ),
    "no_cards": N_(
        "Play is over: there are no cards left to draw. {names}: turn each Shiny! card face up or "
        "face down, in secret."
    ),
}


class GameEnding(Event):
    kind: Literal["game_ending"] = "game_ending"
    reason: Literal["declared", "no_cards"]
    orienting: list[int]  # seats that must orient their Shiny! cards

    def describe(self, names: Sequence[str]) -> Words:
        if not self.orienting:
            return Words(_END_REASON[self.reason])
        who = listing([names[s] for s in self.orienting])
        return Words(_END_REASON_ORIENT[self.reason], names=who)


class OrientationRecorded(Event):
    """Private to the player: their (possibly changed) orientation of one Shiny! card."""

    kind: Literal["orientation_recorded"] = "orientation_recorded"
    seat: int
    card: str
    face_up: bool
    changed: bool = False

    def describe(self, names: Sequence[str]) -> Words:
        text = {
            (False, True): N_("You turned {card} face up."),
            (False, False): N_("You turned {card} face down."),
            (True, True): N_("You changed {card} face up."),
            (True, False): N_("You changed {card} face down."),
        }[(self.changed, self.face_up)]
        return Words(text, card=card_text(self.card))


class Oriented(Event):
    """Public: `seat` has oriented every Shiny! card (not how)."""

    kind: Literal["oriented"] = "oriented"
    seat: int

    def describe(self, names: Sequence[str]) -> Words:
        return Words(N_("{name} has oriented their Shiny! cards."), name=names[self.seat])


# i18n: a Shiny! card revealed at the end: "Silver Bells up"
UP, DOWN = N_("{card} up"), N_("{card} down")


class OrientationsRevealed(Event):
    kind: Literal["orientations_revealed"] = "orientations_revealed"
    orientations: dict[int, dict[str, bool]]

    def describe(self, names: Sequence[str]) -> Words:
        parts = [
            Words(
                "{name}: {cards}",
                name=names[s],
                cards=listing(
                    [Words(UP if up else DOWN, card=card_name(c)) for c, up in sorted(cards.items())]
                ),
            )
            for s, cards in sorted(self.orientations.items())
        ]
        listed = listing(parts, "; ") if parts else Words(N_("none"))
        return Words(N_("Shiny! cards revealed: {cards}."), cards=listed)


class DieRolled(Event):
    kind: Literal["die_rolled"] = "die_rolled"
    roll: int
    face_up_counts: bool

    def describe(self, names: Sequence[str]) -> Words:
        if self.face_up_counts:
            return Words(N_("The die shows {roll}: face-up Shiny! cards count."), roll=self.roll)
        return Words(N_("The die shows {roll}: face-down Shiny! cards count."), roll=self.roll)


class GameOver(Event):
    kind: Literal["game_over"] = "game_over"
    results: list[PlayerResult]
    winners: list[int]

    def describe(self, names: Sequence[str]) -> Words:
        scores = listing(
            [
                Words(
                    # i18n: one player's final score: "Gus 7 (Naughty 9, Nice 7)"
                    N_("{name} {score} (Naughty {naughty}, Nice {nice})"),
                    name=names[r.seat],
                    score=r.score,
                    naughty=r.naughty_final,
                    nice=r.nice_final,
                )
                for r in self.results
            ]
        )
        won = names_and([names[s] for s in self.winners])
        if len(self.winners) == 1:
            return Words(N_("{winners} wins! Scores: {scores}."), winners=won, scores=scores)
        return Words(N_("{winners} win! Scores: {scores}."), winners=won, scores=scores)


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
