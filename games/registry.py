"""Every game the bot knows: its name, title, player counts and (once built) its rules."""

from __future__ import annotations

from dataclasses import dataclass

from games.core import GameRules


@dataclass(frozen=True)
class GameInfo:
    name: str
    title: str
    min_players: int
    max_players: int
    rules: GameRules | None = None  # None: announced, not built yet

    @property
    def available(self) -> bool:
        return self.rules is not None

    @property
    def players_text(self) -> str:
        if self.min_players == self.max_players:
            return f"{self.min_players} players"
        return f"{self.min_players}-{self.max_players} players"


def _built(rules: GameRules) -> GameInfo:
    return GameInfo(rules.name, rules.title, rules.min_players, rules.max_players, rules)


def _load() -> dict[str, GameInfo]:
    from games.christmas_tree import ChristmasTree
    from games.grumpy_nisse import GrumpyNisse
    from games.naughty_and_nice import NaughtyAndNice
    from games.naughty_or_nice import NaughtyOrNice
    from games.secret_krampus import SecretKrampus

    games = [
        _built(SecretKrampus()),
        _built(ChristmasTree()),
        _built(NaughtyOrNice()),
        _built(GrumpyNisse()),
        _built(NaughtyAndNice()),
    ]
    return {game.name: game for game in games}


GAMES: dict[str, GameInfo] = _load()


def get_game(name: str) -> GameInfo:
    try:
        return GAMES[name]
    except KeyError:
        raise KeyError(f"No game called {name!r}. Games: {', '.join(GAMES)}") from None
