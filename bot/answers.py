"""The one error mapping of the bot: whatever a click or a slash command raises gets an ephemeral
answer. A `UserError` (a refusal: nothing was changed) is shown as its message; anything else is
logged and answered with a short apology. Components and slash commands call `answering`; what
fails before a command runs (its checks, its options) reaches `answer_error` through the command
tree's `on_error` (`bot.client`).

A click whose answer is an edit of the clicked message (`answering(..., in_time="edit")`) and
that is not answered within `ACKNOWLEDGE_AFTER` seconds (a busy process, a game's lock held) is
acknowledged then (a deferred update: nothing changes on screen), so Discord never reports the
interaction as failed; the answer then comes through the interaction. A click answered with a
new message ("My hand", Rematch: `send_new`) is acknowledged with Discord's "thinking"
placeholder instead, which its answer then takes the place of. Slash commands are answered the
same way (`bot.cog.ANSWERS`). Whoever answers holds the interaction's `response_lock`, so the
acknowledgement and the answer never both go. The time is counted from the click, not from the
handler's start: a click that reaches its handler late (a busy event loop) is acknowledged that
much sooner (`Lateness`).

A refusal that comes after a public "thinking" placeholder is still ephemeral: the placeholder is
deleted first (Discord would otherwise make the first followup take its place, in public)."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Awaitable
from datetime import UTC, datetime
from typing import Any, Literal

import discord

from bot.errors import BUSY, UserError
from bot.i18n import N_, _, using
from storage import GameLockTimeout

log = logging.getLogger(__name__)

#: A click not answered this long after it was made is acknowledged (Discord wants the first
#: answer within 3 s of the click).
ACKNOWLEDGE_AFTER = 2.0

#: Discord's code for "Interaction has already been acknowledged": another process that got the
#: same interaction (or an earlier answer of this one) answered it; nothing is wrong.
ALREADY_ANSWERED = 40060

INTERNAL_ERROR = N_(
    "Something went wrong on the bot's side. The table message shows the current state; please try again."
)


async def answer_error(interaction: discord.Interaction, error: BaseException) -> None:
    """Answer `interaction` ephemerally with what went wrong (a refusal's reason, or an apology)."""
    if isinstance(error, UserError):
        message = error.message
    elif isinstance(error, GameLockTimeout):  # (several processes: a row held by another too long)
        log.warning("interaction %s refused: %s", interaction.id, error)
        message = _(BUSY)
    elif isinstance(error, discord.HTTPException) and error.code == ALREADY_ANSWERED:
        log.info("interaction %s was already answered (by another process?)", interaction.id)
        return
    else:
        log.error("handling an interaction failed", exc_info=error)
        message = _(INTERNAL_ERROR)
    with contextlib.suppress(discord.HTTPException):
        async with response_lock(interaction):
            if not interaction.response.is_done():
                await interaction.response.send_message(message, ephemeral=True)
                return
            if interaction.extras.pop(PLACEHOLDER, False):  # a public one: it goes first
                with contextlib.suppress(discord.HTTPException):
                    await interaction.delete_original_response()
            await interaction.followup.send(message, ephemeral=True)


def manages_server(interaction: discord.Interaction) -> bool:
    """Whether the member who made `interaction` has Manage Server here (the server's
    moderators: /language, /export, and /abandon or /replace of another's game)."""
    permissions = getattr(interaction, "permissions", None)
    return bool(permissions is not None and permissions.manage_guild)


def response_lock(interaction: discord.Interaction) -> asyncio.Lock:
    """Held by whoever checks whether `interaction` is answered and then answers it (discord.py
    marks it answered only once Discord has taken the answer)."""
    lock = interaction.extras.get("response_lock")
    if lock is None:
        lock = interaction.extras["response_lock"] = asyncio.Lock()
    return lock


#: How a handler answers a click (`answering`'s `in_time`): by editing the clicked message
#: (`bot.message_slots.answer_by_edit`, `edit_answer`), or with a new message, ephemeral or in the
#: channel (`send_new`). A late one is acknowledged the matching way: a deferred update, or
#: Discord's "thinking" placeholder, which the new message then takes the place of.
Answer = Literal["edit", "ephemeral", "public"]

#: `interaction.extras` keys: how the handler will answer (`will_answer`), and whether a public
#: "thinking" placeholder shows, not replaced by the answer yet (`_acknowledge_late`, `send_new`)
ANSWER, PLACEHOLDER = "answer", "public_placeholder"
#: ... and how many still answer it (`hold`, `let_go`)
HOLDS = "holds"


class Lateness:
    """How late an interaction reaches its handler. Its age is read from its id (a timestamp of
    Discord's clock) against this machine's clock. The two clocks may differ, so the least age
    seen lately (the clocks' difference and the gateway's usual delay) counts as on time. It
    creeps up by `CREEP` s a second, so a clock stepped forward counts as on time within minutes;
    an age below it lowers it at once."""

    #: how fast the least age seen creeps up (s per s): 0.6 s over ten busy minutes
    CREEP = 0.001

    def __init__(self) -> None:
        self.on_time: float | None = None  # the least age seen, as it stands at `seen_at`
        self.seen_at = 0.0

    def late_by(self, interaction: discord.Interaction) -> float:
        created = getattr(interaction, "created_at", None)
        if not isinstance(created, datetime):
            return 0.0
        age = (datetime.now(UTC) - created).total_seconds()
        now = time.monotonic()
        if self.on_time is not None:
            self.on_time += (now - self.seen_at) * self.CREEP
        if self.on_time is None or age < self.on_time:
            self.on_time = age
        self.seen_at = now
        return age - self.on_time


#: This process's interactions (one event loop)
LATENESS = Lateness()


def will_answer(interaction: discord.Interaction, answer: Answer) -> None:
    """A handler whose answer depends on what it finds (/leave: an ephemeral word in a lobby, a
    public one in a game) says which it will be, before it waits for anything."""
    interaction.extras[ANSWER] = answer


#: The tasks answering an interaction now (`answering`): a stop lets them finish first.
_ANSWERING: set[asyncio.Task[Any]] = set()


def answered_later(task: asyncio.Task[Any]) -> None:
    """A task answering an interaction after its handler returned (the click was acknowledged
    first: `bot.message_slots.answer_later`): kept until done, and a stop waits for it too."""
    _ANSWERING.add(task)
    task.add_done_callback(_ANSWERING.discard)


async def finish_answers(timeout: float) -> int:
    """Wait up to `timeout` seconds for the interactions being answered now (a stop: their answers
    and the writes they deliver would otherwise meet a closed connection). Returns how many were
    still unfinished after it."""
    running = [task for task in _ANSWERING if task is not asyncio.current_task()]
    if not running:
        return 0
    _, pending = await asyncio.wait(running, timeout=timeout)
    return len(pending)


async def answering(
    interaction: discord.Interaction, handler: Awaitable[object], *, in_time: Answer | None = None
) -> None:
    """Run a handler in the language of the one who clicked (`bot.i18n`); anything it raises is
    answered by `answer_error`. Then their language is remembered for the messages the bot sends
    them unprompted (`remember_locale` of the client, if it has one). `in_time`: how the handler
    answers (`Answer`), so that the click is acknowledged first if the answer is late
    (`ACKNOWLEDGE_AFTER`). Then the interaction is let go (`let_go`) once no late answer holds it
    (`hold`): discord.py's interaction and its `response` point at each other, so each one (with
    the clicked message and its components, ~45 objects) waited for the garbage collector's full
    collections, which paused the bot for 0.35-0.53 s at 1,000 tables (docs/performance.md,
    twenty-second session)."""
    hold(interaction)
    task = asyncio.current_task()
    if task is not None:
        _ANSWERING.add(task)
    try:
        guard = None
        if in_time is not None:
            will_answer(interaction, in_time)
            wait = max(0.0, ACKNOWLEDGE_AFTER - LATENESS.late_by(interaction))
            guard = asyncio.get_running_loop().create_task(_acknowledge_late(interaction, wait))
        with using(interaction.locale):
            try:
                await handler
            except Exception as error:  # noqa: BLE001 - every error gets an answer, unexpected ones logged
                await answer_error(interaction, error)
            finally:
                if guard is not None:
                    guard.cancel()
        await remember_locale(interaction)
    finally:
        _ANSWERING.discard(task)
        let_go(interaction)


async def answer_click(
    item: discord.ui.Item[Any], interaction: discord.Interaction, handler: Awaitable[object], in_time: Answer
) -> None:
    """Answer a component's click (`answering`), then empty the view discord.py rebuilt from the
    clicked message to dispatch it: its items point back at it, so it too would wait for a full
    garbage collection; emptied, refcounting frees it at once."""
    try:
        await answering(interaction, handler, in_time=in_time)
    finally:
        if item.view is not None:
            item.view.clear_items()


def hold(interaction: discord.Interaction) -> None:
    """Something still answers `interaction` (`answering`'s handler, a late answer:
    `bot.message_slots.answer_later`): each `hold` is ended by one `let_go`."""
    interaction.extras[HOLDS] = interaction.extras.get(HOLDS, 0) + 1


def let_go(interaction: discord.Interaction) -> None:
    """End one `hold`; after the last, break discord.py's reference cycle between the interaction
    and its `response` (which points back at it), so that refcounting frees both, the clicked
    message and its components as soon as nothing uses them. Nothing reads `response` after:
    an acknowledgement still under way keeps the response object it uses."""
    left = interaction.extras[HOLDS] = interaction.extras.get(HOLDS, 1) - 1
    if left <= 0 and isinstance(interaction, discord.Interaction):
        with contextlib.suppress(AttributeError):  # (never read: no response was made)
            del interaction._cs_response  # type: ignore[attr-defined]


async def _acknowledge_late(interaction: discord.Interaction, wait: float) -> None:
    await asyncio.sleep(wait)
    async with response_lock(interaction):  # (a deferral under way goes on if this is called off)
        if not interaction.response.is_done():
            log.info("interaction %s acknowledged before its answer", interaction.id)
            response, answer = interaction.response, interaction.extras[ANSWER]
            interaction.extras[PLACEHOLDER] = answer == "public"
            if answer == "edit":
                deferral = response.defer()
            else:
                deferral = response.defer(ephemeral=answer == "ephemeral", thinking=True)
            with contextlib.suppress(discord.HTTPException):
                await asyncio.shield(deferral)


async def send_new(interaction: discord.Interaction, *, ephemeral: bool, **kwargs: Any) -> int:
    """Answer with a new message (returns its id): at once, or, when the click was acknowledged
    first (`answering`'s `in_time` "ephemeral" or "public"), by the followup that takes the place
    of Discord's "thinking" placeholder (the same message)."""
    async with response_lock(interaction):
        if not interaction.response.is_done():
            callback = await interaction.response.send_message(**kwargs, ephemeral=ephemeral)
            message_id = getattr(callback, "message_id", None)
            if message_id is None:  # Discord did not say: ask (one more round trip)
                message_id = (await interaction.original_response()).id
            return message_id
    message = await interaction.followup.send(**kwargs, ephemeral=ephemeral, wait=True)
    interaction.extras.pop(PLACEHOLDER, None)  # (it took the placeholder's place)
    return message.id


async def edit_answer(interaction: discord.Interaction, **kwargs: Any) -> None:
    """Answer by editing the clicked message: at once, or, when the click was acknowledged
    first (`answering`'s `in_time` "edit"), through the interaction."""
    async with response_lock(interaction):
        if not interaction.response.is_done():
            await interaction.response.edit_message(**kwargs)
            return
    await interaction.edit_original_response(**kwargs)


async def remember_locale(interaction: discord.Interaction) -> None:
    remember = getattr(interaction.client, "remember_locale", None)
    if remember is None or interaction.user is None:
        return
    try:
        await remember(interaction.user.id, str(interaction.locale))
    except Exception:  # noqa: BLE001 - never fails the click it follows
        log.warning("remembering a player's language failed", exc_info=True)
