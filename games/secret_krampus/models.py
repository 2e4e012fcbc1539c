"""Secret Krampus state, actions and views (pydantic models; events live in `events.py`)."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, Field

from games.core import Action, GameState
from games.secret_krampus.data import Board, Card, Order, Phase, Role, Team


# -- state ------------------------------------------------------------------------------------
class SKState(GameState):
    """The whole truth. Never shown to a renderer: `view()` cuts it down per seat."""

    num_players: int
    board: Board
    roles: list[Role]
    in_play: list[bool]
    peeked: list[bool]
    #: Publicly known not to be Krampus (Krampus check announcement, or stabled and game went on).
    cleared: list[bool]
    #: Who sent each stabled seat to the stables (public: Stable Leadership is announced).
    stabled_by: dict[int, int] = {}
    title_holder: int
    phase: Phase = Phase.NOMINATION
    rotation_seat: int  # seat of the last regular LM candidate
    special_candidate: int | None = None  # set by Successor Selector for the next election
    special_election: bool = False  # the current LM candidate came from Successor Selector
    term_limited: list[int] = []
    lm_candidate: int | None = None
    sl_candidate: int | None = None
    lm: int | None = None
    sl: int | None = None
    nice_count: int = 0
    naughty_count: int = 0
    failed_votes: int = 0
    draw_pile: list[Card]  # top first
    discard_pile: list[Card] = []
    #: The LM's 3 drawn cards (LM_DISCARD), then the 2 passed to the SL (SL_CHOOSE).
    hand: list[Card] = []
    ht_card: Card | None = None  # the SL's chosen card during the Heads Together vote
    votes: dict[int, bool] = {}  # election votes so far (secret until all are in)
    last_votes: dict[int, bool] | None = None  # the last revealed election
    ht_votes: dict[int, bool] = {}
    pending_order: Order | None = None
    #: peek_results[peeker][target] = side shown
    peek_results: dict[int, dict[int, Team]] = {}
    #: checked_cards[lm] = the last top 3 cards that LM saw with Checking it Twice
    checked_cards: dict[int, list[Card]] = {}
    winner: Team | None = None
    win_reason: str | None = None


# -- actions ----------------------------------------------------------------------------------
class Nominate(Action):
    """The LM candidate nominates `seat` as SL candidate."""

    kind: Literal["nominate"] = "nominate"
    seat: int


class Vote(Action):
    """An election vote; may be re-sent (changed) until the last missing vote arrives."""

    kind: Literal["vote"] = "vote"
    yes: bool


class Discard(Action):
    """The LM discards card `index` (0..2) of the 3 drawn and passes the other two."""

    kind: Literal["discard"] = "discard"
    index: int


class Play(Action):
    """The SL plays card `index` (0..1) of the 2 passed; the other is discarded."""

    kind: Literal["play"] = "play"
    index: int


class HeadsTogetherVote(Action):
    """The LM's or SL's secret Heads Together vote (YES = place the card). Cannot be changed."""

    kind: Literal["ht_vote"] = "ht_vote"
    yes: bool


class ChooseTarget(Action):
    """The LM's target for Peek, Successor Selector or Stable Leadership."""

    kind: Literal["target"] = "target"
    seat: int


SKAction = Annotated[
    Nominate | Vote | Discard | Play | HeadsTogetherVote | ChooseTarget,
    Field(discriminator="kind"),
]


# -- views ------------------------------------------------------------------------------------
class PlayerPublic(BaseModel):
    seat: int
    in_play: bool
    peeked: bool
    term_limited: bool
    #: During VOTING: whether this seat has voted (never how).
    has_voted: bool
    #: Publicly known not to be Krampus (cleared by the Krampus check or by being stabled).
    not_krampus: bool
    #: Only when public: at game end (every seat), or Krampus sent to the stables.
    revealed_role: Role | None = None
    #: The List Maker who sent this seat to the stables.
    stabled_by: int | None = None


class SKView(BaseModel):
    """What one seat (or the public, `seat=None`) may know. The renderer's only input."""

    seat: int | None
    num_players: int
    board: Board
    #: Naughty spaces 1..6: the order on each (None: nothing), space 6 is "NAUGHTY_WIN".
    board_orders: list[str | None]
    nice_count: int
    naughty_count: int
    nice_win_at: int
    naughty_win_at: int
    failed_votes: int
    failed_votes_chaos_at: int
    draw_pile_size: int
    discard_pile_size: int
    phase: Phase
    pending_order: Order | None
    title_holder: int
    lm_candidate: int | None
    sl_candidate: int | None
    special_election: bool
    lm: int | None
    sl: int | None
    players: list[PlayerPublic]
    #: Eligible seats for the current nomination (SL) or order target; [] otherwise.
    eligible: list[int]
    to_decide: list[int]
    last_votes: dict[int, bool] | None
    krampus_check_active: bool
    heads_together_active: bool
    winner: Team | None
    win_reason: str | None
    #: The game was abandoned before its end: every role is shown (`revealed_role`, `known_roles`).
    abandoned: bool = False
    # -- private to `seat` (empty / None in the public view) --
    my_role: Role | None = None
    known_roles: dict[int, Role] = {}
    my_vote: bool | None = None
    hand: list[Card] = []
    passed_cards: list[Card] = []
    ht_card: Card | None = None
    my_ht_vote: bool | None = None
    peek_results: dict[int, Team] = {}
    checked_cards: list[Card] | None = None
