"""GrumpyNisseAI: legal whole games, strength against random play in both roles, no hidden
information, judgement in tricks, effects and the draft."""

from __future__ import annotations

import random

import pytest

from bot.bench.matches import play_match, wilson
from games.core import Rng
from games.core.ai import RandomPolicy, seat_history
from games.grumpy_nisse import (
    Bottom,
    PanicDiscard,
    Phase,
    Pick,
    Play,
    RecoverPut,
    RecoverTake,
    Reorder,
    Take,
)
from games.grumpy_nisse.ai import GrumpyNisseAI
from games.grumpy_nisse.ai_eval import LEAD_WINS, p_lead_holds
from games.grumpy_nisse.data import CARDS, Shortcut, Suit
from games.grumpy_nisse.tricks import resolve
from tests.games.grumpy_nisse.helpers import G, T, V, act, new, rigged, trick

AI = GrumpyNisseAI()
RANDOM = RandomPolicy()
ROLES = ("host_violet", "host_torech")


def _opts(roles: str):
    return G.parse_options({"roles": roles})


def _choose(state, seat: int, history=(), seed: int = 0):
    return AI.choose(G.view(state, seat), G.legal_actions(state, seat), list(history), Rng(seed=seed))


# -- whole games ----------------------------------------------------------------------------------
@pytest.mark.parametrize("roles", ROLES)
def test_whole_games_are_legal_and_end(roles: str) -> None:
    # play_match raises on an illegal action or a game that never ends.
    for seed in range(5):
        play_match(G, _opts(roles), [AI, AI], seed=seed)
        play_match(G, _opts(roles), [AI, RANDOM], seed=seed)
        play_match(G, _opts(roles), [RANDOM, AI], seed=seed)


def _ai_wins(roles: str, games: int, seed0: int) -> float:
    wins = 0
    for game in range(games):
        result = play_match(G, _opts(roles), [AI, RANDOM], seed=seed0 + game)
        wins += 0 in result.outcome.winners
    return wins


@pytest.mark.parametrize("roles", ROLES)
def test_ai_beats_random_in_each_role(roles: str) -> None:
    # Random against random, Violet wins about 69%: the AI must beat that as Violet and turn it
    # round as Torech.
    games = 50
    assert wilson(_ai_wins(roles, games, 300), games)[0] > 0.75


@pytest.mark.slow
@pytest.mark.parametrize("roles", ROLES)
def test_many_games_against_random(roles: str) -> None:
    games = 1000
    assert wilson(_ai_wins(roles, games, 10_000), games)[0] > 0.9


# -- no hidden information --------------------------------------------------------------------------
def _same_view_other_hidden(state, seat: int, rnd: random.Random):
    """The state with everything `seat` cannot see dealt otherwise: the opponent's hand and deck
    (only its deck while a Spy shows the hand), the unknown part of the seat's own deck, the dice."""
    other = state.model_copy(deep=True)
    other.rng = Rng(seed=rnd.randrange(1 << 30))
    opp = 1 - seat
    if other.round and other.effect_seat != opp:
        if other.spy_until[seat] is None:
            pool = other.hands[opp] + other.decks[opp]
            rnd.shuffle(pool)
            size = len(other.hands[opp])
            other.hands[opp], other.decks[opp] = pool[:size], pool[size:]
        else:
            rnd.shuffle(other.decks[opp])
        other.known_top[opp], other.known_bottom[opp] = [], []
    if other.round and other.effect_seat != seat:
        deck = other.decks[seat]
        top = [c for c in other.known_top[seat] if c in deck]
        bottom = [c for c in other.known_bottom[seat] if c in deck]
        middle = [c for c in deck if c not in top and c not in bottom]
        rnd.shuffle(middle)
        other.decks[seat] = top + middle + bottom
    return other


