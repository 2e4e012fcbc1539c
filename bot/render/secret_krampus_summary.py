"""Secret Krampus: the `/rules` summary and the lobby options' descriptions (plain text, no Discord)."""

from __future__ import annotations

from bot.i18n import N_

#: `/rules`: the game in short (one embed, at most 4096 characters); a marked text, shown with `_()`.
# i18n: the /rules summary of Secret Krampus. Keep the Markdown (**bold**) and the paragraphs.
RULES_SUMMARY = N_(
    "**Hidden roles, 5-10 players.** Most players are **Nice Elves**; a few are **Naughty Elves**, "
    "and one is **Krampus**. Naughty Elves know each other and Krampus (at 5-6 players Krampus "
    "knows the Naughty Elf too).\n\n"
    "**Each round** the List Maker candidate (passing clockwise) nominates a Sleigh Loader. "
    "Everyone votes Yes/No in secret; a strict majority of the players not in the stables elects them. Three "
    "failed votes in a row cause **chaos**: the top gift is placed, its order ignored.\n\n"
    "**Loading the sleigh:** the List Maker draws 3 gifts and discards 1; the Sleigh Loader plays "
    "1 of the other 2. Both say nothing in the chat until it is delivered; then anyone may claim "
    "anything, even a lie. Naughty gifts on certain spaces give the List Maker **Santa's Orders**: "
    "Peek (see a player's team), Checking it Twice (see the next 3 gifts), Successor Selector, and Stable "
    "Leadership (send a player to the stables). With 5 naughty gifts out, **Heads Together** lets "
    "both officers discard the gift if both vote No.\n\n"
    "**Nice wins** with 5 nice gifts or by sending Krampus to the stables. **Naughty wins** with 6 "
    "naughty gifts, or by electing Krampus as Sleigh Loader once 3 naughty gifts are out."
)

#: A one-line description per lobby option (the fields of the options model).
LOBBY_TEXTS: dict[str, str] = {}  # no lobby options but the turn clock
