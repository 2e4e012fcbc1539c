"""The lobby half of `GameService`: open, join, leave, options, AI seats, start, cancel, abandon,
rematch (a running game's seats changing hands are `bot.service_seats`).

Every method is called with the game's lock held (except `open_lobby`, which makes the game), and
refusals are `UserError`s with the reason for the player.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import TYPE_CHECKING, Any
from weakref import WeakValueDictionary

from bot.clock import CLOCK_CHOICES, CLOCK_OPTION, CLOCK_SECONDS
from bot.errors import (
    BadComponent,
    GameNotFound,
    NotAllowed,
    StaleDecision,
    UserError,
    closed_reason,
    conflict,
    refusal,
)
from bot.i18n import _, ngettext
from bot.names import shown_name
from bot.plugins import PLUGINS
from bot.service_seats import new_ai_seat
from games.core import IllegalAction
from storage import ENDED, LIVE, GameStore, StorageConflict

if TYPE_CHECKING:
    from bot.game_lock import GameLock
    from bot.loaded_game import LoadedGame

#: The option name of the lobby's combined select, whose values are `name=value`.
ANY_OPTION = "any"


class LobbyActions:
    """Mixed into `GameService`, which provides the stubs below."""

    store: GameStore
    _channel_locks: WeakValueDictionary[int, asyncio.Lock]
    new_seed: Callable[[], int]

    async def load(self, game_id: int) -> LoadedGame:
        raise NotImplementedError

    def _require_lock(self, game_id: int) -> None:
        raise NotImplementedError

    def unshared_lock(self, game_id: int) -> GameLock:
        raise NotImplementedError

    def _written(self, game_id: int, game: LoadedGame | None = None) -> None:
        raise NotImplementedError

    async def open_lobby(
        self,
        *,
        guild_id: int | None,
        channel_id: int,
        game_name: str,
        user_id: int,
        user_name: str,
        options: dict[str, Any] | None = None,
        claim: str | None = None,
        locale: str | None = None,
        host_locale: str | None = None,
    ) -> LoadedGame:
        """A new lobby with the host seated. `locale`: the table's language (the server's, or the
        one chosen with /language), `host_locale`: the host's (Discord locales)."""
        if game_name not in PLUGINS:
            raise UserError(_("There is no game called '{name}'.", name=game_name))
        info = PLUGINS.get(game_name)
        parsed = info.rules.parse_options(options or {})
        async with self._channel_lock(channel_id):
            await self._check_free(channel_id, user_id)
            record = await self.store.lobbies.create(
                guild_id=guild_id,
                channel_id=channel_id,
                game_name=game_name,
                host_id=user_id,
                host_name=user_name,
                options={
                    **parsed.model_dump(mode="json"),
                    CLOCK_OPTION: (options or {}).get(CLOCK_OPTION, "off"),
                },
                seed=self.new_seed(),
                claim=claim,
                locale=locale,
                host_locale=host_locale,
            )
        return await self.load(record.id)

    async def rematch(self, game_id: int, user_id: int, user_name: str) -> tuple[LoadedGame, list[str]]:
        """A new lobby in the same channel with the finished game's options and seats (AI seats
        too), hosted by whoever asked. Players now busy in another game here are left out (their
        names are returned). Only once per game: a second click gets the same lobby."""
        self._require_lock(game_id)
        old = await self.load(game_id)
        if old.record.status not in ENDED:
            raise StaleDecision(_("A rematch can start once this game is over."))
        if old.seat_of(user_id) is None and old.kept_for(user_id) is None:  # (an AI kept theirs)
            raise NotAllowed(_("Only the players of this game can ask for a rematch."))
        claim = f"rematch:{game_id}"
        existing = await self.store.settings.get_meta(claim)
        if existing is not None:
            raise UserError(await self._rematch_open(str(existing), user_id))
        try:  # the lobby and the "this game's rematch is open" guard are one commit
            new = await self.open_lobby(
                guild_id=old.record.guild_id,
                channel_id=old.record.channel_id,
                game_name=old.record.game_name,
                user_id=user_id,
                user_name=user_name,
                options=old.record.options,
                claim=claim,
                locale=old.record.locale,
                host_locale=next((s.locale for s in old.seats if s.reader == user_id), None),
            )
        except StorageConflict as held:
            raise UserError(await self._rematch_open(str(held), user_id)) from None
        left_out: list[str] = []
        async with self.unshared_lock(new.id):  # (no other process can reach it before it is posted)
            for seat in old.seats:
                player = seat.reader  # (a seat an AI kept after timeouts: its player comes back)
                if player == user_id:
                    continue
                if player < 0:
                    await self.add_ai(new.id, user_id)
                    continue
                name = seat.owner_name if seat.user_id < 0 and seat.owner_name else seat.display_name
                try:
                    await self.join(new.id, player, name, seat.locale)
                except UserError:
                    left_out.append(shown_name(name))
        return await self.load(new.id), left_out

    async def _rematch_open(self, number: str, user_id: int) -> str:
        """The answer to a second Rematch click: the lobby (game `number`) is open already, and
        maybe has them."""
        try:
            seated = (await self.load(int(number))).seat_of(user_id) is not None
        except (ValueError, GameNotFound):
            seated = False
        if seated:
            return _("You are in the rematch already: game #{number}.", number=number)
        return _("The rematch is already open: game #{number}. Join it there!", number=number)

    async def join(self, game_id: int, user_id: int, user_name: str, locale: str | None = None) -> LoadedGame:
        self._require_lock(game_id)
        game = await self._lobby(game_id)
        if game.seat_of(user_id) is not None:
            raise UserError(_("You are already seated in this lobby."))
        if len(game.seats) >= game.info.max_players:
            raise UserError(_full(game))
        async with self._channel_lock(game.record.channel_id):
            await self._check_free(game.record.channel_id, user_id)
            try:
                await self.store.lobbies.add_seat(
                    game_id, user_id, user_name, max_seats=game.info.max_players, locale=locale
                )
                self._written(game_id)
            except StorageConflict as error:
                raise UserError(conflict(error)) from None
        return await self.load(game_id)

    async def add_ai(self, game_id: int, user_id: int) -> LoadedGame:
        """The host seats an AI player (named, marked "(AI)", with a negative user id)."""
        self._require_lock(game_id)
        game = await self._lobby(game_id)
        if user_id != game.record.host_id:
            raise NotAllowed(_("Only the host can add or remove AI players."))
        if len(game.seats) >= game.info.max_players:
            raise UserError(_full(game))
        ai_id, name = new_ai_seat(game)
        try:
            await self.store.lobbies.add_seat(game_id, ai_id, name, max_seats=game.info.max_players)
        except StorageConflict as error:
            raise UserError(conflict(error)) from None
        self._written(game_id)
        return await self.load(game_id)

    async def remove_ai(self, game_id: int, user_id: int) -> LoadedGame:
        """The host removes the last AI player seated."""
        self._require_lock(game_id)
        game = await self._lobby(game_id)
        if user_id != game.record.host_id:
            raise NotAllowed(_("Only the host can add or remove AI players."))
        ais = [seat for seat in game.seats if seat.user_id < 0]
        if not ais:
            raise UserError(_("There is no AI player to remove."))
        await self.store.lobbies.remove_seat(game_id, ais[-1].user_id)
        self._written(game_id)
        return await self.load(game_id)

    async def fill_with_ai(self, game_id: int, user_id: int) -> LoadedGame:
        """Seat AI players until the table has the game's minimum number of players."""
        game = await self.load(game_id)
        while len(game.seats) < game.info.min_players:
            game = await self.add_ai(game_id, user_id)
        return game

    async def leave(self, game_id: int, user_id: int) -> LoadedGame:
        self._require_lock(game_id)
        game = await self._lobby(game_id)
        if game.seat_of(user_id) is None:
            raise UserError(_("You are not seated in this lobby."))
        if user_id == game.record.host_id:
            raise UserError(_("The host cannot leave; press Cancel to close the lobby."))
        await self.store.lobbies.remove_seat(game_id, user_id)
        self._written(game_id)
        return await self.load(game_id)

    async def set_option(self, game_id: int, user_id: int, option: str, value: str) -> LoadedGame:
        """The host changes one lobby option; the game's options model validates it."""
        self._require_lock(game_id)
        game = await self._lobby(game_id)
        if user_id != game.record.host_id:
            raise NotAllowed(_("Only the host can change the options."))
        rules = game.rules
        if option == ANY_OPTION:  # the combined select: the value is `name=value`
            option, _sep, value = value.partition("=")
        clock = game.record.options.get(CLOCK_OPTION, "off")
        if option == CLOCK_OPTION:
            if value not in CLOCK_SECONDS:
                choices = ", ".join(_(CLOCK_CHOICES[name][0]) for name in CLOCK_SECONDS)
                raise UserError(_("The turn clock is one of: {choices}.", choices=choices))
            clock, option, value = value, "", ""
        elif option not in rules.options_model.model_fields:
            raise BadComponent(_("{game} has no option '{option}'.", game=_(game.info.title), option=option))
        changed = {option: value} if option else {}
        try:
            parsed = rules.parse_options({**game.record.options, **changed})
        except IllegalAction as error:
            raise refusal(error) from None
        options = {**parsed.model_dump(mode="json"), CLOCK_OPTION: clock}
        try:
            await self.store.lobbies.set_options(game_id, options)
        except StorageConflict as error:
            raise StaleDecision(conflict(error)) from None
        self._written(game_id)
        return await self.load(game_id)

    async def start(self, game_id: int, user_id: int) -> LoadedGame:
        self._require_lock(game_id)
        game = await self._lobby(game_id)
        if user_id != game.record.host_id:
            raise NotAllowed(_("Only the host can start the game."))
        count = len(game.seats)
        if not game.info.min_players <= count <= game.info.max_players:
            raise UserError(
                ngettext(
                    "{game} needs {players}; {n} seated.",
                    "{game} needs {players}; {n} seated.",
                    count,
                    game=_(game.info.title),
                    players=game.info.players_text,
                )
            )
        rules = game.rules
        options = rules.parse_options(game.record.options)
        state = rules.new_game(count, options, game.record.seed)
        try:
            await self.store.lobbies.start(game_id, rules.dump_state(state))
            self._written(game_id)
        except StorageConflict:
            raise StaleDecision(_("This lobby has already started or closed.")) from None
        return await self.load(game_id)

    async def cancel(self, game_id: int, user_id: int) -> LoadedGame:
        self._require_lock(game_id)
        game = await self._lobby(game_id)
        if user_id != game.record.host_id:
            raise NotAllowed(_("Only the host can cancel the lobby."))
        await self.store.set_status(game_id, "cancelled", from_statuses=("lobby",))
        self._written(game_id)
        return await self.load(game_id)

    async def abandon(self, game_id: int, user_id: int, *, can_manage_server: bool) -> LoadedGame:
        self._require_lock(game_id)
        game = await self.load(game_id)
        if not game.record.live:
            raise StaleDecision(closed_reason(game.record.status))
        if user_id != game.record.host_id and not can_manage_server:
            raise NotAllowed(_("Only the host or a member with Manage Server can end a game."))
        if game.record.status == "lobby":  # (nothing was played: as the lobby's Cancel)
            await self.store.set_status(game_id, "cancelled", from_statuses=("lobby",))
        else:
            await self.store.set_status(game_id, "abandoned", from_statuses=("running",))
        self._written(game_id)
        return await self.load(game_id)

    async def _lobby(self, game_id: int) -> LoadedGame:
        game = await self.load(game_id)
        if game.record.status != "lobby":
            raise StaleDecision(closed_reason(game.record.status))
        return game

    def _channel_lock(self, channel_id: int) -> asyncio.Lock:
        """Serialises "is this user free in this channel?" with taking the seat (one game per
        user per channel). Taken inside a game lock, or alone (opening a lobby), never around
        one."""
        return self._channel_locks.setdefault(channel_id, asyncio.Lock())

    async def _check_free(self, channel_id: int, user_id: int) -> None:
        if await self.store.user_games_in_channel(channel_id, user_id, statuses=LIVE):
            raise UserError(_("You are already seated in a game in this channel; finish or leave it first."))


def _full(game: LoadedGame) -> str:
    most = game.info.max_players
    return ngettext("This table is full ({n} player).", "This table is full ({n} players).", most)
