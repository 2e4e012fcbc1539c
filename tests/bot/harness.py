"""A bot without a gateway: the real service, storage and table flows over `FakeDiscord`."""

from __future__ import annotations

import contextlib
import random
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from types import SimpleNamespace

from bot.answers import answering
from bot.cog import ANSWERS
from bot.loaded_game import LoadedGame
from bot.picture_cache import PICTURES
from bot.plugins import GamePlugin
from bot.render.base import Picture
from bot.service import GameService
from bot.table import Table
from bot.table_message import BURIED_AFTER
from storage import Database, GameStore
from tests.bot.fakes import FakeDiscord, FakeInteraction, FakeMessage, FakeMessenger, FakeUser

CHANNEL = 555


@contextlib.contextmanager
def pictures_as_stand_ins() -> Iterator[None]:
    """While it lasts, a picture the bot sends is not drawn: its bytes are a stand-in naming its
    key (the same key gives the same bytes, as drawing does), not a PNG.

    Most tests of the bot read what it sends and when, not how its pictures look, and drawing
    was about half of their CPU (Christmas Tree's and Naughty or Nice's pictures). The pictures
    themselves are drawn and checked by `tests/bot/render/` (every game's pictures over random
    games, on a phone, in every language), by the tests marked `draws_pictures` (which
    `tests/bot/conftest.py` leaves drawing, as the `dms` games of `test_private_messages.py`)
    and by the end-to-end tests' real bot."""
    drawn = Picture.drawn
    PICTURES.clear()  # the bot's cache of pictures sent: stand-ins never outlive this
    Picture.drawn = _stand_in  # type: ignore[method-assign]
    try:
        yield
    finally:
        Picture.drawn = drawn  # type: ignore[method-assign]
        PICTURES.clear()


def _stand_in(picture: Picture) -> bytes:
    return f"stand-in for a picture: {picture.key}".encode()


class Clock:
    """A clock the test moves (`Harness(clock=...)`): players go idle when it passes a minute."""

    def __init__(self) -> None:
        self.now = 1_800_000_000.0

    def __call__(self) -> float:
        return self.now


@dataclass
class Harness:
    path: Path
    discord: FakeDiscord = field(default_factory=FakeDiscord)
    clock: Callable[[], float] = time.time  # the bot's Unix time (tests may move it on)
    db: Database | None = None
    table: Table | None = None
    #: each new game's seed: the same games on every run, so a failure can be reproduced
    seeds: random.Random = field(default_factory=lambda: random.Random(2026))
    #: another database than the SQLite file at `path` (e.g. a PostgreSQL one several share)
    url: str | None = None

    async def boot(self) -> Harness:
        """(Re)start the bot on the same database file, as after a process restart."""
        if self.table is not None:
            await self.table.stop()
        if self.db is not None:
            await self.db.close()
        self.db = await Database.open(self.url or f"sqlite:///{self.path}")
        store = GameStore(self.db, clock=self.iso_now)  # the actions' times on the same clock
        service = GameService(store, clock=lambda: self.clock(), new_seed=lambda: self.seeds.getrandbits(62))
        self.messenger = FakeMessenger(self.discord)
        self.table = Table(service, self.messenger, ai_delay=0)
        self.route()
        return self

    def iso_now(self) -> str:
        return datetime.fromtimestamp(self.clock(), UTC).isoformat(timespec="milliseconds")

    def route(self) -> None:
        """Send the next interactions to this bot (several share one `FakeDiscord`)."""
        self.discord.client = SimpleNamespace(table=self.table, remember_locale=self.service.remember_locale)

    async def close(self) -> None:
        if self.table is not None:
            await self.table.stop()
        if self.db is not None:
            await self.db.close()

    @property
    def service(self) -> GameService:
        assert self.table is not None
        return self.table.service

    # -- commands ---------------------------------------------------------------------------------
    async def command(
        self, name: str, user: FakeUser, *args: object, channel: int = CHANNEL, **kw: object
    ) -> FakeInteraction:
        interaction = self.discord.interaction(
            user, channel, manage_guild=bool(kw.pop("manage_guild", False))
        )
        table = self.table
        assert table is not None
        handler = {
            "play": table.commands.play,
            "hand": table.commands.show_hand,
            "abandon": table.commands.abandon,
            "log": table.history.show_log,
            "export": table.history.export,
            "stats": table.stats.stats,
            "leaderboard": table.stats.leaderboard,
            "leave": table.commands.leave_game,
            "replace": table.commands.replace_player,
            "reclaim": table.commands.reclaim,
            "language": table.commands.set_language,
        }[name]
        await answering(interaction, handler(interaction, *args), in_time=ANSWERS[name])  # as bot.cog
        return interaction

    async def bury_table(self, channel_id: int) -> None:
        """A passer-by's chat buries the channel's table (`BURIED_AFTER` messages): it is posted
        anew at the bottom."""
        assert self.table is not None
        for _ in range(BURIED_AFTER):
            await self.table.commands.on_channel_message(channel_id, 999)

    async def open_any(self, game: str) -> tuple[list[FakeUser], FakeMessage, int]:
        """A started table of `game` with `table_size` people: (them, the table, the game id)."""
        from bot.plugins import PLUGINS

        users = make_users(table_size(PLUGINS.get(game)))
        table, game_id = await self.open_table(users, game)
        return users, table, game_id

    async def open_table(
        self, users: list[FakeUser], game: str = "secret-krampus"
    ) -> tuple[FakeMessage, int]:
        """/play by the first user, Join by the others, Start by the host."""
        interaction = await self.command("play", users[0], game)
        message = interaction.original
        assert message is not None
        game_id = int(message.custom_ids()[0].split(":")[1])
        for user in users[1:]:
            await self.discord.click(user, message, f"lobby:{game_id}:join")
        await self.discord.click(users[0], message, f"lobby:{game_id}:start")
        return message, game_id

    async def game(self, game_id: int) -> LoadedGame:
        return await self.service.load(game_id)


