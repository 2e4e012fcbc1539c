"""Discord slow to answer the bot's DM edits (each one lands at once but its answer comes 1.5 s
later, past the bot's 1 s wait for a click on that DM): the real bot over the loopback, a whole
Christmas Tree game by clicks (half-made choices included). Every click is answered within 3 s;
one that came while its DM's edit was under way is acknowledged, then its DM redrawn through the
interaction (not by REST) once the edit is done."""

from __future__ import annotations

import asyncio
from typing import Any

from tests.e2e.conftest import USERS
from tests.e2e.players import Players
from tests.loopback import LoopbackDiscord

DEFERRED_UPDATE = 6
SLOW = 1.5


def _slow_dm_edits(loop: LoopbackDiscord) -> None:
    patch = loop.patch_message

    async def slowly(req: Any) -> Any:
        answer = await patch(req)
        if loop.channel_kind(int(req.params["channel_id"])) == "dm":
            await asyncio.sleep(SLOW)
        return answer

    loop.patch_message = slowly  # type: ignore[method-assign]


async def test_clicks_on_dms_whose_edit_is_under_way(loop, bot) -> None:
    _slow_dm_edits(loop)
    table = Players(loop, bot.db_path, loop.channel_ids[0], USERS[:3], 7, "christmas-tree", {})
    await table.open()
    results = []
    while len(results) < 60 and (result := await table.step(timeout=8.0)) is not None:
        assert result.acknowledged and result.latency < 3.0, result.text()
        results.append(result)
    await loop.wait_idle()
    late = [r for r in results if r.response_type == DEFERRED_UPDATE]
    assert late, "no click came while its DM's edit was under way"
    for result in late:  # redrawn through the interaction: a webhook edit of @original
        hooks = [c for c in loop.calls if c.method == "PATCH" and result.token in c.path]
        assert hooks and all(c.status == 200 for c in hooks), result
        assert result.message != result.answered_message  # the DM changed after the acknowledgement
    assert loop.call_counts()["errors"] == 0
