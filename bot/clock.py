"""The turn clock: a lobby option for every game (off / relaxed / normal / fast).

Each decision gets the option's time (below, per decision; simultaneous choosers share it). When
a quarter of it is left, the channel gets a warning mentioning whoever must still decide. When it
runs out, each of them gets the game's `default_action` (a choice that reveals nothing hidden),
applied from their seat like a click and logged as forced (user id 0 in the action log); the
channel is told whose choice the clock made, never what it was (the game's latest such post only:
`storage.calls.CLOCK_NOTICE`). A seat that runs out of time
`TIMEOUTS_BEFORE_AI` times in a row is handed to an AI so the game never stalls; its player gets
it back with `/reclaim`, and keeps reading its private message meanwhile (`SeatRecord.reader`: it
says an AI plays the seat, then shows the end or the seat again; `/leave` lets the seat go). The
deadline is stored with the game, so the clock survives a restart.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from bot.i18n import N_, _, ngettext

CLOCK_OPTION = "clock"
#: Seconds per decision for each setting (None: no clock).
CLOCK_SECONDS: dict[str, float | None] = {"off": None, "relaxed": 600.0, "normal": 180.0, "fast": 60.0}
CLOCK_DESCRIPTION = N_("Time per decision; when it runs out the clock chooses")
#: Each setting's label and description in the lobby (marked: the lobby translates them).
CLOCK_CHOICES: dict[str, tuple[str, str]] = {
    "off": (N_("off"), N_("No time limit")),
    "relaxed": (N_("relaxed"), N_("10 minutes per decision")),
    "normal": (N_("normal"), N_("3 minutes per decision")),
    "fast": (N_("fast"), N_("1 minute per decision")),
}
#: The warning comes when this share of the time is left.
WARN_SHARE = 0.25
TIMEOUTS_BEFORE_AI = 2
#: The log's user id for an action the clock made.
FORCED_BY_CLOCK = 0


def clock_seconds(options: dict[str, Any]) -> float | None:
    return CLOCK_SECONDS.get(str(options.get(CLOCK_OPTION, "off")))


def carried_deadline(
    current: float | None, same_decision: bool, seconds: float | None, now: float
) -> float | None:
    """A time limit after a commit (the turn clock's, or a reaction window's): none without one
    (`seconds` None); kept while the same decision stays open (one of several deciders answered);
    started afresh, `seconds` from `now`, for a new decision."""
    if seconds is None:
        return None
    if current is not None and same_decision:
        return current
    return now + seconds


@dataclass
class ClockExpiry:
    """What one turn-clock expiry did: for which decision (`decision`: its public name, marked;
    None: unnamed), who the clock chose for, who was handed to an AI."""

    decision: str | None = None
    forced: list[str] = field(default_factory=list)
    handed: list[str] = field(default_factory=list)

    def text(self) -> str:
        """The channel post of the expiry: for which decision and whom the clock chose (never
        what), who an AI plays for now."""
        names = ", ".join(self.forced)
        if self.decision:
            text = _(
                "\N{ALARM CLOCK} Time ran out for {decision}: the clock chose for {names}.",
                decision=_(self.decision),
                names=names,
            )
        else:
            text = _("\N{ALARM CLOCK} Time ran out: the clock chose for {names}.", names=names)
        if self.handed:
            text += " " + ngettext(
                "{names} ran out of time {n} time in a row: an AI plays for them now; "
                "`/reclaim` takes the seat back.",
                "{names} ran out of time {n} times in a row: an AI plays for them now; "
                "`/reclaim` takes the seat back.",
                TIMEOUTS_BEFORE_AI,
                names=", ".join(self.handed),
            )
        return text
