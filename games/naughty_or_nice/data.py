"""Naughty or Nice as data: presents, creatures, kiddos, levels (spec section 2; gift givers in givers.py).

The engine looks these tables up; card behaviour that differs per card lives here, not in
if-chains. Card ids follow the spec: presents P01-P48, creatures C01-C40, kiddos K01-K40.
"""

from __future__ import annotations

from enum import StrEnum
from typing import NamedTuple

from games.core.words import N_


class Colour(StrEnum):
    RED = "RED"
    BLUE = "BLUE"
    BLACK = "BLACK"
    GREEN = "GREEN"


class PresentType(StrEnum):
    STOCKINGS = "STOCKINGS"
    CAP = "CAP"
    SWEATER = "SWEATER"
    BEIGLI = "BEIGLI"
    HOT_CHOCOLATE = "HOT_CHOCOLATE"
    FONDANT = "FONDANT"
    OLD_POTATOES = "OLD_POTATOES"
    COAL = "COAL"
    BIRCH = "BIRCH"
    TEDDY_BEAR = "TEDDY_BEAR"
    SLEIGH = "SLEIGH"
    CRAYONS = "CRAYONS"


class Symbol(StrEnum):
    STAR = "STAR"
    HEART = "HEART"
    MOON = "MOON"
    BELL = "BELL"
    SNOWFLAKE = "SNOWFLAKE"


class CreatureType(StrEnum):
    HELPFUL = "HELPFUL"
    HURTFUL = "HURTFUL"
    NEUTRAL = "NEUTRAL"


class Creature(StrEnum):
    SNOW_MAIDEN = "SNOW_MAIDEN"
    ELVES = "ELVES"
    MRS_CLAUS = "MRS_CLAUS"
    TOMTE = "TOMTE"
    CAGA_TIO = "CAGA_TIO"
    REINDEER = "REINDEER"
    PAPA_WOLVERINE = "PAPA_WOLVERINE"
    MR_SCROOGE = "MR_SCROOGE"
    JOLAKOTTURINN = "JOLAKOTTURINN"
    MARI_LWYD = "MARI_LWYD"
    CRINGE = "CRINGE"
    KRAMPUS = "KRAMPUS"


class Giver(StrEnum):
    SANTA = "SANTA"
    CHRISTKINDL = "CHRISTKINDL"
    FATHER_CHRISTMAS = "FATHER_CHRISTMAS"
    ODIN = "ODIN"
    SAINT_NICHOLAS = "SAINT_NICHOLAS"
    AUNT_ARIE = "AUNT_ARIE"
    LA_BEFANA = "LA_BEFANA"
    DED_MOROZ = "DED_MOROZ"


class Basic(StrEnum):
    CRAFT = "CRAFT"
    SUMMON = "SUMMON"
    FULFIL = "FULFIL"


class Reaction(StrEnum):
    TOMTE = "TOMTE"
    PAPA_WOLVERINE = "PAPA_WOLVERINE"


class SearchSource(StrEnum):
    """Where Santa searches for a Reindeer (spec 2.2.1)."""

    DISCARD = "DISCARD"
    MAIN = "MAIN"
    BOTTOM = "BOTTOM"


# -- 2.3 presents ---------------------------------------------------------------------------------
class PresentInfo(NamedTuple):
    colour: Colour
    name: str


