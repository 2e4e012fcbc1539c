"""A sixth game is one line: the toy game (`tests/bot/plugins/toy/`, Count to Ten) registered with
`PLUGINS.add(...)` plays through the whole bot (lobby, option, AI seat, clicks, the end) and has
its /rules, with no other file changed; and the tests that hold every game to the same checks
hold it too (`TOY_GAME=1`)."""

from __future__ import annotations

import os
import random
import re
import subprocess
import sys
from pathlib import Path

import pytest

from bot.plugins import PLUGINS, GamePlugin, check_all
from bot.render.rules_text import rules_embed
from games.core.ai import RandomPolicy
from tests.bot.harness import Harness, choose_option, make_users, play_random_click
from tests.bot.plugins.toy import NAME, CountToTen, CountToTenAI
from tests.bot.plugins.toy.ui import LOBBY_TEXTS, RULES_SUMMARY
from tests.bot.test_ai_seats import settle
from tests.games.contract import assert_refused, assert_replays_by_codes

TOY = NAME


#: the run registered the toy for every test (`TOY_GAME=1`, `tests/conftest.py`)
REGISTERED = TOY in PLUGINS


@pytest.fixture
def toy():
    if REGISTERED:
        yield PLUGINS.get(TOY)
        return
    plugin = PLUGINS.add(GamePlugin(CountToTen(), CountToTenAI, "tests.bot.plugins.toy.ui"))  # the one line
    yield plugin
    PLUGINS.remove(TOY)


# -- the toy game itself, on games.core's contract ---------------------------------------------------
def test_the_toy_rules_keep_the_contract() -> None:
    rules = CountToTen()
    options = rules.parse_options({"target": 7})
    state = rules.new_game(3, options, seed=5)
    other = (state.turn + 1) % 3
    assert rules.to_decide(state) == {state.turn} and rules.legal_actions(state, other) == []
    assert_refused(rules, state, other, rules.decode_action("add.1"), match="not your turn")
    with pytest.raises(ValueError):
        rules.decode_action("add.3")
    rng = random.Random(2)

    def choose(state):
        seat = next(iter(rules.to_decide(state)))
        return seat, rng.choice(rules.legal_actions(state, seat))

    final = assert_replays_by_codes(rules, lambda: rules.new_game(3, options, seed=5), choose)
    assert final.counter == 7 and rules.outcome(final).winners == {final.winner}


def test_the_toy_ai_wins_from_a_winning_position() -> None:
    rules = CountToTen()
    wins = 0
    for seed in range(40):
        state = rules.new_game(2, rules.parse_options(None), seed)
        policies = {state.turn: CountToTenAI(), 1 - state.turn: RandomPolicy()}  # 10 % 3 != 0: first wins
        from bot.bench.matches import play_match

        result = play_match(rules, rules.parse_options(None), [policies[0], policies[1]], seed)
        wins += result.outcome.winners == {state.turn}
    assert wins == 40


# -- registered with one line, it is a game of the bot ---------------------------------------------
def test_one_line_registers_the_toy_and_it_is_complete(toy: GamePlugin) -> None:
    assert PLUGINS.names()[-1] == TOY and PLUGINS.get(TOY) is toy
    check_all()
    assert toy.summary == RULES_SUMMARY and toy.lobby_texts == LOBBY_TEXTS
    embed = rules_embed(TOY)
    assert embed.title == "Count to Ten - rules in short"
    assert embed.footer.text == "2-3 players. /play starts a game; /hand shows your cards in one."
    assert embed.description == RULES_SUMMARY
    from bot.ai_seats import policy_for

    assert isinstance(policy_for(TOY), CountToTenAI) and policy_for(TOY) is policy_for(TOY)


@pytest.mark.skipif(REGISTERED, reason="TOY_GAME=1 registered the toy for the whole run")
async def test_after_the_test_the_toy_is_gone(harness: Harness) -> None:
    assert TOY not in PLUGINS
    with pytest.raises(KeyError, match="No game called 'toy-count'"):
        rules_embed(TOY)
    (host,) = make_users(1)
    await harness.command("play", host, TOY)
    assert "There is no game called 'toy-count'" in harness.discord.last_ephemeral(host).text()
    assert await harness.service.store.live_games() == []


