"""Naughty or Nice's gift givers (spec section 2.2): name, preferred presents, ability."""

from __future__ import annotations

from typing import NamedTuple

from games.core.words import N_
from games.naughty_or_nice.data import Giver, PresentType


class GiverInfo(NamedTuple):
    name: str
    preferred: tuple[PresentType, ...]
    ability: str


GIVERS: dict[Giver, GiverInfo] = {
    # i18n: gift givers are folklore figures: use the name they have in your language where there is
    # one (German: Weihnachtsmann, Hungarian: Télapó), keep it otherwise; keep each one distinct
    Giver.SANTA: GiverInfo(
        N_("Santa Claus"),
        (PresentType.SLEIGH,),
        N_(
            "Rudolf: tuck gained Reindeer under Rudolf (end: 3/6/9/12/15/19/23 points). "
            "Start of turn: discard 2 presents of one type to search a Reindeer for Rudolf."
        ),
    ),
    Giver.CHRISTKINDL: GiverInfo(
        # i18n: the Christ Child who brings the presents in Austria and Bavaria (Hungarian: Jézuska)
        N_("Christkindl"),
        (PresentType.BEIGLI,),
        N_("When another player's creature targets her, she may draw 1 present (deck or offer row)."),
    ),
    Giver.FATHER_CHRISTMAS: GiverInfo(
        # i18n: the English gift giver, distinct from Santa Claus in this game
        N_("Father Christmas"),
        (PresentType.STOCKINGS,),
        N_("Each Stockings given scores +2 (instead of +1)."),
    ),
    Giver.ODIN: GiverInfo(N_("Odin"), (PresentType.SWEATER,), N_("+1 for each Hurtful creature he plays.")),
    Giver.SAINT_NICHOLAS: GiverInfo(
        # i18n: the saint of 6 December (Hungarian: Szent Miklós, German: Sankt Nikolaus)
        N_("Saint Nicholas"),
        (PresentType.BIRCH,),
        N_("May leave one black slot of a kiddo uncovered when fulfilling it."),
    ),
    Giver.AUNT_ARIE: GiverInfo(
        # i18n: Aunt Arie of the Swiss Jura (German: Tante Arie)
        N_("Aunt Arie"),
        (PresentType.FONDANT,),
        N_("+1 for each Helpful creature she plays."),
    ),
    Giver.LA_BEFANA: GiverInfo(
        # i18n: the Italian Epiphany witch: keep the name
        N_("La Befana"),
        (PresentType.CRAYONS, PresentType.COAL),
        N_("Start of turn: may discard 1 kiddo from the playground."),
    ),
    Giver.DED_MOROZ: GiverInfo(
        # i18n: the Russian Grandfather Frost (German: Väterchen Frost, Hungarian: Gyed Moroz)
        N_("Ded Moroz"),
        (PresentType.CAP,),
        N_(
            "When a Snow Maiden is played by another player or discarded, take one basic action; "
            "his own Snow Maiden repeats twice."
        ),
    ),
}
