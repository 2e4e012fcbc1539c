"""`python -m bot.bench <benchmark> [options]`: benchmarks that need no Discord."""

from __future__ import annotations

import sys


def main(argv: list[str]) -> int:
    if not argv or argv[0] not in ("ai",):
        print("usage: python -m bot.bench ai [--games N] [--game NAME]", file=sys.stderr)
        return 2
    from bot.bench.ai import main as ai_main

    return ai_main(argv[1:])


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
