"""The loopback Discord with several shards, seen from raw gateway connections: IDENTIFY's
`shard`, which guilds each shard's session is told about, and where events go (a guild's to shard
`(guild_id >> 22) % shard_count`, DMs to shard 0)."""

from __future__ import annotations

from typing import Any

import aiohttp
import pytest

from tests.loopback import LoopbackDiscord
from tests.loopback.model import DEFAULT_GUILD_ID, INTENT_GUILD_MESSAGES, INTENT_GUILDS

ALICE, BOB = 11, 12
# (1180000000000000001 >> 22) is odd: the default guild is shard 1 of 2; one more in the top bits
# (the creation time of the snowflake) makes the guild of shard 0.
GUILD_ONE = DEFAULT_GUILD_ID
GUILD_ZERO = DEFAULT_GUILD_ID + (1 << 22)
INTENTS = INTENT_GUILDS | INTENT_GUILD_MESSAGES


@pytest.fixture
async def loop():
    server = LoopbackDiscord(shard_count=2)
    server.add_user(ALICE, "Dasher")
    server.add_user(BOB, "Dancer")
    server.add_guild(GUILD_ZERO, "Workshop")
    await server.start()
    yield server
    await server.stop()


@pytest.fixture
async def http():
    async with aiohttp.ClientSession() as session:
        yield session


async def identify(
    http: aiohttp.ClientSession, loop: LoopbackDiscord, shard: Any, intents: int = INTENTS
) -> aiohttp.ClientWebSocketResponse:
    ws = await http.ws_connect(loop.gateway_url)
    hello = await ws.receive_json(timeout=5)
    assert hello["op"] == 10
    data: dict[str, Any] = {"token": loop.token, "intents": intents, "properties": {}}
    if shard is not None:
        data["shard"] = shard
    await ws.send_json({"op": 2, "d": data})
    return ws


async def dispatch(ws: aiohttp.ClientWebSocketResponse, timeout: float = 5.0) -> dict[str, Any]:
    """The next op 0 frame (an event) on the connection."""
    while True:
        frame = await ws.receive_json(timeout=timeout)
        if frame["op"] == 0:
            return frame


async def nothing_more(ws: aiohttp.ClientWebSocketResponse) -> None:
    with pytest.raises(TimeoutError):
        await dispatch(ws, timeout=0.2)


async def register(http: aiohttp.ClientSession, loop: LoopbackDiscord) -> None:
    """A global /ping (usable in guilds and DMs), as a bot would sync it."""
    url = f"{loop.url}/api/v10/applications/{loop.application_id}/commands"
    body = [{"name": "ping", "description": "Ping", "type": 1}]
    async with http.put(url, json=body, headers={"Authorization": f"Bot {loop.token}"}) as response:
        assert response.status == 200, await response.text()


async def ready(ws: aiohttp.ClientWebSocketResponse) -> tuple[dict[str, Any], list[int]]:
    """READY and the ids of the GUILD_CREATEs that follow it (until the connection is quiet)."""
    first = await dispatch(ws)
    assert first["t"] == "READY"
    created = []
    while True:
        try:
            frame = await dispatch(ws, timeout=0.3)
        except TimeoutError:
            return first["d"], created
        assert frame["t"] == "GUILD_CREATE"
        created.append(int(frame["d"]["id"]))


def test_the_routing_rule() -> None:
    loop = LoopbackDiscord(shard_count=2)
    assert loop.shard_of(GUILD_ONE) == 1 and loop.shard_of(str(GUILD_ZERO)) == 0
    assert loop.shard_of(None) == 0  # DMs
    four = LoopbackDiscord(shard_count=4)
    assert [four.shard_of(GUILD_ZERO + (i << 22)) for i in range(5)] == [
        (GUILD_ZERO >> 22) % 4,
        ((GUILD_ZERO >> 22) + 1) % 4,
        ((GUILD_ZERO >> 22) + 2) % 4,
        ((GUILD_ZERO >> 22) + 3) % 4,
        (GUILD_ZERO >> 22) % 4,
    ]
    assert LoopbackDiscord().shard_of(GUILD_ONE) == 0  # one shard: everything on it
    with pytest.raises(ValueError):
        LoopbackDiscord(shard_count=0)


async def test_gateway_bot_answers_the_shard_count(
    loop: LoopbackDiscord, http: aiohttp.ClientSession
) -> None:
    headers = {"Authorization": f"Bot {loop.token}"}
    async with http.get(f"{loop.url}/api/v10/gateway/bot", headers=headers) as response:
        body = await response.json()
    assert body["shards"] == 2 and body["url"] == loop.gateway_url


