"""AI seats in the bot: added and removed by the host, marked as AI, acting through the same path
as a click (logged like any action), never DMed, and carrying on after a restart."""

from __future__ import annotations

import asyncio
import random

import pytest

from bot import screens
from bot.ai_seats import policy_for
from bot.components import ActionButton, ActionSelect, DraftButton, DraftSelect
from bot.loaded_game import LoadedGame
from bot.plugins import PLUGINS
from bot.render.base import Payload
from games.core.ai import RandomPolicy
from storage import GameRecord, SeatRecord
from tests.bot.harness import Harness, make_users, play_random_click

BUILT = PLUGINS.names()


async def settle(h: Harness, limit: int = 5000) -> None:
    """Let scheduled AI turns (no delay in tests) run until none is pending."""
    for _ in range(limit):
        if not h.table.pipeline.wakeups.ai_turns.busy():
            return
        await asyncio.sleep(0.001)
    raise AssertionError("AI turns did not settle")


@pytest.mark.parametrize("name", BUILT)
def test_every_game_has_its_own_ai_not_random_play(name: str) -> None:
    policy = policy_for(name)
    assert not isinstance(policy, RandomPolicy) and policy.name.endswith("-ai")


async def test_host_adds_and_removes_ai_players(harness: Harness) -> None:
    users = make_users(2)
    interaction = await harness.command("play", users[0], "secret-krampus")
    lobby = interaction.original
    game_id = int(lobby.custom_ids()[0].split(":")[1])
    await harness.discord.click(users[1], lobby, f"lobby:{game_id}:addai")
    assert "Only the host" in harness.discord.last_ephemeral(users[1]).text()
    for _ in range(3):
        await harness.discord.click(users[0], lobby, f"lobby:{game_id}:addai")
    game = await harness.game(game_id)
    assert [s.display_name for s in game.seats] == ["Dasher", "Jingle (AI)", "Tinsel (AI)", "Holly (AI)"]
    assert "Jingle (AI)" in lobby.text()
    await harness.discord.click(users[0], lobby, f"lobby:{game_id}:removeai")
    game = await harness.game(game_id)
    assert [s.display_name for s in game.seats] == ["Dasher", "Jingle (AI)", "Tinsel (AI)"]
    for _ in range(2):
        await harness.discord.click(users[0], lobby, f"lobby:{game_id}:removeai")
    await harness.discord.click(users[0], lobby, f"lobby:{game_id}:removeai")
    assert "no AI player" in harness.discord.last_ephemeral(users[0]).text()
    for _ in range(10):  # nine fill the table, the tenth is refused
        await harness.discord.click(users[0], lobby, f"lobby:{game_id}:addai")
    assert "full" in harness.discord.last_ephemeral(users[0]).text()
    assert len((await harness.game(game_id)).seats) == 10


@pytest.mark.parametrize("name", BUILT)
async def test_one_human_with_ai_seats_plays_every_game_to_the_end(harness: Harness, name: str) -> None:
    (host,) = make_users(1)
    interaction = await harness.command("play", host, name, True)  # fill_with_ai
    lobby = interaction.original
    game_id = int(lobby.custom_ids()[0].split(":")[1])
    game = await harness.game(game_id)
    assert len(game.seats) == PLUGINS.get(name).min_players
    assert all(seat.display_name.endswith("(AI)") for seat in game.seats[1:])
    await harness.discord.click(host, lobby, f"lobby:{game_id}:start")
    rng = random.Random(1)
    for _ in range(3000):
        await settle(harness)
        game = await harness.game(game_id)
        if game.record.status != "running":
            break
        if 0 in game.to_decide():
            await play_random_click(harness, lobby, game_id, [host], rng)
    game = await harness.game(game_id)
    assert game.record.status == "finished"
    actions = await harness.service.store.get_actions(game_id)
    ai_users = {seat.user_id for seat in game.seats[1:]}
    assert {a.user_id for a in actions} & ai_users, "the AI seats acted"
    assert all(a.user_id < 0 for a in actions if a.seat > 0)
    # AI seats are never messaged
    assert all(kind != "dm" or user > 0 for kind, user in harness.messenger.calls)
    assert "is over" in harness.discord.channels[lobby.channel_id][-1].text()


