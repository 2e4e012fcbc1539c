"""The Naughty & Nice table picture: valid, small, deterministic palette PNGs that fit a phone
(at most 2:1, letters of 11 px at 400 px wide), drawn from the public view only, whose key changes
exactly when what is drawn changes; the end shows where each Shiny! card went."""

from __future__ import annotations

import io
import random

import pytest
from PIL import Image

from bot.render.base import Picture, TableContext
from bot.render.naughty_and_nice import NaughtyAndNiceRenderer
from bot.render.pictures.naughty_and_nice import WIDTH, drawn, picture_key, render_table_png
from games.naughty_and_nice import CARDS, NaughtyAndNice, Phase
from games.naughty_and_nice.data import CardType, Side
from games.naughty_and_nice.views import info
from tests.bot.render.phone import MAX_ASPECT, MIN_TEXT_PX, picture_shape

GAME = NaughtyAndNice()
NAMES = ["Ann", "Zoë", "Mrs Claus 🎄", "Dan", "Eve", "Fay"]


def _decode(png: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(png))
    image.load()
    assert image.format == "PNG" and image.mode == "P"  # palette: small
    return image


def _states(players: int, seed: int):
    rng = random.Random(seed)
    state = GAME.new_game(players, GAME.parse_options(None), seed)
    while True:
        yield state
        if GAME.outcome(state) is not None:
            return
        seat = rng.choice(sorted(GAME.to_decide(state)))
        actions = GAME.legal_actions(state, seat)
        ends = [a for a in actions if a.kind == "declare_end"]
        action = ends[0] if ends and rng.random() < 0.3 else rng.choice(actions)
        state, _ = GAME.apply(state, seat, action)


def _state_in(players: int, seed: int, phase: Phase):
    return next(s for s in _states(players, seed) if s.phase == phase)


def _check(png_render) -> Image.Image:
    shape = picture_shape(Picture("t.png", "k", png_render))
    assert shape.aspect <= MAX_ASPECT and shape.smallest_text >= MIN_TEXT_PX, shape
    return _decode(png_render())


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_pictures_of_real_games_fit_a_phone(players: int) -> None:
    for phase in (Phase.PLAY, Phase.GAME_OVER):
        view = GAME.view(_state_in(players, players, phase), None)
        png = render_table_png(view, NAMES[:players])
        image = _check(lambda view=view: render_table_png(view, NAMES[:players]))
        assert image.width == WIDTH and image.height < 250 + 130 * players
        assert 2_000 < len(png) < 40_000
        assert png == render_table_png(view, NAMES[:players])  # deterministic bytes


def test_every_card_in_one_play_area_still_fits() -> None:
    state = GAME.new_game(6, GAME.parse_options(None), 2)
    state.play_areas[0] = list(CARDS)
    state.draw_pile = []
    view = GAME.view(state, None)
    image = _check(lambda: render_table_png(view, ["A" * 40, *NAMES[1:]]))
    assert image.height <= 1100


def test_the_picture_shows_the_public_cards_in_play_and_totals() -> None:
    state = _state_in(4, 7, Phase.DECLARE)
    state.play_areas[1] = ["NI18", "NA19", "SH12"]  # Kitten +5, Sweater Vest -1, Lip Gloss +6
    state.hands[1] = ["NI01", "NI02"]
    d = drawn(GAME.view(state, None), NAMES[:4])
    row = d.rows[1]
    assert row.name == "Zoë" and d.rows[2].name == "Mrs Claus"  # as written, less the emoji
    assert row.line == "3 in play"
    nice, naughty, shiny = row.cells
    assert nice[0] == "5" and [c.value for c in nice[1]] == [5]
    assert naughty[0] == "-1" and [c.value for c in naughty[1]] == [-1]
    assert shiny[0] == "6" and [(c.type, c.value) for c in shiny[1]] == [(CardType.SHINY, 6)]
    assert d.rows[state.active_seat].mark == "active"
    # the hands' contents are not in it: other cards in hand, same picture
    other = state.model_copy(deep=True)
    other.hands[1] = ["NA18", "SH11"]
    assert picture_key(GAME.view(other, None), NAMES[:4]) == picture_key(GAME.view(state, None), NAMES[:4])


def test_the_key_changes_exactly_when_the_drawing_changes() -> None:
    state = _state_in(3, 9, Phase.PLAY)
    view = GAME.view(state, None)
    key = picture_key(view, NAMES[:3])
    assert key == picture_key(view.model_copy(deep=True), NAMES[:3])
    # not drawn: the turn number, the draws of the turn, what a draw changes (the piles' and the
    # hands' sizes: the table's text says them)
    same = view.model_copy(
        deep=True,
        update={"turn_no": view.turn_no + 3, "draws_this_turn": 4, "draw_pile_size": view.draw_pile_size - 1},
    )
    same.players[0].hand_size += 1
    assert picture_key(same, NAMES[:3]) == key
    # drawn: names, cards in play, the active seat
    changes = [(view, ["Ann", "Bob", "Cy"])]
    played = view.model_copy(deep=True)
    played.players[2].cards_in_play.append(info("NI18"))
    changes.append((played, NAMES[:3]))
    active = view.model_copy(deep=True)
    for p in active.players:
        p.is_active = p.seat == (view.active_seat + 1) % 3
    changes.append((active, NAMES[:3]))
    keys = {picture_key(v, names) for v, names in changes}
    assert key not in keys and len(keys) == len(changes)


def test_the_end_shows_where_each_shiny_went() -> None:
    view = GAME.view(_state_in(5, 3, Phase.GAME_OVER), None)
    d = drawn(view, NAMES[:5])
    seen = set()
    for r, row in zip(view.results, d.rows, strict=True):
        nice, naughty, shiny = row.cells
        assert nice[0] == str(r.nice_final) and naughty[0] == str(r.naughty_final)
        assert row.line == f"score {r.score} \N{MIDDLE DOT} diff. {r.difference}"
        assert (row.mark == "winner") == r.winner
        for s in r.shinies:
            where = {Side.NICE: nice, Side.NAUGHTY: naughty}.get(s.side, shiny) if s.counts else shiny
            chips = [c for c in where[1] if c.type == CardType.SHINY and c.value == s.card.value]
            assert any(c.face_up == s.face_up and c.dead == (not s.counts) for c in chips)
            seen.add(s.counts)
    assert seen == {True, False}


def test_the_table_attaches_the_picture_under_its_key() -> None:
    state = _state_in(3, 4, Phase.DRAW)
    ctx = TableContext(7, GAME.decision(state), NAMES[:3], "Naughty & Nice")
    view = GAME.view(state, None)
    payload = NaughtyAndNiceRenderer().table(view, ctx, [])
    assert [p.key for p in payload.pictures] == [picture_key(view, NAMES[:3])]
    assert payload.pictures[0].render() == render_table_png(view, NAMES[:3])


def test_names_as_written() -> None:
    view = GAME.view(_state_in(4, 4, Phase.DRAW), None)
    names = [row.name for row in drawn(view, ["Zoë", "Lúcia", "🎄 Mrs  Claus 🎄", "🎄"]).rows]
    assert names == ["Zoë", "Lúcia", "Mrs Claus", "Player 4"]
