"""Each card effect after the trick (spec 5.6), the panic discards and the lobby options."""

from __future__ import annotations

import pytest

from games.core import IllegalAction, visible_events
from games.grumpy_nisse import (
    Bottom,
    PanicDiscard,
    Phase,
    RecoverPut,
    RecoverSkip,
    RecoverTake,
    Reorder,
)
from tests.games.contract import assert_refused

from .helpers import G, T, V, act, kinds, new, of_kind, one, rigged, trick

FILL = (["P8", "L8", "M8"], ["P9", "L9", "M9"])
DECKS = (["M1", "M2", "M3", "M4"], ["F1", "F2", "F3", "F4"])


# -- 2 Recover ---------------------------------------------------------------------------------------
def _recovering():
    state = rigged([["P2", *FILL[0]], ["L1", *FILL[1]]], decks=DECKS, discards=(["F5", "F6"], ["L5"]))
    state, _ = trick(state, "P2", "L1")  # different suits, no trump: the lead wins
    return state


def test_recover_take_then_put_back_a_different_card():
    state = _recovering()
    assert state.phase == Phase.RECOVER_TAKE and G.to_decide(state) == {V}
    assert G.legal_actions(state, V) == [RecoverSkip(), RecoverTake(card="F6"), RecoverTake(card="F5")]
    assert G.legal_actions(state, T) == []
    assert_refused(G, state, V, RecoverTake(card="L5"), "not in your discard pile")
    assert_refused(G, state, V, RecoverPut(card="P8"), "not time")
    decision = state.decision
    state, events = act(state, V, RecoverTake(card="F5"))
    assert state.decision == decision + 1 and state.phase == Phase.RECOVER_PUT
    assert one(events, "recovered").audience.is_public and "F5" in state.hands[V]
    assert G.view(state, None).pending_effect.recovered == "F5"
    assert {a.card for a in G.legal_actions(state, V)} == {"P8", "L8", "M8"}
    assert_refused(G, state, V, RecoverPut(card="F5"), "different card")
    state, events = act(state, V, RecoverPut(card="M8"))
    assert one(events, "recovered").put == "M8"
    assert state.discards[V] == ["F6", "M8", "P2"] and sorted(state.hands[V]) == ["F5", "L8", "M1", "P8"]
    assert state.phase == Phase.LEAD and [len(h) for h in state.hands] == [4, 4]


def test_recover_may_be_skipped():
    state, events = act(_recovering(), V, RecoverSkip())
    assert one(events, "recovered").taken is None
    assert state.discards[V] == ["F5", "F6", "P2"] and state.phase == Phase.LEAD


# -- 4 Foresight ------------------------------------------------------------------------------------
def _foreseeing(deck_v):
    state = rigged([["P4", *FILL[0]], ["L2", *FILL[1]]], decks=(deck_v, ["F1", "F2", "F3", "F4"]))
    return trick(state, "P4", "L2")


def test_foresight_reorders_the_top_three_privately():
    state, events = _foreseeing(["M1", "M2", "M3", "M4"])
    assert state.phase == Phase.FORESIGHT and state.foresight == ["M1", "M2", "M3"]
    seen = one(events, "foresight_seen")
    assert seen.audience.seats == {V} and seen.cards == ["M1", "M2", "M3"]
    assert one(events, "foresight_used").audience.is_public
    assert [a.order for a in G.legal_actions(state, V)] == ["012", "021", "102", "120", "201", "210"]
    assert G.view(state, T).foresight == [] and G.view(state, None).foresight == []
    assert G.view(state, None).pending_effect.count == 3
    for bad in ("01", "011", "123", "3"):
        assert_refused(G, state, V, Reorder(order=bad), "order of the 3 cards")
    with pytest.raises(ValueError):
        G.decode_action("reorder.0123")
    state, events = act(state, V, Reorder(order="201"))
    assert one(events, "deck_reordered").audience.seats == {V}
    # Torech's 2 had no effect (his pile was empty); at refill Violet draws the new top card M3.
    assert "M3" in state.hands[V] and state.decks[V] == ["M1", "M2", "M4"]
    assert G.view(state, V).deck_known_top == ["M1", "M2"] and G.view(state, T).deck_known_top == []


