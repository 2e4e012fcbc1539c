"""The Secret Krampus renderer over many random states: Discord's limits hold, the table never
shows a role or a card in someone's hand, and every private decision has its buttons."""

from __future__ import annotations

import random

import pytest

from bot.render.base import TableContext
from bot.render.secret_krampus import CARD, ROLE, SecretKrampusRenderer
from games.secret_krampus import Phase, SecretKrampus
from tests.bot.fakes import FakeMessage

GAME = SecretKrampus()
RENDER = SecretKrampusRenderer()
NAMES = ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jon"]


def _message(payload) -> FakeMessage:
    message = FakeMessage(1, 1)
    message.apply(**payload.send_kwargs())  # checks Discord's limits
    return message


def _random_states(players: int, seed: int):
    rng = random.Random(seed)
    state = GAME.new_game(players, GAME.parse_options(None), seed)
    while True:
        yield state
        if GAME.outcome(state) is not None:
            return
        seat = rng.choice(sorted(GAME.to_decide(state)))
        state, _ = GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))


@pytest.mark.parametrize("players", [5, 7, 10])
def test_renders_every_state_within_limits_and_without_leaks(players: int) -> None:
    for seed in range(4):
        for state in _random_states(players, seed):
            ctx = TableContext(1, GAME.decision(state), NAMES[:players], "Secret Krampus")
            table = _message(RENDER.table(GAME.view(state, None), ctx, []))
            if state.phase != Phase.GAME_OVER:
                text = table.text()
                assert not any(label in text for label in ROLE.values())
                assert not any(card in text for card in CARD.values() if state.hand)
            for seat in range(players):
                view = GAME.view(state, seat)
                private = _message(RENDER.private(view, ctx, []))
                needs_buttons = RENDER.has_private_decision(view)
                codes = {cid.split(":")[-1] for cid in private.custom_ids()}
                legal = {GAME.encode_action(a) for a in GAME.legal_actions(state, seat)}
                if needs_buttons:  # the legal private choices, one of those that do the same
                    assert codes <= legal and {_after(state, seat, c) for c in codes} == {
                        _after(state, seat, c) for c in legal
                    }
                    labels = [item.item.label for item in private.items()]
                    assert len(labels) == len(set(labels))  # no two buttons read alike
                else:
                    assert not codes


def _after(state, seat: int, code: str) -> str:  # noqa: ANN001
    """The state `code` leads to (the same seed: the same draws), whatever the order of the gifts
    passed on."""
    after = GAME.apply(state, seat, GAME.decode_action(code)).state
    return after.model_copy(update={"hand": sorted(after.hand)}).model_dump_json()


def test_the_table_says_the_usual_order_resumes_after_a_successor_selectors_election() -> None:
    """A Successor Selector's choice may be followed by the same player as the next regular
    candidate (rules 4.3): the table says why that candidate comes now."""
    from games.secret_krampus import Card
    from tests.games.secret_krampus.helpers import deliver, fail_election, rigged, target

    state, _ = deliver(rigged(8, krampus=0, candidate=2, naughty_count=2), Card.NAUGHTY, sl=3)
    state, _ = target(state, 3)
    state, events = fail_election(state, sl=4)
    ctx = TableContext(1, GAME.decision(state), NAMES[:8], "Secret Krampus")
    text = _message(RENDER.table(GAME.view(state, None), ctx, events)).text()
    assert "**Dan** is the List Maker candidate: pick a Sleigh Loader below." in text
    assert "Dan is the List Maker candidate: the usual order resumes." in text
    state, events = fail_election(state)
    text = _message(RENDER.table(GAME.view(state, None), ctx, events)).text()
    assert "usual order" not in text


def test_stables_reminder() -> None:
    state = GAME.new_game(7, GAME.parse_options(None), 3)
    state.in_play[4] = False
    ctx = TableContext(1, 0, NAMES[:7], "Secret Krampus")
    reminder = RENDER.chat_reminder(GAME.view(state, None), ctx, 4)
    assert reminder is not None and "stables" in reminder and "Eve" in reminder
    assert RENDER.chat_reminder(GAME.view(state, None), ctx, 3) is None


def _text(payload) -> str:
    return _message(payload).text()


def _own(view) -> tuple:
    """What a private message may depend on besides its own decision: the seat's secrets."""
    seat = view.seat
    return (view.known_roles, view.peek_results, view.checked_cards, view.players[seat].in_play)


