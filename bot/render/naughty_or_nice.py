"""Naughty or Nice on Discord: the table (playground, offer row, decks, every player's kiddos and
score, whose turn, reaction windows with their countdown, a picture of the playground and the
collections) and each player's private message (hand of presents and creatures, every choice).

Only `NoNView`s come in. What the table may click (the giver choice, the active player's Craft /
Summon / End turn and Craft picks) is in `naughty_or_nice_components.table_choices`; everything
that chooses hand cards or answers a reaction is in the private message (DM, or the ephemeral
"My hand" fallback). See `naughty_or_nice_components` for the Fulfill and creature drafts.
"""

from __future__ import annotations

from collections.abc import Sequence

import discord

from bot.render.base import EMBED_COLOUR, BaseRenderer, Payload, Picture, TableContext, event_lines, new_view
from bot.render.naughty_or_nice_components import (
    Draft,
    chosen_presents,
    fixed_kiddo,
    giver_description,
    private_components,
    table_choices,
    table_components,
)
from bot.render.naughty_or_nice_text import (
    CREATURE_TYPE_EMOJI,
    PHASE_HINT,
    colours_text,
    creature_text,
    creatures_text,
    ending_text,
    hand_text,
    kiddo_text,
    player_line,
    present_text,
)
from bot.render.pictures.naughty_or_nice import picture_key, render_table_png
from games.core import Event
from games.naughty_or_nice.data import CREATURES, GIVERS, Giver, Reaction
from games.naughty_or_nice.viewmodels import NoNView

#: Private events that only echo the seat's own click (the redrawn message shows the result).
QUIET_EVENTS = frozenset({"answer_recorded"})
REACTION_NAME = {Reaction.TOMTE: "Tomte", Reaction.PAPA_WOLVERINE: "Papa Wolverine"}
TITLE = "\N{WRAPPED PRESENT} Naughty or Nice"


def _names(ctx: TableContext, seats: Sequence[int]) -> str:
    return ", ".join(f"**{ctx.name(s)}**" for s in seats)


def window_text(view: NoNView, ctx: TableContext) -> str:
    """The reaction window as the view tells it (who may answer only if the view says so)."""
    window = view.window
    assert window is not None
    card = REACTION_NAME[window.reaction]
    subject = CREATURES[window.subject].name
    what = (
        f"{ctx.name(window.mover)} fulfils a wish"
        if window.reaction == Reaction.PAPA_WOLVERINE
        else f"{ctx.name(window.mover)} plays {subject}"
    )
    when = f"closes {ctx.countdown()}" if ctx.deadline is not None else f"closes after {window.seconds} s"
    text = f"\N{ALARM CLOCK} **Reaction window open** ({card}?): {what}. It {when}."
    if window.secret:
        text += " Reactions are secret: anyone holding the card may answer in private."
    elif view.to_decide:
        text += f" Waiting for {_names(ctx, view.to_decide)} to react or pass (in private)."
    return text


def headline(view: NoNView, ctx: TableContext) -> str:
    if view.over:
        names = _names(ctx, view.winners)
        return f"{names} {'share the win' if len(view.winners) > 1 else 'wins'}! The game is over."
    if view.window is not None:
        return window_text(view, ctx)
    who = _names(ctx, view.to_decide) or "the clock"
    hint = PHASE_HINT.get(view.phase, view.prompt)
    text = f"{who}: {hint}."
    if view.phase == "turn" and view.basic_taken is None:
        text += (
            " **Craft** or **Summon** below; **Fulfill** a wish and creatures in the private message "
            "(**My hand**)."
        )
    elif view.phase == "turn":
        text += " Creatures may still be played (private message), then **End turn**."
    elif view.phase == "craft":
        text += " Take from the deck or the offer row below."
    elif view.phase == "giver_choice":
        text += " Choose below."
    elif not table_choices(view):
        text += " (in private)"
    return text


