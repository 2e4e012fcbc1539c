"""Per-seat views: the one door from the hidden state to a renderer (spec section 6)."""

from __future__ import annotations

from functools import lru_cache

from games.core import Action, encode_action
from games.core.words import N_
from games.naughty_or_nice import actions as A
from games.naughty_or_nice.basic import can_take_present, needed_colours
from games.naughty_or_nice.cards import after_midnight, kiddo_points
from games.naughty_or_nice.creatures import remaining_batch
from games.naughty_or_nice.data import (
    CREATURE_OF,
    CREATURES,
    KIDDOS,
    LEVELS,
    PRESENT_TYPE_OF,
    PRESENTS,
    REINDEER_POINTS,
    Creature,
    SearchSource,
    Symbol,
)
from games.naughty_or_nice.givers import GIVERS
from games.naughty_or_nice.models import (
    ChooseGiverTask,
    ChristkindlTask,
    CraftTask,
    ElvesTask,
    ExtraBasicTask,
    FulfilTask,
    KeepTask,
    NoNState,
    ResolveTask,
    TuckTask,
    TurnTask,
    WindowTask,
    WolverineTakeTask,
)
from games.naughty_or_nice.rules import (
    caga_dead_ends,
    extra_left,
    fulfillable,
    fulfillable_with_caga,
    legal_actions,
    to_decide,
    top,
)
from games.naughty_or_nice.scoring import fulfilled_count, symbol_counts
from games.naughty_or_nice.viewmodels import (
    Choice,
    CreatureCard,
    FulfilView,
    KiddoCard,
    NoNView,
    PlayerPublic,
    PresentCard,
    StepCause,
    WindowView,
)
from games.naughty_or_nice.words import COLOUR_NAMES


@lru_cache(maxsize=8192)  # (frozen: one card model per card and place, shared by every view)
def present_card(card: str, index: int = -1) -> PresentCard:
    ptype = PRESENT_TYPE_OF[card]
    info = PRESENTS[ptype]
    return PresentCard(id=card, type=ptype, name=info.name, colour=info.colour, index=index)


@lru_cache(maxsize=1024)
def kiddo_card(card: str, fulfilled: bool = True) -> KiddoCard:
    info = KIDDOS[card]
    return KiddoCard(
        id=card,
        name=info.name,
        symbol=info.symbol,
        colours=list(info.colours),
        points=kiddo_points(card),
        fulfilled=fulfilled,
    )


@lru_cache(maxsize=1024)
def creature_card(card: str, usable: bool = False) -> CreatureCard:
    creature = CREATURE_OF[card]
    info = CREATURES[creature]
    return CreatureCard(
        id=card,
        creature=creature,
        name=info.name,
        ctype=info.ctype,
        stars=info.stars,
        text=info.text,
        usable=usable,
    )


#: Each decision's phase code and what it waits for (`NoNView.prompt`: a marked text).
_PHASES: dict[type, tuple[str, str]] = {
    ChooseGiverTask: ("giver_choice", N_("choose a gift giver")),
    TurnTask: ("turn", N_("take a turn")),
    CraftTask: ("craft", N_("take presents (Craft)")),
    KeepTask: ("keep", N_("keep one summoned creature")),
    TuckTask: ("tuck", N_("Santa looks at the creature he gained")),
    ElvesTask: ("elves", N_("pick a present from the Elves")),
    ChristkindlTask: ("christkindl", N_("Christkindl may draw a present")),
    WolverineTakeTask: ("wolverine_take", N_("Papa Wolverine takes up to 2 presents")),
    ExtraBasicTask: ("extra_basic", N_("another basic action")),
    FulfilTask: ("fulfil", N_("finish the Fulfill")),
    WindowTask: ("window", N_("reaction window")),
}
GAME_OVER = N_("the game is over")


