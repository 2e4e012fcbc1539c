"""Errors a player or admin caused, each with the short message they are shown (ephemerally).

Everything the bot refuses goes through one of these, so every refusal reads the same way and
the Discord layer maps them to an ephemeral reply in one place (`bot.answers.answer_error`).
A message is written in the language of the one who caused it: `UserError(_("..."))` (`bot.i18n`;
the code runs in their language), and the rules' refusals through `refusal`.
"""

from bot.i18n import N_, _, filled
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


#: The answer when another process held the game (or a row its step needs) too long.
BUSY = N_("This game is busy; please try again in a moment.")


class GameBusy(UserError):
    """Another process held the game's lock too long (`storage.GameLockTimeout`)."""


def refusal(error: IllegalAction) -> UserError:
    """The rules' refusal, in the player's language."""
    return UserError(filled(error.template, error.values))


#: The storage's refusals (`StorageConflict`, English), marked here so a player reads them in
#: their language (`conflict`).
STORAGE_REFUSALS = (
    N_("This lobby is full."),
    N_("You're not in this lobby."),
    N_("You're already seated in this game."),
    N_("This game is not running any more."),
    N_("This game is no longer running."),
    N_("This game no longer exists."),
    N_("This game has already started."),
    N_("This lobby is closed."),
)
#: Why a game that is not (or no longer) what a click needs refuses it, by its status.
CLOSED_REASONS = {
    "lobby": N_("This game has not started yet."),
    "running": N_("This game has already started."),
    "finished": N_("This game is over."),
    "abandoned": N_("This game was abandoned."),
    "cancelled": N_("This lobby was cancelled."),
}
NOT_RUNNING = N_("This game is not running.")


def closed_reason(status: str) -> str:
    """Why a game in `status` refuses a click that needs another status, in the current language."""
    return _(CLOSED_REASONS.get(status, NOT_RUNNING))


def conflict(error: Exception) -> str:
    """A storage refusal (`StorageConflict`, see `STORAGE_REFUSALS`) in the current language."""
    return _(str(error)) if str(error) else _(NOT_RUNNING)


def not_your_turn(waiting: list[str]) -> str:
    """The refusal of a click out of turn, naming who the game waits for (`waiting`, seat order)."""
    if not waiting:
        return _("It is not your turn.")
    return _("It is not your turn - waiting for {names}.", names=", ".join(waiting))
