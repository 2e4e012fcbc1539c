"""Forged component interactions against the real bot process: every one gets exactly one answer,
ephemeral, within 3 s, and changes nothing (the stored game, and the messages it points at).

A running two-player Christmas Tree: both players decide at once by selects in their DMs, the
table has the "My role & cards" button. Its first decision is played by clicks (so stale copies of
the first DMs exist) and the player drafts a card and a cell (so their DM offers buttons too).
Forgeries come from a player, the other player and a stranger (user 999, never seated):

- on the real messages: custom_ids that are not ours, ours with garbage fields, for a game that
  does not exist, for an old decision, with an action code not legal now, ours but not on the
  clicked message; real custom_ids claimed as the wrong component type (a button as a string
  select with values, a select as a button); the real select with zero values, two values, a
  value not among its options, a 200-character value;
- on message payloads Discord never sends but a forged gateway event could: stale copies (an old
  decision), copies carrying one of our custom_ids (every prefix; so the handlers themselves, not
  only `GameBot.on_interaction`, must refuse), a message in another user's DM, deleted messages.

The forgeries that get past `on_interaction` to a handler are in
`test_forgeries_that_reach_a_handler_are_refused`.
"""

from __future__ import annotations

import asyncio
import copy
from dataclasses import dataclass
from typing import Any

from bot.answers import INTERNAL_ERROR
from bot.pacing import GAP
from tests.e2e.conftest import USERS
from tests.e2e.players import Players, read_game
from tests.loopback import (
    InteractionResult,
    LoopbackDiscord,
    find_component,
    iter_components,
    message_custom_ids,
)
from tests.loopback.botproc import BotProcess

STRANGER = 999  # in the fixture, never seated
BUTTON, STRING_SELECT, USER_SELECT = 2, 3, 5
GAME = "christmas-tree"

Message = dict[str, Any]


@dataclass
class Forgery:
    label: str
    user: int
    message_id: int
    custom_id: str
    values: list[str] | None = None
    component_type: int | None = None  # claimed instead of the component's own type
    message: Message | None = None  # sent as the clicked message instead of the stored one
    #: a refused first answer that is expected (editing a deleted message: 10008), then the real one
    refused_first: int | None = None


@dataclass
class Table:
    """The running game, as the forgeries see it."""

    game: int
    decision: int
    player: int  # seat 0, the host; has drafted a card and a cell
    other: int  # seat 1
    table: Message
    dm_player: Message
    dm_other: Message
    stale_player: Message  # the player's DM as it was during decision 0
    stale_other: Message

    @property
    def select(self) -> dict[str, Any]:
        """The card select on the player's DM (a draft select of this decision)."""
        return _first(self.dm_player, STRING_SELECT)

    @property
    def button(self) -> dict[str, Any]:
        """An action button of this decision on the player's DM."""
        return _first(self.dm_player, BUTTON)


def _first(message: Message, kind: int) -> dict[str, Any]:
    return next(c for c in iter_components(message) if c.get("type") == kind and c.get("custom_id"))


def _carrying(message: Message, component: dict[str, Any]) -> Message:
    """A copy of `message` whose only component is `component` (a forged message payload)."""
    forged = copy.deepcopy(message)
    forged["components"] = [{"type": 1, "components": [component]}]
    return forged


def _button(custom_id: str) -> dict[str, Any]:
    return {"type": BUTTON, "style": 2, "label": "Forged", "custom_id": custom_id}


def _select(custom_id: str, values: list[str]) -> dict[str, Any]:
    options = [{"label": v[:100], "value": v} for v in values]
    return {
        "type": STRING_SELECT,
        "custom_id": custom_id,
        "options": options,
        "min_values": 1,
        "max_values": 1,
    }


async def _running_game(loop: LoopbackDiscord, bot: BotProcess) -> Table:
    players = Players(loop, bot.db_path, loop.channel_ids[0], USERS[:2], seed=11, game=GAME)
    game = await players.open()
    player, other = players.snapshot().user_ids

    def dm_offering(user: int, marker: str) -> Message | None:
        dms = reversed(loop.dm_messages(user))
        return next((m for m in dms if any(marker in c for c in message_custom_ids(m))), None)

    stale_player = await loop.wait_for(lambda: dm_offering(player, f":{game}:0:"))
    stale_other = await loop.wait_for(lambda: dm_offering(other, f":{game}:0:"))
    while players.snapshot().decision == 0:  # both choose an objective
        assert (await players.step()) is not None
    decision = players.snapshot().decision
    marker = f":{game}:{decision}:"
    dm_player = await loop.wait_for(lambda: dm_offering(player, marker))
    dm_other = await loop.wait_for(lambda: dm_offering(other, marker))
    for name in ("card", "cell"):  # the player drafts a card, then a cell: action buttons appear
        dm_player = loop.message(int(dm_player["id"]))
        draft = find_component(dm_player, f"dsel{marker}{name}")
        assert draft is not None, message_custom_ids(dm_player)
        value = draft["options"][0]["value"]
        drafted = await loop.select(player, int(dm_player["id"]), draft["custom_id"], [value])
        await drafted.settled(5)
        assert drafted.in_place, drafted.text()
    # quiet for longer than a coalesced edit's gap (`bot.pacing.GAP`): the table's news of the
    # revealed objectives is not urgent (the decision is in the DMs) and may land that late
    await loop.wait_idle(GAP + 0.5)
    snap = players.snapshot()
    assert snap.status == "running" and snap.decision == decision
    table = Table(
        game,
        decision,
        player,
        other,
        loop.message(snap.table_message_id),
        loop.message(int(dm_player["id"])),
        loop.message(int(dm_other["id"])),
        stale_player,
        stale_other,
    )
    assert table.button["custom_id"].startswith(f"act{marker}"), message_custom_ids(table.dm_player)
    return table


