"""What the per-game language tests (issue 16, `test_*_languages.py`) share: a game's marked texts
(by `mine`, the source prefixes its texts are marked in), the pieces of them a reader of another
language must not read, what a reader reads in a message (Discord's limits checked on the way),
where those pieces are found, the walk over whole games that the tests of Naughty & Nice and Secret
Krampus read, and the phone budgets over a game's tables.

Two ways of finding a text in the wrong language are kept, as the games' tests use them:
- `wrong_pieces`: word runs of 4+ letters of the English (or another language's) text, each a
  pattern with the text it comes from; `assert_none_read` and `texts_found` look for them;
- `english_fixture` (of `marked_fixture`): per language, the parts of 2+ letters between
  placeholders, longest first; `leaks`, `english_read` and `assert_the_check_finds_english` look for them.

The translations come from the real catalogues."""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Iterable, Iterator
from typing import Any

import pytest
from babel.messages.catalog import Catalog, Message

import bot.i18n
from bot.errors import refusal
from bot.i18n import catalogues, described, using
from bot.plugins import GamePlugin
from bot.render.base import Payload
from games.core import IllegalAction, visible_events
from tests import marked_texts
from tests.bot.fakes import FakeMessage
from tests.bot.render.phone import NAMES, Moment, picture_problems, random_game, table_problems, text_of

PLACEHOLDER = re.compile(r"\{[^{}]*\}")
#: what is stripped off a word run of `wrong_pieces` (spaces, punctuation, Markdown)
WORD_RUN_ENDS = " .,:;()*!-+?\n"
#: what is stripped off a part of `english_fixture` (spaces, punctuation, Markdown, arrows)
PART_ENDS = " .,:;!?()*-><\n"


@functools.cache
def as_word(piece: str, letter: str = r"\w") -> re.Pattern[str]:
    """`piece` standing as a word: no `letter` (a character class) right before or after it. The
    piece comes first and the look-behind after it, so that the regex engine scans for the piece
    at C speed (a pattern that starts with a look-behind is tried at every position: the language
    checks took minutes of CI)."""
    return re.compile(rf"{re.escape(piece)}(?<!{letter}[\s\S]{{{len(piece)}}})(?!{letter})")


def marked_messages(mine: tuple[str, ...]) -> list[Message]:
    """The messages of the catalogue template marked in the sources under `mine`."""
    return [
        message
        for message in marked_texts.template()
        if message.id and any(path.startswith(mine) for path, _ in message.locations)
    ]


def translations_of(catalog: Catalog, message: Message) -> list[str]:
    """The translation of `message` in `catalog` (a plural: its forms); [""] where there is none."""
    found = catalog.get(message.id)
    given = found.string if found is not None else ""
    return [str(text) for text in (given if isinstance(given, tuple) else (given,))]


def wrong_pieces(
    language: str,
    mine: tuple[str, ...],
    *,
    other_languages: Iterable[str] = (),
    false_friends: Iterable[str] = (),
) -> list[tuple[str, re.Pattern[str]]]:
    """Texts a `language` reader must not read: for every text marked under `mine`, the word runs
    (the text between placeholders, at least 4 letters) of its English, and of its translations
    into `other_languages`, that its `language` translation does not hold, as patterns, each with
    the text it comes from. A text kept as it is (a name) has none, and neither has a word of
    `language` itself (`false_friends`); a placeholder of the translation ("{round}") does not hold
    the English word "round"."""
    pieces = []
    catalog = catalogues.load(language)
    others = [catalogues.load(other) for other in other_languages]
    for message in marked_messages(mine):
        english = [str(text) for text in message.id] if isinstance(message.id, tuple) else [str(message.id)]
        translation = " ".join(translations_of(catalog, message))
        foreign = PLACEHOLDER.sub(" ", translation)
        for text in english + [text for other in others for text in translations_of(other, message)]:
            if text == translation:
                continue
            for piece in PLACEHOLDER.split(text):
                piece = piece.strip(WORD_RUN_ENDS)
                if piece in false_friends:
                    continue
                if sum(c.isalpha() for c in piece) >= 4 and piece not in foreign:
                    pieces.append((text, as_word(piece)))
    return pieces


