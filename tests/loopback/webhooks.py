"""Interaction responses: the callback (once, within `response_timeout` of the dispatch) and the
interaction webhook (followups, @original), valid for `token_lifetime` after the dispatch.
These routes are outside Discord's global rate limit."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

from .messages import Req
from .model import (
    ALREADY_ACKNOWLEDGED,
    CHANNEL_MESSAGE,
    DEFERRED_MESSAGE,
    DEFERRED_UPDATE,
    EPHEMERAL,
    LOADING,
    MODAL,
    UNKNOWN_INTERACTION,
    UNKNOWN_MESSAGE,
    UNKNOWN_WEBHOOK,
    UPDATE_MESSAGE,
    ApiError,
    MessageMeta,
    copied,
    unknown,
)

if TYPE_CHECKING:
    from .result import InteractionResult
    from .server import LoopbackDiscord

Answer = tuple[int, Any]
APPLICATION_COMMAND, COMPONENT = 2, 3


def _bad_type(kind: int) -> ApiError:
    return ApiError(
        400,
        50035,
        "Invalid Form Body",
        {
            "type": {
                "_errors": [
                    {
                        "code": "INTERACTION_RESPONSE_TYPE_INVALID",
                        "message": f"Response type {kind} is not valid here",
                    }
                ]
            }
        },
    )


class Webhooks:
    """Mixed into LoopbackDiscord."""

    def _interaction_extra(
        self: LoopbackDiscord, rec: InteractionResult, *, followup: bool
    ) -> dict[str, Any]:
        user = self.users[rec.user_id]
        metadata: dict[str, Any] = {
            "id": str(rec.id),
            "type": rec.kind,
            "user": user.payload(),
            "authorizing_integration_owners": rec.payload.get("authorizing_integration_owners", {}),
        }
        extra: dict[str, Any] = {
            "webhook_id": str(self.application_id),
            "application_id": str(self.application_id),
            "interaction_metadata": metadata,
        }
        if rec.kind == APPLICATION_COMMAND:
            metadata.update(name=rec.name, command_type=1)
            extra["interaction"] = {
                "id": str(rec.id),
                "type": rec.kind,
                "name": rec.name,
                "user": user.payload(),
            }
            if not followup:
                extra["type"] = 20  # CHAT_INPUT_COMMAND
        if rec.message_id is not None:
            metadata["interacted_message_id"] = str(rec.message_id)
        if followup and rec.original_id is not None:
            metadata["original_response_message_id"] = str(rec.original_id)
        return extra

    def _post_for(
        self: LoopbackDiscord,
        rec: InteractionResult,
        data: dict[str, Any],
        req: Req,
        *,
        flags: int,
        followup: bool,
    ) -> dict[str, Any]:
        """A new message answering `rec`: ephemeral for its user, or in its channel / DM."""
        if flags & EPHEMERAL:
            meta = MessageMeta("ephemeral", rec.user_id, rec.id)
        elif rec.channel_id in self.dm_owner:
            meta = MessageMeta("dm", rec.user_id, rec.id)
        else:
            meta = MessageMeta("channel", None, rec.id)
        extra = self._interaction_extra(rec, followup=followup)
        return self.create_message(rec.channel_id, data, req.uploads, meta=meta, extra=extra, flags=flags)

    # -- the callback -------------------------------------------------------------------------------
    async def callback(self: LoopbackDiscord, req: Req) -> Answer:
        now = time.monotonic()
        rec = self.interactions.get(
            req.int_param("interaction_id", unknown("interaction", UNKNOWN_INTERACTION))
        )
        if rec is None:
            raise unknown("interaction", UNKNOWN_INTERACTION)
        if rec.token != req.params["token"]:
            raise ApiError(401, 50027, "Invalid Webhook Token")
        if rec.attempted_at is None:
            rec.attempted_at = now
        try:
            if rec.answered_at is not None:
                raise ApiError(400, ALREADY_ACKNOWLEDGED, "Interaction has already been acknowledged.")
            if now - rec.dispatched_at > self.response_timeout:
                raise unknown("interaction", UNKNOWN_INTERACTION)
            body = self._respond(rec, req)
        except ApiError as error:
            rec.mark_refused(error, callback=True)
            raise
        if str(req.query.get("with_response", "")).lower() in ("1", "true"):
            return 200, body
        return 204, None

    def _respond(self: LoopbackDiscord, rec: InteractionResult, req: Req) -> dict[str, Any]:
        payload = req.payload if isinstance(req.payload, dict) else {}
        kind = payload.get("type")
        data = payload.get("data") or {}
        flags = int(data.get("flags") or 0)
        message: dict[str, Any] | None = None
        ephemeral = False
        if kind in (CHANNEL_MESSAGE, DEFERRED_MESSAGE):
            ephemeral = bool(flags & EPHEMERAL)
            if kind == DEFERRED_MESSAGE:
                data, flags = {}, (flags & EPHEMERAL) | LOADING
            message = self._post_for(rec, data, req, flags=flags & (EPHEMERAL | LOADING), followup=False)
            message_id: int | None = int(message["id"])
        elif kind in (DEFERRED_UPDATE, UPDATE_MESSAGE):
            if rec.kind != COMPONENT or rec.message_id is None:
                raise _bad_type(kind)
            message_id = rec.message_id
            self.get_stored(message_id)  # 10008 if it was deleted meanwhile
            ephemeral = bool(self.messages[message_id]["flags"] & EPHEMERAL)
            if kind == UPDATE_MESSAGE:
                message = self.edit_message(message_id, data, req.uploads)
        elif kind == MODAL and rec.kind in (APPLICATION_COMMAND, COMPONENT):
            message_id = None
            rec.modal = copied(data)
        else:
            raise _bad_type(kind)
        rec.mark_answered(kind, ephemeral, message_id)
        interaction = {
            "id": str(rec.id),
            "type": rec.kind,
            "response_message_loading": kind == DEFERRED_MESSAGE,
            "response_message_ephemeral": ephemeral,
        }
        if message_id is not None:
            interaction["response_message_id"] = str(message_id)
        resource: dict[str, Any] = {"type": kind}
        if message is not None:
            resource["message"] = message
        return {"interaction": interaction, "resource": resource}

    # -- the interaction webhook --------------------------------------------------------------------
    def _webhook(self: LoopbackDiscord, req: Req) -> InteractionResult:
        rec = self.by_token.get(req.params["token"])
        if rec is None or req.params["application_id"] != str(self.application_id):
            raise unknown("Webhook", UNKNOWN_WEBHOOK)
        if time.monotonic() - rec.dispatched_at > self.token_lifetime:
            raise ApiError(401, 50027, "Invalid Webhook Token")
        return rec

    def _webhook_message(self: LoopbackDiscord, req: Req) -> tuple[InteractionResult, int]:
        rec = self._webhook(req)
        raw = req.params.get("message_id", "@original")
        if raw == "@original":
            if rec.original_id is None:
                raise unknown("Message", UNKNOWN_MESSAGE)
            message_id = rec.original_id
        else:
            try:
                message_id = int(raw)
            except ValueError:
                raise unknown("Message", UNKNOWN_MESSAGE) from None
            if message_id != rec.original_id and message_id not in rec.followup_ids:
                raise unknown("Message", UNKNOWN_MESSAGE)
        self.get_stored(message_id)
        return rec, message_id

    async def webhook_call(self: LoopbackDiscord, req: Req) -> Answer:
        """Any /webhooks/{application_id}/{token}... route; refusals are noted on the interaction."""
        try:
            return await self._webhook_call(req)
        except ApiError as error:
            rec = self.by_token.get(req.params.get("token", ""))
            if rec is not None:
                rec.mark_refused(error, callback=False)
            raise

    async def _webhook_call(self: LoopbackDiscord, req: Req) -> Answer:
        payload = req.payload if isinstance(req.payload, dict) else {}
        if req.method == "POST":
            rec = self._webhook(req)
            if rec.answered_at is None:
                raise unknown("Webhook", UNKNOWN_WEBHOOK)
            original = self.messages.get(rec.original_id) if rec.original_id is not None else None
            if rec.response_type == DEFERRED_MESSAGE and original is not None and original["flags"] & LOADING:
                # Discord: the first followup after a "thinking" defer replaces the placeholder.
                message = self.edit_message(rec.original_id, payload, req.uploads, clear_loading=True)
            else:
                flags = int(payload.get("flags") or 0) & EPHEMERAL
                message = self._post_for(rec, payload, req, flags=flags, followup=True)
                rec.followup_ids.append(int(message["id"]))
            await self._notify()
            if str(req.query.get("wait", "")).lower() in ("1", "true"):
                return 200, message
            return 204, None
        rec, message_id = self._webhook_message(req)
        if req.method == "GET":
            return 200, copied(self.messages[message_id])
        if req.method == "PATCH":
            message = self.edit_message(message_id, payload, req.uploads, clear_loading=True)
            if message_id == rec.original_id:
                rec.original_edits += 1
            await self._notify()
            return 200, message
        self.delete_message(message_id)
        return 204, None
