"""The 23 rulebook facts of spec section 7, one test each (plus a few around them)."""

from __future__ import annotations

import itertools
from collections import Counter

import pytest

from games.core import IllegalAction
from games.naughty_and_nice import (
    CARDS,
    CardType,
    Declaration,
    Declare,
    DeclareEnd,
    Draw,
    Orient,
    Pass,
    Phase,
    Play,
    Side,
    Stop,
    StopTaking,
    Take,
)
from games.naughty_and_nice.data import counts_face_up
from games.naughty_and_nice.scoring import best_allocation, player_result, winners
from tests.games.contract import assert_refused

from .helpers import G, act, all_cards, kinds, new, of_kind, quick_turn, rigged, rng_rolling, run

NICE, NAUGHTY = Declaration.NICE, Declaration.NAUGHTY
NONE = Declaration.NONE


def test_fact_01_the_deck():
    assert len(CARDS) == 56 and Counter(c.type for c in CARDS.values()) == {
        CardType.NICE: 22,
        CardType.NAUGHTY: 22,
        CardType.SHINY: 12,
    }
    lip_gloss = [c for c in CARDS.values() if c.name == "Sparkle Lip Gloss"]
    assert [(c.type, c.value) for c in lip_gloss] == [(CardType.SHINY, 6)]
    bad_movies = [c for c in CARDS.values() if c.name == "Bad Movies"]
    assert sorted((c.type, c.value) for c in bad_movies) == [(CardType.NAUGHTY, 1), (CardType.NAUGHTY, 2)]
    comics = [c for c in CARDS.values() if c.name == "XXXenophile Comics"]
    assert [(c.type, c.value) for c in comics] == [(CardType.NAUGHTY, 3)]
    # Spec 2.2 totals, and every game starts with the whole deck in the draw pile, no hands.
    for card_type in (CardType.NICE, CardType.NAUGHTY):
        values = [c.value for c in CARDS.values() if c.type == card_type]
        assert sum(v for v in values if v > 0) == 41 and len([v for v in values if v > 0]) == 18
        assert sum(v for v in values if v < 0) == -6 and len([v for v in values if v < 0]) == 4
    assert sum(c.value for c in CARDS.values() if c.type == CardType.SHINY) == 42
    for n in range(2, 7):
        state = new(n, seed=n)
        assert sorted(state.draw_pile) == sorted(CARDS) and state.hands == [[]] * n
        assert state.phase == Phase.DECLARE and state.active_seat == state.first_seat


def test_fact_02_a_turn_draws_one_to_four_cards():
    state = rigged(3, active=0)
    assert G.legal_actions(state, 0) == [Declare(declaration=d) for d in Declaration]
    assert_refused(G, state, 0, Stop())
    assert_refused(G, state, 0, Draw())
    state, _ = act(state, 0, Declare(declaration=NONE))
    assert state.draws_this_turn == 1 and state.phase == Phase.DRAW
    assert Stop() in G.legal_actions(state, 0)
    state, _ = run(state, 0, [Draw(), Draw(), Draw()])
    assert state.draws_this_turn == 4 and state.phase == Phase.PLAY and len(state.hands[0]) == 4
    assert_refused(G, state, 0, Draw(), "cannot draw")
    # Fewer only when both piles run dry.
    state = rigged(3, active=0, top=["NI01", "NI02"], rest=1)
    state, events = run(state, 0, [Declare(declaration=NONE), Draw()])
    done = of_kind(events, "drawing_done")[0]
    assert (done.draws, done.reason) == (2, "empty") and state.hands[0] == ["NI01", "NI02"]
    assert state.active_seat == 1  # the draw phase ended by itself, nothing to play


