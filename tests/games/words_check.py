"""Checks that the rules' player-visible sentences are marked for the message catalogues: an event's
`describe` (and a refusal) is a `Words` whose template, and every `Words` inside it, is a text the
catalogue extraction finds (`bot.i18n.catalogues.template`), or only glues placeholders together
(`"{item0}, {item1}"`: a list, no word to translate)."""

from __future__ import annotations

import functools
import re
import typing

from games.core.words import Words

PLACEHOLDER = re.compile(r"\{\w+\}")


@functools.cache
def marked_texts() -> frozenset[str]:
    """Every text the code marks (both forms of a plural)."""
    from tests.marked_texts import template

    texts: set[str] = set()
    for message in template():
        if message.id:
            texts.update(
                str(text) for text in (message.id if isinstance(message.id, tuple) else (message.id,))
            )
    return frozenset(texts)


def is_glue(template: str) -> bool:
    """Only placeholders, spaces, punctuation and signs: nothing a translator would change."""
    return not any(ch.isalpha() for ch in PLACEHOLDER.sub("", template))


def unmarked(text: Words) -> list[str]:
    """The templates in `text` (itself included) that are neither marked nor glue."""
    found = [] if text.template in marked_texts() or is_glue(text.template) else [text.template]
    for value in text.values.values():
        if isinstance(value, Words):
            found += unmarked(value)
    return found


def assert_marked_sentence(text: object, where: object) -> None:
    """`text` is a `Words` made from a marked sentence, and every name in it is marked."""
    assert isinstance(text, Words), f"{where}: a plain str {text!r}"
    assert text.template in marked_texts(), f"{where}: the sentence {text.template!r} is not marked"
    assert not unmarked(text), f"{where}: {unmarked(text)} not marked"


def event_kinds(union: object) -> set[str]:
    """The `kind` of every event class of a discriminated union (`Annotated[A | B, Field(...)]`)."""
    classes = typing.get_args(typing.get_args(union)[0])
    return {cls.model_fields["kind"].default for cls in classes}
