"""The games this bot hosts: one line per game, in the order `/play` lists them.

To add a game: its rules and AI under `games/<game>/`, its Discord side in one module with
`RENDERER`, `RULES_SUMMARY` and `LOBBY_TEXTS` (see `bot.plugins.plugin`), then one line here.
"""

from __future__ import annotations

from bot.plugins.plugin import BenchSetup as Bench
from bot.plugins.plugin import GamePlugin, PluginRegistry, Teams
from games.christmas_tree import ChristmasTree
from games.christmas_tree.ai import ChristmasTreeAI
from games.grumpy_nisse import GrumpyNisse
from games.grumpy_nisse.ai import GrumpyNisseAI
from games.naughty_and_nice import NaughtyAndNice
from games.naughty_and_nice.ai import NaughtyAndNiceAI
from games.naughty_or_nice import NaughtyOrNice
from games.naughty_or_nice.ai import NaughtyOrNiceAI
from games.secret_krampus import SecretKrampus
from games.secret_krampus.ai import SecretKrampusAI
from games.secret_krampus.data import TEAM_OF_ROLE

PLUGINS = PluginRegistry()

# One statement per game; the optional `teams` and `bench` (the AI benchmark's line-ups) wrap.
PLUGINS.add(
    GamePlugin(
        SecretKrampus(),
        SecretKrampusAI,
        "bot.render.secret_krampus",
        teams=Teams(("NICE", "NAUGHTY"), lambda view: TEAM_OF_ROLE[view.my_role].value),
        bench=(Bench(players=(5, 7, 10)),),
    )
)
PLUGINS.add(
    GamePlugin(
        ChristmasTree(),
        ChristmasTreeAI,
        "bot.render.christmas_tree",
        bench=(Bench({"mode": "normal"}), Bench({"mode": "advanced"}, scale=0.5, label="advanced")),
    )
)
PLUGINS.add(
    GamePlugin(
        NaughtyOrNice(),
        NaughtyOrNiceAI,
        "bot.render.naughty_or_nice",
        bench=tuple(Bench({"level": level}, label=f"level{level}" * (level < 5)) for level in (5, 3, 1)),
    )
)
PLUGINS.add(
    GamePlugin(
        GrumpyNisse(),
        GrumpyNisseAI,
        "bot.render.grumpy_nisse",
        teams=Teams(("VIOLET", "TORECH"), lambda view: view.my_role.value),
    )
)
PLUGINS.add(GamePlugin(NaughtyAndNice(), NaughtyAndNiceAI, "bot.render.naughty_and_nice"))
