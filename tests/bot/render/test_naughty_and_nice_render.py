"""The Naughty & Nice renderer over many random states: Discord's limits hold, the table never
names a card only a hand holds (nor a secret draw, nor an orientation), the table's turn buttons
are exactly the active player's public choices, and each private message reaches exactly the
seat's legal actions through its components and drafts."""

from __future__ import annotations

import random
import re

import discord
import pytest

from bot.components import MineButton
from bot.render.base import TableContext
from bot.render.naughty_and_nice import NaughtyAndNiceRenderer
from bot.render.naughty_and_nice_private import NOT_YOUR_TURN
from games.core import visible_events
from games.naughty_and_nice import CARDS, NaughtyAndNice, Phase
from games.naughty_and_nice.engine import apply_action
from games.naughty_and_nice.models import Orient, Steal
from tests.bot.fakes import FakeMessage

GAME = NaughtyAndNice()
RENDER = NaughtyAndNiceRenderer()
NAMES = ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay"]
PUBLIC_PHASES = (Phase.DECLARE, Phase.DRAW, Phase.STEAL, Phase.END_OF_TURN)
PRIVATE_PHASES = (Phase.PLAY, Phase.STEAL, Phase.ORIENT)


def _message(payload, mine: bool = False) -> FakeMessage:
    if mine:  # the table always gets the "My hand" button too (bot.table)
        if payload.view is None:
            payload.view = discord.ui.View(timeout=None)
        payload.view.add_item(MineButton(1, RENDER.private_button))
    message = FakeMessage(1, 1)
    message.apply(**payload.send_kwargs())  # checks Discord's limits
    return message


def _ctx(state, players: int) -> TableContext:
    return TableContext(1, GAME.decision(state), NAMES[:players], "Naughty & Nice")


def _codes(message: FakeMessage) -> set[str]:
    """The action codes of a message's `act:` buttons and `pick:` select options."""
    codes = set()
    for item in message.items():
        cid = item.custom_id
        if cid.startswith("act:"):
            codes.add(cid.split(":", 3)[3])
        elif cid.startswith("pick:"):
            codes |= {o.value for o in item.item.options}
    return codes


def _drafts(message: FakeMessage) -> set[str]:
    drafts = set()
    for item in message.items():
        if item.custom_id.startswith("dsel:"):
            drafts |= {o.value for o in item.item.options}
        elif item.custom_id.startswith("draft:"):
            drafts.add(item.custom_id.split(":", 3)[3])
    return drafts


def _random_states(players: int, seed: int, end_chance: float):
    """A random game; `end_chance` is how often an eligible player declares the end (low: long
    games, full play areas, reshuffles, the piles running dry)."""
    rng = random.Random(seed)
    state = GAME.new_game(players, GAME.parse_options(None), seed)
    while True:
        yield state
        if GAME.outcome(state) is not None:
            return
        seat = rng.choice(sorted(GAME.to_decide(state)))
        actions = GAME.legal_actions(state, seat)
        kinds = {a.kind for a in actions}
        if "declare_end" in kinds:
            want = "declare_end" if rng.random() < end_chance else "pass"
            action = next(a for a in actions if a.kind == want)
        else:
            action = rng.choice(actions)
        state, _ = GAME.apply(state, seat, action)


def _secret_names(state, seat: int | None) -> set[str]:
    """Card names only a hand other than `seat`'s holds (not also visible somewhere public)."""
    public = {CARDS[c].name for area in state.play_areas for c in area}
    public |= {CARDS[c].name for c in state.discard_pile}
    if state.declaration not in (None, "NONE"):
        public |= {CARDS[d.card].name for d in state.drawn_this_turn}
    own = set() if seat is None else {CARDS[c].name for c in state.hands[seat]}
    hidden = {CARDS[c].name for s, hand in enumerate(state.hands) if s != seat for c in hand}
    return hidden - public - own


