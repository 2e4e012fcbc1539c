"""Play one whole game over the loopback and print what one player saw, as they saw it.

    python -m tests.e2e.transcript --game christmas-tree --players 3 --watch 1
    python -m tests.e2e.transcript --game naughty-or-nice --players 2 --ai 2 --closed
    python -m tests.e2e.transcript --game naughty-or-nice --players 3 --views --option level=3
    python -m tests.e2e.transcript --game secret-krampus --players 5 --command 12:0:replace:player=@3

The real bot runs as a subprocess against a LoopbackDiscord; scripted players (`Players`) make
random legal clicks on what they are shown. Every write to the watched player's DMs and ephemeral
views, and every table write, is printed in order, wrapped at phone width, with its controls
(``[Play]``; ``[-Play-]`` when disabled; selects as ``<placeholder: a | b>``, an option's
emoji before it and its description after it in brackets) and a ``PING`` mark
where Discord would notify the player (a new DM, or a new message whose allowed mentions name them, unless
posted silently). Repeated identical writes are shown once; a line starting ``!!`` follows a
write after which two of the player's private messages still had enabled controls (as after the
write before). At the end: the watched player's messages that still have enabled controls (there
should be none but Rematch), counts, and the warnings and errors the bot logged.

This is a tool for reading the bot as a player does (the developers' guide: "play what you
build"); the tests that check the same things automatically are in `tests/e2e/` and
`tests/bot/`.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import re
import tempfile
import textwrap
import time
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

from bot.plugins import PLUGINS
from tests.e2e.players import MovedOn, Players
from tests.e2e.postgres_players import PostgresPlayers
from tests.loopback import LoopbackDiscord
from tests.loopback.botproc import run_bot
from tests.loopback.model import SUPPRESS_NOTIFICATIONS, MessageMeta
from tests.loopback.text import iter_components

WIDTH = 44  # about what a phone shows of a message per line
NAMES = ["Dasher", "Dancer", "Prancer", "Vixen", "Comet", "Cupid", "Donner", "Blitzen", "Rudolph", "Olive"]
FIRST_USER = 101
TROUBLE = re.compile(r"\b(WARNING|ERROR|CRITICAL)\b")
RECORD = re.compile(r"^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d,\d+ ")  # a logged record's first line


def controls(message: dict[str, Any]) -> list[str]:
    """The message's buttons and selects as a player sees them."""
    shown = []
    for component in iter_components(message):
        kind = component.get("type")
        if kind == 2:
            label = component.get("label") or (component.get("emoji") or {}).get("name") or "?"
            shown.append(f"[-{label}-]" if component.get("disabled") else f"[{label}]")
        elif kind in (3, 5, 6, 7, 8):
            options = " | ".join(_option(o) for o in component.get("options") or [])
            text = f"<{component.get('placeholder') or 'choose'}: {options}>"
            shown.append(f"<-disabled {text[1:]}" if component.get("disabled") else text)
    return shown


def _option(option: dict[str, Any]) -> str:
    """A select's option as a phone shows it: its emoji, label and (smaller, below) description."""
    emoji = (option.get("emoji") or {}).get("name")
    text = f"{emoji} {option.get('label', '')}" if emoji else option.get("label", "")
    return f"{text} ({option['description']})" if option.get("description") else text


def live_controls(message: dict[str, Any]) -> list[str]:
    return [c for c in controls(message) if not c.startswith(("[-", "<-"))]


def pictures(message: dict[str, Any]) -> list[str]:
    """Each attached picture's file name, and its alt text (what a screen reader says) in quotes."""
    shown = []
    for attachment in message.get("attachments") or []:
        alt = attachment.get("description")
        shown.append(f"{attachment.get('filename', '?')}{f' {alt!r}' if alt else ''}")
    return shown


def readable(message: dict[str, Any]) -> str:
    """The message's text as Discord lays it out, without its controls and pictures (they are
    listed apart)."""
    parts: list[str] = [message.get("content") or ""]
    for embed in message.get("embeds") or []:
        parts.append((embed.get("author") or {}).get("name") or "")
        parts += [f"**{embed['title']}**" if embed.get("title") else "", embed.get("description") or ""]
        for field in embed.get("fields") or []:
            parts += [f"__{field.get('name', '')}__", field.get("value", "")]
        footer = (embed.get("footer") or {}).get("text")
        parts.append(f"(small print) {footer}" if footer else "")
    for component in iter_components(message):
        if component.get("type") == 10:  # components v2 text display
            parts.append(component.get("content") or "")
    return "\n".join(p for p in parts if p)


