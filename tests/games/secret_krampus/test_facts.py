"""The 41 rulebook facts of spec section 5, one test each."""

from __future__ import annotations

from collections import Counter

import pytest

from games.core import IllegalAction
from games.secret_krampus import (
    Board,
    Card,
    ChooseTarget,
    Discard,
    HeadsTogetherVote,
    Nominate,
    Order,
    Phase,
    Play,
    Role,
    Team,
    Vote,
)
from games.secret_krampus.data import BOX_DECK

from .helpers import (
    G,
    act,
    deck_size,
    deliver,
    elect,
    fail_election,
    first_eligible,
    kinds,
    new,
    nominate,
    of_kind,
    rigged,
    stack,
    target,
    total_cards,
    vote,
)

SEEDS = range(12)


def _setup_facts(n: int, board: Board, krampus: int, elves: int, nice: int, draw: tuple, start: int):
    for seed in SEEDS:
        state = new(n, seed)
        roles = Counter(state.roles)
        assert roles == {Role.KRAMPUS: krampus, Role.NAUGHTY_ELF: elves, Role.NICE_ELF: nice}
        assert state.board == board
        assert Counter(state.draw_pile) == {Card.NICE: draw[0], Card.NAUGHTY: draw[1]}
        assert len(state.draw_pile) == sum(draw)
        assert state.naughty_count == start and state.nice_count == 0
        assert state.discard_pile == [] and state.failed_votes == 0 and state.term_limited == []
        view = G.view(state, None)
        assert view.board == board and view.naughty_count == start
        assert view.draw_pile_size == sum(draw)


def _order_after_naughty(n: int, before: int) -> Order | None | str:
    """Deliver one NAUGHTY by government with `before` already on the board; what fires?"""
    state = rigged(n, krampus=0, candidate=2, naughty_count=before)
    state, events = deliver(state, Card.NAUGHTY, sl=3)
    assert state.naughty_count == before + 1
    if state.phase == Phase.ORDER:
        assert of_kind(events, "order_started")[0].order == state.pending_order
        return state.pending_order
    assert state.phase == Phase.NOMINATION
    if of_kind(events, "top_cards_seen"):
        return Order.CHECKING_IT_TWICE
    assert not of_kind(events, "order_started")
    return None


def test_fact_01_box_deck_is_6_nice_11_naughty():
    assert BOX_DECK == {Card.NICE: 6, Card.NAUGHTY: 11}
    assert sum(BOX_DECK.values()) == 17
    state = new(5)
    assert total_cards(state) == 17


def test_fact_02_five_players():
    _setup_facts(5, Board.BOARD_5_6, 1, 1, 3, (6, 11), 0)


def test_fact_03_six_players():
    _setup_facts(6, Board.BOARD_5_6, 1, 1, 4, (6, 10), 1)


def test_fact_04_seven_players():
    _setup_facts(7, Board.BOARD_7_8, 1, 2, 4, (6, 10), 0)
    assert deck_size(7) == 16


def test_fact_05_eight_players():
    _setup_facts(8, Board.BOARD_7_8, 1, 2, 5, (6, 11), 0)


def test_fact_06_nine_players():
    _setup_facts(9, Board.BOARD_9_10, 1, 3, 5, (6, 9), 0)
    assert deck_size(9) == 15


def test_fact_07_ten_players():
    _setup_facts(10, Board.BOARD_9_10, 1, 3, 6, (6, 11), 0)


def test_fact_08_pool_has_n_roles_and_one_krampus():
    for n in range(5, 11):
        krampus_seats = set()
        for seed in range(30):
            state = new(n, seed)
            assert len(state.roles) == n
            assert state.roles.count(Role.KRAMPUS) == 1
            krampus_seats.add(state.roles.index(Role.KRAMPUS))
        assert len(krampus_seats) > 1, "roles are dealt at random"


