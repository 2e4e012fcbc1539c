"""Naughty & Nice's words as players read them: cards, card types, counts and lists, each a `Words`
(`games.core.words`) so the bot can show it in the reader's language (`bot.i18n.translated`). The
card names are marked in `data.py`, the sentences in `events.py` and the engine's refusals."""

from __future__ import annotations

from collections.abc import Sequence

from games.core.words import N_, Words, listing
from games.naughty_and_nice.data import CardType, card

TYPE_NAMES = {
    # i18n: the card types; "Shiny!" is the original game's name for the glittering cards
    CardType.NICE: N_("Nice"),
    CardType.NAUGHTY: N_("Naughty"),
    CardType.SHINY: N_("Shiny!"),
}
# i18n: a card with its type and value: "Bad Movies (Naughty +2)"
CARD_TEXT = N_("{card} ({kind} {value})")
NOTHING = N_("nothing")


def card_name(card_id: str) -> Words:
    """`Bad Movies`: only the card's name."""
    return Words(card(card_id).name)


def card_text(card_id: str) -> Words:
    """`Bad Movies (Naughty +2)`."""
    c = card(card_id)
    return Words(CARD_TEXT, card=Words(c.name), kind=Words(TYPE_NAMES[c.type]), value=f"{c.value:+d}")


def count_words(n: int, zero: str, one: str, many: str) -> Words:
    """`no cards`, `1 card`, `2 cards` (marked texts; `{n}` filled in)."""
    return Words(zero) if n == 0 else Words(one if n == 1 else many, n=n)


def cards_count(n: int) -> Words:
    return count_words(n, N_("no cards"), N_("{n} card"), N_("{n} cards"))


def points_words(n: int) -> Words:
    return count_words(n, N_("no points"), N_("{n} point"), N_("{n} points"))


def cards_words(card_ids: Sequence[str]) -> Words:
    return listing([card_text(c) for c in card_ids]) if card_ids else Words(NOTHING)
