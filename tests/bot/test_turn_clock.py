"""The turn clock: a lobby option, a stored deadline shown on the table, a warning that mentions
who must decide, the game's default action at the deadline (logged as forced, announced without
saying what), an AI after repeated timeouts, /reclaim, and the clock across a restart."""

from __future__ import annotations

import asyncio
import json

from bot.clock import CLOCK_SECONDS, FORCED_BY_CLOCK
from tests.bot.fakes import FakeMessage
from tests.bot.harness import CHANNEL, Harness, choose_option, make_users


async def _krampus_with_clock(h: Harness, speed: str = "fast"):
    users = make_users(5)
    lobby = (await h.command("play", users[0], "secret-krampus")).original
    game_id = int(lobby.custom_ids()[0].split(":")[1])
    await choose_option(h, users[0], lobby, game_id, "clock", speed)
    for user in users[1:]:
        await h.discord.click(user, lobby, f"lobby:{game_id}:join")
    await h.discord.click(users[0], lobby, f"lobby:{game_id}:start")
    return lobby, game_id, users


async def test_clock_option_deadline_on_the_table_and_after_a_restart(harness: Harness) -> None:
    now = harness.service.clock()
    lobby, game_id, users = await _krampus_with_clock(harness)
    game = await harness.game(game_id)
    assert game.record.options["clock"] == "fast"
    deadline = game.record.clock_deadline
    assert deadline is not None and 0 < deadline - now <= CLOCK_SECONDS["fast"] + 5
    assert harness.table.pipeline.wakeups.clock_expiries.pending()[game_id] == (game.decision, deadline)
    assert f"<t:{int(deadline)}:R>" in lobby.text() and "Turn clock" in lobby.text()
    await harness.boot()
    await harness.table.restart.resume(pause=0)
    assert harness.table.pipeline.wakeups.clock_expiries.pending()[game_id] == (game.decision, deadline)


async def test_warning_mentions_who_must_decide(harness: Harness) -> None:
    lobby, game_id, users = await _krampus_with_clock(harness)
    game = await harness.game(game_id)
    (seat,) = game.to_decide()
    await harness.table.pipeline.clock_warning(game_id, game.decision)
    warning = harness.discord.channels[CHANNEL][-1].text()
    assert f"<@{users[seat].id}>" in warning and "chooses for you" in warning
    # the next decision's warning replaces it (it is no longer true); the end removes the last
    await harness.table.pipeline.clock_expiry(game_id, game.decision)
    game = await harness.game(game_id)
    await harness.table.pipeline.clock_warning(game_id, game.decision)
    warnings = [m.text() for m in harness.discord.channels[CHANNEL] if "chooses for you" in m.text()]
    assert len(warnings) == 1 and all(f"<@{users[s].id}>" in warnings[0] for s in game.to_decide())
    await harness.command("abandon", users[0], None)
    assert not [m for m in harness.discord.channels[CHANNEL] if "chooses for you" in m.text()]


def _spy_warnings(h: Harness) -> list[str]:
    """The turn clock's warnings the bot posts from now on (a replaced one is deleted, so the
    channel alone does not tell how many were posted)."""
    posted: list[str] = []
    send = h.messenger.send_channel

    async def spy(channel_id: int, payload, **kwargs):  # noqa: ANN001, ANN202
        if "chooses for you" in (payload.content or ""):
            posted.append(payload.content)
        return await send(channel_id, payload, **kwargs)

    h.messenger.send_channel = spy  # type: ignore[method-assign]
    return posted


