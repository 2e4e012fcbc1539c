"""A seat's first DM is drawn, then waits for its turn and for its DM channel to open (a round
trip) before it is sent: what changed meanwhile is in it when it arrives, not only in an edit a
paced second later (a Naughty & Nice hand once arrived showing no cards while the table said one).
"""

from __future__ import annotations

import asyncio

from bot.loaded_game import LoadedGame
from bot.render.base import Payload
from games.core import encode_action
from games.naughty_and_nice import Declaration, Declare
from tests.bot.fakes import FakeMessage, FakeUser
from tests.bot.harness import Harness, make_users
from tests.bot.test_pacing import TimedMessenger, paced, until

GAME = "naughty-and-nice"


class SlowOpening(TimedMessenger):
    """Opening the first player's DM channel takes a while: they draw a card on the table
    meanwhile. Remembers what each first DM showed as it was sent."""

    def __init__(self, inner: TimedMessenger, harness: Harness) -> None:
        super().__init__(inner)
        self.opened = set()
        self.harness = harness
        self.table: FakeMessage | None = None
        self.game_id = 0
        self.users: list[FakeUser] = []
        self.first: dict[int, str] = {}  # user id -> what their first DM showed as it was sent
        self.drew_at: int | None = None  # the version the first player drew a card at
        self.drawer: int | None = None  # their user id
        self.clicks: list[asyncio.Task] = []

    async def open_dm(self, user_id: int) -> None:
        await self._opening(user_id)
        await super().open_dm(user_id)

    async def _opening(self, user_id: int) -> None:
        game = await self.harness.game(self.game_id)
        if self.drew_at is None and game.state is not None and self.opens_dm(user_id):
            seat = next(iter(game.to_decide()))
            if game.user_of(seat) == user_id:
                await self._draw_meanwhile(game, seat, user_id)

    async def _draw_meanwhile(self, game: LoadedGame, seat: int, user_id: int) -> None:
        assert self.table is not None
        code = encode_action(Declare(declaration=Declaration.NONE))
        assert Declare(declaration=Declaration.NONE) in game.rules.legal_actions(game.state, seat)
        user = next(u for u in self.users if u.id == user_id)
        click = self.harness.discord.click(user, self.table, f"act:{game.id}:{game.decision}:{code}")
        clicking = asyncio.get_running_loop().create_task(click)
        self.drew_at, self.drawer = game.record.version + 1, user_id

        async def drawn() -> bool:
            return (await self.harness.game(game.id)).record.version >= (self.drew_at or 0)

        assert await until(drawn, timeout=5)
        self.clicks.append(clicking)

    async def send_dm(
        self, user_id: int, payload: Payload, *, ping: bool, nonce: int | None = None
    ) -> int | None:
        await self._opening(user_id)  # (a DM sent before its channel opened opens it first)
        message_id = await super().send_dm(user_id, payload, ping=ping, nonce=nonce)
        if message_id is not None:
            self.first.setdefault(user_id, self.discord.messages[message_id].text())
        return message_id


async def test_a_first_dm_shows_what_changed_while_its_channel_opened(harness: Harness) -> None:
    pacer, timed = paced(harness)
    messenger = SlowOpening(timed, harness)
    delivery = harness.table.delivery
    delivery.messenger = delivery.privates.messenger = delivery.sends.messenger = messenger
    delivery.tables.messenger = delivery.posts.messenger = messenger
    users = messenger.users = make_users(3)
    interaction = await harness.command("play", users[0], GAME)
    table = messenger.table = interaction.original
    assert table is not None
    game_id = messenger.game_id = int(table.custom_ids()[0].split(":")[1])
    for user in users[1:]:
        await harness.discord.click(user, table, f"lobby:{game_id}:join")
    await harness.discord.click(users[0], table, f"lobby:{game_id}:start")
    await pacer.settle(timeout=10)
    await asyncio.gather(*messenger.clicks)
    assert messenger.drew_at is not None, "the first player drew while their DM channel opened"
    drawer = messenger.drawer
    assert drawer is not None
    assert "Your hand (1)" in messenger.first[drawer], messenger.first[drawer]