async def test_the_toy_plays_through_the_whole_bot(harness: Harness, toy: GamePlugin) -> None:
    """Lobby (with the toy's option and its LOBBY_TEXTS), an AI seat, start, clicks to the end."""
    h = harness
    (host,) = make_users(1)
    lobby = (await h.command("play", host, TOY)).original
    game_id = int(lobby.custom_ids()[0].split(":")[1])
    assert "Count to Ten - lobby" in lobby.text() and "2-3 players" in lobby.text()
    assert LOBBY_TEXTS["target"] in lobby.text()  # a number needs no text of its own
    await choose_option(h, host, lobby, game_id, "target", "7")
    await h.discord.click(host, lobby, f"lobby:{game_id}:addai")
    await h.discord.click(host, lobby, f"lobby:{game_id}:start")
    game = await h.game(game_id)
    assert game.record.status == "running" and game.state.target == 7
    assert [seat.display_name for seat in game.seats] == ["Dasher", "Jingle (AI)"]
    rng = random.Random(7)
    for _ in range(100):
        await settle(h)
        game = await h.game(game_id)
        if game.record.status != "running":
            break
        if 0 in game.to_decide():
            await play_random_click(h, lobby, game_id, [host], rng)
    game = await h.game(game_id)
    assert game.record.status == "finished" and game.state.counter == 7
    actions = await h.service.store.get_actions(game_id)
    assert {a.seat for a in actions} == {0, 1} and all(a.user_id < 0 for a in actions if a.seat == 1)
    assert "reached 7 and wins!" in lobby.text()
    assert "Count to Ten #" in h.discord.channels[lobby.channel_id][-1].text()
    assert "is over" in h.discord.channels[lobby.channel_id][-1].text()


# -- the tests every game is held to hold it too ------------------------------------------------------
ROOT = Path(__file__).resolve().parents[3]
#: why a shared test may skip the toy: the features it does not have, and this test itself
TOY_LACKS = (
    "too short to measure",
    "without pictures",
    "no pictures, no texts in the catalogues",
    "not in the bot's catalogues",
    "TOY_GAME=1 registered the toy for the whole run",
    "TOY_GAME=1: this is the run it starts",
)


def shared_test_files() -> list[str]:
    """The tests that take the games from the registry (the end-to-end ones aside: their bot
    processes register the five)."""
    found = []
    for path in sorted((ROOT / "tests").rglob("test_*.py")):
        relative = path.relative_to(ROOT).as_posix()
        if "/e2e/" not in relative and re.search(r"\b(PLUGINS|GAMES)\b", path.read_text()):
            found.append(relative)
    return found


@pytest.mark.skipif(REGISTERED, reason="TOY_GAME=1: this is the run it starts")
def test_every_test_that_holds_each_game_holds_the_toy_too() -> None:
    """With the toy registered for the run (`TOY_GAME=1`), the tests parametrized by game take it
    in (their ids name it), and pass, or skip it for a feature it lacks, saying which. Tests that
    loop over the registry inside one test (the call budgets, stale controls, ...) meet it only in
    a whole `TOY_GAME=1` run of tests/bot, tests/games and tests/storage (about 5 minutes on 2
    cores: too long for every run); the end-to-end tests not at all (their bot processes
    register the five)."""
    files = shared_test_files()
    assert len(files) >= 30 and "tests/bot/test_call_budget.py" in files
    run = subprocess.run(
        [sys.executable, "-m", "pytest", "-n", "0", "-p", "no:randomly", "-p", "no:cacheprovider", "-rs"]
        + ["-k", "toy or registry_lists or names_a_game", *files],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={**os.environ, "TOY_GAME": "1", "COLUMNS": "300"},  # (skip reasons in full)
        timeout=600,
    )
    assert run.returncode == 0, run.stdout[-4000:] + run.stderr[-2000:]
    passed = re.search(r"(\d+) passed", run.stdout)
    assert passed and int(passed.group(1)) >= 40, run.stdout[-2000:]
    skips = [line for line in run.stdout.splitlines() if line.startswith("SKIPPED")]
    assert all(any(reason in line for reason in TOY_LACKS) for line in skips), skips