async def choose_option(
    h: Harness, user: FakeUser, lobby: FakeMessage, game_id: int, name: str, value: str
) -> None:
    """Pick a lobby option from its own select, or from the combined one (`name=value`)."""
    own = f"lopt:{game_id}:{name}"
    if own in lobby.custom_ids():
        await h.discord.click(user, lobby, own, [value])
    else:
        await h.discord.click(user, lobby, f"lopt:{game_id}:any", [f"{name}={value}"])


def table_size(plugin: GamePlugin) -> int:
    """How many people sit at a test table of `plugin`'s game: 3, or as near as it allows."""
    return min(max(plugin.min_players, 3), plugin.max_players)


def a_test_game(plugin: GamePlugin) -> bool:
    """A game the tests registered (its Discord side outside `bot/`, like the toy's under
    `TOY_GAME=1`): not held to what only the bot's own games have, texts in the bot's catalogues
    (`bot/i18n/locales/`) and pictures."""
    return not plugin.ui.startswith("bot.")


def shortest_game(plugin: GamePlugin, players: int, games: int = 5) -> int:
    """The fewest actions in `games` random games of `plugin`'s rules (seeds 0, 1, ...): tests that
    measure many clicks of one game skip a game shorter than they need."""
    rules = plugin.rules
    fewest = 10**9
    for seed in range(games):
        rng = random.Random(seed)
        state = rules.new_game(players, rules.parse_options(None), seed)
        moves = 0
        while rules.outcome(state) is None and moves < fewest:
            seat = rng.choice(sorted(rules.to_decide(state)))
            state = rules.apply(state, seat, rng.choice(rules.legal_actions(state, seat))).state
            moves += 1
        fewest = min(fewest, moves)
    return fewest


def make_users(count: int, start: int = 1) -> list[FakeUser]:
    names = [
        "Dasher",
        "Dancer",
        "Prancer",
        "Vixen",
        "Comet",
        "Cupid",
        "Donner",
        "Blitzen",
        "Rudolph",
        "Olive",
        "Clarice",
        "Hermey",
    ]
    return [FakeUser(start + i, names[i % len(names)]) for i in range(count)]


async def play_random_click(
    h: Harness,
    table_msg: FakeMessage,
    game_id: int,
    users: list[FakeUser],
    rng: random.Random,
    clicked: list[int] | None = None,
    *,
    anywhere: bool = False,
) -> bool:
    """One random legal move through the UI: pick a seat that must decide, find its component on
    the table or in its latest private message (DM, else the ephemeral fallback), click it.
    Returns False when the game is over. Seats beyond `users` (AI seats) are left alone. The seat
    that clicked is appended to `clicked`, if given. `anywhere`: choose among the components of
    both messages (by default the private message's only when the table has none: then a turn
    that may end on the table rarely plays a card from the hand)."""
    game = await h.game(game_id)
    if game.record.status != "running":
        return False
    seat = rng.choice([seat for seat in sorted(game.to_decide()) if seat < len(users)])
    user = users[seat]
    decision = game.decision
    prefix = f":{game_id}:{decision}:"
    candidates: list[tuple[FakeMessage, str]] = [
        (table_msg, cid) for cid in table_msg.custom_ids() if prefix in cid
    ]
    if not candidates:
        private = private_message(h, user, game_id)
        candidates = [(private, cid) for cid in private.custom_ids() if prefix in cid]
    elif anywhere:
        with contextlib.suppress(LookupError):  # (DMs closed and no view open: the table only)
            private = private_message(h, user, game_id)
            candidates += [(private, cid) for cid in private.custom_ids() if prefix in cid]
    assert candidates, f"seat {seat} must decide but has no component (decision {decision})"
    message, custom_id = rng.choice(candidates)
    values = None
    if custom_id.startswith(("pick:", "dsel:")):
        values = [rng.choice([o.value for o in message.item(custom_id).item.options])]
    await h.discord.click(user, message, custom_id, values)
    if clicked is not None:
        clicked.append(seat)
    return True


def private_message(h: Harness, user: FakeUser, game_id: int) -> FakeMessage:
    """The user's living private message for the game: their newest DM that shows the game (not a
    "your turn" link), or else the ephemeral view."""
    dms = [dm for dm in h.discord.dms.get(user.id, []) if dm.embeds or dm.files]
    if dms:
        return dms[-1]
    marker = f":{game_id}:"
    for message in reversed(h.discord.ephemeral.get(user.id, [])):
        if any(
            cid.startswith(("act:", "pick:", "draft:", "dsel:")) and marker in cid
            for cid in message.custom_ids()
        ):
            return message
    raise LookupError("no private message")
