"""A message the bot keeps true (`Slot`: the table, or a seat's living private message), what a
private message is drawn from (`shown_key`), and answering a
click by editing the clicked message (`answer_by_edit`); a REST edit's paced turn, or its
trailing write (`paced_turn`). Used by the messages' writers: `bot.table_message`, `bot.private_messages`,
`bot.private_clicks`, `bot.private_drawing`, `bot.new_dms` and `bot.channel_views`."""

from __future__ import annotations

import asyncio
import hashlib
import logging
from collections.abc import Awaitable, Callable, Hashable
from dataclasses import dataclass, field, replace

import discord
from pydantic import BaseModel

from bot.answers import answered_later, edit_answer, hold, let_go, response_lock
from bot.global_budget import Trailing
from bot.loaded_game import LoadedGame
from bot.messenger import RETRIES, NotDelivered, retry_delay
from bot.pacing import Pacer
from bot.picture_cache import PICTURES
from bot.render.base import Payload
from bot.shown_pictures import ShownPictures
from games.core import Event
from storage.sends import Send

log = logging.getLogger(__name__)


@dataclass(eq=False)
class Slot:
    """One message the bot keeps true. `user_id` 0 for a table."""

    user_id: int
    message_id: int | None = None  # a DM or a table message
    #: the ephemeral view its seat plays from: its message id, and the token of the latest
    #: interaction on it (which edits it for 15 minutes) with when that interaction came
    view_id: int | None = None
    token: str | None = None
    token_at: float = 0.0
    #: where `digest` and `key` were last drawn: "dm" or "view" (None: not known, draw again)
    shown_in: str | None = None
    #: the DM only says that its seat plays from the view (`screens.parked_payload`)
    parked: bool = False
    digest: str | None = None
    #: the inputs of the render `digest` came from (`shown_key`): equal inputs, equal message
    key: bytes | None = None
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    #: pacing (`bot.pacing`): when it was last written by REST, the decision it last showed as
    #: its reader's (None: none), whether a trailing write is waiting, and what that write owes
    last: float | None = None
    turn: int | None = None
    #: the decision whose enabled controls the message shows as last drawn (`Payload.offered`;
    #: None: none): once that decision is over, the edit taking them away goes first among the
    #: non-urgent ones
    offered: int | None = None
    later: Trailing | None = None
    owed_news: list[Event] = field(default_factory=list)
    #: a table: the outbox's change number it last showed, and the one its news then started after
    #: (`bot.table_message`: "What just happened" tells every change since it last showed)
    shown_change: int | None = None
    news_after: int | None = None
    owed_force: bool = False
    #: writes in a row Discord did not take (`NotDelivered`): each is tried again, a few times
    #: (`write_again`), then, as an edit of the message, every few minutes
    undelivered: int = 0
    #: such an edit is due (`write_again`): one at a time
    steady: bool = False
    #: the new message Discord did not take, which it may have made all the same: sent again
    #: under its nonce (`bot.new_dms`, `bot.table_message`)
    unsent: Unsent | None = None
    #: a private message since the bot restarted, until its next write: a choice half made in it
    #: (a draft lives in the message's components) is gone, and that write says so
    restarted: bool = False
    #: the choice half made in the message as a click last drew it (its decision, the draft): a
    #: view opened anew for that decision ("My hand") starts from it, not from the first step
    draft: tuple[int, str] | None = None

    def showing(
        self,
        message_id: int | None,
        payload: Payload,
        game: LoadedGame,
        *,
        digest: str | None = None,
        news: tuple[int, int | None] | None = None,
    ) -> None:
        """A table now shows `payload`, drawn from `game`, in `message_id`: what its next write
        is compared with (`digest`: the payload's, or "" for a post that shows an older table)
        and paced by; `news`: the outbox's change it showed and the one its news started after."""
        self.digest = payload.digest() if digest is None else digest
        self.message_id, self.turn, self.offered = message_id, game.decision, payload.offered()
        if news is not None:
            self.shown_change, self.news_after = news