async def test_ai_turns_resume_after_a_restart(harness: Harness) -> None:
    (host,) = make_users(1)
    interaction = await harness.command("play", host, "secret-krampus", True)
    lobby = interaction.original
    game_id = int(lobby.custom_ids()[0].split(":")[1])
    harness.table.pipeline.wakeups.ai_pause = 60  # the AI is still "thinking" when the bot goes down
    await harness.discord.click(host, lobby, f"lobby:{game_id}:start")
    game = await harness.game(game_id)
    if game.ai_to_decide():
        assert harness.table.pipeline.wakeups.ai_turns.pending()
    version = game.record.version
    await harness.table.pipeline.wakeups.ai_turns.stop()
    await harness.boot()  # a new bot on the same database; it thinks fast
    assert await harness.table.restart.resume(pause=0) == 1
    await settle(harness)
    game = await harness.game(game_id)
    assert game.record.version > version or not game.ai_to_decide()


@pytest.mark.parametrize("bug", ["raises", "illegal", "refused"])
async def test_a_failing_ai_never_stalls_the_table(harness: Harness, monkeypatch, caplog, bug: str) -> None:
    """A policy that raises, or chooses what is not a legal action, or what the rules then refuse
    (the rules' legal actions and their checks disagreeing): a random legal move instead, the
    failure in the log."""
    from games.core.ai import Policy

    if bug == "refused":  # (a choice `decide` lets through, which the engine refuses)
        import bot.pipeline
        from games.core.ai import decide as checked

        def decide(rules, state, seat, policy, history, rng):  # type: ignore[no-untyped-def]
            if isinstance(policy, RandomPolicy):
                return checked(rules, state, seat, policy, history, rng)
            return "not an action"

        monkeypatch.setattr(bot.pipeline, "decide", decide)

    class Broken(Policy):
        name = "broken-ai"

        def choose(self, view, legal, history, rng):
            if bug == "raises":
                raise RuntimeError("bug in the AI")
            return "not an action"

    monkeypatch.setattr("bot.pipeline.policy_for", lambda name: Broken())
    (host,) = make_users(1)
    lobby = (await harness.command("play", host, "grumpy-nisse", True)).original
    game_id = int(lobby.custom_ids()[0].split(":")[1])
    await harness.discord.click(host, lobby, f"lobby:{game_id}:start")
    rng = random.Random(3)
    for _ in range(50):
        await settle(harness)
        actions = await harness.service.store.get_actions(game_id)
        if any(a.seat == 1 for a in actions):
            break
        await play_random_click(harness, lobby, game_id, [host], rng)
    assert any(a.seat == 1 for a in actions), "the broken AI's seat still played"
    if bug == "refused":
        assert "seat 1: the rules refused its AI move (That is not a" in caplog.text
        return
    assert "seat 1 failed; playing a random legal move" in caplog.text
    if bug == "illegal":
        assert "broken-ai chose 'not an action', which is not a legal action of seat 1" in caplog.text


async def test_a_storage_error_of_an_ai_turn_is_not_taken_for_the_ai_s(harness: Harness, caplog) -> None:
    """The AI's move stands; the write failed: not "AI ... failed; playing a random legal move"
    (which sent the operator to the AI, and tried to write again)."""
    (host,) = make_users(1)
    lobby = (await harness.command("play", host, "grumpy-nisse", True)).original
    game_id = int(lobby.custom_ids()[0].split(":")[1])
    pipeline = harness.table.pipeline
    pipeline.wakeups.ai_pause = 60  # (the AI's turn is run below, by hand)
    await harness.discord.click(host, lobby, f"lobby:{game_id}:start")
    game = await harness.game(game_id)
    if not game.ai_to_decide():
        await play_random_click(harness, lobby, game_id, [host], random.Random(1))
        game = await harness.game(game_id)
    assert game.ai_to_decide()
    written: list[int] = []

    async def failing(*args, **kwargs):
        written.append(1)
        raise OSError("disk I/O error")

    harness.service.act_as_ai = failing  # type: ignore[method-assign]
    with pytest.raises(OSError):
        await pipeline.ai_turn(game_id, game.record.version)
    assert written == [1] and "AI of game" not in caplog.text


