"""`python -m bot simulate`: an all-AI game through the bot's own path, no Discord token."""

from __future__ import annotations

import io
import subprocess
import sys
from pathlib import Path

import pytest
from PIL import Image

from bot.plugins import PLUGINS
from bot.simulate import PrintingMessenger, simulate
from storage import Database, GameStore

SMALLEST = {plugin.name: plugin.min_players for plugin in PLUGINS}


@pytest.mark.parametrize("game", sorted(SMALLEST))
async def test_every_game_plays_to_the_end_with_its_table_printed(tmp_path: Path, game: str) -> None:
    messenger = PrintingMessenger(tmp_path, echo=False)
    game_id = await simulate(game, SMALLEST[game], tmp_path, {}, messenger)
    texts = list(messenger.last_text.values())
    assert "is over" in texts[-1]
    db = await Database.open(f"sqlite:///{tmp_path / 'simulation.db'}")
    try:
        store = GameStore(db)
        record = await store.get_game(game_id)
        assert record.status == "finished"
        actions = await store.get_actions(game_id)
        assert actions and all(action.user_id < 0 or action.seat == -1 for action in actions)
    finally:
        await db.close()
    for path in messenger.saved:
        assert Image.open(io.BytesIO(path.read_bytes())).format == "PNG"


def test_command_line_refuses_bad_requests_with_one_line(tmp_path: Path) -> None:
    run = [sys.executable, "-m", "bot", "simulate", "--out", str(tmp_path)]
    wrong_count = subprocess.run(
        [*run, "--game", "grumpy-nisse", "--players", "5"], capture_output=True, text=True
    )
    assert wrong_count.returncode == 2 and "needs 2 players" in wrong_count.stderr
    bad_option = subprocess.run(
        [*run, "--game", "christmas-tree", "--players", "2", "--option", "mode=expert"],
        capture_output=True,
        text=True,
    )
    assert bad_option.returncode == 2 and "mode" in bad_option.stderr and "Traceback" not in bad_option.stderr


def test_command_line_plays_and_saves_pictures(tmp_path: Path) -> None:
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "bot",
            "simulate",
            "--game",
            "christmas-tree",
            "--players",
            "3",
            "--quiet",
            "--option",
            "mode=family",
            "--out",
            str(tmp_path),
        ],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    assert "is over" in done.stdout and "Family mode" in done.stdout
    assert list(tmp_path.glob("*.png"))
