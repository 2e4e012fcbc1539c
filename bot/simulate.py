"""`python -m bot simulate --game <name> --players N`: watch a whole game of AI seats, no token.

The game runs through exactly the bot's own path: the lobby and start of `GameService`, AI turns
scheduled by `Table` and committed to SQLite like any click, and the real renderers. Only Discord
is replaced, by a messenger that prints each new version of the table message (as players would
read it) and saves its pictures to a folder.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import tempfile
from pathlib import Path

from bot.errors import UserError
from bot.outbox import Change
from bot.plugins import PLUGINS
from bot.render.base import Payload
from bot.service import GameService
from bot.table import Table
from storage import Database, GameStore

CHANNEL = 1
HOST = -1  # the host is an AI seat too


def payload_text(payload: Payload) -> str:
    """What a person reads in a message: content, embeds (title, text, fields, footer)."""
    parts = [payload.content or ""]
    for embed in payload.embeds:
        parts += [f"== {embed.title} ==" if embed.title else "", embed.description or ""]
        parts += [f"[{field.name}]\n{field.value}" for field in embed.fields]
        parts.append(embed.footer.text or "")
    return "\n".join(part for part in parts if part)


class PrintingMessenger:
    """Stands in for Discord: prints channel messages and table edits, saves their pictures."""

    def __init__(self, out: Path, echo: bool = True) -> None:
        self.out, self.echo = out, echo
        self.next_id = 1
        self.last_text: dict[int, str] = {}
        self.saved: list[Path] = []

    def _show(self, message_id: int, payload: Payload) -> None:
        text = payload_text(payload)
        if text != self.last_text.get(message_id):
            self.last_text[message_id] = text
            if self.echo:
                print(f"\n{text}\n", flush=True)
        if payload.pictures and not payload.keep_pictures:
            for picture in payload.pictures:
                path = self.out / f"{len(self.saved) + 1:04d}-{picture.filename}"
                path.write_bytes(picture.render())
                self.saved.append(path)

    async def send_dm(
        self, user_id: int, payload: Payload, *, ping: bool, nonce: int | None = None
    ) -> int | None:
        return None  # every seat is an AI: nobody reads DMs

    async def edit_dm(self, user_id: int, message_id: int, payload: Payload) -> bool:
        return False

    async def delete_dm(self, user_id: int, message_id: int) -> None:
        return None

    async def edit_interaction(self, token: str, payload: Payload) -> bool:
        return False

    def opens_dm(self, user_id: int) -> bool:
        return False

    async def open_dm(self, user_id: int) -> None:
        return None

    async def delete_followup(self, token: str, message_id: int) -> None:
        return None

    async def delete_message(self, channel_id: int, message_id: int) -> None:
        self.last_text.pop(message_id, None)

    async def edit_message(self, channel_id: int, message_id: int, payload: Payload) -> bool:
        if message_id not in self.last_text:
            return False
        self._show(message_id, payload)
        return True

    async def send_channel(
        self, channel_id: int, payload: Payload, *, nonce: int | None = None
    ) -> int | None:
        message_id = self.next_id
        self.next_id += 1
        self._show(message_id, payload)
        return message_id


async def simulate(
    game: str, players: int, out: Path, options: dict[str, str], messenger: PrintingMessenger
) -> int:
    """Play one all-AI game; returns the game's id. Raises ValueError for a bad request."""
    plugin = PLUGINS.find(game)
    if plugin is None:
        raise ValueError(f"No playable game {game!r}. Games: {', '.join(PLUGINS.names())}")
    if not plugin.min_players <= players <= plugin.max_players:
        raise ValueError(f"{plugin.title} needs {plugin.players_text}.")
    out.mkdir(parents=True, exist_ok=True)
    db = await Database.open(f"sqlite:///{out / 'simulation.db'}")
    service = GameService(GameStore(db))
    table = Table(service, messenger, ai_delay=0)
    try:
        lobby = await service.open_lobby(
            guild_id=None, channel_id=CHANNEL, game_name=game, user_id=HOST, user_name="Jingle (AI)"
        )

        async def start() -> Change:
            for name, value in options.items():
                await service.set_option(lobby.id, HOST, name, value)
            for _ in range(players - 1):
                await service.add_ai(lobby.id, HOST)
            await service.start(lobby.id, HOST)
            return Change(await service.ensure_deadline(lobby.id))

        await table.pipeline.run(lobby.id, start)  # the same path as the host's clicks
        await table.delivery.deliver(lobby.id)
        while (await service.load(lobby.id)).record.status == "running":
            await asyncio.sleep(0.01)
        await asyncio.sleep(0)
        return lobby.id
    finally:
        await table.stop()
        await db.close()


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot simulate", description=__doc__.splitlines()[0])
    parser.add_argument("--game", required=True, choices=PLUGINS.names())
    parser.add_argument("--players", type=int, required=True)
    parser.add_argument("--out", type=Path, default=None, help="folder for the pictures and the database")
    parser.add_argument("--option", action="append", default=[], metavar="NAME=VALUE", help="a lobby option")
    parser.add_argument("--quiet", action="store_true", help="print only the end")
    args = parser.parse_args(argv)
    options = {}
    for item in args.option:
        name, sep, value = item.partition("=")
        if not sep:
            parser.error(f"--option wants NAME=VALUE, not {item!r}")
        options[name] = value
    out = args.out or Path(tempfile.mkdtemp(prefix=f"{args.game}-"))
    messenger = PrintingMessenger(out, echo=not args.quiet)
    try:
        asyncio.run(simulate(args.game, args.players, out, options, messenger))
    except ValueError as error:
        print(error, file=sys.stderr)
        return 2
    except UserError as error:  # e.g. a malformed --option
        print(error.message, file=sys.stderr)
        return 2
    except OSError as error:  # (--out where nothing can be written)
        print(f"Cannot write the pictures and the database to {out}: {error.strerror}", file=sys.stderr)
        return 2
    if args.quiet:
        print("\n\n".join(list(messenger.last_text.values())[-2:]))
    print(f"\nPictures ({len(messenger.saved)}) and the game's database are in {out}")
    return 0
