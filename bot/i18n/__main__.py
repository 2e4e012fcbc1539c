"""`python -m bot.i18n update`: add the code's new texts to every catalogue (and drop unused ones).
`python -m bot.i18n check`: list what each catalogue lacks (exit 1 if anything)."""

from __future__ import annotations

import sys

from bot.i18n import DEFAULT, LANGUAGES
from bot.i18n.catalogues import problems, update_all


def main(argv: list[str]) -> int:
    command = argv[0] if argv else ""
    if command == "update":
        for line in update_all():
            print(line)
        return 0
    if command == "check":
        found = [line for code in LANGUAGES if code != DEFAULT for line in problems(code)]
        for line in found:
            print(line)
        print(f"{len(found)} problems")
        return 1 if found else 0
    print(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