def test_fact_03_declared_nice_discards_naughty_and_counts_the_draw():
    state = rigged(3, active=0, top=["NI07", "NA01", "NI01"])
    state, events = run(state, 0, [Declare(declaration=NICE), Draw(), Draw()])
    assert state.draws_this_turn == 3 and Draw() in G.legal_actions(state, 0)
    state, more = act(state, 0, Stop())
    assert state.hands[0] == ["NI07", "NI01"]
    assert state.discard_pile == ["NA01"]
    shown = of_kind(events, "card_shown")
    assert [(e.card, e.kept) for e in shown] == [("NI07", True), ("NA01", False), ("NI01", True)]
    assert all(e.audience.is_public for e in shown) and not of_kind(events, "card_drawn")


def test_fact_04_declared_nice_four_naughty_all_discarded():
    state = rigged(3, active=0, top=["NA02", "NA03", "NA04", "NA05"])
    state, _ = run(state, 0, [Declare(declaration=NICE), Draw(), Draw()])
    state, events = act(state, 0, Draw())
    assert state.discard_pile == ["NA02", "NA03", "NA04", "NA05"] and state.hands[0] == []
    assert of_kind(events, "drawing_done")[0].reason == "max"
    assert state.active_seat == 1 and state.phase == Phase.DECLARE  # no plays, turn over


def test_fact_05_declared_naughty_keeps_a_shiny():
    state = rigged(3, active=0, top=["SH12", "NI01"])
    state, _ = run(state, 0, [Declare(declaration=NAUGHTY), Draw(), Stop()])
    assert state.hands[0] == ["SH12"] and state.discard_pile == ["NI01"]


def test_fact_06_without_declaration_draws_are_private_and_kept():
    state = rigged(3, active=0, top=["NA01", "NI01", "SH01"])
    state, events = run(state, 0, [Declare(declaration=NONE), Draw(), Draw(), Stop()])
    assert state.hands[0] == ["NA01", "NI01", "SH01"] and state.discard_pile == []
    private = of_kind(events, "card_drawn")
    assert [e.card for e in private] == ["NA01", "NI01", "SH01"]
    assert all(e.audience.seats == {0} for e in private)
    public = [e for e in events if e.audience.is_public]
    assert not any(c in e.model_dump_json() for e in public for c in ("NA01", "NI01", "SH01"))
    assert G.view(state, None).shown_draws == [] and len(G.view(state, 0).my_draws) == 3
    assert G.view(state, 1).my_draws == [] and G.view(state, 1).hand == []


def test_fact_07_play_down_to_two_cards():
    state = rigged(3, active=0, hands={0: ["NI01"]}, top=["NI02", "NI03", "NI04", "NI05"])
    state, _ = run(state, 0, [Declare(declaration=NONE), Draw(), Draw(), Draw()])
    assert len(state.hands[0]) == 5 and state.phase == Phase.PLAY
    plays = 0
    while state.active_seat == 0:
        state, _ = act(state, 0, Play(card=state.hands[0][0], target=1))
        plays += 1
    assert plays == 3 and len(state.hands[0]) == 2
    # A hand of 2 after drawing: no plays at all.
    state = rigged(3, active=0, hands={0: ["NI01"]})
    state, events = run(state, 0, [Declare(declaration=NONE), Stop()])
    assert len(state.hands[0]) == 2 and state.active_seat == 1 and not of_kind(events, "card_played")
    assert_refused(G, state, 0, Play(card=state.hands[0][0], target=0), "not your turn")


def test_fact_08_play_on_anyone_and_negative_cards_hurt():
    state = rigged(3, active=0, hands={0: ["NI21", "NI12"]}, areas={1: ["NI18"]}, top=["NI01", "NI02"])
    state, _ = run(state, 0, [Declare(declaration=NONE), Draw(), Stop()])
    targets = {a.target for a in G.legal_actions(state, 0) if a.kind == "play"}
    assert targets == {0, 1, 2}
    assert G.view(state, None).players[1].nice_total == 5
    state, events = act(state, 0, Play(card="NI21", target=1))
    assert G.view(state, None).players[1].nice_total == 3
    assert of_kind(events, "card_played")[0].target == 1
    state, _ = act(state, 0, Play(card="NI12", target=0))
    assert state.play_areas[0] == ["NI12"] and state.play_areas[1] == ["NI18", "NI21"]


