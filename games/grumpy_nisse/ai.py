"""`GrumpyNisseAI`: a heuristic policy for The Grumpy Nisse (either role).

- Draft: a card's worth is its value in a trick plus a bonus for the trump suits the role needs
  (Torech: Mushrooms for the devilish plan), counted for both decks (a card taken is a card the
  opponent does not get). With the dice it looks two picks ahead: which dice it leaves to the
  opponent and what is left for its own last pick.
- Tricks: every card in hand is scored as (chance to win the trick) x (what the trick is worth
  on this space, `trick_stakes`) minus what the card would still be worth later (`strength`,
  against the cards the opponent may still hold, under the trumps ahead). So it wins cheaply when
  it can, gives up with its weakest card when the trick is lost or cheap, and spends its best
  cards on the tricks that count (the armed shortcut, the devilish plan, Ordep, the end of round 2).
  As leader, the chance is over the hands the opponent may hold (its hand when a Spy shows it).
- Effects: Recover takes back the strongest discard if it beats the weakest card in hand and
  puts back the weakest; Foresight puts the strongest cards on top (the weakest on top when
  Torech's trick on space 3 may still discard them); Rummage and Torech's panic give up the weakest.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from games.core import Action, Event, Rng
from games.core.ai import Policy
from games.grumpy_nisse.ai_eval import (
    LEAD_WINS,
    draft_value,
    p_lead_holds,
    strength,
    trick_stakes,
)
from games.grumpy_nisse.data import TRACK, Effect, Phase, Role, effect_of, value_of
from games.grumpy_nisse.models import (
    Bottom,
    PanicDiscard,
    Pick,
    Play,
    RecoverPut,
    RecoverSkip,
    RecoverTake,
    Reorder,
    Take,
)
from games.grumpy_nisse.view_models import GNView

#: Holding the lead for the next trick, in pawn steps.
LEAD_BONUS = 0.3
#: Weight of a card's later worth against winning now.
KEEP = 0.8
#: Weight of denying a card to the opponent in the draft (1 = as much as having it).
DENY = 0.8
#: Draft look-ahead: the best cards per die considered at each ply.
TOP_K = 5
#: A small bonus for the effects that work whoever wins the trick.
EFFECT_BONUS = {Effect.SPY: 0.08, Effect.RUMMAGE: 0.1, Effect.FORESIGHT: 0.04}


class GrumpyNisseAI(Policy):
    name: ClassVar[str] = "grumpy-nisse-ai"

    def choose(self, view: Any, legal: Sequence[Action], history: Sequence[Event], rng: Rng) -> Action:
        assert isinstance(view, GNView) and view.seat is not None
        phase = view.phase
        if phase == Phase.DRAFT:
            return _draft(view, legal, rng)
        if phase == Phase.FINAL_PICK:
            return _final_pick(view, legal)
        ctx = _Context(view)
        if phase in (Phase.LEAD, Phase.FOLLOW):
            return _play(ctx, legal, rng)
        if phase == Phase.PANIC_DISCARD:
            card = ctx.weakest([a.card for a in legal if isinstance(a, PanicDiscard)])
            return PanicDiscard(card=card)
        if phase == Phase.RECOVER_TAKE:
            return _recover_take(ctx, legal)
        if phase == Phase.RECOVER_PUT:
            card = ctx.weakest([a.card for a in legal if isinstance(a, RecoverPut)])
            return RecoverPut(card=card)
        if phase == Phase.FORESIGHT:
            return _foresight(ctx, legal)
        if phase == Phase.RUMMAGE:
            return Bottom(card=ctx.weakest([a.card for a in legal if isinstance(a, Bottom)]))
        return legal[0]


# -- play -------------------------------------------------------------------------------------------
class _Context:
    """The facts of one decision in the play, read from the seat's view."""

    def __init__(self, view: GNView) -> None:
        assert view.seat is not None and view.my_role is not None
        self.view = view
        self.seat = view.seat
        self.opp = 1 - view.seat
        self.role = view.my_role
        me, them = view.players[self.seat], view.players[self.opp]
        self.opp_pool = list(them.unseen_cards)
        self.opp_hand_size = them.hand_size
        self.known = view.opponent_hand
        self.pawn = view.pawn
        self.trump = TRACK[view.pawn].trump
        self.tricks_left = me.hand_size + me.deck_size + (1 if me.played else 0)
        self._strength: dict[str, float] = {}

    def strength(self, card: str) -> float:
        if card not in self._strength:
            self._strength[card] = strength(card, self.pawn, self.opp_pool)
        return self._strength[card]

    def weakest(self, cards: list[str]) -> str:
        return min(cards, key=lambda card: (self.strength(card), card))

    def stakes(self) -> float:
        v = self.view
        return trick_stakes(
            v.pawn,
            v.shortcut,
            v.devilish_count,
            v.tricks_done,
            v.determination_done,
            v.panic_done,
            v.round,
            self.tricks_left,
        )


def _play(ctx: _Context, legal: Sequence[Action], rng: Rng) -> Action:
    cards = [a.card for a in legal if isinstance(a, Play)]
    view = ctx.view
    stake = ctx.stakes() + LEAD_BONUS
    lead = view.lead_card if view.phase == Phase.FOLLOW else None
    best: list[tuple[float, str]] = []
    for card in cards:
        if lead is None:
            p_win = p_lead_holds(card, ctx.trump, ctx.opp_pool, ctx.opp_hand_size, ctx.known)
        else:
            p_win = 1.0 - LEAD_WINS[ctx.trump][lead][card]
        score = p_win * stake - KEEP * ctx.strength(card) + EFFECT_BONUS.get(effect_of(card), 0.0)
        score -= 0.001 * value_of(card)  # of two equal cards, spend the lower
        if effect_of(card) == Effect.RECOVER:
            score += _recover_gain(ctx, exclude=card) * 0.5
        best.append((score, card))
    top = max(score for score, _ in best)
    choices = sorted(card for score, card in best if score >= top - 1e-9)
    return Play(card=choices[0] if len(choices) == 1 else rng.choice(choices))