def test_foresight_with_two_or_one_or_no_card():
    state, _ = _foreseeing(["M1", "M2"])
    assert [a.order for a in G.legal_actions(state, V)] == ["01", "10"]
    state, events = _foreseeing(["M1"])
    assert one(events, "foresight_seen").cards == ["M1"] and state.phase == Phase.LEAD
    lines = [e.describe(["Ann", "Ben"]) for e in of_kind(events, "foresight_used")]  # (not "the top 1 card")
    assert lines == [
        "Ann looks at the top card of their deck (Foresight).",
        "Ann puts the card back on the deck (Foresight).",
    ]
    state, events = _foreseeing([])
    assert of_kind(events, "effect_void")[0].reason == "the deck is empty"


# -- 6 Spy --------------------------------------------------------------------------------------------
def test_spy_shows_the_opponent_hand_to_the_spy_only_until_the_next_trick_ends():
    state = rigged([["P6", *FILL[0]], ["L5", *FILL[1]]], decks=DECKS)
    state, events = trick(state, "P6", "L5")
    revealed = one(events, "hand_revealed")
    assert revealed.audience.seats == {V} and revealed.cards == FILL[1]
    assert one(events, "spy_started").audience.is_public
    assert "hand_revealed" not in kinds(visible_events(events, T)) + kinds(visible_events(events, None))
    assert G.view(state, V).opponent_hand == state.hands[T] == [*FILL[1], "F1"]  # refill included
    assert G.view(state, T).opponent_hand is None and G.view(state, None).opponent_hand is None
    assert G.view(state, None).players[V].sees_opponent_hand
    state, _ = act(state, V, G.legal_actions(state, V)[0])  # lead of the next trick
    assert G.view(state, V).opponent_hand == state.hands[T]
    state, events = act(state, T, G.legal_actions(state, T)[0])
    assert one(events, "spy_ended").seat == V and G.view(state, V).opponent_hand is None


def test_spy_ends_with_the_round_and_two_sixes_reveal_both_hands():
    state = rigged([["P6"], ["L6"]], pawn=4)
    state, events = trick(state, "P6", "L6")  # the last trick of round 1
    assert state.round == 2 and state.spy_until == [None, None]
    assert G.view(state, V).opponent_hand is None
    # ... so a Spy on the round's last trick has no effect (its line promised the next trick)
    assert "spy_started" not in kinds(events) and "hand_revealed" not in kinds(events)
    void = of_kind(events, "effect_void")
    assert {e.seat for e in void} == {V, T} and all(
        e.reason == "the round ends with this trick" for e in void
    )
    assert "has no effect: the round ends with this trick." in void[0].describe(["Ann", "Ben"])
    state = rigged([["P6", *FILL[0]], ["L6", *FILL[1]]], decks=DECKS)
    state, _ = trick(state, "P6", "L6")
    assert (
        G.view(state, V).opponent_hand == state.hands[T] and G.view(state, T).opponent_hand == state.hands[V]
    )


# -- 7 Rummage ----------------------------------------------------------------------------------------
def test_rummage_draws_two_privately_and_puts_one_under():
    state = rigged([["P7", *FILL[0]], ["L2", *FILL[1]]], decks=DECKS)
    state, events = trick(state, "P7", "L2")
    drawn = one(events, "rummage_drawn")
    assert drawn.audience.seats == {V} and drawn.cards == ["M1", "M2"]
    public = one(events, "rummage_used")
    assert public.audience.is_public and "cards" not in type(public).model_fields
    assert state.phase == Phase.RUMMAGE and len(state.hands[V]) == 5
    assert G.view(state, V).rummaged == ["M1", "M2"] and G.view(state, T).rummaged == []
    assert_refused(G, state, V, Bottom(card="F1"), "not in your hand")
    state, events = act(state, V, Bottom(card="L8"))
    assert one(events, "put_under").audience.seats == {V}
    assert state.decks[V] == ["M3", "M4", "L8"] and len(state.hands[V]) == 4
    assert G.view(state, V).deck_known_bottom == ["L8"] and G.view(state, T).deck_known_bottom == []