def _check_private(state, seat: int, ctx: TableContext) -> None:
    view = GAME.view(state, seat)
    private = _message(RENDER.private(view, ctx, []))
    text = private.text()
    for name in _secret_names(state, seat):
        assert name not in text, f"seat {seat}'s message names {name} from another hand"
    legal = {GAME.encode_action(a) for a in GAME.legal_actions(state, seat)}
    reached = _codes(private)
    for draft in _drafts(private):
        reached |= _codes(_message(RENDER.private(view, ctx, [], draft)))
    deciding = seat in GAME.to_decide(state)
    # every decision of the seat made here is reached exactly from its private message (with its
    # drafts): the private ones and the secret draws; the table's other decisions (declaring, a
    # declared turn's draws, declaring the end) are not repeated there (no edit to show them)
    secret = state.phase == Phase.DRAW and state.declaration == "NONE" and deciding
    # (a seat done orienting may still turn a card over while the others choose)
    shown = state.phase == Phase.ORIENT or (state.phase in PRIVATE_PHASES and deciding) or secret
    assert reached == (legal if shown else set()), (state.phase, seat)
    # the secret draws count as made here: the card they depend on shows only here
    assert RENDER.has_private_decision(view) == ((state.phase in PRIVATE_PHASES and deciding) or secret)
    if state.phase in PUBLIC_PHASES + (Phase.PLAY,) and not deciding:
        # nothing of whoever acts now: not their name, nor the shared cards, nor the totals
        assert NOT_YOUR_TURN in text
        assert not [n for i, n in enumerate(ctx.names) if i != seat and re.search(rf"\b{n}\b", text)], text
        assert "Everyone's totals" not in text and not private.items()
        own = {CARDS[c].name for c in state.hands[seat]}
        in_play = {CARDS[c].name for area in state.play_areas for c in area}
        assert not [n for n in in_play - own if n in text], "cards in play are the table's"
    if secret:
        assert "**Your turn" in private.embeds[0].description
    elif state.phase in (Phase.DECLARE, Phase.DRAW, Phase.END_OF_TURN) and deciding:
        assert private.embeds[0].description == NOT_YOUR_TURN and not private.items()
    if state.phase in (Phase.PLAY, Phase.STEAL) and deciding:
        assert NOT_YOUR_TURN not in text
    if state.phase == Phase.PLAY and deciding:  # how near the end is: everyone's cards in play
        counts = [
            f"you {len(area)}" if s == seat else f"{ctx.names[s]} {len(area)}"
            for s, area in enumerate(state.play_areas)
        ]
        # (the end is declared once: then the line no longer says it can be)
        declarable = (
            " (once someone has 10, the end can be declared)" if state.end_declared_by is None else ""
        )
        assert f"Cards in play: {' · '.join(counts)}{declarable}." in text, text


@pytest.mark.parametrize(
    "players,seed,end_chance",
    [(2, 1, 0.5), (3, 2, 0.05), (4, 3, 0.3), (5, 4, 0.0), (6, 5, 0.2), (6, 6, 0.0), (2, 7, 0.0)],
)
def test_every_state_within_limits_without_leaks_and_with_exactly_the_legal_choices(
    players: int, seed: int, end_chance: float
) -> None:
    phases = set()
    for state in _random_states(players, seed, end_chance):
        phases.add(state.phase)
        ctx = _ctx(state, players)
        public = GAME.view(state, None)
        table = _message(RENDER.table(public, ctx, []), mine=state.phase != Phase.GAME_OVER)
        text = table.text()
        for name in _secret_names(state, None):
            assert name not in text, f"the table names {name}, a card only a hand holds"
        active = state.active_seat
        if state.phase in PUBLIC_PHASES:
            assert _codes(table) == {GAME.encode_action(a) for a in GAME.legal_actions(state, active)}
        else:
            assert not _codes(table)
        if state.phase in PUBLIC_PHASES + (Phase.PLAY,):
            assert f"**{ctx.name(active)}**" in table.embeds[0].description  # whose turn it is
        for seat in range(players):
            _check_private(state, seat, ctx)
        if state.phase == Phase.GAME_OVER:
            ending = RENDER.ending(public, ctx, "")
            assert len(ending) <= 1800
            assert all(ctx.name(r.seat) in ending for r in public.results)
    assert {Phase.DECLARE, Phase.DRAW, Phase.PLAY, Phase.GAME_OVER} <= phases


@pytest.mark.parametrize("players,seed", [(2, 9), (5, 10), (6, 12)])
def test_a_private_message_stays_the_same_while_the_others_act(players: int, seed: int) -> None:
    """Each change of a living DM costs a rate-limited edit: while its seat has nothing to decide,
    whatever the others do (draws, cards played on it, steals from it, the end declared) leaves
    what it shows unchanged."""
    turn_phases = PUBLIC_PHASES + (Phase.PLAY,)
    prev, same, touched = None, 0, 0
    for state in _random_states(players, seed, 0.3):
        if prev is not None and prev.phase in turn_phases and state.phase in turn_phases:
            for seat in range(players):
                if seat in GAME.to_decide(prev) or seat in GAME.to_decide(state):
                    continue
                before = RENDER.private(GAME.view(prev, seat), _ctx(prev, players), [])
                after = RENDER.private(GAME.view(state, seat), _ctx(state, players), [])
                assert before.digest() == after.digest(), (prev.phase, state.phase, seat)
                same += 1
                touched += prev.play_areas[seat] != state.play_areas[seat]
        prev = state
    assert same > 20 and touched > 0


