"""The Grumpy Nisse view models: what a renderer may know, per seat (`views.py` builds them)."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict

from games.grumpy_nisse.data import Effect, Phase, Role, Shortcut, Suit, TrackEvent
from games.grumpy_nisse.models import TrickRecord


class SuitView(BaseModel):
    suit: Suit
    letter: str
    name: str
    colour: str


class EffectView(BaseModel):
    """The legend of card values 1-9 (the effect depends only on the value)."""

    value: int
    effect: Effect
    label: str
    text: str


class SpaceView(BaseModel):
    """One space of the track, for the picture: group colour, trump, event and its state. Made
    once per space and state (`views._space`) and shared by every view: frozen."""

    model_config = ConfigDict(frozen=True)

    space: int
    group: int
    colour: str
    trump: Suit | None
    event: TrackEvent | None
    event_name: str | None
    event_text: str | None
    #: The event's state here: "open", "done" (used or void for good), "armed", "lost",
    #: "used", or "k/3" for the devilish plan; None on spaces without an event.
    event_state: str | None
    pawn_here: bool


class DieView(BaseModel):
    value: int
    used: bool
    wild: bool  # more than the number of rows: any card
    row: int | None  # the row it takes from now (None when wild)


class PlayerView(BaseModel):
    """Public facts about one seat."""

    seat: int
    role: Role
    collection: list[str]  # drafted cards in picking order (all public)
    hand_size: int
    deck_size: int
    discard: list[str]  # face up, bottom first (last = top)
    #: Cards in hand or deck, sorted: public, since everyone saw the draft and the discards.
    unseen_cards: list[str]
    played: str | None  # the card on the table this trick
    wins_by_round: list[int]
    tricks_won: int
    sees_opponent_hand: bool  # an active Spy (6)


class PendingEffect(BaseModel):
    """The after-trick effect someone is deciding now (public part)."""

    seat: int
    card: str
    effect: Effect
    recovered: str | None = None  # Recover: the card taken back (public, from a face-up pile)
    count: int = 0  # Foresight: cards seen; Rummage: cards drawn


class ChoiceView(BaseModel):
    """One legal action of the viewing seat, readable. `code` is `encode_action` of it."""

    code: str
    kind: str
    label: str
    card: str | None = None
    die: int | None = None
    order: list[str] | None = None  # Foresight: the cards top first in this order


class ResultView(BaseModel):
    winner: int
    role: Role
    reason: str
    pawn: int
    devilish_count: int
    wins_by_round: list[list[int]]  # [seat][round - 1]


class GNView(BaseModel):
    """What one seat (or the public, `seat=None`) may know. The renderer's only input."""

    seat: int | None
    phase: Phase
    status: str  # one line: who must do what now
    to_decide: list[int]
    violet: int
    torech: int
    players: list[PlayerView]
    suits: list[SuitView]
    effects: list[EffectView]
    # -- draft (empty once the play starts) --
    grid: list[list[str | None]]  # rows top to bottom (row 1 first), 6 slots each, None = taken
    dice: list[DieView]
    roll_no: int
    rolls_total: int
    pick_no: int
    roller: int | None
    picker: int | None
    # -- play --
    round: int
    rounds: int
    trick: int  # within the round
    pawn: int
    trump: Suit | None
    track: list[SpaceView]
    leader: int
    lead_card: str | None
    follow_card: str | None
    last_trick: TrickRecord | None
    shortcut: Shortcut
    tricks_done: bool
    devilish_count: int
    devilish_needed: int
    determination_done: bool
    panic_done: list[int]
    panic_seat: int | None  # who must discard for Torech's panic now
    pending_effect: PendingEffect | None
    result: ResultView | None
    # -- private to `seat` (empty / None in the public view) --
    my_role: Role | None = None
    hand: list[str] = []
    choices: list[ChoiceView] = []
    opponent_hand: list[str] | None = None  # while my Spy (6) lasts
    foresight: list[str] = []  # Foresight: the top cards I am ordering, top first
    rummaged: list[str] = []  # Rummage: the 2 cards I just drew (in my hand)
    deck_known_top: list[str] = []  # what I know of the top of my deck, top first
    deck_known_bottom: list[str] = []  # what I know of the bottom, last = lowest
