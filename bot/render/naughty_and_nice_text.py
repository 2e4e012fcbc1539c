"""Words for Naughty & Nice on Discord: cards, the players on the table, the final breakdown and
the end message. Views in, text out (no rules here beyond reading what the view says)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from bot.render.base import TableContext
from games.naughty_and_nice.data import CardType, Side
from games.naughty_and_nice.view_models import CardInfo, FinalScore, NNView, PlayerPublic

NICE_E, NAUGHTY_E, SHINY_E = "\N{SMILING FACE WITH HALO}", "\N{SMILING FACE WITH HORNS}", "\N{SPARKLES}"
TYPE_EMOJI = {CardType.NICE: NICE_E, CardType.NAUGHTY: NAUGHTY_E, CardType.SHINY: SHINY_E}
TYPE_NAME = {CardType.NICE: "Nice", CardType.NAUGHTY: "Naughty", CardType.SHINY: "Shiny!"}
TROPHY, ACTIVE = "\N{TROPHY}", "\N{BLACK RIGHT-POINTING TRIANGLE}\N{VARIATION SELECTOR-16}"
DONE, WAITING = "\N{WHITE HEAVY CHECK MARK}", "\N{HOURGLASS WITH FLOWING SAND}"
SIDE_TEXT = {Side.NICE: "Nice", Side.NAUGHTY: "Naughty", Side.UNUSED: "unused"}


def card_text(c: CardInfo) -> str:
    """`😈 Bad Movies (Naughty +2)`."""
    return f"{TYPE_EMOJI[c.type]} {c.name} ({TYPE_NAME[c.type]} {c.value:+d})"


def short_card(c: CardInfo) -> str:
    """`😈 Bad Movies +2`."""
    return f"{TYPE_EMOJI[c.type]} {c.name} {c.value:+d}"


def _by_type(cards: Sequence[CardInfo], each: Callable[[CardInfo], str], sep: str) -> list[str]:
    parts = []
    for card_type in CardType:
        mine = [each(c) for c in cards if c.type == card_type]
        if mine:
            parts.append(f"{TYPE_EMOJI[card_type]} " + sep.join(mine))
    return parts


def cards_full(cards: Sequence[CardInfo]) -> str:
    """Cards in play, grouped by type, with their names."""
    return "\n".join(_by_type(cards, lambda c: f"{c.name} {c.value:+d}", ", ")) or "no cards in play"


def cards_compact(cards: Sequence[CardInfo]) -> str:
    """Cards in play, grouped by type, values only (when names do not fit)."""
    return " \N{MIDDLE DOT} ".join(_by_type(cards, lambda c: f"{c.value:+d}", " ")) or "no cards in play"


def totals(p: PlayerPublic) -> str:
    shiny = f" \N{MIDDLE DOT} {SHINY_E} {p.shiny_count} Shiny! ({p.shiny_total:+d})" if p.shiny_count else ""
    return f"{NICE_E} Nice **{p.nice_total}** \N{MIDDLE DOT} {NAUGHTY_E} Naughty **{p.naughty_total}**{shiny}"


def player_heading(view: NNView, ctx: TableContext, p: PlayerPublic) -> str:
    mark = ""
    if p.is_active:
        mark = f"{ACTIVE} "
    elif p.seat in view.winners:
        mark = f"{TROPHY} "
    elif p.must_orient:
        mark = f"{DONE if p.oriented else WAITING} "
    return f"{mark}{ctx.name(p.seat)} - {p.hand_size} in hand, {p.cards_in_play_count} in play"


def player_fields(
    view: NNView, ctx: TableContext, budget: int, tops: Sequence[str] | None = None
) -> list[tuple[str, str]]:
    """(name, value) of one field per player: `tops` (default: the running totals) and the cards
    in play, with card names when they fit in `budget` characters in all, else values only (the
    longest lists first)."""
    heads = [player_heading(view, ctx, p) for p in view.players]
    if tops is None:
        tops = [totals(p) + _orient_note(p) for p in view.players]
    full = [cards_full(p.cards_in_play) for p in view.players]
    compact = [cards_compact(p.cards_in_play) for p in view.players]
    chosen = [f if len(t) + len(f) < 1000 else c for t, f, c in zip(tops, full, compact, strict=True)]

    def size() -> int:
        return sum(len(h) + len(t) + len(c) + 1 for h, t, c in zip(heads, tops, chosen, strict=True))

    for i in sorted(range(len(chosen)), key=lambda i: -len(full[i])):
        if size() <= budget:
            break
        chosen[i] = compact[i]
    return [(h, f"{t}\n{c}"[:1024]) for h, t, c in zip(heads, tops, chosen, strict=True)]


def _orient_note(p: PlayerPublic) -> str:
    if not p.must_orient:
        return ""
    return f"\n{DONE} Shiny! cards oriented" if p.oriented else f"\n{WAITING} choosing face up / face down"


# -- the end ------------------------------------------------------------------------------------
def _side_sum(base: int, shiny: int, label: str) -> str:
    if shiny:
        return f"{label} {base} + {SHINY_E}{shiny} = **{base + shiny}**"
    return f"{label} **{base}**"


def shiny_text(r: FinalScore, names: bool = True) -> str:
    parts = []
    for s in r.shinies:
        what = s.card.name + " " if names else ""
        face = "up" if s.face_up else "down"
        where = f"-> {SIDE_TEXT[s.side]}" if s.counts else "does not count"
        parts.append(f"{what}{s.card.value:+d} {face} {where}")
    return "; ".join(parts)


def final_text(r: FinalScore, names: bool = True) -> str:
    """One player's end: sums with the Shiny! allocation, the score and the difference."""
    text = (
        f"{_side_sum(r.nice, r.shiny_to_nice, 'Nice')}, {_side_sum(r.naughty, r.shiny_to_naughty, 'Naughty')}"
        f" -> score **{r.score}** (difference {r.difference})"
    )
    if r.shinies:
        text += f"\n{SHINY_E} {shiny_text(r, names)}"
    if r.cards_in_hand:
        text += f"\n{r.cards_in_hand} card(s) left in hand score nothing"
    return text