def test_fact_09_small_game_krampus_and_naughty_elf_know_each_other():
    for n in (5, 6):
        state = rigged(n, krampus=1, naughty_elves=[3])
        krampus_view = G.view(state, 1)
        assert krampus_view.my_role == Role.KRAMPUS
        assert krampus_view.known_roles[3] == Role.NAUGHTY_ELF
        elf_view = G.view(state, 3)
        assert elf_view.known_roles[1] == Role.KRAMPUS
        # Both can deduce that everyone else is Nice: they know every role.
        assert krampus_view.known_roles == dict(enumerate(state.roles))
        assert elf_view.known_roles == dict(enumerate(state.roles))


def test_fact_10_large_game_krampus_knows_only_self_elves_know_all():
    for n in range(7, 11):
        elves = {7: [2, 5], 8: [2, 5], 9: [2, 5, 6], 10: [2, 5, 6]}[n]
        state = rigged(n, krampus=4, naughty_elves=elves)
        assert G.view(state, 4).known_roles == {4: Role.KRAMPUS}
        for elf in elves:
            known = G.view(state, elf).known_roles
            assert known[4] == Role.KRAMPUS
            assert all(known[other] == Role.NAUGHTY_ELF for other in elves)
            assert known == dict(enumerate(state.roles))


def test_fact_11_nice_elf_knows_only_self():
    for n in range(5, 11):
        for seed in range(5):
            state = new(n, seed)
            for seat, role in enumerate(state.roles):
                if role == Role.NICE_ELF:
                    assert G.view(state, seat).known_roles == {seat: Role.NICE_ELF}


@pytest.mark.parametrize(
    ("n", "yes", "passes"),
    [
        (5, 3, True),
        (5, 2, False),
        (6, 3, False),
        (6, 4, True),
        (7, 4, True),
        (7, 3, False),
        (10, 5, False),
        (10, 6, True),
    ],
)
def test_fact_12_strict_majority_of_living(n, yes, passes):
    state = rigged(n, krampus=0, candidate=2)
    state, events = elect(state, 3, yes_seats=range(1, 1 + yes))
    revealed = of_kind(events, "votes_revealed")[0]
    assert revealed.yes_count == yes and revealed.passed is passes
    assert state.phase == (Phase.LM_DISCARD if passes else Phase.NOMINATION)
    assert state.failed_votes == (0 if passes else 1)


def test_fact_13_stabled_player_neither_votes_nor_counts():
    base = rigged(7, krampus=0, candidate=2, naughty_count=3)
    state, _ = deliver(base, Card.NAUGHTY, sl=3)
    assert state.pending_order == Order.STABLE_LEADERSHIP
    state, _ = target(state, 6)
    assert state.phase == Phase.NOMINATION and not state.in_play[6]
    # who sent seat 6 is public (the order is announced): every view tells it, for good
    assert {G.view(state, s).players[6].stabled_by for s in (None, 0, 6)} == {2}
    state, _ = nominate(state, 4)
    assert 6 not in G.to_decide(state) and G.legal_actions(state, 6) == []
    with pytest.raises(IllegalAction):
        G.apply(state, 6, Vote(yes=True))
    passed, events = vote(state, [1, 2, 3, 4])
    assert of_kind(events, "votes_revealed")[0].passed and passed.phase == Phase.LM_DISCARD
    failed, events = vote(state, [1, 2, 3])
    assert not of_kind(events, "votes_revealed")[0].passed and failed.phase == Phase.NOMINATION


def test_fact_14_failed_vote_moves_track_and_candidacy_clockwise():
    state = rigged(8, krampus=0, candidate=2, failed_votes=1)
    state.in_play[3] = False
    state, events = fail_election(state, sl=5)
    assert state.failed_votes == 2
    assert of_kind(events, "failed_vote_track")[0].failed_votes == 2
    assert state.lm_candidate == 4  # seat 3 is in the stables
    assert G.to_decide(state) == {4}


