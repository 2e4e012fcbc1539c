"""`GamePlugin`: everything the bot needs to know about one game, and `PluginRegistry`, the games
the bot hosts.

A plugin holds the game's rules (`games.core.GameRules`), its AI policy class and the dotted path
of its Discord side (the "ui" module, e.g. `bot.render.<game>`). The ui module is imported
on first use only, so knowing the games costs no discord, Pillow or renderer import. It must
define:

- `RENDERER`: the game's `bot.render.base.GameRenderer`;
- `RULES_SUMMARY`: the `/rules` text (Discord markdown, at most 4096 characters: one embed);
- `LOBBY_TEXTS`: a one-line description per lobby option name (the fields of the rules'
  `options_model`; `{}` for a game without options), and for every value that is not a number,
  `"name=value": (label, description)` (no player reads "host_violet").

Anything missing raises a `PluginError` that names the game, the module and what is missing: a
game never quietly falls back to random play, no rules text or another game's renderer.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING, Any

from bot.i18n import _, ngettext
from games.core import GameRules
from games.core.ai import Policy

if TYPE_CHECKING:
    from bot.render.base import GameRenderer


#: What `bot.render.base.GameRenderer` asks of a renderer.
RENDERER_METHODS = (
    "table",
    "private",
    "has_private_decision",
    "private_news",
    "acknowledge",
    "chat_reminder",
    "ending",
    "tells_on_table",
)


class PluginError(RuntimeError):
    """A game's plugin is incomplete (its ui module or one of its attributes is missing or wrong)."""


@dataclass(frozen=True)
class Teams:
    """A team game: the teams' names (as its `Outcome.team` says them) and the team of the seat
    whose own view this is (read from that view only)."""

    names: tuple[str, ...]
    of: Callable[[Any], str]


@dataclass(frozen=True)
class BenchSetup:
    """One line-up of the AI benchmark (`python -m bot.bench ai`): lobby `options`, the player
    counts to play (`()`: every count the game allows), a `scale` of the games per match-up (for
    slow games) and a `label` naming it after the game's name (e.g. "advanced")."""

    options: Mapping[str, Any] = field(default_factory=dict)
    players: tuple[int, ...] = ()
    scale: float = 1.0
    label: str = ""


