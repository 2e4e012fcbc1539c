"""The view models of Naughty & Nice: what a renderer may draw (built in `views.py`)."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict

from games.naughty_and_nice.data import CardType, Declaration, Phase, Side


class CardInfo(BaseModel):
    """A card, readable: `id` (what actions name), `name`, `type`, `value`. The same whichever
    view shows it: made once (`views.info`) and shared, so frozen."""

    model_config = ConfigDict(frozen=True)

    id: str
    name: str
    type: CardType
    value: int


class PlayerPublic(BaseModel):
    """What everyone knows about a seat. Running totals count the cards in play only (Shiny!
    cards are shown apart: whether they count is decided at the end)."""

    seat: int
    is_active: bool
    hand_size: int
    cards_in_play: list[CardInfo]
    cards_in_play_count: int
    nice_total: int
    naughty_total: int
    shiny_count: int
    shiny_total: int
    #: ORIENT: this seat has Shiny! cards to orient / has oriented them all (never how).
    must_orient: bool = False
    oriented: bool = False


class DrawnView(BaseModel):
    """A card drawn this turn; `kept` False: discarded because of the declaration."""

    card: CardInfo
    kept: bool


class StealView(BaseModel):
    """A pending Shiny! steal (T3a): `seat` took `taken` from `target`'s cards in play."""

    seat: int
    target: int
    shiny: CardInfo
    budget: int
    budget_left: int
    taken: list[CardInfo]


class ChoiceView(BaseModel):
    """One legal action of the seat, readable. `code` is the action's code (for a custom_id);
    `card`/`target`/`declaration`/`face_up` are its fields when it has them; `label` never names a
    player (the renderer adds `target`'s name)."""

    code: str
    kind: str
    label: str
    card: CardInfo | None = None
    target: int | None = None
    declaration: Declaration | None = None
    face_up: bool | None = None


class ShinyView(BaseModel):
    card: CardInfo
    face_up: bool
    counts: bool
    side: Side  # UNUSED when it does not count


class FinalScore(BaseModel):
    """Spec 5.4 for one player: card sums, each Shiny! card, the allocation and the score."""

    seat: int
    nice: int
    naughty: int
    shinies: list[ShinyView]
    shiny_to_nice: int
    shiny_to_naughty: int
    nice_final: int
    naughty_final: int
    score: int
    difference: int
    cards_in_hand: int
    winner: bool


class NNView(BaseModel):
    """What one seat (or the public, `seat=None`) may know. The renderer's only input.

    Public: `phase`, `active_seat`, `turn_no`, `first_seat`, the turn's `declaration` (None before
    it is made) and `draws_this_turn` (of `max_draws`), `hand_limit`, `end_trigger` (cards in play
    that allow the end declaration), pile sizes and the face-up `discard_pile` (oldest first),
    `players` (cards in play, running totals, hand sizes), `to_decide`, `end_trigger_met`,
    `end_declared_by`/`end_declared_turn_no`, `last_turn` (the current turn is the last),
    `shown_draws` (this turn's draws when a declaration made them public), `steal` (pending),
    `die_roll` and `face_up_counts` (after the roll), `end_reason`, `results` and `winners` (end).

    Private to `seat` (empty in the public view): `hand`, `my_draws` (the cards it drew this turn,
    on its turn), `my_orientations` (card id -> face up, while choosing), `choices` (its legal
    actions, readable, with their codes).
    """

    seat: int | None
    num_players: int
    phase: Phase
    active_seat: int
    turn_no: int
    first_seat: int
    declaration: Declaration | None
    draws_this_turn: int
    max_draws: int
    hand_limit: int
    end_trigger: int
    draw_pile_size: int
    discard_pile_size: int
    discard_pile: list[CardInfo]
    players: list[PlayerPublic]
    to_decide: list[int]
    end_trigger_met: bool
    end_declared_by: int | None
    end_declared_turn_no: int | None
    last_turn: bool
    shown_draws: list[DrawnView]
    steal: StealView | None
    die_roll: int | None
    face_up_counts: bool | None
    end_reason: str | None
    results: list[FinalScore]
    winners: list[int]
    # -- private to `seat` --
    hand: list[CardInfo] = []
    my_draws: list[DrawnView] = []
    my_orientations: dict[str, bool] = {}
    choices: list[ChoiceView] = []