PRESENTS: dict[PresentType, PresentInfo] = {
    # i18n: a present card: a plain thing, translated like any word
    PresentType.STOCKINGS: PresentInfo(Colour.RED, N_("Stockings")),
    PresentType.CAP: PresentInfo(Colour.RED, N_("Cap")),
    PresentType.SWEATER: PresentInfo(Colour.RED, N_("Sweater")),
    # i18n: the Hungarian poppy-seed or walnut roll (the designer is Hungarian): "bejgli" in Hungarian
    PresentType.BEIGLI: PresentInfo(Colour.BLUE, N_("Beigli")),
    PresentType.HOT_CHOCOLATE: PresentInfo(Colour.BLUE, N_("Hot Chocolate")),
    # i18n: a fondant sweet (in Hungary the fondant szaloncukor hangs on the Christmas tree)
    PresentType.FONDANT: PresentInfo(Colour.BLUE, N_("Fondant")),
    PresentType.OLD_POTATOES: PresentInfo(Colour.BLACK, N_("Old Potatoes")),
    PresentType.COAL: PresentInfo(Colour.BLACK, N_("Coal")),
    PresentType.BIRCH: PresentInfo(Colour.BLACK, N_("Birch")),
    PresentType.TEDDY_BEAR: PresentInfo(Colour.GREEN, N_("Teddy Bear")),
    PresentType.SLEIGH: PresentInfo(Colour.GREEN, N_("Sleigh")),
    PresentType.CRAYONS: PresentInfo(Colour.GREEN, N_("Crayons")),
}
PRESENT_COPIES = 4
#: P01..P48, four consecutive ids per type in table order.
PRESENT_TYPE_OF: dict[str, PresentType] = {
    f"P{4 * i + k + 1:02d}": ptype for i, ptype in enumerate(PRESENTS) for k in range(PRESENT_COPIES)
}
#: 2-3 players: the first copy of each type is removed (spec 2.9).
PRESENTS_REMOVED_SMALL = frozenset(f"P{4 * i + 1:02d}" for i in range(len(PRESENTS)))


def present_colour(card: str) -> Colour:
    return PRESENTS[PRESENT_TYPE_OF[card]].colour


# -- 2.4 creatures --------------------------------------------------------------------------------
class CreatureInfo(NamedTuple):
    name: str
    ctype: CreatureType
    copies: int
    stars: int
    #: "free" (own turn, free action), "post" (after the basic action), "reaction", "fulfil", "set"
    timing: str
    #: what the play names: "" | "seat" | "present" | "kiddo" | "colour"
    target: str
    text: str


CREATURES: dict[Creature, CreatureInfo] = {
    Creature.SNOW_MAIDEN: CreatureInfo(
        # i18n: Snegurochka, Ded Moroz's granddaughter (Hungarian: Hóleány, German: Snegurotschka)
        N_("Snow Maiden"),
        CreatureType.HELPFUL,
        3,
        0,
        "post",
        "",
        N_("Repeat this turn's basic action type once more."),
    ),
    Creature.ELVES: CreatureInfo(
        # i18n: Santa's helpers (German: Wichtel, Hungarian: Manók)
        N_("Elves"),
        CreatureType.HELPFUL,
        3,
        1,
        "free",
        "",
        N_("Reveal players+1 presents; you pick, then each other player, then you take the last."),
    ),
    Creature.MRS_CLAUS: CreatureInfo(
        # i18n: Santa's wife
        N_("Mrs. Claus"),
        CreatureType.HELPFUL,
        3,
        2,
        "free",
        "kiddo",
        N_("Take a kiddo from the playground without presents (0 kiddo points)."),
    ),
    Creature.TOMTE: CreatureInfo(
        # i18n: the Scandinavian house gnome: keep the name
        N_("Tomte"),
        CreatureType.HELPFUL,
        3,
        1,
        "reaction",
        "",
        N_("Reaction: cancel the written effect of a creature just played by another player."),
    ),
    Creature.CAGA_TIO: CreatureInfo(
        # i18n: the Catalan Christmas log: keep the name
        N_("Caga Tió"),
        CreatureType.HELPFUL,
        3,
        1,
        "fulfil",
        "colour",
        N_("In your Fulfill: covers one slot of any colour."),
    ),
    Creature.REINDEER: CreatureInfo(
        N_("Reindeer"),
        CreatureType.NEUTRAL,
        7,
        0,
        "set",
        "",
        N_("Play 1-4 together: 2 / 5 / 8 / 12 points."),
    ),
    Creature.PAPA_WOLVERINE: CreatureInfo(
        # i18n: a hurtful creature of this game: keep the name
        N_("Papa Wolverine"),
        CreatureType.HURTFUL,
        3,
        1,
        "reaction",
        "",
        N_("Reaction to another player's Fulfill: take up to 2 of the given presents."),
    ),
    Creature.MR_SCROOGE: CreatureInfo(
        # i18n: Ebenezer Scrooge of Dickens' Christmas Carol (German and Hungarian: Scrooge)
        N_("Mr Scrooge"),
        CreatureType.HURTFUL,
        3,
        1,
        "free",
        "seat",
        N_("Another player skips their next turn."),
    ),
    Creature.JOLAKOTTURINN: CreatureInfo(
        # i18n: the Icelandic Yule Cat: keep the Icelandic name
        N_("Jólakötturinn"),
        CreatureType.HURTFUL,
        3,
        1,
        "free",
        "",
        N_("Fewest red presents in hand loses 3 points (2 each if tied)."),
    ),
    Creature.MARI_LWYD: CreatureInfo(
        # i18n: the Welsh hobby horse: keep the name
        N_("Mari Lwyd"),
        CreatureType.HURTFUL,
        3,
        1,
        "free",
        "seat",
        N_("Steal 1 random creature from another player's hand."),
    ),
    Creature.CRINGE: CreatureInfo(
        # i18n: a hurtful creature of this game: keep the name
        N_("Cringe"),
        CreatureType.HURTFUL,
        3,
        1,
        "free",
        "seat",
        N_("Steal 2 random presents from another player's hand."),
    ),
    Creature.KRAMPUS: CreatureInfo(
        # i18n: Saint Nicholas' Alpine companion (Hungarian spelling: Krampusz)
        N_("Krampus"),
        CreatureType.HURTFUL,
        3,
        1,
        "free",
        "present",
        N_("Name a present type: every other player gives you one; if nobody does, draw 2."),
    ),
}
#: C01..C40 in table order (spec 2.4).
CREATURE_OF: dict[str, Creature] = {}
for _kind, _info in CREATURES.items():
    for _ in range(_info.copies):
        CREATURE_OF[f"C{len(CREATURE_OF) + 1:02d}"] = _kind
