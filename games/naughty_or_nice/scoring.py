"""Scoring: a Fulfill (spec 2.2, 4.6), set collection counts, final scoring and ranking (4.11)."""

from __future__ import annotations

from collections import Counter

from games.core import Event
from games.core.words import N_
from games.naughty_or_nice.cards import add_points, has_ability
from games.naughty_or_nice.data import (
    ALL_SYMBOLS_POINTS,
    KIDDOS,
    LEVELS,
    PRESENT_TYPE_OF,
    RUDOLF_POINTS,
    SYMBOL_MAJORITY_POINTS,
    Giver,
    PresentType,
    Symbol,
)
from games.naughty_or_nice.givers import GIVERS
from games.naughty_or_nice.models import NoNState


def preferred_bonus(state: NoNState, seat: int, cards: list[str]) -> int:
    """+1 per given card of a preferred type (level 2+); Father Christmas +2 per Stockings at 4+."""
    giver = state.players[seat].giver
    if not LEVELS[state.level].givers or giver is None:
        return 0
    preferred = GIVERS[giver].preferred
    per_card = 2 if has_ability(state, seat, Giver.FATHER_CHRISTMAS) else 1
    bonus = 0
    for card in cards:
        ptype = PRESENT_TYPE_OF[card]
        if ptype in preferred:
            bonus += per_card if ptype == PresentType.STOCKINGS else 1
    return bonus


def symbol_counts(state: NoNState, seat: int) -> Counter[Symbol]:
    """Kiddos per symbol, Mrs. Claus kiddos included."""
    return Counter(KIDDOS[won.card].symbol for won in state.players[seat].kiddos)


def fulfilled_count(state: NoNState, seat: int) -> int:
    return sum(won.fulfilled for won in state.players[seat].kiddos)


def final_scoring(state: NoNState, out: list[Event]) -> None:
    """Rudolf (level 4+) and symbol majorities / all five symbols (level 5)."""
    level = LEVELS[state.level]
    for seat, player in enumerate(state.players):
        if level.abilities and player.giver == Giver.SANTA:
            count = min(len(player.rudolf), len(RUDOLF_POINTS) - 1)
            add_points(state, seat, RUDOLF_POINTS[count], "rudolf", N_("Rudolf"), out)
    if not level.sets:
        return
    counts = [symbol_counts(state, seat) for seat in range(state.num_players)]
    for symbol in Symbol:
        best = max(tally[symbol] for tally in counts)
        if best == 0:
            continue
        for seat, tally in enumerate(counts):
            if tally[symbol] == best:
                add_points(state, seat, SYMBOL_MAJORITY_POINTS, "symbols", f"most {symbol.title()}", out)
    for seat, tally in enumerate(counts):
        if all(tally[symbol] for symbol in Symbol):
            add_points(state, seat, ALL_SYMBOLS_POINTS, "all_symbols", N_("all 5 symbols"), out)


def ranking_winners(state: NoNState) -> list[int]:
    """Highest score; then most fulfilled wishes; then a shared win (spec 4.11.5)."""
    keys = {seat: (player.score, fulfilled_count(state, seat)) for seat, player in enumerate(state.players)}
    best = max(keys.values())
    return [seat for seat, key in keys.items() if key == best]