def read(payload: Payload) -> str:
    """Everything a player reads in the message (the selects' descriptions too), with Discord's
    limits checked on the way."""
    message = FakeMessage(1, 1)
    message.apply(embeds=payload.embeds, view=payload.view, content=payload.content)
    descriptions = [
        o.description or "" for item in message.items() for o in getattr(item.item, "options", [])
    ]
    return "\n".join([message.text(), *descriptions])


def assert_none_read(texts: Iterable[str], pieces: list[tuple[str, re.Pattern[str]]], what: str) -> None:
    """No text of `pieces` stands in `texts`; else the failure names `what` they are and shows the
    first few with what stands around them."""
    found = {
        f"{wrong!r} in: {text[max(0, m.start() - 60) : m.end() + 60]!r}"
        for text in texts
        for wrong, pattern in pieces
        for m in [pattern.search(text)]
        if m
    }
    assert not found, f"{len(found)} {what}, e.g.\n" + "\n".join(sorted(found)[:8])


def texts_found(texts: Iterable[str], pieces: list[tuple[str, re.Pattern[str]]]) -> set[str]:
    """The texts of `pieces` of which a piece stands in one of `texts`."""
    texts_read = list(texts)
    return {wrong for wrong, pattern in pieces for text in texts_read if pattern.search(text)}


def read_moments(
    moments: Iterable[Moment], players: int, drafts: Callable[[Any], list[str]], drafts_every: int
) -> tuple[set[str], Moment]:
    """What every seat reads over a game in the current language: the table, the /log lines, each
    seat's private message, and, in every `drafts_every`-th state, its half-made choices (`drafts`
    of the seat's view); with the last state."""
    seen: set[str] = set()
    moment = None
    for n, moment in enumerate(moments):
        rules, renderer = moment.plugin.rules, moment.plugin.renderer
        seen.add(read(moment.table()))
        seen.update(described(e, moment.ctx.names) for e in moment.events)  # /log
        for seat in range(players):
            seen.add(read(moment.private(seat)))
            if n % drafts_every == 0:
                view = rules.view(moment.state, seat)
                events = visible_events(moment.events, seat)
                for draft in drafts(view):
                    seen.add(read(renderer.private(view, moment.ctx, events, draft)))
    assert moment is not None
    return seen, moment


def phone_budget_problems(
    label: str, moments: list[Moment], picture_every: int = 0, private_pictures: bool = True
) -> list[str]:
    """The phone budgets over one game's tables, and over the pictures of every `picture_every`-th
    state (none for 0: drawing is the slow part) on the table and, with `private_pictures`, in
    seat 0's private message."""
    tables = [moment.table() for moment in moments]
    problems = [f"{label}: {p}" for p in table_problems(tables)]
    if picture_every:
        for moment, table in list(zip(moments, tables, strict=True))[::picture_every]:
            problems += picture_problems(table)
            if private_pictures:
                problems += picture_problems(moment.private(0))
    return problems


def assert_languages_differ(moment: Moment, languages: Iterable[str]) -> None:
    """The table and seat 0's private message in each of `languages` are not the English ones."""
    with using("en"):
        english = (text_of(moment.table()), text_of(moment.private(0)))
    for language in languages:
        with using(language):
            table, private = text_of(moment.table()), text_of(moment.private(0))
        assert table != english[0] and private != english[1]


def marked_fixture(mine: tuple[str, ...]) -> Any:
    """A fixture `marked`, once a test module: the texts marked under `mine` (a plural: its forms)."""

    def marked() -> list[tuple[str, ...]]:
        found = []
        for message in marked_messages(mine):
            texts = message.id if isinstance(message.id, tuple) else (message.id,)
            found.append(tuple(str(text) for text in texts))
        return found

    return pytest.fixture(marked, scope="module")


def english_fixture(languages: Iterable[str]) -> Any:
    """A fixture `english` (of the fixture `marked`): per language, the English parts (`parts`) of
    the marked texts a reader of it must never see (unless its translation keeps the part, as with
    a name), longest first. The translations are loaded anew before and after."""

    def english(marked: list[tuple[str, ...]]) -> Iterator[dict[str, list[str]]]:
        bot.i18n.translations.cache_clear()
        found: dict[str, list[str]] = {}
        for language in languages:
            catalog = catalogues.load(language)
            pieces: set[str] = set()
            for texts in marked:
                message = catalog.get(texts[0])
                strings = message.string if message is not None else ""
                foreign = " ".join(strings) if isinstance(strings, tuple) else str(strings or "")  # "": none
                for text in texts:
                    pieces.update(piece for piece in parts(text) if piece not in foreign)
            found[language] = sorted(pieces, key=len, reverse=True)
        yield found
        bot.i18n.translations.cache_clear()

    return pytest.fixture(english)