async def test_the_warning_is_posted_once_per_deadline_and_never_woken_again(harness: Harness) -> None:
    """Its timer woke again after every commit, at once since its time was past: it was posted
    again and again, each time mentioning the players, until the decision changed."""
    lobby, game_id, users = await _krampus_with_clock(harness)
    posted = _spy_warnings(harness)
    game = await harness.game(game_id)
    wakeups = harness.table.pipeline.wakeups
    assert game_id in wakeups.clock_warnings.pending()
    for _ in range(2):  # (its timer, then another process's poller, say)
        await harness.table.pipeline.clock_warning(game_id, game.decision)
    assert len(posted) == 1
    game = await harness.game(game_id)
    assert game.record.warned_for == game.record.clock_deadline
    assert game_id not in wakeups.clock_warnings.pending() and game_id in wakeups.clock_expiries.pending()
    await harness.boot()  # nor again after a restart
    await harness.table.restart.resume(pause=0)
    assert game_id not in harness.table.pipeline.wakeups.clock_warnings.pending()
    assert game_id in harness.table.pipeline.wakeups.clock_expiries.pending()


async def test_a_short_clock_warns_once_per_decision_in_real_time(harness: Harness, monkeypatch) -> None:  # noqa: ANN001
    """The clock's own timers, in real time (a 0.8 s clock): nobody clicks, so each decision is
    warned about once, then the clock chooses."""
    monkeypatch.setitem(CLOCK_SECONDS, "fast", 0.8)
    posted = _spy_warnings(harness)
    lobby, game_id, users = await _krampus_with_clock(harness)
    for _ in range(300):
        forced = [a for a in await harness.service.store.get_actions(game_id) if a.user_id == FORCED_BY_CLOCK]
        if len({a.seq for a in forced}) >= 6:  # the nomination, then five votes
            break
        await asyncio.sleep(0.02)
    assert len(forced) >= 6, forced
    await harness.command("abandon", users[0], None)
    assert 2 <= len(posted) <= 3, posted  # the nomination's, the vote's (and maybe the next one's)


async def test_no_warning_once_the_deadline_passed(harness: Harness) -> None:
    """A restart during which a deadline ran out: the warning's timer woke first and pinged the
    player "Time runs out <in the past>", then the expiry took their seat in the same second."""
    lobby, game_id, users = await _krampus_with_clock(harness)
    posted = _spy_warnings(harness)
    game = await harness.game(game_id)
    deadline = game.record.clock_deadline
    assert deadline is not None
    pipeline = harness.table.pipeline
    pipeline.clock = lambda: deadline + 1.0  # type: ignore[method-assign]
    await pipeline.clock_warning(game_id, game.decision)
    assert posted == []
    pipeline.clock = lambda: deadline - 1.0  # type: ignore[method-assign]
    await pipeline.clock_warning(game_id, game.decision)
    assert len(posted) == 1


async def test_only_the_latest_time_ran_out_post_stays_and_the_end_takes_it(harness: Harness) -> None:
    """A slow player's game left one "Time ran out" post per expiry (22 in one game), burying the
    table: each now replaces the one before, and the end deletes the last."""
    lobby, game_id, users = await _krampus_with_clock(harness)

    def notices() -> list[str]:
        return [m.text() for m in harness.discord.channels[CHANNEL] if "Time ran out" in m.text()]

    # the nomination, the vote, the next nomination: each post names its decision
    for decision in ("the Sleigh Loader nomination", "the vote", "the Sleigh Loader nomination"):
        await harness.table.pipeline.clock_expiry(game_id, (await harness.game(game_id)).decision)
        assert len(notices()) == 1 and f"Time ran out for {decision}: the clock chose for" in notices()[0]
    await harness.boot()  # (another process, or after a restart: the stored one is replaced)
    await harness.table.restart.resume(pause=0)
    await harness.table.pipeline.clock_expiry(game_id, (await harness.game(game_id)).decision)
    assert len(notices()) == 1
    await harness.command("abandon", users[0], None)
    assert notices() == []


