"""Discord's limits on messages and application commands: what real Discord answers with
400 / 50035 "Invalid Form Body" (with the `errors` tree discord.py prints as "In embeds.0.title: ...")."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from .model import COMPONENTS_V2, INVALID_FORM_BODY, MAX_ATTACHMENT_BYTES, ApiError

Path = tuple[str | int, ...]

BUTTON, ACTION_ROW, STRING_SELECT = 2, 1, 3
SELECTS = {3, 5, 6, 7, 8}
LINK, PREMIUM = 5, 6
_NAME = re.compile(r"^[-_\w]{1,32}$")


class Problems:
    def __init__(self) -> None:
        self.items: list[tuple[Path, str, str]] = []

    def add(self, path: Path, code: str, message: str) -> None:
        self.items.append((path, code, message))

    def max_len(self, path: Path, value: Any, limit: int, *, required: bool = False) -> None:
        text = "" if value is None else str(value)
        if len(text) > limit:
            self.add(path, "BASE_TYPE_MAX_LENGTH", f"Must be {limit} or fewer in length.")
        elif required and not text:
            self.add(path, "BASE_TYPE_REQUIRED", "This field is required")

    def raise_if_any(self) -> None:
        if not self.items:
            return
        errors: dict[str, Any] = {}
        for path, code, message in self.items:
            node = errors
            for key in path:
                node = node.setdefault(str(key), {})
            node.setdefault("_errors", []).append({"code": code, "message": message})
        raise ApiError(400, INVALID_FORM_BODY, "Invalid Form Body", errors)


def embed_length(embed: dict[str, Any]) -> int:
    total = len(embed.get("title") or "") + len(embed.get("description") or "")
    total += len((embed.get("footer") or {}).get("text") or "")
    total += len((embed.get("author") or {}).get("name") or "")
    for f in embed.get("fields") or []:
        total += len(f.get("name") or "") + len(f.get("value") or "")
    return total


def check_embeds(embeds: list[dict[str, Any]], p: Problems) -> None:
    if len(embeds) > 10:
        p.add(("embeds",), "BASE_TYPE_MAX_LENGTH", "Must be 10 or fewer in length.")
    total = 0
    for i, embed in enumerate(embeds):
        at: Path = ("embeds", i)
        p.max_len((*at, "title"), embed.get("title"), 256)
        p.max_len((*at, "description"), embed.get("description"), 4096)
        p.max_len((*at, "footer", "text"), (embed.get("footer") or {}).get("text"), 2048)
        p.max_len((*at, "author", "name"), (embed.get("author") or {}).get("name"), 256)
        fields = embed.get("fields") or []
        if len(fields) > 25:
            p.add((*at, "fields"), "BASE_TYPE_MAX_LENGTH", "Must be 25 or fewer in length.")
        for j, f in enumerate(fields):
            p.max_len((*at, "fields", j, "name"), f.get("name"), 256, required=True)
            p.max_len((*at, "fields", j, "value"), f.get("value"), 1024, required=True)
        total += embed_length(embed)
    if total > 6000:
        p.add(("embeds",), "MAX_EMBED_SIZE_EXCEEDED", "Embed size exceeds maximum size of 6000")


def walk_components(
    components: list[dict[str, Any]], at: Path = ("components",)
) -> Iterator[tuple[Path, dict]]:
    for i, component in enumerate(components):
        yield (*at, i), component
        for key in ("components",):
            if isinstance(component.get(key), list):
                yield from walk_components(component[key], (*at, i, key))
        if isinstance(component.get("accessory"), dict):
            yield (*at, i, "accessory"), component["accessory"]


def _check_select(path: Path, c: dict[str, Any], p: Problems) -> None:
    p.max_len((*path, "placeholder"), c.get("placeholder"), 150)
    lo, hi = c.get("min_values", 1), c.get("max_values", 1)
    if not 0 <= lo <= 25:
        p.add((*path, "min_values"), "NUMBER_TYPE_MAX", "int value should be between 0 and 25.")
    if not 1 <= hi <= 25 or hi < lo:
        p.add((*path, "max_values"), "NUMBER_TYPE_MAX", "int value should be between 1 and 25.")
    if c.get("type") != STRING_SELECT:
        return
    options = c.get("options") or []
    if not 1 <= len(options) <= 25:
        p.add((*path, "options"), "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 25 in length.")
    elif hi > len(options):
        p.add((*path, "max_values"), "SELECT_COMPONENT_MAX_VALUES", "Must be at most the number of options.")
    values = set()
    for k, option in enumerate(options):
        p.max_len((*path, "options", k, "label"), option.get("label"), 100, required=True)
        p.max_len((*path, "options", k, "value"), option.get("value"), 100, required=True)
        p.max_len((*path, "options", k, "description"), option.get("description"), 100)
        if option.get("value") in values:
            p.add((*path, "options", k, "value"), "SELECT_COMPONENT_OPTION_VALUE_DUPLICATED", "Duplicated")
        values.add(option.get("value"))


def check_components(components: list[dict[str, Any]], flags: int, p: Problems) -> None:
    v2 = bool(flags & COMPONENTS_V2)
    if not v2:
        if len(components) > 5:
            p.add(("components",), "BASE_TYPE_MAX_LENGTH", "Must be 5 or fewer in length.")
        for i, row in enumerate(components):
            if row.get("type") != ACTION_ROW:
                p.add(("components", i, "type"), "COMPONENT_LAYOUT_INVALID", "Top-level must be action rows.")
                continue
            children = row.get("components") or []
            if not 1 <= len(children) <= 5:
                p.add(("components", i, "components"), "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 5.")
            if any(c.get("type") in SELECTS for c in children) and len(children) > 1:
                p.add(
                    ("components", i, "components"), "COMPONENT_LAYOUT_WIDTH_EXCEEDED", "A select is alone."
                )
    seen: set[str] = set()
    for path, c in walk_components(components):
        kind = c.get("type")
        custom_id = c.get("custom_id")
        interactive = kind in SELECTS or (kind == BUTTON and c.get("style") not in (LINK, PREMIUM))
        if interactive:
            if not custom_id:
                p.add((*path, "custom_id"), "BASE_TYPE_REQUIRED", "This field is required")
            else:
                p.max_len((*path, "custom_id"), custom_id, 100)
                if custom_id in seen:
                    p.add(
                        (*path, "custom_id"),
                        "COMPONENT_CUSTOM_ID_DUPLICATED",
                        "Component custom id cannot be duplicated",
                    )
                seen.add(custom_id)
        if kind == BUTTON:
            p.max_len((*path, "label"), c.get("label"), 80)
            if not c.get("label") and not c.get("emoji"):
                p.add((*path, "label"), "BUTTON_COMPONENT_INVALID", "A button needs a label or an emoji.")
            if c.get("style") == LINK and not c.get("url"):
                p.add((*path, "url"), "BASE_TYPE_REQUIRED", "This field is required")
        elif kind in SELECTS:
            _check_select(path, c, p)


def check_message(message: dict[str, Any], uploads_size: int = 0) -> None:
    """The whole message after a create or an edit (raises ApiError)."""
    p = Problems()
    p.max_len(("content",), message.get("content"), 2000)
    check_embeds(message.get("embeds") or [], p)
    check_components(message.get("components") or [], message.get("flags", 0), p)
    attachments = message.get("attachments") or []
    if len(attachments) > 10:
        p.add(("attachments",), "BASE_TYPE_MAX_LENGTH", "Must be 10 or fewer in length.")
    if uploads_size > MAX_ATTACHMENT_BYTES:
        p.add(
            ("files",), "BASE_TYPE_MAX_LENGTH", f"Attachments must be {MAX_ATTACHMENT_BYTES} bytes or fewer."
        )
    p.raise_if_any()
    empty = not (
        message.get("content")
        or message.get("embeds")
        or message.get("components")
        or attachments
        or message.get("sticker_items")
        or message.get("poll")
    )
    if empty and not message.get("flags", 0) & (1 << 7):  # a "thinking" placeholder may be empty
        raise ApiError(400, 50006, "Cannot send an empty message")


def check_commands(commands: list[dict[str, Any]]) -> None:
    p = Problems()
    if len(commands) > 100:
        p.add((), "BASE_TYPE_MAX_LENGTH", "Must be 100 or fewer in length.")
    names: set[tuple[int, str]] = set()
    for i, command in enumerate(commands):
        kind = command.get("type", 1)
        name = command.get("name") or ""
        if kind == 1 and (not _NAME.match(name) or name.lower() != name):
            p.add((i, "name"), "APPLICATION_COMMAND_INVALID_NAME", "Command name is invalid")
        if (kind, name) in names:
            p.add(
                (i, "name"), "APPLICATION_COMMANDS_DUPLICATE_NAME", "Application command names must be unique"
            )
        names.add((kind, name))
        if kind == 1:
            p.max_len((i, "description"), command.get("description"), 100, required=True)
        _check_options(command.get("options") or [], (i, "options"), p)
    p.raise_if_any()


def _check_options(options: list[dict[str, Any]], at: Path, p: Problems) -> None:
    if len(options) > 25:
        p.add(at, "BASE_TYPE_MAX_LENGTH", "Must be 25 or fewer in length.")
    optional_seen = False
    for j, option in enumerate(options):
        path = (*at, j)
        name = option.get("name") or ""
        if not _NAME.match(name) or name.lower() != name:
            p.add((*path, "name"), "APPLICATION_COMMAND_INVALID_NAME", "Option name is invalid")
        p.max_len((*path, "description"), option.get("description"), 100, required=True)
        if option.get("required"):
            if optional_seen:
                p.add((*path, "required"), "APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID", "Required first")
        else:
            optional_seen = True
        choices = option.get("choices") or []
        if len(choices) > 25:
            p.add((*path, "choices"), "BASE_TYPE_MAX_LENGTH", "Must be 25 or fewer in length.")
        for k, choice in enumerate(choices):
            p.max_len((*path, "choices", k, "name"), choice.get("name"), 100, required=True)
            if isinstance(choice.get("value"), str):
                p.max_len((*path, "choices", k, "value"), choice.get("value"), 100, required=True)
        if option.get("type") in (1, 2):
            _check_options(option.get("options") or [], (*path, "options"), p)
