"""Naughty or Nice: the `/rules` summary and the lobby options' descriptions (plain text, no Discord)."""

from __future__ import annotations

from bot.i18n import N_

#: `/rules`: the game in short (one embed, at most 4096 characters).
RULES_SUMMARY = N_(
    "**Set collection, 2-5 players, levels 1-5.** Gift givers craft presents, summon creatures and "
    "fulfill kiddos' wishes from the playground. Creatures can react out of turn. When a Midnight "
    "card appears, everyone takes one last turn. Most points wins; ties go to whoever fulfilled "
    "more wishes.\n\n"
    "**Levels** (the host picks one in the lobby): **1** kiddos and presents only (Craft, "
    "Fulfill); **2** + gift givers and their favourite presents; **3** + creatures, Summon and "
    "reactions; **4** + the gift givers' abilities and Rudolf; **5** the full game, + set "
    "collection.\n\n"
    "**Points:** a fulfilled kiddo 1 per present on its list, +1 per present of your gift giver's "
    "favourite type in it (level 2+); a creature its points when played (level 3+; ✨ Helpful, "
    "💥 Hurtful). **Level 5:** fulfilling a kiddo whose symbol you have already summons a creature "
    "(draw 2, keep 1), your first full set of 5 symbols brings 2; at the end the most kiddos of a "
    "symbol scores 3 (each of 5), all 5 symbols 5."
)

#: A one-line description per lobby option (the fields of the options model).
LOBBY_TEXTS: dict[str, str | tuple[str, str]] = {
    "level": N_("1-4 teach the game step by step; 5 is the full game"),
    "level=1": ("1", N_("Only essentials: kiddos and presents")),
    "level=2": ("2", N_("+ gift givers and their favourite presents")),
    "level=3": ("3", N_("+ creatures, summoning and reactions")),
    "level=4": ("4", N_("+ gift givers' abilities and Rudolf")),
    "level=5": ("5", N_("The full game: + set collection")),
    "reaction_seconds": N_("How long a Tomte / Papa Wolverine reaction window stays open"),
    "reaction_secrecy": N_("Whether a window always runs its full time"),
    # i18n: a lobby option's two values: the switch is on / off
    "reaction_secrecy=true": (N_("on"), N_("Every window runs its full time: timing never tells")),
    "reaction_secrecy=false": (N_("off"), N_("A window closes once everyone who can react has passed")),
    "givers": N_("How the gift givers are shared out"),
    # i18n: how gift givers are shared out: players choose them, or the bot deals them at random
    "givers=choose": (N_("Choose"), N_("Players pick, last player first")),
    "givers=random": (N_("Random"), N_("The bot deals them")),
}