def test_a_spy_sees_the_opponents_rummage():
    """A decision (docs/rules-decisions.md): a hand shown face up shows what a Rummage draws and
    which card goes under (the spec's Spy row: "as it changes"); without a Spy it stays secret."""
    state = rigged([["P6", *FILL[0]], ["L7", *FILL[1]]], decks=DECKS)
    state, events = trick(state, "P6", "L7")  # Violet's 6 wins (the Spy), Torech's 7 rummages
    assert state.phase == Phase.RUMMAGE and G.to_decide(state) == {T}
    assert G.view(state, V).opponent_hand == state.hands[T] == [*FILL[1], "F1", "F2"]
    assert "rummage_drawn" not in kinds(visible_events(events, V))  # (the event itself stays his)
    state, _ = act(state, T, Bottom(card="F2"))
    assert G.view(state, V).opponent_hand == [*FILL[1], "F1"]


# -- both effects, winner first ----------------------------------------------------------------------
def test_loser_effect_follows_the_winner_effect():
    state = rigged([["P4", *FILL[0]], ["P7", *FILL[1]]], decks=DECKS, discards=(["F9"], ["F8"]))
    state, _ = trick(state, "P4", "P7")  # Torech's 7 wins
    assert state.phase == Phase.RUMMAGE and G.to_decide(state) == {T}
    state, _ = act(state, T, Bottom(card="P9"))
    assert state.phase == Phase.FORESIGHT and G.to_decide(state) == {V}


def test_values_without_an_after_trick_effect():
    for lead, follow in (("P1", "L3"), ("P5", "L8"), ("P9", "L9")):
        state = rigged([[lead, *FILL[0]], [follow, *FILL[1]]], decks=DECKS, discards=(["F9"], ["F8"]))
        state, events = trick(state, lead, follow)
        assert state.phase == Phase.LEAD
        assert not {"effect_void", "recovered", "foresight_used", "spy_started", "rummage_used"} & set(
            kinds(events)
        )


# -- Torech panics ------------------------------------------------------------------------------------
def test_panic_discard_refusals_and_empty_hands():
    state = rigged([["P8", "L8"], ["P9", "L9"]], decks=DECKS, pawn=17)
    state, _ = trick(state, "P8", "P9")
    assert_refused(G, state, T, PanicDiscard(card="P9"), "not in your hand")
    state, events = act(state, T, PanicDiscard(card="L9"))
    assert one(events, "panic_discarded").audience.is_public and state.discards[T][-1] == "L9"
    state = rigged([["P8"], ["P9"]], pawn=18)  # the last trick of the round: nothing to discard
    state, events = trick(state, "P8", "P9")
    assert [e.card for e in of_kind(events, "panic_discarded")] == [None, None]
    assert state.round == 2 and state.panic_done == [18]


# -- options --------------------------------------------------------------------------------------------
def test_role_options():
    assert new(1, "host_violet").violet == 0 and new(1, "host_torech").violet == 1
    randoms = {G.new_game(2, G.parse_options(None), seed).violet for seed in range(20)}
    assert randoms == {0, 1}
    assert G.new_game(2, G.parse_options({}), 5).violet == G.new_game(2, G.parse_options({}), 5).violet
    with pytest.raises(IllegalAction):
        G.parse_options({"roles": "torech_everyone"})
    for roles in ("host_violet", "host_torech"):
        state = new(3, roles)
        view = G.view(state, 0)
        assert view.my_role == ("VIOLET" if roles == "host_violet" else "TORECH")
        assert G.to_decide(state) == {state.violet}  # Violet rolls and picks first