class NaughtyOrNiceRenderer(BaseRenderer):
    private_button = "My hand"

    # -- the table --------------------------------------------------------------------------------
    def table(self, view: NoNView, ctx: TableContext, events: Sequence[Event]) -> Payload:
        title = f"{TITLE} - game #{ctx.game_id}"
        if not view.over and view.turn_no:
            title += f" - turn {view.turn_no}"
        embed = discord.Embed(title=title, description=headline(view, ctx), colour=EMBED_COLOUR)
        if view.midnight_revealed and not view.over:
            left = view.final_turns_left
            embed.add_field(
                name="\N{CLOCK FACE TWELVE OCLOCK} Midnight has struck",
                value=f"Final turns left: {left}." if left is not None else "Last turns.",
                inline=False,
            )
        playground = "\n".join(kiddo_text(k) for k in view.playground) or "(empty)"
        embed.add_field(name="Playground", value=playground[:1024], inline=True)
        offer = "\n".join(present_text(p) for p in view.offer) or "(empty)"
        embed.add_field(name="Offer row", value=offer[:1024], inline=True)
        self._extra_fields(view, ctx, embed)
        players = "\n".join(player_line(view, ctx, p) for p in view.players)
        embed.add_field(name="Gift givers", value=players[:1024], inline=False)
        if events:
            embed.add_field(
                name="What just happened", value=event_lines(events, ctx.names)[:1024], inline=False
            )
        embed.set_footer(text=self._footer(view))
        picture = Picture(
            f"naughty-or-nice-{ctx.game_id}.png",
            picture_key(view, ctx.names),
            lambda: render_table_png(view, ctx.names),
        )
        items = table_components(view, ctx)
        return Payload(embeds=[embed], view=new_view(*items) if items else None, pictures=[picture])

    def _extra_fields(self, view: NoNView, ctx: TableContext, embed: discord.Embed) -> None:
        if view.phase == "giver_choice":
            taken = {p.giver for p in view.players}
            lines = [
                f"**{GIVERS[g].name}**: {giver_description(g, view.uses_abilities)}"
                for g in Giver
                if g not in taken
            ]
            embed.add_field(name="Gift givers to choose from", value="\n".join(lines)[:1024], inline=False)
        if view.fulfil is not None:
            f = view.fulfil
            covered = f" (Caga Tió covers {colours_text(f.covered)})" if f.covered else ""
            embed.add_field(
                name="Fulfill in progress",
                value=f"{ctx.name(f.seat)}: {kiddo_text(f.kiddo)}{covered}; open {colours_text(f.open)}",
                inline=False,
            )
        if view.elves_revealed:
            cards = ", ".join(present_text(p) for p in view.elves_revealed)
            nxt = f" - next pick: {ctx.name(view.elves_next)}" if view.elves_next is not None else ""
            embed.add_field(name="The Elves reveal", value=f"{cards}{nxt}"[:1024], inline=False)
        if view.batch and view.phase in ("window", "wolverine_take"):
            cards = ", ".join(present_text(p) for p in view.batch)
            embed.add_field(name="Presents just given", value=cards[:1024], inline=False)
        if view.in_play:
            cards = ", ".join(
                f"{CREATURE_TYPE_EMOJI.get(c.ctype, '')} {c.name}".strip() for c in view.in_play
            )
            embed.add_field(name="Creatures in play", value=cards[:1024], inline=False)

    def _footer(self, view: NoNView) -> str:
        parts = [f"Level {view.level}", f"{view.num_players} players"]
        parts.append(f"presents: {view.present_deck_size} in the deck, {len(view.present_discard)} discarded")
        if view.uses_creatures:
            parts.append(f"creatures: {view.creature_main_size + view.creature_bottom_size} in the deck")
        parts.append(f"kiddos: {view.kiddo_main_size + view.kiddo_bottom_size} in the deck")
        return " - ".join(parts)

    # -- the private message ----------------------------------------------------------------------
    def private(
        self, view: NoNView, ctx: TableContext, events: Sequence[Event], draft: str | None = None
    ) -> Payload:
        seat = view.seat
        assert seat is not None
        chosen = Draft.parse(draft, view)
        me = view.players[seat]
        embed = discord.Embed(
            title=f"Your hand - Naughty or Nice #{ctx.game_id}",
            description=self._private_headline(view, ctx, chosen),
            colour=EMBED_COLOUR,
        )
        if me.giver_name:
            giver = f"**{me.giver_name}**"
            if view.uses_givers and me.preferred:
                giver += " - likes " + " and ".join(p.replace("_", " ").title() for p in me.preferred)
            if me.ability:
                giver += f"\n{me.ability}"
            embed.add_field(name="Your gift giver", value=giver[:1024], inline=False)
        embed.add_field(
            name=f"Presents ({len(view.presents)})", value=hand_text(view.presents)[:1024], inline=False
        )
        if view.uses_creatures:
            creatures = creatures_text(view.creatures)
            embed.add_field(name=f"Creatures ({len(view.creatures)})", value=creatures[:1024], inline=False)
        if view.summon_choice:
            cards = "\n".join(f"{i + 1}. {creature_text(c)}" for i, c in enumerate(view.summon_choice))
            embed.add_field(name="Summoned: keep one", value=cards[:1024], inline=False)
        if view.tuck_card is not None:
            embed.add_field(name="Reindeer gained", value=creature_text(view.tuck_card)[:1024], inline=False)
        if view.elves_revealed:
            cards = ", ".join(present_text(p) for p in view.elves_revealed)
            embed.add_field(name="The Elves reveal", value=cards[:1024], inline=False)
        if view.batch and view.phase == "wolverine_take":
            cards = ", ".join(present_text(p) for p in view.batch)
            embed.add_field(name="Presents just given", value=cards[:1024], inline=False)
        playground = "\n".join(kiddo_text(k) for k in view.playground) or "(empty)"
        embed.add_field(name="Playground", value=playground[:1024], inline=True)
        embed.add_field(
            name="Offer row", value="\n".join(present_text(p) for p in view.offer) or "(empty)", inline=True
        )
        embed.add_field(name="Score", value=f"{me.score} points, {len(me.kiddos)} kiddos", inline=True)
        news = [e for e in events if e.kind not in QUIET_EVENTS]
        if news:
            embed.add_field(name="News", value=event_lines(news, ctx.names)[:1024], inline=False)
        return Payload(embeds=[embed], view=private_components(view, ctx, chosen))

    def _private_headline(self, view: NoNView, ctx: TableContext, draft: Draft) -> str:
        seat = view.seat
        if view.over:
            return "The game is over: see the table for the final scores."
        if seat not in view.to_decide:
            if view.window is not None:
                return window_text(view, ctx)
            waiting = _names(ctx, view.to_decide) or "the clock"
            return f"Waiting for {waiting}: {PHASE_HINT.get(view.phase, view.prompt)}."
        if view.window is not None:
            card = REACTION_NAME[view.window.reaction]
            when = f" It closes {ctx.countdown()}." if ctx.deadline is not None else ""
            return f"{window_text(view, ctx)}\nYou hold a usable **{card}**: **React** or **Pass**.{when}"
        if draft.kiddo is not None:
            return self._fulfil_headline(view, draft)
        text = f"Your move: {PHASE_HINT.get(view.phase, view.prompt)}."
        if view.phase == "craft":
            text += f" {view.craft_remaining} present(s) still to take."
        if view.phase == "extra_basic":
            fixed = view.extra_basic.title() if view.extra_basic else "any basic action"
            text += f" ({fixed}; or decline.)"
        if view.fulfillable:
            names = ", ".join(k.name for k in view.playground if k.id in view.fulfillable)
            text += f"\nYour hand can fulfil: {names}."
        return text

    def _fulfil_headline(self, view: NoNView, draft: Draft) -> str:
        fixed = fixed_kiddo(view)
        if fixed is not None and view.fulfil is not None:
            kiddo, wants = view.fulfil.kiddo, view.fulfil.open
            covered = f" (Caga Tió covers {colours_text(view.fulfil.covered)})" if view.fulfil.covered else ""
        else:
            kiddo = next(k for k in view.playground if k.id == draft.kiddo)
            wants, covered = kiddo.colours, ""
        given = chosen_presents(view, draft.mask)
        chosen = ", ".join(present_text(p) for p in given) or "nothing yet"
        return (
            f"Fulfill **{kiddo.name}**: wants {colours_text(wants)}{covered}.\n"
            f"Your presents: {chosen}.\nAdd presents below, then press **Fulfil**."
        )

    # -- the rest of the contract -----------------------------------------------------------------
    def has_private_decision(self, view: NoNView) -> bool:
        if view.seat is None or view.seat not in view.to_decide or view.over:
            return False
        on_table = {code for code, _ in table_choices(view)}
        return any(c.code not in on_table for c in view.choices)

    def private_news(self, events: Sequence[Event]) -> list[Event]:
        return [e for e in events if not e.audience.is_public and e.kind not in QUIET_EVENTS]

    def ending(self, view: NoNView, ctx: TableContext, summary: str) -> str:
        return ending_text(view, ctx)
