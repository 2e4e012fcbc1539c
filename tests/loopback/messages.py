"""The message store: create, edit and delete messages in Discord's JSON, with attachments,
limits, visibility (channel / DM / ephemeral) and the gateway events Discord would send."""

from __future__ import annotations

import mimetypes
import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .model import (
    EPHEMERAL,
    INTENT_DIRECT_MESSAGES,
    INTENT_GUILD_MESSAGES,
    INTENT_MESSAGE_CONTENT,
    LOADING,
    SENDABLE_FLAGS,
    SUPPRESS_NOTIFICATIONS,
    UNKNOWN_MESSAGE,
    ApiError,
    MessageMeta,
    copied,
    iso_now,
    unknown,
)
from .validate import check_message

if TYPE_CHECKING:
    from .server import LoopbackDiscord

Message = dict[str, Any]


@dataclass
class Upload:
    filename: str
    data: bytes
    content_type: str | None = None


@dataclass
class Req:
    """A parsed REST request: route parameters, JSON payload (or `payload_json`), uploaded files."""

    method: str
    params: dict[str, str]
    query: dict[str, str]
    payload: Any = None
    uploads: dict[int, Upload] = field(default_factory=dict)

    def int_param(self, name: str, error: ApiError) -> int:
        try:
            return int(self.params[name])
        except (KeyError, ValueError):
            raise error from None


def _normalize_embed(embed: dict[str, Any]) -> dict[str, Any]:
    clean = {k: v for k, v in embed.items() if v is not None}
    clean.setdefault("type", "rich")
    return clean


MENTION = re.compile(r"<@!?(\d+)>")


def notified(message: Message, payload: dict[str, Any]) -> frozenset[int]:
    """Whom a new message's user mentions notify, as Discord decides: those in its content that
    `allowed_mentions` lets through (its `users` list, or all with "users" in `parse`; all when
    it has none); nobody for a silent message (`SUPPRESS_NOTIFICATIONS`: shown, not pushed)."""
    if message["flags"] & SUPPRESS_NOTIFICATIONS:
        return frozenset()
    named = {int(found) for found in MENTION.findall(message.get("content") or "")}
    allowed = payload.get("allowed_mentions")
    if allowed is None:
        return frozenset(named)
    if "users" in allowed:
        return frozenset(named & {int(user) for user in allowed["users"]})
    return frozenset(named if "users" in (allowed.get("parse") or []) else ())