def test_fact_15_chaos_places_top_card_ignores_order_resets_track_and_limits():
    state = rigged(7, krampus=0, candidate=2, naughty_count=1)
    state, _ = deliver(state, Card.NICE, sl=3)
    assert state.term_limited == [2, 3]
    state.failed_votes = 2
    stack(state, [Card.NAUGHTY])
    draw_before = len(state.draw_pile)
    state, events = fail_election(state, sl=4)  # LM candidate 3 (clockwise from 2)
    chaos = of_kind(events, "chaos")[0]
    assert chaos.card == Card.NAUGHTY and chaos.audience.is_public
    assert of_kind(events, "card_placed")[0].by_chaos
    assert state.naughty_count == 2  # space 2 of BOARD_7_8 is PEEK: it does not fire
    assert state.phase == Phase.NOMINATION and state.pending_order is None
    assert "order_started" not in kinds(events)
    assert len(state.draw_pile) == draw_before - 1
    assert state.failed_votes == 0 and state.term_limited == []
    assert {2, 3} <= set(G.view(state, None).eligible) - {state.lm_candidate}


def test_fact_16_chaos_can_win_for_either_side():
    state = rigged(8, krampus=0, candidate=2, nice_count=4, failed_votes=2)
    stack(state, [Card.NICE])
    state, events = fail_election(state)
    assert G.outcome(state).team == "NICE" and state.nice_count == 5
    assert "game_over" in kinds(events)
    state = rigged(8, krampus=0, candidate=2, naughty_count=5, failed_votes=2)
    stack(state, [Card.NAUGHTY])
    state, _ = fail_election(state)
    assert G.outcome(state).team == "NAUGHTY" and state.naughty_count == 6


def test_fact_17_chaos_on_space_3_gives_no_successor_selector():
    state = rigged(8, krampus=0, candidate=2, naughty_count=2, failed_votes=2)
    stack(state, [Card.NAUGHTY])
    state, events = fail_election(state, sl=4)
    assert state.naughty_count == 3
    assert state.phase == Phase.NOMINATION and state.special_candidate is None
    assert state.lm_candidate == 3 and not state.special_election
    assert "successor_selected" not in kinds(events)


def test_fact_18_only_a_placed_card_resets_the_track():
    state = rigged(8, krampus=0, candidate=2, failed_votes=2)
    state, _ = elect(state, 3)
    assert state.phase == Phase.LM_DISCARD and state.failed_votes == 2
    state, _ = deliver(rigged(8, krampus=0, candidate=2, failed_votes=2), Card.NICE, sl=3)
    assert state.failed_votes == 0
    # Two failed votes, then an elected government whose card Heads Together discards: chaos.
    state = rigged(8, krampus=0, candidate=2, naughty_count=5, failed_votes=2)
    stack(state, [Card.NICE] * 4)  # 3 for the government, the 4th is the chaos card
    state, events = deliver(state, Card.NICE, sl=3, ht_yes=False)
    assert not of_kind(events, "heads_together_result")[0].played
    assert "chaos" in kinds(events) and state.failed_votes == 0
    assert state.nice_count == 1 and G.outcome(state) is None


def test_fact_19_krampus_elected_sl_with_3_naughty_wins_before_drawing():
    state = rigged(7, krampus=5, candidate=2, naughty_count=3)
    pile = list(state.draw_pile)
    state, events = elect(state, 5)
    outcome = G.outcome(state)
    assert outcome.team == "NAUGHTY" and state.roles[5] == Role.KRAMPUS
    assert outcome.winners == {s for s, r in enumerate(state.roles) if r != Role.NICE_ELF}
    assert "cards_drawn" not in kinds(events) and state.draw_pile == pile


def test_fact_20_krampus_elected_sl_with_2_naughty_does_not_win():
    state = rigged(7, krampus=5, candidate=2, naughty_count=2)
    state, events = elect(state, 5)
    assert G.outcome(state) is None and state.phase == Phase.LM_DISCARD
    assert "not_krampus" not in kinds(events)


