"""Whole games written through `GameStore` the way the bot writes them: random legal actions
(and timers' actions from SYSTEM_SEAT) of a game's rules, each recorded with its snapshot."""

from __future__ import annotations

import random

from bot.plugins import PLUGINS, GamePlugin
from games.core import SYSTEM_SEAT
from storage import GameStore


async def play_random_game(
    store: GameStore, plugin: GamePlugin, *, seed: int, channel_id: int = 10, max_actions: int = 250
) -> int:
    """Seat the game's fewest players, start and play it (to its end or `max_actions`); return
    the game's id."""
    rules = plugin.rules
    rng = random.Random(seed)
    lobby = await store.lobbies.create(
        guild_id=1,
        channel_id=channel_id,
        game_name=rules.name,
        host_id=100,
        host_name="Host",
        options={},
        seed=seed,
    )
    for i in range(1, rules.min_players):
        await store.lobbies.add_seat(lobby.id, -i if i % 2 else 100 + i, f"P{i}")
    seats = rules.min_players
    state = rules.new_game(seats, rules.parse_options({}), seed)
    await store.lobbies.start(lobby.id, rules.dump_state(state))
    version = 0
    while version < max_actions and rules.outcome(state) is None:
        deciding = sorted(rules.to_decide(state))
        timer = rules.timer(state)
        if timer is not None and (not deciding or rng.random() < 0.2):
            seat, action = SYSTEM_SEAT, timer.action
        elif deciding:
            seat = rng.choice(deciding)
            action = rng.choice(rules.legal_actions(state, seat))
        else:
            break
        applied = rules.apply(state, seat, action)
        state = applied.state
        outcome = rules.outcome(state)
        version = await store.record_action(
            lobby.id,
            expected_version=version,
            seat=seat,
            user_id=0 if seat == SYSTEM_SEAT else 100 + seat,
            action_json=action.model_dump_json(),
            events_json=rules.dump_events(applied.events),
            state_json=rules.dump_state(state),
            status="running" if outcome is None else "finished",
            winners=outcome.winners if outcome is not None else None,
        )
    return lobby.id


GAMES = [plugin.name for plugin in PLUGINS]