def _game(name: str, state: object, ai: set[int], players: int) -> LoadedGame:
    """A running game of `players` seats, those in `ai` AI seats, the rest people."""
    record = GameRecord(7, None, 1, name, "running", 1, {}, 1, None, 1, None, "", "")
    seats = [SeatRecord(s, -1 - s if s in ai else 1 + s, f"P{s}", True, None) for s in range(players)]
    return LoadedGame(record, seats, PLUGINS.get(name), state)


def _enabled(payload: Payload) -> list[str]:
    """The custom ids of the table's enabled game controls (the buttons and selects of a decision)."""
    children = payload.view.children if payload.view is not None else []
    game_controls = (ActionButton, ActionSelect, DraftButton, DraftSelect)
    return [c.custom_id for c in children if isinstance(c, game_controls) and not c.item.disabled]


def _all(payload: Payload) -> list[str]:
    """The custom ids of all the table's game controls, enabled or not."""
    children = payload.view.children if payload.view is not None else []
    game_controls = (ActionButton, ActionSelect, DraftButton, DraftSelect)
    return [c.custom_id for c in children if isinstance(c, game_controls)]


def _codes(payload: Payload) -> set[str]:
    return screens.offered_codes(payload.view) if payload.view is not None else set()


@pytest.mark.parametrize("name", BUILT)
def test_the_table_offers_no_controls_for_a_decision_only_ai_seats_may_make(name: str) -> None:
    """Over random play with one person and AI seats: while no person may act on the table (AI
    seats decide, or the person decides in private), the table shows the decision with its
    controls disabled; whenever a person may act on it, they are the same as at a table of
    people only (a vote the person made may be changed while AI seats still vote)."""
    plugin = PLUGINS.get(name)
    rules, players = plugin.rules, plugin.min_players
    rng = random.Random(3)
    state = rules.new_game(players, rules.parse_options({}), 3)
    disabled = kept_while_ai_decide = answering = steps = private_only = 0
    while rules.outcome(state) is None:
        steps += 1
        private_only += all(
            plugin.renderer.has_private_decision(rules.view(state, s)) for s in rules.to_decide(state)
        )
        mixed, people = (
            _game(name, state, set(range(1, players)), players),
            _game(name, state, set(), players),
        )
        at_people = screens.table_payload(people)
        offered = _enabled(at_people)
        shown = _enabled(screens.table_payload(mixed))
        # at a table of people, its controls are enabled whenever they answer someone who must
        # decide (in Naughty or Nice a turn with a Fulfill, made in private, still offers Craft
        # and Summon on the table; in Naughty & Nice, secret draws are offered there too)
        answered = _codes(at_people) & {
            code for seat in range(players) if people.can_act(seat) for code in people.legal_codes(seat)
        }
        assert bool(answered) == bool(offered) and (not offered or offered == _all(at_people)), state
        answering += bool(answered)
        if screens.people_act_on_table(mixed, _codes(at_people)):
            assert shown == offered
            kept_while_ai_decide += bool(offered) and 0 not in rules.to_decide(state)
        else:
            assert shown == [], (name, state)
            disabled += bool(offered)
        seat = rng.choice(sorted(rules.to_decide(state)))
        state, _ = rules.apply(state, seat, rng.choice(rules.legal_actions(state, seat)))
    if answering:
        assert disabled, f"{name}: no table decision of AI seats only in a whole game"
    else:  # (a game whose decisions are all made in private, as Christmas Tree's: no table controls)
        assert private_only == steps, f"{name}: no table decision in a whole game, yet not all were private"
    if name == "secret-krampus":
        assert kept_while_ai_decide, "a person's vote, changeable while AI seats vote, was never seen"
