"""Christmas Tree options, state, actions and views (pydantic models; events live in `events.py`)."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, Field

from games.christmas_tree.data import Mode, Phase
from games.christmas_tree.scoring import Slot
from games.core import Action, GameState
from games.core.words import N_


class ChristmasTreeOptions(BaseModel):
    """Lobby options. With 2 players a neutral third tree plays in every mode (spec 9)."""

    mode: Literal["family", "normal", "advanced"] = Field(
        "normal",
        title=N_("Mode"),
        description="family: simplest, no cookies; normal: secret objectives; advanced: all the rules",
    )


# -- state ------------------------------------------------------------------------------------
class Hand(BaseModel):
    """A hand of ornament cards (sorted codes) travelling round the table. `origin` is the seat it
    was dealt to; `objective` is the Advanced objective card hidden in it (spec 5 R2, R3a)."""

    cards: list[str]
    origin: int
    objective: str | None = None


class CookieOp(BaseModel):
    """A planned cookie use of the pending turn: a swap of cells `a`,`b` (then `rot_a`/`rot_b` are
    the orientations of the cards that end up on `a`/`b`) or a rotation of cell `a`."""

    op: Literal["swap", "rotate"]
    a: int
    b: int | None = None
    rot_a: int | None = None
    rot_b: int | None = None


class PendingTurn(BaseModel):
    """A seat's secret choice for the current turn (card from the held hand, cell, orientation),
    its planned cookie uses, and whether it is confirmed (ready)."""

    card_index: int
    cell: int
    rotation: int
    cookies: list[CookieOp] = []
    confirmed: bool = True


class RoundObjective(BaseModel):
    """A revealed objective of the current round; `owner` None = a Family table objective."""

    code: str
    owner: int | None


class ObjectiveResult(BaseModel):
    """The evaluation of one objective at the end of `round`. Per seat (the neutral seat included,
    always 0 points): `points`, and `counts` = matching cards (MAJORITY) or disjoint instances."""

    round: int
    code: str
    owner: int | None
    points: list[int]
    counts: list[int]


class FinalScore(BaseModel):
    """Spec 7 for one player: the parts of the final evaluation (points, and the bulb count)."""

    card_values: int
    gingerbreads: int
    complete_bulbs: int
    bulbs: int
    cookies: int


class CTState(GameState):
    """The whole truth. Never shown to a renderer: `view()` cuts it down per seat."""

    mode: Mode
    num_players: int  # humans: seats 0..num_players-1
    num_seats: int  # 3 with 2 players (seat 2 is neutral), else = num_players
    phase: Phase
    round: int = 1
    turn: int = 1
    deck: list[str]  # top first; never shown
    discarded: list[str] = []  # the 8th card of each hand each round; never shown
    hands: list[Hand] = []  # hands[s]: the hand seat s holds now
    trees: list[list[Slot | None]]  # as last revealed
    cookies: list[int]  # as last revealed (the neutral seat has 0)
    objective_cards: list[list[str]]  # each seat's remaining secret objective cards (sorted)
    objective_pool: list[str]  # Family: the table deck; else the cards never dealt (neutral draws)
    objectives: list[RoundObjective] = []  # revealed objectives of this round
    choices: dict[int, str] = {}  # secret objective choices of this round, until all are in
    pending: dict[int, PendingTurn] = {}  # secret turns, until all are confirmed
    results: list[ObjectiveResult] = []  # every objective evaluated so far
    final: list[FinalScore] | None = None  # per player, after round 3


# -- actions ----------------------------------------------------------------------------------
class ChooseObjective(Action):
    """Choose objective card `index` of your own (sorted) objective cards for this round.
    May be re-sent with another index until the last player has chosen."""

    kind: Literal["objective"] = "objective"
    index: int


class Place(Action):
    """This turn: put card `card_index` of the hand you hold on `cell` (0..20) with `rotation`
    (0 or 180), and be ready. Re-sending another `place`/`stage` changes the turn (refunding any
    planned cookies) until the last player is ready."""

    kind: Literal["place"] = "place"
    card_index: int
    cell: int
    rotation: int


class Stage(Action):
    """Like `place`, but keep the turn open to spend linzer cookies (`swap`, `rotate`) on the tree
    with the new card on it; finish with `done`. Only with cookies left."""

    kind: Literal["stage"] = "stage"
    card_index: int
    cell: int
    rotation: int


class Swap(Action):
    """Spend a cookie: swap the cards on cells `a` < `b` (one code per swap); the card that lands
    on `a` gets orientation `rot_a`, the one on `b` gets `rot_b` (spec 6.2, 13 #18)."""

    kind: Literal["swap"] = "swap"
    a: int
    b: int
    rot_a: int
    rot_b: int


class Rotate(Action):
    """Spend a cookie: turn the card on `cell` upside down (0 <-> 180)."""

    kind: Literal["rotate"] = "rotate"
    cell: int


class Done(Action):
    """Finish a staged turn: be ready."""

    kind: Literal["done"] = "done"


CTAction = Annotated[
    ChooseObjective | Place | Stage | Swap | Rotate | Done,
    Field(discriminator="kind"),
]


# -- views ------------------------------------------------------------------------------------
class SeatPublic(BaseModel):
    """What everyone knows about a seat: its tree and cookies as last revealed, its hand size,
    whether it is ready in the current decision, its points so far (objectives; the final total
    once the game is over). The neutral seat (`neutral`) never scores or decides."""

    seat: int
    neutral: bool
    tree: list[Slot | None]
    cookies: int
    hand_size: int
    ready: bool
    points: int


class ScoreBreakdown(BaseModel):
    """One player's points: objectives per round (1..3), then the final evaluation (None before)."""

    seat: int
    objectives_by_round: list[int]
    final: FinalScore | None
    total: int


class CTView(BaseModel):
    """What one seat (or the public, `seat=None`) may know. The renderer's only input.

    Public: `mode`, player/seat counts, `neutral_seat` (2 with 2 players, else None), `phase`,
    `round` (1-3), `turn` (1-7), `direction` (+1 left / -1 right) and `direction_name` of this
    round's passing, `deck_size`, `to_decide`, `seats` (trees as last revealed: `tree[cell]` is a
    `(card, rotation)` pair or None), `objectives` (revealed this round), `results` (every objective
    scored so far, by round), `breakdown` (per player), `winners` (at the end).

    Private to `seat` (empty/None in the public view and for the neutral seat):
    `hand` (ornament codes of the hand it holds, index = `card_index`), `hand_objective` (an
    Advanced objective riding in that hand), `objective_cards` (its own secret objective cards,
    index = `ChooseObjective.index`), `my_choice` (its pending objective choice), `seen_objectives`
    (owner -> code of this round's unrevealed objectives it has seen, its own included), `pending`
    (its secret turn), `preview` (its tree with the pending card and cookies applied),
    `cookies_left` (after planned cookies), `legal_cells` (the free cells it may place on now, the
    same for every card of the hand, spec 6.1), `can_use_cookies` (a staged turn with cookies left).
    """

    seat: int | None
    mode: Mode
    num_players: int
    num_seats: int
    neutral_seat: int | None
    phase: Phase
    round: int
    turn: int
    direction: int
    direction_name: str
    deck_size: int
    to_decide: list[int]
    seats: list[SeatPublic]
    objectives: list[RoundObjective]
    results: list[ObjectiveResult]
    breakdown: list[ScoreBreakdown]
    winners: list[int] = []
    # -- private to `seat` --
    hand: list[str] = []
    hand_objective: str | None = None
    objective_cards: list[str] = []
    my_choice: str | None = None
    seen_objectives: dict[int, str] = {}
    pending: PendingTurn | None = None
    preview: list[Slot | None] = []
    cookies_left: int = 0
    legal_cells: list[int] = []
    can_use_cookies: bool = False
