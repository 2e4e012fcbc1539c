"""The Grumpy Nisse as data: suits, cards, card effects, the progress track and the draft numbers.

Every number here comes from `shared/rules/grumpy-nisse.md` (sections 2-4); the engine looks these
tables up instead of spelling the rules out as if-chains.
"""

from __future__ import annotations

from enum import StrEnum
from typing import NamedTuple

from games.core.words import N_


class Role(StrEnum):
    VIOLET = "VIOLET"
    TORECH = "TORECH"


class Suit(StrEnum):
    PINECONE = "PINECONE"
    LEAF = "LEAF"
    FLOWER = "FLOWER"
    MUSHROOM = "MUSHROOM"


class Phase(StrEnum):
    DRAFT = "DRAFT"  # a dice pick: die + card
    FINAL_PICK = "FINAL_PICK"  # the last 3 cards, no dice
    LEAD = "LEAD"
    FOLLOW = "FOLLOW"
    PANIC_DISCARD = "PANIC_DISCARD"  # Torech panics: discard one card from hand
    RECOVER_TAKE = "RECOVER_TAKE"  # card 2: take a card from the discard pile, or skip
    RECOVER_PUT = "RECOVER_PUT"  # card 2: put a different card from the hand on the pile
    FORESIGHT = "FORESIGHT"  # card 4: the new order of the top cards of the deck
    RUMMAGE = "RUMMAGE"  # card 7: the card that goes under the deck
    GAME_OVER = "GAME_OVER"


class Effect(StrEnum):
    GIANT_SLAYER = "GIANT_SLAYER"  # 1
    RECOVER = "RECOVER"  # 2
    LUCKY_ROLL = "LUCKY_ROLL"  # 3
    FORESIGHT = "FORESIGHT"  # 4
    STEADFAST = "STEADFAST"  # 5
    SPY = "SPY"  # 6
    RUMMAGE = "RUMMAGE"  # 7
    NONE = "NONE"  # 8, 9


class TrackEvent(StrEnum):
    TORECH_TRICKS = "TORECH_TRICKS"
    SHORTCUT = "SHORTCUT"
    DEVILISH_PLAN = "DEVILISH_PLAN"
    DETERMINATION = "DETERMINATION"
    PANIC = "PANIC"


class Shortcut(StrEnum):
    AVAILABLE = "AVAILABLE"  # not yet started
    ARMED = "ARMED"  # Violet won on 5: the next trick (on 6) decides
    USED = "USED"  # the pawn jumped 6 -> 10
    LOST = "LOST"  # Torech won on 6 while armed


# -- 2.1 suits and 2.2 cards --------------------------------------------------------------------
class SuitInfo(NamedTuple):
    letter: str
    name: str
    colour: str


SUITS: dict[Suit, SuitInfo] = {
    # i18n: a suit; a card is named "<suit> <value>" ("Pinecones 5"), the trump "trump <suit>".
    # No published edition in Hungarian or German: the suits are translated as plain words.
    Suit.PINECONE: SuitInfo("P", N_("Pinecones"), "orange"),
    # i18n: a suit, as in "Leaves 5"
    Suit.LEAF: SuitInfo("L", N_("Leaves"), "green"),
    # i18n: a suit, as in "Flowers 5"
    Suit.FLOWER: SuitInfo("F", N_("Flowers"), "red"),
    # i18n: a suit, as in "Mushrooms 5"
    Suit.MUSHROOM: SuitInfo("M", N_("Mushrooms"), "blue"),
}
SUIT_OF_LETTER: dict[str, Suit] = {info.letter: suit for suit, info in SUITS.items()}
VALUES = range(1, 10)

#: The 36 card ids in a fixed order (suit by suit): "P1".."P9", "L1"..., "F1"..., "M1"...
CARDS: tuple[str, ...] = tuple(f"{info.letter}{value}" for info in SUITS.values() for value in VALUES)
CARD_SET = frozenset(CARDS)


def suit_of(card: str) -> Suit:
    return SUIT_OF_LETTER[card[0]]


def value_of(card: str) -> int:
    return int(card[1:])


def card_name(card: str) -> str:
    """ "F5" -> "Flowers 5", in English (for logs; the bot shows the suit's name translated)."""
    return f"{SUITS[suit_of(card)].name} {value_of(card)}"


class EffectInfo(NamedTuple):
    effect: Effect
    label: str  # display name (a decision: the rulebook has only numbers)
    text: str  # one-line summary for the renderer


