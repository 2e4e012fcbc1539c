"""What every renderer returns and the contract a game's renderer implements.

Renderers only ever receive a seat's view (or the public view) plus the seat names and the ids
needed for components: never the game state. That is what keeps hidden information out of
public messages by construction.
"""

from __future__ import annotations

import io
import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Protocol

import discord

from bot.components import ActionButton, ActionSelect, Controls, DraftButton, DraftSelect
from bot.i18n import DEFAULT as DEFAULT_LANGUAGE
from bot.i18n import _, described, ngettext, translated, using
from bot.i18n import current as current_language
from games.core import Event
from games.core.words import names_and

EMBED_COLOUR = discord.Colour.from_rgb(178, 34, 52)  # Christmas red


@dataclass(frozen=True)
class Picture:
    """A PNG attached to a message. `key` names exactly what it shows (same key, same picture),
    so an edit can keep the attachment already on the message instead of uploading it again;
    `render` makes the bytes only when they are really sent (`drawn`), maybe in another thread,
    with its words in `language`: the language of the message it was made for (`bot.i18n`),
    part of its key."""

    filename: str
    key: str
    render: Callable[[], bytes]
    language: str = field(default_factory=current_language)
    #: what it shows, in a few words of its language: the alt text a screen reader says
    alt: str = ""

    def __post_init__(self) -> None:
        suffix = f"|{self.language}"  # once: `replace` (e.g. with its drawn bytes) runs this again
        if self.language != DEFAULT_LANGUAGE and not self.key.endswith(suffix):
            object.__setattr__(self, "key", self.key + suffix)

    def drawn(self) -> bytes:
        """The PNG's bytes, its words in its language."""
        with using(self.language):
            return self.render()

    def file(self) -> discord.File:
        return discord.File(io.BytesIO(self.drawn()), filename=self.filename, description=self.alt or None)


@dataclass
class Payload:
    """One Discord message's content: text, embeds, components and pictures.

    Pictures are plain attachments (not `attachment://` embed images, which Discord shows twice
    after an edit). `keep_pictures` is set by whoever edits a message that already shows these
    very pictures: the edit then leaves the attachments alone instead of re-uploading them.
    """

    content: str | None = None
    embeds: list[discord.Embed] = field(default_factory=list)
    view: discord.ui.View | None = None
    pictures: list[Picture] = field(default_factory=list)
    keep_pictures: bool = False
    #: user ids this message may ping when it is posted (nobody else is ever pinged)
    mentions: tuple[int, ...] = ()

    @property
    def picture_keys(self) -> tuple[str, ...]:
        return tuple(picture.key for picture in self.pictures)

    def digest(self) -> str:
        """What a reader sees, as one string: equal digests show the same message."""
        shown = {
            "content": self.content,
            "embeds": [embed.to_dict() for embed in self.embeds],
            "components": self.view.to_components() if self.view is not None else [],
            "pictures": self.picture_keys,
        }
        return json.dumps(shown, sort_keys=True, default=str)

    def offered(self) -> int | None:
        """The decision this message's enabled game controls answer (the buttons and selects of
        `bot.components` that send or prepare one); None when it offers none."""
        for child in self.view.children if self.view is not None else ():
            if isinstance(child, ActionButton | ActionSelect) and not child.item.disabled:
                return child.decision
        return None

    def drafts(self) -> bool:
        """Whether the message has enabled controls that prepare a choice (a draft: half a
        choice lives in the message itself)."""
        children = self.view.children if self.view is not None else ()
        return any(isinstance(c, DraftButton | DraftSelect) and not c.item.disabled for c in children)

    def without_controls(self) -> Payload:
        """The same message with no components (a message whose decisions are over)."""
        return replace(self, view=None)

    def send_kwargs(self, *, silent: bool = False) -> dict[str, Any]:
        """For a new message; `silent` posts it without a push notification (Discord's
        SUPPRESS_NOTIFICATIONS: it still shows as unread)."""
        kwargs: dict[str, Any] = {
            "silent": silent,
            "embeds": self.embeds,
            "allowed_mentions": discord.AllowedMentions(
                everyone=False, roles=False, users=[discord.Object(id=u) for u in self.mentions]
            ),
        }
        if self.content is not None:
            kwargs["content"] = self.content
        if self.view is not None:
            kwargs["view"] = self.view
        if self.pictures:
            kwargs["files"] = [picture.file() for picture in self.pictures]
        return kwargs

    def edit_kwargs(self) -> dict[str, Any]:
        """For an edit: also clears components, content and pictures that are no longer there."""
        kwargs: dict[str, Any] = {"content": self.content, "embeds": self.embeds, "view": self.view}
        if not self.pictures:
            kwargs["attachments"] = []
        elif not self.keep_pictures:
            kwargs["attachments"] = [picture.file() for picture in self.pictures]
        return kwargs


