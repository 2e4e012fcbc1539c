"""SecretKrampusAI: legal whole games, strength against random play, no hidden information, judgement."""

from __future__ import annotations

import pytest

from bot.bench.ai import ByTeam
from bot.bench.matches import play_match, wilson
from games.core import Rng
from games.core.ai import RandomPolicy, seat_history
from games.secret_krampus import (
    Card,
    ChooseTarget,
    Discard,
    Nominate,
    Order,
    Phase,
    Play,
    Team,
    Vote,
)
from games.secret_krampus.ai import SecretKrampusAI
from games.secret_krampus.data import TEAM_OF_ROLE
from tests.games.secret_krampus.helpers import OPTIONS, G, act, deliver, elect, nominate, rigged, stack

AI = SecretKrampusAI()
RANDOM = RandomPolicy()


def team_of(view) -> str:
    return TEAM_OF_ROLE[view.my_role].value


def by_team(nice, naughty) -> ByTeam:
    return ByTeam(team_of, {"NICE": nice, "NAUGHTY": naughty})


def nice_rate(n: int, nice, naughty, games: int, seed0: int = 0) -> tuple[int, int]:
    player = by_team(nice, naughty)
    wins = 0
    for seed in range(seed0, seed0 + games):
        result = play_match(G, OPTIONS, [player] * n, seed)
        assert result.outcome.team in ("NICE", "NAUGHTY")
        wins += result.outcome.team == "NICE"
    return wins, games


