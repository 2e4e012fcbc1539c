"""The Christmas Tree renderer over many random states: within Discord's limits, nothing hidden on
the table, and the private components (with their drafts) reach exactly the seat's legal actions."""

from __future__ import annotations

import random
import re

import pytest

from bot.render.base import TableContext
from bot.render.christmas_tree import ChristmasTreeRenderer
from bot.render.christmas_tree_text import objective_name, points
from bot.render.pictures.christmas_tree_private import PrivatePicture
from games.christmas_tree import CARDS, ChristmasTree, ChristmasTreeOptions, Kind, Phase
from games.christmas_tree.words import card_words
from games.core import visible_events
from tests.bot.fakes import FakeMessage
from tests.bot.harness import pictures_as_stand_ins
from tests.games.christmas_tree.helpers import act, random_move

G = ChristmasTree()
RENDER = ChristmasTreeRenderer()
NAMES = ["Dasher", "Dancer", "Prancer", "Vixen"]


def _message(payload) -> FakeMessage:
    message = FakeMessage(1, 1)
    message.apply(**payload.send_kwargs())  # asserts Discord's limits
    return message


def _states(players: int, mode: str, seed: int, every: int = 3):
    rnd = random.Random(seed)
    state = G.new_game(players, ChristmasTreeOptions(mode=mode), seed)
    step = 0
    while G.outcome(state) is None:
        seat, action = random_move(state, rnd)
        state, events = act(state, seat, action)
        step += 1
        if step % every == 0 or G.outcome(state) is not None:
            yield state, events


def _codes(message: FakeMessage, prefix: str) -> set[str]:
    codes = set()
    for item in message.items():
        custom_id = item.custom_id
        if custom_id.startswith("act:"):
            codes.add(custom_id.rsplit(":", 1)[1])
        elif custom_id.startswith(prefix):
            codes |= {option.value for option in item.item.options}
    return codes


def _drafts(message: FakeMessage) -> set[str]:
    drafts = set()
    for item in message.items():
        if item.custom_id.startswith("draft:"):
            drafts.add(item.custom_id.rsplit(":", 1)[1])
        elif item.custom_id.startswith("dsel:"):
            drafts |= {option.value for option in item.item.options}
    return drafts


def _reachable(view, ctx) -> set[str]:
    """Every action code reachable from the private message by following drafts (two levels)."""
    seen_drafts: set[str | None] = set()
    codes: set[str] = set()
    frontier: list[str | None] = [None]
    while frontier:
        draft = frontier.pop()
        if draft in seen_drafts:
            continue
        seen_drafts.add(draft)
        message = _message(RENDER.private(view, ctx, [], draft))
        codes |= _codes(message, "pick:")
        frontier += [d for d in _drafts(message) if d not in seen_drafts]
    return codes


@pytest.mark.parametrize("players,mode,seed", [(2, "family", 1), (3, "normal", 2), (4, "advanced", 3)])
def test_every_state_renders_within_limits_without_hidden_cards(players, mode, seed) -> None:
    for state, events in _states(players, mode, seed):
        ctx = TableContext(1, state.decision, NAMES[:players], G.title)
        table = _message(RENDER.table(G.view(state, None), ctx, visible_events(events, None))).text()
        if state.phase != Phase.GAME_OVER:
            for hand in state.hands:
                for code in hand.cards:  # a gingerbread's name is also a word of the objectives
                    assert CARDS[code].kind == Kind.GINGERBREAD or card_words(code) not in table
        assert "°" not in table and not re.search(r"\b[GWJO]\d\d\b", table)
        for seat in range(players):
            private = _message(RENDER.private(G.view(state, seat), ctx, visible_events(events, seat))).text()
            assert "°" not in private and not re.search(r"\b[GWJO]\d\d\b", private)


@pytest.mark.parametrize("players,mode,seed", [(2, "advanced", 4), (3, "normal", 5)])
def test_private_components_reach_exactly_the_legal_actions(players, mode, seed) -> None:
    with pictures_as_stand_ins():  # the drafts' pictures are drawn in the tests that look at them
        checked = _check_components_reach_exactly_the_legal_actions(players, mode, seed)
    assert checked > 5