def test_fact_21_six_player_preplaced_card_counts_for_krampus_check():
    state = rigged(6, krampus=5, candidate=2)
    assert state.naughty_count == 1
    state, _ = deliver(state, Card.NAUGHTY, sl=4)
    assert not G.view(state, None).krampus_check_active
    state, events = deliver(state, Card.NAUGHTY, sl=1)
    assert state.naughty_count == 3 and G.view(state, None).krampus_check_active
    assert state.phase == Phase.NOMINATION
    state, events = elect(state, 5)
    assert G.outcome(state).team == "NAUGHTY"


def test_fact_22_krampus_elected_lm_never_wins():
    for naughty in (3, 5):
        state = rigged(8, krampus=2, candidate=2, naughty_count=naughty)
        state, events = elect(state, 4)
        assert G.outcome(state) is None and state.phase == Phase.LM_DISCARD
        assert of_kind(events, "not_krampus")[0].seat == 4


def test_fact_23_fifth_nice_or_sixth_naughty_wins():
    state, events = deliver(rigged(9, krampus=0, candidate=2, nice_count=4), Card.NICE, sl=3)
    assert G.outcome(state).team == "NICE"
    assert G.outcome(state).winners == {s for s, r in enumerate(state.roles) if r == Role.NICE_ELF}
    game_over = of_kind(events, "game_over")[0]
    assert game_over.audience.is_public and game_over.roles == state.roles
    state, _ = deliver(rigged(9, krampus=0, candidate=2, naughty_count=5), Card.NAUGHTY, sl=3)
    assert G.outcome(state).team == "NAUGHTY" and state.pending_order is None
    assert all(p.revealed_role is not None for p in G.view(state, None).players)


def test_fact_24_stabling_krampus_wins_for_nice_anyone_else_reveals_nothing():
    base = rigged(8, krampus=6, candidate=2, naughty_count=3)
    state, _ = deliver(base, Card.NAUGHTY, sl=3)
    assert state.pending_order == Order.STABLE_LEADERSHIP
    won, events = target(state, 6)
    assert G.outcome(won).team == "NICE" and of_kind(events, "stabled")[0].was_krampus
    on, events = target(state, 7)
    assert G.outcome(on) is None and on.phase == Phase.NOMINATION
    assert not of_kind(events, "stabled")[0].was_krampus
    public = G.view(on, None)
    assert public.players[7].revealed_role is None and not public.players[7].in_play
    assert public.players[7].not_krampus
    assert G.view(on, 3).known_roles == {3: Role.NICE_ELF}


@pytest.mark.parametrize("n", range(6, 11))
def test_fact_25_both_last_elected_are_term_limited(n):
    state, _ = deliver(rigged(n, krampus=0, candidate=2), Card.NICE, sl=4)
    assert state.lm_candidate == 3
    eligible = G.view(state, None).eligible
    assert 2 not in eligible and 4 not in eligible
    for seat in (2, 4):
        with pytest.raises(IllegalAction, match="term-limited"):
            nominate(state, seat)


def test_fact_26_five_players_only_last_lm_is_term_limited():
    state, _ = deliver(rigged(5, krampus=0, candidate=2), Card.NICE, sl=4)
    assert state.lm_candidate == 3 and state.term_limited == [2]
    assert 4 in G.view(state, None).eligible and 2 not in G.view(state, None).eligible
    nominated, _ = nominate(state, 4)
    assert nominated.sl_candidate == 4
    with pytest.raises(IllegalAction):
        nominate(state, 2)


def test_fact_27_failed_candidates_are_not_term_limited():
    state = rigged(8, krampus=0, candidate=2)
    state, _ = fail_election(state, sl=5)
    assert state.lm_candidate == 3 and state.term_limited == []
    assert {2, 5} <= set(G.view(state, None).eligible)
    nominated, _ = nominate(state, 5)
    assert nominated.phase == Phase.VOTING


