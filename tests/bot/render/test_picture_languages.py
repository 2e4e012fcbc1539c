"""The words inside the pictures of all five games in Hungarian and German (issue 16): over random
whole games, what a Hungarian or German player reads in the table's and every seat's pictures holds
none of the English texts the pictures draw (nor the other language's translations of them), no
translated word of the pictures is cut short ('..') for want of room, the pictures stay legible
on a 400 px wide phone (`tests/bot/render/phone.py`) in every language, and a picture drawn in one
language is never served from a cache to a reader of another.

The translations come from the real catalogues."""

from __future__ import annotations

import re
from typing import Any

import pytest
from babel.messages.catalog import Catalog, Message
from PIL import ImageDraw

from bot.i18n import catalogues, using
from bot.plugins import PLUGINS, GamePlugin
from bot.render.base import Payload, Picture
from bot.render.pictures.christmas_tree_private import PrivatePicture
from games.grumpy_nisse.data import SUITS
from games.naughty_and_nice.words import TYPE_NAMES
from games.naughty_or_nice.words import SYMBOL_NAMES
from games.secret_krampus.words import ORDER_NAMES
from tests import marked_texts
from tests.bot.harness import a_test_game
from tests.bot.render import languages
from tests.bot.render.phone import picture_problems, random_game

SOURCES = ("bot/render/pictures",)
#: the marked names of the rules that the pictures draw (the rest is marked in bot/render/pictures)
NAMES_DRAWN = {
    *(info.name for info in SUITS.values()),
    *TYPE_NAMES.values(),
    *SYMBOL_NAMES.values(),
    ORDER_NAMES[next(iter(ORDER_NAMES))],
}
LANGUAGES = ("hu", "de")
PICTURE_EVERY = 7  # pictures are drawn for every n-th state only (drawing is the slow part)
PLACEHOLDER = re.compile(r"\{[^{}]*\}")
NOT_HERE = pytest.mark.skip(reason="a game the tests registered: no pictures, no texts in the catalogues")
GAMES = [
    pytest.param(plugin, id=plugin.name, marks=[NOT_HERE] if a_test_game(plugin) else [])
    for plugin in PLUGINS.values()
]


def _strings(catalog: Catalog, message: Message) -> list[str]:
    found = catalog.get(message.id)
    given = found.string if found is not None else ""
    return [str(text) for text in (given if isinstance(given, tuple) else (given,))]


def _drawn_messages() -> list[Message]:
    """The catalogue's texts the pictures draw."""
    return [
        message
        for message in marked_texts.template()
        if message.id
        and (
            any(path.startswith(SOURCES) for path, _ in message.locations)
            or (isinstance(message.id, str) and message.id in NAMES_DRAWN)
        )
    ]


def _wrong_pieces(language: str) -> list[tuple[str, re.Pattern[str]]]:
    """Texts a `language` reader must not see in a picture: the word runs (between placeholders
    and line breaks, at least 4 letters) of each drawn text's English and other languages'
    translations that its `language` translation does not hold, as patterns."""
    pieces = []
    catalog = catalogues.load(language)
    others = [catalogues.load(other) for other in LANGUAGES if other != language]
    for message in _drawn_messages():
        english = [str(text) for text in message.id] if isinstance(message.id, tuple) else [str(message.id)]
        foreign = " ".join(_strings(catalog, message))
        for text in english + [text for other in others for text in _strings(other, message)]:
            if text == foreign:
                continue
            for piece in re.split(r"\{[^{}]*\}|\n", text):
                piece = piece.strip(" .,:;()*!-·")
                if sum(c.isalpha() for c in piece) >= 4 and piece not in foreign:
                    pieces.append((text, languages.as_word(piece)))
    return pieces


def _whole_words(language: str) -> list[str]:
    """The translations of the drawn texts that have no placeholder: a picture shows them whole."""
    catalog = catalogues.load(language)
    return [
        line
        for message in _drawn_messages()
        for text in _strings(catalog, message)
        if text and not PLACEHOLDER.search(text)
        for line in text.split("\n")
    ]


def _texts_drawn(payload: Payload) -> list[str]:
    """Every text drawn into the message's pictures (each drawn in the picture's own language)."""
    drawn: list[str] = []
    original = ImageDraw.ImageDraw.text

    def noting(self: Any, xy: Any, text: Any, *args: Any, **kwargs: Any) -> Any:
        drawn.append(str(text))
        return original(self, xy, text, *args, **kwargs)

    ImageDraw.ImageDraw.text = noting  # type: ignore[method-assign]
    try:
        for picture in payload.pictures:
            picture.drawn()
    finally:
        ImageDraw.ImageDraw.text = original  # type: ignore[method-assign]
    return drawn


def _setups(plugin: GamePlugin) -> list[tuple[int, dict]]:
    options = [dict(setup.options) for setup in plugin.bench]
    return [(plugin.min_players, options[0]), (plugin.max_players, options[-1])]


