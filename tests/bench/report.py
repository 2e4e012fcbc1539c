"""The load benchmark's printed report (`python -m tests.bench`): the figures per game and
overall, the processes, and each budget met or missed."""

from __future__ import annotations

import math
from typing import Any

#: The budgets (issue 13): rate-limited calls per action over the mix and in each game, writes to
#: one channel in 5 s, p99 at 1,000 games, bot CPU per action in bare commits.
BUDGET_MIX_CALLS = 0.5
BUDGET_GAME_CALLS = 1.5
BUDGET_CHANNEL_5S = 5
#: Discord's global limit: about 50 rate-limited calls per second per bot, all processes together
BUDGET_PER_SECOND = 50
BUDGET_P99_MS = 250.0
BUDGET_CPU_X_COMMIT = 5.0


def _f(value: float, digits: int = 1) -> str:
    return "-" if value is None or math.isnan(value) else f"{value:.{digits}f}"


def print_report(report: dict[str, Any]) -> None:
    print(f"bare SQLite WAL commit of a snapshot: {report['bare_commit_ms']:.3f} ms")
    for row in report["rules_only"]:
        print(
            f"rules only, {row['game']}: {row['games_per_s']:.0f} random full games/s "
            f"({row['actions_per_s']:.0f} actions/s, {row['actions_per_game']:.0f} actions/game)"
        )
    for name, alone in report.get("alone", {}).items():
        print(f"\n== {name} alone ==")
        print_load(alone, report["bare_commit_ms"])
    compare = report.get("compare")
    if compare:
        print("\n== one process on SQLite ==")
        print_load(compare["sqlite"], report["bare_commit_ms"])
    load = report.get("load")
    if load:
        print(f"\n== {', '.join(load['mix'])} ==" if len(load["mix"]) > 1 else f"\n== {load['mix'][0]} ==")
        print_load(load, report["bare_commit_ms"], report.get("alone"))
    if compare:
        print()
        print(side_by_side(compare["sqlite"], compare["postgresql"]))


def side_by_side(sqlite: dict[str, Any], postgresql: dict[str, Any]) -> str:
    """The same load on one process with SQLite and on several with PostgreSQL, in two columns."""

    def row(load: dict[str, Any]) -> list[str]:
        lat = load["latency_ms"]
        return [
            f"{load['actions_per_s']:.1f}",
            f"{_f(lat['p50'], 0)} / {_f(lat['p95'], 0)} / {_f(lat['p99'], 0)}",
            str(load["unanswered"]),
            f"{load['bot_cpu_ms_per_action']:.2f} ms",
            f"{load['rest_per_action']['rate_limited']:.2f}",
        ]

    names = [
        "actions/s",
        "p50 / p95 / p99 (ms)",
        "unanswered",
        "bot CPU per action",
        "rate-limited per action",
    ]
    head = f"{postgresql['processes']} processes on PostgreSQL"
    lines = [f"{'':<26}{'1 process on SQLite':>24}{head:>30}"]
    lines += [
        f"{name:<26}{a:>24}{b:>30}" for name, a, b in zip(names, row(sqlite), row(postgresql), strict=True)
    ]
    return "\n".join(lines)


