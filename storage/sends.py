"""The new DMs under way. Before sending a new DM, the bot notes the nonce it sends it with
(`begin`); once the DM's id is recorded where it belongs (the seat's living DM, or a "your turn"
in `calls`), the note goes (`done`). A process killed in between leaves the note: the DM exists
but nothing knows its id. The next start (with several processes, any of them, once the note is
old) takes the note (`unfinished`) and sends the same nonce again; Discord answers a nonce it saw
in the past few minutes with the message it created then, which is deleted unless recorded after
all (`bot.dm_sends`).
"""

from __future__ import annotations

from dataclasses import dataclass

from storage.db import Database


@dataclass(frozen=True)
class Send:
    """A new DM to `who` under way: the living DM of `seat` in the game, or a "your turn" (None);
    or a post in `channel_id` (`who` 0): the game's table, or a mention."""

    nonce: int
    who: int
    game_id: int
    seat: int | None = None
    channel_id: int | None = None


class SendStore:
    """`GameStore.sends`. All methods are coroutines; each write is one transaction."""

    def __init__(self, db: Database) -> None:
        self.db = db

    async def begin(self, send: Send, now: float) -> None:
        """`send` is about to go (at `now`, Unix time)."""
        await self.db.write(
            "INSERT INTO dm_sends (nonce, who, game_id, seat, begun_at, channel_id)"
            " VALUES (?, ?, ?, ?, ?, ?)",
            (send.nonce, send.who, send.game_id, send.seat, now, send.channel_id),
        )

    async def done(self, nonce: int) -> None:
        """Its message's id is recorded (or there is none: closed DMs, a channel the bot may not
        post in)."""
        await self.db.write("DELETE FROM dm_sends WHERE nonce = ?", (nonce,))

    async def unfinished(self, begun_before: float, now: float) -> list[Send]:
        """The sends begun before `begun_before` and never done, each taken (its `begun_at` set
        to `now`) by one caller."""
        rows = await self.db.take_stale("dm_sends", "nonce", "begun_at", begun_before, now)
        return [
            Send(row["nonce"], row["who"], row["game_id"], row["seat"], row["channel_id"]) for row in rows
        ]
