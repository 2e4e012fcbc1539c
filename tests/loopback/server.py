"""`LoopbackDiscord`: a small Discord (REST API v10 + gateway) on 127.0.0.1 for the unmodified
discord.py client. One guild with text channels (more with `add_guild`), users the test adds
(members of every guild), and every message kept in Discord's JSON for as long as the server
runs (the bot may restart against it).

Sharding: `LoopbackDiscord(shard_count=N)` answers N in GET /gateway/bot and wants each IDENTIFY
to carry `shard: [id, N]`; a guild's events go to the newest session of shard
`(guild_id >> 22) % N` (`shard_of`), DM events to shard 0, as Discord does. Several clients (bot
processes) may connect, each with its own shards.

    loop = LoopbackDiscord()
    loop.add_user(1, "Dasher")
    await loop.start()                      # loop.url = "http://127.0.0.1:<port>"
    ... start a client with patch_discord(loop.url) / DISCORD_LOOPBACK_URL ...
    await loop.wait_ready()
    result = await loop.slash(1, loop.channel_ids[0], "play", {"game": "secret-krampus"})
    await loop.stop()
"""

from __future__ import annotations

import asyncio
import collections
import json
import re
import time
import zlib
from collections.abc import Callable, Sequence
from typing import Any

from aiohttp import web

from . import multipart
from .driver import Driver
from .gateway import Connection, Gateway
from .messages import MessageStore, Req, Upload
from .model import (
    DEFAULT_BOT_ID,
    DEFAULT_CHANNEL_IDS,
    DEFAULT_GUILD_ID,
    DEFAULT_TOKEN,
    ApiError,
    Call,
    MessageMeta,
    Snowflakes,
    User,
)
from .rest import Rest
from .result import InteractionResult
from .webhooks import Webhooks

API = "/api/v10"
_HOOK = "/webhooks/{application_id}/{token}"
# (method, template, handler, is_interaction_response)
ROUTES: list[tuple[str, str, str, bool]] = [
    ("GET", "/users/@me", "get_me", False),
    ("POST", "/users/@me/channels", "create_dm", False),
    ("GET", "/users/{user_id}", "get_user", False),
    ("GET", "/oauth2/applications/@me", "get_application", False),
    ("GET", "/applications/@me", "get_application", False),
    ("GET", "/gateway", "get_gateway", False),
    ("GET", "/gateway/bot", "get_gateway_bot", False),
    ("GET", "/applications/{application_id}/commands", "get_commands", False),
    ("PUT", "/applications/{application_id}/commands", "put_commands", False),
    ("GET", "/applications/{application_id}/guilds/{guild_id}/commands", "get_commands", False),
    ("PUT", "/applications/{application_id}/guilds/{guild_id}/commands", "put_commands", False),
    ("GET", "/channels/{channel_id}", "get_channel", False),
    ("POST", "/channels/{channel_id}/typing", "typing", False),
    ("GET", "/channels/{channel_id}/messages", "list_messages", False),
    ("POST", "/channels/{channel_id}/messages", "post_message", False),
    ("GET", "/channels/{channel_id}/messages/{message_id}", "get_message", False),
    ("PATCH", "/channels/{channel_id}/messages/{message_id}", "patch_message", False),
    ("DELETE", "/channels/{channel_id}/messages/{message_id}", "delete_channel_message", False),
    ("POST", "/interactions/{interaction_id}/{token}/callback", "callback", True),
    ("POST", _HOOK, "webhook_call", True),
    *((m, _HOOK + "/messages/@original", "webhook_call", True) for m in ("GET", "PATCH", "DELETE")),
    *((m, _HOOK + "/messages/{message_id}", "webhook_call", True) for m in ("GET", "PATCH", "DELETE")),
]
NO_AUTH = {"callback", "webhook_call", "get_gateway"}


def _compile(template: str) -> re.Pattern[str]:
    pattern = re.sub(r"\\\{(\w+)\\\}", r"(?P<\1>[^/]+)", re.escape(template))
    return re.compile(f"^{pattern}$")


_COMPILED = [
    (method, template, _compile(template), handler, hook) for method, template, handler, hook in ROUTES
]