def test_fact_28_draw_3_discard_1_pass_2_play_1():
    state = rigged(7, krampus=0, candidate=2)
    stack(state, [Card.NAUGHTY, Card.NICE, Card.NAUGHTY])
    draw = len(state.draw_pile)
    state, events = elect(state, 3)
    drawn = of_kind(events, "cards_drawn")[0]
    assert drawn.cards == [Card.NAUGHTY, Card.NICE, Card.NAUGHTY] and drawn.audience.seats == {2}
    assert G.view(state, 2).hand == drawn.cards and G.view(state, 3).hand == []
    assert len(state.draw_pile) == draw - 3
    state, events = act(state, 2, Discard(index=0))
    passed = of_kind(events, "cards_passed")[0]
    assert passed.cards == [Card.NICE, Card.NAUGHTY] and passed.audience.seats == {2, 3}
    assert G.view(state, 3).hand == passed.cards and G.view(state, 2).passed_cards == passed.cards
    assert len(state.discard_pile) == 1 and G.to_decide(state) == {3}
    state, events = act(state, 3, Play(index=0))
    assert state.nice_count == 1 and state.naughty_count == 0
    assert len(state.discard_pile) == 2 and len(of_kind(events, "card_placed")) == 1


def test_fact_29_short_pile_is_reshuffled_after_placement():
    state = rigged(8, krampus=0, candidate=2)
    stack(state, [Card.NICE] * 3)
    state.discard_pile = state.draw_pile[4:]
    state.draw_pile = state.draw_pile[:4]
    state, events = deliver(state, Card.NICE, sl=3)
    assert "reshuffled" in kinds(events)
    assert state.discard_pile == [] and len(state.draw_pile) == 17 - 1
    assert total_cards(state) == 17
    state, events = elect(state, 5)
    assert len(of_kind(events, "cards_drawn")[0].cards) == 3


@pytest.mark.parametrize(("n", "naughty_in_game"), [(7, 10), (9, 9)])
def test_fact_30_removed_cards_never_come_back(n, naughty_in_game):
    state = rigged(n, krampus=0, candidate=2)
    stack(state, [Card.NICE] * 3)
    state.discard_pile = state.draw_pile[3:]
    state.draw_pile = state.draw_pile[:3]
    state, events = deliver(state, Card.NICE, sl=3)
    assert "reshuffled" in kinds(events)
    cards = Counter(state.draw_pile + state.discard_pile)
    assert cards[Card.NAUGHTY] + state.naughty_count == naughty_in_game
    assert total_cards(state) == deck_size(n)


@pytest.mark.parametrize(("n", "before"), [(5, 2), (6, 2)])
def test_fact_31_checking_it_twice(n, before):
    state = rigged(n, krampus=0, candidate=2, naughty_count=before)
    state, events = deliver(state, Card.NAUGHTY, sl=3)
    seen = of_kind(events, "top_cards_seen")[0]
    assert seen.audience.seats == {2} and seen.cards == state.draw_pile[:3]
    assert of_kind(events, "order_started")[0].order == Order.CHECKING_IT_TWICE
    assert G.view(state, 2).checked_cards == seen.cards
    assert G.view(state, 3).checked_cards is None and G.view(state, None).checked_cards is None
    assert state.phase == Phase.NOMINATION  # automatic, no target
    pile = list(state.draw_pile)
    state, events = elect(state, 4)
    assert of_kind(events, "cards_drawn")[0].cards == pile[:3]


def test_fact_32_board_5_6_orders():
    assert _order_after_naughty(5, 0) is None
    assert _order_after_naughty(5, 1) is None
    assert _order_after_naughty(5, 2) == Order.CHECKING_IT_TWICE
    assert _order_after_naughty(5, 3) == Order.STABLE_LEADERSHIP
    assert _order_after_naughty(5, 4) == Order.STABLE_LEADERSHIP
    assert _order_after_naughty(6, 1) is None  # card 2 (the pre-placed card is card 1)