def wrapped(text: str, indent: str = "    ") -> str:
    lines = []
    for line in text.splitlines() or [""]:
        lines += textwrap.wrap(line, WIDTH, initial_indent=indent, subsequent_indent=indent) or [indent]
    return "\n".join(lines)


class Recorder:
    """Collects the writes the watched user (and the table) receives, in order."""

    def __init__(self, loop: LoopbackDiscord, user_id: int, table: bool) -> None:
        self.loop, self.user_id, self.table = loop, user_id, table
        self.start = time.monotonic()
        self.seen: dict[int, str] = {}
        self.lines: list[str] = []
        self.pings = 0
        self.writes = 0
        self.doubled = 0  # writes after which two of the player's private messages had controls
        self._double: frozenset[int] | None = None  # such messages after the player's last write

    def __call__(self, message: dict[str, Any], meta: MessageMeta) -> None:
        mine = meta.kind in ("dm", "ephemeral") and meta.user_id == self.user_id
        if not mine and not (self.table and meta.kind == "channel"):
            return
        mid = int(message["id"])
        body = readable(message)
        shown = controls(message)
        key = "\n".join([body, *shown, *pictures(message)])
        if self.seen.get(mid) == key:
            return
        new = mid not in self.seen
        self.seen[mid] = key
        self.writes += 1
        silent = bool(message.get("flags", 0) & SUPPRESS_NOTIFICATIONS)
        # (a mention notifies only those its allowed_mentions let through: `meta.notified`)
        ping = new and (not silent and mine and meta.kind == "dm" or self.user_id in meta.notified)
        self.pings += ping
        where = {"dm": "DM", "ephemeral": "view", "channel": "table"}[meta.kind]
        label = f"{where} #{self.number(mid)} {'new' if new else 'edit'}"
        head = f"--- {time.monotonic() - self.start:6.1f}s {label}{'  PING' if ping else ''}"
        self.lines.append(head)
        self.lines.append(wrapped(body))
        if pictures(message):
            self.lines.append(f"    (pictures: {', '.join(pictures(message))})")
        if shown:
            self.lines.append(wrapped("  ".join(shown), "    > "))
        if mine:
            self._check_one_living()

    def deleted(self, mid: int, meta: MessageMeta) -> None:
        mine = meta.kind in ("dm", "ephemeral") and meta.user_id == self.user_id
        if mid in self.seen and (mine or (self.table and meta.kind == "channel")):
            where = {"dm": "DM", "ephemeral": "view", "channel": "table"}[meta.kind]
            at = time.monotonic() - self.start
            self.lines.append(f"--- {at:6.1f}s {where} #{self.number(mid)} deleted")

    def _check_one_living(self) -> None:
        """At most one of the player's private messages has enabled controls (the guide), from
        one write to the next: opening "My hand" answers with the view first, then parks the DM."""
        live = frozenset(
            int(m["id"])
            for m in self.loop.dm_messages(self.user_id) + self.loop.ephemeral_messages(self.user_id)
            if live_controls(m)
        )
        if len(live) > 1 and self._double is not None and self._double <= live:
            self.doubled += 1
            named = ", ".join(f"#{self.number(m)}" for m in sorted(live))
            self.lines.append(f"    !! enabled controls in {named}")
        self._double = live if len(live) > 1 else None

    def number(self, mid: int) -> int:
        """The message's number in this transcript (1: the first one shown)."""
        order = list(self.seen)
        return order.index(mid) + 1 if mid in order else len(order) + 1


class Command:
    """A slash command a person runs in the table's channel after some clicks (`--command`):
    ``STEP:SEAT:NAME`` or ``STEP:SEAT:NAME:option=value``, where a value ``@N`` names the person
    of seat N (`/replace`'s player); STEP ``end``: once the game is over. The answer is printed
    (the watched player's own answer is recorded as theirs)."""

    def __init__(self, step: float, seat: int, name: str, options: dict[str, str]) -> None:
        self.step, self.seat, self.name, self.options = step, seat, name, options

    @classmethod
    def parse(cls, text: str) -> Command:
        step, seat, name, *rest = text.split(":")
        when = float("inf") if step == "end" else int(step)
        return cls(when, int(seat), name, dict(option.split("=", 1) for option in rest))

    async def run(self, loop: LoopbackDiscord, users: list[int], recorder: Recorder) -> None:
        options: dict[str, Any] = {  # (a number goes as one, as Discord sends an integer option)
            name: users[int(value[1:])] if value.startswith("@") else int(value) if value.isdigit() else value
            for name, value in self.options.items()
        }
        user = users[self.seat]
        result = await (await loop.slash(user, loop.channel_ids[0], self.name, options)).settled(10)
        answer = "only they see the answer" if result.ephemeral else "answered"
        recorder.lines.append(
            f"=== {time.monotonic() - recorder.start:6.1f}s {NAMES[self.seat]} ran /{self.name}"
            f"{' ' + str(self.options) if self.options else ''}: {result.error or answer}"
        )
        if user != recorder.user_id and result.message is not None:
            recorder.lines.append(wrapped(readable(result.message)))


