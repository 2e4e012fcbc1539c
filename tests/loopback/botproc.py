"""The real bot (`python -m bot`, unchanged) as a subprocess pointed at a LoopbackDiscord.

    async with run_bot(loop, tmp_path / "bot.db") as bot:   # started, gateway-ready, on_ready done
        result = await loop.slash(1, loop.channel_ids[0], "play", {"game": "secret-krampus"})
        await bot.kill()        # SIGKILL, like a crash
        await bot.start()       # same database, same server: old messages keep working
    # terminated on exit

With `shards=[0, 1]` the bot runs those shards of the loopback's `shard_count` (SHARD_COUNT and
SHARD_IDS) and `start` waits for their sessions; `database_url=` points it at another database
(PostgreSQL) than the SQLite file `db_path`, whose directory stays the bot's working directory.

The bot finds the loopback through `tests/loopback/boot/sitecustomize.py` (on PYTHONPATH) and the
DISCORD_LOOPBACK_URL variable. It runs in the database's directory, so no stray `.env` is read.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import re
import signal
import sys
import time
from collections.abc import AsyncIterator, Sequence
from pathlib import Path

from .server import LoopbackDiscord

ROOT = Path(__file__).resolve().parents[2]
BOOT = Path(__file__).resolve().parent / "boot"
RESUMED = r"Resumed \d+ live game"  # logged by the bot's on_ready once its tables are refreshed
_CLEARED = (
    "DISCORD_TOKEN",
    "DATABASE_URL",
    "DEV_GUILD_ID",
    "LOG_LEVEL",
    "DISCORD_LOOPBACK_URL",
    "PYTHONPATH",
    "SHARD_COUNT",
    "SHARD_IDS",
)


class BotProcess:
    def __init__(
        self,
        loop: LoopbackDiscord,
        db_path: Path,
        *,
        env: dict[str, str] | None = None,
        log_path: Path | None = None,
        dev_guild: bool = True,
        wait_for_log: str | None = RESUMED,
        shards: Sequence[int] | None = None,
        database_url: str | None = None,
    ) -> None:
        self.loop = loop
        self.shards = list(shards) if shards is not None else None
        self.db_path = Path(db_path).resolve()
        self.log_path = Path(log_path or self.db_path.with_suffix(".log"))
        self.wait_for_log = wait_for_log
        base = {k: v for k, v in os.environ.items() if k not in _CLEARED}
        self.env = {
            **base,
            "PYTHONPATH": os.pathsep.join([str(ROOT), str(BOOT)]),
            "PYTHONUNBUFFERED": "1",
            "DISCORD_LOOPBACK_URL": loop.url,
            "DISCORD_TOKEN": loop.token,
            "DATABASE_URL": database_url or f"sqlite:///{self.db_path}",
            "LOG_LEVEL": "INFO",
            **({"DEV_GUILD_ID": str(loop.guild_id)} if dev_guild else {}),
            **(
                {"SHARD_COUNT": str(loop.shard_count), "SHARD_IDS": ",".join(map(str, self.shards))}
                if self.shards is not None
                else {}
            ),
            **(env or {}),
        }
        self.proc: asyncio.subprocess.Process | None = None
        self.starts = 0
        self._log_offset = 0

    @property
    def running(self) -> bool:
        return self.proc is not None and self.proc.returncode is None

    @property
    def pid(self) -> int | None:
        return self.proc.pid if self.proc else None

    @property
    def returncode(self) -> int | None:
        return self.proc.returncode if self.proc else None

    def log(self, *, current: bool = False) -> str:
        """The bot's stdout + stderr (of every start, or only of the current one)."""
        if not self.log_path.exists():
            return ""
        data = self.log_path.read_bytes()
        return data[self._log_offset if current else 0 :].decode(errors="replace")

    async def start(self, timeout: float = 30.0) -> None:
        """Start `python -m bot` and wait until its gateway session is ready (and, by default,
        until it logged that its on_ready resumed the live games)."""
        if self.running:
            raise RuntimeError("the bot is already running")
        since = self.loop.ready_count
        self.db_path.parent.mkdir(parents=True, exist_ok=True)
        self._log_offset = self.log_path.stat().st_size if self.log_path.exists() else 0
        with open(self.log_path, "ab") as log:
            self.proc = await asyncio.create_subprocess_exec(
                sys.executable,
                "-m",
                "bot",
                cwd=self.db_path.parent,
                env=self.env,
                stdin=asyncio.subprocess.DEVNULL,
                stdout=log,
                stderr=log,
            )
        self.starts += 1
        deadline = time.monotonic() + timeout
        await self._until(self.loop.wait_ready(timeout, since=since, shards=self.shards), deadline)
        if self.wait_for_log:
            await self._until(self.wait_log(self.wait_for_log, timeout), deadline)

    async def _until(self, coro, deadline: float) -> None:  # noqa: ANN001
        """Await `coro`, but fail early (with the log) if the bot exits or time runs out."""
        assert self.proc is not None
        waiter = asyncio.ensure_future(coro)
        exited = asyncio.ensure_future(self.proc.wait())
        try:
            done, _ = await asyncio.wait(
                {waiter, exited},
                timeout=max(0.0, deadline - time.monotonic()),
                return_when=asyncio.FIRST_COMPLETED,
            )
        finally:
            for task in (waiter, exited):
                if not task.done():
                    task.cancel()
                    with contextlib.suppress(asyncio.CancelledError, Exception):
                        await task
        if waiter in done and waiter.exception() is None:
            return
        reason = f"exited with {self.proc.returncode}" if exited in done else "did not get ready in time"
        raise RuntimeError(f"the bot {reason}; its output:\n{self.log(current=True)[-4000:]}")

    async def wait_log(self, pattern: str, timeout: float = 10.0) -> re.Match[str]:
        """Until the current run's output matches `pattern`."""
        regex = re.compile(pattern)
        deadline = time.monotonic() + timeout
        while True:
            found = regex.search(self.log(current=True))
            if found:
                return found
            if time.monotonic() > deadline:
                raise TimeoutError(f"{pattern!r} not in the bot's output within {timeout}s")
            await asyncio.sleep(0.05)

    async def kill(self) -> None:
        """SIGKILL: no clean shutdown, like a crash or `kill -9`."""
        if self.running:
            assert self.proc is not None
            self.proc.send_signal(signal.SIGKILL)
        if self.proc is not None:
            await self.proc.wait()

    async def terminate(self, timeout: float = 10.0) -> int | None:
        """SIGTERM, then SIGKILL if it has not exited within `timeout`."""
        if self.running:
            assert self.proc is not None
            self.proc.terminate()
            try:
                await asyncio.wait_for(self.proc.wait(), timeout)
            except TimeoutError:
                await self.kill()
        return self.returncode

    async def restart(self, timeout: float = 30.0, *, kill: bool = True) -> None:
        """Stop (SIGKILL by default, else SIGTERM) and start again on the same database."""
        await (self.kill() if kill else self.terminate())
        await self.start(timeout)


@contextlib.asynccontextmanager
async def run_bot(
    loop: LoopbackDiscord, db_path: Path, *, timeout: float = 30.0, **options
) -> AsyncIterator[BotProcess]:  # noqa: ANN003
    """Start the real bot against `loop`; terminate it on exit. See BotProcess for `options`."""
    bot = BotProcess(loop, db_path, **options)
    try:
        await bot.start(timeout)
        yield bot
    finally:
        await bot.terminate()