def test_the_headline_says_whose_turn_and_what_they_do() -> None:
    seen = {}
    for state in _random_states(4, 11, 0.3):
        if state.phase in seen or state.phase in (Phase.ORIENT, Phase.GAME_OVER):
            continue
        ctx = _ctx(state, 4)
        headline = RENDER.table(GAME.view(state, None), ctx, []).embeds[0].description
        assert f"**{NAMES[state.active_seat]}**" in headline
        seen[state.phase] = headline
    assert "declare" in seen[Phase.DECLARE] and "Draw again or stop" in seen[Phase.DRAW]
    assert "playing cards" in seen[Phase.PLAY] and "in private" in seen[Phase.PLAY]


def test_the_declared_end_is_said_once() -> None:
    rng = random.Random(4)
    state = GAME.new_game(3, GAME.parse_options(None), 4)
    while True:
        seat = rng.choice(sorted(GAME.to_decide(state)))
        actions = GAME.legal_actions(state, seat)
        declare = [a for a in actions if a.kind == "declare_end"]
        state, events = GAME.apply(state, seat, declare[0] if declare else rng.choice(actions))
        if declare:
            break
    table = RENDER.table(GAME.view(state, None), _ctx(state, 3), visible_events(events, None))
    text = _message(table).text()
    assert text.count("the game ends after their next turn") == 1, text
    assert f"{NAMES[seat]} declared the end" in text


def _orient_state(players: int = 3, seed: int = 3):
    for state in _random_states(players, seed, 0.5):
        if state.phase == Phase.ORIENT and len(GAME.to_decide(state)) >= 1:
            return state
    raise AssertionError("no ORIENT state")


def test_orientations_stay_secret_until_the_reveal() -> None:
    state = _orient_state()
    ctx = _ctx(state, 3)
    seat = min(GAME.to_decide(state))
    shinies = [c for c in state.play_areas[seat] if CARDS[c].type == "SHINY"]
    before = _message(RENDER.table(GAME.view(state, None), ctx, [])).text()
    # the seat turns every card but one: the table is unchanged (nothing about what it chose)
    up, down = state.model_copy(deep=True), state.model_copy(deep=True)
    for c in shinies[:-1]:
        apply_action(up, seat, Orient(card=c, face_up=True))
        apply_action(down, seat, Orient(card=c, face_up=False))
    assert _message(RENDER.table(GAME.view(up, None), ctx, [])).text() == before
    assert _message(RENDER.table(GAME.view(down, None), ctx, [])).text() == before
    # once done, the table says so, still not how
    if len(GAME.to_decide(state)) > 1:
        apply_action(up, seat, Orient(card=shinies[-1], face_up=True))
        apply_action(down, seat, Orient(card=shinies[-1], face_up=False))
        t_up = _message(RENDER.table(GAME.view(up, None), ctx, [])).text()
        assert t_up == _message(RENDER.table(GAME.view(down, None), ctx, [])).text()
        choosing = lambda text: next(line for line in text.splitlines() if "Still choosing" in line)  # noqa: E731
        assert NAMES[seat] in choosing(before) and NAMES[seat] not in choosing(t_up)
    # the seat's own message shows its choices and offers the rest
    mine = _message(RENDER.private(GAME.view(up, seat), ctx, [])).text()
    assert "face up" in mine


def test_many_shiny_cards_to_orient_use_two_selects() -> None:
    state = _orient_state()
    seat = min(GAME.to_decide(state))
    shinies = [c for c in CARDS if CARDS[c].type == "SHINY"]
    for area in state.play_areas:
        area[:] = [c for c in area if c not in shinies]
    state.play_areas[seat] += shinies
    state.orientations = {}
    ctx = _ctx(state, 3)
    private = _message(RENDER.private(GAME.view(state, seat), ctx, []))
    assert [i.custom_id.split(":")[-1] for i in private.items()] == ["up", "down"]
    assert _codes(private) == {GAME.encode_action(a) for a in GAME.legal_actions(state, seat)}


