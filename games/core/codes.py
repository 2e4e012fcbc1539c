"""Short, reversible codes for actions, for Discord custom_ids and select values.

An action `Nominate(kind="nominate", seat=3)` becomes `"nominate.3"`; booleans are `1`/`0`.
Decoding goes back through the game's pydantic action union, so a forged code is rejected with
a `ValueError` exactly like any other malformed input.
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import Enum
from typing import Any

from pydantic import BaseModel, TypeAdapter, ValidationError

from games.core.models import Action

SEPARATOR = "."


def _field_code(value: Any) -> str:
    if isinstance(value, bool):
        return "1" if value else "0"
    if isinstance(value, Enum):
        value = value.value
    text = str(value)
    if SEPARATOR in text or ":" in text or not text:
        raise ValueError(f"cannot encode field value {value!r}")
    return text


def encode_action(action: Action) -> str:
    values = [_field_code(getattr(action, name)) for name in type(action).model_fields if name != "kind"]
    return SEPARATOR.join([action.kind, *values])


def decode_action(
    code: str, adapter: TypeAdapter[Any], action_types: Mapping[str, type[BaseModel]]
) -> Action:
    """Parse `code` into an action of the game whose action kinds are `action_types`."""
    kind, *values = code.split(SEPARATOR)
    model = action_types.get(kind)
    if model is None:
        raise ValueError(f"unknown action {kind!r}")
    names = [name for name in model.model_fields if name != "kind"]
    if len(names) != len(values):
        raise ValueError(f"action {kind!r} takes {len(names)} values, got {len(values)}")
    data: dict[str, Any] = {"kind": kind}
    for name, raw in zip(names, values, strict=True):
        annotation = model.model_fields[name].annotation
        data[name] = (raw == "1") if annotation is bool and raw in ("0", "1") else raw
    try:
        return adapter.validate_python(data)
    except ValidationError as error:
        raise ValueError(f"malformed action code {code!r}") from error