def test_no_clock_wake_up_while_only_ai_seats_decide() -> None:
    """After the clock chose for the people, AI seats may still be deciding the same decision
    (a vote): its deadline is past, and a wake-up would find nothing to do and fire again at once
    after every commit until the AI seats acted."""
    from dataclasses import replace

    from bot.loaded_game import LoadedGame
    from bot.plugins import PLUGINS
    from bot.wakeups import Wakeups
    from storage import GameRecord, SeatRecord

    plugin = PLUGINS.get("secret-krampus")
    state = plugin.rules.new_game(5, plugin.rules.parse_options({}), 1)
    options = {"clock": "fast"}
    record = GameRecord(7, None, 1, "secret-krampus", "running", 1, options, 1, None, 1, None, "", "")
    record = replace(record, clock_deadline=1000.0)
    people = [SeatRecord(s, 1 + s, f"P{s}", True, None) for s in range(5)]
    game = LoadedGame(record, people, plugin, state)
    assert Wakeups.clock_times(game) == (1000.0 - 60.0 * 0.25, 1000.0)
    assert Wakeups.clock_times(replace(game, record=replace(record, warned_for=1000.0))) == (None, 1000.0)
    deciders = game.to_decide()
    ai = [replace(seat, user_id=-1 - seat.seat) if seat.seat in deciders else seat for seat in people]
    assert Wakeups.clock_times(replace(game, seats=ai)) == (None, None)


async def test_expiry_applies_defaults_says_who_not_what_and_hands_repeaters_to_an_ai(
    harness: Harness,
) -> None:
    lobby, game_id, users = await _krampus_with_clock(harness)
    # nomination: one person decides; the clock nominates for them
    game = await harness.game(game_id)
    (nominator,) = game.to_decide()
    harness.discord.closed_dms = {users[nominator].id}  # (their private message: the view)
    await harness.discord.click(users[nominator], lobby, f"mine:{game_id}")
    await harness.table.pipeline.clock_expiry(game_id, game.decision)
    game = await harness.game(game_id)
    last = (await harness.service.store.get_actions(game_id))[-1]
    assert last.user_id == FORCED_BY_CLOCK and last.seat == nominator
    notice = harness.discord.channels[CHANNEL][-1].text()
    assert f"the clock chose for {users[nominator].display_name}" in notice
    assert game.seats[nominator].timeouts == 1
    assert f"the clock chose for {users[nominator].display_name}" in "\n".join(
        await harness.table.history.public_log(game_id)
    )
    # voting: everybody times out; the clock votes No for each (spec decision 12)
    await harness.table.pipeline.clock_expiry(game_id, game.decision)
    votes = [json.loads(a.action_json) for a in (await harness.service.store.get_actions(game_id))[-5:]]
    assert votes == [{"kind": "vote", "yes": False}] * 5
    game = await harness.game(game_id)
    assert game.seats[nominator].user_id < 0 and game.seats[nominator].owner_id == users[nominator].id
    assert "`/reclaim`" in harness.discord.channels[CHANNEL][-1].text()
    # the seat keeps its player's name, marked: what the table said of it stays readable (it was
    # renamed after an AI, "Holly (AI)": "No: Dasher, Holly (AI)" for the player's vote)
    name = f"{users[nominator].display_name} (AI)"
    assert game.names[nominator] == name and name in lobby.text(), lobby.text()
    view = harness.discord.last_ephemeral(users[nominator])
    assert "you ran out of time" in view.text() and "`/reclaim`" in view.text() and not view.custom_ids()
    # the player comes back
    await harness.command("reclaim", users[nominator])
    game = await harness.game(game_id)
    assert game.seats[nominator].user_id == users[nominator].id and game.seats[nominator].owner_id is None
    await harness.command("reclaim", users[nominator])
    assert "No AI is keeping a seat" in harness.discord.last_ephemeral(users[nominator]).text()


