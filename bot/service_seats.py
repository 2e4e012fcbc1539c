"""A running game's seats changing hands, the other half of `GameService` beside
`bot.service_lobby`: an AI takes a seat (its player left or ran out of time), the player takes it
back, lets it go for good, or the game ends by forfeit.

Every method is called with the game's lock held; refusals are `UserError`s for the player.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.errors import StaleDecision, UserError, closed_reason, conflict
from bot.i18n import _
from bot.loaded_game import AI_MARK
from bot.names import AI_NAMES
from storage import GameStore, StorageConflict

if TYPE_CHECKING:
    from bot.loaded_game import LoadedGame


class SeatActions:
    """Mixed into `GameService`, which provides the stubs below."""

    store: GameStore

    async def load(self, game_id: int) -> LoadedGame:
        raise NotImplementedError

    def _require_lock(self, game_id: int) -> None:
        raise NotImplementedError

    def _written(self, game_id: int, game: LoadedGame | None = None) -> None:
        raise NotImplementedError

    async def hand_to_ai(self, game_id: int, seat: int, owner: tuple[int, str] | None = None) -> LoadedGame:
        """A running game's seat is played by an AI from now on (its player left or is absent;
        `owner`: the player who may reclaim it, after running out of time)."""
        self._require_lock(game_id)
        game = await self.load(game_id)
        if game.record.status != "running":
            raise StaleDecision(closed_reason(game.record.status))
        if game.seats[seat].user_id < 0:
            raise UserError(_("That seat is already played by an AI."))
        ai_id, name = new_ai_seat(game, after=game.seats[seat].display_name)
        host = None if owner is not None else next_host(game, seat, game.seats[seat].user_id)
        try:  # (an AI that keeps the seat for its player: that player still reads its DM)
            await self.store.replace_seat(
                game_id,
                seat,
                ai_id,
                name,
                owner=owner,
                keep_private=owner is not None,
                host=host,
                forfeited_by=None if owner is not None else game.seats[seat].user_id,
            )
        except StorageConflict as error:
            raise StaleDecision(conflict(error)) from None
        self._written(game_id)
        return await self.load(game_id)

    async def reclaim(self, game_id: int, seat: int) -> LoadedGame:
        """The player an AI stood in for takes their seat back."""
        self._require_lock(game_id)
        game = await self.load(game_id)
        record = game.seats[seat]
        if record.owner_id is None or record.owner_name is None:
            raise UserError(_("Nobody is waiting to take that seat back."))
        try:
            await self.store.replace_seat(
                game_id, seat, record.owner_id, record.owner_name, keep_private=True
            )
        except StorageConflict as error:
            raise StaleDecision(conflict(error)) from None
        self._written(game_id)
        return await self.load(game_id)

    async def release_kept_seat(self, game_id: int, seat: int) -> LoadedGame:
        """The player an AI keeps `seat` for leaves the game: the AI plays it for nobody now
        (their private message is not theirs any more)."""
        self._require_lock(game_id)
        game = await self.load(game_id)
        record = game.seats[seat]
        if record.user_id >= 0 or record.owner_id is None:
            raise UserError(_("Nobody is waiting to take that seat back."))
        host = next_host(game, seat, record.owner_id)
        try:
            await self.store.replace_seat(
                game_id, seat, record.user_id, record.display_name, host=host, forfeited_by=record.owner_id
            )
        except StorageConflict as error:
            raise StaleDecision(conflict(error)) from None
        self._written(game_id)
        return await self.load(game_id)

    async def forfeit(self, game_id: int, winners: frozenset[int]) -> LoadedGame:
        """End a running game now: the remaining player(s) win (the others left)."""
        self._require_lock(game_id)
        try:
            await self.store.finish_by_forfeit(game_id, winners)
        except StorageConflict as error:
            raise StaleDecision(conflict(error)) from None
        self._written(game_id)
        return await self.load(game_id)


def new_ai_seat(game: LoadedGame, after: str | None = None) -> tuple[int, str]:
    """A free negative user id and an AI name for a new AI seat of `game`: named `after` the
    player whose seat it takes over, if any, so that what that player did keeps their name; else
    one of `AI_NAMES` no person at the table is called (a person named "Jingle" sat beside
    "Jingle (AI)")."""
    taken = {seat.user_id for seat in game.seats}
    ai_id = next(i for i in range(-1, -1000, -1) if i not in taken)
    used = {s.display_name.removesuffix(AI_MARK).strip().casefold() for s in game.seats if s.user_id > 0}
    free = [name for name in AI_NAMES if name.casefold() not in used] or list(AI_NAMES)
    return ai_id, f"{after or free[(-ai_id - 1) % len(free)]}{AI_MARK}"


def next_host(game: LoadedGame, seat: int, leaving: int) -> int | None:
    """Who hosts the game once `leaving`, the player of `seat`, lets it go to an AI: the next person
    round the table when they were the host (a host who left kept the power to replace people and
    end the game); None: no change (they were not, or nobody else is left)."""
    if leaving != game.record.host_id:
        return None
    count = len(game.seats)
    after = (game.seats[(seat + step) % count] for step in range(1, count))
    return next((other.user_id for other in after if other.user_id > 0), None)
