"""Player names are free text; shown in a message they must not be read as Markdown (bold,
italics, spoilers, code, masked links, mentions) nor change the message around them."""

from __future__ import annotations

import random

import pytest

from bot.names import LOOK_ALIKES, shown_name
from bot.plugins import PLUGINS
from tests.bot.fakes import FakeMessage, FakeUser
from tests.bot.harness import Harness, play_random_click

TRICKY = ["**Bold**", "_lean_", "||spoiler||", "`code`", "[click](https://x.example)", "<@1> ~~x~~ \\"]
MARKDOWN = set("*_~`|[]<>\\")


def test_shown_name_swaps_markdown_for_look_alikes() -> None:
    for name in TRICKY:
        shown = shown_name(name)
        assert not MARKDOWN & set(shown), shown
        assert len(shown) == len(name.strip()), "one character for one"
        assert shown_name(shown) == shown, "idempotent: stored names may be shown again"
    assert shown_name("Dasher") == "Dasher"
    assert shown_name("  ") == "?"
    assert set(LOOK_ALIKES) >= {ord(c) for c in MARKDOWN}


def everything_shown(h: Harness) -> list[FakeMessage]:
    messages = [m for channel in h.discord.channels.values() for m in channel]
    messages += [m for dms in h.discord.dms.values() for m in dms]
    messages += [m for views in h.discord.ephemeral.values() for m in views]
    return messages


@pytest.mark.parametrize("name", PLUGINS.names())
async def test_tricky_names_reach_no_message_as_markdown(harness: Harness, name: str) -> None:
    plugin = PLUGINS.get(name)
    users = [FakeUser(i + 1, TRICKY[i % len(TRICKY)]) for i in range(plugin.min_players)]
    table, game_id = await harness.open_table(users, name)
    rng = random.Random(7)
    for _ in range(40):
        if not await play_random_click(harness, table, game_id, users, rng):
            break
    await harness.command("leave", users[-1])  # a name in a sentence of the bot's own
    shown = "\n".join(m.text() for m in everything_shown(harness))
    for user in users:
        assert user.display_name not in shown, f"{user.display_name!r} was shown as it is"
    assert any(shown_name(user.display_name) in shown for user in users), "the names are shown"
