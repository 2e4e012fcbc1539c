"""The task runner and the automatic steps: setup, turn start/end, Midnight's end (3, 4.2, 4.10)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from games.core import Audience, Event
from games.core.rng import Rng
from games.naughty_or_nice.basic import can_take_present
from games.naughty_or_nice.cards import (
    draw_creature,
    draw_present,
    fill_playground,
    gain_creature,
    gain_present,
    refill_offer,
)
from games.naughty_or_nice.creatures import after_creature, play_creature, remaining_batch, resolve
from games.naughty_or_nice.data import (
    BOTTOM_STACK,
    CREATURE_OF,
    KIDDOS,
    LEVELS,
    MIDNIGHT_CREATURE,
    MIDNIGHT_KIDDO,
    OFFER_SIZE,
    PRESENT_TYPE_OF,
    PRESENTS_REMOVED_SMALL,
    SMALL_GAME,
    Creature,
    Giver,
    Reaction,
)
from games.naughty_or_nice.events import (
    ElvesPicked,
    GameOver,
    GameStarted,
    GiverChosen,
    PresentDrawn,
    TurnSkipped,
    TurnStarted,
)
from games.naughty_or_nice.models import (
    DECISION_TASKS,
    AfterCreatureTask,
    ChooseGiverTask,
    CraftTask,
    DealTask,
    ElvesTask,
    EndTurnTask,
    NoNOptions,
    NoNState,
    OpenWolverineTask,
    Player,
    PlayWolverineTask,
    ResolveTask,
    StartTurnTask,
    Turn,
    TurnTask,
    WolverineTakeTask,
)
from games.naughty_or_nice.reactions import open_window
from games.naughty_or_nice.scoring import final_scoring, ranking_winners


# -- setup (spec section 3) -------------------------------------------------------------------------
def _with_midnight(rng: Rng, cards: list[str], midnight: str) -> tuple[list[str], list[str]]:
    """(main part, bottom stack): Midnight shuffled with 5 random cards under the rest (2.7)."""
    deck = rng.shuffled(cards)
    bottom = rng.shuffled([*deck[-(BOTTOM_STACK - 1) :], midnight])
    return deck[: -(BOTTOM_STACK - 1)], bottom


def new_state(num_players: int, options: NoNOptions, seed: int) -> NoNState:
    rng = Rng(seed=seed)
    level = LEVELS[options.level]
    small = num_players in SMALL_GAME
    presents = [c for c in PRESENT_TYPE_OF if not (small and c in PRESENTS_REMOVED_SMALL)]
    kiddos = [k for k, info in KIDDOS.items() if not (small and info.removed_small)]
    state = NoNState(
        rng=rng,
        num_players=num_players,
        options=options,
        players=[Player() for _ in range(num_players)],
        first_player=0,
    )
    state.present_deck = rng.shuffled(presents)
    state.offer = state.present_deck[:OFFER_SIZE]
    del state.present_deck[:OFFER_SIZE]
    if level.creatures:
        state.creature_main, state.creature_bottom = _with_midnight(rng, list(CREATURE_OF), MIDNIGHT_CREATURE)
    state.kiddo_main, state.kiddo_bottom = _with_midnight(rng, kiddos, MIDNIGHT_KIDDO)
    out: list[Event] = []
    fill_playground(state, out)
    state.first_player = rng.below(num_players)
    state.tasks = [DealTask()]
    if level.givers:
        order = [(state.first_player - 1 - i) % num_players for i in range(num_players)]
        if options.givers == "random":
            for seat, giver in zip(order, rng.shuffled(list(Giver)), strict=False):
                state.players[seat].giver = giver
        else:
            state.tasks.extend(ChooseGiverTask(seat=seat) for seat in reversed(order))
    run(state, out)
    return state


def choose_giver(state: NoNState, seat: int, giver: Giver, out: list[Event]) -> None:
    state.tasks.pop()
    state.players[seat].giver = giver
    out.append(GiverChosen(seat=seat, giver=giver))


def _deal(state: NoNState, task: DealTask, out: list[Event]) -> None:
    level = LEVELS[state.level]
    n = state.num_players
    out.append(GameStarted(level=state.level, first_player=state.first_player))
    for seat, player in enumerate(state.players):
        if player.giver is not None and state.options.givers == "random":
            out.append(GiverChosen(seat=seat, giver=player.giver))
    state.tasks.append(StartTurnTask(seat=state.first_player))
    for i in range(n):
        seat = (state.first_player + i) % n
        drawn = [card for _ in range(level.hand_presents) if (card := draw_present(state, out))]
        for card in drawn:
            gain_present(state, seat, card)
        out.append(PresentDrawn(seat=seat, cards=drawn, audience=Audience.only(seat)))
        for _ in range(level.hand_creatures):
            card = draw_creature(state, seat, out)
            if card is not None:
                gain_creature(state, seat, card, out)


# -- turns ----------------------------------------------------------------------------------------
def _start_turn(state: NoNState, task: StartTurnTask, out: list[Event]) -> None:
    state.turn_no += 1
    state.turn = Turn(seat=task.seat)
    state.progress = False
    final = state.final_turns_left is not None
    out.append(TurnStarted(seat=task.seat, turn_no=state.turn_no, final=final))
    player = state.players[task.seat]
    if player.scrooge is not None:
        state.creature_discard.append(player.scrooge)
        player.scrooge = None
        out.append(TurnSkipped(seat=task.seat))
        state.tasks.append(EndTurnTask())
        return
    state.tasks.append(TurnTask(seat=task.seat))


def _end_turn(state: NoNState, task: EndTurnTask, out: list[Event]) -> None:
    assert state.turn is not None
    refill_offer(state, out)
    state.idle_turns = 0 if state.progress else state.idle_turns + 1
    if state.final_turns_left is not None and state.midnight_turn != state.turn_no:
        state.final_turns_left -= 1
        if state.final_turns_left <= 0:
            finish(state, "midnight", out)
            return
    if state.idle_turns >= state.num_players and state.final_turns_left is None:
        # (after Midnight the final turns end the game anyway: each player still gets theirs)
        finish(state, "stalemate", out)
        return
    state.tasks.append(StartTurnTask(seat=(state.turn.seat + 1) % state.num_players))


def finish(state: NoNState, reason: str, out: list[Event]) -> None:
    final_scoring(state, out)
    state.over = True
    state.end_reason = reason
    state.tasks = []
    state.winners = ranking_winners(state)
    out.append(GameOver(reason=reason, scores=[p.score for p in state.players], winners=list(state.winners)))


# -- reactions to a Fulfill -----------------------------------------------------------------------
def _open_wolverine(state: NoNState, task: OpenWolverineTask, out: list[Event]) -> None:
    if remaining_batch(state):
        open_window(state, Reaction.PAPA_WOLVERINE, task.fulfiller, Creature.PAPA_WOLVERINE, out)


def _play_wolverine(state: NoNState, task: PlayWolverineTask, out: list[Event]) -> None:
    play_creature(state, task.seat, Creature.PAPA_WOLVERINE, out, fulfiller=task.fulfiller)


# -- the runner -----------------------------------------------------------------------------------
_AUTOMATIC: dict[type, Callable[[NoNState, Any, list[Event]], None]] = {
    DealTask: _deal,
    StartTurnTask: _start_turn,
    EndTurnTask: _end_turn,
    OpenWolverineTask: _open_wolverine,
    PlayWolverineTask: _play_wolverine,
    AfterCreatureTask: after_creature,
    ResolveTask: resolve,
}


def _settle_trivial(state: NoNState, task: object, out: list[Event]) -> bool:
    """Decisions with nothing left to choose are settled here; True if `task` was settled."""
    if isinstance(task, CraftTask) and (task.remaining <= 0 or not can_take_present(state)):
        state.tasks.pop()
        return True
    if isinstance(task, ElvesTask) and (len(task.cards) <= 1 or not task.order):
        state.tasks.pop()
        if task.cards and task.order:
            seat, card = task.order[0], task.cards[0]
            gain_present(state, seat, card)
            out.append(ElvesPicked(seat=seat, card=card))
        else:
            state.present_discard.extend(task.cards)
        return True
    if isinstance(task, WolverineTakeTask) and not remaining_batch(state):
        state.tasks.pop()
        return True
    if isinstance(task, TurnTask) and _nothing_after_basic(state, task.seat):
        state.tasks.pop()
        state.tasks.append(EndTurnTask())
        return True
    return False


def _nothing_after_basic(state: NoNState, seat: int) -> bool:
    """The turn ends by itself once its basic action is done and the player holds no creature
    usable this turn (spec 4.8): End turn is then the only choice. It waits for a click whenever
    the hand holds any usable creature, even one that cannot be played now (Tomte, Papa
    Wolverine, Caga Tió), so the pause never tells the table what kind of creature it is."""
    turn = state.turn
    if turn is None or turn.basic is None:
        return False
    return all(held.acquired_turn >= state.turn_no for held in state.players[seat].creatures)


def run(state: NoNState, out: list[Event]) -> None:
    """Run automatic tasks until a decision (or the end of the game) is on top."""
    while state.tasks and not state.over:
        task = state.tasks[-1]
        if isinstance(task, DECISION_TASKS):
            if _settle_trivial(state, task, out):
                continue
            return
        state.tasks.pop()
        _AUTOMATIC[type(task)](state, task, out)


__all__ = ["choose_giver", "finish", "new_state", "run"]