def test_fact_33_board_7_8_orders():
    for n in (7, 8):
        assert _order_after_naughty(n, 0) is None
        assert _order_after_naughty(n, 1) == Order.PEEK
        assert _order_after_naughty(n, 2) == Order.SUCCESSOR_SELECTOR
        assert _order_after_naughty(n, 3) == Order.STABLE_LEADERSHIP
        assert _order_after_naughty(n, 4) == Order.STABLE_LEADERSHIP


def test_fact_34_board_9_10_orders():
    for n in (9, 10):
        assert _order_after_naughty(n, 0) == Order.PEEK
        assert _order_after_naughty(n, 1) == Order.PEEK
        assert _order_after_naughty(n, 2) == Order.SUCCESSOR_SELECTOR
        assert _order_after_naughty(n, 3) == Order.STABLE_LEADERSHIP
        assert _order_after_naughty(n, 4) == Order.STABLE_LEADERSHIP


def test_fact_35_peeked_once_per_game_never_self():
    state, _ = deliver(rigged(9, krampus=0, candidate=2), Card.NAUGHTY, sl=3)
    assert state.pending_order == Order.PEEK and 2 not in G.view(state, None).eligible
    with pytest.raises(IllegalAction):
        target(state, 2)
    state, events = target(state, 7)
    assert state.peeked[7] and G.view(state, None).players[7].peeked
    assert state.lm_candidate == 3
    state, _ = deliver(state, Card.NAUGHTY, sl=5)
    assert state.pending_order == Order.PEEK and state.lm == 3
    assert 7 not in G.view(state, None).eligible
    with pytest.raises(IllegalAction, match="already been peeked"):
        target(state, 7)


def test_fact_36_peek_shows_krampus_as_naughty():
    state, _ = deliver(rigged(9, krampus=6, candidate=2), Card.NAUGHTY, sl=3)
    state, events = target(state, 6)
    result = of_kind(events, "peek_result")[0]
    assert result.side == Team.NAUGHTY and result.audience.seats == {2}
    assert "KRAMPUS" not in result.model_dump_json()
    assert of_kind(events, "peeked")[0].audience.is_public
    assert G.view(state, 2).peek_results == {6: Team.NAUGHTY}
    assert G.view(state, 3).peek_results == {} and G.view(state, None).peek_results == {}


@pytest.mark.parametrize("successor", [3, 6])
@pytest.mark.parametrize("passes", [True, False])
def test_fact_37_successor_selector(passes, successor):
    state, _ = deliver(rigged(8, krampus=0, candidate=2, naughty_count=2), Card.NAUGHTY, sl=3)
    assert state.pending_order == Order.SUCCESSOR_SELECTOR and state.lm == 2
    with pytest.raises(IllegalAction):
        target(state, 2)
    state, events = target(state, successor)
    assert of_kind(events, "successor_selected")[0].target == successor
    chosen = of_kind(events, "new_candidate")[0]
    assert chosen.special and not chosen.resumed
    assert state.lm_candidate == successor and state.special_election
    assert G.view(state, None).special_election
    # Seat 3 was just elected SL, so it is term-limited; it may still be the LM candidate.
    assert G.to_decide(state) == {successor}
    sl = first_eligible(state, avoid=[0])
    if passes:
        state, events = deliver(state, Card.NICE, sl=sl)
    else:
        state, events = fail_election(state, sl=sl)
    assert state.phase == Phase.NOMINATION
    assert state.lm_candidate == 3 and not state.special_election  # clockwise from seat 2
    resumed = of_kind(events, "new_candidate")[-1]
    assert resumed.resumed and not resumed.special
    assert "usual order resumes" in str(resumed.describe(["p"] * 8))
    state, events = fail_election(state)
    assert state.lm_candidate == 4 and not of_kind(events, "new_candidate")[-1].resumed


