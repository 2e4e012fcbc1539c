"""Slash commands in each member's language: discord.py's command translator, reading the same
catalogues as everything else (`bot.i18n`). Command and option names stay English (they are
typed); descriptions and choice names are translated. Discord shows each member the texts of
their own client's language, which it receives with the commands when they are synced."""

from __future__ import annotations

import discord
from discord import app_commands

from bot.i18n import DEFAULT, _, language_of, using

#: What is translated (names are typed by members, and must stay the same for everyone).
TRANSLATED = {
    app_commands.TranslationContextLocation.command_description,
    app_commands.TranslationContextLocation.group_description,
    app_commands.TranslationContextLocation.parameter_description,
    app_commands.TranslationContextLocation.choice_name,
}
#: Discord's limits: descriptions and choice names
LIMIT = 100


class CatalogueTranslator(app_commands.Translator):
    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        language = language_of(locale)
        if language == DEFAULT or context.location not in TRANSLATED:
            return None
        with using(language):
            text = _(string.message)
        return text[:LIMIT] if text != string.message else None