@pytest.mark.parametrize("players", [5, 8])
def test_private_message_changes_only_for_its_own_decision_or_secrets(players: int) -> None:
    """Another seat's action leaves a private message as it was (it would cost a DM edit per seat
    per action), unless this seat's decision or secret knowledge changed or the game ended. A
    decision made on the table (nominating, Santa's Order) is not repeated here (it cost an edit
    when it began and another when it ended; the table shows it and an idle player is notified):
    every seat without a private decision gets one stable line."""
    for seed in range(3):
        before: dict[int, tuple] = {}
        for state in _random_states(players, seed):
            ctx = TableContext(1, GAME.decision(state), NAMES[:players], "Secret Krampus")
            deciding = GAME.to_decide(state)
            for seat in range(players):
                view = GAME.view(state, seat)
                text = _text(RENDER.private(view, ctx, []))
                own_turn = seat in deciding and state.phase in (Phase.NOMINATION, Phase.ORDER)
                if own_turn or state.phase == Phase.VOTING and seat in deciding:  # (not "nothing to decide")
                    assert "Nominations, Santa's Orders and every vote are made on the table." in text
                sent_by = view.players[seat].stabled_by  # (named for good: it never changes)
                if sent_by is not None and state.phase != Phase.GAME_OVER:
                    assert f"{NAMES[sent_by]} sent you to the stables" in text and "not even in chat" in text
                partner: set[int] = set()  # (a Heads Together voter is told who votes with them)
                if state.phase == Phase.HEADS_TOGETHER_VOTE and seat in deciding:
                    partner = {state.lm, state.sl} - {seat}
                for other in range(players):  # who acts now is on the table, not in the DM
                    if other not in {seat, sent_by, *partner, *view.known_roles, *view.peek_results}:
                        assert NAMES[other] not in text
                mine = RENDER.has_private_decision(view)  # not a vote nor a nomination: on the table
                now = (text, mine, _own(view), state.phase == Phase.GAME_OVER)
                if seat in before:
                    was_text, was_mine, was_own, _ = before[seat]
                    if not (mine or was_mine) and was_own == now[2] and not now[3]:
                        assert text == was_text, (state.phase, seat)
                before[seat] = now


def test_private_news_is_the_seats_own_and_never_costs_an_edit_by_itself() -> None:
    from games.core import Audience
    from games.secret_krampus.data import Card
    from games.secret_krampus.events import CardsPassed, HtVoteRecorded

    state = GAME.new_game(5, GAME.parse_options(None), 1)
    ctx = TableContext(1, GAME.decision(state), NAMES[:5], "Secret Krampus")
    passed = CardsPassed(sl=2, cards=[Card.NICE, Card.NAUGHTY], audience=Audience.some([0, 2]))
    voted = HtVoteRecorded(seat=0, yes=True, audience=Audience.only(0))
    text = _text(RENDER.private(GAME.view(state, 0), ctx, [passed, voted]))
    assert f"You passed {CARD[Card.NICE]}, {CARD[Card.NAUGHTY]} to Cat." in text
    assert "You voted YES on Heads Together." in text
    # each comes with a change the message shows anyway, or answers the seat's own click
    assert RENDER.private_news([passed, voted]) == []


def test_every_private_message_at_the_end_says_who_won_and_why() -> None:
    """Each seat reads its own role, its team's result and the game's end (before: "The game is
    over: the table shows who won")."""
    for seed in range(3):
        *_, state = _random_states(6, seed)
        assert state.phase == Phase.GAME_OVER and state.win_reason
        ctx = TableContext(1, GAME.decision(state), NAMES[:6], "Secret Krampus")
        for seat in range(6):
            private = _message(RENDER.private(GAME.view(state, seat), ctx, []))
            text = private.text()
            team_won = "Your team won." in text
            assert team_won != ("Your team lost." in text) and "You were" in text
            assert ("wins!**" in text) and state.win_reason in text and not private.custom_ids()
            assert "Your move" not in text


def test_the_private_field_says_your_move_only_when_the_seat_has_one() -> None:
    """The role DM's field read "Your move" all game, above "Your secret choices come here", also
    while the others voted: it says so only while the seat has a private decision."""
    seen = set()
    for state in _random_states(7, 4):
        if state.phase == Phase.GAME_OVER:
            break
        ctx = TableContext(1, GAME.decision(state), NAMES[:7], "Secret Krampus")
        for seat in range(7):
            private = _message(RENDER.private(GAME.view(state, seat), ctx, []))
            fields = [field.name for field in private.embeds[0].fields]
            deciding = bool(private.custom_ids())
            assert ("Your move" in fields) == deciding and ("Secret choices" in fields) != deciding
            seen.add(deciding)
    assert seen == {True, False}


def test_the_table_says_how_many_votes_failed_in_a_row() -> None:
    """The failed votes were only on the picture's track (too small to read on a phone): the
    news of a failed vote says how many in a row, and how many make chaos."""
    from games.core import visible_events

    seen = set()
    for seed in range(6):
        rng = random.Random(seed)
        state = GAME.new_game(5, GAME.parse_options(None), seed)
        while GAME.outcome(state) is None:
            seat = rng.choice(sorted(GAME.to_decide(state)))
            state, events = GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
            failed = [e.failed_votes for e in events if e.kind == "failed_vote_track"]
            if not failed:
                continue
            ctx = TableContext(1, GAME.decision(state), NAMES[:5], "Secret Krampus")
            text = _message(RENDER.table(GAME.view(state, None), ctx, visible_events(events, None))).text()
            said = f"Failed votes in a row: {failed[0]} of 3" in text
            assert said == (0 < failed[0] < 3), text
            seen.add(failed[0])
    assert {1, 2, 3} <= seen, seen