def _lip_gloss_on_seat_1(target_cards):
    state = rigged(3, active=0, hands={0: ["SH12", "NI01"]}, areas={1: target_cards}, top=["NI02"])
    state, _ = run(state, 0, [Declare(declaration=NONE), Stop()])
    state, events = act(state, 0, Play(card="SH12", target=1))
    return state, events


def test_fact_09_lip_gloss_takes_bad_movies_and_comics():
    state, events = _lip_gloss_on_seat_1(["NA01", "NA07", "NA12"])
    assert state.phase == Phase.STEAL and of_kind(events, "steal_started")[0].budget == 6
    assert set(G.legal_actions(state, 0)) == {Take(card=c) for c in ("NA01", "NA07", "NA12")} | {StopTaking()}
    state, _ = run(state, 0, [Take(card="NA01"), Take(card="NA07")])
    assert state.steal.budget_left == 3
    state, events = act(state, 0, Take(card="NA12"))
    assert state.play_areas[1] == ["SH12"]  # the Lip Gloss stays with the target
    assert state.play_areas[0] == ["NA01", "NA07", "NA12"]
    ended = of_kind(events, "steal_ended")[0]
    assert ended.taken == ["NA01", "NA07", "NA12"]
    assert state.phase != Phase.STEAL and state.steal is None
    # its line names the Shiny! card too (the news of its play may be gone from the table)
    assert ended.shiny == "SH12" and "Lip Gloss" in ended.describe(["Ann", "Ben", "Cat"])


@pytest.mark.parametrize(
    "order", [("NA07", "NA12", "NI07"), ("NI07", "NA12", "NA07"), ("NA12", "NI07", "NA07")]
)
def test_fact_10_a_set_worth_seven_cannot_be_taken(order):
    # With a +1 card still affordable the steal stays open, and the third +2/+3 card is refused.
    state, _ = _lip_gloss_on_seat_1(["NA07", "NA12", "NI07", "NA01"])
    state, _ = run(state, 0, [Take(card=order[0]), Take(card=order[1])])
    assert state.phase == Phase.STEAL and state.steal.budget_left == 6 - 7 + CARDS[order[2]].value
    assert Take(card=order[2]) not in G.legal_actions(state, 0)
    assert_refused(G, state, 0, Take(card=order[2]), "left to take")
    assert_refused(G, state, 0, Take(card="SH12"), "stays")
    assert G.legal_actions(state, 0) == [Take(card="NA01"), StopTaking()]
    # Without it the steal closes by itself after the first two: nothing more fits.
    state, _ = _lip_gloss_on_seat_1(["NA07", "NA12", "NI07"])
    state, events = run(state, 0, [Take(card=order[0]), Take(card=order[1])])
    assert state.steal is None and of_kind(events, "steal_ended")[0].taken == list(order[:2])
    assert state.play_areas[1] == [order[2], "SH12"]


def test_negative_cards_cost_their_absolute_value():
    state, _ = _lip_gloss_on_seat_1(["NA21", "NI21", "NA19", "NA01"])
    state, _ = run(state, 0, [Take(card="NA21"), Take(card="NI21")])
    assert state.steal.budget_left == 2
    state, _ = act(state, 0, Take(card="NA19"))
    assert state.steal.budget_left == 1
    state, events = act(state, 0, Take(card="NA01"))
    assert state.steal is None and state.play_areas[1] == ["SH12"]


