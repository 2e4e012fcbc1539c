"""The 33 rulebook facts of spec section 8, one test (or a few) each. Card effects: test_effects.py."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from games.grumpy_nisse import Phase, Pick, Play, Role, Shortcut, Suit, Take
from games.grumpy_nisse.data import CARDS, TRACK, suit_of, value_of
from games.grumpy_nisse.tricks import WinRule, resolve
from tests.games.contract import assert_refused

from .helpers import G, T, V, act, finish_draft, kinds, new, of_kind, one, random_step, rigged, trick

FILL = (["P8", "L8", "M8"], ["P9", "L9", "M9"])  # effect-free cards to keep hands from emptying


def fixed(*rolls: list[int]):
    """A dice roller that returns the given rolls in order (and checks how many dice were asked)."""
    queue = list(rolls)

    def roll(n: int) -> list[int]:
        dice = queue.pop(0)
        assert len(dice) == n
        return dice

    return roll


def winner_of(state, lead: str, follow: str, pawn: int = 1) -> int:
    """Who wins `lead` (by Violet) against `follow` (by Torech) with the pawn on `pawn`."""
    state = rigged([[lead, *FILL[0]], [follow, *FILL[1]]], pawn=pawn)
    _, events = trick(state, lead, follow)
    return one(events, "trick_won").winner


# -- 1-2 components and setup ---------------------------------------------------------------------
def test_fact_01_36_cards_4_suits_values_1_to_9():
    assert len(CARDS) == len(set(CARDS)) == 36
    assert Counter(suit_of(card) for card in CARDS) == {suit: 9 for suit in Suit}
    for suit in Suit:
        assert sorted(value_of(c) for c in CARDS if suit_of(c) == suit) == list(range(1, 10))


def test_fact_02_grid_6x6_face_up_and_pawn_on_1():
    for seed in range(5):
        state = new(seed)
        assert [len(row) for row in state.grid] == [6] * 6
        assert sorted(c for row in state.grid for c in row) == sorted(CARDS)
        assert state.pawn == 1
        public = G.view(state, None)
        assert public.grid == state.grid and public.pawn == 1 and public.track[0].pawn_here


# -- 3-6 the draft ------------------------------------------------------------------------------------
def _draft_log(seed: int, roles: str = "host_violet"):
    """The final state, the rolls [(roll_no, roller, dice)] and the picks [(seat, with_die, automatic)]."""
    state = new(seed, roles)
    rnd = random.Random(seed)
    rolls = [(state.roll_no, state.picker, list(state.dice))]
    picks = []
    while state.phase in (Phase.DRAFT, Phase.FINAL_PICK):
        state, _, _, events = random_step(state, rnd)
        picks += [(e.seat, e.die is not None, e.automatic) for e in of_kind(events, "drafted")]
        rolls += [(e.roll_no, e.roller, e.dice) for e in of_kind(events, "dice_rolled")]
    return state, rolls, picks


@pytest.mark.parametrize("roles", ["host_violet", "host_torech"])
def test_fact_03_violet_rolls_first_roller_picks_first_and_third(roles):
    state, rolls, picks = _draft_log(3, roles)
    violet = state.violet
    assert [roller for _, roller, _ in rolls] == [violet if n % 2 else 1 - violet for n in range(1, 12)]
    dice_picks = [seat for seat, with_die, _ in picks if with_die]
    for n, (_, roller, _) in enumerate(rolls):
        assert dice_picks[3 * n : 3 * n + 3] == [roller, 1 - roller, roller]


def test_fact_04_die_takes_its_row_rows_collapse_and_high_dice_are_wild():
    state = new(1)
    state.grid = [["P1", None, None, None, None, None], ["P2", "P3"], ["P4"], ["P5"], ["P6"], ["P7"]]
    state.dice, state.dice_used, state.picker, state.pick_no = [1, 3, 6], [False] * 3, V, 1
    assert {a.card for a in G.legal_actions(state, V) if a.die == 3} == {"P4"}
    assert_refused(G, state, V, Pick(die=3, card="P5"), "row 3")
    assert_refused(G, state, V, Pick(die=2, card="P2"), "No unused die")
    state, events = act(state, V, Pick(die=1, card="P1"))  # row 1 empties: 6 -> 5 rows
    assert one(events, "rows_collapsed").rows_left == 5 and len(state.grid) == 5
    assert state.grid[0] == ["P2", "P3"]  # the old row 2 is row 1 now
    assert {a.card for a in G.legal_actions(state, T) if a.die == 3} == {"P5"}  # the old row 4
    # Now a 6 shows more than the 5 rows: wild, any card.
    assert {a.card for a in G.legal_actions(state, T) if a.die == 6} == {"P2", "P3", "P4", "P5", "P6", "P7"}
    state, events = act(state, T, Pick(die=6, card="P2"))
    assert one(events, "drafted").wild
    dice = G.view(state, None).dice
    assert [d.used for d in dice] == [True, False, True] and dice[2].wild and dice[1].row == 3


def test_fact_05_last_three_cards_torech_violet_then_torech_automatically():
    state = new(2)
    state.grid = [["M1", "M2", None, None, None, None], ["M3", None, None, None, None, None]]
    state.phase, state.picker, state.dice, state.dice_used = Phase.FINAL_PICK, T, [], []
    state.collections = [[c for c in CARDS if c[0] in "PL" and c != "L9"], [c for c in CARDS if c[0] == "F"]]
    state.collections[1] += ["L9", "M4", "M5", "M6", "M7", "M8", "M9"]
    assert G.to_decide(state) == {T} and G.legal_actions(state, V) == []
    assert_refused(G, state, V, Take(card="M1"), "not your pick")
    state, _ = act(state, T, Take(card="M2"))
    assert G.to_decide(state) == {V} and {a.card for a in G.legal_actions(state, V)} == {"M1", "M3"}
    state, events = act(state, V, Take(card="M3"))
    last = of_kind(events, "drafted")[-1]
    assert last.seat == T and last.card == "M1" and last.automatic
    assert [len(c) for c in state.collections] == [18, 18] and state.phase == Phase.LEAD


def test_fact_06_18_cards_each_11_rolls_collections_public():
    for seed in range(6):
        state, rolls, picks = _draft_log(seed)
        assert len(rolls) == 11
        assert Counter(roller for _, roller, _ in rolls) == {V: 6, T: 5}
        assert [len(c) for c in state.collections] == [18, 18]
        assert sorted(state.collections[0] + state.collections[1]) == sorted(CARDS)
        assert [p.collection for p in G.view(state, None).players] == state.collections


def test_fact_07_shuffle_draw_4_violet_leads_round_1():
    for roles in ("host_violet", "host_torech"):
        state = finish_draft(new(4, roles))
        assert state.round == 1 and state.phase == Phase.LEAD and state.leader == state.violet
        assert [len(h) for h in state.hands] == [4, 4] and [len(d) for d in state.decks] == [14, 14]
        assert G.to_decide(state) == {state.violet}


# -- 8-16 who wins a trick ---------------------------------------------------------------------------------
def test_fact_08_same_suit_higher_value_wins():
    assert winner_of(None, "F7", "F4") == V
    assert winner_of(None, "F4", "F7") == T
    assert winner_of(None, "M2", "M8", pawn=7) == T  # not trump either


def test_fact_09_trump_beats_another_suit_whatever_the_values():
    for pawn in (13, 14, 15):
        assert winner_of(None, "M9", "F2", pawn=pawn) == T
        assert winner_of(None, "F2", "M9", pawn=pawn) == V


def test_fact_10_no_trump_the_lead_card_wins():
    assert winner_of(None, "F5", "M7") == V
    assert winner_of(None, "F5", "F6") == T
    assert winner_of(None, "M2", "L8", pawn=13) == V  # neither is the Flower trump


def test_fact_11_no_trump_on_the_purple_spaces():
    for space in (1, 2, 3, 16, 17, 18):
        assert TRACK[space].trump is None
        assert winner_of(None, "M2", "P8", pawn=space) == V
    assert G.view(rigged([FILL[0], FILL[1]], pawn=17), None).trump is None


def test_fact_12_a_one_beats_any_nine():
    assert winner_of(None, "F1", "F9") == V
    assert winner_of(None, "F9", "F1") == T
    assert winner_of(None, "M1", "P9") == V
    assert winner_of(None, "P9", "M1") == T
    assert winner_of(None, "M1", "F9", pawn=13) == V  # a trump 9 too
    assert winner_of(None, "F9", "M1", pawn=13) == T
    assert winner_of(None, "M1", "P2") == V and winner_of(None, "P2", "M1") == V  # only against 9s
    assert winner_of(None, "M1", "F2", pawn=13) == T


def test_fact_13_a_led_five_cannot_be_trumped_a_following_five_can():
    assert winner_of(None, "P5", "F9", pawn=13) == V
    assert winner_of(None, "F8", "P5", pawn=13) == V
    assert winner_of(None, "P5", "P8", pawn=13) == T  # its own suit still beats it


def test_fact_14_a_three_in_the_same_suit_adds_dice():
    result = resolve("L3", "L6", None, fixed([2, 2], [1]))  # 3+4 = 7 against 6+1 = 7
    assert result.lead_wins and result.rule == WinRule.LUCKY_ROLL
    assert (result.lead_dice, result.follow_dice) == ([2, 2], [1])
    assert not resolve("L3", "L6", None, fixed([1, 1], [1])).lead_wins  # 5 < 7
    assert resolve("L6", "L3", None, fixed([1], [6, 6])).lead_wins is False  # the 3 follows
    assert resolve("L6", "L3", None, fixed([4], [2, 2])).lead_wins  # 10 vs 7
    assert resolve("L6", "L3", None, fixed([1], [2, 2])).lead_wins  # 7 vs 7: a tie goes to the lead
    # In the engine: the 3's owner rolls 2 dice, the other 1, and the totals decide.
    for seed in range(10):
        state = rigged([["L3", *FILL[0]], ["L6", *FILL[1]]], rng=new(seed).rng)
        _, events = trick(state, "L3", "L6")
        won = one(events, "trick_won")
        assert len(won.lead_dice) == 2 and len(won.follow_dice) == 1
        assert (won.winner == V) == (3 + sum(won.lead_dice) >= 6 + sum(won.follow_dice))


def test_fact_15_a_three_against_another_suit_rolls_no_dice():
    assert resolve("L3", "M6", None, fixed()) == (True, WinRule.LEAD_SUIT, [], [])
    assert resolve("M6", "L3", None, fixed()) == (True, WinRule.LEAD_SUIT, [], [])
    assert resolve("M6", "L3", Suit.LEAF, fixed()) == (False, WinRule.TRUMP, [], [])
    assert resolve("L3", "M9", Suit.LEAF, fixed()) == (True, WinRule.TRUMP, [], [])
    both_trump = resolve("L3", "L5", Suit.LEAF, fixed([1, 1], [6]))
    assert both_trump.rule == WinRule.LUCKY_ROLL and not both_trump.lead_wins
    assert winner_of(None, "M6", "L3", pawn=7) == T


def test_fact_16_two_threes_roll_three_dice_each():
    result = resolve("P3", "M3", None, fixed([1, 1, 1], [1, 1, 2]))
    assert result.rule == WinRule.TWO_THREES and not result.lead_wins
    assert resolve("P3", "M3", None, fixed([2, 2, 2], [1, 2, 3])).lead_wins  # a tie: the lead
    assert resolve("P3", "M3", Suit.MUSHROOM, fixed()) == (False, WinRule.TRUMP, [], [])
    assert resolve("M3", "P3", Suit.MUSHROOM, fixed()) == (True, WinRule.TRUMP, [], [])
    state = rigged([["P3", *FILL[0]], ["M3", *FILL[1]]])
    _, events = trick(state, "P3", "M3")
    won = one(events, "trick_won")
    assert len(won.lead_dice) == len(won.follow_dice) == 3


# -- 17-19 after the trick -------------------------------------------------------------------------------
def test_fact_17_played_cards_go_to_their_owners_face_up_discard_piles():
    state = rigged([["F8", *FILL[0]], ["F9", *FILL[1]]], decks=(["L1"], ["L2"]))
    state, _ = trick(state, "F8", "F9")
    assert state.discards == [["F8"], ["F9"]]
    assert [p.discard for p in G.view(state, None).players] == [["F8"], ["F9"]]


def test_fact_18_a_violet_win_moves_the_pawn_a_torech_win_does_not():
    state = rigged([["F9", *FILL[0]], ["F8", *FILL[1]]], pawn=2)
    after, events = trick(state, "F9", "F8")
    assert after.pawn == 3 and one(events, "pawn_moved").to_space == 3
    state = rigged([["F8", *FILL[0]], ["F9", *FILL[1]]], pawn=2)
    after, events = trick(state, "F8", "F9")
    assert after.pawn == 2 and not of_kind(events, "pawn_moved")


def test_fact_19_the_winner_leads_the_next_trick():
    state = rigged([["F8", *FILL[0]], ["F9", *FILL[1]]])
    state, _ = trick(state, "F8", "F9")
    assert state.leader == T and G.to_decide(state) == {T} and state.phase == Phase.LEAD


def test_fact_20_effects_winner_first_then_loser_then_refill():
    state = rigged([["P7", "L8"], ["P4", "L9"]], decks=(["M1", "M2", "M3"], ["F1", "F2", "F3"]))
    state, events = trick(state, "P7", "P4")  # Violet wins with the 7
    assert state.phase == Phase.RUMMAGE and G.to_decide(state) == {V}
    assert not of_kind(events, "foresight_used")
    state, events = act(state, V, G.legal_actions(state, V)[0])
    assert state.phase == Phase.FORESIGHT and G.to_decide(state) == {T}
    state, events = act(state, T, G.legal_actions(state, T)[0])
    assert "hands_refilled" in kinds(events)
    assert state.phase == Phase.LEAD and state.leader == V


# -- 21-23 card effects (details in test_effects.py) -------------------------------------------------------
def test_fact_21_card_2_void_on_first_trick_and_with_an_empty_hand():
    state = rigged([["P2", *FILL[0]], ["P8", *FILL[1]]])
    state, events = trick(state, "P2", "P8")
    assert one(events, "effect_void").reason == "the discard pile is empty"
    assert state.phase == Phase.LEAD
    state = rigged([["P2"], ["P8"]], discards=(["F1"], ["F2"]))
    state, events = trick(state, "P2", "P8")
    assert one(events, "effect_void").reason == "the hand is empty"


def test_fact_22_card_7_draws_2_puts_1_under_and_draws_nothing_at_refill():
    state = rigged([["P7", *FILL[0]], ["P8", *FILL[1]]], decks=(["M1", "M2", "M3"], ["F1", "F2", "F3"]))
    state, _ = trick(state, "P7", "P8")
    assert sorted(state.hands[V]) == sorted([*FILL[0], "M1", "M2"])
    state, events = act(state, V, G.legal_actions(state, V)[0])
    assert one(events, "hands_refilled").drawn == [0, 1]
    assert len(state.hands[V]) == len(state.hands[T]) == 4 and len(state.decks[V]) == len(state.decks[T]) == 2
    for deck in (["M1"], []):
        state = rigged([["P7", *FILL[0]], ["P8", *FILL[1]]], decks=(deck, list(deck)))
        state, events = trick(state, "P7", "P8")
        assert "fewer than 2" in one(events, "effect_void").reason and state.phase == Phase.LEAD


def test_fact_23_card_4_sees_up_to_3_and_card_6_lasts_through_the_next_trick():
    state = rigged([["P4", *FILL[0]], ["P8", *FILL[1]]], decks=(["M1", "M2", "M3", "M4"], []))
    state, _ = trick(state, "P4", "P8")
    assert state.foresight == ["M1", "M2", "M3"] and G.view(state, V).foresight == ["M1", "M2", "M3"]
    state = rigged([["P6", *FILL[0]], ["P8", *FILL[1]]])
    state, _ = trick(state, "P6", "L9")
    assert G.view(state, V).opponent_hand == state.hands[T]
    state, _ = trick(state, "L8", "M9")  # the next trick
    assert G.view(state, V).opponent_hand is None


# -- 24-27 rounds and the end ------------------------------------------------------------------------------
def test_fact_24_25_decks_run_out_together_hands_play_out_round_2_violet_leads():
    state = rigged([["P8", "L8"], ["P9", "L9"]], decks=(["M8"], ["M9"]))
    state, _ = trick(state, "P8", "P9")  # Torech wins; both draw their last card
    assert state.decks == [[], []] and [len(h) for h in state.hands] == [2, 2]
    state, _ = trick(state, "M9", "M8")  # Torech leads, wins
    state, events = trick(state, "L9", "L8")  # hands empty: the round ends
    assert kinds(events).index("round_ended") < kinds(events).index("round_started")
    assert state.round == 2 and state.leader == V and G.to_decide(state) == {V}
    assert [len(h) for h in state.hands] == [3, 3] and state.discards == [[], []]
    assert sorted(state.hands[V]) == ["L8", "M8", "P8"]


def test_fact_26_on_space_18_one_more_win_reaches_ordep():
    state = rigged([["F9", *FILL[0]], ["F8", *FILL[1]]], pawn=18)
    state, events = trick(state, "F9", "F8")
    assert G.outcome(state).winners == {V} and state.phase == Phase.GAME_OVER
    assert one(events, "game_over").role == Role.VIOLET and state.last_trick.pawn_to == 19
    assert G.view(state, None).result.winner == V


def test_fact_27_round_2_ending_before_ordep_means_torech_wins():
    state = rigged([["P8"], ["P9"]], round_no=2, pawn=12)
    state, events = trick(state, "P8", "P9")
    assert one(events, "game_over").role == Role.TORECH
    assert G.outcome(state).winners == {T} and "Round 2 ended" in G.outcome(state).summary


# -- 28-32 track events ------------------------------------------------------------------------------------
def test_fact_28_torech_tricks_violet_once():
    decks = (["M1", "M2", "M3", "M4"], ["F1", "F2", "F3", "F4"])
    state = rigged([["P8", *FILL[0]], ["P9", *FILL[1]]], decks=decks, pawn=3)
    state, events = trick(state, "P8", "P9")
    assert one(events, "torech_tricks").discarded == [["M1", "M2"], ["F1", "F2"]]
    assert state.discards == [["M1", "M2", "P8"], ["F1", "F2", "P9"]] and state.tricks_done
    state, events = trick(state, "L9", "L8")  # Torech wins there again: nothing more
    assert not of_kind(events, "torech_tricks")
    state = rigged([["P9", *FILL[0]], ["P8", *FILL[1]]], decks=decks, pawn=3)
    state, events = trick(state, "P9", "P8")  # a Violet win does nothing
    assert not of_kind(events, "torech_tricks") and not state.tricks_done
    state = rigged([["P8", *FILL[0]], ["P9", *FILL[1]]], decks=(["M1"], ["F1"]), pawn=3)
    state, events = trick(state, "P8", "P9")
    assert one(events, "torech_tricks").discarded == [["M1"], ["F1"]]  # fewer than 2: all of them


def test_fact_29_shortcut():
    hands = [["P9", "L9", "M9", "F9"], ["P8", "L8", "M8", "F8"]]
    armed, _ = trick(rigged(hands, pawn=5), "P9", "P8")
    assert armed.pawn == 6 and armed.shortcut == Shortcut.ARMED
    jumped, events = trick(armed, "L9", "L8")
    assert jumped.pawn == 10 and one(events, "pawn_moved").shortcut and jumped.shortcut == Shortcut.USED
    assert [s.event_state for s in G.view(jumped, None).track][4:6] == ["used", "used"]
    # A Torech win on 6 cancels it; the pawn then moves 6 -> 7.
    lost, _ = trick(rigged([["L8", "M9"], ["L9", "M8"]], pawn=6, shortcut=Shortcut.ARMED), "L8", "L9")
    assert lost.shortcut == Shortcut.LOST and lost.pawn == 6
    lost, events = trick(lost, "M8", "M9")  # Torech leads and loses
    assert lost.pawn == 7 and not one(events, "pawn_moved").shortcut
    # Losing on 5 first does not matter.
    first_loss, _ = trick(rigged([["L8", "M9"], ["L9", "M8"]], pawn=5), "L8", "L9")
    assert first_loss.pawn == 5 and first_loss.shortcut == Shortcut.AVAILABLE
    first_loss, _ = trick(first_loss, "M8", "M9")
    assert first_loss.pawn == 6 and first_loss.shortcut == Shortcut.ARMED


def test_fact_29_shortcut_across_the_round_change():
    state = rigged([["P9"], ["P8"]], pawn=5)
    state, events = trick(state, "P9", "P8")  # the last trick of round 1
    assert "round_started" in kinds(events) and state.round == 2 and state.shortcut == Shortcut.ARMED
    state.hands = [["L9"], ["L8"]]  # (rig round 2's first trick)
    state.decks = [["P9"], ["P8"]]
    state, events = trick(state, "L9", "L8")
    assert state.pawn == 10 and one(events, "pawn_moved").shortcut


def test_fact_30_devilish_plan_third_torech_win_on_11():
    hands = [["P8", "L8", "M8", "F8"], ["P9", "L9", "M9", "F9"]]
    state = rigged(hands, pawn=11, devilish_count=0)
    state, events = trick(state, "P8", "P9")
    assert one(events, "devilish_plan").count == 1
    state, _ = trick(state, "L9", "L8")
    assert G.outcome(state) is None and state.devilish_count == 2
    state, events = trick(state, "M9", "M8")
    assert G.outcome(state).winners == {T} and "devilish" in one(events, "game_over").reason
    carried = rigged(hands, pawn=11, devilish_count=2, round_no=2)  # the count carries over
    carried, _ = trick(carried, "P8", "P9")
    assert G.outcome(carried).winners == {T}


def test_fact_31_determination_on_the_first_trick_on_14():
    discards = (["P1", "P2", "P3", "P4", "P5"], ["F1", "F2", "F3"])
    state = rigged([["L9", *FILL[0]], ["L8", *FILL[1]]], decks=(["M1"], ["M2"]), discards=discards, pawn=14)
    state, events = trick(state, "L9", "L8")
    returned = one(events, "determination").returned
    assert len(returned[V]) == 4 and set(returned[V]) <= set(discards[V])
    assert sorted(returned[T]) == ["F1", "F2", "F3"]  # fewer than 4: all of them
    assert len(state.decks[V]) == 1 + 4 - 1 and state.determination_done  # 1 drawn at refill
    assert len(state.decks[T]) == 1 + 3 - 1
    assert sorted(state.discards[T]) == ["L8"]
    # Torech wins the first trick there: void for good.
    state = rigged([["L8", *FILL[0]], ["L9", *FILL[1]]], discards=discards, pawn=14)
    state, events = trick(state, "L8", "L9")
    assert not one(events, "determination").violet_won and state.determination_done
    state, events = trick(state, "M9", "M8")  # Torech leads and wins again on 14
    assert not of_kind(events, "determination")
    # Empty discard piles: nothing happens.
    state = rigged([["L9", *FILL[0]], ["L8", *FILL[1]]], pawn=14)
    state, events = trick(state, "L9", "L8")
    assert one(events, "determination").returned == [[], []]


def test_fact_32_torech_panics_once_per_space():
    hands = [["P8", "L8", "M8", "F8"], ["P9", "L9", "M9", "F9"]]
    state = rigged(hands, decks=(["M1", "M2", "M3"], ["F1", "F2", "F3"]), pawn=16)
    state, events = trick(state, "P8", "P9")
    assert "panic" in kinds(events) and state.phase == Phase.PANIC_DISCARD and G.to_decide(state) == {T}
    assert_refused(G, state, V, G.legal_actions(state, T)[0], "not your turn")
    state, events = act(state, T, G.legal_actions(state, T)[0])
    assert G.to_decide(state) == {V}
    state, events = act(state, V, G.legal_actions(state, V)[0])
    assert [len(h) for h in state.hands] == [4, 4] and one(events, "hands_refilled").drawn == [2, 2]
    assert state.panic_done == [16]
    assert state.hands == [["M8", "F8", "M1", "M2"], ["M9", "F9", "F1", "F2"]]
    state, events = trick(state, "M9", "M8")  # Torech leads and wins on 16 again
    assert one(events, "trick_won").winner == T and "panic" not in kinds(events)
    assert state.phase == Phase.LEAD


def test_fact_33_trump_by_group():
    expected = {1: None, 2: Suit.PINECONE, 3: Suit.LEAF, 4: Suit.MUSHROOM, 5: Suit.FLOWER, 6: None}
    for space, info in TRACK.items():
        assert info.trump == expected[(space - 1) // 3 + 1]
    public = G.view(rigged([FILL[0], FILL[1]], pawn=8), None)
    assert public.trump == Suit.LEAF and [s.trump for s in public.track][3:6] == [Suit.PINECONE] * 3


def test_play_refuses_cards_not_in_hand_and_wrong_turns():
    state = rigged([["P8", *FILL[0]], ["P9", *FILL[1]]])
    assert_refused(G, state, V, Play(card="P9"), "not in your hand")
    assert_refused(G, state, T, Play(card="P9"), "not your turn")
    state, _ = act(state, V, Play(card="P8"))
    assert_refused(G, state, V, Play(card="L8"), "not your turn")
    assert G.view(state, None).lead_card == "P8" and G.view(state, T).lead_card == "P8"
