"""Discord creates a message but its answer is lost on the way back (a 502 from a proxy, a
dropped connection): discord.py sends the same request again. discord.py (2.7) sends every new
message with a random nonce and `enforce_nonce`, so that retry gets the message already created
back instead of creating a second one, which the bot would never know of: a DM with live controls
beside the living one, a "your turn" nobody deletes. The loopback honours `enforce_nonce` as
Discord does; this checks that the bot's sends keep that protection.

The real bot over the loopback, a Grumpy Nisse game by clicks (its hands are in DMs), every
message the bot creates losing its first answer: every message created is one the bot was told
of, and no player has two DMs with enabled controls."""

from __future__ import annotations

from typing import Any

from tests.e2e.conftest import USERS
from tests.e2e.players import Players
from tests.loopback import ApiError, LoopbackDiscord, iter_components

STEPS = 60


def _losing_answers(loop: LoopbackDiscord) -> tuple[set[int], set[int]]:
    """The first request for each message the bot creates (each nonce; every request without
    one) creates it, then is answered with a 502. Returns (the ids whose answer was lost, the ids
    the bot was given)."""
    post = loop.post_message
    lost: set[int] = set()
    given: set[int] = set()
    tried: set[str] = set()

    async def losing(req: Any) -> Any:
        status, body = await post(req)
        nonce = req.payload.get("nonce") if isinstance(req.payload, dict) else None
        if nonce is None or str(nonce) not in tried:
            tried.add(str(nonce))
            lost.add(int(body["id"]))
            raise ApiError(502, 0, "502: Bad Gateway")
        given.add(int(body["id"]))
        return status, body

    loop.post_message = losing  # type: ignore[method-assign]
    return lost, given


def _with_controls(loop: LoopbackDiscord, user: int, game_id: int) -> list[dict[str, Any]]:
    return [
        message
        for message in loop.dm_messages(user)
        if any(
            c.get("custom_id", "").startswith(("act:", "pick:", "draft:", "dsel:"))
            and f":{game_id}:" in c["custom_id"]
            and not c.get("disabled")
            for c in iter_components(message)
        )
    ]


async def test_a_lost_answer_never_makes_a_second_message(loop, bot) -> None:
    lost, given = _losing_answers(loop)
    users = USERS[:2]
    table = Players(loop, bot.db_path, loop.channel_ids[0], users, 4, "grumpy-nisse", {})
    table.anywhere = 0.5  # hand cards from the DMs too
    await table.open()
    for _ in range(STEPS):
        result = await table.step(timeout=8.0)
        if result is None:
            break
        assert result.acknowledged and result.latency < 3.0, result.text()
    await loop.wait_idle(quiet=1.5, timeout=30)
    assert lost, "no answer was lost"
    assert lost <= given, f"{len(lost - given)} messages created that the bot never learnt of"
    for user in users:
        assert {int(m["id"]) for m in loop.dm_messages(user)} <= given, f"{user}: a DM the bot never knew"
        assert len(_with_controls(loop, user, table.game_id)) <= 1, f"{user} has two DMs with controls"
    assert loop.unknown_calls() == []
