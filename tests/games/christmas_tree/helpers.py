"""Helpers for Christmas Tree tests: hand-made trees, rigged hands and short ways to play."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from games.christmas_tree import ChooseObjective, ChristmasTree, CTState, Phase, Place, Slot
from games.christmas_tree.board import INDEX
from games.christmas_tree.data import deck_size
from games.core import Event

G = ChristmasTree()
MODES = ("family", "normal", "advanced")

#: Spec 11: Kluni's board, cell (i, j) -> (card, orientation).
KLUNI: dict[tuple[int, int], tuple[str, int]] = {
    (0, 0): ("J18", 180),
    (1, 0): ("W13", 180),
    (0, 1): ("G12", 180),
    (2, 0): ("G63", 0),
    (1, 1): ("G67", 180),
    (0, 2): ("G59", 0),
    (3, 0): ("W09", 180),
    (2, 1): ("G57", 180),
    (1, 2): ("G33", 180),
    (0, 3): ("W07", 180),
    (4, 0): ("J16", 180),
    (3, 1): ("J15", 180),
    (2, 2): ("G65", 180),
    (1, 3): ("G41", 180),
    (0, 4): ("G58", 180),
    (5, 0): ("G48", 180),
    (4, 1): ("G18", 0),
    (3, 2): ("G23", 180),
    (2, 3): ("G71", 0),
    (1, 4): ("G30", 180),
    (0, 5): ("G69", 0),
}


def tree(cells: Mapping[tuple[int, int], str | tuple[str, int]]) -> list[Slot | None]:
    """A tree from {(i, j): card or (card, orientation)}; orientation 0 by default."""
    result: list[Slot | None] = [None] * 21
    for cell, what in cells.items():
        card, rotation = (what, 0) if isinstance(what, str) else what
        result[INDEX[cell]] = Slot(card, rotation)
    return result


def c(i: int, j: int) -> int:
    """The cell index of (i, j)."""
    return INDEX[(i, j)]


def new(n: int, mode: str = "normal", seed: int = 0) -> CTState:
    return G.new_game(n, G.parse_options({"mode": mode}), seed)


def act(state: CTState, seat: int, action) -> tuple[CTState, list[Event]]:
    applied = G.apply(state, seat, action)
    return applied.state, applied.events


def choose_all(state: CTState, index: int = 0) -> tuple[CTState, list[Event]]:
    """Every player chooses objective `index` of their own cards."""
    events: list[Event] = []
    for seat in range(state.num_players):
        state, more = act(state, seat, ChooseObjective(index=index))
        events += more
    return state, events


def first_place(state: CTState, seat: int, card_index: int = 0, rotation: int = 0) -> Place:
    cells = G.view(state, seat).legal_cells
    return Place(card_index=card_index, cell=cells[0], rotation=rotation)


def play_turn(state: CTState, actions: Mapping[int, object] | None = None) -> tuple[CTState, list[Event]]:
    """Every player who must decide places (the given action, or card 0 on its first legal cell)."""
    actions = actions or {}
    events: list[Event] = []
    assert state.phase == Phase.TURN
    for seat in sorted(G.to_decide(state)):
        state, more = act(state, seat, actions.get(seat) or first_place(state, seat))
        events += more
    return state, events


def play_until(state: CTState, stop, limit: int = 200) -> tuple[CTState, list[Event]]:
    """Play default moves (objective 0, card 0 on the first legal cell) until `stop(state)`."""
    events: list[Event] = []
    for _ in range(limit):
        if stop(state) or G.outcome(state) is not None:
            return state, events
        if state.phase == Phase.OBJECTIVES:
            state, more = choose_all(state)
        else:
            state, more = play_turn(state)
        events += more
    raise AssertionError("the game did not reach the wanted point")


def play_to_end(state: CTState) -> tuple[CTState, list[Event]]:
    return play_until(state, lambda s: False)


def rig_hand(state: CTState, seat: int, cards: Iterable[str]) -> None:
    """Put `cards` into the hand `seat` holds (taking them from wherever they are in the deck or
    the other hands, which get the displaced cards back), keeping every card accounted for."""
    hand = state.hands[seat].cards
    for card in cards:
        if card in hand:
            continue
        out = next(x for x in hand if x not in cards)
        holder = state.deck if card in state.deck else next(h.cards for h in state.hands if card in h.cards)
        holder[holder.index(card)] = out
        hand[hand.index(out)] = card
    for h in state.hands:
        h.cards.sort()


def kinds(events: Iterable[Event]) -> list[str]:
    return [event.kind for event in events]


def of_kind(events: Iterable[Event], kind: str) -> list:
    return [event for event in events if event.kind == kind]


def total_cards(state: CTState) -> int:
    in_hands = sum(len(hand.cards) for hand in state.hands)
    on_trees = sum(slot is not None for t in state.trees for slot in t)
    return len(state.deck) + len(state.discarded) + in_hands + on_trees


def all_cards(state: CTState) -> list[str]:
    cards = list(state.deck) + list(state.discarded)
    cards += [card for hand in state.hands for card in hand.cards]
    cards += [slot.card for t in state.trees for slot in t if slot is not None]
    return cards


def expected_cards(state: CTState) -> int:
    return deck_size(state.num_seats)


def all_objectives(state: CTState) -> list[str]:
    codes = [code for cards in state.objective_cards for code in cards] + list(state.objective_pool)
    codes += [o.code for o in state.objectives] + [r.code for r in state.results]
    codes += [hand.objective for hand in state.hands if hand.objective is not None]
    return codes


#: How often the random player picks each kind of action (when it is legal); a staged turn
#: (one that may spend cookies) mostly goes on with cookies or `done`.
KIND_WEIGHTS = {"objective": 1, "place": 8, "stage": 1, "swap": 2, "rotate": 1, "done": 4}
STAGED_WEIGHTS = {"place": 1, "stage": 0.5, "swap": 4, "rotate": 2, "done": 5}


def random_move(state: CTState, rnd, change_rate: float = 0.05):
    """(seat, action): a random legal move. Mostly a seat that must decide; sometimes a player who
    is ready changes its choice. The kind of action is drawn first, so that rare kinds are not
    drowned by the many swaps."""
    deciders = sorted(G.to_decide(state))
    ready = [s for s in range(state.num_players) if s not in deciders]
    seat = rnd.choice(ready) if ready and rnd.random() < change_rate else rnd.choice(deciders)
    by_kind: dict[str, list] = {}
    for action in G.legal_actions(state, seat):
        by_kind.setdefault(action.kind, []).append(action)
    weights = STAGED_WEIGHTS if "done" in by_kind else KIND_WEIGHTS
    kinds_ = sorted(by_kind)
    kind = rnd.choices(kinds_, weights=[weights[k] for k in kinds_])[0]
    return seat, rnd.choice(by_kind[kind])
