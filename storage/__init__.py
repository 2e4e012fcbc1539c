"""Persistence for the bot: SQLite or PostgreSQL (by ``DATABASE_URL``), migrations, the game store
(``GameStore``, with its ``lobbies``, ``results`` and ``settings``).

``storage.postgres`` (asyncpg) is imported only when a PostgreSQL URL is opened.
"""

from storage.db import (
    Connection,
    Database,
    DatabaseError,
    DatabaseTooNew,
    GameLockTimeout,
    Row,
    is_postgres_url,
)
from storage.games import (
    ActionRecord,
    Freshness,
    GameRecord,
    GameStore,
    SeatRecord,
    SeatTaken,
    StorageConflict,
    VersionConflict,
)
from storage.lobbies import LobbyStore
from storage.migrations import LATEST, MIGRATIONS, POSTGRES_MIGRATIONS
from storage.records import ENDED, LIVE
from storage.results import ResultStore
from storage.settings import SettingsStore
from storage.sqlite import SqliteDatabase, database_path_from_url

__all__ = [
    "ENDED",
    "LATEST",
    "LIVE",
    "MIGRATIONS",
    "POSTGRES_MIGRATIONS",
    "ActionRecord",
    "Connection",
    "Database",
    "DatabaseError",
    "DatabaseTooNew",
    "GameLockTimeout",
    "Freshness",
    "GameRecord",
    "GameStore",
    "LobbyStore",
    "ResultStore",
    "Row",
    "SeatRecord",
    "SeatTaken",
    "SettingsStore",
    "SqliteDatabase",
    "StorageConflict",
    "VersionConflict",
    "database_path_from_url",
    "is_postgres_url",
]
