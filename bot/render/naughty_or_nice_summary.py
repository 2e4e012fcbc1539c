"""Naughty or Nice: the `/rules` summary and the lobby options' descriptions (plain text, no Discord)."""

from __future__ import annotations

#: `/rules`: the game in short (one embed, at most 4096 characters).
RULES_SUMMARY = (
    "**Set collection, 2-5 players, levels 1-5.** Gift givers craft presents, summon creatures and "
    "fulfil kiddos' wishes from the playground. Creatures can react out of turn. When a Midnight "
    "card appears, everyone takes one last turn. Most points wins; ties go to whoever fulfilled "
    "more wishes."
)

#: A one-line description per lobby option (the fields of the options model).
LOBBY_TEXTS: dict[str, str | tuple[str, str]] = {
    "level": "1-4 teach the game step by step; 5 is the full game",
    "level=1": ("1", "Only essentials: kiddos and presents"),
    "level=2": ("2", "+ gift givers and their favourite presents"),
    "level=3": ("3", "+ creatures, summoning and reactions"),
    "level=4": ("4", "+ gift givers' abilities and Rudolf"),
    "level=5": ("5", "The full game: + set collection"),
    "reaction_seconds": "How long a Tomte / Papa Wolverine reaction window stays open",
    "reaction_secrecy": "Whether a window always runs its full time",
    "reaction_secrecy=true": ("on", "Every window runs its full time: timing never tells"),
    "reaction_secrecy=false": ("off", "A window closes once everyone who can react has passed"),
    "givers": "How the gift givers are shared out",
    "givers=choose": ("Choose", "Players pick, last player first"),
    "givers=random": ("Random", "The bot deals them"),
}
