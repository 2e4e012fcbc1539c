"""Naughty & Nice as data: the 56-card deck (spec 2.2), the numbers of the turn and the end.

The card list of the original game is lost, so the deck is the spec's invention, except Sparkle
Lip Gloss (Shiny! +6), the two Bad Movies (Naughty +1 and +2) and XXXenophile Comics (Naughty 3).
Cards are identified by id, never by name (both Bad Movies share one).
"""

from __future__ import annotations

from enum import StrEnum
from typing import NamedTuple


class CardType(StrEnum):
    NICE = "NICE"
    NAUGHTY = "NAUGHTY"
    SHINY = "SHINY"


class Declaration(StrEnum):
    """What the active player declares before drawing (spec 4.2 T1)."""

    NONE = "NONE"
    NAUGHTY = "NAUGHTY"
    NICE = "NICE"


class Side(StrEnum):
    """Where a counting Shiny! card is assigned at the end (spec 5.3)."""

    NAUGHTY = "NAUGHTY"
    NICE = "NICE"
    UNUSED = "UNUSED"


class Phase(StrEnum):
    DECLARE = "DECLARE"  # T1: the active player declares (and draws the first card)
    DRAW = "DRAW"  # T2: draw again or stop
    PLAY = "PLAY"  # T3: play a card on a player while the hand holds more than 2
    STEAL = "STEAL"  # T3a: take cards with a Shiny! played on another player
    END_OF_TURN = "END_OF_TURN"  # T4: declare the end of the game, or pass
    ORIENT = "ORIENT"  # 5.1: secret, simultaneous face-up / face-down choices
    GAME_OVER = "GAME_OVER"


class Card(NamedTuple):
    id: str
    name: str
    type: CardType
    value: int

    @property
    def cost(self) -> int:
        """What the card costs of a Shiny!'s steal budget: its absolute value (spec 4.5)."""
        return abs(self.value)


_NICE = [
    ("Said Please and Thank You", 1),
    ("Made Your Bed", 1),
    ("Ate Your Vegetables", 1),
    ("Fed the Cat", 1),
    ("Held the Door Open", 1),
    ("Wrote to Grandma", 1),
    ("Baked Cookies for the Neighbors", 2),
    ("Shoveled the Sidewalk", 2),
    ("Shared Your Toys", 2),
    ("Walked the Dog in the Rain", 2),
    ("Cleaned Your Room Unasked", 2),
    ("Volunteered at the Soup Kitchen", 3),
    ("Donated Your Allowance", 3),
    ("Remembered Everyone's Birthday", 3),
    ("Visited Grandpa in the Hospital", 3),
    ("Adopted a Shelter Puppy", 4),
    ("Organized the Toy Drive", 4),
    ("Saved a Kitten from a Tree", 5),
    ("Regifted a Fruitcake", -1),
    ("Forgot the Thank-You Notes", -1),
    ("Tattled on Your Sister", -2),
    ("Peeked at Your Presents", -2),
]
_NAUGHTY = [
    ("Bad Movies", 1),
    ("Stayed Up Past Bedtime", 1),
    ("Ate Dessert First", 1),
    ("Prank Phone Call", 1),
    ("Double-Dipped the Chips", 1),
    ("Snowball Ambush", 1),
    ("Bad Movies", 2),
    ("Read Your Sister's Diary", 2),
    ("Skipped School", 2),
    ("Toilet-Papered the Neighbor's Tree", 2),
    ("Cheated at Monopoly", 2),
    ("XXXenophile Comics", 3),
    ("Dyed the Dog Green", 3),
    ("Borrowed Dad's Car", 3),
    ("Frogs in the Punch Bowl", 3),
    ("Mooned the Carolers", 4),
    ("Hacked the Naughty List", 4),
    ("Swiped the Neighbor's Inflatable Santa", 5),
    ("Wore a Sweater Vest", -1),
    ("Said Sorry", -1),
    ("Grounded", -2),
    ("Mom Found Your Stash", -2),
]
_SHINY = [
    ("Tinsel Garland", 1),
    ("Glitter Glue", 2),
    ("Sequined Mittens", 2),
    ("Rhinestone Tiara", 3),
    ("Chrome Hubcaps", 3),
    ("Light-Up Sneakers", 3),
    ("Gold Pocket Watch", 4),
    ("Silver Bells", 4),
    ("Crystal Snow Globe", 4),
    ("Diamond Earrings", 5),
    ("Golden Ticket", 5),
    ("Sparkle Lip Gloss", 6),
]
_PREFIX = {CardType.NICE: "NI", CardType.NAUGHTY: "NA", CardType.SHINY: "SH"}


def _cards(card_type: CardType, rows: list[tuple[str, int]]) -> list[Card]:
    prefix = _PREFIX[card_type]
    return [Card(f"{prefix}{i:02d}", name, card_type, value) for i, (name, value) in enumerate(rows, 1)]


#: Every card by id, in deck-list order (NI01..NI22, NA01..NA22, SH01..SH12).
CARDS: dict[str, Card] = {
    card.id: card
    for rows, card_type in ((_NICE, CardType.NICE), (_NAUGHTY, CardType.NAUGHTY), (_SHINY, CardType.SHINY))
    for card in _cards(card_type, rows)
}
DECK: tuple[str, ...] = tuple(CARDS)

#: The type a declaration throws away when drawn (spec 4.3 step 3.2); Shiny! is always kept.
DISCARDED_UNDER: dict[Declaration, CardType | None] = {
    Declaration.NONE: None,
    Declaration.NAUGHTY: CardType.NICE,
    Declaration.NICE: CardType.NAUGHTY,
}

MAX_DRAWS = 4  # spec 4.3: at most 4 draws a turn, the first compulsory
HAND_LIMIT = 2  # spec 4.4: play until the hand holds this many cards or fewer
END_TRIGGER = 10  # spec 4.6: cards in one play area that allow the end declaration
DIE_SIDES = 6
#: Spec 5.2: an odd roll makes face-down Shiny! cards count; an even roll face-up ones.
COUNTS_FACE_UP_ON_ODD = False


def card(card_id: str) -> Card:
    return CARDS[card_id]


def counts_face_up(roll: int) -> bool:
    """Whether a die roll makes FACE_UP (else FACE_DOWN) Shiny! cards count (spec 5.2)."""
    return COUNTS_FACE_UP_ON_ODD if roll % 2 == 1 else not COUNTS_FACE_UP_ON_ODD
