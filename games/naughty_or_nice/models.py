"""Naughty or Nice state, options and the pending-task stack (pydantic; actions in `actions.py`).

The game is a stack machine: `state.tasks` holds what is still to happen, the top (last) first.
A *decision* task waits for a seat (or a reaction window for the clock); an *automatic* task is
run by `flow.run` as soon as it reaches the top. Interruptions (reaction windows, Elves picks,
Ded Moroz, Christkindl...) are pushed on top and return control exactly where they came from.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, Field

from games.core import GameState
from games.core.words import N_
from games.naughty_or_nice.data import Basic, Colour, Creature, Giver, PresentType, Reaction


class NoNOptions(BaseModel):
    level: int = Field(
        5, ge=1, le=5, title=N_("Level"), description=N_("1-4: the teaching levels; 5: the full game")
    )
    reaction_seconds: int = Field(
        15,
        ge=5,
        le=120,
        title=N_("Reaction seconds"),
        description=N_("How long a Tomte / Papa Wolverine reaction window stays open"),
        json_schema_extra={"choices": [10, 15, 20, 30, 45, 60, 90, 120]},
    )
    reaction_secrecy: bool = Field(
        False,
        title=N_("Reaction secrecy"),
        description=N_("on: every window runs its full time, so timing never shows who holds a reaction"),
    )
    #: "choose": gift givers are drafted in reverse turn order; "random": dealt at random.
    givers: Literal["choose", "random"] = Field(
        "choose",
        title=N_("Gift givers"),
        description=N_("choose: drafted in reverse turn order; random: dealt"),
    )


class HeldCreature(BaseModel):
    card: str
    acquired_turn: int


class KiddoWon(BaseModel):
    card: str
    fulfilled: bool  # False: taken with Mrs. Claus


class Player(BaseModel):
    giver: Giver | None = None
    presents: list[str] = []  # sorted by type, then id
    creatures: list[HeldCreature] = []
    rudolf: list[str] = []
    kiddos: list[KiddoWon] = []
    score: int = 0
    breakdown: dict[str, int] = {}
    scrooge: str | None = None  # the Mr Scrooge card waiting in front of this player
    fullset_bonus_taken: bool = False


class Turn(BaseModel):
    """The active player's turn (spec 4.2)."""

    seat: int
    basic: Basic | None = None
    start_open: bool = True  # START_ABILITIES not yet left
    santa_searched: bool = False
    befana_discarded: bool = False


# -- tasks: decisions -----------------------------------------------------------------------------
class ChooseGiverTask(BaseModel):
    kind: Literal["choose_giver"] = "choose_giver"
    seat: int


class TurnTask(BaseModel):
    """The active player's own turn: start abilities, free actions, the basic action, end."""

    kind: Literal["turn"] = "turn"
    seat: int


class CraftTask(BaseModel):
    kind: Literal["craft"] = "craft"
    seat: int
    remaining: int


class KeepTask(BaseModel):
    """A summon draw: keep one card, the other is discarded."""

    kind: Literal["keep"] = "keep"
    seat: int
    cards: list[str]


class TuckTask(BaseModel):
    kind: Literal["tuck"] = "tuck"
    seat: int
    card: str


class ElvesTask(BaseModel):
    kind: Literal["elves"] = "elves"
    cards: list[str]
    order: list[int]  # the pickers still to pick, first is next


class ChristkindlTask(BaseModel):
    kind: Literal["christkindl"] = "christkindl"
    seat: int
    reason: str
    #: The creature that targeted her, and whose it was (told with her prompt).
    creature: Creature | None = None
    by: int | None = None


class WolverineTakeTask(BaseModel):
    kind: Literal["wolverine_take"] = "wolverine_take"
    seat: int


class ExtraBasicTask(BaseModel):
    """One more basic action: a Snow Maiden repeat (`fixed` type) or Ded Moroz (any type)."""

    kind: Literal["extra_basic"] = "extra_basic"
    seat: int
    fixed: Basic | None = None
    reason: Literal["snow_maiden", "ded_moroz"]
    #: Ded Moroz's: who played (or discarded, unplayed) the Snow Maiden (told with the prompt).
    by: int | None = None
    discarded: bool = False


