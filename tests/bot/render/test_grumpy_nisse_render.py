"""The Grumpy Nisse renderer over many random states: Discord's limits hold, the table and the
other seat's private message never depend on a hidden hand or deck order, and the components are
exactly the legal choices (the draft on the table, everything with a hand in private). A private
message shows only what is private to its seat (its hand, what it knows of its deck, a spied hand,
its own decision with the public facts it needs): it changes only when one of those does, never
because the other player acted on public state (it is edited on Discord whenever it changes)."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator

import pytest

from bot.render.base import TableContext
from bot.render.grumpy_nisse import PRIVATE_PHASES, GrumpyNisseRenderer
from bot.render.grumpy_nisse_private import NOT_YOUR_TURN, hand_lines
from games.grumpy_nisse import GNState, GNView, GrumpyNisse, Phase
from games.grumpy_nisse.data import EVENT_TEXT, card_name
from games.grumpy_nisse.tricks import follow_outlook
from tests.bot.fakes import FakeMessage

GAME = GrumpyNisse()
RENDER = GrumpyNisseRenderer()
NAMES = ["Dasher", "Dancer"]
ROLES = ["random", "host_violet", "host_torech"]
CODE = re.compile(r"\b[PLFM][1-9]\b")  # a card's internal code: never shown to players


DRAWN: set[str] = set()  # picture keys already drawn once (drawing is the slow part)


def _message(payload) -> FakeMessage:
    """The message as Discord would take it (`apply` checks Discord's limits); each distinct
    picture is drawn once."""
    message = FakeMessage(1, 1)
    if any(key not in DRAWN for key in payload.picture_keys):
        DRAWN.update(payload.picture_keys)
        message.apply(**payload.send_kwargs())
        return message
    kwargs = {"embeds": payload.embeds, "view": payload.view}
    if payload.content is not None:
        kwargs["content"] = payload.content
    message.apply(**kwargs)
    return message


def _text(payload) -> str:
    return _message(payload).text()


def _codes(message: FakeMessage) -> list[str]:
    """Every action code a click on `message` can send: buttons and select options."""
    codes = []
    for item in message.items():
        custom_id = item.custom_id
        if custom_id.startswith("act:"):
            codes.append(custom_id.split(":", 3)[3])
        elif custom_id.startswith("pick:"):
            codes += [option.value for option in item.item.options]
        else:
            raise AssertionError(f"unexpected component {custom_id}")
    return codes


def _states(seed: int, roles: str) -> Iterator[tuple[GNState, list]]:
    rng = random.Random(seed)
    state = GAME.new_game(2, GAME.parse_options({"roles": roles}), seed)
    events: list = []
    while True:
        yield state, events
        if GAME.outcome(state) is not None:
            return
        seat = rng.choice(sorted(GAME.to_decide(state)))
        state, events = GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))


def _shuffled_secrets(state: GNState, seats: tuple[int, ...], rng: random.Random) -> GNState:
    """The same public facts with other hands and deck orders for `seats` (same sizes)."""
    other = state.model_copy(deep=True)
    for seat in seats:
        pool = other.hands[seat] + other.decks[seat]
        rng.shuffle(pool)
        size = len(other.hands[seat])
        other.hands[seat], other.decks[seat] = pool[:size], pool[size:]
    return other


def _ctx(state: GNState) -> TableContext:
    return TableContext(7, GAME.decision(state), NAMES, "The Grumpy Nisse")


def check_state(state: GNState, events: list, rng: random.Random) -> None:
    ctx = _ctx(state)
    public = GAME.view(state, None)
    table = _message(RENDER.table(public, ctx, [e for e in events if e.audience.is_public]))
    assert not CODE.search(table.text()), table.text()
    quiet = _text(RENDER.table(public, ctx, []))  # the track is the picture's, not the text's
    assert not any(name in quiet for name, _ in EVENT_TEXT.values())
    assert "space" not in quiet or state.phase == Phase.GAME_OVER  # (a win's reason may name one)
    # the table reads only public facts: other hands and deck orders give the same message
    twin = _shuffled_secrets(state, (0, 1), rng)
    twin_payload = RENDER.table(GAME.view(twin, None), ctx, [])
    assert _text(twin_payload) == _text(RENDER.table(public, ctx, []))
    assert twin_payload.picture_keys == RENDER.table(public, ctx, []).picture_keys
    # table components: the draft's legal picks, nothing else
    deciding = sorted(GAME.to_decide(state))
    if state.phase in (Phase.DRAFT, Phase.FINAL_PICK):
        (seat,) = deciding
        legal = sorted(GAME.encode_action(a) for a in GAME.legal_actions(state, seat))
        assert sorted(_codes(table)) == legal
    else:
        assert _codes(table) == []
    for seat in (0, 1):
        view = GAME.view(state, seat)
        mine = [e for e in events if e.audience.includes(seat)]
        private = _message(RENDER.private(view, ctx, mine))
        assert not CODE.search(private.text()), private.text()
        if state.phase == Phase.FOLLOW and seat in deciding:
            check_follow_marks(state, private)
        legal = sorted(GAME.encode_action(a) for a in GAME.legal_actions(state, seat))
        if RENDER.has_private_decision(view):
            assert state.phase in PRIVATE_PHASES
            assert sorted(_codes(private)) == legal  # exactly the legal private choices
            assert all(GAME.decode_action(code) in GAME.legal_actions(state, seat) for code in legal)
        else:
            assert _codes(private) == []
            check_waiting_message(state, view, RENDER.private(view, ctx, []))
        # the other seat's hand and deck order are not in this message (unless a Spy shows it)
        twin = _shuffled_secrets(state, (1 - seat,), rng)
        same = _text(RENDER.private(GAME.view(twin, seat), ctx, []))
        alone = _text(RENDER.private(view, ctx, []))
        if view.opponent_hand is None or state.phase == Phase.GAME_OVER:  # over: only the result
            assert same == alone
        else:
            assert all(card_name(card) in alone for card in state.hands[1 - seat])


def check_follow_marks(state: GNState, private: FakeMessage) -> None:
    """The follower's buttons say which cards win the trick (and when card 3's dice decide)."""
    lead = state.table[state.leader]
    assert lead is not None
    trump = GAME.view(state, None).trump
    for item in private.items():
        code = item.custom_id.split(":", 3)[3]
        card = code.split(".")[1]
        label = item.item.label
        assert card_name(card) in label
        outlook = follow_outlook(lead, card, trump)
        assert ("(wins)" in label) == (outlook == "wins"), label
        assert ("(dice decide)" in label) == (outlook == "dice"), label


def check_waiting_message(state: GNState, view: GNView, payload) -> None:
    """A seat with nothing to decide in private reads one stable line, not who acts now nor any
    public state that changes when the other player acts (the table shows it)."""
    description = payload.embeds[0].description
    if state.phase in (Phase.DRAFT, Phase.FINAL_PICK):
        assert "table message" in description
    elif state.phase != Phase.GAME_OVER:
        assert description.startswith(NOT_YOUR_TURN)
    if state.phase == Phase.GAME_OVER:
        return
    text = _text(payload)
    assert not any(name in description for name in NAMES)
    assert "(space " not in text and "Pawn on" not in text and "Track" not in text
    assert "trump **" not in text and "no trump" not in text
    assert "discard pile:" not in text and "hand and deck" not in text and "Dice:" not in text
    for seat in (0, 1):
        played = view.players[seat].played
        if played is not None:
            assert card_name(played) not in text  # the trick on the table is the table's


def _private_facts(view: GNView) -> tuple:
    """Everything a seat's private message may depend on: its own knowledge, and the public facts
    of its own private decision only while it is theirs."""
    assert view.seat is not None
    decision = None
    if RENDER.has_private_decision(view):
        effect = view.pending_effect
        decision = (
            view.phase,
            [c.code for c in view.choices],
            view.lead_card,
            view.leader,
            view.pawn,
            view.trump,
            effect.recovered if effect is not None else None,
            view.players[1 - view.seat].unseen_cards,
            view.last_trick if view.last_trick and view.last_trick.round == view.round else None,
        )
    return (
        view.phase in (Phase.DRAFT, Phase.FINAL_PICK),
        None if view.result is None else (view.result.winner, view.result.reason),
        view.hand,
        view.players[view.seat].deck_size,
        view.deck_known_top,
        view.deck_known_bottom,
        view.opponent_hand,
        view.foresight,
        view.rummaged,
        decision,
    )


@pytest.mark.parametrize("seed", range(4))
def test_private_message_changes_only_with_what_is_private_to_its_seat(seed: int) -> None:
    """Over whole games: a seat's private message (without news) stays the same while its own
    facts stay the same, so the other player's moves and public draft steps cost it no edit; the
    whole draft shows one unchanging message."""
    shown: dict[int, tuple[tuple, str]] = {}
    draft_texts: set[str] = set()
    edits = 0
    for state, _ in _states(seed, ROLES[seed % 3]):
        ctx = _ctx(state)
        for seat in (0, 1):
            view = GAME.view(state, seat)
            facts, text = _private_facts(view), _text(RENDER.private(view, ctx, []))
            if state.phase in (Phase.DRAFT, Phase.FINAL_PICK):
                draft_texts.add(f"{seat}:{text}")
            if seat in shown and shown[seat][0] == facts:
                assert shown[seat][1] == text, (state.phase, seat)
            elif seat in shown and shown[seat][1] != text:
                edits += 1
            shown[seat] = (facts, text)
    assert len(draft_texts) == 2  # one per seat, for the whole draft
    assert edits > 0


@pytest.mark.parametrize("seed", range(12))
def test_renders_every_state_within_limits_and_without_leaks(seed: int) -> None:
    rng = random.Random(seed)
    phases = set()
    for state, events in _states(seed, ROLES[seed % 3]):
        phases.add(state.phase)
        check_state(state, events, rng)
    assert {Phase.DRAFT, Phase.FINAL_PICK, Phase.LEAD, Phase.FOLLOW, Phase.GAME_OVER} <= phases


def test_every_decision_kind_was_rendered() -> None:
    """Over a few seeds, every phase (panic, all three interactive effects) came up."""
    phases = set()
    for seed in range(6):
        for state, _ in _states(seed, "random"):
            phases.add(state.phase)
    assert phases == set(Phase)


def test_wild_die_with_many_cards_is_split_into_selects() -> None:
    state = GAME.new_game(2, GAME.parse_options(None), 3)
    state.collections[state.violet] = [c for c in state.grid[5] if c]
    state.grid = state.grid[:5]  # row 6 emptied: 30 cards, a 6 is wild
    state.dice, state.dice_used = [6, 1, 2], [False, False, False]
    ctx = _ctx(state)
    table = _message(RENDER.table(GAME.view(state, None), ctx, []))
    selects = [cid for cid in table.custom_ids() if cid.startswith("pick:")]
    assert len(selects) == 4  # the wild 6 in two selects (rows 1-4, row 5), then rows 1 and 2
    legal = sorted(GAME.encode_action(a) for a in GAME.legal_actions(state, state.picker))
    assert sorted(_codes(table)) == legal and len(legal) == 42
    assert "any card" in table.text()


def test_spy_shows_the_hand_only_to_the_spy() -> None:
    for state, _ in _states(2, "random"):
        spies = [seat for seat in (0, 1) if state.spy_until[seat] is not None]
        if spies and state.phase != Phase.GAME_OVER:
            break
    else:
        pytest.fail("no Spy in this game")
    spy = spies[0]
    ctx = _ctx(state)
    seen = _message(RENDER.private(GAME.view(state, spy), ctx, [])).text()
    assert "your Spy" in seen
    assert all(f"**{card_name(card)}**" in seen for card in state.hands[1 - spy])
    assert "\N{EYE} Spy" in _message(RENDER.table(GAME.view(state, None), ctx, [])).text()


def test_a_hand_explains_each_effect_once() -> None:
    lines = hand_lines(["L3", "F2", "L2", "F3", "F9", "P9"]).splitlines()
    assert lines[0].startswith("🍃 **Leaves 3** - Lucky roll: Same suit: add dice")
    assert lines[1].startswith("🌺 **Flowers 2** - Recover: After the trick")
    assert lines[2:] == [
        "🍃 **Leaves 2** (Recover)",
        "🌺 **Flowers 3** (Lucky roll)",
        "🌺 **Flowers 9** - no effect",
        "🌲 **Pinecones 9** - no effect",
    ]


def test_headlines_name_the_player_and_the_led_card() -> None:
    for state, _ in _states(4, "host_torech"):
        if state.phase == Phase.FOLLOW:
            break
    ctx = _ctx(state)
    text = _message(RENDER.table(GAME.view(state, None), ctx, [])).text()
    lead = state.table[state.leader]
    assert f"{NAMES[state.leader]}** (" in text and "led " in text and card_name(lead) in text
    follower = 1 - state.leader
    private = _message(RENDER.private(GAME.view(state, follower), ctx, [])).text()
    assert "**Answer**" in private and card_name(lead) in private


@pytest.mark.parametrize("seed", range(3))
def test_a_private_decision_says_how_the_last_trick_ended(seed: int) -> None:
    """The tricks are played in the DMs: the next private decision says who won the trick before
    it and with which cards (the table's news line), from the round's second trick on; the
    second round's first decisions say how the first round's last trick ended (it was shown
    nowhere: the table's news had moved on). A trick the reader won reads "You win the trick"."""
    said, rounds = 0, 0
    for state, _ in _states(seed, ROLES[seed]):
        for seat in sorted(GAME.to_decide(state)):
            view = GAME.view(state, seat)
            if not RENDER.has_private_decision(view):
                continue
            text = _message(RENDER.private(view, _ctx(state), [])).text()
            last = state.last_trick
            if last is None:
                assert "Last trick" not in text and "the trick:" not in text
                continue
            winner, cards = NAMES[last.winner], (card_name(last.lead_card), card_name(last.follow_card))
            won = "You win" if last.winner == seat else f"{winner} wins"  # (their own message: "you")
            said_as = f"{won} the trick"
            if last.round != state.round:
                said_as = f"End of round {last.round}: {said_as}"
            assert said_as in text and "Last trick" not in text and all(c in text for c in cards), text
            said += 1
            rounds += last.round != state.round
    assert said > 10 and rounds > 0


def test_ending_names_winner_role_and_reason() -> None:
    *_, (state, _) = _states(1, "host_violet")
    view = GAME.view(state, None)
    text = RENDER.ending(view, _ctx(state), GAME.outcome(state).summary)
    winner = state.winner
    role = "Violet" if winner == state.violet else "Torech"
    assert NAMES[winner] in text and f"as **{role}**" in text and state.win_reason in text
    assert "Tricks won by round" in text


def test_the_goal_stays_out_of_the_way_of_each_trick_s_choice() -> None:
    """The role's goal (2-3 phone lines) was repeated above every card choice: a decision's
    message carries it in its footer; the message between decisions in its text."""
    seen = set()
    for state, _events in _states(5, "random"):
        for seat in (0, 1):
            view = GAME.view(state, seat)
            if view.phase in (Phase.DRAFT, Phase.FINAL_PICK, Phase.GAME_OVER):
                continue
            embed = RENDER.private(view, _ctx(state), []).embeds[0]
            deciding = seat in view.to_decide and view.phase in PRIVATE_PHASES
            # (both roles' goals name Ordep)
            assert ("Ordep" in (embed.footer.text or "")) == deciding, (deciding, embed.footer.text)
            assert ("Ordep" in embed.description) != deciding, embed.description
            seen.add(deciding)
    assert seen == {True, False}


def test_news_left_out_says_where_it_is() -> None:
    """Edits coalesced: the newest lines are kept within the lines and characters allowed, after
    one saying the rest is in /log (it read "- ..." alone)."""
    from bot.render.grumpy_nisse_text import event_block
    from games.grumpy_nisse.events import RoundStarted

    events = [RoundStarted(round=r, leader=r % 2, deck_size=9, hand_size=5) for r in range(1, 10)]
    names = ["Ann", "Ben"]
    assert "more in /log" not in event_block(events[:6], names)
    block = event_block(events, names).splitlines()
    assert block[0] == "- ... (more in /log)" and len(block) == 7
    assert block[1:] == event_block(events[3:], names).splitlines()  # the newest six
    short = event_block(events, names, limit=150)
    assert short.startswith("- ... (more in /log)\n- ") and len(short) <= 150
    assert short.splitlines()[-1] == block[-1]


def test_an_ending_in_round_one_counts_no_second_round() -> None:
    """A game over in round 1 (Torech's devilish plan, spec 5.5) said "Tricks won by round:
    Dasher 7 (7 + 0)", as if a second round had been played with no trick won."""
    rounds = set()
    for seed in range(40):
        *_, (state, _) = _states(seed, ROLES[seed % len(ROLES)])
        text = RENDER.ending(GAME.view(state, None), _ctx(state), GAME.outcome(state).summary)
        rounds.add(state.round)
        assert ("Tricks won by round:" in text) == (state.round == 2), text
        assert (" + " in text) == (state.round == 2), text
        if rounds == {1, 2}:
            return
    raise AssertionError(f"no game of both kinds found: {rounds}")


@pytest.mark.parametrize("seed", range(4))
def test_a_trick_on_an_event_space_says_its_event_while_it_can_happen(seed: int) -> None:
    """The events are counters in the table's picture, small on a phone; a devilish plan's count
    is a way to win: a lead or an answer on a space whose event can still happen says it (the
    plan with its count), and nothing once it is over."""
    from games.grumpy_nisse.data import TRACK
    from games.grumpy_nisse.views import event_state

    seen: set[str] = set()
    for state, _ in _states(seed, ROLES[seed % len(ROLES)]):
        if state.phase not in (Phase.LEAD, Phase.FOLLOW):
            continue
        (seat,) = GAME.to_decide(state)
        text = _message(RENDER.private(GAME.view(state, seat), _ctx(state), [])).text()
        event, status = TRACK[state.pawn].event, event_state(state, state.pawn)
        if event is None or status in ("done", "missed", "lost", "used"):
            assert "\N{HIGH VOLTAGE SIGN}" not in text, text
            continue
        name, rule = EVENT_TEXT[event]
        if status == "armed":  # (the win on 5 counts: this trick decides it)
            assert f"**{name}**: Violet won on 5. If she wins this trick too" in text, text
        else:
            assert f"**{name}**" in text and rule in text, text
        assert (f"({status} so far)" in text) == ("/" in str(status)), text
        seen.add(status if status == "armed" else event)
    assert seen


def test_suits_are_told_apart_by_shape_not_colour_alone() -> None:
    """The draft grid and "what is left" lines give suits by their mark only ("🌲3 🌺2"): coloured
    circles (orange, green, red) were what red-green colour-blind players mix up."""
    import unicodedata

    from bot.render.grumpy_nisse_text import SUIT_EMOJI, by_suit, grid_text

    names = [unicodedata.name(mark) for mark in SUIT_EMOJI.values()]
    assert len(set(names)) == 4 and not any("CIRCLE" in name or "SQUARE" in name for name in names)
    assert by_suit(["P2", "L1", "P7"]) == f"{SUIT_EMOJI['P']} 2 7 \N{MIDDLE DOT} {SUIT_EMOJI['L']} 1"
    assert grid_text([["F2", None, "M5"]]) == f"`1` {SUIT_EMOJI['F']}2 {SUIT_EMOJI['M']}5"


@pytest.mark.parametrize("language", ["en", "de", "hu"])
def test_every_card_effect_fits_its_menu_whole(language: str) -> None:
    """A draft menu's option shows the card's effect in at most 100 characters: one cut there
    (even after a word) dropped the rule itself ("legst dann 1 Karte aus deiner Hand unter deinen…")."""
    from bot.i18n import using
    from bot.render.grumpy_nisse_text import effect_short
    from games.grumpy_nisse.data import CARDS

    with using(language):
        cut = [effect_short(code) for code in CARDS if effect_short(code).endswith("\N{HORIZONTAL ELLIPSIS}")]
    assert not cut, cut


def test_the_track_picture_says_in_words_where_the_pawn_is_and_what_comes() -> None:
    """Its alt text (a screen reader's words for it): the track was picture-only, so neither role
    could plan for the coming trumps and events without seeing it."""
    from games.grumpy_nisse.data import SUITS

    seen = set()
    for state, _events in _states(3, "random"):
        view = GAME.view(state, None)
        if view.phase in (Phase.DRAFT, Phase.FINAL_PICK, Phase.GAME_OVER):
            continue
        ctx = TableContext(1, GAME.decision(state), ["Dasher", "Dancer"], GAME.title)
        (picture,) = RENDER.table(view, ctx, []).pictures
        assert f"the pawn on space {view.pawn} of 18" in picture.alt, picture.alt
        ahead = [s for s in view.track if s.space > view.pawn]
        for space in ahead:
            trump = SUITS[space.trump].name if space.trump is not None else "no trump"
            assert f"{space.space} {trump}" in picture.alt, (space, picture.alt)
        seen.add(view.pawn)
    assert len(seen) >= 3


def test_determination_with_nothing_to_shuffle_back_says_so() -> None:
    """ "Discards shuffled back into the decks: Dasher: nothing; Dancer: nothing" read oddly."""
    from games.grumpy_nisse.events_track import Determination

    empty = Determination(violet_won=True, returned=[[], []]).describe(["Dasher", "Dancer"])
    assert empty.endswith("The discard piles are empty: nothing to shuffle back.")
    some = Determination(violet_won=True, returned=[["P3"], []]).describe(["Dasher", "Dancer"])
    assert "shuffled back into the decks: Dasher: " in some and "Dancer: " in some