def print_load(load: dict[str, Any], bare_ms: float, alone: dict[str, Any] | None = None) -> None:
    players = load["players_per_game"] or "each game's range in turn"
    warm = f", warmed up by 0-{load['warmup']} actions each" if load.get("warmup") else ""
    if load.get("views"):
        warm += f", {load['views']:.0%} of the tables playing from channel views"
    if load.get("lead_in_s"):
        warm += f", after {load['lead_in_s']:g} s of play unmeasured"
    print(
        f"{load['games']} concurrent games ({players} players{warm}), one action per {load['think_s']} s per "
        f"game, {load['duration_s']} s measured (setup {load['setup_s']} s); load average "
        f"{load['load_average']['before']} before, {load['load_average']['after']} after"
    )
    print(
        f"actions: {load['actions']} ({load['actions_per_s']:.1f}/s), unanswered: {load['unanswered']}, "
        f"only acknowledged: {load['per_game']['all'].get('deferred', 0)}, "
        f"games finished: {load['finished_games']}, stuck steps: {load['step_errors']}, "
        f"decisions ended before the player saw them: {load.get('steps_missed', 0)}, "
        f"REST errors: {load['rest_errors']}"
        + (
            f", tables not opened at setup: {load['tables_not_opened_at_setup']}"
            if load.get("tables_not_opened_at_setup")
            else ""
        )
    )
    for kind, count in sorted(load.get("rest_errors_by_kind", {}).items(), key=lambda item: -item[1]):
        print(f"  REST error {kind}: {count}")
    for failure in load.get("failures", []):
        print(f"  stuck: {failure.strip().splitlines()[-1]}")
    header = (
        f"{'game':<17}{'tables':>7}{'act/s':>7}{'p50':>7}{'p95':>7}{'p99':>7}{'max':>7}"
        f"{'RL/act':>8}{'post':>6}{'edit':>6}{'dm':>6}{'dmedit':>7}{'del':>6}{'other':>6}"
        f"{'IR/act':>7}{'ch5s':>9}{'CPU ms':>8}{'xcommit':>8}"
    )
    print(header)
    per_game = load["per_game"]
    for name, row in per_game.items():
        lat, kinds = row["latency_ms"], row["kinds_per_action"]
        if name == "all":
            cpu = load["bot_cpu_ms_per_action"]
        elif alone and name in alone:
            cpu = alone[name]["bot_cpu_ms_per_action"]
        elif len(per_game) == 2:  # one game: the bot's CPU is all its own
            cpu = load["bot_cpu_ms_per_action"]
        else:
            cpu = float("nan")
        print(
            f"{name:<17}{row['tables']:>7}{_f(row['actions_per_s']):>7}{_f(lat['p50']):>7}"
            f"{_f(lat['p95']):>7}{_f(lat['p99']):>7}{_f(lat['max'], 0):>7}"
            f"{_f(row['rate_limited_per_action'], 2):>8}"
            + "".join(
                f"{_f(kinds[k], 2):>{w}}"
                for k, w in zip(
                    ("post", "edit", "dm", "dm_edit", "delete", "other"), (6, 6, 6, 7, 6, 6), strict=True
                )
            )
            + f"{_f(row['interaction_responses_per_action'], 2):>7}"
            f"{str(row['max_channel_5s']) + ' ' + row['max_channel_5s_kind']:>9}"
            f"{_f(cpu, 2):>8}{_f(cpu / bare_ms):>8}"
        )
    print(
        "(latency in ms from dispatch to the interaction answer; RL: rate-limited REST calls; IR: "
        "interaction responses; ch5s: most writes to one channel in 5 s, and its kind; CPU: the bot's "
        "per action" + (", per game from its run alone" if alone else "") + ")"
    )
    print_decisions(per_game)
    if "unattributed_calls" in per_game["all"]:
        print(f"calls not attributable to a game: {per_game['all']['unattributed_calls']}")
    lag = load["driver_loop_lag_ms"]
    print(
        f"benchmark's own event loop lag (inflates the latencies above): p50 {lag['p50']:.1f} ms, "
        f"p99 {lag['p99']:.1f} ms, max {lag['max']:.1f} ms; "
        f"bot busy {load['bot_cpu_busy'] * 100:.0f}% of a core"
        + (" (summed over its processes)" if load.get("processes", 1) > 1 else "")
    )
    where = load.get("database", "sqlite")
    count = load.get("processes", 1)
    print(
        f"bot CPU per action: {load['bot_cpu_ms_per_action']:.2f} ms = "
        f"{load['overhead_vs_bare_commit']:.1f}x a bare commit"
        + (f" (summed over {count} processes)" if count > 1 else "")
        + f"; database: {where}"
    )
    if load.get("postgres_cpu_busy") is not None:
        print(
            f"PostgreSQL server processes of the bots' connections: {load['postgres_cpu_busy'] * 100:.0f}% "
            f"of a core, {load['postgres_cpu_ms_per_action']:.2f} ms CPU per action (not in the bot's); "
            f"{load['postgres_transactions_per_action']:.1f} transactions per action"
        )
    if count == 1:
        print(
            f"bot memory: {load['bot_rss_mib']:.1f} MiB now, peak {load['bot_peak_rss_mib']:.1f} MiB, "
            f"{load['kib_per_live_game']:.1f} KiB per live game"
        )
    else:
        print_processes(load)
    print_budgets(load)


