"""A seat's view is made once per state and shared by everything that draws it (`LoadedGame.view`),
so nothing may change a view it was given: after whole games through the real handlers, every
view the bot made still equals a freshly made one. And only the views of the states drawn last
are kept (`StateMemo`): a running game waits for its next action with none of its views held by
what the bot keeps of it (the cached game, its outbox, the messages it keeps true), so full garbage
collections do not walk thousands of views (`shown_key` keeps a digest, not the view)."""

from __future__ import annotations

import gc
import random
from types import ModuleType
from typing import Any

import pytest
from pydantic import BaseModel

from bot import loaded_game
from bot.loaded_game import StateMemo
from bot.plugins import PLUGINS, GamePlugin
from tests.bot.harness import Harness, make_users, play_random_click


@pytest.mark.parametrize("name", PLUGINS.names())
async def test_views_drawn_are_left_as_made(
    harness: Harness, name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    memo = StateMemo(size=1_000_000)  # everything made in this game, kept to be checked
    monkeypatch.setattr(loaded_game, "MEMO", memo)
    plugin = PLUGINS.get(name)
    users = make_users(min(plugin.max_players, 5))
    table, game_id = await harness.open_table(users, name)
    rng = random.Random(11)
    for _ in range(120):
        if not await play_random_click(harness, table, game_id, users, rng):
            break
    views = [(state, what[1], view) for state, what, view in memo.kept() if what[0] == "view"]
    assert views, "no view was drawn"
    for state, seat, view in views:
        assert view == plugin.rules.view(state, seat), f"seat {seat}'s view was changed after it was made"


class _State(BaseModel):
    n: int


def test_only_what_was_made_from_the_states_used_last_is_kept() -> None:
    memo = StateMemo(size=3)
    states = [_State(n=n) for n in range(5)]
    made: list[int] = []

    def make(n: int) -> object:
        made.append(n)
        return object()

    first = memo.get(states[0], "view", lambda: make(0))
    assert memo.get(states[0], "view", lambda: make(99)) is first  # made once per state and kind
    for n in range(1, 5):
        memo.get(states[n], "view", lambda n=n: make(n))  # type: ignore[misc]
    assert [state for state, _, _ in memo.kept()] == states[2:]
    memo.get(states[0], "view", lambda: make(0))  # dropped, so made again
    assert made == [0, 1, 2, 3, 4, 0]


def _views_reachable(roots: list[Any], view_type: type[BaseModel]) -> int:
    """How many objects of `view_type` the garbage collector can reach from `roots` (classes,
    modules, functions and the games' plugins are not followed: every game shares them)."""
    seen: set[int] = set()
    stack = list(roots)
    found = 0
    while stack:
        item = stack.pop()
        if id(item) in seen or isinstance(item, type | ModuleType | GamePlugin):
            continue
        if callable(item) and not isinstance(item, BaseModel):
            continue
        seen.add(id(item))
        found += isinstance(item, view_type)
        stack.extend(gc.get_referents(item))
    return found


@pytest.mark.parametrize("name", PLUGINS.names())
async def test_a_shown_game_keeps_no_view_until_its_next_action(harness: Harness, name: str) -> None:
    plugin = PLUGINS.get(name)
    users = make_users(min(plugin.max_players, 5))
    table, game_id = await harness.open_table(users, name)
    rng = random.Random(5)
    assert harness.table is not None
    delivery = harness.table.delivery
    looked = 0
    for _ in range(40):
        if not await play_random_click(harness, table, game_id, users, rng):
            break
        game = await harness.game(game_id)
        if game.state is None or game.record.status != "running":
            break
        view_type = type(game.rules.view(game.state, None))
        kept = [
            harness.service._running.get(game_id),
            harness.table.pipeline.outboxes.get(game_id),
            delivery.tables._tables.get(game_id),
            [slot for (game, _seat), slot in delivery.privates._slots.items() if game == game_id],
        ]
        assert _views_reachable(kept, view_type) == 0
        looked += 1
    assert looked > 0
