"""A finished game as one JSON document that replays to the identical final state.

`{"format": 1, "game": name, "options": {...}, "seed": n, "seats": [{"seat", "name", "ai"}],
"actions": [{"seq", "seat", "action": {...}}]}`. Everything, chance included, follows the seed,
so `replay_export` needs nothing else. Timer actions are logged from `SYSTEM_SEAT` like any other.
"""

from __future__ import annotations

import json
from typing import Any

from pydantic import BaseModel

from games.core.protocol import GameRules, GameState

FORMAT = 1


class ExportedSeat(BaseModel):
    seat: int
    name: str
    ai: bool = False


class ExportedAction(BaseModel):
    seq: int
    seat: int
    action: dict[str, Any]


class GameExport(BaseModel):
    format: int = FORMAT
    game: str
    options: dict[str, Any]
    seed: int
    seats: list[ExportedSeat]
    actions: list[ExportedAction]


def replay_export(rules: GameRules, export: GameExport) -> GameState:
    """The state the exported game reached, recomputed from its seed and actions alone."""
    if export.format != FORMAT:
        raise ValueError(f"unknown export format {export.format}")
    if export.game != rules.name:
        raise ValueError(f"this export is of {export.game!r}, not {rules.name!r}")
    actions = [(a.seat, rules.load_action(json.dumps(a.action))) for a in export.actions]
    return rules.replay(len(export.seats), rules.parse_options(export.options), export.seed, actions)


__all__ = ["ExportedAction", "ExportedSeat", "GameExport", "replay_export"]
