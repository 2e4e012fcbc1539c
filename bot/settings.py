"""Typed settings, read from the environment and an optional `.env` file (see `.env.example`)."""

from __future__ import annotations

import re

from pydantic import Field, SecretStr, ValidationError
from pydantic_settings import BaseSettings, SettingsConfigDict

TOKEN_HELP = (
    "Create an application at https://discord.com/developers/applications, open its Bot page, "
    "press 'Reset Token' and put the token in .env as DISCORD_TOKEN=... (see .env.example)."
)

# Bot tokens are three dot-separated base64url parts (user id, timestamp, HMAC).
_TOKEN_SHAPE = re.compile(r"^[A-Za-z0-9_-]{16,}\.[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]{20,}$")


class SettingsError(Exception):
    """A setting is missing or malformed; the message says what to do."""


class Settings(BaseSettings):
    model_config = SettingsConfigDict(
        env_file=".env", env_file_encoding="utf-8", extra="ignore", env_ignore_empty=True
    )

    discord_token: SecretStr | None = Field(default=None, description="The bot's token.")
    database_url: str = Field(
        default="sqlite:///data/bot.db",
        description="Where games are stored: sqlite:///relative/path.db or sqlite:////absolute.db",
    )
    dev_guild_id: int | None = Field(
        default=None, description="Sync slash commands to this server only (instant), not globally."
    )
    log_level: str = Field(default="INFO", description="Python logging level.")
    ai_delay_seconds: float = Field(
        default=1.5, ge=0, le=30, description="How long an AI seat 'thinks' before it acts (on average)."
    )

    def token(self) -> str:
        """The token, checked for shape, or a SettingsError that says where to get one."""
        raw = self.discord_token.get_secret_value().strip() if self.discord_token else ""
        if not raw:
            raise SettingsError(f"DISCORD_TOKEN is not set. {TOKEN_HELP}")
        if not _TOKEN_SHAPE.match(raw):
            raise SettingsError(f"DISCORD_TOKEN does not look like a bot token. {TOKEN_HELP}")
        return raw


def load_settings(**overrides: object) -> Settings:
    try:
        return Settings(**overrides)  # type: ignore[arg-type]
    except ValidationError as error:
        problems = "; ".join(
            f"{str(e['loc'][0]).upper()}: {e['msg']}" for e in error.errors() if e.get("loc")
        )
        raise SettingsError(f"Invalid settings: {problems}") from None
