"""`python -m bot`: check the settings, open the database, log in and serve.

`python -m bot simulate --game <name> --players N` plays an all-AI game without Discord.
`python -m bot migrate-db --to postgresql://...` copies the SQLite database into PostgreSQL.
"""

from __future__ import annotations

import asyncio
import gc
import logging
import signal
import sys

import discord

from bot.global_budget import GLOBAL_PER_SECOND
from bot.settings import AI_DELAY, TOKEN_HELP, SettingsError, load_settings
from storage import Database, DatabaseError
from storage.sqlite_setup import only_process_on


async def serve(
    token: str,
    database_url: str,
    dev_guild_id: int | None,
    ai_delay: float = AI_DELAY,
    shards: tuple[int | None, list[int] | None] = (None, None),
    rest_per_second: float = GLOBAL_PER_SECOND,
) -> int:
    from bot.client import make_bot

    held = None
    try:
        held = only_process_on(database_url)  # (before opening it: an opening may upgrade it)
        db = await Database.open(database_url)
    except DatabaseError as error:
        if held is not None:
            held.close()
        print(f"Cannot use the database: {error}", file=sys.stderr)
        return 2
    shard_count, shard_ids = shards
    if db.shards is not None:  # several processes may share it: this one's shards are its own
        count = shard_count or 1
        try:
            await db.shards.claim(count, shard_ids if shard_ids is not None else range(count))
        except DatabaseError as error:
            await db.close()
            print(f"Cannot run these shards: {error}", file=sys.stderr)
            return 2
    bot = make_bot(
        db,
        dev_guild_id=dev_guild_id,
        ai_delay=ai_delay,
        shard_count=shard_count,
        shard_ids=shard_ids,
        rest_per_second=rest_per_second,
    )
    try:
        async with bot:
            # SIGTERM (a deploy, `docker stop`, systemd): close as on Ctrl+C, so the wake-ups are
            # stopped and the ephemeral notes kept (`Notifications.save_notes`), not cut off
            closing: list[asyncio.Task[None]] = []  # (held: the loop keeps only weak references)
            asyncio.get_running_loop().add_signal_handler(
                signal.SIGTERM, lambda: closing.append(asyncio.ensure_future(bot.close()))
            )
            freezer = asyncio.create_task(_freeze_when_ready(bot))
            try:
                await bot.start(token)
            finally:
                freezer.cancel()
    except discord.LoginFailure:
        print(f"Discord refused DISCORD_TOKEN (it may have been reset). {TOKEN_HELP}", file=sys.stderr)
        return 2
    except OSError as error:  # aiohttp's connection errors too: no network, DNS, a firewall
        print(f"Cannot reach Discord ({error}). Check this machine's network and try again.", file=sys.stderr)
        return 2
    except discord.PrivilegedIntentsRequired:
        print(
            "Discord refused the bot's intents; this bot needs no privileged intents.",
            file=sys.stderr,
        )
        return 2
    finally:
        await db.close()
        if held is not None:
            held.close()
    return 0


#: The garbage collector's thresholds once the bot is ready: a full collection at most once per
#: 1,000 collections of the middle generation (Python's default: 10). Each action replaces its
#: game's cached state, which lives until the game's next action and so reaches the oldest
#: generation: at 1,000 tables a full collection walked ~300k live objects, a pause of 0.3-0.4 s
#: (p99 twice as long as without), every ~50 s at 100. The bot leaves almost nothing in reference
#: cycles for it to free (36-90 objects a collection: `tests/bot/test_no_garbage_cycles.py`), so
#: rarer ones cost no memory: none in a ~6-minute benchmark run at 1,000 tables (docs/
#: performance.md, twenty-second session).
GC_THRESHOLDS = (700, 10, 1000)


async def _freeze_when_ready(bot: discord.Client) -> None:
    """Once the bot is ready, everything alive after start-up (modules, discord.py, the resumed
    games) is moved out of the garbage collector's sight (`gc.freeze`), so the full collections
    during play no longer walk it (benchmark, 500 games: full collections over 20 ms took 37 ms at
    most instead of 88), and full collections become rarer (`GC_THRESHOLDS`)."""
    await bot.wait_until_ready()
    gc.collect()
    gc.freeze()
    gc.set_threshold(*GC_THRESHOLDS)


USAGE = """usage: python -m bot [simulate ... | migrate-db ...]

  python -m bot                  run the bot (settings from the environment or .env; see .env.example)
  python -m bot simulate --help  play a game between AI seats in the terminal, no Discord
  python -m bot migrate-db --help
                                 copy a SQLite database into PostgreSQL"""


def main() -> int:
    if sys.argv[1:2] in (["-h"], ["--help"]):
        print(USAGE)
        return 0
    if sys.argv[1:] and sys.argv[1] not in ("simulate", "migrate-db"):
        print(USAGE, file=sys.stderr)
        print(f"\nUnknown command: {sys.argv[1]}", file=sys.stderr)
        return 2
    if sys.argv[1:2] == ["simulate"]:
        from bot.simulate import main as simulate

        return simulate(sys.argv[2:])
    if sys.argv[1:2] == ["migrate-db"]:
        from bot.migrate_db import main as migrate_db

        return migrate_db(sys.argv[2:])
    try:
        settings = load_settings()
        token = settings.token()
        shards = settings.sharding()
    except SettingsError as error:
        print(error, file=sys.stderr)
        return 2
    logging.basicConfig(
        level=settings.log_level.upper(), format="%(asctime)s %(levelname)s %(name)s: %(message)s"
    )
    try:
        return asyncio.run(
            serve(
                token,
                settings.database_url,
                settings.dev_guild_id,
                settings.ai_delay_seconds,
                shards,
                settings.rest_per_second,
            )
        )
    except KeyboardInterrupt:
        return 0


if __name__ == "__main__":
    sys.exit(main())
