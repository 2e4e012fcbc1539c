"""What each message of a game shows, from the committed game: the table (lobby, play, end) and a
seat's private message. Renderers see only the public view or that seat's view.

Each is drawn in its reader's language (`bot.i18n`): the table and channel posts in the table's
(`games.locale`), a private message in its player's (`seats.locale`, else the table's)."""

from __future__ import annotations

from collections.abc import Sequence, Set
from dataclasses import replace

import discord

from bot.components import (
    ActionButton,
    ActionSelect,
    Controls,
    DraftButton,
    DraftSelect,
    MineButton,
    RematchButton,
)
from bot.i18n import N_, _, ngettext, translated, using
from bot.loaded_game import LoadedGame
from bot.names import shown_name
from bot.plugins import PLUGINS
from bot.render.base import GameRenderer, Payload, TableContext, new_view
from bot.render.lobby import closed_payload, lobby_payload
from games.core import Event, visible_events

CLOSED_TEXT = {"cancelled": N_("lobby cancelled"), "abandoned": N_("abandoned")}


def renderer(game: LoadedGame) -> GameRenderer:
    return PLUGINS.get(game.record.game_name).renderer


def context(game: LoadedGame, copy: bool = False) -> TableContext:
    """What a renderer knows besides the view (the game's title in the reader's language; `copy`:
    for a copy of a private message without its controls)."""
    return TableContext(
        game.id,
        game.decision,
        game.names,
        _(game.info.title),
        game.record.deadline,
        abandoned=game.record.status == "abandoned",
        ai_seats=frozenset(seat.seat for seat in game.seats if seat.user_id < 0),
        copy=copy,
    )


def private_label(game: LoadedGame) -> str:
    """The label of the button that opens a player's private view, in the reader's language."""
    return _(renderer(game).private_button)


def called_to(game: LoadedGame) -> str:
    """The game, and the decision a push calls a player to, in the current language:
    "**<game> #1** \N{EN DASH} the vote" (the decision's public name, `GameRules.decision_label`;
    none for a reaction window, which says what it is itself; a dash, not brackets: the texts
    around it may bracket what follows)."""
    title = f"**{_(game.info.title)} #{game.id}**"
    label = game.rules.decision_label(game.state) if game.state is not None else None
    return f"{title} \N{EN DASH} {_(label)}" if label else title


def your_turn_text(
    game: LoadedGame, seat: int, url: str | None, *, below: bool = False, in_view: bool = False
) -> str:
    """The line telling a player a decision is theirs, in their language: the choices are in
    this message (`below`), or on the table (`url`: a link to it) or, `in_view`, under its
    button that opens their view (an ephemeral view is gone once the app restarts)."""
    button = ""
    if in_view and url and not below:
        with using(table_language(game)):  # (the button as the table shows it)
            button = private_label(game)
    with using(seat_language(game, seat)):
        title = called_to(game)
        if below:
            timer = game.rules.timer(game.state) if game.state is not None else None
            deadline = game.record.deadline
            if timer is not None and deadline is not None:  # (not a turn: a reaction window)
                return _(
                    "\N{ALARM CLOCK} {what} in {game}: your choices are below. It closes <t:{deadline}:R>.",
                    what=_(timer.label),
                    game=title,
                    deadline=int(deadline),
                )
            return _("\N{BELL} Your turn in {game}: your choices are below.", game=title)
        if button:
            return _(
                "\N{BELL} Your turn in {game}: your choices are under **{button}** on the [table]({url}).",
                game=title,
                button=button,
                url=url,
            )
        if url:
            return _("\N{BELL} Your turn in {game}: [go to the table]({url})", game=title, url=url)
        return _("\N{BELL} Your turn in {game} (in its channel)", game=title)


