"""Naughty & Nice on Discord: the table (a picture of everyone's cards in play, totals, hand
sizes and the piles, under a short text: what is happening, who acts, what just happened; the
active player's public choices) and each player's private message (`naughty_and_nice_private`:
the hand and the seat's own decisions).

Only `NNView`s come in here. Where each decision sits:
- On the table (they reveal nothing of a hand): declaring and drawing, stopping, the cards a
  Shiny! steals, declaring the end. The table's buttons are built from the public view.
- In the private message: playing a card from the hand (a *draft*: pick the card `c<id>` in a
  select, then a target button sends `play.<id>.<seat>`), the steal that follows a Shiny! played
  on someone (on the table too), and the secret face-up / face-down choice of each Shiny! card at
  the end; drawing in secret is repeated there (the card drawn is named on that one living
  message: never a new message per draw). The table's other decisions are not repeated there
  (each would cost an edit when it begins and another when it ends).
- The private message never repeats public state that changes when anyone acts (it is edited
  whenever what it shows changes): while the seat has no decision there it says so in a line.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial

import discord

from bot.i18n import _
from bot.render.base import EMBED_COLOUR, BaseRenderer, Payload, Picture, TableContext
from bot.render.naughty_and_nice_components import turn_components
from bot.render.naughty_and_nice_private import has_private_decision, private_news, private_payload
from bot.render.naughty_and_nice_summary import LOBBY_TEXTS, RULES_SUMMARY
from bot.render.naughty_and_nice_text import (
    PRIVATE_BUTTON,
    TOLD_ELSEWHERE,
    TURN_PHASES,
    ending_text,
    table_events,
    table_lines,
    totals_words,
)
from bot.render.pictures.naughty_and_nice import picture_key, render_table_png
from games.core import Event, encode_action
from games.naughty_and_nice.data import Declaration, Phase
from games.naughty_and_nice.models import Declare, DeclareEnd, Draw, Pass, Stop, StopTaking, Take
from games.naughty_and_nice.view_models import ChoiceView, NNView


def table_alt(view: NNView, ctx: TableContext) -> str:
    """The table picture's alt text (a screen reader's words for it): what it shows, and each
    player's totals in words (in the text only for the active player, while declaring)."""
    totals = "; ".join(f"{ctx.name(p.seat)}: {totals_words(p)}" for p in view.players)
    shows = _("Each player's cards in play and their totals")
    return f"{shows}. {totals}."


class NaughtyAndNiceRenderer(BaseRenderer):
    private_button = PRIVATE_BUTTON

    # -- the table ------------------------------------------------------------------------------
    def table(self, view: NNView, ctx: TableContext, events: Sequence[Event]) -> Payload:
        """A short text (what is happening, who acts, the hands' and piles' sizes, what just
        happened) over the picture of everyone's cards in play and totals."""
        title = "\N{FATHER CHRISTMAS} " + _("Naughty & Nice #{game}", game=ctx.game_id)
        if view.phase in TURN_PHASES:
            title += " \N{MIDDLE DOT} " + _("turn {n}", n=view.turn_no)
        elif view.phase == Phase.GAME_OVER:
            title += " \N{MIDDLE DOT} " + _("the end")
        lines = table_lines(view, ctx) + table_events(view, events, ctx.names)
        embed = discord.Embed(title=title, description="\n".join(lines)[:4096], colour=EMBED_COLOUR)
        names = list(ctx.names)
        picture = Picture(
            f"naughty-and-nice-{ctx.game_id}.png",
            picture_key(view, names),
            partial(render_table_png, view, names),
            alt=table_alt(view, ctx),
        )
        over = view.phase == Phase.GAME_OVER
        components = None if over else turn_components(self.public_choices(view), view, ctx)
        return Payload(embeds=[embed], view=components, pictures=[picture])

    # -- choices ----------------------------------------------------------------------------------
    def public_choices(self, view: NNView) -> list[ChoiceView]:
        """The active player's choices that sit on the table, from the public view alone."""
        phase = view.phase
        choices: list[ChoiceView] = []
        if phase == Phase.DECLARE:
            for d in Declaration:
                choices.append(
                    ChoiceView(
                        code=encode_action(Declare(declaration=d)), kind="declare", label="", declaration=d
                    )
                )
        elif phase == Phase.DRAW:
            choices += [
                ChoiceView(code=encode_action(Draw()), kind="draw", label=""),
                ChoiceView(code=encode_action(Stop()), kind="stop", label=""),
            ]
        elif phase == Phase.STEAL and view.steal is not None:
            steal = view.steal
            for c in view.players[steal.target].cards_in_play:
                if c.id != steal.shiny.id and abs(c.value) <= steal.budget_left:
                    choices.append(
                        ChoiceView(code=encode_action(Take(card=c.id)), kind="take", label="", card=c)
                    )
            choices.append(ChoiceView(code=encode_action(StopTaking()), kind="stop_taking", label=""))
        elif phase == Phase.END_OF_TURN:
            choices += [
                ChoiceView(code=encode_action(DeclareEnd()), kind="declare_end", label=""),
                ChoiceView(code=encode_action(Pass()), kind="pass", label=""),
            ]
        return choices

    # -- the private message ----------------------------------------------------------------------
    def private(
        self, view: NNView, ctx: TableContext, events: Sequence[Event], draft: str | None = None
    ) -> Payload:
        return private_payload(view, ctx, events, draft)

    # -- the rest of the renderer contract ----------------------------------------------------------
    def has_private_decision(self, view: NNView) -> bool:
        return has_private_decision(view)

    def tells_on_table(self, event: Event) -> bool:
        return event.kind not in TOLD_ELSEWHERE  # (the headline, the picture or the end line say it)

    def private_news(self, events: Sequence[Event]) -> list[Event]:
        return private_news(events)

    def ending(self, view: NNView, ctx: TableContext, summary: str) -> str:
        return ending_text(view, ctx)


#: This game's renderer, with its `/rules` text and lobby texts: what `bot.plugins` loads.
RENDERER = NaughtyAndNiceRenderer()

__all__ = ["LOBBY_TEXTS", "RENDERER", "RULES_SUMMARY", "NaughtyAndNiceRenderer"]
