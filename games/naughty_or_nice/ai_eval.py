"""Valuations for `NaughtyOrNiceAI`, read from one seat's view only (never the state).

A present card is worth roughly 1 point when it fills a slot of a kiddo the seat is heading for,
so every value here is in points. The plan ranks the playground kiddos by what they are worth to
the seat (list length, preferred-present bonus, level-5 symbol value) over how far the hand is
from them (missing slots: a Craft gives 2 or 3 cards).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import cached_property

from games.naughty_or_nice.data import (
    CREATURES,
    PRESENTS,
    SMALL_GAME,
    Colour,
    Creature,
    CreatureType,
    Giver,
    PresentType,
)
from games.naughty_or_nice.viewmodels import KiddoCard, NoNView

#: A card that fills no slot of the planned kiddos still helps later kiddos a little.
BASE_CARD = 0.3
#: A preferred present kept in hand: its bonus when it is given later.
PREFERRED_KEEP = 0.4
#: The rough worth of one creature card in hand (its stars plus its effect).
CREATURE_BASE: dict[Creature, float] = {
    Creature.SNOW_MAIDEN: 2.5,
    Creature.ELVES: 2.4,
    Creature.MRS_CLAUS: 2.6,
    Creature.TOMTE: 1.8,
    Creature.CAGA_TIO: 2.3,
    Creature.REINDEER: 2.0,
    Creature.PAPA_WOLVERINE: 2.2,
    Creature.MR_SCROOGE: 2.4,
    Creature.JOLAKOTTURINN: 1.4,
    Creature.MARI_LWYD: 1.5,
    Creature.CRINGE: 2.4,
    Creature.KRAMPUS: 2.4,
}


def needs(colours: list[Colour], hand: Counter[Colour], skip_black: bool = False) -> Counter[Colour]:
    """The colours still missing to give `colours` from `hand` (Saint Nicholas may skip a BLACK)."""
    need = Counter(colours)
    if skip_black and need[Colour.BLACK]:
        need[Colour.BLACK] -= 1
    need.subtract(hand)
    return +need


@dataclass
class Target:
    kiddo: KiddoCard
    value: float  # points if fulfilled now (before the cards' cost)
    missing: Counter[Colour]

    @property
    def gap(self) -> int:
        return sum(self.missing.values())

    @property
    def plan(self) -> float:
        return self.value / (1.0 + 0.6 * self.gap)


class Eval:
    """Everything the policy needs to value, for the deciding seat."""

    def __init__(self, view: NoNView) -> None:
        assert view.seat is not None
        self.view = view
        self.seat = view.seat
        self.me = view.players[view.seat]
        self.n = view.num_players
        self.others = [p for p in view.players if p.seat != view.seat]
        self.level = view.level
        self.abilities = view.uses_abilities
        self.giver = self.me.giver
        self.preferred = set(self.me.preferred) if view.uses_givers else set()
        self.late = view.midnight_revealed

    # -- basics ------------------------------------------------------------------------------------
    def has(self, giver: Giver) -> bool:
        return self.abilities and self.giver == giver

    @cached_property
    def hand(self) -> Counter[Colour]:
        return Counter(card.colour for card in self.view.presents)

    @cached_property
    def skip_black(self) -> bool:
        return self.has(Giver.SAINT_NICHOLAS)

    def bonus(self, ptype: PresentType) -> float:
        if ptype not in self.preferred:
            return 0.0
        if ptype == PresentType.STOCKINGS and self.has(Giver.FATHER_CHRISTMAS):
            return 2.0
        return 1.0

    def creature_stars(self, creature: Creature) -> int:
        info = CREATURES[creature]
        extra = 0
        if self.has(Giver.ODIN) and info.ctype == CreatureType.HURTFUL:
            extra = 1
        if self.has(Giver.AUNT_ARIE) and info.ctype == CreatureType.HELPFUL:
            extra = 1
        return info.stars + extra

    @cached_property
    def usable(self) -> Counter[Creature]:
        return Counter(c.creature for c in self.view.creatures if c.usable)

    # -- level-5 symbols ---------------------------------------------------------------------------
    def symbol_value(self, kiddo: KiddoCard, fulfilled: bool = True) -> float:
        """What one more kiddo of this symbol is worth at level 5 (majority, full set, summon)."""
        if not self.view.uses_sets:
            return 0.0
        symbol = kiddo.symbol
        mine = self.me.symbols.get(symbol, 0)
        best_other = max((p.symbols.get(symbol, 0) for p in self.others), default=0)
        value = 0.0
        # Majority (3 points, ties share): leading now vs after; kept at 70% (it may change).
        before = 3.0 if mine >= 1 and mine >= best_other else 0.0
        after = 3.0 if mine + 1 >= best_other else 0.0
        value += 0.7 * (after - before)
        if mine + 1 == best_other + 1 and mine + 1 > 1:
            value += 0.3  # a lead of one is fragile but worth something
        distinct = sum(1 for count in self.me.symbols.values() if count)
        if mine == 0:
            if distinct == 4:
                value += 5.0  # the all-symbols points
                if fulfilled:
                    value += 2.0 if self.late else 3.0  # full-set bonus (2 creatures / +2)
            else:
                value += 5.0 / (5 - distinct) * 0.5
        elif fulfilled:
            value += 1.0 if self.late else 1.5  # same-symbol summon
        return value

    # -- kiddos ------------------------------------------------------------------------------------
    def kiddo_value(self, kiddo: KiddoCard) -> float:
        """The points of fulfilling `kiddo` before the preferred bonus of the actual cards."""
        return kiddo.points + self.symbol_value(kiddo)

    @cached_property
    def targets(self) -> list[Target]:
        hand = self.hand
        out = []
        for kiddo in self.view.playground:
            missing = needs(kiddo.colours, hand, self.skip_black)
            # The bonus the hand could add: the best preferred cards of the right colours.
            bonus = 0.0
            for colour, count in Counter(kiddo.colours).items():
                prefs = sorted(
                    (self.bonus(card.type) for card in self.view.presents if card.colour == colour),
                    reverse=True,
                )
                bonus += sum(prefs[:count])
            out.append(Target(kiddo, self.kiddo_value(kiddo) + 0.5 * bonus, missing))
        out.sort(key=lambda t: -t.plan)
        return out

    @cached_property
    def colour_use(self) -> dict[Colour, float]:
        """How much one more card of each colour brings the planned kiddos closer (points)."""
        weights = (1.0, 0.5, 0.25)
        use = {colour: BASE_CARD for colour in Colour}
        for weight, target in zip(weights, self.targets, strict=False):
            for colour, count in target.missing.items():
                if count:
                    use[colour] += weight * min(1.0, target.value / max(1, len(target.kiddo.colours)))
        return use

    def card_value(self, ptype: PresentType) -> float:
        value = self.colour_use[PRESENTS[ptype].colour]
        bonus = self.bonus(ptype)
        if bonus:
            value += PREFERRED_KEEP * bonus
        return value

    @cached_property
    def unseen_presents(self) -> Counter[PresentType]:
        """Present types not visible to the seat (deck and other hands), by count."""
        copies = 3 if self.n in SMALL_GAME else 4
        unseen = Counter({ptype: copies for ptype in PresentType})
        for card in [*self.view.presents, *self.view.offer, *self.view.present_discard]:
            unseen[card.type] -= 1
        return +unseen

    @cached_property
    def deck_value(self) -> float:
        unseen = self.unseen_presents
        total = sum(unseen.values())
        if not total:
            return BASE_CARD
        return sum(count * self.card_value(ptype) for ptype, count in unseen.items()) / total

    # -- creatures ---------------------------------------------------------------------------------
    def creature_value(self, creature: Creature) -> float:
        value = CREATURE_BASE[creature]
        stars = self.creature_stars(creature)
        value += stars - CREATURES[creature].stars
        if creature == Creature.REINDEER:
            held = self.usable[Creature.REINDEER] + sum(
                1 for c in self.view.creatures if c.creature == Creature.REINDEER and not c.usable
            )
            value += min(held, 3) * 1.0
            if self.has(Giver.SANTA):
                value = 3.0 + (1.0 if self.me.rudolf >= 5 else 0.0)
        if creature == Creature.SNOW_MAIDEN and self.has(Giver.DED_MOROZ):
            value += 1.5
        if creature == Creature.MR_SCROOGE and self.n == 2:
            value += 0.6
        if creature == Creature.MARI_LWYD and any(p.creatures_count for p in self.others):
            value += 0.5
        return value

    @cached_property
    def summon_value(self) -> float:
        """The expected worth of keeping the better of 2 unseen creatures."""
        if self.late:
            return 1.0
        if self.view.creature_main_size + self.view.creature_bottom_size == 0:
            return 0.0
        values = sorted(self.creature_value(c) for c in Creature)
        # The better of two draws from a roughly even mix.
        return sum(values[len(values) // 2 :]) / len(values[len(values) // 2 :])