def test_the_empty_steal_and_a_steal_with_nothing_to_take():
    state, _ = _lip_gloss_on_seat_1(["NA01"])
    state, events = act(state, 0, StopTaking())
    assert of_kind(events, "steal_ended")[0].taken == [] and state.play_areas[1] == ["NA01", "SH12"]
    state, events = _lip_gloss_on_seat_1([])
    assert not of_kind(events, "steal_started") and state.phase != Phase.STEAL
    state, events = _lip_gloss_on_seat_1(["NA18", "NI18"])  # a +6 budget, but SH01 is worth 1
    state = rigged(3, active=0, hands={0: ["SH01", "NI01"]}, areas={1: ["NA07"]}, top=["NI02"])
    state, _ = run(state, 0, [Declare(declaration=NONE), Stop()])
    state, events = act(state, 0, Play(card="SH01", target=1))
    assert not of_kind(events, "steal_started") and state.play_areas[1] == ["NA07", "SH01"]


def test_a_shiny_may_take_a_shiny():
    state, _ = _lip_gloss_on_seat_1(["SH07", "NA01"])
    state, _ = act(state, 0, Take(card="SH07"))
    assert state.play_areas[0] == ["SH07"] and state.steal.budget_left == 2


def test_fact_11_a_shiny_on_oneself_takes_nothing():
    state = rigged(3, active=0, hands={0: ["SH12", "NI01"]}, areas={0: ["NA01"], 1: ["NA07"]}, top=["NI02"])
    state, _ = run(state, 0, [Declare(declaration=NONE), Stop()])
    state, events = act(state, 0, Play(card="SH12", target=0))
    assert "steal_started" not in kinds(events) and state.phase != Phase.STEAL
    assert state.play_areas[0] == ["NA01", "SH12"] and state.play_areas[1] == ["NA07"]


def test_fact_12_stolen_cards_keep_their_type_in_the_stealers_play_area():
    state, _ = _lip_gloss_on_seat_1(["NI18", "NA01"])
    state, _ = act(state, 0, Take(card="NI18"))
    public = G.view(state, None)
    assert state.play_areas[0] == ["NI18"] and public.players[0].nice_total == 5
    assert public.players[1].nice_total == 0 and public.players[1].naughty_total == 1
    assert [c.type for c in public.players[0].cards_in_play] == [CardType.NICE]


def test_fact_13_the_discard_pile_is_reshuffled_into_a_new_draw_pile():
    state = rigged(3, active=0, rest="discard")
    assert state.draw_pile == [] and len(state.discard_pile) == 56
    state, events = act(state, 0, Declare(declaration=NONE))
    reshuffled = of_kind(events, "reshuffled")
    assert reshuffled and reshuffled[0].draw_pile_size == 56
    assert len(state.draw_pile) == 55 and state.discard_pile == [] and len(state.hands[0]) == 1
    assert sum(all_cards(state).values()) == 56


def test_fact_14_no_end_declaration_without_ten_cards_in_play():
    nine = [f"NI{i:02d}" for i in range(1, 10)]
    state = rigged(3, active=0, areas={1: nine})
    state, _ = run(state, 0, [Declare(declaration=NONE), Stop()])
    assert state.phase == Phase.DECLARE and state.active_seat == 1  # never asked
    assert_refused(G, state, 1, DeclareEnd())
    state = rigged(3, active=0, areas={2: [*nine, "NI10"]})
    state, _ = run(state, 0, [Declare(declaration=NONE), Stop()])
    assert state.phase == Phase.END_OF_TURN and G.legal_actions(state, 0) == [DeclareEnd(), Pass()]
    assert G.view(state, None).end_trigger_met
    state, events = act(state, 0, Pass())
    assert state.active_seat == 1 and state.end_declared_by is None and "passed" in kinds(events)


