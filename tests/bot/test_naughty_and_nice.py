"""Naughty & Nice through the real handlers with fake interactions: whole games by clicks (drafts
included), secret draws answered in the one private message (no ephemeral note per draw), a card
played from the private message by draft, refusals, secret Shiny! orientations, the end message."""

from __future__ import annotations

import random

import pytest

from bot.render.naughty_and_nice_private import NOT_YOUR_TURN
from games.naughty_and_nice import CARDS, Phase
from tests.bot.fakes import FakeMessage, FakeUser
from tests.bot.harness import Harness, make_users, play_random_click, private_message

GAME = "naughty-and-nice"
OUTSIDER = FakeUser(999, "Grinch")


def _secret_names(state) -> set[str]:
    """Card names only hands hold (not also in play, discarded or shown by a declaration)."""
    public = {CARDS[c].name for area in state.play_areas for c in area}
    public |= {CARDS[c].name for c in state.discard_pile}
    if state.declaration not in (None, "NONE"):
        public |= {CARDS[d.card].name for d in state.drawn_this_turn}
    return {CARDS[c].name for hand in state.hands for c in hand} - public


async def _shown_by_declarations(h: Harness, game) -> set[str]:
    """Names of every card a declaration ever showed (public, even once back in a hand)."""
    shown = set()
    for record in await h.service.store.get_actions(game.id):
        for event in game.rules.load_events(record.events_json):
            if event.kind == "card_shown" and event.audience.is_public:
                shown.add(CARDS[event.card].name)
    return shown


def _public_text(h: Harness, table: FakeMessage) -> str:
    return "\n".join(m.text() for m in h.discord.channels[table.channel_id])


async def _click_table(h: Harness, user: FakeUser, table: FakeMessage, game_id: int, code: str) -> None:
    game = await h.game(game_id)
    await h.discord.click(user, table, f"act:{game_id}:{game.decision}:{code}")


@pytest.mark.parametrize("players,seed", [(2, 1), (3, 4), (4, 2), (5, 5), (6, 3)])
async def test_whole_game_by_clicks(harness: Harness, players: int, seed: int) -> None:
    users = make_users(players)
    table, game_id = await harness.open_table(users, GAME)
    rng = random.Random(seed)
    steps = 0
    while await play_random_click(harness, table, game_id, users, rng):
        steps += 1
        assert steps < 3000
        if steps % 5 == 0:
            game = await harness.game(game_id)
            if game.record.status == "running":
                public = table.text()
                shown = await _shown_by_declarations(harness, game)
                for name in _secret_names(game.state) - shown:
                    assert name not in public, f"{name} (only in a hand) is named on the table"
                assert f"**{users[game.state.active_seat].display_name}**" in public or (
                    game.state.phase == Phase.ORIENT
                )
    game = await harness.game(game_id)
    assert game.record.status == "finished" and steps > 30
    end = harness.discord.channels[table.channel_id][-1].text()
    assert "is over" in end and "score" in end
    view = game.rules.view(game.state, None)
    for result in view.results:
        assert users[result.seat].display_name in end
    for seat in game.outcome().winners:
        assert users[seat].display_name in end.splitlines()[0]
    assert table.custom_ids() == []


