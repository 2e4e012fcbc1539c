"""Christmas Tree: what just happened, in a few short lines for a phone.

The events of one action can be many (a reveal places every tree's card, ends a round, scores its
objectives and deals the next). The picture already shows where each card went, so a reveal is one
line; objective scores are one line per objective; echoes of a player's own click are left out.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.i18n import N_, _, ngettext, translated
from bot.render.base import left_out
from bot.render.christmas_tree_text import cell_text, objective_name, rotation_text, short_card
from games.christmas_tree.data import CARDS, Kind, Phase
from games.christmas_tree.models import CTView
from games.christmas_tree.objectives import OBJECTIVES, ObjectiveType
from games.christmas_tree.words import seat_words
from games.core import Event

#: Private events that only echo the seat's own click (shown in the redrawn message instead).
QUIET_EVENTS = frozenset({"objective_recorded", "turn_recorded", "cookie_planned", "hand_received"})
#: Shown elsewhere: the final scores are in the Scores field, the winners in the headline.
SHOWN_ELSEWHERE = frozenset({"final_scored", "game_over"})
#: Per passing direction (+1 left, -1 right).
HANDS_PASS = {1: N_("The hands pass to the left."), -1: N_("The hands pass to the right.")}
ROUND_STARTS = {
    1: N_("Round {round}: 8 new cards each; hands pass left."),
    -1: N_("Round {round}: 8 new cards each; hands pass right."),
}


def fresh_cells(events: Sequence[Event]) -> dict[int, list[int]]:
    """Per seat, the cells its revealed card and cookies just changed (ringed on the table)."""
    fresh: dict[int, list[int]] = {}
    for event in events:
        data = dict(event)
        if event.kind == "card_placed":
            fresh.setdefault(data["seat"], []).append(data["cell"])
        elif event.kind == "cookie_used":
            cells = [data["a"], data["b"]]
            fresh.setdefault(data["seat"], []).extend(c for c in cells if c is not None)
    return {seat: sorted(set(cells)) for seat, cells in fresh.items()}


def _who(names: Sequence[str], seat: int) -> str:
    """A seat starting a sentence: a player's name, or `The neutral tree`."""
    return translated(seat_words(names, seat, subject=True))


def _cookies(who: str, uses: Sequence[dict]) -> str:
    """`Dancer eats 2 cookies to swap two cards and turn a card over.` (the picture rings where)."""
    swaps = sum(use["op"] == "swap" for use in uses)
    turns = len(uses) - swaps
    if not turns:
        return ngettext(
            "{who} eats a cookie to swap two cards.",
            "{who} eats {n} cookies to swap {n} pairs of cards.",
            swaps,
            who=who,
        )
    if not swaps:
        return ngettext(
            "{who} eats a cookie to turn a card over.",
            "{who} eats {n} cookies to turn {n} cards over.",
            turns,
            who=who,
        )
    eats = ngettext("{n} cookie", "{n} cookies", len(uses))
    swapped = ngettext("swap two cards", "swap {n} pairs of cards", swaps)
    turned = ngettext("turn a card over", "turn {n} cards over", turns)
    # i18n: {eats} is "2 cookies", {swapped} "swap two cards", {turned} "turn a card over"
    return _(
        "{who} eats {eats} to {swapped} and {turned}.", who=who, eats=eats, swapped=swapped, turned=turned
    )


def _points(seats_points: Sequence[int], names: Sequence[str]) -> str:
    return ", ".join(f"{names[s]} {p}" for s, p in enumerate(seats_points[: len(names)]))


def objective_line(code: str, points: Sequence[int], counts: Sequence[int], names: Sequence[str]) -> str:
    """`Red Collection: Ann 6, Ben 1.`, and where the neutral tree (a third seat beside two
    players, never named) took a majority's first or second place: the players' points read as
    wrong without it (spec 8.3: "P1 3, P2 2, N 4 -> P1 +3, P2 +0")."""
    line = f"{objective_name(code)}: {_points(points, names)}."
    if len(counts) <= len(names) or OBJECTIVES[code].type != ObjectiveType.MAJORITY:
        return line
    neutral, top = counts[len(names)], max(counts)
    if neutral >= 1 and neutral == top:
        return f"{line} " + _("The neutral tree had the most.")
    below = [c for c in counts if c < top]
    if neutral >= 1 and counts.count(top) == 1 and neutral == max(below, default=0):
        if counts.count(neutral) > 1:  # (a player tied it: their +3 is in their points)
            return f"{line} " + _("The neutral tree shared second place.")
        return f"{line} " + _("The neutral tree came second.")
    return line


def _revealed(placed: Sequence[Event], me: int | None) -> str:
    """The reveal in one line; a player also reads where their own card went."""
    if me is None:
        return _("Every new card is revealed (framed in gold on the trees).")
    mine = [dict(e) for e in placed if dict(e)["seat"] == me]
    if not mine:
        return _("Every new card is revealed.")
    own = mine[0]
    card, cell = short_card(own["card"]), cell_text(own["cell"])
    if CARDS[own["card"]].kind == Kind.CANDY:
        return _("Every new card is revealed. Yours: {card} on {cell}.", card=card, cell=cell)
    return _(
        "Every new card is revealed. Yours: {card} on {cell}, {facing}.",
        card=card,
        cell=cell,
        facing=rotation_text(own["rotation"]),
    )


