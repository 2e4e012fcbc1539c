"""Christmas Tree through the real handlers with fake interactions: lobby mode, whole games by
clicks (drafts included), pictures re-attached only when they change, secrecy, the end message."""

from __future__ import annotations

import io
import random
import re

import pytest
from PIL import Image

from games.christmas_tree import CARDS, Kind
from games.christmas_tree.data import Phase
from tests.bot.fakes import FakeMessage, FakeUser
from tests.bot.harness import Harness, make_users, play_random_click, private_message

GAME = "christmas-tree"


async def open_ct(h: Harness, users: list[FakeUser], mode: str | None = None) -> tuple[FakeMessage, int]:
    interaction = await h.command("play", users[0], GAME)
    message = interaction.original
    assert message is not None
    game_id = int(message.custom_ids()[0].split(":")[1])
    if mode is not None:
        await h.discord.click(users[0], message, f"lopt:{game_id}:mode", [mode])
    for user in users[1:]:
        await h.discord.click(user, message, f"lobby:{game_id}:join")
    await h.discord.click(users[0], message, f"lobby:{game_id}:start")
    return message, game_id


def hand_labels(state, seat: int) -> list[str]:
    """The hand's cards as players read them (a gingerbread's name is also a word of the rules)."""
    from games.christmas_tree.words import card_words

    return [card_words(code) for code in state.hands[seat].cards if CARDS[code].kind != Kind.GINGERBREAD]


def picture(message: FakeMessage) -> Image.Image:
    image = Image.open(io.BytesIO(next(iter(message.files.values()))))
    image.load()
    return image


async def test_lobby_mode_select_host_only_and_validated(harness: Harness) -> None:
    users = make_users(3)
    interaction = await harness.command("play", users[0], GAME)
    lobby = interaction.original
    game_id = int(lobby.custom_ids()[0].split(":")[1])
    assert f"lopt:{game_id}:mode" in lobby.custom_ids()
    assert "**Mode:** Normal" in lobby.text()  # the default
    await harness.discord.click(users[1], lobby, f"lobby:{game_id}:join")
    await harness.discord.click(users[1], lobby, f"lopt:{game_id}:mode", ["advanced"])
    assert "Only the host" in harness.discord.last_ephemeral(users[1]).text()
    await harness.discord.click(users[0], lobby, f"lopt:{game_id}:mode", ["expert"])
    assert "not valid" in harness.discord.last_ephemeral(users[0]).text()
    assert (await harness.game(game_id)).record.options == {"mode": "normal", "clock": "off"}
    await harness.discord.click(users[0], lobby, f"lopt:{game_id}:mode", ["advanced"])
    assert (await harness.game(game_id)).record.options == {"mode": "advanced", "clock": "off"}
    assert "**Mode:** Advanced" in lobby.text()
    await harness.discord.click(users[0], lobby, f"lobby:{game_id}:start")
    game = await harness.game(game_id)
    assert game.state.mode == "advanced" and game.state.cookies[0] == 4
    await harness.discord.click(users[0], lobby, f"lopt:{game_id}:mode", ["family"], check_present=False)
    assert "already started" in harness.discord.last_ephemeral(users[0]).text()


