"""The table's prompt for an AI seat says what it does, not where a person would choose it nor
what to do: "Vixen (AI) answers with a card in private (DM or **My hand & role**)" and "Holly
(AI) is the List Maker candidate: pick a Sleigh Loader below" read as if someone had to act."""

from __future__ import annotations

import random
import re

import pytest

from bot.plugins import PLUGINS
from bot.render.base import TableContext
from games.core import visible_events

#: What a prompt tells a person to do ("pick a Sleigh Loader below"), not what an AI does.
ORDERS = re.compile(r": (pick|choose|take) [^.]* below")
NAMES = ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jo"]


def _table_text(payload) -> str:
    """The table's prompt: its first line (the lines below may say where everyone's secrets are)."""
    return (payload.embeds[0].description or "").split("\n")[0]


@pytest.mark.parametrize("name", PLUGINS.names())
def test_an_ai_seats_prompt_names_no_private_button_and_a_persons_does(name: str) -> None:
    plugin = PLUGINS.get(name)
    rules, renderer = plugin.rules, plugin.renderer
    button = renderer.private_button
    ai_prompts = person_prompts = private = 0
    for players in range(rules.min_players, rules.max_players + 1):
        rng = random.Random(f"{name}-{players}")
        state = rules.new_game(players, rules.parse_options(None), players)
        events: list = []
        for _ in range(400):
            deciding = sorted(rules.to_decide(state))
            if rules.outcome(state) is not None or not deciding:
                break
            private += any(renderer.has_private_decision(rules.view(state, seat)) for seat in deciding)
            for ai_seats in (frozenset(range(1, players)), frozenset()):
                ctx = TableContext(1, rules.decision(state), NAMES[:players], plugin.title, ai_seats=ai_seats)
                text = _table_text(renderer.table(rules.view(state, None), ctx, visible_events(events, None)))
                if set(deciding) <= ai_seats:
                    assert f"**{button}**" not in text and "DM or" not in text, (players, deciding, text)
                    assert not ORDERS.search(text), text  # ("Holly (AI) ...: pick a Sleigh Loader below")
                    ai_prompts += 1
                elif f"**{button}**" in text:
                    person_prompts += 1
            seat = rng.choice(deciding)
            applied = rules.apply(state, seat, rng.choice(rules.legal_actions(state, seat)))
            state, events = applied.state, list(applied.events)
    assert ai_prompts > 0, f"{name}: the table's prompt never showed an AI seat's decision"
    assert person_prompts > 0 or not private, (
        f"{name}: the table's prompt (its first line) never named **{button}** for a person who "
        'decides in private (e.g. "Ann: choose in private (DM or **My hand**)")'
    )
