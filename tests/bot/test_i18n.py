"""The message catalogues (`bot.i18n`): every language has every text of the code, translated,
with no placeholder the English lacks and the plural forms its language needs; Discord locales
map to the bot's languages; a text is drawn in the language of the block it is drawn in."""

from __future__ import annotations

import asyncio

import discord
import pytest
from babel.messages.catalog import Catalog

import bot.i18n
from bot.i18n import DEFAULT, LANGUAGES, _, language_of, ngettext, using
from bot.i18n import catalogues as upkeep
from games.core.words import names_and

OTHERS = [code for code in LANGUAGES if code != DEFAULT]


@pytest.mark.parametrize("language", OTHERS)
def test_every_catalogue_has_every_text_translated_and_well_formed(language: str) -> None:
    found = upkeep.problems(language)
    assert found == [], f"{len(found)} problems (run `python -m bot.i18n update`, then translate):\n" + (
        "\n".join(found[:40])
    )


def test_discord_locales_map_to_the_bots_languages() -> None:
    assert language_of(discord.Locale.hungarian) == "hu"
    assert language_of(discord.Locale.german) == "de"
    assert language_of(discord.Locale.american_english) == "en"
    assert language_of("en-GB") == language_of("fr") == language_of(None) == language_of("") == "en"
    assert language_of("de") == "de" and language_of("HU") == "hu"


_real_template = upkeep.template


def _fake_catalogues(
    tmp_path, monkeypatch: pytest.MonkeyPatch, english: Catalog, other: Catalog, language: str
) -> None:
    monkeypatch.setattr(bot.i18n, "CATALOGUES", tmp_path)
    monkeypatch.setattr(upkeep, "template", lambda: english)
    upkeep.save(other, language)
    bot.i18n.translations.cache_clear()


def test_the_check_finds_missing_wrong_and_short_translations(
    tmp_path, monkeypatch: pytest.MonkeyPatch
) -> None:
    english = Catalog()
    english.add("The game is over.")
    english.add("{name} plays.")
    english.add("Round {n}")
    english.add(("{n} card", "{n} cards"))
    german = Catalog(locale="de")  # German: two plural forms needed
    german.add("{name} plays.", "{nam} spielt.")
    german.add("Round {n}", "Runde {n}")
    german.add(("{n} card", "{n} cards"), ("{n} Karte",))
    _fake_catalogues(tmp_path, monkeypatch, english, german, "de")
    found = upkeep.problems("de")
    try:
        assert any("'The game is over.' has no translation" in line for line in found)
        assert any("fills in ['nam']" in line for line in found)
        assert any("plural forms" in line for line in found)
        assert not any("Round" in line for line in found)
        assert len(found) == 3, found
    finally:
        bot.i18n.translations.cache_clear()


def test_texts_follow_the_language_of_their_block(tmp_path, monkeypatch: pytest.MonkeyPatch) -> None:
    english = Catalog()
    hungarian = Catalog(locale="hu")
    hungarian.add("{name} plays.", "{name} játszik.")
    # as many forms as this Babel's Hungarian has (CLDR: 1 before Babel 2.19, 2 since; our
    # catalogue's header says 1, "3 kártya" like "1 kártya")
    hungarian.add(("{n} card", "{n} cards"), ("{n} kártya",) * hungarian.num_plurals)
    _fake_catalogues(tmp_path, monkeypatch, english, hungarian, "hu")
    try:
        assert _("{name} plays.", name="Dasher") == "Dasher plays."
        with using("hu"):
            assert _("{name} plays.", name="Dasher") == "Dasher játszik."
            assert ngettext("{n} card", "{n} cards", 3) == "3 kártya"
            assert _("Not in the catalogue.") == "Not in the catalogue."  # English, not an error
            with using(discord.Locale.german):  # no German catalogue here: English
                assert ngettext("{n} card", "{n} cards", 3) == "3 cards"
            assert bot.i18n.current() == "hu"
        assert bot.i18n.current() == "en"
    finally:
        bot.i18n.translations.cache_clear()


async def test_each_task_has_its_own_language() -> None:
    seen: dict[str, str] = {}

    async def reader(locale: str) -> None:
        with using(locale):
            await asyncio.sleep(0.01)
            seen[locale] = bot.i18n.current()

    await asyncio.gather(reader("hu"), reader("de"), reader("en-US"))
    assert seen == {"hu": "hu", "de": "de", "en-US": "en"}


