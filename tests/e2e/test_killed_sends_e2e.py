"""The bot killed (-9) the moment Discord created a new DM, before it heard back: the real bot over
the loopback (which honours `enforce_nonce` as Discord does). After the restart, that DM is found
again by the nonce it was sent with and deleted (`bot.noted_sends`): each player has one DM, the one
the bot knows and keeps true, not a second one nothing will ever edit."""

from __future__ import annotations

import asyncio
import contextlib
import signal
from typing import Any

from tests.e2e.conftest import USERS
from tests.e2e.players import Players
from tests.loopback import LoopbackDiscord


def _kill_at_first_dm(loop: LoopbackDiscord, bot: Any) -> list[int]:
    """The first DM the bot creates is its last act: SIGKILL as Discord answers. Returns the ids
    of the DMs created that way (one)."""
    post = loop.post_message
    created: list[int] = []

    async def killing(req: Any) -> Any:
        status, body = await post(req)
        if not created and loop.channel_kind(int(req.params["channel_id"])) == "dm":
            created.append(int(body["id"]))
            bot.proc.send_signal(signal.SIGKILL)
        return status, body

    loop.post_message = killing  # type: ignore[method-assign]
    return created


async def test_a_dm_sent_as_the_bot_was_killed_is_deleted_after_the_restart(loop, bot) -> None:
    users = USERS[:2]
    created = _kill_at_first_dm(loop, bot)
    table = Players(loop, bot.db_path, loop.channel_ids[0], users, 3, "grumpy-nisse", {})
    with contextlib.suppress(AssertionError, RuntimeError, TimeoutError):
        await table.open(timeout=5.0)  # the start's first DM kills the bot
    await bot.proc.wait()
    assert created, "no DM was created"
    assert created[0] in loop.messages  # Discord has it; the bot never heard its id
    await bot.start()
    await loop.wait_for(lambda: all(loop.dm_messages(u) for u in users), timeout=15)
    await loop.wait_idle(quiet=1.0, timeout=15)
    await asyncio.sleep(0.5)
    assert created[0] not in loop.messages, "the DM sent as the bot was killed is still there"
    for user in users:
        assert len(loop.dm_messages(user)) == 1, [m["content"] for m in loop.dm_messages(user)]
    assert loop.unknown_calls() == []
