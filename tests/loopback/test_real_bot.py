"""The real bot (`python -m bot`, unchanged) against the loopback Discord."""

from __future__ import annotations

from pathlib import Path

from tests.loopback import LoopbackDiscord, message_custom_ids, message_text
from tests.loopback.botproc import run_bot

HOST, GUEST = 21, 22


async def test_real_bot_opens_a_lobby_and_survives_kill_9(tmp_path: Path) -> None:
    loop = LoopbackDiscord()
    loop.add_user(HOST, "Dasher")
    loop.add_user(GUEST, "Dancer")
    await loop.start()
    try:
        async with run_bot(loop, tmp_path / "bot.db") as bot:
            await loop.wait_commands({"play", "hand", "rules", "abandon"})
            assert loop.command_syncs[0][0] == loop.guild_id
            channel = loop.channel_ids[0]
            result = await (await loop.slash(HOST, channel, "play", {"game": "secret-krampus"})).settled(10)
            # (5: acknowledged first on a loaded machine, the lobby in the placeholder's place)
            assert result.error is None and result.response_type in (4, 5) and not result.ephemeral
            lobby = result.message
            labels = [c.get("label") for row in lobby["components"] for c in row["components"]]
            assert labels[:6] == ["Join", "Leave", "Start", "Cancel", "Add AI", "Remove AI"]
            game_id = message_custom_ids(lobby)[0].split(":")[1]
            assert f"Game #{game_id}" in message_text(lobby)
            assert loop.channel_messages(channel)[0]["id"] == lobby["id"]

            await bot.kill()
            await bot.start()
            join = await (await loop.click(GUEST, int(lobby["id"]), f"lobby:{game_id}:join")).settled(10)
            assert join.error is None and join.in_place
            assert "Dancer" in message_text(loop.message(int(lobby["id"])))
            assert loop.unknown_calls() == [] and bot.starts == 2
        # SIGTERM (run_bot's exit: a deploy) closes the bot as Ctrl+C would, so it keeps what it
        # holds in memory (`Notifications.save_notes`); it was killed by the signal (-15)
        assert bot.returncode == 0, bot.log()
    finally:
        await loop.stop()
