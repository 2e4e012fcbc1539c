"""Christmas Tree: the `/rules` summary and the lobby options' descriptions (plain text, no Discord)."""

from __future__ import annotations

#: `/rules`: the game in short (one embed, at most 4096 characters).
RULES_SUMMARY = (
    "**Drafting, 2-4 players** (2 players add a neutral tree). Over 3 rounds everyone drafts 7 of "
    "8 cards per round, choosing and placing simultaneously on a diamond-shaped tree, then passes "
    "the hand. Score round objectives, ornament values, gingerbreads, complete bulbs and unused "
    "cookies. Family, normal and advanced modes. Ties share the win."
)

#: A one-line description per lobby option (the fields of the options model).
LOBBY_TEXTS: dict[str, str | tuple[str, str]] = {
    "mode": "How much of the rules you play",
    "mode=family": ("Family", "The simplest: shared wishes, no cookies"),
    "mode=normal": ("Normal", "Each player picks a wish; 3 cookies each"),
    "mode=advanced": ("Advanced", "Secret wishes, harder ones; 4 cookies each"),
}