@pytest.mark.draws_pictures  # it looks at the private picture as the player builds a choice
async def test_a_turn_by_drafts_then_placement_is_secret_until_all_are_ready(harness: Harness) -> None:
    users = make_users(2)
    table, game_id = await open_ct(harness, users, "family")  # family: no objectives to choose
    game = await harness.game(game_id)
    assert game.state.phase == Phase.TURN
    assert table.files, "the table shows the trees as a picture"
    assert "neutral tree" in table.text() and "only counts when an objective asks who has the most" in (
        table.text()
    )
    assert "Dasher \N{RIGHTWARDS ARROW} Dancer \N{RIGHTWARDS ARROW} neutral tree" in table.text()
    dm = private_message(harness, users[0], game_id)
    assert dm.files and "Pick a card" in dm.text()
    assert "You pass your hand to **Dancer** and get the hand of the neutral tree." in dm.text()
    with_hand = picture(dm)
    assert with_hand.format == "PNG" and with_hand.width == 480
    d = game.decision
    hand = game.state.hands[0].cards
    glass = next(i for i, code in enumerate(hand) if CARDS[code].kind != Kind.CANDY)
    # step 1: a card (draft): the text names it; the picture stays (not uploaded again)
    uploads = dm.uploads
    await harness.discord.click(users[0], dm, f"dsel:{game_id}:{d}:card", [f"c{glass}"])
    assert "picked: now pick a free cell" in dm.text()
    assert dm.uploads == uploads and picture(dm).tobytes() == with_hand.tobytes()
    # step 2: a cell (draft): the picture shows the card there both ways, and the buttons appear
    cell = game.state.trees[0].index(None)
    await harness.discord.click(users[0], dm, f"dsel:{game_id}:{d}:cell", [f"c{glass}x{cell}"])
    assert "shown both ways" in dm.text()
    assert picture(dm).size != with_hand.size  # the close look replaces the hand
    place = f"act:{game_id}:{d}:place.{glass}.{cell}.180"
    assert dm.item(place).item.label == "Place upside down"
    card = hand[glass]
    await harness.discord.click(users[0], dm, place)
    game = await harness.game(game_id)
    assert game.state.pending[0].cell == cell
    assert "You are ready" in dm.text() and "upside down" in dm.text()
    # the table says who is ready, never what they placed
    assert "\N{WHITE HEAVY CHECK MARK} Dasher" in table.text()
    from games.christmas_tree.words import card_words

    assert card_words(card) not in table.text()
    # the other player places too: all placements are revealed together
    dm2 = private_message(harness, users[1], game_id)
    await harness.discord.click(users[1], dm2, f"dsel:{game_id}:{d}:card", ["c0"])
    await harness.discord.click(users[1], dm2, f"dsel:{game_id}:{d}:cell", ["c0x0"])
    await harness.discord.click(users[1], dm2, f"act:{game_id}:{d}:place.0.0.0")
    game = await harness.game(game_id)
    assert game.state.trees[0][cell] == (card, 180)
    assert "Every new card is revealed" in table.text()
    text = table.text() + dm.text() + dm2.text()
    assert "°" not in text and not re.search(r"\b[GWJO]\d\d\b", text)


async def test_a_candy_has_one_place_button(harness: Harness) -> None:
    users = make_users(3)
    for _ in range(10):  # deals until a player holds a candy
        table, game_id = await open_ct(harness, users, "family")
        game = await harness.game(game_id)
        holder = next(
            (s for s in range(3) if any(CARDS[c].kind == Kind.CANDY for c in game.state.hands[s].cards)), None
        )
        if holder is not None:
            break
    assert holder is not None
    hand = game.state.hands[holder].cards
    candy = next(i for i, code in enumerate(hand) if CARDS[code].kind == Kind.CANDY)
    dm = private_message(harness, users[holder], game_id)
    d = game.decision
    await harness.discord.click(users[holder], dm, f"dsel:{game_id}:{d}:card", [f"c{candy}"])
    await harness.discord.click(users[holder], dm, f"dsel:{game_id}:{d}:cell", [f"c{candy}x0"])
    buttons = [cid for cid in dm.custom_ids() if cid.startswith("act:")]
    assert buttons == [f"act:{game_id}:{d}:place.{candy}.0.0"]
    assert dm.item(buttons[0]).item.label == "Place"
    assert "press **Place**" in dm.text() and "both ways" not in dm.text()


async def test_unchanged_table_picture_is_not_uploaded_again(harness: Harness) -> None:
    users = make_users(3)
    table, game_id = await open_ct(harness, users, "normal")
    uploads = table.uploads
    game = await harness.game(game_id)
    assert game.state.phase == Phase.OBJECTIVES
    # choosing objectives changes who is ready, not the trees: no new upload
    for user in users[:2]:
        dm = private_message(harness, user, game_id)
        await harness.discord.click(user, dm, f"pick:{game_id}:{game.decision}:objective", ["objective.0"])
    assert table.uploads == uploads
    assert "\N{WHITE HEAVY CHECK MARK}" in table.text()


async def test_forged_drafts_are_ignored_and_strangers_refused(harness: Harness) -> None:
    users = make_users(2)
    table, game_id = await open_ct(harness, users, "family")
    game = await harness.game(game_id)
    dm = private_message(harness, users[0], game_id)
    await harness.discord.click(users[0], dm, f"dsel:{game_id}:{game.decision}:card", ["c99x99"])
    assert not any(cid.startswith("act:") for cid in dm.custom_ids())  # nothing half-made kept
    stranger = FakeUser(999, "Grinch")
    await harness.discord.click(stranger, dm, f"dsel:{game_id}:{game.decision}:card", ["c1"])
    assert "not playing" in harness.discord.last_ephemeral(stranger).text()
    await harness.discord.click(users[0], dm, f"draft:{game_id}:{game.decision + 5}:c1", check_present=False)
    assert "already over" in harness.discord.last_ephemeral(users[0]).text()
    assert (await harness.game(game_id)).record.version == 0


