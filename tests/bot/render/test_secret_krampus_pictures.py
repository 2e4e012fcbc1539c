"""The Pillow picture of the Secret Krampus boards: a valid, small, deterministic palette PNG whose
key changes exactly when what it draws changes (a delivered gift, a failed vote, the stables, the
winner), never when a vote is cast or a Sleigh Loader nominated."""

from __future__ import annotations

import io
import random
from collections.abc import Iterator

import pytest
from PIL import Image

from bot.render.base import TableContext
from bot.render.pictures.secret_krampus import (
    HEIGHT,
    WIDTH,
    drawn,
    picture_key,
    render_boards_png,
    render_drawn_png,
)
from bot.render.secret_krampus import SecretKrampusRenderer
from games.secret_krampus import Phase, SecretKrampus
from games.secret_krampus.data import Team
from games.secret_krampus.models import Nominate, SKState, Vote

GAME = SecretKrampus()
NAMES = ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jon"]


def decode(png: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(png))
    image.load()
    assert image.format == "PNG"
    return image


def states(players: int, seed: int) -> Iterator[SKState]:
    """Every state of one seeded random game, the first included."""
    rng = random.Random(seed)
    state = GAME.new_game(players, GAME.parse_options(None), seed)
    while True:
        yield state
        if GAME.outcome(state) is not None:
            return
        seat = rng.choice(sorted(GAME.to_decide(state)))
        state, _ = GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))


def public(state: SKState):
    return GAME.view(state, None)


def key(state: SKState, names: list[str] | None = None) -> str:
    return picture_key(public(state), names or NAMES[: state.num_players])


def png(state: SKState) -> bytes:
    return render_boards_png(public(state), NAMES[: state.num_players])


@pytest.mark.parametrize("players", range(5, 11))
def test_every_player_count_renders_a_small_palette_png(players: int) -> None:
    start = GAME.new_game(players, GAME.parse_options(None), 1)
    last = list(states(players, players))[-1]
    for state in (start, last):
        image = decode(png(state))
        assert image.size == (WIDTH, HEIGHT) and image.mode == "P"
        assert 2_000 < len(png(state)) < 60_000
    assert WIDTH <= 800 and HEIGHT <= 450
    assert public(start).board_orders == drawn(public(start), NAMES).orders
    assert len(drawn(public(start), NAMES).orders) == 6


def test_deterministic_bytes_and_keys() -> None:
    state = list(states(8, 4))[40]
    assert png(state) == png(state) == render_drawn_png(drawn(public(state), NAMES[:8]))  # cache or not
    assert key(state) == key(state) and len(key(state)) == 16
    # a round trip through JSON (as stored) and a seat's own view draw the same picture
    again = SKState.model_validate_json(state.model_dump_json())
    assert png(again) == png(state) and key(again) == key(state)
    seat_view = GAME.view(state, 0)
    assert picture_key(seat_view, NAMES[:8]) == key(state)
    assert render_boards_png(seat_view, NAMES[:8]) == png(state)


def _at_phase(players: int, phase: Phase) -> SKState:
    for seed in range(20):
        for state in states(players, seed):
            if state.phase == phase:
                return state
    raise AssertionError(f"no {phase}")


def test_nomination_and_votes_do_not_change_the_picture() -> None:
    state = _at_phase(7, Phase.NOMINATION)
    before = key(state), png(state)
    sl = public(state).eligible[0]
    state, _ = GAME.apply(state, state.lm_candidate, Nominate(seat=sl))
    assert state.phase == Phase.VOTING and (key(state), png(state)) == before
    voters = sorted(GAME.to_decide(state))
    for seat in voters[:-1]:  # every vote but the last: nothing public on the boards changes
        state, _ = GAME.apply(state, seat, Vote(yes=seat % 2 == 0))
        assert state.phase == Phase.VOTING
        assert key(state) == before[0] and png(state) == before[1]
    # a change of mind is no change either
    state, _ = GAME.apply(state, voters[0], Vote(yes=voters[0] % 2 == 1))
    assert key(state) == before[0]


