"""Secret Krampus through the real handlers, as players click: a changed vote edits nothing anyone
else sees (and replaces the voter's note), a player in the stables is told so when they click,
/abandon shows every role, and the log has no line per voter and no card codes."""

from __future__ import annotations

import json
import random
import re
import time

from bot.render.secret_krampus import ROLE
from games.secret_krampus import Order, Phase
from tests.bot.fakes import FakeMessage, FakeUser
from tests.bot.harness import Harness, make_users, play_random_click, private_message

CODES = re.compile(r"\b(NICE|NAUGHTY|NICE_ELF|NAUGHTY_ELF|KRAMPUS|PEEK|STABLE_LEADERSHIP|seat \d+)\b")


async def _nominate(h: Harness, table: FakeMessage, game_id: int, users: list[FakeUser]) -> None:
    game = await h.game(game_id)
    select = next(cid for cid in table.custom_ids() if cid.startswith("pick:"))
    value = table.item(select).item.options[0].value
    await h.discord.click(users[game.state.lm_candidate], table, select, [value])


def _button(table: FakeMessage, code: str) -> str:
    return next(cid for cid in table.custom_ids() if cid.endswith(code))


async def test_a_changed_vote_edits_nothing_anyone_else_sees(harness: Harness) -> None:
    users = make_users(6)
    table, game_id = await harness.open_table(users)
    await _nominate(harness, table, game_id, users)
    voter, other = users[0], users[1]
    await harness.discord.click(voter, table, _button(table, "vote.1"))
    assert "You voted YES" in harness.discord.last_ephemeral(voter).text()
    await harness.discord.click(other, table, _button(table, "vote.0"))
    shown, calls = table.text(), len(harness.messenger.calls)
    dms = {u.id: [m.text() for m in harness.discord.dms.get(u.id, [])] for u in users}
    assert "Still to vote" in shown and voter.display_name not in shown.split("Still to vote")[1]
    assert "voted" not in shown.replace("Still to vote", "")  # no line per voter
    await harness.discord.click(voter, table, _button(table, "vote.0"))  # a change of mind
    assert "changed your vote to NO" in harness.discord.last_ephemeral(voter).text()
    # the note "You voted YES", now out of date, is gone: the voter sees only their latest note
    notes = [m.text() for m in harness.discord.ephemeral[voter.id]]
    assert [n for n in notes if "vote" in n] == [harness.discord.last_ephemeral(voter).text()], notes
    assert (await harness.game(game_id)).state.votes == {0: False, 1: False}
    assert table.text() == shown
    assert harness.messenger.calls[calls:] == []  # no table edit, no DM, no post
    assert {u.id: [m.text() for m in harness.discord.dms.get(u.id, [])] for u in users} == dms
    # the same vote again is refused to that voter alone, and shows nothing either
    await harness.discord.click(voter, table, _button(table, "vote.0"), check_present=False)
    assert "already voted NO" in harness.discord.last_ephemeral(voter).text()
    assert table.text() == shown and harness.messenger.calls[calls:] == []


async def test_a_vote_note_goes_once_the_vote_is_over(harness: Harness) -> None:
    """ "You voted YES. You can change your vote until the last vote is in." stayed under the
    table after the last vote was in (and the election long over)."""
    users = make_users(5)
    table, game_id = await harness.open_table(users)
    await _nominate(harness, table, game_id, users)
    voters = users  # (the candidates vote too)
    await harness.discord.click(voters[0], table, _button(table, "vote.1"))
    assert "change your vote" in harness.discord.last_ephemeral(voters[0]).text()
    for voter in voters[1:-1]:
        await harness.discord.click(voter, table, _button(table, "vote.1"))
    assert any("change your vote" in m.text() for m in harness.discord.ephemeral[voters[0].id])
    await harness.discord.click(voters[-1], table, _button(table, "vote.1"))  # the last vote
    for voter in voters:
        assert not [m.text() for m in harness.discord.ephemeral.get(voter.id, []) if "vote" in m.text()]