def test_same_view_and_history_give_the_same_choice() -> None:
    rnd = random.Random(7)
    checked = 0
    for game in range(12):
        state = new(game, roles=ROLES[game % 2])
        events: list = []
        while G.outcome(state) is None:
            (seat,) = G.to_decide(state)
            history = seat_history(events, seat)
            if rnd.random() < 0.3:
                twin = _same_view_other_hidden(state, seat, rnd)
                assert G.view(twin, seat) == G.view(state, seat)
                assert _choose(twin, seat, history, seed=checked) == _choose(
                    state, seat, history, seed=checked
                )
                checked += 1
            action = AI.choose(G.view(state, seat), G.legal_actions(state, seat), history, Rng(seed=game))
            state, more = act(state, seat, action)
            events += more
    assert checked > 200


# -- the odds it computes -----------------------------------------------------------------------------
def test_lead_odds_match_the_engine() -> None:
    rnd = random.Random(3)
    for _ in range(3000):
        lead, follow = rnd.sample(CARDS, 2)
        trump = rnd.choice([None, *Suit])
        fixed = [resolve(lead, follow, trump, lambda n: [rnd.randint(1, 6) for _ in range(n)]).lead_wins]
        p = LEAD_WINS[trump][lead][follow]
        if p in (0.0, 1.0):
            assert fixed == [p == 1.0], (lead, follow, trump)
    # A led L3 against L6: 3 + 2d6 >= 6 + 1d6.
    wins = sum(
        resolve("L3", "L6", None, lambda n: [rnd.randint(1, 6) for _ in range(n)]).lead_wins
        for _ in range(20000)
    )
    assert abs(wins / 20000 - LEAD_WINS[None]["L3"]["L6"]) < 0.02
    # A hand that surely holds a beater: the lead never holds; a pool without one: always.
    assert p_lead_holds("F5", None, ["F6", "F7"], 2, None) == 0.0
    assert p_lead_holds("F5", None, ["L9", "M9", "P9"], 3, None) == 1.0
    assert p_lead_holds("F5", None, ["F9", "L9", "M9", "P9"], 1, None) == pytest.approx(0.75)


# -- judgement in tricks ----------------------------------------------------------------------------------
def test_torech_wins_on_space_18_with_the_cheapest_winner() -> None:
    state = rigged([["F7", "L2", "M4", "P5"], ["F9", "F8", "L3", "M1"]], pawn=18)
    state, _ = act(state, V, Play(card="F7"))
    assert _choose(state, T) == Play(card="F8")


def test_violet_wins_the_devilish_plan_trick_and_torech_would_too() -> None:
    # Space 11 (Mushrooms are trump), two devilish wins: the trick decides the game.
    state = rigged([["L9", "P2", "F3", "M2"], ["M5", "F2", "P3", "L4"]], pawn=11, devilish_count=2, leader=T)
    state, _ = act(state, T, Play(card="F2"))
    assert _choose(state, V) == Play(card="M2")  # the cheap trump beats the led Flower
    state = rigged([["M7", "P2", "F3", "L2"], ["M9", "M8", "P3", "L4"]], pawn=11, devilish_count=2)
    state, _ = act(state, V, Play(card="M7"))
    assert _choose(state, T) == Play(card="M8")


def test_a_lost_trick_costs_the_weakest_card() -> None:
    # Neutral space, Torech leads a Flower 9: nothing of Violet's beats it but the 1.
    state = rigged([["P9", "L8", "M2", "P4"], ["F9", "F2", "L3", "M3"]], pawn=2, leader=T)
    state, _ = act(state, T, Play(card="F9"))
    assert _choose(state, V) == Play(card="M2")


def test_the_armed_shortcut_is_worth_a_strong_trump() -> None:
    # Space 6 (Pinecones), shortcut armed: Torech leads P8, only Violet's P9 wins.
    state = rigged(
        [["P9", "L2", "M2", "F4"], ["P8", "L3", "M3", "F3"]], pawn=6, leader=T, shortcut=Shortcut.ARMED
    )
    state, _ = act(state, T, Play(card="P8"))
    assert _choose(state, V) == Play(card="P9")


