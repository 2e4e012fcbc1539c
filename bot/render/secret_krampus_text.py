"""Secret Krampus: the table's words (plain text from the public view, no Discord objects).

The picture (`bot.render.pictures.secret_krampus`) shows the boards, the failed votes, the gift
piles and the stables; the text says who must act, what is happening and what just happened, and
keeps what the boards cannot show: the last revealed votes and who is known not to be Krampus.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.i18n import N_, _, translated
from bot.render.base import TableContext, newest_lines
from games.core import Event
from games.secret_krampus.data import (
    FAILED_VOTE_CHAOS_AT,
    HEADS_TOGETHER_FROM_NAUGHTY,
    NAUGHTY_WIN_SPACE,
    ONLY_LM_TERM_LIMITED,
    TEAM_OF_ROLE,
    Card,
    Order,
    Phase,
    Team,
)
from games.secret_krampus.events import (
    CardPlaced,
    Chaos,
    Elected,
    FailedVoteTrack,
    GameOver,
    HeadsTogetherStarted,
    LmDiscarded,
    NewCandidate,
    Nominated,
    Voted,
    VotesRevealed,
    board_counts,
)
from games.secret_krampus.events_orders import (
    OrderStarted,
)
from games.secret_krampus.models import SKView
from games.secret_krampus.words import CARD_NAMES, ORDER_NAMES, ROLE_NAMES

#: Roles and Santa's Orders by name (marked texts: shown with `_()`).
ROLE = ROLE_NAMES
ORDER = ORDER_NAMES
#: The table's headline while the List Maker picks a target for an order: what the choice does.
ORDER_HEADLINE = {
    Order.PEEK: N_(
        "**Santa's Order - Peek:** List Maker **{lm}** picks a player below (sees their team in secret)."
    ),
    Order.SUCCESSOR_SELECTOR: N_(
        "**Santa's Order - Successor Selector:** List Maker **{lm}** picks a player below "
        "(they are the next List Maker candidate)."
    ),
    Order.STABLE_LEADERSHIP: N_(
        "**Santa's Order - Stable Leadership:** List Maker **{lm}** picks a player below "
        "(sends them to the stables)."
    ),
}
#: Events the headline or the picture already tells (the log still lists them).
SAID_ELSEWHERE = (
    NewCandidate,
    Nominated,
    Voted,
    Elected,
    LmDiscarded,
    HeadsTogetherStarted,
    GameOver,
)
MAX_EVENT_LINES = 6
#: The button of a player's private message (`bot.screens.private_label`): the table names it
#: where a choice is made in private.
PRIVATE_BUTTON = N_("My role & cards")
KRAMPUS_CHECK = N_("Krampus check: if Krampus is elected Sleigh Loader, team Naughty wins.")
#: The standing rule from 5 naughty gifts (spec 2.4, 4.7), while a government is chosen.
HEADS_TOGETHER_RULE = N_(
    "Heads Together: the new List Maker and Sleigh Loader may throw the gift away (both vote No)."
)


def told(event: Event, names: Sequence[str]) -> str:
    """An event's line in the reader's language."""
    return translated(event.describe(names))


def win_line(winner: Team | None, reason: str | None) -> str:
    """Who won and why (the rules keep the English reason: it is its catalogue key)."""
    reason = _(reason) if reason else ""
    if winner == Team.NICE:
        return _("**Team Nice wins!** {reason}", reason=reason).strip()
    return _("**Team Naughty wins!** {reason}", reason=reason).strip()


def names_of(ctx: TableContext, seats: Sequence[int]) -> str:
    return ", ".join(ctx.name(seat) for seat in seats)


def over(view: SKView) -> bool:
    return view.phase == Phase.GAME_OVER or view.abandoned


def first_election(view: SKView) -> bool:
    """Whether the game's first List Maker is being chosen: no vote revealed yet (a gift is placed
    only after one; a 6-player game starts with a Naughty gift on the board)."""
    return view.last_votes is None and view.phase in (Phase.NOMINATION, Phase.VOTING)


def headline(view: SKView, ctx: TableContext) -> str:
    """What is happening and who must act, in one line."""
    lm, sl = ctx.name(view.lm), ctx.name(view.sl)
    phase = view.phase
    if view.abandoned:
        return _("The game was abandoned. Everyone's role is shown below.")
    if phase == Phase.GAME_OVER:
        return win_line(view.winner, view.win_reason)
    if phase == Phase.NOMINATION:
        candidate = ctx.name(view.lm_candidate)
        if view.lm_candidate in ctx.ai_seats and view.special_election:  # (an AI is told nothing)
            return _(
                "**{name}** is the List Maker candidate (chosen by Successor Selector) and picks a "
                "Sleigh Loader.",
                name=candidate,
            )
        if view.lm_candidate in ctx.ai_seats:
            return _("**{name}** is the List Maker candidate and picks a Sleigh Loader.", name=candidate)
        if view.special_election:
            return _(
                "**{name}** is the List Maker candidate (chosen by Successor Selector): "
                "pick a Sleigh Loader below.",
                name=candidate,
            )
        return _("**{name}** is the List Maker candidate: pick a Sleigh Loader below.", name=candidate)
    if phase == Phase.VOTING:
        return _(
            "**Vote!** List Maker **{lm}** with Sleigh Loader **{sl}**? Votes stay secret until all "
            "are in; you can change yours until then.",
            lm=ctx.name(view.lm_candidate),
            sl=ctx.name(view.sl_candidate),
        )
    button = _(PRIVATE_BUTTON)
    ai = ctx.ai_seats  # (an AI needs no word on where it chooses)
    if phase == Phase.LM_DISCARD and view.lm in ai:
        return _("List Maker **{lm}** discards 1 of 3 gifts and passes 2 to **{sl}**.", lm=lm, sl=sl)
    if phase == Phase.SL_CHOOSE and view.sl in ai:
        return _("Sleigh Loader **{sl}** delivers 1 of the 2 gifts from **{lm}**.", lm=lm, sl=sl)
    if phase == Phase.HEADS_TOGETHER_VOTE and {view.lm, view.sl} <= ai:
        return _(
            "**Heads Together:** {lm} and {sl} vote in secret. One Yes delivers the gift, two Noes "
            "discard it.",
            lm=lm,
            sl=sl,
        )
    if phase == Phase.HEADS_TOGETHER_VOTE and {view.lm, view.sl} & ai:  # (only the person is told where)
        return _(
            "**Heads Together:** {lm} and {sl} vote in secret ({person}: in private, DM or "
            "**{button}**). One Yes delivers the gift, two Noes discard it.",
            lm=lm,
            sl=sl,
            person=sl if view.lm in ai else lm,
            button=button,
        )
    if phase == Phase.LM_DISCARD:
        return _(
            "List Maker **{lm}** discards 1 of 3 gifts in private (DM or **{button}**) and passes 2 "
            "to **{sl}**.",
            lm=lm,
            sl=sl,
            button=button,
        )
    if phase == Phase.SL_CHOOSE:
        return _(
            "Sleigh Loader **{sl}** delivers 1 of the 2 gifts from **{lm}**, chosen in private (DM or "
            "**{button}**).",
            lm=lm,
            sl=sl,
            button=button,
        )
    if phase == Phase.HEADS_TOGETHER_VOTE:
        return _(
            "**Heads Together:** {lm} and {sl} vote in private (DM or **{button}**). One Yes delivers "
            "the gift, two Noes discard it.",
            lm=lm,
            sl=sl,
            button=button,
        )
    order = view.pending_order
    if order in ORDER_HEADLINE:
        return _(ORDER_HEADLINE[order], lm=lm)
    name = _(ORDER[order]) if order is not None else _("Santa's Order")
    return _("**Santa's Order - {order}:** List Maker **{lm}** picks a player below.", order=name, lm=lm)


def term_limited_line(view: SKView, ctx: TableContext) -> str | None:
    """During a nomination: who may not be Sleigh Loader because they just governed (in a game
    that started with 5, only the last elected List Maker: spec 4.4)."""
    if view.phase != Phase.NOMINATION:
        return None
    seats = [
        p.seat
        for p in view.players
        if p.term_limited and p.in_play and p.seat != view.lm_candidate and p.seat not in view.eligible
    ]
    if not seats:
        return None
    if view.num_players in ONLY_LM_TERM_LIMITED:  # (the last Sleigh Loader may serve again)
        return _("Can't be Sleigh Loader (last elected List Maker): {names}", names=names_of(ctx, seats))
    return _("Can't be Sleigh Loader (last government): {names}", names=names_of(ctx, seats))


def tells_on_table(event: Event) -> bool:
    """Whether `event_line` has a line for this public event (not when the headline or the
    picture says it)."""
    if isinstance(event, NewCandidate) and event.resumed:
        return True  # the headline names the candidate, not why it is them again
    if isinstance(event, SAID_ELSEWHERE):
        return False
    if isinstance(event, FailedVoteTrack) and not 0 < event.failed_votes < FAILED_VOTE_CHAOS_AT:
        return False  # none (a delivery reset it), or chaos: its own line
    if isinstance(event, OrderStarted) and event.order != Order.CHECKING_IT_TWICE:
        return False  # the headline asks for the List Maker's choice
    return True


def event_line(event: Event, ctx: TableContext) -> str | None:
    """One thing that just happened, short; None when the headline or the picture says it."""
    if not tells_on_table(event):
        return None
    if isinstance(event, CardPlaced):  # (with the boards' counts: a phone may not show the picture)
        score = translated(event.counts())
        if event.by_chaos:  # (the chaos line names the gift)
            return score
        if event.card == Card.NICE:
            return f"{_('A Nice gift was delivered.')} {score}"
        return f"{_('A Naughty gift was delivered.')} {score}"
    if isinstance(event, FailedVoteTrack):  # (the picture shows the track; a phone may not read it)
        return _(
            "Failed votes in a row: {n} of {chaos} (at {chaos}, chaos delivers the top gift).",
            n=event.failed_votes,
            chaos=FAILED_VOTE_CHAOS_AT,
        )
    if isinstance(event, Chaos):
        gift = _(CARD_NAMES[event.card])
        return _("Three failed votes in a row: chaos! The top gift, {gift}, is delivered.", gift=gift)
    return told(event, ctx.names)


def event_lines(view: SKView, events: Sequence[Event], ctx: TableContext) -> list[str]:
    """The events worth a line (public ones: a vote, first or changed, makes none, spec 4.5; the
    table keeps its news while only such changes come, `bot.table_message`)."""
    lines: list[str] = []
    after_chaos = False
    for event in (e for e in events if e.audience.is_public):
        line = event_line(event, ctx)
        if line and after_chaos and isinstance(event, CardPlaced):
            lines[-1] += f" {line}"  # (the chaos line names the gift; the counts go with it)
        elif line:
            lines.append(line)
        after_chaos = isinstance(event, Chaos) and bool(line)
    return newest_lines(lines, MAX_EVENT_LINES)


def last_vote_line(view: SKView, ctx: TableContext, events: Sequence[Event]) -> str | None:
    """The last revealed election, unless it is in "What just happened" or the game is over."""
    if view.last_votes is None or over(view) or any(isinstance(e, VotesRevealed) for e in events):
        return None
    votes = sorted(view.last_votes.items())
    yes = [s for s, v in votes if v]
    no = [s for s, v in votes if not v]
    nobody = _("nobody")
    if 2 * len(yes) > len(votes):
        text = N_("Passed {yes_count}-{no_count}. Yes: {yes}. No: {no}.")
    else:
        text = N_("Failed {yes_count}-{no_count}. Yes: {yes}. No: {no}.")
    return _(
        text,
        yes_count=len(yes),
        no_count=len(no),
        yes=names_of(ctx, yes) or nobody,
        no=names_of(ctx, no) or nobody,
    )


def known_line(view: SKView, ctx: TableContext) -> str | None:
    """Public facts about players the boards do not show: who is in the stables (the picture
    shows it too, but the text only once, as it happened), cleared and peeked living players."""
    if over(view):
        return None
    living = [p for p in view.players if p.in_play]
    cleared = [p.seat for p in living if p.not_krampus]
    peeked = [p.seat for p in living if p.peeked]
    stabled = [p.seat for p in view.players if not p.in_play]
    parts = []
    if stabled:
        parts.append(_("In the stables: {names}.", names=names_of(ctx, stabled)))
    if cleared:
        parts.append(_("Not Krampus: {names}.", names=names_of(ctx, cleared)))
    if peeked:
        parts.append(_("Peeked: {names}.", names=names_of(ctx, peeked)))
    return " ".join(parts) or None


def roles_lines(view: SKView, ctx: TableContext) -> str | None:
    """Every seat's role, once shown to all (the end, or an abandoned game)."""
    if not over(view) or any(p.revealed_role is None for p in view.players):
        return None
    lines = []
    for p in view.players:
        assert p.revealed_role is not None
        won = view.winner is not None and TEAM_OF_ROLE[p.revealed_role] == view.winner
        mark = " \N{TROPHY}" if won and not view.abandoned else ""
        role = _(ROLE[p.revealed_role])
        if p.in_play:
            lines.append(_("{name}: {role}", name=ctx.name(p.seat), role=role) + mark)
        else:
            lines.append(_("{name} (stables): {role}", name=ctx.name(p.seat), role=role) + mark)
    return "\n".join(lines)


