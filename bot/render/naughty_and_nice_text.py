"""Words for Naughty & Nice on Discord: cards, the table's headline and news (the cards in play
are in the table's picture), the final breakdown and the end message. Views in, text out
(no rules here beyond reading what the view says)."""

from __future__ import annotations

from collections.abc import Sequence

from bot.i18n import N_, _, described, ngettext, translated
from bot.render.base import TableContext, newest_lines, private_result
from games.core import Event
from games.core.words import names_and
from games.naughty_and_nice.data import CardType, Declaration, Phase, Side
from games.naughty_and_nice.view_models import CardInfo, FinalScore, NNView, PlayerPublic
from games.naughty_and_nice.words import CARD_TEXT, TYPE_NAMES

NICE_E, NAUGHTY_E, SHINY_E = "\N{SMILING FACE WITH HALO}", "\N{SMILING FACE WITH HORNS}", "\N{SPARKLES}"
TYPE_EMOJI = {CardType.NICE: NICE_E, CardType.NAUGHTY: NAUGHTY_E, CardType.SHINY: SHINY_E}
TROPHY, DONE = "\N{TROPHY}", "\N{WHITE HEAVY CHECK MARK}"
# i18n: where a counting Shiny! card goes at the end: to the Nice total, the Naughty one, or unused
SIDE_TEXT = {Side.NICE: N_("Nice"), Side.NAUGHTY: N_("Naughty"), Side.UNUSED: N_("unused")}
# i18n: the table's button that opens a player's own hand (private message)
PRIVATE_BUTTON = N_("My hand")
TURN_PHASES = (Phase.DECLARE, Phase.DRAW, Phase.PLAY, Phase.STEAL, Phase.END_OF_TURN)


def card_text(c: CardInfo) -> str:
    """`😈 Bad Movies (Naughty +2)`."""
    named = _(CARD_TEXT, card=_(c.name), kind=_(TYPE_NAMES[c.type]), value=f"{c.value:+d}")
    return f"{TYPE_EMOJI[c.type]} {named}"


def short_card(c: CardInfo) -> str:
    """`😈 Bad Movies +2`."""
    return f"{TYPE_EMOJI[c.type]} {_(c.name)} {c.value:+d}"


# -- the end ------------------------------------------------------------------------------------
def _side_sum(base: int, shiny: int, label: str) -> str:
    if shiny:
        return f"{_(label)} {base} + {SHINY_E}{shiny} = **{base + shiny}**"
    return f"{_(label)} **{base}**"


def shiny_text(r: FinalScore, names: bool = True, counting: bool = False) -> str:
    """`r`'s Shiny! cards: how each lay and where it went (`counting`: only those the die let
    count; the others lay the other way)."""
    parts = []
    for s in r.shinies:
        if counting and not s.counts:
            continue
        what = f"{_(s.card.name)} {s.card.value:+d}" if names else f"{s.card.value:+d}"
        if s.counts:
            template = N_("{card} up -> {side}") if s.face_up else N_("{card} down -> {side}")
        else:
            # i18n: a Shiny! card at the end: its orientation, and that it does not count
            template = N_("{card} up does not count") if s.face_up else N_("{card} down does not count")
        parts.append(_(template, card=what, side=_(SIDE_TEXT[s.side])))
    return "; ".join(parts)


def sums_text(r: FinalScore) -> str:
    """One player's sums with the Shiny! points each side got, the score and the difference."""
    return _(
        "{nice}, {naughty} -> score **{score}** (difference {difference})",
        nice=_side_sum(r.nice, r.shiny_to_nice, N_("Nice")),
        naughty=_side_sum(r.naughty, r.shiny_to_naughty, N_("Naughty")),
        score=r.score,
        difference=r.difference,
    )


def final_text(r: FinalScore) -> str:
    """One player's end: `sums_text`, then each Shiny! card and where it went, and the cards left
    in hand (their private message's "Your score")."""
    text = sums_text(r)
    if r.shinies:
        text += f"\n{SHINY_E} {shiny_text(r)}"
    if r.cards_in_hand:
        text += "\n" + ngettext(
            "{n} card left in hand scores nothing", "{n} cards left in hand score nothing", r.cards_in_hand
        )
    return text


