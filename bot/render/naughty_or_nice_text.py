"""Words for Naughty or Nice: cards, players, scores and the end message (from views only)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence

from bot.i18n import N_, _, ngettext, translated
from bot.render.base import TableContext
from games.core.words import names_and
from games.naughty_or_nice.data import CREATURES, PRESENTS, Colour, Creature, PresentType, Reaction, Symbol
from games.naughty_or_nice.viewmodels import (
    Choice,
    CreatureCard,
    KiddoCard,
    NoNView,
    PlayerPublic,
    PresentCard,
)
from games.naughty_or_nice.words import COLOUR_NAMES, SYMBOL_NAMES, choice_words

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
#: The creature card of each reaction (its marked name: show it with `_()`).
REACTION_NAME = {
    Reaction.TOMTE: CREATURES[Creature.TOMTE].name,
    Reaction.PAPA_WOLVERINE: CREATURES[Creature.PAPA_WOLVERINE].name,
}


def symbols_text(symbols: Mapping[Symbol, int]) -> str:
    """`⭐ Star ×2 · 🌙 Moon ×1`: a player's kiddos by symbol (the sets of level 5)."""
    held = [f"{SYMBOL_EMOJI[s]} {_(SYMBOL_NAMES[s])} ×{symbols[s]}" for s in Symbol if symbols.get(s)]
    return " \N{MIDDLE DOT} ".join(held) or _("none yet")


CREATURE_TYPE_EMOJI = {"HELPFUL": "\N{SPARKLES}", "HURTFUL": "\N{COLLISION SYMBOL}", "NEUTRAL": ""}
CATEGORY_TEXT = {
    # i18n: scoring categories in a player's score breakdown ("kiddos +7, creatures +3")
    "kiddos": N_("kiddos"),
    "preferred": N_("preferred presents"),
    "creatures": N_("creatures"),
    "after_midnight": N_("after Midnight"),
    "jolakotturinn": CREATURES[Creature.JOLAKOTTURINN].name,
    "rudolf": N_("Rudolf"),
    "symbols": N_("symbol majorities"),
    "all_symbols": N_("all 5 symbols"),
}
END_REASONS = {
    "midnight": N_("Midnight struck and everyone had a last turn."),
    "stalemate": N_("A whole round went by with no card gained and no kiddo taken."),
}
PHASE_HINT = {
    # i18n: what the player(s) named before it must do now ("Gus: choose a gift giver")
    "giver_choice": N_("choose a gift giver"),
    "turn": N_("take a turn"),
    "craft": N_("take presents (Craft)"),
    "keep": N_("keep one of the two summoned creatures"),
    "tuck": N_("may put the creature just gained under Rudolf, if it is a Reindeer"),
    "elves": N_("pick a present from the Elves"),
    "christkindl": N_("Christkindl may draw a present"),
    "wolverine_take": N_("Papa Wolverine takes up to 2 of the given presents"),
    "extra_basic": N_("take another basic action"),
    "fulfil": N_("finish the Fulfill"),
    "window": N_("react or pass"),
}
#: A creature that cannot be played yet (gained this turn: usable from the next turn, anyone's: a
#: Tomte gained now may answer a window in the next player's turn, spec 4.1).
LATER = N_("*(usable from the next turn)*")


def colour_word(colour: Colour) -> str:
    """A colour as an emoji and its name (never by colour alone: colour-blind players)."""
    return f"{COLOUR_EMOJI[colour]} {_(COLOUR_NAMES[colour])}"


def colours_text(colours: Sequence[Colour]) -> str:
    """Wished colours, grouped: `🔴 red ×2, 🔵 blue`."""
    counts = Counter(colours)
    return ", ".join(colour_word(c) + (f" ×{n}" if n > 1 else "") for c, n in counts.items()) or _("nothing")


def present_text(card: PresentCard) -> str:
    """`🔴 Stockings (red)`."""
    return f"{COLOUR_EMOJI[card.colour]} {_(card.name)} ({_(COLOUR_NAMES[card.colour])})"


def present_type_name(ptype: PresentType | str) -> str:
    return _(PRESENTS[PresentType(ptype)].name)


def kiddo_label(kiddo: KiddoCard, sets: bool = True) -> str:
    """For select labels: `Amara (Star): red, blue - 2 points`; without the symbol when the game
    does not score sets (levels 1-4: a beginner set out to collect Moons)."""
    wants = ", ".join(_(COLOUR_NAMES[c]) for c in kiddo.colours)
    points = ngettext("{n} point", "{n} points", kiddo.points)
    if not sets:
        return f"{_(kiddo.name)}: {wants} - {points}"
    return f"{_(kiddo.name)} ({_(SYMBOL_NAMES[kiddo.symbol])}): {wants} - {points}"


def creature_text(card: CreatureCard, with_text: bool = True) -> str:
    mark = CREATURE_TYPE_EMOJI.get(card.ctype, "")
    later = "" if card.usable else f" {_(LATER)}"
    body = f" - {_(card.text)}" if with_text else ""
    return f"{mark} **{_(card.name)}**{body}{later}".strip()