async def _kept_by_an_ai(h: Harness) -> tuple[FakeMessage, int, list, int, int]:
    """A Secret Krampus game whose nominator ran out of time twice (an AI keeps their seat):
    (its table, the game, the players, that seat, the id of the DM they had before)."""
    lobby, game_id, users = await _krampus_with_clock(h)
    (seat,) = (await h.game(game_id)).to_decide()
    dm_id = h.discord.last_dm(users[seat]).id
    for _ in range(2):  # the nomination, then the vote
        await h.table.pipeline.clock_expiry(game_id, (await h.game(game_id)).decision)
    assert (await h.game(game_id)).seats[seat].owner_id == users[seat].id
    return lobby, game_id, users, seat, dm_id


async def test_a_player_whose_seat_an_ai_keeps_keeps_their_dm_and_gets_it_back(harness: Harness) -> None:
    table, game_id, users, seat, dm_id = await _kept_by_an_ai(harness)
    player = users[seat]
    (kept,) = harness.discord.dms[player.id]  # edited, not deleted: it says why and what to do
    assert kept.id == dm_id and not kept.custom_ids()
    assert "you ran out of time" in kept.text() and "`/reclaim`" in kept.text() and "table" in kept.text()
    # opening their cards shows the seat as it is (their role: whether to take it back), no controls
    await harness.discord.click(player, table, f"mine:{game_id}")
    shown = harness.discord.last_ephemeral(player)
    assert "`/reclaim` takes it back" in shown.text() and "Your secret" in shown.text()
    assert not shown.custom_ids()
    await harness.command("hand", player)
    shown = harness.discord.last_ephemeral(player)
    assert "`/reclaim` takes it back" in shown.text() and "Your secret" in shown.text()
    assert not shown.custom_ids()
    await harness.boot()  # (a restart: the DM is the seat's, as stored)
    await harness.table.restart.resume(pause=0)
    await harness.command("reclaim", player)
    (back,) = harness.discord.dms[player.id]  # the same DM shows their seat again
    assert back.id == dm_id and "Your secret" in back.text() and "ran out of time" not in back.text()


async def test_leaving_lets_go_of_a_seat_an_ai_keeps(harness: Harness) -> None:
    _, game_id, users, seat, _ = await _kept_by_an_ai(harness)
    player = users[seat]
    await harness.command("leave", player)
    assert "plays your seat to the end" in harness.discord.last_ephemeral(player).text()
    game = await harness.game(game_id)
    assert game.seats[seat].owner_id is None
    assert game.names[seat] == f"{player.display_name} (AI)"  # (what they did keeps their name)
    assert not harness.discord.dms[player.id]  # the DM is not theirs any more
    await harness.command("reclaim", player)
    said = harness.discord.last_ephemeral(player).text()  # (an AI named after them plays it: not "No AI")
    assert said.startswith("You left your seat (or were replaced): its AI plays it to the end."), said
    await harness.command("leave", player)
    assert "not seated" in harness.discord.last_ephemeral(player).text()


async def test_the_dm_of_a_seat_an_ai_keeps_shows_the_end(harness: Harness) -> None:
    _, game_id, users, seat, dm_id = await _kept_by_an_ai(harness)
    await harness.command("abandon", users[0], None)
    (ended,) = harness.discord.dms[users[seat].id]
    assert ended.id == dm_id and "abandoned" in ended.text() and "Everyone's roles" in ended.text()
    assert "ran out of time" not in ended.text() and not ended.custom_ids()


async def test_acting_in_time_resets_the_count_and_a_stale_expiry_does_nothing(harness: Harness) -> None:
    lobby, game_id, users = await _krampus_with_clock(harness)
    game = await harness.game(game_id)
    decision = game.decision
    await harness.table.pipeline.clock_expiry(game_id, decision)  # forced nomination
    game = await harness.game(game_id)
    voter = users[1]
    await harness.discord.click(voter, lobby, f"act:{game_id}:{game.decision}:vote.1")
    version = (await harness.game(game_id)).record.version
    await harness.table.pipeline.clock_expiry(game_id, decision)  # that decision is long over
    assert (await harness.game(game_id)).record.version == version


