"""`python -m bot.i18n update`: add the code's new texts to every catalogue (and drop unused ones).
`python -m bot.i18n merge FILE...`: update, then fill the catalogues from translation files
    (JSON: {"hu": {"English text": "fordítás", "{n} card": ["{n} kártya"]}, "de": {...}}).
`python -m bot.i18n check [--with FILE] [--only PATH]`: list what each catalogue lacks (exit 1 if
    anything); `--with`: as if FILE were merged; `--only`: texts of files under PATH only."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from bot.i18n import DEFAULT, LANGUAGES
from bot.i18n.catalogues import merge_files, problems, update_all


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot.i18n", description=__doc__.splitlines()[0])
    parser.add_argument("command", choices=["update", "merge", "check"])
    parser.add_argument("files", nargs="*", type=Path)
    parser.add_argument("--with", dest="given", type=Path, default=None)
    parser.add_argument("--only", default=None)
    args = parser.parse_args(argv)
    if args.command == "update":
        for line in update_all():
            print(line)
        return 0
    if args.command == "merge":
        for line in merge_files(args.files):
            print(line)
        return 0
    given = json.loads(args.given.read_text(encoding="utf-8")) if args.given else {}
    found = [
        line
        for code in LANGUAGES
        if code != DEFAULT
        for line in problems(code, extra=given.get(code), only=args.only)
    ]
    for line in found:
        print(line)
    print(f"{len(found)} problems")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
