"""`/rules`: a concise summary of each game, from the specs in the shared rules folder."""

from __future__ import annotations

import discord

from bot.render.base import EMBED_COLOUR
from games.registry import GAMES

SUMMARIES: dict[str, str] = {
    "secret-krampus": (
        "**Hidden roles, 5-10 players.** Most players are **Nice Elves**; a few are **Naughty Elves**, "
        "and one is **Krampus**. Naughty Elves know each other and Krampus (at 5-6 players Krampus "
        "knows the Naughty Elf too).\n\n"
        "**Each round** the List Maker candidate (passing clockwise) nominates a Sleigh Loader. "
        "Everyone votes Yes/No in secret; a strict majority of living players elects them. "
        "Three failed votes in a row cause **chaos**: the top gift is placed, its order ignored.\n\n"
        "**Loading the sleigh:** the List Maker draws 3 gifts and discards 1; the Sleigh Loader plays "
        "1 of the other 2. Naughty gifts on certain spaces give the List Maker **Santa's Orders**: "
        "Peek at a loyalty, Checking it Twice (see the next 3 gifts), Successor Selector, and Stable "
        "Leadership (send a player to the stables). With 5 naughty gifts out, **Heads Together** lets "
        "both officers discard the gift if both vote No.\n\n"
        "**Nice wins** with 5 nice gifts or by sending Krampus to the stables. **Naughty wins** with "
        "6 naughty gifts, or by electing Krampus as Sleigh Loader once 3 naughty gifts are out."
    ),
    "christmas-tree": (
        "**Drafting, 2-4 players** (2 players add a neutral tree). Over 3 rounds everyone drafts 7 of 8 "
        "cards per round, choosing and placing simultaneously on a diamond-shaped tree, then passes the "
        "hand. Score round objectives, ornament values, gingerbreads, complete bulbs and unused "
        "cookies. Family, normal and advanced modes. Ties share the win."
    ),
    "naughty-or-nice": (
        "**Set collection, 2-5 players, levels 1-5.** Gift givers craft presents, summon creatures and "
        "fulfil kiddos' wishes from the playground. Creatures can react out of turn. When a Midnight "
        "card appears, everyone takes one last turn. Most points wins; ties go to whoever fulfilled more "
        "wishes."
    ),
    "grumpy-nisse": (
        "**Two players, asymmetric.** One plays **Violet**, the other **Torech**, the grumpy nisse "
        "(the host may choose in the lobby; otherwise at random).\n\n"
        "**Dice draft (public):** 11 rolls of 3 dice; a die takes a card from its row of a 6x6 grid "
        "(any card when it shows more than the rows left). The roller picks 1st and 3rd. Each player "
        "ends with an 18-card deck.\n\n"
        "**Two rounds of one-card tricks:** same suit, the higher card wins; otherwise a trump wins "
        "(the trump is set by the pawn's group of spaces), otherwise the lead card. Cards 1-7 have "
        "effects: 1 beats any 9, 3 adds dice, a led 5 cannot be trumped; after the trick 2 Recover, "
        "4 Foresight, 6 Spy, 7 Rummage. Each trick Violet wins moves her pawn one space; track "
        "events (shortcut, panics...) help or hinder.\n\n"
        "**Violet wins** by winning a trick on space 18 (reaching Ordep). **Torech wins** if round 2 "
        "ends first, or at once with 3 wins on space 11 (his devilish plan)."
    ),
    "naughty-and-nice": (
        "**2-6 players.** On your turn declare Naughty or Nice (your draws are then shown and cards of "
        "the other type discarded) or nothing, and draw one to four cards, one at a time. Play cards "
        "from your hand onto any player, yourself too, until you hold two; a Shiny! played on someone "
        "else steals cards worth up to its value from them. Once someone has ten cards in play the end "
        "can be declared: everyone gets one more turn. Then each Shiny! is turned face up or down in "
        "secret and a die decides which count. Your score is the smaller of your Naughty and Nice "
        "totals; ties go to the smaller difference."
    ),
}


def rules_embed(game_name: str) -> discord.Embed:
    info = GAMES[game_name]
    status = "" if info.available else "\n\n*Coming soon: not playable on this bot yet.*"
    embed = discord.Embed(
        title=f"{info.title} - rules in short ({info.players_text})",
        description=SUMMARIES[game_name] + status,
        colour=EMBED_COLOUR,
    )
    embed.set_footer(text="Start a game with /play.")
    return embed
