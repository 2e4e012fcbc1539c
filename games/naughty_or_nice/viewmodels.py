"""The view models: everything a renderer may draw, per seat (`seat=None`: the public table)."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict

from games.naughty_or_nice.data import (
    Basic,
    Colour,
    Creature,
    CreatureType,
    Giver,
    PresentType,
    Reaction,
    Symbol,
)

#: A card is the same whichever view shows it: made once (`views`) and shared, so never changed.
FROZEN = ConfigDict(frozen=True)


class PresentCard(BaseModel):
    model_config = FROZEN

    id: str
    type: PresentType
    name: str
    colour: Colour
    index: int = -1  # position in the owner's hand (bit of `Fulfil.mask`), or in the offer/batch


class KiddoCard(BaseModel):
    model_config = FROZEN

    id: str
    name: str
    symbol: Symbol
    colours: list[Colour]
    points: int
    fulfilled: bool = True  # in a collection: False = taken with Mrs. Claus


class CreatureCard(BaseModel):
    model_config = FROZEN

    id: str
    creature: Creature
    name: str
    ctype: CreatureType
    stars: int
    text: str
    usable: bool = False


class PlayerPublic(BaseModel):
    seat: int
    giver: Giver | None
    giver_name: str | None
    preferred: list[PresentType]
    ability: str | None  # the written ability, when it is in use (level 4+)
    score: int
    breakdown: dict[str, int]
    presents_count: int
    creatures_count: int
    rudolf: int
    kiddos: list[KiddoCard]
    symbols: dict[Symbol, int]
    fulfilled_count: int
    scrooge_pending: bool
    active: bool


class WindowView(BaseModel):
    reaction: Reaction
    subject: Creature  # the creature (or, for Papa Wolverine, the Fulfill's) being reacted to
    mover: int
    seconds: int
    secret: bool
    #: the reacted-to creature's target seat (-1: none) and the kiddo it takes (Mrs. Claus)
    target: int = -1
    kiddo: str | None = None
    #: a window answering a Tomte: the creature the chain is about, its player, and how many
    #: Tomtes were played so far (odd: the creature is cancelled unless one more answers)
    chain_of: Creature | None = None
    origin: int = -1
    tomtes: int = 0


class StepCause(BaseModel):
    """What set off a step out of the usual order: the creature (Christkindl's draw: the one that
    targeted her; Ded Moroz's action: the Snow Maiden), whose it was, and whether it was only
    discarded (a Snow Maiden left unkept)."""

    creature: Creature
    by: int | None = None
    discarded: bool = False


class FulfilView(BaseModel):
    seat: int
    kiddo: KiddoCard
    covered: list[Colour]  # slots already covered by Caga Tió
    open: list[Colour]


class Choice(BaseModel):
    """A legal action: its `code` and an English `label`; `template` (a marked text) and `values`
    say the same for any language (`games.naughty_or_nice.words.choice_words`): a str value is a
    marked name, a list a list of them, an int a number, except `player`: a seat, to be named."""

    code: str
    label: str
    template: str = ""
    values: dict[str, int | str | list[str]] = {}


class NoNView(BaseModel):
    seat: int | None
    num_players: int
    level: int
    uses_givers: bool
    uses_creatures: bool
    uses_abilities: bool
    uses_sets: bool
    #: What the game waits for: giver_choice, turn, craft, keep, tuck, elves, christkindl,
    #: wolverine_take, extra_basic, fulfil, window, over.
    phase: str
    prompt: str  # the same in words
    active_seat: int | None
    turn_no: int
    basic_taken: Basic | None
    to_decide: list[int]
    playground: list[KiddoCard]
    offer: list[PresentCard]
    present_deck_size: int
    present_discard: list[PresentCard]
    creature_main_size: int
    creature_bottom_size: int
    creature_discard: list[CreatureCard]
    kiddo_main_size: int
    kiddo_bottom_size: int
    kiddo_discard: list[KiddoCard]
    midnight_revealed: bool
    midnights: list[str]
    final_turns_left: int | None
    #: turns in a row that gained no card nor took a kiddo (a round of them ends the game); 0 once
    #: the turn being played has (the warning under a card just taken read as untrue)
    idle_turns: int = 0
    #: this turn is its player's last (it started after Midnight struck)
    final_turn: bool = False
    players: list[PlayerPublic]
    window: WindowView | None
    elves_revealed: list[PresentCard]
    elves_next: int | None
    batch: list[PresentCard]  # the last Fulfill's presents still in the discard
    fulfil: FulfilView | None
    in_play: list[CreatureCard]
    over: bool
    end_reason: str
    winners: list[int]
    # -- private to `seat` (empty / None in the public view) --
    presents: list[PresentCard] = []
    creatures: list[CreatureCard] = []
    can_react: bool = False
    summon_choice: list[CreatureCard] = []
    tuck_card: CreatureCard | None = None
    craft_remaining: int = 0
    extra_basic: Basic | None = None  # the fixed type of a Snow Maiden repeat
    extra_basic_reason: str | None = None
    #: how many such extra actions this one is the first of (Ded Moroz's own Snow Maiden: 2)
    extra_basic_left: int = 0
    #: what set off the seat's Christkindl draw or Ded Moroz action
    cause: StepCause | None = None
    fulfillable: list[str] = []  # kiddo ids you could fulfil now with your hand
    fulfillable_with_caga: list[str] = []  # ... only with your usable Caga Tiós covering slots
    choices: list[Choice] = []  # every legal action, code + readable label
    #: the codes of Caga Tió plays after which the hand cannot finish that kiddo (legal: the
    #: card's points are kept; the renderer warns)
    dead_ends: list[str] = []
