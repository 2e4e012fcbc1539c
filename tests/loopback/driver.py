"""The test's side: act as users (slash commands, clicks, selects, chat) and read what they see."""

from __future__ import annotations

import asyncio
import time
from collections import Counter
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

from .model import EPHEMERAL, MAX_ATTACHMENT_BYTES, Call, MessageMeta, User, copied, new_token
from .result import InteractionResult
from .text import find_component, message_text
from .validate import SELECTS

if TYPE_CHECKING:
    from .server import LoopbackDiscord

Message = dict[str, Any]
APPLICATION_COMMAND, COMPONENT = 2, 3
OPTION_TYPES = {bool: 5, int: 4, float: 10, str: 3}


class Driver:
    """Mixed into LoopbackDiscord."""

    # -- waiting --------------------------------------------------------------------------------------
    async def wait_ready(
        self: LoopbackDiscord,
        timeout: float = 20.0,
        *,
        since: int | None = None,
        shards: Iterable[int] | None = None,
    ) -> None:
        """Until an identified session of each shard (of `shards`; all of them by default) got
        READY + its GUILD_CREATEs (with `since=loop.ready_count` taken before a restart: sessions
        that became ready after that)."""
        wanted = list(range(self.shard_count) if shards is None else shards)

        def ready() -> bool:
            for shard in wanted:
                conn = self.sessions.get(shard)
                if conn is None or not conn.ready or conn.closed:
                    return False
                if since is not None and conn.ready_index <= since:
                    return False
            return True

        async with self._cond:
            await asyncio.wait_for(self._cond.wait_for(ready), timeout)

    async def wait_commands(
        self: LoopbackDiscord, names: Iterable[str] | None = None, timeout: float = 20.0
    ) -> list[dict[str, Any]]:
        """Until commands are registered (all of `names`, if given); returns them."""
        wanted = set(names or ())

        def synced() -> bool:
            have = {c["name"] for c in self.global_commands + self.guild_commands}
            return bool(have) and wanted <= have

        async with self._cond:
            await asyncio.wait_for(self._cond.wait_for(synced), timeout)
        return copied(self.guild_commands + self.global_commands)

    async def wait_for(self: LoopbackDiscord, predicate: Callable[[], Any], timeout: float = 5.0) -> Any:
        """Poll until `predicate()` is truthy; returns its value (TimeoutError otherwise)."""
        deadline = time.monotonic() + timeout
        while True:
            value = predicate()
            if value:
                return value
            if time.monotonic() > deadline:
                raise TimeoutError(f"condition not met within {timeout}s")
            await asyncio.sleep(0.01)

    async def wait_idle(self: LoopbackDiscord, quiet: float = 0.3, timeout: float = 10.0) -> None:
        """Until no REST call arrived for `quiet` seconds."""
        await self.wait_for(lambda: time.monotonic() - self.last_call_at >= quiet, timeout)

    # -- acting as users ------------------------------------------------------------------------------
    def _user(self: LoopbackDiscord, user_id: int) -> User:
        if user_id not in self.users:
            raise KeyError(f"unknown user {user_id}: add_user() first")
        return self.users[user_id]

    def _find_command(
        self: LoopbackDiscord, name: str, in_dm: bool, guild_id: int | None = None
    ) -> tuple[dict[str, Any], bool]:
        if not in_dm and guild_id == self.guild_id:  # guild commands: the first guild's only
            for command in self.guild_commands:
                if command["name"] == name and command.get("type", 1) == 1:
                    return command, True
        for command in self.global_commands:
            if command["name"] == name and command.get("type", 1) == 1:
                contexts = command.get("contexts")
                if in_dm and (command.get("dm_permission") is False or (contexts and 1 not in contexts)):
                    raise AssertionError(f"/{name} cannot be used in DMs")
                return command, False
        raise AssertionError(f"/{name} is not a registered command")

    def _options(self: LoopbackDiscord, command: dict[str, Any], given: dict[str, Any]):
        defs = {o["name"]: o for o in command.get("options") or []}
        unknown_names = set(given) - set(defs)
        if unknown_names:
            raise AssertionError(f"/{command['name']} has no option(s) {sorted(unknown_names)}")
        missing = [n for n, o in defs.items() if o.get("required") and n not in given]
        if missing:
            raise AssertionError(f"/{command['name']} needs option(s) {missing}")
        options, resolved = [], {}
        for name, value in given.items():
            kind = defs[name].get("type") or OPTION_TYPES.get(type(value), 3)
            if kind == 6:
                user = self._user(int(value))
                resolved.setdefault("users", {})[str(user.id)] = user.payload()
                member = user.member_payload(with_user=False)
                resolved.setdefault("members", {})[str(user.id)] = {
                    **member,
                    "permissions": str(user.permissions()),
                }
                value = str(user.id)
            choices = defs[name].get("choices")
            if choices and value not in [c["value"] for c in choices]:
                raise AssertionError(f"{value!r} is not a choice of option {name!r}")
            options.append({"name": name, "type": kind, "value": value})
        return options, resolved

    async def slash(
        self: LoopbackDiscord, user_id: int, channel_id: int, name: str, options: dict[str, Any] | None = None
    ) -> InteractionResult:
        """Run `/name` as the user in a guild channel (or in the user's own DM channel)."""
        user = self._user(user_id)
        in_dm = channel_id in self.dm_owner
        if in_dm and self.dm_owner[channel_id] != user_id:
            raise AssertionError(f"channel {channel_id} is another user's DM")
        if not in_dm and channel_id not in self.channels:
            raise AssertionError(f"unknown channel {channel_id}")
        guild_id = None if in_dm else self.channel_guild[channel_id]
        command, in_guild = self._find_command(name, in_dm, guild_id)
        opts, resolved = self._options(command, options or {})
        data: dict[str, Any] = {"id": command["id"], "name": name, "type": 1}
        if opts:
            data["options"] = opts
        if resolved:
            data["resolved"] = resolved
        if in_guild:
            data["guild_id"] = str(guild_id)
        return await self._dispatch_interaction(APPLICATION_COMMAND, user, channel_id, data, name=name)

    def _visible(self: LoopbackDiscord, user_id: int, message_id: int) -> Message:
        self._user(user_id)
        if message_id not in self.messages:
            raise AssertionError(f"message {message_id} does not exist")
        if not self.can_see(user_id, message_id):
            raise AssertionError(f"user {user_id} cannot see message {message_id}")
        return copied(self.messages[message_id])

    def _usable(self: LoopbackDiscord, message: Message, custom_id: str) -> dict[str, Any]:
        component = find_component(message, custom_id)
        if component is None:
            raise AssertionError(f"{custom_id!r} is not on message {message['id']}")
        if component.get("disabled"):
            raise AssertionError(f"{custom_id!r} is disabled")
        return component

    async def click(
        self: LoopbackDiscord, user_id: int, message_id: int, custom_id: str
    ) -> InteractionResult:
        component = self._usable(self._visible(user_id, message_id), custom_id)
        if component.get("type") != 2:
            raise AssertionError(f"{custom_id!r} is not a button (use select())")
        return await self.click_raw(user_id, message_id, custom_id)

    async def select(
        self: LoopbackDiscord, user_id: int, message_id: int, custom_id: str, values: list[str]
    ) -> InteractionResult:
        component = self._usable(self._visible(user_id, message_id), custom_id)
        if component.get("type") not in SELECTS:
            raise AssertionError(f"{custom_id!r} is not a select")
        lo, hi = component.get("min_values", 1), component.get("max_values", 1)
        if not lo <= len(values) <= hi:
            raise AssertionError(f"select {custom_id!r} takes {lo}..{hi} values, not {len(values)}")
        if component.get("type") == 3:
            allowed = {o["value"] for o in component.get("options") or []}
            if not set(values) <= allowed:
                raise AssertionError(f"{sorted(set(values) - allowed)} are not options of {custom_id!r}")
        return await self.click_raw(user_id, message_id, custom_id, list(values))

    async def click_raw(
        self: LoopbackDiscord,
        user_id: int,
        message_id: int,
        custom_id: str,
        values: list[str] | None = None,
        *,
        component_type: int | None = None,
        message: Message | None = None,
    ) -> InteractionResult:
        """A component interaction with any custom_id (forged or stale) on a message the user sees.
        Forging further: `component_type` claims another kind of component than the message's
        (`values` are sent with selects only); `message` is sent as the clicked message instead of
        message `message_id` (a copy taken before it was edited or deleted, another user's DM,
        or one made up), from its channel."""
        message = self._visible(user_id, message_id) if message is None else copied(message)
        component = find_component(message, custom_id) or {}
        kind = component_type or component.get("type") or (3 if values is not None else 2)
        data: dict[str, Any] = {"custom_id": custom_id, "component_type": kind}
        if kind in SELECTS:
            data["values"] = list(values or [])
        if "id" in component:
            data["id"] = component["id"]
        return await self._dispatch_interaction(
            COMPONENT,
            self._user(user_id),
            int(message["channel_id"]),
            data,
            message=message,
            custom_id=custom_id,
        )

    async def _dispatch_interaction(
        self: LoopbackDiscord,
        kind: int,
        user: User,
        channel_id: int,
        data: dict[str, Any],
        *,
        message: Message | None = None,
        name: str | None = None,
        custom_id: str | None = None,
    ) -> InteractionResult:
        interaction_id, token = self.ids.next(), new_token()
        in_guild = channel_id in self.channels
        guild_id = self.channel_guild[channel_id] if in_guild else None
        payload: dict[str, Any] = {
            "id": str(interaction_id),
            "application_id": str(self.application_id),
            "type": kind,
            "token": token,
            "version": 1,
            "data": data,
            "channel_id": str(channel_id),
            "channel": self.channel_payload(channel_id),
            "locale": user.locale,
            "app_permissions": str(self.bot.permissions() & ~self.bot_denied.get(channel_id, 0)),
            "entitlements": [],
            "entitlement_sku_ids": [],
            "attachment_size_limit": MAX_ATTACHMENT_BYTES,
        }
        if in_guild:
            permissions = str(user.permissions())
            payload["channel"]["permissions"] = permissions
            payload.update(
                guild_id=str(guild_id),
                guild={"id": str(guild_id), "locale": self.guild_locale, "features": []},
                guild_locale=self.guild_locale,
                member={**user.member_payload(), "permissions": permissions},
                context=0,
                authorizing_integration_owners={"0": str(guild_id)},
            )
        else:
            payload.update(user=user.payload(), context=1, authorizing_integration_owners={"0": "0"})
        if message is not None:
            payload["message"] = message
        rec = InteractionResult(
            self,
            interaction_id,
            token,
            kind,
            user.id,
            channel_id,
            guild_id,
            payload,
            name=name,
            custom_id=custom_id,
            message_id=int(message["id"]) if message is not None else None,
        )
        self.interactions[interaction_id] = rec
        self.by_token[token] = rec
        rec.dispatched_at = time.monotonic()
        sent = self.send_event("INTERACTION_CREATE", payload, track=True)
        if sent is None:
            shard = self.shard_of(guild_id)
            raise RuntimeError(f"no bot session of shard {shard} is connected to the gateway")
        await sent
        return rec

    async def say(self: LoopbackDiscord, user_id: int, channel_id: int, content: str = "hi") -> Message:
        """A user posts in a guild channel (the bot gets MESSAGE_CREATE if it has the intent)."""
        user = self._user(user_id)
        if channel_id not in self.channels:
            raise AssertionError(f"unknown guild channel {channel_id}")
        return self.create_message(
            channel_id, {"content": content}, meta=MessageMeta("channel"), author=user.payload()
        )

    # -- reading ------------------------------------------------------------------------------------------
    def _copies(self: LoopbackDiscord, ids: Iterable[int]) -> list[Message]:
        return [copied(self.messages[m]) for m in ids if m in self.messages]

    def channel_messages(self: LoopbackDiscord, channel_id: int) -> list[Message]:
        return self._copies(self.channel_order.get(channel_id, []))

    def dm_messages(self: LoopbackDiscord, user_id: int) -> list[Message]:
        channel_id = self.dm_channels.get(user_id)
        return self._copies(self.channel_order.get(channel_id, [])) if channel_id else []

    def ephemeral_messages(self: LoopbackDiscord, user_id: int) -> list[Message]:
        return self._copies(self.ephemeral_order.get(user_id, []))

    def message(self: LoopbackDiscord, message_id: int) -> Message:
        return copied(self.messages[message_id])

    def visible_messages(self: LoopbackDiscord, user_id: int) -> list[Message]:
        return self._copies(sorted(m for m in self.messages if self.can_see(user_id, m)))

    def visible_text(self: LoopbackDiscord, user_id: int) -> str:
        return "\n\n".join(message_text(m) for m in self.visible_messages(user_id))

    def public_text(self: LoopbackDiscord) -> str:
        ids = sorted(m for c in self.channels for m in self.channel_order.get(c, []))
        return "\n\n".join(message_text(m) for m in self._copies(ids))

    def is_ephemeral(self: LoopbackDiscord, message: Message) -> bool:
        return bool(message.get("flags", 0) & EPHEMERAL)

    # -- the recorded REST calls ----------------------------------------------------------------------------
    def mark(self: LoopbackDiscord) -> int:
        """A position in `calls`, for counting only what happens after it (`since=`)."""
        return len(self.calls)

    def unknown_calls(self: LoopbackDiscord, since: int = 0) -> list[Call]:
        return [c for c in self.calls[since:] if c.unknown]

    def call_counts(self: LoopbackDiscord, since: int = 0) -> dict[str, Any]:
        calls = self.calls[since:]
        by_route = Counter(c.route or f"UNKNOWN {c.method} {c.path}" for c in calls)
        return {
            "interaction_responses": sum(c.is_interaction_response for c in calls),
            "rate_limited": sum(c.rate_limited for c in calls),
            "unknown": sum(c.unknown for c in calls),
            "errors": sum(c.status >= 400 for c in calls),
            "errors_by_kind": dict(
                Counter(
                    " ".join(str(part) for part in (c.status, c.code, c.route or c.path) if part is not None)
                    for c in calls
                    if c.status >= 400
                )
            ),
            "by_route": dict(by_route),
            "max_per_channel_5s": self.max_calls_per_channel(5.0, since),
        }

    def max_calls_per_window(self: LoopbackDiscord, window: float = 1.0, since: int = 0) -> int:
        """The most rate-limited calls in any `window` seconds, over every channel and every bot
        process (Discord's global limit: about 50 per second per bot)."""
        return most_in_window([c.at for c in self.calls[since:] if c.rate_limited], window)

    def busiest_window(self: LoopbackDiscord, window: float = 1.0, since: int = 0) -> Counter[str]:
        """The rate-limited calls of the busiest `window` seconds, counted by kind (`call_kind`)."""
        calls = [c for c in self.calls[since:] if c.rate_limited]
        times = [c.at for c in calls]
        most = most_in_window(times, window)
        for end, t in enumerate(times):
            start = end - most + 1
            if start >= 0 and t - times[start] < window:
                return Counter(self.call_kind(c) for c in calls[start : end + 1])
        return Counter()

    def max_calls_per_channel(self: LoopbackDiscord, window: float = 5.0, since: int = 0) -> dict[int, int]:
        """For each channel: the most rate-limited calls on it within any `window` seconds."""
        times: dict[int, list[float]] = {}
        for c in self.calls[since:]:
            if c.rate_limited and c.channel_id is not None:
                times.setdefault(c.channel_id, []).append(c.at)
        return {channel_id: most_in_window(ts, window) for channel_id, ts in times.items()}


def most_in_window(times: list[float], window: float) -> int:
    """The most of `times` (ascending) within any `window` seconds."""
    best, start = 0, 0
    for end, t in enumerate(times):
        while t - times[start] >= window:
            start += 1
        best = max(best, end - start + 1)
    return best
