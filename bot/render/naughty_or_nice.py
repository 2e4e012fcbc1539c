"""Naughty or Nice on Discord: the table (playground, offer row, decks, every player's kiddos and
score, whose turn, reaction windows with their countdown, a picture of the playground and the
collections) and each player's private message (hand of presents and creatures, every choice).

Only `NoNView`s come in. What the table may click (the giver choice, the active player's Craft /
Summon / End turn and Craft picks) is in `naughty_or_nice_components.table_choices`; everything
that chooses hand cards or answers a reaction is in the private message (DM, or the ephemeral
"My hand" fallback), drawn by `naughty_or_nice_private`: the seat's hand and its own decision only
(its prompts in `naughty_or_nice_prompts`), so that it is not edited when the others act. See
`naughty_or_nice_private_components` for its choices, the Fulfill and creature drafts.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial

import discord

from bot.i18n import N_, _, described, ngettext
from bot.render.base import (
    EMBED_COLOUR,
    BaseRenderer,
    Payload,
    Picture,
    TableContext,
    new_view,
    newest_lines,
)
from bot.render.naughty_or_nice_components import (
    craft_sources,
    nothing_to_craft,
    table_choices,
    table_components,
)
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
from games.naughty_or_nice.data import CREATURES, MIDNIGHT_CREATURE, MIDNIGHT_KIDDO, Creature, Reaction
from games.naughty_or_nice.viewmodels import NoNView

PRIVATE_BUTTON = N_("My hand")


def _names(ctx: TableContext, seats: Sequence[int]) -> str:
    return ", ".join(f"**{ctx.name(s)}**" for s in seats)


#: Events the table does not repeat: the headline or the picture shows what they say.
QUIET_ON_TABLE = frozenset({"window_opened", "kiddo_revealed", "offer_refilled", "waiting", "offered_extra"})
#: Events whose points the event itself already tells (the `scored` right after it is dropped).
WITH_POINTS = frozenset({"fulfilled", "creature_played", "reindeer_played"})
NEWS_LINES = 7
#: ... and at the end, whose last action comes with the final scoring's lines (the last player's
#: own turn and a tied majority's second +3 were left out)
END_NEWS_LINES = 15
MIDNIGHT = "\N{CLOCK FACE TWELVE OCLOCK}"


def tells_on_table(event: Event) -> bool:
    """Whether `table_news` has a line for this public event (not for a turn starting, a refill,
    a window opening: the headline says those; a final turn's start is told)."""
    if event.kind == "turn_started":
        return bool(getattr(event, "final", False))
    return event.kind not in QUIET_ON_TABLE


def table_news(events: Sequence[Event], names: Sequence[str], most: int = NEWS_LINES) -> str:
    """What just happened, in at most `most` lines (the newest ones, after `left_out` when some
    were left out)."""
    lines: list[str] = []
    told: set[int] = set()  # the seat whose event just gave its points
    for event in events:
        kind, seat = event.kind, getattr(event, "seat", None)
        if kind == "scored" and seat in told and getattr(event, "points", 0) >= 0:
            continue  # (said in that line; a loss is not: a Jólakötturinn its own player loses to)
        told = {seat} if kind in WITH_POINTS and seat is not None else set()
        if not tells_on_table(event):
            continue
        lines.append(described(event, names))
    return "\n".join(f"- {line}" for line in newest_lines(lines, most))


def window_text(view: NoNView, ctx: TableContext) -> str:
    """The reaction window as the public sees it (spec 5.1): never who may react."""
    window = view.window
    assert window is not None
    card = _(REACTION_NAME[window.reaction])
    mover = ctx.name(window.mover)
    when = (
        _("closes {countdown}", countdown=ctx.countdown())
        if ctx.deadline is not None
        else _("{n} s", n=window.seconds)
    )
    if window.reaction == Reaction.PAPA_WOLVERINE:
        text = _(
            "**Reaction window open** ({when}): {name} fulfilled a wish. {card}?",
            when=when,
            name=mover,
            card=card,
        )
    else:
        text = _(
            "**Reaction window open** ({when}): {name} plays {creature}. {card}?",
            when=when,
            name=mover,
            creature=_(CREATURES[window.subject].name),
            card=card,
        )
    return f"\N{ALARM CLOCK} {text}"


#: The active player's choices before the basic action, by (nothing left to craft, creatures in play):
#: for a person (where Fulfill is made: `{button}`) and for an AI (no word on where it chooses).
TURN_HINTS = {
    (True, True): (
        N_("**Pass** (nothing left to craft), **Summon** or **Fulfill** a wish (Fulfill in **{button}**)."),
        N_("**Pass** (nothing left to craft), **Summon** or **Fulfill** a wish."),
    ),
    (True, False): (
        N_("**Pass** (nothing left to craft) or **Fulfill** a wish (Fulfill in **{button}**)."),
        N_("**Pass** (nothing left to craft) or **Fulfill** a wish."),
    ),
    (False, True): (
        N_("**Craft**, **Summon** or **Fulfill** a wish (Fulfill in **{button}**)."),
        N_("**Craft**, **Summon** or **Fulfill** a wish."),
    ),
    (False, False): (
        N_("**Craft** or **Fulfill** a wish (Fulfill in **{button}**)."),
        N_("**Craft** or **Fulfill** a wish."),
    ),
}
#: ... and after it.
AFTER_BASIC_HINTS = (
    N_("may play creatures (in **{button}**), then **End turn**."),
    N_("may play creatures, then **End turn**."),
)


def _turn_hint(view: NoNView, ai: bool) -> str:
    """The active player's choices, as the level has them (no Summon nor creatures at 1-2); for an
    AI (`ai`), without where a person makes them."""
    taken = view.basic_taken is not None
    hints = AFTER_BASIC_HINTS if taken else TURN_HINTS[(nothing_to_craft(view), view.uses_creatures)]
    return _(hints[ai], button=_(PRIVATE_BUTTON))


#: The table's Craft prompt, by where presents may be taken from (`craft_sources`).
CRAFT = {
    "both": N_("{who} crafts: take presents from the deck or the offer row below."),
    "offer": N_("{who} crafts: take presents from the offer row below (the present deck is empty)."),
    "deck": N_("{who} crafts: draw presents from the deck below (the offer row is empty)."),
}
AI_CRAFT = {
    "both": N_("{who} crafts, taking presents from the deck or the offer row."),
    "offer": N_("{who} crafts, taking presents from the offer row (the present deck is empty)."),
    "deck": N_("{who} crafts, drawing presents from the deck (the offer row is empty)."),
}


def headline(view: NoNView, ctx: TableContext) -> str:
    if view.over:
        names = _names(ctx, view.winners)
        if len(view.winners) > 1:
            return _("{names} share the win! The game is over.", names=names)
        return _("{names} wins! The game is over.", names=names)
    if view.window is not None:
        text = window_text(view, ctx)
    else:
        who = _names(ctx, view.to_decide) or _("the clock")
        ai = bool(view.to_decide) and set(view.to_decide) <= ctx.ai_seats  # (no word on where it chooses)
        if view.phase == "turn":
            text = _("{who}'s turn: {hint}", who=who, hint=_turn_hint(view, ai))
        elif view.phase == "craft":
            text = _((AI_CRAFT if ai else CRAFT)[craft_sources(view)], who=who)
        elif view.phase == "giver_choice" and ai:
            text = _("{who} chooses a gift giver.", who=who)
        elif view.phase == "giver_choice":
            text = _("{who}: choose a gift giver below.", who=who)
        else:
            hint = _(PHASE_HINT.get(view.phase, view.prompt))
            if table_choices(view) or ai:
                text = _("{who}: {hint}.", who=who, hint=hint)
            else:
                text = _("{who}: {hint} (in private).", who=who, hint=hint)
    if view.midnight_revealed:
        left = view.final_turns_left  # (the current one counted, once it is a final turn)
        if left is None:
            struck = _("Midnight has struck!")
        elif not view.final_turn:  # the turn Midnight struck in
            struck = ngettext(
                "Midnight has struck! {n} final turn after this one.",
                "Midnight has struck! {n} final turns after this one.",
                left,
            )
        elif left <= 1:
            struck = _("Midnight has struck! This is the last turn.")
        else:
            struck = ngettext(
                "Midnight has struck! Final turns: this one and {n} more.",
                "Midnight has struck! Final turns: this one and {n} more.",
                left - 1,
            )
        text += f"\n\N{CLOCK FACE TWELVE OCLOCK} {struck}"
    # (spec 4.10 step 5: a whole round of such turns ends the game; not told after one turn of it
    # unless one more would end it: a single skipped turn with full decks read as an alarm)
    idle, left = view.idle_turns, view.num_players - view.idle_turns
    if idle and (idle >= 2 or left == 1):
        text += "\n\N{WARNING SIGN} " + ngettext(
            "No card gained nor kiddo taken for {n} turn in a row: the game ends after {left} more like it.",
            "No card gained nor kiddo taken for {n} turns in a row: the game ends after {left} more like it.",
            view.idle_turns,
            left=view.num_players - view.idle_turns,
        )
    return text


def table_alt(view: NoNView, ctx: TableContext) -> str:
    """The table picture's alt text (a screen reader's words for it): what it shows, and each
    player's points and kiddos fulfilled in words (there only, else, until the end)."""
    players = "; ".join(
        ngettext(
            "{name}: {points}, {n} kiddo fulfilled",
            "{name}: {points}, {n} kiddos fulfilled",
            p.fulfilled_count,
            name=ctx.name(p.seat),
            points=ngettext("{n} point", "{n} points", p.score),
        )
        for p in view.players
    )
    shows = _("The playground's kiddos, the offer row and each player's collection")
    return f"{shows}. {players}."


class NaughtyOrNiceRenderer(BaseRenderer):
    private_button = PRIVATE_BUTTON

    # -- the table --------------------------------------------------------------------------------
    def table(self, view: NoNView, ctx: TableContext, events: Sequence[Event]) -> Payload:
        """Whose move and what just happened, the hands' and decks' sizes (the footer); the
        playground, offer row and players' scores and collections are in the picture (never
        repeated here)."""
        game = _(ctx.title)
        if not view.over and view.turn_no:
            title = _("{game} #{number} - turn {turn}", game=game, number=ctx.game_id, turn=view.turn_no)
        else:
            title = _("{game} #{number}", game=game, number=ctx.game_id)
        title = f"\N{WRAPPED PRESENT} {title}"
        embed = discord.Embed(title=title, description=headline(view, ctx), colour=EMBED_COLOUR)
        self._extra_fields(view, ctx, embed)
        news = table_news(events, ctx.names, END_NEWS_LINES if view.over else NEWS_LINES)
        if news:
            embed.add_field(name=_("What just happened"), value=news[:1024], inline=False)
        if not view.over:  # (the hands' and decks' sizes tell nothing at the end: the news has room)
            embed.set_footer(text=self._footer(view, ctx))
        picture = Picture(
            f"naughty-or-nice-{ctx.game_id}.png",
            picture_key(view, ctx.names),
            partial(render_table_png, view, list(ctx.names)),
            alt=table_alt(view, ctx),
        )
        items = table_components(view, ctx)
        return Payload(embeds=[embed], view=new_view(*items) if items else None, pictures=[picture])

    def _extra_fields(self, view: NoNView, ctx: TableContext, embed: discord.Embed) -> None:
        """What is in play now and not in the picture (one line each)."""
        if view.fulfil is not None:
            f = view.fulfil
            values = {"name": ctx.name(f.seat), "kiddo": _(f.kiddo.name), "colours": colours_text(f.open)}
            if f.covered:
                value = _(
                    "{name}: {kiddo} still wants {colours} ({creature} covers {covered})",
                    creature=_(CREATURES[Creature.CAGA_TIO].name),
                    covered=colours_text(f.covered),
                    **values,
                )
            else:
                value = _("{name}: {kiddo} still wants {colours}", **values)
            embed.add_field(name=_("Fulfill in progress"), value=value[:1024], inline=False)
        if view.elves_revealed:
            cards = ", ".join(present_text(p) for p in view.elves_revealed)
            if view.elves_next is not None:
                cards = _("{cards} - next pick: {name}", cards=cards, name=ctx.name(view.elves_next))
            embed.add_field(name=_("The Elves reveal"), value=cards[:1024], inline=False)
        wolverine = view.window is not None and view.window.reaction == Reaction.PAPA_WOLVERINE
        if view.batch and (wolverine or view.phase == "wolverine_take"):
            cards = ", ".join(present_text(p) for p in view.batch)
            embed.add_field(name=_("Presents just given"), value=cards[:1024], inline=False)
        if view.in_play:
            cards = ", ".join(
                f"{CREATURE_TYPE_EMOJI.get(c.ctype, '')} {_(c.name)}".strip() for c in view.in_play
            )
            embed.add_field(name=_("Creatures in play"), value=cards[:1024], inline=False)

    def _footer(self, view: NoNView, ctx: TableContext) -> str:
        return f"{self._hands(view, ctx)}\n{self._decks(view)}"

    def _hands(self, view: NoNView, ctx: TableContext) -> str:
        """`Hands (presents + creatures): Dasher 5+2 · Zoë 4+1`: they change with most moves, so
        they are here rather than in the picture (a move that only draws edits the text only)."""
        if view.uses_creatures:
            hands = [f"{ctx.name(p.seat)} {p.presents_count}+{p.creatures_count}" for p in view.players]
            return _("Hands (presents + creatures): {hands}", hands=" \N{MIDDLE DOT} ".join(hands))
        hands = [f"{ctx.name(p.seat)} {p.presents_count}" for p in view.players]
        return _("Hands (presents): {hands}", hands=" \N{MIDDLE DOT} ".join(hands))

    def _decks(self, view: NoNView) -> str:
        """The decks' sizes; before Midnight, the main part and the bottom stack apart (spec 2.7:
        Midnight is among the bottom stack's cards, never said where); after it, the cards left
        without the other deck's Midnight (drawing it changes nothing any more)."""
        decks = [ngettext("{n} present", "{n} presents", view.present_deck_size)]
        stacks = not view.midnight_revealed and (view.kiddo_bottom_size or view.creature_bottom_size)

        def left(main: int, bottom: int, midnight: str) -> int:
            inside = view.midnight_revealed and bottom and midnight not in view.midnights
            return main + bottom - (1 if inside else 0)

        if view.uses_creatures:
            main, bottom = view.creature_main_size, view.creature_bottom_size
            if stacks and bottom:
                text = _("{main} + {clock}{bottom} creatures", main=main, bottom=bottom, clock=MIDNIGHT)
                decks.append(text)
            else:
                n = left(main, bottom, MIDNIGHT_CREATURE)
                decks.append(ngettext("{n} creature", "{n} creatures", n))
        main, bottom = view.kiddo_main_size, view.kiddo_bottom_size
        if stacks and bottom:
            decks.append(_("{main} + {clock}{bottom} kiddos", main=main, bottom=bottom, clock=MIDNIGHT))
        else:
            decks.append(ngettext("{n} kiddo", "{n} kiddos", left(main, bottom, MIDNIGHT_KIDDO)))
        line = _("Level {level} - left in the decks: {decks}", level=view.level, decks=", ".join(decks))
        if stacks:
            line += " " + _("({clock}: the bottom stack, Midnight is in it)", clock=MIDNIGHT)
        return line

    # -- the private message (see `naughty_or_nice_private`) -------------------------------------
    def private(
        self, view: NoNView, ctx: TableContext, events: Sequence[Event], draft: str | None = None
    ) -> Payload:
        return private_payload(view, ctx, events, draft)

    # -- the rest of the contract -----------------------------------------------------------------
    def has_private_decision(self, view: NoNView) -> bool:
        return has_private_decision(view)

    def tells_on_table(self, event: Event) -> bool:
        # (so the table keeps the news of an AI's whole turn as the next one starts)
        return tells_on_table(event)

    def private_news(self, events: Sequence[Event]) -> list[Event]:
        # (public events reach a seat's news only when done to it: `NaughtyOrNice.done_to`)
        return [e for e in events if e.kind not in ECHO_EVENTS]

    def ending(self, view: NoNView, ctx: TableContext, summary: str) -> str:
        return ending_text(view, ctx)


#: This game's renderer, with its `/rules` text and lobby texts: what `bot.plugins` loads.
RENDERER = NaughtyOrNiceRenderer()

__all__ = ["LOBBY_TEXTS", "RENDERER", "RULES_SUMMARY", "NaughtyOrNiceRenderer"]
