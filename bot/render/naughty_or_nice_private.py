"""Naughty or Nice: each player's private message (DM, or the ephemeral "My hand" view).

It is edited by REST whenever what it shows changes for its reader, so it shows only what is
private to its seat and stays true while the others act: the hand of presents and creatures, the
seat's private news, and the seat's OWN current decision with its controls (a reaction window it
may answer included) and its gift giver. The public state such a decision needs (which kiddos the
hand can fulfil, the offer row while the seat takes presents, the Elves' cards while it picks, the
given presents while its Papa Wolverine takes) is shown only while the decision is the seat's.

A decision made on the table alone (the gift giver choice, a turn whose basic action is done and
that has no creature to play) is not repeated here: repeating it would cost an edit when it
begins and another when it ends, for buttons the table already has. The Craft (its picks are on
the table too) is, as the presents taken change the hand here anyway. Everything else public
(playground, offer row, scores, deck sizes, whoever acts now and their sub-step, who may react)
is on the table message: while the seat has no decision shown here, the message says so in one
line that does not change when anyone acts.
"""

from __future__ import annotations

from collections.abc import Sequence

import discord

from bot.i18n import N_, _, ngettext, translated
from bot.render.base import EMBED_COLOUR, Payload, TableContext, event_lines, fitted, private_result
from bot.render.naughty_or_nice_choices import sameness
from bot.render.naughty_or_nice_components import (
    Draft,
    giver_description,
    table_choices,
)
from bot.render.naughty_or_nice_private_components import private_components
from bot.render.naughty_or_nice_prompts import copy_decision, fulfil_headline, own_decision, reaction_prompt
from bot.render.naughty_or_nice_text import (
    creature_text,
    creatures_text,
    hand_text,
    present_text,
    present_type_name,
    symbols_text,
)
from games.core import Event
from games.core.words import names_and
from games.naughty_or_nice.data import (
    RUDOLF_POINTS,
    Giver,
    Reaction,
)
from games.naughty_or_nice.events import CreatureGained, Stolen
from games.naughty_or_nice.givers import GIVERS
from games.naughty_or_nice.viewmodels import NoNView

#: Private events that only echo the seat's own click (the redrawn message shows the result).
QUIET_EVENTS = frozenset({"answer_recorded"})
#: Private events that come with a change the redrawn message shows anyway (the new creature in
#: the hand, the summoned pair to keep, a search made from this message): shown when they come
#: with the seat's own click, but not worth a REST edit of their own.
ECHO_EVENTS = QUIET_EVENTS | {"creature_gained", "summon_drawn", "search_seen"}
#: While no decision of the seat is shown here (stable on purpose: it must not change, and so cost
#: an edit, when anyone acts; true whether or not the seat decides on the table; it names nobody,
#: so it never tells who may react in a window).
IDLE_LINE = N_("The table shows whose move it is and its buttons. Choices only you can make come here.")
#: Table decisions that are repeated here anyway (see the module's docstring).
MIRRORED_PHASES = frozenset({"craft"})
GAME_OVER = N_("The table shows every score.")


def cut_givers(view: NoNView) -> str:
    """The gift givers whose text the table's menu cuts short (an option says at most 100
    characters), in full: "**Santa Claus**: Likes ... Start of turn: ...". All of them, taken
    or not: the message stays the same while the others choose (an edit each, else)."""
    lines = []
    for giver in Giver:
        whole = giver_description(giver, view.uses_abilities)
        if fitted(whole) != whole:
            lines.append(f"**{_(GIVERS[giver].name)}**: {whole}")
    return "\n".join(lines)