async def _send_all(
    loop: LoopbackDiscord, bot: BotProcess, game_id: int, forgeries: list[Forgery], watched: list[int]
) -> list[str]:
    """Send each forgery and wait for its answer; what went wrong (also to the game and the
    `watched` messages), one line per forgery."""
    messages = {m: loop.message(m) for m in watched}
    report: list[str] = []
    for forgery in forgeries:
        before = read_game(bot.db_path, game_id)
        result = await (
            await loop.click_raw(
                forgery.user,
                forgery.message_id,
                forgery.custom_id,
                forgery.values,
                component_type=forgery.component_type,
                message=forgery.message,
            )
        ).wait(5)
        await asyncio.sleep(0.05)  # a second answer, or a write after the answer, would land here
        after = read_game(bot.db_path, game_id)
        problems = _problems(result, forgery.refused_first)
        if (after.status, after.version) != (before.status, before.version):
            problems.append(
                f"the game changed: {before.status} v{before.version} -> {after.status} v{after.version}"
            )
        changed = [m for m, was in messages.items() if m in loop.messages and loop.message(m) != was]
        if changed:
            problems.append(f"edited message(s) {changed}")
            messages.update({m: loop.message(m) for m in changed})
        if problems:
            values = None if forgery.values is None else [v[:12] for v in forgery.values]
            report.append(
                f"{forgery.label}: user {forgery.user}, {forgery.custom_id[:48]!r}, values {values}, "
                f"type {forgery.component_type}: {'; '.join(problems)} (answer: {result.text()[:70]!r})"
            )
    return report


def _problems(result: InteractionResult, refused_first: int | None = None) -> list[str]:
    if not result.acknowledged:
        return [f"not answered (first refused answer: {result.error})"]
    problems = []
    if not result.ephemeral:
        problems.append(f"answered with type {result.response_type}, not ephemerally")
    if result.latency is None or result.latency >= 3.0:
        problems.append(f"answered after {result.latency}s")
    if INTERNAL_ERROR in result.text():
        problems.append("answered with the internal-error apology")
    if result.errors and [e["code"] for e in result.errors] != [refused_first]:
        problems.append(f"also tried to answer again: {[e['code'] for e in result.errors]}")
    return problems