def test_words_of_the_rules_are_translated_part_by_part(tmp_path, monkeypatch: pytest.MonkeyPatch) -> None:
    from bot.i18n import translated
    from games.core.words import N_, Words

    hungarian = Catalog(locale="hu")
    hungarian.add("{name} plays {card}.", "{name} kijátssza: {card}.")
    hungarian.add("Gingerbread", "Mézeskalács")
    hungarian.add("Start", "Indítás")
    _fake_catalogues(tmp_path, monkeypatch, Catalog(), hungarian, "hu")
    said = Words(N_("{name} plays {card}."), name="Start", card=Words(N_("Gingerbread")))
    assert said == "Start plays Gingerbread."  # it is the English text
    import copy

    assert copy.deepcopy(said).values == said.values
    try:
        with using("hu"):
            assert translated(said) == "Start kijátssza: Mézeskalács."  # a name is never looked up
            assert translated("Gingerbread") == "Mézeskalács"
            assert translated(said + "!") == "Start plays Gingerbread.!"  # plain str: as it is
    finally:
        bot.i18n.translations.cache_clear()


def test_counted_words_take_the_readers_plural_form(tmp_path, monkeypatch: pytest.MonkeyPatch) -> None:
    import copy

    from bot.i18n import translated
    from games.core.words import counted

    english = Catalog()
    german = Catalog(locale="de")
    german.add(
        ("{n} gift for {name}", "{n} gifts for {name}"),
        ("{n} Geschenk für {name}", "{n} Geschenke für {name}"),
    )
    _fake_catalogues(tmp_path, monkeypatch, english, german, "de")
    try:
        one, three = counted("{n} gift for {name}", "{n} gifts for {name}", 1, name="Ada"), None
        three = counted("{n} gift for {name}", "{n} gifts for {name}", 3, name="Ada")
        assert (one, three) == ("1 gift for Ada", "3 gifts for Ada")
        assert copy.deepcopy(three).number == 3
        with using("de"):
            assert (translated(one), translated(three)) == ("1 Geschenk für Ada", "3 Geschenke für Ada")
    finally:
        bot.i18n.translations.cache_clear()
    # the catalogues find a counted text as a singular/plural pair
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "mod.py").write_text('x = counted("{n} elf", "{n} elves", n)\n', encoding="utf-8")
    monkeypatch.setattr(upkeep, "ROOT", tmp_path)
    monkeypatch.setattr(upkeep, "SOURCES", ("pkg",))
    found = [m.id for m in _real_template()]
    assert ("{n} elf", "{n} elves") in found


@pytest.mark.parametrize(
    ("names", "english", "german"),
    [
        (["Gus"], "Gus", "Gus"),
        (["Gus", "Zoë"], "Gus and Zoë", "Gus und Zoë"),
        (["Gus", "Zoë", "bob"], "Gus, Zoë and bob", "Gus, Zoë und bob"),
    ],
)
def test_names_are_listed_with_one_and_before_the_last(names: list[str], english: str, german: str) -> None:
    """Every game lists players alike (`games.core.words.names_and`; two of them said "Gus and
    Zoë and bob")."""
    said = names_and(names)
    assert said == english
    with using("de"):
        assert bot.i18n.translated(said) == german


def test_no_text_is_marked_only_inside_an_f_string() -> None:
    """The extractor does not look inside f-strings: `f"{_('Ahead: {spaces}.')}"` was in no
    catalogue, so German and Hungarian screen readers read English. A literal marked there is
    fine only when it is marked elsewhere too (it is then in the catalogues)."""
    import re
    from pathlib import Path

    from babel.messages.pofile import read_po

    root = Path(__file__).resolve().parents[2]
    with open(root / "bot/i18n/locales/de/LC_MESSAGES/bot.po", "rb") as po:
        known = {m.id[0] if isinstance(m.id, tuple) else m.id for m in read_po(po)}
    inside = re.compile(r"""\{\s*(?:_|ngettext)\(\s*(['"])(.*?)(?<!\\)\1""")
    unknown = [
        f"{path.relative_to(root)}:{n}: {found.group(2)}"
        for path in [*(root / "bot").rglob("*.py"), *(root / "games").rglob("*.py")]
        for n, line in enumerate(path.read_text().splitlines(), 1)
        for found in inside.finditer(line)
        if found.group(2) not in known
    ]
    assert not unknown, unknown