def test_a_steal_with_more_than_25_candidates_fits_in_selects() -> None:
    state = GAME.new_game(3, GAME.parse_options(None), 1)
    small = [c for c in CARDS if abs(CARDS[c].value) <= 3 and c != "SH12"]
    state.play_areas[1] = small + ["SH12"]
    state.draw_pile = [c for c in state.draw_pile if c not in state.play_areas[1]]
    state.active_seat, state.phase = 0, Phase.STEAL
    state.steal = Steal(shiny="SH12", target=1, budget_left=6)
    ctx = _ctx(state, 3)
    table = _message(RENDER.table(GAME.view(state, None), ctx, []), mine=True)
    legal = {GAME.encode_action(a) for a in GAME.legal_actions(state, 0)}
    assert len(legal) > 26 and _codes(table) == legal
    assert sum(i.custom_id.startswith("pick:") for i in table.items()) == 2
    assert "Take a card from Ben" in table.text()
    private = _message(RENDER.private(GAME.view(state, 0), ctx, []))
    assert _codes(private) == legal
    # (nothing taken yet: "up to 6", not "up to 6 more")
    assert "Your Shiny! on Ben" in private.text() and "up to **6** (a card" in private.text()
    # the stolen-from seat's message is not about the steal: the table shows it
    assert "Shiny! on" not in _message(RENDER.private(GAME.view(state, 1), ctx, [])).text()


def test_every_card_in_play_still_fits_the_table() -> None:
    state = GAME.new_game(6, GAME.parse_options(None), 2)
    deck = list(CARDS)
    for seat in range(6):
        state.play_areas[seat] = deck[seat::6]
    state.play_areas[0] += state.play_areas[1]
    state.play_areas[1] = []
    state.draw_pile = []
    ctx = TableContext(123456789, 999, ["A" * 32 + str(i) for i in range(6)], "Naughty & Nice")
    _message(RENDER.table(GAME.view(state, None), ctx, []), mine=True)
    state.play_areas[0] = deck
    for seat in range(1, 6):
        state.play_areas[seat] = []
    _message(RENDER.table(GAME.view(state, None), ctx, []), mine=True)


def test_playing_a_card_is_a_draft_then_target_buttons_with_names() -> None:
    for state in _random_states(3, 4, 0.3):
        if state.phase == Phase.PLAY:
            break
    seat = state.active_seat
    view = GAME.view(state, seat)
    ctx = _ctx(state, 3)
    first = _message(RENDER.private(view, ctx, []))
    assert not _codes(first) and "Pick a card" in first.text()
    card = state.hands[seat][0]
    picked = _message(RENDER.private(view, ctx, [], f"c{card}"))
    labels = [i.item.label for i in picked.items() if i.custom_id.startswith("act:")]
    assert len(labels) == 3 and any("yourself" in label for label in labels)
    others = [NAMES[s] for s in range(3) if s != seat]
    assert all(any(name in label for label in labels) for name in others)
    assert CARDS[card].name in picked.text()
    # forged or stale drafts are ignored: back to step 1
    for forged in ("cXX99", "cSH99", "garbage", "c" + next(c for c in CARDS if c not in state.hands[seat])):
        assert not _codes(_message(RENDER.private(view, ctx, [], forged)))


def test_a_secret_draw_is_answered_in_the_private_message_not_by_a_new_one() -> None:
    """Issue 14: no ephemeral note per draw. The seat's one private message names the card just
    drawn, lists it in the hand and carries the draw/stop buttons, so the next draw is made
    there and answered by editing that same message."""
    state = GAME.new_game(2, GAME.parse_options(None), 5)
    seat = state.active_seat
    state, events = GAME.apply(state, seat, GAME.decode_action("declare.NONE"))
    ctx = _ctx(state, 2)
    mine = visible_events(events, seat)
    assert RENDER.acknowledge(GAME.view(state, seat), ctx, mine) is None
    assert not RENDER.private_news(events)  # the message itself shows it: no news line for it
    card = CARDS[state.hands[seat][0]]
    private = _message(RENDER.private(GAME.view(state, seat), ctx, mine))
    headline = private.embeds[0].description
    assert "you drew **" in headline and card.name in headline and "(1 of 4)" in headline
    assert _codes(private) == {"draw", "stop"}
    state, events = GAME.apply(state, seat, GAME.decode_action("draw"))
    second = CARDS[state.hands[seat][1]]
    again = _message(RENDER.private(GAME.view(state, seat), ctx, visible_events(events, seat)))
    assert second.name in again.embeds[0].description and "(2 of 4)" in again.embeds[0].description
    assert card.name not in again.embeds[0].description and card.name in again.text()  # in the hand
    table = _message(RENDER.table(GAME.view(state, None), ctx, visible_events(events, None))).text()
    assert card.name not in table and second.name not in table and "in secret" in table