@pytest.mark.parametrize("n", [5, 6, 7, 8, 9, 10])
def test_whole_games_are_legal_and_end(n: int) -> None:
    # play_match raises on an illegal action or a game that never ends.
    for seed in range(12 // n + 1):
        play_match(G, OPTIONS, [AI] * n, seed)
        play_match(G, OPTIONS, [by_team(AI, RANDOM)] * n, seed)
        play_match(G, OPTIONS, [by_team(RANDOM, AI)] * n, seed)


def test_nice_ai_beats_random_naughty() -> None:
    wins, games = nice_rate(5, AI, RANDOM, 60)
    assert wilson(wins, games)[0] > 0.55
    base, _ = nice_rate(5, RANDOM, RANDOM, 40)
    assert wins / games > base / 40 + 0.2


def test_naughty_ai_beats_random_nice() -> None:
    wins, games = nice_rate(7, RANDOM, AI, 60)
    assert wilson(games - wins, games)[0] > 0.6


@pytest.mark.slow
@pytest.mark.parametrize("n", [5, 7, 10])
def test_many_games(n: int) -> None:
    wins, games = nice_rate(n, AI, RANDOM, 400, seed0=1000)
    assert wilson(wins, games)[0] > 0.7
    wins, games = nice_rate(n, RANDOM, AI, 400, seed0=2000)
    assert wilson(games - wins, games)[0] > 0.7
    nice_rate(n, AI, AI, 400, seed0=3000)


# -- no hidden information ------------------------------------------------------------------------
def _positions(n: int, seed: int):
    """Random positions of a random game, with the events so far."""
    state = G.new_game(n, OPTIONS, seed)
    rng = Rng(seed=seed)
    history = []
    while G.outcome(state) is None:
        deciding = sorted(G.to_decide(state))
        seat = deciding[0]
        yield state, history, deciding
        action = rng.choice(G.legal_actions(state, seat))
        applied = G.apply(state, seat, action)
        state, history = applied.state, history + applied.events


def _disguised(state, seat: int, rng: Rng):
    """The same position for `seat`, other hidden facts changed: another deck order, and the roles
    of two seats it cannot tell apart swapped."""
    other = state.model_copy(deep=True)
    other.draw_pile = rng.shuffled(other.draw_pile)
    known = G.view(state, seat).known_roles
    unknown = [s for s in range(state.num_players) if s not in known and s != seat]
    if len(unknown) >= 2:
        a, b = rng.choice(unknown), rng.choice(unknown)
        other.roles[a], other.roles[b] = other.roles[b], other.roles[a]
    return other


@pytest.mark.parametrize("n", [5, 7, 10])
def test_same_view_same_history_same_choice(n: int) -> None:
    compared = 0
    for seed in range(3):
        rng = Rng(seed=seed + 77)
        for step, (state, history, deciding) in enumerate(_positions(n, seed)):
            if step % (n // 2):
                continue
            for seat in deciding:
                other = _disguised(state, seat, rng)
                view = G.view(state, seat)
                if G.view(other, seat) != view:
                    continue
                if other.roles == state.roles and other.draw_pile == state.draw_pile:
                    continue
                seen = seat_history(history, seat)
                legal = G.legal_actions(state, seat)
                assert legal == G.legal_actions(other, seat)
                first = AI.choose(view, legal, seen, Rng(seed=step))
                second = AI.choose(G.view(other, seat), legal, seen, Rng(seed=step))
                assert first == second
                compared += 1
    assert compared > 30


# -- judgement ------------------------------------------------------------------------------------
def _choose(state, seat: int, history, seed: int = 0):
    legal = G.legal_actions(state, seat)
    return AI.choose(G.view(state, seat), legal, seat_history(history, seat), Rng(seed=seed))


def test_nice_list_maker_discards_naughty_and_sleigh_loader_plays_nice() -> None:
    # 5 players: Krampus 0, Naughty Elf 1, Nice 2, 3, 4; candidate 2 nominates 3.
    state = rigged(5, krampus=0, naughty_elves=[1], candidate=2)
    stack(state, [Card.NICE, Card.NAUGHTY, Card.NAUGHTY])
    state, events = elect(state, 3)
    assert _choose(state, 2, events) == Discard(index=1)
    state, more = act(state, 2, Discard(index=1))
    assert _choose(state, 3, events + more) == Play(index=0)


def test_nice_ai_distrusts_who_delivered_naughty() -> None:
    for seed in range(5):
        state = rigged(5, krampus=0, naughty_elves=[1], candidate=2, seed=seed)
        history = []
        # Government 2 + 0 delivers Naughty from a draw with a Nice card: 2 (Nice) saw it.
        state, events = deliver(state, Card.NAUGHTY, sl=0)
        history += events
        assert state.lm_candidate == 3
        # Nice 3 nominates: never seat 0, the Sleigh Loader who delivered Naughty.
        choice = _choose(state, 3, history, seed)
        assert isinstance(choice, Nominate) and choice.seat != 0


def test_sleigh_loader_caught_by_its_nice_list_maker() -> None:
    state = rigged(5, krampus=4, naughty_elves=[1], candidate=2)
    stack(state, [Card.NICE, Card.NAUGHTY, Card.NAUGHTY])
    history = []
    state, events = elect(state, 4)
    history += events
    for seat, action in ((2, Discard(index=2)), (4, Play(index=1))):  # pass NICE+NAUGHTY; N played
        state, events = act(state, seat, action)
        history += events
    assert state.naughty_count == 1
    # Later, 3 nominates 4 as Sleigh Loader: 2 knows 4 is naughty and votes NO.
    state.lm_candidate = 3
    state.phase = Phase.NOMINATION
    state, events = act(state, 3, Nominate(seat=4))
    assert _choose(state, 2, history + events) == Vote(yes=False)


@pytest.mark.parametrize("n", [5, 7, 10])
def test_nice_ai_backs_a_first_government_it_knows_nothing_against(n: int) -> None:
    # Nothing is known yet: a Nice seat outside the government votes YES (rating the next
    # candidate's best partner, itself, as the alternative once made it vote NO on most). Seat 3,
    # List Maker candidate after two failures, may rather wait for its own turn.
    state = rigged(n, krampus=0, candidate=1)
    state, events = nominate(state, 2)
    nice = [s for s in range(n) if s not in (1, 2, 3) and TEAM_OF_ROLE[state.roles[s]] == Team.NICE]
    assert nice
    for seat in nice:
        assert _choose(state, seat, events) == Vote(yes=True), seat


def test_nice_ai_trusts_its_peek_and_stables_the_naughty_player() -> None:
    # 7 players: space 2 is Peek. Nice 3 is List Maker when Naughty #2 is delivered.
    state = rigged(7, krampus=0, naughty_elves=[1, 2], candidate=3, naughty_count=1)
    history = []
    state, events = deliver(state, Card.NAUGHTY, sl=4)
    history += events
    assert state.phase == Phase.ORDER and state.pending_order == Order.PEEK
    state, events = act(state, 3, ChooseTarget(seat=0))
    history += events
    view = G.view(state, 3)
    assert view.peek_results == {0: Team.NAUGHTY}
    # As List Maker candidate again: never nominates the peeked Krampus.
    state.lm_candidate = 3
    state.term_limited = []
    for seed in range(5):
        choice = _choose(state, 3, history, seed)
        assert isinstance(choice, Nominate) and choice.seat != 0
    # Given Stable Leadership, stables the player it saw Naughty.
    state.phase = Phase.ORDER
    state.lm = 3
    state.pending_order = Order.STABLE_LEADERSHIP
    assert _choose(state, 3, history) == ChooseTarget(seat=0)


def test_naughty_nominates_krampus_when_that_wins() -> None:
    state = rigged(5, krampus=0, naughty_elves=[1], candidate=1, naughty_count=3)
    assert _choose(state, 1, []) == Nominate(seat=0)
    state, events = act(state, 1, Nominate(seat=0))
    assert _choose(state, 0, events) == Vote(yes=True)
    # A Nice player with no clue has P(Krampus) = 1/4 for seat 0: it refuses.
    assert _choose(state, 3, events) == Vote(yes=False)


def test_naughty_does_not_always_pass_naughty_early() -> None:
    # Naughty Elf 1 as List Maker with NICE, NAUGHTY, NAUGHTY and a Nice Sleigh Loader, game start.
    plays = set()
    for seed in range(40):
        state = rigged(5, krampus=0, naughty_elves=[1], candidate=1)
        stack(state, [Card.NICE, Card.NAUGHTY, Card.NAUGHTY])
        state, events = elect(state, 3)
        plays.add(_choose(state, 1, events, seed))
    assert plays == {Discard(index=0), Discard(index=1)} or plays == {
        Discard(index=0),
        Discard(index=2),
    }
