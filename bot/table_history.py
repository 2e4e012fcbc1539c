"""`/log` (the public log of a game) and `/export` (a finished game as replayable JSON).

The log shows only what the rules made public: each logged action's events filtered to the public
audience (`visible_events(events, None)`), exactly what the table showed as it happened. The export
holds the seed and every action, secret choices included: what some rules keep secret after the end
too (discarded cards, unchosen ones, secret votes). So it is a moderator's tool (Manage Server: a
dispute, a bug report), given only once the game is over.
"""

from __future__ import annotations

import io
import json

import discord

from bot.answers import edit_answer, manages_server, send_new
from bot.clock import FORCED_BY_CLOCK
from bot.components import Controls, LogPageButton
from bot.errors import GameNotFound, NotAllowed, UserError
from bot.i18n import N_, _, described
from bot.loaded_game import AI_MARK
from bot.names import shown_name
from bot.service import GameService
from games.core import visible_events
from games.core.export import ExportedAction, ExportedSeat, GameExport
from storage import ENDED, SeatRecord

LOG_PAGE = 1800  # characters of one page of /log (a phone screen or two; Discord allows 4096)
LOGGED = ("running", *ENDED)
#: At most this many games named in an answer asking which game (the newest).
MAX_LISTED = 10
EXPORTED_WHEN_OVER = N_("A game can be exported once it is over (its log holds secret choices).")