def test_fact_15_after_the_declaration_everyone_plays_once_then_the_declarer():
    ten = [f"NI{i:02d}" for i in range(1, 11)]
    state = rigged(3, active=0, areas={1: ten})
    for _ in range(3):
        state, _ = quick_turn(state)  # seats 0, 1 and 2 pass
    state, _ = quick_turn(state, declare_end=True)  # ...but 0 declares on its second turn
    assert state.end_declared_by == 0 and state.end_declared_turn_no == 4
    turns = []
    while state.phase not in (Phase.ORIENT, Phase.GAME_OVER):
        turns.append(state.active_seat)
        assert state.phase == Phase.DECLARE
        state, events = quick_turn(state)
        assert not of_kind(events, "end_declared")
    assert turns == [1, 2, 0]
    assert state.end_reason == "declared"
    # Only one declaration: nobody else was ever asked (quick_turn would have passed).
    assert of_kind(events, "turn_started") == [] and of_kind(events, "game_ending")


def test_declarer_last_turn_is_flagged():
    ten = [f"NI{i:02d}" for i in range(1, 11)]
    state = rigged(2, active=0, areas={1: ten})
    state, _ = quick_turn(state, declare_end=True)
    state, events = quick_turn(state)
    assert of_kind(events, "turn_started")[0].last_turn and G.view(state, None).last_turn


def _orienting(areas: dict[int, list[str]], hand_rest: int = 1):
    """A 2-player game where the active seat 0 finds both piles empty: the game ends at once."""
    state = rigged(2, active=0, areas=areas, rest=hand_rest)
    state, events = act(state, 0, Declare(declaration=NONE))
    return state, events


@pytest.mark.parametrize("roll", range(1, 7))
def test_fact_16_odd_rolls_count_face_down_even_rolls_face_up(roll):
    state, _ = _orienting({0: ["SH12", "SH01"]})
    assert state.phase == Phase.ORIENT and G.to_decide(state) == {0}
    state, _ = act(state, 0, Orient(card="SH12", face_up=True))
    state.rng = rng_rolling(roll)
    state, events = act(state, 0, Orient(card="SH01", face_up=False))
    assert state.die_roll == roll and of_kind(events, "die_rolled")[0].roll == roll
    counting = {s.card for s in state.results[0].shinies if s.counts}
    assert counting == ({"SH01"} if roll % 2 else {"SH12"})
    assert counts_face_up(roll) == (roll % 2 == 0)


NICE_12 = ["NI16", "NI17", "NI12", "NI01"]
NAUGHTY_9 = ["NA16", "NA18"]


def test_fact_17_score_is_the_smaller_total():
    result = player_result(0, NICE_12 + NAUGHTY_9, {}, 1, 0)
    assert (result.nice, result.naughty, result.score, result.difference) == (12, 9, 9, 3)


def test_fact_18_one_shiny_goes_wholly_to_naughty():
    assert best_allocation(9, 12, [4]) == [Side.NAUGHTY]
    result = player_result(0, [*NICE_12, *NAUGHTY_9, "SH07"], {"SH07": True}, 2, 0)
    assert (result.naughty_final, result.nice_final, result.score, result.difference) == (13, 12, 12, 1)
    assert result.shinies[0].side == Side.NAUGHTY and result.shiny_to_nice == 0


def test_fact_19_balanced_totals_leave_the_shiny_unused():
    assert best_allocation(10, 10, [3]) == [Side.UNUSED]
    nice_10 = ["NI16", "NI17", "NI07"]
    naughty_10 = ["NA16", "NA17", "NA07"]
    result = player_result(0, [*nice_10, *naughty_10, "SH04"], {"SH04": False}, 3, 0)
    assert (result.score, result.difference) == (10, 0) and result.shinies[0].counts
    assert result.shinies[0].side == Side.UNUSED


def _rank(naughty: int, nice: int, values, sides) -> tuple[int, int]:
    """(-score, difference) of an allocation, written independently of the engine."""
    final_naughty = naughty + sum(v for v, s in zip(values, sides, strict=True) if s == Side.NAUGHTY)
    final_nice = nice + sum(v for v, s in zip(values, sides, strict=True) if s == Side.NICE)
    return -min(final_naughty, final_nice), abs(final_naughty - final_nice)


