"""Christmas Tree: the `/rules` summary and the lobby options' descriptions (plain text, no Discord)."""

from __future__ import annotations

from bot.i18n import N_

#: `/rules`: the game in short (one embed, at most 4096 characters).
RULES_SUMMARY = N_(
    "**Drafting, 2-4 players** (2 players add a neutral tree). Over 3 rounds everyone drafts 7 of "
    "8 cards per round, choosing and placing simultaneously on a diamond-shaped tree, then passes "
    "the hand. Each round scores its objectives (a card counts once in each; bulb ones count "
    "bulbs). At the end: "
    "ornament values (❄), each gingerbread 2/4/8/12/18 for 0-4 wishes met, 2 per complete bulb, 1 "
    "per unused cookie. A card's edges show half bulbs: two touching edges of one colour make a "
    "complete bulb (turning a card upside down turns its edges). Family, normal and advanced "
    "modes. Ties share the win."
)

#: A one-line description per lobby option (the fields of the options model).
LOBBY_TEXTS: dict[str, str | tuple[str, str]] = {
    "mode": N_("How much of the rules you play"),
    # i18n: the three modes (difficulty levels) of the rulebook: family, normal and advanced game
    "mode=family": (N_("Family"), N_("The simplest: shared objectives, no cookies")),
    "mode=normal": (N_("Normal"), N_("Each player picks an objective; 3 cookies each")),
    "mode=advanced": (N_("Advanced"), N_("Secret objectives, harder ones; 4 cookies each")),
}
