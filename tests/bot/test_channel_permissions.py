"""Which of the bot's channel permissions /play and Rematch need (`bot.channel_permissions`); the
refusal itself is tested in `tests/bot/test_lobby.py` and over the loopback."""

from __future__ import annotations

from types import SimpleNamespace
from unittest import mock

import discord

from bot.channel_permissions import NEEDED, missing_permissions

ALL_NEEDED = discord.Permissions(**{flag: True for flag, _name in NEEDED})


def _interaction(granted: discord.Permissions, channel: object = None) -> discord.Interaction:
    return SimpleNamespace(app_permissions=granted, channel=channel)  # type: ignore[return-value]


def test_the_five_permissions_are_enough_in_a_channel() -> None:
    assert missing_permissions(_interaction(ALL_NEEDED)) == []
    assert missing_permissions(_interaction(discord.Permissions.none())) == [name for _, name in NEEDED]


def test_in_a_thread_posting_is_send_messages_in_threads() -> None:
    thread = mock.Mock(spec=discord.Thread)
    assert missing_permissions(_interaction(ALL_NEEDED, thread)) == ["Send Messages in Threads"]
    in_threads = discord.Permissions(ALL_NEEDED.value, send_messages=False, send_messages_in_threads=True)
    assert missing_permissions(_interaction(in_threads, thread)) == []
    assert missing_permissions(_interaction(in_threads)) == ["Send Messages"]