def build_view(state: NoNState, seat: int | None) -> NoNView:
    task = top(state)
    level = LEVELS[state.level]
    phase, prompt = ("over", GAME_OVER) if task is None else _PHASES[type(task)]
    deciders = sorted(to_decide(state))
    if isinstance(task, WindowTask):  # who may react is secret (spec 5.1): each seat sees itself
        deciders = [seat] if seat in deciders else []
    window = None
    if isinstance(task, WindowTask):
        # the creature it answers, as played (public: the table said it): its target, its kiddo
        played = next((t for t in reversed(state.tasks) if isinstance(t, ResolveTask)), None)
        aimed = played is not None and played.seat == task.mover and played.creature == task.subject
        # a Tomte answering a Tomte: the chain is about the creature played first (public too)
        chained = played is not None and bool(task.chain) and played.seat == task.origin
        window = WindowView(
            reaction=task.reaction,
            subject=task.subject,
            mover=task.mover,
            seconds=state.options.reaction_seconds,
            secret=state.options.reaction_secrecy,
            target=played.target if aimed and played is not None else -1,
            kiddo=played.kiddo if aimed and played is not None else None,
            chain_of=played.creature if chained and played is not None else None,
            origin=task.origin if chained else -1,
            tomtes=len(task.chain) if chained else 0,
        )
    fulfil = None
    open_fulfil = next((t for t in reversed(state.tasks) if isinstance(t, FulfilTask)), None)
    if open_fulfil is not None:
        fulfil = FulfilView(
            seat=open_fulfil.seat,
            kiddo=kiddo_card(open_fulfil.kiddo),
            covered=list(open_fulfil.covered),
            open=list(needed_colours(open_fulfil.kiddo, open_fulfil.covered).elements()),
        )
    elves = task if isinstance(task, ElvesTask) else None
    view = NoNView(
        seat=seat,
        num_players=state.num_players,
        level=state.level,
        uses_givers=level.givers,
        uses_creatures=level.creatures,
        uses_abilities=level.abilities,
        uses_sets=level.sets,
        phase=phase,
        prompt=prompt,
        active_seat=None if state.turn is None else state.turn.seat,
        turn_no=state.turn_no,
        basic_taken=None if state.turn is None else state.turn.basic,
        to_decide=deciders,
        playground=[kiddo_card(k) for k in state.playground],
        offer=[present_card(c, i) for i, c in enumerate(state.offer)],
        present_deck_size=len(state.present_deck),
        present_discard=[present_card(c) for c in state.present_discard],
        creature_main_size=len(state.creature_main),
        creature_bottom_size=len(state.creature_bottom),
        creature_discard=[creature_card(c) for c in state.creature_discard],
        kiddo_main_size=len(state.kiddo_main),
        kiddo_bottom_size=len(state.kiddo_bottom),
        kiddo_discard=[kiddo_card(k) for k in state.kiddo_discard],
        midnight_revealed=after_midnight(state),
        midnights=list(state.midnights),
        final_turns_left=state.final_turns_left,
        # (this turn gained: the streak ends; after Midnight no streak ends the game)
        idle_turns=0 if state.progress or state.final_turns_left is not None else state.idle_turns,
        final_turn=state.final_turns_left is not None and state.midnight_turn != state.turn_no,
        players=[_player(state, s) for s in range(state.num_players)],
        window=window,
        elves_revealed=[] if elves is None else [present_card(c, i) for i, c in enumerate(elves.cards)],
        elves_next=None if elves is None or not elves.order else elves.order[0],
        batch=[present_card(c, i) for i, c in enumerate(remaining_batch(state))],
        fulfil=fulfil,
        in_play=[creature_card(c) for c in state.in_play],
        over=state.over,
        end_reason=state.end_reason,
        winners=list(state.winners),
    )
    if seat is not None and 0 <= seat < state.num_players:
        _fill_private(view, state, seat, task)
    return view


def _player(state: NoNState, seat: int) -> PlayerPublic:
    player = state.players[seat]
    giver = GIVERS[player.giver] if player.giver is not None else None
    counts = symbol_counts(state, seat)
    return PlayerPublic(
        seat=seat,
        giver=player.giver,
        giver_name=None if giver is None else giver.name,
        preferred=[] if giver is None else list(giver.preferred),
        ability=giver.ability if giver is not None and LEVELS[state.level].abilities else None,
        score=player.score,
        breakdown=dict(player.breakdown),
        presents_count=len(player.presents),
        creatures_count=len(player.creatures),
        rudolf=len(player.rudolf),
        kiddos=[kiddo_card(won.card, won.fulfilled) for won in player.kiddos],
        symbols={symbol: counts[symbol] for symbol in Symbol},
        fulfilled_count=fulfilled_count(state, seat),
        scrooge_pending=player.scrooge is not None,
        active=state.turn is not None and state.turn.seat == seat and not state.over,
    )


