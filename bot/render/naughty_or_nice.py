"""Naughty or Nice on Discord: the table (playground, offer row, decks, every player's kiddos and
score, whose turn, reaction windows with their countdown, a picture of the playground and the
collections) and each player's private message (hand of presents and creatures, every choice).

Only `NoNView`s come in. What the table may click (the giver choice, the active player's Craft /
Summon / End turn and Craft picks) is in `naughty_or_nice_components.table_choices`; everything
that chooses hand cards or answers a reaction is in the private message (DM, or the ephemeral
"My hand" fallback), drawn by `naughty_or_nice_private`: the seat's hand and its own decision only,
so that it is not edited when the others act. See `naughty_or_nice_components` for the Fulfill
and creature drafts.
"""

from __future__ import annotations

from collections.abc import Sequence

import discord

from bot.render.base import EMBED_COLOUR, BaseRenderer, Payload, Picture, TableContext, new_view
from bot.render.naughty_or_nice_components import table_choices, table_components
from bot.render.naughty_or_nice_private import ECHO_EVENTS, has_private_decision, private_payload
from bot.render.naughty_or_nice_summary import LOBBY_TEXTS, RULES_SUMMARY
from bot.render.naughty_or_nice_text import (
    CREATURE_TYPE_EMOJI,
    PHASE_HINT,
    REACTION_NAME,
    colours_text,
    ending_text,
    present_text,
)
from bot.render.pictures.naughty_or_nice import picture_key, render_table_png
from games.core import Event
from games.naughty_or_nice.data import CREATURES, Reaction
from games.naughty_or_nice.viewmodels import NoNView

TITLE = "\N{WRAPPED PRESENT} Naughty or Nice"


def _names(ctx: TableContext, seats: Sequence[int]) -> str:
    return ", ".join(f"**{ctx.name(s)}**" for s in seats)


#: Events the table does not repeat: the headline or the picture shows what they say.
QUIET_ON_TABLE = frozenset({"window_opened", "kiddo_revealed", "offer_refilled", "waiting", "offered_extra"})
#: Events whose points the event itself already tells (the `scored` right after it is dropped).
WITH_POINTS = frozenset({"fulfilled", "creature_played", "reindeer_played"})
NEWS_LINES = 5


def table_news(events: Sequence[Event], names: Sequence[str]) -> str:
    """What just happened, in at most `NEWS_LINES` lines (the newest ones)."""
    lines: list[str] = []
    told: set[int] = set()  # the seat whose event just gave its points
    for event in events:
        kind, seat = event.kind, getattr(event, "seat", None)
        if kind == "scored" and seat in told:
            continue
        told = {seat} if kind in WITH_POINTS and seat is not None else set()
        if kind in QUIET_ON_TABLE or kind == "turn_started" and not getattr(event, "final", False):
            continue
        lines.append(event.describe(names))
    return "\n".join(f"- {line}" for line in lines[-NEWS_LINES:])


def window_text(view: NoNView, ctx: TableContext) -> str:
    """The reaction window as the public sees it (spec 5.1): never who may react."""
    window = view.window
    assert window is not None
    card = REACTION_NAME[window.reaction]
    subject = CREATURES[window.subject].name
    what = (
        f"{ctx.name(window.mover)} fulfilled a wish"
        if window.reaction == Reaction.PAPA_WOLVERINE
        else f"{ctx.name(window.mover)} plays {subject}"
    )
    when = f"closes {ctx.countdown()}" if ctx.deadline is not None else f"{window.seconds} s"
    return f"\N{ALARM CLOCK} **Reaction window open** ({when}): {what}. {card}?"


def _turn_hint(view: NoNView) -> str:
    """The active player's choices, as the level has them (no Summon nor creatures at 1-2)."""
    if view.basic_taken is None:
        basics = "**Craft**, **Summon** or **Fulfill**" if view.uses_creatures else "**Craft** or **Fulfill**"
        return f"{basics} a wish (Fulfill in **My hand**)."
    return "may play creatures (in **My hand**), then **End turn**."


