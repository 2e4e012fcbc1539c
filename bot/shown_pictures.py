"""Which pictures each message shows, so an edit re-attaches a picture only when it changed.

Kept in memory only: after a restart the first edit of a message simply attaches its pictures
again (one upload), which is always correct.
"""

from __future__ import annotations

from bot.render.base import Payload

#: Past this many messages the memory starts afresh (costs one upload per message shown again).
LIMIT = 20_000


class ShownPictures:
    def __init__(self) -> None:
        self._keys: dict[int, tuple[str, ...]] = {}  # message id -> keys of its pictures

    def for_edit(self, message_id: int | None, payload: Payload) -> Payload:
        """Mark `payload` to keep the pictures `message_id` already shows, if they are the same."""
        if message_id is not None and payload.pictures:
            payload.keep_pictures = self._keys.get(message_id) == payload.picture_keys
        return payload

    def shown(self, message_id: int | None, payload: Payload) -> None:
        """Remember what `message_id` shows after a successful send or edit."""
        if message_id is None:
            return
        if len(self._keys) > LIMIT:
            self._keys.clear()
        if payload.pictures:
            self._keys[message_id] = payload.picture_keys
        else:
            self._keys.pop(message_id, None)