def test_delivered_gift_failed_vote_stables_and_winner_change_the_picture() -> None:
    state = GAME.new_game(7, GAME.parse_options(None), 2)
    base = key(state)
    changed = []
    for field, value in (("nice_count", 1), ("naughty_count", 1), ("failed_votes", 1)):
        other = state.model_copy(deep=True)
        setattr(other, field, value)
        changed.append(other)
    stabled = state.model_copy(deep=True)
    stabled.in_play[3] = False
    changed.append(stabled)
    won = state.model_copy(deep=True)
    won.phase, won.winner, won.win_reason = Phase.GAME_OVER, Team.NICE, "Five nice gifts."
    changed.append(won)
    keys = [key(other) for other in changed]
    assert base not in keys and len(set(keys)) == len(keys)
    pngs = {png(other) for other in changed} | {png(state)}
    assert len(pngs) == len(changed) + 1
    # a stabled player's name is drawn; the others' names are not
    names = list(NAMES[:7])
    names[3] = "Dasher"
    assert key(stabled, names) != key(stabled)
    names = list(NAMES[:7])
    names[0] = "Rudolph"
    assert key(stabled, names) == key(stabled) and key(state, names) == base


@pytest.mark.parametrize("players", [5, 6, 9])
def test_key_changes_iff_the_drawn_data_changes(players: int) -> None:
    """Over whole games: equal keys for equal `Drawn`s, and a real new picture at every change
    (in particular at every delivered gift)."""
    for seed in range(3):
        previous = None
        for state in states(players, seed):
            view = public(state)
            now = (drawn(view, NAMES[:players]), picture_key(view, NAMES[:players]))
            if previous is not None:
                same_drawing = previous[0] == now[0]
                assert same_drawing == (previous[1] == now[1])
                if previous[0].nice != now[0].nice or previous[0].naughty != now[0].naughty:
                    assert not same_drawing  # a gift delivered
                if not same_drawing:
                    assert render_drawn_png(previous[0]) != render_drawn_png(now[0])
            previous = now


def test_table_payload_carries_the_picture_with_its_key() -> None:
    state = _at_phase(6, Phase.VOTING)
    ctx = TableContext(12, GAME.decision(state), NAMES[:6], "Secret Krampus")
    payload = SecretKrampusRenderer().table(public(state), ctx, [])
    assert payload.picture_keys == (key(state),)
    picture = payload.pictures[0]
    assert picture.filename == "secret-krampus-12.png"
    assert picture.render() == png(state)
    assert payload.embeds and payload.embeds[0].fields  # the text stays for images off


@pytest.mark.parametrize("players", [5, 7, 10])
def test_legible_on_a_phone_and_names_without_missing_letters(players: int) -> None:
    """At most 3:2 and letters of 11 px or more once shown 400 px wide; the stables' names lose
    the emoji the bundled font cannot draw (a box otherwise), not their accents."""
    from bot.render.base import Picture
    from tests.bot.render.phone import MIN_TEXT_PX, picture_shape

    for state in list(states(players, 2))[::15]:
        view = public(state)
        shape = picture_shape(Picture("sk.png", key(state), lambda v=view: render_boards_png(v, NAMES)))
        assert shape.aspect <= 1.5 and shape.smallest_text >= MIN_TEXT_PX
    state = GAME.new_game(players, GAME.parse_options(None), 1)
    state.in_play[1] = False
    names = ["Ann", "Zoë \N{CHRISTMAS TREE}", *NAMES[2:players]]
    assert [name for name, _ in drawn(public(state), names).stables] == ["Zoë"]


@pytest.mark.parametrize("language", ["en", "hu", "de"])
def test_every_order_fits_its_board_space_uncut(language: str) -> None:
    """Santa's Orders printed on the naughty board (6 spaces at 9-10 players, the narrowest) are
    written whole: at most three lines, none shortened with '..' ("Stable Leadership" was
    "Leaders.." in English)."""
    from bot.i18n import _, using
    from bot.render.pictures._draw import font, split_lines
    from bot.render.pictures.secret_krampus import ORDER_LINES
    from bot.render.pictures.secret_krampus_pieces import SMALL, space_edges

    left, right = space_edges(6)[0]
    room = right - left - 4
    with using(language):
        for order, label in ORDER_LINES.items():
            lines = split_lines(_(label), SMALL, room)
            assert len(lines) <= 3, (order, lines)
            for line in lines:
                assert font(SMALL).getlength(line) <= room, f"{order} in {language}: {line!r} is cut"