def _json(body: Any, status: int, headers: dict[str, str] | None = None) -> web.Response:
    # Exactly "application/json": discord.py compares the header verbatim (no "; charset=utf-8").
    response = web.Response(body=json.dumps(body).encode(), status=status, headers=headers)
    response.headers["Content-Type"] = "application/json"
    return response


class LoopbackDiscord(Rest, Webhooks, Gateway, MessageStore, Driver):
    def __init__(
        self,
        *,
        token: str = DEFAULT_TOKEN,
        bot_user_id: int = DEFAULT_BOT_ID,
        application_id: int | None = None,
        bot_name: str = "GameBot",
        guild_id: int = DEFAULT_GUILD_ID,
        guild_name: str = "North Pole",
        channel_ids: Sequence[int] = DEFAULT_CHANNEL_IDS,
        response_timeout: float = 3.0,
        token_lifetime: float = 15 * 60.0,
        privileged_intents: int = 0,
        realistic_rate_limits: bool = False,
        shard_count: int = 1,
        guild_locale: str = "en-US",
    ) -> None:
        self.token = token
        self.guild_locale = guild_locale  # the servers' "preferred locale" (Community settings)
        self.application_id = application_id or bot_user_id
        self.bot = User(bot_user_id, bot_name, bot=True)
        #: channel -> the permission bits a channel's overrides take from the bot there
        self.bot_denied: dict[int, int] = {}
        self.guild_id, self.guild_name = guild_id, guild_name  # the first guild
        if shard_count < 1:
            raise ValueError("shard_count must be at least 1")
        self.shard_count = shard_count
        self.owner_id = 1_000_000_000_000_000_001
        self.response_timeout = response_timeout  # Discord: 3 s from the dispatch to the callback
        self.token_lifetime = token_lifetime  # Discord: the interaction webhook lives 15 minutes
        self.privileged_intents = privileged_intents  # enabled on the "developer portal"
        self.realistic_rate_limits = realistic_rate_limits  # headers with Discord's 5 per 5 s per channel
        self.ids = Snowflakes()
        self.bot_role_id = self.ids.next()
        self.channels: dict[int, str] = {
            cid: ("general" if i == 0 else f"games-{i}") for i, cid in enumerate(channel_ids)
        }
        self.guilds: dict[int, str] = {guild_id: guild_name}  # guild id -> name
        self.channel_guild: dict[int, int] = {cid: guild_id for cid in channel_ids}
        self.users: dict[int, User] = {}
        self.dm_channels: dict[int, int] = {}  # user id -> DM channel id
        self.dm_owner: dict[int, int] = {}  # DM channel id -> user id
        self.messages: dict[int, dict[str, Any]] = {}
        self.meta: dict[int, MessageMeta] = {}
        #: called with every message as stored after it was sent or edited, and where it lives
        #: (observers: the load benchmark's `tests.bench.decisions`)
        self.on_written: list[Callable[[dict[str, Any], MessageMeta], None]] = []
        #: called with every message deleted (its id) and where it lived
        self.on_deleted: list[Callable[[int, MessageMeta], None]] = []
        self.channel_order: dict[int, list[int]] = {}
        self.ephemeral_order: dict[int, list[int]] = {}
        self.blobs: dict[int, bytes] = {}
        self.global_commands: list[dict[str, Any]] = []
        self.guild_commands: list[dict[str, Any]] = []
        self.command_syncs: list[tuple[int | None, list[str]]] = []
        self.interactions: dict[int, InteractionResult] = {}
        self.by_token: dict[str, InteractionResult] = {}
        self.calls: list[Call] = []
        self.nonces: dict[tuple[int, str], tuple[int, float]] = {}  # (author, nonce) -> (message, when)
        self.last_call_at = 0.0
        self.events: collections.deque = collections.deque(maxlen=10_000)
        self.connections: list[Connection] = []
        self.sessions: dict[int, Connection] = {}  # shard id -> its newest identified session
        self.ready_count = 0
        self.identify_failures = 0
        self.resume_attempts = 0
        self._cond = asyncio.Condition()
        self._windows: dict[tuple[str, str], collections.deque] = {}
        self._runner: web.AppRunner | None = None
        self.port = 0

    # -- configuration ----------------------------------------------------------------------------
    @property
    def channel_ids(self) -> list[int]:
        return list(self.channels)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def gateway_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/gateway"

    @property
    def active(self) -> Connection | None:
        """The newest identified session of shard 0 (the only shard unless `shard_count` > 1)."""
        return self.sessions.get(0)

    def add_guild(self, guild_id: int, name: str, channels: int | Sequence[int] = 2) -> list[int]:
        """Another guild the bot is in, with text channels (`channels` ids, or that many new
        ones); returns its channel ids. Sessions identified before miss its GUILD_CREATE."""
        if guild_id in self.guilds:
            raise ValueError(f"guild {guild_id} exists already")
        ids = [self.ids.next() for _ in range(channels)] if isinstance(channels, int) else list(channels)
        self.guilds[guild_id] = name
        for i, cid in enumerate(ids):
            if cid in self.channels:
                raise ValueError(f"channel {cid} exists already")
            self.channels[cid] = "general" if i == 0 else f"games-{i}"
            self.channel_guild[cid] = guild_id
        return ids

    def guild_channel_ids(self, guild_id: int | None = None) -> list[int]:
        """The text channels of a guild (the first guild by default)."""
        wanted = self.guild_id if guild_id is None else guild_id
        return [cid for cid in self.channels if self.channel_guild[cid] == wanted]

    def shard_of(self, guild_id: int | str | None) -> int:
        """The shard that gets a guild's events: `(guild_id >> 22) % shard_count`; 0 for DMs."""
        return 0 if guild_id is None else (int(guild_id) >> 22) % self.shard_count

    def add_user(
        self,
        user_id: int,
        name: str,
        *,
        dms_open: bool = True,
        manage_guild: bool = False,
        locale: str = "en-US",
    ) -> User:
        """A guild member the test can act as. `manage_guild` gives the Manage Server permission;
        `locale` is their Discord client's language."""
        user = User(user_id, name, dms_open=dms_open, manage_guild=manage_guild, locale=locale)
        self.users[user_id] = user
        return user

    def set_dms_open(self, user_id: int, dms_open: bool) -> None:
        self.users[user_id].dms_open = dms_open

    def channel_kind(self, channel_id: int | None) -> str | None:
        """'dm' (a user's DM channel with the bot), 'guild' (a text channel) or None (unknown)."""
        if channel_id in self.dm_owner:
            return "dm"
        return "guild" if channel_id in self.channels else None

    def call_kind(self, call: Call) -> str:
        """What a REST call was, for counting: 'interaction' (callbacks and followups: outside
        Discord's global rate limit), 'post' / 'edit' (a message in a text channel), 'dm' /
        'dm_edit' (in a DM channel), 'delete' (either), or 'other' (reads, opening a DM channel)."""
        if call.is_interaction_response:
            return "interaction"
        dm = call.channel_id is not None and call.channel_id in self.dm_owner
        if call.route == "POST /channels/{channel_id}/messages":
            return "dm" if dm else "post"
        if call.route == "PATCH /channels/{channel_id}/messages/{message_id}":
            return "dm_edit" if dm else "edit"
        if call.route == "DELETE /channels/{channel_id}/messages/{message_id}":
            return "delete"
        return "other"

    def dm_channel_id(self, user_id: int) -> int:
        """The user's DM channel with the bot (created on first use, like Discord)."""
        if user_id not in self.dm_channels:
            channel_id = self.ids.next()
            self.dm_channels[user_id] = channel_id
            self.dm_owner[channel_id] = user_id
        return self.dm_channels[user_id]

    # -- running -------------------------------------------------------------------------------------
    async def start(self, port: int = 0) -> LoopbackDiscord:
        app = web.Application(client_max_size=64 * 1024 * 1024)
        app.router.add_get("/gateway", self._gateway)
        app.router.add_get("/attachments/{channel_id}/{attachment_id}/{filename}", self._attachment)
        app.router.add_route("*", API + "/{tail:.*}", self._api)
        self._runner = web.AppRunner(app, handle_signals=False, access_log=None, shutdown_timeout=1.0)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", port)
        await site.start()
        self.port = self._runner.addresses[0][1]
        return self

    async def stop(self) -> None:
        for conn in self.connections:
            if not conn.closed:
                await conn.ws.close(code=1001, message=b"loopback stopping")
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    async def __aenter__(self) -> LoopbackDiscord:
        return await self.start()

    async def __aexit__(self, *exc: object) -> None:
        await self.stop()

    async def _notify(self) -> None:
        async with self._cond:
            self._cond.notify_all()

    async def _attachment(self, request: web.Request) -> web.Response:
        try:
            data = self.blobs[int(request.match_info["attachment_id"])]
        except (KeyError, ValueError):
            raise web.HTTPNotFound() from None
        return web.Response(body=data, content_type="application/octet-stream")

    # -- REST dispatch ---------------------------------------------------------------------------------
    def _match(self, method: str, path: str):
        allowed = False
        for m, template, pattern, handler, hook in _COMPILED:
            found = pattern.match(path)
            if found:
                if m == method:
                    return (template, handler, hook), found.groupdict()
                allowed = True
        return None, allowed

    async def _read(self, request: web.Request, params: dict[str, str]) -> Req:
        req = Req(request.method, params, dict(request.query))
        # the raw header: `request.content_type` parses it with the email package (10% of the
        # load benchmark's driver at 1,000 games)
        content_type = request.headers.get("Content-Type", "")
        if content_type.lower().startswith("multipart/"):
            for part in multipart.parts(await request.read(), content_type):  # not aiohttp's: see there
                if part.name == "payload_json":
                    req.payload = json.loads(part.text())
                elif part.name and part.name.startswith("files["):
                    index = int(part.name[6:-1])
                    req.uploads[index] = Upload(part.filename or f"file{index}", part.data)
        elif request.can_read_body:
            text = await request.text()
            if text:
                req.payload = json.loads(text)
        return req

    async def _api(self, request: web.Request) -> web.Response:
        at = self.last_call_at = time.monotonic()
        path = request.path[len(API) :] or "/"
        found, params = self._match(request.method, path)
        if found is None:
            status = 405 if params else 404
            body: Any = {"message": f"{status}: {'Method Not Allowed' if params else 'Not Found'}", "code": 0}
            self.calls.append(Call(request.method, None, path, status, at, False, None, 0))
            return _json(body, status)
        template, handler, hook = found
        route = f"{request.method} {template}"
        channel_id = int(params["channel_id"]) if params.get("channel_id", "").isdigit() else None
        code = None
        try:
            if handler not in NO_AUTH and request.headers.get("Authorization") != f"Bot {self.token}":
                raise ApiError(401, 0, "401: Unauthorized")
            try:
                req = await self._read(request, params)
            except (ValueError, UnicodeDecodeError):
                raise ApiError(400, 50109, "The request body contains invalid JSON.") from None
            status, body = await getattr(self, handler)(req)
        except ApiError as error:
            status, body, code = error.status, error.body(), error.code
        size = request.content_length or 0
        self.calls.append(Call(request.method, route, path, status, at, hook, channel_id, code, size))
        headers = self._rate_limit_headers(template, params, at)
        if status == 204:
            return web.Response(status=204, headers=headers)
        return _json(body, status, headers)

    def _rate_limit_headers(self, template: str, params: dict[str, str], now: float) -> dict[str, str]:
        major = params.get("channel_id") or params.get("guild_id") or params.get("token") or ""
        window = 5.0 if self.realistic_rate_limits else 1.0
        limit = 5 if self.realistic_rate_limits and "channel_id" in params else 50
        times = self._windows.setdefault((template, major), collections.deque())
        times.append(now)
        while now - times[0] >= window:
            times.popleft()
        remaining = max(0, limit - len(times)) if self.realistic_rate_limits else limit - 1
        reset_after = max(0.001, window - (now - times[0]))
        return {
            "X-RateLimit-Limit": str(limit),
            "X-RateLimit-Remaining": str(remaining),
            "X-RateLimit-Reset": f"{time.time() + reset_after:.3f}",
            "X-RateLimit-Reset-After": f"{reset_after:.3f}",
            "X-RateLimit-Bucket": f"{zlib.crc32(template.encode()):08x}",
        }
