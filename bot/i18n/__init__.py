"""The players' language: message catalogues (gettext, through Babel) and whose language a text is
drawn in.

Every player-visible text is written in code in English and looked up at the moment it is drawn:

    _("The game is over.")                               # a sentence
    _("{name} plays {card}.", name=..., card=...)        # named placeholders, filled after lookup
    ngettext("{n} card", "{n} cards", n)                  # plural forms per language ({n} is given)
    N_("Waiting")                                         # a constant: marked here, `_()` at use

The English text is the key (gettext's msgid). Each language is one catalogue,
`bot/i18n/locales/<code>/LC_MESSAGES/bot.po`; a text it does not have yet is shown in English.
`python -m bot.i18n update` adds the texts found in the code to every catalogue (empty
translations to fill in) and drops the ones no longer used; `tests/bot/test_i18n.py` fails the
suite when a catalogue misses a text, has a placeholder the English does not, or lacks a plural
form its language needs.

Which language: the reader's. `using(locale)` sets it for the code inside (a context variable, so
each asyncio task and each interaction has its own): a player's private messages and ephemeral
answers in their own Discord locale (their latest interaction's, remembered for the DMs the bot
sends unprompted), a table in its server's (or the language a manager chose with `/language`).
Any Discord locale maps to one of `LANGUAGES` (`language_of`), anything else to English.
"""

from __future__ import annotations

import contextlib
import contextvars
import functools
import inspect
import io
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.support import NullTranslations, Translations

from games.core.words import Words

#: The languages players can read the bot in: code -> its name in itself (shown in the lobby).
LANGUAGES: dict[str, str] = {"en": "English", "hu": "Magyar", "de": "Deutsch"}
DEFAULT = "en"
CATALOGUES = Path(__file__).parent / "locales"
DOMAIN = "bot"

_current: contextvars.ContextVar[str] = contextvars.ContextVar("language", default=DEFAULT)


def language_of(locale: object) -> str:
    """The language of a Discord locale (`discord.Locale`, "hu", "en-US", "de" ...) or of a stored
    code: one of `LANGUAGES`, English for anything else (None included)."""
    text = str(getattr(locale, "value", locale) or "").strip().lower().replace("_", "-")
    code = text.split("-", 1)[0]
    return code if code in LANGUAGES else DEFAULT


def current() -> str:
    """The language texts are drawn in here."""
    return _current.get()


@contextlib.contextmanager
def using(locale: object) -> Iterator[str]:
    """Draw texts in `locale`'s language inside the block (see `language_of`)."""
    token = _current.set(language_of(locale))
    try:
        yield _current.get()
    finally:
        _current.reset(token)


def catalogue_path(language: str) -> Path:
    return CATALOGUES / language / "LC_MESSAGES" / f"{DOMAIN}.po"


@functools.cache
def translations(language: str) -> NullTranslations:
    """The compiled catalogue of `language` (English: none, the code's texts are English)."""
    path = catalogue_path(language)
    if language == DEFAULT or not path.exists():
        return NullTranslations()
    with path.open("rb") as handle:
        catalog = read_po(handle, locale=language, domain=DOMAIN)
    compiled = io.BytesIO()
    write_mo(compiled, catalog)
    compiled.seek(0)
    return Translations(compiled, domain=DOMAIN)


def _(message: str, /, **values: Any) -> str:
    """`message` in the current language, its `{placeholders}` filled from `values`."""
    text = translations(current()).gettext(message)
    return text.format(**values) if values else text


def ngettext(singular: str, plural: str, n: int, /, **values: Any) -> str:
    """The form of `singular`/`plural` for `n` in the current language (`{n}` is filled in)."""
    text = translations(current()).ngettext(singular, plural, n)
    return text.format(n=n, **values)


def N_(message: str, /) -> str:  # noqa: N802 - gettext's name for "mark only"
    """Mark a constant text for the catalogues; translate it where it is shown, with `_()`."""
    return message


def translated(text: object) -> str:
    """A text of the rules in the current language: a `games.core.words.Words` (its template
    translated, its `Words` values too), or a marked constant (`N_`). A value that is a plain str
    (a player's name) is never looked up: a player called "Start" stays "Start"."""
    if isinstance(text, Words):
        if text.plural is not None and text.number is not None:
            values = {name: translated(v) if isinstance(v, Words) else v for name, v in text.values.items()}
            return ngettext(text.template, text.plural, text.number, **values)
        return filled(text.template, text.values)
    if isinstance(text, str):
        return translations(current()).gettext(text) if text else text
    return str(text)


def described(event: Any, names: Sequence[str], reader: int | None = None) -> str:
    """An event's line (`Event.describe`) in the current language, whichever way its game builds
    it: given the reader's catalogue (`describe(names, words)`), or as `Words` translated after.
    `reader`: the seat reading it in private, for an event that words itself for the seats it
    names (`describe_to(names, seat)`: "You stole..." rather than the reader's own name)."""
    describe_to = getattr(event, "describe_to", None)
    if reader is not None and describe_to is not None:
        return translated(describe_to(names, reader))
    if _takes_words(event.describe):
        return translated(event.describe(names, translations(current())))
    return translated(event.describe(names))


_TAKES_WORDS: dict[Any, bool] = {}


def _takes_words(describe: Any) -> bool:
    function = getattr(describe, "__func__", describe)
    if function not in _TAKES_WORDS:
        _TAKES_WORDS[function] = len(inspect.signature(describe).parameters) >= 2  # names, words
    return _TAKES_WORDS[function]


def filled(template: str, values: dict[str, Any]) -> str:
    """`template` translated, its placeholders filled from `values` (`Words` translated)."""
    return _(template, **{name: translated(v) if isinstance(v, Words) else v for name, v in values.items()})