@pytest.mark.parametrize(
    ("lm_yes", "sl_yes", "placed"),
    [(True, True, True), (True, False, True), (False, True, True), (False, False, False)],
)
def test_fact_38_heads_together(lm_yes, sl_yes, placed):
    state = rigged(8, krampus=0, candidate=2, naughty_count=5)
    stack(state, [Card.NICE] * 3)
    state, _ = elect(state, 3)
    state, _ = act(state, 2, Discard(index=0))
    state, events = act(state, 3, Play(index=1))
    assert state.phase == Phase.HEADS_TOGETHER_VOTE and G.to_decide(state) == {2, 3}
    card_event = of_kind(events, "heads_together_card")[0]
    assert card_event.card == Card.NICE and card_event.audience.seats == {2, 3}
    assert G.view(state, 2).ht_card == Card.NICE and G.view(state, 4).ht_card is None
    decision = state.decision
    state, events = act(state, 2, HeadsTogetherVote(yes=lm_yes))
    assert state.decision == decision and G.to_decide(state) == {3}
    with pytest.raises(IllegalAction):
        act(state, 2, HeadsTogetherVote(yes=not lm_yes))
    state, more = act(state, 3, HeadsTogetherVote(yes=sl_yes))
    events += more
    assert state.decision == decision + 1
    result = of_kind(events, "heads_together_result")[0]
    assert result.played is placed and result.audience.is_public
    assert all(e.audience.seats is not None for e in of_kind(events, "ht_vote_recorded"))
    assert state.nice_count == (1 if placed else 0)
    assert state.failed_votes == (0 if placed else 1)
    assert state.term_limited == [2, 3]


def test_fact_39_heads_together_double_no_on_two_is_chaos():
    state = rigged(8, krampus=0, candidate=2, naughty_count=5, failed_votes=2)
    stack(state, [Card.NICE] * 4)  # 3 for the government, the 4th is the chaos card
    state, events = deliver(state, Card.NICE, sl=3, ht_yes=False)
    assert kinds(events).count("chaos") == 1 and of_kind(events, "chaos")[0].card == Card.NICE
    assert of_kind(events, "failed_vote_track")[-1].failed_votes == 3
    assert of_kind(events, "failed_vote_track")[-1].cause == "heads_together"
    assert state.nice_count == 1 and state.naughty_count == 5
    assert state.failed_votes == 0 and state.term_limited == []
    assert state.phase == Phase.NOMINATION and state.lm_candidate == 3


def test_fact_40_orders_cannot_target_lm_or_stabled():
    state, _ = deliver(rigged(8, krampus=0, candidate=2, naughty_count=3), Card.NAUGHTY, sl=3)
    assert state.pending_order == Order.STABLE_LEADERSHIP
    with pytest.raises(IllegalAction, match="another player"):
        target(state, 2)
    state, _ = target(state, 5)
    state, _ = deliver(state, Card.NAUGHTY, sl=4)
    assert state.pending_order == Order.STABLE_LEADERSHIP and state.lm == 3
    assert 5 not in G.view(state, None).eligible and 3 not in G.view(state, None).eligible
    with pytest.raises(IllegalAction, match="stables"):
        target(state, 5)
    # Successor Selector cannot target the LM either.
    state, _ = deliver(rigged(8, krampus=0, candidate=2, naughty_count=2), Card.NAUGHTY, sl=3)
    assert state.pending_order == Order.SUCCESSOR_SELECTOR
    assert 2 not in G.view(state, None).eligible
    with pytest.raises(IllegalAction):
        act(state, 2, ChooseTarget(seat=2))


def test_fact_41_stabled_player_skipped_and_never_nominated():
    state, _ = deliver(rigged(7, krampus=0, candidate=2, naughty_count=3), Card.NAUGHTY, sl=1)
    state, _ = target(state, 4)
    assert state.lm_candidate == 3
    with pytest.raises(IllegalAction, match="stables"):
        act(state, 3, Nominate(seat=4))
    candidates = []
    for _ in range(8):
        assert 4 not in G.view(state, None).eligible
        candidates.append(state.lm_candidate)
        state.failed_votes = 0
        state, _ = fail_election(state)
    assert 4 not in candidates and candidates[:4] == [3, 5, 6, 0]