#: What the next Naughty gift brings (the board's order on its space), while a government is
#: chosen: the picture shows the board, which a phone may not load nor a screen reader read.
NEXT_NAUGHTY = N_("Next Naughty gift: {order}.")
NEXT_NAUGHTY_NOTHING = N_("Next Naughty gift: no order.")
NEXT_NAUGHTY_WINS = N_("Next Naughty gift: team Naughty wins.")


def next_naughty(view: SKView) -> str:
    if view.naughty_count >= len(view.board_orders):
        return ""
    order = view.board_orders[view.naughty_count]
    if order == NAUGHTY_WIN_SPACE:
        return _(NEXT_NAUGHTY_WINS)
    if order is None:
        return _(NEXT_NAUGHTY_NOTHING)
    return _(NEXT_NAUGHTY, order=_(ORDER[Order(order)]))


def footer(view: SKView) -> str | None:
    """The boards' counts all game (the picture shows them too, but a phone may not load or
    read it; "What just happened" says them only as a gift is delivered), and a rule to keep in
    mind while choosing a government."""
    if over(view):
        return None
    counts = translated(board_counts(view.nice_count, view.naughty_count))
    if view.phase not in (Phase.NOMINATION, Phase.VOTING):
        return counts
    rules = [next_naughty(view)]
    if view.krampus_check_active:
        rules.append(_(KRAMPUS_CHECK))
    if view.naughty_count >= HEADS_TOGETHER_FROM_NAUGHTY:
        rules.append(_(HEADS_TOGETHER_RULE))
    return " ".join([counts, *(rule for rule in rules if rule)])
