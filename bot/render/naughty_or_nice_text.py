"""Words for Naughty or Nice: cards, players, scores and the end message (from views only)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from bot.render.base import TableContext
from games.naughty_or_nice.data import Colour, PresentType, Reaction, Symbol
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
REACTION_NAME = {Reaction.TOMTE: "Tomte", Reaction.PAPA_WOLVERINE: "Papa Wolverine"}
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
    "tuck": "may put the creature just gained under Rudolf, if it is a Reindeer",
    "elves": "pick a present from the Elves",
    "christkindl": "Christkindl may draw a present",
    "wolverine_take": "Papa Wolverine takes up to 2 of the given presents",
    "extra_basic": "take another basic action",
    "fulfil": "finish the Fulfill",
    "window": "react or pass",
}


def plural(count: int, word: str, many: str | None = None) -> str:
    """`1 point`, `2 points` (`many`: an irregular plural, e.g. "wishes")."""
    return f"{count} {word}" if count == 1 else f"{count} {many or word + 's'}"


def colour_word(colour: Colour) -> str:
    """A colour as an emoji and its name (never by colour alone: colour-blind players)."""
    return f"{COLOUR_EMOJI[colour]} {colour.value.lower()}"


def colours_text(colours: Sequence[Colour]) -> str:
    """Wished colours, grouped: `🔴 red ×2, 🔵 blue`."""
    counts = Counter(colours)
    return ", ".join(colour_word(c) + (f" ×{n}" if n > 1 else "") for c, n in counts.items()) or "nothing"


def present_text(card: PresentCard) -> str:
    """`🔴 Stockings (red)`."""
    return f"{COLOUR_EMOJI[card.colour]} {card.name} ({card.colour.value.lower()})"


def present_type_name(ptype: PresentType | str) -> str:
    return PresentType(ptype).value.replace("_", " ").title()


def kiddo_label(kiddo: KiddoCard) -> str:
    """For select labels: `Amara (Star): red, blue - 2 points`."""
    wants = ", ".join(c.value.lower() for c in kiddo.colours)
    return f"{kiddo.name} ({kiddo.symbol.title()}): {wants} - {plural(kiddo.points, 'point')}"


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
    """The present hand, one line per colour: `🔴 red: Stockings ×2, Cap`."""
    lines = []
    for colour in Colour:
        counts = Counter(p.name for p in presents if p.colour == colour)
        if counts:
            cards = ", ".join(name + (f" ×{n}" if n > 1 else "") for name, n in counts.items())
            lines.append(f"{colour_word(colour)}: {cards}")
    return "\n".join(lines) or "no presents"


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
        f"{plural(p.fulfilled_count, 'wish', 'wishes')} fulfilled"
        for p in ranked
    ]
    winners = [p for p in view.players if p.seat in view.winners]
    names = " and ".join(f"**{ctx.name(p.seat)}**" for p in winners)
    verb = "share the win" if len(winners) > 1 else "wins"
    head = f"{names} {verb}" if winners else "Nobody wins"
    if winners:
        best = winners[0]
        tied = [p for p in view.players if p.score == best.score and p.seat not in view.winners]
        head += f" with {plural(best.score, 'point')}"
        if tied:
            head += (
                f" (tied on points with {', '.join(ctx.name(p.seat) for p in tied)}; "
                f"more wishes fulfilled: {best.fulfilled_count})"
            )
        elif len(winners) > 1:
            head += f" (same points and {plural(best.fulfilled_count, 'wish', 'wishes')} fulfilled each)"
    reason = END_REASONS.get(view.end_reason, "")
    return f"{head}!{reason}\n" + "\n".join(lines)