@dataclass(frozen=True)
class Unsent:
    """A new message Discord did not take: the nonce it went under, the digest of what it showed
    (None: the tries showed different things), and its note (`bot.noted_sends`)."""

    nonce: int
    digest: str | None
    note: Send | None = None

    def again(self, payload: Payload) -> Unsent:
        """After one more try of `payload` Discord did not take."""
        return replace(self, digest=self.digest if self.digest == payload.digest() else None)


def write_again(
    pacer: Pacer,
    slot: Slot,
    error: NotDelivered,
    write: Callable[[], Awaitable[object]],
    *,
    after: float,
    urgent: bool,
    edit: Callable[[], Awaitable[object]] | None = None,
) -> bool:
    """Discord did not take a write of the slot's message (`NotDelivered`): `write` makes it again
    in `after` seconds, twice as long after each further failure, up to `RETRIES` times in a row.
    Then `edit` (an edit of the slot's message, given if it has one) writes it every
    `retry_delay(after, RETRIES)` seconds, one such edit due at a time, until Discord takes one:
    a game's last writes are made after a long outage too. An edit, unlike a new message sent
    again under its nonce, cannot come twice. Without `edit`, the next change of what it shows
    writes it. What the message shows is not known to be on screen meanwhile. Returns whether
    `write` is made again (not: only the edit, if any)."""
    slot.digest = slot.key = None
    slot.undelivered += 1
    if slot.undelivered <= RETRIES:
        delay = retry_delay(after, slot.undelivered)
        log.warning("%s: written again in %.0f s", error, delay)

        async def again() -> None:
            await write()

        pacer.later(delay, again, urgent=urgent)
        return True
    if edit is None:
        log.warning("%s (%s times in a row): the next change writes it", error, slot.undelivered)
    elif not slot.steady:
        slot.steady = True
        delay = retry_delay(after, RETRIES)
        log.warning("%s (%s times in a row): edited again in %.0f s", error, slot.undelivered, delay)

        async def steadily() -> None:
            slot.steady = False
            await edit()

        pacer.later(delay, steadily, urgent=urgent)
    return False


def shown_key(game: LoadedGame, seat: int | None, view: BaseModel | None = None) -> bytes:
    """Everything a seat's quiet private message is drawn from (renderers see only the view and
    the context), as a short digest: when it equals the key of the last render, so does the
    message. `view`: the seat's view, if already made. A digest, not the view itself: every
    seat's slot keeps its key until the next change, and thousands of kept views would be most
    of what each full garbage collection walks."""
    record = game.record
    if view is None and game.state is not None:
        view = game.view(seat)
    seats = tuple(seat.user_id for seat in game.seats)  # who is an AI (the end may say so)
    context = repr((record.status, game.decision, tuple(game.names), seats, record.deadline))
    key = hashlib.blake2b(context.encode(), digest_size=16)
    if view is not None:
        key.update(view.model_dump_json().encode())
    return key.digest()


def shows_stale_controls(slot: Slot, game: LoadedGame) -> bool:
    """Whether `slot`'s message, as last drawn, offers controls of a decision that is over: the
    write that takes them away goes before the other non-urgent ones (`Pacer`'s `retires`), so
    that at Discord's global limit no message keeps live-looking controls that only answer
    "That choice is already over" for long; the writes bringing decisions still go first."""
    if slot.offered is None:
        return False
    return game.record.status != "running" or slot.offered != game.decision


def decision_on_timer(game: LoadedGame) -> bool:
    """Whether the game's current decision has a running timer (a reaction window): the writes
    that bring it to its players go before the other urgent ones (`Pacer`), since the timer would
    close it whether or not they saw it."""
    return game.record.status == "running" and game.record.deadline is not None


