"""Reading stored message JSON the way a person reads the message in Discord."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

Message = dict[str, Any]


def iter_components(message: Message) -> Iterator[dict[str, Any]]:
    """Every component of a message, depth first (rows, their children, v2 containers)."""

    def walk(items: list[dict[str, Any]]) -> Iterator[dict[str, Any]]:
        for item in items:
            yield item
            yield from walk(item.get("components") or [])
            if isinstance(item.get("accessory"), dict):
                yield from walk([item["accessory"]])

    yield from walk(message.get("components") or [])


def message_custom_ids(message: Message) -> list[str]:
    return [c["custom_id"] for c in iter_components(message) if c.get("custom_id")]


def find_component(message: Message, custom_id: str) -> dict[str, Any] | None:
    for component in iter_components(message):
        if component.get("custom_id") == custom_id:
            return component
    return None


def component_text(component: dict[str, Any]) -> list[str]:
    parts = [component.get("label") or "", component.get("placeholder") or ""]
    emoji = component.get("emoji") or {}
    if emoji.get("name") and not emoji.get("id") and not component.get("label"):
        parts.append(emoji["name"])
    for option in component.get("options") or []:
        parts += [option.get("label") or "", option.get("description") or ""]
    if component.get("type") == 10:  # components v2 text display
        parts.append(component.get("content") or "")
    return parts


def message_text(message: Message) -> str:
    """Everything readable: content, embeds (title, description, fields as "name: value",
    footer, author), button labels, select placeholders and options."""
    parts: list[str] = [message.get("content") or ""]
    for embed in message.get("embeds") or []:
        parts.append((embed.get("author") or {}).get("name") or "")
        parts += [embed.get("title") or "", embed.get("description") or ""]
        parts += [f"{f.get('name', '')}: {f.get('value', '')}" for f in embed.get("fields") or []]
        parts.append((embed.get("footer") or {}).get("text") or "")
    for attachment in message.get("attachments") or []:
        parts.append(attachment.get("filename") or "")
    for component in iter_components(message):
        parts += component_text(component)
    return "\n".join(p for p in parts if p)
