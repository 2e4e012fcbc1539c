"""The table's "What just happened" tells every change since the table last showed, also when
the edits in between were coalesced (`bot.pacing`: a non-urgent edit waits for the message's
gap, then draws the newest game) or failed: a change is never told only in a DM or not at all."""

from __future__ import annotations

import random
from types import SimpleNamespace
from typing import Any

import pytest

from bot import screens
from bot.message_slots import Slot
from bot.outbox import KEPT_CHANGES, Change, Outbox
from bot.plugins import PLUGINS
from bot.render.base import Payload
from bot.table_message import _news_after
from tests.bot.fakes import FakeMessage
from tests.bot.harness import Harness


def _text(payload: Payload) -> str:
    message = FakeMessage(0, 0)
    message.apply(**payload.send_kwargs())
    return message.text()


async def _act(h: Harness, game_id: int, users: list[Any], rng: random.Random) -> Change:
    """One random legal action of a seat that decides, committed through the pipeline (the table
    is not written: the handler's delivery has not run yet)."""
    assert h.table is not None
    game = await h.game(game_id)
    seat = min(game.to_decide())
    action = rng.choice(game.rules.legal_actions(game.state, seat))
    code = game.rules.encode_action(action)

    async def step() -> Change:
        result = await h.service.act(game_id, users[seat].id, game.decision, code)
        return Change(result.game, result.events, actor=result.seat)

    return await h.table.pipeline.run(game_id, step, user_id=users[seat].id)


@pytest.mark.parametrize("name", PLUGINS.names())
async def test_one_table_write_after_several_changes_tells_them_all(harness: Harness, name: str) -> None:
    users, table, game_id = await harness.open_any(name)
    assert harness.table is not None
    rng = random.Random(name)
    told_apart = 0
    shown: list | None = None  # the events whose news the table shows
    for pair in range(60):  # (12 pairs, more until the first change's news showed)
        if (pair >= 12 and told_apart) or (await harness.game(game_id)).record.status != "running":
            break
        first = await _act(harness, game_id, users, rng)
        if first.game.record.status != "running":
            break
        second = await _act(harness, game_id, users, rng)
        await harness.table.delivery.deliver(game_id)  # one table write for both
        game = await harness.game(game_id)
        events = [*first.events, *second.events]
        told = screens.renderer(game).tells_on_table
        if any(event.audience.is_public and told(event) for event in events):
            shown = events
        elif shown is None:  # (nothing told yet: it still shows what it showed before)
            continue
        else:  # nothing the table tells in either: the news shown before stays (a secret change
            shown = [*shown, *events]  # edits nothing)
        both = _text(screens.table_payload(game, shown))
        assert table.text() == both
        told_apart += both != _text(screens.table_payload(game, second.events))
    # the check above can fail: the first change's news showed too (a table that says where an
    # election stands rather than each vote and nomination shows it more rarely)
    assert told_apart, f"{name}: the first change's news never showed beside the second's"


def test_the_news_starts_after_what_the_table_last_showed() -> None:
    game = SimpleNamespace(
        seats=[],
        rules=SimpleNamespace(done_to=lambda event: frozenset()),
        record=SimpleNamespace(game_name="grumpy-nisse"),  # (a renderer whose news tells every public event)
    )
    outbox = Outbox(game)  # type: ignore[arg-type]
    events = [[SimpleNamespace(audience=SimpleNamespace(is_public=True), n=n)] for n in range(12)]
    slot = Slot(0)
    for batch in events[:3]:
        outbox.add(Change(game, batch))  # type: ignore[arg-type]
    assert outbox.table_news(_news_after(outbox, slot)) == events[2]  # nothing shown yet: the newest
    slot.shown_change, slot.news_after = 1, None
    assert outbox.table_news(_news_after(outbox, slot)) == events[1] + events[2]
    slot.shown_change, slot.news_after = 3, 1  # shown: drawn again, the same news again
    assert outbox.table_news(_news_after(outbox, slot)) == events[1] + events[2]
    for batch in events[3:]:
        outbox.add(Change(game, batch))  # type: ignore[arg-type]
    # long unshown: the latest changes kept
    assert outbox.table_news(_news_after(outbox, slot)) == sum(events[-KEPT_CHANGES:], [])
    slot.shown_change, slot.news_after = 12, 10  # (change v made events[v - 1])
    private = [SimpleNamespace(audience=SimpleNamespace(is_public=False), n=-1)]
    for _ in range(KEPT_CHANGES + 2):  # changes nobody else may learn of: the same news, however many
        outbox.add(Change(game, private))  # type: ignore[arg-type]
        assert outbox.table_news(_news_after(outbox, slot)) == events[10] + events[11]
    outbox.add(Change(game, events[0]))  # type: ignore[arg-type]  # then a public one: it alone
    assert outbox.table_news(_news_after(outbox, slot)) == events[0]
    # another process's newer game, by three changes (one secret): all it did is told
    outbox.overtaken(game, [events[1], private, events[2]])  # type: ignore[arg-type, list-item]
    assert outbox.table_news(_news_after(outbox, slot)) == events[0] + events[1] + events[2]


