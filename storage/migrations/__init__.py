"""Numbered schema migrations, one ordered list per dialect.

SQLite (:data:`MIGRATIONS`, in :mod:`storage.migrations.sqlite`, tracked with ``PRAGMA
user_version``): ``MIGRATIONS[i]`` brings a database from ``user_version`` *i* to *i + 1*. The
runner in ``storage.sqlite`` applies each step in its own ``BEGIN IMMEDIATE`` transaction together
with the ``user_version`` bump, so a step is either fully applied or not at all.

PostgreSQL (:data:`POSTGRES_MIGRATIONS`, in :mod:`storage.migrations.postgres`, tracked in the
one-row table ``schema_version``): the same numbering, step *i* making the same change in
PostgreSQL's terms (BIGINT ids, DOUBLE PRECISION times, a PL/pgSQL trigger for the append-only
log). The runner in ``storage.postgres`` applies each step in its own transaction holding
``pg_advisory_xact_lock``, so processes starting at once migrate one after the other.

A step is either a SQL script (SQLite: split into statements with :func:`split_statements`, so
triggers with ``BEGIN ... END`` bodies are fine; PostgreSQL: run as one script) or an ``async``
callable taking the :class:`storage.db.Connection` for data migrations that need Python. Never
edit a released step: append a new one to both lists.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, TypeAlias

if TYPE_CHECKING:
    from storage.db import Connection

Migration: TypeAlias = "str | Callable[[Connection], Awaitable[None]]"

from storage.migrations.postgres import POSTGRES_MIGRATIONS  # noqa: E402 (they name Migration)
from storage.migrations.sqlite import MIGRATIONS  # noqa: E402

__all__ = ["LATEST", "MIGRATIONS", "POSTGRES_MIGRATIONS", "Migration", "split_statements"]

LATEST: int = len(MIGRATIONS)
"""The schema version this code writes; a database with a higher version is refused."""

assert len(POSTGRES_MIGRATIONS) == LATEST, "every migration needs its step in both dialects"


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