@dataclass(frozen=True)
class TableContext:
    """What a renderer may know besides the view: ids for custom_ids and the seat names."""

    game_id: int
    decision: int
    names: Sequence[str]
    title: str
    #: When the current decision's `Timer` runs out (Unix time), if it has one: show it as a
    #: Discord countdown with `countdown()`.
    deadline: float | None = None
    #: The game was abandoned before its end: a private message then says nothing about what to
    #: do (the bot adds that the game was abandoned, and takes the controls away).
    abandoned: bool = False
    #: The seats an AI plays (public: their names say so): no need to tell them where to choose.
    ai_seats: frozenset[int] = frozenset()
    #: The message is a copy without controls (shown after a click on the table when the seat's
    #: DMs are closed): its texts say the choices are on the table, not "here" or "below".
    copy: bool = False
    #: An AI plays the seat for its player (their time ran out): the message shows the seat as
    #: it is and, as for an abandoned game, says nothing about what to do.
    kept: bool = False

    @property
    def quiet(self) -> bool:
        """The private message says nothing about what to do (`abandoned`, `kept`)."""
        return self.abandoned or self.kept

    def countdown(self) -> str:
        """`<t:...:R>`: Discord shows it in every reader's client as "in 12 seconds"."""
        return f"<t:{int(self.deadline)}:R>" if self.deadline is not None else ""

    def name(self, seat: int | None) -> str:
        if seat is None:
            return "-"
        return self.names[seat] if 0 <= seat < len(self.names) else _("seat {number}", number=seat + 1)


class GameRenderer(Protocol):
    #: The label of the table's button that opens a seat's private view (marked with `N_`; the
    #: table's prompt and a push name it when a person decides in private).
    private_button: str

    def table(self, view: Any, ctx: TableContext, events: Sequence[Event]) -> Payload:
        """The public table message (from the public view) with the public decision's components."""

    def private(
        self, view: Any, ctx: TableContext, events: Sequence[Event], draft: str | None = None
    ) -> Payload:
        """A seat's private message (DM or ephemeral): role, knowledge, hand, private choices.
        `draft` is a choice being put together on the message itself (a card, then a cell...),
        carried in the custom_ids of `DraftSelect`/`DraftButton`; anything malformed is ignored."""

    def has_private_decision(self, view: Any) -> bool:
        """Whether this seat's current decision is made in its private message."""

    def private_news(self, events: Sequence[Event]) -> list[Event]:
        """The non-public events worth a DM (not mere echoes of the seat's own click)."""

    def acknowledge(self, view: Any, ctx: TableContext, events: Sequence[Event]) -> str | None:
        """A short ephemeral confirmation for a seat that acted on the table (or None)."""

    def chat_reminder(self, view: Any, ctx: TableContext, seat: int) -> str | None:
        """A public reminder when `seat` writes in the channel while the rules ask it to keep
        quiet (from the public view only), or None."""

    def ending(self, view: Any, ctx: TableContext, summary: str) -> str:
        """The text posted when the game ends (public view; `summary` is the outcome's)."""

    def tells_on_table(self, event: Event) -> bool:
        """Whether the table's news has a line for this public event (one it does not, e.g. a
        nomination the headline says, leaves the news it shows as it is: `bot.table_message`)."""


class BaseRenderer:
    """Defaults for the optional parts of `GameRenderer` (`private_button`, `table`, `private`
    and `has_private_decision` are the game's own)."""

    def tells_on_table(self, event: Event) -> bool:
        return True

    def private_news(self, events: Sequence[Event]) -> list[Event]:
        return [e for e in events if not e.audience.is_public]

    def acknowledge(self, view: Any, ctx: TableContext, events: Sequence[Event]) -> str | None:
        return None

    def chat_reminder(self, view: Any, ctx: TableContext, seat: int) -> str | None:
        return None

    def ending(self, view: Any, ctx: TableContext, summary: str) -> str:
        return summary