REINDEER_NAMES = ("Dasher", "Dancer", "Prancer", "Vixen", "Comet", "Cupid", "Dunder")
#: Points for one play of 1..4 Reindeer together.
REINDEER_POINTS = {1: 2, 2: 5, 3: 8, 4: 12}
#: Santa's end-game points by the number of Reindeer under Rudolf.
RUDOLF_POINTS = (0, 3, 6, 9, 12, 15, 19, 23)
#: Creatures that, played by another player, target Christkindl (spec 2.2 decision list).
TARGETS_EVERYONE = frozenset({Creature.ELVES, Creature.JOLAKOTTURINN, Creature.KRAMPUS})
TARGETS_A_PLAYER = frozenset({Creature.CRINGE, Creature.MARI_LWYD, Creature.MR_SCROOGE})


# -- 2.5 kiddos -----------------------------------------------------------------------------------
class KiddoInfo(NamedTuple):
    name: str
    symbol: Symbol
    colours: tuple[Colour, ...]
    removed_small: bool


_R, _U, _K, _G = Colour.RED, Colour.BLUE, Colour.BLACK, Colour.GREEN
_ST, _HE, _MO, _BE, _SN = Symbol.STAR, Symbol.HEART, Symbol.MOON, Symbol.BELL, Symbol.SNOWFLAKE
_KIDDO_ROWS = [
    # i18n: a kiddo's first name: keep it as it is (names of children from all over the world)
    (N_("Amara"), _ST, (_R, _U), False),
    (N_("Lukas"), _ST, (_K, _K), False),
    (N_("Benjamin"), _ST, (_R, _R, _R), False),
    (N_("Sofia"), _ST, (_U, _K, _G), False),
    (N_("Hiroshi"), _ST, (_G, _G, _R), False),
    (N_("Ingrid"), _ST, (_R, _U, _K, _G), False),
    (N_("Mateo"), _ST, (_U, _U, _G, _G), True),
    (N_("Zofia"), _ST, (_R, _U, _K, _K, _G), True),
    (N_("Aisha"), _HE, (_U, _G), False),
    (N_("Oliver"), _HE, (_R, _R), False),
    (N_("Mei"), _HE, (_U, _U, _U), False),
    (N_("Kofi"), _HE, (_G, _R, _K), False),
    (N_("Elena"), _HE, (_K, _K, _U), False),
    (N_("Noah"), _HE, (_U, _G, _R, _K), False),
    (N_("Priya"), _HE, (_G, _G, _K, _K), True),
    (N_("Tomasz"), _HE, (_U, _G, _R, _R, _K), True),
    (N_("Leila"), _MO, (_G, _K), False),
    (N_("Finn"), _MO, (_U, _U), False),
    (N_("Yuki"), _MO, (_G, _G, _G), False),
    (N_("Diego"), _MO, (_K, _U, _R), False),
    (N_("Anya"), _MO, (_R, _R, _G), False),
    (N_("Kwame"), _MO, (_G, _K, _U, _R), False),
    (N_("Chloe"), _MO, (_K, _K, _R, _R), True),
    (N_("Ravi"), _MO, (_G, _K, _U, _U, _R), True),
    (N_("Emma"), _BE, (_K, _R), False),
    (N_("Jonas"), _BE, (_G, _G), False),
    (N_("Fatima"), _BE, (_K, _K, _K), False),
    (N_("Pedro"), _BE, (_R, _G, _U), False),
    (N_("Hana"), _BE, (_U, _U, _K), False),
    (N_("Liam"), _BE, (_K, _R, _G, _U), False),
    (N_("Nadia"), _BE, (_R, _R, _U, _U), True),
    (N_("Bence"), _BE, (_K, _R, _G, _G, _U), True),
    (N_("Ava"), _SN, (_R, _G), False),
    (N_("Mikko"), _SN, (_U, _U), False),
    (N_("Chiara"), _SN, (_R, _R, _R), False),
    (N_("Omar"), _SN, (_G, _U, _K), False),
    (N_("Saoirse"), _SN, (_K, _K, _R), False),
    (N_("Dmitri"), _SN, (_R, _G, _U, _K), False),
    (N_("Lucia"), _SN, (_G, _G, _K, _K), True),
    (N_("Arjun"), _SN, (_R, _G, _U, _U, _K), True),
]
KIDDOS: dict[str, KiddoInfo] = {f"K{i + 1:02d}": KiddoInfo(*row) for i, row in enumerate(_KIDDO_ROWS)}
MIDNIGHT_KIDDO = "MIDNIGHT_KIDDO"
MIDNIGHT_CREATURE = "MIDNIGHT_CREATURE"
MIDNIGHTS = frozenset({MIDNIGHT_KIDDO, MIDNIGHT_CREATURE})
#: Midnight goes among this many bottom cards of its deck (spec 2.7).
BOTTOM_STACK = 6
PLAYGROUND_SIZE = 8
OFFER_SIZE = 3
SMALL_GAME = frozenset({2, 3})


# -- 2.8 levels -----------------------------------------------------------------------------------
class LevelInfo(NamedTuple):
    hand_presents: int
    hand_creatures: int
    craft_draws: int
    givers: bool  # preferred presents (level 2+)
    creatures: bool  # creature deck, Summon, reactions (level 3+)
    abilities: bool  # written giver abilities and Rudolf (level 4+)
    sets: bool  # set collection (level 5)


LEVELS: dict[int, LevelInfo] = {
    1: LevelInfo(6, 0, 3, False, False, False, False),
    2: LevelInfo(6, 0, 3, True, False, False, False),
    3: LevelInfo(4, 1, 2, True, True, False, False),
    4: LevelInfo(4, 1, 2, True, True, True, False),
    5: LevelInfo(4, 1, 2, True, True, True, True),
}
SYMBOL_MAJORITY_POINTS = 3
ALL_SYMBOLS_POINTS = 5
FULL_SET_BONUS_CREATURES = 2
