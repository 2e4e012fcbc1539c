"""discord.py keeps a rate-limit bucket per channel and route and scans all of them for idle ones
each time it opens a new one past 256; the bot lets it scan at most once a minute
(`bot.client.prune_buckets_now_and_then`), and idle buckets are still dropped then."""

from __future__ import annotations

import discord
import pytest
from discord.http import HTTPClient, Ratelimit

from bot import client


async def test_new_buckets_do_not_scan_all_the_others(monkeypatch: pytest.MonkeyPatch) -> None:
    looked = 0
    inactive = Ratelimit.is_inactive

    def counted(self: Ratelimit) -> bool:
        nonlocal looked
        looked += 1
        return inactive(self)

    monkeypatch.setattr(Ratelimit, "is_inactive", counted)
    http = HTTPClient(discord.utils.MISSING)
    client.prune_buckets_now_and_then(http)
    for n in range(2000):
        http.get_ratelimit(f"PATCH /channels/{n}/messages")
    assert looked == 0  # discord.py alone: ~1.7 million looks


async def test_idle_buckets_are_still_dropped_a_minute_later(monkeypatch: pytest.MonkeyPatch) -> None:
    clock = [0.0]
    monkeypatch.setattr(client.time, "monotonic", lambda: clock[0])
    http = HTTPClient(discord.utils.MISSING)
    client.prune_buckets_now_and_then(http)
    for n in range(300):
        http.get_ratelimit(f"PATCH /channels/{n}/messages")
    monkeypatch.setattr(Ratelimit, "is_inactive", lambda self: True)  # as if idle for 5 minutes
    http.get_ratelimit("PATCH /channels/new/messages")
    assert len(http._buckets) == 301  # not yet
    clock[0] = client.PRUNE_BUCKETS_EVERY + 1
    http.get_ratelimit("PATCH /channels/newer/messages")
    assert len(http._buckets) == 0  # scanned once: every idle one dropped
