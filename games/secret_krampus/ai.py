"""`SecretKrampusAI`: plays for its team from its view and the events it has seen.

Beliefs (`ai_beliefs.py`): an exact posterior over the role assignments still possible, from the
view's hard facts (known roles, own Peeks, players cleared as not Krampus) and the evidence of
every government's delivery (who was List Maker / Sleigh Loader when Naughty gifts went out, and
what this seat saw passed). A Nice AI nominates and votes for the cleanest governments, passes and
plays Nice, Peeks the most uncertain player, hands Successor Selector to the most trusted, stables
the likeliest Krampus, and refuses a likely Krampus as Sleigh Loader once the Krampus check is on.

A Naughty AI favours its known team-mates (nominate, vote, Successor Selector), nominates Krampus
as Sleigh Loader once that wins, stables the Nice player the public trusts most, and delivers
Naughty gifts, but not always: early on, when delivering Naughty would give it away to a Nice
partner, it delivers Nice with some probability (mixed with the rng).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from games.core import Action, Event, Rng
from games.core.ai import Policy
from games.secret_krampus.ai_beliefs import Beliefs, infer, read_history, team_of
from games.secret_krampus.data import (
    BOARDS,
    NAUGHTY_WIN_AT,
    NICE_WIN_AT,
    TEAM_OF_ROLE,
    Card,
    Order,
    Role,
    Team,
)
from games.secret_krampus.models import (
    ChooseTarget,
    Discard,
    HeadsTogetherVote,
    Nominate,
    Play,
    SKView,
    Vote,
)

#: Weight of "might be Krampus" when the Krampus check makes electing Krampus lose at once.
KRAMPUS_RISK = 2.5


def _chance(rng: Rng, p: float) -> bool:
    return rng.below(10_000) < p * 10_000


def _best(items: Sequence[int], score, rng: Rng) -> int:
    """The item with the highest score; ties broken by the rng."""
    scored = [(score(item), item) for item in items]
    top = max(s for s, _ in scored)
    return rng.choice([item for s, item in scored if s >= top - 1e-9])


class SecretKrampusAI(Policy):
    name: ClassVar[str] = "secret-krampus-ai"

    def choose(self, view: SKView, legal: Sequence[Action], history: Sequence[Event], rng: Rng) -> Action:
        if len(legal) == 1:
            return legal[0]
        me = view.seat
        assert me is not None
        ctx = _Context(view, history, me)
        first = legal[0]
        if isinstance(first, Nominate):
            seat = ctx.nominate([a.seat for a in legal], rng)  # type: ignore[attr-defined]
            return Nominate(seat=seat)
        if isinstance(first, Vote):
            yes = ctx.vote(rng)
            wanted = Vote(yes=yes)
            return wanted if wanted in legal else legal[0]
        if isinstance(first, Discard):
            return Discard(index=ctx.discard(rng))
        if isinstance(first, Play):
            return Play(index=ctx.play(rng))
        if isinstance(first, HeadsTogetherVote):
            return HeadsTogetherVote(yes=ctx.ht_vote())
        if isinstance(first, ChooseTarget):
            seat = ctx.target([a.seat for a in legal], rng)  # type: ignore[attr-defined]
            return ChooseTarget(seat=seat)
        return rng.choice(list(legal))


class _Context:
    def __init__(self, view: SKView, history: Sequence[Event], me: int) -> None:
        self.view = view
        self.me = me
        self.team = team_of(view)
        self.hist = read_history(view, history, me)
        self.beliefs: Beliefs = infer(view, self.hist.governments)
        self._public: Beliefs | None = None
        self.check = view.krampus_check_active
        self.mates = {s for s, role in view.known_roles.items() if TEAM_OF_ROLE[role] == Team.NAUGHTY}
        self.krampus = next((s for s, r in view.known_roles.items() if r == Role.KRAMPUS), None)
        self.living = [p.seat for p in view.players if p.in_play]

    @property
    def public(self) -> Beliefs:
        """What a Nice player could infer from the public events (how the table sees us)."""
        if self._public is None:
            self._public = infer(self.view, self.hist.governments, private=False)
        return self._public

    @property
    def nice(self) -> bool:
        return self.team == Team.NICE

    def knows_team(self) -> bool:
        return len(self.mates) > 1

    # -- risk of a government, as a Nice player sees it ---------------------------------------
    def risk(self, lm: int, sl: int, beliefs: Beliefs | None = None) -> float:
        b = beliefs or self.beliefs
        value = 1 - b.p_clean(lm, sl)
        if self.check:
            value += KRAMPUS_RISK * b.p_krampus(sl)
        return value

    def next_lms(self, count: int) -> list[int]:
        """The next regular List Maker candidates after the current one."""
        seat = self.hist.rotation_seat
        if seat is None:
            seat = self.view.lm_candidate
        if seat is None:
            return []
        n = self.view.num_players
        out: list[int] = []
        for step in range(1, n + 1):
            candidate = (seat + step) % n
            if self.view.players[candidate].in_play:
                out.append(candidate)
                if len(out) == count:
                    break
        return out

    # -- decisions -----------------------------------------------------------------------------
    def nominate(self, options: list[int], rng: Rng) -> int:
        if self.nice:
            return _best(options, lambda s: -self.risk(self.me, s), rng)
        if self.check and self.krampus in options:
            return self.krampus
        if not self.knows_team():  # Krampus who was shown nobody: look trustworthy
            return _best(options, lambda s: -self.risk(self.me, s, self.public), rng)
        mates = [s for s in options if s in self.mates]
        if mates and not (self.view.naughty_count <= 1 and _chance(rng, 0.3)):
            return _best(mates, lambda s: -self.risk(self.me, s, self.public), rng)
        others = [s for s in options if s not in self.mates] or options
        return _best(others, lambda s: -self.risk(self.me, s, self.public), rng)

    def vote(self, rng: Rng) -> bool:
        view = self.view
        lm, sl = view.lm_candidate, view.sl_candidate
        assert lm is not None and sl is not None
        chaos_next = view.failed_votes + 1 >= view.failed_votes_chaos_at
        if not self.nice and self.knows_team():
            if self.check and sl == self.krampus:
                return True
            if lm in self.mates or sl in self.mates:
                return True
            return not chaos_next and _chance(rng, 0.15)
        if not self.nice:  # Krampus alone: back governments that look naughty, blend in early
            if self.me in (lm, sl):
                return True
            return self.beliefs.p_clean(lm, sl) < 0.5 or _chance(rng, 0.3)
        if self.me in (lm, sl) and not (self.check and sl != self.me and self.beliefs.p_krampus(sl) > 0.1):
            return True
        risk = self.risk(lm, sl)
        if chaos_next:
            f = self._naughty_fraction()
            return risk * 0.8 <= f + 0.1
        alternative = self._alternative_risk()
        return risk <= alternative + 0.08

    def _alternative_risk(self) -> float:
        """The risk of the best government the next List Maker candidates (before chaos) would
        likely offer. Each one's partner is anyone else as far as this seat can tell (the
        average, not the best: taking the best, a Nice seat rated every government without
        itself worse than the next one with it, and voted No on most)."""
        tries = self.view.failed_votes_chaos_at - self.view.failed_votes - 1
        best = 1.0 + KRAMPUS_RISK
        for lm in self.next_lms(max(1, tries)):
            others = [s for s in self.living if s != lm]
            likely = sum(self.risk(lm, s) for s in others) / len(others)
            # A naughty List Maker would pick a worse partner still.
            best = min(best, likely + 0.5 * self.beliefs.p_naughty(lm) * (1 - likely))
        return best

    def _naughty_fraction(self) -> float:
        if not self.hist.governments:
            return 0.65
        return self.hist.governments[-1].f

    def _naughty_ok(self, rng: Rng, early_cover: float) -> bool:
        """Whether a Naughty seat delivers Naughty now (vs. Nice as cover)."""
        view = self.view
        if view.naughty_count + 1 >= NAUGHTY_WIN_AT or view.nice_count + 1 >= NICE_WIN_AT:
            return True
        if view.naughty_count <= 1 and view.nice_count <= 2:
            return not _chance(rng, early_cover)
        return not _chance(rng, 0.1)

    def discard(self, rng: Rng) -> int:
        hand = self.view.hand
        naughty = [i for i, c in enumerate(hand) if c == Card.NAUGHTY]
        nice = [i for i, c in enumerate(hand) if c == Card.NICE]
        if self.nice:
            return naughty[0] if naughty else 0
        if not nice:
            return 0
        if not naughty:
            return 0
        if len(nice) == 2 or self.view.sl in self.mates:
            return nice[0]  # keep a Naughty card in the pair
        # Two Naughty, one Nice: passing both Naughty forces a Nice partner's hand, but tells it.
        return nice[0] if self._naughty_ok(rng, 0.4) else naughty[0]

    def play(self, rng: Rng) -> int:
        hand = self.view.hand
        if self.nice:
            return next((i for i, c in enumerate(hand) if c == Card.NICE), 0)
        naughty = next((i for i, c in enumerate(hand) if c == Card.NAUGHTY), None)
        nice = next((i for i, c in enumerate(hand) if c == Card.NICE), None)
        if naughty is None or nice is None:
            return 0
        lm = self.view.lm
        if lm in self.mates and self.knows_team():
            return naughty
        view = self.view
        winning = view.naughty_count + 1 >= NAUGHTY_WIN_AT or view.nice_count + 1 >= NICE_WIN_AT
        order = BOARDS[view.board].get(view.naughty_count + 1)
        if not winning and order == Order.STABLE_LEADERSHIP and view.my_role == Role.KRAMPUS:
            return nice  # the Nice List Maker would know us and stable us
        return naughty if self._naughty_ok(rng, 0.45) else nice

    def ht_vote(self) -> bool:
        card = self.view.ht_card
        want = Card.NICE if self.nice else Card.NAUGHTY
        return card == want

    def target(self, options: list[int], rng: Rng) -> int:
        order = self.view.pending_order
        b = self.beliefs
        if self.nice:
            if order == Order.PEEK:
                return _best(options, lambda s: b.p_naughty(s) * (1 - b.p_naughty(s)), rng)
            if order == Order.SUCCESSOR_SELECTOR:
                return _best(options, lambda s: -b.p_naughty(s), rng)
            return _best(options, lambda s: b.p_krampus(s) + 0.3 * b.p_naughty(s), rng)
        if not self.knows_team():
            if order == Order.PEEK:
                return _best(options, lambda s: b.p_naughty(s) * (1 - b.p_naughty(s)), rng)
            if order == Order.SUCCESSOR_SELECTOR:
                return _best(options, lambda s: b.p_naughty(s), rng)
            return _best(options, lambda s: -b.p_naughty(s), rng)
        pub = self.public
        mates = [s for s in options if s in self.mates]
        nice = [s for s in options if s not in self.mates] or options
        if order == Order.SUCCESSOR_SELECTOR and mates:
            elves = [s for s in mates if s != self.krampus]
            pool = elves if self.check and elves and self.krampus in self.living else mates
            return _best(pool, lambda s: -pub.p_naughty(s), rng)
        if order == Order.STABLE_LEADERSHIP:
            return _best(nice, lambda s: -pub.p_naughty(s), rng)
        return _best(nice, lambda s: -pub.p_naughty(s), rng)


__all__ = ["SecretKrampusAI"]