EFFECTS: dict[int, EffectInfo] = {
    # i18n: the effect names are ours (the rulebook numbers the cards only): translate them freely,
    # short (they are on buttons next to a card name)
    1: EffectInfo(
        Effect.GIANT_SLAYER, N_("Giant-slayer"), N_("Beats any 9, trump or not, led or following.")
    ),
    2: EffectInfo(
        Effect.RECOVER,
        N_("Recover"),
        N_("After the trick you may take a card from your discard pile, then discard a different one."),
    ),
    3: EffectInfo(
        Effect.LUCKY_ROLL,
        N_("Lucky roll"),
        N_("Same suit: add dice, 2d6 for the 3, 1d6 for the other. Two 3s, neither trump: 3d6 each."),
    ),
    4: EffectInfo(
        Effect.FORESIGHT, N_("Foresight"), N_("After the trick, reorder the top 3 cards of your deck.")
    ),
    5: EffectInfo(Effect.STEADFAST, N_("Steadfast"), N_("When led, it cannot be beaten by a trump.")),
    6: EffectInfo(Effect.SPY, N_("Spy"), N_("You see your opponent's hand until the end of the next trick.")),
    7: EffectInfo(
        Effect.RUMMAGE,
        N_("Rummage"),
        N_("After the trick draw 2, then put 1 card from your hand under your deck."),
    ),
    8: EffectInfo(Effect.NONE, "", N_("No effect.")),
    9: EffectInfo(Effect.NONE, "", N_("No effect.")),
}

#: The roles as players read them.
ROLE_NAMES: dict[Role, str] = {
    # i18n: the heroine's name (a person): keep it unless the language spells it differently
    Role.VIOLET: N_("Violet"),
    # i18n: the grumpy nisse's name (a person): keep it
    Role.TORECH: N_("Torech"),
}


def effect_of(card: str) -> Effect:
    return EFFECTS[value_of(card)].effect


# -- 2.3 the progress track -----------------------------------------------------------------------
class Space(NamedTuple):
    space: int
    group: int
    colour: str
    trump: Suit | None
    event: TrackEvent | None


_GROUPS: dict[int, tuple[str, Suit | None]] = {
    1: ("purple", None),
    2: ("orange", Suit.PINECONE),
    3: ("green", Suit.LEAF),
    4: ("blue", Suit.MUSHROOM),
    5: ("red", Suit.FLOWER),
    6: ("purple", None),
}
_EVENTS: dict[int, TrackEvent] = {
    3: TrackEvent.TORECH_TRICKS,
    5: TrackEvent.SHORTCUT,
    6: TrackEvent.SHORTCUT,
    11: TrackEvent.DEVILISH_PLAN,
    14: TrackEvent.DETERMINATION,
    16: TrackEvent.PANIC,
    17: TrackEvent.PANIC,
    18: TrackEvent.PANIC,
}
LAST_SPACE = 18
GROUP_SIZE = 3
TRACK: dict[int, Space] = {
    space: Space(
        space,
        (space - 1) // GROUP_SIZE + 1,
        _GROUPS[(space - 1) // GROUP_SIZE + 1][0],
        _GROUPS[(space - 1) // GROUP_SIZE + 1][1],
        _EVENTS.get(space),
    )
    for space in range(1, LAST_SPACE + 1)
}

#: Each track event's name and what it does (spec 2.3). Ordep is a place: keep its name.
EVENT_TEXT: dict[TrackEvent, tuple[str, str]] = {
    TrackEvent.TORECH_TRICKS: (
        N_("Torech tricks Violet"),
        N_("Torech's first win here: both players discard the top 2 cards of their decks."),
    ),
    TrackEvent.SHORTCUT: (
        N_("Violet finds a shortcut"),
        N_("Violet wins on 5 and then at once on 6: the pawn jumps to space 10."),
    ),
    TrackEvent.DEVILISH_PLAN: (
        N_("Torech sets in motion a devilish plan"),
        N_("Torech's third win here wins him the game."),
    ),
    TrackEvent.DETERMINATION: (
        N_("Violet's determination overcomes all odds"),
        N_("If Violet wins the first trick here, both shuffle 4 random discards into their decks."),
    ),
    TrackEvent.PANIC: (
        N_("Torech panics"),
        N_("Torech's first win on this space: Torech, then Violet, discard a card from their hand."),
    ),
}

#: How the game was won (`{wins}`: DEVILISH_WINS).
WIN_REASONS: dict[str, str] = {
    # i18n: Ordep is the place Violet must reach (a name: keep it)
    "ordep": N_("Violet reached Ordep before the end of round 2!"),
    "devilish": N_("Torech's devilish plan worked: {wins} wins on space 11."),
    "time": N_("Round 2 ended before Violet reached Ordep."),
}

SHORTCUT_FROM = 5  # the first shortcut space (a Violet win arms it)
SHORTCUT_AT = 6  # the second: a Violet win jumps, a Torech win cancels
SHORTCUT_TO = 10
TRICKS_DISCARD = 2  # cards each player discards from the top of the deck
DEVILISH_WINS = 3
DETERMINATION_CARDS = 4

# -- 3 and 4: setup and draft ------------------------------------------------------------------------
GRID_SIZE = 6
DICE_PER_ROLL = 3
DIE_SIDES = 6
FINAL_CARDS = 3  # no dice when this many cards are left
DRAFT_ROLLS = (len(CARDS) - FINAL_CARDS) // DICE_PER_ROLL  # 11
HAND_SIZE = 4
ROUNDS = 2
FORESIGHT_CARDS = 3
RUMMAGE_DRAW = 2

# -- 5.3 dice of card 3 -----------------------------------------------------------------------------
LUCKY_DICE_OWNER = 2
LUCKY_DICE_OTHER = 1
LUCKY_DICE_BOTH_THREES = 3