def _fill_private(view: NoNView, state: NoNState, seat: int, task: object) -> None:
    player = state.players[seat]
    view.presents = [present_card(c, i) for i, c in enumerate(player.presents)]
    # (during the setup, turn 0, the starting cards are usable from the first turn on: spec 3.7)
    usable_from = max(state.turn_no, 1)
    view.creatures = [creature_card(h.card, usable=h.acquired_turn < usable_from) for h in player.creatures]
    if isinstance(task, WindowTask):
        view.can_react = seat in task.eligible and seat not in task.answers
    if isinstance(task, KeepTask) and task.seat == seat:
        view.summon_choice = [creature_card(c) for c in task.cards]
    if isinstance(task, TuckTask) and task.seat == seat:
        view.tuck_card = creature_card(task.card, usable=state.turn_no == 0)  # (a starting card)
    if isinstance(task, CraftTask) and task.seat == seat:
        view.craft_remaining = task.remaining
    if isinstance(task, ExtraBasicTask) and task.seat == seat:
        view.extra_basic = task.fixed
        view.extra_basic_reason = task.reason
        view.extra_basic_left = extra_left(state, seat, task.reason)
        if task.by is not None:
            view.cause = StepCause(creature=Creature.SNOW_MAIDEN, by=task.by, discarded=task.discarded)
    if isinstance(task, ChristkindlTask) and task.seat == seat and task.creature is not None:
        view.cause = StepCause(creature=task.creature, by=task.by)
    if not state.over:
        view.fulfillable = fulfillable(state, seat)
        view.fulfillable_with_caga = fulfillable_with_caga(state, seat)
    legal = legal_actions(state, seat)
    view.choices = [_choice(state, seat, action) for action in legal]
    view.dead_ends = [encode_action(action) for action in caga_dead_ends(state, seat, legal)]


def _choice(state: NoNState, seat: int, action: Action) -> Choice:
    template, values = label_template(state, seat, action)
    return Choice(
        code=encode_action(action), label=_filled(action, template, values), template=template, values=values
    )


def label(state: NoNState, seat: int, action: Action) -> str:
    """A readable English line for a legal action (for buttons and selects); a target player is
    "seat N" (the renderer names them)."""
    return _filled(action, *label_template(state, seat, action))


def _filled(action: Action, template: str, values: Values) -> str:
    if isinstance(action, A.PlayOnPlayer):
        return f"Play {CREATURES[action.creature].name} on seat {action.seat}"
    return template.format(**{k: ", ".join(v) if isinstance(v, list) else v for k, v in values.items()})


Values = dict[str, int | str | list[str]]


