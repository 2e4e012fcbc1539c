"""ChristmasTreeAI: legal whole games, strength against random play, no hidden information, judgement."""

from __future__ import annotations

import pytest

from bot.bench.matches import play_match, wilson
from games.christmas_tree import ChooseObjective, Phase, Place
from games.christmas_tree.ai import ChristmasTreeAI
from games.christmas_tree.data import TURNS
from games.christmas_tree.objectives import score_objective
from games.christmas_tree.scoring import Slot, final_parts
from games.core import Rng
from games.core.ai import RandomPolicy
from tests.games.christmas_tree.helpers import G, new, play_until, rig_hand

AI = ChristmasTreeAI()
RANDOM = RandomPolicy()


def _opts(mode: str):
    return G.parse_options({"mode": mode})


@pytest.mark.parametrize(
    ("n", "mode"), [(2, "normal"), (2, "advanced"), (2, "family"), (3, "advanced"), (4, "normal")]
)
def test_whole_games_are_legal_and_end(n: int, mode: str) -> None:
    # play_match raises on an illegal action or a game that never ends.
    if n < 4:
        result = play_match(G, _opts(mode), [AI] * n, seed=n)
        assert result.outcome.winners
    result = play_match(G, _opts(mode), [AI] + [RANDOM] * (n - 1), seed=10 + n)
    assert 0 in result.outcome.winners


def test_ai_beats_random_two_players() -> None:
    wins, games = 0.0, 10
    for game in range(games):
        seat = game % 2
        policies = [AI if s == seat else RANDOM for s in range(2)]
        result = play_match(G, _opts("normal"), policies, seed=500 + game)
        wins += seat in result.outcome.winners
    assert wilson(wins, games)[0] > 0.6


@pytest.mark.slow
@pytest.mark.parametrize("mode", ["family", "normal", "advanced"])
@pytest.mark.parametrize("n", [2, 3, 4])
def test_many_games(n: int, mode: str) -> None:
    wins, games = 0.0, 100
    for game in range(games):
        seat = game % n
        policies = [AI if s == seat else RANDOM for s in range(n)]
        result = play_match(G, _opts(mode), policies, seed=1000 + game)
        wins += seat in result.outcome.winners
    assert wilson(wins, games)[0] > 0.7


# -- no hidden information ------------------------------------------------------------------------
def _disguised(state, seat: int, rng: Rng):
    """The same position for `seat`: another deck order, and the other hands' cards swapped with
    deck cards."""
    other = state.model_copy(deep=True)
    other.deck = rng.shuffled(other.deck)
    for s, hand in enumerate(other.hands):
        if s == seat or not hand.cards or not other.deck:
            continue
        i = rng.below(len(hand.cards))
        hand.cards[i], other.deck[0] = other.deck[0], hand.cards[i]
        hand.cards.sort()
        other.deck = rng.shuffled(other.deck)
    return other


@pytest.mark.parametrize("mode", ["normal", "advanced"])
def test_same_view_same_choice(mode: str) -> None:
    rng = Rng(seed=5)
    state = new(3, mode, seed=9)
    compared = 0
    for step in range(40):
        if G.outcome(state) is not None:
            break
        for seat in sorted(G.to_decide(state)):
            view = G.view(state, seat)
            legal = G.legal_actions(state, seat)
            other = _disguised(state, seat, rng)
            if G.view(other, seat) == view and other.hands != state.hands:
                first = AI.choose(view, legal, [], Rng(seed=step))
                second = AI.choose(G.view(other, seat), G.legal_actions(other, seat), [], Rng(seed=step))
                assert first == second
                compared += 1
            action = AI.choose(view, legal, [], Rng(seed=step))
            state = G.apply(state, seat, action).state
    assert compared >= 10


# -- judgement ------------------------------------------------------------------------------------
def _true_value(state, seat: int, action: Place) -> int:
    """Final evaluation + this round's objectives after `action`, at the game's last turn."""
    trees = [list(t) for t in state.trees]
    code = state.hands[seat].cards[action.card_index]
    trees[seat][action.cell] = Slot(code, action.rotation)
    points = final_parts(trees[seat], state.cookies[seat]).total
    scored = [s < state.num_players for s in range(state.num_seats)]
    for objective in state.objectives:
        points += score_objective(objective.code, trees, scored)[0][seat]
    return points


def test_last_turn_takes_the_best_placement() -> None:
    for seed in range(3):
        state = new(2, "normal", seed=seed)
        state, _ = play_until(state, lambda s: s.round == 3 and s.turn == TURNS and s.phase == Phase.TURN)
        view = G.view(state, 0)
        legal = [a for a in G.legal_actions(state, 0) if isinstance(a, Place)]
        choice = AI.choose(view, G.legal_actions(state, 0), [], Rng(seed=seed))
        if not isinstance(choice, Place):  # a staged turn to rotate: its card and cell still count
            choice = Place(card_index=choice.card_index, cell=choice.cell, rotation=choice.rotation)  # type: ignore[attr-defined]
        best = max(_true_value(state, 0, a) for a in legal)
        # Majority bonuses are only estimated (the rival's card this turn is unknown).
        assert _true_value(state, 0, choice) >= best - 3


def test_chooses_the_objective_that_fits_its_hand() -> None:
    state = new(2, "normal", seed=3)
    assert state.phase == Phase.OBJECTIVES
    reds = ["G01", "G02", "G04", "G05", "G09", "G10", "G17", "G18"]  # red glass ornaments
    rig_hand(state, 0, reds)
    state.objective_cards[0] = ["O03", "O01", "O06"]
    state.objective_cards[0].sort()
    choice = AI.choose(G.view(state, 0), G.legal_actions(state, 0), [], Rng(seed=1))
    assert choice == ChooseObjective(index=state.objective_cards[0].index("O01"))
