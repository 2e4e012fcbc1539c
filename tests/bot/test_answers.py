"""The one error mapping (`bot.answers`): a refusal is answered with its reason, anything else
with an apology and logged as an error, and an interaction another process already answered
(Discord's 40060) is neither answered again nor logged as an error."""

from __future__ import annotations

import logging
from types import SimpleNamespace
from typing import Any

import discord
import pytest

from bot.answers import ALREADY_ANSWERED, INTERNAL_ERROR, answer_error
from bot.errors import UserError


class Response:
    def __init__(self) -> None:
        self.sent: list[tuple[str, bool]] = []

    def is_done(self) -> bool:
        return bool(self.sent)

    async def send_message(self, message: str, *, ephemeral: bool) -> None:
        self.sent.append((message, ephemeral))


def _interaction() -> Any:
    response = Response()
    return SimpleNamespace(
        id=1, response=response, followup=SimpleNamespace(send=response.send_message), extras={}
    )


def _http_error(code: int) -> discord.HTTPException:
    reply = SimpleNamespace(status=400, reason="Bad Request")
    return discord.HTTPException(
        reply, {"code": code, "message": "Interaction has already been acknowledged."}
    )


async def test_a_refusal_is_answered_with_its_reason(caplog: pytest.LogCaptureFixture) -> None:
    interaction = _interaction()
    await answer_error(interaction, UserError("It is not your turn."))
    assert interaction.response.sent == [("It is not your turn.", True)]
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]


async def test_anything_else_is_logged_and_answered_with_an_apology(caplog: pytest.LogCaptureFixture) -> None:
    interaction = _interaction()
    await answer_error(interaction, _http_error(50035))
    assert interaction.response.sent == [(INTERNAL_ERROR, True)]
    assert [r for r in caplog.records if r.levelno >= logging.ERROR]


async def test_an_interaction_answered_elsewhere_is_left_alone(caplog: pytest.LogCaptureFixture) -> None:
    interaction = _interaction()
    caplog.set_level(logging.INFO)
    await answer_error(interaction, _http_error(ALREADY_ANSWERED))
    assert interaction.response.sent == []
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]
    assert [r for r in caplog.records if "already answered" in r.getMessage()]


async def test_a_row_held_too_long_elsewhere_is_busy_not_an_apology(caplog: pytest.LogCaptureFixture) -> None:
    """Several processes: a step's transaction runs on its game lock's connection, whose waits
    for rows end after 20 s too (`storage.postgres`): "busy", as for the lock itself."""
    from bot.errors import BUSY
    from storage import GameLockTimeout

    interaction = _interaction()
    await answer_error(interaction, GameLockTimeout("a row the game's step needs was held for over 20 s"))
    assert interaction.response.sent == [(BUSY, True)]
    assert "held for over 20 s" in caplog.text
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]