def parse_restart(text: str) -> tuple[int, str]:
    """`--restart STEP[:kill|term]` -> (STEP, how): killed (-9, a crash) unless `term` (a deploy)."""
    step, _, how = text.partition(":")
    if how not in ("", "kill", "term"):
        raise ValueError(f"--restart {text!r}: say kill or term after the step")
    return int(step), how or "kill"


async def play(args: argparse.Namespace) -> int:
    loop = LoopbackDiscord(guild_locale=args.server_locale)
    users = [FIRST_USER + i for i in range(args.players)]
    watched = users[args.watch]
    for i, user in enumerate(users):
        locale = args.locale if user == watched else "en-US"
        loop.add_user(user, NAMES[i % len(NAMES)] + ("" if i < len(NAMES) else str(i)), locale=locale)
    if args.closed:
        loop.set_dms_open(watched, False)
    recorder = Recorder(loop, watched, table=not args.no_table)
    loop.on_written.append(recorder)
    loop.on_deleted.append(recorder.deleted)
    options = dict(option.split("=", 1) for option in args.option)
    await loop.start()
    try:
        with tempfile.TemporaryDirectory() as tmp:
            env = {
                "AI_DELAY_SECONDS": "0.05",
                "LOOPBACK_GAME_SEED": str(args.seed),  # (the same game again, dealt alike)
                **dict(e.split("=", 1) for e in args.env),
            }
            async with _database(env) as pool, run_bot(loop, Path(tmp) / "bot.db", env=env) as bot:
                if pool is None:
                    players = Players(
                        loop, Path(tmp) / "bot.db", loop.channel_ids[0], users, args.seed, args.game, options
                    )
                else:  # (the bot on PostgreSQL: `--env DATABASE_URL=postgresql://...`)
                    players = PostgresPlayers(
                        loop, pool, loop.channel_ids[0], users, args.seed, args.game, options
                    )
                players.views = args.views
                players.anywhere = args.anywhere
                await players.open(ai=args.ai)
                commands = [Command.parse(text) for text in args.command]
                restarts = [parse_restart(text) for text in args.restart]
                steps = 0
                while steps < args.max_steps:
                    await asyncio.sleep(args.think)
                    for command in [c for c in commands if c.step <= steps]:
                        commands.remove(command)
                        await command.run(loop, users, recorder)
                    for restart in [r for r in restarts if r[0] <= steps]:
                        restarts.remove(restart)
                        await (bot.kill() if restart[1] == "kill" else bot.terminate())
                        recorder.lines.append(
                            f"=== {time.monotonic() - recorder.start:6.1f}s the bot "
                            f"{'was killed (-9)' if restart[1] == 'kill' else 'stopped'}; it starts again"
                        )
                        await bot.start()
                    try:
                        result = await players.human_step(timeout=10)
                    except MovedOn as moved:  # (the clock or a window ended it first: play on)
                        recorder.lines.append(f"=== {time.monotonic() - recorder.start:6.1f}s {moved}")
                        continue
                    if result is None:
                        break
                    steps += result is not False
                await asyncio.sleep(args.end_wait)
                for command in commands:  # (`end:...`: once the game is over)
                    await command.run(loop, users, recorder)
                if commands:
                    await asyncio.sleep(2.0)
                troubles = logged_troubles(bot.log())
    finally:
        await loop.stop()
    print("\n".join(recorder.lines))
    print("=" * WIDTH)
    still = [
        f"#{recorder.number(int(m['id']))}: {' '.join(live_controls(m))}"
        for m in loop.dm_messages(watched) + loop.ephemeral_messages(watched)
        if live_controls(m)
    ]
    print(
        f"{steps} clicks by people; {recorder.writes} writes shown; "
        f"{recorder.pings} pings to the watched player"
    )
    print("still enabled at the end:", "; ".join(still) or "nothing")
    print(f"writes after which two private messages had enabled controls: {recorder.doubled}")
    print(f"warnings and errors the bot logged: {len(troubles)}")
    for block in dict.fromkeys(troubles[:20]):  # each different one once, with its traceback
        print("\n".join(f"    {line[:200]}" for line in block.splitlines()[:40]))
    return 0


