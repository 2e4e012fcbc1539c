"""The SQLite steps of the schema: ``MIGRATIONS[i]`` brings a database from version *i* to *i + 1*.

See :mod:`storage.migrations` for how they are run; never edit a released step, append one here
and its twin in :mod:`storage.migrations.postgres`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from storage.migrations import Migration

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

_V5 = """
ALTER TABLE seats ADD COLUMN private_token TEXT;
ALTER TABLE seats ADD COLUMN private_token_at REAL;
"""

_V6 = """
ALTER TABLE games ADD COLUMN wake_at REAL;
ALTER TABLE games ADD COLUMN warned_for REAL;
CREATE INDEX games_wake_at ON games (wake_at) WHERE status = 'running';
"""

_V7 = """
ALTER TABLE games ADD COLUMN locale TEXT;
ALTER TABLE seats ADD COLUMN locale TEXT;
CREATE TABLE guild_settings (
    guild_id INTEGER PRIMARY KEY,
    locale   TEXT
);
"""

_V8 = """
ALTER TABLE seats ADD COLUMN view_message_id INTEGER;
UPDATE seats SET view_message_id = dm_message_id, dm_message_id = NULL
    WHERE dm_open = 0 AND private_token IS NOT NULL;
"""

# who: the player told by DM (channel_id NULL), or 0 for the game's post in channel_id; seat: a
# DM's seat (NULL for the post); one row per game and who: the latest.
_V9 = """
CREATE TABLE calls (
    game_id    INTEGER NOT NULL REFERENCES games (id),
    who        INTEGER NOT NULL,
    channel_id INTEGER,
    message_id INTEGER NOT NULL,
    decision   INTEGER NOT NULL,
    seat       INTEGER,
    PRIMARY KEY (game_id, who)
);
"""

# A "your turn" message a process took from `calls` to delete, until it is deleted: one that
# stopped before (a restart; the delete waits for spare room in Discord's global budget, which
# can take minutes under load) leaves it here, and it is deleted after all (`CallStore.unfinished`).
_V10 = """
CREATE TABLE call_deletes (
    message_id INTEGER PRIMARY KEY,
    who        INTEGER NOT NULL,
    channel_id INTEGER,
    claimed_at REAL    NOT NULL
);
"""

# A new DM the bot is about to send, by the nonce it sends it with, until its id is recorded where
# it belongs (seat NULL: a "your turn", kept in `calls`; else the seat's living DM): one a process
# was killed in between sending and recording is found again by its nonce and deleted
# (`storage.sends`).
_V11 = """
CREATE TABLE dm_sends (
    nonce    INTEGER PRIMARY KEY,
    who      INTEGER NOT NULL,
    game_id  INTEGER NOT NULL,
    seat     INTEGER,
    begun_at REAL    NOT NULL
);
"""

# A table message the bot is about to post (by the same nonce, in `channel_id`; `who` 0): one a
# process was killed in between posting and recording is deleted the same way (`storage.sends`).
_V12 = """
ALTER TABLE dm_sends ADD COLUMN channel_id INTEGER;
"""

MIGRATIONS: list[Migration] = [
    _V1,  # 0 -> 1: games, seats, append-only actions log, meta
    _V2,  # 1 -> 2: games.deadline, when the current decision's timer runs out (Unix time)
    _V3,  # 2 -> 3: results, one row per seat of a finished game (for /stats and /leaderboard)
    _V4,  # 3 -> 4: the turn clock: games.clock_deadline; seats.timeouts, and owner_* of a seat an
    #     AI took over after timeouts (the player who may reclaim it)
    _V5,  # 4 -> 5: seats.private_token(_at): the interaction whose ephemeral view is the seat's
    #     living private message (DMs closed), so it can still be edited after a restart
    _V6,  # 5 -> 6: games.wake_at, the earliest moment the game must act on its own (an AI turn, a
    #     reaction window, the turn clock), so any process can run it (several processes on one
    #     PostgreSQL database); games.warned_for, the clock deadline whose warning was posted
    _V7,  # 6 -> 7: languages (bot.i18n): games.locale, the table's (its server's when it was
    #     opened); seats.locale, the player's (their latest interaction's); guild_settings.locale,
    #     the language a manager chose with /language
    _V8,  # 7 -> 8: seats.view_message_id, the ephemeral view a seat plays from (DMs open or
    #     closed; with DMs closed it was kept in dm_message_id)
    _V9,  # 8 -> 9: calls, the messages that called someone to a decision ("your turn" DMs, the
    #     channel's mention), so whichever process or restart sees the decision end deletes them
    _V10,  # 9 -> 10: call_deletes, those of them taken to be deleted and not yet deleted (Unix
    #     time claimed_at), so that one a process stopped before deleting is deleted after all
    _V11,  # 10 -> 11: dm_sends, the new DMs under way (by nonce), so that one sent by a process
    #     killed before it recorded the DM's id is deleted after all
    _V12,  # 11 -> 12: dm_sends.channel_id, table messages under way too (`who` 0)
]