def test_leads_a_card_the_spied_hand_cannot_beat() -> None:
    # Torech's hand is known (Spy): his F1 beats the F9 (a 1 beats any 9), his P8 and L8 the P7
    # and L2; the M7 holds.
    state = rigged([["F9", "L2", "M7", "P7"], ["F1", "M2", "P8", "L8"]], pawn=2, spy_until=[5, None])
    view = G.view(state, V)
    assert view.opponent_hand == ["F1", "M2", "P8", "L8"]
    assert _choose(state, V) == Play(card="M7")


# -- judgement in the effects --------------------------------------------------------------------------------
# No 1s in the decks: a 1 would make every 9 a weak card.
DECKS = (["P2", "P3", "L3", "L4", "M4", "M6"], ["F6", "F3", "F4", "L6", "L7", "M7"])


def test_recover_takes_the_best_discard_and_puts_back_the_weakest() -> None:
    state = rigged(
        [["P2", "M2", "F8", "L9"], ["L5", "F2", "P4", "M3"]],
        decks=DECKS,
        discards=(["F5", "P9", "L3"], ["L2"]),
        pawn=2,
    )
    state, _ = trick(state, "P2", "L5")  # Violet leads and wins: Recover
    assert state.phase == Phase.RECOVER_TAKE
    assert _choose(state, V) == RecoverTake(card="P9")
    state, _ = act(state, V, RecoverTake(card="P9"))
    assert _choose(state, V) == RecoverPut(card="M2")


def test_foresight_puts_the_strong_cards_on_top_and_rummage_buries_the_weakest() -> None:
    state = rigged(
        [["P4", "M2", "F8", "L9"], ["L5", "F2", "P3", "M3"]],
        decks=(["P2", "P9", "P5", "M1"], DECKS[1]),
        pawn=4,
    )
    state, _ = trick(state, "P4", "L5")  # space 4 (Pinecones): Violet wins, her 4 acts
    assert state.phase == Phase.FORESIGHT
    assert _choose(state, V) == Reorder(order="120")  # P9, P5, P2
    state = rigged(
        [["P7", "M2", "F8", "L9"], ["L5", "F2", "P3", "M3"]], decks=(["P9", "L8", "F5"], DECKS[1]), pawn=2
    )
    state, _ = trick(state, "P7", "L5")
    assert state.phase == Phase.RUMMAGE
    assert _choose(state, V) == Bottom(card="M2")


def test_panic_discards_the_weakest_card() -> None:
    state = rigged([["P8", "L9", "M2", "F9"], ["P9", "F2", "M9", "L8"]], decks=DECKS, pawn=17)
    state, _ = trick(state, "P8", "P9")  # Torech wins on 17: he panics first, then Violet
    assert state.phase == Phase.PANIC_DISCARD
    assert _choose(state, T) == PanicDiscard(card="F2")
    state, _ = act(state, T, PanicDiscard(card="F2"))
    assert _choose(state, V) == PanicDiscard(card="M2")


# -- judgement in the draft ---------------------------------------------------------------------------
def test_final_pick_takes_the_strong_card() -> None:
    state = new(1)
    state.phase = Phase.FINAL_PICK
    state.grid = [["P2", None, "M9", None, None, None], [None, "L2", None, None, None, None]]
    state.picker = 1 - state.violet
    assert _choose(state, state.picker) == Take(card="M9")


def test_dice_pick_prefers_the_best_card_in_reach() -> None:
    state = new(2)
    state.grid = [
        ["P2", "L2", "F2", "M2", "P3", "L3"],
        ["M9", "F9", "P1", "L1", "F1", "M1"],
        ["P4", "L4", "F4", "M4", "P5", "L5"],
        ["F5", "M5", "P6", "L6", "F6", "M6"],
        ["P7", "L7", "F7", "M7", "P8", "L8"],
        ["F8", "M8", "P9", "L9", "F3", "M3"],
    ]
    # Roll 1, second pick (Torech's): a 1 takes from row 1, a 2 from row 2; Violet gets the other.
    state.dice, state.dice_used, state.pick_no = [5, 1, 2], [True, False, False], 2
    seat = state.picker = 1 - state.violet
    action = _choose(state, seat)
    assert action == Pick(die=2, card="M9")  # and Violet is left with a 2 or a 3
