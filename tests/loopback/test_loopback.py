"""The loopback Discord against a small, real discord.py client (not our bot)."""

from __future__ import annotations

import asyncio
import re
from typing import Any

import aiohttp
import discord
import pytest
from discord import app_commands

from tests.loopback import LoopbackDiscord, message_custom_ids, message_text, patch_discord
from tests.loopback.model import Call

ALICE, BOB, CAROL = 11, 12, 13


class Counter(discord.ui.DynamicItem[discord.ui.Button], template=r"count:(?P<n>\d+)"):
    def __init__(self, n: int) -> None:
        super().__init__(discord.ui.Button(label=f"Count {n}", custom_id=f"count:{n}"))
        self.n = n

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match[str]):  # noqa: ANN001, ANN206
        return cls(int(match["n"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        view = discord.ui.View(timeout=None).add_item(Counter(self.n + 1))
        await interaction.response.edit_message(content=f"Counted to {self.n + 1}", view=view)


class Secret(discord.ui.DynamicItem[discord.ui.Button], template=r"secret:(?P<word>\w+)"):
    def __init__(self, word: str) -> None:
        super().__init__(discord.ui.Button(label="Secret", custom_id=f"secret:{word}"))
        self.word = word

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match[str]):  # noqa: ANN001, ANN206
        return cls(match["word"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(f"The word is {self.word}", ephemeral=True)
        await interaction.followup.send("and a followup", ephemeral=True)


class Pick(discord.ui.DynamicItem[discord.ui.Select], template=r"pick:(?P<what>\w+)"):
    def __init__(self, what: str) -> None:
        options = [discord.SelectOption(label=f"Take {v}", value=v) for v in ("red", "green")]
        super().__init__(discord.ui.Select(custom_id=f"pick:{what}", placeholder="Choose", options=options))

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match[str]):  # noqa: ANN001, ANN206
        return cls(match["what"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.response.edit_message(content=f"picked {self.item.values[0]}", view=None)


class Vanish(discord.ui.DynamicItem[discord.ui.Button], template=r"vanish"):
    """Its message is deleted before the click is answered by editing it (Discord refuses: 10008);
    a moment later the click is answered ephemerally."""

    def __init__(self) -> None:
        super().__init__(discord.ui.Button(label="Vanish", custom_id="vanish"))

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match[str]):  # noqa: ANN001, ANN206
        return cls()

    async def callback(self, interaction: discord.Interaction) -> None:
        assert interaction.message is not None
        await interaction.message.delete()
        try:
            await interaction.response.edit_message(content="still here?")
        except discord.NotFound:
            await asyncio.sleep(0.2)
            await interaction.response.send_message("That message is gone.", ephemeral=True)


class Slow(discord.ui.DynamicItem[discord.ui.Button], template=r"slow"):
    """Answered as the bot answers a click it is slow to handle: acknowledged first (a deferred
    update), its message edited through the interaction a moment later."""

    def __init__(self) -> None:
        super().__init__(discord.ui.Button(label="Slow", custom_id="slow"))

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match[str]):  # noqa: ANN001, ANN206
        return cls()

    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer()
        await asyncio.sleep(0.3)
        await interaction.edit_original_response(content="done at last", view=None)


def table_view(n: int = 0) -> discord.ui.View:
    return discord.ui.View(timeout=None).add_item(Counter(n)).add_item(Secret("xyzzy"))


class MiniBot(discord.Client):
    def __init__(self, guild_id: int) -> None:
        super().__init__(intents=discord.Intents.none(), guild_ready_timeout=0.05)
        self.tree = app_commands.CommandTree(self)
        self.guild = discord.Object(guild_id)
        self.failures: list[Exception] = []

        @self.tree.command(name="hello", description="Say hello with a counter")
        async def hello(interaction: discord.Interaction, name: str) -> None:
            await interaction.response.send_message(f"Hello {name}", view=table_view())

        @self.tree.command(name="late", description="Answers too late")
        async def late(interaction: discord.Interaction) -> None:
            await asyncio.sleep(0.5)
            try:
                await interaction.response.send_message("sorry I'm late")
            except discord.HTTPException as error:
                self.failures.append(error)

        @self.tree.command(name="think", description="Defers, then answers")
        async def think(interaction: discord.Interaction) -> None:
            await interaction.response.defer(ephemeral=True, thinking=True)
            await interaction.followup.send("thought about it")

        @self.tree.command(name="refuse", description="Thinks in public, then refuses only to its asker")
        async def refuse(interaction: discord.Interaction) -> None:
            await interaction.response.defer(thinking=True)
            await interaction.delete_original_response()
            await interaction.followup.send("you may not", ephemeral=True)

    async def before_identify_hook(self, shard_id: int | None, *, initial: bool = False) -> None:
        pass  # discord.py sleeps 5 s before every IDENTIFY but the first; not needed here

    async def setup_hook(self) -> None:
        self.add_dynamic_items(Counter, Secret, Pick, Vanish, Slow)
        self.tree.copy_global_to(guild=self.guild)
        await self.tree.sync(guild=self.guild)


@pytest.fixture
async def loop():
    server = LoopbackDiscord(response_timeout=1.0)  # tests that need it lower set it
    server.add_user(ALICE, "Alice")
    server.add_user(BOB, "Bob")
    server.add_user(CAROL, "Carol", dms_open=False)
    await server.start()
    with patch_discord(server.url):
        yield server
    await server.stop()


async def start_client(loop: LoopbackDiscord) -> tuple[MiniBot, asyncio.Task[Any]]:
    client = MiniBot(loop.guild_id)
    since = loop.ready_count
    task = asyncio.create_task(client.start(loop.token))
    await loop.wait_ready(10, since=since)
    await client.wait_until_ready()
    return client, task


async def stop_client(client: MiniBot, task: asyncio.Task[Any]) -> None:
    await client.close()
    await asyncio.wait_for(task, 5)


@pytest.fixture
async def client(loop: LoopbackDiscord):
    client, task = await start_client(loop)
    yield client
    await stop_client(client, task)


async def test_bad_token_is_a_login_failure(loop: LoopbackDiscord) -> None:
    client = discord.Client(intents=discord.Intents.none())
    with pytest.raises(discord.LoginFailure):
        await client.login(loop.token.replace("G", "H"))
    await client.close()
    assert loop.calls[-1].route == "GET /users/@me" and loop.calls[-1].status == 401


async def test_commands_are_synced_and_stored(loop: LoopbackDiscord, client: MiniBot) -> None:
    commands = await loop.wait_commands({"hello", "late", "think", "refuse"})
    hello = next(c for c in commands if c["name"] == "hello")
    assert hello["guild_id"] == str(loop.guild_id) and hello["options"][0]["name"] == "name"
    assert loop.command_syncs == [(loop.guild_id, ["hello", "late", "think", "refuse"])]
    assert loop.active is not None and loop.active.intents == 0


async def test_slash_click_edit_and_ephemeral(loop: LoopbackDiscord, client: MiniBot) -> None:
    channel = loop.channel_ids[0]
    result = await (await loop.slash(ALICE, channel, "hello", {"name": "world"})).wait()
    assert result.error is None and result.response_type == 4 and not result.ephemeral
    assert result.latency is not None and result.latency < 1
    table = result.message
    assert table["content"] == "Hello world" and table["type"] == 20
    assert message_custom_ids(table) == ["count:0", "secret:xyzzy"]
    assert [m["id"] for m in loop.channel_messages(channel)] == [table["id"]]

    click = await (await loop.click(BOB, int(table["id"]), "count:0")).wait()
    assert click.response_type == 7 and click.error is None
    edited = loop.message(int(table["id"]))
    assert edited["content"] == "Counted to 1" and message_custom_ids(edited) == ["count:1"]
    assert edited["edited_timestamp"] is not None and len(loop.channel_messages(channel)) == 1

    with pytest.raises(AssertionError, match="not on message"):
        await loop.click(BOB, int(table["id"]), "count:0")  # that button is gone now


async def test_ephemeral_answer_is_seen_only_by_the_clicker(loop: LoopbackDiscord, client: MiniBot) -> None:
    result = await (await loop.slash(ALICE, loop.channel_ids[0], "hello", {"name": "x"})).wait()
    secret = await loop.click(BOB, int(result.message["id"]), "secret:xyzzy")
    await secret.wait_until(lambda r: len(r.followups) == 1)
    assert secret.ephemeral and secret.response_type == 4
    assert "The word is xyzzy" in secret.text() and "and a followup" in secret.text()
    assert [message_text(m) for m in loop.ephemeral_messages(BOB)] == ["The word is xyzzy", "and a followup"]
    assert "xyzzy" not in loop.visible_text(ALICE).replace("secret:xyzzy", "")
    assert "The word is" not in loop.public_text() and "The word is xyzzy" in loop.visible_text(BOB)
    with pytest.raises(AssertionError, match="cannot see"):
        await loop.click(ALICE, secret.original_id, "count:0")


async def test_deferred_answer_then_followup_replaces_the_placeholder(
    loop: LoopbackDiscord, client: MiniBot
) -> None:
    result = await (await loop.slash(ALICE, loop.channel_ids[0], "think")).settled()
    assert result.message is not None and result.message["content"] == "thought about it"
    assert result.response_type == 5 and result.ephemeral and result.followups == [] and not result.thinking
    assert (
        result.message["flags"] & 128 == 0 and loop.ephemeral_messages(ALICE)[0]["id"] == result.message["id"]
    )


async def test_a_refusal_after_a_public_placeholder_is_seen_only_by_its_asker(
    loop: LoopbackDiscord, client: MiniBot
) -> None:
    """The bot's refusal of a slash command it acknowledged in public (`bot.answers.answer_error`):
    the placeholder goes, and the followup is a new message only the asker sees."""
    result = await loop.slash(ALICE, loop.channel_ids[0], "refuse")
    await result.wait_until(lambda r: len(r.followups) == 1)
    assert result.response_type == 5 and not result.ephemeral
    assert loop.channel_messages(loop.channel_ids[0]) == []  # the placeholder was deleted
    assert [message_text(m) for m in loop.ephemeral_messages(ALICE)] == ["you may not"]
    assert "you may not" not in loop.public_text() and "you may not" not in loop.visible_text(BOB)


async def test_late_answer_is_unknown_interaction(loop: LoopbackDiscord, client: MiniBot) -> None:
    loop.response_timeout = 0.3  # /late answers after 0.5 s
    result = await (await loop.slash(ALICE, loop.channel_ids[0], "late")).wait(3)
    assert result.error is not None and result.error["code"] == 10062 and result.error["status"] == 404
    assert result.message is None and not result.acknowledged
    await loop.wait_for(lambda: client.failures)
    assert isinstance(client.failures[0], discord.NotFound) and client.failures[0].code == 10062
    assert loop.channel_messages(loop.channel_ids[0]) == []


async def test_waiting_for_an_answer_outlasts_a_refused_first_one(
    loop: LoopbackDiscord, client: MiniBot
) -> None:
    channel = await client.fetch_channel(loop.channel_ids[0])
    sent = await channel.send("going", view=discord.ui.View(timeout=None).add_item(Vanish()))  # type: ignore[union-attr]
    first = await (await loop.click(ALICE, sent.id, "vanish")).wait()
    assert first.error is not None and first.error["code"] == 10008 and not first.acknowledged
    answered = await first.wait_answered()
    assert (
        answered.acknowledged
        and answered.ephemeral
        and message_text(answered.message) == "That message is gone."
    )


async def test_a_click_acknowledged_then_edited_is_answered_in_place(
    loop: LoopbackDiscord, client: MiniBot
) -> None:
    channel = await client.fetch_channel(loop.channel_ids[0])
    sent = await channel.send("working", view=discord.ui.View(timeout=None).add_item(Slow()))  # type: ignore[union-attr]
    click = await (await loop.click(ALICE, sent.id, "slow")).wait()
    assert click.response_type == 6 and click.only_acknowledged and not click.in_place
    assert message_text(click.message).startswith("working")
    await click.settled()
    assert click.in_place and not click.only_acknowledged and click.original_edits == 1
    assert message_text(click.message) == "done at last"


async def test_second_answer_is_already_acknowledged(loop: LoopbackDiscord, client: MiniBot) -> None:
    result = await (await loop.slash(ALICE, loop.channel_ids[0], "hello", {"name": "x"})).wait()
    url = f"{loop.url}/api/v10/interactions/{result.id}/{result.token}/callback"
    async with aiohttp.ClientSession() as session:
        async with session.post(url, json={"type": 4, "data": {"content": "again"}}) as response:
            assert response.status == 400 and (await response.json())["code"] == 40060
        async with session.get(f"{loop.url}/api/v10/nowhere/at/all") as response:
            assert response.status == 404 and (await response.json())["message"] == "404: Not Found"
    assert result.errors[-1]["code"] == 40060 and result.error["code"] == 40060
    assert [c.path for c in loop.unknown_calls()] == ["/nowhere/at/all"]


async def test_dms_closed_dms_and_a_click_in_a_dm(loop: LoopbackDiscord, client: MiniBot) -> None:
    alice = await client.fetch_user(ALICE)
    sent = await alice.send("psst", view=table_view(5))
    assert [m["content"] for m in loop.dm_messages(ALICE)] == ["psst"]
    assert "psst" in loop.visible_text(ALICE) and "psst" not in loop.visible_text(BOB) + loop.public_text()
    click = await (await loop.click(ALICE, sent.id, "count:5")).wait()
    assert click.error is None and "user" in click.payload and "member" not in click.payload
    assert loop.dm_messages(ALICE)[0]["content"] == "Counted to 6"
    with pytest.raises(AssertionError, match="cannot see"):
        await loop.click(BOB, sent.id, "count:6")

    carol = await client.fetch_user(CAROL)
    with pytest.raises(discord.Forbidden) as refused:
        await carol.send("psst")
    assert refused.value.code == 50007 and loop.dm_messages(CAROL) == []


async def test_limits_are_invalid_form_body(loop: LoopbackDiscord, client: MiniBot) -> None:
    channel = client.get_partial_messageable(loop.channel_ids[0])
    with pytest.raises(discord.HTTPException) as refused:
        await channel.send(embed=discord.Embed(title="t", description="x" * 4097))
    assert refused.value.status == 400 and refused.value.code == 50035
    assert "embeds.0.description" in str(refused.value)
    too_big = [discord.Embed(description="y" * 4000), discord.Embed(description="z" * 2001)]
    with pytest.raises(discord.HTTPException, match="6000"):
        await channel.send(embeds=too_big)
    with pytest.raises(discord.HTTPException, match="content"):
        await channel.send("w" * 2001)
    view = discord.ui.View().add_item(discord.ui.Button(label="L" * 81, custom_id="long"))
    with pytest.raises(discord.HTTPException, match="label"):
        await channel.send("ok", view=view)
    ok = await channel.send("ok", file=discord.File(__file__, filename="proof.py"))
    stored = loop.message(ok.id)["attachments"][0]
    assert stored["filename"] == "proof.py" and stored["size"] > 100
    assert loop.blobs[int(stored["id"])].startswith(b'"""The loopback')
    assert loop.channel_messages(loop.channel_ids[0])[-1]["id"] == str(ok.id)


async def test_a_nonce_enforced_finds_the_message_it_created(loop: LoopbackDiscord, client: MiniBot) -> None:
    """As Discord: a second create with the same nonce and `enforce_nonce` (discord.py sends both
    with every message) returns the message the first created; another nonce creates anew."""
    channel = client.get_partial_messageable(loop.channel_ids[0])
    first = await channel.send("once", nonce=12345)
    again = await channel.send("once more", nonce=12345)
    other = await channel.send("twice", nonce="other")
    assert again.id == first.id and other.id != first.id
    assert [m["content"] for m in loop.channel_messages(loop.channel_ids[0])] == ["once", "twice"]
    with pytest.raises(discord.HTTPException) as refused:
        await channel.send("long", nonce="n" * 26)
    assert refused.value.status == 400 and refused.value.code == 50035


async def test_a_mention_notifies_whom_its_allowed_mentions_name(
    loop: LoopbackDiscord, client: MiniBot
) -> None:
    """As Discord: a new message's `<@id>` notifies those its allowed mentions let through (all of
    them without any), nobody when sent silently; what the transcript tool marks as a PING."""
    channel = client.get_partial_messageable(loop.channel_ids[0])
    text = "<@101> <@102>: your turn"
    one = await channel.send(text, allowed_mentions=discord.AllowedMentions(users=[discord.Object(101)]))
    everyone = await channel.send(text)
    nobody = await channel.send(text, allowed_mentions=discord.AllowedMentions.none())
    silent = await channel.send(text, silent=True)
    notified = {m.id: loop.meta[m.id].notified for m in (one, everyone, nobody, silent)}
    assert notified == {one.id: {101}, everyone.id: {101, 102}, nobody.id: set(), silent.id: set()}


async def test_calls_are_recorded_and_classified(loop: LoopbackDiscord, client: MiniBot) -> None:
    mark = loop.mark()
    result = await (await loop.slash(ALICE, loop.channel_ids[1], "hello", {"name": "x"})).wait()
    secret = await loop.click(BOB, int(result.message["id"]), "secret:xyzzy")
    await secret.wait_until(lambda r: len(r.followups) == 1)
    await client.get_partial_messageable(loop.channel_ids[1]).send("plain")
    counts = loop.call_counts(since=mark)
    assert counts["by_route"] == {
        "POST /interactions/{interaction_id}/{token}/callback": 2,
        "POST /webhooks/{application_id}/{token}": 1,
        "POST /channels/{channel_id}/messages": 1,
    }
    assert counts["interaction_responses"] == 3 and counts["rate_limited"] == 1 and counts["unknown"] == 0
    assert counts["max_per_channel_5s"] == {loop.channel_ids[1]: 1}
    assert all(
        c.is_interaction_response == ("/interactions/" in c.path or "/webhooks/" in c.path)
        for c in loop.calls
    )


async def test_a_restarted_client_keeps_working_with_old_messages(loop: LoopbackDiscord) -> None:
    client, task = await start_client(loop)
    result = await (await loop.slash(ALICE, loop.channel_ids[0], "hello", {"name": "again"})).wait()
    await stop_client(client, task)
    assert loop.active is None

    client, task = await start_client(loop)
    try:
        click = await (await loop.click(BOB, int(result.message["id"]), "count:0")).wait()
        assert click.error is None and loop.message(int(result.message["id"]))["content"] == "Counted to 1"
        assert loop.ready_count == 2 and len(loop.command_syncs) == 2
    finally:
        await stop_client(client, task)


async def test_a_dropped_session_resumes_into_a_new_identify(loop: LoopbackDiscord, client: MiniBot) -> None:
    since = loop.ready_count
    await loop.drop_session()
    await loop.wait_ready(10, since=since)
    assert loop.resume_attempts == 1 and loop.intents == 0
    result = await (await loop.slash(ALICE, loop.channel_ids[0], "hello", {"name": "back"})).wait()
    assert result.acknowledged and not result.failed and result.message["content"] == "Hello back"


async def test_a_forged_custom_id_gets_no_answer(loop: LoopbackDiscord, client: MiniBot) -> None:
    result = await (await loop.slash(ALICE, loop.channel_ids[0], "hello", {"name": "x"})).wait()
    loop.response_timeout = 0.3
    forged = await (await loop.click_raw(BOB, int(result.message["id"]), "count:41")).wait(0.5)
    assert forged.payload["data"] == {"custom_id": "count:41", "component_type": 2}
    assert forged.failed and forged.response_type is None  # discord.py drops it: not on the message


async def test_click_raw_forges_the_component_type_and_the_message(
    loop: LoopbackDiscord, client: MiniBot
) -> None:
    result = await (await loop.slash(ALICE, loop.channel_ids[0], "hello", {"name": "x"})).wait()
    message_id = int(result.message["id"])
    copy_before = loop.message(message_id)
    loop.response_timeout = 0.3
    as_select = await loop.click_raw(BOB, message_id, "count:0", ["1"], component_type=3)
    assert as_select.payload["data"] == {"custom_id": "count:0", "component_type": 3, "values": ["1"]}
    as_button = await loop.click_raw(BOB, message_id, "count:0", ["1"], component_type=2)
    assert as_button.payload["data"] == {"custom_id": "count:0", "component_type": 2}  # no values
    loop.delete_message(message_id)
    with pytest.raises(AssertionError, match="does not exist"):
        await loop.click_raw(BOB, message_id, "count:0")
    deleted = await loop.click_raw(BOB, message_id, "count:0", message=copy_before)
    assert deleted.payload["message"] == copy_before and deleted.message_id == message_id


async def test_a_select_edits_its_message(loop: LoopbackDiscord, client: MiniBot) -> None:
    channel = client.get_partial_messageable(loop.channel_ids[0])
    message = await channel.send("pick one", view=discord.ui.View().add_item(Pick("colour")))
    assert "Choose" in message_text(loop.message(message.id)) and "Take green" in loop.public_text()
    with pytest.raises(AssertionError, match="not options"):
        await loop.select(ALICE, message.id, "pick:colour", ["blue"])
    result = await (await loop.select(ALICE, message.id, "pick:colour", ["green"])).wait()
    assert result.payload["data"] == {"custom_id": "pick:colour", "component_type": 3, "values": ["green"]}
    assert (
        loop.message(message.id)["content"] == "picked green" and loop.message(message.id)["components"] == []
    )


def test_the_most_rate_limited_calls_in_any_second_counts_every_channel_but_not_answers() -> None:
    loop = LoopbackDiscord()
    edit = "PATCH /channels/{channel_id}/messages/{message_id}"
    answer = "POST /interactions/{interaction_id}/{token}/callback"
    for i, at in enumerate([0.0, 0.3, 0.6, 0.9, 1.0, 1.05, 2.5]):
        loop.calls.append(Call("PATCH", edit, "/", 200, 100 + at, False, channel_id=i))
    for at in (0.95, 0.96, 0.97):  # interaction answers are outside Discord's global limit
        loop.calls.append(Call("POST", answer, "/", 204, 100 + at, True))
    loop.calls.sort(key=lambda call: call.at)
    assert loop.max_calls_per_window(1.0) == 5  # 0.3 .. 1.05
    assert loop.max_calls_per_window(0.5) == 4  # 0.6 .. 1.05
    assert loop.max_calls_per_channel(5.0) == dict.fromkeys(range(7), 1)
    assert loop.busiest_window(1.0) == {"edit": 5}  # the busiest second's calls by kind
    loop.calls.insert(
        -1, Call("DELETE", edit.replace("PATCH", "DELETE"), "/", 204, 101.1, False, channel_id=1)
    )
    assert loop.busiest_window(1.0) == {"edit": 5, "delete": 1}  # 0.3 .. 1.1
