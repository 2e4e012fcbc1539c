"""Marking player-visible words of the rules (card and role names, refusals, event descriptions,
summaries) for the bot's message catalogues (`bot.i18n`). The rules stay in English and free of
any i18n library: `N_` only marks a text, `Words` is an English sentence that remembers how it
was made; the bot translates either where it is shown (`bot.i18n.translated`)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any


def N_(text: str, /) -> str:  # noqa: N802 - gettext's name for "mark only"
    return text


class Words(str):
    """An English text (it IS the str, so existing code keeps working) made from a marked
    `template` with named `{placeholders}` filled from `values`; values may be `Words` too (a
    card's name inside a sentence), so the bot can translate the whole, part by part:

        Words(N_("{name} plays {card}."), name=names[seat], card=Words(N_("Gingerbread")))

    Anything made from it by str operations (concatenation, f-strings) is plain English str."""

    template: str
    values: dict[str, Any]
    #: for a count (`counted`): the plural template and the number counted (`{n}`)
    plural: str | None = None
    number: int | None = None

    def __new__(cls, template: str, /, **values: Any) -> Words:
        text = super().__new__(cls, template.format(**values) if values else template)
        text.template = template
        text.values = values
        return text

    def __reduce__(self) -> tuple[Any, ...]:  # copies and pickles keep what the text is made of
        return (_words, (self.template, self.values, self.plural, self.number))


def counted(singular: str, plural: str, n: int, /, **values: Any) -> Words:
    """`Words` for a count: English `singular` for 1 and `plural` otherwise, `{n}` filled in; the
    bot picks the form the reader's language needs (Hungarian has one, German two...). Both are
    marked by this call itself (the catalogues' `counted` keyword), no `N_` needed."""
    text = Words(singular if n == 1 else plural, n=n, **values)
    text.template, text.plural, text.number = singular, plural, n
    text.values = values
    return text


def _words(
    template: str, values: dict[str, Any], plural: str | None = None, count: int | None = None
) -> Words:
    if plural is not None and count is not None:
        return counted(template, plural, count, **values)
    return Words(template, **values)


# i18n: how the last of several names joins the others: "Gus and Zoë", "Gus, Zoë and bob"
AND = N_("{names} and {last}")


def listing(items: Iterable[str | Words], separator: str = ", ") -> Words:
    """`a, b, c`, keeping each item translatable (the separator is not a word)."""
    items = list(items)
    template = separator.join("{item" + str(i) + "}" for i in range(len(items)))
    return Words(template, **{f"item{i}": item for i, item in enumerate(items)})


def names_and(items: Iterable[str | Words]) -> str | Words:
    """`Gus`, `Gus and Zoë`, `Gus, Zoë and bob` (the "and" translated)."""
    items = list(items)
    if len(items) < 2:
        return items[0] if items else ""
    return Words(AND, names=listing(items[:-1]), last=items[-1])
