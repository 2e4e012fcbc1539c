"""The gateway websocket: HELLO, IDENTIFY -> READY + GUILD_CREATE, heartbeats, RESUME refused
with op 9 (so discord.py identifies again), and dispatching events to the newest session of the
shard they belong to: a guild's events to shard `(guild_id >> 22) % shard_count`, the rest (DMs)
to shard 0. An IDENTIFY with a `shard` that does not fit the loopback's `shard_count` is closed
with 4010 (Invalid shard); one without `shard` while there are several, with 4011 (Sharding
required).

JSON text frames, no compression (discord.py asks for zlib-stream but reads text frames too)."""

from __future__ import annotations

import asyncio
import collections
import contextlib
import itertools
import json
import logging
import secrets
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from aiohttp import WSMsgType, web

from .model import EVERYONE_PERMISSIONS, PRIVILEGED_INTENTS, iso_now

if TYPE_CHECKING:
    from .server import LoopbackDiscord

log = logging.getLogger(__name__)
HEARTBEAT_INTERVAL_MS = 41250
HEARTBEAT_ACK_DELAY = 0.05  # seconds
_conn_ids = itertools.count(1)


@dataclass
class Connection:
    ws: web.WebSocketResponse
    id: int = field(default_factory=lambda: next(_conn_ids))
    opened_at: float = field(default_factory=time.monotonic)
    session_id: str | None = None
    intents: int = 0
    identify: dict[str, Any] | None = None
    seq: int = 0
    ready: bool = False  # READY and GUILD_CREATE are sent
    closed: bool = False
    heartbeats: int = 0
    queue: asyncio.Queue = field(default_factory=asyncio.Queue)
    shard: int = 0  # from IDENTIFY's `shard: [id, count]` (0 without one)
    ready_index: int = 0  # `ready_count` when this session became ready
    dispatched: collections.deque = field(default_factory=lambda: collections.deque(maxlen=2000))
    # (event name, guild id or None) of the events sent to this session, newest last


