"""The Grumpy Nisse through the real handlers with fake interactions: the roles lobby option, the
public draft on the table, tricks and effects in private messages, whole games by clicks (DMs open
or closed), refusals, the track picture re-uploaded only when it changes, the end message. The
private messages (DMs) are not edited by public draft steps nor by the other player's waiting."""

from __future__ import annotations

import random

import pytest

from bot.render.grumpy_nisse_text import card_effect
from games.grumpy_nisse import Phase
from games.grumpy_nisse.data import card_name
from tests.bot.fakes import FakeMessage, FakeUser
from tests.bot.harness import Harness, make_users, play_random_click, private_message

GAME = "grumpy-nisse"


async def open_gn(h: Harness, users: list[FakeUser], roles: str | None = None) -> tuple[FakeMessage, int]:
    interaction = await h.command("play", users[0], GAME)
    message = interaction.original
    assert message is not None
    game_id = int(message.custom_ids()[0].split(":")[1])
    if roles is not None:
        await h.discord.click(users[0], message, f"lopt:{game_id}:roles", [roles])
    for user in users[1:]:
        await h.discord.click(user, message, f"lobby:{game_id}:join")
    await h.discord.click(users[0], message, f"lobby:{game_id}:start")
    return message, game_id


def _public(h: Harness, table: FakeMessage) -> str:
    return "\n".join(m.text() for m in h.discord.channels[table.channel_id])


async def test_lobby_roles_option(harness: Harness) -> None:
    users = make_users(2)
    interaction = await harness.command("play", users[0], GAME)
    lobby = interaction.original
    game_id = int(lobby.custom_ids()[0].split(":")[1])
    assert f"lopt:{game_id}:roles" in lobby.custom_ids()
    assert "Roles" in lobby.text()
    assert (await harness.game(game_id)).record.options["roles"] == "random"  # the default
    await harness.discord.click(users[1], lobby, f"lobby:{game_id}:join")
    await harness.discord.click(users[1], lobby, f"lopt:{game_id}:roles", ["host_violet"])
    assert "Only the host" in harness.discord.last_ephemeral(users[1]).text()
    await harness.discord.click(users[0], lobby, f"lopt:{game_id}:roles", ["host_torech"])
    assert (await harness.game(game_id)).record.options == {"roles": "host_torech", "clock": "off"}
    await harness.discord.click(users[0], lobby, f"lobby:{game_id}:start")
    game = await harness.game(game_id)
    assert game.state.violet == 1  # the host (seat 0) plays Torech
    # each player's first DM tells the role and the goal
    assert "You are Torech" in harness.discord.dms[users[0].id][0].text()
    assert "You are Violet" in harness.discord.dms[users[1].id][0].text()


async def test_draft_is_played_on_the_table_and_refuses_the_wrong_clicks(harness: Harness) -> None:
    users = make_users(2)
    table, game_id = await open_gn(harness, users, "host_violet")
    game = await harness.game(game_id)
    assert game.state.phase == Phase.DRAFT and game.state.picker == 0
    assert table.files, "the track is a picture on the table"
    uploads = table.uploads
    text = table.text()
    assert "`6`" in text and "Dice: " in text and "picks 1st and 3rd" in text
    select = next(cid for cid in table.custom_ids() if cid.startswith("pick:"))
    value = table.item(select).item.options[0].value
    # a stranger, then the player who is not picking, are refused; nothing is written
    stranger = FakeUser(999, "Grinch")
    await harness.discord.click(stranger, table, select, [value])
    assert "not playing" in harness.discord.last_ephemeral(stranger).text()
    await harness.discord.click(users[1], table, select, [value])
    assert harness.discord.last_ephemeral(users[1]).text()
    assert (await harness.game(game_id)).record.version == 0
    # the picker's click takes the card: the table shows it in the collection
    await harness.discord.click(users[0], table, select, [value])
    game = await harness.game(game_id)
    card = value.split(".")[2]
    assert game.state.collections[0] == [card] and card_name(card) in table.text()
    assert "What just happened" in table.text()
    assert table.uploads == uploads, "the track did not change: no new upload"
    # a click on the old decision is refused as stale
    await harness.discord.click(users[0], table, select, [value], check_present=False)
    assert "already over" in harness.discord.last_ephemeral(users[0]).text()
    assert (await harness.game(game_id)).record.version == 1