def _game_over_view():
    for state in _random_states(3, 8, 0.5):
        if state.phase == Phase.GAME_OVER:
            return GAME.view(state, None)
    raise AssertionError


def test_ending_explains_the_tiebreak_and_shared_wins() -> None:
    view = _game_over_view()
    ctx = TableContext(1, 0, NAMES[:3], "Naughty & Nice")
    results = [
        r.model_copy(update={"score": 10, "difference": d, "winner": i == 0})
        for i, (r, d) in enumerate(zip(view.results, (1, 3, 1), strict=True))
    ]
    results[2] = results[2].model_copy(update={"score": 8})
    tied = view.model_copy(update={"results": results, "winners": [results[0].seat]})
    text = RENDER.ending(tied, ctx, "")
    assert "smaller difference" in text and NAMES[results[0].seat] in text
    # the best first: on equal scores the smaller difference (spec 5.4), not the seat
    order = [line.split(": ")[0][2:] for line in text.splitlines()[2:]]
    assert order == [NAMES[results[i].seat] for i in (0, 1, 2)], text
    assert "score **10**" in text and "difference 3" in text
    shared = [r.model_copy(update={"score": 10, "difference": 1, "winner": True}) for r in view.results]
    both = view.model_copy(update={"results": shared, "winners": [r.seat for r in shared]})
    assert "share the win" in RENDER.ending(both, ctx, "")
    plain = RENDER.ending(view, ctx, "")
    assert "die" in plain.lower() or "No Shiny!" in plain
    # short for a phone: the best first, and only the Shiny! cards that count, by value (each
    # player's own message names them all)
    lines = plain.splitlines()[2:]
    ranked = sorted(view.results, key=lambda r: (-r.score, r.difference))
    assert [line.split(": ")[0][2:] for line in lines] == [NAMES[r.seat] for r in ranked]
    assert "does not count" not in plain  # (the others lay the other way: the die line says so)
    for r in view.results:
        for s in r.shinies:
            assert s.card.name not in plain
            if s.counts:
                assert f"{s.card.value:+d} {'up' if s.face_up else 'down'} -> " in plain, plain


def test_a_private_message_tells_its_reader_the_end_in_the_second_person() -> None:
    """ "**Prancer** won with a score of **10**" in Prancer's own DM read like someone else's win:
    each private message now says "You win!" (or who won) and the reader's own score."""
    for state in _random_states(3, 8, 0.5):
        if state.phase == Phase.GAME_OVER:
            break
    ctx = TableContext(1, 0, NAMES[:3], "Naughty & Nice")
    (winner, *_), results = GAME.view(state, None).winners, GAME.view(state, None).results
    for seat in range(3):
        text = _message(RENDER.private(GAME.view(state, seat), ctx, [])).text()
        mine = next(r for r in results if r.seat == seat)
        assert f"Your score: **{mine.score}** (difference {mine.difference})." in text
        if seat == winner:
            assert "**You win!**" in text or "**You share the win**" in text
            assert f"**{NAMES[seat]}**" not in text
        else:
            assert "You win" not in text and f"**{NAMES[winner]}**" in text


def test_a_place_below_the_winner_counts_the_tiebreak() -> None:
    """Four players scoring 10 (difference 0, the winner), 6 (difference 1), 6 (difference 3) and
    4: the one with the larger difference is third, not second ("Your place" counted scores only)."""
    *_, state = (s for s in _random_states(4, 8, 0.5) if s.phase == Phase.GAME_OVER)
    ctx = TableContext(1, 0, NAMES[:4], "Naughty & Nice")
    view = GAME.view(state, 0)
    scored = [(10, 0), (6, 1), (6, 3), (4, 0)]
    results = [
        r.model_copy(update={"score": score, "difference": difference, "winner": r.seat == 0})
        for r, (score, difference) in zip(sorted(view.results, key=lambda r: r.seat), scored, strict=True)
    ]
    for seat, place in ((1, 2), (2, 3), (3, 4)):
        mine = GAME.view(state, seat).model_copy(update={"results": results, "winners": [0]})
        assert f"Your place: {place} of 4." in _message(RENDER.private(mine, ctx, [])).text()


