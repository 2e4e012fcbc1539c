"""`python -m bot`: check the settings, open the database, log in and serve.

`python -m bot simulate --game <name> --players N` plays an all-AI game without Discord.
"""

from __future__ import annotations

import asyncio
import logging
import sys

import discord

from bot.settings import TOKEN_HELP, SettingsError, load_settings
from storage import Database, DatabaseError


async def serve(token: str, database_url: str, dev_guild_id: int | None, ai_delay: float = 1.5) -> int:
    from bot.client import GameBot

    try:
        db = await Database.open(database_url)
    except DatabaseError as error:
        print(f"Cannot use the database: {error}", file=sys.stderr)
        return 2
    bot = GameBot(db, dev_guild_id=dev_guild_id, ai_delay=ai_delay)
    try:
        async with bot:
            await bot.start(token)
    except discord.LoginFailure:
        print(f"Discord refused DISCORD_TOKEN (it may have been reset). {TOKEN_HELP}", file=sys.stderr)
        return 2
    except discord.PrivilegedIntentsRequired:
        print(
            "Discord refused the bot's intents; this bot needs no privileged intents.",
            file=sys.stderr,
        )
        return 2
    finally:
        await db.close()
    return 0


def main() -> int:
    if sys.argv[1:2] == ["simulate"]:
        from bot.simulate import main as simulate

        return simulate(sys.argv[2:])
    try:
        settings = load_settings()
        token = settings.token()
    except SettingsError as error:
        print(error, file=sys.stderr)
        return 2
    logging.basicConfig(
        level=settings.log_level.upper(), format="%(asctime)s %(levelname)s %(name)s: %(message)s"
    )
    try:
        return asyncio.run(
            serve(token, settings.database_url, settings.dev_guild_id, settings.ai_delay_seconds)
        )
    except KeyboardInterrupt:
        return 0


if __name__ == "__main__":
    sys.exit(main())