async def test_each_shard_gets_its_guilds_and_their_events(
    loop: LoopbackDiscord, http: aiohttp.ClientSession
) -> None:
    await register(http, loop)
    zero = await identify(http, loop, [0, 2])
    one = await identify(http, loop, [1, 2])
    ready_zero, created_zero = await ready(zero)
    ready_one, created_one = await ready(one)
    assert ready_zero["shard"] == [0, 2] and [g["id"] for g in ready_zero["guilds"]] == [str(GUILD_ZERO)]
    assert ready_one["shard"] == [1, 2] and [g["id"] for g in ready_one["guilds"]] == [str(GUILD_ONE)]
    assert created_zero == [GUILD_ZERO] and created_one == [GUILD_ONE]
    await loop.wait_ready(5)  # both shards
    assert loop.sessions[0].shard == 0 and loop.sessions[1].shard == 1 and loop.active is loop.sessions[0]

    workshop, north_pole = loop.guild_channel_ids(GUILD_ZERO)[0], loop.guild_channel_ids(GUILD_ONE)[0]
    assert loop.channel_payload(workshop)["guild_id"] == str(GUILD_ZERO)

    # an interaction in a guild goes to that guild's shard only
    result = await loop.slash(ALICE, workshop, "ping")
    frame = await dispatch(zero)
    assert frame["t"] == "INTERACTION_CREATE" and frame["d"]["guild_id"] == str(GUILD_ZERO)
    assert result.guild_id == GUILD_ZERO
    await nothing_more(one)
    await loop.slash(BOB, north_pole, "ping")
    frame = await dispatch(one)
    assert frame["t"] == "INTERACTION_CREATE" and frame["d"]["guild_id"] == str(GUILD_ONE)
    await nothing_more(zero)

    # a DM interaction goes to shard 0, even for a user who just played in shard 1's guild
    await loop.slash(BOB, loop.dm_channel_id(BOB), "ping")
    frame = await dispatch(zero)
    assert frame["t"] == "INTERACTION_CREATE" and "guild_id" not in frame["d"]
    assert frame["d"]["user"]["id"] == str(BOB)
    await nothing_more(one)

    # messages in a guild channel: MESSAGE_CREATE to the guild's shard
    await loop.say(ALICE, north_pole, "hello")
    frame = await dispatch(one)
    assert frame["t"] == "MESSAGE_CREATE" and frame["d"]["guild_id"] == str(GUILD_ONE)
    await loop.say(ALICE, workshop, "hello")
    frame = await dispatch(zero)
    assert frame["t"] == "MESSAGE_CREATE" and frame["d"]["guild_id"] == str(GUILD_ZERO)
    await nothing_more(one)

    assert [e for e, _ in loop.sessions[0].dispatched] == [
        "READY",
        "GUILD_CREATE",
        "INTERACTION_CREATE",
        "INTERACTION_CREATE",
        "MESSAGE_CREATE",
    ]
    assert list(loop.sessions[1].dispatched)[2:] == [
        ("INTERACTION_CREATE", GUILD_ONE),
        ("MESSAGE_CREATE", GUILD_ONE),
    ]

    # without a session of shard 0, a DM has nowhere to go (and shard 1's guild still works)
    await zero.close()
    await loop.wait_for(lambda: 0 not in loop.sessions)
    with pytest.raises(RuntimeError, match="no bot session of shard 0"):
        await loop.slash(BOB, loop.dm_channel_id(BOB), "ping")
    await loop.slash(BOB, north_pole, "ping")
    assert (await dispatch(one))["t"] == "INTERACTION_CREATE"
    await one.close()


async def test_a_newer_session_of_a_shard_takes_its_events(
    loop: LoopbackDiscord, http: aiohttp.ClientSession
) -> None:
    await register(http, loop)
    old = await identify(http, loop, [1, 2])
    await ready(old)
    since = loop.ready_count
    new = await identify(http, loop, [1, 2])
    await ready(new)
    await loop.wait_ready(5, since=since, shards=[1])
    await loop.slash(ALICE, loop.guild_channel_ids(GUILD_ONE)[0], "ping")
    assert (await dispatch(new))["t"] == "INTERACTION_CREATE"
    await nothing_more(old)
    with pytest.raises(TimeoutError):  # shard 0 never identified
        await loop.wait_ready(0.2)
    for ws in (old, new):
        await ws.close()


@pytest.mark.parametrize(
    ("shard", "code"),
    [(None, 4011), ([2, 2], 4010), ([0, 3], 4010), ([-1, 2], 4010), ("0,2", 4010), ([0], 4010)],
)
async def test_an_identify_that_does_not_fit_the_shards_is_closed(
    loop: LoopbackDiscord, http: aiohttp.ClientSession, shard: Any, code: int
) -> None:
    ws = await identify(http, loop, shard)
    frame = await ws.receive(timeout=5)
    assert frame.type is aiohttp.WSMsgType.CLOSE and frame.data == code
    assert loop.sessions == {}


async def test_one_shard_gets_every_guild(http: aiohttp.ClientSession) -> None:
    loop = LoopbackDiscord()
    loop.add_user(ALICE, "Dasher")
    loop.add_guild(GUILD_ZERO, "Workshop", channels=1)
    await loop.start()
    try:
        for shard in ([0, 1], None):  # AutoShardedClient's shard [0, 1], or none (plain Client)
            ws = await identify(http, loop, shard)
            data, created = await ready(ws)
            assert {int(g["id"]) for g in data["guilds"]} == set(created) == {GUILD_ONE, GUILD_ZERO}
            await loop.say(ALICE, loop.guild_channel_ids(GUILD_ZERO)[0])
            await loop.say(ALICE, loop.guild_channel_ids(GUILD_ONE)[0])
            assert [(await dispatch(ws))["t"] for _ in range(2)] == ["MESSAGE_CREATE"] * 2
            await ws.close()
        with pytest.raises(ValueError, match="exists"):
            loop.add_guild(GUILD_ZERO, "again")
    finally:
        await loop.stop()
