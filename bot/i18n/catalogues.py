"""The catalogues' upkeep: find every text the code marks (`_`, `ngettext`, `N_`), bring each
language's catalogue up to date with them, and say what a catalogue lacks.

`python -m bot.i18n update` runs `update_all`; `tests/bot/test_i18n.py` runs `problems` for every
language."""

from __future__ import annotations

import copy
import json
import string
from collections.abc import Iterable
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po, write_po

from bot.i18n import DEFAULT, DOMAIN, LANGUAGES, catalogue_path

ROOT = Path(__file__).resolve().parents[2]
#: Where player-visible texts are written: the bot and the rules' refusals and summaries.
SOURCES = ("bot", "games")
KEYWORDS = {"_": None, "ngettext": (1, 2), "N_": None, "counted": (1, 2)}
#: A comment starting with this next to a text is kept in the catalogue for the translators,
#: e.g. `# i18n: a card name; the German edition calls it ...`.
COMMENT_TAG = "i18n:"


def template() -> Catalog:
    """Every marked text of the code, with where it is and its translator comments."""
    catalog = Catalog(domain=DOMAIN, project="christmas-card-games", charset="utf-8")
    for package in SOURCES:
        found = extract_from_dir(
            ROOT / package, keywords=KEYWORDS, comment_tags=(COMMENT_TAG,), strip_comment_tags=True
        )
        for filename, lineno, message, comments, context in found:
            location = (f"{package}/{filename}", lineno)
            catalog.add(message, locations=[location], auto_comments=comments, context=context)
    return catalog


def load(language: str) -> Catalog:
    path = catalogue_path(language)
    if not path.exists():
        return Catalog(locale=language, domain=DOMAIN, charset="utf-8")
    with path.open("rb") as handle:
        return read_po(handle, locale=language, domain=DOMAIN)


def save(catalog: Catalog, language: str) -> Path:
    path = catalogue_path(language)
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as handle:
        write_po(handle, catalog, width=100, omit_header=False, sort_output=False, include_previous=False)
    return path


def update_all(languages: Iterable[str] | None = None) -> list[str]:
    """Bring every catalogue up to date with the code: new texts added untranslated, texts no
    longer in the code dropped, translations of unchanged texts kept. Returns one line per
    catalogue: how many texts it has and how many still need a translation."""
    base = template()
    lines = []
    for language in languages or [code for code in LANGUAGES if code != DEFAULT]:
        catalog = load(language)
        # a copy each: Babel's update shares the template's new messages with the catalogue
        catalog.update(copy.deepcopy(base), no_fuzzy_matching=True, update_header_comment=False)
        catalog.obsolete.clear()
        save(catalog, language)
        missing = sum(1 for m in catalog if m.id and not _translated(m))
        count = sum(1 for m in catalog if m.id)
        lines.append(f"{language}: {count} texts, {missing} without a translation")
    return lines


def merge(catalog: Catalog, translations: dict[str, str | list[str]]) -> int:
    """Fill `catalog`'s texts from `translations` (English text -> translation, or the list of
    plural forms, keyed by the singular); returns how many it filled."""
    filled = 0
    for message in catalog:
        if not message.id:
            continue
        key = message.id[0] if isinstance(message.id, tuple) else message.id
        given = translations.get(str(key))
        if given is None:
            continue
        message.string = tuple(given) if isinstance(message.id, tuple) else str(given)
        message.flags.discard("fuzzy")
        filled += 1
    return filled


def merge_files(paths: Iterable[Path]) -> list[str]:
    """`update_all`, then fill every catalogue from translation files: JSON objects
    `{"hu": {"English text": "fordítás", "{n} card": ["{n} kártya"]}, "de": {...}}`."""
    lines = update_all()
    given: dict[str, dict[str, str | list[str]]] = {}
    for path in paths:
        for language, texts in json.loads(Path(path).read_text(encoding="utf-8")).items():
            given.setdefault(language, {}).update(texts)
    for language, texts in given.items():
        catalog = load(language)
        filled = merge(catalog, texts)
        save(catalog, language)
        lines.append(f"{language}: filled {filled} of {len(texts)} given translations")
    return lines


def _translated(message: Message) -> bool:
    strings = message.string if isinstance(message.string, tuple) else (message.string,)
    return all(strings) and "fuzzy" not in message.flags


def placeholders(text: str) -> set[str]:
    """The `{names}` a text fills in."""
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


def problems(
    language: str, *, extra: dict[str, str | list[str]] | None = None, only: str | None = None
) -> list[str]:
    """What the catalogue of `language` lacks or gets wrong, one line each (empty: all good): a
    text of the code it does not have or has not translated, a placeholder the English does not
    have, a missing plural form. `extra`: translations to check as if merged (see `merge`);
    `only`: look only at texts found in files whose path starts with it (e.g. "bot/render/")."""
    catalog = load(language)
    if extra:
        catalog.update(template(), no_fuzzy_matching=True, update_header_comment=False)
        merge(catalog, extra)
    needed = catalog.num_plurals
    out = []
    for message in template():
        if not message.id:
            continue
        if only is not None and not any(path.startswith(only) for path, _ in message.locations):
            continue
        found = catalog.get(message.id, context=message.context)
        english = message.id if isinstance(message.id, tuple) else (message.id,)
        where = f"{language}: {english[0]!r}"
        if found is None:
            out.append(f"{where} has no translation")
            continue
        strings = found.string if isinstance(found.string, tuple) else (found.string,)
        if isinstance(message.id, tuple) and (len(strings) != needed or not all(strings)):
            filled = sum(1 for text in strings if text)
            out.append(f"{where} has {filled} plural forms, {language} needs {needed}")
            continue
        if not _translated(found):
            out.append(f"{where} has no translation")
            continue
        allowed = set().union(*(placeholders(str(text)) for text in english))
        for text in strings:
            try:
                foreign = placeholders(str(text)) - allowed
            except ValueError as error:
                out.append(f"{where}: a translation is not a valid format string ({error})")
                continue
            if foreign:
                out.append(f"{where}: the translation fills in {sorted(foreign)}, the English does not")
    return out
