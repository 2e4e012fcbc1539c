"""`python -m tests.bench [--games 200] [--duration 60] [--think 5] [--players 7] [--rules-only]`

Runs the load benchmark (N concurrent Secret Krampus games of simulated players over the
loopback Discord against one `python -m bot` process), the bare SQLite commit yardstick and the
rules-only speed of every game, and prints the figures. See docs/performance.md.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys

from games.registry import get_game
from tests.bench.rules_speed import games_per_second
from tests.bench.sqlite_commit import bare_commit_seconds


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.bench", description=__doc__.splitlines()[2])
    parser.add_argument("--games", type=int, default=200, help="concurrent games (1-1000)")
    parser.add_argument("--players", type=int, default=7, help="players per game (5-10)")
    parser.add_argument("--duration", type=float, default=60.0, help="seconds of measured play")
    parser.add_argument("--think", type=float, default=5.0, help="mean seconds between a game's actions")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rules-only", action="store_true", help="skip the load benchmark")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args(argv)
    if not 1 <= args.games <= 1000 or not 5 <= args.players <= 10:
        parser.error("--games must be 1-1000 and --players 5-10")

    rules = get_game("secret-krampus").rules
    snapshot = rules.dump_state(rules.new_game(args.players, rules.parse_options(None), args.seed))
    report: dict = {"bare_commit_ms": asyncio.run(bare_commit_seconds(snapshot)) * 1000}
    report["rules_only"] = games_per_second(seconds=3.0)
    if not args.rules_only:
        from tests.bench.load import run_load

        report["load"] = asyncio.run(run_load(args.games, args.players, args.duration, args.think, args.seed))
        report["load"]["overhead_vs_bare_commit"] = (
            report["load"]["bot_cpu_ms_per_action"] / report["bare_commit_ms"]
        )
    if args.json:
        print(json.dumps(report, indent=2))
    else:
        print_report(report)
    return 0


def print_report(report: dict) -> None:
    print(f"bare SQLite WAL commit of a snapshot: {report['bare_commit_ms']:.3f} ms")
    for row in report["rules_only"]:
        print(
            f"rules only, {row['game']}: {row['games_per_s']:.0f} random full games/s "
            f"({row['actions_per_s']:.0f} actions/s, {row['actions_per_game']:.0f} actions/game)"
        )
    load = report.get("load")
    if not load:
        return
    lat = load["latency_ms"]
    rest = load["rest_per_action"]
    print(
        f"\n{load['games']} concurrent games x {load['players_per_game']} players, one action per "
        f"{load['think_s']} s per game, {load['duration_s']} s measured (setup {load['setup_s']} s)"
    )
    print(
        f"actions: {load['actions']} ({load['actions_per_s']:.1f}/s), unanswered: {load['unanswered']}, "
        f"games finished: {load['finished_games']}"
    )
    print(
        f"latency dispatch->answer: p50 {lat['p50']:.1f} ms, p95 {lat['p95']:.1f} ms, "
        f"p99 {lat['p99']:.1f} ms, max {lat['max']:.1f} ms"
    )
    print(
        f"REST per action: {rest['interaction_responses']:.2f} interaction responses, "
        f"{rest['rate_limited']:.2f} rate-limited calls; errors {load['rest_errors']}; "
        f"most rate-limited calls in one channel in 5 s: {load['max_rate_limited_per_channel_5s']}"
    )
    lag = load["driver_loop_lag_ms"]
    print(
        f"benchmark's own event loop lag (inflates the latencies above): p50 {lag['p50']:.1f} ms, "
        f"p99 {lag['p99']:.1f} ms, max {lag['max']:.1f} ms; "
        f"bot busy {load['bot_cpu_busy'] * 100:.0f}% of a core"
    )
    print(
        f"bot CPU per action: {load['bot_cpu_ms_per_action']:.2f} ms = "
        f"{load['overhead_vs_bare_commit']:.1f}x a bare commit"
    )
    print(
        f"bot memory: {load['bot_rss_mib']:.1f} MiB now, peak {load['bot_peak_rss_mib']:.1f} MiB, "
        f"{load['kib_per_live_game']:.1f} KiB per live game"
    )


if __name__ == "__main__":
    sys.exit(main())