def places_lines(view: NNView, ctx: TableContext) -> list[str]:
    """The end's ranking on the table, one short line each (the ending post has the details):
    best score first, the smaller difference first among equal scores (spec 5.4)."""
    ranked = sorted(view.results, key=lambda r: (-r.score, r.difference))
    return [
        _(
            "{place}. {name}: score **{score}** (difference {difference})",
            place=1 + sum((o.score, -o.difference) > (r.score, -r.difference) for o in ranked),  # (shared)
            name=ctx.name(r.seat),
            score=r.score,
            difference=r.difference,
        )
        for r in ranked
    ]


def winners_text(view: NNView, ctx: TableContext) -> str:
    """The winner(s), with the tiebreak explained when it was needed."""
    if not view.results or not view.winners:
        return _("The game is over.")
    by_seat = {r.seat: r for r in view.results}
    best = by_seat[view.winners[0]]
    names = translated(names_and([f"**{ctx.name(s)}**" for s in view.winners]))
    tied = [r for r in view.results if r.score == best.score]
    if len(view.winners) > 1:
        return _(
            "{names} share the win: score {score} and difference {difference} each "
            "(same score, same difference).",
            names=names,
            score=best.score,
            difference=best.difference,
        )
    text = _(
        "{names} wins with a score of **{score}** (difference {difference}).",
        names=names,
        score=best.score,
        difference=best.difference,
    )
    if len(tied) > 1:
        others = ", ".join(f"{ctx.name(r.seat)} {r.difference}" for r in tied if r.seat != best.seat)
        text += " " + _(
            "Tied on score {score}; the smaller difference between Naughty and Nice wins "
            "({name} {difference}, {others}).",
            score=best.score,
            name=ctx.name(best.seat),
            difference=best.difference,
            others=others,
        )
    return text


def own_result_text(view: NNView, ctx: TableContext) -> str:
    """The end as the seat reads it in private: whether they won, and their own score (the table
    has everyone's, and the tiebreak)."""
    if not view.results or not view.winners:
        return _("The game is over.")
    ranks = {r.seat: (r.score, -r.difference) for r in view.results}  # (the tiebreak: the smaller difference)
    head = private_result(view.seat, view.winners, ctx, None, ranks)
    mine = next((r for r in view.results if r.seat == view.seat), None)
    if mine is None:
        return head
    own = _(
        "Your score: **{score}** (difference {difference}).",
        score=mine.score,
        difference=mine.difference,
    )
    return f"{head} {own}"


def die_text(view: NNView) -> str:
    if view.die_roll is None:
        return _("No Shiny! cards were in play: no die was needed.")
    if view.face_up_counts:
        text = _("The die shows **{roll}**: face-up Shiny! cards count.", roll=view.die_roll)
    else:
        text = _("The die shows **{roll}**: face-down Shiny! cards count.", roll=view.die_roll)
    return f"\N{GAME DIE} {text}"


def ending_text(view: NNView, ctx: TableContext) -> str:
    """The end post, short for a phone: who won, the die, and each player's sums with the Shiny!
    cards that count by value (how each lay and where it went), the best first (spec 5.4's
    order). All of them by name and the cards left in hand are in the player's own private
    message ("Your score"); the table's picture shows every card."""
    lines = [winners_text(view, ctx), die_text(view)]
    for r in sorted(view.results, key=lambda r: (-r.score, r.difference)):
        counted = any(s.counts for s in r.shinies)
        shinies = f"; {SHINY_E} {shiny_text(r, names=False, counting=True)}" if counted else ""
        lines.append(f"{TROPHY if r.winner else '-'} {ctx.name(r.seat)}: {sums_text(r)}{shinies}")
    return "\n".join(lines)


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


