"""NaughtyAndNiceAI: balance its own two totals, hurt the leader, end the game when ahead.

Everything is read from the seat's view (public play areas, its own hand); the history is not
needed. A position is valued per player by `_worth`: the score expected at the end from the cards
in play (Shiny! cards oriented as well as possible, each orientation counting on half the die
rolls), minus a little for the expected difference (the tiebreak), plus a little for a surplus on
the strong side (the next cards for the weak side then count in full) while the game goes on.
The seat's utility is its own worth minus a soft maximum of the others' (so harming the leader
matters most), minus a penalty for letting the end trigger be met while it is behind.

- Declare: NONE by default. A declaration only throws away the drawn cards of the other type
  (the draws are capped at 4 either way), and measured AI against AI it loses; `declare_gap`
  turns on declaring toward the weaker side when it trails by that much.
- Draw: always the most allowed (a card is never a burden: it can go on anyone).
- Play: the card and target that raise the utility most (own weak side, a negative card on the
  leader's weak side, a Shiny! on the leader with the best steal); the cards kept in hand are the
  ones least useful now.
- Steal: the set of the target's cards within the budget that raises the utility most, taken
  one card at a time.
- End: declares when its worth leads every other's by `end_margin` (1 point) or more.
- Orient: the face-up / face-down split of its Shiny! cards with the best chance to win (the die
  is shared; the others' orientations are unknown, so each of their Shiny! cards counts half the
  time), then the best expected score.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import lru_cache
from itertools import product
from typing import ClassVar

from games.core import Action, Event, Rng
from games.core.ai import Policy
from games.naughty_and_nice.data import CardType, Declaration, Phase
from games.naughty_and_nice.models import (
    Declare,
    DeclareEnd,
    Draw,
    Orient,
    Pass,
    Play,
    StopTaking,
    Take,
)
from games.naughty_and_nice.view_models import CardInfo, NNView

Key = tuple[CardType, int]  # a card as far as scoring goes: (type, value)
Cards = tuple[Key, ...]  # the cards in one play area


# -- scoring a play area ----------------------------------------------------------------------
@lru_cache(maxsize=65536)
def _best(naughty: int, nice: int, values: tuple[int, ...]) -> tuple[int, int]:
    """(score, difference) with the counting Shiny! `values` allocated as well as possible."""
    sums = {(0, 0)}
    for v in values:
        sums |= {(a + v, b) for a, b in sums} | {(a, b + v) for a, b in sums}
    best = max(sums, key=lambda s: (min(naughty + s[0], nice + s[1]), -abs(naughty + s[0] - nice - s[1])))
    return min(naughty + best[0], nice + best[1]), abs(naughty + best[0] - nice - best[1])


def _splits(k: int) -> list[tuple[bool, ...]]:
    """Face-up flags of k Shiny! cards; the first card is face up (flipping all is symmetric)."""
    return [(True, *rest) for rest in product((True, False), repeat=k - 1)] if k else [()]


#: Beyond this many Shiny! cards, only a few splits of the sorted cards are tried: at the end
#: (the orientation decision), and while valuing positions mid-game (kept quick).
_MAX_SPLIT = 8
_MAX_SPLIT_MIDGAME = 5


@lru_cache(maxsize=65536)
def _expected(naughty: int, nice: int, shinies: tuple[int, ...]) -> tuple[float, float]:
    """(expected score, expected difference) with the best orientation for expected score."""
    if not shinies:
        score, diff = _best(naughty, nice, ())
        return float(score), float(diff)
    best: tuple[float, float] | None = None
    for up in _orientations(len(shinies), _MAX_SPLIT_MIDGAME):
        ups = tuple(v for v, u in zip(shinies, up, strict=True) if u)
        downs = tuple(v for v, u in zip(shinies, up, strict=True) if not u)
        s1, d1 = _best(naughty, nice, ups)
        s2, d2 = _best(naughty, nice, downs)
        value = ((s1 + s2) / 2, (d1 + d2) / 2)
        if best is None or (value[0], -value[1]) > (best[0], -best[1]):
            best = value
    assert best is not None
    return best


def _orientations(k: int, limit: int = _MAX_SPLIT) -> list[tuple[bool, ...]]:
    if k <= limit:
        return _splits(k)
    # Many Shiny! cards (sorted by value): alternate them, or put a prefix up.
    alternate = tuple(i % 2 == 0 for i in range(k))
    return [alternate] + [tuple(i < j for i in range(k)) for j in range(1, k)]


# -- a position -------------------------------------------------------------------------------
def _totals(cards: Cards) -> tuple[int, int, tuple[int, ...]]:
    naughty = sum(v for t, v in cards if t == CardType.NAUGHTY)
    nice = sum(v for t, v in cards if t == CardType.NICE)
    shinies = tuple(sorted(v for t, v in cards if t == CardType.SHINY))
    return naughty, nice, shinies


@lru_cache(maxsize=65536)
def _area_worth(
    cards: Cards, ongoing: bool, diff_weight: float, surplus_weight: float, surplus_cap: int
) -> float:
    """A player's worth (see the module docstring) from its cards in play."""
    naughty, nice, shinies = _totals(cards)
    score, diff = _expected(naughty, nice, shinies)
    worth = score - diff_weight * diff
    if ongoing:
        worth += surplus_weight * min(abs(naughty - nice), surplus_cap)
    return worth