def _record_notes(h: Harness, monkeypatch) -> list[tuple[int, str]]:  # noqa: ANN001
    """(user id, text) of every ephemeral message posted from now on, deleted or not."""
    posted: list[tuple[int, str]] = []
    post = h.discord.post

    def recording(interaction, content=None, **kwargs):  # noqa: ANN001, ANN202
        message = post(interaction, content, **kwargs)
        if message.ephemeral_for is not None:
            posted.append((message.ephemeral_for, message.text()))
        return message

    monkeypatch.setattr(h.discord, "post", recording)
    return posted


async def test_the_last_vote_gets_no_note_and_a_peek_result_stays(harness: Harness, monkeypatch) -> None:  # noqa: ANN001
    """A note sent when the clicker's part in the decision was over was deleted in the same
    instant (it flashed): the last vote now gets none (the reveal tells every vote), and what a
    Peek showed stays until the player's next note (it stays true)."""
    posted = _record_notes(harness, monkeypatch)
    users = make_users(7)
    for seed in range(12):
        table, game_id = await harness.open_table(users)

        def peeking(state) -> bool:  # noqa: ANN001
            return state.phase == Phase.ORDER and state.pending_order == Order.PEEK

        if await _play_until(harness, table, game_id, users, seed, peeking):
            break
        users = make_users(7, start=100 * (seed + 1))
    else:
        raise AssertionError("no Peek in 12 games")
    game = await harness.game(game_id)
    lm = users[game.state.lm]
    select = next(cid for cid in table.custom_ids() if cid.startswith("pick:"))
    await harness.discord.click(lm, table, select, [table.item(select).item.options[0].value])
    note = harness.discord.last_ephemeral(lm).text()
    assert note.startswith("Your Peek:"), note
    await _nominate(harness, table, game_id, users)  # the game goes on: the note stays
    assert harness.discord.last_ephemeral(lm).text() == note
    del posted[:]
    for voter in users:
        await harness.discord.click(voter, table, _button(table, "vote.1"))
    last = users[-1].id
    assert [text for who, text in posted if who == last and "vote" in text] == []
    assert len([text for who, text in posted if "You voted YES" in text]) == len(users) - 1


async def test_a_vote_note_goes_once_the_vote_is_over_also_after_a_restart(harness: Harness) -> None:
    """The notes lived in memory: after a restart (SIGTERM: a deploy) "You can change your vote
    until the last vote is in." stayed for good. A stopping bot now leaves them for the next."""
    users = make_users(5)
    table, game_id = await harness.open_table(users)
    await _nominate(harness, table, game_id, users)
    for voter in users[:-1]:
        await harness.discord.click(voter, table, _button(table, "vote.1"))
    assert all("change your vote" in harness.discord.last_ephemeral(v).text() for v in users[:-1])
    await harness.boot()  # (stops the bot as on SIGTERM, then starts it again)
    await harness.table.restart.resume(pause=0)
    assert [m.text() for m in harness.discord.ephemeral[users[0].id]]  # (the vote goes on)
    await harness.discord.click(users[-1], table, _button(table, "vote.1"))  # the last vote
    for voter in users:
        assert not [m.text() for m in harness.discord.ephemeral.get(voter.id, []) if "vote" in m.text()]
    assert await harness.service.store.settings.get_meta("ephemeral_notes") == "[]"


async def test_notes_of_games_another_process_resumes_are_left_to_it(harness: Harness) -> None:
    notifications = harness.table.delivery.notifications
    users = make_users(5)
    _table, game_id = await harness.open_table(users)
    game = await harness.game(game_id)
    await notifications.noted(game_id, users[0].id, "t1", 1, game.decision, 0)
    await notifications.noted(game_id + 1, users[0].id, "t2", 2, game.decision, 0)
    await notifications.save_notes()
    notifications.forget(game_id)
    notifications.forget(game_id + 1)
    assert await notifications.take_notes({game_id}) == 1
    left = await harness.service.store.settings.get_meta("ephemeral_notes")
    assert [row[0] for row in json.loads(left or "[]")] == [game_id + 1]  # (another process's)
    later = time.time() + 15 * 60
    notifications.clock = lambda: later  # its token is over: nobody can delete it any more
    assert await notifications.take_notes({game_id + 1}) == 0
    assert await harness.service.store.settings.get_meta("ephemeral_notes") == "[]"