def own_round_points(view: CTView, seat: int) -> tuple[str, str]:
    """(heading, line) of what `seat` scored in the round before this one (at the end: in the last
    round), objective by objective (for its private message)."""
    last = view.round - 1
    if view.phase == Phase.GAME_OVER:
        last = max((r.round for r in view.results), default=0)
    results = [r for r in view.results if r.round == last]
    mine = sum(r.points[seat] for r in results)
    scored = [f"{objective_name(r.code)} +{r.points[seat]}" for r in results]  # (+0 too: which missed)
    heading = ngettext(
        "Round {round}: you scored {n} point", "Round {round}: you scored {n} points", mine, round=last
    )
    return heading, " \N{MIDDLE DOT} ".join(scored) or _("No objective scored.")


def last_round_lines(view: CTView, names: Sequence[str]) -> list[str]:
    """The objectives of the round before this one and what each player scored (the table keeps
    them through the next round: the news of a round's end was gone at the next edit, or never
    shown when edits were coalesced)."""
    last = view.round - 1
    results = [r for r in view.results if r.round == last]
    lines = [objective_line(r.code, r.points, r.counts, names) for r in results]
    gains = ", ".join(f"{names[p.seat]} +{p.objectives_by_round[last - 1]}" for p in view.breakdown)
    lines.append(_("Points in round {round}: {points}.", round=last, points=gains))
    return lines


#: The news keeps this many lines, the newest (a round's points among them: `news_field`).
NEWS_LINES = 8


def news_field(events: Sequence[Event], names: Sequence[str], me: int | None = None) -> str:
    """`news_lines` in at most `NEWS_LINES` lines: the newest, and a round's points however old
    (an edit covering many turns told them only if they were among the newest); `left_out` first
    when lines are left out."""
    lines = news_lines(events, names, me)
    if len(lines) <= NEWS_LINES:
        return "\n".join(lines)
    points = [e for e in events if e.kind == "round_scored"]
    pinned = {i for i, line in enumerate(lines) for e in points if line == _round_points(dict(e), names)}
    chosen = set(pinned)
    for i in range(len(lines) - 1, -1, -1):
        if len(chosen) >= NEWS_LINES:
            break
        chosen.add(i)
    return "\n".join([left_out(), *(lines[i] for i in sorted(chosen))])


def _round_points(data: dict, names: Sequence[str]) -> str:
    gains = ", ".join(f"{names[s]} +{p}" for s, p in enumerate(data["points"]))
    return _("Points in round {round}: {points}.", round=data["round"], points=gains)


def news_lines(events: Sequence[Event], names: Sequence[str], me: int | None = None) -> list[str]:
    """Short lines for `events` (as seen by seat `me`, or the public with None)."""
    lines: list[str] = []
    placed = [e for e in events if e.kind == "card_placed"]
    for event in events:
        kind = event.kind
        data = dict(event)
        if kind in QUIET_EVENTS or kind in SHOWN_ELSEWHERE:
            continue
        if kind == "card_placed":
            if event is placed[0]:
                lines.append(_revealed(placed, me))
            continue
        if kind == "ready" and placed:
            continue  # the last player got ready and everything was revealed: the reveal says it
        if kind == "ready":
            who = _who(names, data["seat"])
            if data["ready"]:
                lines.append(_("{who} is ready.", who=who))
            else:
                lines.append(_("{who} changes their mind: not ready.", who=who))
        elif kind == "cookie_used":
            uses = [dict(e) for e in events if e.kind == "cookie_used" and dict(e)["seat"] == data["seat"]]
            if uses[0] == data:
                lines.append(_cookies(_who(names, data["seat"]), uses))
        elif kind == "hands_passed":
            if event is [e for e in events if e.kind == "hands_passed"][-1]:  # (said once, however
                lines.append(_(HANDS_PASS[data["direction"]]))  # many turns the edit covers)
        elif kind == "last_cards_discarded":
            lines.append(
                _("Round {round} is over: the last card of each hand leaves unseen.", round=data["round"])
            )
        elif kind == "objective_scored":
            lines.append(objective_line(data["code"], data["points"], data["counts"], names))
        elif kind == "round_scored":
            lines.append(_round_points(data, names))
        elif kind == "round_started":
            starts = ROUND_STARTS[data["direction"]]
            lines.append(_(starts, round=data["round"]))
        elif kind == "table_objectives":
            n = len(data["codes"])
            lines.append(
                ngettext(
                    "{n} new objective for everyone this round.",
                    "{n} new objectives for everyone this round.",
                    n,
                )
            )
        elif kind == "objectives_revealed":
            lines.append(_("This round's objectives are revealed."))
        else:  # objective_chosen, objectives_hidden: the rules' own line
            lines.append(translated(event.describe(names)))
    return lines


__all__ = ["QUIET_EVENTS", "SHOWN_ELSEWHERE", "fresh_cells", "last_round_lines", "news_field", "news_lines"]
