"""Naughty & Nice as data: the 56-card deck (spec 2.2), the numbers of the turn and the end.

The card list of the original game is lost, so the deck is the spec's invention, except Sparkle
Lip Gloss (Shiny! +6), the two Bad Movies (Naughty +1 and +2) and XXXenophile Comics (Naughty 3).
Cards are identified by id, never by name (both Bad Movies share one).
"""

from __future__ import annotations

from enum import StrEnum
from typing import NamedTuple

from games.core.words import N_


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
    # i18n: a Nice card: a good deed (the original card list is lost, these are invented): translate
    # it as a short phrase, as a child would tell it
    (N_("Said Please and Thank You"), 1),
    (N_("Made Your Bed"), 1),
    (N_("Ate Your Vegetables"), 1),
    (N_("Fed the Cat"), 1),
    (N_("Held the Door Open"), 1),
    (N_("Wrote to Grandma"), 1),
    (N_("Baked Cookies for the Neighbors"), 2),
    (N_("Shoveled the Sidewalk"), 2),
    (N_("Shared Your Toys"), 2),
    (N_("Walked the Dog in the Rain"), 2),
    (N_("Cleaned Your Room Unasked"), 2),
    (N_("Volunteered at the Soup Kitchen"), 3),
    (N_("Donated Your Allowance"), 3),
    (N_("Remembered Everyone's Birthday"), 3),
    (N_("Visited Grandpa in the Hospital"), 3),
    (N_("Adopted a Shelter Puppy"), 4),
    (N_("Organized the Toy Drive"), 4),
    (N_("Saved a Kitten from a Tree"), 5),
    (N_("Regifted a Fruitcake"), -1),
    (N_("Forgot the Thank-You Notes"), -1),
    (N_("Tattled on Your Sister"), -2),
    (N_("Peeked at Your Presents"), -2),
]
_NAUGHTY = [
    # i18n: a Naughty card: a prank (invented, the original list is lost): translate it as a short phrase
    # ("Bad Movies" is one of the original cards)
    (N_("Bad Movies"), 1),
    (N_("Stayed Up Past Bedtime"), 1),
    (N_("Ate Dessert First"), 1),
    (N_("Prank Phone Call"), 1),
    (N_("Double-Dipped the Chips"), 1),
    (N_("Snowball Ambush"), 1),
    (N_("Bad Movies"), 2),
    (N_("Read Your Sister's Diary"), 2),
    (N_("Skipped School"), 2),
    (N_("Toilet-Papered the Neighbor's Tree"), 2),
    (N_("Cheated at Monopoly"), 2),
    # i18n: a real comic-book title from the original game: keep it
    (N_("XXXenophile Comics"), 3),
    (N_("Dyed the Dog Green"), 3),
    (N_("Borrowed Dad's Car"), 3),
    (N_("Frogs in the Punch Bowl"), 3),
    (N_("Mooned the Carolers"), 4),
    (N_("Hacked the Naughty List"), 4),
    (N_("Swiped the Neighbor's Inflatable Santa"), 5),
    (N_("Wore a Sweater Vest"), -1),
    (N_("Said Sorry"), -1),
    (N_("Grounded"), -2),
    (N_("Mom Found Your Stash"), -2),
]
_SHINY = [
    # i18n: a Shiny! card: something that glitters (Sparkle Lip Gloss is from the original game): translate
    (N_("Tinsel Garland"), 1),
    (N_("Glitter Glue"), 2),
    (N_("Sequined Mittens"), 2),
    (N_("Rhinestone Tiara"), 3),
    (N_("Chrome Hubcaps"), 3),
    (N_("Light-Up Sneakers"), 3),
    (N_("Gold Pocket Watch"), 4),
    (N_("Silver Bells"), 4),
    (N_("Crystal Snow Globe"), 4),
    (N_("Diamond Earrings"), 5),
    (N_("Golden Ticket"), 5),
    (N_("Sparkle Lip Gloss"), 6),
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