async def _play_until(
    h: Harness, table: FakeMessage, game_id: int, users: list[FakeUser], seed: int, done
) -> bool:
    rng = random.Random(seed)
    while await play_random_click(h, table, game_id, users, rng):
        game = await h.game(game_id)
        if game.record.status == "running" and done(game.state):
            return True
    return False


async def test_a_player_in_the_stables_is_told_so(harness: Harness) -> None:
    users = make_users(5)
    for seed in range(12):
        table, game_id = await harness.open_table(users)

        def stabled_and_nominating(state) -> bool:
            return not all(state.in_play) and state.phase in (Phase.NOMINATION, Phase.VOTING)

        if await _play_until(harness, table, game_id, users, seed, stabled_and_nominating):
            break
        users = make_users(5, start=100 * (seed + 1))  # a new table of players
    else:
        raise AssertionError("nobody was sent to the stables in 12 games")
    game = await harness.game(game_id)
    out = users[game.state.in_play.index(False)]
    component = next(cid for cid in table.custom_ids() if cid.startswith(("act:", "pick:")))
    values = [table.item(component).item.options[0].value] if component.startswith("pick:") else None
    await harness.discord.click(out, table, component, values)
    answer = harness.discord.last_ephemeral(out).text()
    assert "in the stables" in answer and "not your turn" not in answer.lower()
    assert (await harness.game(game_id)).record.version == game.record.version  # nothing applied
    assert "stables" in private_message(harness, out, game_id).text()
    # a living player who must wait still hears whom the game waits for
    if game.state.phase == Phase.NOMINATION:
        living = next(
            u for s, u in enumerate(users) if game.state.in_play[s] and s != game.state.lm_candidate
        )
        await harness.discord.click(living, table, component, values)
        assert "not your turn" in harness.discord.last_ephemeral(living).text().lower()


async def test_abandon_reveals_every_role_on_the_table_and_in_private(harness: Harness) -> None:
    users = make_users(7)
    table, game_id = await harness.open_table(users)
    rng = random.Random(3)
    for _ in range(30):
        assert await play_random_click(harness, table, game_id, users, rng)
    roles = (await harness.game(game_id)).state.roles
    before = table.text()
    assert not any(label in before for label in ROLE.values())
    await harness.command("abandon", users[0], None)
    shown = table.text()
    assert "abandoned" in shown and "Krampus check" not in shown and not table.custom_ids()
    for seat, role in enumerate(roles):
        assert f"{users[seat].display_name}: {ROLE[role]}" in shown
    for seat, user in enumerate(users):
        mine = [m for m in harness.discord.dms[user.id] if m.embeds][-1].text()
        assert "abandoned" in mine and "Everyone's roles" in mine
        for other, role in enumerate(roles):
            if other != seat:
                assert f"{users[other].display_name}: {ROLE[role]}" in mine


async def test_log_has_no_line_per_voter_and_no_codes(harness: Harness) -> None:
    users = make_users(5)
    table, game_id = await harness.open_table(users)
    rng = random.Random(8)
    while await play_random_click(harness, table, game_id, users, rng):
        pass
    lines = await harness.table.history.public_log(game_id)
    text = "\n".join(lines)
    assert "The vote passed" in text or "The vote failed" in text
    assert "has voted" not in text and not CODES.findall(text), CODES.findall(text)
    end = table.text()
    assert not CODES.findall(end) and "Krampus check" not in end  # no reminder once it is over
    outcome = (await harness.game(game_id)).outcome()
    assert outcome is not None
    team = "Team Nice" if outcome.team == "NICE" else "Team Naughty"
    posts = [
        m.content or "" for m in harness.discord.channels[table.channel_id] if "is over" in (m.content or "")
    ]
    assert len(posts) == 1 and f"{team} wins!" in posts[0] and outcome.summary in posts[0]