def creatures_text(creatures: Sequence[CreatureCard]) -> str:
    """The creature hand, one line per creature kind: `✨ **Elves** ×2 - text (1 from next turn)`."""
    lines = []
    for kind in dict.fromkeys(c.creature for c in creatures):
        cards = [c for c in creatures if c.creature == kind]
        first, later = cards[0], sum(not c.usable for c in cards)
        mark = CREATURE_TYPE_EMOJI.get(first.ctype, "")
        count = f" ×{len(cards)}" if len(cards) > 1 else ""
        wait = ""
        if later:
            wait = " " + (_(LATER) if later == len(cards) else _("*({n} from the next turn)*", n=later))
        lines.append(f"{mark} **{_(first.name)}**{count} - {_(first.text)}{wait}".strip())
    return "\n".join(lines) or _("no creatures")


def hand_text(presents: Sequence[PresentCard]) -> str:
    """The present hand, one line per colour: `🔴 red: Stockings ×2, Cap`."""
    lines = []
    for colour in Colour:
        counts = Counter(_(p.name) for p in presents if p.colour == colour)
        if counts:
            cards = ", ".join(name + (f" ×{n}" if n > 1 else "") for name, n in counts.items())
            lines.append(f"{colour_word(colour)}: {cards}")
    return "\n".join(lines) or _("no presents")


def breakdown_text(player: PlayerPublic, players: Sequence[PlayerPublic] = ()) -> str:
    """`kiddos +7, creatures +3, symbol majorities +6 (⭐🌙)`: with everyone's `players`, the
    symbols whose majority the player holds (ties too) are named."""
    parts = []
    for key, points in player.breakdown.items():
        if not points:
            continue
        part = f"{_(CATEGORY_TEXT[key]) if key in CATEGORY_TEXT else key} {points:+d}"
        if key == "symbols" and players:
            part += f" ({''.join(SYMBOL_EMOJI[s] for s in majorities(player, players))})"
        parts.append(part)
    return ", ".join(parts) or _("no points")


def majorities(player: PlayerPublic, players: Sequence[PlayerPublic]) -> list[Symbol]:
    """The symbols the player has most kiddos of (shared ones too: each scores, spec level 5)."""
    best = {s: max(p.symbols.get(s, 0) for p in players) for s in Symbol}
    return [s for s in Symbol if player.symbols.get(s) and player.symbols[s] == best[s]]


def choice_label(choice: Choice, ctx: TableContext) -> str:
    """The engine's label in the reader's language, a target seat named."""
    return translated(choice_words(choice.template, choice.values, ctx.names))


def target_label(choice: Choice, ctx: TableContext) -> str:
    """A creature's target in its own select, whose placeholder says what the creature does:
    only the present, kiddo or player the choice names ("Coal", not "Play Krampus naming Coal"),
    or its whole label when it names something else too."""
    named = [key for key in ("present", "kiddo", "player") if key in choice.values]
    if len(named) != 1 or set(choice.values) - {named[0], "creature"}:
        return choice_label(choice, ctx)
    key = named[0]
    return translated(choice_words("{" + key + "}", {key: choice.values[key]}, ctx.names))


def ending_text(view: NoNView, ctx: TableContext) -> str:
    """Each player's score by category, then the winner(s) with the tiebreak by kiddos gifted."""
    ranked = sorted(view.players, key=lambda p: (-p.score, -p.fulfilled_count, p.seat))
    lines = [
        ngettext(
            "{name}: **{score}** ({breakdown}); {n} wish fulfilled",
            "{name}: **{score}** ({breakdown}); {n} wishes fulfilled",
            p.fulfilled_count,
            name=ctx.name(p.seat),
            score=p.score,
            breakdown=breakdown_text(p, view.players),
        )
        for p in ranked
    ]
    winners = [p for p in view.players if p.seat in view.winners]
    names = translated(names_and([f"**{ctx.name(p.seat)}**" for p in winners]))
    head = _("Nobody wins!")
    if winners:
        best = winners[0]
        tied = [p for p in view.players if p.score == best.score and p.seat not in view.winners]
        if len(winners) > 1:
            head = ngettext(
                "{names} share the win with {n} point",
                "{names} share the win with {n} points",
                best.score,
                names=names,
            )
        else:
            head = ngettext(
                "{names} wins with {n} point", "{names} wins with {n} points", best.score, names=names
            )
        if tied:
            head += " " + _(
                "(tied on points with {names}; more wishes fulfilled: {n})",
                names=", ".join(ctx.name(p.seat) for p in tied),
                n=best.fulfilled_count,
            )
        elif len(winners) > 1:
            head += " " + ngettext(
                "(same points and {n} wish fulfilled each)",
                "(same points and {n} wishes fulfilled each)",
                best.fulfilled_count,
            )
        head += "!"
    reason = f" {_(END_REASONS[view.end_reason])}" if view.end_reason in END_REASONS else ""
    return f"{head}{reason}\n" + "\n".join(lines)
