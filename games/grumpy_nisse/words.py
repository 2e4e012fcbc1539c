"""The Grumpy Nisse's words in the reader's language: card, suit and role names, the reason a game
was won, and how an event's line is put together.

The rules stay free of any i18n library: texts are marked with `N_` for the bot's catalogues, and
whatever shows them takes the reader's `Words` (a gettext catalogue: `gettext`, `ngettext`; the
bot passes `bot.i18n.translations(...)`). Without one they are English, the catalogues' keys.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from games.core.words import N_
from games.grumpy_nisse.data import DEVILISH_WINS, ROLE_NAMES, SUITS, WIN_REASONS, Role, suit_of, value_of


class Words(Protocol):
    """A catalogue: the translation of a marked text, and the plural form for a count."""

    def gettext(self, message: str, /) -> str: ...

    def ngettext(self, singular: str, plural: str, n: int, /) -> str: ...


class English:
    """The texts as written in the code."""

    def gettext(self, message: str, /) -> str:
        return message

    def ngettext(self, singular: str, plural: str, n: int, /) -> str:
        return singular if n == 1 else plural


ENGLISH: Words = English()


def say(words: Words, template: str, /, **values: object) -> str:
    """`template` (a marked text) in `words`' language, its `{placeholders}` filled in. Plurals:
    `words.ngettext("{n} card", "{n} cards", n).format(n=n)` (written out, so the catalogues'
    extraction sees the pair)."""
    text = words.gettext(template)
    return text.format(**values) if values else text


def suit_name(letter: str, words: Words = ENGLISH) -> str:
    return words.gettext(SUITS[suit_of(letter + "1")].name)


def card_name(card: str, words: Words = ENGLISH) -> str:
    """ "F5" -> "Flowers 5" in the reader's language (a suit and a number, never the code)."""
    return f"{suit_name(card[0], words)} {value_of(card)}"


def card_names(cards: Sequence[str], words: Words = ENGLISH) -> str:
    """ "Flowers 5, Leaves 2", or "nothing"."""
    return ", ".join(card_name(card, words) for card in cards) if cards else say(words, N_("nothing"))


def role_name(role: Role, words: Words = ENGLISH) -> str:
    return words.gettext(ROLE_NAMES[role])


def win_reason(reason: str, words: Words = ENGLISH) -> str:
    """A game's `win_reason` (English, as the state keeps it) in the reader's language."""
    for template in WIN_REASONS.values():
        if template.format(wins=DEVILISH_WINS) == reason:
            return say(words, template, wins=DEVILISH_WINS)
    return reason
