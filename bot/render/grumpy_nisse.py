"""The Grumpy Nisse on Discord: the table (draft grid and dice, the track as a picture, the trick
on the table, what just happened) and each player's private message (role, hand, the secret
choices of the tricks and of the card effects).

Only `GNView`s come in here. The dice draft is public, so it is played on the table message: one
select per unused die (its row's cards, or every card when wild), then buttons for the last three
cards. Everything that involves a hand is private: leading, following, the panic discard and the
effects 2 (Recover), 4 (Foresight) and 7 (Rummage) are buttons/selects built from the seat's
`choices`; the Spy (6) shows the opponent's hand in the spy's private message while it lasts.
No choice needs more than one click, so no drafts are used.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import groupby

import discord

from bot.components import ActionButton, ActionSelect
from bot.render.base import EMBED_COLOUR, BaseRenderer, Payload, Picture, TableContext, new_view
from bot.render.grumpy_nisse_text import (
    ROLE_EMOJI,
    ROLE_GOAL,
    SUIT_EMOJI,
    by_suit,
    card,
    card_effect,
    card_long,
    cards,
    dice_text,
    effects_legend,
    event_block,
    events_text,
    grid_text,
    role_name,
    space_text,
    trick_text,
    trump_text,
    who,
)
from bot.render.pictures.grumpy_nisse import picture_key, render_track_png
from games.core import Event
from games.grumpy_nisse.data import EFFECTS, Phase, Role, card_name, value_of
from games.grumpy_nisse.view_models import ChoiceView, GNView

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
#: Private events that echo the seat's own click or a refill the hand shows anyway: no DM.
QUIET_EVENTS = frozenset({"cards_drawn", "deck_reordered", "put_under"})
STYLES = {
    "play": discord.ButtonStyle.primary,
    "take": discord.ButtonStyle.primary,
    "panic": discord.ButtonStyle.danger,
    "recover": discord.ButtonStyle.success,
    "putback": discord.ButtonStyle.danger,
}
MAX_OPTIONS = 25
MAX_BUTTON_GROUP = 10  # more choices of one kind than this: a select instead of buttons


def _name(ctx: TableContext, seat: int) -> str:
    return ctx.name(seat)


class GrumpyNisseRenderer(BaseRenderer):
    private_button = "My hand & role"

    # -- the table ------------------------------------------------------------------------------
    def table(self, view: GNView, ctx: TableContext, events: Sequence[Event]) -> Payload:
        drafting = view.phase in (Phase.DRAFT, Phase.FINAL_PICK)
        if drafting:
            title = f"Draft, roll {min(view.roll_no, view.rolls_total)}/{view.rolls_total}"
            if view.phase == Phase.FINAL_PICK:
                title = "Draft, the last cards"
        elif view.phase == Phase.GAME_OVER:
            title = "game over"
        else:
            title = f"round {view.round}/{view.rounds}, trick {view.trick}"
        embed = discord.Embed(
            title=f"\N{EVERGREEN TREE} The Grumpy Nisse #{ctx.game_id} - {title}",
            description=self._headline(view, ctx),
            colour=EMBED_COLOUR,
        )
        if drafting:
            self._draft_fields(embed, view, ctx)
        else:
            self._play_fields(embed, view, ctx)
        if events:
            embed.add_field(name="What just happened", value=event_block(events, ctx.names), inline=False)
        embed.set_footer(text=effects_legend())
        ordep = view.result is not None and view.result.role == Role.VIOLET and view.result.pawn >= 18
        picture = Picture(
            f"track-{ctx.game_id}.png",
            picture_key(view.track, ordep),
            lambda: render_track_png(view.track, ordep),
        )
        return Payload(embeds=[embed], view=self._table_components(view, ctx), pictures=[picture])

    def _headline(self, view: GNView, ctx: TableContext) -> str:
        names = ctx.names
        phase = view.phase
        if phase == Phase.GAME_OVER and view.result is not None:
            r = view.result
            return f"\N{TROPHY} **{ctx.name(r.winner)}** wins as **{role_name(r.role)}**! {r.reason}"
        seat = view.to_decide[0] if view.to_decide else None
        if seat is None:
            return view.status
        actor = who(view, names, seat)
        if phase == Phase.DRAFT:
            roller = who(view, names, view.roller) if view.roller is not None else "?"
            return (
                f"{roller} rolled the dice and picks 1st and 3rd. Now {actor} picks "
                f"(pick {view.pick_no} of 3): choose a card with one of the dice below "
                "(a die takes a card from its row; more than the number of rows: any card)."
            )
        if phase == Phase.FINAL_PICK:
            return f"No more dice: {actor} takes one of the last cards with the buttons below."
        private = f" (in private: DM or **{self.private_button}**)"
        if phase == Phase.LEAD:
            return f"{actor} leads: choosing a card{private}."
        if phase == Phase.FOLLOW and view.lead_card is not None:
            return (
                f"{who(view, names, view.leader)} led {card_long(view.lead_card)}. "
                f"{actor} answers with a card{private}."
            )
        if phase == Phase.PANIC_DISCARD:
            return f"Torech panics! {actor} discards a card from the hand, face up{private}."
        effect = view.pending_effect
        if phase == Phase.RECOVER_TAKE:
            return f"{actor} may take a card back from the discard pile (Recover, 2){private}."
        if phase == Phase.RECOVER_PUT and effect is not None:
            taken = f" took {card(effect.recovered)} back and" if effect.recovered else ""
            return f"{actor}{taken} discards a different card (Recover, 2){private}."
        if phase == Phase.FORESIGHT and effect is not None:
            return (
                f"{actor} looks at the top {effect.count} cards of the deck and reorders them (Foresight, 4)."
            )
        if phase == Phase.RUMMAGE:
            return f"{actor} drew 2 cards and puts one under the deck (Rummage, 7){private}."
        return view.status

    def _player_lines(self, view: GNView, ctx: TableContext, seat: int) -> str:
        player = view.players[seat]
        lines = [
            f"Hand {player.hand_size} \N{MIDDLE DOT} deck {player.deck_size} \N{MIDDLE DOT} "
            f"tricks won {player.tricks_won} ({' + '.join(map(str, player.wins_by_round))})",
            f"Discards: {by_suit(player.discard)}",
            f"Hand + deck: {by_suit(player.unseen_cards)}",
        ]
        if player.discard:
            lines.insert(1, f"Top discard: {card(player.discard[-1])}")
        if player.sees_opponent_hand:
            lines.append(f"\N{EYE} sees {_name(ctx, 1 - seat)}'s hand (Spy)")
        return "\n".join(lines)

    def _draft_fields(self, embed: discord.Embed, view: GNView, ctx: TableContext) -> None:
        if view.phase == Phase.DRAFT:
            embed.add_field(name="Dice", value=dice_text(view.dice), inline=True)
        embed.add_field(name=f"Grid ({len(view.grid)} rows)", value=grid_text(view.grid)[:1024], inline=True)
        for seat in (view.violet, view.torech):
            player = view.players[seat]
            embed.add_field(
                name=f"{ROLE_EMOJI[player.role]} {role_name(player.role)}: {_name(ctx, seat)} "
                f"({len(player.collection)}/18)",
                value=by_suit(player.collection, "no cards yet"),
                inline=False,
            )

    def _play_fields(self, embed: discord.Embed, view: GNView, ctx: TableContext) -> None:
        track = space_text(view) + "\n" + events_text(view.track)
        embed.add_field(name="Track", value=track[:1024], inline=False)
        played = []
        for seat, lead in ((view.leader, True), (1 - view.leader, False)):
            code = view.players[seat].played
            if code is not None:
                verb = "led" if lead else "followed with"
                played.append(f"{who(view, ctx.names, seat)} {verb} {card_long(code)}")
        if played:
            embed.add_field(name="On the table", value="\n".join(played), inline=False)
        for seat in (view.violet, view.torech):
            player = view.players[seat]
            embed.add_field(
                name=f"{ROLE_EMOJI[player.role]} {role_name(player.role)}: {_name(ctx, seat)}",
                value=self._player_lines(view, ctx, seat)[:1024],
                inline=True,
            )
        if view.last_trick is not None and not played:
            embed.add_field(
                name="Last trick", value=trick_text(view.last_trick, view, ctx.names)[:1024], inline=False
            )

    # -- the table's components: the public draft -----------------------------------------------
    def _table_components(self, view: GNView, ctx: TableContext) -> discord.ui.View | None:
        if view.phase == Phase.FINAL_PICK:
            buttons = [
                ActionButton(
                    ctx.game_id,
                    ctx.decision,
                    f"take.{code}",
                    label=f"Take {code} ({card_name(code)})",
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
                        label=f"Die {value} ({'wild' if wild else f'row {row}'}): {code} ({card_name(code)})",
                        value=f"pick.{value}.{code}",
                        emoji=SUIT_EMOJI[code[0]],
                        description=_effect_short(code),
                    )
                    for row, code in chunk
                ]
                first, last = chunk[0][0], chunk[-1][0]
                where = f"row {first}" if first == last else f"rows {first}-{last}"
                placeholder = f"Die {value} ({'wild, ' if wild else ''}{where}): take a card"
                name = f"die{value}r{first}"
                items.append(ActionSelect(ctx.game_id, ctx.decision, name, options, placeholder=placeholder))
        return new_view(*items)

    # -- the private message ----------------------------------------------------------------------
    def private(
        self, view: GNView, ctx: TableContext, events: Sequence[Event], draft: str | None = None
    ) -> Payload:
        seat = view.seat
        assert seat is not None and view.my_role is not None
        role = view.my_role
        embed = discord.Embed(
            title=f"{ROLE_EMOJI[role]} You are {role_name(role)} - The Grumpy Nisse #{ctx.game_id}",
            description=self._private_headline(view, ctx),
            colour=EMBED_COLOUR,
        )
        drafting = view.phase in (Phase.DRAFT, Phase.FINAL_PICK)
        if drafting:
            mine = view.players[seat].collection
            embed.add_field(
                name=f"Your cards so far ({len(mine)}/18)", value=by_suit(mine, "none yet"), inline=False
            )
        else:
            self._private_fields(embed, view, ctx, seat)
        if events:
            embed.add_field(name="What just happened", value=event_block(events, ctx.names), inline=False)
        embed.set_footer(text=effects_legend())
        return Payload(embeds=[embed], view=self._private_components(view, ctx))

    def _private_headline(self, view: GNView, ctx: TableContext) -> str:
        role = view.my_role
        assert role is not None and view.seat is not None
        goal = ROLE_GOAL[role]
        phase = view.phase
        if phase == Phase.GAME_OVER and view.result is not None:
            won = "You win" if view.result.winner == view.seat else "You lose"
            return f"**{won}.** {view.result.reason}"
        if view.phase in (Phase.DRAFT, Phase.FINAL_PICK):
            return f"{goal}\n\nThe dice draft is played on the table message: everything in it is public."
        mine = view.seat in view.to_decide
        if not mine:
            return f"{goal}\n\nWaiting: {view.status}"
        trump = trump_text(view.trump)
        now = {
            Phase.LEAD: f"**You lead** this trick (space {view.pawn}, {trump}): choose a card below.",
            Phase.PANIC_DISCARD: "**Torech panics:** discard a card from your hand (face up).",
            Phase.RECOVER_TAKE: "**Recover (your 2):** take a card back from your discard pile, or skip.",
            Phase.RECOVER_PUT: "**Recover:** now put a different card from your hand on your discard pile.",
            Phase.FORESIGHT: "**Foresight (your 4):** choose the new order of the top of your deck.",
            Phase.RUMMAGE: "**Rummage (your 7):** choose a card of your hand to put under your deck.",
        }.get(phase, "")
        if phase == Phase.FOLLOW and view.lead_card is not None:
            now = (
                f"{who(view, ctx.names, view.leader)} led {card_long(view.lead_card)}. **Answer** with a "
                f"card below (space {view.pawn}, {trump})."
            )
        return f"{now}\n\n*{goal}*"

    def _private_fields(self, embed: discord.Embed, view: GNView, ctx: TableContext, seat: int) -> None:
        other = 1 - seat
        hand = "\n".join(card_effect(code) for code in view.hand) or "empty"
        embed.add_field(name=f"Your hand ({len(view.hand)})", value=hand[:1024], inline=False)
        if view.opponent_hand is not None:
            embed.add_field(
                name=f"\N{EYE} {_name(ctx, other)}'s hand (your Spy, until the end of the next trick)",
                value="\n".join(card_long(c) for c in view.opponent_hand)[:1024] or "empty",
                inline=False,
            )
        if view.foresight:
            embed.add_field(
                name="Top of your deck (Foresight), top first",
                value=" \N{RIGHTWARDS ARROW} ".join(card_long(c) for c in view.foresight),
                inline=False,
            )
        if view.rummaged:
            embed.add_field(name="You drew (Rummage)", value=cards(view.rummaged), inline=False)
        player = view.players[seat]
        deck = [f"{player.deck_size} cards"]
        if view.deck_known_top:
            deck.append(f"known top (first = next): {cards(view.deck_known_top)}")
        if view.deck_known_bottom:
            deck.append(f"known bottom: {cards(view.deck_known_bottom)}")
        embed.add_field(name="Your deck", value="; ".join(deck), inline=True)
        embed.add_field(name="Your discard pile", value=by_suit(player.discard, "empty"), inline=True)
        rival = view.players[other]
        embed.add_field(
            name=f"{ROLE_EMOJI[rival.role]} {_name(ctx, other)} ({role_name(rival.role)})",
            value=f"Hand {rival.hand_size}, deck {rival.deck_size}\n"
            f"Hand + deck: {by_suit(rival.unseen_cards)}",
            inline=False,
        )
        embed.add_field(name="Track", value=space_text(view), inline=False)

    def _private_components(self, view: GNView, ctx: TableContext) -> discord.ui.View | None:
        if not self.has_private_decision(view) or not view.choices:
            return None
        items: list[discord.ui.Item] = []
        for kind, group in groupby(view.choices, key=lambda c: c.kind):
            choices = list(group)
            if len(choices) <= MAX_BUTTON_GROUP:
                items += [self._button(ctx, choice) for choice in choices]
                continue
            for start in range(0, len(choices), MAX_OPTIONS):
                chunk = choices[start : start + MAX_OPTIONS]
                options = [
                    discord.SelectOption(
                        label=choice.label[:100],
                        value=choice.code,
                        emoji=SUIT_EMOJI[choice.card[0]] if choice.card else None,
                        description=_effect_short(choice.card) if choice.card else None,
                    )
                    for choice in chunk
                ]
                placeholder = {"recover": "Take a card back from your discard pile"}.get(kind, "Choose")
                items.append(
                    ActionSelect(
                        ctx.game_id, ctx.decision, f"{kind}{start}"[:20], options, placeholder=placeholder
                    )
                )
        return new_view(*items)

    def _button(self, ctx: TableContext, choice: ChoiceView) -> ActionButton:
        label = choice.label
        if choice.card is not None and EFFECTS[value_of(choice.card)].label:
            label += f" \N{MIDDLE DOT} {EFFECTS[value_of(choice.card)].label}"
        return ActionButton(
            ctx.game_id,
            ctx.decision,
            choice.code,
            label=label[:80],
            emoji=SUIT_EMOJI[choice.card[0]] if choice.card else None,
            style=STYLES.get(choice.kind, discord.ButtonStyle.secondary),
        )

    # -- the rest of the renderer contract ----------------------------------------------------------
    def has_private_decision(self, view: GNView) -> bool:
        return view.phase in PRIVATE_PHASES and view.seat is not None and view.seat in view.to_decide

    def private_news(self, events: Sequence[Event]) -> list[Event]:
        return [e for e in events if not e.audience.is_public and e.kind not in QUIET_EVENTS]

    def ending(self, view: GNView, ctx: TableContext, summary: str) -> str:
        result = view.result
        if result is None:
            return summary
        winner, loser = ctx.name(result.winner), ctx.name(1 - result.winner)
        loser_role = role_name(view.players[1 - result.winner].role)
        if result.role == Role.VIOLET:
            how = f"She won a trick on space 18 in round {view.round}."
        elif result.devilish_count >= view.devilish_needed:
            how = f"He won {result.devilish_count} tricks on space 11."
        else:
            how = f"The pawn stopped on space {result.pawn} of 18."
        tricks = ", ".join(
            f"{ctx.name(seat)} {sum(result.wins_by_round[seat])} "
            f"({' + '.join(map(str, result.wins_by_round[seat]))})"
            for seat in (view.violet, view.torech)
        )
        return (
            f"\N{TROPHY} **{winner}** wins as **{role_name(result.role)}** against {loser} "
            f"({loser_role}): {result.reason} {how} Tricks won by round: {tricks}."
        )


def _effect_short(code: str) -> str:
    info = EFFECTS[value_of(code)]
    return (f"{info.label}: {info.text}" if info.label else "No effect.")[:100]


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
