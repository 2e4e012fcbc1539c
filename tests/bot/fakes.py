"""A small in-memory stand-in for Discord, for driving the real handlers with fake interactions.

`FakeDiscord` keeps every message a user can see: channel messages, DMs and ephemeral replies.
`click()` dispatches a component exactly the way discord.py's ViewStore does for DynamicItems
(template match -> from_custom_id -> _refresh_state -> callback). `FakeMessenger` is the bot's
`Messenger` seam. (The loopback fake of the real gateway and REST API comes in a later issue.)
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from types import SimpleNamespace
from typing import Any

import discord

from bot.components import DYNAMIC_ITEMS
from bot.messenger import NotDelivered
from bot.render.base import Payload

_ids = itertools.count(1_000_000)


@dataclass
class FakeUser:
    id: int
    display_name: str
    locale: str = "en-US"  # their Discord client's language

    @property
    def name(self) -> str:
        return self.display_name


@dataclass
class FakeMessage:
    id: int
    channel_id: int | None  # None for ephemeral messages
    content: str | None = None
    embeds: list[discord.Embed] = field(default_factory=list)
    view: discord.ui.View | None = None
    ephemeral_for: int | None = None
    #: an ephemeral message's channel (where its interaction came from; clicks on it come from there)
    origin_channel: int | None = None
    dm_for: int | None = None
    #: filename -> PNG bytes of the attached pictures; `uploads` counts every upload to it.
    files: dict[str, bytes] = field(default_factory=dict)
    uploads: int = 0
    #: user ids the message was allowed to ping when it was posted
    pings: tuple[int, ...] = ()
    #: posted without a push notification (Discord's SUPPRESS_NOTIFICATIONS)
    silent: bool = False

    def apply(
        self,
        content: Any = ...,
        embeds: Any = ...,
        embed: Any = ...,
        view: Any = ...,
        files: Any = ...,
        attachments: Any = ...,
        file: Any = ...,
        allowed_mentions: Any = ...,
        silent: Any = ...,
    ) -> None:
        if silent is not ...:
            self.silent = bool(silent)
        if allowed_mentions is not ... and allowed_mentions is not None:
            users = allowed_mentions.users
            self.pings = tuple(u.id for u in users) if isinstance(users, list) else ()
        if file is not ...:
            files = [file]
        if content is not ...:
            self.content = content
        if embed is not ... and embed is not None:
            self.embeds = [embed]
        if embeds is not ...:
            self.embeds = list(embeds or [])
        if view is not ...:
            self.view = view
        if attachments is not ...:  # an edit: exactly these attachments remain (new uploads)
            self.files = {}
            files = attachments
        for upload in files if files is not ... else []:
            self.files[upload.filename] = upload.fp.read()
            self.uploads += 1
        check_discord_limits(self)

    @property
    def flags(self) -> discord.MessageFlags:
        return discord.MessageFlags(ephemeral=self.ephemeral_for is not None)

    # -- reading ------------------------------------------------------------------------------
    def text(self) -> str:
        """Everything a person reads in the message: content, embeds, component labels."""
        parts = [self.content or ""]
        for embed in self.embeds:
            parts += [embed.title or "", embed.description or "", embed.footer.text or ""]
            parts += [f"{f.name}: {f.value}" for f in embed.fields]
        for item in self.items():
            parts.append(getattr(item.item, "label", None) or "")
            parts.append(getattr(item.item, "placeholder", None) or "")
            for option in getattr(item.item, "options", []):
                parts.append(option.label)
        return "\n".join(p for p in parts if p)

    def items(self) -> list[Any]:
        return list(self.view.children) if self.view is not None else []

    def custom_ids(self) -> list[str]:
        return [item.custom_id for item in self.items()]

    def item(self, custom_id: str) -> Any:
        for item in self.items():
            if item.custom_id == custom_id:
                return item
        raise KeyError(custom_id)


def check_discord_limits(message: FakeMessage) -> None:
    """Discord's message limits: what real Discord would reject with a 400; and no menu without
    anything to choose (its one option the "-" a select is built with when given none)."""
    assert len(message.content or "") <= 2000
    assert len(message.embeds) <= 10
    total = 0
    for embed in message.embeds:
        assert len(embed.title or "") <= 256 and len(embed.description or "") <= 4096
        assert len(embed.fields) <= 25 and len(embed.footer.text or "") <= 2048
        for f in embed.fields:
            assert 0 < len(f.name) <= 256 and 0 < len(f.value) <= 1024, (f.name, f.value)
        total += len(embed) if hasattr(embed, "__len__") else 0
    assert total <= 6000
    if message.view is None:
        return
    rows = message.view.to_components()
    assert len(rows) <= 5
    for row in rows:
        children = row["components"]
        assert 1 <= len(children) <= 5
        for child in children:
            assert len(child["custom_id"]) <= 100
            if child["type"] == 2:
                assert len(child.get("label") or "") <= 80
            if child["type"] == 3:
                assert len(children) == 1 and 1 <= len(child["options"]) <= 25
                assert len(child.get("placeholder") or "") <= 150
                assert all(len(o["label"]) <= 100 and len(o["value"]) <= 100 for o in child["options"])
                assert [o["label"] for o in child["options"]] != ["-"], f"an empty menu: {child}"


class FakeResponse:
    def __init__(self, interaction: FakeInteraction) -> None:
        self.interaction = interaction
        self._done = False
        self.kind: str | None = None
        self.thinking_ephemeral = False  # (a "thinking" placeholder only its asker sees)

    def is_done(self) -> bool:
        return self._done

    def _acknowledge(self, kind: str) -> None:
        if self._done:
            raise discord.InteractionResponded(self.interaction)  # type: ignore[arg-type]
        self._done, self.kind = True, kind

    async def send_message(
        self, content: str | None = None, *, ephemeral: bool = False, **kwargs: Any
    ) -> SimpleNamespace:
        self._acknowledge("message")
        message = self.interaction.discord.post(self.interaction, content, ephemeral=ephemeral, **kwargs)
        return SimpleNamespace(message_id=message.id)  # as discord.py's InteractionCallbackResponse

    async def edit_message(self, **kwargs: Any) -> None:
        message = self.interaction.message
        assert message is not None, "edit_message needs a component interaction"
        if message.id not in self.interaction.discord.messages:  # (refused: the click is not answered)
            raise discord.NotFound(_Gone(), "Unknown Message")  # type: ignore[arg-type]
        self._acknowledge("edit")
        message.apply(**kwargs)

    async def defer(self, *, thinking: bool = False, ephemeral: bool = False) -> None:
        self._acknowledge("thinking" if thinking else "defer")  # (thinking: a followup takes its place)
        self.thinking_ephemeral = thinking and ephemeral


class FakeFollowup:
    def __init__(self, interaction: FakeInteraction) -> None:
        self.interaction = interaction

    async def send(
        self, content: str | None = None, *, ephemeral: bool = False, **kwargs: Any
    ) -> FakeMessage:
        interaction, response = self.interaction, self.interaction.response
        assert response.is_done(), "a followup needs a response first"
        kwargs.pop("wait", None)  # the message is returned either way
        if response.kind == "thinking" and interaction.original is None and not interaction.placeholder_gone:
            ephemeral = response.thinking_ephemeral  # (Discord: it takes the placeholder's place)
        return interaction.discord.post(interaction, content, ephemeral=ephemeral, **kwargs)


class FakeInteraction:
    def __init__(
        self,
        discord_: FakeDiscord,
        client: Any,
        user: FakeUser,
        channel_id: int,
        *,
        message: FakeMessage | None = None,
        manage_guild: bool = False,
    ) -> None:
        self.discord = discord_
        self.client = client
        self.user = user
        self.channel_id = channel_id
        self.guild_id = discord_.guild_id if channel_id else None  # channel 0: a DM
        self.locale = user.locale
        self.guild_locale = getattr(discord_, "guild_locale", "en-US") if self.guild_id else None
        self.message = message
        self.permissions = discord.Permissions(manage_guild=manage_guild)
        self.app_permissions = discord_.bot_permissions.get(channel_id, discord.Permissions.all())
        self.channel: object = None  # (no thread)
        self.response = FakeResponse(self)
        self.followup = FakeFollowup(self)
        self.original: FakeMessage | None = None
        self.placeholder_gone = False  # its "thinking" placeholder was deleted
        self.id = next(_ids)
        self.token = f"token-{self.id}"
        self.extras: dict[str, Any] = {}
        discord_.interactions[self.token] = self

    async def original_response(self) -> FakeMessage:
        assert self.original is not None
        return self.original

    async def delete_original_response(self) -> None:
        """The message it posted, or its "thinking" placeholder that no followup replaced yet."""
        assert self.response.is_done()
        if self.original is None:
            assert self.response.kind == "thinking", "nothing to delete"
            self.placeholder_gone = True
            return
        message = self.discord.messages.pop(self.original.id)
        where = self.discord.ephemeral[message.ephemeral_for] if message.ephemeral_for else None
        (where if where is not None else self.discord.channel(self.channel_id)).remove(message)

    async def edit_original_response(self, **kwargs: Any) -> None:
        """The interaction's "original response": the message it posted, or, when it was answered
        by editing the clicked message, that message (as Discord's @original means)."""
        target = self.original if self.response.kind in ("message", "thinking") else self.message
        assert target is not None and self.response.is_done()
        if target.id not in self.discord.messages:
            raise discord.NotFound(_Gone(), "Unknown Message")  # type: ignore[arg-type]
        target.apply(**kwargs)


class _Gone:
    status = 404
    reason = "Not Found"


class Killed(BaseException):
    """The bot's process dies here (`FakeDiscord.killed_after_dm`): nothing after it runs."""


class FakeDiscord:
    """Channels, DMs and ephemeral messages, per user. One guild."""

    def __init__(self, guild_id: int = 42) -> None:
        self.guild_id = guild_id
        self.channels: dict[int, list[FakeMessage]] = {}
        self.dms: dict[int, list[FakeMessage]] = {}
        self.ephemeral: dict[int, list[FakeMessage]] = {}
        self.closed_dms: set[int] = set()
        #: channel -> the bot's permissions there (Discord sends them with each interaction)
        self.bot_permissions: dict[int, discord.Permissions] = {}
        #: user -> how many of their next new DMs Discord fails to take (a server error)
        self.failing_dms: dict[int, int] = {}
        #: channel -> how many of the next posts in it Discord fails to take (a server error)
        self.failing_posts: dict[int, int] = {}
        #: channel -> how many of the next posts in it Discord makes but whose answer is lost
        self.lost_post_answers: dict[int, int] = {}
        #: message -> how many of its next edits Discord fails to take (a server error)
        self.failing_edits: dict[int, int] = {}
        #: user -> how many of their next new DMs Discord creates but whose answer is lost (a
        #: dropped connection once discord.py's own retries are used up)
        self.lost_dm_answers: dict[int, int] = {}
        #: channels whose next post is the bot's last act: the process dies as Discord answers
        self.killed_after_post: set[int] = set()
        #: users whose next new DM is the bot's last act: the process dies as Discord answers
        self.killed_after_dm: set[int] = set()
        #: channels whose next delete is never made: the process dies as it sends it
        self.killed_at_delete: set[int] = set()
        self.nonces: dict[int, int] = {}  # a new message's nonce -> it (Discord's `enforce_nonce`)
        self.messages: dict[int, FakeMessage] = {}
        self.client: Any = None
        self.interactions: dict[str, FakeInteraction] = {}  # token -> interaction

    def channel(self, channel_id: int) -> list[FakeMessage]:
        return self.channels.setdefault(channel_id, [])

    def post(
        self, interaction: FakeInteraction, content: str | None, *, ephemeral: bool, **kwargs: Any
    ) -> FakeMessage:
        message = FakeMessage(next(_ids), None if ephemeral else interaction.channel_id)
        message.apply(content=content, **kwargs)
        if ephemeral:
            message.ephemeral_for = interaction.user.id
            message.origin_channel = interaction.channel_id
            self.ephemeral.setdefault(interaction.user.id, []).append(message)
        elif interaction.message is not None and interaction.message.dm_for is not None:
            message.dm_for = interaction.message.dm_for
            self.dms.setdefault(message.dm_for, []).append(message)
        else:
            self.channel(interaction.channel_id).append(message)
        self.messages[message.id] = message
        if interaction.original is None:
            interaction.original = message
        return message

    # -- acting as users ------------------------------------------------------------------------
    def interaction(self, user: FakeUser, channel_id: int, **kwargs: Any) -> FakeInteraction:
        return FakeInteraction(self, self.client, user, channel_id, **kwargs)

    async def click(
        self,
        user: FakeUser,
        message: FakeMessage,
        custom_id: str,
        values: list[str] | None = None,
        *,
        check_present: bool = True,
    ) -> FakeInteraction:
        """Press a component the way Discord + discord.py would dispatch it."""
        if check_present:
            assert custom_id in message.custom_ids(), f"{custom_id} is not on that message"
        channel_id = message.channel_id or message.origin_channel or 0  # 0: a DM
        interaction = self.interaction(user, channel_id, message=message)
        for factory in DYNAMIC_ITEMS:
            match = factory.__discord_ui_compiled_template__.fullmatch(custom_id)
            if match is None:
                continue
            clicked = message.item(custom_id).item if custom_id in message.custom_ids() else None
            item = await factory.from_custom_id(interaction, clicked, match)  # type: ignore[arg-type]
            item._refresh_state(interaction, {"custom_id": custom_id, "values": values or []})  # type: ignore[arg-type]
            await item.callback(interaction)  # type: ignore[arg-type]
            break
        return interaction

    def last_ephemeral(self, user: FakeUser) -> FakeMessage:
        return self.ephemeral[user.id][-1]

    def last_dm(self, user: FakeUser) -> FakeMessage:
        return self.dms[user.id][-1]


class FakeMessenger:
    """The bot's `Messenger`, delivering into `FakeDiscord`."""

    def __init__(self, discord_: FakeDiscord) -> None:
        self.discord = discord_
        self.calls: list[tuple[str, int]] = []
        #: user ids Discord would notify (a push), in order: each DM sent with `ping`, each user a
        #: channel post mentions
        self.pinged: list[int] = []

    async def send_dm(
        self, user_id: int, payload: Payload, *, ping: bool, nonce: int | None = None
    ) -> int | None:
        self.calls.append(("dm", user_id))
        if user_id in self.discord.closed_dms:
            return None
        if self.discord.failing_dms.get(user_id, 0) > 0:
            self.discord.failing_dms[user_id] -= 1
            raise NotDelivered(f"a DM to {user_id}: 503 Service Unavailable")
        earlier = self.discord.nonces.get(nonce) if nonce is not None else None
        if earlier is not None and earlier in self.discord.messages:
            self._lose_answer(user_id, earlier)
            return earlier
        message = FakeMessage(next(_ids), None, dm_for=user_id)
        message.apply(**payload.send_kwargs(silent=not ping))
        if ping:
            self.pinged.append(user_id)
        self.discord.dms.setdefault(user_id, []).append(message)
        self.discord.messages[message.id] = message
        if nonce is not None:
            self.discord.nonces[nonce] = message.id
        if user_id in self.discord.killed_after_dm:
            self.discord.killed_after_dm.discard(user_id)
            raise Killed(f"killed as Discord created DM {message.id}")
        self._lose_answer(user_id, message.id)
        return message.id

    def _lose_answer(self, user_id: int, message_id: int) -> None:
        if self.discord.lost_dm_answers.get(user_id, 0) > 0:
            self.discord.lost_dm_answers[user_id] -= 1
            raise NotDelivered(f"a DM to {user_id}: connection reset as Discord answered {message_id}")

    def _fail_edit(self, message_id: int) -> None:
        if self.discord.failing_edits.get(message_id, 0) > 0:
            self.discord.failing_edits[message_id] -= 1
            raise NotDelivered(f"an edit of message {message_id}: 503 Service Unavailable")

    async def edit_dm(self, user_id: int, message_id: int, payload: Payload) -> bool:
        self.calls.append(("edit_dm", message_id))
        self._fail_edit(message_id)
        message = self.discord.messages.get(message_id)
        if message is None or message.dm_for != user_id:
            return False
        message.apply(**payload.edit_kwargs())
        return True

    async def delete_dm(self, user_id: int, message_id: int) -> None:
        self.calls.append(("delete_dm", message_id))
        message = self.discord.messages.pop(message_id, None)
        if message is not None and message.dm_for == user_id:
            self.discord.dms[user_id].remove(message)

    def opens_dm(self, user_id: int) -> bool:
        return False

    async def open_dm(self, user_id: int) -> None:
        return None

    async def delete_followup(self, token: str, message_id: int) -> None:
        """Not rate-limited (an interaction webhook): not in `calls`."""
        message = self.discord.messages.get(message_id)
        if token not in self.discord.interactions or message is None or message.ephemeral_for is None:
            return
        del self.discord.messages[message_id]
        self.discord.ephemeral[message.ephemeral_for].remove(message)

    async def edit_interaction(self, token: str, payload: Payload) -> bool:
        """Not rate-limited (an interaction webhook): not in `calls`."""
        interaction = self.discord.interactions.get(token)
        if interaction is None:
            return False
        try:
            await interaction.edit_original_response(**payload.edit_kwargs())
        except discord.NotFound:
            return False
        return True

    async def delete_message(self, channel_id: int, message_id: int) -> None:
        if channel_id in self.discord.killed_at_delete:
            self.discord.killed_at_delete.discard(channel_id)
            raise Killed(f"killed as it deleted message {message_id}")
        self.calls.append(("delete", message_id))
        message = self.discord.messages.pop(message_id, None)
        if message is not None and message.channel_id == channel_id:
            self.discord.channel(channel_id).remove(message)

    async def edit_message(self, channel_id: int, message_id: int, payload: Payload) -> bool:
        self.calls.append(("edit", message_id))
        self._fail_edit(message_id)
        message = self.discord.messages.get(message_id)
        if message is None or message.channel_id != channel_id:
            return False
        message.apply(**payload.edit_kwargs())
        return True

    async def send_channel(
        self, channel_id: int, payload: Payload, *, nonce: int | None = None
    ) -> int | None:
        self.calls.append(("post", channel_id))
        if self.discord.failing_posts.get(channel_id, 0) > 0:
            self.discord.failing_posts[channel_id] -= 1
            raise NotDelivered(f"a post in {channel_id}: 503 Service Unavailable")
        message_id = self.discord.nonces.get(nonce) if nonce is not None else None
        if message_id is None or message_id not in self.discord.messages:
            message = FakeMessage(next(_ids), channel_id)
            message.apply(**payload.send_kwargs(silent=not payload.mentions))
            self.pinged += [user for user in message.pings if f"<@{user}>" in (message.content or "")]
            self.discord.channel(channel_id).append(message)
            self.discord.messages[message_id := message.id] = message
            if nonce is not None:
                self.discord.nonces[nonce] = message_id
        if channel_id in self.discord.killed_after_post:
            self.discord.killed_after_post.discard(channel_id)
            raise Killed(f"killed as Discord created post {message_id}")
        if self.discord.lost_post_answers.get(channel_id, 0) > 0:
            self.discord.lost_post_answers[channel_id] -= 1
            raise NotDelivered(f"a post in {channel_id}: connection reset as Discord answered {message_id}")
        return message_id