async def test_secret_draws_then_a_play_by_draft_all_in_one_private_message(harness: Harness) -> None:
    """Issue 14: a draw leaves no ephemeral note; the seat's one living DM names the card just
    drawn (edited in place), and the secret draws and the plays go on from that DM as well as
    from the table. Declaring is on the table only: the DMs are not edited when a turn begins."""
    users = make_users(2)
    table, game_id = await harness.open_table(users, GAME)
    game = await harness.game(game_id)
    active = game.state.active_seat
    player, other = users[active], users[1 - active]
    assert f"**{player.display_name}**'s turn" in table.text()
    # the DMs: both read the same line (not whose turn it is: that changes on every turn, and the
    # table shows it, with the buttons to declare)
    dm = harness.discord.last_dm(player)
    other_dm = harness.discord.last_dm(other)
    for message in (dm, other_dm):
        assert message.embeds[0].description == NOT_YOUR_TURN and not message.custom_ids()
        assert player.display_name not in message.text()
    start = len(harness.messenger.calls)
    await _click_table(harness, player, table, game_id, "declare.NONE")  # on the table
    first = CARDS[(await harness.game(game_id)).state.hands[active][0]]
    assert harness.discord.last_dm(player) is dm
    assert "you drew **" in dm.text() and first.name in dm.text() and "(1 of 4)" in dm.text()
    assert "in secret" in table.text() and first.name not in table.text()
    game = await harness.game(game_id)
    await harness.discord.click(player, dm, f"act:{game_id}:{game.decision}:draw")  # in the DM
    second = CARDS[(await harness.game(game_id)).state.hands[active][1]]
    assert second.name in dm.embeds[0].description and "(2 of 4)" in dm.text()
    await _click_table(harness, player, table, game_id, "draw")
    game = await harness.game(game_id)
    await harness.discord.click(player, dm, f"act:{game_id}:{game.decision}:stop")
    game = await harness.game(game_id)
    assert game.state.phase == Phase.PLAY and len(game.state.hands[active]) == 3
    # no ephemeral message came for any of the draws
    assert not harness.discord.ephemeral.get(player.id)
    for name in _secret_names(game.state):
        assert name not in _public_text(harness, table)
    assert "in private" in table.text()
    assert not [cid for cid in table.custom_ids() if cid.startswith("act:")]
    # the other player's DM was not edited while the active player drew
    assert ("edit_dm", other_dm.id) not in harness.messenger.calls[start:]
    assert harness.discord.last_dm(other) is other_dm and NOT_YOUR_TURN in other_dm.text()
    # one living DM since the deal, now holding the play (the player is playing along: no new DM)
    assert len(harness.discord.dms[player.id]) == 1
    assert harness.discord.last_dm(player) is dm and "Pick a card" in dm.text()
    card = game.state.hands[active][1]
    await harness.discord.click(player, dm, f"dsel:{game_id}:{game.decision}:card", [f"c{card}"])
    play = f"act:{game_id}:{game.decision}:play.{card}.{1 - active}"
    assert play in dm.custom_ids()
    label = dm.item(play).item.label
    assert other.display_name in label
    await harness.discord.click(player, dm, play)
    game = await harness.game(game_id)
    assert card in game.state.play_areas[1 - active]
    assert CARDS[card].name in table.text()  # what just happened
    assert table.files  # the picture of the cards in play
    # the hand is down to 2: the turn passed (nobody has 10 cards in play yet)
    assert game.state.active_seat == 1 - active and game.state.phase == Phase.DECLARE
    assert f"**{other.display_name}**'s turn" in table.text()
    assert not any(cid.startswith("act:") for cid in dm.custom_ids())
    assert NOT_YOUR_TURN in dm.text()
    # the other's turn begins on the table: their DM is not edited for it
    assert harness.discord.last_dm(other) is other_dm and NOT_YOUR_TURN in other_dm.text()
    assert ("edit_dm", other_dm.id) not in harness.messenger.calls[start:]


async def test_a_secret_draw_made_on_the_table_shows_its_card_in_the_dm_at_once(harness: Harness) -> None:
    """Spec 4.3: the player decides after seeing each card. A draw clicked on the table shows its
    card only in the drawer's DM, so that DM's edit brings the next decision (urgent): it is made
    at once, not held back for the message's gap between edits, which here never passes."""
    from tests.bot.test_pacing import paced

    pacer, _messenger = paced(harness)
    pacer.gap = 60.0  # a DM edit that is not urgent would wait a minute after the DM's last one
    try:
        users = make_users(2)
        table, game_id = await harness.open_table(users, GAME)
        await pacer.settle()
        game = await harness.game(game_id)
        active = game.state.active_seat
        player, dm = users[active], harness.discord.last_dm(users[active])
        await _click_table(harness, player, table, game_id, "declare.NONE")
        for draws in (2, 3):
            await _click_table(harness, player, table, game_id, "draw")
            drawn = CARDS[(await harness.game(game_id)).state.hands[active][draws - 1]]
            assert f"({draws} of 4)" in dm.embeds[0].description, dm.embeds[0].description
            assert drawn.name in dm.embeds[0].description
    finally:
        await pacer.stop()


