"""Secret Krampus's words as players read them: the names of gifts, roles and Santa's Orders
(marked texts), and the `Words` (`games.core.words`) events are made of, so the bot shows them in
the reader's language (`bot.i18n.translated`)."""

from __future__ import annotations

from collections.abc import Sequence

from games.core.words import N_, Words
from games.secret_krampus.data import Card, Order, Role

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
NOBODY = N_("nobody")


def card_words(card: Card) -> Words:
    """A gift as players say it ("Nice", "Naughty"), never its code."""
    return Words(CARD_NAMES[card])


def listing(items: Sequence[str | Words]) -> Words:
    """Items separated by commas, each translated on its own (a name stays as it is)."""
    template = ", ".join("{item" + str(i) + "}" for i in range(len(items)))
    return Words(template, **{f"item{i}": item for i, item in enumerate(items)})


def cards_words(cards: Sequence[Card]) -> Words:
    return listing([card_words(card) for card in cards])


def names_words(names: Sequence[str], seats: Sequence[int]) -> str | Words:
    """The seats' names, or "nobody"."""
    return listing([names[s] for s in seats]) if seats else Words(NOBODY)