class History:
    service: GameService

    def __init__(self, service: GameService) -> None:
        self.service = service

    async def public_log(self, game_id: int) -> list[str]:
        """Every public event of the game so far, as the lines the table showed (a seat an AI
        took over is named after its player up to the player's last action: what they did reads
        as theirs, not the AI's)."""
        game = await self.service.load(game_id)
        records = await self.service.store.get_actions(game_id)
        theirs = {r.seat: r.seq for r in records if r.user_id > 0 and game.is_ai(r.seat)}  # (the last)
        players = {seat: _player_of(game.seats[seat]) for seat in theirs}
        lines = []
        for record in records:
            names = [
                players[seat] if record.seq <= theirs.get(seat, 0) else name
                for seat, name in enumerate(game.names)
            ]
            if record.user_id == FORCED_BY_CLOCK and record.seat >= 0:
                lines.append(
                    _("\N{ALARM CLOCK} Time ran out: the clock chose for {names}.", names=names[record.seat])
                )
            events = visible_events(game.rules.load_events(record.events_json), None)
            lines += [described(event, names) for event in events]
        if game.record.status == "abandoned":  # (no action of the game's says it)
            lines.append(_("The game was abandoned."))
        return lines

    async def export_game(self, game_id: int) -> GameExport:
        game = await self.service.load(game_id)
        if game.record.status not in ENDED:
            raise UserError(_(EXPORTED_WHEN_OVER))
        actions = await self.service.store.get_actions(game_id)
        return GameExport(
            game=game.record.game_name,
            options=game.record.options,
            seed=game.record.seed,
            seats=[ExportedSeat(seat=s.seat, name=s.display_name, ai=s.user_id < 0) for s in game.seats],
            actions=[
                ExportedAction(seq=a.seq, seat=a.seat, action=json.loads(a.action_json)) for a in actions
            ],
        )

    async def _game_here(
        self, channel_id: int | None, user_id: int, game_id: int | None, statuses: tuple[str, ...]
    ) -> int:
        """The game a command means: the given number (in this channel), else the user's own
        game here (the newest), else the one being played here, else the newest here; several
        being played: the player is asked which."""
        if channel_id is None:
            raise UserError(_("Use this command in the game's channel."))
        store = self.service.store
        games = await store.games_in_channel(channel_id, statuses=statuses)
        if game_id is not None:
            if all(record.id != game_id for record in games):
                live = await store.games_in_channel(channel_id)
                if statuses == ENDED and any(record.id == game_id for record in live):
                    raise UserError(_(EXPORTED_WHEN_OVER))  # (not "no such game": it is here)
                raise GameNotFound(_("There is no such game #{number} in this channel.", number=game_id))
            return game_id
        mine = [r for r in await store.user_games_in_channel(channel_id, user_id, statuses=statuses)]
        if mine:
            return mine[-1].id
        if await store.user_games_in_channel(channel_id, user_id, statuses=("lobby",)):
            raise UserError(_("This game has not started."))  # (theirs: not another group's)
        # someone else's: a game being played here first (a channel keeps every game it had)
        running = [record for record in games if record.status == "running"]
        if len(running) == 1 or (games and not running):
            return (running or games)[-1].id
        if not games:  # (a game running here, theirs or not: it is here, not over yet)
            if statuses == ENDED and await store.games_in_channel(channel_id, statuses=("running",)):
                raise UserError(_(EXPORTED_WHEN_OVER))
            if await store.games_in_channel(channel_id, statuses=("lobby",)):
                raise UserError(_("This game has not started."))
            raise GameNotFound(_("There is no such game in this channel."))
        ids = ", ".join(f"#{record.id}" for record in running[-MAX_LISTED:])  # (the newest)
        raise UserError(
            _("Several games are here ({numbers}); say which with the `game` option.", numbers=ids)
        )

    async def show_log(self, interaction: discord.Interaction, game_id: int | None) -> None:
        """The log's newest page, with buttons to the older ones."""
        game_id = await self._game_here(interaction.channel_id, interaction.user.id, game_id, LOGGED)
        embed, view = await self.log_page(game_id, None)
        await send_new(interaction, ephemeral=True, embed=embed, view=view)

    async def turn_log_page(self, interaction: discord.Interaction, game_id: int, page: int) -> None:
        """A page button on `/log`'s answer: that page, in the same message."""
        if interaction.channel_id is None or all(
            record.id != game_id
            for record in await self.service.store.games_in_channel(interaction.channel_id, LOGGED)
        ):
            raise GameNotFound(_("That game is not in this channel."))
        embed, view = await self.log_page(game_id, page)
        await edit_answer(interaction, embed=embed, view=view)

    async def log_page(self, game_id: int, page: int | None) -> tuple[discord.Embed, discord.ui.View]:
        """Page `page` (1 is the oldest; None: the newest) of the public log, and its buttons."""
        game = await self.service.load(game_id)
        pages = log_pages(await self.public_log(game_id))
        number = len(pages) if page is None else max(1, min(page, len(pages)))
        name = _(game.info.title)
        if len(pages) > 1:
            title = _(
                "{game} #{number} - what happened ({page}/{pages})",
                game=name,
                number=game.id,
                page=number,
                pages=len(pages),
            )
        else:
            title = _("{game} #{number} - what happened", game=name, number=game.id)
        embed = discord.Embed(title=title, description=pages[number - 1])
        embed.set_footer(text=_("Only what everyone saw."))
        view = Controls()
        if len(pages) > 1:
            view.add_item(
                LogPageButton(
                    game_id, number - 1, _("\N{BLACK LEFT-POINTING TRIANGLE} Older"), disabled=number == 1
                )
            )
            view.add_item(
                LogPageButton(
                    game_id,
                    number + 1,
                    _("Newer \N{BLACK RIGHT-POINTING TRIANGLE}"),
                    disabled=number == len(pages),
                )
            )
        return embed, view

    async def export(self, interaction: discord.Interaction, game_id: int | None) -> None:
        if not manages_server(interaction):
            raise NotAllowed(
                _(
                    "Only members with Manage Server can export a game: the file holds every secret "
                    "choice, which the rules keep secret after the end too. /log shows what everyone saw."
                )
            )
        game_id = await self._game_here(interaction.channel_id, interaction.user.id, game_id, ENDED)
        exported = await self.export_game(game_id)
        data = exported.model_dump_json(indent=1).encode()
        file = discord.File(io.BytesIO(data), filename=f"{exported.game}-{game_id}.json")
        said = _(
            "Game #{number}: options, seats, seed and every action. It replays to the same end.",
            number=game_id,
        )
        await send_new(interaction, ephemeral=True, content=said, file=file)


def log_pages(lines: list[str], size: int = LOG_PAGE) -> list[str]:
    """The log's lines as bullet points, cut into pages of at most `size` characters between
    lines (a longer line is cut, never lost across pages): the whole log, oldest first."""
    pages: list[str] = []
    page: list[str] = []
    length = 0
    for line in lines:
        item = f"- {line}"[:size]
        if page and length + len(item) + 1 > size:
            pages.append("\n".join(page))
            page, length = [], 0
        page.append(item)
        length += len(item) + 1
    if page:
        pages.append("\n".join(page))
    return pages or [_("Nothing has happened yet.")]


def _player_of(seat: SeatRecord) -> str:
    """The name of the person who played a seat an AI plays now (it is named after them)."""
    return shown_name(seat.owner_name or seat.display_name.removesuffix(AI_MARK))
