"""Secret Krampus: the table's words (plain text from the public view, no Discord objects).

The picture (`bot.render.pictures.secret_krampus`) shows the boards, the failed votes, the gift
piles and the stables; the text says who must act, what is happening and what just happened, and
keeps what the boards cannot show: the last revealed votes and who is known not to be Krampus.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.render.base import TableContext
from games.core import Event
from games.secret_krampus.data import TEAM_OF_ROLE, Card, Order, Phase, Role, Team
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
    OrderStarted,
    Voted,
    VotesRevealed,
)
from games.secret_krampus.models import SKView

ROLE = {
    Role.NICE_ELF: "Nice Elf (team Nice)",
    Role.NAUGHTY_ELF: "Naughty Elf (team Naughty)",
    Role.KRAMPUS: "Krampus (team Naughty)",
}
#: Santa's Orders by name, and what the List Maker's choice does (the table's headline).
ORDER = {
    Order.PEEK: "Peek",
    Order.SUCCESSOR_SELECTOR: "Successor Selector",
    Order.CHECKING_IT_TWICE: "Checking it Twice",
    Order.STABLE_LEADERSHIP: "Stable Leadership",
}
ORDER_DOES = {
    Order.PEEK: "sees their team in secret",
    Order.SUCCESSOR_SELECTOR: "they are the next List Maker candidate",
    Order.STABLE_LEADERSHIP: "sends them to the stables",
}
GIFT = {Card.NICE: "Nice", Card.NAUGHTY: "Naughty"}
#: Events the headline or the picture already tells (the log still lists them).
SAID_ELSEWHERE = (
    NewCandidate,
    Nominated,
    Voted,
    Elected,
    FailedVoteTrack,
    LmDiscarded,
    HeadsTogetherStarted,
    GameOver,
)
MAX_EVENT_LINES = 6
KRAMPUS_CHECK = "Krampus check: if Krampus is elected Sleigh Loader, team Naughty wins."


def names_of(ctx: TableContext, seats: Sequence[int]) -> str:
    return ", ".join(ctx.name(seat) for seat in seats)


def over(view: SKView) -> bool:
    return view.phase == Phase.GAME_OVER or view.abandoned


def headline(view: SKView, ctx: TableContext) -> str:
    """What is happening and who must act, in one line."""
    lm, sl = ctx.name(view.lm), ctx.name(view.sl)
    phase = view.phase
    if view.abandoned:
        return "The game was abandoned. Everyone's role is shown below."
    if phase == Phase.GAME_OVER:
        team = "Team Nice" if view.winner == Team.NICE else "Team Naughty"
        return f"**{team} wins!** {view.win_reason or ''}".strip()
    if phase == Phase.NOMINATION:
        special = " (chosen by Successor Selector)" if view.special_election else ""
        return (
            f"**{ctx.name(view.lm_candidate)}** is the List Maker candidate{special}: "
            "pick a Sleigh Loader below."
        )
    if phase == Phase.VOTING:
        return (
            f"**Vote!** List Maker **{ctx.name(view.lm_candidate)}** with Sleigh Loader "
            f"**{ctx.name(view.sl_candidate)}**? Votes stay secret until all are in; "
            "you can change yours until then."
        )
    if phase == Phase.LM_DISCARD:
        return f"List Maker **{lm}** discards 1 of 3 gifts in secret and passes 2 to **{sl}**."
    if phase == Phase.SL_CHOOSE:
        return f"Sleigh Loader **{sl}** delivers 1 of the 2 gifts from **{lm}**, in secret."
    if phase == Phase.HEADS_TOGETHER_VOTE:
        return (
            f"**Heads Together:** {lm} and {sl} vote in secret. One Yes delivers the gift, "
            "two Noes discard it."
        )
    order = view.pending_order
    name = ORDER.get(order, "Santa's Order") if order is not None else "Santa's Order"
    does = f" ({ORDER_DOES[order]})" if order in ORDER_DOES else ""
    return f"**Santa's Order - {name}:** List Maker **{lm}** picks a player below{does}."


def term_limited_line(view: SKView, ctx: TableContext) -> str | None:
    """During a nomination: who may not be Sleigh Loader because they just governed."""
    if view.phase != Phase.NOMINATION:
        return None
    seats = [
        p.seat
        for p in view.players
        if p.term_limited and p.in_play and p.seat != view.lm_candidate and p.seat not in view.eligible
    ]
    return f"Term-limited (last government): {names_of(ctx, seats)}" if seats else None


def event_line(event: Event, ctx: TableContext) -> str | None:
    """One thing that just happened, short; None when the headline or the picture says it."""
    if isinstance(event, SAID_ELSEWHERE):
        return None
    if isinstance(event, CardPlaced):
        if event.by_chaos:
            return None  # the chaos line names the gift
        return f"A {GIFT[event.card]} gift was delivered."
    if isinstance(event, Chaos):
        return f"Three failed votes in a row: chaos! The top gift, {GIFT[event.card]}, is delivered."
    if isinstance(event, OrderStarted) and event.order != Order.CHECKING_IT_TWICE:
        return None  # the headline asks for the List Maker's choice
    return event.describe(ctx.names)


def event_lines(view: SKView, events: Sequence[Event], ctx: TableContext) -> list[str]:
    """The events worth a line. None while votes come in: a vote, first or changed, tells the
    others nothing (spec 4.5), so the table then depends on the view alone."""
    if view.phase == Phase.VOTING and not view.abandoned:
        return []
    lines = [line for line in (event_line(e, ctx) for e in events if e.audience.is_public) if line]
    if len(lines) > MAX_EVENT_LINES:
        lines = ["...", *lines[-MAX_EVENT_LINES:]]
    return lines


def last_vote_line(view: SKView, ctx: TableContext, events: Sequence[Event]) -> str | None:
    """The last revealed election, unless it is in "What just happened" or the game is over."""
    if view.last_votes is None or over(view) or any(isinstance(e, VotesRevealed) for e in events):
        return None
    votes = sorted(view.last_votes.items())
    yes = [s for s, v in votes if v]
    no = [s for s, v in votes if not v]
    result = "Passed" if 2 * len(yes) > len(votes) else "Failed"
    return (
        f"{result} {len(yes)}-{len(no)}. Yes: {names_of(ctx, yes) or 'nobody'}. "
        f"No: {names_of(ctx, no) or 'nobody'}."
    )


def known_line(view: SKView, ctx: TableContext) -> str | None:
    """Public facts about living players the boards do not show (the stables do)."""
    if over(view):
        return None
    living = [p for p in view.players if p.in_play]
    cleared = [p.seat for p in living if p.not_krampus]
    peeked = [p.seat for p in living if p.peeked]
    parts = []
    if cleared:
        parts.append(f"Not Krampus: {names_of(ctx, cleared)}.")
    if peeked:
        parts.append(f"Peeked: {names_of(ctx, peeked)}.")
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
        stabled = " (stables)" if not p.in_play else ""
        lines.append(f"{ctx.name(p.seat)}{stabled}: {ROLE[p.revealed_role]}{mark}")
    return "\n".join(lines)


def footer(view: SKView) -> str | None:
    """A rule to keep in mind while choosing a government."""
    if view.krampus_check_active and view.phase in (Phase.NOMINATION, Phase.VOTING) and not over(view):
        return KRAMPUS_CHECK
    return None
