"""End-to-end fixtures: a loopback Discord with users, and the real bot as a subprocess."""

from __future__ import annotations

import os

import pytest

from tests.loopback import LoopbackDiscord
from tests.loopback.botproc import run_bot

#: `E2E_LONG=1 pytest tests/e2e` runs the long versions (more games, more kills).
LONG = os.environ.get("E2E_LONG") == "1"
USERS = list(range(101, 121))
NAMES = ["Dasher", "Dancer", "Prancer", "Vixen", "Comet", "Cupid", "Donner", "Blitzen", "Rudolph", "Olive"]


@pytest.fixture
async def loop():
    server = LoopbackDiscord()
    for i, user_id in enumerate(USERS):
        server.add_user(user_id, f"{NAMES[i % len(NAMES)]}{'' if i < len(NAMES) else i}")
    server.add_user(999, "Grinch")  # never seated
    await server.start()
    yield server
    await server.stop()


@pytest.fixture
async def bot(loop, tmp_path):
    async with run_bot(loop, tmp_path / "bot.db") as process:
        yield process