def unseen_text(game: LoadedGame, seat: int) -> str:
    """The line over a copy of a seat's private message shown after a click on the table (its DMs
    closed, no view open): where its choices are, the button named as the table shows it (a
    choice made in private only there: the copy has no controls)."""
    with using(table_language(game)):
        button = private_label(game)
    with using(seat_language(game, seat)):
        if only_in_private(game, seat):
            return _("Only you see this. To choose, open **{button}** on the table.", button=button)
        return _(
            "Only you see this. Your choices are on the table, also under its **{button}** button.",
            button=button,
        )


def only_in_private(game: LoadedGame, seat: int) -> bool:
    """Whether the seat's current choice is made in its private message and not on the table too
    (a card to keep, seen only by its player; a secret draw may be on the table too)."""
    if game.record.status != "running" or not renderer(game).has_private_decision(_view(game, seat)):
        return False
    with using(table_language(game)):
        return _table_payload(game, ()).offered() is None


def restarted_text(game: LoadedGame, seat: int) -> str:
    """The line over a private message redrawn after the bot restarted, in its reader's language."""
    with using(seat_language(game, seat)):
        return _(
            "\N{ANTICLOCKWISE DOWNWARDS AND UPWARDS OPEN CIRCLE ARROWS} The bot restarted: if you had "
            "half made a choice here, make it again."
        )


def jump_url(game: LoadedGame) -> str | None:
    """A link to the table message (Discord opens the channel at it)."""
    record = game.record
    if record.table_message_id is None:
        return None
    where = f"{record.guild_id or '@me'}/{record.channel_id}/{record.table_message_id}"
    return f"https://discord.com/channels/{where}"


def _view(game: LoadedGame, seat: int | None) -> object:
    """The view to draw: an abandoned game's may show what only its end shows (e.g. roles)."""
    if game.record.status == "abandoned" and game.state is not None:
        return game.rules.abandoned_view(game.state, seat)
    return game.view(seat)


def table_language(game: LoadedGame) -> str | None:
    return game.record.locale


def seat_language(game: LoadedGame, seat: int) -> str | None:
    return game.seats[seat].locale or game.record.locale


def table_payload(game: LoadedGame, events: Sequence[Event] = ()) -> Payload:
    with using(table_language(game)):
        return _table_payload(game, events)


def _table_payload(game: LoadedGame, events: Sequence[Event]) -> Payload:
    status = game.record.status
    if status == "lobby":
        host = game.names[0] if game.names else "?"  # names are never translated
        ai_seats = sum(game.is_ai(seat.seat) for seat in game.seats)
        return lobby_payload(game.id, game.info, game.names, host, game.record.options, ai_seats)
    if game.state is None:
        return closed_payload(game.id, game.info.title, CLOSED_TEXT.get(status, status))
    payload = renderer(game).table(_view(game, None), context(game), visible_events(events, None))
    if status == "running":
        label = private_label(game)
        closed = [shown_name(seat.display_name) for seat in game.seats if seat.dm_open is False]
        if closed and payload.embeds:
            payload.embeds[-1].add_field(
                name=_("\N{CLOSED MAILBOX WITH LOWERED FLAG} DMs closed"),
                value=_(
                    "{players}: use **{button}** below (or `/hand`).", players=", ".join(closed), button=label
                ),
                inline=False,
            )
        waiting = game.humans_to_decide() if game.clock_applies() else []
        if game.record.clock_deadline is not None and waiting and payload.embeds:
            when = f"<t:{int(game.record.clock_deadline)}:R>"
            payload.embeds[-1].add_field(
                name=_("\N{ALARM CLOCK} Turn clock"),
                value=_(
                    "{players}: {when}, then the clock chooses.",
                    players=", ".join(game.names[s] for s in waiting),
                    when=when,
                ),
                inline=False,
            )
        if payload.view is None:
            payload.view = Controls()
        elif not people_act_on_table(game, offered_codes(payload.view)):  # shown, not offered
            for child in payload.view.children:
                if isinstance(child, ActionButton | ActionSelect | DraftButton | DraftSelect):
                    child.item.disabled = True
        payload.view.add_item(MineButton(game.id, label))
    else:
        payload.view = None
        if status == "abandoned" and payload.embeds:
            payload.embeds[0].title = _("{title} (abandoned)", title=payload.embeds[0].title)
            payload.embeds[0].description = _("This game was abandoned. It stays recorded.")
        elif taken_win(game) and payload.embeds:  # the rules never ended it: say who won
            payload.embeds[0].title = _("{title} (over)", title=payload.embeds[0].title)
            payload.embeds[0].description = f"\N{TROPHY} {taken_win(game)}"
            # (no Rematch here: the end post below has it, as after any end)
    return payload


