"""Secret Krampus's words: the names players read (gifts, teams, roles, Santa's Orders) and how an
event's line is put in the reader's language.

The rules stay free of any i18n library: texts are marked with `N_` for the bot's catalogues, and
an event's `describe` takes the reader's `Words` (a gettext catalogue: `gettext`, `ngettext`; the
bot passes `bot.i18n.translations(...)`). Without one it speaks English, the catalogues' keys.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from games.core.words import N_
from games.secret_krampus.data import Card, Order, Role


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
    """`template` (a marked text) in `words`' language, its `{placeholders}` filled in."""
    text = words.gettext(template)
    return text.format(**values) if values else text


# i18n: the two kinds of gift (cards). German: brav / unartig ("brav oder unartig"), Hungarian:
# jó / rossz ("jó vagy rossz voltál?").
CARD_NAMES: dict[Card, str] = {Card.NICE: N_("Nice"), Card.NAUGHTY: N_("Naughty")}
#: A role's name with its team, as a player is told it.
ROLE_NAMES: dict[Role, str] = {
    # i18n: no published Hungarian or German edition exists: the elves are "manó" / "Wichtel",
    # Krampus is "Krampusz" in Hungarian and stays "Krampus" in German.
    Role.NICE_ELF: N_("Nice Elf (team Nice)"),
    Role.NAUGHTY_ELF: N_("Naughty Elf (team Naughty)"),
    Role.KRAMPUS: N_("Krampus (team Naughty)"),
}
#: Santa's Orders (the List Maker's powers), by their names in the rules.
ORDER_NAMES: dict[Order, str] = {
    # i18n: the names of Santa's Orders, no published translation: translated freely, short.
    Order.PEEK: N_("Peek"),
    Order.SUCCESSOR_SELECTOR: N_("Successor Selector"),
    Order.CHECKING_IT_TWICE: N_("Checking it Twice"),
    Order.STABLE_LEADERSHIP: N_("Stable Leadership"),
}


#: How the end names each role, a whole sentence per role.
WAS_ROLE = {
    Role.NICE_ELF: N_("{name} was a Nice Elf"),
    Role.NAUGHTY_ELF: N_("{name} was a Naughty Elf"),
    Role.KRAMPUS: N_("{name} was Krampus"),
}


def card_text(card: Card, words: Words = ENGLISH) -> str:
    """A gift as players say it ("Nice", "Naughty"), never its code."""
    return words.gettext(CARD_NAMES[card])


def cards_text(cards: Sequence[Card], words: Words) -> str:
    return ", ".join(card_text(card, words) for card in cards)


def names_text(names: Sequence[str], seats: Sequence[int], words: Words) -> str:
    return ", ".join(names[s] for s in seats) or words.gettext(N_("nobody"))
