"""`python -m bot migrate-db --to postgresql://...`: copy a SQLite database into PostgreSQL.

Copies every game, seat, action log row, result and meta row from the SQLite database of
`DATABASE_URL` (or `--from sqlite:///...`) into the database of `--to` (migrated to the latest
schema first; it must hold no games yet), keeping every id, in one transaction: on any error
nothing is copied. Then checks each game that has a state and whose game the bot knows: its log,
replayed from its seed by the game's rules, must give its stored state, in both databases.
Prints what it copied and what it checked.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from storage import Connection, Database, DatabaseError, GameRecord, GameStore, is_postgres_url
from storage.sqlite import database_path_from_url
from storage.sqlite_setup import MEMORY, only_process_on

#: The tables in the order they are copied (parents first) and their columns.
TABLES: dict[str, tuple[str, ...]] = {
    "games": (
        "id",
        "guild_id",
        "channel_id",
        "game_name",
        "status",
        "host_id",
        "options_json",
        "seed",
        "state_json",
        "version",
        "table_message_id",
        "created_at",
        "updated_at",
        "deadline",
        "clock_deadline",
        "wake_at",
        "warned_for",
        "locale",
    ),
    "seats": (
        "game_id",
        "seat",
        "user_id",
        "display_name",
        "dm_open",
        "dm_message_id",
        "timeouts",
        "owner_id",
        "owner_name",
        "private_token",
        "private_token_at",
        "view_message_id",
        "locale",
    ),
    "actions": ("game_id", "seq", "seat", "user_id", "action_json", "events_json", "created_at"),
    "results": ("game_id", "seat", "user_id", "guild_id", "game_name", "won", "ai"),
    "meta": ("key", "value"),
    "guild_settings": ("guild_id", "locale"),
    "calls": ("game_id", "who", "channel_id", "message_id", "decision", "seat"),
    "call_deletes": ("message_id", "who", "channel_id", "claimed_at"),
    "dm_sends": ("nonce", "who", "game_id", "seat", "begun_at", "channel_id"),
}
_ORDER = {
    "games": "id",
    "seats": "game_id, seat",
    "actions": "game_id, seq",
    "results": "game_id, seat",
    "calls": "game_id, who",
}


_NOUNS = {  # (one, several)
    "games": ("game", "games"),
    "seats": ("seat", "seats"),
    "actions": ("action log row", "action log rows"),
    "results": ("result", "results"),
    "meta": ("meta row", "meta rows"),
    "guild_settings": ("server setting", "server settings"),
    "calls": ('"your turn" message', '"your turn" messages'),
    "call_deletes": ('"your turn" message to delete', '"your turn" messages to delete'),
    "dm_sends": ("new message under way", "new messages under way"),
}


def _count(n: int, noun: tuple[str, str]) -> str:
    return f"{n} {noun[0] if n == 1 else noun[1]}"


class MigrationError(Exception):
    """The copy cannot be made (or did not check out); the message says why, in one line."""


@dataclass
class Report:
    copied: dict[str, int] = field(default_factory=dict)
    replayed: int = 0
    #: Games not replayed, with why (no state yet, or a game this bot does not know).
    not_replayed: list[tuple[int, str]] = field(default_factory=list)

    def lines(self) -> list[str]:
        counts = ", ".join(_count(n, _NOUNS[table]) for table, n in self.copied.items())
        out = [f"Copied {counts}."]
        replays = "game replays to its" if self.replayed == 1 else "games replay to their"
        out.append(f"{self.replayed} {replays} stored state in both databases.")
        for game_id, why in self.not_replayed:
            out.append(f"  game {game_id} not replayed: {why}")
        return out


def replay_problem(game: GameRecord, seats: int, actions: Sequence[tuple[int, str]]) -> str | None:
    """Why `game`'s log ((seat, action JSON) in order) does not replay to its stored state, or
    None if it does. Raises LookupError for a game without a state or of an unknown game."""
    from bot.plugins import PLUGINS

    plugin = PLUGINS.find(game.game_name)
    if plugin is None:
        raise LookupError(f"this bot has no game called {game.game_name!r}")
    if game.state_json is None:
        raise LookupError("not started")
    rules = plugin.rules
    try:
        replayed = rules.replay(
            seats,
            rules.parse_options(game.options),
            game.seed,
            [(seat, rules.load_action(action)) for seat, action in actions],
        )
    except Exception as error:  # an action the rules refuse now: the log does not replay
        return f"replaying its log failed ({type(error).__name__}: {error})"
    if replayed != rules.load_state(game.state_json):
        return "its log replays to another state than the stored one"
    return None


async def check_game(store: GameStore, game: GameRecord) -> str | None:
    """`replay_problem` for a stored game (read from `store`)."""
    seats = await store.get_seats(game.id)
    actions = await store.get_actions(game.id)
    return replay_problem(game, len(seats), [(a.seat, a.action_json) for a in actions])


async def migrate(source: Database, target: Database) -> Report:
    """Copy everything of `source` into `target` (see the module docstring)."""
    if target.dialect != "postgresql":
        raise MigrationError("the target must be a PostgreSQL database (postgresql://...)")
    report = Report()
    async with target.transaction() as conn:
        held = await conn.fetchone("SELECT COUNT(*) FROM games")
        if held is not None and held[0]:
            raise MigrationError(
                f"the target database already holds {held[0]} game{'' if held[0] == 1 else 's'}; "
                "copy into an empty database"
            )
        existing = await conn.fetchall("SELECT key FROM meta")
        if existing:
            raise MigrationError("the target database already has meta rows; copy into an empty database")
        for table, columns in TABLES.items():
            order = _ORDER.get(table, columns[0])
            rows = await source.fetchall(f"SELECT {', '.join(columns)} FROM {table} ORDER BY {order}")
            await _copy(conn, table, columns, rows)
            report.copied[table] = len(rows)
        # The next new game gets the id after the highest copied one.
        await conn.execute(
            "SELECT setval(pg_get_serial_sequence('games', 'id'), COALESCE(MAX(id), 0) + 1, false) FROM games"
        )
    source_store, target_store = GameStore(source), GameStore(target)
    for row in await source.fetchall("SELECT id FROM games ORDER BY id"):
        old = await source_store.get_game(row[0])
        new = await target_store.get_game(row[0])
        assert old is not None
        if new != old:
            raise MigrationError(f"game {row[0]} reads back differently from the target database")
        try:
            problems = {await check_game(source_store, old), await check_game(target_store, new)}
        except LookupError as why:
            report.not_replayed.append((row[0], str(why)))
            continue
        problems.discard(None)
        if problems:
            raise MigrationError(f"game {row[0]} ({old.game_name}): {problems.pop()}")
        report.replayed += 1
    return report


async def _copy(conn: Connection, table: str, columns: tuple[str, ...], rows: Sequence[Any]) -> None:
    marks = ", ".join("?" for _ in columns)
    sql = f"INSERT INTO {table} ({', '.join(columns)}) VALUES ({marks})"
    for row in rows:
        await conn.execute(sql, tuple(row))


async def run(source_url: str, target_url: str) -> int:
    if is_postgres_url(source_url):
        print("--from must be a SQLite database (sqlite:///...)", file=sys.stderr)
        return 2
    if not is_postgres_url(target_url):
        print("--to must be a PostgreSQL database (postgresql://user@host:port/dbname)", file=sys.stderr)
        return 2
    try:
        path = database_path_from_url(source_url)
        if path != MEMORY and not os.path.isfile(path):  # opening it would create an empty one
            where = os.path.abspath(path)
            print(f"There is no SQLite database at {where}: nothing to copy.", file=sys.stderr)
            return 2
        held = only_process_on(source_url)  # (a bot still running on it would go on without the copy)
    except DatabaseError as error:
        print(f"Cannot copy the SQLite database: {error}", file=sys.stderr)
        return 2
    try:
        source = await Database.open(source_url)
    except DatabaseError as error:
        if held is not None:
            held.close()
        print(f"Cannot use the SQLite database: {error}", file=sys.stderr)
        return 2
    try:
        try:
            target = await Database.open(target_url)
        except DatabaseError as error:
            print(f"Cannot use the PostgreSQL database: {error}", file=sys.stderr)
            return 2
        try:
            print(f"Copying {source.location} to {target.location} ...")
            report = await migrate(source, target)
        except MigrationError as error:
            print(f"Not copied: {error}", file=sys.stderr)
            return 1
        finally:
            await target.close()
    finally:
        await source.close()
        if held is not None:
            held.close()
    for line in report.lines():
        print(line)
    print(f"Done. Set DATABASE_URL={target.location} (with its password, if any) to use it.")
    return 0


def main(argv: Sequence[str]) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m bot migrate-db",
        description="Copy every game of a SQLite database into an empty PostgreSQL database.",
    )
    parser.add_argument("--to", required=True, help="postgresql://user@host:port/dbname")
    parser.add_argument("--from", dest="source", help="sqlite:///path.db (default: DATABASE_URL)")
    args = parser.parse_args(list(argv))
    source = args.source
    if source is None:
        from bot.settings import SettingsError, load_settings

        try:
            source = load_settings().database_url
        except SettingsError as error:
            print(f"{error} (or name the database with --from)", file=sys.stderr)
            return 2
    return asyncio.run(run(source, args.to))