def _on_the_real_messages(t: Table) -> list[Forgery]:
    table_id, dm_id = int(t.table["id"]), int(t.dm_player["id"])
    game, decision, option = t.game, t.decision, t.select["options"][0]["value"]
    forged: list[Forgery] = []
    for user, message_id in (
        (t.player, dm_id),
        (t.player, table_id),
        (t.other, table_id),
        (STRANGER, table_id),
    ):
        forged += [
            Forgery(label, user, message_id, custom_id)
            for label, custom_id in [
                ("unknown prefix", "totally-not-ours"),
                ("unknown prefix", f"grab:{game}:{decision}:c0"),
                ("empty custom_id", ""),
                ("known prefix, garbage fields", f"act:{game}:x:y"),
                ("known prefix, garbage fields", f"pick:{game}:{decision}:"),
                ("known prefix, garbage fields", "act:" + "9" * 30),
                ("known prefix, garbage fields", f"lobby:{game}:explode"),
                ("known prefix, garbage fields", f"act:{game}:{decision}:" + "a" * 61),
                ("known prefix, garbage fields", f"mine:{game}:{game}"),
                ("game that does not exist", "mine:99999"),
                ("game that does not exist", f"act:99999:{decision}:{option}"),
                ("game that does not exist", "mine:" + "9" * 25),  # (no 64-bit integer)
                ("game that does not exist", f"act:{'9' * 25}:{decision}:{option}"),
                ("game that does not exist", f"lobby:{'9' * 25}:join"),
                ("old decision", f"act:{game}:{'9' * 25}:{option}"),
                ("old decision", f"pick:{game}:0:objective"),
                ("old decision", f"act:{game}:{decision - 1}:{option}"),
                ("action code not legal now", f"act:{game}:{decision}:explode"),
                ("seat not legal", f"forfeit:{game}:7"),
                (
                    "ours, not on this message",
                    f"mine:{game}" if message_id == dm_id else t.select["custom_id"],
                ),
                (
                    "ours, not on this message",
                    t.button["custom_id"] if message_id == table_id else f"mine:{game}",
                ),
                ("ours, not on this message", f"lobby:{game}:join"),
                ("ours, not on this message", f"rematch:{game}"),
            ]
        ]
    select_id, button_id = t.select["custom_id"], t.button["custom_id"]
    return forged + [
        # real custom_ids claimed as the wrong kind of component, on the message that has them
        Forgery("button sent as a select", t.player, table_id, f"mine:{game}", [option], STRING_SELECT),
        Forgery("button sent as a select", STRANGER, table_id, f"mine:{game}", ["x"], STRING_SELECT),
        Forgery("button sent as a select", t.player, dm_id, button_id, [option], STRING_SELECT),
        Forgery("button sent as a select, no values", t.player, dm_id, button_id, None, STRING_SELECT),
        Forgery("select sent as a button", t.player, dm_id, select_id, None, BUTTON),
        Forgery("select sent as a user select", t.player, dm_id, select_id, [str(t.player)], USER_SELECT),
        # the real select, with values it cannot send
        Forgery("select with zero values", t.player, dm_id, select_id, []),
        Forgery("select with two values", t.player, dm_id, select_id, [option, option]),
        Forgery("select with a 200-character value", t.player, dm_id, select_id, ["c" * 200]),
        Forgery("select with a value that is no code", t.player, dm_id, select_id, ["c0 x0"]),
    ]


def _carried(t: Table, user: int, base: Message) -> list[Forgery]:
    """Forged copies of `base` carrying one of our custom_ids each: the handler must refuse."""
    game, decision, option = t.game, t.decision, t.select["options"][0]["value"]
    components = [
        _button(f"act:99999:{decision}:{option}"),
        _button("mine:99999"),
        _select(f"pick:99999:{decision}:card", [option]),
        _button(f"act:{game}:{decision}:explode"),
        _button(f"act:{game}:{decision + 3}:{option}"),
        _button(f"act:{game}:0:objective.0"),
        _select(f"pick:{game}:{decision}:card", ["zzz"]),
        _select(f"lopt:{game}:mode", ["advanced"]),
        _button(f"rematch:{game}"),
        _button(f"forfeit:{game}:2"),
        *[_button(f"lobby:{game}:{op}") for op in ("join", "leave", "start", "cancel", "addai", "removeai")],
    ]
    # (a seated player's draft or own forfeit: `test_forgeries_that_reach_a_handler_are_refused`)
    if user == STRANGER:
        components += [
            _button(f"draft:{game}:{decision}:zzz"),
            _select(f"dsel:{game}:{decision}:card", ["zzz"]),
        ]
        components += [_button(f"forfeit:{game}:{seat}") for seat in (0, 1)]
    forged = []
    for component in components:
        values = (
            [o["value"] for o in component.get("options", [])] if component["type"] == STRING_SELECT else None
        )
        label = f"forged message carrying {component['custom_id']}"
        forged.append(
            Forgery(
                label,
                user,
                int(base["id"]),
                component["custom_id"],
                values,
                message=_carrying(base, component),
            )
        )
    # the same custom_id twice on one message, as a select and as a button, clicked as the button
    # (Rematch: a real kind of button, refused while the game runs; "My hand" would really open
    # the player's view, which parks their DM)
    twice = _carrying(base, _select(f"rematch:{game}", ["x"]))
    twice["components"].insert(0, {"type": 1, "components": [_button(f"rematch:{game}")]})
    forged.append(
        Forgery(
            "same custom_id as a button and a select",
            user,
            int(base["id"]),
            f"rematch:{game}",
            None,
            BUTTON,
            twice,
        )
    )
    return forged


