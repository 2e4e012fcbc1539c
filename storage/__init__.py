"""SQLite persistence for the bot: the connection, migrations and the game store."""

from storage.db import Database, DatabaseError, DatabaseTooNew, database_path_from_url
from storage.games import (
    ActionRecord,
    GameRecord,
    GameStore,
    SeatRecord,
    SeatTaken,
    StorageConflict,
    VersionConflict,
)
from storage.migrations import LATEST, MIGRATIONS

__all__ = [
    "LATEST",
    "MIGRATIONS",
    "ActionRecord",
    "Database",
    "DatabaseError",
    "DatabaseTooNew",
    "GameRecord",
    "GameStore",
    "SeatRecord",
    "SeatTaken",
    "StorageConflict",
    "VersionConflict",
    "database_path_from_url",
]