class NaughtyAndNiceAI(Policy):
    name: ClassVar[str] = "naughty-and-nice-ai"

    #: Weight of the expected difference (the tiebreak) in a player's worth.
    diff_weight: ClassVar[float] = 0.05
    #: While the game goes on: worth of a surplus on the strong side, up to `surplus_cap`.
    surplus_weight: ClassVar[float] = 0.2
    surplus_cap: ClassVar[int] = 3
    #: Temperature of the soft maximum over the others' worth (small: the leader dominates).
    temperature: ClassVar[float] = 1.0
    #: Utility lost per point behind when the end trigger is met and nobody has declared yet.
    trigger_penalty: ClassVar[float] = 0.5
    #: Declares the end with a lead of at least this many points (expected score).
    end_margin: ClassVar[float] = 1.0
    #: Declares toward the weaker side when it trails the other by at least this much; None:
    #: never (the default: a declaration only throws cards away, and measured AI against AI it
    #: loses, see docs/ai.md).
    declare_gap: ClassVar[int | None] = None

    # -- valuing ------------------------------------------------------------------------------
    def _worth(self, cards: Cards, ongoing: bool) -> float:
        return _area_worth(cards, ongoing, self.diff_weight, self.surplus_weight, self.surplus_cap)

    def _utility(self, areas: Sequence[Cards], seat: int, view: NNView) -> float:
        ongoing = not view.last_turn and view.end_declared_by is None
        worths = [self._worth(a, ongoing) for a in areas]
        mine = worths[seat]
        others = [w for s, w in enumerate(worths) if s != seat]
        t = self.temperature
        top = max(others)
        rival = top + t * math.log(sum(math.exp((w - top) / t) for w in others))
        rival -= t * math.log(len(others))  # so that n equal rivals count as one of them
        utility = mine - rival
        if view.end_declared_by is None and any(len(a) >= view.end_trigger for a in areas):
            utility -= self.trigger_penalty * max(0.0, top - mine)
        return utility

    def _lead(self, view: NNView) -> float:
        """The seat's expected score minus the best other's, from the cards in play."""
        assert view.seat is not None
        worths = [self._worth(_area(p.cards_in_play), False) for p in view.players]
        return worths[view.seat] - max(w for s, w in enumerate(worths) if s != view.seat)

    # -- deciding -----------------------------------------------------------------------------
    def choose(self, view: NNView, legal: Sequence[Action], history: Sequence[Event], rng: Rng) -> Action:
        legal = list(legal)
        if view.phase == Phase.DECLARE:
            return self._declare(view, legal)
        if view.phase == Phase.DRAW:
            return Draw() if Draw() in legal else legal[0]
        if view.phase == Phase.PLAY:
            return self._play(view, legal, rng)
        if view.phase == Phase.STEAL:
            return self._take(view, legal)
        if view.phase == Phase.END_OF_TURN:
            return DeclareEnd() if self._lead(view) >= self.end_margin else Pass()
        if view.phase == Phase.ORIENT:
            return self._orient(view, legal)
        return rng.choice(legal)

    def _declare(self, view: NNView, legal: list[Action]) -> Action:
        assert view.seat is not None
        me = view.players[view.seat]
        gap = me.nice_total - me.naughty_total
        if self.declare_gap is None:
            return Declare(declaration=Declaration.NONE)
        if gap >= self.declare_gap:
            return Declare(declaration=Declaration.NAUGHTY)
        if -gap >= self.declare_gap:
            return Declare(declaration=Declaration.NICE)
        return Declare(declaration=Declaration.NONE)

    def _play(self, view: NNView, legal: list[Action], rng: Rng) -> Action:
        assert view.seat is not None
        seat = view.seat
        areas = [_area(p.cards_in_play) for p in view.players]
        hand = {c.id: c for c in view.hand}
        base = self._utility(areas, seat, view)
        scored: list[tuple[float, int, Action]] = []
        for action in legal:
            if not isinstance(action, Play):
                continue
            c = hand[action.card]
            key = (c.type, c.value)
            after = list(areas)
            after[action.target] = areas[action.target] + (key,)
            if c.type == CardType.SHINY and action.target != seat:
                value = self._best_steal(after, seat, action.target, c.value, view, skip=key)[0]
            else:
                value = self._utility(after, seat, view)
            scored.append((value - base, rng.below(1 << 30), action))
        if not scored:
            return rng.choice(legal)
        return max(scored, key=lambda s: (s[0], s[1]))[2]

    def _best_steal(
        self, areas: list[Cards], seat: int, target: int, budget: int, view: NNView, skip: Key
    ) -> tuple[float, Cards]:
        """The best utility reachable by taking cards worth at most `budget` from `target` (the
        `skip` card, the Shiny! just played, stays), and the cards taken for it."""
        pool = list(areas[target])
        pool.remove(skip)
        kinds: dict[Key, int] = {}
        for key in pool:
            if abs(key[1]) <= budget:
                kinds[key] = kinds.get(key, 0) + 1
        options = sorted(kinds.items(), key=lambda kv: (kv[0][0], kv[0][1]))
        best: tuple[float, Cards] = (self._utility(areas, seat, view), ())

        def search(i: int, left: int, taken: Cards) -> None:
            nonlocal best
            if i == len(options):
                if taken:
                    after = list(areas)
                    after[target] = _without(areas[target], taken)
                    after[seat] = areas[seat] + taken
                    value = self._utility(after, seat, view)
                    if value > best[0] + 1e-9:
                        best = (value, taken)
                return
            key, count = options[i]
            cost = abs(key[1])
            for k in range(count + 1):
                if k * cost > left:
                    break
                search(i + 1, left - k * cost, taken + (key,) * k)

        search(0, budget, ())
        return best

    def _take(self, view: NNView, legal: list[Action]) -> Action:
        assert view.seat is not None and view.steal is not None
        steal = view.steal
        areas = [_area(p.cards_in_play) for p in view.players]
        shiny = (steal.shiny.type, steal.shiny.value)
        _, taken = self._best_steal(areas, view.seat, steal.target, steal.budget_left, view, skip=shiny)
        if not taken:
            return StopTaking()
        first = max(taken, key=lambda key: (abs(key[1]), key[0], key[1]))
        skip = steal.shiny.id
        for c in view.players[steal.target].cards_in_play:
            if c.id != skip and (c.type, c.value) == first and Take(card=c.id) in legal:
                return Take(card=c.id)
        return StopTaking()

    def _orient(self, view: NNView, legal: list[Action]) -> Action:
        assert view.seat is not None
        seat = view.seat
        mine = [c for c in view.players[seat].cards_in_play if c.type == CardType.SHINY]
        ups = self._best_orientation(view, [c.value for c in mine])
        for c, up in zip(mine, ups, strict=True):
            if c.id not in view.my_orientations:
                action = Orient(card=c.id, face_up=up)
                if action in legal:
                    return action
        for c, up in zip(mine, ups, strict=True):
            action = Orient(card=c.id, face_up=up)
            if view.my_orientations.get(c.id) != up and action in legal:
                return action
        return legal[0]

    def _best_orientation(self, view: NNView, values: list[int]) -> tuple[bool, ...]:
        """The face-up flags (in play-area order) with the best chance to win, then the best
        expected score. The others' Shiny! cards each count half the time."""
        assert view.seat is not None
        seat = view.seat
        naughty, nice, _ = _totals(_area(view.players[seat].cards_in_play))
        rivals = []
        for s, p in enumerate(view.players):
            if s == seat:
                continue
            n_, c_, sh = _totals(_area(p.cards_in_play))
            rivals.append(_outcomes(n_, c_, sh))
        order = sorted(range(len(values)), key=lambda i: values[i])
        ranked = tuple(values[i] for i in order)
        best_key: tuple[float, float, float] | None = None
        best_up: tuple[bool, ...] = tuple(True for _ in values)
        for flags in _orientations(len(values)):  # flipping every card is the same bet
            ups = tuple(v for v, u in zip(ranked, flags, strict=True) if u)
            downs = tuple(v for v, u in zip(ranked, flags, strict=True) if not u)
            win, score, diff = 0.0, 0.0, 0.0
            for counting in (ups, downs):
                s, d = _best(naughty, nice, counting)
                win += _win_share(s, d, rivals) / 2
                score += s / 2
                diff += d / 2
            key = (round(win, 9), score, -diff)
            if best_key is None or key > best_key:
                best_key = key
                flat = [True] * len(values)
                for i, f in zip(order, flags, strict=True):
                    flat[i] = f
                best_up = tuple(flat)
        return best_up


