"""NaughtyOrNiceAI: legal whole games, strength against random play, no hidden information, judgement."""

from __future__ import annotations

import pytest

from bot.bench.matches import play_match, wilson
from games.core import SYSTEM_SEAT, Rng
from games.core.ai import RandomPolicy, seat_history
from games.naughty_or_nice.actions import (
    ChooseGiver,
    Fulfil,
    Keep,
    Pass,
    PlayOnPlayer,
    React,
    Summon,
    TakePresent,
)
from games.naughty_or_nice.ai import NaughtyOrNiceAI
from games.naughty_or_nice.cards import present_sort_key
from games.naughty_or_nice.data import Creature, Giver, PresentType
from games.naughty_or_nice.models import KeepTask
from tests.games.naughty_or_nice.helpers import (
    G,
    act,
    fresh,
    give_creatures,
    give_presents,
    kid,
    new,
    options,
    set_playground,
)

AI = NaughtyOrNiceAI()
RANDOM = RandomPolicy()


@pytest.mark.parametrize(("n", "level"), [(2, 5), (3, 4), (4, 3), (5, 5), (2, 1), (3, 2)])
def test_whole_games_are_legal_and_end(n: int, level: int) -> None:
    # play_match raises on an illegal action or a game that never ends.
    result = play_match(G, options(level), [AI] * n, seed=n + 10 * level)
    assert result.outcome.winners
    result = play_match(G, options(level), [AI] + [RANDOM] * (n - 1), seed=7 + n + 10 * level)
    assert result.outcome.winners


@pytest.mark.parametrize("level", [5, 3, 1])
def test_ai_beats_random_two_players(level: int) -> None:
    wins, games = 0.0, 30
    for game in range(games):
        seat = game % 2
        policies = [AI if s == seat else RANDOM for s in range(2)]
        result = play_match(G, options(level), policies, seed=300 + game)
        winners = result.outcome.winners
        wins += 1 / len(winners) if seat in winners else 0.0
    assert wilson(wins, games)[0] > 0.5


def test_ai_beats_chance_four_players() -> None:
    wins, games = 0.0, 30
    for game in range(games):
        seat = game % 4
        policies = [AI if s == seat else RANDOM for s in range(4)]
        result = play_match(G, options(5), policies, seed=900 + game)
        winners = result.outcome.winners
        wins += 1 / len(winners) if seat in winners else 0.0
    assert wilson(wins, games)[0] > 0.25


@pytest.mark.slow
@pytest.mark.parametrize("level", [1, 3, 5])
@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_many_games(n: int, level: int) -> None:
    wins, games = 0.0, 200
    for game in range(games):
        seat = game % n
        policies = [AI if s == seat else RANDOM for s in range(n)]
        result = play_match(G, options(level), policies, seed=5000 + game)
        winners = result.outcome.winners
        wins += 1 / len(winners) if seat in winners else 0.0
    assert wilson(wins, games)[0] > (0.5 if n == 2 else 1 / n)


# -- no hidden information ------------------------------------------------------------------------
def _disguised(state, seat: int, rng: Rng):
    """The same position for `seat`: other deck orders, and the other hands' presents and
    creatures swapped with deck cards."""
    other = state.model_copy(deep=True)
    for s, player in enumerate(other.players):
        if s == seat:
            continue
        for i in range(len(player.presents)):
            if other.present_deck and rng.below(2):
                j = rng.below(len(other.present_deck))
                player.presents[i], other.present_deck[j] = other.present_deck[j], player.presents[i]
        player.presents.sort(key=present_sort_key)
        for held in player.creatures:
            if other.creature_main and rng.below(2):
                j = rng.below(len(other.creature_main))
                held.card, other.creature_main[j] = other.creature_main[j], held.card
    other.present_deck = rng.shuffled(other.present_deck)
    other.creature_main = rng.shuffled(other.creature_main)
    other.kiddo_main = rng.shuffled(other.kiddo_main)
    return other


def _hidden_differs(a, b, seat: int) -> bool:
    return any(
        pa.presents != pb.presents or pa.creatures != pb.creatures
        for s, (pa, pb) in enumerate(zip(a.players, b.players, strict=True))
        if s != seat
    ) or (a.present_deck != b.present_deck)


@pytest.mark.parametrize(("n", "level"), [(3, 5), (2, 4), (4, 3)])
def test_same_view_same_choice(n: int, level: int) -> None:
    rng = Rng(seed=11 * n + level)
    state = new(n, level, seed=21 + n)
    history: list = []
    compared = 0
    for step in range(400):
        if G.outcome(state) is not None:
            break
        deciding = [s for s in sorted(G.to_decide(state)) if G.legal_actions(state, s)]
        if not deciding:
            timer = G.timer(state)
            assert timer is not None
            state, events = G.apply(state, SYSTEM_SEAT, timer.action)
            history += events
            continue
        seat = deciding[0]
        view = G.view(state, seat)
        seen = seat_history(history, seat)
        action = AI.choose(view, G.legal_actions(state, seat), seen, Rng(seed=step))
        if step % 3 == 0:
            other = _disguised(state, seat, rng)
            if G.view(other, seat) == view and _hidden_differs(state, other, seat):
                again = AI.choose(G.view(other, seat), G.legal_actions(other, seat), seen, Rng(seed=step))
                assert again == action
                compared += 1
        state, events = G.apply(state, seat, action)
        history += events
    assert compared >= 20


