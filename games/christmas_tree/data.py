"""Christmas Tree as data: the ornament cards, the deck per seat count and the three modes.

Every table here is `shared/rules/christmas-tree.md` section 2 and 4.1. The card data is a spec
**(decision)** (section 13 #6: the card faces were lost with the rulebook's pictures). The engine
looks these tables up; it never spells the rules out as if-chains. The board geometry is in
`board.py`, the 30 objective cards in `objectives.py`.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import NamedTuple


class Kind(StrEnum):
    GLASS = "glass"
    CANDY = "candy"
    GINGERBREAD = "gingerbread"


class Mode(StrEnum):
    FAMILY = "family"
    NORMAL = "normal"
    ADVANCED = "advanced"


class Phase(StrEnum):
    OBJECTIVES = "OBJECTIVES"  # R2: every player chooses an objective in secret (Normal/Advanced)
    TURN = "TURN"  # R3b-R3d: every player picks and places a card in secret
    GAME_OVER = "GAME_OVER"


COLOURS = ("red", "yellow", "blue")
SHAPES = ("star", "ball", "oval")
#: The four sides of a diamond, in the order of the tables' columns (spec 3.4).
SIDES = ("NW", "NE", "SE", "SW")
NW, NE, SE, SW = range(4)
BULB_LETTER = {"R": "red", "Y": "yellow", "B": "blue", "-": None}
ROTATIONS = (0, 180)


def opposite(side: int) -> int:
    """Spec 3.6: turning a card 180 degrees swaps NW<->SE and NE<->SW."""
    return (side + 2) % 4


def shown_side(board_side: int, rotation: int) -> int:
    """The printed side that appears at `board_side` of a card placed with `rotation` (spec 3.6)."""
    return board_side if rotation == 0 else opposite(board_side)


@dataclass(frozen=True)
class Card:
    """One ornament card. `sides` are the bulbs (glass) or the symbols (gingerbread), NW..SW,
    as printed (orientation 0); `None` is an empty side. Candies have neither (spec 13 #7)."""

    code: str
    kind: Kind
    value: int = 0  # the snowflakes: 0-2 for glass, 3-6 for candies, 0 for gingerbreads
    colour: str | None = None
    shape: str | None = None
    sides: tuple[str | None, str | None, str | None, str | None] = (None, None, None, None)
    four_players_only: bool = False

    def matches(self, match: tuple[str, str]) -> bool:
        """Whether the card has `attribute == value`, e.g. ("colour", "red") or ("kind", "candy")."""
        attribute, value = match
        return getattr(self, attribute) == value

    @property
    def bulbs(self) -> int:
        return sum(side is not None for side in self.sides) if self.kind == Kind.GLASS else 0


# -- 2.3 glass ornaments (72) ----------------------------------------------------------------------
#: Within each colour/shape pair of 8 cards: the value and the 4p mark by position (spec 2.3).
GLASS_VALUE_BY_POSITION = (0, 0, 0, 1, 1, 1, 2, 2)
GLASS_FOUR_PLAYERS_POSITIONS = frozenset({3, 6})
#: The bulbs NW NE SE SW of the 8 cards of each pair, in id order G01..G72 (spec table 2.3).
GLASS_BULBS: dict[tuple[str, str], str] = {
    ("red", "star"): "RYBR -YBR YB-R YB-- R-Y- -BR- -Y-- ---B",
    ("red", "ball"): "YBRY B-RY BRY- -BR- -Y-B R--Y --B- R---",
    ("red", "oval"): "BRYB RY-B -RYB --RY B-R- YB-- ---R -Y--",
    ("yellow", "star"): "RYBR YBR- Y-BR Y--B -R-Y --BR Y--- --B-",
    ("yellow", "ball"): "YBRY -BRY BR-Y BR-- Y-B- -RY- -B-- ---R",
    ("yellow", "oval"): "BRYB R-YB RYB- -RY- -B-R Y--B --R- Y---",
    ("blue", "star"): "RYBR YB-R -YBR --YB R-Y- BR-- ---Y -B--",
    ("blue", "ball"): "YBRY BRY- B-RY B--R -Y-B --RY B--- --R-",
    ("blue", "oval"): "BRYB -RYB RY-B RY-- B-R- -YB- -R-- ---Y",
}


def _glass() -> list[Card]:
    cards = []
    for pair, ((colour, shape), bulbs) in enumerate(GLASS_BULBS.items()):
        for position, sides in enumerate(bulbs.split(), start=1):
            cards.append(
                Card(
                    code=f"G{pair * 8 + position:02d}",
                    kind=Kind.GLASS,
                    value=GLASS_VALUE_BY_POSITION[position - 1],
                    colour=colour,
                    shape=shape,
                    sides=tuple(BULB_LETTER[letter] for letter in sides),  # type: ignore[arg-type]
                    four_players_only=position in GLASS_FOUR_PLAYERS_POSITIONS,
                )
            )
    return cards


# -- 2.4 wrapped candies (16): (value, 4p only) for W01..W16 ---------------------------------------
CANDIES: tuple[tuple[int, bool], ...] = tuple(
    (value, copy == 4) for value in (3, 4, 5, 6) for copy in (1, 2, 3, 4)
)

# -- 2.5 gingerbreads (18): the requirement symbols NW NE SE SW of J01..J18 -------------------------
GINGERBREADS: tuple[str, ...] = (
    "red star yellow ball",
    "red yellow star oval",
    "ball red oval yellow",
    "red ball blue star",
    "blue red ball oval",
    "oval red star blue",
    "yellow star blue ball",
    "yellow blue star oval",
    "ball yellow oval blue",
    "red oval yellow star",
    "blue ball red star",
    "yellow oval blue ball",
    "candy red star yellow",
    "blue candy yellow ball",
    "oval red candy blue",
    "red oval ball candy",
    "candy star yellow oval",
    "ball candy star blue",
)
CANDY_SYMBOL = "candy"
#: What a gingerbread symbol asks of the neighbouring card: (card attribute, value) (spec 7).
#: A colour or shape can only be met by a glass ornament (no other card has one).
SYMBOL_MATCH: dict[str, tuple[str, str]] = {
    **{colour: ("colour", colour) for colour in COLOURS},
    **{shape: ("shape", shape) for shape in SHAPES},
    CANDY_SYMBOL: ("kind", Kind.CANDY),
}
#: Spec 7: a gingerbread with 0..4 correct neighbours scores this many points.
GINGERBREAD_POINTS = (2, 4, 8, 12, 18)
#: Spec 7: each complete bulb is worth 2 points at the final evaluation; an unused cookie 1.
POINTS_PER_COMPLETE_BULB = 2
POINTS_PER_COOKIE = 1


def _all_cards() -> dict[str, Card]:
    cards = _glass()
    cards += [
        Card(code=f"W{n:02d}", kind=Kind.CANDY, value=value, four_players_only=only4)
        for n, (value, only4) in enumerate(CANDIES, start=1)
    ]
    cards += [
        Card(code=f"J{n:02d}", kind=Kind.GINGERBREAD, sides=tuple(symbols.split()))  # type: ignore[arg-type]
        for n, symbols in enumerate(GINGERBREADS, start=1)
    ]
    return {card.code: card for card in cards}


CARDS: dict[str, Card] = _all_cards()


# -- 2.2 the deck per seat count ---------------------------------------------------------------------
class DeckRule(NamedTuple):
    with_four_player_cards: bool
    gingerbreads_per_seat: int


DECKS: dict[int, DeckRule] = {3: DeckRule(False, 3), 4: DeckRule(True, 3)}
ROUNDS = 3
HAND_SIZE = 8  # cards dealt to each seat per round
TURNS = 7  # cards placed per round; the 8th leaves the game
BOARD_CELLS = 21
#: Spec 4.2 / 9: with 2 players a third, neutral seat plays; it is seat 2.
NEUTRAL_FOR_PLAYERS: dict[int, int] = {2: 2}


def seats_for(players: int) -> int:
    return players + (players in NEUTRAL_FOR_PLAYERS)


def base_deck(seats: int) -> list[str]:
    """The glass ornaments and candies of a game of `seats` seats (gingerbreads are drawn at random)."""
    rule = DECKS[seats]
    return [
        code
        for code, card in CARDS.items()
        if card.kind != Kind.GINGERBREAD and (rule.with_four_player_cards or not card.four_players_only)
    ]


GINGERBREAD_CODES: tuple[str, ...] = tuple(c for c, card in CARDS.items() if card.kind == Kind.GINGERBREAD)


def deck_size(seats: int) -> int:
    return len(base_deck(seats)) + DECKS[seats].gingerbreads_per_seat * seats


# -- 4.1 the modes ----------------------------------------------------------------------------------
class ObjectiveStyle(StrEnum):
    TABLE = "table"  # Family: 3 random objectives face up each round
    OPEN = "open"  # Normal: chosen in secret, revealed together before the first pick
    HIDDEN = "hidden"  # Advanced: chosen in secret, travel in the hand, revealed when back home


class ModeRules(NamedTuple):
    bells: frozenset[int]  # which objective cards are in the pool (spec 2.6, 13 #1)
    objectives_dealt: int  # to each human player at setup
    table_objectives: int  # Family: drawn face up per round (spec 13 #3: always 3)
    cookies: int
    adjacency: bool  # Advanced placement rule (spec 6.1)
    directions: tuple[int, int, int]  # hand passing per round: +1 = left (s -> s+1), -1 = right
    style: ObjectiveStyle


MODES: dict[Mode, ModeRules] = {
    Mode.FAMILY: ModeRules(frozenset({1}), 0, 3, 0, False, (1, 1, 1), ObjectiveStyle.TABLE),
    Mode.NORMAL: ModeRules(frozenset({1, 2}), 4, 0, 3, False, (1, 1, 1), ObjectiveStyle.OPEN),
    Mode.ADVANCED: ModeRules(frozenset({1, 2, 3}), 5, 0, 4, True, (1, -1, 1), ObjectiveStyle.HIDDEN),
}
DIRECTION_NAME = {1: "left", -1: "right"}


def card_label(code: str) -> str:
    """A short human name for a card, e.g. `G12 red ball (1)`, `W13 candy (6)`, `J18 gingerbread`."""
    card = CARDS[code]
    if card.kind == Kind.GLASS:
        return f"{code} {card.colour} {card.shape} ({card.value})"
    if card.kind == Kind.CANDY:
        return f"{code} candy ({card.value})"
    return f"{code} gingerbread"
