"""Player names as the bot shows them: a Discord display name is free text, and in a message it
would be read as Markdown (``**``, ``_x_``, ``~~``, `` ` ``, ``||spoiler||``, ``[masked](links)``,
``<@mentions>``). Those characters are swapped for look-alikes that Discord shows as they are, in
text, on buttons and in the pictures (the bundled DejaVu Sans has every one), so one name reads the
same everywhere and never changes the message around it."""

from __future__ import annotations

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


def shown_name(name: str) -> str:
    """`name` with its Markdown characters swapped for look-alikes (idempotent)."""
    return name.translate(LOOK_ALIKES).strip() or "?"


def name_of(user: Named) -> str:
    """A Discord user's or member's display name, safe to show (see `shown_name`)."""
    return shown_name(user.display_name)