def headline(view: NoNView, ctx: TableContext) -> str:
    if view.over:
        names = _names(ctx, view.winners)
        return f"{names} {'share the win' if len(view.winners) > 1 else 'wins'}! The game is over."
    if view.window is not None:
        text = window_text(view, ctx)
    else:
        who = _names(ctx, view.to_decide) or "the clock"
        if view.phase == "turn":
            text = f"{who}'s turn: {_turn_hint(view)}"
        elif view.phase == "craft":
            text = f"{who} crafts: take presents from the deck or the offer row below."
        elif view.phase == "giver_choice":
            text = f"{who}: choose a gift giver below."
        else:
            hint = PHASE_HINT.get(view.phase, view.prompt)
            text = f"{who}: {hint}" + ("." if table_choices(view) else " (in private).")
    if view.midnight_revealed:
        left = view.final_turns_left
        turns = "" if left is None else f" {left} final turn{'s' if left != 1 else ''} left."
        text += f"\n\N{CLOCK FACE TWELVE OCLOCK} Midnight has struck!{turns}"
    return text


class NaughtyOrNiceRenderer(BaseRenderer):
    private_button = "My hand"

    # -- the table --------------------------------------------------------------------------------
    def table(self, view: NoNView, ctx: TableContext, events: Sequence[Event]) -> Payload:
        """Whose move and what just happened; the playground, offer row and players' scores,
        collections and hand sizes are in the picture (never repeated here)."""
        title = f"{TITLE} #{ctx.game_id}"
        if not view.over and view.turn_no:
            title += f" - turn {view.turn_no}"
        embed = discord.Embed(title=title, description=headline(view, ctx), colour=EMBED_COLOUR)
        self._extra_fields(view, ctx, embed)
        news = table_news(events, ctx.names)
        if news:
            embed.add_field(name="What just happened", value=news[:1024], inline=False)
        embed.set_footer(text=self._footer(view))
        picture = Picture(
            f"naughty-or-nice-{ctx.game_id}.png",
            picture_key(view, ctx.names),
            lambda: render_table_png(view, ctx.names),
        )
        items = table_components(view, ctx)
        return Payload(embeds=[embed], view=new_view(*items) if items else None, pictures=[picture])

    def _extra_fields(self, view: NoNView, ctx: TableContext, embed: discord.Embed) -> None:
        """What is in play now and not in the picture (one line each)."""
        if view.fulfil is not None:
            f = view.fulfil
            covered = f" (Caga Tió covers {colours_text(f.covered)})" if f.covered else ""
            embed.add_field(
                name="Fulfill in progress",
                value=f"{ctx.name(f.seat)}: {f.kiddo.name} still wants {colours_text(f.open)}{covered}"[
                    :1024
                ],
                inline=False,
            )
        if view.elves_revealed:
            cards = ", ".join(present_text(p) for p in view.elves_revealed)
            nxt = f" - next pick: {ctx.name(view.elves_next)}" if view.elves_next is not None else ""
            embed.add_field(name="The Elves reveal", value=f"{cards}{nxt}"[:1024], inline=False)
        wolverine = view.window is not None and view.window.reaction == Reaction.PAPA_WOLVERINE
        if view.batch and (wolverine or view.phase == "wolverine_take"):
            cards = ", ".join(present_text(p) for p in view.batch)
            embed.add_field(name="Presents just given", value=cards[:1024], inline=False)
        if view.in_play:
            cards = ", ".join(
                f"{CREATURE_TYPE_EMOJI.get(c.ctype, '')} {c.name}".strip() for c in view.in_play
            )
            embed.add_field(name="Creatures in play", value=cards[:1024], inline=False)

    def _footer(self, view: NoNView) -> str:
        decks = [f"{view.present_deck_size} presents"]
        if view.uses_creatures:
            decks.append(f"{view.creature_main_size + view.creature_bottom_size} creatures")
        decks.append(f"{view.kiddo_main_size + view.kiddo_bottom_size} kiddos")
        return f"Level {view.level} - left in the decks: {', '.join(decks)}"

    # -- the private message (see `naughty_or_nice_private`) -------------------------------------
    def private(
        self, view: NoNView, ctx: TableContext, events: Sequence[Event], draft: str | None = None
    ) -> Payload:
        return private_payload(view, ctx, events, draft)

    # -- the rest of the contract -----------------------------------------------------------------
    def has_private_decision(self, view: NoNView) -> bool:
        return has_private_decision(view)

    def private_news(self, events: Sequence[Event]) -> list[Event]:
        return [e for e in events if not e.audience.is_public and e.kind not in ECHO_EVENTS]

    def ending(self, view: NoNView, ctx: TableContext, summary: str) -> str:
        return ending_text(view, ctx)


#: This game's renderer, with its `/rules` text and lobby texts: what `bot.plugins` loads.
RENDERER = NaughtyOrNiceRenderer()

__all__ = ["LOBBY_TEXTS", "RENDERER", "RULES_SUMMARY", "NaughtyOrNiceRenderer"]