def test_allocation_with_several_shinies_is_optimal():
    assert sorted(best_allocation(0, 0, [3, 3])) == [Side.NAUGHTY, Side.NICE]
    assert best_allocation(5, 0, [2, 3]) == [Side.NICE, Side.NICE]
    assert _rank(0, 0, [1, 2, 3], best_allocation(0, 0, [1, 2, 3])) == (-3, 0)
    cases = [(3, 11, [6, 5, 1, 2]), (-2, 7, [4, 4, 3, 2, 1]), (0, 0, [6, 5, 4]), (1, 1, [5, 1, 1, 3, 2])]
    for naughty, nice, values in cases:
        brute = min(
            _rank(naughty, nice, values, sides) for sides in itertools.product(list(Side), repeat=len(values))
        )
        assert _rank(naughty, nice, values, best_allocation(naughty, nice, values)) == brute


def test_fact_20_smaller_difference_breaks_a_tie():
    a = player_result(0, ["NI16", "NI17", "NI07", "NA16", "NA17", "NA07", "NI01"], {}, 1, 0)
    b = player_result(1, ["NI16", "NI17", "NI07", "NA16", "NA17", "NA07", "NI01"], {}, 1, 0)
    assert (a.score, a.difference) == (10, 1)
    b = b.model_copy(update={"difference": 3, "nice_final": 13})
    assert winners([a, b]) == [0] and winners([b, a]) == [0]
    assert winners([a, a.model_copy(update={"seat": 1})]) == [0, 1]  # still tied: shared


def test_fact_21_cards_in_hand_do_not_score():
    state, _ = _orienting({0: ["NI01"], 1: ["NA01"]}, hand_rest=1)
    assert state.phase == Phase.GAME_OVER  # seat 1's hand is full of Shiny! cards, none in play
    result = state.results[1]
    assert result.cards_in_hand == 54 and (result.nice, result.naughty, result.score) == (0, 1, 0)
    assert result.shinies == [] and state.results[0].cards_in_hand == 0
    assert G.view(state, None).results[1].cards_in_hand == 54


def test_fact_22_a_shiny_with_the_wrong_orientation_counts_nothing():
    result = player_result(0, ["NI18", "SH12"], {"SH12": True}, 1, 0)
    assert result.shinies[0].counts is False and result.shinies[0].side == Side.UNUSED
    assert (result.naughty_final, result.nice_final, result.score) == (0, 5, 0)
    counting = player_result(0, ["NI18", "SH12"], {"SH12": True}, 2, 0)
    assert counting.naughty_final == 6 and counting.score == 5


def test_fact_23_a_turn_with_nothing_to_draw_asks_for_no_declaration():
    """Both piles empty when a turn starts: its draw phase ends at once (spec 4.3 step 1), with no
    "Declare Nice & draw" offered for nothing, and the game ends with that turn."""
    state = rigged(2, active=0, top=["NI01"], rest="spread")  # one card left to draw
    state, _ = act(state, 0, Declare(declaration=NICE))
    assert not (state.draw_pile or state.discard_pile) and state.phase == Phase.END_OF_TURN
    state, events = act(state, 0, Pass())
    assert kinds(events)[1:3] == ["turn_started", "nothing_to_draw"] and "declared" not in kinds(events)
    assert of_kind(events, "nothing_to_draw")[0].seat == 1
    assert state.phase == Phase.ORIENT and state.end_reason == "no_cards"


def test_fact_23_nothing_to_draw_ends_the_game_after_the_turn():
    state = rigged(2, active=0, hands={0: ["NI01"]}, rest="spread")  # 27-28 cards in each play area
    state, events = act(state, 0, Declare(declaration=NICE))
    assert "nothing_to_draw" in kinds(events) and state.end_declared_by is None
    assert state.phase == Phase.ORIENT and state.end_reason == "no_cards"
    assert of_kind(events, "game_ending")[0].orienting == [0, 1]
    with pytest.raises(IllegalAction):
        G.apply(state, 0, Draw())
