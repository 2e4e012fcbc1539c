"""The Grumpy Nisse options, state and actions (pydantic; events in `events.py`, views in
`view_models.py`)."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, Field

from games.core import Action, GameState
from games.core.words import N_
from games.grumpy_nisse.data import Phase, Shortcut, Suit
from games.grumpy_nisse.tricks import WinRule

#: A card id: suit letter + value, e.g. "F5".
CardId = Annotated[str, Field(pattern=r"^[PLFM][1-9]$")]


class GrumpyNisseOptions(BaseModel):
    """Lobby options. Seat 0 is the host; "random" lets the seed decide who plays Violet."""

    roles: Literal["random", "host_violet", "host_torech"] = Field(
        "random",
        title=N_("Roles"),
        description="random: drawn by the bot; host_violet / host_torech: the host plays Violet / Torech",
    )


# -- state ------------------------------------------------------------------------------------------
class TrickRecord(BaseModel):
    """One played trick, as everyone saw it (all of it is public)."""

    round: int
    trick: int  # number within the round, from 1
    space: int  # where the pawn stood: it fixes the trump
    trump: Suit | None
    leader: int
    lead_card: str
    follow_card: str
    winner: int
    rule: WinRule
    lead_dice: list[int] = []
    follow_dice: list[int] = []
    pawn_from: int
    pawn_to: int  # 19 = Ordep reached


class GNState(GameState):
    """The whole truth. Never shown to a renderer: `view()` cuts it down per seat."""

    violet: int  # Violet's seat; Torech is the other one
    phase: Phase = Phase.DRAFT
    # -- the draft (spec 4) --
    #: Rows top to bottom, only rows that still hold cards (an empty row collapses at once); each row
    #: keeps its 6 slots, `None` where a card was taken, so a picture stays stable.
    grid: list[list[str | None]]
    dice: list[int] = []  # the current roll (3 values)
    dice_used: list[bool] = []
    roll_no: int = 1  # 1..11
    pick_no: int = 1  # 1..3 within a roll
    picker: int = 0  # who picks now (draft and final picks)
    collections: list[list[str]] = [[], []]  # in the order picked
    # -- play (spec 5) --
    round: int = 0  # 0 during the draft, then 1 and 2
    trick_no: int = 0  # global trick counter (for the Spy's duration)
    trick_in_round: int = 0
    pawn: int = 1
    leader: int = 0
    table: list[str | None] = [None, None]  # the card each seat played this trick
    decks: list[list[str]] = [[], []]  # top first
    hands: list[list[str]] = [[], []]
    discards: list[list[str]] = [[], []]  # bottom first, the top (last) card is the newest
    #: What each owner learnt about the order of their own deck (Foresight, Rummage); cards that
    #: have left the deck are dropped when shown, a shuffle forgets everything.
    known_top: list[list[str]] = [[], []]
    known_bottom: list[list[str]] = [[], []]  # last = lowest
    # -- track events (spec 3.4, 5.5) --
    tricks_done: bool = False
    shortcut: Shortcut = Shortcut.AVAILABLE
    devilish_count: int = 0
    determination_done: bool = False
    panic_done: list[int] = []  # panic spaces already used
    # -- the steps after a trick is decided --
    trick_winner: int | None = None
    panic_queue: list[int] = []  # seats still to discard for Torech panics (Torech first)
    effect_queue: list[int] = []  # seats whose card effects are still to come (winner first)
    effect_seat: int | None = None  # the seat deciding an effect now (RECOVER_*, FORESIGHT, RUMMAGE)
    foresight: list[str] = []  # the top cards the Foresight owner is ordering (top first)
    recovered: str | None = None  # the card Recover took (it may not be put back)
    rummaged: list[str] = []  # the 2 cards Rummage drew
    spy_until: list[int | None] = [None, None]  # seat sees the other's hand until this trick ends
    # -- history and result --
    wins: list[list[int]] = [[0, 0], [0, 0]]  # wins[seat][round - 1]
    last_trick: TrickRecord | None = None
    winner: int | None = None
    win_reason: str | None = None


# -- actions -----------------------------------------------------------------------------------------
class Pick(Action):
    """Draft: use an unused die showing `die` to take `card` (from row `die`, or anywhere if wild)."""

    kind: Literal["pick"] = "pick"
    die: Annotated[int, Field(ge=1, le=6)]
    card: CardId


class Take(Action):
    """The last three cards: take `card` from the grid (no dice)."""

    kind: Literal["take"] = "take"
    card: CardId


class Play(Action):
    """Lead or follow with `card` from the hand."""

    kind: Literal["play"] = "play"
    card: CardId


class PanicDiscard(Action):
    """Torech panics: discard `card` from the hand, face up."""

    kind: Literal["panic"] = "panic"
    card: CardId


class RecoverTake(Action):
    """Card 2: take `card` from your discard pile into your hand."""

    kind: Literal["recover"] = "recover"
    card: CardId


class RecoverSkip(Action):
    """Card 2: do not use the effect."""

    kind: Literal["recover_skip"] = "recover_skip"


class RecoverPut(Action):
    """Card 2: put `card` (not the one just taken) from your hand onto your discard pile."""

    kind: Literal["putback"] = "putback"
    card: CardId


class Reorder(Action):
    """Card 4: the new order of the seen cards, top first, as indexes into them (top = 0):
    "201" puts the third card on top, then the first, then the second. "012" keeps the order."""

    kind: Literal["reorder"] = "reorder"
    order: Annotated[str, Field(pattern=r"^[0-9]{1,3}$")]


class Bottom(Action):
    """Card 7: put `card` from your hand face down under your deck."""

    kind: Literal["bottom"] = "bottom"
    card: CardId


GNAction = Annotated[
    Pick | Take | Play | PanicDiscard | RecoverTake | RecoverSkip | RecoverPut | Reorder | Bottom,
    Field(discriminator="kind"),
]
