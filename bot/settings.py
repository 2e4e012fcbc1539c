"""Typed settings, read from the environment and an optional `.env` file (see `.env.example`)."""

from __future__ import annotations

import logging
import re

from pydantic import Field, SecretStr, ValidationError, field_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

from storage import is_postgres_url

#: How long an AI seat "thinks" before it acts, on average (seconds; `AI_DELAY_SECONDS`).
AI_DELAY = 1.5

TOKEN_HELP = (
    "Create an application at https://discord.com/developers/applications, open its Bot page, "
    "press 'Reset Token' and put the token in .env as DISCORD_TOKEN=... (see .env.example)."
)

# Bot tokens are three dot-separated base64url parts (user id, timestamp, HMAC).
_TOKEN_SHAPE = re.compile(r"^[A-Za-z0-9_-]{16,}\.[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]{20,}$")
_SHARD_PART = re.compile(r"^\s*(\d+)\s*(?:-\s*(\d+)\s*)?$")


LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL")


class SettingsError(Exception):
    """A setting is missing or malformed; the message says what to do."""


class Settings(BaseSettings):
    model_config = SettingsConfigDict(
        env_file=".env", env_file_encoding="utf-8", extra="ignore", env_ignore_empty=True
    )

    discord_token: SecretStr | None = Field(default=None, description="The bot's token.")
    database_url: str = Field(
        default="sqlite:///data/bot.db",
        description=(
            "Where games are stored: sqlite:///relative/path.db, sqlite:////absolute.db, or "
            "postgresql://user@host:port/dbname (several processes)"
        ),
    )
    dev_guild_id: int | None = Field(
        default=None, description="Sync slash commands to this server only (instant), not globally."
    )
    log_level: str = Field(
        default="INFO", description="Python logging level: DEBUG, INFO, WARNING, ERROR or CRITICAL."
    )
    ai_delay_seconds: float = Field(
        default=AI_DELAY, ge=0, le=30, description="How long an AI seat 'thinks' before it acts (on average)."
    )
    shard_count: int | None = Field(
        default=None, ge=1, description="How many gateway shards the bot runs as, in all processes."
    )
    shard_ids: str | None = Field(
        default=None, description="The shards this process runs, e.g. '0,1' or '0-3' (needs SHARD_COUNT)."
    )
    rest_per_second: float = Field(
        default=50.0,
        gt=0,
        description="Discord's global rate limit for this bot: REST calls per second, all processes "
        "together (50 unless Discord raised it); each process keeps to its shards' share.",
    )

    @field_validator("log_level")
    @classmethod
    def _known_level(cls, value: str) -> str:
        level = value.strip().upper()
        if level.isdigit():  # ("10": DEBUG; a number without a name is refused)
            level = logging.getLevelName(int(level))
        if level not in logging.getLevelNamesMapping() or level == "NOTSET":  # (WARN, FATAL: as logging)
            raise ValueError(f"{value!r} is not a logging level: use one of {', '.join(LOG_LEVELS)}")
        return level

    def token(self) -> str:
        """The token, checked for shape, or a SettingsError that says where to get one."""
        raw = self.discord_token.get_secret_value().strip() if self.discord_token else ""
        if not raw:
            raise SettingsError(f"DISCORD_TOKEN is not set. {TOKEN_HELP}")
        if not _TOKEN_SHAPE.match(raw):
            raise SettingsError(f"DISCORD_TOKEN does not look like a bot token. {TOKEN_HELP}")
        return raw

    def sharding(self) -> tuple[int | None, list[int] | None]:
        """(shard count, this process's shard ids), checked; (None, None) when sharding is not
        configured. A SettingsError says in one line what is wrong."""
        count, ids = parse_sharding(self.shard_count, self.shard_ids)
        some = count is not None and ids is not None and len(ids) < count
        if some and not is_postgres_url(self.database_url):
            raise SettingsError(
                f"SHARD_IDS={self.shard_ids} runs {len(ids or ())} of the {count} shards, so other processes "
                "must run the rest, and several processes need one PostgreSQL database: set "
                "DATABASE_URL=postgresql://... in every process (a SQLite file serves one process)."
            )
        return count, ids


def parse_sharding(count: int | None, ids: str | None) -> tuple[int | None, list[int] | None]:
    """SHARD_COUNT and SHARD_IDS ("0,1", "0-3", "0,2-3"): the count alone runs every shard in
    this process; the ids need the count and must each be in 0..count-1, once."""
    text = (ids or "").strip()
    if not text:
        return count, None
    if count is None:
        raise SettingsError(
            f"SHARD_IDS={text} is set but SHARD_COUNT is not: set SHARD_COUNT to the total number "
            "of shards (the same in every process)."
        )
    shards: list[int] = []
    for part in text.split(","):
        found = _SHARD_PART.match(part)
        if not found:
            raise SettingsError(
                f"SHARD_IDS={text} is not a list of shard numbers: write them like 0,1 or 0-3."
            )
        low, high = int(found[1]), int(found[2] if found[2] is not None else found[1])
        if high < low:
            raise SettingsError(f"SHARD_IDS={text}: the range {low}-{high} goes backwards.")
        for shard in range(low, high + 1):
            if shard >= count:
                raise SettingsError(
                    f"SHARD_IDS={text}: shard {shard} is outside 0..{count - 1} (SHARD_COUNT={count})."
                )
            if shard in shards:
                raise SettingsError(f"SHARD_IDS={text} names shard {shard} twice.")
            shards.append(shard)
    return count, shards


def load_settings(**overrides: object) -> Settings:
    try:
        return Settings(**overrides)  # type: ignore[arg-type]
    except ValidationError as error:
        problems = "; ".join(
            f"{str(e['loc'][0]).upper()}: {e['msg'].removeprefix('Value error, ')}"
            for e in error.errors()
            if e.get("loc")
        )
        raise SettingsError(f"Invalid settings: {problems}") from None
