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
                if needs_buttons:
                    assert codes == legal  # exactly the legal private choices
                else:
                    assert not codes


def test_stables_reminder() -> None:
    state = GAME.new_game(7, GAME.parse_options(None), 3)
    state.in_play[4] = False
    ctx = TableContext(1, 0, NAMES[:7], "Secret Krampus")
    reminder = RENDER.chat_reminder(GAME.view(state, None), ctx, 4)
    assert reminder is not None and "stables" in reminder and "Eve" in reminder
    assert RENDER.chat_reminder(GAME.view(state, None), ctx, 3) is None
