"""What the bot makes at every click is freed by reference counting, not left in reference cycles
for the garbage collector: at 1,000 tables the collector's full collections paused the bot for
0.35-0.53 s each (docs/performance.md, "Twenty-second session"), and what they freed was the
views the renderers draw (each item pointed back at its view), the rules' recursive closures and
discord.py's interactions (each points at its response, which points back). Checked with the
collector off: an object is freed at once or not at all."""

from __future__ import annotations

import gc
import random
import weakref
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager

import discord
import pytest

from bot.answers import answer_click, hold, let_go
from bot.components import ActionButton
from bot.plugins import PLUGINS
from bot.render.base import TableContext
from games.core import visible_events
from tests.bot.harness import Harness, make_users
from tests.bot.render.phone import NAMES

STATES = 60  # states of one random game drawn, per registered game


@contextmanager
def collector_off() -> Iterator[list[object]]:
    """The collector off; on leaving, the reference cycles made meanwhile are put in the list."""
    found: list[object] = []
    gc.collect()
    gc.disable()
    try:
        yield found
        gc.set_debug(gc.DEBUG_SAVEALL)
        gc.collect()
        found.extend(gc.garbage)
    finally:
        gc.garbage.clear()
        gc.set_debug(0)
        gc.enable()


def _named(garbage: list[object]) -> Counter[str]:
    return Counter(f"{type(o).__qualname__} {getattr(o, '__qualname__', '')}".strip() for o in garbage)


@pytest.mark.parametrize("name", PLUGINS.names())
def test_the_rules_make_no_reference_cycles(name: str) -> None:
    """Random play of every player count (each seat's view of each state too): nothing the rules
    make is left to the collector (a recursive closure, e.g., is a cycle at every call)."""
    plugin = PLUGINS.get(name)
    rules = plugin.rules
    with collector_off() as garbage:
        for players in range(plugin.min_players, plugin.max_players + 1):
            rng = random.Random(players)
            state = rules.new_game(players, rules.parse_options(None), players)
            while rules.outcome(state) is None and rules.to_decide(state):
                for seat in range(players):
                    rules.view(state, seat)
                seat = rng.choice(sorted(rules.to_decide(state)))
                state = rules.apply(state, seat, rng.choice(rules.legal_actions(state, seat))).state
    assert not garbage, _named(garbage).most_common(5)


@pytest.mark.parametrize("name", PLUGINS.names())
def test_the_views_drawn_are_freed_at_once(name: str) -> None:
    """Every table and private message drawn over a random game: its view (and its items) is
    freed as soon as the payload is dropped (discord.py's `add_item` points each item back at its
    view; `bot.components.Controls` drops that)."""
    plugin = PLUGINS.get(name)
    rules, renderer = plugin.rules, plugin.renderer
    players = min(plugin.max_players, max(plugin.min_players, 3))
    rng = random.Random(5)
    state = rules.new_game(players, rules.parse_options(None), 5)
    events: list = []
    views = 0
    with collector_off() as garbage:
        for _ in range(STATES):
            ctx = TableContext(7, rules.decision(state), NAMES[:players], plugin.title)
            payloads = [renderer.table(rules.view(state, None), ctx, visible_events(events, None))]
            payloads += [
                renderer.private(rules.view(state, seat), ctx, visible_events(events, seat))
                for seat in range(players)
            ]
            drawn = [weakref.ref(p.view) for p in payloads if p.view is not None]
            views += len(drawn)
            del payloads
            assert all(view() is None for view in drawn)
            if rules.outcome(state) is not None or not rules.to_decide(state):  # (a short game: another)
                state, events = rules.new_game(players, rules.parse_options(None), rng.randrange(1000)), []
                continue
            seat = rng.choice(sorted(rules.to_decide(state)))
            state, events = rules.apply(state, seat, rng.choice(rules.legal_actions(state, seat)))
    assert views > STATES // 2, f"{name}: only {views} views drawn in {STATES} states"  # (the check ran)
    assert not garbage, _named(garbage).most_common(5)


async def test_a_click_lets_go_of_the_view_discord_py_rebuilt_to_dispatch_it(harness: Harness) -> None:
    """discord.py dispatches a click on a `DynamicItem` through a view it rebuilds from the
    clicked message, the item pointing back at it (a cycle): once answered, the view is emptied."""
    user = make_users(1)[0]
    interaction = harness.discord.interaction(user, 1)
    item = ActionButton(1, 1, "vote.1", label="Yes")
    view = discord.ui.View(timeout=None)
    view.add_item(item)
    gone = weakref.ref(view)
    del view

    async def handler(clicked: ActionButton) -> None:
        assert clicked.view is gone()  # still there while the click is answered

    with collector_off() as garbage:
        await answer_click(item, interaction, handler(item), "edit")  # type: ignore[arg-type]
        del item
        assert gone() is None
    assert not [o for o in garbage if isinstance(o, discord.ui.View | discord.ui.Item)]


def test_an_interaction_let_go_is_freed_with_its_response() -> None:
    """discord.py's interaction and its `response` point at each other; `let_go` (after the
    click's answer and its late answers: `hold`) breaks that, only after the last holder."""

    def interaction() -> discord.Interaction:
        made = discord.Interaction.__new__(discord.Interaction)  # (no gateway payload needed)
        made.extras = {}
        assert made.response.is_done() is False  # the response, made: the cycle is there
        return made

    with collector_off() as kept:
        interaction()
    assert [o for o in kept if isinstance(o, discord.InteractionResponse)]  # (the check can fail)
    with collector_off() as garbage:
        clicked = interaction()
        hold(clicked)  # the click's answer
        hold(clicked)  # a late answer
        response = clicked.response
        let_go(clicked)
        assert clicked.response is response  # a holder is left: untouched
        let_go(clicked)  # the last holder
        del clicked, response
    assert not garbage, _named(garbage).most_common(5)
