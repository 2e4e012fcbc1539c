"""Errors a player or admin caused, each with the short message they are shown (ephemerally).

Everything the bot refuses goes through one of these, so every refusal reads the same way and
the Discord layer maps them to an ephemeral reply in one place (`bot.answers.answer_error`).
A message is written in the language of the one who caused it: `UserError(_("..."))` (`bot.i18n`;
the code runs in their language), and the rules' refusals through `refusal`.
"""

from bot.i18n import filled
from games.core import IllegalAction


class UserError(Exception):
    """A refusal with a message for the user. Nothing was changed."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class NotAPlayer(UserError):
    pass


class NotYourTurn(UserError):
    pass


class StaleDecision(UserError):
    pass


class BadComponent(UserError):
    pass


class GameNotFound(UserError):
    pass


class NotAllowed(UserError):
    pass


def refusal(error: IllegalAction) -> UserError:
    """The rules' refusal, in the player's language."""
    return UserError(filled(error.template, error.values))