async def test_off_means_no_clock(harness: Harness) -> None:
    users = make_users(5)
    table, game_id = await harness.open_table(users)
    game = await harness.game(game_id)
    assert game.record.clock_deadline is None
    assert game_id not in harness.table.pipeline.wakeups.clock_expiries.pending()
    await asyncio.sleep(0)


async def test_every_human_timing_out_still_ends_every_game(harness: Harness) -> None:
    """Only the clock plays (each expiry forces every missing choice): every game reaches its end
    and nobody's seat goes to an AI before their second timeout."""
    from bot.plugins import PLUGINS

    for plugin in PLUGINS:
        name = plugin.name
        users = make_users(plugin.min_players)
        lobby = (await harness.command("play", users[0], name)).original
        game_id = int(lobby.custom_ids()[0].split(":")[1])
        await choose_option(harness, users[0], lobby, game_id, "clock", "fast")
        for user in users[1:]:
            await harness.discord.click(user, lobby, f"lobby:{game_id}:join")
        await harness.discord.click(users[0], lobby, f"lobby:{game_id}:start")
        for _ in range(3000):
            while harness.table.pipeline.wakeups.ai_turns.busy():
                await asyncio.sleep(0.001)
            game = await harness.game(game_id)
            if game.record.status != "running":
                break
            if game.humans_to_decide():
                await harness.table.pipeline.clock_expiry(game_id, game.decision)
            elif game.rules.timer(game.state) is not None:
                await harness.table.pipeline.close_window(game_id, game.decision)
            else:
                await asyncio.sleep(0.001)
        game = await harness.game(game_id)
        assert game.record.status == "finished", name
        actions = await harness.service.store.get_actions(game_id)
        assert any(a.user_id == FORCED_BY_CLOCK for a in actions), name
        # seats AIs kept for their players count as those players' games (their DM said the end)
        kept = [s.owner_id for s in game.seats if s.user_id < 0 and s.owner_id is not None]
        assert kept, name
        for owner in kept:
            stats = await harness.service.store.results.player_stats(game.record.guild_id, owner)
            assert any(game_name == name and plays >= 1 for game_name, plays, _ in stats), (name, stats)


async def test_a_player_whose_seat_an_ai_kept_is_a_player_of_the_rematch(harness: Harness) -> None:
    """They ran out of time, an AI finished for them: "Only the players of this game can ask for
    a rematch", and the rematch seated a new AI in their place."""
    table, game_id, users, seat, _ = await _kept_by_an_ai(harness)
    player = users[seat]
    await harness.command("abandon", users[0], None)
    await harness.discord.click(player, table, f"rematch:{game_id}", check_present=False)
    lobby = harness.discord.channels[CHANNEL][-1]
    assert "Rematch!" in lobby.text() and player.display_name in lobby.text()
    new = await harness.game(int(lobby.custom_ids()[0].split(":")[1]))
    assert sorted(s.user_id for s in new.seats) == sorted(u.id for u in users)  # no AI among them
    assert new.seats[0].user_id == player.id  # the one who asked hosts
    await harness.discord.click(users[0], table, f"rematch:{game_id}", check_present=False)
    said = harness.discord.last_ephemeral(users[0]).text()
    assert f"You are in the rematch already: game #{new.id}." in said


async def test_after_the_end_a_player_whose_seat_an_ai_kept_reads_their_game_is_over(
    harness: Harness,
) -> None:
    """/hand answered "You are not seated in a game in this channel. Spectators see only the
    table." to the player whose DM had just told them the end."""
    _, game_id, users, seat, _ = await _kept_by_an_ai(harness)
    await harness.command("abandon", users[0], None)
    await harness.command("hand", users[seat])
    said = harness.discord.last_ephemeral(users[seat]).text()
    assert f"Your game here (#{game_id}) is over" in said and "Spectators" not in said
    # /reclaim too: "No AI is keeping a seat for you ... a seat an AI got when your time ran out"
    # described their case and left them wondering why it did not come back
    await harness.command("reclaim", users[seat])
    said = harness.discord.last_ephemeral(users[seat]).text()
    assert said == f"Your game here (#{game_id}) is over: the table shows the end.", said