# -- effects ----------------------------------------------------------------------------------------
def _recover_gain(ctx: _Context, exclude: str | None = None) -> float:
    """How much stronger the hand gets by taking back the best discard for the weakest card."""
    pile = ctx.view.players[ctx.seat].discard
    hand = [card for card in ctx.view.hand if card != exclude]
    if not pile or not hand:
        return 0.0
    best = max(ctx.strength(card) for card in pile)
    worst = min(ctx.strength(card) for card in hand)
    return max(0.0, best - worst)


def _recover_take(ctx: _Context, legal: Sequence[Action]) -> Action:
    options = [a.card for a in legal if isinstance(a, RecoverTake)]
    if not options or _recover_gain(ctx) < 0.05:
        return RecoverSkip()
    best = max(options, key=lambda card: (ctx.strength(card), card))
    return RecoverTake(card=best)


def _foresight(ctx: _Context, legal: Sequence[Action]) -> Action:
    seen = ctx.view.foresight
    order = sorted(range(len(seen)), key=lambda i: (-ctx.strength(seen[i]), i))
    view = ctx.view
    if view.pawn <= 3 and not view.tricks_done and view.round == 1:
        # Torech's first win on space 3 discards the top 2 cards: keep the weakest there.
        order = order[::-1]
    code = "".join(map(str, order))
    return next((a for a in legal if isinstance(a, Reorder) and a.order == code), legal[0])


# -- draft ------------------------------------------------------------------------------------------
def _swing(card: str, role: Role) -> float:
    other = Role.TORECH if role == Role.VIOLET else Role.VIOLET
    return draft_value(card, role) + DENY * draft_value(card, other)


def _rows(grid: list[list[str | None]]) -> list[list[str]]:
    return [[card for card in row if card is not None] for row in grid]


def _without(rows: list[list[str]], card: str) -> list[list[str]]:
    out = []
    for row in rows:
        if card in row:
            row = [c for c in row if c != card]
            if not row:
                continue
        out.append(row)
    return out


def _options(rows: list[list[str]], die: int, value: dict[str, float] | None = None) -> list[str]:
    """The cards a die may take; with `value`, only the `TOP_K` best of them for that player."""
    cards = [c for row in rows for c in row] if die > len(rows) else rows[die - 1]
    if value is not None and len(cards) > TOP_K:
        cards = sorted(cards, key=lambda c: (-value[c], c))[:TOP_K]
    return cards


def _best_pick(rows: list[list[str]], dice: list[int], value: dict[str, float]) -> float:
    """The best single pick with any of `dice` (value for the picker)."""
    return max((value[c] for die in set(dice) for c in _options(rows, die)), default=0.0)


def _draft(view: GNView, legal: Sequence[Action], rng: Rng) -> Action:
    assert view.my_role is not None
    role = view.my_role
    other = Role.TORECH if role == Role.VIOLET else Role.VIOLET
    rows = _rows(view.grid)
    cards = [c for row in rows for c in row]
    mine = {c: _swing(c, role) for c in cards}
    theirs = {c: _swing(c, other) for c in cards}
    dice = [d.value for d in view.dice if not d.used]
    picks = [a for a in legal if isinstance(a, Pick)]
    # Look two plies deep from the few best cards per die only (a weaker card could only be
    # better through a row collapse; those are rare enough and this keeps a pick fast).
    shortlist = {(d, c) for d in set(dice) for c in _options(rows, d, mine)}
    picks = [a for a in picks if (a.die, a.card) in shortlist] or picks
    scored: list[tuple[float, Pick]] = []
    for action in picks:
        rest_dice = list(dice)
        rest_dice.remove(action.die)
        rest = _without(rows, action.card)
        score = mine[action.card]
        if view.pick_no == 1:
            # The opponent picks next with one of the two dice left, then I take the last one.
            worst = None
            for d2 in set(rest_dice):
                last = list(rest_dice)
                last.remove(d2)
                for c2 in _options(rest, d2, theirs):
                    after = _without(rest, c2)
                    value = theirs[c2] - _best_pick(after, last, mine)
                    worst = value if worst is None else max(worst, value)
            score -= worst or 0.0
            # ... and my own third pick (from the opponent's best reply) is counted in `worst`.
        elif view.pick_no == 2:
            score -= _best_pick(rest, rest_dice, theirs)
        scored.append((score, action))
    top = max(score for score, _ in scored)
    best = [a for score, a in scored if score >= top - 1e-9]
    best.sort(key=lambda a: (a.die, a.card))
    return best[0] if len(best) == 1 else rng.choice(best)


def _final_pick(view: GNView, legal: Sequence[Action]) -> Action:
    assert view.my_role is not None
    role = view.my_role
    cards = sorted(a.card for a in legal if isinstance(a, Take))
    if len(cards) == 3:
        # I am Torech: I get my pick and the card Violet leaves of the other two.
        def value(card: str) -> float:
            rest = [c for c in cards if c != card]
            left = min(rest, key=lambda c: (_swing(c, Role.VIOLET), c))
            return draft_value(card, role) + draft_value(left, role)

        return Take(card=max(cards, key=lambda c: (value(c), c)))
    return Take(card=max(cards, key=lambda c: (_swing(c, role), c)))