@contextlib.asynccontextmanager
async def _database(env: dict[str, str]) -> AsyncIterator[Any]:
    """A pool on the bot's PostgreSQL database when `DATABASE_URL` names one, which must be
    empty (the players read the committed game from it; a game of an earlier run would still
    seat them, and its record of the commands synced would keep the new loopback's empty), else
    None (they read the SQLite file)."""
    url = env.get("DATABASE_URL", "")
    if not url.startswith(("postgres://", "postgresql://")):
        yield None
        return
    import asyncpg

    pool = await asyncpg.create_pool(url, min_size=1, max_size=2)
    try:
        with contextlib.suppress(asyncpg.UndefinedTableError):  # (a new database: the bot makes it)
            if await pool.fetchval("SELECT count(*) FROM games"):
                raise SystemExit(f"{url} holds games already: give the transcript an empty database")
        yield pool
    finally:
        await pool.close()


def logged_troubles(log: str) -> list[str]:
    """The bot's warnings and errors, each with the lines logged with it (a traceback), without
    their time stamps (so the same trouble logged twice reads the same)."""
    troubles: list[str] = []
    taking = False
    for line in log.splitlines():
        if RECORD.match(line):
            taking = (
                bool(TROUBLE.search(line)) and "voice will NOT be supported" not in line
            )  # (discord.py's)
            if taking:
                troubles.append(RECORD.sub("", line))
        elif taking:
            troubles[-1] += "\n" + line
    return troubles


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="christmas-tree")
    parser.add_argument("--players", type=int, default=2, help="people at the table")
    parser.add_argument(
        "--ai", type=int, default=0, help="AI seats added in the lobby (the players start it)"
    )
    parser.add_argument("--watch", type=int, default=0, help="whose messages to print (0 = the host)")
    parser.add_argument("--seed", type=int, default=1, help="the players' and the deal's seed")
    parser.add_argument("--option", action="append", default=[], help="a lobby option, name=value")
    parser.add_argument("--env", action="append", default=[], help="a bot setting, NAME=value")
    parser.add_argument(
        "--command",
        action="append",
        default=[],
        help="STEP:SEAT:NAME[:option=value]: after STEP clicks by people (or at the end: STEP 'end'), "
        "that seat runs /NAME",
    )
    parser.add_argument(
        "--restart",
        action="append",
        default=[],
        help="STEP[:kill|term]: after STEP clicks by people, stop the bot (-9 by default) and start it again",
    )
    parser.add_argument("--locale", default="en-US", help="the watched player's Discord language (hu, de)")
    parser.add_argument(
        "--server-locale",
        default="en-US",
        help="the server's language (hu, de): the table's and its channel posts' (the host's is used only "
        "where the server has none)",
    )
    parser.add_argument("--closed", action="store_true", help="the watched player's DMs are closed")
    parser.add_argument("--views", action="store_true", help="everyone plays from 'My hand' in the channel")
    parser.add_argument(
        "--anywhere",
        type=float,
        default=0.5,
        help="share of moves chosen among every message offering them (DM controls too), not table first",
    )
    parser.add_argument("--no-table", action="store_true", help="print only the watched player's messages")
    parser.add_argument("--think", type=float, default=0.0, help="seconds a person waits before each click")
    parser.add_argument("--max-steps", type=int, default=2000)
    parser.add_argument(
        "--end-wait", type=float, default=8.0, help="seconds to wait for the last (paced) edits"
    )
    args = parser.parse_args()
    plugin = PLUGINS.get(args.game) if args.game in PLUGINS.names() else None
    if plugin is None:
        parser.error(f"--game: one of {', '.join(PLUGINS.names())}")
    seats = args.players + args.ai
    if args.players < 1 or not plugin.min_players <= seats <= plugin.max_players:
        parser.error(
            f"{plugin.name} seats {plugin.min_players}-{plugin.max_players}: --players (people, at least 1) "
            f"plus --ai is {seats}"
        )
    if not 0 <= args.watch < args.players:
        parser.error(f"--watch: a person's seat, 0-{args.players - 1}")
    raise SystemExit(asyncio.run(play(args)))


if __name__ == "__main__":
    main()
