"""What a public event does to a player is told in their private message too (`GameRules.done_to`):
the shared steps of each game's check (`tests/bot/test_<game>.py`)."""

from __future__ import annotations

import random
from typing import Any

from bot import screens
from bot.outbox import Change, Outbox
from bot.plugins import PLUGINS
from games.core import Event
from tests.bot.test_ai_seats import _game


def done_to_samples(name: str, players: int, seeds: int, kinds: set[str]) -> dict[str, tuple[Any, Event]]:
    """(state, event) of the first public event of each kind that random games of `name` make and
    its rules say is done to someone; every one of `kinds` must be found."""
    rules = PLUGINS.get(name).rules
    found: dict[str, tuple[Any, Event]] = {}
    for seed in range(seeds):
        state = rules.new_game(players, rules.parse_options({}), seed)
        rng = random.Random(seed)
        while rules.outcome(state) is None and len(found) < len(kinds):
            seat = rng.choice(sorted(rules.to_decide(state)))
            state, events = rules.apply(state, seat, rng.choice(rules.legal_actions(state, seat)))
            for event in events:
                if event.audience.is_public and rules.done_to(event):
                    found.setdefault(event.kind, (state, event))
        if len(found) == len(kinds):
            break
    assert set(found) == kinds, set(found)
    return found


def told_in_private(name: str, state: Any, event: Event, players: int) -> tuple[list[str], dict[int, str]]:
    """The seats' names, and per seat the event is done to, the text of its private message's
    fields once the outbox has the event (which it holds as the news of those seats only)."""
    game = _game(name, state, set(), players)
    outbox = Outbox(game)
    outbox.add(Change(game, [event]))
    assert set(outbox.news) == set(game.rules.done_to(event)), "told only to whom it was done"
    texts = {}
    for seat, news in outbox.news.items():
        payload = screens.private_payload(game, seat, screens.renderer(game).private_news(news))
        texts[seat] = "\n".join(str(field.value) for embed in payload.embeds for field in embed.fields)
    return game.names, texts