def label_template(state: NoNState, seat: int, action: Action) -> tuple[str, Values]:
    """A legal action as a marked template and its values (see `Choice`)."""
    if isinstance(action, A.Fulfil):
        hand = state.players[seat].presents
        cards = [PRESENTS[PRESENT_TYPE_OF[c]].name for i, c in enumerate(hand) if action.mask >> i & 1]
        kiddo = KIDDOS[action.kiddo].name
        if not cards:
            return N_("Fulfill {kiddo} with no presents"), {"kiddo": kiddo}
        return N_("Fulfill {kiddo} with {presents}"), {"kiddo": kiddo, "presents": cards}
    if isinstance(action, A.TakePresent | A.ChristkindlDraw):
        if action.source < 0:
            return N_("Draw from the present deck"), {}
        present = PRESENTS[PRESENT_TYPE_OF[state.offer[action.source]]].name
        return N_("Take {present} from the offer row"), {"present": present}
    if isinstance(action, A.WolverineTake):
        batch = remaining_batch(state)
        cards = [PRESENTS[PRESENT_TYPE_OF[c]].name for i, c in enumerate(batch) if action.mask >> i & 1]
        if not cards:
            return N_("Take nothing"), {}
        return N_("Take {presents}"), {"presents": cards}
    if isinstance(action, A.Keep):
        task = top(state)
        assert isinstance(task, KeepTask)
        name = CREATURES[CREATURE_OF[task.cards[action.index]]].name
        return (N_("Keep {creature} under Rudolf") if action.tuck else N_("Keep {creature}")), {
            "creature": name
        }
    if isinstance(action, A.ElvesPick):
        task = top(state)
        assert isinstance(task, ElvesTask)
        return N_("Take {present}"), {"present": PRESENTS[PRESENT_TYPE_OF[task.cards[action.index]]].name}
    if isinstance(action, A.Summon) and after_midnight(state):
        return N_("Summon (+1 point after Midnight)"), {}
    if isinstance(action, A.Craft) and not can_take_present(state):  # (legal: it gains nothing)
        return N_("Pass (nothing left to craft)"), {}
    if isinstance(action, A.PlayCreature) and action.creature == Creature.ELVES:
        if not (state.present_deck or state.present_discard):  # (legal: its point is kept)
            return N_("Play Elves (no present left to reveal)"), {}
    if isinstance(action, A.SantaSearch) and after_midnight(state):  # (every source alike: spec 2.2.1)
        return N_("Discard 2 × {present}: +1 point (a search after Midnight)"), {
            "present": PRESENTS[action.present].name
        }
    empty = not state.creature_discard  # (legal: the two presents are then spent for nothing)
    if isinstance(action, A.SantaSearch) and action.source == SearchSource.DISCARD and empty:
        return N_("Discard 2 × {present}: search the creature discard pile (it is empty)"), {
            "present": PRESENTS[action.present].name
        }
    return _simple_template(action)


_SEARCHES = {
    "DISCARD": N_("Discard 2 × {present}: search the creature discard pile"),
    "MAIN": N_("Discard 2 × {present}: search the creature deck"),
    "BOTTOM": N_("Discard 2 × {present}: search the creature deck's bottom stack"),
}
_SIMPLE = {
    "craft": N_("Craft"),
    "summon": N_("Summon"),
    "abandon": N_("Abandon the Fulfill"),
    "end_turn": N_("End turn"),
    "react": N_("React"),
    "pass": N_("Pass"),
    "decline": N_("Decline"),
}


def _simple_template(action: Action) -> tuple[str, Values]:
    match action:
        case A.ChooseGiver(giver=giver):
            return N_("Play {giver}"), {"giver": GIVERS[giver].name}
        case A.CagaTio(kiddo=kiddo, colour=colour):
            return N_("Caga Tió: cover a {colour} slot of {kiddo}"), {
                "colour": COLOUR_NAMES[colour],
                "kiddo": KIDDOS[kiddo].name,
            }
        case A.PlayCreature(creature=creature):
            return N_("Play {creature}"), {"creature": CREATURES[creature].name}
        case A.PlayOnPlayer(creature=creature, seat=target):
            return N_("Play {creature} on {player}"), {"creature": CREATURES[creature].name, "player": target}
        case A.Krampus(present=present):
            return N_("Play Krampus naming {present}"), {"present": PRESENTS[present].name}
        case A.MrsClaus(kiddo=kiddo):
            return N_("Play Mrs. Claus taking {kiddo}"), {"kiddo": KIDDOS[kiddo].name}
        case A.Reindeer(count=count):
            return N_("Play {count} Reindeer (+{points})"), {"count": count, "points": REINDEER_POINTS[count]}
        case A.SantaSearch(present=present, source=source):
            return _SEARCHES[source.value], {"present": PRESENTS[present].name}
        case A.BefanaDiscard(kiddo=kiddo):
            return N_("Discard {kiddo} from the playground"), {"kiddo": KIDDOS[kiddo].name}
        case A.Tuck(yes=yes):
            return (N_("Tuck it under Rudolf") if yes else N_("Keep it in hand")), {}
    return _SIMPLE.get(action.kind, action.kind), {}
