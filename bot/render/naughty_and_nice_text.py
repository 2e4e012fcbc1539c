"""Words for Naughty & Nice on Discord: cards, the players on the table, the headlines of the
table and of the private message, the final breakdown and the end message. Views in, text out
(no rules here beyond reading what the view says)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from bot.render.base import TableContext
from games.naughty_and_nice.data import CardType, Declaration, Phase, Side
from games.naughty_and_nice.view_models import CardInfo, FinalScore, NNView, PlayerPublic

NICE_E, NAUGHTY_E, SHINY_E = "\N{SMILING FACE WITH HALO}", "\N{SMILING FACE WITH HORNS}", "\N{SPARKLES}"
TYPE_EMOJI = {CardType.NICE: NICE_E, CardType.NAUGHTY: NAUGHTY_E, CardType.SHINY: SHINY_E}
TYPE_NAME = {CardType.NICE: "Nice", CardType.NAUGHTY: "Naughty", CardType.SHINY: "Shiny!"}
TROPHY, ACTIVE = "\N{TROPHY}", "\N{BLACK RIGHT-POINTING TRIANGLE}\N{VARIATION SELECTOR-16}"
DONE, WAITING = "\N{WHITE HEAVY CHECK MARK}", "\N{HOURGLASS WITH FLOWING SAND}"
SIDE_TEXT = {Side.NICE: "Nice", Side.NAUGHTY: "Naughty", Side.UNUSED: "unused"}
TURN_PHASES = (Phase.DECLARE, Phase.DRAW, Phase.PLAY, Phase.STEAL, Phase.END_OF_TURN)


def _decl_name(declaration: Declaration | None) -> str:
    return {Declaration.NAUGHTY: "Naughty", Declaration.NICE: "Nice"}.get(declaration, "")  # type: ignore[arg-type]


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


# -- headlines and summaries ---------------------------------------------------------------------
def table_headline(view: NNView, ctx: TableContext) -> str:
    who = f"**{ctx.name(view.active_seat)}**"
    phase = view.phase
    if phase == Phase.GAME_OVER:
        return f"{winners_text(view, ctx)}\n{die_text(view)}"
    if phase == Phase.ORIENT:
        why = "the declared last turn is over" if view.end_reason == "declared" else "nothing is left to draw"
        waiting = ", ".join(ctx.name(p.seat) for p in view.players if p.must_orient and not p.oriented)
        return (
            f"**The game is over** ({why}). Everyone with Shiny! cards in play turns each one face up "
            "or face down, in secret, in their private message. Then the die decides: odd, the "
            "face-down cards count; even, the face-up ones.\n"
            f"{SHINY_E} Still choosing: {waiting or 'nobody'}."
        )
    status = end_status(view, ctx)
    if phase == Phase.DECLARE:
        text = (
            f"{who}'s turn: declare **Naughty** or **Nice** (every card drawn is then shown, and "
            "cards of the other type are discarded), or draw without declaring (draws stay secret)."
        )
    elif phase == Phase.DRAW:
        declared = _decl_name(view.declaration)
        how = f"declared {declared}" if declared else "in secret"
        text = (
            f"{who} is drawing ({how}): {view.draws_this_turn} of {view.max_draws} cards drawn. "
            "Draw another or stop."
        )
    elif phase == Phase.PLAY:
        hand = view.players[view.active_seat].hand_size
        text = (
            f"{who} is playing cards from their hand onto players, in private: {hand} in hand, "
            f"playing until {view.hand_limit} are left."
        )
    elif phase == Phase.STEAL and view.steal is not None:
        steal = view.steal
        text = (
            f"{who} played {short_card(steal.shiny)} on **{ctx.name(steal.target)}** and chooses cards "
            f"to take from their cards in play: **{steal.budget_left}** of {steal.budget} points left "
            "(a card costs its value, negative ones too)."
        )
    else:
        text = (
            f"{who} ends their turn and may **declare the end**: someone has {view.end_trigger}+ cards "
            f"in play. The game would end after {ctx.name(view.active_seat)}'s next turn."
        )
    return f"{text}\n{status}" if status else text


def end_status(view: NNView, ctx: TableContext) -> str:
    if view.last_turn:
        return "\N{ALARM CLOCK} **This is the last turn of the game.**"
    if view.end_declared_by is not None:
        return (
            f"\N{ALARM CLOCK} {ctx.name(view.end_declared_by)} declared the end on turn "
            f"{view.end_declared_turn_no}: the game ends after their next turn."
        )
    return ""


def turn_field(view: NNView, ctx: TableContext) -> tuple[str, str] | None:
    if view.phase not in TURN_PHASES or view.declaration is None:
        return None
    name = ctx.name(view.active_seat)
    drawn = f"{view.draws_this_turn} of {view.max_draws} drawn"
    if view.declaration == Declaration.NONE:
        return f"{name}'s draws: no declaration", f"{drawn}, in secret."
    lines = [f"- {short_card(d.card)}: {'kept' if d.kept else '**discarded**'}" for d in view.shown_draws]
    other = "Naughty" if view.declaration == Declaration.NICE else "Nice"
    head = f"{name} declared {_decl_name(view.declaration)} ({drawn}, {other} cards are discarded)"
    return head[:256], ("\n".join(lines) or "-")[:1024]


def footer(view: NNView) -> str:
    top = f" (top: {view.discard_pile[-1].name})" if view.discard_pile else ""
    text = (
        f"Draw pile {view.draw_pile_size} - discard pile {view.discard_pile_size}{top}. "
        "Score: the smaller of your Naughty and Nice totals; ties go to the smaller difference."
    )
    if view.phase in TURN_PHASES and view.end_declared_by is None:
        text += f" The end may be declared once someone has {view.end_trigger} cards in play."
    return text


def private_headline(view: NNView, ctx: TableContext, picked: CardInfo | None) -> str:
    seat = view.seat
    phase = view.phase
    if phase == Phase.GAME_OVER:
        return f"{winners_text(view, ctx)}\n{die_text(view)}"
    if phase == Phase.ORIENT:
        if not view.players[seat].shiny_count:  # type: ignore[index]
            return (
                "The game is over. You have no Shiny! cards in play: waiting for the others to orient theirs."
            )
        rule = "Then the die decides: odd, the face-down cards count; even, the face-up ones."
        if view.players[seat].oriented:  # type: ignore[index]
            return f"{DONE} You are done. You may still turn a card over until everyone is done. {rule}"
        return (
            "The game is over. Turn **each** of your Shiny! cards face up or face down, in secret "
            f"(nobody sees your choice until all are in). {rule}"
        )
    if seat != view.active_seat or not view.choices:
        return f"Waiting: {table_headline(view, ctx)}"
    if phase == Phase.DECLARE:
        return (
            "**Your turn!** Declare Naughty or Nice (every card you draw is shown to everyone and "
            "cards of the other type are discarded) or draw without declaring (your draws stay "
            "secret). Here or on the table."
        )
    if phase == Phase.DRAW:
        return (
            f"**Your turn:** you have drawn {view.draws_this_turn} of {view.max_draws} cards. "
            "Draw another or stop."
        )
    if phase == Phase.PLAY:
        more = len(view.hand) - view.hand_limit
        text = (
            f"**Your turn:** play cards from your hand onto any player (yourself too) until "
            f"{view.hand_limit} are left: {more} more to play."
        )
        if picked is None:
            return f"{text}\n1. Pick a card below, 2. then a player."
        return f"{text}\nPlay **{card_text(picked)}** on whom?"
    if phase == Phase.STEAL and view.steal is not None:
        steal = view.steal
        return (
            f"**Your Shiny! on {ctx.name(steal.target)}:** take cards from their cards in play worth "
            f"up to **{steal.budget_left}** more (a card costs its value, negative ones too), "
            "one at a time, or stop."
        )
    return (
        f"**End of your turn:** someone has {view.end_trigger}+ cards in play. Declare the end "
        "(the game then ends after your next turn) or not."
    )


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


def table_summary(view: NNView, ctx: TableContext) -> str:
    lines = []
    for p in view.players:
        you = " (you)" if p.seat == view.seat else ""
        shiny = f" \N{MIDDLE DOT} {SHINY_E} {p.shiny_count} ({p.shiny_total:+d})" if p.shiny_count else ""
        lines.append(
            f"{ctx.name(p.seat)}{you}: {NICE_E} {p.nice_total} \N{MIDDLE DOT} {NAUGHTY_E} "
            f"{p.naughty_total}{shiny} \N{MIDDLE DOT} {p.cards_in_play_count} in play, "
            f"{p.hand_size} in hand"
        )
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
