"""Naughty & Nice: the `/rules` summary and the lobby options' descriptions (plain text, no Discord)."""

from __future__ import annotations

from bot.i18n import N_

#: `/rules`: the game in short (one embed, at most 4096 characters).
RULES_SUMMARY = N_(
    "**2-6 players.** On your turn declare Naughty or Nice (your draws are then shown and cards of "
    "the other type discarded) or nothing, and draw one to four cards, one at a time. Play cards "
    "from your hand onto any player, yourself too, until you hold two; a Shiny! played on someone "
    "else steals cards worth up to its value from them. Once someone has ten cards in play the end "
    "can be declared: everyone gets one more turn. Then each Shiny! is turned face up or down in "
    "secret and a die decides which count. Your score is the smaller of your Naughty and Nice "
    "totals; ties go to the smaller difference."
)

#: A one-line description per lobby option (the fields of the options model).
LOBBY_TEXTS: dict[str, str] = {}  # no lobby options but the turn clock