# -- judgement ------------------------------------------------------------------------------------
def test_chooses_a_fitting_gift_giver() -> None:
    for level, best in ((5, Giver.SAINT_NICHOLAS), (2, Giver.LA_BEFANA)):
        state = new(3, level, seed=4)
        seat = next(iter(G.to_decide(state)))
        choice = AI.choose(G.view(state, seat), G.legal_actions(state, seat), [], Rng(seed=1))
        assert choice == ChooseGiver(giver=best)


def test_fulfils_the_longest_kiddo_it_can() -> None:
    state = fresh(2, level=1)
    set_playground(state, [kid("Ingrid"), kid("Amara")])  # RED BLUE BLACK GREEN / RED BLUE
    give_presents(state, 0, [PresentType.CAP, PresentType.BEIGLI, PresentType.COAL, PresentType.SLEIGH])
    choice = AI.choose(G.view(state, 0), G.legal_actions(state, 0), [], Rng(seed=1))
    assert isinstance(choice, Fulfil) and choice.kiddo == kid("Ingrid")


def test_waits_for_a_longer_kiddo_early_but_not_at_the_end() -> None:
    state = fresh(2, level=1)
    # Only Lukas (BLACK BLACK, 2 points) can be given; early on the AI crafts toward more.
    give_presents(state, 0, [PresentType.COAL, PresentType.BIRCH])
    set_playground(state, [kid("Lukas")])
    view = G.view(state, 0)
    assert view.fulfillable == [kid("Lukas")]
    assert not isinstance(AI.choose(view, G.legal_actions(state, 0), [], Rng(seed=1)), Fulfil)
    state.midnight_turn = 1
    choice = AI.choose(G.view(state, 0), G.legal_actions(state, 0), [], Rng(seed=1))
    assert isinstance(choice, Fulfil) and choice.kiddo == kid("Lukas")


def test_crafts_the_missing_colour_from_the_offer() -> None:
    state = fresh(2, level=1)
    set_playground(state, [kid("Ingrid")])
    give_presents(state, 0, [PresentType.CAP, PresentType.BEIGLI, PresentType.COAL])
    # The offer: two more BLACK and the GREEN that completes Ingrid.
    for i, ptype in enumerate((PresentType.BIRCH, PresentType.TEDDY_BEAR, PresentType.OLD_POTATOES)):
        card = give_presents(state, 1, [ptype])[0]
        state.players[1].presents.remove(card)
        state.present_deck.append(state.offer[i])
        state.offer[i] = card
    state, _ = act(state, 0, G.legal_actions(state, 0)[0].__class__())  # Craft
    choice = AI.choose(G.view(state, 0), G.legal_actions(state, 0), [], Rng(seed=1))
    assert choice == TakePresent(source=1)


def test_tomte_against_a_scrooge_on_itself_not_on_someone_else() -> None:
    for target, expected in ((1, React()), (2, Pass())):
        state = fresh(3, level=3)
        give_creatures(state, 0, [Creature.MR_SCROOGE])
        give_creatures(state, 1, [Creature.TOMTE])
        state, events = act(state, 0, PlayOnPlayer(creature=Creature.MR_SCROOGE, seat=target))
        assert 1 in G.to_decide(state)
        view = G.view(state, 1)
        choice = AI.choose(view, G.legal_actions(state, 1), seat_history(events, 1), Rng(seed=1))
        assert choice == expected


def test_summons_on_its_last_turn_when_it_cannot_fulfil() -> None:
    state = fresh(2, level=3)
    state.midnight_turn = 1
    from games.naughty_or_nice.events import TurnStarted

    history = [TurnStarted(seat=0, turn_no=1, final=True)]
    choice = AI.choose(G.view(state, 0), G.legal_actions(state, 0), history, Rng(seed=1))
    assert choice == Summon()


def test_keeps_the_better_creature() -> None:
    state = fresh(2, level=3)
    state, _ = act(state, 0, Summon())
    task = state.tasks[-1]
    assert isinstance(task, KeepTask)
    kinds = [Creature.JOLAKOTTURINN, Creature.SNOW_MAIDEN]
    from games.naughty_or_nice.data import CREATURE_OF

    for i, kind in enumerate(kinds):
        card = next(c for c in state.creature_main if CREATURE_OF[c] == kind)
        state.creature_main[state.creature_main.index(card)] = task.cards[i]
        task.cards[i] = card
    choice = AI.choose(G.view(state, 0), G.legal_actions(state, 0), [], Rng(seed=1))
    assert choice == Keep(index=1)