def totals_words(p: PlayerPublic) -> str:
    """A player's totals of cards in play in words, "Nice 5, Naughty 3" (a screen reader read the
    sides' emoji by their names)."""
    return _("Nice {nice}, Naughty {naughty}", nice=p.nice_total, naughty=p.naughty_total)


def active_totals(view: NNView, ctx: TableContext) -> str:
    """The active player's totals of cards in play, in words: "Dasher's cards in play: Nice 5,
    Naughty 3, Shiny! 1 card (+4)"."""
    p = view.players[view.active_seat]
    text = _(
        "{name}'s cards in play: Nice {nice}, Naughty {naughty}",
        name=ctx.name(p.seat),
        nice=p.nice_total,
        naughty=p.naughty_total,
    )
    if p.shiny_count:
        points = f"{p.shiny_total:+d}"
        text += ", " + ngettext(
            "Shiny! {n} card ({points})", "Shiny! {n} cards ({points})", p.shiny_count, points=points
        )
    return text


def table_lines(view: NNView, ctx: TableContext) -> list[str]:
    """What is happening, who must act, and the hands' and piles' sizes (never what the picture shows)."""
    who = f"**{ctx.name(view.active_seat)}**"
    phase = view.phase
    if phase == Phase.GAME_OVER:
        return [winners_text(view, ctx), die_text(view), *places_lines(view, ctx)]
    if phase == Phase.ORIENT:
        if view.end_reason == "declared":
            why = _("**Play is over** (the declared last turn is over).")
        else:
            why = _("**Play is over** (nothing is left to draw).")
        waiting = ", ".join(ctx.name(p.seat) for p in view.players if p.must_orient and not p.oriented)
        rule = _(
            "Each Shiny! card is turned face up or down in secret; "
            "then a die decides: odd, the face-down ones count; even, the face-up ones."
        )
        return [
            f"{why} {rule}",
            f"{SHINY_E} " + _("Still choosing: {names}.", names=waiting or _("nobody")),
        ]
    lines: list[str] = []
    if phase == Phase.DECLARE:
        lines.append(
            _(
                "{name}'s turn: declare **Naughty** or **Nice** (the draws are shown, cards of the other "
                "type discarded), or draw in secret.",
                name=who,
            )
        )
    elif phase == Phase.DRAW:
        values = {"name": who, "draws": view.draws_this_turn, "most": view.max_draws}
        if view.declaration == Declaration.NICE:
            lines.append(
                _(
                    "{name} declared Nice (Naughty cards are discarded): {draws} of {most} drawn. "
                    "Draw again or stop?",
                    **values,
                )
            )
        elif view.declaration == Declaration.NAUGHTY:
            lines.append(
                _(
                    "{name} declared Naughty (Nice cards are discarded): {draws} of {most} drawn. "
                    "Draw again or stop?",
                    **values,
                )
            )
        elif view.active_seat in ctx.ai_seats:  # (no word on where an AI sees its cards)
            lines.append(
                _("{name} is drawing in secret: {draws} of {most} drawn; it draws again or stops.", **values)
            )
        else:
            lines.append(
                _(
                    "{name} is drawing in secret (each card shows in their private message, or under "
                    "**{button}**): {draws} of {most} drawn. Draw again or stop?",
                    button=_(PRIVATE_BUTTON),
                    **values,
                )
            )
        if view.declaration in (Declaration.NICE, Declaration.NAUGHTY):
            discarded = _("(discarded)")
            shown = [short_card(d.card) + ("" if d.kept else f" {discarded}") for d in view.shown_draws]
            lines.append(_("Drawn: {cards}", cards=", ".join(shown)))
    elif phase == Phase.PLAY:
        more = view.players[view.active_seat].hand_size - view.hand_limit
        lines.append(
            ngettext(
                "{name} is playing cards from their hand, in private: {n} more card to play.",
                "{name} is playing cards from their hand, in private: {n} more cards to play.",
                more,
                name=who,
            )
        )
    elif phase == Phase.STEAL and view.steal is not None:
        steal = view.steal
        values = {"name": who, "card": short_card(steal.shiny), "target": ctx.name(steal.target)}
        if steal.taken:
            line = ngettext(
                "{name} played {card} on **{target}** and may take their cards worth up to "
                "**{n} more point** (a card costs its value, sign dropped: −2 costs 2).",
                "{name} played {card} on **{target}** and may take their cards worth up to "
                "**{n} more points** (a card costs its value, sign dropped: −2 costs 2).",
                steal.budget_left,
                **values,
            )
        else:
            line = ngettext(
                "{name} played {card} on **{target}** and may take their cards worth up to "
                "**{n} point** (a card costs its value, sign dropped: −2 costs 2).",
                "{name} played {card} on **{target}** and may take their cards worth up to "
                "**{n} points** (a card costs its value, sign dropped: −2 costs 2).",
                steal.budget_left,
                **values,
            )
        lines.append(line)
        if steal.taken:
            lines.append(_("Taken so far: {cards}", cards=", ".join(short_card(c) for c in steal.taken)))
    else:
        reached = [p for p in view.players if p.cards_in_play_count >= view.end_trigger]
        lines.append(
            _(
                "{name} may **declare the end** ({players}: {n}+ cards in play): "
                "the game would end after their next turn.",
                name=who,
                players=translated(names_and([ctx.name(p.seat) for p in reached])),
                n=view.end_trigger,
            )
        )
    if phase in (Phase.DECLARE, Phase.DRAW):  # (what declaring needs, in words: the picture has it)
        lines.append(active_totals(view, ctx))
    status = end_status(view, ctx)
    return [*lines, status, counts(view, ctx)] if status else [*lines, counts(view, ctx)]