@dataclass(frozen=True)
class GamePlugin:
    """One game: `rules`, `policy` (its AI, a `Policy` class or factory) and `ui`, the dotted path
    of the module with its `RENDERER`, `RULES_SUMMARY` and `LOBBY_TEXTS`, imported on first use.

    Optional: `teams` for a team game, and the AI benchmark's line-ups in `bench`.
    """

    rules: GameRules
    policy: Callable[[], Policy]
    ui: str
    teams: Teams | None = None
    bench: tuple[BenchSetup, ...] = (BenchSetup(),)

    # -- what the rules say -----------------------------------------------------------------------
    @property
    def name(self) -> str:
        return self.rules.name

    @property
    def title(self) -> str:
        return self.rules.title

    @property
    def min_players(self) -> int:
        return self.rules.min_players

    @property
    def max_players(self) -> int:
        return self.rules.max_players

    @property
    def players_text(self) -> str:
        """The number of players, e.g. "2 players", in the language texts are drawn in now."""
        if self.min_players == self.max_players:
            return ngettext("{n} player", "{n} players", self.min_players)
        return _("{least}-{most} players", least=self.min_players, most=self.max_players)

    def option_names(self) -> list[str]:
        """The lobby options of the rules' options model (the turn clock every game has aside)."""
        return list(self.rules.options_model.model_fields)

    # -- the Discord side, loaded on first use ----------------------------------------------------
    # (cached_property works on a frozen dataclass: it writes the instance __dict__ directly.)
    @cached_property
    def _ui_module(self) -> Any:
        try:
            return importlib.import_module(self.ui)
        except ModuleNotFoundError as error:
            if error.name is not None and (self.ui + ".").startswith(error.name + "."):
                raise PluginError(f"{self.name}: its ui module {self.ui!r} does not exist") from error
            raise

    def _ui_attribute(self, attribute: str, kind: type) -> Any:
        value = getattr(self._ui_module, attribute, None)
        if value is None:
            raise PluginError(f"{self.name}: its ui module {self.ui!r} has no {attribute}")
        if not isinstance(value, kind):
            raise PluginError(
                f"{self.name}: {self.ui}.{attribute} is a {type(value).__name__}, not a {kind.__name__}"
            )
        return value

    @cached_property
    def renderer(self) -> GameRenderer:
        """The game's renderer (`RENDERER` of its ui module)."""
        renderer: GameRenderer = self._ui_attribute("RENDERER", object)
        missing = [method for method in RENDERER_METHODS if not callable(getattr(renderer, method, None))]
        if missing:
            raise PluginError(f"{self.name}: {self.ui}.RENDERER has no {', '.join(missing)}")
        label = getattr(renderer, "private_button", None)
        if not isinstance(label, str) or not label.strip():
            raise PluginError(
                f"{self.name}: {self.ui}.RENDERER has no private_button (the label of the table's "
                "button that opens a seat's private view)"
            )
        return renderer

    @cached_property
    def summary(self) -> str:
        """The `/rules` text (`RULES_SUMMARY` of its ui module)."""
        text: str = self._ui_attribute("RULES_SUMMARY", str)
        if not text.strip():
            raise PluginError(f"{self.name}: {self.ui}.RULES_SUMMARY is empty")
        return text

    @cached_property
    def lobby_texts(self) -> dict[str, Any]:
        """A one-line description per lobby option and a (label, description) per named value
        (`LOBBY_TEXTS` of its ui module)."""
        texts = self._ui_attribute("LOBBY_TEXTS", dict)
        for key, value in texts.items():
            named = isinstance(value, tuple) and len(value) == 2 and all(isinstance(v, str) for v in value)
            if not isinstance(key, str) or not (named if "=" in key else isinstance(value, str)):
                raise PluginError(
                    f"{self.name}: {self.ui}.LOBBY_TEXTS must map option names to text and "
                    f'"name=value" to (label, description); {key!r} does not'
                )
        return dict(texts)

    @cached_property
    def ai(self) -> Policy:
        """The game's AI policy, made once (policies keep no memory: see `games.core.ai`)."""
        policy = self.policy()
        if not isinstance(policy, Policy):
            raise PluginError(f"{self.name}: its policy {self.policy!r} made a {type(policy).__name__}")
        return policy

    def check(self) -> None:
        """Load everything now and raise a `PluginError` on the first thing missing."""
        self.renderer, self.summary, self.ai  # noqa: B018 - loaded for their checks
        from bot.render.lobby import unnamed_values  # the Discord side, like the renderer

        texts = self.lobby_texts
        missing = [name for name in self.option_names() if not texts.get(name, "").strip()]
        missing += unnamed_values(self.rules.options_model, texts)
        if missing:
            raise PluginError(f"{self.name}: {self.ui}.LOBBY_TEXTS has no text for {', '.join(missing)}")
        unknown = sorted({key.split("=")[0] for key in texts} - set(self.option_names()))
        if unknown:
            raise PluginError(f"{self.name}: {self.ui}.LOBBY_TEXTS names no option {', '.join(unknown)}")


class PluginRegistry:
    """The games the bot hosts, in registration order (the order of `/play`'s choices)."""

    def __init__(self) -> None:
        self._plugins: dict[str, GamePlugin] = {}

    def add(self, plugin: GamePlugin) -> GamePlugin:
        if not isinstance(plugin, GamePlugin):
            raise TypeError(f"not a GamePlugin: {plugin!r}")
        if plugin.name in self._plugins:
            raise ValueError(f"a game called {plugin.name!r} is already registered")
        self._plugins[plugin.name] = plugin
        return plugin

    def remove(self, name: str) -> GamePlugin:
        """Unregister a game (for tests that add a game of their own)."""
        plugin = self.get(name)
        del self._plugins[name]
        return plugin

    def get(self, name: str) -> GamePlugin:
        try:
            return self._plugins[name]
        except KeyError:
            raise KeyError(f"No game called {name!r}. Games: {', '.join(self._plugins)}") from None

    def find(self, name: str) -> GamePlugin | None:
        """The game called `name`, or None (e.g. a stored game of a game this bot no longer has)."""
        return self._plugins.get(name)

    def __contains__(self, name: object) -> bool:
        return name in self._plugins

    def __iter__(self) -> Iterator[GamePlugin]:
        return iter(list(self._plugins.values()))

    def __len__(self) -> int:
        return len(self._plugins)

    def values(self) -> list[GamePlugin]:
        return list(self._plugins.values())

    def names(self) -> list[str]:
        return list(self._plugins)

    def check_all(self) -> None:
        """Load every game's ui module (renderer, rules text, lobby texts) and AI; raise a
        `PluginError` naming every game that is incomplete."""
        problems = []
        for plugin in self:
            try:
                plugin.check()
            except PluginError as error:
                problems.append(str(error))
        if problems:
            raise PluginError("Incomplete games:\n" + "\n".join(problems))


__all__ = ["BenchSetup", "GamePlugin", "PluginError", "PluginRegistry", "Teams"]