async def paced_turn(
    pacer: Pacer,
    slot: Slot,
    channel: Hashable,
    *,
    urgent: bool,
    timed: bool = False,
    retires: bool = False,
    payload: Payload,
    pictures: ShownPictures,
    message_id: int | None,
    trailing: Callable[[], Awaitable[None]],
) -> bool:
    """Whether the REST edit of `slot`'s message to `payload` may go now: then its turn is taken
    (`slot.last`). Else the message's trailing write is scheduled (`slot.later`: `trailing`,
    which draws the newest game when it runs). An edit that may go now has its pictures drawn
    first and asks again, so the request leaves as its turn is counted: drawing takes a while
    under load, and edits let go in different seconds would reach Discord together, over its
    global limit. `timed`: the decision it brings has a running timer; `retires`: it takes away
    controls of a decision that is over (`Pacer.wait`)."""
    wait = pacer.wait(channel, slot.last, urgent=urgent, timed=timed, retires=retires)
    if wait == 0 and pacer.enabled and payload.pictures:
        await PICTURES.ready(pictures.for_edit(message_id, payload))
        wait = pacer.wait(channel, slot.last, urgent=urgent, timed=timed, retires=retires)
    if wait > 0:
        slot.later = pacer.later(
            wait, trailing, urgent=urgent, timed=timed, retires=retires, channel=channel, last=slot.last
        )
        return False
    slot.last = pacer.take(channel)
    return True


async def answer_by_edit(interaction: discord.Interaction, payload: Payload, pictures: ShownPictures) -> bool:
    """Edit the clicked message as the interaction's answer (or through it, once the click was
    acknowledged: `lock_or_defer`). The change is already committed, so if Discord refuses
    (e.g. the 3 s window passed), the delivery repairs it by REST."""
    message_id = interaction.message.id if interaction.message is not None else None
    try:
        kwargs = (await PICTURES.ready(pictures.for_edit(message_id, payload))).edit_kwargs()
        await edit_answer(interaction, **kwargs)
    except discord.HTTPException as error:
        log.warning("answering interaction %s failed: %s", getattr(interaction, "id", "?"), error)
        return False
    pictures.shown(message_id, payload)
    return True


async def lock_or_defer(
    interaction: discord.Interaction, lock: asyncio.Lock, wait: float | None
) -> asyncio.Task[bool] | None:
    """Take the clicked message's `lock` to answer `interaction`: None once taken (the caller
    releases it). A REST write of the message holds it through its round trip; if it is not free
    within `wait` s, the click is acknowledged now (Discord wants an answer within 3 s) and the
    acquisition under way is returned: it keeps its place in the lock's queue, ahead of the
    delivery that follows, and the message is then redrawn through the interaction
    (`answer_by_edit`, not rate-limited) in a task (`answer_later`)."""
    acquiring = asyncio.ensure_future(lock.acquire())
    try:
        done, _ = await asyncio.wait({acquiring}, timeout=wait)
        if done:
            acquiring.result()
            return None
        async with response_lock(interaction):
            if not interaction.response.is_done():  # (or acknowledged already: `bot.answers`)
                await interaction.response.defer()
    except BaseException:
        _drop(lock, acquiring)
        raise
    return acquiring


def _drop(lock: asyncio.Lock, acquiring: asyncio.Task[bool]) -> None:
    """Give up an acquisition of `lock`: the lock is released if it was (or still gets) taken."""

    def release(task: asyncio.Task[bool]) -> None:
        if not task.cancelled() and task.exception() is None:
            lock.release()

    if acquiring.done():
        release(acquiring)
    else:
        acquiring.cancel()
        acquiring.add_done_callback(release)


def answer_later(
    interaction: discord.Interaction,
    lock: asyncio.Lock,
    acquiring: asyncio.Task[bool],
    answer: Callable[[], Awaitable[None]],
) -> None:
    """Run `answer` to `interaction` (which releases `lock`) in a task once `acquiring` has taken
    the lock (it holds the interaction meanwhile: `bot.answers.hold`)."""
    hold(interaction)

    async def run() -> None:
        try:
            try:
                await asyncio.shield(acquiring)
            except BaseException:
                _drop(lock, acquiring)
                raise
            try:
                await answer()
            except Exception:
                log.exception("a late answer failed")
        finally:
            let_go(interaction)

    task = asyncio.get_running_loop().create_task(run())
    answered_later(task)  # (kept until done; a stop waits for it)