def test_the_next_turn_keeps_the_news_of_an_ai_s_whole_turn() -> None:
    """Naughty or Nice: an AI's turn ended with "End turn", and the next turn's table, whose own
    events (the turn starting, the offer refilled) have no line, showed no news at all."""
    from games.naughty_or_nice.events import OfferRefilled, TurnStarted
    from games.naughty_or_nice.events_play import CreaturePlayed

    renderer = PLUGINS.get("naughty-or-nice").renderer
    assert not renderer.tells_on_table(TurnStarted(seat=1, turn_no=4))
    assert not renderer.tells_on_table(OfferRefilled(cards=["P01"]))
    assert renderer.tells_on_table(TurnStarted(seat=1, turn_no=9, final=True))  # "(final turn)"
    assert renderer.tells_on_table(CreaturePlayed(seat=1, creature="ELVES", points=1))


@pytest.mark.parametrize("name", PLUGINS.names())
async def test_a_restart_keeps_what_the_table_told(harness: Harness, name: str) -> None:
    """A restart redraws every message from the committed state: the table lost its "What just
    happened" (and a DM its news: `test_a_replay_tells_each_seat_...`), though nothing had
    happened. Now the table is the same, and a private message tells nothing it did not (a
    replay that showed every echo put "You voted YES." in a DM that never said it)."""
    from tests.bot.harness import play_random_click, private_message

    users, table, game_id = await harness.open_any(name)
    rng = random.Random(name)
    checked = 0
    for step in range(60):
        if not await play_random_click(harness, table, game_id, users, rng):
            break
        if step % 12 == 2:  # (early too: a short game may be over in a dozen clicks)
            before = table.text()
            privates = {user.id: _news_lines(private_message(harness, user, game_id)) for user in users}
            await harness.boot()
            await harness.table.restart.resume(pause=0)
            assert table.text() == before
            for user in users:  # (nothing it never showed, such as the echo of a secret vote)
                after = _news_lines(private_message(harness, user, game_id))
                assert set(after) <= set(privates[user.id]), (user.display_name, privates[user.id], after)
            checked += 1
    game = await harness.game(game_id)
    assert checked >= (5 if game.record.status == "running" else 1), (checked, step)


def test_a_replay_tells_each_seat_what_came_since_its_own_last_action() -> None:
    """After a restart the outbox is new: the logged changes are replayed into it, so the table
    tells the news of the newest change it tells, and each private message what was done to its
    seat since that seat last acted (it saw what came before)."""
    from games.core import Audience, Event

    class Did(Event):
        kind: str = "did"
        to: int = -1

    class Quiet(Event):
        kind: str = "quiet"

    game = SimpleNamespace(
        rules=SimpleNamespace(done_to=lambda e: frozenset({e.to} - {-1})),
        seats=[0, 1, 2],
    )
    public = Audience.everyone()
    logged = [
        (0, [Did(audience=public, to=1)]),  # done to seat 1 before it acted: it saw that
        (1, [Did(audience=public), Quiet(audience=Audience.only(1))]),  # seat 1's own action (its echo)
        (2, [Did(audience=public, to=1)]),  # done to seat 1 since
        (0, [Quiet(audience=Audience.only(0))]),  # a secret change: nothing the table tells
    ]
    outbox = Outbox(game)  # type: ignore[arg-type]
    outbox.replay(logged)
    assert outbox.news == {0: logged[3][1], 1: [logged[1][1][1], *logged[2][1]]}
    told = outbox.newest_told(lambda event: True)
    assert outbox.table_news(told) == logged[2][1]


def _news_lines(message: FakeMessage) -> list[str]:
    """The lines of a private message's news ("What just happened", "Just now", "News")."""
    names = ("What just happened", "Just now", "News")
    fields = [f for embed in message.embeds for f in embed.fields if f.name in names]
    return [line for field in fields for line in str(field.value).splitlines()]
