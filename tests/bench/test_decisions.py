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