def print_decisions(per_game: dict[str, Any]) -> None:
    """How long after the click that opened it a decision's controls reached its place, and how
    long the controls of one that was over stayed on the messages that showed them."""
    if not any(row.get("decision_shown_ms") for row in per_game.values()):
        return
    _print_places(per_game, "decision_shown_ms", "decision shown")
    print(
        "(ms from the answer to the click that opened a decision to its controls showing on the "
        "table, or in each deciding player's DM or view; REST writes there are paced)"
    )
    _print_places(per_game, "stale_controls_ms", "stale controls")
    print(
        "(ms a message kept the controls of a decision that was over: from when the next one "
        "first showed anywhere to the write that changed them)"
    )


def _print_places(per_game: dict[str, Any], key: str, title: str) -> None:
    places = ("table", "private")
    print(f"{title:<17}" + "".join(f"{place + ': n, p50, p99, max':>32}" for place in places))
    for name, row in per_game.items():
        cells = []
        for place in places:
            v = row.get(key, {}).get(place)
            numbers = [str(v["n"]), *(_f(v[q], 0) for q in ("p50", "p99", "max"))] if v else ["-"] * 4
            cells.append("".join(f"{n:>8}" for n in numbers))
        print(f"{name:<17}" + "".join(cells))


def print_processes(load: dict[str, Any]) -> None:
    """One line per bot process: its shards, tables, the clicks it was sent, CPU and memory."""
    places = load["per_game"]["all"].get("latency_by_place_ms", {})
    print(
        "latency by place: "
        + "; ".join(
            f"{place} (n {v['n']}) p50 {v['p50']:.0f} p95 {v['p95']:.0f} p99 {v['p99']:.0f} ms"
            for place, v in places.items()
        )
    )
    print(
        f"{'shards':>8}{'tables':>8}{'clicks':>8}{'in DMs':>8}{'CPU s':>8}{'busy':>6}"
        f"{'RSS MiB':>9}{'peak':>7}{'KiB/game':>9}"
    )
    for row in load["per_process"]:
        print(
            f"{row['shards']:>8}{row['tables']:>8}{row['clicks']:>8}{row['dm_clicks']:>8}"
            f"{row['cpu_s']:>8.1f}{row['cpu_busy'] * 100:>5.0f}%{row['rss_mib']:>9.1f}"
            f"{row['peak_rss_mib']:>7.1f}{row['kib_per_live_game']:>9.1f}"
        )
    print("(clicks: measured interactions each process was sent; every DM click reaches shard 0's)")


def print_budgets(load: dict[str, Any]) -> None:
    per_game = load["per_game"]
    overall = per_game["all"]
    games = [name for name in per_game if name != "all"]

    def line(ok: bool, text: str) -> None:
        print(f"  {'met   ' if ok else 'MISSED'} {text}")

    print("budgets:")
    if len(games) > 1:
        value = overall["rate_limited_per_action"]
        line(
            value <= BUDGET_MIX_CALLS,
            f"rate-limited calls per action over the mix {value:.2f} <= {BUDGET_MIX_CALLS}",
        )
    for name in games:
        value = per_game[name]["rate_limited_per_action"]
        line(
            value <= BUDGET_GAME_CALLS,
            f"rate-limited calls per action, {name}: {value:.2f} <= {BUDGET_GAME_CALLS}",
        )
    most = overall["max_channel_5s"]
    line(
        most <= BUDGET_CHANNEL_5S,
        f"writes to one channel in 5 s: {most} ({overall['max_channel_5s_kind']}) <= {BUDGET_CHANNEL_5S}",
    )
    if "max_per_second" in overall:
        peak = overall["max_per_second"]
        line(
            peak <= BUDGET_PER_SECOND,
            f"rate-limited calls in any 1 s (all processes): {peak} <= {BUDGET_PER_SECOND}"
            + (
                " (" + ", ".join(f"{kind} {n}" for kind, n in sorted(overall["busiest_second"].items())) + ")"
                if overall.get("busiest_second")
                else ""
            ),
        )
    p99 = overall["latency_ms"]["p99"]
    scale = "" if load["games"] == 1000 else f" (at {load['games']} games; the budget is for 1000)"
    line(p99 <= BUDGET_P99_MS, f"p99 {p99:.0f} ms <= {BUDGET_P99_MS:.0f} ms{scale}")
    ratio = load["overhead_vs_bare_commit"]
    line(
        ratio <= BUDGET_CPU_X_COMMIT,
        f"bot CPU per action {ratio:.1f}x a bare commit <= {BUDGET_CPU_X_COMMIT:.0f}x",
    )
