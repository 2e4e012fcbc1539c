"""Naughty or Nice render tests' shared pieces: the game, the renderer, names, a payload as the
fake Discord shows it, and the states of a random game."""

from __future__ import annotations

import random

from bot.render.naughty_or_nice import NaughtyOrNiceRenderer
from games.core import SYSTEM_SEAT
from games.naughty_or_nice import NaughtyOrNice
from games.naughty_or_nice.actions import CloseWindow, Fulfil
from tests.bot.fakes import FakeMessage

GAME = NaughtyOrNice()
RENDER = NaughtyOrNiceRenderer()
NAMES = ["Ann", "Ben", "Cat", "Dan", "Eve"]


def message_of(payload) -> FakeMessage:
    message = FakeMessage(1, 1)
    message.apply(**payload.send_kwargs())  # checks Discord's limits
    return message


def random_states(
    players: int,
    seed: int,
    options: dict | None = None,
    limit: int = 400,
    *,
    close: float = 0.05,
    fulfil: float = 0.5,
):
    """States of a random game; a reaction window's clock runs out with chance `close` a step (as
    the bot drives it), and a Fulfill is tried, when there is one, with chance `fulfil`."""
    rng = random.Random(seed)
    state = GAME.new_game(players, GAME.parse_options(options), seed)
    for _ in range(limit):
        yield state
        if GAME.outcome(state) is not None:
            return
        deciders = sorted(GAME.to_decide(state))
        if not deciders or rng.random() < close and GAME.timer(state) is not None:
            state, _ = GAME.apply(state, SYSTEM_SEAT, CloseWindow())
            continue
        seat = rng.choice(deciders)
        legal = GAME.legal_actions(state, seat)
        fulfils = [a for a in legal if isinstance(a, Fulfil)]
        action = rng.choice(fulfils) if fulfils and rng.random() < fulfil else rng.choice(legal)
        state, _ = GAME.apply(state, seat, action)