def _pictures_read(plugin: GamePlugin, language: str) -> tuple[list[str], list[str]]:
    """What `language` readers read in the pictures over two random games, and the phone problems."""
    texts: list[str] = []
    problems: list[str] = []
    with using(language):
        for players, options in _setups(plugin):
            moments = list(random_game(plugin, players, 1, options))
            for n, moment in enumerate(moments):
                if n % PICTURE_EVERY and n != len(moments) - 1:  # the end is always drawn
                    continue
                for payload in [moment.table(), *(moment.private(seat) for seat in range(players))]:
                    texts += _texts_drawn(payload)
                    if n % (PICTURE_EVERY * 3) == 0:
                        problems += picture_problems(payload)
    return texts, problems


@pytest.mark.parametrize("plugin", GAMES)
@pytest.mark.parametrize("language", LANGUAGES)
def test_pictures_speak_the_readers_language(language: str, plugin: GamePlugin) -> None:
    with using(language):
        pieces = _wrong_pieces(language)
        whole = _whole_words(language)
    assert pieces, "no translated texts found for the pictures"
    texts, problems = _pictures_read(plugin, language)
    assert texts, f"{plugin.name} drew no text"
    found = {f"{wrong!r} in {text!r}" for text in texts for wrong, pattern in pieces if pattern.search(text)}
    assert not found, f"{len(found)} texts not in {language}, e.g.\n" + "\n".join(sorted(found)[:8])
    cut = {text for text in texts if text.endswith("..") and any(w.startswith(text[:-2]) for w in whole)}
    assert not cut, f"translated words cut short in {language}: {sorted(cut)}"
    assert not problems, f"{len(problems)} pictures illegible in {language}:\n" + "\n".join(problems[:3])


def test_the_english_texts_looked_for_are_drawn_in_english() -> None:
    """The check above can fail: the same games' pictures drawn in English hold the texts it looks
    for, in every game and for each language."""
    pieces = {}
    for language in LANGUAGES:
        with using(language):
            pieces[language] = _wrong_pieces(language)
    for plugin in PLUGINS.values():
        if a_test_game(plugin):
            continue
        texts, _ = _pictures_read(plugin, "en")
        for language in LANGUAGES:
            found = any(pattern.search(text) for text in texts for _, pattern in pieces[language])
            assert found, (
                f"{plugin.name}: its pictures drawn in English hold no text the check in {language} "
                f"looks for ({len(texts)} texts drawn)"
            )


def test_the_close_ups_and_hand_speak_the_readers_language() -> None:
    """Christmas Tree's private picture: the hand's label and the close-ups' turns (drawn only
    while a card is being placed) in each language, none of them English."""
    tree: list[Any] = [None] * 21
    english = {"The hand in front of you", "Upright", "Upside down"}
    for language in ("en", *LANGUAGES):
        with using(language):
            hand = _payload(PrivatePicture(tree=tree, title="t", hand=("G01", "G09")))
            close = _payload(PrivatePicture(tree=tree, title="t", close=("G01", 7)))
            drawn = set(_texts_drawn(hand) + _texts_drawn(close))
        if language == "en":
            assert english <= drawn, drawn
        else:
            assert not english & drawn and len(drawn - {"t"}) >= 3, (language, drawn)


def _payload(private: PrivatePicture) -> Payload:
    return Payload(pictures=[Picture("tree.png", private.key(), private.render)])


@pytest.mark.parametrize("plugin", GAMES)
def test_a_picture_in_one_language_is_not_served_to_another(plugin: GamePlugin) -> None:
    """The same state's pictures drawn in English, Hungarian and German (in turns, so any cache
    of words keyed without the language would hand one reader another's) are three pictures."""
    moment = list(random_game(plugin, plugin.min_players, 2, dict(plugin.bench[0].options)))[-1]
    drawn: dict[str, list[bytes]] = {}
    for language in ("en", *LANGUAGES, "en", *LANGUAGES):
        with using(language):
            payload = moment.table()
        drawn.setdefault(language, []).append(b"".join(p.drawn() for p in payload.pictures))
    assert all(a == b for a, b in drawn.values()), "the same language drew two different pictures"
    if any(drawn["en"]):
        assert len({pictures[0] for pictures in drawn.values()}) == 3


@pytest.mark.parametrize("plugin", GAMES)
def test_every_picture_says_what_it_shows_in_the_reader_s_language(plugin: GamePlugin) -> None:
    """Its alt text (what a screen reader says, and what shows while it loads): a picture sent
    without one was only "image"."""
    moment = list(random_game(plugin, plugin.min_players, 2, dict(plugin.bench[0].options)))[-1]
    told: dict[str, set[str]] = {}
    for language in ("en", *LANGUAGES):
        with using(language):
            payloads = [moment.table(), *(moment.private(seat) for seat in range(plugin.min_players))]
        pictures = [picture for payload in payloads for picture in payload.pictures]
        assert pictures and all(picture.alt for picture in pictures), (language, pictures)
        assert all(picture.file().description == picture.alt for picture in pictures[:1])
        told[language] = {picture.alt for picture in pictures}
    for language in LANGUAGES:
        assert not told[language] & told["en"], (language, told[language])