async def test_a_time_ran_out_post_delivered_with_the_end_goes_too(harness: Harness) -> None:
    """One "Time ran out" post stayed after the end: its change and the end's were delivered
    together, and it was posted after the end had taken the game's calls away."""
    lobby, game_id, users = await _krampus_with_clock(harness)
    pipeline = harness.table.pipeline
    deliver, pipeline.deliver = pipeline.deliver, _nothing  # (its delivery comes later)
    try:
        await pipeline.clock_expiry(game_id, (await harness.game(game_id)).decision)
    finally:
        pipeline.deliver = deliver
    await harness.command("abandon", users[0], None)  # delivers both changes at once
    assert not [m.text() for m in harness.discord.channels[CHANNEL] if "Time ran out" in m.text()]


async def _nothing(game_id: int) -> None:
    return None


def _posts(harness: Harness) -> list[str]:
    return [m.text() for m in harness.discord.channels[CHANNEL] if not m.embeds]


async def test_a_welcome_back_post_goes_with_the_next_time_ran_out(harness: Harness) -> None:
    """The channel's "Welcome back" after `/reclaim` stayed for good: in a long game with the
    clock they piled up above the table. It goes with the next "time ran out" post (or the next
    welcome, or the end), and takes no "time ran out" with it (one may still be true)."""
    _, game_id, users, seat, _ = await _kept_by_an_ai(harness)
    assert any("an AI plays for them now" in p for p in _posts(harness)), _posts(harness)
    await harness.command("reclaim", users[seat])
    assert any(p.startswith("Welcome back") for p in _posts(harness))
    assert any("an AI plays for them now" in p for p in _posts(harness)), _posts(harness)
    await harness.table.pipeline.clock_expiry(game_id, (await harness.game(game_id)).decision)
    posts = _posts(harness)
    assert not any(p.startswith("Welcome back") for p in posts), posts
    assert sum("Time ran out" in p for p in posts) == 1, posts


async def test_a_welcome_back_post_goes_at_the_end(harness: Harness) -> None:
    _, game_id, users, seat, _ = await _kept_by_an_ai(harness)
    await harness.command("reclaim", users[seat])
    assert any(p.startswith("Welcome back") for p in _posts(harness))
    await harness.command("abandon", users[0], None)
    assert not any(p.startswith(("Welcome back", "\N{ALARM CLOCK}")) for p in _posts(harness)), _posts(
        harness
    )


async def test_the_warning_names_but_does_not_push_a_player_already_told_of_the_decision(
    h: Harness, clock
) -> None:
    """An idle voter got "Your turn" for the vote, then the clock's warning pushed them again for
    the same vote (two phone alerts for one decision). The warning still names everyone who must
    decide; it pushes only those not told yet."""
    from bot.attention import IDLE_SECONDS
    from tests.bot.test_notifications import nominate, notified, your_turn_dms

    lobby, game_id, users = await _krampus_with_clock(h)
    clock.now += IDLE_SECONDS + 1  # everyone wanders off
    candidate = await nominate(h, lobby, users, await h.game(game_id))
    game = await h.game(game_id)
    voters = [users[s] for s in game.humans_to_decide()]
    told = [u.id for u in voters if your_turn_dms(h, u)]  # (the idle voters: not the candidate)
    assert len(told) == 4 and candidate.id not in told
    mark = len(h.messenger.pinged)
    await h.table.pipeline.clock_warning(game_id, game.decision)
    warning = h.discord.channels[CHANNEL][-1]
    assert "is waiting for you" in warning.text()
    assert all(f"<@{user.id}>" in warning.text() for user in voters)  # (named, all of them)
    assert notified(h, mark) == sorted(u.id for u in voters if u.id not in told)  # (the candidate only)
