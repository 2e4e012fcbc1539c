"""The Naughty or Nice table picture: valid, small, deterministic PNGs whose key changes exactly
when what is drawn changes."""

from __future__ import annotations

import io
import random

import pytest
from PIL import Image

from bot.render.pictures.naughty_or_nice import WIDTH, drawn, picture_key, render_table_png
from games.naughty_or_nice import NaughtyOrNice
from games.naughty_or_nice.viewmodels import KiddoCard

GAME = NaughtyOrNice()
NAMES = ["Alice", "Bob", "Carol", "Dave", "Eve"]


def decode(png: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(png))
    image.load()
    assert image.format == "PNG"
    return image


def played_view(players: int, seed: int, actions: int = 250):
    rng = random.Random(seed)
    state = GAME.new_game(players, GAME.parse_options({"level": 5}), seed)
    for _ in range(actions):
        deciders = sorted(GAME.to_decide(state))
        if not deciders or GAME.outcome(state) is not None:
            break
        seat = rng.choice(deciders)
        state, _ = GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
    return GAME.view(state, None)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_png_of_a_real_game(players: int) -> None:
    view = played_view(players, players)
    png = render_table_png(view, NAMES[:players])
    image = decode(png)
    assert image.width == WIDTH and 400 < image.height < 700 and image.width <= 2 * image.height
    assert 3_000 < len(png) < 80_000
    assert png == render_table_png(view, NAMES[:players])  # deterministic bytes
    assert picture_key(view, NAMES[:players]) == picture_key(view.model_copy(deep=True), NAMES[:players])


def test_key_changes_iff_the_drawing_changes() -> None:
    view = played_view(3, 9)
    key = picture_key(view, NAMES[:3])
    # what is not drawn: decks, turn number, events, the cards in hands and their numbers (the
    # table's footer says those)
    other = view.model_copy(deep=True)
    other.present_deck_size += 5
    other.turn_no += 1
    other.presents = other.offer
    other.players[0].presents_count += 2
    other.players[1].creatures_count += 1
    assert picture_key(other, NAMES[:3]) == key
    # what is drawn: names, scores, collections, the playground and the offer row
    changes = []
    renamed = picture_key(view, ["Zed", *NAMES[1:3]])
    changes.append(renamed)
    scored = view.model_copy(deep=True)
    scored.players[1].score += 1
    changes.append(picture_key(scored, NAMES[:3]))
    collected = view.model_copy(deep=True)
    collected.players[2].kiddos.append(
        KiddoCard(id="K01", name="Amara", symbol="STAR", colours=["RED", "BLUE"], points=2)
    )
    changes.append(picture_key(collected, NAMES[:3]))
    emptied = view.model_copy(deep=True)
    emptied.playground = emptied.playground[1:]
    changes.append(picture_key(emptied, NAMES[:3]))
    offer = view.model_copy(deep=True)
    offer.offer = offer.offer[:-1]
    changes.append(picture_key(offer, NAMES[:3]))
    assert len({key, *changes}) == len(changes) + 1
    for changed in (scored, collected, emptied, offer):
        assert drawn(changed, NAMES[:3]) != drawn(view, NAMES[:3])
        assert render_table_png(changed, NAMES[:3]) != render_table_png(view, NAMES[:3])


def test_start_of_game_and_long_names() -> None:
    view = GAME.view(GAME.new_game(5, GAME.parse_options(None), 1), None)
    long = ["A very long player name that will never fit the row " * 2] * 5
    png = render_table_png(view, long)
    assert decode(png).width == WIDTH and len(png) < 80_000
