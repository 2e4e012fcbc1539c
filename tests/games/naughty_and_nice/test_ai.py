"""NaughtyAndNiceAI: legal whole games, strength against random play, no hidden information, judgement."""

from __future__ import annotations

import pytest

from bot.bench.matches import play_match, wilson
from games.core import Rng
from games.core.ai import RandomPolicy
from games.naughty_and_nice import Declaration, Declare, DeclareEnd, Orient, Pass, Phase, Play, Stop, Take
from games.naughty_and_nice.ai import NaughtyAndNiceAI
from games.naughty_and_nice.scoring import player_result
from tests.games.naughty_and_nice.helpers import OPTIONS, G, act, rigged

AI = NaughtyAndNiceAI()
RANDOM = RandomPolicy()


def _choose(state, seat: int, seed: int = 0):
    return AI.choose(G.view(state, seat), G.legal_actions(state, seat), [], Rng(seed=seed))


# -- whole games --------------------------------------------------------------------------------
@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_whole_games_are_legal_and_end(n: int) -> None:
    # play_match raises on an illegal action or a game that never ends.
    for seed in range(2):
        assert play_match(G, OPTIONS, [AI] * n, seed=seed).outcome.winners
        policies = [AI if s == seed % n else RANDOM for s in range(n)]
        assert play_match(G, OPTIONS, policies, seed=100 + seed).outcome.winners


def _ai_share(n: int, games: int, seed0: int) -> float:
    wins = 0.0
    for game in range(games):
        seat = game % n
        policies = [AI if s == seat else RANDOM for s in range(n)]
        winners = play_match(G, OPTIONS, policies, seed=seed0 + game).outcome.winners
        wins += 1 / len(winners) if seat in winners else 0.0
    return wins


def test_ai_beats_random_two_players() -> None:
    games = 80
    assert wilson(_ai_share(2, games, 500), games)[0] > 0.7


@pytest.mark.parametrize("n", [3, 6])
def test_ai_beats_random_many_players(n: int) -> None:
    games = 24
    assert wilson(_ai_share(n, games, 700), games)[0] > 1 / n


@pytest.mark.slow
@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_many_games(n: int) -> None:
    games = 500
    # At least 70% with 2 players, at least twice the chance of 1/n with more.
    assert wilson(_ai_share(n, games, 10_000), games)[0] > (0.7 if n == 2 else 2 / n)


# -- no hidden information ----------------------------------------------------------------------
def _disguised(state, seat: int, rng: Rng):
    """The same position for `seat`: the other hands' cards swapped with draw-pile cards, and the
    draw pile in another order."""
    other = state.model_copy(deep=True)
    for s, hand in enumerate(other.hands):
        if s == seat:
            continue
        for i in range(len(hand)):
            if other.draw_pile:
                j = rng.below(len(other.draw_pile))
                hand[i], other.draw_pile[j] = other.draw_pile[j], hand[i]
    other.draw_pile = rng.shuffled(other.draw_pile)
    return other


@pytest.mark.parametrize("n", [2, 4])
def test_same_view_same_choice(n: int) -> None:
    rng = Rng(seed=5)
    compared = 0
    for game in range(4):
        state = G.new_game(n, OPTIONS, game)
        for step in range(400):
            if G.outcome(state) is not None:
                break
            for seat in sorted(G.to_decide(state)):
                view = G.view(state, seat)
                other = _disguised(state, seat, rng)
                if G.view(other, seat) == view and (other.hands != state.hands or n == 2):
                    first = _choose(state, seat, step)
                    second = _choose(other, seat, step)
                    assert first == second
                    compared += 1
                state = G.apply(state, seat, _choose(state, seat, step)).state
                break
    assert compared >= 100


# -- judgement ----------------------------------------------------------------------------------
def _to_play(n: int, hand: list[str], areas: dict[int, list[str]], top: str):
    """Seat 0 draws `top` without declaring and stops: it must now play from `hand` + `top`."""
    state = rigged(n, hands={0: hand}, areas=areas, top=[top])
    state, _ = act(state, 0, Declare(declaration=Declaration.NONE))
    state, _ = act(state, 0, Stop())
    assert state.phase == Phase.PLAY
    return state


