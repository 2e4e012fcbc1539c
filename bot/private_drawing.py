"""What `PrivateMessages` draws a seat's private message from, and what it drew (`Drawing`): the
payload, the digest and key it remembers as shown, and the decision the message brings."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from bot import screens
from bot.loaded_game import LoadedGame
from bot.message_slots import Slot, shown_key
from bot.outbox import Outbox
from bot.render.base import Payload
from bot.screens import turn_of
from games.core import Event


@dataclass
class Drawing:
    """The seat's private message drawn from `game`, with `worth` as its news."""

    game: LoadedGame
    seat: int
    slot: Slot
    worth: list[Event]
    view: Any = None  # the seat's view of `game` (None: no state yet)
    key: bytes = b""  # what it is drawn from (`shown_key`)
    payload: Payload = field(init=False)
    digest: str = field(init=False)  # of the message without its news
    turn: int | None = field(init=False)  # the decision it shows as the seat's (`turn_of`)

    @classmethod
    def of(cls, game: LoadedGame, seat: int, slot: Slot, worth: list[Event]) -> Drawing:
        view = game.view(seat) if game.state is not None else None
        return cls(game, seat, slot, worth, view, shown_key(game, seat, view))

    def draw(self) -> Drawing:
        """The seat's message, with the choice half made in it if that decision is still on (a
        redraw because another player left, say, wiped a card and a cell picked)."""
        game, seat = self.game, self.seat
        quiet = screens.private_payload(game, seat)
        draft = kept_draft(self.slot, game)
        payload = screens.private_payload(game, seat, self.worth, draft) if self.worth or draft else quiet
        if self.slot.restarted and payload.content is None and payload.drafts():
            payload = replace(payload, content=screens.restarted_text(game, seat))
        self.payload, self.digest, self.turn = payload, quiet.digest(), turn_of(game, seat, self.view)
        return self

    def pinged(self, ping: bool) -> Payload:
        """The payload of a new DM: one that pushes says why it came in its first line (the push
        shows it)."""
        if ping and self.payload.content is None:
            below = self.payload.offered() is not None
            text = screens.your_turn_text(self.game, self.seat, screens.jump_url(self.game), below=below)
            self.payload = replace(self.payload, content=text)
        return self.payload

    def newer(self, outbox: Outbox, ping: bool) -> Payload | None:
        """Drawn again from the outbox's newest game if the game moved on since (while a new DM
        waited for its turn: its pictures, its channel's pace) and the seat is still the slot's
        reader's; None when there is nothing newer."""
        game = outbox.game
        if game.record.version <= self.game.record.version or game.reader_of(self.seat) != self.slot.user_id:
            return None
        self.game, self.view = game, game.view(self.seat) if game.state is not None else None
        self.key = shown_key(game, self.seat, self.view)
        return self.draw().pinged(ping)


def kept_draft(slot: Slot, game: LoadedGame) -> str | None:
    """The choice half made in the seat's living message (`Slot.draft`), while its decision is
    still the game's."""
    return slot.draft[1] if slot.draft is not None and slot.draft[0] == game.decision else None


def written(slot: Slot, payload: Payload, game: LoadedGame) -> None:
    """`payload`, drawn from `game`, is the seat's living message now: what it offers, and the
    choice half made in it while its decision is on (`kept_draft`)."""
    slot.offered, slot.restarted = payload.offered(), False
    slot.draft = (game.decision, draft) if (draft := kept_draft(slot, game)) else None