def turn_of(game: LoadedGame, seat: int, view: object = None) -> int | None:
    """The decision that is `seat`'s now and is made in its private message, if any (a decision
    on the table is not: the private message only tells about it). None once the game is over
    (nobody decides then) and for a seat an AI plays: the player an AI keeps it for decides
    nothing in their private message."""
    if seat not in game.to_decide() or game.is_ai(seat):
        return None
    if view is None:
        view = game.view(seat)
    return game.decision if renderer(game).has_private_decision(view) else None


def people_act_on_table(game: LoadedGame, offered: Set[str]) -> bool:
    """Whether a person may act on the table now: a person's seat with a legal action among the
    table's controls (`offered`: their action codes; a vote may be changed until the last one is
    in, so a seat that voted still may). When only AI seats may, the table shows their decision
    with its controls disabled: a person's click could only be refused, and AI seats take a second
    or two to act. The table's controls are those of a public decision: this says nothing secret."""
    return any(
        not game.is_ai(seat) and game.can_act(seat) and offered & game.legal_codes(seat)
        for seat in range(len(game.seats))
    )


def offered_codes(view: discord.ui.View) -> set[str]:
    """The action codes a table's game controls offer (its buttons' and its selects' options)."""
    codes: set[str] = set()
    for child in view.children:
        if isinstance(child, ActionButton):
            codes.add(child.code)
        elif isinstance(child, ActionSelect):
            codes.update(option.value for option in child.item.options)
    return codes


def taken_win(game: LoadedGame) -> str:
    """Who won a game ended by "Take the win" (finished, but with no outcome from the rules), as
    "Dasher wins: the other player left."; "" for any other game."""
    if game.record.status != "finished" or game.state is None or game.outcome() is not None:
        return ""
    stayed = [f"**{shown_name(seat.display_name)}**" for seat in game.seats if not game.is_ai(seat.seat)]
    if not stayed:
        return ""
    return ngettext(
        "{names} wins: the other player left.",
        "{names} win: the other players left.",
        len(stayed),
        names=_(" and ").join(stayed),
    )


def private_payload(
    game: LoadedGame, seat: int, events: Sequence[Event] = (), draft: str | None = None
) -> Payload:
    """A seat's private message. Once the game is over it shows the end and has no controls."""
    with using(seat_language(game, seat)):
        return _private_payload(game, seat, events, draft)


def private_copy(game: LoadedGame, seat: int, events: Sequence[Event]) -> Payload:
    """A copy of a seat's private message without its controls (which stay on the table), as
    `PrivateClicks.unseen_news` shows it, under `unseen_text`."""
    with using(seat_language(game, seat)):
        return _private_payload(game, seat, events, None, copy=True).without_controls()


def _private_payload(
    game: LoadedGame, seat: int, events: Sequence[Event], draft: str | None, copy: bool = False
) -> Payload:
    if game.record.status == "running" and game.is_ai(seat):  # kept for its player (`reader_of`)
        return Payload(content=_seat_gone_text(game, seat, game.reader_of(seat)))
    ctx = context(game, copy)
    payload = renderer(game).private(_view(game, seat), ctx, visible_events(events, seat), draft)
    status = game.record.status
    if status == "running":
        return payload
    payload = payload.without_controls()
    if status == "abandoned" and payload.embeds:
        payload.embeds[0].title = _("{title} (abandoned)", title=payload.embeds[0].title)
        payload.embeds[0].description = (
            f"{payload.embeds[0].description or ''}\n" + _("**This game was abandoned.** It stays recorded.")
        ).strip()
    elif taken_win(game) and payload.embeds:
        payload.embeds[0].description = _("**The game is over.** {winner}", winner=taken_win(game))
    return payload