class FulfilTask(BaseModel):
    """A Fulfill opened by a Caga Tió: more Caga Tiós, the presents, or abandon."""

    kind: Literal["fulfil"] = "fulfil"
    seat: int
    kiddo: str
    covered: list[Colour] = []
    own_turn: bool  # abandoning returns to the choice of a basic action


class WindowTask(BaseModel):
    """A reaction window (spec 5). `eligible` is fixed when it opens; `answers` are secret."""

    kind: Literal["window"] = "window"
    reaction: Reaction
    mover: int
    eligible: list[int]
    answers: dict[int, bool] = {}
    #: Tomte windows: the creature's player and the Tomte players so far, in order.
    origin: int = -1
    chain: list[int] = []
    subject: Creature


# -- tasks: automatic -----------------------------------------------------------------------------
class DealTask(BaseModel):
    kind: Literal["deal"] = "deal"


class StartTurnTask(BaseModel):
    kind: Literal["start_turn"] = "start_turn"
    seat: int


class EndTurnTask(BaseModel):
    kind: Literal["end_turn"] = "end_turn"


class ResolveTask(BaseModel):
    """A played creature whose Tomte chain is over: apply the effect unless cancelled."""

    kind: Literal["resolve"] = "resolve"
    seat: int
    creature: Creature
    card: str
    target: int = -1
    present: PresentType | None = None
    kiddo: str | None = None
    colour: Colour | None = None
    fulfiller: int = -1
    tomtes: list[int] = []


class AfterCreatureTask(BaseModel):
    kind: Literal["after_creature"] = "after_creature"
    seat: int
    creature: Creature
    target: int = -1
    fulfiller: int = -1
    #: The owners of the creatures each Tomte of the chain cancelled (Christkindl's draw), and
    #: who played each of those Tomtes.
    tomte_victims: list[int] = []
    tomtes: list[int] = []


class OpenWolverineTask(BaseModel):
    kind: Literal["open_wolverine"] = "open_wolverine"
    fulfiller: int


class PlayWolverineTask(BaseModel):
    kind: Literal["play_wolverine"] = "play_wolverine"
    seat: int
    fulfiller: int


Task = Annotated[
    ChooseGiverTask
    | TurnTask
    | CraftTask
    | KeepTask
    | TuckTask
    | ElvesTask
    | ChristkindlTask
    | WolverineTakeTask
    | ExtraBasicTask
    | FulfilTask
    | WindowTask
    | DealTask
    | StartTurnTask
    | EndTurnTask
    | ResolveTask
    | AfterCreatureTask
    | OpenWolverineTask
    | PlayWolverineTask,
    Field(discriminator="kind"),
]
DECISION_TASKS = (
    ChooseGiverTask,
    TurnTask,
    CraftTask,
    KeepTask,
    TuckTask,
    ElvesTask,
    ChristkindlTask,
    WolverineTakeTask,
    ExtraBasicTask,
    FulfilTask,
    WindowTask,
)


class NoNState(GameState):
    """The whole truth. Never shown to a renderer: `view()` cuts it down per seat."""

    num_players: int
    options: NoNOptions
    players: list[Player]
    first_player: int
    turn_no: int = 0
    turn: Turn | None = None
    tasks: list[Task] = []
    present_deck: list[str] = []  # top first
    present_discard: list[str] = []
    offer: list[str] = []
    creature_main: list[str] = []
    creature_bottom: list[str] = []
    creature_discard: list[str] = []
    in_play: list[str] = []  # creatures played whose Tomte chain is not over
    kiddo_main: list[str] = []
    kiddo_bottom: list[str] = []
    kiddo_discard: list[str] = []
    playground: list[str] = []
    midnights: list[str] = []  # revealed Midnight cards, set aside
    midnight_turn: int | None = None  # the turn in which the first Midnight was revealed
    final_turns_left: int | None = None
    batch: list[str] = []  # the last Fulfill's given presents (Papa Wolverine)
    idle_turns: int = 0
    progress: bool = False  # a card was gained or a kiddo left the playground this turn
    over: bool = False
    end_reason: str = ""
    winners: list[int] = []

    @property
    def level(self) -> int:
        return self.options.level
