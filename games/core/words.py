"""Marking player-visible words of the rules (card and role names, refusals, summaries) for the
bot's message catalogues (`bot.i18n`). The rules stay in English and free of any i18n library:
`N_` only marks a text; the bot translates it where it is shown."""


def N_(text: str, /) -> str:  # noqa: N802 - gettext's name for "mark only"
    return text
