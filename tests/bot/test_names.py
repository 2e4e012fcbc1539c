"""Player names are free text; shown in a message they must not be read as Markdown (bold,
italics, spoilers, code, masked links, mentions) nor change the message around them."""

from __future__ import annotations

import random
import re

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


def test_a_name_cannot_turn_a_line_around_be_invisible_or_start_a_block() -> None:
    """A right-to-left override in a name reversed the rest of its line ("Hands: ... 0 · 1 boB"),
    a zero-width name showed nothing, and "# Heading" at a line's start made the end post a
    heading ("-# tiny" small print). Joiners stay: emoji sequences and some scripts need them."""
    assert shown_name("\u0633\u0627\u0631\u0629\u202eabc") == "\u0633\u0627\u0631\u0629abc"
    assert shown_name("\u200b\u200b") == "?" and shown_name("\u200d") == "?"
    assert shown_name("\U0001f468\u200d\U0001f469") == "\U0001f468\u200d\U0001f469"
    for name in ("# Heading", "## Big", "-# tiny", "- item", "1. one", "> quote"):
        shown = shown_name(name)
        assert not re.match(r"(#{1,3}|-#|-|\d+\.|>)\s", shown), shown
        assert shown_name(shown) == shown and len(shown) == len(name)
    assert shown_name("#1 fan") == "#1 fan" and shown_name("a - b") == "a - b"


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


async def test_players_with_the_same_name_are_told_apart(harness: Harness) -> None:
    """Display names are not unique: with four "Santa"s a Naughty Elf read "Santa: Krampus" and
    nobody could tell whom they nominated. Alike names carry their seat's number everywhere."""
    from bot.loaded_game import told_apart

    assert told_apart(["Santa", "Ann", "SANTA", "Bob"]) == ["Santa (1)", "Ann", "SANTA (3)", "Bob"]
    users = [FakeUser(1, "Santa"), FakeUser(2, "Santa"), FakeUser(3, "Dasher"), FakeUser(4, "Santa")]
    users.append(FakeUser(5, "Comet"))
    table, game_id = await harness.open_table(users)
    game = await harness.game(game_id)
    assert game.names == ["Santa (1)", "Santa (2)", "Dasher", "Santa (4)", "Comet"]
    assert "Santa (1)" in table.text() and "**Santa**" not in table.text()
