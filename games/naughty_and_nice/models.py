"""Naughty & Nice state and actions (pydantic models; views in `view_models.py`, events in
`events.py`)."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, Field

from games.core import Action, GameState
from games.naughty_and_nice.data import Declaration, Phase, Side


# -- state ------------------------------------------------------------------------------------
class Steal(BaseModel):
    """A Shiny! played on another player (T3a): what is left of its budget, what was taken."""

    shiny: str
    target: int
    budget_left: int
    taken: list[str] = []


class ShinyResult(BaseModel):
    """One Shiny! card at the end: its orientation, whether the roll made it count, its side."""

    card: str
    value: int
    face_up: bool
    counts: bool
    side: Side


class PlayerResult(BaseModel):
    """Spec 5.3 for one player: card sums, the Shiny! allocation, the final totals and score."""

    seat: int
    nice: int
    naughty: int
    shinies: list[ShinyResult]
    shiny_to_nice: int
    shiny_to_naughty: int
    nice_final: int
    naughty_final: int
    score: int
    difference: int
    cards_in_hand: int  # they score nothing (spec 5.3.3)


class DrawnCard(BaseModel):
    """A card drawn this turn; `kept` False: thrown away by the declaration."""

    card: str
    kept: bool


class NNState(GameState):
    """The whole truth. Never shown to a renderer: `view()` cuts it down per seat."""

    num_players: int
    hands: list[list[str]]
    play_areas: list[list[str]]
    draw_pile: list[str]  # top first; never shown
    discard_pile: list[str] = []  # face-up, oldest first
    first_seat: int
    active_seat: int
    turn_no: int = 1
    phase: Phase = Phase.DECLARE
    declaration: Declaration | None = None  # this turn only
    draws_this_turn: int = 0
    drawn_this_turn: list[DrawnCard] = []
    #: The piles were both empty at this turn's first draw: the game ends after it (spec 4.3).
    drew_nothing: bool = False
    steal: Steal | None = None
    end_declared_by: int | None = None
    end_declared_turn_no: int | None = None
    end_reason: Literal["declared", "no_cards"] | None = None
    #: Secret orientation choices (True: FACE_UP) of each seat's Shiny! cards, until all are in.
    orientations: dict[int, dict[str, bool]] = {}
    die_roll: int | None = None
    results: list[PlayerResult] = []
    winners: list[int] = []


# -- actions ----------------------------------------------------------------------------------
class Declare(Action):
    """T1 and the first draw at once: declare NONE, NAUGHTY or NICE, then draw the first card."""

    kind: Literal["declare"] = "declare"
    declaration: Declaration


class Draw(Action):
    """T2: draw one more card (at most 4 a turn)."""

    kind: Literal["draw"] = "draw"


class Stop(Action):
    """T2: stop drawing."""

    kind: Literal["stop"] = "stop"


class Play(Action):
    """T3: play `card` (an id from your hand) into the play area of `target` (yourself allowed)."""

    kind: Literal["play"] = "play"
    card: str
    target: int


class Take(Action):
    """T3a: take `card` from the target's play area (one card at a time, within the budget)."""

    kind: Literal["take"] = "take"
    card: str


class StopTaking(Action):
    """T3a: take nothing more."""

    kind: Literal["stop_taking"] = "stop_taking"


class DeclareEnd(Action):
    """T4: declare that the game ends at the end of your next turn."""

    kind: Literal["declare_end"] = "declare_end"


class Pass(Action):
    """T4: do not declare the end."""

    kind: Literal["pass"] = "pass"


class Orient(Action):
    """5.1: turn your Shiny! `card` face up (`face_up`) or face down; secret, changeable until
    every player has oriented every Shiny! card."""

    kind: Literal["orient"] = "orient"
    card: str
    face_up: bool


NNAction = Annotated[
    Declare | Draw | Stop | Play | Take | StopTaking | DeclareEnd | Pass | Orient,
    Field(discriminator="kind"),
]