def counts(view: NNView, ctx: TableContext) -> str:
    """`✋ Hands: Dasher 3 · Zoë 5 · draw pile 40 · discards 12`: what changes with every draw
    (here, not in the picture: a draw edits the text only)."""
    hands = " \N{MIDDLE DOT} ".join(f"{ctx.name(p.seat)} {p.hand_size}" for p in view.players)
    return "\N{RAISED HAND} " + _(
        "Hands: {hands} · draw pile {draw} · discards {discard}",
        hands=hands,
        draw=view.draw_pile_size,
        discard=view.discard_pile_size,
    )


def table_events(view: NNView, events: Sequence[Event], names: Sequence[str]) -> list[str]:
    """What just happened, in at most `MAX_EVENT_LINES` lines: the events the rest of the table
    does not already say (the headline says whose turn it is, the declared draws while the
    drawing lasts, the steal under way, why the game ended; a steal's summary names its takes;
    the status line that the end is declared)."""
    told = set(TOLD_ELSEWHERE)
    if view.phase == Phase.DRAW:
        told.add("card_shown")  # the headline lists this turn's declared draws
    shiny = None  # the Shiny! whose steal is under way: the headline names it (other plays: news)
    if view.phase == Phase.STEAL:
        told.add("card_taken")  # the headline: what is taken
        shiny = next((e for e in reversed(events) if e.kind == "card_played"), None)
    if view.phase == Phase.GAME_OVER:
        return []  # (the end and the ranking say it; a news line of the last turn read as current)
    if view.phase == Phase.ORIENT:
        told.add("nothing_to_draw")  # the headline: why the game ended
    if any(e.kind == "steal_ended" for e in events):
        told.add("card_taken")  # the steal's summary names every card taken
    if view.end_declared_by is not None:
        told.add("end_declared")  # the status line under the headline says so (`end_status`)
    shown = []
    for e in events:
        if e.kind in told or e is shiny:
            continue
        shown.append(described(e, names))
    return [f"- {line}" for line in newest_lines(shown, MAX_EVENT_LINES)]


def end_status(view: NNView, ctx: TableContext) -> str:
    if view.last_turn:
        return "\N{ALARM CLOCK} " + _("**This is the last turn of the game.**")
    if view.end_declared_by is not None:
        return "\N{ALARM CLOCK} " + _(
            "{name} declared the end ({n}+ cards in play): the game ends after their next turn.",
            name=ctx.name(view.end_declared_by),
            n=view.end_trigger,
        )
    return ""