def new_view(*items: discord.ui.Item[Any]) -> discord.ui.View:
    return Controls(*items)


def seat_select(ctx: TableContext, kind: str, seats: Sequence[int], placeholder: str) -> ActionSelect:
    """A select of seats whose values are the actions `kind.<seat>` (nominate, target, ...)."""
    options = [discord.SelectOption(label=ctx.name(seat), value=f"{kind}.{seat}") for seat in seats]
    return ActionSelect(ctx.game_id, ctx.decision, kind, options, placeholder=placeholder)


def yes_no_buttons(ctx: TableContext, kind: str, yes: str, no: str) -> tuple[ActionButton, ActionButton]:
    """Green/red buttons for the actions `kind.1` / `kind.0` (votes)."""
    return (
        ActionButton(ctx.game_id, ctx.decision, f"{kind}.1", label=yes, style=discord.ButtonStyle.success),
        ActionButton(ctx.game_id, ctx.decision, f"{kind}.0", label=no, style=discord.ButtonStyle.danger),
    )


def private_result(
    seat: int | None,
    winners: Sequence[int],
    ctx: TableContext,
    points: int | None,
    scores: Mapping[int, Any] | None = None,
) -> str:
    """A private message's end: who won, as its reader reads it, and the reader's points (None:
    the game counts none); with everyone's `scores` (seat -> final score, or a tuple that also
    holds the game's tiebreaks, higher is better), a reader who did not win among three or more
    reads their place (everyone who won or ranks higher is ahead; shared with an equal score)."""
    head = _winner_line(seat, winners, ctx)
    if points is not None:
        head += " " + ngettext("You scored {n} point.", "You scored {n} points.", points)
    if seat is not None and scores and len(scores) > 2 and seat in scores and seat not in winners:
        ahead = {s for s, score in scores.items() if score > scores[seat]} | set(winners)
        place, players = len(ahead) + 1, len(scores)
        if any(score == scores[seat] for s, score in scores.items() if s != seat and s not in ahead):
            head += " " + _("Your place: {place} of {players}, shared.", place=place, players=players)
        else:
            head += " " + _("Your place: {place} of {players}.", place=place, players=players)
    return head


def _winner_line(seat: int | None, winners: Sequence[int], ctx: TableContext) -> str:
    others = [s for s in winners if s != seat]
    names = translated(names_and([f"**{ctx.name(s)}**" for s in others]))
    if seat in winners:
        head = _("**You share the win** with {names}!", names=names) if others else _("**You win!**")
    elif not others:
        head = _("Nobody wins!")
    elif len(others) > 1:
        head = _("{names} share the win!", names=names)
    else:
        head = _("{names} wins!", names=names)
    return head


def fitted(text: str, most: int = 100) -> str:
    """`text` in at most `most` characters (a select option's label or description): cut after
    a whole word, with an ellipsis, where it is longer (a hard cut left "... unter deinen Stape")."""
    if len(text) <= most:
        return text
    cut = text[: most - 1]
    space = cut.rfind(" ")
    if space > most // 2:
        cut = cut[:space]
    return cut.rstrip(" ,;:.") + "\N{HORIZONTAL ELLIPSIS}"


def newest_lines(lines: Sequence[str], most: int) -> list[str]:
    """The newest `most` of `lines`, after a line saying where the others are when some are left
    out (edits coalesced: several changes told at once)."""
    if len(lines) <= most:
        return list(lines)
    return [left_out(), *lines[-most:]]


def left_out() -> str:
    """The line that stands for news lines left out."""
    # i18n: stands for older lines of "What just happened" that did not fit; /log is the command
    return _("... (more in /log)")


def event_lines(
    events: Sequence[Event], names: Sequence[str], limit: int = 8, reader: int | None = None
) -> str:
    """The last `limit` events, one line each (`reader`: the seat reading them in private)."""
    lines = newest_lines([described(event, names, reader) for event in events], limit)
    return "\n".join(f"- {line}" for line in lines)
