"""The Pillow picture of The Grumpy Nisse's track: a valid, small, deterministic PNG whose key
changes exactly when what it draws changes (the pawn, an event's state, Ordep)."""

from __future__ import annotations

import io
import random

import pytest
from PIL import Image

from bot.render.base import Picture
from bot.render.pictures.grumpy_nisse import HEIGHT, WIDTH, picture_key, render_track_png
from games.grumpy_nisse import GrumpyNisse, Shortcut
from tests.bot.render.phone import MAX_ASPECT, MIN_TEXT_PX, picture_shape

GAME = GrumpyNisse()


def decode(png: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(png))
    image.load()
    assert image.format == "PNG"
    return image


def track_at(pawn: int, **events: object) -> list:
    state = GAME.new_game(2, GAME.parse_options(None), 1)
    state.pawn = pawn
    for name, value in events.items():
        setattr(state, name, value)
    return GAME.view(state, None).track


def test_png_decodes_with_expected_size() -> None:
    png = render_track_png(track_at(1))
    assert decode(png).size == (WIDTH, HEIGHT)
    assert 2_000 < len(png) < 40_000


@pytest.mark.parametrize("ordep", [False, True])
def test_fits_a_phone(ordep: bool) -> None:
    """At most 2:1 wide, and its smallest letters at least 11 px once scaled to a 400 px phone."""
    track = track_at(18, panic_done=[16])
    shape = picture_shape(
        Picture("track.png", picture_key(track, ordep), lambda: render_track_png(track, ordep))
    )
    assert shape.aspect <= MAX_ASPECT
    assert shape.smallest_text >= MIN_TEXT_PX


def test_deterministic_bytes_and_keys() -> None:
    track = track_at(7, devilish_count=1)
    as_dicts = [space.model_dump(mode="json") for space in track]  # e.g. after a JSON round trip
    assert render_track_png(track) == render_track_png(as_dicts)
    assert picture_key(track) == picture_key(as_dicts)
    assert picture_key(track) == picture_key(track_at(7, devilish_count=1))


def test_key_and_picture_change_with_what_is_drawn() -> None:
    cases = [
        track_at(1),
        track_at(2),
        track_at(5, shortcut=Shortcut.ARMED),
        track_at(5, shortcut=Shortcut.LOST),
        track_at(11, devilish_count=2),
        track_at(18, panic_done=[16, 17]),
    ]
    keys = [picture_key(track) for track in cases]
    assert len(set(keys)) == len(keys)
    pngs = [render_track_png(track) for track in cases]
    assert len(set(pngs)) == len(pngs)
    assert picture_key(cases[-1], ordep=True) != keys[-1]
    assert render_track_png(cases[-1], ordep=True) != pngs[-1]


def test_key_stays_while_a_game_does_not_move_the_pawn_or_events() -> None:
    """Over a whole random game the key changes only with the pawn or an event's state."""
    rng = random.Random(3)
    state = GAME.new_game(2, GAME.parse_options(None), 3)
    seen: dict[str, tuple] = {}
    while GAME.outcome(state) is None:
        track = GAME.view(state, None).track
        drawn = tuple((s.pawn_here, s.event_state) for s in track)
        key = picture_key(track)
        assert seen.setdefault(key, drawn) == drawn
        seat = rng.choice(sorted(GAME.to_decide(state)))
        state, _ = GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
    assert 5 <= len(seen) <= 40
