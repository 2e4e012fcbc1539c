"""The messages that called someone to a game's current decision: a "your turn" DM, or the post in
the game's channel mentioning players (closed DMs, the turn clock's warning). Kept so that
whichever process sees the decision end (or the same process after a restart) deletes them:
the one whose `remove` takes the row, so each is deleted once. Taken, it waits in `call_deletes`
until it is deleted (`deleted`): one whose process stopped first is taken again (`unfinished`).
A table posted anew takes the old table message to delete the same way.

One row per game and `who` (the player told by DM, `CHANNEL` for the post, `CLOCK_NOTICE` for
the turn clock's "time ran out" post and `WELCOME_NOTICE` for `/reclaim`'s "welcome back", which
outlive their decision, and `REMINDER` for a chat reminder, which does not): the latest.
"""

from __future__ import annotations

from dataclasses import dataclass

from storage.db import Connection, Database

#: `Call.who` of the post in the game's channel
CHANNEL = 0
#: `Call.who` of the turn clock's latest "time ran out" post: true until the next one, or the end
CLOCK_NOTICE = -1
#: `Call.who` of the latest "welcome back" post after `/reclaim`: until the next one, the next
#: "time ran out", or the end
WELCOME_NOTICE = -2
#: `Call.who` of the latest chat reminder (a table rule for who posted at the wrong moment, e.g.
#: "stay silent until the gift is placed"): true while its decision is on
REMINDER = -3


@dataclass(frozen=True)
class Call:
    """A message that called someone to a decision: true while that decision is on and (a DM)
    still its player's."""

    who: int  # the player told by DM, or `CHANNEL`
    message_id: int
    decision: int
    seat: int | None = None  # a DM's seat; None for the post
    channel_id: int | None = None  # the post's channel; None for a DM


class CallStore:
    """`GameStore.calls`. All methods are coroutines; each write is one transaction."""

    def __init__(self, db: Database) -> None:
        self.db = db

    async def of_game(self, game_id: int) -> list[Call]:
        rows = await self.db.fetchall(
            "SELECT who, message_id, decision, seat, channel_id FROM calls WHERE game_id = ? ORDER BY who",
            (game_id,),
        )
        return [
            Call(row["who"], row["message_id"], row["decision"], row["seat"], row["channel_id"])
            for row in rows
        ]

    async def put(self, game_id: int, call: Call) -> None:
        """`call` is the latest for its `who` in the game (replacing the one before)."""
        await self.db.write(
            "INSERT INTO calls (game_id, who, channel_id, message_id, decision, seat) "
            "VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (game_id, who) DO UPDATE SET "
            "channel_id = excluded.channel_id, message_id = excluded.message_id, "
            "decision = excluded.decision, seat = excluded.seat",
            (game_id, call.who, call.channel_id, call.message_id, call.decision, call.seat),
        )

    async def remove(self, game_id: int, call: Call, now: float) -> bool:
        """Take `call` to delete it (at `now`, Unix time): whether it was still there (a newer one
        may have taken its place, or another process taken it first). Until `deleted`, it waits
        in `call_deletes`, in the same transaction."""

        async def take(conn: Connection) -> bool:
            removed = await conn.execute(
                "DELETE FROM calls WHERE game_id = ? AND who = ? AND message_id = ?",
                (game_id, call.who, call.message_id),
            )
            if removed:
                await take_to_delete(conn, call, now)
            return removed > 0

        return await self.db.grouped(take)

    async def deleted(self, call: Call) -> None:
        """The message taken to be deleted is deleted (or gone)."""
        await self.db.write("DELETE FROM call_deletes WHERE message_id = ?", (call.message_id,))

    async def unfinished(self, taken_before: float, now: float) -> list[Call]:
        """The messages taken to be deleted before `taken_before` and still not deleted (their
        process stopped first), taken again at `now`, each by one caller. Their `decision` is -1
        (over) and `seat` None."""
        rows = await self.db.take_stale("call_deletes", "message_id", "claimed_at", taken_before, now)
        return [Call(row["who"], row["message_id"], -1, channel_id=row["channel_id"]) for row in rows]


async def take_to_delete(conn: Connection, call: Call, now: float) -> None:
    """Note in `call_deletes` that the message is being deleted (taken at `now`), in the
    caller's transaction (`CallStore.remove`; a table posted anew: `GameStore.set_table_message`)."""
    await conn.execute(
        "INSERT INTO call_deletes (message_id, who, channel_id, claimed_at) VALUES (?, ?, ?, ?) "
        "ON CONFLICT (message_id) DO UPDATE SET claimed_at = excluded.claimed_at",
        (call.message_id, call.who, call.channel_id, now),
    )
