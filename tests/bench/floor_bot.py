"""The least a discord.py bot can do per click: `python -m tests.bench.floor_bot` (started by
`python -m tests.bench.floor`, pointed at the loopback like the real bot).

It posts one message with a table-sized embed and components, then answers every component click on
it by editing it through the interaction response with a new embed and a new set of components, as
the bot answers a click on its table. With FLOOR_COMMIT=1 it first commits a snapshot to SQLite
(the bot's `storage.Database`, same pragmas) as one action would. No game, no rules, no pictures.
"""

from __future__ import annotations

import asyncio
import os
import sys
import tempfile
from pathlib import Path

import discord

from storage import Database
from tests.bench.sqlite_commit import yardstick_snapshot

SNAPSHOT = yardstick_snapshot()


def table_embed(turn: int) -> discord.Embed:
    """About the size of a table message of the real bot (text, a few fields, a footer)."""
    embed = discord.Embed(
        title="Secret Krampus - round 4",
        description=(
            f"Turn {turn}. **alice** is the Head Elf and chose **bob** as Chief of Staff.\n"
            "Vote Ja or Nein on the pair: the vote is public once everyone has voted.\n"
            "Naughty policies: 2 of 6. Nice policies: 3 of 5. Election tracker: 1 of 3."
        ),
        colour=0x2E7D32,
    )
    for name in ("Voted", "Waiting for", "Last"):
        embed.add_field(name=name, value="alice, carol, dave, erin\nfrank, grace", inline=False)
    embed.set_footer(text="Your role and hand are in your DMs. /rules secret-krampus")
    return embed


def table_view(turn: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    for label in ("Ja", "Nein", "My hand", "Rules"):
        view.add_item(discord.ui.Button(label=label, custom_id=f"floor:{label}:{turn}"))
    options = [discord.SelectOption(label=f"Player {n}", value=str(n)) for n in range(8)]
    view.add_item(discord.ui.Select(custom_id=f"floor:pick:{turn}", options=options, row=1))
    return view


class FloorClient(discord.Client):
    def __init__(self, db: Database | None) -> None:
        super().__init__(intents=discord.Intents.default())
        self.db = db
        self.turn = 0

    async def on_ready(self) -> None:
        channel = self.get_channel(int(os.environ["FLOOR_CHANNEL"]))
        assert isinstance(channel, discord.TextChannel)
        await channel.send(embed=table_embed(0), view=table_view(0))
        print("floor: ready", flush=True)

    async def on_interaction(self, interaction: discord.Interaction) -> None:
        if interaction.type is not discord.InteractionType.component:
            return
        self.turn += 1
        if self.db is not None:
            async with self.db.transaction() as conn:
                await conn.execute("UPDATE snap SET state = ? WHERE id = 1", (SNAPSHOT + str(self.turn),))
        await interaction.response.edit_message(embed=table_embed(self.turn), view=table_view(self.turn))


async def main() -> None:
    db = None
    with tempfile.TemporaryDirectory() as folder:
        if os.environ.get("FLOOR_COMMIT") == "1":
            db = await Database.open(f"sqlite:///{Path(folder) / 'floor.db'}")
            async with db.transaction() as conn:
                await conn.execute("CREATE TABLE snap (id INTEGER PRIMARY KEY, state TEXT)")
                await conn.execute("INSERT INTO snap VALUES (1, ?)", (SNAPSHOT,))
        client = FloorClient(db)
        try:
            await client.start(os.environ["DISCORD_TOKEN"])
        finally:
            if db is not None:
                await db.close()


if __name__ == "__main__":
    try:
        asyncio.run(main())
    except KeyboardInterrupt:
        sys.exit(0)
