"""Secret Krampus's words over many random games: a changed vote shows nobody anything (spec 4.5),
no card code or internal id is ever written, each thing is said once, and the end (or an
abandoned game) shows every role with no rule reminder left."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator

import pytest

from bot.render.base import Payload, TableContext
from bot.render.secret_krampus import SecretKrampusRenderer
from games.core import Event, IllegalAction, visible_events
from games.secret_krampus import Phase, SecretKrampus
from games.secret_krampus.data import Role
from games.secret_krampus.models import (
    ChooseTarget,
    Discard,
    HeadsTogetherVote,
    Nominate,
    Play,
    SKState,
    Vote,
)
from tests.bot.fakes import FakeMessage
from tests.bot.render.phone import text_of

GAME = SecretKrampus()
RENDER = SecretKrampusRenderer()
NAMES = ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jon"]
#: What a player must never read: card, role, team, phase and order codes, seat numbers.
CODES = re.compile(
    r"\b(NICE|NAUGHTY|NICE_ELF|NAUGHTY_ELF|KRAMPUS|BOARD_\d+_\d+|PEEK|SUCCESSOR_SELECTOR|"
    r"CHECKING_IT_TWICE|STABLE_LEADERSHIP|NAUGHTY_WIN|NOMINATION|VOTING|LM_DISCARD|SL_CHOOSE|"
    r"HEADS_TOGETHER_VOTE|GAME_OVER|seat \d+)\b"
)


def ctx_for(state: SKState) -> TableContext:
    return TableContext(1, GAME.decision(state), NAMES[: state.num_players], "Secret Krampus")


def text(payload: Payload) -> str:
    message = FakeMessage(1, 1)
    message.apply(**payload.send_kwargs())  # Discord's limits
    return text_of(payload)


def moments(players: int, seed: int) -> Iterator[tuple[SKState, list[Event]]]:
    """Every state of one random game with the events of the action that made it."""
    rng = random.Random(seed)
    state = GAME.new_game(players, GAME.parse_options(None), seed)
    events: list[Event] = []
    while True:
        yield state, events
        if GAME.outcome(state) is not None:
            return
        seat = rng.choice(sorted(GAME.to_decide(state)))
        state, events = GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))


def table(state: SKState, events: list[Event]) -> Payload:
    return RENDER.table(GAME.view(state, None), ctx_for(state), visible_events(events, None))


def private(state: SKState, seat: int, events: list[Event]) -> Payload:
    return RENDER.private(GAME.view(state, seat), ctx_for(state), visible_events(events, seat))


def probes(state: SKState) -> list[object]:
    """Every kind of click a seat could send now (legal or not)."""
    seats = range(state.num_players)
    other = (state.lm_candidate or 0) + 1
    return [
        Vote(yes=True),
        Vote(yes=False),
        HeadsTogetherVote(yes=True),
        Discard(index=0),
        Play(index=0),
        Nominate(seat=other % len(seats)),
        ChooseTarget(seat=other % len(seats)),
    ]


def refusals(state: SKState, seat: int) -> list[str]:
    """What `seat` is told for each probe: refused how, or accepted."""
    told = [GAME.idle_reason(state, seat) or ("idle" if not GAME.legal_actions(state, seat) else "")]
    for action in probes(state):
        try:
            GAME.apply(state, seat, action)
            told.append("accepted")
        except IllegalAction as error:
            told.append(error.reason)
    return told


def seen_by_others(state: SKState, events: list[Event], voter: int, news: list[Event] | None = None) -> tuple:
    """Everything anyone but `voter` sees: the table (with `events`, the last action's), every
    other seat's view, private message (with its share of `news`, by default `events`) and
    answers to any click."""
    others = [s for s in range(state.num_players) if s != voter]
    news = events if news is None else news
    return (
        table(state, events).digest(),
        GAME.view(state, None),
        [GAME.view(state, s) for s in others],
        [private(state, s, news).digest() for s in others],
        [refusals(state, s) for s in others],
        sorted(GAME.to_decide(state) - {voter}),
    )


def voting_states(players: int, seed: int, limit: int = 4) -> Iterator[tuple[SKState, list[Event]]]:
    """States just after a nomination, with the nomination's events."""
    found = 0
    for state, events in moments(players, seed):
        if state.phase == Phase.VOTING and not state.votes:
            yield state, events
            found += 1
            if found == limit:
                return


@pytest.mark.parametrize("players", [5, 6, 8, 10])
def test_a_changed_vote_shows_nobody_anything(players: int) -> None:
    """Two elections alike but for one voter who first votes the other way and changes their
    mind (at a random moment before the last vote): after every step, whatever anyone but that
    voter sees (the table, views, private messages, refusals) is the same in both, and the
    change itself leaves it all as it was."""
    checked = 0
    for seed in range(5):
        rng = random.Random(seed * 100 + players)
        for start, nominated in voting_states(players, seed):
            voters = [s for s in range(players) if start.in_play[s]]
            rng.shuffle(voters)
            final = {s: rng.random() < 0.5 for s in voters}
            changer = rng.choice(voters[:-1])  # the last voter closes the election
            change_after = rng.randrange(voters.index(changer), len(voters) - 1)
            plain, changed = start, start
            plain_events, changed_events = nominated, nominated
            for n, seat in enumerate(voters):
                plain, plain_events = GAME.apply(plain, seat, Vote(yes=final[seat]))
                first = not final[seat] if seat == changer else final[seat]
                changed, changed_events = GAME.apply(changed, seat, Vote(yes=first))
                if n == change_after:
                    # the private messages as they stand (their news was delivered): the change
                    # brings nobody else any news, and nothing else anyone sees moves
                    before = seen_by_others(changed, changed_events, changer, news=[])
                    changed, change = GAME.apply(changed, changer, Vote(yes=final[changer]))
                    assert all(visible_events(change, s) == [] for s in range(players) if s != changer)
                    assert seen_by_others(changed, change, changer) == before
                    changed_events = change
                    checked += 1
                # the changer's first vote differs until the change: nobody else can tell
                # (news aside just after the change: the two paths' last actions differ)
                news = [] if n == change_after else None
                assert seen_by_others(changed, changed_events, changer, news) == seen_by_others(
                    plain, plain_events, changer, news
                ), (players, seed, n)
            assert changed.phase != Phase.VOTING
            assert GAME.view(changed, changer) == GAME.view(plain, changer)  # the same election
    assert checked >= 10


def test_the_check_can_fail() -> None:
    """The comparison sees a difference in what others see (e.g. a public event)."""
    state, events = next(voting_states(5, 1))
    voter = next(s for s in range(5) if state.in_play[s])
    after, after_events = GAME.apply(state, voter, Vote(yes=True))
    assert seen_by_others(after, after_events, voter) != seen_by_others(state, events, voter)


def _all_texts(state: SKState, events: list[Event]) -> list[str]:
    texts = [text(table(state, events))]
    texts += [text(private(state, s, events)) for s in range(state.num_players)]
    ctx = ctx_for(state)
    texts += [
        RENDER.acknowledge(GAME.view(state, s), ctx, visible_events(events, s)) or ""
        for s in range(state.num_players)
    ]
    texts += [e.describe(ctx.names) for e in events]  # the log and the private news
    return texts


@pytest.mark.parametrize("players", [5, 7, 9])
def test_no_codes_no_per_voter_lines_and_each_thing_said_once(players: int) -> None:
    seen_order = seen_limited = False
    for seed in range(3):
        for state, events in moments(players, seed):
            for shown in _all_texts(state, events):
                assert not CODES.findall(shown), shown
                assert "has voted" not in shown
            assert not any(e.kind == "voted" for e in events)  # a vote makes no public event
            for message in [table(state, events)] + [private(state, s, events) for s in range(players)]:
                shown = text(message)
                assert shown.count("Checking it Twice") <= 1, shown
                seen_order |= "Checking it Twice" in shown
            view = GAME.view(state, None)
            shown = text(table(state, events))
            if state.phase == Phase.NOMINATION:  # the candidate is never called term-limited
                limited = next((line for line in shown.splitlines() if "Can't be Sleigh Loader" in line), "")
                assert NAMES[state.lm_candidate] not in limited.split(":", 1)[-1].split(", ")
                # with 5 the last Sleigh Loader may serve again: the line names the List Maker only
                said = "(last elected List Maker)" if players == 5 else "(last government)"
                assert not limited or said in limited, limited
                seen_limited |= bool(limited)
            if state.phase == Phase.GAME_OVER:
                assert table(state, events).embeds[0].footer.text is None
                lines = shown.splitlines()
                for seat, role in enumerate(state.roles):
                    assert any(line.startswith(NAMES[seat]) and role_word(role) in line for line in lines)
            else:  # the boards' counts stay in the text all game (not only as a gift is delivered)
                rule = table(state, events).embeds[0].footer.text or ""
                assert f"Nice {view.nice_count}/5, Naughty {view.naughty_count}/6." in rule, rule
                choosing = state.phase in (Phase.NOMINATION, Phase.VOTING)
                if view.krampus_check_active and choosing:
                    assert "Krampus check" in rule
                # (from 5 Naughty gifts, a standing rule too, spec 2.4: not only once a vote starts)
                assert ("Heads Together:" in rule) == (choosing and view.naughty_count >= 5), rule
    assert seen_order or players != 5  # a 5-6 player board has Checking it Twice
    assert seen_limited


def role_word(role: Role) -> str:
    return {Role.NICE_ELF: "Nice Elf", Role.NAUGHTY_ELF: "Naughty Elf", Role.KRAMPUS: "Krampus"}[role]


@pytest.mark.parametrize("players", [5, 10])
def test_an_abandoned_game_shows_every_role_and_no_reminder(players: int) -> None:
    for state, _ in moments(players, 3):
        if state.phase == Phase.VOTING and state.naughty_count >= 3:
            break
    else:
        pytest.fail("no late vote")
    running = text(RENDER.table(GAME.view(state, None), ctx_for(state), []))
    assert "Krampus check" in running and not any(role_word(r) + " (" in running for r in Role)
    view = GAME.abandoned_view(state, None)
    payload = RENDER.table(view, ctx_for(state), [])
    shown = text(payload)
    assert payload.view is None and payload.embeds[0].footer.text is None
    assert "abandoned" in shown and "Still to vote" not in shown and "wins" not in shown
    for seat, role in enumerate(state.roles):
        assert f"{NAMES[seat]}: {role_word(role)}" in shown
    for seat in range(players):
        mine = text(RENDER.private(GAME.abandoned_view(state, seat), ctx_for(state), []))
        # (the bot adds that the game was abandoned: `bot.screens.private_payload`)
        assert "Everyone's roles" in mine and "You were" in mine and "Your move" not in mine
        for other, role in enumerate(state.roles):
            if other != seat:
                assert f"{NAMES[other]}: {role_word(role)}" in mine
    # the running game's own views never show that
    assert GAME.view(state, None).players[0].revealed_role is None


def test_the_table_tells_people_not_ais_where_to_choose_in_private() -> None:
    """ "List Maker Holly (AI) discards ... in private (DM or My role & cards)": a line no person
    needs; a person deciding in private is told where."""
    from dataclasses import replace

    seen = set()
    heads = Phase.HEADS_TOGETHER_VOTE  # (rare: a few from several games)
    together = [m for seed in range(4, 40) for m in moments(7, seed) if m[0].phase == heads][:3]
    for state, _events in [*moments(7, seed=4), *together]:
        phase = state.phase
        if phase not in (Phase.LM_DISCARD, Phase.SL_CHOOSE, Phase.HEADS_TOGETHER_VOTE):
            continue
        decider = state.sl if phase == Phase.SL_CHOOSE else state.lm
        people = text(table(state, []))
        ais = text(
            RENDER.table(GAME.view(state, None), replace(ctx_for(state), ai_seats=frozenset({decider})), [])
        )
        both = replace(ctx_for(state), ai_seats=frozenset({state.lm, state.sl}))
        both_ai = text(RENDER.table(GAME.view(state, None), both, []))
        assert "in private (DM or **My role & cards**)" in people, people
        assert "in private" not in both_ai, both_ai
        if phase != Phase.HEADS_TOGETHER_VOTE:
            assert "in private" not in ais, ais
        else:  # a person still votes beside the AI: they alone are told where
            person = NAMES[state.sl if decider == state.lm else state.lm]
            assert f"({person}: in private, DM or **My role & cards**)" in ais, ais
        seen.add(phase)
    assert seen == {Phase.LM_DISCARD, Phase.SL_CHOOSE, Phase.HEADS_TOGETHER_VOTE}


def test_each_heads_together_voter_is_told_who_votes_with_them() -> None:
    """The private prompt said "Heads Together on Coal: ..." without the other voter (public on
    the table), so a voter could not weigh what the other would do."""
    heads = Phase.HEADS_TOGETHER_VOTE
    asked = 0
    for state, _events in [m for seed in range(4, 40) for m in moments(7, seed) if m[0].phase == heads][:4]:
        for voter, other in ((state.lm, state.sl), (state.sl, state.lm)):
            if voter in GAME.to_decide(state):
                assert f"Heads Together with **{NAMES[other]}**" in text(private(state, voter, [])), voter
                asked += 1
    assert asked >= 4


def test_the_sleigh_loader_reads_which_gift_they_delivered() -> None:
    """The List Maker's message said "You passed ... to Blitzen."; the Sleigh Loader's went back
    to its idle line with no word of their own choice. Nobody else is told it in private."""
    delivered = 0
    for state, events in moments(7, seed=4):
        chosen = [e for e in events if e.kind == "card_chosen"]
        if not chosen:
            continue
        sl, card = chosen[0].sl, chosen[0].card
        gift = "Nice" if card.name == "NICE" else "Naughty"
        assert f"You delivered the gift: {gift}." in text(private(state, sl, events))
        for other in range(state.num_players):
            if other != sl:
                assert "You delivered" not in text(private(state, other, events))
        delivered += 1
    assert delivered >= 2


def test_the_table_says_where_the_roles_are_until_the_first_vote_is_over() -> None:
    """A role's DM can come a moment after the first nomination (ten DMs at once): the table says
    where each player's role is while the first List Maker is chosen, and not after."""
    line = "Your secret role is in your DMs, or under **My role & cards**."
    for players in (5, 6, 7):  # (6: a Naughty gift is on the board from the start)
        said = []
        for state, events in moments(players, seed=4):
            first = state.last_votes is None and state.phase in (Phase.NOMINATION, Phase.VOTING)
            assert (line in text(table(state, events))) == first
            said.append(line in text(table(state, events)))
            # (6 players: the gift on the board from the start is said too: "2/6" read as a miscount)
            starts = "At this table size one Naughty gift starts on the board." in text(table(state, events))
            assert starts == (first and players == 6)
        assert said[0] and not said[-1]


def test_every_delivery_on_the_table_says_the_boards_counts() -> None:
    """The table said only "A Naughty gift was delivered." (the counts were in the picture alone,
    which a phone may not show); chaos too."""
    from bot.render.secret_krampus_text import event_line, event_lines
    from games.secret_krampus.events import CardPlaced

    seen = set()
    for seed in range(30):
        rng = random.Random(seed)
        state = GAME.new_game(5, GAME.parse_options(None), seed)
        while GAME.outcome(state) is None:
            seat = rng.choice(sorted(GAME.to_decide(state)))
            state, events = GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
            ctx = TableContext(1, GAME.decision(state), NAMES[:5], "Secret Krampus")
            for event in events:
                if isinstance(event, CardPlaced):
                    line = event_line(event, ctx) or ""
                    counts = f"Nice {event.nice_count}/5, Naughty {event.naughty_count}/6."
                    assert line.endswith(counts), line
                    seen.add(event.by_chaos)
                    if event.by_chaos:  # (one line with the chaos: a bare score read as a leftover)
                        lines = event_lines(GAME.view(state, None), events, ctx)
                        assert any(x.startswith("Three failed votes") and x.endswith(counts) for x in lines)
                        assert counts not in lines, lines
        if seen == {True, False}:
            return
    raise AssertionError(f"no delivery of each kind: {seen}")


def test_the_vote_that_makes_the_clicker_list_maker_points_to_the_gifts() -> None:
    """The last vote's answer to the List Maker candidate read "You voted NO. You drew Naughty,
    Nice, Naughty. Discard one." with no button there (the gifts and their buttons are in the
    private message)."""
    for seed in range(40):
        rng = random.Random(seed)
        state = GAME.new_game(5, GAME.parse_options(None), seed)
        while GAME.outcome(state) is None:
            seat = rng.choice(sorted(GAME.to_decide(state)))
            action = rng.choice(GAME.legal_actions(state, seat))
            state, events = GAME.apply(state, seat, action)
            mine = visible_events(events, seat)
            if isinstance(action, Vote) and any(e.kind == "cards_drawn" for e in mine):
                said = RENDER.acknowledge(GAME.view(state, seat), ctx_for(state), mine)
                assert said is not None and "Discard one." not in said, said
                assert "You are the List Maker: the gifts you drew are in your private message." in said
                return
    raise AssertionError("no vote that elected its voter")
