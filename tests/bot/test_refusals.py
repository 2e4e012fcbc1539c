"""Bad input of every kind gets a clear ephemeral reason and changes nothing."""

from __future__ import annotations

import asyncio

from tests.bot.fakes import FakeUser
from tests.bot.harness import CHANNEL, Harness, make_users

OUTSIDER = FakeUser(999, "Grinch")


async def _state(h: Harness, game_id: int) -> tuple[int, str | None]:
    game = await h.game(game_id)
    return game.record.version, game.record.state_json


async def test_non_player_click_is_refused(harness: Harness) -> None:
    users = make_users(5)
    table, game_id = await harness.open_table(users)
    before = await _state(harness, game_id)
    select = next(cid for cid in table.custom_ids() if cid.startswith("pick:"))
    value = table.item(select).item.options[0].value
    await harness.discord.click(OUTSIDER, table, select, [value])
    assert "not playing" in harness.discord.last_ephemeral(OUTSIDER).content
    await harness.discord.click(OUTSIDER, table, f"mine:{game_id}")
    assert "not playing" in harness.discord.last_ephemeral(OUTSIDER).content
    assert await _state(harness, game_id) == before


async def test_out_of_turn_nomination_is_refused(harness: Harness) -> None:
    users = make_users(5)
    table, game_id = await harness.open_table(users)
    game = await harness.game(game_id)
    candidate = game.state.lm_candidate
    other = users[(candidate + 1) % 5]
    select = next(cid for cid in table.custom_ids() if cid.startswith("pick:"))
    before = await _state(harness, game_id)
    await harness.discord.click(other, table, select, [table.item(select).item.options[0].value])
    reply = harness.discord.last_ephemeral(other).content
    assert "not your turn" in reply and users[candidate].display_name in reply
    assert await _state(harness, game_id) == before


async def _nominate(h: Harness, table, game_id: int, users) -> str:
    game = await h.game(game_id)
    select = next(cid for cid in table.custom_ids() if cid.startswith("pick:"))
    await h.discord.click(
        users[game.state.lm_candidate], table, select, [table.item(select).item.options[0].value]
    )
    return select


async def test_stale_click_on_an_old_decision_is_refused(harness: Harness) -> None:
    users = make_users(5)
    table, game_id = await harness.open_table(users)
    old_select = await _nominate(harness, table, game_id, users)
    game = await harness.game(game_id)
    before = await _state(harness, game_id)
    # the nomination is over: the old select (from a copy of the old message) is refused
    forged = f"{old_select}"
    await harness.discord.click(
        users[game.state.lm_candidate], table, forged, ["nominate.1"], check_present=False
    )
    assert "already over" in harness.discord.last_ephemeral(users[game.state.lm_candidate]).content
    assert await _state(harness, game_id) == before


async def test_one_vote_does_not_stale_the_other_voters(harness: Harness) -> None:
    users = make_users(5)
    table, game_id = await harness.open_table(users)
    await _nominate(harness, table, game_id, users)
    yes = next(cid for cid in table.custom_ids() if cid.endswith("vote.1"))
    await harness.discord.click(users[0], table, yes)
    assert yes in table.custom_ids()  # the same buttons stay valid for everyone else
    await harness.discord.click(users[1], table, yes)
    game = await harness.game(game_id)
    assert set(game.state.votes) == {0, 1}


async def test_vote_can_be_changed_until_the_last_vote(harness: Harness) -> None:
    users = make_users(5)
    table, game_id = await harness.open_table(users)
    await _nominate(harness, table, game_id, users)
    yes = next(cid for cid in table.custom_ids() if cid.endswith("vote.1"))
    no = next(cid for cid in table.custom_ids() if cid.endswith("vote.0"))
    await harness.discord.click(users[0], table, yes)
    assert "You voted YES" in harness.discord.last_ephemeral(users[0]).content
    await harness.discord.click(users[0], table, no)
    assert "NO" in harness.discord.last_ephemeral(users[0]).content
    game = await harness.game(game_id)
    assert game.state.votes == {0: False}
    assert "Yes" not in table.embeds[0].fields[-1].value  # how someone voted is never on the table


async def test_forged_and_mutated_custom_ids(harness: Harness) -> None:
    users = make_users(5)
    table, game_id = await harness.open_table(users)
    game = await harness.game(game_id)
    lm = users[game.state.lm_candidate]
    before = await _state(harness, game_id)
    cases = {
        f"act:{game_id}:{game.decision}:explode.1": "not valid",
        f"act:{game_id}:{game.decision}:nominate.banana": "not valid",
        f"act:{game_id}:{game.decision}:nominate.1.2": "not valid",
        f"act:{game_id}:{game.decision + 7}:nominate.1": "already over",
        f"act:{game_id + 50}:0:nominate.1": "does not exist",
        f"act:{game_id}:{game.decision}:nominate.{game.state.lm_candidate}": "",  # self-nomination
        f"act:{game_id}:{game.decision}:nominate.99": "",
        f"mine:{game_id + 50}": "does not exist",
        f"lobby:{game_id}:join": "",
    }
    for custom_id, expected in cases.items():
        interaction = await harness.discord.click(lm, table, custom_id, check_present=False)
        assert interaction.response.is_done(), custom_id
        reply = harness.discord.last_ephemeral(lm).content
        assert expected in reply, (custom_id, reply)
    assert await _state(harness, game_id) == before


