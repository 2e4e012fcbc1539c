"""What a player whose seat an AI keeps (their time ran out) sees when they open their cards: the
seat as it is, with no controls and no word on what to do ("Your turn", "Your move"), in every
registered game: the AI decides, and a view that read as if they could act sent them hunting for
buttons."""

from __future__ import annotations

import random

import pytest

from bot import screens
from bot.plugins import PLUGINS
from storage.records import SeatRecord
from tests.bot.fakes import FakeMessage
from tests.bot.test_ai_seats import _game

#: Words a private message uses to tell its reader what to do now (in some games or others).
TO_DO = ("Your turn", "Your move", "your choices", "Choose", "Pick ", " below", "pick ")


def _deciding_states(name: str, players: int, seed: int):
    """Random states of a game in which seat 0 has a decision."""
    rules = PLUGINS.get(name).rules
    state = rules.new_game(players, rules.parse_options({}), seed)
    rng = random.Random(seed)
    for _ in range(400):
        if rules.outcome(state) is not None:
            return
        if 0 in rules.to_decide(state) and rules.can_act(state, 0):
            yield state
        seat = rng.choice(sorted(rules.to_decide(state)))
        legal = rules.legal_actions(state, seat)
        if not legal:
            return
        state, _ = rules.apply(state, seat, rng.choice(legal))


@pytest.mark.parametrize("name", PLUGINS.names())
def test_a_kept_seat_shows_the_seat_without_controls_or_anything_to_do(name: str) -> None:
    players = max(PLUGINS.get(name).min_players, 2)
    told_before = private = 0
    for seed in range(3):
        for n, state in enumerate(_deciding_states(name, players, seed)):
            if n % 7:
                continue
            game = _game(name, state, {0}, players)
            game.seats[0] = SeatRecord(0, -1, "P0 (AI)", True, None, owner_id=1)
            kept = FakeMessage(0, None)
            kept.apply(**screens.kept_seat_payload(game, 0).send_kwargs())
            assert kept.content == screens.kept_seat_text() and not kept.custom_ids()
            shown = kept.text().replace(kept.content or "", "")
            assert not [w for w in TO_DO if w in shown], shown
            people = _game(name, state, set(), players)
            normal = FakeMessage(0, None)
            normal.apply(**screens.private_payload(people, 0).send_kwargs())
            told_before += any(w in normal.text() for w in TO_DO)
            private += PLUGINS.get(name).renderer.has_private_decision(people.rules.view(state, 0))
    assert told_before or not private, (  # (the words are the ones a seat's own decision shows)
        f"{name}: a seat's own decision never told it what to do in words this test knows ({TO_DO}): "
        'say it ("Your turn: ..."), or add the game\'s words to TO_DO'
    )