def parts(text: str) -> list[str]:
    """The parts of `text` between its placeholders that say something (a word of 2+ letters)."""
    stripped = (part.strip(PART_ENDS) for part in re.split(r"\{[^}]*\}", text))
    return [part for part in stripped if re.search(r"[A-Za-z]{2}", part)]


def leaks(text: str, pieces: list[str], kept: Iterable[str] = ()) -> list[str]:
    """The `pieces` standing in `text` as words, once the names `kept` in every language are out."""
    for name in kept:
        text = text.replace(name, "")
    return [piece for piece in pieces if as_word(piece, "[A-Za-z]").search(text)]


def read_whole_games(
    plugin: GamePlugin,
    games: Iterable[tuple[int, int]],
    language: str,
    rules_summary: str,
    more: Callable[[Moment, Any, int], Iterator[tuple[str, str]]],
) -> Iterator[tuple[str, str]]:
    """(what, text) for everything players read over the random `games` (players, seed) in
    `language`: the table, the /log lines, each seat's private message, what `more` gives for the
    seat's view, the refusals of actions out of turn, the ending and the /rules summary; the phases
    seen come as ("phase", name). Each game ends, and its tables hold the phone budget."""
    renderer = plugin.renderer
    rules = plugin.rules
    for players, seed in games:
        tables = []
        outcome = None
        for moment in random_game(plugin, players, seed):
            state, ctx = moment.state, moment.ctx
            yield "phase", state.phase.value
            with using(language):
                tables.append(moment.table())
                yield "table", read(tables[-1])
                for event in visible_events(moment.events, None):  # as /log shows them
                    yield "log", described(event, ctx.names)
                for seat in range(players):
                    view = rules.view(state, seat)
                    yield "private", read(moment.private(seat))
                    yield from more(moment, view, seat)
                    for action in rules.legal_actions(state, (seat + 1) % players)[:2]:
                        try:
                            rules.apply(state, seat, action)
                        except IllegalAction as error:
                            yield "refusal", refusal(error).message
                outcome = rules.outcome(state)
                if outcome is not None:
                    yield "ending", renderer.ending(rules.view(state, None), ctx, outcome.summary)
        assert outcome is not None, f"{players}p game {seed} did not end"
        problems = table_problems(tables)
        assert not problems, f"{language} {players}p over the phone budget:\n" + "\n\n".join(problems[:2])
    with using(language):
        yield "rules", bot.i18n._(rules_summary)


def english_read(
    seen: Iterable[tuple[str, str]], pieces: list[str], kept: Iterable[str] = ()
) -> tuple[dict[str, str], set[str]]:
    """Of `read_whole_games`: where each of `pieces` was first read, and the kinds of text read
    (with the phases)."""
    found: dict[str, str] = {}
    kinds: set[str] = set()
    for what, text in seen:
        kinds.add(text if what == "phase" else what)
        for piece in leaks(text, [] if what == "phase" else pieces, kept):
            found.setdefault(piece, f"{what}: {text}")
    return found, kinds


def english_report(found: dict[str, str], language: str) -> str:
    """The failure of `english_read`'s `found` in `language`: how many, and the first few where read."""
    return f"{len(found)} English texts in {language}, e.g.\n" + "\n".join(
        f"{piece!r} in {where}" for piece, where in list(found.items())[:8]
    )


def assert_the_check_finds_english(
    seen: Iterable[tuple[str, str]], pieces: list[str], kept: Iterable[str] = ()
) -> None:
    """The same games read in English (`seen`) show many of the game's English `pieces`, and none
    of the players' names is one."""
    text = " ".join(text for what, text in seen if what != "phase")
    assert len(leaks(text, pieces, kept)) > 50
    assert not any(name in pieces for name in NAMES)