async def test_twenty_identical_concurrent_clicks_apply_once(harness: Harness) -> None:
    users = make_users(5)
    table, game_id = await harness.open_table(users)
    game = await harness.game(game_id)
    lm = users[game.state.lm_candidate]
    select = next(cid for cid in table.custom_ids() if cid.startswith("pick:"))
    value = table.item(select).item.options[0].value
    await asyncio.gather(*(harness.discord.click(lm, table, select, [value]) for _ in range(20)))
    game = await harness.game(game_id)
    assert game.record.version == 1
    assert len(harness.discord.ephemeral[lm.id]) == 19  # every other click got a reason


async def test_twenty_identical_concurrent_votes_are_one_vote(harness: Harness) -> None:
    users = make_users(5)
    table, game_id = await harness.open_table(users)
    await _nominate(harness, table, game_id, users)
    version = (await harness.game(game_id)).record.version
    yes = next(cid for cid in table.custom_ids() if cid.endswith("vote.1"))
    await asyncio.gather(*(harness.discord.click(users[0], table, yes) for _ in range(20)))
    game = await harness.game(game_id)
    assert game.state.votes == {0: True}
    assert game.record.version == version + 1


async def test_click_on_another_channels_game_is_refused(harness: Harness) -> None:
    users = make_users(5)
    table, game_id = await harness.open_table(users)
    stranger = FakeUser(321, "Jack Frost")
    select = next(cid for cid in table.custom_ids() if cid.startswith("pick:"))
    offered = table.item(select).item.options[0].value
    await harness.discord.click(stranger, table, select, [offered])
    assert "not playing" in harness.discord.last_ephemeral(stranger).content


async def test_hand_for_a_spectator_says_so(harness: Harness) -> None:
    users = make_users(5)
    await harness.open_table(users)
    interaction = await harness.command("hand", OUTSIDER)
    assert interaction.response.kind == "message"
    assert "Spectators see only the table" in harness.discord.last_ephemeral(OUTSIDER).content
    await harness.command("hand", users[2])
    mine = harness.discord.last_ephemeral(users[2]).text()
    assert "You are **" in mine


async def test_abandon_needs_host_or_manage_server(harness: Harness) -> None:
    users = make_users(5)
    table, game_id = await harness.open_table(users)
    await harness.command("abandon", users[3], None)
    assert "Only the host" in harness.discord.last_ephemeral(users[3]).content
    assert (await harness.game(game_id)).record.status == "running"
    # another group's game only by its number (a double tap on /abandon ended the next game here)
    await harness.command("abandon", OUTSIDER, None, manage_guild=True)
    asked = harness.discord.last_ephemeral(OUTSIDER).content
    assert f"say which with the `game` option: #{game_id}." in asked, asked
    assert (await harness.game(game_id)).record.status == "running"
    await harness.command("abandon", OUTSIDER, game_id, manage_guild=True)
    game = await harness.game(game_id)
    assert game.record.status == "abandoned"
    assert "abandoned" in table.text()
    assert table.custom_ids() == []
    # a click on the abandoned game's old buttons is refused
    await harness.discord.click(users[0], table, f"mine:{game_id}", check_present=False)
    actions_before = game.record.version
    select = f"pick:{game_id}:{game.decision}:nominate"
    await harness.discord.click(
        users[game.state.lm_candidate], table, select, ["nominate.1"], check_present=False
    )
    assert "abandoned" in harness.discord.last_ephemeral(users[game.state.lm_candidate]).content
    assert (await harness.game(game_id)).record.version == actions_before
    # and the channel is free again for a new game
    interaction = await harness.command("play", users[3], "secret-krampus")
    assert interaction.original is not None and interaction.original.channel_id == CHANNEL


async def test_an_unexpected_error_still_gets_an_answer(harness: Harness, monkeypatch) -> None:
    users = make_users(5)
    table, game_id = await harness.open_table(users)

    async def broken(*args, **kwargs):
        raise RuntimeError("disk on fire")

    monkeypatch.setattr(harness.service.store, "record_action", broken)
    game = await harness.game(game_id)
    select = next(cid for cid in table.custom_ids() if cid.startswith("pick:"))
    lm = users[game.state.lm_candidate]
    await harness.discord.click(lm, table, select, [table.item(select).item.options[0].value])
    assert "went wrong on the bot's side" in harness.discord.last_ephemeral(lm).content
    assert (await harness.game(game_id)).record.version == 0