def test_plays_its_own_card_on_its_weaker_side() -> None:
    # Naughty 8, Nice 1: the Nice +4 goes on itself.
    state = _to_play(2, ["NI16", "NA16"], {0: ["NA18", "NA13", "NI01"], 1: ["NA02", "NI02"]}, "NA17")
    assert _choose(state, 0) == Play(card="NI16", target=0)


def test_plays_a_harmful_card_on_the_leader() -> None:
    # Seat 1 leads (8 / 8), seat 2 trails (2 / 2): the negative cards go to seat 1.
    areas = {0: ["NA13", "NI12"], 1: ["NA18", "NA14", "NI18", "NI13"], 2: ["NA08", "NI08"]}
    state = _to_play(3, ["NI21", "NA19"], areas, "NI20")
    action = _choose(state, 0)
    assert isinstance(action, Play) and action.target == 1


def test_steals_from_the_leader_what_helps_it_most() -> None:
    # The opponent leads 8 / 8; Sparkle Lip Gloss (+6) takes its Nice +5 and Nice +1: the seat's
    # Nice 1 becomes 7 (its Naughty is 7) and the opponent's Nice falls to 2.
    areas = {0: ["NA18", "NA08", "NI02"], 1: ["NA16", "NA14", "NA04", "NI18", "NI01", "NI09"]}
    state = _to_play(2, ["SH12", "NA20"], areas, "NA19")
    action = _choose(state, 0)
    assert action == Play(card="SH12", target=1)
    state, _ = act(state, 0, action)
    while state.phase == Phase.STEAL:
        take = _choose(state, 0)
        assert isinstance(take, Take) or state.steal.taken
        state, _ = act(state, 0, take)
    mine = player_result(0, state.play_areas[0], {}, 1, 0)
    theirs = player_result(1, state.play_areas[1], {"SH12": False}, 2, 0)
    assert (mine.naughty, mine.nice) == (7, 7)
    assert theirs.score < 8


def _end_of_turn(mine: list[str], theirs: list[str]):
    state = rigged(2, areas={0: mine, 1: theirs}, top=["NA01"])
    state, _ = act(state, 0, Declare(declaration=Declaration.NONE))
    state, _ = act(state, 0, Stop())
    assert state.phase == Phase.END_OF_TURN
    return state


def test_declares_the_end_only_when_ahead() -> None:
    ten = ["NA18", "NA17", "NA16", "NA15", "NI18", "NI17", "NI16", "NI15", "NA02", "NI02"]
    weak = ["NA03", "NI03"]
    assert _choose(_end_of_turn(ten, weak), 0) == DeclareEnd()
    assert _choose(_end_of_turn(weak, ten), 0) == Pass()


def _orientations(areas: dict[int, list[str]]) -> dict[str, bool]:
    state = rigged(2, areas=areas)
    state.phase = Phase.ORIENT
    while 0 in G.to_decide(state):
        action = _choose(state, 0)
        assert isinstance(action, Orient)
        state, _ = act(state, 0, action)
    return state.orientations.get(0) or {}


def test_splits_its_shiny_cards_to_hedge_the_die() -> None:
    # Naughty 10, Nice 6 and two Shiny! +4: one face up and one face down makes 10 on any roll
    # (both the same way: 10 or 6).
    chosen = _orientations({0: ["NA18", "NA17", "NA12", "NI18", "NI01", "SH07", "SH08"], 1: ["NA01", "NI02"]})
    assert chosen["SH07"] != chosen["SH08"]


def test_draws_without_declaring_unless_told_to_declare_toward_its_weaker_side() -> None:
    # A declaration only throws cards away (measured: it loses AI against AI), so by default the
    # AI never declares; with `declare_gap` set it declares toward its weaker side.
    state = rigged(2, areas={0: ["NA18", "NA17", "NI01"], 1: ["NA01"]})
    assert _choose(state, 0) == Declare(declaration=Declaration.NONE)
    declaring = type("Declaring", (NaughtyAndNiceAI,), {"declare_gap": 3})()
    view, legal = G.view(state, 0), G.legal_actions(state, 0)
    assert declaring.choose(view, legal, [], Rng(seed=0)) == Declare(declaration=Declaration.NICE)