class MessageStore:
    """Mixed into LoopbackDiscord; uses its ids, users, channels and gateway."""

    def _message_skeleton(self: LoopbackDiscord, channel_id: int, author: dict[str, Any]) -> Message:
        return {
            "id": str(self.ids.next()),
            "channel_id": str(channel_id),
            "author": author,
            "content": "",
            "timestamp": iso_now(),
            "edited_timestamp": None,
            "tts": False,
            "mention_everyone": False,
            "mentions": [],
            "mention_roles": [],
            "attachments": [],
            "embeds": [],
            "components": [],
            "pinned": False,
            "type": 0,
            "flags": 0,
        }

    def _attachments(
        self: LoopbackDiscord, message: Message, payload: dict[str, Any], uploads: dict[int, Upload]
    ) -> list[dict[str, Any]]:
        """The attachment list after this payload: kept ones (by id) plus the new uploads."""
        existing = {a["id"]: a for a in message.get("attachments") or []}
        wanted = payload.get("attachments")
        if wanted is None:
            if not uploads:
                return list(existing.values())
            wanted = [*({"id": i} for i in existing), *({"id": i} for i in sorted(uploads))]
        result: list[dict[str, Any]] = []
        used: set[int] = set()
        for entry in wanted:
            key = str(entry.get("id"))
            if key in existing:
                result.append(existing[key])
                continue
            try:
                index = int(entry.get("id"))
            except (TypeError, ValueError):
                index = -1
            upload = uploads.get(index)
            if upload is None:
                raise ApiError(
                    400,
                    50035,
                    "Invalid Form Body",
                    {
                        "attachments": {
                            "_errors": [
                                {
                                    "code": "ATTACHMENT_NOT_FOUND",
                                    "message": f"Unknown attachment {entry.get('id')}",
                                }
                            ]
                        }
                    },
                )
            used.add(index)
            result.append(self._new_attachment(message, upload, entry))
        for index in sorted(set(uploads) - used):
            result.append(self._new_attachment(message, uploads[index], {}))
        return result

    def _new_attachment(
        self: LoopbackDiscord, message: Message, upload: Upload, entry: dict[str, Any]
    ) -> dict[str, Any]:
        attachment_id = self.ids.next()
        filename = entry.get("filename") or upload.filename
        self.blobs[attachment_id] = upload.data
        url = f"{self.url}/attachments/{message['channel_id']}/{attachment_id}/{filename}"
        content_type = mimetypes.guess_type(filename)[0] or upload.content_type or "application/octet-stream"
        data = {
            "id": str(attachment_id),
            "filename": filename,
            "size": len(upload.data),
            "url": url,
            "proxy_url": url,
            "content_type": content_type,
        }
        if entry.get("description"):
            data["description"] = entry["description"]
        return data

    def _apply(
        self: LoopbackDiscord, message: Message, payload: dict[str, Any], uploads: dict[int, Upload]
    ) -> Message:
        """A new version of `message` with the fields of a create/edit payload applied, checked."""
        new = copied(message)
        if "content" in payload:
            new["content"] = payload["content"] or ""
        if "embeds" in payload:
            new["embeds"] = [_normalize_embed(e) for e in payload["embeds"] or []]
        if "components" in payload:
            new["components"] = copied(payload["components"] or [])
        if payload.get("flags") is not None:
            new["flags"] = (new["flags"] & ~SENDABLE_FLAGS) | (int(payload["flags"]) & SENDABLE_FLAGS)
        if payload.get("tts"):
            new["tts"] = True
        if payload.get("poll"):
            new["poll"] = payload["poll"]
        new["attachments"] = self._attachments(message, payload, uploads)
        check_message(new, sum(len(u.data) for u in uploads.values()))
        return new

    # -- the store --------------------------------------------------------------------------------
    def create_message(
        self: LoopbackDiscord,
        channel_id: int,
        payload: dict[str, Any],
        uploads: dict[int, Upload] | None = None,
        *,
        meta: MessageMeta,
        author: dict[str, Any] | None = None,
        extra: dict[str, Any] | None = None,
        flags: int = 0,
    ) -> Message:
        message = self._message_skeleton(channel_id, author or self.bot.payload())
        message.update(extra or {})
        message["flags"] |= flags
        message = self._apply(message, payload, uploads or {})
        if message["flags"] & LOADING:
            message["content"] = ""
        mid = int(message["id"])
        self.messages[mid] = message
        meta.notified = notified(message, payload)
        self.meta[mid] = meta
        if meta.kind == "ephemeral":
            self.ephemeral_order.setdefault(meta.user_id, []).append(mid)
        else:
            self.channel_order.setdefault(channel_id, []).append(mid)
        self._message_event("MESSAGE_CREATE", message)
        for observer in self.on_written:
            observer(message, meta)
        return copied(message)

    def edit_message(
        self: LoopbackDiscord,
        message_id: int,
        payload: dict[str, Any],
        uploads: dict[int, Upload] | None = None,
        *,
        clear_loading: bool = False,
    ) -> Message:
        old = self.get_stored(message_id)
        if clear_loading and old["flags"] & LOADING:
            old = {**old, "flags": old["flags"] & ~LOADING}
        new = self._apply(old, payload, uploads or {})
        new["edited_timestamp"] = iso_now()
        self.messages[message_id] = new
        self._message_event("MESSAGE_UPDATE", new)
        for observer in self.on_written:
            observer(new, self.meta[message_id])
        return copied(new)

    def delete_message(self: LoopbackDiscord, message_id: int) -> None:
        message = self.get_stored(message_id)
        meta = self.meta.pop(message_id)
        del self.messages[message_id]
        if meta.kind == "ephemeral":
            self.ephemeral_order[meta.user_id].remove(message_id)
        else:
            self.channel_order[int(message["channel_id"])].remove(message_id)
            self._message_event("MESSAGE_DELETE", message)
        for observer in self.on_deleted:
            observer(message_id, meta)

    def get_stored(self: LoopbackDiscord, message_id: int) -> Message:
        try:
            return self.messages[message_id]
        except KeyError:
            raise unknown("Message", UNKNOWN_MESSAGE) from None

    def can_see(self: LoopbackDiscord, user_id: int, message_id: int) -> bool:
        meta = self.meta.get(message_id)
        if meta is None:
            return False
        if meta.kind == "channel":
            return user_id in self.users
        return meta.user_id == user_id

    # -- gateway events -----------------------------------------------------------------------------
    def _message_event(self: LoopbackDiscord, event: str, message: Message) -> None:
        mid = int(message["id"])
        meta = self.meta.get(mid)
        if meta is not None and meta.kind == "ephemeral" or message["flags"] & EPHEMERAL:
            return
        in_guild = int(message["channel_id"]) in self.channels
        guild_id = self.channel_guild[int(message["channel_id"])] if in_guild else None
        conn = self.session_for(guild_id)
        if conn is None:
            return
        needed = INTENT_GUILD_MESSAGES if in_guild else INTENT_DIRECT_MESSAGES
        if not conn.intents & needed:
            return
        if event == "MESSAGE_DELETE":
            data: dict[str, Any] = {"id": message["id"], "channel_id": message["channel_id"]}
        else:
            data = copied(message)
            author_id = int(message["author"]["id"])
            if author_id != self.bot.id and not conn.intents & INTENT_MESSAGE_CONTENT:
                data.update(content="", embeds=[], attachments=[], components=[])
            if in_guild:
                user = self.users.get(author_id) or (self.bot if author_id == self.bot.id else None)
                if user is not None:
                    roles = [self.bot_role_id] if user is self.bot else []
                    data["member"] = user.member_payload(roles=roles, with_user=False)
        if in_guild:
            data["guild_id"] = str(guild_id)
        self.send_event(event, data, conn=conn)
