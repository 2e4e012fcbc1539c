"""Whom a decision is pushed to: who is playing along in which game (acted or opened their cards
within `IDLE_SECONDS`), and which decisions each seat was already told of. The pipeline asks it,
inside the game's lock, which `Notice`s a commit makes (`queue`, then `keep_idle` where this
process may not know); the delivery asks it again before sending one (`playing_along`). No
Discord here.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime

from bot.loaded_game import LoadedGame
from bot.outbox import Notice
from storage import GameStore

#: A player who acted in a game this recently is playing along: no notification for them. (Read
#: at each use: the loopback's players set it shorter, `tests/loopback/boot/sitecustomize.py`.)
IDLE_SECONDS = 60.0


class Attention:
    def __init__(self, store: GameStore, clock: Callable[[], float], *, shared: bool) -> None:
        self.store = store
        self.clock = clock
        self.shared = shared  # several processes: another one may have seen a player's actions
        self._last_active: dict[int, dict[int, float]] = {}  # game -> user -> Unix time
        self._told: dict[int, set[tuple[int, int]]] = {}  # game -> (decision, seat) looked at
        self._pushed: dict[int, set[tuple[int, int]]] = {}  # game -> (decision, seat) notified

    def seen(self, game_id: int, user_id: int) -> None:
        """The player acted in the game, or opened their cards ("My hand", /hand): they are
        playing along (a "your turn" queued just before is not sent: `playing_along`)."""
        self._last_active.setdefault(game_id, {})[user_id] = self.clock()

    def playing_along(self, game_id: int, user_id: int) -> bool:
        """Whether the player acted in the game (or opened their cards) within `IDLE_SECONDS`, as
        this process saw."""
        last = self._last_active.get(game_id, {}).get(user_id)
        return last is not None and self.clock() - last < IDLE_SECONDS

    def queue(self, before: LoadedGame | None, game: LoadedGame, now: float) -> list[Notice]:
        """Each person a decision newly became theirs, unless they are playing along. Each
        (decision, seat) is looked at once: the rules' `to_decide()` (a set) first, a seat's legal
        actions only for a person not looked at yet (not every deciding seat's full list on every
        commit, before and after)."""
        if game.state is None:
            return []
        notices = []
        told, active = self._told.setdefault(game.id, set()), self._last_active.get(game.id, {})
        same_decision = before is not None and before.state is not None and before.decision == game.decision
        was = before.to_decide() if same_decision and before is not None else frozenset()
        for seat in sorted(game.to_decide()):
            key = (game.decision, seat)
            if key in told or game.is_ai(seat):
                continue
            if not game.can_act(seat):
                continue  # nothing to do yet: looked at again when it has
            told.add(key)
            if seat in was and before is not None and before.state is not None and not before.is_ai(seat):
                if before.can_act(seat):
                    continue  # theirs already before this change (e.g. at a restart)
            last = active.get(game.user_of(seat))
            if last is None or now - last >= IDLE_SECONDS:
                notices.append(Notice(seat, game.decision))
        return notices

    async def keep_idle(self, game: LoadedGame, told: list[Notice]) -> list[Notice]:
        """Of `told`, the notices whose players are idle where this process's memory may not know:
        a player who has not acted through this process since it started (a restart; several
        processes: their clicks may come to another one). Their last logged action in the game
        decides (read once per player and game, or every time with several processes); with none,
        the opening of its lobby does (they joined since: a restart just after the start pinged
        everyone's first turn as if they were away). Each (decision, seat) is told at most once
        across processes anyway: a seat that had the decision before a change is never told again
        (`queue`), and the game is loaded fresh under the shared lock."""
        now = self.clock()
        kept = []
        for notice in told:
            user_id = game.user_of(notice.seat)
            active = self._last_active.setdefault(game.id, {})
            if user_id not in active or self.shared:
                active[user_id] = await self._last_active_at(game, user_id)
                if now - active[user_id] < IDLE_SECONDS:
                    continue
            kept.append(notice)
        return kept

    async def _last_active_at(self, game: LoadedGame, user_id: int) -> float:
        last = await self.store.last_action_at(game.id, user_id)
        if last is None:  # (they joined the lobby since it opened: never later than that)
            last = datetime.fromisoformat(game.record.created_at).timestamp()
        return last

    def pushed(self, game_id: int, decision: int, seat: int) -> None:
        """The seat was notified of the decision (a new DM carrying it, a "your turn" DM or a
        channel mention)."""
        self._pushed.setdefault(game_id, set()).add((decision, seat))

    def was_pushed(self, game_id: int, decision: int, seat: int) -> bool:
        """Whether this process notified the seat of the decision: the turn clock's warning then
        names them without a second push (one per decision; another process's or a restarted
        one's is not known: then the warning pushes)."""
        return (decision, seat) in self._pushed.get(game_id, ())

    def forget(self, game_id: int) -> None:
        """The game is over: nothing of it is kept."""
        self._told.pop(game_id, None)
        self._pushed.pop(game_id, None)
        self._last_active.pop(game_id, None)