async def test_with_dms_closed_a_secret_draw_on_the_table_shows_its_card_to_the_drawer(
    harness: Harness,
) -> None:
    """Spec 4.3: the player decides after seeing each card. With DMs closed and no "My hand"
    open, a draw clicked on the table showed its card nowhere: the drawer decided blind. The
    answer now shows their hand (only to them, without controls: the choices stay on the table);
    each draw's replaces the last; once "My hand" is open, it shows the card instead. The copy says
    to choose on the table ("Draw another or stop (here or on the table)" pointed at no buttons)."""
    users = make_users(3)
    harness.discord.closed_dms = {u.id for u in users}
    table, game_id = await harness.open_table(users, GAME)
    game = await harness.game(game_id)
    active = game.state.active_seat
    player = users[active]
    await _click_table(harness, player, table, game_id, "declare.NONE")
    notes = []
    for draws in (1, 2):
        if draws == 2:
            await _click_table(harness, player, table, game_id, "draw")
        drawn = CARDS[(await harness.game(game_id)).state.hands[active][draws - 1]]
        note = harness.discord.last_ephemeral(player)
        assert (
            note is not None
            and drawn.name in note.text()
            and "Only you see this. Your choices are on the table" in note.text()
        )
        assert "Draw another or stop on the table." in note.text() and "(here or" not in note.text()
        assert not note.custom_ids() and drawn.name not in table.text()
        for other in users:
            if other is not player:
                assert all(drawn.name not in m.text() for m in harness.discord.ephemeral.get(other.id, []))
        notes.append(note)
    assert notes[0] is not notes[1] and notes[0] not in harness.discord.ephemeral[player.id]
    await harness.discord.click(player, table, f"mine:{game_id}")  # "My hand": its view lives
    view = harness.discord.last_ephemeral(player)
    await _click_table(harness, player, table, game_id, "draw")
    drawn = CARDS[(await harness.game(game_id)).state.hands[active][2]]
    assert harness.discord.last_ephemeral(player) is view and drawn.name in view.text()
    await _click_table(harness, player, table, game_id, "stop")  # the copy's decision is over: it goes
    assert (
        notes[1] not in harness.discord.ephemeral[player.id] and view in harness.discord.ephemeral[player.id]
    )


async def test_a_declared_draw_is_shown_to_everyone(harness: Harness) -> None:
    users = make_users(3)
    table, game_id = await harness.open_table(users, GAME)
    game = await harness.game(game_id)
    player = users[game.state.active_seat]
    await _click_table(harness, player, table, game_id, "declare.NICE")
    game = await harness.game(game_id)
    drawn = game.state.drawn_this_turn[0]
    assert CARDS[drawn.card].name in table.text() and "declared Nice" in table.text()


async def test_refusals(harness: Harness) -> None:
    users = make_users(3)
    table, game_id = await harness.open_table(users, GAME)
    game = await harness.game(game_id)
    active = game.state.active_seat
    version = game.record.version
    await _click_table(harness, OUTSIDER, table, game_id, "declare.NONE")
    assert "not playing" in harness.discord.last_ephemeral(OUTSIDER).text()
    waiting = users[(active + 1) % 3]
    await _click_table(harness, waiting, table, game_id, "declare.NICE")
    reply = harness.discord.last_ephemeral(waiting).text()
    assert "not your turn" in reply.lower() or "turn" in reply
    assert (await harness.game(game_id)).record.version == version
    old = f"act:{game_id}:{game.decision}:declare.NONE"
    await harness.discord.click(users[active], table, old)
    await harness.discord.click(users[active], table, old, check_present=False)
    assert "already over" in harness.discord.last_ephemeral(users[active]).text()
    # a forged draft on the private message changes nothing and offers no play
    await harness.discord.click(users[active], table, f"mine:{game_id}")
    eph = harness.discord.last_ephemeral(users[active])
    assert "Your hand" in eph.text()
    game = await harness.game(game_id)
    await harness.discord.click(
        users[active], eph, f"dsel:{game_id}:{game.decision}:card", ["cXX99"], check_present=False
    )
    assert not any(cid.startswith("act:play") for cid in eph.custom_ids())
    assert (await harness.game(game_id)).record.version == game.record.version


async def _play_until(harness: Harness, table, game_id, users, rng, phase: Phase) -> bool:
    for _ in range(3000):
        game = await harness.game(game_id)
        if game.state.phase == phase:
            return True
        if not await play_random_click(harness, table, game_id, users, rng):
            return False
    return False


