"""Numbered schema migrations, tracked with ``PRAGMA user_version``.

``MIGRATIONS[i]`` brings a database from ``user_version`` *i* to *i + 1*. The runner in
``storage.db`` applies each step in its own ``BEGIN IMMEDIATE`` transaction together with the
``user_version`` bump, so a step is either fully applied or not at all.

A step is either a SQL script (split into statements with :func:`split_statements`, so
triggers with ``BEGIN ... END`` bodies are fine) or an ``async`` callable taking the
``aiosqlite.Connection`` for data migrations that need Python. Never edit a released step:
append a new one.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Awaitable, Callable

import aiosqlite

Migration = str | Callable[[aiosqlite.Connection], Awaitable[None]]

_V1 = """
CREATE TABLE games (
    id               INTEGER PRIMARY KEY AUTOINCREMENT,
    guild_id         INTEGER,
    channel_id       INTEGER NOT NULL,
    game_name        TEXT    NOT NULL,
    status           TEXT    NOT NULL
                     CHECK (status IN ('lobby', 'running', 'finished', 'abandoned', 'cancelled')),
    host_id          INTEGER NOT NULL,
    options_json     TEXT    NOT NULL DEFAULT '{}',
    seed             INTEGER NOT NULL,
    state_json       TEXT,
    version          INTEGER NOT NULL DEFAULT 0,
    table_message_id INTEGER,
    created_at       TEXT    NOT NULL,
    updated_at       TEXT    NOT NULL
);

CREATE INDEX games_channel_status ON games (channel_id, status);

CREATE TABLE seats (
    game_id       INTEGER NOT NULL REFERENCES games (id),
    seat          INTEGER NOT NULL,
    user_id       INTEGER NOT NULL,
    display_name  TEXT    NOT NULL,
    dm_open       INTEGER,
    dm_message_id INTEGER,
    PRIMARY KEY (game_id, seat),
    UNIQUE (game_id, user_id)
);

CREATE INDEX seats_user ON seats (user_id);

CREATE TABLE actions (
    game_id     INTEGER NOT NULL REFERENCES games (id),
    seq         INTEGER NOT NULL,
    seat        INTEGER NOT NULL,
    user_id     INTEGER NOT NULL,
    action_json TEXT    NOT NULL,
    events_json TEXT    NOT NULL,
    created_at  TEXT    NOT NULL,
    PRIMARY KEY (game_id, seq)
);

CREATE TRIGGER actions_no_update BEFORE UPDATE ON actions
BEGIN
    SELECT RAISE(ABORT, 'the action log is append-only: rows cannot be updated');
END;

CREATE TRIGGER actions_no_delete BEFORE DELETE ON actions
BEGIN
    SELECT RAISE(ABORT, 'the action log is append-only: rows cannot be deleted');
END;

CREATE TABLE meta (
    key   TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
"""

_V2 = """
ALTER TABLE games ADD COLUMN deadline REAL;
"""

_V3 = """
CREATE TABLE results (
    game_id   INTEGER NOT NULL REFERENCES games (id),
    seat      INTEGER NOT NULL,
    user_id   INTEGER NOT NULL,
    guild_id  INTEGER,
    game_name TEXT    NOT NULL,
    won       INTEGER NOT NULL,
    ai        INTEGER NOT NULL,
    PRIMARY KEY (game_id, seat)
);

CREATE INDEX results_guild_game ON results (guild_id, game_name);
"""

_V4 = """
ALTER TABLE games ADD COLUMN clock_deadline REAL;
ALTER TABLE seats ADD COLUMN timeouts INTEGER NOT NULL DEFAULT 0;
ALTER TABLE seats ADD COLUMN owner_id INTEGER;
ALTER TABLE seats ADD COLUMN owner_name TEXT;
"""

MIGRATIONS: list[Migration] = [
    _V1,  # 0 -> 1: games, seats, append-only actions log, meta
    _V2,  # 1 -> 2: games.deadline, when the current decision's timer runs out (Unix time)
    _V3,  # 2 -> 3: results, one row per seat of a finished game (for /stats and /leaderboard)
    _V4,  # 3 -> 4: the turn clock: games.clock_deadline; seats.timeouts, and owner_* of a seat an
    #     AI took over after timeouts (the player who may reclaim it)
]

LATEST: int = len(MIGRATIONS)
"""The schema version this code writes; a database with a higher ``user_version`` is refused."""


def split_statements(script: str) -> list[str]:
    """Split a SQL script into complete statements.

    Uses :func:`sqlite3.complete_statement`, so semicolons inside string literals, comments
    and trigger bodies do not end a statement. We execute statements one by one rather than
    with ``executescript``, because ``executescript`` commits any open transaction first and
    would break the one-transaction-per-migration guarantee.
    """
    statements: list[str] = []
    buffer = ""
    for piece in script.split(";"):
        buffer += piece + ";"
        if sqlite3.complete_statement(buffer):
            statement = buffer.strip()
            if statement.strip(";").strip():
                statements.append(statement)
            buffer = ""
    if buffer.strip(";").strip():
        raise ValueError(f"incomplete SQL statement at end of migration: {buffer.strip()!r}")
    return statements