def test_the_end_table_ranks_everyone_and_keeps_no_old_news() -> None:
    """The end table named only the winner, under the title of a turn, beside a news line of a
    turn before the Shiny! choice ("Dasher plays ... on Dancer")."""
    import random as _random

    from games.core import visible_events

    for seed in range(3):
        rng = _random.Random(seed)
        state = GAME.new_game(3, GAME.parse_options(None), seed)
        events: list = []
        while GAME.outcome(state) is None:
            seat = rng.choice(sorted(GAME.to_decide(state)))
            state, new = GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
            events = (events + list(new))[-6:]  # (coalesced edits: the last turns' news together)
        ctx = TableContext(1, GAME.decision(state), NAMES[:3], "Naughty & Nice")
        view = GAME.view(state, None)
        message = _message(RENDER.table(view, ctx, visible_events(events, None)))
        text = message.text()
        assert message.embeds[0].title.endswith("the end") and "\n- " not in text, text
        for r in view.results:
            assert f"{NAMES[r.seat]}: score **{r.score}** (difference {r.difference})" in text, text
        assert text.index(f"1. {NAMES[view.winners[0]]}:") > 0


def test_a_hand_says_what_its_player_plays_for_until_the_end() -> None:
    """A newcomer saw their hand only: that the score is the lower of the two totals came at the
    end. The footer says it while the game runs (stable: it costs no edit)."""
    from bot.render.naughty_and_nice_private import GOAL

    phases = set()
    for state in _random_states(3, 8, 0.3):
        ctx = _ctx(state, 3)
        footer = RENDER.private(GAME.view(state, 1), ctx, []).embeds[0].footer.text
        assert footer == (None if state.phase == Phase.GAME_OVER else GOAL), (state.phase, footer)
        phases.add(state.phase == Phase.GAME_OVER)
    assert phases == {False, True}


def test_a_shiny_target_with_nothing_to_take_says_so() -> None:
    """ "On Prancer: steal up to 6" when Prancer had no card in play (or none the budget covers):
    the label promised a steal the play skips (spec 4.5: the empty set is allowed)."""
    from types import SimpleNamespace

    from bot.render.naughty_and_nice_components import target_label
    from games.naughty_and_nice.view_models import CardInfo

    shiny = CardInfo(id="s", name="Sparkle Lip Gloss", type="SHINY", value=6)
    dear = CardInfo(id="d", name="Dear", type="NAUGHTY", value=-7)
    cheap = CardInfo(id="c", name="Cheap", type="NICE", value=2)
    players = [SimpleNamespace(cards_in_play=cards) for cards in ([], [], [dear], [dear, cheap])]
    view = SimpleNamespace(seat=0, players=players)
    ctx = TableContext(1, 0, NAMES[:4], "Naughty & Nice")
    labels = [target_label(view, ctx, shiny, seat) for seat in range(4)]  # type: ignore[arg-type]
    assert labels == [
        "On yourself (no steal)",
        "On Ben: nothing to steal",
        "On Cat: nothing to steal",  # (a -7 costs 7: over the 6)
        "On Dan: steal up to 6",
    ]


def test_while_a_player_declares_or_draws_the_table_says_their_totals_in_words() -> None:
    """Declaring Naughty or Nice turns on one's own totals (the score is the lower one): they were
    only in the picture, which a phone may not load nor a screen reader read."""
    told = 0
    for state in _random_states(4, 11, 0.3):
        if state.phase not in (Phase.DECLARE, Phase.DRAW):
            continue
        view = GAME.view(state, None)
        me = view.players[view.active_seat]
        text = RENDER.table(view, _ctx(state, 4), []).embeds[0].description
        expected = f"{NAMES[me.seat]}'s cards in play: Nice {me.nice_total}, Naughty {me.naughty_total}"
        assert expected in text, text
        told += 1
    assert told > 5


def test_the_table_picture_says_everyone_s_totals_in_words() -> None:
    """Its alt text: each player's totals of cards in play (the text says only the active one's)."""
    for state in _random_states(3, 11, 0.3):
        view = GAME.view(state, None)
        (picture,) = RENDER.table(view, _ctx(state, 3), []).pictures
        for p in view.players:
            assert f"{NAMES[p.seat]}: Nice {p.nice_total}, Naughty {p.naughty_total}" in picture.alt
