"""The Grumpy Nisse: each player's private message (DM, or the ephemeral view the table's button opens).

It is edited by REST whenever what it shows changes for its reader, so it shows only what is
private to its seat and stays true while the other player acts: the role and goal, the hand and
what the seat knows of its own deck, the opponent's hand while the seat's Spy (6) lasts, the
seat's private news, and the seat's OWN decision with its controls when it is made in private
(leading, following, the panic discard, Recover 2, Foresight 4, Rummage 7). The public state that
such a decision needs (the led card, the space and its trump, how the round's last trick ended) is
shown only while the decision is the seat's. Everything else public (the draft grid and dice, the
track, the scores, the discard piles, whoever acts now) is on the table message: while the seat
has nothing to decide in private, the message says so in one line that does not change.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import groupby

import discord

from bot.components import ActionButton, ActionSelect
from bot.i18n import N_, _, ngettext
from bot.render.base import EMBED_COLOUR, Payload, TableContext, fitted, new_view
from bot.render.grumpy_nisse_text import (
    GAME_NAME,
    ROLE_EMOJI,
    ROLE_GOAL,
    SUIT_EMOJI,
    by_suit,
    card,
    card_effect,
    card_long,
    card_name,
    cards,
    effect_label,
    effect_short,
    event_block,
    role_name,
    trick_result,
    trump_text,
    who,
    words,
)
from games.core import Event
from games.grumpy_nisse.data import Phase, TrackEvent
from games.grumpy_nisse.tricks import follow_outlook
from games.grumpy_nisse.view_models import ChoiceView, GNView
from games.grumpy_nisse.words import win_reason

#: Phases whose decision is made in the deciding seat's private message.
PRIVATE_PHASES = frozenset(
    {
        Phase.LEAD,
        Phase.FOLLOW,
        Phase.PANIC_DISCARD,
        Phase.RECOVER_TAKE,
        Phase.RECOVER_PUT,
        Phase.FORESIGHT,
        Phase.RUMMAGE,
    }
)
#: What the message says while its seat has nothing to decide in private (stable on purpose:
#: it must not change, and so cost an edit, when the other player acts).
NOT_YOUR_TURN = N_("Not your turn - the table shows the game. Your choices come here when it is your turn.")
DRAFT_LINE = N_(
    "The dice draft is played on the **table message**: pick a card there when it is your turn. "
    "Your hand comes here when the tricks start."
)
#: The line of the seat's own decision in private (`{where}`: the space and trump, `{taken}`: the
#: card Recover took back).
DECISIONS = {
    Phase.LEAD: N_("**You lead** this trick ({where}): choose a card below."),
    Phase.PANIC_DISCARD: N_("**Torech panics:** discard a card from your hand (face up) below."),
    Phase.RECOVER_TAKE: N_("**Recover (your 2):** take a card back from your discard pile, or skip."),
    Phase.RECOVER_PUT: N_("**Recover:** you took {taken} back; now discard a different card of your hand."),
    Phase.FORESIGHT: N_("**Foresight (your 4):** choose the new order of the top of your deck."),
    Phase.RUMMAGE: N_("**Rummage (your 7):** choose a card of your hand to put under your deck."),
}
#: A choice's button or option label by its kind (`{card}`: the card's name).
CHOICE_LABELS = {
    "take": N_("Take {card}"),
    "play": N_("Play {card}"),
    "panic": N_("Discard {card}"),
    "recover": N_("Take back {card}"),
    "putback": N_("Discard {card}"),
    "bottom": N_("Put {card} under the deck"),
}
STYLES = {
    "play": discord.ButtonStyle.primary,
    "take": discord.ButtonStyle.primary,
    "panic": discord.ButtonStyle.danger,
    "recover": discord.ButtonStyle.success,
    "putback": discord.ButtonStyle.danger,
}
#: Private events whose news the message's fields already show (the hand, the deck's known top
#: and bottom, the Foresight and Rummage cards, the spied hand): not worth an edit of their own
#: (the message is edited anyway when those fields change).
SHOWN_BY_FIELDS = frozenset(
    {"cards_drawn", "deck_reordered", "put_under", "foresight_seen", "hand_revealed", "rummage_drawn"}
)
MAX_OPTIONS = 25
MAX_BUTTON_GROUP = 10  # more choices of one kind than this: a select instead of buttons


def has_private_decision(view: GNView) -> bool:
    return view.phase in PRIVATE_PHASES and view.seat is not None and view.seat in view.to_decide


def private_news(events: Sequence[Event]) -> list[Event]:
    # (public events reach a seat's news only when done to it: `GrumpyNisse.done_to`)
    return [e for e in events if e.kind not in SHOWN_BY_FIELDS]


def private_payload(view: GNView, ctx: TableContext, events: Sequence[Event]) -> Payload:
    seat = view.seat
    assert seat is not None and view.my_role is not None
    role = view.my_role
    embed = discord.Embed(
        title=f"{ROLE_EMOJI[role]} "
        + _("You are {role} - {game} #{id}", role=role_name(role), game=_(GAME_NAME), id=ctx.game_id),
        description=_headline(view, ctx),
        colour=EMBED_COLOUR,
    )
    if view.phase not in (Phase.DRAFT, Phase.FINAL_PICK, Phase.GAME_OVER):
        _fields(embed, view, ctx, seat)
    if has_private_decision(view) and not ctx.quiet:  # (its headline leaves the goal out)
        embed.set_footer(text=_(ROLE_GOAL[role]).replace("**", ""))
    news = [e for e in events if e.kind not in SHOWN_BY_FIELDS and e.kind != "game_over"]  # not said twice
    if news:
        news_text = event_block(news, ctx.names, reader=seat)
        embed.add_field(name=_("What just happened"), value=news_text, inline=False)
    return Payload(embeds=[embed], view=_components(view, ctx))


def _headline(view: GNView, ctx: TableContext) -> str:
    role = view.my_role
    assert role is not None and view.seat is not None
    if ctx.quiet:
        return ""
    goal = f"*{_(ROLE_GOAL[role])}*"
    phase = view.phase
    if phase == Phase.GAME_OVER and view.result is not None:
        reason = win_reason(view.result.reason, words())
        if view.result.winner == view.seat:
            return _("**You win.** {reason}", reason=reason)
        return _("**You lose.** {reason}", reason=reason)
    if phase in (Phase.DRAFT, Phase.FINAL_PICK):
        return f"{_(DRAFT_LINE)}\n\n{goal}"
    if not has_private_decision(view):
        return f"{_(NOT_YOUR_TURN)}\n\n{goal}"
    # the seat's own decision: the public facts it needs, only while it is theirs
    where = _("space {space}, {trump}", space=view.pawn, trump=trump_text(view.trump))
    effect = view.pending_effect
    taken = card(effect.recovered) if effect is not None and effect.recovered else _("a card")
    template = DECISIONS.get(phase)
    now = _(template, where=where, taken=taken) if template else ""
    if phase == Phase.FOLLOW and view.lead_card is not None:
        now = _(
            "{leader} led {card}. **Answer** with a card below ({where}).",
            leader=who(view, ctx.names, view.leader),
            card=card_long(view.lead_card),
            where=where,
        )
    if phase in (Phase.LEAD, Phase.FOLLOW):
        now += _space_event(view)
    # (the goal is in the footer: repeated above every trick's choice, it made the message long)
    return f"{_last_trick(view, ctx)}{now}"


#: The states of a space's event in which it can no longer happen (`GNView.track`).
EVENT_OVER = frozenset({"done", "missed", "lost", "used"})


def _space_event(view: GNView) -> str:
    """The event of the space this trick is played on, while it can still happen (the picture's
    counters are small on a phone, and a devilish plan's count is a way to win): a line of its
    own, "⚡ **Torech sets in motion a devilish plan** (2/3 so far): Torech's third win here
    wins him the game."."""
    space = next((s for s in view.track if s.space == view.pawn), None)
    if (
        space is None
        or space.event_name is None
        or space.event_text is None
        or space.event_state in EVENT_OVER
    ):
        return ""
    if space.event_state == "armed":  # (Violet won on 5: this trick on 6 decides it)
        line = _(
            "\N{HIGH VOLTAGE SIGN} **{event}**: Violet won on 5. If she wins this trick too, the pawn "
            "jumps to space 10; if not, the shortcut is lost.",
            event=_(space.event_name),
        )
    elif space.event == TrackEvent.DEVILISH_PLAN:  # (with its count: "2/3")
        line = _(
            "\N{HIGH VOLTAGE SIGN} **{event}** ({count} so far): {rule}",
            event=_(space.event_name),
            count=space.event_state,
            rule=_(space.event_text),
        )
    else:
        line = _(
            "\N{HIGH VOLTAGE SIGN} **{event}**: {rule}", event=_(space.event_name), rule=_(space.event_text)
        )
    return f"\n{line}"


def _last_trick(view: GNView, ctx: TableContext) -> str:
    """How this round's last trick ended, above the seat's next private decision: the player plays
    the tricks in this message and should not have to look at the table to learn it."""
    trick = view.last_trick
    if trick is None or trick.round < view.round - 1:
        return ""
    result = trick_result(trick, ctx.names, view.seat)
    if trick.round != view.round:  # (a new round's first trick: how the last one ended)
        return _("End of round {n}: {result}", n=trick.round, result=result) + "\n"
    return result + "\n"  # ("Dasher wins the trick: ...": a "Last trick:" before it said "trick" twice)


def _fields(embed: discord.Embed, view: GNView, ctx: TableContext, seat: int) -> None:
    hand = hand_lines(view.hand) or _("empty")
    embed.add_field(name=_("Your hand ({n})", n=len(view.hand)), value=hand[:1024], inline=False)
    if view.opponent_hand is not None:
        spied = _("{name}'s hand (your Spy, until the end of the next trick)", name=ctx.name(1 - seat))
        embed.add_field(
            name=f"\N{EYE} {spied}",
            value="\n".join(card_long(c) for c in view.opponent_hand)[:1024] or _("empty"),
            inline=False,
        )
    if view.foresight:
        embed.add_field(
            name=_("Top of your deck (Foresight), top first"),
            value=" \N{RIGHTWARDS ARROW} ".join(card_long(c) for c in view.foresight),
            inline=False,
        )
    if view.rummaged:
        embed.add_field(name=_("You drew (Rummage)"), value=cards(view.rummaged), inline=False)
    if has_private_decision(view) and view.phase in (Phase.LEAD, Phase.FOLLOW):
        unseen = view.players[1 - seat].unseen_cards
        embed.add_field(
            name=_("{name} holds these in hand and deck", name=ctx.name(1 - seat)),
            value=by_suit(unseen)[:1024],
            inline=False,
        )
    deck = [ngettext("{n} card", "{n} cards", view.players[seat].deck_size)]
    if view.deck_known_top:
        deck.append(_("known top (first = next): {cards}", cards=cards(view.deck_known_top)))
    if view.deck_known_bottom:
        deck.append(_("known bottom (last = very bottom): {cards}", cards=cards(view.deck_known_bottom)))
    embed.add_field(name=_("Your deck"), value="; ".join(deck), inline=False)


def hand_lines(hand: Sequence[str]) -> str:
    """A line per card; each effect is explained at its first card only (cards of one value share
    it: a phone shows 3-4 lines per explanation), the next cards with it name it."""
    explained: set[str] = set()
    lines = []
    for code in hand:
        label = effect_label(code)
        lines.append(card_long(code) if label in explained else card_effect(code))
        if label:
            explained.add(label)
    return "\n".join(lines)


def _components(view: GNView, ctx: TableContext) -> discord.ui.View | None:
    if not has_private_decision(view) or not view.choices:
        return None
    items: list[discord.ui.Item] = []
    for kind, group in groupby(view.choices, key=lambda c: c.kind):
        choices = list(group)
        if len(choices) <= MAX_BUTTON_GROUP:
            items += [_button(view, ctx, choice) for choice in choices]
            continue
        for start in range(0, len(choices), MAX_OPTIONS):
            chunk = choices[start : start + MAX_OPTIONS]
            options = [
                discord.SelectOption(
                    label=fitted(choice_label(choice) + _outlook(view, choice)),
                    value=choice.code,
                    emoji=SUIT_EMOJI[choice.card[0]] if choice.card else None,
                    description=effect_short(choice.card) if choice.card else None,
                )
                for choice in chunk
            ]
            placeholder = _("Take a card back from your discard pile") if kind == "recover" else _("Choose")
            name = f"{kind}{start}"[:20]
            items.append(ActionSelect(ctx.game_id, ctx.decision, name, options, placeholder=placeholder))
    return new_view(*items)


#: The marker a follow choice gets: whether that card would win the trick (from the led card and
#: the trump, both public; dice: card 3's dice decide).
OUTLOOK_MARK = {"wins": N_("(wins)"), "dice": N_("(dice decide)"), "loses": ""}


def _outlook(view: GNView, choice: ChoiceView) -> str:
    if view.phase != Phase.FOLLOW or choice.kind != "play" or choice.card is None or view.lead_card is None:
        return ""
    mark = OUTLOOK_MARK[follow_outlook(view.lead_card, choice.card, view.trump)]
    return " " + _(mark) if mark else ""


def choice_label(choice: ChoiceView) -> str:
    """What a choice's button or option says, in the reader's language (the view's `label` is
    the rules' English)."""
    if choice.kind == "reorder" and choice.order is not None:
        return _("Top first: {cards}", cards=", ".join(card_name(c) for c in choice.order))
    if choice.kind == "recover_skip":
        return _("Do not use Recover")
    template = CHOICE_LABELS.get(choice.kind)
    if template is None or choice.card is None:
        return choice.label
    return _(template, card=card_name(choice.card))


def _button(view: GNView, ctx: TableContext, choice: ChoiceView) -> ActionButton:
    label = choice_label(choice)
    if choice.card is not None and effect_label(choice.card):
        label += f" \N{MIDDLE DOT} {effect_label(choice.card)}"
    label += _outlook(view, choice)
    return ActionButton(
        ctx.game_id,
        ctx.decision,
        choice.code,
        label=fitted(label, 80),
        emoji=SUIT_EMOJI[choice.card[0]] if choice.card else None,
        style=STYLES.get(choice.kind, discord.ButtonStyle.secondary),
    )
