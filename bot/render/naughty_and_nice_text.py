"""Words for Naughty & Nice on Discord: cards, the table's headline and news (the cards in play
are in the table's picture), the final breakdown and the end message. Views in, text out
(no rules here beyond reading what the view says)."""

from __future__ import annotations

from collections.abc import Sequence

from bot.render.base import TableContext
from games.core import Event
from games.naughty_and_nice.data import CardType, Declaration, Phase, Side
from games.naughty_and_nice.view_models import CardInfo, FinalScore, NNView

NICE_E, NAUGHTY_E, SHINY_E = "\N{SMILING FACE WITH HALO}", "\N{SMILING FACE WITH HORNS}", "\N{SPARKLES}"
TYPE_EMOJI = {CardType.NICE: NICE_E, CardType.NAUGHTY: NAUGHTY_E, CardType.SHINY: SHINY_E}
TYPE_NAME = {CardType.NICE: "Nice", CardType.NAUGHTY: "Naughty", CardType.SHINY: "Shiny!"}
TROPHY, DONE = "\N{TROPHY}", "\N{WHITE HEAVY CHECK MARK}"
SIDE_TEXT = {Side.NICE: "Nice", Side.NAUGHTY: "Naughty", Side.UNUSED: "unused"}
PRIVATE_BUTTON = "My hand"  # the table's button that opens a seat's private message
TURN_PHASES = (Phase.DECLARE, Phase.DRAW, Phase.PLAY, Phase.STEAL, Phase.END_OF_TURN)


def _decl_name(declaration: Declaration | None) -> str:
    return {Declaration.NAUGHTY: "Naughty", Declaration.NICE: "Nice"}.get(declaration, "")  # type: ignore[arg-type]


def card_text(c: CardInfo) -> str:
    """`😈 Bad Movies (Naughty +2)`."""
    return f"{TYPE_EMOJI[c.type]} {c.name} ({TYPE_NAME[c.type]} {c.value:+d})"


def short_card(c: CardInfo) -> str:
    """`😈 Bad Movies +2`."""
    return f"{TYPE_EMOJI[c.type]} {c.name} {c.value:+d}"


def plural(n: int, word: str, many: str | None = None) -> str:
    """`1 point`, `2 points`."""
    return f"{n} {word if n == 1 else (many or word + 's')}"


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
        verb = "scores" if r.cards_in_hand == 1 else "score"
        text += f"\n{plural(r.cards_in_hand, 'card')} left in hand {verb} nothing"
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


# -- the table's text (the picture shows the cards in play, totals, sizes and piles) -----------
#: Events the table's text already says otherwise (the headline, the picture, the end line).
TOLD_ELSEWHERE = frozenset(
    {
        "turn_started",
        "declared",
        "drew_card",
        "steal_started",
        "game_ending",
        "oriented",
        "orientations_revealed",
        "die_rolled",
        "game_over",
    }
)
MAX_EVENT_LINES = 4


