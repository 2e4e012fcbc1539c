"""The Grumpy Nisse: the `/rules` summary and the lobby options' descriptions (plain text, no Discord).
Marked for the catalogues (`N_`): whoever shows them translates them (`_()`) in the reader's language."""

from __future__ import annotations

from bot.i18n import N_

#: `/rules`: the game in short (one embed, at most 4096 characters).
# i18n: Violet, Torech and Ordep are names (keep them); "nisse": a Nordic house spirit (German
# "Wichtel", Hungarian "manó"); the card effects' names as on the buttons
RULES_SUMMARY = N_(
    "**Two players, asymmetric.** One plays **Violet**, the other **Torech**, the grumpy nisse "
    "(the host may choose in the lobby; otherwise at random).\n\n"
    "**Dice draft (public):** 11 rolls of 3 dice; a die takes a card from its row of a 6x6 grid "
    "(any card when it shows more than the rows left). The roller picks 1st and 3rd. Each player "
    "ends with an 18-card deck.\n\n"
    "**Two rounds of one-card tricks:** same suit, the higher card wins; otherwise a trump wins "
    "(the trump is set by the pawn's group of spaces), otherwise the lead card. Cards 1-7 have "
    "effects: 1 beats any 9, 3 adds dice, a led 5 cannot be trumped; after the trick 2 Recover, 4 "
    "Foresight, 6 Spy, 7 Rummage. Each trick Violet wins moves her pawn one space; track events "
    "(shortcut, panics...) help or hinder.\n\n"
    "**Violet wins** by winning a trick on space 18 (reaching Ordep). **Torech wins** if round 2 "
    "ends first, or at once with 3 wins on space 11 (his devilish plan)."
)

#: A one-line description per lobby option (the fields of the options model).
LOBBY_TEXTS: dict[str, str | tuple[str, str]] = {
    "roles": N_("Who plays Violet and who plays Torech"),
    "roles=random": (N_("Random"), N_("The bot draws who plays which side")),
    "roles=host_violet": (N_("Host is Violet"), N_("The host plays Violet, the guest Torech")),
    "roles=host_torech": (N_("Host is Torech"), N_("The host plays Torech, the guest Violet")),
}
