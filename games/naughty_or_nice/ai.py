"""`NaughtyOrNiceAI`: a heuristic player for Naughty or Nice, deciding from its seat's view only.

- **Plan.** The playground kiddos are ranked by their worth to the seat (list length, the
  preferred presents the hand would add, at level 5 the symbol majority / full set / same-symbol
  summon) over the slots the hand is missing (`ai_eval.Eval.targets`). Cards are valued by how
  much they fill the top targets' missing colours, plus a share of their preferred bonus.
- **Basic action.** Fulfil the best kiddo it can (Caga Tió covers missing slots, or saves a card
  when it has several), otherwise Summon when a creature is worth more than the two best Craft
  picks (and always on its last turn after Midnight, for the +1), otherwise Craft: each pick is
  the offer card worth most, or the deck when the unseen mix is worth more.
- **Creatures.** Card-gaining creatures (Elves, Krampus naming the type others most likely hold,
  Cringe on the richest hand) before the basic action; Mr Scrooge on the leader; Mari Lwyd on the
  seat with most creatures; Reindeer together once 3+ or at the end; Snow Maiden when the repeat
  is useful; Mrs. Claus and Jólakötturinn (when its RED count is safe) after the basic action.
- **Reactions.** The Tomte chain is read from the history (the creature played, its target,
  how many Tomtes so far): it reacts when cancelling (or restoring) the effect is worth more than
  keeping its Tomte; Papa Wolverine when the batch is worth taking. Otherwise it passes.
- **Gift giver.** A fixed ranking per level (abilities at level 4+).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from games.core import Action, Event, Rng
from games.core.ai import Policy
from games.naughty_or_nice import actions as A
from games.naughty_or_nice.ai_creatures import (
    claus_value,
    effect_value,
    jola_safe,
    krampus_value,
    target_of,
    tomte_chain,
)
from games.naughty_or_nice.ai_eval import Eval, needs
from games.naughty_or_nice.data import SMALL_GAME, Colour, Creature, Giver, SearchSource
from games.naughty_or_nice.viewmodels import NoNView

#: Gift givers, best first: preferred presents only (levels 2-3), and with abilities (4-5).
GIVERS_LOW = (
    Giver.LA_BEFANA,
    Giver.FATHER_CHRISTMAS,
    Giver.SAINT_NICHOLAS,
    Giver.ODIN,
    Giver.DED_MOROZ,
    Giver.AUNT_ARIE,
    Giver.CHRISTKINDL,
    Giver.SANTA,
)
GIVERS_HIGH = (
    Giver.SAINT_NICHOLAS,
    Giver.FATHER_CHRISTMAS,
    Giver.LA_BEFANA,
    Giver.ODIN,
    Giver.SANTA,
    Giver.AUNT_ARIE,
    Giver.CHRISTKINDL,
    Giver.DED_MOROZ,
)
#: Value of a card given away in a Fulfill (it could fill another kiddo later).
CARD_COST = 0.4
#: While the game is young, fulfil only kiddos worth this share of the longest list's value.
MIN_FULFIL = 1.0
KIDDO_DECK_LOW = 4
HAND_FULL = 9
#: Keeping a reaction card for a better window (before Midnight).
TOMTE_HOLD = 1.5
WOLVERINE_HOLD = 1.0
#: Keeping a Caga Tió for a Fulfill it enables.
CAGA_HOLD = 1.3


class NaughtyOrNiceAI(Policy):
    name: ClassVar[str] = "naughty-or-nice-ai"

    def __init__(self, summon_weight: float = 0.6) -> None:
        self.summon_weight = summon_weight

    def choose(self, view: Any, legal: Sequence[Action], history: Sequence[Event], rng: Rng) -> Action:
        assert isinstance(view, NoNView)
        legal = list(legal)
        if len(legal) == 1:
            return legal[0]
        ev = Eval(view)
        handler = getattr(self, f"_{view.phase}", None)
        action = handler(ev, legal, history, rng) if handler is not None else None
        if action is None or action not in legal:
            return legal[0]
        return action

    # -- simple choices ----------------------------------------------------------------------------
    def _giver_choice(self, ev: Eval, legal, history, rng) -> Action:
        order = GIVERS_HIGH if ev.abilities else GIVERS_LOW
        free = {a.giver for a in legal if isinstance(a, A.ChooseGiver)}
        return A.ChooseGiver(giver=next(g for g in order if g in free))

    def _keep(self, ev: Eval, legal, history, rng) -> Action:
        cards = ev.view.summon_choice
        best = max(range(len(cards)), key=lambda i: (ev.creature_value(cards[i].creature), -i))
        tucked = A.Keep(index=best, tuck=True)  # Santa: 3 points under Rudolf, safe from Mari Lwyd
        return tucked if tucked in legal else A.Keep(index=best)

    def _tuck(self, ev: Eval, legal, history, rng) -> Action:
        return A.Tuck(yes=True) if A.Tuck(yes=True) in legal else A.Tuck(yes=False)

    def _elves(self, ev: Eval, legal, history, rng) -> Action:
        cards = ev.view.elves_revealed
        best = max(cards, key=lambda c: (ev.card_value(c.type), -c.index))
        return A.ElvesPick(index=best.index)

    def _christkindl(self, ev: Eval, legal, history, rng) -> Action:
        return A.ChristkindlDraw(source=self._best_source(ev, legal))

    def _craft(self, ev: Eval, legal, history, rng) -> Action:
        return A.TakePresent(source=self._best_source(ev, legal))

    def _best_source(self, ev: Eval, legal) -> int:
        sources = [a.source for a in legal if isinstance(a, A.TakePresent | A.ChristkindlDraw)]
        offer = {card.index: ev.card_value(card.type) for card in ev.view.offer}

        def worth(source: int) -> float:
            return ev.deck_value if source < 0 else offer.get(source, 0.0)

        return max(sources, key=lambda s: (worth(s), s < 0))

    def _wolverine_take(self, ev: Eval, legal, history, rng) -> Action:
        batch = ev.view.batch
        values = {card.index: ev.card_value(card.type) for card in batch}

        def worth(action: A.WolverineTake) -> float:
            return sum(v for i, v in values.items() if action.mask >> i & 1)

        options = [a for a in legal if isinstance(a, A.WolverineTake)]
        return max(options, key=lambda a: (worth(a), -a.mask))

    # -- reactions ---------------------------------------------------------------------------------
    def _window(self, ev: Eval, legal, history, rng) -> Action:
        window = ev.view.window
        if window is None or not ev.view.can_react:
            return A.Pass()
        if window.reaction.value == "PAPA_WOLVERINE":
            values = sorted((ev.card_value(c.type) for c in ev.view.batch), reverse=True)
            gain = sum(values[:2]) + ev.creature_stars(Creature.PAPA_WOLVERINE)
            hold = 0.0 if ev.late else WOLVERINE_HOLD + 0.5
            return A.React() if gain > hold + 0.5 else A.Pass()
        original, tomtes = tomte_chain(history)
        if original is None:
            return A.Pass()
        value = effect_value(ev, original)
        gain = value if tomtes % 2 else -value
        hold = 0.0 if ev.late else TOMTE_HOLD
        stars = ev.creature_stars(Creature.TOMTE)
        return A.React() if gain >= 0 and gain + stars - hold > 0.3 else A.Pass()

    # -- a turn ------------------------------------------------------------------------------------
    def _turn(self, ev: Eval, legal, history, rng) -> Action:
        last = _last_turn(ev, history)
        if ev.view.basic_taken is None:
            action = self._santa_search(ev, legal) or self._pre_creature(ev, legal, last)
            if action is not None:
                return action
            return self._basic(ev, legal, last) or legal[0]
        return self._post_creature(ev, legal, last) or A.EndTurn()

    def _extra_basic(self, ev: Eval, legal, history, rng) -> Action:
        return self._basic(ev, legal, _last_turn(ev, history)) or A.Decline()

    def _basic(self, ev: Eval, legal, last: bool) -> Action | None:
        fulfil = self._best_fulfil(ev, legal)
        if fulfil is not None and (fulfil[0] >= self._fulfil_bar(ev) or A.Craft() not in legal):
            return fulfil[1]
        can_summon = A.Summon() in legal
        can_craft = A.Craft() in legal
        if ev.late and can_summon and (last or not can_craft):
            return A.Summon()
        if can_summon and can_craft:
            picks = sorted((ev.card_value(card.type) for card in ev.view.offer), reverse=True)
            draws = 2 if ev.level >= 3 else 3
            craft = sum(max(v, ev.deck_value) for v in (picks + [ev.deck_value] * draws)[:draws])
            if self.summon_weight * ev.summon_value > craft:
                return A.Summon()
        if can_craft:
            return A.Craft()
        if can_summon:
            return A.Summon()
        return None

    def _fulfil_bar(self, ev: Eval) -> float:
        """The least a Fulfill must be worth now rather than crafting toward a bigger one: basic
        actions are the bottleneck and every card given is a point, so small kiddos waste turns
        early; late (Midnight near or revealed) or with a full hand anything goes."""
        if ev.late or ev.view.kiddo_main_size <= KIDDO_DECK_LOW or len(ev.view.presents) >= HAND_FULL:
            return -99.0
        longest = 4 if ev.n in SMALL_GAME else 5
        return MIN_FULFIL * (1.0 - CARD_COST) * longest

    def _best_fulfil(self, ev: Eval, legal) -> tuple[float, Action] | None:
        best: tuple[float, Action] | None = None
        presents = {card.index: card for card in ev.view.presents}
        kiddos = {k.id: k for k in ev.view.playground}
        for action in legal:
            if isinstance(action, A.Fulfil) and action.kiddo in kiddos:
                used = [presents[i] for i in presents if action.mask >> i & 1]
                value = ev.kiddo_value(kiddos[action.kiddo]) + sum(ev.bonus(c.type) for c in used)
                value -= CARD_COST * len(used)
                if best is None or value > best[0]:
                    best = (value, action)
        cagas = ev.usable[Creature.CAGA_TIO]
        if cagas:
            stars = ev.creature_stars(Creature.CAGA_TIO)
            for kiddo in ev.view.playground:
                missing = needs(kiddo.colours, ev.hand, ev.skip_black)
                gap = sum(missing.values())
                if gap > cagas:
                    continue
                if gap:
                    colour = next(iter(missing))
                    value = ev.kiddo_value(kiddo) + gap * (stars - CAGA_HOLD * 0.5)
                    value -= CARD_COST * (len(kiddo.colours) - gap)
                else:
                    if cagas < 2 and not ev.late:
                        continue
                    colour = _cheapest_slot(ev, kiddo.colours)
                    value = ev.kiddo_value(kiddo) + stars - CAGA_HOLD * (0 if ev.late else 0.5)
                    value -= CARD_COST * (len(kiddo.colours) - 1)
                action = A.CagaTio(kiddo=kiddo.id, colour=colour)
                if action in legal and (best is None or value > best[0]):
                    best = (value, action)
        return best

    def _fulfil(self, ev: Eval, legal, history, rng) -> Action:
        """A Fulfill opened with Caga Tió: more Caga Tiós for missing slots, then the presents."""
        fulfil = ev.view.fulfil
        assert fulfil is not None
        missing = needs(fulfil.open, ev.hand, ev.skip_black)
        if missing:
            for colour in missing:
                if A.CagaTio(kiddo=fulfil.kiddo.id, colour=colour) in legal:
                    return A.CagaTio(kiddo=fulfil.kiddo.id, colour=colour)
        options = [a for a in legal if isinstance(a, A.Fulfil)]
        if not options:
            return A.Abandon()
        presents = {card.index: card for card in ev.view.presents}

        def worth(action: A.Fulfil) -> float:
            used = [presents[i] for i in presents if action.mask >> i & 1]
            return sum(ev.bonus(c.type) for c in used) - CARD_COST * len(used)

        return max(options, key=lambda a: (worth(a), -a.mask))

    # -- start abilities ---------------------------------------------------------------------------
    def _santa_search(self, ev: Eval, legal) -> Action | None:
        searches = [a for a in legal if isinstance(a, A.SantaSearch)]
        if not searches or ev.late:
            return None
        in_discard = any(c.creature == Creature.REINDEER for c in ev.view.creature_discard)
        seen = sum(1 for c in ev.view.creature_discard if c.creature == Creature.REINDEER)
        seen += sum(1 for c in ev.view.creatures if c.creature == Creature.REINDEER) + ev.me.rudolf
        unseen = 7 - seen
        if in_discard:
            source, chance = SearchSource.DISCARD, 1.0
        elif unseen >= 2 and ev.view.creature_main_size >= 6:
            source, chance = SearchSource.MAIN, 0.75
        else:
            return None
        types = {a.present for a in searches}
        cheapest = min(types, key=lambda t: ev.card_value(t))
        if 3.0 * chance > 2 * ev.card_value(cheapest) + 0.5:
            return A.SantaSearch(present=cheapest, source=source)
        return None

    # -- creatures ---------------------------------------------------------------------------------
    def _pre_creature(self, ev: Eval, legal, last: bool) -> Action | None:
        reindeer = self._reindeer(ev, legal, last)
        if reindeer is not None:
            return reindeer
        if A.PlayCreature(creature=Creature.ELVES) in legal:
            return A.PlayCreature(creature=Creature.ELVES)
        krampus = [a for a in legal if isinstance(a, A.Krampus)]
        if krampus:
            return max(krampus, key=lambda a: krampus_value(ev, a.present))
        for creature in (Creature.CRINGE, Creature.MR_SCROOGE, Creature.MARI_LWYD):
            targets = [a.seat for a in legal if isinstance(a, A.PlayOnPlayer) and a.creature == creature]
            target = target_of(ev, creature, targets, last)
            if target is not None:
                return A.PlayOnPlayer(creature=creature, seat=target)
        return None

    def _post_creature(self, ev: Eval, legal, last: bool) -> Action | None:
        action = self._pre_creature(ev, legal, last)
        if action is not None:
            return action
        if A.PlayCreature(creature=Creature.SNOW_MAIDEN) in legal and self._repeat_useful(ev, last):
            return A.PlayCreature(creature=Creature.SNOW_MAIDEN)
        claus = [a for a in legal if isinstance(a, A.MrsClaus)]
        if claus:
            return max(claus, key=lambda a: claus_value(ev, a.kiddo))
        jola = A.PlayCreature(creature=Creature.JOLAKOTTURINN)
        if jola in legal and jola_safe(ev):
            return jola
        return None

    def _reindeer(self, ev: Eval, legal, last: bool) -> Action | None:
        plays = [a for a in legal if isinstance(a, A.Reindeer)]
        if not plays:
            return None
        most = max(plays, key=lambda a: a.count)
        if most.count >= 3 or last or ev.view.creature_main_size <= 2:
            return most
        return None

    def _repeat_useful(self, ev: Eval, last: bool) -> bool:
        basic = ev.view.basic_taken
        if basic is None:
            return False
        if basic.value == "FULFIL":
            return bool(ev.view.fulfillable) or ev.usable[Creature.CAGA_TIO] > 0
        if basic.value == "CRAFT":
            return not last
        return True  # Summon: a creature, or +1 after Midnight


# -- helpers --------------------------------------------------------------------------------------
def _last_turn(ev: Eval, history: Sequence[Event]) -> bool:
    """The seat's final turn after Midnight (its last TurnStarted was marked final)."""
    if not ev.late:
        return False
    for event in reversed(history):
        if event.kind == "turn_started":
            return bool(getattr(event, "final", False))
    return False


def _cheapest_slot(ev: Eval, colours: list[Colour]) -> Colour:
    """The slot colour whose best card in hand is worth least to give (no preferred bonus)."""

    def loss(colour: Colour) -> float:
        bonuses = [ev.bonus(c.type) for c in ev.view.presents if c.colour == colour]
        return max(bonuses, default=0.0)

    return min(colours, key=lambda c: (loss(c), c.value))
