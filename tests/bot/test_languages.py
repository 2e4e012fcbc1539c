"""Who reads what language (issue 16): a table in its server's language (or the one a manager
chose with /language), each player's private message and ephemeral answers in their own Discord
language, remembered from their latest interaction; slash command descriptions translated per
member. Uses the real catalogues."""

from __future__ import annotations

import discord
import pytest
from discord import app_commands

from bot import screens
from bot.command_texts import CatalogueTranslator
from bot.i18n import _, using
from tests.bot.fakes import FakeUser
from tests.bot.harness import Harness, make_users


def _de(text: str, **values: object) -> str:
    with using("de"):
        return _(text, **values)


async def test_a_managers_language_choice_makes_new_tables_speak_it(harness: Harness) -> None:
    host, other = make_users(2)
    await harness.command("language", host, "de")
    refused = harness.discord.last_ephemeral(host).content
    assert refused == _("Only members with Manage Server can choose the server's language.")
    await harness.command("language", host, "de", manage_guild=True)
    chosen = harness.discord.last_ephemeral(host).content or ""
    assert chosen.startswith(_("New tables here are in {language}.", language="Deutsch"))  # asked in English
    lobby = (await harness.command("play", host, "grumpy-nisse")).original
    assert lobby is not None
    german = _de("Options (the host may change them)")
    assert german != "Options (the host may change them)" and german in lobby.text()
    assert "Options (the host may change them)" not in lobby.text()
    await harness.command("language", host, None, manage_guild=True)  # back to the server's
    assert await harness.service.store.settings.guild_locale(harness.discord.guild_id) is None


async def test_each_player_reads_their_own_language(harness: Harness) -> None:
    english, hungarian = make_users(2)
    hungarian = FakeUser(hungarian.id, hungarian.display_name, locale="hu")
    message, game_id = await harness.open_table([english, hungarian], "grumpy-nisse")
    game = await harness.game(game_id)
    assert game.record.locale == "en-US"  # the server's (the fake server's preferred locale)
    assert [seat.locale for seat in game.seats] == ["en-US", "hu"]
    hungarian_private = screens.private_payload(game, 1)
    english_private = screens.private_payload(game, 0)
    assert hungarian_private.digest() != english_private.digest()
    # a refusal answers in the one's language who asked
    await harness.command("language", hungarian, "de")
    refusal = harness.discord.last_ephemeral(hungarian).content
    english = "Only members with Manage Server can choose the server's language."
    with using("hu"):
        assert refusal == _(english) != english


async def test_a_players_newest_language_is_remembered_for_their_seats(harness: Harness) -> None:
    host, other = make_users(2)
    message, game_id = await harness.open_table([host, other], "grumpy-nisse")
    german = FakeUser(other.id, other.display_name, locale="de")
    await harness.discord.click(german, message, f"mine:{game_id}")
    game = await harness.game(game_id)
    assert [seat.locale for seat in game.seats] == ["en-US", "de"]
    assert (await harness.service.store.get_seats(game_id))[1].locale == "de"


@pytest.mark.parametrize("locale", [discord.Locale.hungarian, discord.Locale.german])
async def test_command_descriptions_are_translated_and_names_are_not(locale: discord.Locale) -> None:
    translator = CatalogueTranslator()
    text = app_commands.locale_str("A short summary of a game's rules.")
    where = app_commands.TranslationContext(app_commands.TranslationContextLocation.command_description, None)
    named = app_commands.TranslationContext(app_commands.TranslationContextLocation.command_name, None)
    said = await translator.translate(text, locale, where)
    assert said and said != text.message and len(said) <= 100
    assert await translator.translate(app_commands.locale_str("rules"), locale, named) is None
    assert await translator.translate(text, discord.Locale.american_english, where) is None