async def _play_until(h: Harness, table: FakeMessage, game_id: int, users, rng, phase: Phase) -> None:
    for _ in range(500):
        game = await h.game(game_id)
        if game.state.phase == phase:
            return
        assert await play_random_click(h, table, game_id, users, rng)
    raise AssertionError(f"never reached {phase}")


async def test_tricks_are_private_and_the_result_public(harness: Harness) -> None:
    users = make_users(2)
    table, game_id = await open_gn(harness, users, "host_violet")
    rng = random.Random(2)
    await _play_until(harness, table, game_id, users, rng, Phase.LEAD)
    game = await harness.game(game_id)
    assert table.custom_ids() == [f"mine:{game_id}"]  # no hand choice on the table
    assert "leads" in table.text()
    dm = private_message(harness, users[0], game_id)
    assert "**You lead**" in dm.text()
    hand = game.state.hands[0]
    card = hand[0]
    await harness.discord.click(users[0], dm, f"act:{game_id}:{game.decision}:play.{card}")
    # the leader now waits: one stable line, not who answers nor the trick (the table shows them)
    waiting = private_message(harness, users[0], game_id)
    assert "Not your turn" in waiting.text() and waiting.custom_ids() == []
    assert users[1].display_name not in waiting.text() and "(space " not in waiting.text()
    # the led card is on the table; the answer is the follower's private choice
    assert "led" in table.text() and card_name(card) in table.text()
    follower_dm = private_message(harness, users[1], game_id)
    assert "**Answer**" in follower_dm.text() and card_name(card) in follower_dm.text()
    game = await harness.game(game_id)
    answer = game.state.hands[1][0]
    await harness.discord.click(users[1], follower_dm, f"act:{game_id}:{game.decision}:play.{answer}")
    assert "wins the trick" in table.text()
    for seat in (0, 1):  # hands are never described on the table
        game = await harness.game(game_id)
        assert not any(card_effect(c) in table.text() for c in game.state.hands[seat])


async def test_the_draft_costs_no_private_message_edit(harness: Harness) -> None:
    """The draft is public, on the table: the DMs say so once and are not edited by any pick; the
    last pick brings each player's hand (and the first lead) to their DM."""
    users = make_users(2)
    table, game_id = await open_gn(harness, users)
    dms = {user.id: private_message(harness, user, game_id) for user in users}
    assert all("table message" in dm.text() for dm in dms.values())
    rng = random.Random(3)
    start = len(harness.messenger.calls)
    while (await harness.game(game_id)).state.phase in (Phase.DRAFT, Phase.FINAL_PICK):
        private = [kind for kind, _ in harness.messenger.calls[start:] if kind in ("dm", "edit_dm")]
        assert private == []
        assert await play_random_click(harness, table, game_id, users, rng)
    game = await harness.game(game_id)
    for seat, user in enumerate(users):
        dm = private_message(harness, user, game_id)
        assert all(card_effect(code) in dm.text() for code in game.state.hands[seat])
        assert ("**You lead**" in dm.text()) == (seat in game.to_decide())


