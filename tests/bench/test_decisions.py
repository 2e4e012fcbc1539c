"""The benchmark's measure of how long a decision takes to reach where it is decided."""

from __future__ import annotations

import time
from types import SimpleNamespace
from typing import Any

from tests.bench.decisions import DecisionTimes
from tests.loopback import LoopbackDiscord
from tests.loopback.model import MessageMeta


def controls(*custom_ids: str, disabled: bool = False) -> dict[str, Any]:
    buttons = [
        {"type": 2, "style": 1, "label": "x", "custom_id": c, "disabled": disabled} for c in custom_ids
    ]
    return {"content": "game", "components": [{"type": 1, "components": buttons}]}


def click(custom_id: str, answered_at: float, response_type: int = 7) -> Any:
    return SimpleNamespace(custom_id=custom_id, answered_at=answered_at, response_type=response_type)


def test_a_decision_is_timed_from_the_click_that_opened_it_to_each_place_showing_it() -> None:
    loop = LoopbackDiscord()
    channel = loop.channel_ids[0]
    decisions = DecisionTimes(loop)
    table = MessageMeta("channel")
    loop.create_message(channel, controls("act:5:2:x"), meta=table)  # before start(): not counted
    decisions.start()
    opened = time.monotonic()
    clicks = [
        click("dsel:5:3:card", opened - 1.0),  # a half-made choice closes nothing
        click("act:5:3:play", opened - 0.5),  # an earlier action on 3 (a vote, say)
        click("act:5:3:play", opened),  # the last one closed 3 and opened 4
        click("act:5:6:play", opened, response_type=4),  # refused ("already over"): opened nothing
    ]
    message = loop.create_message(channel, controls("act:5:4:a", "mine:5"), meta=table)
    time.sleep(0.05)
    decisions.written(controls("dsel:5:4:card"), MessageMeta("dm", user_id=7))
    decisions.written(controls("act:5:4:b"), MessageMeta("dm", user_id=7))  # later: the first counts
    decisions.written(controls("act:5:4:b"), MessageMeta("ephemeral", user_id=8))
    decisions.written(controls("act:5:7:b"), MessageMeta("dm", user_id=7))  # after a refusal: no
    decisions.written(controls("act:5:3:a", disabled=True), MessageMeta("dm", user_id=9))
    loop.edit_message(int(message["id"]), controls("act:5:9:a"))  # no click opened 9
    delays = decisions.delays_ms(clicks)
    assert len(delays["table"]) == 1 and 0 <= delays["table"][0] < 50
    assert len(delays["private"]) == 2 and all(50 <= d < 5000 for d in delays["private"])
    assert (5, 2, 0) not in decisions.shown and (5, 3, 9) not in decisions.shown
    assert (5, 9, 0) in decisions.shown  # the loopback reports edits too
    slowest = decisions.slowest(clicks, count=1)[0]
    assert (slowest["game"], slowest["decision"], slowest["place"]) == (5, 4, "private")
    assert slowest["after"] == "act:5:3:play" and slowest["ms"] == max(delays["private"])


def test_controls_of_a_decision_that_is_over_are_timed_until_their_message_changes() -> None:
    loop = LoopbackDiscord()
    channel = loop.channel_ids[0]
    decisions = DecisionTimes(loop)
    table = loop.create_message(channel, controls("act:5:3:a"), meta=MessageMeta("channel"))
    dm = loop.create_message(channel, controls("act:5:3:b"), meta=MessageMeta("dm", user_id=7))
    done = loop.create_message(channel, controls("act:5:3:c"), meta=MessageMeta("dm", user_id=8))
    decisions.start()
    clicked = time.monotonic()
    loop.edit_message(int(done["id"]), controls("act:5:4:c"))  # the clicked message: answered at once
    time.sleep(0.05)
    loop.edit_message(int(table["id"]), controls("act:5:4:a"))  # the table: 50 ms later
    end = time.monotonic() + 0.1  # the DM still shows them at the end: counted until then
    stale = decisions.stale_ms([click("act:5:3:c", clicked)], end=end)
    assert len(stale["table"]) == 1 and 50 <= stale["table"][0] < 100
    # the DM of user 7 (until the end); not the clicked one: it changed as decision 4 first showed
    assert len(stale["private"]) == 1 and 150 <= stale["private"][0] < 1000
    # a write that keeps the same decision's controls does not end them
    assert decisions.stale_ms([click("act:5:2:c", clicked)], end=end) == {"table": [], "private": []}
    loop.delete_message(int(dm["id"]))  # a deleted message offers nothing from then on
    assert max(decisions.stale_ms([click("act:5:3:c", clicked)], end=end + 10)["private"]) < 1000
