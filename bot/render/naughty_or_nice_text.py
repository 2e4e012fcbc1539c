"""Words for Naughty or Nice: cards, players, scores and the end message (from views only)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from bot.render.base import TableContext
from games.naughty_or_nice.data import Colour, PresentType, Symbol
from games.naughty_or_nice.viewmodels import (
    Choice,
    CreatureCard,
    KiddoCard,
    NoNView,
    PlayerPublic,
    PresentCard,
)

COLOUR_EMOJI = {
    Colour.RED: "\N{LARGE RED CIRCLE}",
    Colour.BLUE: "\N{LARGE BLUE CIRCLE}",
    Colour.BLACK: "\N{MEDIUM BLACK CIRCLE}",
    Colour.GREEN: "\N{LARGE GREEN CIRCLE}",
}
SYMBOL_EMOJI = {
    Symbol.STAR: "\N{WHITE MEDIUM STAR}",
    Symbol.HEART: "\N{HEAVY BLACK HEART}\N{VARIATION SELECTOR-16}",
    Symbol.MOON: "\N{CRESCENT MOON}",
    Symbol.BELL: "\N{BELL}",
    Symbol.SNOWFLAKE: "\N{SNOWFLAKE}\N{VARIATION SELECTOR-16}",
}
CREATURE_TYPE_EMOJI = {"HELPFUL": "\N{SPARKLES}", "HURTFUL": "\N{COLLISION SYMBOL}", "NEUTRAL": ""}
CATEGORY_TEXT = {
    "kiddos": "kiddos",
    "preferred": "preferred presents",
    "creatures": "creatures",
    "after_midnight": "after Midnight",
    "jolakotturinn": "Jólakötturinn",
    "rudolf": "Rudolf",
    "symbols": "symbol majorities",
    "all_symbols": "all 5 symbols",
}
END_REASONS = {
    "midnight": " Midnight struck and everyone had a last turn.",
    "stalemate": " Nobody could do anything any more.",
}
PHASE_HINT = {
    "giver_choice": "choose a gift giver",
    "turn": "take a turn",
    "craft": "take presents (Craft)",
    "keep": "keep one of the two summoned creatures",
    "tuck": "tuck a Reindeer under Rudolf or keep it",
    "elves": "pick a present from the Elves",
    "christkindl": "Christkindl may draw a present",
    "wolverine_take": "Papa Wolverine takes up to 2 of the given presents",
    "extra_basic": "take another basic action",
    "fulfil": "finish the Fulfill",
    "window": "react or pass",
}


def colours_text(colours: Sequence[Colour]) -> str:
    return "".join(COLOUR_EMOJI[c] for c in colours)


def present_text(card: PresentCard) -> str:
    return f"{COLOUR_EMOJI[card.colour]} {card.name}"


def present_type_name(ptype: PresentType | str) -> str:
    return PresentType(ptype).value.replace("_", " ").title()


def kiddo_text(kiddo: KiddoCard) -> str:
    """`⭐ Amara 🔴🔵 (2 pts)`."""
    return f"{SYMBOL_EMOJI[kiddo.symbol]} {kiddo.name} {colours_text(kiddo.colours)} ({kiddo.points} pts)"


def kiddo_label(kiddo: KiddoCard) -> str:
    """For select labels (no emoji needed there, but they help): `Amara (Star): RED, BLUE - 2 pts`."""
    wants = ", ".join(c.value for c in kiddo.colours)
    return f"{kiddo.name} ({kiddo.symbol.title()}): {wants} - {kiddo.points} pts"


def creature_text(card: CreatureCard, with_text: bool = True) -> str:
    mark = CREATURE_TYPE_EMOJI.get(card.ctype, "")
    later = "" if card.usable else " *(usable from your next turn)*"
    body = f" - {card.text}" if with_text else ""
    return f"{mark} **{card.name}**{body}{later}".strip()


def creatures_text(creatures: Sequence[CreatureCard]) -> str:
    """The creature hand, one line per creature kind: `✨ **Elves** ×2 - text (1 from next turn)`."""
    lines = []
    for name in dict.fromkeys(c.name for c in creatures):
        cards = [c for c in creatures if c.name == name]
        first, later = cards[0], sum(not c.usable for c in cards)
        mark = CREATURE_TYPE_EMOJI.get(first.ctype, "")
        count = f" ×{len(cards)}" if len(cards) > 1 else ""
        wait = ""
        if later:
            wait = (
                " *(usable from your next turn)*"
                if later == len(cards)
                else f" *({later} from your next turn)*"
            )
        lines.append(f"{mark} **{name}**{count} - {first.text}{wait}".strip())
    return "\n".join(lines) or "no creatures"


def hand_text(presents: Sequence[PresentCard]) -> str:
    """The present hand grouped by type: `🔴 Stockings ×2, 🔵 Beigli`."""
    counts = Counter((p.colour, p.name) for p in presents)
    parts = []
    for card in presents:
        key = (card.colour, card.name)
        if key in counts:
            n = counts.pop(key)
            parts.append(present_text(card) + (f" ×{n}" if n > 1 else ""))
    return ", ".join(parts) or "no presents"


def symbols_text(player: PlayerPublic) -> str:
    return " ".join(f"{SYMBOL_EMOJI[s]}{player.symbols.get(s, 0)}" for s in Symbol)


def player_line(view: NoNView, ctx: TableContext, player: PlayerPublic) -> str:
    """One line per player on the table: name, giver, score, collection, hand sizes."""
    turn = "\N{BLACK RIGHT-POINTING TRIANGLE} " if player.active else ""
    giver = f" ({player.giver_name})" if player.giver_name else ""
    parts = [f"{turn}**{ctx.name(player.seat)}**{giver} - **{player.score}** pts"]
    parts.append(f"{len(player.kiddos)} kiddos {symbols_text(player)}")
    hand = f"hand: {player.presents_count} presents"
    if view.uses_creatures:
        hand += f", {player.creatures_count} creatures"
    parts.append(hand)
    if player.rudolf:
        parts.append(f"Rudolf {player.rudolf}")
    if player.scrooge_pending and not view.over:
        parts.append("skips next turn (Mr Scrooge)")
    return " - ".join(parts)


def breakdown_text(player: PlayerPublic) -> str:
    parts = [f"{CATEGORY_TEXT.get(k, k)} {v:+d}" for k, v in player.breakdown.items() if v]
    return ", ".join(parts) or "no points"


def choice_label(choice: Choice, ctx: TableContext) -> str:
    """The engine's label, with seat numbers turned into names."""
    kind, _, rest = choice.code.partition(".")
    if kind == "play_on":
        creature, _, seat = rest.partition(".")
        name = choice.label.rsplit(" on seat ", 1)[0]
        return f"{name} on {ctx.name(int(seat))}"
    return choice.label