async def test_orientations_are_private_and_simultaneous(harness: Harness) -> None:
    users = make_users(3)
    table, game_id = await harness.open_table(users, GAME)
    rng = random.Random(5)
    assert await _play_until(harness, table, game_id, users, rng, Phase.ORIENT)
    game = await harness.game(game_id)
    deciding = sorted(game.to_decide())
    assert deciding
    assert "in secret" in table.text()
    assert not [cid for cid in table.custom_ids() if cid.startswith(("act:", "pick:"))]
    seat = deciding[0]
    dm = private_message(harness, users[seat], game_id)
    assert "Shiny!" in dm.text()
    shinies = [c for c in game.state.play_areas[seat] if CARDS[c].type == "SHINY"]
    before = table.text()
    for c in shinies:
        game = await harness.game(game_id)
        if game.state.phase != Phase.ORIENT:
            break
        code = f"orient.{c}.0"
        cid = next(
            i for i in dm.custom_ids() if i.endswith(f":{game.decision}:{code}") or i.startswith("pick:")
        )
        if cid.startswith("pick:"):
            cid = next(i for i in dm.custom_ids() if i.endswith(":down"))
            await harness.discord.click(users[seat], dm, cid, [code])
        else:
            await harness.discord.click(users[seat], dm, cid)
    game = await harness.game(game_id)
    if game.state.phase == Phase.ORIENT:
        for c in shinies:  # who is done shows, never what they chose
            assert f"{CARDS[c].name} {CARDS[c].value:+d} down" not in table.text()
            assert f"{CARDS[c].name} down" not in table.text()
        still = next(line for line in table.text().splitlines() if "Still choosing" in line)
        assert users[seat].display_name in before and users[seat].display_name not in still
        assert before != table.text()
    while await play_random_click(harness, table, game_id, users, rng):
        pass
    end = harness.discord.channels[table.channel_id][-1].text()
    game = await harness.game(game_id)
    assert f"The die shows **{game.state.die_roll}**" in end
    # the end tells how every Shiny! card that counts lay (secret until then) and where it went
    for s in (s for r in game.view(None).results for s in r.shinies if s.counts):
        assert f"{s.card.value:+d} {'up' if s.face_up else 'down'} -> " in end, end


async def test_a_secret_draw_before_any_dm_was_tried_is_shown_to_the_drawer(harness: Harness) -> None:
    """Nobody knows a seat's DMs are closed before a DM to it fails: a first secret draw on the
    table was then shown nowhere (the DM carrying it failed after the click was answered). Such
    a click is answered with the copy too."""
    users = make_users(3)
    harness.discord.closed_dms = {u.id for u in users}
    table, game_id = await harness.open_table(users, GAME)
    game = await harness.game(game_id)
    active = game.state.active_seat
    # (as if no DM had been tried yet: the bot learns DMs are closed from a DM that fails)
    unknown = "UPDATE seats SET dm_open = NULL WHERE game_id = ? AND seat = ?"
    await harness.db.write(unknown, (game_id, active))
    harness.service._running.pop(game_id)  # (the cached game: read the stored one again)
    assert (await harness.game(game_id)).seats[active].dm_open is None
    player = users[active]
    await _click_table(harness, player, table, game_id, "declare.NONE")
    drawn = CARDS[(await harness.game(game_id)).state.hands[active][0]]
    note = harness.discord.last_ephemeral(player)
    assert note is not None and drawn.name in note.text() and not note.custom_ids()


async def test_reopening_my_hand_keeps_a_card_half_chosen(harness: Harness) -> None:
    """A card picked to play (its target not yet) lived only in the message's components: "My
    hand" opened anew went back to the first step. The new view starts from the card picked."""
    users = make_users(2)
    table, game_id = await harness.open_table(users, GAME)
    game = await harness.game(game_id)
    active = game.state.active_seat
    player, other = users[active], users[1 - active]
    for code in ("declare.NONE", "draw", "draw", "stop"):  # 3 cards: one to play
        await _click_table(harness, player, table, game_id, code)
    game = await harness.game(game_id)
    assert game.state.phase == Phase.PLAY
    await harness.discord.click(player, table, f"mine:{game_id}")  # plays from the view
    view = harness.discord.last_ephemeral(player)
    card = game.state.hands[active][0]
    await harness.discord.click(player, view, f"dsel:{game_id}:{game.decision}:card", [f"c{card}"])
    play = f"act:{game_id}:{game.decision}:play.{card}.{1 - active}"
    assert play in view.custom_ids()
    await harness.discord.click(player, table, f"mine:{game_id}")  # opened again
    reopened = harness.discord.last_ephemeral(player)
    assert reopened is not view and play in reopened.custom_ids(), reopened.custom_ids()
    await harness.discord.click(player, reopened, play)
    assert card in (await harness.game(game_id)).state.play_areas[1 - active]
    assert other.display_name in table.text()