def _check_components_reach_exactly_the_legal_actions(players: int, mode: str, seed: int) -> int:
    checked = 0
    for state, _ in _states(players, mode, seed, every=11):
        if state.phase == Phase.GAME_OVER:
            continue
        ctx = TableContext(1, state.decision, NAMES[:players], G.title)
        for seat in sorted(G.to_decide(state)):
            legal = {G.encode_action(a) for a in G.legal_actions(state, seat)}
            reachable = _reachable(G.view(state, seat), ctx)
            assert reachable <= legal, reachable - legal  # nothing illegal (or unchanged) is offered...
            assert legal <= reachable  # ...and every legal action is offered
            checked += 1
    return checked


def test_drafted_previews_fit_a_phone() -> None:
    """Every card of a hand drafted on a free cell: a picture legible on a phone, with the card on
    the cell, and Place buttons that match how the card may face."""
    from tests.bot.render.phone import picture_problems

    state = next(s for s, _ in _states(3, "normal", 7, every=1) if s.phase == Phase.TURN)
    ctx = TableContext(1, state.decision, NAMES[:3], G.title)
    view = G.view(state, 0)
    cell = view.legal_cells[len(view.legal_cells) // 2]
    text = _message(RENDER.private(view, ctx, [])).text()
    assert "(yours)" in text and "(Dasher)" not in text  # the normal game's objectives are revealed
    for index, code in enumerate(view.hand):
        payload = RENDER.private(view, ctx, [], f"c{index}x{cell}")
        assert picture_problems(payload) == []
        labels = sorted(
            item.item.label for item in _message(payload).items() if item.custom_id.startswith("act:")
        )
        if CARDS[code].kind == Kind.CANDY:
            assert labels == ["Place", "Place, then cookies"]
        else:
            assert labels == [
                "Place upright",
                "Place upright, then cookies",
                "Place upside down",
                "Place upside down, then cookies",
            ]


@pytest.mark.parametrize("kind", ["Stage", "Place"])
@pytest.mark.parametrize("draft", ["p", "c0"])
def test_choosing_a_card_anew_says_so(kind: str, draft: str) -> None:
    """A player who placed (ready) or staged (cookies open) a card and chooses again ("Change my
    card", or a card picked from the select) is told to pick a card and a cell, not that the card
    goes where it went before or which cookies are left."""
    state = next(s for s, _ in _states(2, "normal", 5, every=1) if s.phase == Phase.TURN)
    ctx = TableContext(1, state.decision, NAMES[:2], G.title)
    action = next(a for a in G.legal_actions(state, 0) if type(a).__name__ == kind)
    state, _events = act(state, 0, action)
    view = G.view(state, 0)
    assert view.pending is not None and view.pending.cell == action.cell
    before = _message(RENDER.private(view, ctx, [])).text()
    assert ("Spend cookies" in before) == (kind == "Stage")
    again = _message(RENDER.private(view, ctx, [], draft)).text()
    assert "Choose again: a card" in again
    assert "Spend cookies" not in again and "You are ready" not in again
    assert f"cell {action.cell + 1}" in again  # the card placed before stands until a new one is


def test_cookies_offer_a_swap_only_with_two_cards_on_the_tree() -> None:
    """The first card staged for cookies is alone on the tree: it may be turned over, but there is
    nothing to swap it with (no swap menu, not even after a forged or stale swap draft). With a
    second card the swap is offered."""
    state = next(s for s, _ in _states(2, "normal", 5, every=1) if s.phase == Phase.TURN)
    ctx = TableContext(1, state.decision, NAMES[:2], G.title)
    stage = next(a for a in G.legal_actions(state, 0) if type(a).__name__ == "Stage")
    state, _events = act(state, 0, stage)
    view = G.view(state, 0)
    for draft in (None, f"s{stage.cell}"):
        message = _message(RENDER.private(view, ctx, [], draft))  # no empty menu: `check_discord_limits`
        assert not any(":swap" in item.custom_id for item in message.items()), draft
        if draft is None:  # (what spending one costs)
            assert "Each cookie kept is 1 point at the end." in message.text(), message.text()
    assert "Cookie: turn a card over" in message.text() and "Done" in message.text()
    turn = state.turn
    while state.turn == turn:  # every seat ends its turn (seat 0: Done, no cookie spent)
        seat = sorted(G.to_decide(state))[0]
        actions = G.legal_actions(state, seat)
        state, _events = act(
            state, seat, next((a for a in actions if G.encode_action(a) == "done"), actions[0])
        )
    stage = next(a for a in G.legal_actions(state, 0) if type(a).__name__ == "Stage")
    state, _events = act(state, 0, stage)  # the second card: two on the tree
    swaps = [
        item
        for item in _message(RENDER.private(G.view(state, 0), ctx, [])).items()
        if ":swapa" in item.custom_id
    ]
    assert len(swaps) == 1 and len(swaps[0].item.options) == 2


def test_the_table_names_who_passes_to_whom() -> None:
    state = G.new_game(4, ChristmasTreeOptions(mode="advanced"), 3)
    ctx = TableContext(1, state.decision, NAMES, G.title)
    table = _message(RENDER.table(G.view(state, None), ctx, [])).text()
    assert (
        "Dasher \N{RIGHTWARDS ARROW} Dancer \N{RIGHTWARDS ARROW} Prancer \N{RIGHTWARDS ARROW} Vixen" in table
    )
    private = _message(RENDER.private(G.view(state, 1), ctx, [])).text()
    assert "You pass your hand to **Prancer** and get the hand of **Dasher**." in private


def test_news_is_short_and_names_no_codes() -> None:
    from bot.render.christmas_tree_news import fresh_cells, news_lines
    from games.christmas_tree.events import CardPlaced, CookieUsed, ObjectiveScored, Ready

    events = [
        Ready(seat=1),
        CardPlaced(seat=0, round=1, turn=2, card="W01", cell=3, rotation=0),
        CardPlaced(seat=1, round=1, turn=2, card="G12", cell=5, rotation=180),
        CookieUsed(seat=1, op="swap", a=2, b=7, rot_a=0, rot_b=180, cookies_left=2),
        CookieUsed(seat=1, op="rotate", a=4, cookies_left=1),
        ObjectiveScored(round=1, code="O14", owner=0, points=[5, 0, 0], counts=[1, 0, 0]),
    ]
    names = ["Dasher", "Dancer"]
    public = news_lines(events, names)
    assert public == [
        "Every new card is revealed (framed in gold on the trees).",
        "Dancer eats 2 cookies to swap two cards and turn a card over.",
        "Matching Ends: Dasher 5, Dancer 0.",
    ]
    assert (
        news_lines(events, names, me=0)[0]
        == "Every new card is revealed. Yours: candy 3\N{SNOWFLAKE} on cell 4."
    )
    assert news_lines(events, names, me=1)[0].endswith(
        "Yours: red ball 1\N{SNOWFLAKE} on cell 6, upside down."
    )
    assert news_lines([Ready(seat=2)], names) == ["The neutral tree is ready."]
    assert fresh_cells(events) == {0: [3], 1: [2, 4, 5, 7]}


def test_the_end_table_does_not_pass_the_hands_of_an_earlier_turn() -> None:
    """A table whose edits were coalesced is drawn with every event since its last write: at the
    end, those of the turns before the last too. The end sums up; hands passed then are over."""
    moments = list(_states(2, "normal", seed=5, every=1))
    since = [event for _, events in moments[-6:] for event in events]
    assert any(event.kind == "hands_passed" for event in since)
    state = moments[-1][0]
    ctx = TableContext(1, G.decision(state), NAMES[:2], G.title)
    text = _message(RENDER.table(G.view(state, None), ctx, visible_events(since, None))).text()
    assert "the end" in text and "Just now" in text, text
    assert "hands pass" not in text, text


def test_advanced_players_keep_seeing_their_own_travelling_objective() -> None:
    from bot.render.christmas_tree_text import objective_name

    state = next(s for s, _ in _states(3, "advanced", 2, every=1) if s.phase == Phase.TURN and s.turn == 2)
    ctx = TableContext(1, state.decision, NAMES[:3], G.title)
    for seat in range(3):
        view = G.view(state, seat)
        mine = view.seen_objectives[seat]
        text = _message(RENDER.private(view, ctx, [])).text()
        assert f"Yours: {objective_name(mine)}" in text
        assert view.hand_objective is not None and objective_name(view.hand_objective) in text
        assert "In the hand you hold, " in text


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_private_message_at_the_end_says_who_won_and_its_score(players: int) -> None:
    """... and, among three or more, a loser's place (the table had it; the DM only "Dancer
    wins!"), and what the last round scored for it, as after the other rounds."""
    *_, (state, _) = _states(players, "normal", seed=players, every=1000)
    ctx = TableContext(1, G.decision(state), NAMES[:players], "Christmas Tree")
    winners = G.view(state, None).winners
    for seat in range(players):
        view = G.view(state, seat)
        message = _message(RENDER.private(view, ctx, []))
        text = message.embeds[0].description
        total = next(p.total for p in view.breakdown if p.seat == seat)
        assert f"**{total} points**" in message.text(), message.text()
        if winners == [seat]:
            assert text.startswith("**You win!**"), text
        else:
            assert "You win" not in text and all(NAMES[w] in text for w in winners if w != seat), text
        totals = {p.seat: p.total for p in view.breakdown}
        ahead = {s for s in totals if totals[s] > total or s in winners}
        placed = f"Your place: {len(ahead) + 1} of {players}." in text
        assert placed == (players > 2 and seat not in winners), text
        last = max(r.round for r in view.results)  # (the last round's points, told after rounds 1-2 too)
        mine = sum(r.points[seat] for r in view.results if r.round == last)
        assert f"Round {last}: you scored {mine} point" in message.text(), message.text()


@pytest.mark.parametrize("mode", ["family", "normal"])
def test_the_end_counts_cookies_only_in_modes_that_have_them(mode: str) -> None:
    """Family mode has no cookies: its end said "cookies 0" for everyone."""
    *_, (state, _) = _states(2, mode, seed=3, every=1000)
    ctx = TableContext(1, G.decision(state), NAMES[:2], "Christmas Tree")
    table = _message(RENDER.table(G.view(state, None), ctx, [])).text()
    mine = _message(RENDER.private(G.view(state, 0), ctx, [])).text()
    ending = RENDER.ending(G.view(state, None), ctx, "")
    for text in (table, mine, ending):
        assert "gingerbreads" in text and ("cookies" in text) == (mode == "normal"), text


def test_an_abandoned_game_shows_each_tree_as_it_was() -> None:
    """No turn line, no free cells numbered and no hand to pick from: only the tree."""
    state = next(s for s, _ in _states(3, "normal", 7, every=1) if s.phase == Phase.TURN)
    view = G.view(state, 0)
    running = RENDER.private(view, TableContext(1, state.decision, NAMES[:3], G.title), [])
    ctx = TableContext(1, state.decision, NAMES[:3], G.title, abandoned=True)
    abandoned = RENDER.private(view, ctx, [])
    tree = PrivatePicture(tree=view.seats[0].tree, title="Your tree")
    assert running.pictures[0].key != tree.key() == abandoned.pictures[0].key
    said = f"Your tree as it was in round {view.round}/3, turn {view.turn}/7."
    assert abandoned.embeds[0].description == said  # (the controls are the bot's to take away)


def test_the_private_picture_s_title_gives_points_only_once_they_are_the_tree_s() -> None:
    """During play a seat's points are its objectives' so far (ornaments and the rest count at
    the end): a title "Your tree: 17 points" read as the tree's worth; the text's "Points so
    far" says them. At the end the title is the tree's total."""
    from bot.render.christmas_tree_components import Draft
    from bot.render.christmas_tree_private import private_picture

    seen = set()
    for state, _ in _states(2, "normal", 7, every=1):
        view = G.view(state, 0)
        if view.phase not in (Phase.TURN, Phase.GAME_OVER):
            continue
        ctx = TableContext(1, state.decision, NAMES[:2], G.title)
        title = private_picture(view, ctx, Draft.parse(None, view)).title
        if view.phase == Phase.GAME_OVER:
            total = next(p.total for p in view.breakdown if p.seat == 0)
            assert title == f"Your tree: {points(total)}", title
        else:
            assert title == "Your tree", title
            seen.add(view.seats[0].points > 0)  # (also once objectives have scored)
        seen.add(view.phase)
    assert seen >= {Phase.TURN, Phase.GAME_OVER, True}


def test_half_a_choice_is_said_not_drawn() -> None:
    """A card or a cell picked alone: the text names it and the picture stays the one shown (no
    new upload); a card and a cell: the close look at the card on that cell."""
    state = next(s for s, _ in _states(3, "normal", 7, every=1) if s.phase == Phase.TURN)
    ctx = TableContext(1, state.decision, NAMES[:3], G.title)
    view = G.view(state, 0)
    cell = view.legal_cells[0]
    shown = RENDER.private(view, ctx, []).pictures[0].key
    card = RENDER.private(view, ctx, [], "c1")
    assert card.pictures[0].key == shown
    assert "picked: now pick a free cell" in card.embeds[0].description
    picked = RENDER.private(view, ctx, [], f"x{cell}")
    assert picked.pictures[0].key == shown
    assert f"**cell {cell + 1}** picked: now pick a card" in picked.embeds[0].description
    assert RENDER.private(view, ctx, [], f"c1x{cell}").pictures[0].key != shown


def test_the_last_round_s_scores_stay_on_the_table_as_the_next_round_starts() -> None:
    """The news of a round's end (each objective's points) was gone at the table's next edit, or
    never shown when edits were coalesced: the table shows them while the next round's
    objectives are chosen, and the round's points through its first turn."""
    seen = set()
    for state, events in _states(3, "advanced", seed=55, every=1):
        view = G.view(state, None)
        if view.round < 2 or view.phase == Phase.GAME_OVER:
            continue
        ctx = TableContext(1, G.decision(state), NAMES[:3], G.title)
        text = _message(RENDER.table(view, ctx, visible_events(events, None))).text()
        last = view.round - 1
        results = [r for r in view.results if r.round == last]
        choosing = view.phase == Phase.OBJECTIVES
        if choosing or view.turn == 1:
            assert f"Round {last} scores" in text and text.count(f"Points in round {last}:") == 1, text
            assert results and all((f"{objective_name(r.code)}: " in text) == choosing for r in results)
            seen.add((view.round, choosing))
        else:
            assert f"Round {last} scores" not in text
    assert seen == {(2, True), (2, False), (3, True), (3, False)}, seen


@pytest.mark.parametrize("mode", ["normal", "advanced"])
def test_a_private_message_says_what_this_mode_and_turn_really_do(mode: str) -> None:
    """Advanced objectives are not revealed once all have chosen (they travel in the hands); at a
    round's last turn nothing is passed (the card not placed leaves the game); with no cookie
    left, none can be spent."""
    seen = set()
    for state, _events in _states(3, mode, seed=8, every=1):
        view = G.view(state, 0)
        if view.phase == Phase.GAME_OVER:
            continue
        ctx = TableContext(1, G.decision(state), NAMES[:3], G.title)
        text = RENDER.private(view, ctx, []).embeds[0].description or ""
        if view.phase == Phase.OBJECTIVES and not view.my_choice:
            travels = "it travels secretly in your hand" in text
            assert travels == (mode == "advanced") and ("once all have chosen" in text) != travels, text
            seen.add("objective")
        if view.phase == Phase.TURN:
            last = "the card you do not place leaves the game" in text
            assert last == (view.turn == 7) and ("You pass your hand" in text) != last, text
            seen.add(f"turn {view.turn}")
        if view.pending is not None and not view.pending.confirmed and not view.cookies_left:
            assert "No cookies left" in text and "cookies left)" not in text, text
            seen.add("no cookies")
    assert {"objective", "turn 1", "turn 7"} <= seen, seen


def test_an_edit_covering_many_turns_keeps_the_round_s_points_and_says_the_passing_once() -> None:
    """At click speed one table edit covered round 1's last turns to round 2's third: its news
    kept the 8 newest lines ("The hands pass to the left." three times among them) and the
    round's points were never told."""
    moments = list(_states(3, "normal", seed=21, every=1))
    start = next(i for i, (s, _) in enumerate(moments) if s.round == 1 and s.turn == 5)
    end = next(i for i, (s, _) in enumerate(moments) if s.round == 2 and s.turn == 3)
    events = [e for _, batch in moments[start : end + 1] for e in visible_events(batch, None)]
    state = moments[end][0]
    ctx = TableContext(1, G.decision(state), NAMES[:3], G.title)
    news = next(
        f.value
        for f in RENDER.table(G.view(state, None), ctx, events).embeds[0].fields
        if f.name == "Just now"
    )
    lines = news.splitlines()
    assert lines[0] == "... (more in /log)" and len(lines) == 9, news
    assert sum("Points in round 1:" in line for line in lines) == 1, news
    assert sum("The hands pass" in line for line in lines) == 1, news


def test_changing_a_card_after_spending_cookies_says_they_come_back() -> None:
    """ "Change my card" after a cookie turned a card over: placing anew gave the cookie back, and
    nothing said so ("2 cookies left" became "3")."""
    for seed in range(20):
        for state, _ in _states(2, "normal", seed, every=1):
            for seat in range(2):
                view = G.view(state, seat)
                if view.pending is None or not view.pending.cookies:
                    continue
                ctx = TableContext(1, G.decision(state), NAMES[:2], G.title)
                text = _message(RENDER.private(view, ctx, [], "p")).text()
                n = len(view.pending.cookies)
                assert f"gives back the {n} cookie" in text, text
                plain = _message(RENDER.private(view, ctx, [])).text()
                assert "gives back" not in plain
                return
    raise AssertionError("no turn with cookies spent found")


def test_the_private_message_says_everyone_s_points_so_far() -> None:
    """A round's points were told only in the table's news, which a fast round or a long edit cut;
    the player spends the round in their private message: its footer says where they stand."""
    seen = 0
    for state, _ in _states(3, "normal", seed=8, every=5):
        if G.outcome(state) is not None:
            break
        ctx = TableContext(1, G.decision(state), NAMES[:3], G.title)
        view = G.view(state, 1)
        footer = _message(RENDER.private(view, ctx, [])).embeds[0].footer.text
        points = {s.seat: s.points for s in view.seats}
        assert footer.startswith(
            f"Objective points so far: you {points[1]} · {NAMES[0]} {points[0]} · {NAMES[2]} {points[2]}"
        )
        seen += points[1] > 0
    assert seen, "no points scored in the game"


def test_the_picture_s_key_is_told_in_the_first_round_only() -> None:
    """The three-line key to the rings on the private picture came with every edit of every round:
    about 25 lines on a phone before the controls (reviewers, German and Hungarian)."""
    rounds: dict[int, set[bool]] = {}
    for state, _ in _states(2, "normal", seed=3, every=4):
        if G.outcome(state) is not None:
            break
        view = G.view(state, 0)
        footer = _message(RENDER.private(view, TableContext(1, G.decision(state), NAMES[:2], G.title), []))
        rounds.setdefault(view.round, set()).add("Gold circle" in (footer.embeds[0].footer.text or ""))
    assert rounds == {1: {True}, 2: {False}, 3: {False}}


def test_the_private_message_says_what_the_last_round_scored_for_this_seat() -> None:
    """The footer's points went up at a round's end with no word why in the private message
    (the table told each objective's points only briefly): through the next round's first turn
    it says what this seat scored, objective by objective."""
    seen = set()
    for state, _ in _states(3, "advanced", seed=55, every=1):
        view = G.view(state, 2)
        if view.round < 2 or view.phase == Phase.GAME_OVER:
            continue
        ctx = TableContext(1, G.decision(state), NAMES[:3], G.title)
        embed = _message(RENDER.private(view, ctx, [])).embeds[0]
        fields = {f.name: f.value for f in embed.fields}
        last = view.round - 1
        results = [r for r in view.results if r.round == last]
        mine = sum(r.points[2] for r in results)
        heading = f"Round {last}: you scored {mine} point{'s' * (mine != 1)}"
        if view.phase == Phase.OBJECTIVES or view.turn == 1:
            assert mine == next(p for p in view.breakdown if p.seat == 2).objectives_by_round[last - 1]
            for r in results:
                assert f"{objective_name(r.code)} +{r.points[2]}" in fields[heading]  # (+0 too)
            seen.add(view.round)
        else:
            assert heading not in fields
    assert seen == {2, 3}, seen


def test_a_majority_the_neutral_tree_placed_in_says_so() -> None:
    """Spec 8.3's example: "P1 3, P2 2, N 4 -> P1 +3, P2 +0". The line read "Red Collection: Ann
    6, Ben 2." with nothing about the neutral tree, so Ann's missing bonus looked wrong."""
    from bot.render.christmas_tree_news import objective_line
    from games.christmas_tree.objectives import OBJECTIVES, ObjectiveType

    majority = next(code for code, o in OBJECTIVES.items() if o.type == ObjectiveType.MAJORITY)
    other = next(code for code, o in OBJECTIVES.items() if o.type != ObjectiveType.MAJORITY)
    names = NAMES[:2]
    first = objective_line(majority, [6, 2, 0], [3, 2, 4], names)
    assert first.endswith("The neutral tree had the most.") and "Dasher 6, Dancer 2." in first
    assert objective_line(majority, [9, 1, 0], [3, 1, 2], names).endswith("The neutral tree came second.")
    shared = objective_line(majority, [9, 5, 0], [3, 2, 2], names)  # (Dancer's +3 is in their 5)
    assert shared.endswith("The neutral tree shared second place.")
    assert "neutral" not in objective_line(majority, [9, 5, 0], [3, 2, 1], names)  # third: no word
    assert "neutral" not in objective_line(majority, [9, 5, 0], [3, 2, 0], names)  # no card: no place
    assert "neutral" not in objective_line(other, [6, 2, 0], [3, 2, 4], names)  # not a majority
    assert "neutral" not in objective_line(majority, [6, 3, 0], [3, 2, 1], NAMES[:3])  # a third player


def test_after_a_swap_the_turn_names_the_new_card_s_cell_and_a_half_swap_says_so() -> None:
    """A staged card swapped with another one still read "Your card goes on cell 6" (it was on
    cell 21); and picking a swap's first cell changed nothing in the text."""
    state = next(s for s, _ in _states(2, "normal", 5, every=1) if s.phase == Phase.TURN)
    ctx = TableContext(1, state.decision, NAMES[:2], G.title)
    for _ in range(2):  # two turns: seat 0 stages a card, then ends (Done); the others play
        stage = next(a for a in G.legal_actions(state, 0) if type(a).__name__ == "Stage")
        state, _events = act(state, 0, stage)
        turn = state.turn
        while state.turn == turn and _ == 0:
            seat = sorted(G.to_decide(state))[0]
            actions = G.legal_actions(state, seat)
            state, _events = act(
                state, seat, next((a for a in actions if G.encode_action(a) == "done"), actions[0])
            )
    view = G.view(state, 0)
    other = next(cell for cell, slot in enumerate(view.preview) if slot is not None and cell != stage.cell)
    first = _message(RENDER.private(view, ctx, [], f"s{stage.cell}")).text()
    assert f"Swap: **cell {stage.cell + 1}** picked. Now pick the cell to swap it with." in first, first
    swap = next(a for a in G.legal_actions(state, 0) if type(a).__name__ == "Swap")
    assert {swap.a, swap.b} == {stage.cell, other}
    state, _events = act(state, 0, swap)
    text = _message(RENDER.private(G.view(state, 0), ctx, [])).text()
    assert f"Your card goes on **cell {other + 1}**." in text, text


def test_the_table_says_how_many_cards_are_left_in_the_deck() -> None:
    """Public at all times (spec 5): the number of cards in the deck (never which)."""
    counts = set()
    for state, _ in _states(3, "normal", 5, every=1):
        if state.phase == Phase.GAME_OVER:
            continue
        ctx = TableContext(1, state.decision, NAMES[:3], G.title)
        footer = _message(RENDER.table(G.view(state, None), ctx, [])).embeds[0].footer.text
        n = len(state.deck)
        assert footer.endswith(f" · Deck: {n}"), footer
        counts.add(n)
    assert len(counts) >= 3  # (each round's deal takes its cards)


def test_a_gingerbread_in_the_card_menu_says_its_wishes() -> None:
    """Its four wishes are small icons in the picture (an oval read as an eye): the menu says
    them, upright, side by side; no other card has a description."""
    from games.christmas_tree.data import CARDS, Kind

    seen = 0
    for state, _ in _states(3, "normal", 3, every=1):
        if state.phase != Phase.TURN:
            continue
        view = G.view(state, 0)
        ctx = TableContext(1, state.decision, NAMES[:3], G.title)
        message = _message(RENDER.private(view, ctx, []))
        menus = [i.item for i in message.items() if i.custom_id.startswith("dsel:") and "card" in i.custom_id]
        if not menus:
            continue
        for code, option in zip(view.hand, menus[0].options, strict=True):
            card = CARDS[code]
            if card.kind != Kind.GINGERBREAD:
                assert option.description is None, option
                continue
            nw, ne, se, sw = card.sides  # (in English a symbol's name is its code)
            assert option.description == f"upright it wants ↖ {nw} · ↗ {ne} · ↘ {se} · ↙ {sw}"
            seen += 1
    assert seen


def test_players_are_told_how_the_end_scores() -> None:
    """The final evaluation's weights (spec 7), as the rules score them: a player could not weigh a
    gingerbread against a candy, or tell that a spent cookie costs a point, before the end."""
    from bot.render.christmas_tree import KEY_TEXT, OBJECTIVES_FIELD
    from bot.render.christmas_tree_summary import RULES_SUMMARY
    from games.christmas_tree.data import GINGERBREAD_POINTS, POINTS_PER_COMPLETE_BULB, POINTS_PER_COOKIE

    scale = "/".join(str(p) for p in GINGERBREAD_POINTS)
    assert f"each gingerbread {scale} for 0-{len(GINGERBREAD_POINTS) - 1} wishes met" in RULES_SUMMARY
    assert (
        f"{POINTS_PER_COMPLETE_BULB} per complete bulb, {POINTS_PER_COOKIE} per unused cookie"
        in RULES_SUMMARY
    )
    assert (
        ", ".join(str(p) for p in GINGERBREAD_POINTS[:-1]) + f" or {GINGERBREAD_POINTS[-1]} points"
        in KEY_TEXT
    )
    assert f"one colour ({POINTS_PER_COMPLETE_BULB} points at the end)" in KEY_TEXT
    assert "❄: a card's points" in KEY_TEXT and "two touching edges of one colour" in RULES_SUMMARY
    once = "a card counts once in each; bulb ones count bulbs"  # (spec 8.2: bulbs, not cards, there)
    assert once in RULES_SUMMARY and once in OBJECTIVES_FIELD


def test_the_end_lists_the_scores_highest_first() -> None:
    """The end post and the table's Scores: by rank (they were in seat order, the winner
    anywhere), as the other games' ends."""
    ordered = 0
    for seed in range(6):
        *_, (state, _events) = _states(4, "normal", seed, every=1000)
        view = G.view(state, None)
        ctx = TableContext(1, state.decision, NAMES[:4], G.title)
        totals = sorted((p.total for p in view.breakdown), reverse=True)
        ending = RENDER.ending(view, ctx, "").split("\n")[1:]
        table = _message(RENDER.table(view, ctx, [])).embeds[0].fields[-1].value.split("\n")
        for lines in (ending, table):
            shown = [int(re.search(r"\*\*(\d+)", line).group(1)) for line in lines]
            assert shown == totals, lines
        ordered += totals != [p.total for p in view.breakdown]  # (seat order was not the rank)
    assert ordered


def test_a_private_picture_says_what_it_shows() -> None:
    """Its alt text (a screen reader's words for it) said "your hand or the card you are placing"
    under the tree of a game over too."""
    said = set()
    for state, _events in _states(2, "normal", 3, every=5):
        view = G.view(state, 0)
        ctx = TableContext(1, state.decision, NAMES[:2], G.title)
        (picture,) = RENDER.private(view, ctx, []).pictures
        said.add(picture.alt)
        if state.phase == Phase.GAME_OVER:
            assert picture.alt == "Your tree"
        elif view.hand:
            assert picture.alt == "Your tree, and your hand", (state.phase, picture.alt)
    assert {"Your tree", "Your tree, and your hand"} <= said


def test_the_table_picture_says_each_tree_s_points_and_cards() -> None:
    """Its alt text: the trees were only "Every player's tree" to a screen reader."""
    for state, _events in _states(2, "normal", 4, every=20):
        view = G.view(state, None)
        ctx = TableContext(1, state.decision, NAMES[:2], G.title)
        (picture,) = RENDER.table(view, ctx, []).pictures
        for seat in view.seats:
            cards = sum(slot is not None for slot in seat.tree)
            said = "the neutral tree" if seat.neutral else f"{NAMES[seat.seat]}: {seat.points} points"
            assert f"{said}, {cards} card" in picture.alt, picture.alt


def test_the_log_s_final_line_adds_up_to_its_total() -> None:
    """ "cards 47, gingerbreads 20, bulbs 14, cookies 4: total 154" left out the objectives."""
    finals = []
    for _state, events in _states(3, "normal", 5, every=1):
        finals += [e for e in events if e.kind == "final_scored"]
    assert len(finals) == 3
    for event in finals:
        line = str(event.describe(NAMES[:3]))
        *parts, total = (int(n) for n in re.findall(r"(?<![(\d])(\d+)(?! complete)", line))
        assert sum(parts) == total == event.total, line
