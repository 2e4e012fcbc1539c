"""Player names as the bot shows them: a Discord display name is free text, and in a message it
would be read as Markdown (``**``, ``_x_``, ``~~``, `` ` ``, ``||spoiler||``, ``[masked](links)``,
``<@mentions>``). Those characters are swapped for look-alikes that Discord shows as they are, in
text, on buttons and in the pictures (the bundled DejaVu Sans has every one), so one name reads the
same everywhere and never changes the message around it."""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache
from typing import Protocol

#: AI seats' names, marked "(AI)" wherever a name is shown. AI seats have negative user ids.
AI_NAMES = (
    "Jingle",
    "Tinsel",
    "Holly",
    "Sprinkle",
    "Snowdrop",
    "Pepper",
    "Nutmeg",
    "Cinnamon",
    "Frost",
    "Gumdrop",
)

LOOK_ALIKES = str.maketrans(
    {
        "*": "\N{ASTERISK OPERATOR}",
        "_": "\N{MODIFIER LETTER LOW MACRON}",
        "~": "\N{TILDE OPERATOR}",
        "`": "\N{MODIFIER LETTER GRAVE ACCENT}",
        "|": "\N{LATIN LETTER DENTAL CLICK}",
        "\\": "\N{SET MINUS}",
        "[": "\N{LEFT SQUARE BRACKET WITH QUILL}",
        "]": "\N{RIGHT SQUARE BRACKET WITH QUILL}",
        "<": "\N{SINGLE LEFT-POINTING ANGLE QUOTATION MARK}",
        ">": "\N{SINGLE RIGHT-POINTING ANGLE QUOTATION MARK}",
        "\n": " ",
        "\r": " ",
    }
)


class Named(Protocol):
    @property
    def display_name(self) -> str: ...


#: Format characters dropped from a name: the direction controls (an override reversed the rest
#: of its line, other players' numbers with it) and the zero-width ones. The joiners stay (emoji
#: sequences, Persian and Indic spelling need them).
INVISIBLE = str.maketrans(
    dict.fromkeys(
        [*range(0x202A, 0x202F), *range(0x2066, 0x206A), 0x200E, 0x200F, 0x061C, 0x200B, 0x2060, 0xFEFF]
    )
)

#: What starts a Markdown block when a name begins a line: a heading (`# `), small print (`-# `),
#: a list (`- `, `1. `) or a quote (`> `, whose `>` is a look-alike already). Its mark becomes a
#: look-alike the bundled font has too (a sharp sign, a hyphen, a one-dot leader).
BLOCK_START = re.compile(r"^(#{1,3}|-#|-|\d+\.)(?=\s)")
BLOCK_LOOK_ALIKES = str.maketrans({"#": "\N{MUSIC SHARP SIGN}", "-": "\N{HYPHEN}", ".": "\N{ONE DOT LEADER}"})


@lru_cache(maxsize=4096)  # (names are few and shown at every render)
def shown_name(name: str) -> str:
    """`name` with its Markdown characters swapped for look-alikes, without invisible format
    characters (a right-to-left override reversed the rest of its line; a zero-width-only name
    showed nothing), and with a Markdown block start at its beginning (`# `: a heading) made
    harmless; "?" when nothing visible is left (idempotent)."""
    kept = name.translate(LOOK_ALIKES).translate(INVISIBLE).strip()
    if all(c.isspace() or unicodedata.category(c) == "Cf" for c in kept):
        return "?"
    block = BLOCK_START.match(kept)
    if block:
        kept = block.group(1).translate(BLOCK_LOOK_ALIKES) + kept[block.end() :]
    return kept


def name_of(user: Named) -> str:
    """A Discord user's or member's display name, safe to show (see `shown_name`)."""
    return shown_name(user.display_name)
