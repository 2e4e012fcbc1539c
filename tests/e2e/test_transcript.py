"""The transcript tool (`python -m tests.e2e.transcript`) shows what a player sees: its recorder
on hand-made messages (the tool itself plays whole games, too slow for every CI run)."""

from __future__ import annotations

import pytest

from tests.e2e.transcript import (
    Command,
    Recorder,
    _database,
    controls,
    live_controls,
    parse_restart,
    pictures,
    readable,
)
from tests.loopback import LoopbackDiscord
from tests.loopback.model import SUPPRESS_NOTIFICATIONS, MessageMeta
from tests.storage.conftest import pg_url, postgres_url  # noqa: F401 - fixtures

BUTTONS = {
    "type": 1,
    "components": [
        {"type": 2, "label": "Play", "custom_id": "act:1:2:x"},
        {"type": 2, "label": "Pass", "custom_id": "act:1:2:y", "disabled": True},
    ],
}
SELECT = {
    "type": 1,
    "components": [
        {
            "type": 3,
            "custom_id": "pick:1:2",
            "placeholder": "Card",
            "options": [{"label": "A"}, {"label": "B"}],
        }
    ],
}


def _message(mid: int, content: str, *rows: dict) -> dict:
    embed = {"title": "Title", "description": "Line", "fields": [{"name": "Hand", "value": "A, B"}]}
    return {"id": str(mid), "content": content, "embeds": [embed], "components": list(rows)}


def test_controls_show_enabled_and_disabled_ones_apart() -> None:
    message = _message(1, "", BUTTONS, SELECT)
    assert controls(message) == ["[Play]", "[-Pass-]", "<Card: A | B>"]
    assert live_controls(message) == ["[Play]", "<Card: A | B>"]
    assert readable(message).splitlines() == ["**Title**", "Line", "__Hand__", "A, B"]


def test_recorder_keeps_the_watched_players_messages_once_and_marks_pings() -> None:
    recorder = Recorder(LoopbackDiscord(), user_id=7, table=False)
    dm, theirs, table = MessageMeta("dm", 7), MessageMeta("dm", 8), MessageMeta("channel")
    recorder(_message(1, "hi", BUTTONS), dm)  # a new DM: Discord notifies
    recorder(_message(1, "hi", BUTTONS), dm)  # the same again: not shown
    recorder(_message(1, "hello"), dm)  # an edit: no ping
    recorder(_message(2, "secret"), theirs)  # someone else's DM
    recorder(_message(3, "table"), table)  # the table is left out here
    heads = [line for line in recorder.lines if line.startswith("---")]
    assert len(heads) == 2 and heads[0].endswith("DM #1 new  PING") and heads[1].endswith("DM #1 edit")
    assert recorder.pings == 1 and recorder.writes == 2
    assert not any("secret" in line or "table" in line for line in recorder.lines)
    recorder(_message(4, "<@7> your turn"), MessageMeta("channel"))  # channel messages left out
    assert recorder.pings == 1
    shown = Recorder(LoopbackDiscord(), user_id=7, table=True)
    shown(_message(4, "<@7> your turn"), MessageMeta("channel", notified=frozenset({7})))
    assert shown.pings == 1 and shown.lines[0].endswith("table #1 new  PING")
    # a mention its allowed mentions leave out (the player was told by DM already) pushes nobody
    shown(_message(6, "<@7> <@8>: waiting for you"), MessageMeta("channel", notified=frozenset({8})))
    assert shown.pings == 1 and [line for line in shown.lines if line.startswith("---")][-1].endswith(
        "#2 new"
    )
    quiet = Recorder(LoopbackDiscord(), user_id=7, table=False)
    quiet({**_message(5, "your hand"), "flags": SUPPRESS_NOTIFICATIONS}, dm)  # a silent new DM
    assert quiet.pings == 0 and quiet.lines[0].endswith("DM #1 new")


async def test_recorder_flags_two_private_messages_with_enabled_controls() -> None:
    """Two of the player's private messages with enabled controls are flagged once they stay so
    for a second write (opening a view answers first, then parks the DM: one write apart)."""
    loop = LoopbackDiscord()
    loop.add_user(7, "Dasher")
    recorder = Recorder(loop, user_id=7, table=False)
    loop.on_written.append(recorder)
    dm = loop.dm_channel_id(7)
    row = {"type": 1, "components": [{"type": 2, "style": 1, "label": "Play", "custom_id": "act:1:2:x"}]}
    first = loop.create_message(dm, {"content": "one", "components": [row]}, meta=MessageMeta("dm", 7))
    second = loop.create_message(dm, {"content": "two", "components": [row]}, meta=MessageMeta("dm", 7))
    assert recorder.doubled == 0  # maybe a view opened, its DM about to be parked
    loop.edit_message(int(second["id"]), {"content": "two, again", "components": [row]})
    assert recorder.doubled == 1 and recorder.lines[-1] == "    !! enabled controls in #1, #2"
    loop.edit_message(int(first["id"]), {"content": "one, over", "components": []})  # superseded
    loop.create_message(dm, {"content": "three", "components": [row]}, meta=MessageMeta("dm", 7))
    assert recorder.doubled == 1  # #2 and #3: the first time


def test_a_command_names_its_step_seat_and_options() -> None:
    command = Command.parse("12:3:replace:player=@1")
    assert (command.step, command.seat, command.name, command.options) == (12, 3, "replace", {"player": "@1"})
    assert Command.parse("0:0:leave").options == {}
    assert Command.parse("end:1:export").step == float("inf")


def test_the_recorder_marks_the_watched_players_deleted_messages() -> None:
    recorder = Recorder(LoopbackDiscord(), user_id=7, table=False)
    recorder(_message(1, "hi"), MessageMeta("dm", 7))
    recorder.deleted(2, MessageMeta("dm", 7))  # never shown
    recorder.deleted(1, MessageMeta("dm", 8))  # someone else's
    assert not any(line.endswith("deleted") for line in recorder.lines)
    recorder.deleted(1, MessageMeta("dm", 7))
    assert recorder.lines[-1].endswith("DM #1 deleted")


def test_a_restart_is_a_kill_unless_it_says_term() -> None:
    assert parse_restart("12") == (12, "kill")
    assert parse_restart("3:term") == (3, "term")
    with pytest.raises(ValueError, match="kill or term"):
        parse_restart("3:nicely")


async def test_the_tool_reads_a_postgresql_bot_from_an_empty_database_only(pg_url: str) -> None:  # noqa: F811
    """`--env DATABASE_URL=postgresql://...`: its players read that database (a pool), which must
    be empty: a game of an earlier run there would still seat them."""
    async with _database({"DATABASE_URL": "sqlite:///x.db"}) as pool:
        assert pool is None
    async with _database({"DATABASE_URL": pg_url}) as pool:  # (no tables yet: the bot makes them)
        assert await pool.fetchval("SELECT 1") == 1
        await pool.execute("CREATE TABLE games (id INTEGER); INSERT INTO games VALUES (1)")
    with pytest.raises(SystemExit, match="holds games already"):
        async with _database({"DATABASE_URL": pg_url}):
            pass


def test_pictures_are_listed_with_their_alt_texts() -> None:
    """What a screen reader says of each picture shows beside its file name."""
    message = {"attachments": [{"filename": "a.png", "description": "Your tree"}, {"filename": "b.png"}]}
    assert pictures(message) == ["a.png 'Your tree'", "b.png"]