_MAX_RIVAL_SHINIES = 7  # a rival's largest Shiny! cards considered (2^7 cases at most)


@lru_cache(maxsize=16384)
def _outcomes(naughty: int, nice: int, shinies: tuple[int, ...]) -> tuple[tuple[tuple[int, int], float], ...]:
    """A rival's (score, difference) distribution when each of its Shiny! cards counts half the
    time (only its largest few Shiny! cards, when it has many)."""
    shinies = shinies[-_MAX_RIVAL_SHINIES:]
    k = len(shinies)
    dist: dict[tuple[int, int], float] = {}
    for flags in product((True, False), repeat=k):
        counting = tuple(v for v, f in zip(shinies, flags, strict=True) if f)
        key = _best(naughty, nice, counting)
        dist[key] = dist.get(key, 0.0) + 0.5**k
    return tuple(sorted(dist.items()))


def _win_share(score: int, diff: int, rivals: list[tuple[tuple[tuple[int, int], float], ...]]) -> float:
    """The chance of beating every rival (a tie with one counted as half), rivals independent."""
    share = 1.0
    for dist in rivals:
        p = 0.0
        for (s, d), weight in dist:
            if (s, -d) < (score, -diff):
                p += weight
            elif (s, d) == (score, diff):
                p += weight / 2
        share *= p
    return share


def _area(cards: Sequence[CardInfo]) -> Cards:
    return tuple((c.type, c.value) for c in cards)


def _without(cards: Cards, taken: Sequence[Key]) -> Cards:
    rest = list(cards)
    for key in taken:
        rest.remove(key)
    return tuple(rest)


__all__ = ["NaughtyAndNiceAI"]
