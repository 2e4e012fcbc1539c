"""Naughty & Nice: each player's private message (DM, or the ephemeral view the table's button opens).

It is edited by REST whenever what it shows changes for its reader, so it shows only what is
private to its seat and stays true while the others act: the hand, the seat's private news, and
the seat's OWN decisions that are made here, with their controls: drawing in secret (the card just
drawn is named here and joins the hand, on this one message: no new message per draw, and the
next draw or the stop is made here too), playing a card and choosing its target, the steal that
follows a Shiny! played on someone, and at the end the secret Shiny! orientations.

Declaring (the turn's first choice), the draws of a declared turn (they are public) and declaring
the end are on the table only: repeating them here would cost an edit when each begins and
another when it ends, for buttons the table has. The secret draws are repeated here at no cost:
each one changes the hand anyway. The public state a decision needs (everyone's totals while
playing) is shown only while the decision is the seat's. Everything else public (cards in play,
totals, piles, whoever acts now and what they do) is on the table message: while the seat has no
decision here, one line says so and does not change when anyone acts.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

import discord

from bot.i18n import N_, _, ngettext
from bot.render.base import EMBED_COLOUR, Payload, TableContext, event_lines
from bot.render.naughty_and_nice_components import orient_components, play_components, turn_components
from bot.render.naughty_and_nice_text import (
    DONE,
    SHINY_E,
    card_text,
    die_text,
    final_text,
    own_result_text,
    short_card,
    totals_words,
)
from games.core import Event
from games.naughty_and_nice.data import CardType, Declaration, Phase
from games.naughty_and_nice.view_models import CardInfo, NNView

#: Private events that only echo the seat's own click (the click's answer shows them).
QUIET_EVENTS = frozenset({"card_drawn", "orientation_recorded"})
#: Phases whose decision the deciding seat makes in its private message (the steal's choices are
#: on the table too).
PRIVATE_PHASES = frozenset({Phase.PLAY, Phase.STEAL, Phase.ORIENT})
#: What a player plays for, under their hand while the game runs (spec 5.3; stable: no edit).
GOAL = N_(
    "Your score at the end is the lower of your Nice and Naughty totals of cards in play (each "
    "Shiny! card that counts goes where it helps most)."
)
#: While the seat has no decision here (stable on purpose: no edit when anyone acts; true whether
#: or not the seat declares or draws on the table now).
#: (stable while the others play; on the seat's own turn it must not read as "not your turn")
NOT_YOUR_TURN = N_(
    "On your turn, start with the table's buttons (declare, or draw without declaring); your secret "
    "draws and the cards you play then continue here."
)
_DRAFT = re.compile(r"c(?P<card>[A-Z]{2}\d{2})")


def has_private_decision(view: NNView) -> bool:
    """Whether the seat's current decision is made here: a private phase's, or a secret draw's
    (offered on the table too, but the card it depends on shows only here: an edit that brings the
    next draw is urgent, not coalesced, so the player sees each card before deciding, spec 4.3)."""
    return (
        view.phase in PRIVATE_PHASES and view.seat is not None and view.seat in view.to_decide
    ) or secret_draws(view)


def secret_draws(view: NNView) -> bool:
    """Whether the seat draws in secret now (repeated here from the table, see the docstring)."""
    return (
        view.phase == Phase.DRAW
        and view.declaration == Declaration.NONE
        and view.seat is not None
        and view.seat in view.to_decide
    )


def private_news(events: Sequence[Event]) -> list[Event]:
    return [e for e in events if not e.audience.is_public and e.kind not in QUIET_EVENTS]


def private_payload(view: NNView, ctx: TableContext, events: Sequence[Event], draft: str | None) -> Payload:
    seat = view.seat
    assert seat is not None
    mine = has_private_decision(view) and not ctx.quiet
    picked = parse_draft(view, draft) if mine and view.phase == Phase.PLAY else None
    # a seat done orienting may still turn a card over: its controls stay while the phase lasts
    controls = (view.phase in PRIVATE_PHASES or secret_draws(view)) and bool(view.choices)
    embed = discord.Embed(
        title=_("Your hand - Naughty & Nice #{game}", game=ctx.game_id),
        description=headline(view, ctx, picked),
        colour=EMBED_COLOUR,
    )
    hand = "\n".join(f"{i}. {card_text(c)}" for i, c in enumerate(view.hand, 1))
    embed.add_field(
        name=_("Your hand ({n})", n=len(view.hand)), value=hand or _("No cards in your hand."), inline=False
    )
    if mine and view.phase == Phase.PLAY:
        embed.add_field(name=_("Everyone's totals now"), value=totals_now(view, ctx)[:1024], inline=False)
    if mine and view.phase == Phase.STEAL and view.steal is not None and view.steal.taken:
        taken = ", ".join(short_card(c) for c in view.steal.taken)
        embed.add_field(name=_("Taken so far"), value=taken[:1024], inline=False)
    if view.phase == Phase.ORIENT and view.players[seat].shiny_count:
        embed.add_field(name=_("Your Shiny! cards"), value=orientations(view)[:1024], inline=False)
    if view.phase == Phase.GAME_OVER:
        result = next((r for r in view.results if r.seat == seat), None)
        if result is not None:
            embed.add_field(name=_("Your score"), value=final_text(result)[:1024], inline=False)
    news = private_news(events)
    if news:
        embed.add_field(
            name=_("What just happened"), value=event_lines(news, ctx.names, 6)[:1024], inline=False
        )
    if view.phase != Phase.GAME_OVER and not ctx.abandoned:
        embed.set_footer(text=_(GOAL))
    return Payload(embeds=[embed], view=_controls(view, ctx, picked) if controls else None)


def parse_draft(view: NNView, draft: str | None) -> CardInfo | None:
    """The card a `c<id>` draft picked, if the seat may play it now (anything else: none)."""
    match = _DRAFT.fullmatch(draft or "")
    if match is None:
        return None
    for c in view.choices:
        if c.kind == "play" and c.card is not None and c.card.id == match["card"]:
            return c.card
    return None


def _controls(view: NNView, ctx: TableContext, picked: CardInfo | None) -> discord.ui.View | None:
    if view.phase == Phase.PLAY:
        return play_components(view, ctx, picked)
    if view.phase == Phase.ORIENT:
        return orient_components(view, ctx)
    return turn_components(view.choices, view, ctx)  # the steal (also on the table)


def headline(view: NNView, ctx: TableContext, picked: CardInfo | None) -> str:
    """What the seat does now, in a line or two; never whoever else acts or their sub-step."""
    seat = view.seat
    assert seat is not None
    phase = view.phase
    if ctx.quiet:
        return ""
    if phase == Phase.GAME_OVER:
        return f"{own_result_text(view, ctx)}\n{die_text(view)}"
    if phase == Phase.ORIENT:
        return _orient_headline(view)
    if seat != view.active_seat or not has_private_decision(view):
        return _(NOT_YOUR_TURN)
    if phase == Phase.PLAY:
        more = len(view.hand) - view.hand_limit
        text = _(
            "**Your turn:** play cards from your hand onto any player (yourself too) until "
            "{limit} are left: **{more}** more to play.",
            limit=view.hand_limit,
            more=more,
        )
        if picked is None:
            return f"{text}\n" + _("1. Pick a card below, 2. then a player.")
        return f"{text}\n" + _("Play **{card}** on whom?", card=card_text(picked))
    if phase == Phase.STEAL and view.steal is not None and not view.steal.taken:
        return _(
            "**Your Shiny! on {name}:** take cards from their cards in play worth "
            "up to **{n}** (a card costs its value, sign dropped: −2 costs 2), "
            "one at a time below, or stop.",
            name=ctx.name(view.steal.target),
            n=view.steal.budget_left,
        )
    if phase == Phase.STEAL and view.steal is not None:
        steal = view.steal
        return _(
            "**Your Shiny! on {name}:** take cards from their cards in play worth "
            "up to **{n}** more (a card costs its value, sign dropped: −2 costs 2), "
            "one at a time below, or stop.",
            name=ctx.name(steal.target),
            n=steal.budget_left,
        )
    return _drawn_text(view, ctx.copy)


def _drawn_text(view: NNView, copy: bool) -> str:
    """`**Your turn:** you drew 😇 Fed the Cat +1 (2 of 4). Draw another or stop (...)`: the latest
    card drawn in secret (`copy`: in a copy without controls, where the choice is on the table)."""
    values = {"draws": view.draws_this_turn, "most": view.max_draws}
    if not view.my_draws and copy:
        return _("**Your turn:** ({draws} of {most}). Draw another or stop on the table.", **values)
    if not view.my_draws:
        return _("**Your turn:** ({draws} of {most}). Draw another or stop (here or on the table).", **values)
    if copy:
        return _(
            "**Your turn:** you drew **{card}** ({draws} of {most}). Draw another or stop on the table.",
            card=short_card(view.my_draws[-1].card),
            **values,
        )
    return _(
        "**Your turn:** you drew **{card}** ({draws} of {most}). "
        "Draw another or stop (here or on the table).",
        card=short_card(view.my_draws[-1].card),
        **values,
    )


def _orient_headline(view: NNView) -> str:
    me = view.players[view.seat]  # type: ignore[index]
    if not me.shiny_count:
        return _("Play is over. You have no Shiny! cards in play: the table shows who is still choosing.")
    rule = _("Then the die decides: odd, the face-down cards count; even, the face-up ones.")
    if me.oriented:
        done = _("You are done. You may still turn a card over until everyone is done.")
        return f"{DONE} {done} {rule}"
    turn = _(
        "Play is over. Turn **each** of your Shiny! cards face up or face down, in secret "
        "(nobody sees your choice until all are in)."
    )
    return f"{turn} {rule}"


def totals_now(view: NNView, ctx: TableContext) -> str:
    """Each player's running totals, for choosing whom to play a card on, and their counts of
    cards in play (while playing only)."""
    lines = []
    for p in view.players:
        who = _("You") if p.seat == view.seat else ctx.name(p.seat)
        cards = ngettext("{n} card", "{n} cards", p.shiny_count)  # ("6 (+18)" read as a sum)
        shiny = f" \N{MIDDLE DOT} {SHINY_E} {cards} ({p.shiny_total:+d})" if p.shiny_count else ""
        # (the sides in words: a screen reader read the emoji's names, "smiling face with halo")
        lines.append(f"{who}: {totals_words(p)}{shiny}")
    # how near the end is (spec 4.6: once someone has 10 in play it may be declared, once; the
    # table says so only from then on, and when it was declared)
    counts = " \N{MIDDLE DOT} ".join(
        _("you {n}", n=p.cards_in_play_count)
        if p.seat == view.seat
        else f"{ctx.name(p.seat)} {p.cards_in_play_count}"
        for p in view.players
    )
    if view.end_declared_by is None:
        lines.append(
            _(
                "Cards in play: {counts} (once someone has {n}, the end can be declared).",
                counts=counts,
                n=view.end_trigger,
            )
        )
    else:
        lines.append(_("Cards in play: {counts}.", counts=counts))
    return "\n".join(lines)


def orientations(view: NNView) -> str:
    seat = view.seat
    lines = []
    for c in view.players[seat].cards_in_play:  # type: ignore[index]
        if c.type != CardType.SHINY:
            continue
        chosen = view.my_orientations.get(c.id)
        if chosen is None:
            face = _("not chosen yet")
        else:
            face = _("**face up**") if chosen else _("**face down**")
        lines.append(f"{SHINY_E} {_(c.name)} {c.value:+d}: {face}")
    return "\n".join(lines)
