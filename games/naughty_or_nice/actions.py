"""Naughty or Nice actions: one pydantic model per kind, scalar fields only (short codes).

Seats are ints; `source` of a present draw is -1 for the deck top or 0..2 for an offer-row card.
Multi-card choices are bitmasks: `Fulfil.mask` over the indices of the player's present hand
(`view.presents[i].index`), `WolverineTake.mask` over the Fulfill's batch (`view.batch`).
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from games.core import Action
from games.naughty_or_nice.data import Colour, Creature, Giver, PresentType, SearchSource


class ChooseGiver(Action):
    kind: Literal["giver"] = "giver"
    giver: Giver


class Craft(Action):
    """Basic action: start a Craft (then `TakePresent` N times)."""

    kind: Literal["craft"] = "craft"


class TakePresent(Action):
    """One Craft pick: -1 = top of the present deck, 0..2 = that offer-row card."""

    kind: Literal["take"] = "take"
    source: int


class Summon(Action):
    kind: Literal["summon"] = "summon"


class Keep(Action):
    """Keep summon card `index` (0/1); the other is discarded face-up. `tuck`: Santa (level 4+)
    puts the kept Reindeer under Rudolf at once (spec 2.2.1: the choice is made on gaining)."""

    kind: Literal["keep"] = "keep"
    index: int
    tuck: bool = False


class Tuck(Action):
    """Santa: put the Reindeer just gained under Rudolf (`yes`) or keep it in hand. Santa answers
    this for every creature he gains without a choice (starting hand, full-set bonus, a lone
    summon draw, Mari Lwyd), a Reindeer or not, so the table never learns what he got."""

    kind: Literal["tuck"] = "tuck"
    yes: bool


class Fulfil(Action):
    """Give the presents `mask` (bit i = present hand index i) to playground kiddo `kiddo`."""

    kind: Literal["fulfil"] = "fulfil"
    kiddo: str
    mask: int


class CagaTio(Action):
    """Play a Caga Tió in a Fulfill of `kiddo`, covering one slot of `colour`."""

    kind: Literal["caga"] = "caga"
    kiddo: str
    colour: Colour


class Abandon(Action):
    """Give up the Fulfill in progress (own turn: choose a basic action again)."""

    kind: Literal["abandon"] = "abandon"


class PlayCreature(Action):
    """A creature without a target: Elves, Jólakötturinn, Snow Maiden."""

    kind: Literal["play"] = "play"
    creature: Creature


class PlayOnPlayer(Action):
    """Mr Scrooge, Mari Lwyd or Cringe against `seat`."""

    kind: Literal["play_on"] = "play_on"
    creature: Creature
    seat: int


class Krampus(Action):
    kind: Literal["krampus"] = "krampus"
    present: PresentType


class MrsClaus(Action):
    kind: Literal["mrs_claus"] = "mrs_claus"
    kiddo: str


class Reindeer(Action):
    """Play `count` (1-4) usable Reindeer together."""

    kind: Literal["reindeer"] = "reindeer"
    count: int


class SantaSearch(Action):
    """Santa (level 4+, start of turn): discard 2 `present` cards and search `source`."""

    kind: Literal["search"] = "search"
    present: PresentType
    source: SearchSource


class BefanaDiscard(Action):
    kind: Literal["befana"] = "befana"
    kiddo: str


class EndTurn(Action):
    kind: Literal["end_turn"] = "end_turn"


class React(Action):
    kind: Literal["react"] = "react"


class Pass(Action):
    kind: Literal["pass"] = "pass"


class CloseWindow(Action):
    """The clock closes a reaction window; accepted only from SYSTEM_SEAT."""

    kind: Literal["close_window"] = "close_window"


class ElvesPick(Action):
    kind: Literal["elves_pick"] = "elves_pick"
    index: int


class ChristkindlDraw(Action):
    """Christkindl's draw: -1 = top of the present deck, 0..2 = that offer-row card."""

    kind: Literal["ck_draw"] = "ck_draw"
    source: int


class WolverineTake(Action):
    """Take the batch cards `mask` (at most 2 bits) into hand."""

    kind: Literal["wolverine_take"] = "wolverine_take"
    mask: int


class Decline(Action):
    """Decline an optional step: a Snow Maiden repeat, Ded Moroz's action, Christkindl's draw."""

    kind: Literal["decline"] = "decline"


NoNAction = Annotated[
    ChooseGiver
    | Craft
    | TakePresent
    | Summon
    | Keep
    | Tuck
    | Fulfil
    | CagaTio
    | Abandon
    | PlayCreature
    | PlayOnPlayer
    | Krampus
    | MrsClaus
    | Reindeer
    | SantaSearch
    | BefanaDiscard
    | EndTurn
    | React
    | Pass
    | CloseWindow
    | ElvesPick
    | ChristkindlDraw
    | WolverineTake
    | Decline,
    Field(discriminator="kind"),
]