def ending_payload(game: LoadedGame, text: str = "") -> Payload:
    """The channel post when a game ends: who won (`text`, else the rules' outcome), a link to
    the final table, Rematch."""
    with using(table_language(game)):
        return _ending_payload(game, text)


def _ending_payload(game: LoadedGame, text: str) -> Payload:
    outcome = game.outcome()
    ending = text
    if not ending:
        summary = translated(outcome.summary) if outcome is not None else _("The game is over.")
        ending = renderer(game).ending(game.view(None), context(game), summary)
    url = jump_url(game)
    link = "\n" + _("[The final table]({url})", url=url) if url else ""
    over = _("**{game} #{number} is over.**", game=_(game.info.title), number=game.id)
    return Payload(content=f"{over} {ending}{link}", view=new_view(RematchButton(game.id)))


def parked_payload(game: LoadedGame, seat: int) -> Payload:
    """A seat's DM while it plays from its ephemeral view in the channel: nothing in it can go
    out of date, and it has no controls."""
    with using(table_language(game)):  # (the button as the table shows it)
        button = private_label(game)
    with using(seat_language(game, seat)):
        title, url = _(game.info.title), jump_url(game)
        if url:
            text = _(
                "**{game} #{number}**: you play in the channel; your cards and choices are in your "
                "**{button}** view there. [Go to the table]({url})",
                game=title,
                number=game.id,
                button=button,
                url=url,
            )
        else:
            text = _(
                "**{game} #{number}**: you play in the channel; your cards and choices are in your "
                "**{button}** view there.",
                game=title,
                number=game.id,
                button=button,
            )
        return Payload(content=text)


def seat_gone_payload(game: LoadedGame, seat: int, user_id: int) -> Payload:
    """What `user_id`'s private message says once an AI (or someone else) plays their `seat`, in
    their language (the seat's, which stays theirs: it was in the table's, English to a German
    player whose every other line was German)."""
    with using(seat_language(game, seat)):
        return Payload(content=_seat_gone_text(game, seat, user_id))


def kept_seat_text() -> str:
    """The answer to a player whose seat an AI keeps when they open their cards."""
    return _("An AI plays your seat since you ran out of time; `/reclaim` takes it back.")


def kept_seat_payload(game: LoadedGame, seat: int) -> Payload:
    """What a player whose seat an AI keeps sees when they open their cards: the seat as it is
    now (its role, its hand, what it knows), without controls, under `kept_seat_text`; so they
    can tell whether to take it back."""
    with using(seat_language(game, seat)):
        ctx = replace(context(game, True), kept=True)
        view = renderer(game).private(_view(game, seat), ctx, [], None)
        return replace(view.without_controls(), content=kept_seat_text())


def _seat_gone_text(game: LoadedGame, seat: int, user_id: int) -> str:
    """`/reclaim` is mentioned only to a player whose seat an AI keeps after their timeouts (their
    private message says so until they take it back, then shows the end)."""
    title, number = _(game.info.title), game.id
    if game.seats[seat].owner_id != user_id:
        return _("{game} #{number}: an AI plays your seat now.", game=title, number=number)
    text = _(
        "{game} #{number}: you ran out of time, so an AI plays your seat now. `/reclaim` in the "
        "game's channel takes it back.",
        game=title,
        number=number,
    )
    url = jump_url(game)
    return (f"{text} " + _("[Go to the table]({url})", url=url)) if url else text