def ending_text(view: NoNView, ctx: TableContext) -> str:
    """Each player's score by category, then the winner(s) with the tiebreak by kiddos gifted."""
    ranked = sorted(view.players, key=lambda p: (-p.score, -p.fulfilled_count, p.seat))
    lines = [
        f"{ctx.name(p.seat)}: **{p.score}** ({breakdown_text(p)}); "
        f"{p.fulfilled_count} wish{'es' if p.fulfilled_count != 1 else ''} fulfilled"
        for p in ranked
    ]
    winners = [p for p in view.players if p.seat in view.winners]
    names = " and ".join(f"**{ctx.name(p.seat)}**" for p in winners)
    verb = "share the win" if len(winners) > 1 else "wins"
    head = f"{names} {verb}" if winners else "Nobody wins"
    if winners:
        best = winners[0]
        tied = [p for p in view.players if p.score == best.score and p.seat not in view.winners]
        head += f" with {best.score} points"
        if tied:
            head += (
                f" (tied on points with {', '.join(ctx.name(p.seat) for p in tied)}; "
                f"more wishes fulfilled: {best.fulfilled_count})"
            )
        elif len(winners) > 1:
            head += f" (same points and {best.fulfilled_count} wishes fulfilled each)"
    reason = END_REASONS.get(view.end_reason, "")
    return f"{head}!{reason}\n" + "\n".join(lines)
