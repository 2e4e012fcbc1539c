"""The Christmas Tree renderer over many random states: within Discord's limits, nothing hidden on
the table, and the private components (with their drafts) reach exactly the seat's legal actions."""

from __future__ import annotations

import random

import pytest

from bot.render.base import TableContext
from bot.render.christmas_tree import ChristmasTreeRenderer
from games.christmas_tree import ChristmasTree, ChristmasTreeOptions, Phase
from games.christmas_tree.data import card_label
from games.core import visible_events
from tests.bot.fakes import FakeMessage
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
                for code in hand.cards:
                    assert card_label(code) not in table
            for seat in range(players):
                if seat in state.pending:
                    pending = state.pending[seat]
                    assert f"places {card_label(state.hands[seat].cards[pending.card_index])}" not in table
        for seat in range(players):
            _message(RENDER.private(G.view(state, seat), ctx, visible_events(events, seat)))


@pytest.mark.parametrize("players,mode,seed", [(2, "advanced", 4), (3, "normal", 5)])
def test_private_components_reach_exactly_the_legal_actions(players, mode, seed) -> None:
    checked = 0
    for state, _ in _states(players, mode, seed, every=11):
        if state.phase == Phase.GAME_OVER:
            continue
        ctx = TableContext(1, state.decision, NAMES[:players], G.title)
        for seat in sorted(G.to_decide(state)):
            legal = {G.encode_action(a) for a in G.legal_actions(state, seat)}
            reachable = _reachable(G.view(state, seat), ctx)
            for code in reachable:  # nothing illegal is offered...
                assert code in legal or _is_current_choice(state, seat, code), code
            assert legal <= reachable  # ...and every legal action is offered
            checked += 1
    assert checked > 5


def _is_current_choice(state, seat: int, code: str) -> bool:
    """The seat's current choice is shown again (re-sending it is refused with a reason)."""
    pending = state.pending.get(seat)
    if pending is None or pending.cookies:
        return False
    kind = "place" if pending.confirmed else "stage"
    return code == f"{kind}.{pending.card_index}.{pending.cell}.{pending.rotation}"