@pytest.mark.parametrize(
    "players,mode,seed",
    [(2, "family", 1), (3, "normal", 2), (4, "advanced", 3), (2, "advanced", 4)],
)
async def test_whole_game_by_clicks(harness: Harness, players: int, mode: str, seed: int) -> None:
    users = make_users(players)
    table, game_id = await open_ct(harness, users, mode)
    rng = random.Random(seed)
    steps = 0
    while await play_random_click(harness, table, game_id, users, rng):
        steps += 1
        assert steps < 5000
        game = await harness.game(game_id)
        if game.record.status == "running" and steps % 7 == 0:
            public = "\n".join(m.text() for m in harness.discord.channels[table.channel_id])
            for seat in range(players):
                for label in hand_labels(game.state, seat):
                    assert label not in public, "a hand card is named on the table"
    game = await harness.game(game_id)
    assert game.record.status == "finished"
    end = harness.discord.channels[table.channel_id][-1].text()
    assert "is over" in end and "objectives" in end and "bulbs" in end
    assert ("cookies" in end) == (mode != "family")  # (Family mode has none)
    assert "°" not in end and not re.search(r"\b[GWJO]\d\d\b", table.text())
    assert table.files and table.custom_ids() == []
    totals = [game.rules.view(game.state, None).breakdown[s].total for s in range(players)]
    for seat in game.outcome().winners:
        assert users[seat].display_name in end and totals[seat] == max(totals)
    assert all(code in CARDS for tree in game.state.trees for slot in tree if slot for code in [slot[0]])


async def test_a_restart_says_a_half_made_choice_is_cleared(harness: Harness) -> None:
    """A card picked and its cell not yet: the draft lives in the DM's components, and a restart
    redraws the DM from the committed state. The player read the choice gone with no word why;
    the redrawn DM now says so (until its next change), and only where a choice is made by steps."""
    users = make_users(2)
    table, game_id = await open_ct(harness, users, "family")
    game = await harness.game(game_id)
    dm = private_message(harness, users[0], game_id)
    await harness.discord.click(users[0], dm, f"dsel:{game_id}:{game.decision}:card", ["c0"])
    assert "picked: now pick a free cell" in dm.text()
    await harness.boot()
    await harness.table.restart.resume(pause=0)
    dm = private_message(harness, users[0], game_id)
    assert "picked" not in dm.text()
    assert dm.content.startswith("\N{ANTICLOCKWISE DOWNWARDS AND UPWARDS OPEN CIRCLE ARROWS} The bot")
    await harness.discord.click(users[0], dm, f"dsel:{game_id}:{game.decision}:card", ["c1"])
    assert "picked: now pick a free cell" in dm.text() and not dm.content


async def test_a_half_made_choice_survives_a_redraw_for_another_player_s_leaving(harness: Harness) -> None:
    """A card picked, its cell not yet; another player leaves, and the message is redrawn (it
    names the AI that now passes the hand): the card picked stayed only until then, silently."""
    users = make_users(3)
    table, game_id = await open_ct(harness, users, "family")
    game = await harness.game(game_id)
    dm = private_message(harness, users[0], game_id)
    await harness.discord.click(users[0], dm, f"dsel:{game_id}:{game.decision}:card", ["c0"])
    assert "picked: now pick a free cell" in dm.text()
    await harness.command("leave", users[2])
    await harness.table.delivery.pacer.settle()
    dm = private_message(harness, users[0], game_id)
    assert "(AI)" in dm.text(), dm.text()  # (redrawn)
    assert "picked: now pick a free cell" in dm.text(), dm.text()


async def test_a_restart_says_nothing_where_no_choice_is_made_by_steps(harness: Harness) -> None:
    users = make_users(5)
    table, game_id = await harness.open_table(users, "secret-krampus")
    await harness.boot()
    await harness.table.restart.resume(pause=0)
    assert not [m.content for u in users if (m := private_message(harness, u, game_id)).content]
