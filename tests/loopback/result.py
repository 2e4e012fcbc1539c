"""`InteractionResult`: one interaction the test dispatched, and how the bot answered it."""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .model import DEFERRED_MESSAGE, DEFERRED_UPDATE, LOADING, UPDATE_MESSAGE, ApiError, copied
from .text import message_text

if TYPE_CHECKING:
    from .server import LoopbackDiscord

Message = dict[str, Any]


@dataclass(eq=False)
class InteractionResult:
    """One dispatched interaction and what the bot answered (fields fill in as answers arrive)."""

    server: LoopbackDiscord = field(repr=False)
    id: int
    token: str = field(repr=False)
    kind: int  # 2 application command, 3 component
    user_id: int
    channel_id: int
    guild_id: int | None
    payload: dict[str, Any] = field(repr=False)
    name: str | None = None  # the command's name
    message_id: int | None = None  # the message whose component was used
    custom_id: str | None = None
    dispatched_at: float = 0.0  # time.monotonic()
    attempted_at: float | None = None  # first callback, accepted or not
    answered_at: float | None = None  # accepted callback
    response_type: int | None = None
    ephemeral: bool = False
    original_id: int | None = None  # the message @original refers to
    followup_ids: list[int] = field(default_factory=list)
    error: dict[str, Any] | None = None  # the first refused callback
    errors: list[dict[str, Any]] = field(default_factory=list)  # every refusal (callback or webhook)
    modal: dict[str, Any] | None = None
    original_edits: int = 0  # edits of the original message through the interaction's webhook
    _done: asyncio.Event = field(default_factory=asyncio.Event, repr=False)
    _snapshot: Message | None = field(default=None, repr=False)

    # -- filled in by the server ------------------------------------------------------------------
    def mark_answered(self, kind: int, ephemeral: bool, message_id: int | None) -> None:
        self.answered_at = time.monotonic()
        self.response_type, self.ephemeral, self.original_id = kind, ephemeral, message_id
        if message_id is not None:
            self._snapshot = copied(self.server.messages.get(message_id))
        self._done.set()

    def mark_refused(self, error: ApiError, *, callback: bool) -> None:
        entry = {
            "status": error.status,
            "code": error.code,
            "message": error.message,
            "errors": error.errors,
            "callback": callback,
            "at": time.monotonic(),
        }
        self.errors.append(entry)
        if callback:
            if self.error is None:
                self.error = entry
            self._done.set()

    # -- reading ----------------------------------------------------------------------------------------
    @property
    def acknowledged(self) -> bool:
        return self.answered_at is not None

    @property
    def in_place(self) -> bool:
        """Answered by editing the clicked message: at once (7), or acknowledged first (6: a slow
        handler, `bot.answers.ACKNOWLEDGE_AFTER`) and then edited through the interaction. Read it
        after `settled`, which waits for that edit."""
        return self.response_type == UPDATE_MESSAGE or (
            self.response_type == DEFERRED_UPDATE and self.original_edits > 0
        )

    @property
    def only_acknowledged(self) -> bool:
        """Acknowledged (6), and the clicked message not edited through the interaction yet."""
        return self.response_type == DEFERRED_UPDATE and not self.original_edits

    @property
    def thinking(self) -> bool:
        """Acknowledged with Discord's "thinking" placeholder (5), which no followup has replaced
        yet (a slow slash command or "My hand": `bot.answers`)."""
        if self.response_type != DEFERRED_MESSAGE or self.original_id is None:
            return False
        message = self.server.messages.get(self.original_id)
        return message is not None and bool(message["flags"] & LOADING)

    @property
    def failed(self) -> bool:
        """What the user sees as "This interaction failed": no accepted answer in time."""
        late = time.monotonic() - self.dispatched_at > self.server.response_timeout
        return not self.acknowledged and late

    @property
    def latency(self) -> float | None:
        return None if self.answered_at is None else self.answered_at - self.dispatched_at

    @property
    def message(self) -> Message | None:
        """The created (4/5) or edited (6/7) message, as it is now (or as it was, if deleted)."""
        if self.original_id is not None and self.original_id in self.server.messages:
            return copied(self.server.messages[self.original_id])
        return copied(self._snapshot)

    @property
    def answered_message(self) -> Message | None:
        """The message as the accepted callback left it (later edits not applied)."""
        return copied(self._snapshot)

    @property
    def followups(self) -> list[Message]:
        return [copied(self.server.messages[m]) for m in self.followup_ids if m in self.server.messages]

    def text(self) -> str:
        messages = ([self.message] if self.message else []) + self.followups
        return "\n".join(message_text(m) for m in messages)

    async def wait(self, timeout: float = 5.0) -> InteractionResult:
        """Until the first callback (accepted or refused) or the timeout; never raises."""
        with contextlib.suppress(asyncio.TimeoutError):
            await asyncio.wait_for(self._done.wait(), timeout)
        return self

    async def wait_answered(self, timeout: float = 5.0) -> InteractionResult:
        """Until an accepted answer, or the timeout, or Discord's answer window is over; never
        raises. Unlike `wait`, a refused first answer (e.g. 10008: the clicked message was deleted
        meanwhile) does not end it: the bot may still answer in time (e.g. "that message is
        gone")."""
        deadline = time.monotonic() + timeout
        await self.wait(timeout)
        closes = self.dispatched_at + self.server.response_timeout
        while not self.acknowledged and time.monotonic() < min(deadline, closes):
            await asyncio.sleep(0.01)
        return self

    async def settled(self, timeout: float = 5.0) -> InteractionResult:
        """`wait_answered`, then, if it was only acknowledged (6) or answered with the "thinking"
        placeholder (5), until the edit or the followup that answers it (or the timeout); never
        raises."""
        deadline = time.monotonic() + timeout
        await self.wait_answered(timeout)
        while (self.only_acknowledged or self.thinking) and time.monotonic() < deadline:
            await asyncio.sleep(0.01)
        return self

    async def wait_until(self, predicate: Callable[[InteractionResult], bool], timeout: float = 5.0):
        """Until `predicate(self)` holds (e.g. `lambda r: len(r.followups) == 1`); raises on timeout."""
        await self.server.wait_for(lambda: predicate(self), timeout)
        return self
