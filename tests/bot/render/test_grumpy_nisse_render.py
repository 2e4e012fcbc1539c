"""The Grumpy Nisse renderer over many random states: Discord's limits hold, the table and the
other seat's private message never depend on a hidden hand or deck order, and the components are
exactly the legal choices (the draft on the table, everything with a hand in private)."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from bot.render.base import TableContext
from bot.render.grumpy_nisse import PRIVATE_PHASES, GrumpyNisseRenderer
from games.grumpy_nisse import GNState, GrumpyNisse, Phase
from tests.bot.fakes import FakeMessage

GAME = GrumpyNisse()
RENDER = GrumpyNisseRenderer()
NAMES = ["Dasher", "Dancer"]
ROLES = ["random", "host_violet", "host_torech"]


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
        legal = sorted(GAME.encode_action(a) for a in GAME.legal_actions(state, seat))
        if RENDER.has_private_decision(view):
            assert state.phase in PRIVATE_PHASES
            assert sorted(_codes(private)) == legal  # exactly the legal private choices
            assert all(GAME.decode_action(code) in GAME.legal_actions(state, seat) for code in legal)
        else:
            assert _codes(private) == []
        # the other seat's hand and deck order are not in this message (unless a Spy shows it)
        twin = _shuffled_secrets(state, (1 - seat,), rng)
        same = _text(RENDER.private(GAME.view(twin, seat), ctx, []))
        alone = _text(RENDER.private(view, ctx, []))
        if view.opponent_hand is None:
            assert same == alone
        else:
            assert all(card in alone for card in state.hands[1 - seat])


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
    assert "wild" in table.text()


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
    assert all(f"**{card}**" in seen for card in state.hands[1 - spy])
    assert "\N{EYE} sees" in _message(RENDER.table(GAME.view(state, None), ctx, [])).text()


def test_headlines_name_the_player_and_the_led_card() -> None:
    for state, _ in _states(4, "host_torech"):
        if state.phase == Phase.FOLLOW:
            break
    ctx = _ctx(state)
    text = _message(RENDER.table(GAME.view(state, None), ctx, [])).text()
    lead = state.table[state.leader]
    assert f"{NAMES[state.leader]}** (" in text and "led " in text and lead in text
    follower = 1 - state.leader
    private = _message(RENDER.private(GAME.view(state, follower), ctx, [])).text()
    assert "**Answer**" in private and lead in private


def test_ending_names_winner_role_and_reason() -> None:
    *_, (state, _) = _states(1, "host_violet")
    view = GAME.view(state, None)
    text = RENDER.ending(view, _ctx(state), GAME.outcome(state).summary)
    winner = state.winner
    role = "Violet" if winner == state.violet else "Torech"
    assert NAMES[winner] in text and f"as **{role}**" in text and state.win_reason in text
    assert "Tricks won by round" in text