def winners_text(view: NNView, ctx: TableContext) -> str:
    """The winner(s), with the tiebreak explained when it was needed."""
    if not view.results or not view.winners:
        return "The game is over."
    by_seat = {r.seat: r for r in view.results}
    best = by_seat[view.winners[0]]
    names = " and ".join(f"**{ctx.name(s)}**" for s in view.winners)
    tied = [r for r in view.results if r.score == best.score]
    if len(view.winners) > 1:
        return (
            f"{names} share the win: score {best.score} and difference {best.difference} each "
            "(same score, same difference)."
        )
    text = f"{names} wins with a score of **{best.score}** (difference {best.difference})."
    if len(tied) > 1:
        others = ", ".join(f"{ctx.name(r.seat)} {r.difference}" for r in tied if r.seat != best.seat)
        text += (
            f" Tied on score {best.score}; the smaller difference between Naughty and Nice wins "
            f"({ctx.name(best.seat)} {best.difference}, {others})."
        )
    return text


def die_text(view: NNView) -> str:
    if view.die_roll is None:
        return "No Shiny! cards were in play: no die was needed."
    side = "face-up" if view.face_up_counts else "face-down"
    return f"\N{GAME DIE} The die shows **{view.die_roll}**: {side} Shiny! cards count."


def ending_text(view: NNView, ctx: TableContext, limit: int = 1800) -> str:
    head = f"{winners_text(view, ctx)}\n{die_text(view)}\n"
    for names in (True, False):
        lines = [
            f"{TROPHY if r.winner else '-'} {ctx.name(r.seat)}: {final_text(r, names).replace(chr(10), '; ')}"
            for r in view.results
        ]
        text = head + "\n".join(lines)
        if len(text) <= limit:
            return text
    return text[: limit - 3] + "..."
