"""/play where a channel's overrides take a permission from the bot, over the loopback Discord
with the real bot process: discord.py reads the bot's permissions in the channel from the
interaction (`app_permissions`, as Discord sends them), and the host is told which are missing;
no lobby is posted. Another channel is unaffected."""

from __future__ import annotations

from tests.e2e.conftest import USERS
from tests.loopback.model import P_ATTACH_FILES, P_READ_HISTORY


async def test_play_says_which_permissions_the_bot_lacks_in_the_channel(loop, bot) -> None:
    host = USERS[0]
    closed, open_ = loop.channel_ids[0], loop.channel_ids[1]
    loop.bot_denied[closed] = P_ATTACH_FILES | P_READ_HISTORY
    refused = await (await loop.slash(host, closed, "play", {"game": "grumpy-nisse"})).settled(10)
    assert refused.ephemeral, refused.text()
    assert "I need **Attach Files**, **Read Message History** here" in refused.text()
    assert "lobby" not in loop.public_text()
    opened = await (await loop.slash(host, open_, "play", {"game": "grumpy-nisse"})).settled(10)
    assert opened.error is None and not opened.ephemeral, opened.text()
    assert "The Grumpy Nisse - lobby" in loop.public_text()
