"""The records and errors the game store hands out (re-exported by ``storage.games``), and how a
row of ``games`` or ``seats`` becomes one."""

from __future__ import annotations

import json
from dataclasses import dataclass

from storage.db import Row

#: A game's statuses: a lobby, a game being played, and the three ways one is over.
STATUSES = ("lobby", "running", "finished", "abandoned", "cancelled")
#: Not over: a lobby or a game being played (it may still change).
LIVE = ("lobby", "running")
#: Played and over (it has a log and an export; a rematch may follow): a cancelled lobby is not.
ENDED = ("finished", "abandoned")


class StorageConflict(Exception):
    """The request cannot be applied to the game as it is now; the message is for the player."""


class VersionConflict(StorageConflict):
    """Someone else's action was recorded first: the caller's ``expected_version`` is stale."""


class SeatTaken(StorageConflict):
    """The user is already seated in this game."""


@dataclass(frozen=True)
class GameRecord:
    """One row of ``games``; ``options`` is the decoded ``options_json``."""

    id: int
    guild_id: int | None
    channel_id: int
    game_name: str
    status: str
    host_id: int
    options: dict
    seed: int
    state_json: str | None
    version: int
    table_message_id: int | None
    created_at: str
    updated_at: str
    #: When the current decision closes on the clock (Unix time), if the game has a timer now.
    deadline: float | None = None
    #: When the turn clock runs out for the seats deciding now (Unix time), if it runs.
    clock_deadline: float | None = None
    #: The earliest moment the game must act on its own (AI turn, reaction window, turn clock),
    #: kept on PostgreSQL only (several processes: any of them runs it); None: nothing due.
    wake_at: float | None = None
    #: The turn-clock deadline whose warning was posted (posted once, by one process).
    warned_for: float | None = None
    #: The table's language (a Discord locale, see `bot.i18n`): its server's when it was opened.
    locale: str | None = None

    @property
    def live(self) -> bool:
        """A lobby or a game being played (not over)."""
        return self.status in LIVE


@dataclass(frozen=True)
class Freshness:
    """What may change in a game's row and seats besides the snapshot: read in one query to check
    a cached game against the database (several processes)."""

    version: int
    status: str
    table_message_id: int | None
    deadline: float | None
    clock_deadline: float | None
    wake_at: float | None
    warned_for: float | None
    host_id: int
    seats: list[SeatRecord]


@dataclass(frozen=True)
class SeatRecord:
    """One seat of a game. ``dm_open`` is None until the bot has tried to DM the player."""

    seat: int
    user_id: int
    display_name: str
    dm_open: bool | None
    dm_message_id: int | None
    #: Turn-clock expiries in a row for this seat.
    timeouts: int = 0
    #: The player an AI stands in for after their timeouts (may reclaim the seat), if any.
    owner_id: int | None = None
    owner_name: str | None = None
    #: The ephemeral view the seat plays from (its living private message while the token lasts,
    #: or always with DMs closed): the token of the latest interaction on it, when that came (a
    #: token edits the view for 15 minutes), and the view's message id.
    private_token: str | None = None
    private_token_at: float | None = None
    view_message_id: int | None = None
    #: The player's language (the Discord locale of their latest interaction), if known.
    locale: str | None = None

    @property
    def reader(self) -> int:
        """Who reads the seat's private message: its player, or the player an AI keeps it for
        (their DM then says so, and shows the end); else the AI's own (negative) id."""
        return self.owner_id if self.user_id < 0 and self.owner_id is not None else self.user_id


@dataclass(frozen=True)
class ActionRecord:
    """One applied action; ``seq`` is the game version it produced (1, 2, 3, ...)."""

    seq: int
    seat: int
    user_id: int
    action_json: str
    events_json: str
    created_at: str


def game_from_row(row: Row) -> GameRecord:
    """The record of a ``SELECT * FROM games`` row."""
    return GameRecord(
        id=row["id"],
        guild_id=row["guild_id"],
        channel_id=row["channel_id"],
        game_name=row["game_name"],
        status=row["status"],
        host_id=row["host_id"],
        options=json.loads(row["options_json"]),
        seed=row["seed"],
        state_json=row["state_json"],
        version=row["version"],
        table_message_id=row["table_message_id"],
        created_at=row["created_at"],
        updated_at=row["updated_at"],
        deadline=row["deadline"],
        clock_deadline=row["clock_deadline"],
        wake_at=row["wake_at"],
        warned_for=row["warned_for"],
        locale=row["locale"],
    )


def seat_from_row(row: Row) -> SeatRecord:
    """The record of a row with the columns of ``seats`` that :class:`SeatRecord` holds."""
    dm_open = row["dm_open"]
    return SeatRecord(
        seat=row["seat"],
        user_id=row["user_id"],
        display_name=row["display_name"],
        dm_open=None if dm_open is None else bool(dm_open),
        dm_message_id=row["dm_message_id"],
        timeouts=row["timeouts"],
        owner_id=row["owner_id"],
        owner_name=row["owner_name"],
        private_token=row["private_token"],
        private_token_at=row["private_token_at"],
        view_message_id=row["view_message_id"],
        locale=row["locale"],
    )
