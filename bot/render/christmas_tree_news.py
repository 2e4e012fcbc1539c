"""Christmas Tree: what just happened, in a few short lines for a phone.

The events of one action can be many (a reveal places every tree's card, ends a round, scores its
objectives and deals the next). The picture already shows where each card went, so a reveal is one
line; objective scores are one line per objective; echoes of a player's own click are left out.
"""

from __future__ import annotations

from collections.abc import Sequence

from games.christmas_tree.data import DIRECTION_NAME
from games.christmas_tree.events import name_of, objective_label, placed_words, plural
from games.core import Event

#: Private events that only echo the seat's own click (shown in the redrawn message instead).
QUIET_EVENTS = frozenset({"objective_recorded", "turn_recorded", "cookie_planned", "hand_received"})
#: Shown elsewhere: the final scores are in the Scores field, the winners in the headline.
SHOWN_ELSEWHERE = frozenset({"final_scored", "game_over"})


def _capital(text: str) -> str:
    """`the neutral tree` starts a sentence as `The neutral tree`; players' names stay as they are."""
    return "The" + text[3:] if text.startswith("the ") else text


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


def _cookies(uses: Sequence[dict]) -> str:
    """`swap two cards and turn 2 cards over` (the picture rings where)."""
    swaps = sum(use["op"] == "swap" for use in uses)
    turns = len(uses) - swaps
    parts = []
    if swaps:
        parts.append("swap two cards" if swaps == 1 else f"swap {swaps} pairs of cards")
    if turns:
        parts.append("turn a card over" if turns == 1 else f"turn {turns} cards over")
    return " and ".join(parts)


def _points(seats_points: Sequence[int], names: Sequence[str]) -> str:
    return ", ".join(f"{name_of(names, s)} {p}" for s, p in enumerate(seats_points[: len(names)]))


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
                if me is None:
                    lines.append("Every new card is revealed (ringed in gold on the trees).")
                else:
                    mine = [dict(e) for e in placed if dict(e)["seat"] == me]
                    lines.append("Every new card is revealed.")
                    if mine:
                        own = mine[0]
                        lines[-1] += f" Yours: {placed_words(own['card'], own['cell'], own['rotation'])}."
            continue
        if kind == "ready" and placed:
            continue  # the last player got ready and everything was revealed: the reveal says it
        if kind == "ready":
            who = _capital(name_of(names, data["seat"]))
            lines.append(f"{who} is ready." if data["ready"] else f"{who} changes their mind: not ready.")
        elif kind == "cookie_used":
            uses = [dict(e) for e in events if e.kind == "cookie_used" and dict(e)["seat"] == data["seat"]]
            if uses[0] == data:
                who = _capital(name_of(names, data["seat"]))
                eats = "a cookie" if len(uses) == 1 else f"{len(uses)} cookies"
                lines.append(f"{who} eats {eats} to {_cookies(uses)}.")
        elif kind == "hands_passed":
            lines.append(f"The hands pass to the {DIRECTION_NAME[data['direction']]}.")
        elif kind == "last_cards_discarded":
            lines.append(f"Round {data['round']} is over: the last card of each hand leaves unseen.")
        elif kind == "objective_scored":
            lines.append(f"{objective_label(data['code'])}: {_points(data['points'], names)}.")
        elif kind == "round_scored":
            gains = ", ".join(f"{name_of(names, s)} +{p}" for s, p in enumerate(data["points"]))
            lines.append(f"Points in round {data['round']}: {gains}.")
        elif kind == "round_started":
            lines.append(
                f"Round {data['round']}: 8 new cards each; hands pass {DIRECTION_NAME[data['direction']]}."
            )
        elif kind == "table_objectives":
            lines.append(f"{plural(len(data['codes']), 'new objective')} for everyone this round.")
        elif kind == "objectives_revealed":
            lines.append("This round's objectives are revealed.")
        else:
            lines.append(event.describe(names))
    return lines


__all__ = ["QUIET_EVENTS", "fresh_cells", "news_lines"]
