"""The Grumpy Nisse on Discord: the table (who acts now and the led card, the draft grid and dice,
each player's tricks, hand, deck and discards, what just happened; the track with the pawn, the
trumps and the events is the picture only, never repeated in the text) fits a phone (issue 14);
each player's private message (role, hand, the seat's own secret choices, follow buttons marked
with the cards that win) is `bot/render/grumpy_nisse_private.py`. Cards are named ("Flowers 5"),
never shown by their internal codes.

Only `GNView`s come in here. The dice draft is public, so it is played on the table message: one
select per unused die (its row's cards, or every card when wild), then buttons for the last three
cards. Everything that involves a hand is private: leading, following, the panic discard and the
effects 2 (Recover), 4 (Foresight) and 7 (Rummage) are buttons/selects built from the seat's
`choices`; the Spy (6) shows the opponent's hand in the spy's private message while it lasts.
No choice needs more than one click, so no drafts are used.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial

import discord

from bot.components import ActionButton, ActionSelect
from bot.i18n import N_, _, ngettext
from bot.render.base import EMBED_COLOUR, BaseRenderer, Payload, Picture, TableContext, new_view
from bot.render.grumpy_nisse_private import (
    EVENT_OVER,
    PRIVATE_PHASES,
    has_private_decision,
    private_news,
    private_payload,
)
from bot.render.grumpy_nisse_summary import LOBBY_TEXTS, RULES_SUMMARY
from bot.render.grumpy_nisse_text import (
    GAME_NAME,
    ROLE_EMOJI,
    SUIT_EMOJI,
    by_suit,
    card_long,
    card_name,
    dice_line,
    effect_short,
    event_block,
    grid_text,
    role_name,
    table_events,
    who,
    words,
)
from bot.render.pictures.grumpy_nisse import picture_key, render_track_png
from games.core import Event
from games.grumpy_nisse.data import SUITS, Phase, Role
from games.grumpy_nisse.view_models import GNView, SpaceView
from games.grumpy_nisse.words import win_reason

MAX_OPTIONS = 25
EVENT_LINES = 5  # "What just happened" on the table: at most this many lines
#: The table's headline while a player decides in private (`{button}`: the private message's button).
HEADLINES = {
    Phase.LEAD: N_("{actor} leads, choosing a card in private (DM or **{button}**)."),
    Phase.PANIC_DISCARD: N_(
        "Panic: {actor} discards a card face up, choosing it in private (DM or **{button}**)."
    ),
    Phase.RECOVER_TAKE: N_(
        "{actor} may take a card back from the discard pile with Recover in private (DM or **{button}**)."
    ),
    Phase.RECOVER_PUT: N_(
        "{actor} now discards a different card for Recover in private (DM or **{button}**)."
    ),
    Phase.FORESIGHT: N_(
        "{actor} is putting the top of the deck in order with Foresight in private (DM or **{button}**)."
    ),
    Phase.RUMMAGE: N_(
        "{actor} is putting a card under the deck with Rummage in private (DM or **{button}**)."
    ),
}
#: The same for an AI seat, which needs no word on where it chooses.
AI_HEADLINES = {
    Phase.LEAD: N_("{actor} leads, choosing a card."),
    Phase.PANIC_DISCARD: N_("Panic: {actor} discards a card face up."),
    Phase.RECOVER_TAKE: N_("{actor} may take a card back from the discard pile with Recover."),
    Phase.RECOVER_PUT: N_("{actor} now discards a different card for Recover."),
    Phase.FORESIGHT: N_("{actor} is putting the top of the deck in order with Foresight."),
    Phase.RUMMAGE: N_("{actor} is putting a card under the deck with Rummage."),
}


def track_alt(track: Sequence[SpaceView]) -> str:
    """The track picture in words, for a screen reader (and a phone that does not load it):
    where the pawn is, and the spaces ahead with their trumps and the events still to come
    ("The progress track: the pawn on space 3 of 18 (no trump). Ahead: 4 Pinecones; 5 Pinecones,
    Shortcut; ..."). Made of what the picture shows (its key), so the two change together."""
    pawn = next((s for s in track if s.pawn_here), None)
    if pawn is None:
        return _("The progress track")
    ahead = []
    for space in track:
        if space.space <= pawn.space:
            continue
        words = [_(SUITS[space.trump].name) if space.trump is not None else _("no trump")]
        if space.event_name is not None and space.event_state not in EVENT_OVER:
            count = f" ({space.event_state})" if "/" in (space.event_state or "") else ""  # ("1/3")
            words.append(_(space.event_name) + count)
        ahead.append(f"{space.space} {', '.join(words)}")
    where = _(
        "The progress track: the pawn on space {space} of {last} ({trump}).",
        space=pawn.space,
        last=track[-1].space,
        trump=_(SUITS[pawn.trump].name) if pawn.trump is not None else _("no trump"),
    )
    if not ahead:
        return where
    spaces = _("Ahead: {spaces}.", spaces="; ".join(ahead))
    return f"{where} {spaces}"


class GrumpyNisseRenderer(BaseRenderer):
    # i18n: the button that opens a player's private message (their hand and role)
    private_button = N_("My hand & role")

    # -- the table ------------------------------------------------------------------------------
    def table(self, view: GNView, ctx: TableContext, events: Sequence[Event]) -> Payload:
        """Title, who acts now, the draft or the two players, what just happened; the track (pawn,
        trumps, events) is the picture and is not repeated in the text."""
        drafting = view.phase in (Phase.DRAFT, Phase.FINAL_PICK)
        if view.phase == Phase.DRAFT:
            roll = min(view.roll_no, view.rolls_total)
            title = _("draft, roll {roll} of {rolls}", roll=roll, rolls=view.rolls_total)
        elif view.phase == Phase.FINAL_PICK:
            title = _("draft, the last cards")
        elif view.phase == Phase.GAME_OVER:
            title = _("game over")
        else:
            title = _(
                "round {round} of {rounds}, trick {trick}",
                round=view.round,
                rounds=view.rounds,
                trick=view.trick,
            )
        embed = discord.Embed(
            title=f"\N{EVERGREEN TREE} {_(GAME_NAME)} #{ctx.game_id} \N{MIDDLE DOT} {title}",
            description=self._headline(view, ctx),
            colour=EMBED_COLOUR,
        )
        if drafting:
            self._draft_fields(embed, view, ctx)
        else:
            self._play_fields(embed, view, ctx)
        shown = table_events(events)
        if shown:
            embed.add_field(
                name=_("What just happened"),
                value=event_block(shown, ctx.names, lines=EVENT_LINES),
                inline=False,
            )
        ordep = view.result is not None and view.result.role == Role.VIOLET and view.result.pawn >= 18
        picture = Picture(
            f"track-{ctx.game_id}.png",
            picture_key(view.track, ordep),
            partial(render_track_png, list(view.track), ordep),
            alt=track_alt(view.track),
        )
        return Payload(embeds=[embed], view=self._table_components(view, ctx), pictures=[picture])

    def _headline(self, view: GNView, ctx: TableContext) -> str:
        names = ctx.names
        phase = view.phase
        if phase == Phase.GAME_OVER and view.result is not None:
            r = view.result
            return _(
                "\N{TROPHY} **{name}** wins as **{role}**! {reason}",
                name=ctx.name(r.winner),
                role=role_name(r.role),
                reason=win_reason(r.reason, words()),
            )
        seat = view.to_decide[0] if view.to_decide else None
        if seat is None:
            return _("The game is over.") if phase == Phase.GAME_OVER else ""
        actor = who(view, names, seat)
        if phase == Phase.DRAFT:
            if view.roller == seat:
                return _(
                    "{actor} rolled and picks a card with a die below (pick {pick} of 3: the roller "
                    "picks 1st and 3rd).",
                    actor=actor,
                    pick=view.pick_no,
                )
            roller = ctx.name(view.roller) if view.roller is not None else "?"
            return _(
                "{actor} picks a card with a die below (pick {pick} of 3); **{roller}** rolled and "
                "picks 1st and 3rd.",
                actor=actor,
                pick=view.pick_no,
                roller=roller,
            )
        if phase == Phase.FINAL_PICK:
            return _("No more dice: {actor} takes one of the last cards below.", actor=actor)
        values = {"actor": actor, "button": _(self.private_button)}
        ai = seat in ctx.ai_seats
        if phase == Phase.FOLLOW and view.lead_card is not None and ai:
            return _(
                "{leader} led {card}. {actor} answers with a card.",
                leader=who(view, names, view.leader),
                card=card_long(view.lead_card),
                actor=actor,
            )
        if phase == Phase.FOLLOW and view.lead_card is not None:
            return _(
                "{leader} led {card}. {actor} answers with a card in private (DM or **{button}**).",
                leader=who(view, names, view.leader),
                card=card_long(view.lead_card),
                **values,
            )
        now = (AI_HEADLINES if ai else HEADLINES).get(phase)
        return _(now, **values) if now else ""

    def _draft_fields(self, embed: discord.Embed, view: GNView, ctx: TableContext) -> None:
        name = (
            _("Dice: {dice}", dice=dice_line(view.dice)) if view.phase == Phase.DRAFT else _("The last cards")
        )
        embed.add_field(name=name, value=grid_text(view.grid)[:1024], inline=False)
        lines = [embed.description or ""]
        for seat in (view.violet, view.torech):
            player = view.players[seat]
            collection = by_suit(player.collection, _("no cards yet"))
            has = _(
                "{name} has {count}/18: {cards}",
                name=ctx.name(seat),
                count=len(player.collection),
                cards=collection,
            )
            lines.append(f"{ROLE_EMOJI[player.role]} {has}")
        embed.description = "\n".join(lines)

    def _play_fields(self, embed: discord.Embed, view: GNView, ctx: TableContext) -> None:
        for seat in (view.violet, view.torech):
            player = view.players[seat]
            parts = [
                f"{ROLE_EMOJI[player.role]} {ctx.name(seat)} ({role_name(player.role)})",
                ngettext("{n} trick won", "{n} tricks won", player.tricks_won),
                _("hand {n}", n=player.hand_size),
                _("deck {n}", n=player.deck_size),
            ]
            if player.sees_opponent_hand and view.phase != Phase.GAME_OVER:
                parts.append("\N{EYE} " + _("Spy"))
            name = " \N{MIDDLE DOT} ".join(parts)
            value = _("Discards: {cards}", cards=by_suit(player.discard))
            embed.add_field(name=name[:256], value=value[:1024], inline=False)

    # -- the table's components: the public draft -----------------------------------------------
    def _table_components(self, view: GNView, ctx: TableContext) -> discord.ui.View | None:
        if view.phase == Phase.FINAL_PICK:
            buttons = [
                ActionButton(
                    ctx.game_id,
                    ctx.decision,
                    f"take.{code}",
                    label=_("Take {card}", card=card_name(code)),
                    emoji=SUIT_EMOJI[code[0]],
                    style=discord.ButtonStyle.primary,
                )
                for row in view.grid
                for code in row
                if code is not None
            ]
            return new_view(*buttons)
        if view.phase != Phase.DRAFT:
            return None
        items: list[discord.ui.Item] = []
        for value in _unused_dice(view):
            wild = value > len(view.grid)
            rows = range(1, len(view.grid) + 1) if wild else [value]
            for chunk in _row_chunks(view, rows):
                options = [
                    discord.SelectOption(
                        label=card_name(code),
                        value=f"pick.{value}.{code}",
                        emoji=SUIT_EMOJI[code[0]],
                        description=effect_short(code),
                    )
                    for row, code in chunk
                ]
                first, last = chunk[0][0], chunk[-1][0]
                if not wild:
                    placeholder = _("Die {die} (row {row}): take a card", die=value, row=first)
                elif first == last:
                    placeholder = _("Die {die} (any card, row {row}): take a card", die=value, row=first)
                else:
                    placeholder = _(
                        "Die {die} (any card, rows {first}-{last}): take a card",
                        die=value,
                        first=first,
                        last=last,
                    )
                name = f"die{value}r{first}"
                items.append(ActionSelect(ctx.game_id, ctx.decision, name, options, placeholder=placeholder))
        return new_view(*items)

    # -- the private message (bot/render/grumpy_nisse_private.py) ------------------------------------
    def private(
        self, view: GNView, ctx: TableContext, events: Sequence[Event], draft: str | None = None
    ) -> Payload:
        return private_payload(view, ctx, events)

    # -- the rest of the renderer contract ----------------------------------------------------------
    def has_private_decision(self, view: GNView) -> bool:
        return has_private_decision(view)

    def private_news(self, events: Sequence[Event]) -> list[Event]:
        return private_news(events)

    def ending(self, view: GNView, ctx: TableContext, summary: str) -> str:
        result = view.result
        if result is None:
            return summary
        winner, loser = ctx.name(result.winner), ctx.name(1 - result.winner)
        if result.role == Role.VIOLET:
            how = _("She won a trick on space 18 in round {round}.", round=view.round)
        elif result.devilish_count >= view.devilish_needed:
            how = ""  # (the reason says it: "Torech's devilish plan worked: 3 wins on space 11.")
        else:
            how = _("The pawn stopped on space {space} of 18.", space=result.pawn)
        played = max(1, view.round)  # (a game that ended in round 1 has no second round to count)
        tricks = ", ".join(
            f"{ctx.name(seat)} {sum(result.wins_by_round[seat][:played])}"
            + (f" ({' + '.join(map(str, result.wins_by_round[seat][:played]))})" if played > 1 else "")
            for seat in (view.violet, view.torech)
        )
        template = N_(
            "\N{TROPHY} **{winner}** wins as **{role}** against {loser} ({loser_role}): {reason} "
            "Tricks won by round: {tricks}."
        )
        if played == 1:
            template = N_(
                "\N{TROPHY} **{winner}** wins as **{role}** against {loser} ({loser_role}): {reason} "
                "Tricks won: {tricks}."
            )
        return _(
            template,
            winner=winner,
            role=role_name(result.role),
            loser=loser,
            loser_role=role_name(view.players[1 - result.winner].role),
            reason=" ".join(part for part in (win_reason(result.reason, words()), how) if part),
            tricks=tricks,
        )


def _unused_dice(view: GNView) -> list[int]:
    """The distinct values of the unused dice, in roll order (the engine's `pick` names a value)."""
    values: list[int] = []
    for die in view.dice:
        if not die.used and die.value not in values:
            values.append(die.value)
    return values


def _row_chunks(view: GNView, rows: Sequence[int]) -> list[list[tuple[int, str]]]:
    """The cards of `rows` as (row, card), in chunks of whole rows of at most 25 options."""
    chunks: list[list[tuple[int, str]]] = [[]]
    for row in rows:
        found = [(row, code) for code in view.grid[row - 1] if code is not None]
        if len(chunks[-1]) + len(found) > MAX_OPTIONS:
            chunks.append([])
        chunks[-1].extend(found)
    return [chunk for chunk in chunks if chunk]


#: This game's renderer, with its `/rules` text and lobby texts: what `bot.plugins` loads.
RENDERER = GrumpyNisseRenderer()

__all__ = ["LOBBY_TEXTS", "PRIVATE_PHASES", "RENDERER", "RULES_SUMMARY", "GrumpyNisseRenderer"]