async def _at_the_first_sleigh_loader(h: Harness) -> tuple[list[FakeUser], FakeMessage, int, random.Random]:
    """A 5-player game played by random clicks (each delivered) until a Sleigh Loader chooses:
    (the players, the table, the game, the random clicks' generator)."""
    from tests.bot.test_table_news import _act

    users = make_users(5)
    table, game_id = await h.open_table(users)
    rng = random.Random(3)
    while (await h.game(game_id)).state.phase != Phase.SL_CHOOSE:
        await _act(h, game_id, users, rng)
        await h.table.delivery.deliver(game_id)
    return users, table, game_id, rng


async def test_the_vote_screen_tells_what_the_last_government_did_until_the_vote_is_in(
    harness: Harness,
) -> None:
    """The table's edit that opens an election, coalesced with the delivery before it (an AI List
    Maker nominates at once), said nothing of the gift delivered; and the first vote took away
    whatever it said. Now the news stays while only secret votes come."""
    from tests.bot.test_table_news import _act

    users, table, game_id, rng = await _at_the_first_sleigh_loader(harness)
    await _act(harness, game_id, users, rng)  # the Sleigh Loader delivers a gift...
    while (game := await harness.game(game_id)).state.phase != Phase.VOTING:
        await _act(harness, game_id, users, rng)  # ... and the next List Maker nominates
    await harness.table.delivery.deliver(game_id)  # one table write for all of it
    assert "Vote!" in table.text() and " gift was delivered." in table.text(), table.text()
    shown = table.text().split("Still to vote")[0]
    voter = min(game.to_decide())
    await harness.discord.click(users[voter], table, _button(table, "vote.1"))
    assert table.text().split("Still to vote")[0] == shown  # a first vote: the news stays


async def test_a_nomination_keeps_the_news_of_the_last_government_on_the_vote_screen(
    harness: Harness,
) -> None:
    """The table showed the delivery while the next List Maker chose; their nomination (which the
    vote's headline says) then opened the vote with no news at all."""
    from tests.bot.test_table_news import _act

    users, table, game_id, rng = await _at_the_first_sleigh_loader(harness)
    while (await harness.game(game_id)).state.phase != Phase.NOMINATION:
        await _act(harness, game_id, users, rng)  # the Sleigh Loader delivers a gift
        await harness.table.delivery.deliver(game_id)
    assert " gift was delivered." in table.text(), table.text()
    await _nominate(harness, table, game_id, users)  # a person nominates, on the table
    assert "Vote!" in table.text() and " gift was delivered." in table.text(), table.text()


async def test_the_last_voter_with_closed_dms_gets_no_copy_of_their_role_card(harness: Harness) -> None:
    """The last vote (closed DMs) answered with a copy of the voter's whole private message (their
    role card, "to choose, use the table") that was deleted the same instant: a flash on a phone
    for a vote already over. The reveal on the table tells the vote."""
    from tests.bot.test_notifications import nominate

    users = make_users(5)
    harness.discord.closed_dms = {u.id for u in users}
    table, game_id = await harness.open_table(users)
    await nominate(harness, table, users, await harness.game(game_id))
    yes = next(cid for cid in table.custom_ids() if cid.endswith(":vote.1"))
    game = await harness.game(game_id)
    voters = [users[s] for s in sorted(game.to_decide())]
    for user in voters[:-1]:
        await harness.discord.click(user, table, yes)
    clicks = harness.table.delivery.clicks
    unseen_news, copies = clicks.unseen_news, []

    async def spy(*args, **kwargs):  # type: ignore[no-untyped-def]
        sent = await unseen_news(*args, **kwargs)
        copies.append(sent)
        return sent

    clicks.unseen_news = spy  # type: ignore[method-assign]
    await harness.discord.click(voters[-1], table, yes)
    assert (await harness.game(game_id)).state.phase.name != "VOTING"
    assert copies and copies[-1] is None, "a copy of the private message was sent"