@pytest.mark.parametrize("roles,seed", [("random", 1), ("host_torech", 4)])
async def test_whole_game_by_clicks(harness: Harness, roles: str, seed: int) -> None:
    users = make_users(2)
    table, game_id = await open_gn(harness, users, roles)
    rng = random.Random(seed)
    steps = 0
    while await play_random_click(harness, table, game_id, users, rng):
        steps += 1
        assert steps < 1000
        if steps % 9 == 0:
            game = await harness.game(game_id)
            if game.record.status == "running":
                public = _public(harness, table)
                for seat in (0, 1):
                    assert not any(card_effect(c) in public for c in game.state.hands[seat])
    game = await harness.game(game_id)
    assert game.record.status == "finished"
    state = game.state
    end = harness.discord.channels[table.channel_id][-1].text()
    role = "Violet" if state.winner == state.violet else "Torech"
    assert "is over" in end and users[state.winner].display_name in end
    assert f"as **{role}**" in end and state.win_reason in end
    assert table.files and table.custom_ids() == []
    assert "game over" in table.text()


async def test_whole_game_with_dms_closed(harness: Harness) -> None:
    users = make_users(2)
    harness.discord.closed_dms = {u.id for u in users}
    table, game_id = await open_gn(harness, users)
    assert "DMs closed" in table.text()
    rng = random.Random(7)
    steps = 0
    while True:
        game = await harness.game(game_id)
        if game.record.status != "running":
            break
        for seat in game.to_decide():
            if game.state.phase not in (Phase.DRAFT, Phase.FINAL_PICK):
                await harness.discord.click(users[seat], table, f"mine:{game_id}")
        assert await play_random_click(harness, table, game_id, users, rng)
        steps += 1
        assert steps < 1000
    assert (await harness.game(game_id)).record.status == "finished"
    assert not harness.discord.dms


async def test_take_the_win_shows_the_end_on_the_table(harness: Harness) -> None:
    """The other player leaves, the one who stays takes the win: the table message itself says
    who won (not whose turn it was), the end post under it offers the rematch (the table does
    not: one Rematch, as after any end); the private message says it is over."""
    users = make_users(2)
    table, game_id = await open_gn(harness, users, "host_violet")
    rng = random.Random(5)
    await _play_until(harness, table, game_id, users, rng, Phase.LEAD)
    assert "leads" in table.embeds[0].description
    await harness.command("leave", users[1])
    notice = harness.discord.channels[table.channel_id][-1]
    await harness.discord.click(users[0], notice, f"forfeit:{game_id}:0")
    assert (await harness.game(game_id)).record.status == "finished"
    description = table.embeds[0].description
    assert "**Dasher** wins: the other player left." in description and "leads" not in description
    assert "(over)" in table.embeds[0].title
    assert table.custom_ids() == []
    ended = [
        m for m in harness.discord.channels[table.channel_id] if "wins: the other player left" in m.text()
    ]
    (post,) = [m for m in ended if m.id != table.id]
    assert post.custom_ids() == [f"rematch:{game_id}"]
    dm = private_message(harness, users[0], game_id)
    assert "The game is over." in dm.text() and "Not your turn" not in dm.text() and dm.custom_ids() == []
    # the end post's rematch opens a new lobby
    await harness.discord.click(users[0], post, f"rematch:{game_id}")
    assert "Rematch!" in harness.discord.channels[table.channel_id][-1].text()


def test_what_is_done_to_a_player_is_told_in_their_private_message_too() -> None:
    """ "Torech tricks Violet" took the top of both decks and a Spy showed a hand, but the private
    message, where each player plays the tricks, said neither: a Recover then offered cards the
    player never saw leave their deck."""
    from tests.bot.done_to import done_to_samples, told_in_private

    said = {
        "torech_tricks": "Torech tricks Violet!",
        "spy_started": "sees your hand until the end of the next trick (Spy).",
        "determination": "Violet's determination overcomes all odds!",
        "pawn_moved": "Violet finds a shortcut",
        "devilish_plan": "Torech's devilish plan: ",  # (his win condition: it was on the table only)
        "round_started": "Round 2: both players shuffle their discard piles",  # (hands changed silently)
    }
    for kind, (state, event) in done_to_samples("grumpy-nisse", 2, 80, set(said)).items():
        for seat, text in told_in_private("grumpy-nisse", state, event, 2)[1].items():
            assert said[kind] in text, (kind, seat, text)
