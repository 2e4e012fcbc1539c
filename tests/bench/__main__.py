"""`python -m tests.bench [--games 200] [--duration 60] [--think 5] [--mix a,b | --game NAME] [--each]
[--processes N --database-url postgresql://...] [--compare] [--views SHARE]`

Runs the load benchmark (N concurrent games of simulated players, every registered game mixed by
default, over the loopback Discord against one `python -m bot` process, or N processes of one
shard each sharing a PostgreSQL database), the bare SQLite commit yardstick and the rules-only
speed of every game, and prints the figures per game and overall against the budgets. See
docs/performance.md.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

from bot.plugins import PLUGINS
from tests.bench.report import print_report
from tests.bench.rules_speed import games_per_second
from tests.bench.sqlite_commit import bare_commit_seconds, yardstick_snapshot

#: Most concurrent games a run may have (more processes serve more).
MAX_GAMES = 2000


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.bench", description=__doc__.splitlines()[2])
    parser.add_argument("--games", type=int, default=200, help=f"concurrent games (1-{MAX_GAMES})")
    parser.add_argument(
        "--mix",
        default=None,
        help="games played together, comma-separated (default: every registered game)",
    )
    parser.add_argument("--game", default=None, help="play this one game only (the old mode)")
    parser.add_argument(
        "--players", type=int, default=None, help="players per table (default: each game's range in turn)"
    )
    parser.add_argument("--duration", type=float, default=60.0, help="seconds of measured play")
    parser.add_argument("--think", type=float, default=5.0, help="mean seconds between a game's actions")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--warmup",
        type=int,
        default=0,
        metavar="N",
        help="before measuring, each table plays a random 0..N actions (sample every phase of the games)",
    )
    parser.add_argument(
        "--lead-in",
        type=float,
        default=0.0,
        metavar="SECONDS",
        help="play this long before measuring, unmeasured (after a setup over a minute long every "
        "player is idle, and each one's first decision is a notification: about 120 at 1,000 games)",
    )
    parser.add_argument(
        "--each", action="store_true", help="also run each game of the mix alone (its own bot CPU per action)"
    )
    parser.add_argument(
        "--py-spy",
        metavar="FILE",
        default=None,
        help="profile the bot while it plays (py-spy record, collapsed stacks into FILE)",
    )
    parser.add_argument(
        "--bot-env",
        metavar="NAME=VALUE",
        action="append",
        default=[],
        help="extra environment for the bot process (experiments, e.g. BENCH_GC_LOG=1); repeatable",
    )
    parser.add_argument(
        "--processes",
        type=int,
        default=1,
        metavar="N",
        help="bot processes, one shard each (SHARD_COUNT=N), the tables spread over servers of every "
        "shard; more than one needs --database-url",
    )
    parser.add_argument(
        "--database-url",
        default=None,
        metavar="URL",
        help="the bots' PostgreSQL database (postgresql://user@host:port/db; an empty throwaway one: "
        "the games stay in it); default: a new SQLite file",
    )
    parser.add_argument(
        "--compare",
        action="store_true",
        help="run the same load twice, on one process with SQLite and on --processes (default 2) "
        "with --database-url, and print the two side by side",
    )
    parser.add_argument(
        "--views",
        type=float,
        default=0.0,
        metavar="SHARE",
        help="share of the tables (0-1) whose players open My hand and play from that ephemeral view "
        "in the channel instead of their DMs",
    )
    parser.add_argument("--rules-only", action="store_true", help="skip the load benchmark")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args(argv)
    names = PLUGINS.names()
    if args.game is not None and args.mix is not None:
        parser.error("--game and --mix exclude each other")
    mix = [args.game] if args.game else (args.mix.split(",") if args.mix else list(names))
    unknown = [name for name in mix if name not in names]
    if unknown:
        parser.error(f"unknown game(s) {', '.join(unknown)}; known: {', '.join(names)}")
    if not 1 <= args.games <= MAX_GAMES:
        parser.error(f"--games must be 1-{MAX_GAMES}")
    if not 0.0 <= args.views <= 1.0:
        parser.error("--views must be between 0 and 1")
    if args.processes < 1:
        parser.error("--processes must be at least 1")
    if args.database_url is not None and not args.database_url.startswith(("postgresql://", "postgres://")):
        parser.error("--database-url must be a PostgreSQL URL (postgresql://user@host:port/db)")
    if args.compare:
        if args.database_url is None or args.each or args.py_spy:
            parser.error("--compare needs --database-url and excludes --each and --py-spy")
        args.processes = max(args.processes, 2)
    if args.processes > 1 and args.database_url is None:
        parser.error("--processes above 1 needs --database-url (processes share a PostgreSQL database)")
    if args.players is not None:
        outside = [
            n for n in mix if not PLUGINS.get(n).min_players <= args.players <= PLUGINS.get(n).max_players
        ]
        if outside:
            parser.error(f"--players {args.players} is outside the range of {', '.join(outside)}")

    snapshot = yardstick_snapshot(args.seed)
    report: dict[str, Any] = {"bare_commit_ms": asyncio.run(bare_commit_seconds(snapshot)) * 1000}
    report["rules_only"] = games_per_second(seconds=3.0)
    if not args.rules_only:
        from tests.bench.load import run_load

        def load(
            games: list[str], processes: int = args.processes, url: str | None = args.database_url
        ) -> dict[str, Any]:
            profile = _profiler(args.py_spy, args.duration) if args.py_spy and games == mix else None
            result = asyncio.run(
                run_load(
                    args.games,
                    args.players,
                    args.duration,
                    args.think,
                    args.seed,
                    mix=games,
                    on_ready=profile,
                    warmup=args.warmup,
                    bot_env=dict(item.split("=", 1) for item in args.bot_env),
                    processes=processes,
                    database_url=url,
                    views=args.views,
                    lead_in=args.lead_in,
                )
            )
            result["overhead_vs_bare_commit"] = result["bot_cpu_ms_per_action"] / report["bare_commit_ms"]
            return result

        if args.each and len(mix) > 1:
            report["alone"] = {name: load([name]) for name in mix}
        if args.compare:
            report["compare"] = {"sqlite": load(mix, 1, None)}
        report["load"] = load(mix)
        if args.compare:
            report["compare"]["postgresql"] = report["load"]
    if args.json:
        print(json.dumps(report, indent=2))
    else:
        print_report(report)
    return 0


def _profiler(out: str, duration: float) -> Any:
    """Start `py-spy record` on the bot (and its picture process) once it plays (next to this
    Python: .venv/bin/py-spy)."""
    exe = shutil.which("py-spy") or str(Path(sys.executable).with_name("py-spy"))

    def start(pid: int) -> None:
        subprocess.Popen(
            [
                exe,
                "record",
                "--pid",
                str(pid),
                "--subprocesses",
                "--duration",
                str(int(duration)),
                "--rate",
                "200",
            ]
            + ["--format", "raw", "--output", out, "--nonblocking"],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )

    return start


if __name__ == "__main__":
    sys.exit(main())