class Gateway:
    """Mixed into LoopbackDiscord."""

    async def _gateway(self: LoopbackDiscord, request: web.Request) -> web.StreamResponse:
        ws = web.WebSocketResponse(max_msg_size=0)
        await ws.prepare(request)
        conn = Connection(ws)
        self.connections.append(conn)
        writer = asyncio.create_task(self._writer(conn))
        self._send(
            conn, {"op": 10, "d": {"heartbeat_interval": HEARTBEAT_INTERVAL_MS, "_trace": ["loopback"]}}
        )
        try:
            async for msg in ws:
                if msg.type is not WSMsgType.TEXT:
                    continue
                await self._gateway_op(conn, json.loads(msg.data))
        finally:
            conn.closed = True
            writer.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await writer
            if self.sessions.get(conn.shard) is conn:
                del self.sessions[conn.shard]
            async with self._cond:
                self._cond.notify_all()
        return ws

    async def _writer(self: LoopbackDiscord, conn: Connection) -> None:
        while True:
            frame, sent = await conn.queue.get()
            try:
                await conn.ws.send_str(json.dumps(frame))
            except (ConnectionError, RuntimeError) as error:
                if sent is not None and not sent.done():
                    sent.set_exception(ConnectionError(f"gateway connection closed: {error}"))
                continue
            if sent is not None and not sent.done():
                sent.set_result(time.monotonic())

    def _send(self: LoopbackDiscord, conn: Connection, frame: dict[str, Any], *, track: bool = False):
        sent = asyncio.get_running_loop().create_future() if track else None
        conn.queue.put_nowait((frame, sent))
        return sent

    def session_for(self: LoopbackDiscord, guild_id: int | str | None) -> Connection | None:
        """The session that gets a guild's events (DMs: guild_id None), if one is identified."""
        conn = self.sessions.get(self.shard_of(guild_id))
        return None if conn is None or conn.closed else conn

    def send_event(
        self: LoopbackDiscord,
        event: str,
        data: dict[str, Any],
        *,
        track: bool = False,
        conn: Connection | None = None,
    ):
        """Dispatch an event (op 0) to `conn`, by default to the newest identified session of the
        shard of `data["guild_id"]` (shard 0 without one); None if there is no such session."""
        guild_id = data.get("guild_id")
        conn = conn or self.session_for(guild_id)
        if conn is None or conn.closed:
            return None
        conn.seq += 1
        self.events.append((time.monotonic(), event, data))
        conn.dispatched.append((event, int(guild_id) if guild_id else None))
        return self._send(conn, {"op": 0, "t": event, "s": conn.seq, "d": data}, track=track)

    async def _gateway_op(self: LoopbackDiscord, conn: Connection, frame: dict[str, Any]) -> None:
        op, data = frame.get("op"), frame.get("d")
        if op == 1:
            conn.heartbeats += 1
            # acknowledged after a network's delay: discord.py's heartbeat thread notes when it
            # sent only once the send returned, so an instant ack reads as ~41 s late and logs
            # "Can't keep up ... websocket is 41.3s behind" (Discord itself is never that quick)
            asyncio.get_running_loop().call_later(HEARTBEAT_ACK_DELAY, self._send, conn, {"op": 11})
        elif op == 2:
            await self._identify(conn, data or {})
        elif op == 6:
            # Sessions are not kept: answer like Discord does for a session it lost.
            self.resume_attempts += 1
            self._send(conn, {"op": 9, "d": False})
        elif op == 8:
            members = [u.member_payload() for u in self.users.values()]
            nonce = (data or {}).get("nonce")
            guild_id = str((data or {}).get("guild_id") or self.guild_id)
            chunk = {"guild_id": guild_id, "members": members, "chunk_index": 0, "chunk_count": 1}
            if nonce:
                chunk["nonce"] = nonce
            if self.sessions.get(conn.shard) is conn:
                self.send_event("GUILD_MEMBERS_CHUNK", chunk, conn=conn)
        elif op in (3, 4):
            pass  # presence and voice state updates: accepted, ignored
        else:
            await conn.ws.close(code=4001, message=b"Unknown opcode")

    async def _identify(self: LoopbackDiscord, conn: Connection, data: dict[str, Any]) -> None:
        token = str(data.get("token") or "")
        if token.removeprefix("Bot ") != self.token:
            self.identify_failures += 1
            await conn.ws.close(code=4004, message=b"Authentication failed.")
            return
        if "intents" not in data:
            await conn.ws.close(code=4013, message=b"Invalid intent(s).")
            return
        intents = int(data["intents"])
        if intents & PRIVILEGED_INTENTS & ~self.privileged_intents:
            await conn.ws.close(code=4014, message=b"Disallowed intent(s).")
            return
        shard = data.get("shard")
        if shard is None and self.shard_count > 1:
            await conn.ws.close(code=4011, message=b"Sharding required.")
            return
        if shard is not None and not (
            isinstance(shard, list)
            and len(shard) == 2
            and shard[1] == self.shard_count
            and isinstance(shard[0], int)
            and 0 <= shard[0] < shard[1]
        ):
            await conn.ws.close(code=4010, message=b"Invalid shard.")
            return
        conn.shard = shard[0] if shard else 0
        guilds = [g for g in self.guilds if self.shard_of(g) == conn.shard]
        conn.identify, conn.intents = data, intents
        conn.session_id = secrets.token_hex(16)
        self.sessions[conn.shard] = conn
        ready = {
            "v": 10,
            "user": {**self.bot.payload(), "verified": True, "mfa_enabled": False, "flags": 0, "email": None},
            "guilds": [{"id": str(g), "unavailable": True} for g in guilds],
            "session_id": conn.session_id,
            "session_type": "normal",
            "resume_gateway_url": self.gateway_url,
            "application": {"id": str(self.application_id), "flags": 0},
            "private_channels": [],
            "relationships": [],
            "presences": [],
            "guild_join_requests": [],
            "geo_ordered_rtc_regions": [],
            "user_settings": {},
            "_trace": ["loopback"],
        }
        if data.get("shard"):
            ready["shard"] = data["shard"]
        done = self.send_event("READY", ready, track=True, conn=conn)
        for guild_id in guilds:
            done = self.send_event("GUILD_CREATE", self.guild_payload(guild_id), track=True, conn=conn)
        with contextlib.suppress(ConnectionError):
            await done
        conn.ready = True
        self.ready_count += 1
        conn.ready_index = self.ready_count
        async with self._cond:
            self._cond.notify_all()

    async def drop_session(self: LoopbackDiscord, code: int = 4000, *, shard: int = 0) -> None:
        """Close the newest session's websocket (of `shard`), as Discord does now and then:
        discord.py tries to RESUME, gets op 9 and identifies again (see `resume_attempts`,
        `ready_count`)."""
        conn = self.sessions.get(shard)
        if conn is not None and not conn.closed:
            await conn.ws.close(code=code, message=b"loopback: session dropped")

    @property
    def intents(self: LoopbackDiscord) -> int | None:
        """The intents the newest session identified with."""
        return self.active.intents if self.active is not None else None

    # -- payloads ------------------------------------------------------------------------------------
    def channel_payload(self: LoopbackDiscord, channel_id: int) -> dict[str, Any]:
        if channel_id in self.channels:
            guild_id = self.channel_guild[channel_id]
            position = self.guild_channel_ids(guild_id).index(channel_id)
            return {
                "id": str(channel_id),
                "type": 0,
                "guild_id": str(guild_id),
                "name": self.channels[channel_id],
                "position": position,
                "permission_overwrites": [],
                "nsfw": False,
                "topic": None,
                "parent_id": None,
                "last_message_id": None,
                "rate_limit_per_user": 0,
                "flags": 0,
            }
        user_id = self.dm_owner[channel_id]
        return {
            "id": str(channel_id),
            "type": 1,
            "last_message_id": None,
            "flags": 0,
            "recipients": [self.users[user_id].payload()],
        }

    def guild_payload(self: LoopbackDiscord, guild_id: int | None = None) -> dict[str, Any]:
        guild_id = self.guild_id if guild_id is None else guild_id
        everyone = {
            "id": str(guild_id),
            "name": "@everyone",
            "permissions": str(EVERYONE_PERMISSIONS),
            "position": 0,
            "color": 0,
            "hoist": False,
            "managed": False,
            "mentionable": False,
            "flags": 0,
        }
        bot_role = {
            **everyone,
            "id": str(self.bot_role_id),
            "name": self.bot.name,
            "position": 1,
            "managed": True,
            "tags": {"bot_id": str(self.bot.id)},
        }
        return {
            "id": str(guild_id),
            "name": self.guilds[guild_id],
            "icon": None,
            "splash": None,
            "owner_id": str(self.owner_id),
            "afk_channel_id": None,
            "afk_timeout": 300,
            "verification_level": 1,
            "default_message_notifications": 1,
            "explicit_content_filter": 0,
            "roles": [everyone, bot_role],
            "emojis": [],
            "stickers": [],
            "features": [],
            "mfa_level": 0,
            "application_id": None,
            "system_channel_id": str(next(iter(self.channels))) if self.channels else None,
            "system_channel_flags": 0,
            "rules_channel_id": None,
            "joined_at": iso_now(),
            "large": False,
            "unavailable": False,
            "member_count": len(self.users) + 1,
            "voice_states": [],
            "members": [self.bot.member_payload(roles=[self.bot_role_id])],
            "channels": [self.channel_payload(cid) for cid in self.guild_channel_ids(guild_id)],
            "threads": [],
            "presences": [],
            "stage_instances": [],
            "guild_scheduled_events": [],
            "soundboard_sounds": [],
            "premium_tier": 0,
            "premium_subscription_count": 0,
            "preferred_locale": self.guild_locale,
            "nsfw_level": 0,
            "premium_progress_bar_enabled": False,
            "max_members": 500000,
            "description": None,
            "vanity_url_code": None,
            "banner": None,
        }
