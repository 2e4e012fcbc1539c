"""`python -m bot` start-up: settings, token and database errors are explained, not tracebacks."""

from __future__ import annotations

import asyncio
import os
import shutil
import sqlite3
import subprocess
import sys
from collections.abc import Awaitable, Callable
from pathlib import Path

import discord
import pytest

import bot.client as bot_client
import bot.i18n as bot_i18n
from bot.client import GameBot, make_bot
from bot.global_budget import GLOBAL_SAFETY
from bot.settings import Settings, SettingsError, load_settings
from storage import Database

ROOT = Path(__file__).resolve().parents[2]
WELL_FORMED = "MTA1MjM0NTY3ODkwMTIzNDU2Nw.GaBcDe.abcdefghijklmnopqrstuvwxyz0123456789AB"


def run_bot(tmp_path: Path, **env: str) -> subprocess.CompletedProcess[str]:
    clean = {
        k: v for k, v in os.environ.items() if k not in ("DISCORD_TOKEN", "DATABASE_URL", "DEV_GUILD_ID")
    }
    return subprocess.run(
        [sys.executable, "-m", "bot"],
        cwd=tmp_path,
        env={**clean, "PYTHONPATH": str(ROOT), **env},
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_missing_token_explains_where_to_get_one(tmp_path: Path) -> None:
    result = run_bot(tmp_path)
    assert result.returncode == 2
    assert "DISCORD_TOKEN is not set" in result.stderr and "discord.com/developers" in result.stderr
    assert "Traceback" not in result.stderr


@pytest.mark.parametrize(("argv", "code"), [(["--help"], 0), (["-h"], 0), (["serve"], 2)])
def test_help_lists_the_commands_and_an_unknown_one_is_refused(argv, code, monkeypatch, capsys) -> None:
    from bot.__main__ import main

    monkeypatch.setattr(sys, "argv", ["bot", *argv])
    assert main() == code
    out = capsys.readouterr()
    shown = out.out if code == 0 else out.err
    assert "simulate" in shown and "migrate-db" in shown and "DISCORD_TOKEN" not in shown
    assert ("Unknown command: serve" in out.err) == (code == 2)


def test_malformed_token_is_refused_before_connecting(tmp_path: Path) -> None:
    result = run_bot(tmp_path, DISCORD_TOKEN="hunter2")
    assert result.returncode == 2
    assert "does not look like a bot token" in result.stderr
    assert "Traceback" not in result.stderr and "hunter2" not in result.stderr


def test_database_newer_than_the_code_is_a_clear_error(tmp_path: Path) -> None:
    path = tmp_path / "new.db"
    with sqlite3.connect(path) as conn:
        conn.execute("PRAGMA user_version = 999")
    result = run_bot(tmp_path, DISCORD_TOKEN=WELL_FORMED, DATABASE_URL=f"sqlite:///{path}")
    assert result.returncode == 2
    assert "Cannot use the database" in result.stderr and "newer" in result.stderr
    assert "Traceback" not in result.stderr


def test_database_that_cannot_be_opened_is_a_clear_error(tmp_path: Path) -> None:
    (tmp_path / "junk.db").write_bytes(b"this is not sqlite" * 100)
    result = run_bot(tmp_path, DISCORD_TOKEN=WELL_FORMED, DATABASE_URL="sqlite:///junk.db")
    assert result.returncode == 2 and "Cannot use the database" in result.stderr
    result = run_bot(tmp_path, DISCORD_TOKEN=WELL_FORMED, DATABASE_URL="mysql://x/y")
    assert result.returncode == 2 and "SQLite URL" in result.stderr and "PostgreSQL URL" in result.stderr
    assert "Traceback" not in result.stderr
    # PostgreSQL: nothing listens on port 1; the message names the URL without its password.
    result = run_bot(tmp_path, DISCORD_TOKEN=WELL_FORMED, DATABASE_URL="postgres://bot:s3cret@127.0.0.1:1/y")
    assert result.returncode == 2
    assert "Cannot open the database postgresql://bot@127.0.0.1:1/y:" in result.stderr
    assert "Traceback" not in result.stderr and "s3cret" not in result.stderr


def test_settings_defaults_and_env(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.chdir(tmp_path)
    for name in ("DISCORD_TOKEN", "DATABASE_URL", "DEV_GUILD_ID"):
        monkeypatch.delenv(name, raising=False)
    settings = Settings()
    assert settings.database_url == "sqlite:///data/bot.db" and settings.dev_guild_id is None
    (tmp_path / ".env").write_text(f"DISCORD_TOKEN={WELL_FORMED}\nDEV_GUILD_ID=1234\n")
    settings = load_settings()
    assert settings.token() == WELL_FORMED and settings.dev_guild_id == 1234
    monkeypatch.setenv("DEV_GUILD_ID", "not-a-number")
    with pytest.raises(SettingsError, match="DEV_GUILD_ID"):
        load_settings()


async def test_each_process_paces_its_writes_to_its_share_of_the_global_limit(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("REST_PER_SECOND", "200")
    assert Settings().rest_per_second == 200
    db = await Database.open(f"sqlite:///{tmp_path / 'bot.db'}")
    whole = make_bot(db)
    half = make_bot(db, shard_count=4, shard_ids=[0, 1], rest_per_second=50)
    raised = make_bot(db, shard_count=2, shard_ids=[1], rest_per_second=200)
    budgets = [bot.table.delivery.pacer.budget for bot in (whole, half, raised)]
    assert budgets == [int(50 * GLOBAL_SAFETY), int(25 * GLOBAL_SAFETY), int(100 * GLOBAL_SAFETY)]
    assert whole.table.delivery.privates.pacer is whole.table.delivery.pacer  # DMs share it
    await db.close()


async def test_commands_sync_only_when_the_tree_changed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    db = await Database.open(f"sqlite:///{tmp_path / 'bot.db'}")
    synced: list[object] = []

    async def fake_sync(*, guild=None):  # noqa: ANN001, ANN202
        synced.append(guild)
        return []

    for attempt in range(2):
        bot = GameBot(db, dev_guild_id=77)
        monkeypatch.setattr(bot.tree, "sync", fake_sync)
        await bot.add_cog(__import__("bot.cog", fromlist=["GamesCog"]).GamesCog(bot))
        changed = await bot.sync_commands_if_changed()
        assert changed is (attempt == 0)
        names = {c.name for c in bot.tree.get_commands(guild=discord.Object(77))}
        assert names == {
            "play",
            "hand",
            "leave",
            "reclaim",
            "replace",
            "log",
            "export",
            "stats",
            "leaderboard",
            "rules",
            "abandon",
            "language",
        }
    assert len(synced) == 1 and synced[0].id == 77
    # a changed translation of the descriptions is synced too (Discord shows members their own)
    catalogues = tmp_path / "locales"
    shutil.copytree(bot_i18n.CATALOGUES, catalogues)
    monkeypatch.setattr(bot_client, "CATALOGUES", catalogues)
    bot = GameBot(db, dev_guild_id=77)
    monkeypatch.setattr(bot.tree, "sync", fake_sync)
    await bot.add_cog(__import__("bot.cog", fromlist=["GamesCog"]).GamesCog(bot))
    assert await bot.sync_commands_if_changed() is False
    po = next(catalogues.glob("hu/LC_MESSAGES/*.po"))
    po.write_text(po.read_text(encoding="utf-8") + "\n", encoding="utf-8")
    assert await bot.sync_commands_if_changed() is True
    await db.close()


class StubBot:
    """What `serve` needs of a bot, without Discord: `start` runs `on_start`."""

    def __init__(self, on_start: Callable[[str], Awaitable[None]]) -> None:
        self.on_start = on_start

    async def __aenter__(self) -> StubBot:
        return self

    async def __aexit__(self, *exc: object) -> None:
        return None

    async def wait_until_ready(self) -> None:
        await asyncio.Event().wait()

    async def start(self, token: str) -> None:
        await self.on_start(token)


async def test_no_network_is_one_line_not_a_traceback(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    import bot.client
    from bot.__main__ import serve

    async def unreachable(token: str) -> None:
        raise OSError("Cannot connect to host discord.com:443 ssl:default [Name or service not known]")

    monkeypatch.setattr(bot.client, "make_bot", lambda db, **kw: StubBot(unreachable))
    assert await serve(WELL_FORMED, f"sqlite:///{tmp_path / 'bot.db'}", None) == 2
    err = capsys.readouterr().err
    assert err.startswith("Cannot reach Discord (") and "network" in err and err.count("\n") == 1


HOLDER = """
import time
from storage.sqlite_setup import only_process_on

held = only_process_on("{url}")
print("held", flush=True)
time.sleep(60)
"""


async def test_a_second_bot_on_the_same_sqlite_file_is_refused(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A second process on one SQLite file (a deploy overlapping the old one, a manual start beside
    a service) started, resumed the first's games and played their AI turns beside it ("Someone
    else acted first" in its log): it is refused in one line, and starts once the first is gone."""
    import bot.client
    from bot.__main__ import serve

    started: list[str] = []

    async def log_in(token: str) -> None:  # (it "logs in" and stops: only the start-up's checks run)
        started.append(token)

    monkeypatch.setattr(bot.client, "make_bot", lambda db, **kw: StubBot(log_in))
    url = f"sqlite:///{tmp_path / 'bot.db'}"
    first = subprocess.Popen(  # the first bot: holds the file while it runs
        [sys.executable, "-c", HOLDER.format(url=url)], cwd=ROOT, stdout=subprocess.PIPE, text=True
    )
    try:
        assert first.stdout is not None and first.stdout.readline().strip() == "held"
        assert await serve(WELL_FORMED, url, None) == 2 and started == []
        err = capsys.readouterr().err
        assert "another bot process is using" in err and err.count("\n") == 1, err
        assert (tmp_path / "bot.db").stat().st_size == 0  # (refused before an opening upgraded it)
    finally:
        first.kill()
        first.wait()
    assert await serve(WELL_FORMED, url, None) == 0 and started == [WELL_FORMED]


def test_an_unknown_log_level_is_one_line(tmp_path: Path) -> None:
    result = run_bot(tmp_path, DISCORD_TOKEN=WELL_FORMED, LOG_LEVEL="verbose")
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert result.stderr.strip() == (
        "Invalid settings: LOG_LEVEL: 'verbose' is not a logging level: "
        "use one of DEBUG, INFO, WARNING, ERROR, CRITICAL"
    )


def test_log_levels_as_logging_takes_them() -> None:
    assert [load_settings(log_level=v).log_level for v in ("debug", "WARN", "fatal", "10")] == [
        "DEBUG",
        "WARN",
        "FATAL",
        "DEBUG",
    ]
    with pytest.raises(SettingsError, match="'15' is not a logging level"):
        load_settings(log_level="15")