def table_lines(view: NNView, ctx: TableContext) -> list[str]:
    """What is happening and who must act: a line or two (never what the picture shows)."""
    who = f"**{ctx.name(view.active_seat)}**"
    phase = view.phase
    if phase == Phase.GAME_OVER:
        return [winners_text(view, ctx), die_text(view)]
    if phase == Phase.ORIENT:
        why = "the declared last turn is over" if view.end_reason == "declared" else "nothing is left to draw"
        waiting = ", ".join(ctx.name(p.seat) for p in view.players if p.must_orient and not p.oriented)
        return [
            f"**The game is over** ({why}). Each Shiny! card is turned face up or down in secret; "
            "then a die decides: odd, the face-down ones count; even, the face-up ones.",
            f"{SHINY_E} Still choosing: {waiting or 'nobody'}.",
        ]
    lines: list[str] = []
    if phase == Phase.DECLARE:
        lines.append(
            f"{who}'s turn: declare **Naughty** or **Nice** (the draws are shown, cards of the other "
            "type discarded), or draw in secret."
        )
    elif phase == Phase.DRAW:
        drawn = f"{view.draws_this_turn} of {view.max_draws} drawn"
        declared = _decl_name(view.declaration)
        if declared:
            other = "Naughty" if view.declaration == Declaration.NICE else "Nice"
            lines.append(
                f"{who} declared {declared} ({other} cards are discarded): {drawn}. Draw again or stop?"
            )
            shown = [short_card(d.card) + ("" if d.kept else " (discarded)") for d in view.shown_draws]
            lines.append("Drawn: " + ", ".join(shown))
        else:
            lines.append(
                f"{who} is drawing in secret (each card shows in their private message, or under "
                f"**{PRIVATE_BUTTON}**): {drawn}. Draw again or stop?"
            )
    elif phase == Phase.PLAY:
        hand = view.players[view.active_seat].hand_size
        more = plural(hand - view.hand_limit, "more card")
        lines.append(f"{who} is playing cards from their hand, in private: {more} to play.")
    elif phase == Phase.STEAL and view.steal is not None:
        steal = view.steal
        more = "more " if steal.taken else ""
        lines.append(
            f"{who} played {short_card(steal.shiny)} on **{ctx.name(steal.target)}** and may take "
            f"their cards worth up to **{plural(steal.budget_left, more + 'point')}** (a card costs its "
            "value, a negative one too)."
        )
        if steal.taken:
            lines.append("Taken so far: " + ", ".join(short_card(c) for c in steal.taken))
    else:
        lines.append(
            f"{who} may **declare the end** (someone has {view.end_trigger}+ cards in play): "
            "the game would end after their next turn."
        )
    status = end_status(view, ctx)
    return [*lines, status] if status else lines


def table_events(view: NNView, events: Sequence[Event], names: Sequence[str]) -> list[str]:
    """What just happened, in at most `MAX_EVENT_LINES` lines: the events the rest of the table
    does not already say (the headline says whose turn it is, the declared draws while the
    drawing lasts, the steal under way, why the game ended; a steal's summary names its takes)."""
    told = set(TOLD_ELSEWHERE)
    if view.phase == Phase.DRAW:
        told.add("card_shown")  # the headline lists this turn's declared draws
    if view.phase == Phase.STEAL:
        told |= {"card_played", "card_taken"}  # the headline: the Shiny! played, what is taken
    if view.phase in (Phase.ORIENT, Phase.GAME_OVER):
        told.add("nothing_to_draw")  # the headline: why the game ended
    if any(e.kind == "steal_ended" for e in events):
        told.add("card_taken")  # the steal's summary names every card taken
    shown = []
    for e in events:
        if e.kind in told:
            continue
        shown.append(f"- {e.describe(names)}")
    return shown[-MAX_EVENT_LINES:]


def end_status(view: NNView, ctx: TableContext) -> str:
    if view.last_turn:
        return "\N{ALARM CLOCK} **This is the last turn of the game.**"
    if view.end_declared_by is not None:
        return (
            f"\N{ALARM CLOCK} {ctx.name(view.end_declared_by)} declared the end: the game ends "
            "after their next turn."
        )
    return ""


def orientations(view: NNView) -> str:
    seat = view.seat
    lines = []
    for c in view.players[seat].cards_in_play:  # type: ignore[index]
        if c.type != CardType.SHINY:
            continue
        chosen = view.my_orientations.get(c.id)
        face = "not chosen yet" if chosen is None else ("**face up**" if chosen else "**face down**")
        lines.append(f"{SHINY_E} {c.name} {c.value:+d}: {face}")
    return "\n".join(lines)


def target_label(view: NNView, ctx: TableContext, c: CardInfo, target: int | None) -> str:
    if target is None or not 0 <= target < len(view.players):
        return "?"
    who = "yourself" if target == view.seat else ctx.name(target)
    p = view.players[target]
    if c.type == CardType.NICE:
        return f"On {who}: Nice {p.nice_total} -> {p.nice_total + c.value}"
    if c.type == CardType.NAUGHTY:
        return f"On {who}: Naughty {p.naughty_total} -> {p.naughty_total + c.value}"
    if target == view.seat:
        return "On yourself (no steal)"
    return f"On {who}: steal up to {c.value}"
