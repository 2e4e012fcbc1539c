"""AI benchmark: `python -m bot.bench ai [--games N] [--game NAME]`.

For each game in `bot.plugins.PLUGINS` (each line-up in its plugin's `bench`) and each player
count: the AI against random play (win rate with its 95% Wilson interval), AI against AI (seat or
team balance), and the AI's decision times.

- Seat games: one AI seat (rotating through the seats) against random seats; a shared win counts
  as 1/winners. AI vs AI reports seat 0's share (1/n is balanced).
- Team games (the plugin's `teams`): for each team, that team all-AI against the other team random, and
  the same team's rate with everyone random as the baseline; AI vs AI reports each team's rate.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from bot.bench.matches import MatchResult, percentile, play_match, wilson
from bot.plugins import PLUGINS, GamePlugin
from games.core import GameRules
from games.core.ai import Policy, RandomPolicy


@dataclass
class Entry:
    rules: GameRules
    ai: Callable[[], Policy]
    player_counts: Sequence[int]
    #: Team games: the team (a string matching `Outcome.team`) of the seat whose view this is.
    team_of: Callable[[Any], str] | None = None
    teams: Sequence[str] = ()
    options: Any = None
    #: Games per match-up = --games x this (for slow games).
    scale: float = 1.0


class ByTeam(Policy):
    """Plays `policies[team]` for the seat's team (read from the seat's own view)."""

    name = "by-team"

    def __init__(self, team_of: Callable[[Any], str], policies: dict[str, Policy]) -> None:
        self.team_of = team_of
        self.policies = policies

    def choose(self, view, legal, history, rng):
        return self.policies[self.team_of(view)].choose(view, legal, history, rng)


def entries(plugins: Iterable[GamePlugin] = PLUGINS) -> dict[str, Entry]:
    """Bench name -> how to benchmark it: one per line-up in each game's `bench` (its name, or
    `<name>-<label>`), every player count unless the line-up names some."""
    found: dict[str, Entry] = {}
    for plugin in plugins:
        for setup in plugin.bench:
            name = f"{plugin.name}-{setup.label}" if setup.label else plugin.name
            found[name] = Entry(
                rules=plugin.rules,
                ai=plugin.policy,
                player_counts=setup.players or range(plugin.min_players, plugin.max_players + 1),
                team_of=plugin.teams.of if plugin.teams else None,
                teams=plugin.teams.names if plugin.teams else (),
                options=dict(setup.options),
                scale=setup.scale,
            )
    return found


@dataclass
class Tally:
    wins: float = 0.0
    games: int = 0
    ai_times: list[float] = field(default_factory=list)

    def line(self) -> str:
        lo, hi = wilson(self.wins, self.games)
        rate = self.wins / self.games if self.games else 0.0
        return f"{rate:6.1%} [{lo:5.1%}, {hi:5.1%}] over {self.games}"


def _share(result: MatchResult, seat: int) -> float:
    winners = result.outcome.winners
    return 1.0 / len(winners) if seat in winners else 0.0


def _times(result: MatchResult, seats: Sequence[int]) -> list[float]:
    return [t for seat in seats for t in result.decision_times.get(seat, [])]


def _timing(times: list[float]) -> str:
    if not times:
        return "no decisions"
    ms = [t * 1000 for t in times]
    return (
        f"decision ms p50 {percentile(ms, 0.5):.2f} p99 {percentile(ms, 0.99):.2f} "
        f"max {max(ms):.2f} ({len(ms)} decisions)"
    )


def bench_seats(entry: Entry, n: int, games: int, out: Callable[[str], None]) -> None:
    rules = entry.rules
    options = rules.parse_options(entry.options)
    ai, rnd = entry.ai(), RandomPolicy()
    tally = Tally()
    for game in range(games):
        seat = game % n
        policies = [ai if s == seat else rnd for s in range(n)]
        result = play_match(rules, options, policies, seed=game)
        tally.wins += _share(result, seat)
        tally.games += 1
        tally.ai_times += _times(result, [seat])
    out(f"  {n}p  1 AI vs {n - 1} random: AI wins {tally.line()} (chance {1 / n:.0%})")
    balance = Tally()
    per_seat = [0.0] * n
    for game in range(games):
        result = play_match(rules, options, [ai] * n, seed=100_000 + game)
        for s in range(n):
            per_seat[s] += _share(result, s)
        balance.wins += _share(result, 0)
        balance.games += 1
        balance.ai_times += _times(result, range(n))
    seats = ", ".join(f"{w / games:.0%}" for w in per_seat)
    out(f"  {n}p  AI vs AI: seat 0 wins {balance.line()}; per seat {seats}")
    out(f"  {n}p  {_timing(tally.ai_times + balance.ai_times)}")


def bench_teams(entry: Entry, n: int, games: int, out: Callable[[str], None]) -> None:
    team_of = entry.team_of
    assert team_of is not None
    rules = entry.rules
    options = rules.parse_options(entry.options)
    ai, rnd = entry.ai(), RandomPolicy()
    times: list[float] = []

    def run(policies: dict[str, Policy], seed0: int, team: str) -> tuple[Tally, list[float]]:
        tally = Tally()
        ai_times: list[float] = []
        player = ByTeam(team_of, policies)
        for game in range(games):
            result = play_match(rules, options, [player] * n, seed=seed0 + game)
            tally.wins += result.outcome.team == team
            tally.games += 1
            # An AI seat's times only: seats on a team played by the AI.
            state = rules.new_game(n, options, seed0 + game)
            ai_seats = [s for s in range(n) if policies[team_of(rules.view(state, s))] is ai]
            ai_times += _times(result, ai_seats)
        return tally, ai_times

    for team in entry.teams:
        others: dict[str, Policy] = {t: rnd for t in entry.teams}
        baseline, _ = run(others, 200_000, team)
        tally, ai_times = run({**others, team: ai}, 0, team)
        times += ai_times
        out(
            f"  {n}p  {team} AI vs random: {team} wins {tally.line()} "
            f"(all random: {baseline.wins / baseline.games:.1%})"
        )
    both, ai_times = run({t: ai for t in entry.teams}, 100_000, entry.teams[0])
    times += ai_times
    out(f"  {n}p  AI vs AI: {entry.teams[0]} wins {both.line()}")
    out(f"  {n}p  {_timing(times)}")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot.bench ai", description=__doc__)
    parser.add_argument("--games", type=int, default=300, help="games per match-up")
    benches = entries()
    parser.add_argument("--game", choices=sorted(benches), help="only this game")
    args = parser.parse_args(argv)
    names = [args.game] if args.game else sorted(benches)
    for name in names:
        entry = benches[name]
        games = max(1, round(args.games * entry.scale))
        print(f"{name} ({games} games per match-up)", flush=True)
        for n in entry.player_counts:
            if entry.team_of is None:
                bench_seats(entry, n, games, lambda line: print(line, flush=True))
            else:
                bench_teams(entry, n, games, lambda line: print(line, flush=True))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
