"""REST routes under /api/v10 that are not interaction responses: login, application, gateway,
commands, DM channels and channel messages."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

from .messages import Req
from .model import (
    CANNOT_DM,
    UNKNOWN_CHANNEL,
    UNKNOWN_MESSAGE,
    UNKNOWN_USER,
    ApiError,
    MessageMeta,
    copied,
    unknown,
)
from .validate import check_commands

if TYPE_CHECKING:
    from .server import LoopbackDiscord

Answer = tuple[int, Any]

#: Discord: a message created with `enforce_nonce` and the nonce of one the same author created in
#: "the past few minutes" is not created again; that one is returned.
NONCE_SECONDS = 120.0


class Rest:
    """Mixed into LoopbackDiscord. Each handler returns (status, JSON body or None)."""

    # -- login, application, gateway ------------------------------------------------------------
    async def get_me(self: LoopbackDiscord, req: Req) -> Answer:
        return 200, {**self.bot.payload(), "verified": True, "mfa_enabled": False, "flags": 0, "email": None}

    async def get_user(self: LoopbackDiscord, req: Req) -> Answer:
        user_id = req.int_param("user_id", unknown("User", UNKNOWN_USER))
        user = self.bot if user_id == self.bot.id else self.users.get(user_id)
        if user is None:
            raise unknown("User", UNKNOWN_USER)
        return 200, user.payload()

    async def get_application(self: LoopbackDiscord, req: Req) -> Answer:
        owner = {
            "id": str(self.owner_id),
            "username": "owner",
            "global_name": "Owner",
            "discriminator": "0",
            "avatar": None,
            "public_flags": 0,
        }
        return 200, {
            "id": str(self.application_id),
            "name": self.bot.name,
            "description": "",
            "icon": None,
            "bot_public": True,
            "bot_require_code_grant": False,
            "owner": owner,
            "team": None,
            "verify_key": "0" * 64,
            "flags": 0,
            "summary": "",
            "bot": self.bot.payload(),
            "redirect_uris": [],
            "interactions_endpoint_url": None,
            "approximate_guild_count": len(self.guilds),
        }

    async def get_gateway(self: LoopbackDiscord, req: Req) -> Answer:
        return 200, {"url": self.gateway_url}

    async def get_gateway_bot(self: LoopbackDiscord, req: Req) -> Answer:
        limit = {"total": 1000, "remaining": 999, "reset_after": 86_400_000, "max_concurrency": 1}
        return 200, {"url": self.gateway_url, "shards": self.shard_count, "session_start_limit": limit}

    # -- application commands -------------------------------------------------------------------
    def _check_app(self: LoopbackDiscord, req: Req) -> None:
        if req.params.get("application_id") != str(self.application_id):
            raise ApiError(403, 50001, "Missing Access")

    def _command_scope(self: LoopbackDiscord, req: Req) -> tuple[int | None, list[dict[str, Any]]]:
        self._check_app(req)
        if "guild_id" not in req.params:
            return None, self.global_commands
        if req.params["guild_id"] != str(self.guild_id):
            raise ApiError(403, 50001, "Missing Access")
        return self.guild_id, self.guild_commands

    async def put_commands(self: LoopbackDiscord, req: Req) -> Answer:
        guild_id, current = self._command_scope(req)
        wanted = req.payload if isinstance(req.payload, list) else None
        if wanted is None:
            raise ApiError(400, 50035, "Invalid Form Body", {"_errors": [{"code": "BASE_TYPE_ARRAY"}]})
        check_commands(wanted)
        old = {(c.get("type", 1), c["name"]): c for c in current}
        stored = []
        for command in wanted:
            kind = command.get("type", 1)
            previous = old.get((kind, command["name"]))
            data = {
                "name_localizations": None,
                "description_localizations": None,
                "default_member_permissions": None,
                "nsfw": False,
                **copied(command),
                "id": previous["id"] if previous else str(self.ids.next()),
                "application_id": str(self.application_id),
                "version": str(self.ids.next()),
                "type": kind,
                "description": command.get("description", ""),
            }
            if guild_id is not None:
                data["guild_id"] = str(guild_id)
            stored.append(data)
        current[:] = stored
        self.command_syncs.append((guild_id, [c["name"] for c in stored]))
        await self._notify()
        return 200, copied(stored)

    async def get_commands(self: LoopbackDiscord, req: Req) -> Answer:
        _, current = self._command_scope(req)
        return 200, copied(current)

    # -- channels and messages --------------------------------------------------------------------
    def _channel_id(self: LoopbackDiscord, req: Req) -> int:
        channel_id = req.int_param("channel_id", unknown("Channel", UNKNOWN_CHANNEL))
        if channel_id not in self.channels and channel_id not in self.dm_owner:
            raise unknown("Channel", UNKNOWN_CHANNEL)
        return channel_id

    def _channel_message(self: LoopbackDiscord, req: Req) -> tuple[int, int]:
        channel_id = self._channel_id(req)
        message_id = req.int_param("message_id", unknown("Message", UNKNOWN_MESSAGE))
        meta = self.meta.get(message_id)
        message = self.messages.get(message_id)
        if (
            meta is None
            or meta.kind == "ephemeral"
            or message is None
            or message["channel_id"] != str(channel_id)
        ):
            raise unknown("Message", UNKNOWN_MESSAGE)
        return channel_id, message_id

    async def create_dm(self: LoopbackDiscord, req: Req) -> Answer:
        try:
            user_id = int((req.payload or {}).get("recipient_id"))
        except (TypeError, ValueError):
            raise ApiError(400, 50035, "Invalid Form Body") from None
        if user_id not in self.users:
            raise ApiError(400, 50033, "Invalid Recipient(s)")
        return 200, self.channel_payload(self.dm_channel_id(user_id))

    async def get_channel(self: LoopbackDiscord, req: Req) -> Answer:
        return 200, self.channel_payload(self._channel_id(req))

    async def typing(self: LoopbackDiscord, req: Req) -> Answer:
        self._channel_id(req)
        return 204, None

    async def list_messages(self: LoopbackDiscord, req: Req) -> Answer:
        channel_id = self._channel_id(req)
        limit = max(1, min(100, int(req.query.get("limit", 50))))
        ids = self.channel_order.get(channel_id, [])
        return 200, [copied(self.messages[m]) for m in reversed(ids[-limit:])]

    async def post_message(self: LoopbackDiscord, req: Req) -> Answer:
        channel_id = self._channel_id(req)
        if channel_id in self.dm_owner:
            user = self.users[self.dm_owner[channel_id]]
            if not user.dms_open:
                raise ApiError(403, CANNOT_DM, "Cannot send messages to this user")
            meta = MessageMeta("dm", user.id)
        else:
            meta = MessageMeta("channel")
        payload = req.payload if isinstance(req.payload, dict) else {}
        nonce = payload.get("nonce")
        if nonce is None:
            return 200, self.create_message(channel_id, payload, req.uploads, meta=meta)
        if not isinstance(nonce, (str, int)) or isinstance(nonce, bool) or len(str(nonce)) > 25:
            raise ApiError(400, 50035, "Invalid Form Body (nonce: an integer or a string of 25 or fewer)")
        key, now = (self.bot.id, str(nonce)), time.monotonic()
        earlier = self.nonces.get(key)
        if payload.get("enforce_nonce") and earlier is not None and now - earlier[1] < NONCE_SECONDS:
            if earlier[0] in self.messages:
                return 200, copied(self.messages[earlier[0]])
        message = self.create_message(channel_id, payload, req.uploads, meta=meta, extra={"nonce": nonce})
        self.nonces[key] = (int(message["id"]), now)
        return 200, message

    async def get_message(self: LoopbackDiscord, req: Req) -> Answer:
        _, message_id = self._channel_message(req)
        return 200, copied(self.messages[message_id])

    async def patch_message(self: LoopbackDiscord, req: Req) -> Answer:
        _, message_id = self._channel_message(req)
        if self.messages[message_id]["author"]["id"] != str(self.bot.id):
            raise ApiError(403, 50005, "Cannot edit a message authored by another user")
        payload = dict(req.payload) if isinstance(req.payload, dict) else {}
        return 200, self.edit_message(message_id, payload, req.uploads)

    async def delete_channel_message(self: LoopbackDiscord, req: Req) -> Answer:
        _, message_id = self._channel_message(req)
        if self.messages[message_id]["author"]["id"] != str(self.bot.id):
            raise ApiError(403, 50013, "Missing Permissions")
        self.delete_message(message_id)
        return 204, None