async def test_every_forged_click_is_answered_and_changes_nothing(loop, bot) -> None:
    t = await _running_game(loop, bot)
    table_id, dm_id, other_dm_id = int(t.table["id"]), int(t.dm_player["id"]), int(t.dm_other["id"])
    stale_select = _first(t.stale_player, STRING_SELECT)
    other_stale_select = _first(t.stale_other, STRING_SELECT)
    forgeries = _on_the_real_messages(t) + [
        # stale copies: the first decision's DMs as they were
        Forgery(
            "old decision (stale copy)",
            t.player,
            dm_id,
            stale_select["custom_id"],
            [stale_select["options"][0]["value"]],
            message=t.stale_player,
        ),
        Forgery(
            "old decision (stale copy)",
            t.other,
            other_dm_id,
            other_stale_select["custom_id"],
            [other_stale_select["options"][0]["value"]],
            message=t.stale_other,
        ),
        # the player's DM message, clicked by a stranger
        Forgery(
            "another user's DM, select",
            STRANGER,
            dm_id,
            t.select["custom_id"],
            [t.select["options"][0]["value"]],
            message=t.dm_player,
        ),
        Forgery("another user's DM, button", STRANGER, dm_id, t.button["custom_id"], message=t.dm_player),
    ]
    for user, base in ((t.player, t.table), (t.other, t.table), (STRANGER, t.table), (t.player, t.dm_player)):
        forgeries += _carried(t, user, base)
    report = await _send_all(loop, bot, t.game, forgeries, [table_id, dm_id, other_dm_id])

    # deleted messages: the other player's DM and the table message, clicked as they were
    loop.delete_message(other_dm_id)
    loop.delete_message(table_id)
    other_select = _first(t.dm_other, STRING_SELECT)
    deleted = [
        Forgery(
            "deleted DM, its select, by a stranger",
            STRANGER,
            other_dm_id,
            other_select["custom_id"],
            [other_select["options"][0]["value"]],
            message=t.dm_other,
        ),
        Forgery(
            "deleted DM, its select as a button",
            t.other,
            other_dm_id,
            other_select["custom_id"],
            None,
            BUTTON,
            message=t.dm_other,
        ),
        Forgery(
            "deleted table, My role & cards, by a stranger",
            STRANGER,
            table_id,
            f"mine:{t.game}",
            message=t.table,
        ),
        Forgery("deleted table, forged id", t.other, table_id, "totally-not-ours", message=t.table),
        Forgery(
            "deleted table, old decision",
            t.other,
            table_id,
            f"act:{t.game}:0:objective.0",
            message=_carrying(t.table, _button(f"act:{t.game}:0:objective.0")),
        ),
    ]
    report += await _send_all(loop, bot, t.game, deleted, [dm_id])
    assert report == [], "\n".join(report)
    assert bot.running


async def test_forgeries_that_reach_a_handler_are_refused(loop, bot) -> None:
    """Forgeries that get past `on_interaction` and reach a handler, which must refuse them:

    - a select value the clicked menu did not offer (`ActionSelect` keeps the menu's options);
    - the other player's draft or action on the player's DM message, and a seated player's draft
      on a (forged) copy of the table message: a private click must come from the seat's living DM
      or an ephemeral view (`PrivateMessages.check_clicked`), before anything is applied;
    - `forfeit:<game>:<own seat>` while nobody has left (`Table.on_forfeit`);
    - a draft on a deleted DM by its owner: the edit is refused (10008), then an ephemeral answer.

    Left alone: a forged DM message carrying a made-up draft button, sent by the DM's owner, redraws
    that player's own DM with the draft ignored (no state change, nothing anyone else sees);
    Discord builds the clicked message from its own copy, so this needs a forged gateway event.
    """
    t = await _running_game(loop, bot)
    table_id, dm_id, other_dm_id = int(t.table["id"]), int(t.dm_player["id"]), int(t.dm_other["id"])
    select_id, button_id = t.select["custom_id"], t.button["custom_id"]
    option = t.select["options"][0]["value"]
    draft = f"draft:{t.game}:{t.decision}:zzz"
    other_select = _first(t.dm_other, STRING_SELECT)
    loop.delete_message(other_dm_id)
    report = await _send_all(
        loop,
        bot,
        t.game,
        [
            Forgery(
                "deleted DM, a draft by its owner",
                t.other,
                other_dm_id,
                other_select["custom_id"],
                [other_select["options"][0]["value"]],
                message=t.dm_other,
                refused_first=10008,
            ),
        ],
        [table_id, dm_id],
    )
    report += await _send_all(
        loop,
        bot,
        t.game,
        [
            Forgery("select with a value not among its options", t.player, dm_id, select_id, ["c99"]),
            Forgery(
                "forged table message carrying a draft",
                t.other,
                table_id,
                draft,
                message=_carrying(t.table, _button(draft)),
            ),
            Forgery("another user's DM, select", t.other, dm_id, select_id, [option], message=t.dm_player),
            Forgery("another user's DM, button", t.other, dm_id, button_id, message=t.dm_player),
            Forgery(
                "forged message carrying forfeit:<own seat>",
                t.player,
                table_id,
                f"forfeit:{t.game}:0",
                message=_carrying(t.table, _button(f"forfeit:{t.game}:0")),
            ),
        ],
        [table_id, dm_id],
    )
    print("\n".join(report))
    assert report == [], "\n".join(report)
