"""The load benchmark's figures, per game and overall: latency percentiles, rate-limited calls
per action by kind, the busiest channel's writes in 5 s (`tests.bench.load` plays, this counts)."""

from __future__ import annotations

import statistics
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from typing import Any

from tests.bench.decisions import DecisionTimes
from tests.e2e.players import Players
from tests.loopback import InteractionResult, LoopbackDiscord

#: The kinds of rate-limited calls (everything but interaction responses), see `call_kind`.
KINDS = ("post", "edit", "dm", "dm_edit", "delete", "other")
ALL = "all"


def percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


@dataclass
class BenchTable:
    """One table of the load: its game, its players and what their clicks got."""

    game: str
    players: Players
    results: list[InteractionResult] = field(default_factory=list)
    finished: int = 0
    errors: int = 0
    #: steps whose decision ended before its controls reached the player (`MovedOn`)
    missed: int = 0
    opened: bool = False


def figures_by_game(
    loop: LoopbackDiscord,
    mark: int,
    tables: list[BenchTable],
    user_table: dict[int, int],
    elapsed: float,
    decisions: DecisionTimes | None = None,
) -> dict[str, dict[str, Any]]:
    """Figures for each game and for all together ("all"). A call is a game's when it went to
    that game's channel, or to the DM channel of one of its players (each plays one table);
    an interaction response, when its interaction came from there. `decisions`: how long the
    decisions the measured clicks opened took to reach their places."""
    channel_table = {t.players.channel_id: i for i, t in enumerate(tables)}

    def table_of_channel(channel_id: int | None) -> int | None:
        if channel_id in channel_table:
            return channel_table[channel_id]
        owner = loop.dm_owner.get(channel_id) if channel_id is not None else None
        return user_table.get(owner) if owner is not None else None

    def game_of_call(call: Any) -> str | None:
        if call.is_interaction_response:
            parts = call.path.split("/")  # /interactions/{id}/{token}/callback, /webhooks/{app}/{token}/...
            found = (
                loop.interactions.get(int(parts[2]))
                if parts[1] == "interactions" and parts[2].isdigit()
                else loop.by_token.get(parts[3])
                if parts[1] == "webhooks" and len(parts) > 3
                else None
            )
            index = table_of_channel(found.channel_id) if found is not None else None
        else:
            index = table_of_channel(call.channel_id)
        return tables[index].game if index is not None else None

    kinds: dict[str, Counter[str]] = defaultdict(Counter)
    sizes: dict[str, Counter[str]] = defaultdict(Counter)
    for call in loop.calls[mark:]:
        kind = loop.call_kind(call)
        name = game_of_call(call)
        for key in (name or "unattributed", ALL):
            kinds[key][kind] += 1
            sizes[key][kind] += call.size
    windows: dict[str, tuple[int, str]] = {}
    for channel_id, most in loop.max_calls_per_channel(5.0, mark).items():
        index = table_of_channel(channel_id)
        where = loop.channel_kind(channel_id) or "unknown"
        for key in (tables[index].game if index is not None else "unattributed", ALL):
            if most > windows.get(key, (0, ""))[0]:
                windows[key] = (most, where)
    names = sorted({t.game for t in tables})
    report: dict[str, dict[str, Any]] = {}
    for name in [*names, ALL]:
        chosen = [t for t in tables if name in (ALL, t.game)]
        results = [r for t in chosen for r in t.results]
        answered = [r for r in results if r.acknowledged]
        latencies = [r.latency * 1000 for r in answered if r.latency is not None]
        actions = len(answered)
        count = kinds.get(name, Counter())
        limited = sum(count[k] for k in KINDS)
        most, where = windows.get(name, (0, ""))
        report[name] = {
            "tables": len(chosen),
            "actions": actions,
            "unanswered": len(results) - actions,
            # answered only by an acknowledgement (the message redrawn later): a click that found
            # its message held by a REST write for over the bot's wait bound
            "deferred": sum(1 for r in answered if r.response_type in (5, 6)),
            "finished": sum(t.finished for t in chosen),
            "errors": sum(t.errors for t in chosen),
            "missed": sum(t.missed for t in chosen),
            "actions_per_s": actions / elapsed,
            "latency_ms": {
                "p50": percentile(latencies, 0.50),
                "p95": percentile(latencies, 0.95),
                "p99": percentile(latencies, 0.99),
                "max": max(latencies, default=float("nan")),
                "mean": statistics.fmean(latencies) if latencies else float("nan"),
            },
            "latency_by_place_ms": {
                place: {
                    "n": len(values),
                    "p50": percentile(values, 0.5),
                    "p95": percentile(values, 0.95),
                    "p99": percentile(values, 0.99),
                }
                for place in ("table", "dm")
                if (
                    values := [
                        r.latency * 1000
                        for r in answered
                        if r.latency is not None
                        and (loop.channel_kind(r.channel_id) == "dm") == (place == "dm")
                    ]
                )
            },
            "rate_limited_per_action": limited / max(actions, 1),
            "kinds_per_action": {k: count[k] / max(actions, 1) for k in KINDS},
            "interaction_responses_per_action": count["interaction"] / max(actions, 1),
            "kib_sent_per_action": {
                k: sizes[name][k] / 1024 / max(actions, 1) for k in (*KINDS, "interaction") if sizes[name][k]
            },
            "max_channel_5s": most,
            "max_channel_5s_kind": where,
        }
        if decisions is not None:
            report[name]["decision_shown_ms"] = _spread(decisions.delays_ms(results))
            report[name]["decision_shown_slowest"] = decisions.slowest(results)
            report[name]["stale_controls_ms"] = _spread(decisions.stale_ms(results))
            report[name]["stale_controls_longest"] = decisions.stalest(results)
    report[ALL]["max_per_second"] = loop.max_calls_per_window(1.0, mark)
    report[ALL]["busiest_second"] = dict(loop.busiest_window(1.0, mark))
    if "unattributed" in kinds:
        report[ALL]["unattributed_calls"] = dict(kinds["unattributed"])
    return report


def _spread(by_place: dict[str, list[float]]) -> dict[str, dict[str, float]]:
    """Count, percentiles and maximum of each place's values (places with none left out)."""
    return {
        place: {
            "n": len(values),
            "p50": percentile(values, 0.5),
            "p95": percentile(values, 0.95),
            "p99": percentile(values, 0.99),
            "max": max(values),
        }
        for place, values in by_place.items()
        if values
    }