def test_a_role_message_says_how_its_team_wins_while_the_game_runs() -> None:
    """A newcomer's role message named the role only: the first vote was cast without knowing
    what the teams play for (the Krampus check came in the footer at 3 Naughty gifts)."""
    from games.secret_krampus.data import TEAM_OF_ROLE, Team

    goals = {Team.NICE: "Team Nice wins with 5 Nice gifts", Team.NAUGHTY: "Team Naughty wins with 6 Naughty"}
    seen = set()
    for state in _random_states(7, 3):
        ctx = TableContext(1, GAME.decision(state), NAMES[:7], GAME.title)
        for seat in range(7):
            view = GAME.view(state, seat)
            description = RENDER.private(view, ctx, []).embeds[0].description
            team = TEAM_OF_ROLE[view.my_role]
            if state.phase == Phase.GAME_OVER:
                assert not any(goal in description for goal in goals.values()), description
            else:
                other = Team.NAUGHTY if team == Team.NICE else Team.NICE
                assert goals[team] in description and goals[other] not in description, description
                seen.add(team)
    assert seen == {Team.NICE, Team.NAUGHTY}


@pytest.mark.parametrize("players", [5, 7, 9])
def test_while_a_government_is_chosen_the_table_says_what_the_next_naughty_gift_brings(players: int) -> None:
    """Each board's order on the next Naughty space, in text (the picture shows the board, which a
    phone may not load nor a screen reader read): what a vote may hand the List Maker."""
    from bot.render.secret_krampus_text import footer
    from games.secret_krampus.data import BOARDS
    from games.secret_krampus.words import ORDER_NAMES

    state = GAME.new_game(players, GAME.parse_options(None), 3)
    assert state.phase == Phase.NOMINATION
    spaces = BOARDS[state.board]
    told = set()
    for naughty in range(6):
        state.naughty_count = naughty
        said = footer(GAME.view(state, None))
        order = spaces.get(naughty + 1)
        if naughty == 5:
            assert "Next Naughty gift: team Naughty wins." in said, said
        elif order is None:
            assert "Next Naughty gift: no order." in said, said
        else:
            assert f"Next Naughty gift: {ORDER_NAMES[order]}." in said, said
            told.add(order)
    assert told  # (every board has orders)
    state.phase = Phase.LM_DISCARD
    assert "Next Naughty gift" not in footer(GAME.view(state, None))


def test_the_boards_picture_says_its_counts_in_words() -> None:
    """Its alt text: the piles' sizes were only in the picture."""
    state = GAME.new_game(7, GAME.parse_options(None), 3)
    state.naughty_count, state.nice_count = 2, 1
    view = GAME.view(state, None)
    ctx = TableContext(1, GAME.decision(state), [f"P{n}" for n in range(7)], GAME.title)
    (picture,) = RENDER.table(view, ctx, []).pictures
    assert picture.alt == (
        f"The Nice and Naughty boards: Nice 1 of 5, Naughty 2 of 6; draw pile {view.draw_pile_size}, "
        f"discards {view.discard_pile_size}."
    )


def test_the_officers_are_told_to_keep_silent_before_they_may_break_the_rule() -> None:
    """Spec 4.2: the List Maker and Sleigh Loader say nothing from the draw until the gift is
    placed, then may claim anything: the channel's reminder came only once one had posted."""
    from bot.render.secret_krampus import SILENCE
    from bot.render.secret_krampus_summary import RULES_SUMMARY

    assert "even a lie" in RULES_SUMMARY and "say nothing in the chat" in RULES_SUMMARY
    told = set()
    rng = random.Random(4)
    state = GAME.new_game(5, GAME.parse_options(None), 4)
    for _ in range(300):
        if GAME.outcome(state) is not None:
            break
        if state.phase in (Phase.LM_DISCARD, Phase.SL_CHOOSE):
            seat = next(iter(GAME.to_decide(state)))
            ctx = TableContext(1, GAME.decision(state), [f"P{n}" for n in range(5)], GAME.title)
            text = FakeMessage(0, None)
            text.apply(**RENDER.private(GAME.view(state, seat), ctx, []).send_kwargs())
            assert SILENCE in text.text(), text.text()
            told.add(state.phase)
        seat = rng.choice(sorted(GAME.to_decide(state)))
        state = GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat))).state
    assert told == {Phase.LM_DISCARD, Phase.SL_CHOOSE}