def private_payload(view: NoNView, ctx: TableContext, events: Sequence[Event], draft: str | None) -> Payload:
    seat = view.seat
    assert seat is not None
    chosen = Draft.parse(draft, view)
    embed = discord.Embed(
        title=_("Your hand - {game} #{number}", game=_(ctx.title), number=ctx.game_id),
        description=headline(view, ctx, chosen),
        colour=EMBED_COLOUR,
    )
    me = view.players[seat]
    shown = shows_decision(view) and not ctx.quiet
    if me.giver_name and shown:
        giver = f"**{_(me.giver_name)}**"
        if view.uses_givers and me.preferred:
            likes = translated(names_and([present_type_name(p) for p in me.preferred]))
            giver = _("{giver} - likes {presents}", giver=giver, presents=likes)
        if me.ability:
            giver += f"\n{_(me.ability)}"
        embed.add_field(name=_("Your gift giver"), value=giver[:1024], inline=False)
    if view.phase == "giver_choice" and not ctx.quiet:
        cut = cut_givers(view)
        if cut:
            embed.add_field(name=_("Gift givers in full"), value=cut[:1024], inline=False)
    dealt = view.phase != "giver_choice" or bool(view.presents or view.creatures)  # (spec 3: after)
    hand = hand_text(view.presents) if dealt else _("Dealt once every player has a gift giver.")
    embed.add_field(name=_("Presents ({n})", n=len(view.presents)), value=hand[:1024], inline=False)
    if me.giver == Giver.SANTA and view.uses_abilities and dealt:  # (his safe: spec 2.2.1)
        points = RUDOLF_POINTS[min(me.rudolf, len(RUDOLF_POINTS) - 1)]
        rudolf = ngettext(
            "{n} Reindeer (+{points} at the end)",
            "{n} Reindeer (+{points} at the end)",
            me.rudolf,
            points=points,
        )
        embed.add_field(name=_("Under Rudolf"), value=rudolf, inline=False)
    if view.uses_creatures and dealt:
        creatures = creatures_text(view.creatures)
        embed.add_field(
            name=_("Creatures ({n})", n=len(view.creatures)), value=creatures[:1024], inline=False
        )
    if shown and view.uses_sets:  # (symbol majorities and all five score: spec level 5)
        embed.add_field(
            name=_("Your kiddos ({n})", n=len(me.kiddos)), value=symbols_text(me.symbols), inline=False
        )
    if shown:
        _decision_fields(view, embed)
    # a creature stolen is not gained twice ("You stole X from Vixen." says it)
    stolen = {card for e in events if isinstance(e, Stolen) for card in e.cards}
    news = [
        e
        for e in events
        if e.kind not in QUIET_EVENTS and not (isinstance(e, CreatureGained) and e.card in stolen)
    ]
    if news:
        lines = event_lines(news, ctx.names, reader=view.seat)
        embed.add_field(name=_("News"), value=lines[:1024], inline=False)
    return Payload(embeds=[embed], view=private_components(view, ctx, chosen) if shown else None)


def end_line(view: NoNView, ctx: TableContext) -> str:
    """Who won, from this seat's side, with its points."""
    points = None if view.seat is None else view.players[view.seat].score
    # (ties on points go to more wishes fulfilled, spec 1: a place is shared only when both tie)
    scores = {p.seat: (p.score, p.fulfilled_count) for p in view.players}
    result = private_result(view.seat, view.winners, ctx, points, scores)
    return " ".join([result, _(GAME_OVER)])


def deciding(view: NoNView) -> bool:
    """Whether the current decision is this seat's (in private or on the table)."""
    return not view.over and view.seat is not None and view.seat in view.to_decide


def shows_decision(view: NoNView) -> bool:
    """Whether this message shows the seat's current decision (with its controls): one with a
    choice only this message offers, or a mirrored table decision (the Craft)."""
    return has_private_decision(view) or deciding(view) and view.phase in MIRRORED_PHASES


def _decision_fields(view: NoNView, embed: discord.Embed) -> None:
    """The cards the seat's own decision is about (public ones only while the decision is theirs)."""
    if view.summon_choice:
        cards = "\n".join(f"{i + 1}. {creature_text(c)}" for i, c in enumerate(view.summon_choice))
        embed.add_field(name=_("Summoned: keep one"), value=cards[:1024], inline=False)
    if view.tuck_card is not None:
        embed.add_field(name=_("Creature gained"), value=creature_text(view.tuck_card)[:1024], inline=False)
    if view.phase == "elves" and view.elves_revealed:
        cards = ", ".join(present_text(p) for p in view.elves_revealed)
        embed.add_field(name=_("The Elves reveal"), value=cards[:1024], inline=False)
    wolverine = view.window is not None and view.window.reaction == Reaction.PAPA_WOLVERINE and view.can_react
    if (view.phase == "wolverine_take" or wolverine) and view.batch:  # (what the reaction would take)
        cards = ", ".join(present_text(p) for p in view.batch)
        embed.add_field(name=_("Presents just given"), value=cards[:1024], inline=False)
    if view.phase in ("craft", "christkindl"):
        offer = ", ".join(present_text(p) for p in view.offer) or _("(empty)")
        embed.add_field(name=_("Offer row"), value=offer[:1024], inline=False)


def headline(view: NoNView, ctx: TableContext, draft: Draft) -> str:
    if ctx.quiet:
        return ""
    if view.over:
        return end_line(view, ctx)
    if not shows_decision(view):
        return _(IDLE_LINE)
    if view.window is not None:
        return reaction_prompt(view, ctx)
    if draft.kiddo is not None:
        return fulfil_headline(view, draft)
    if ctx.copy:  # (no controls: the line over the copy says where the choices are)
        return copy_decision(view)
    return own_decision(view, ctx)


def has_private_decision(view: NoNView) -> bool:
    """Whether the seat decides now with at least one choice that only this message offers (the
    table's buttons are here too, but those can be pressed there)."""
    if not deciding(view):
        return False
    on_table = {code for code, _ in table_choices(view)}
    alike = {sameness(c) for c in view.choices if c.code in on_table}  # (the table shows twins once)
    return any(c.code not in on_table and sameness(c) not in alike for c in view.choices)
