"""The rulebook facts of spec section 7 (one test each, numbered) and each creature / giver."""

from __future__ import annotations

from collections import Counter

import pytest

from games.naughty_or_nice import actions as A
from games.naughty_or_nice.data import (
    CREATURE_OF,
    KIDDOS,
    PRESENT_TYPE_OF,
    PRESENTS,
    Basic,
    Colour,
    Creature,
    Giver,
    PresentType,
    SearchSource,
    Symbol,
)
from games.naughty_or_nice.flow import finish
from games.naughty_or_nice.models import KiddoWon
from tests.games.contract import assert_refused

from .helpers import (
    G,
    act,
    close,
    count_cards,
    fresh,
    give_creatures,
    give_presents,
    kid,
    mask_of,
    new,
    of_kind,
    set_playground,
)

P = PresentType
C = Creature
GV = Giver


def fulfil(state, seat, name, cards):
    kiddo = kid(name)
    if kiddo not in state.playground:
        set_playground(state, [kiddo])
    return act(state, seat, A.Fulfil(kiddo=kiddo, mask=mask_of(state, seat, cards)))


def end_turn(state, seat=0):
    """End `seat`'s turn: a click, unless it ended by itself (no usable creature left)."""
    if state.tasks and state.tasks[-1].kind == "turn" and state.turn.seat == seat:
        state, _ = act(state, seat, A.EndTurn())
    return state


def test_01_presents():
    counts = Counter(PRESENT_TYPE_OF.values())
    assert len(PRESENT_TYPE_OF) == 48 and set(counts.values()) == {4}
    colours = {c: {t for t, info in PRESENTS.items() if info.colour == c} for c in Colour}
    assert colours[Colour.RED] == {P.STOCKINGS, P.CAP, P.SWEATER}
    assert colours[Colour.BLUE] == {P.BEIGLI, P.HOT_CHOCOLATE, P.FONDANT}
    assert colours[Colour.BLACK] == {P.OLD_POTATOES, P.COAL, P.BIRCH}
    assert colours[Colour.GREEN] == {P.TEDDY_BEAR, P.SLEIGH, P.CRAYONS}


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_02_small_game_decks(n):
    state = new(n, level=1)
    presents, _, kiddos = count_cards(state)
    small = n <= 3
    assert sum(presents.values()) == (36 if small else 48)
    assert sum(kiddos.values()) - 1 == (30 if small else 40)
    if small:
        assert set(Counter(PRESENT_TYPE_OF[c] for c in presents).values()) == {3}
        assert all(len(KIDDOS[k].colours) < 5 for k in kiddos if k in KIDDOS)
        fours = Counter(KIDDOS[k].symbol for k in kiddos if k in KIDDOS and len(KIDDOS[k].colours) == 4)
        assert set(fours.values()) == {1}


def test_03_setup_offer_and_playground():
    state = new(4, level=1)
    assert len(state.offer) == 3 and len(state.playground) == 8


def test_04_starting_hands():
    for level, presents, creatures in [(1, 6, 0), (2, 6, 0), (3, 4, 1), (5, 4, 1)]:
        state = new(4, level=level, givers="random")
        for player in state.players:
            assert len(player.presents) == presents
            assert len(player.creatures) + len(player.rudolf) == creatures


@pytest.mark.parametrize(("level", "draws"), [(1, 3), (2, 3), (3, 2), (4, 2), (5, 2)])
def test_05_craft_count(level, draws):
    state = fresh(3, level=level, givers=[GV.ODIN, GV.CHRISTKINDL, GV.AUNT_ARIE])
    state, _ = act(state, 0, A.Craft())
    for i in range(draws):
        assert G.to_decide(state) == {0} and state.tasks[-1].kind == "craft"
        state, _ = act(state, 0, A.TakePresent(source=-1 if i % 2 else 0))
    assert state.tasks[-1].kind == "turn" and len(state.players[0].presents) == draws


def test_06_offer_refilled_only_at_end_and_snow_maiden_sees_depleted_row():
    state = fresh(3, level=3, givers=[GV.ODIN, GV.CHRISTKINDL, GV.AUNT_ARIE])
    give_creatures(state, 0, [C.SNOW_MAIDEN])
    state, _ = act(state, 0, A.Craft())
    state, _ = act(state, 0, A.TakePresent(source=0))
    state, _ = act(state, 0, A.TakePresent(source=0))
    assert len(state.offer) == 1
    state, _ = act(state, 0, A.PlayCreature(creature=C.SNOW_MAIDEN))
    assert state.tasks[-1].kind == "extra_basic"
    state, _ = act(state, 0, A.Craft())
    assert A.TakePresent(source=1) not in G.legal_actions(state, 0)
    state, _ = act(state, 0, A.TakePresent(source=0))
    assert state.offer == []
    state, _ = act(state, 0, A.TakePresent(source=-1))
    state = end_turn(state)
    assert len(state.offer) == 3


def test_07_summon_keep_one_discard_other():
    state = fresh(3, level=3)
    discard_before = len(state.creature_discard)
    state, events = act(state, 0, A.Summon())
    drawn = of_kind(events, "summon_drawn")[0]
    assert drawn.audience.seats == {0} and len(drawn.cards) == 2
    state, events = act(state, 0, A.Keep(index=1))
    assert [h.card for h in state.players[0].creatures] == [drawn.cards[1]]
    assert state.creature_discard[discard_before:] == [drawn.cards[0]]
    assert of_kind(events, "summon_resolved")[0].discarded == drawn.cards[0]


def test_08_gained_creature_not_playable_this_turn():
    state = fresh(3, level=3, givers=[GV.ODIN, GV.CHRISTKINDL, GV.AUNT_ARIE])
    state.creature_main[:2] = [c for c in state.creature_main if CREATURE_OF.get(c) == C.ELVES][:2]
    give_creatures(state, 0, [C.TOMTE])  # a usable creature: the turn waits for End turn
    state, _ = act(state, 0, A.Summon())
    state, _ = act(state, 0, A.Keep(index=0))
    assert A.PlayCreature(creature=C.ELVES) not in G.legal_actions(state, 0)
    assert_refused(G, state, 0, A.PlayCreature(creature=C.ELVES), "this turn")
    assert [c.usable for c in G.view(state, 0).creatures] == [True, False]
    state = end_turn(state)
    for seat in (1, 2):
        state, _ = act(state, seat, A.Craft())
        state, _ = act(state, seat, A.TakePresent(source=-1))
        state, _ = act(state, seat, A.TakePresent(source=-1))
        state = end_turn(state, seat)
    assert A.PlayCreature(creature=C.ELVES) in G.legal_actions(state, 0)


@pytest.mark.parametrize(
    ("types", "score"),
    [([P.SWEATER, P.CAP, P.STOCKINGS], 4), ([P.CAP, P.CAP, P.STOCKINGS], 3), ([P.SWEATER] * 3, 6)],
)
def test_09_odin_benjamin(types, score):
    state = fresh(3, level=2, givers=[GV.ODIN, GV.CHRISTKINDL, GV.AUNT_ARIE])
    cards = give_presents(state, 0, types)
    state, _ = fulfil(state, 0, "Benjamin", cards)
    assert state.players[0].score == score


@pytest.mark.parametrize(
    ("name", "types", "points"),
    [("Amara", [P.CAP, P.BEIGLI], 2), ("Zofia", [P.CAP, P.BEIGLI, P.COAL, P.BIRCH, P.SLEIGH], 5)],
)
def test_10_kiddo_points_are_list_length(name, types, points):
    state = fresh(4, level=1)
    cards = give_presents(state, 0, types)
    state, _ = fulfil(state, 0, name, cards)
    assert state.players[0].score == points


def test_11_colours_must_match_exactly():
    state = fresh(3, level=1)
    cards = give_presents(state, 0, [P.BEIGLI, P.FONDANT, P.SLEIGH])
    set_playground(state, [kid("Benjamin")])
    action = A.Fulfil(kiddo=kid("Benjamin"), mask=mask_of(state, 0, cards))
    assert_refused(G, state, 0, action, r"missing red ×3; not wanted: blue ×2, green")
    assert not any(isinstance(a, A.Fulfil) and a.kiddo == kid("Benjamin") for a in G.legal_actions(state, 0))


def test_12_la_befana_crayons_and_coal():
    state = fresh(3, level=2, givers=[GV.LA_BEFANA, GV.ODIN, GV.SANTA])
    cards = give_presents(state, 0, [P.CRAYONS, P.COAL])
    state, _ = fulfil(state, 0, "Leila", cards)
    assert state.players[0].score == 2 + 2


@pytest.mark.parametrize(("level", "score"), [(4, 6), (3, 4), (2, 4)])
def test_13_father_christmas_stockings(level, score):
    state = fresh(3, level=level, givers=[GV.FATHER_CHRISTMAS, GV.ODIN, GV.CHRISTKINDL])
    cards = give_presents(state, 0, [P.STOCKINGS, P.STOCKINGS])
    state, _ = fulfil(state, 0, "Oliver", cards)
    assert state.players[0].score == score


def test_14_saint_nicholas_skips_one_black():
    state = fresh(3, level=4, givers=[GV.SAINT_NICHOLAS, GV.ODIN, GV.CHRISTKINDL])
    cards = give_presents(state, 0, [P.BIRCH])
    set_playground(state, [kid("Lukas")])
    assert_refused(G, state, 0, A.Fulfil(kiddo=kid("Lukas"), mask=0), "missing black")
    state, events = fulfil(state, 0, "Lukas", cards)
    assert state.players[0].score == 3 and of_kind(events, "fulfilled")[0].skipped_black
    assert state.players[0].presents == []
    # Not at level 3 (a written ability).
    state = fresh(3, level=3, givers=[GV.SAINT_NICHOLAS, GV.ODIN, GV.CHRISTKINDL])
    cards = give_presents(state, 0, [P.BIRCH])
    set_playground(state, [kid("Lukas")])
    assert_refused(G, state, 0, A.Fulfil(kiddo=kid("Lukas"), mask=1), "missing black")


@pytest.mark.parametrize(
    ("count", "points"), [(0, 0), (1, 3), (2, 6), (3, 9), (4, 12), (5, 15), (6, 19), (7, 23)]
)
def test_15_rudolf_end_score(count, points):
    state = fresh(3, level=4, givers=[GV.SANTA, GV.ODIN, GV.CHRISTKINDL])
    reindeer = [c for c in state.creature_main if CREATURE_OF.get(c) == C.REINDEER]
    reindeer += [c for c in state.creature_bottom if CREATURE_OF.get(c) == C.REINDEER]
    for card in reindeer[:count]:
        (state.creature_main if card in state.creature_main else state.creature_bottom).remove(card)
        state.players[0].rudolf.append(card)
    finish(state, "test", [])
    assert state.players[0].score == points


def test_16_reindeer_sets():
    state = fresh(3, level=4, givers=[GV.ODIN, GV.AUNT_ARIE, GV.CHRISTKINDL])
    give_creatures(state, 0, [C.REINDEER] * 5)
    assert_refused(G, state, 0, A.Reindeer(count=5), "1 to 4")
    assert A.Reindeer(count=5) not in G.legal_actions(state, 0)
    state, _ = act(state, 0, A.Reindeer(count=4))
    assert state.players[0].score == 12
    state, _ = act(state, 0, A.Reindeer(count=1))
    assert state.players[0].score == 14
    for count, points in [(1, 2), (2, 5), (3, 8)]:
        s = fresh(3, level=3)
        give_creatures(s, 0, [C.REINDEER] * count)
        s, _ = act(s, 0, A.Reindeer(count=count))
        assert s.players[0].score == points


def test_17_seven_reindeer():
    assert Counter(CREATURE_OF.values())[C.REINDEER] == 7 and len(CREATURE_OF) == 40


def test_18_elves_four_players():
    state = fresh(4, level=3, givers=[GV.ODIN, GV.AUNT_ARIE, GV.CHRISTKINDL, GV.SANTA])
    give_creatures(state, 0, [C.ELVES])
    state, events = act(state, 0, A.PlayCreature(creature=C.ELVES))
    assert len(of_kind(events, "elves_revealed")[0].cards) == 5
    for seat in (0, 1, 2, 3):
        assert G.to_decide(state) == {seat}
        state, _ = act(state, seat, A.ElvesPick(index=0))
    assert [len(p.presents) for p in state.players] == [2, 1, 1, 1]
    assert state.tasks[-1].kind == "turn"


def test_19_mrs_claus():
    state = fresh(3, level=5, givers=[GV.ODIN, GV.CHRISTKINDL, GV.SANTA])
    give_creatures(state, 0, [C.MRS_CLAUS])
    set_playground(state, [kid("Zofia") if False else kid("Benjamin")])
    state, _ = act(state, 0, A.MrsClaus(kiddo=kid("Benjamin")))
    player = state.players[0]
    assert player.kiddos == [KiddoWon(card=kid("Benjamin"), fulfilled=False)]
    assert player.score == 2 and kid("Benjamin") not in state.playground and len(state.playground) == 8
    assert G.view(state, None).players[0].fulfilled_count == 0
    # It counts for symbols: a STAR fulfil afterwards is a same-symbol summon? No: Mrs. Claus
    # kiddos count ("already had a kiddo with symbol S").
    cards = give_presents(state, 0, [P.CAP, P.BEIGLI])
    state, events = fulfil(state, 0, "Amara", cards)
    assert of_kind(events, "summon_drawn")
    # End-game majority and tiebreak.
    state.tasks = state.tasks[:1]
    finish(state, "test", [])
    assert state.players[0].breakdown.get("symbols") == 3


def _tomte_setup(level=3, givers=None):
    state = fresh(3, level=level, givers=givers or [GV.ODIN, GV.CHRISTKINDL, GV.SANTA])
    return state


def test_20_tomte_cancels_effect_points_stay():
    state = _tomte_setup()
    give_creatures(state, 0, [C.KRAMPUS])
    give_creatures(state, 1, [C.TOMTE])
    give_presents(state, 2, [P.COAL])
    state, events = act(state, 0, A.Krampus(present=P.COAL))
    assert state.players[0].score == 1 and state.tasks[-1].kind == "window"
    assert G.to_decide(state) == {1} and G.legal_actions(state, 1) == [A.React(), A.Pass()]
    assert G.timer(state).seconds == 15 and G.timer(state).action == A.CloseWindow()
    state, events = act(state, 1, A.React())
    assert of_kind(events, "effect_cancelled") and state.players[1].score == 1
    (cancelled,) = of_kind(events, "effect_cancelled")
    assert cancelled.tomtes == [1] and G.done_to(cancelled) == {0, 1}  # (told to both players)
    assert state.players[0].score == 1 and len(state.players[2].presents) == 1
    assert state.players[0].presents == []


def test_21_tomte_on_tomte_effect_happens():
    state = _tomte_setup()
    give_creatures(state, 0, [C.KRAMPUS, C.TOMTE])
    give_creatures(state, 1, [C.TOMTE])
    give_presents(state, 2, [P.COAL])
    state, _ = act(state, 0, A.Krampus(present=P.COAL))
    state, _ = act(state, 1, A.React())
    assert G.to_decide(state) == {0}  # the original player may react to the Tomte
    state, events = act(state, 0, A.React())
    assert not of_kind(events, "effect_cancelled")
    (stands,) = of_kind(events, "effect_stands")  # (said, before the effect it announces)
    assert stands.tomtes == [1, 0] and G.done_to(stands) == {0, 1}
    assert events.index(stands) < events.index(of_kind(events, "krampus_gave")[0])
    assert [PRESENT_TYPE_OF[c] for c in state.players[0].presents] == [P.COAL]
    assert state.players[0].score == 2 and state.players[1].score == 1


def test_22_caga_tio():
    state = fresh(3, level=3, givers=[GV.CHRISTKINDL, GV.ODIN, GV.SANTA])
    give_creatures(state, 0, [C.CAGA_TIO])
    cards = give_presents(state, 0, [P.STOCKINGS, P.CAP])
    set_playground(state, [kid("Benjamin")])
    state, _ = act(state, 0, A.CagaTio(kiddo=kid("Benjamin"), colour=Colour.RED))
    assert state.tasks[-1].kind == "fulfil" and state.players[0].score == 1
    state, events = act(state, 0, A.Fulfil(kiddo=kid("Benjamin"), mask=mask_of(state, 0, cards)))
    assert state.players[0].score == 4 and of_kind(events, "fulfilled")[0].cagas == 1


def test_22c_the_view_tells_which_kiddos_the_hands_caga_tios_make_fulfillable():
    state = fresh(3, level=3, givers=[GV.CHRISTKINDL, GV.ODIN, GV.SANTA])
    give_presents(state, 0, [P.STOCKINGS, P.CAP])
    three = [kid("Benjamin"), kid("Amara"), kid("Lukas")]  # RRR, RB, BB
    set_playground(state, three)
    state.kiddo_main += state.playground[3:]  # (only those three)
    del state.playground[3:]
    assert G.view(state, 0).fulfillable_with_caga == []  # (no Caga Tió)
    give_creatures(state, 0, [C.CAGA_TIO], acquired=1)
    assert G.view(state, 0).fulfillable_with_caga == []  # (gained this turn: not usable yet)
    state.players[0].creatures[0].acquired_turn = 0
    view = G.view(state, 0)
    assert view.fulfillable == [] and view.fulfillable_with_caga == [kid("Benjamin"), kid("Amara")]
    give_creatures(state, 0, [C.CAGA_TIO])  # two: each covers a slot
    assert G.view(state, 0).fulfillable_with_caga == three
    give_presents(state, 0, [P.SWEATER])  # Benjamin by the hand alone
    view = G.view(state, 0)
    assert view.fulfillable == [kid("Benjamin")] and kid("Benjamin") not in view.fulfillable_with_caga


def test_22d_the_view_marks_caga_tio_plays_after_which_the_hand_cannot_finish():
    state = fresh(3, level=3, givers=[GV.CHRISTKINDL, GV.ODIN, GV.SANTA])
    give_presents(state, 0, [P.BEIGLI, P.STOCKINGS])  # blue, red
    give_creatures(state, 0, [C.CAGA_TIO])
    set_playground(state, [kid("Diego")])  # black, blue, red: only covering the black helps
    state.kiddo_main += state.playground[1:]  # (Diego alone)
    del state.playground[1:]
    diego = kid("Diego")
    dead = set(G.view(state, 0).dead_ends)
    assert dead == {G.encode_action(A.CagaTio(kiddo=diego, colour=c)) for c in (Colour.BLUE, Colour.RED)}
    give_creatures(state, 0, [C.CAGA_TIO])  # a second Caga Tió covers whatever the first leaves
    assert G.encode_action(A.CagaTio(kiddo=diego, colour=Colour.BLUE)) not in G.view(state, 0).dead_ends
    state, _ = act(state, 0, A.CagaTio(kiddo=diego, colour=Colour.BLUE))  # in the Fulfill: covered
    assert set(G.view(state, 0).dead_ends) == {G.encode_action(A.CagaTio(kiddo=diego, colour=Colour.RED))}


def test_22b_caga_tio_abandon_returns_to_basic_choice():
    state = fresh(3, level=3, givers=[GV.CHRISTKINDL, GV.ODIN, GV.SANTA])
    give_creatures(state, 0, [C.CAGA_TIO])
    set_playground(state, [kid("Benjamin")])
    state, _ = act(state, 0, A.CagaTio(kiddo=kid("Benjamin"), colour=Colour.RED))
    state, _ = act(state, 0, A.Abandon())
    assert state.tasks[-1].kind == "turn" and state.turn.basic is None
    assert state.players[0].score == 1 and A.Craft() in G.legal_actions(state, 0)


def test_23_papa_wolverine():
    state = fresh(3, level=3, givers=[GV.CHRISTKINDL, GV.ODIN, GV.SANTA])
    give_creatures(state, 1, [C.PAPA_WOLVERINE])
    cards = give_presents(state, 0, [P.STOCKINGS, P.CAP, P.SWEATER])
    state, _ = fulfil(state, 0, "Benjamin", cards)
    assert state.tasks[-1].kind == "window" and G.to_decide(state) == {1}
    state, _ = act(state, 1, A.React())
    assert state.tasks[-1].kind == "wolverine_take" and state.players[1].score == 1
    assert len(G.view(state, None).batch) == 3
    state, _ = act(state, 1, A.WolverineTake(mask=0b011))
    assert sorted(state.players[1].presents) == sorted(cards[:2])
    assert_refused(G, state, 1, A.WolverineTake(mask=0b111))


def test_24_mr_scrooge():
    state = _tomte_setup()
    give_creatures(state, 0, [C.MR_SCROOGE])
    state, _ = act(state, 0, A.PlayOnPlayer(creature=C.MR_SCROOGE, seat=1))
    assert state.players[0].score == 1 and state.players[1].scrooge is not None
    assert G.view(state, None).players[1].scrooge_pending
    state, _ = act(state, 0, A.Craft())
    state, _ = act(state, 0, A.TakePresent(source=-1))
    state, events = act(state, 0, A.TakePresent(source=-1))  # no creature left: the turn ends
    assert of_kind(events, "turn_skipped")[0].seat == 1
    assert state.turn.seat == 2 and state.players[1].scrooge is None
    assert state.creature_discard[-1] in CREATURE_OF


@pytest.mark.parametrize(
    ("left", "struck_now", "target", "skips"),
    [
        (2, False, 1, True),
        (2, False, 2, False),
        (1, False, 1, False),
        (1, True, 1, True),
        (1, True, 2, False),
    ],
)
def test_24_mr_scrooge_after_midnight_says_when_no_turn_is_left(left, struck_now, target, skips):
    """On a final turn, the next player may have played theirs already: "Ben will skip their next
    turn" promised what could not happen (spec 4.10: one more turn each after Midnight)."""
    state = _tomte_setup()  # (3 players, seat 0's turn)
    state.midnight_turn = state.turn_no if struck_now else state.turn_no - 1
    state.final_turns_left = left  # (this turn counted unless Midnight struck in it)
    give_creatures(state, 0, [C.MR_SCROOGE])
    state, events = act(state, 0, A.PlayOnPlayer(creature=C.MR_SCROOGE, seat=target))
    (placed,) = of_kind(events, "scrooge_placed")
    name = ["Ann", "Ben", "Cy"][target]
    told = str(placed.describe(["Ann", "Ben", "Cy"]))
    assert told == (f"{name} will skip their next turn." if skips else f"{name} has no turn left to skip."), (
        told
    )


@pytest.mark.parametrize(
    ("reds", "start", "after"),
    [
        ((0, 1, 2), (5, 5, 5), (2, 5, 5)),
        ((0, 0, 2), (5, 5, 5), (3, 3, 5)),
        ((0, 1, 2), (1, 5, 5), (0, 5, 5)),
        ((0, 1, 2), (0, 5, 5), (0, 5, 5)),
    ],
)
def test_25_jolakotturinn(reds, start, after):
    state = _tomte_setup()
    give_creatures(state, 1, [C.JOLAKOTTURINN])
    state.turn.seat = state.tasks[0].seat = 1
    for seat, count in enumerate(reds):
        give_presents(state, seat, [P.CAP] * count)
        state.players[seat].score = start[seat]
    state.players[1].score -= 1  # Jólakötturinn's own point
    state, events = act(state, 1, A.PlayCreature(creature=C.JOLAKOTTURINN))
    assert tuple(p.score for p in state.players) == after
    # a player hit at 0 points is named too (the cat did not seem to do anything)
    lost = [e for e in events if e.kind == "nothing_to_lose" or e.kind == "scored" and e.points < 0]
    hit = [e.seat for e in lost if e.reason == "Jólakötturinn"]
    assert sorted(hit) == [s for s in range(3) if reds[s] == min(reds)]
    # whose cat it was goes with each loss (its victims are told in private)
    assert all(e.by == 1 for e in lost if e.kind == "scored")
    # a loss the score floor cut short says so ("-1" read as a wrong count of a loss of 3)
    for e in (e for e in lost if e.kind == "scored"):
        assert e.floored == (start[e.seat] < 3)
        told = str(e.describe(["Ann", "Ben", "Cy"]))
        assert told.endswith(", down to 0.") == e.floored, told
        assert str(e.describe_to(["Ann", "Ben", "Cy"], e.seat)).endswith(", down to 0.") == e.floored


def test_26_mari_lwyd():
    state = _tomte_setup()
    give_creatures(state, 0, [C.MARI_LWYD])
    stolen = give_creatures(state, 1, [C.ELVES])
    state, events = act(state, 0, A.PlayOnPlayer(creature=C.MARI_LWYD, seat=1))
    assert [h.card for h in state.players[0].creatures] == stolen
    assert of_kind(events, "stolen")[0].audience.seats == {0, 1}
    assert A.PlayCreature(creature=C.ELVES) not in G.legal_actions(state, 0)
    # Cards under Rudolf are safe.
    state = fresh(3, level=4, givers=[GV.ODIN, GV.SANTA, GV.CHRISTKINDL])
    give_creatures(state, 0, [C.MARI_LWYD])
    card = give_creatures(state, 1, [C.REINDEER])[0]
    state.players[1].creatures = []
    state.players[1].rudolf = [card]
    state, _ = act(state, 0, A.PlayOnPlayer(creature=C.MARI_LWYD, seat=1))
    assert state.players[1].rudolf == [card] and state.players[0].creatures == []


@pytest.mark.parametrize(("held", "stolen"), [(1, 1), (0, 0), (3, 2)])
def test_27_cringe(held, stolen):
    state = _tomte_setup()
    give_creatures(state, 0, [C.CRINGE])
    give_presents(state, 1, [P.CAP, P.COAL, P.FONDANT][:held])
    state, _ = act(state, 0, A.PlayOnPlayer(creature=C.CRINGE, seat=1))
    assert len(state.players[0].presents) == stolen and state.players[0].score == 1


def test_28_krampus():
    state = fresh(4, level=3, givers=[GV.ODIN, GV.CHRISTKINDL, GV.SANTA, GV.AUNT_ARIE])
    give_creatures(state, 0, [C.KRAMPUS, C.KRAMPUS])
    give_presents(state, 1, [P.COAL, P.COAL])
    give_presents(state, 3, [P.COAL])
    state, _ = act(state, 0, A.Krampus(present=P.COAL))
    assert len(state.players[0].presents) == 2
    assert [len(p.presents) for p in state.players[1:]] == [1, 0, 0]
    state, events = act(state, 0, A.Krampus(present=P.BIRCH))
    assert len(state.players[0].presents) == 4
    assert of_kind(events, "present_drawn")[0].audience.seats == {0}


def test_29_snow_maiden_craft_again():
    state = _tomte_setup()
    give_creatures(state, 0, [C.SNOW_MAIDEN])
    assert_refused(G, state, 0, A.PlayCreature(creature=C.SNOW_MAIDEN), "after your basic action")
    state, _ = act(state, 0, A.Craft())
    state, _ = act(state, 0, A.TakePresent(source=-1))
    state, _ = act(state, 0, A.TakePresent(source=-1))
    state, _ = act(state, 0, A.PlayCreature(creature=C.SNOW_MAIDEN))
    assert state.players[0].score == 0
    legal = G.legal_actions(state, 0)
    assert A.Craft() in legal and A.Summon() not in legal and A.Decline() in legal
    state, _ = act(state, 0, A.Craft())
    state, _ = act(state, 0, A.TakePresent(source=-1))
    state, _ = act(state, 0, A.TakePresent(source=-1))
    assert len(state.players[0].presents) == 4 and state.tasks[-1].kind == "turn"


def test_30_ded_moroz():
    state = fresh(3, level=4, givers=[GV.DED_MOROZ, GV.ODIN, GV.CHRISTKINDL])
    give_creatures(state, 0, [C.SNOW_MAIDEN, C.TOMTE])  # Tomte: the turn waits for End turn
    state, _ = act(state, 0, A.Craft())
    state, _ = act(state, 0, A.TakePresent(source=-1))
    state, _ = act(state, 0, A.TakePresent(source=-1))
    state, _ = act(state, 0, A.PlayCreature(creature=C.SNOW_MAIDEN))
    for _ in range(2):
        assert state.tasks[-1].kind == "extra_basic" and state.tasks[-1].fixed == Basic.CRAFT
        state, events = act(state, 0, A.Craft())
        (started,) = of_kind(events, "basic_started")
        assert started.describe(["Ann", "Ben", "Cat"]) == "Snow Maiden: Ann repeats Craft."
        state, _ = act(state, 0, A.TakePresent(source=-1))
        state, _ = act(state, 0, A.TakePresent(source=-1))
    assert state.tasks[-1].kind == "turn" and state.turn.seat == 0 and len(state.players[0].presents) == 6
    # Another player's Snow Maiden: Ded Moroz (seat 1) acts after it resolves.
    state = fresh(3, level=4, givers=[GV.ODIN, GV.DED_MOROZ, GV.CHRISTKINDL])
    give_creatures(state, 0, [C.SNOW_MAIDEN, C.TOMTE])
    state, _ = act(state, 0, A.Summon())
    state, _ = act(state, 0, A.Keep(index=0))
    state, _ = act(state, 0, A.PlayCreature(creature=C.SNOW_MAIDEN))
    state, _ = act(state, 0, A.Decline())
    assert G.to_decide(state) == {1} and state.tasks[-1].reason == "ded_moroz"
    assert A.Summon() in G.legal_actions(state, 1)
    state, events = act(state, 1, A.Craft())
    (started,) = of_kind(events, "basic_started")
    assert started.describe(["Ann", "Ben", "Cat"]) == "Ded Moroz: Ben takes an extra Craft."
    state, _ = act(state, 1, A.TakePresent(source=0))
    state, _ = act(state, 1, A.TakePresent(source=-1))
    assert len(state.players[1].presents) == 2 and G.to_decide(state) == {0}


def test_30b_ded_moroz_on_discarded_snow_maiden():
    state = fresh(3, level=4, givers=[GV.ODIN, GV.DED_MOROZ, GV.CHRISTKINDL])
    maiden = next(c for c in state.creature_main if CREATURE_OF.get(c) == C.SNOW_MAIDEN)
    elves = next(c for c in state.creature_main if CREATURE_OF.get(c) == C.ELVES)
    state.creature_main.remove(maiden)
    state.creature_main.remove(elves)
    state.creature_main[:0] = [maiden, elves]
    give_creatures(state, 0, [C.TOMTE])  # a usable creature: the turn waits for End turn
    state, _ = act(state, 0, A.Summon())
    state, _ = act(state, 0, A.Keep(index=1))
    assert G.to_decide(state) == {1} and state.tasks[-1].kind == "extra_basic"
    cause = G.view(state, 1).cause  # (told with his prompt: Ann's unkept Snow Maiden)
    assert cause is not None and (cause.creature, cause.by, cause.discarded) == (C.SNOW_MAIDEN, 0, True)
    state, _ = act(state, 1, A.Decline())
    assert G.to_decide(state) == {0}


def test_31_odin_and_aunt_arie_creature_bonus():
    state = fresh(3, level=4, givers=[GV.ODIN, GV.AUNT_ARIE, GV.SANTA])
    give_creatures(state, 0, [C.KRAMPUS, C.REINDEER])
    give_creatures(state, 1, [C.TOMTE, C.SNOW_MAIDEN, C.REINDEER])
    state, _ = act(state, 0, A.Krampus(present=P.COAL))
    assert state.players[0].score == 2
    state, _ = act(state, 1, A.React())
    assert state.players[1].score == 2
    state, _ = act(state, 0, A.Reindeer(count=1))
    assert state.players[0].score == 4
    state.turn.seat = 1
    state.tasks[0].seat = 1
    state, _ = act(state, 1, A.Craft())
    state, _ = act(state, 1, A.TakePresent(source=-1))
    state, _ = act(state, 1, A.TakePresent(source=-1))
    state, _ = act(state, 1, A.PlayCreature(creature=C.SNOW_MAIDEN))
    assert state.players[1].score == 3
    state, _ = act(state, 1, A.Decline())
    state, _ = act(state, 1, A.Reindeer(count=1))
    assert state.players[1].score == 5


def test_32_christkindl_targeted_by_cringe():
    state = fresh(3, level=4, givers=[GV.ODIN, GV.CHRISTKINDL, GV.SANTA])
    give_creatures(state, 0, [C.CRINGE])
    give_presents(state, 1, [P.CAP])
    state, _ = act(state, 0, A.PlayOnPlayer(creature=C.CRINGE, seat=1))
    assert state.players[1].presents == [] and G.to_decide(state) == {1}
    legal = G.legal_actions(state, 1)
    assert A.ChristkindlDraw(source=-1) in legal and A.ChristkindlDraw(source=2) in legal
    card = state.offer[1]
    state, _ = act(state, 1, A.ChristkindlDraw(source=1))
    assert state.players[1].presents == [card] and len(state.offer) == 2
    assert G.to_decide(state) == {0}
    # Not at level 3, and not for a Cringe on someone else.
    state = fresh(3, level=4, givers=[GV.ODIN, GV.CHRISTKINDL, GV.SANTA])
    give_creatures(state, 0, [C.CRINGE])
    state, _ = act(state, 0, A.PlayOnPlayer(creature=C.CRINGE, seat=2))
    assert state.tasks[-1].kind == "turn"


def test_33_santa_search():
    state = fresh(3, level=4, givers=[GV.SANTA, GV.ODIN, GV.CHRISTKINDL])
    give_presents(state, 0, [P.TEDDY_BEAR, P.TEDDY_BEAR, P.SLEIGH])
    assert A.SantaSearch(present=P.TEDDY_BEAR, source=SearchSource.MAIN) in G.legal_actions(state, 0)
    assert not any(isinstance(a, A.SantaSearch) and a.present == P.SLEIGH for a in G.legal_actions(state, 0))
    assert_refused(G, state, 0, A.SantaSearch(present=P.SLEIGH, source=SearchSource.MAIN), "same type")
    labels = {c.code: c.label for c in G.view(state, 0).choices}  # (an empty pile: legal, but a trap)
    discard = G.encode_action(A.SantaSearch(present=P.TEDDY_BEAR, source=SearchSource.DISCARD))
    assert state.creature_discard == [] and labels[discard].endswith("creature discard pile (it is empty)")
    state, events = act(state, 0, A.SantaSearch(present=P.TEDDY_BEAR, source=SearchSource.MAIN))
    assert len(state.players[0].rudolf) == 1 and of_kind(events, "search_seen")[0].audience.seats == {0}
    seen = of_kind(events, "search_seen")[0]  # what Santa read: each kind once, and what he found
    text = str(seen.describe(["Ann", "Ben", "Cy"]))
    assert seen.found and text.endswith("A Reindeer goes under your Rudolf.") and "×" in text
    assert text.count(",") + 1 == len({CREATURE_OF.get(c, c) for c in seen.cards}) < len(seen.cards)
    assert [PRESENT_TYPE_OF[c] for c in state.players[0].presents] == [P.SLEIGH]
    assert not any(isinstance(a, A.SantaSearch) for a in G.legal_actions(state, 0))


def test_33_santa_search_after_midnight_scores_from_any_source_alike():
    """Spec 2.2.1: after Midnight the search scores +1 instead of a Reindeer. Every source is the
    same choice, labelled so (they read as three searches), and the news says no search was made
    (it said "searches the creature deck and finds no Reindeer")."""
    state = fresh(3, level=4, givers=[GV.SANTA, GV.ODIN, GV.CHRISTKINDL])
    state.midnight_turn, state.final_turns_left = 0, 3
    give_presents(state, 0, [P.TEDDY_BEAR, P.TEDDY_BEAR, P.SLEIGH])
    searches = [c for c in G.view(state, 0).choices if c.code.startswith("search.")]
    assert len(searches) == len(SearchSource) and len({(c.template, str(c.values)) for c in searches}) == 1
    assert searches[0].label == "Discard 2 × Teddy Bear: +1 point (a search after Midnight)"
    before, rudolf = state.players[0].score, len(state.players[0].rudolf)
    state, events = act(state, 0, A.SantaSearch(present=P.TEDDY_BEAR, source=SearchSource.MAIN))
    assert state.players[0].score == before + 1 and len(state.players[0].rudolf) == rudolf
    (searched,) = of_kind(events, "searched")
    assert (
        str(searched.describe(["Ann", "Ben", "Cy"]))
        == "Ann discards 2 × Teddy Bear to search after Midnight."
    )
    assert not of_kind(events, "search_seen")


@pytest.mark.parametrize("seed", range(10))
def test_34_midnight_in_bottom_six(seed):
    state = new(4, level=5, seed=seed)
    assert "MIDNIGHT_CREATURE" in state.creature_bottom and len(state.creature_bottom) == 6
    assert "MIDNIGHT_KIDDO" in state.kiddo_bottom and len(state.kiddo_bottom) == 6


def test_35_midnight_then_one_more_turn_each():
    state = fresh(3, level=3, givers=[GV.ODIN, GV.CHRISTKINDL, GV.SANTA])
    state.creature_bottom.extend(state.creature_main)
    state.creature_main = []
    index = state.creature_bottom.index("MIDNIGHT_CREATURE")
    state.creature_bottom.insert(0, state.creature_bottom.pop(index))
    nxt = state.creature_bottom[1:3]
    state, events = act(state, 0, A.Summon())
    assert of_kind(events, "midnight")[0].first and of_kind(events, "summon_drawn")[0].cards == nxt
    state, _ = act(state, 0, A.Keep(index=0))
    state = end_turn(state)
    for seat in (1, 2, 0):
        assert state.turn.seat == seat and not state.over
        state, _ = act(state, seat, A.Summon())
        assert state.players[seat].breakdown.get("after_midnight") == 1
        state = end_turn(state, seat)
    assert state.over and G.outcome(state) is not None


def test_36_set_collection_summons():
    state = fresh(3, level=5, givers=[GV.ODIN, GV.CHRISTKINDL, GV.SANTA])
    give_creatures(state, 0, [C.TOMTE])  # a usable creature: the turn waits for End turn
    for name in ("Sofia", "Kofi", "Diego", "Pedro"):  # STAR, HEART, MOON, BELL
        state.players[0].kiddos.append(KiddoWon(card=kid(name), fulfilled=True))
        for zone in (state.playground, state.kiddo_main, state.kiddo_bottom):
            if kid(name) in zone:
                zone.remove(kid(name))
                if zone is state.playground:
                    zone.append(state.kiddo_main.pop(0))
    cards = give_presents(state, 0, [P.CAP, P.BEIGLI])
    state, events = fulfil(state, 0, "Amara", cards)  # STAR again: same-symbol summon
    assert state.tasks[-1].kind == "keep"
    (bonus,) = of_kind(events, "set_bonus")  # told on the table: not a second basic action
    assert (
        bonus.describe(["Ann", "Ben", "Cy"])
        == "Ann gifted another Star kiddo: a free summon (set collection)."
    )
    state, _ = act(state, 0, A.Keep(index=0))
    cards = give_presents(state, 0, [P.CAP, P.CRAYONS])
    state.turn.basic = None
    state, events = fulfil(state, 0, "Ava", cards)  # SNOWFLAKE: the 5th symbol
    assert len(of_kind(events, "creature_gained")) == 2 and len(state.players[0].creatures) == 4
    (bonus,) = of_kind(events, "set_bonus")  # (the hand grows by 2 creatures: the table says why)
    assert bonus.bonus == "full_set" and bonus.audience.is_public
    assert state.players[0].fullset_bonus_taken


def test_37_after_midnight_conversions():
    state = fresh(3, level=5, givers=[GV.ODIN, GV.CHRISTKINDL, GV.SANTA])
    give_creatures(state, 0, [C.TOMTE])  # a usable creature: the turn waits for End turn
    state.midnight_turn = 0
    state.final_turns_left = 3
    for name in ("Sofia", "Kofi", "Diego", "Pedro"):
        state.players[0].kiddos.append(KiddoWon(card=kid(name), fulfilled=True))
    cards = give_presents(state, 0, [P.CAP, P.BEIGLI])
    state, _ = fulfil(state, 0, "Amara", cards)
    assert state.players[0].breakdown["after_midnight"] == 1
    state.turn.basic = None
    cards = give_presents(state, 0, [P.CAP, P.CRAYONS])
    state, _ = fulfil(state, 0, "Ava", cards)
    assert state.players[0].breakdown["after_midnight"] == 3
    state.turn.basic = None
    before = state.players[0].score
    state, _ = act(state, 0, A.Summon())
    assert state.players[0].score == before + 1 and state.tasks[-1].kind == "turn"


def test_38_symbol_majorities_and_all_five():
    state = fresh(3, level=5, givers=[GV.ODIN, GV.CHRISTKINDL, GV.SANTA])
    state.players[0].kiddos = [
        KiddoWon(card=kid(n), fulfilled=True) for n in ("Amara", "Aisha", "Leila", "Emma", "Ava")
    ]
    state.players[1].kiddos = [KiddoWon(card=kid(n), fulfilled=True) for n in ("Lukas", "Benjamin")]
    state.players[2].kiddos = [KiddoWon(card=kid("Oliver"), fulfilled=False)]
    finish(state, "test", [])
    # Seat 0: HEART tied with seat 2, MOON, BELL, SNOWFLAKE alone; STAR lost to seat 1.
    assert state.players[0].breakdown == {"symbols": 12, "all_symbols": 5}
    assert state.players[1].breakdown == {"symbols": 3}
    assert state.players[2].breakdown == {"symbols": 3}
    assert Symbol.STAR == KIDDOS[kid("Lukas")].symbol


def test_39_tiebreak_by_fulfilled_wishes():
    state = fresh(3, level=3)
    state.players[0].score = state.players[1].score = 10
    state.players[0].kiddos = [KiddoWon(card=kid(n), fulfilled=True) for n in ("Amara", "Oliver")]
    state.players[1].kiddos = [
        KiddoWon(card=kid("Lukas"), fulfilled=True),
        KiddoWon(card=kid("Aisha"), fulfilled=False),
    ]
    finish(state, "test", [])
    assert G.outcome(state).winners == {0}
    state.players[0].kiddos = []
    state.players[1].kiddos = []
    state.over = False
    finish(state, "test", [])
    assert G.outcome(state).winners == {0, 1}


def test_40_level_one():
    state = fresh(3, level=1)
    assert all(p.giver is None for p in state.players)
    cards = give_presents(state, 0, [P.SLEIGH, P.SLEIGH, P.SWEATER])
    state, _ = fulfil(state, 0, "Hiroshi", cards)
    assert state.players[0].score == 3 and state.creature_main == []
    assert A.Summon() not in G.legal_actions(state, 0)
    assert_refused(G, fresh(3, level=1), 0, A.Summon(), "no creatures")


@pytest.mark.parametrize("level", [2, 3])
def test_41_odin_below_level_four(level):
    state = fresh(3, level=level, givers=[GV.ODIN, GV.CHRISTKINDL, GV.SANTA])
    cards = give_presents(state, 0, [P.SWEATER, P.SWEATER])
    if level == 3:
        give_creatures(state, 0, [C.KRAMPUS])
    state, _ = fulfil(state, 0, "Oliver", cards)
    assert state.players[0].score == 4
    if level == 3:
        state, _ = act(state, 0, A.Krampus(present=P.COAL))
        assert state.players[0].score == 5


# -- gift givers and other cards ------------------------------------------------------------------
def test_la_befana_start_discard():
    state = fresh(3, level=4, givers=[GV.LA_BEFANA, GV.ODIN, GV.CHRISTKINDL])
    target = state.playground[3]
    state, _ = act(state, 0, A.BefanaDiscard(kiddo=target))
    assert state.kiddo_discard == [target] and len(state.playground) == 8
    assert not any(isinstance(a, A.BefanaDiscard) for a in G.legal_actions(state, 0))
    state = fresh(3, level=4, givers=[GV.LA_BEFANA, GV.ODIN, GV.CHRISTKINDL])
    give_creatures(state, 0, [C.ELVES])
    state, _ = act(state, 0, A.PlayCreature(creature=C.ELVES))
    while state.tasks[-1].kind != "turn":
        seat = next(iter(G.to_decide(state)))
        pick = A.ElvesPick(index=0) if state.tasks[-1].kind == "elves" else A.Decline()
        state, _ = act(state, seat, pick)
    assert_refused(G, state, 0, A.BefanaDiscard(kiddo=state.playground[0]), "before anything")


def test_santa_tucks_a_summoned_reindeer():
    state = fresh(3, level=4, givers=[GV.SANTA, GV.ODIN, GV.CHRISTKINDL])
    deer = [c for c in state.creature_main if CREATURE_OF.get(c) == C.REINDEER][:2]
    for card in deer:
        state.creature_main.remove(card)
    state.creature_main[:0] = deer
    state, _ = act(state, 0, A.Summon())
    assert G.legal_actions(state, 0) == [
        A.Keep(index=0),
        A.Keep(index=0, tuck=True),
        A.Keep(index=1),
        A.Keep(index=1, tuck=True),
    ]
    state, events = act(state, 0, A.Keep(index=0, tuck=True))  # the tuck is chosen with the keep
    assert state.players[0].rudolf == [deer[0]] and state.players[0].creatures == []
    assert G.view(state, None).players[0].rudolf == 1 and of_kind(events, "tucked")[0].count == 1
    assert state.tasks[-1].kind != "tuck"


def test_only_santa_tucks_only_a_reindeer():
    state = fresh(3, level=4, givers=[GV.ODIN, GV.SANTA, GV.CHRISTKINDL])
    deer = [c for c in state.creature_main if CREATURE_OF.get(c) == C.REINDEER][:2]
    for card in deer:
        state.creature_main.remove(card)
    state.creature_main[:0] = deer
    state, _ = act(state, 0, A.Summon())
    assert A.Keep(index=0, tuck=True) not in G.legal_actions(state, 0)
    assert_refused(G, state, 0, A.Keep(index=0, tuck=True), "Santa")


@pytest.mark.parametrize("reindeer", [True, False])
def test_santa_answers_the_same_question_whatever_he_gains(reindeer):
    """Spec 2.2.1 + 6: a creature gained without a choice (here a lone summon draw) asks Santa
    the same public question whether or not it is a Reindeer; only a Reindeer may be tucked."""
    state = fresh(3, level=4, givers=[GV.SANTA, GV.ODIN, GV.CHRISTKINDL])
    pick = [c for c in state.creature_main if (CREATURE_OF.get(c) == C.REINDEER) == reindeer][0]
    state.creature_main.remove(pick)
    state.creature_bottom = []
    state.creature_main = [pick]
    state, _ = act(state, 0, A.Summon())
    assert state.tasks[-1].kind == "tuck" and G.to_decide(state) == {0}
    public = G.view(state, None)
    assert public.phase == "tuck" and "Reindeer" not in public.prompt
    legal = G.legal_actions(state, 0)
    assert legal == ([A.Tuck(yes=True), A.Tuck(yes=False)] if reindeer else [A.Tuck(yes=False)])
    if not reindeer:
        assert_refused(G, state, 0, A.Tuck(yes=True), "Reindeer")


def test_christkindl_draws_for_tomte_on_her_creature():
    state = fresh(3, level=4, givers=[GV.CHRISTKINDL, GV.ODIN, GV.SANTA])
    give_creatures(state, 0, [C.ELVES])
    give_creatures(state, 1, [C.TOMTE])
    state, _ = act(state, 0, A.PlayCreature(creature=C.ELVES))
    state, _ = act(state, 1, A.React())
    assert state.tasks[-1].kind == "christkindl" and G.to_decide(state) == {0}
    cause = G.view(state, 0).cause  # (told with her prompt: the Tomte that cancelled her Elves)
    assert cause is not None and (cause.creature, cause.by) == (C.TOMTE, 1)
    state, _ = act(state, 0, A.Decline())
    assert state.tasks[-1].kind == "turn"


def test_wolverine_against_christkindl_fulfil_gives_her_a_draw():
    state = fresh(3, level=4, givers=[GV.CHRISTKINDL, GV.ODIN, GV.SANTA])
    give_creatures(state, 1, [C.PAPA_WOLVERINE])
    give_creatures(state, 2, [C.PAPA_WOLVERINE])
    cards = give_presents(state, 0, [P.STOCKINGS, P.CAP, P.SWEATER])
    state, _ = fulfil(state, 0, "Benjamin", cards)
    assert G.to_decide(state) == {1, 2}
    state, _ = act(state, 2, A.React())
    state, _ = act(state, 1, A.React())
    assert G.to_decide(state) == {1}  # clockwise from the fulfiller
    assert state.players[1].score == 2  # Odin: +1 for a Hurtful creature
    state, _ = act(state, 1, A.WolverineTake(mask=0b11))
    assert G.to_decide(state) == {0} and state.tasks[-1].kind == "christkindl"
    state, _ = act(state, 0, A.Decline())
    assert G.to_decide(state) == {2}
    state, _ = act(state, 2, A.WolverineTake(mask=0b1))
    assert len(state.players[2].presents) == 1


# -- reaction windows -----------------------------------------------------------------------------
def test_window_skipped_without_eligible_and_clock_only_from_system():
    state = _tomte_setup()
    give_creatures(state, 0, [C.ELVES, C.KRAMPUS])
    state, _ = act(state, 0, A.Krampus(present=P.COAL))
    assert state.tasks[-1].kind == "turn" and G.timer(state) is None
    give_creatures(state, 2, [C.TOMTE])
    state, _ = act(state, 0, A.PlayCreature(creature=C.ELVES))
    assert state.tasks[-1].kind == "window"
    for seat in (0, 1, 2):
        assert A.CloseWindow() not in G.legal_actions(state, seat)
        assert_refused(G, state, seat, A.CloseWindow(), "clock")
    assert_refused(G, state, 1, A.React(), "nothing to react")
    state, _ = close(state)  # unanswered counts as PASS
    assert state.tasks[-1].kind == "elves" and state.players[2].creatures


def test_secret_window_runs_to_the_clock():
    state = fresh(
        3, level=3, givers=[GV.ODIN, GV.CHRISTKINDL, GV.SANTA], reaction_secrecy=True, reaction_seconds=30
    )
    give_creatures(state, 0, [C.KRAMPUS])
    state, events = act(state, 0, A.Krampus(present=P.COAL))
    assert state.tasks[-1].kind == "window" and G.to_decide(state) == frozenset()
    assert G.timer(state).seconds == 30
    state, _ = close(state)
    assert state.tasks[-1].kind == "turn"
    give_creatures(state, 0, [C.ELVES])
    give_creatures(state, 1, [C.TOMTE])
    state, events = act(state, 0, A.PlayCreature(creature=C.ELVES))
    assert G.view(state, None).to_decide == [] and G.view(state, 2).to_decide == []
    assert G.view(state, 1).can_react and not G.view(state, 2).can_react
    decision = state.decision
    state, events = act(state, 1, A.Pass())
    assert state.tasks[-1].kind == "window" and state.decision == decision
    assert all(not e.audience.is_public for e in events)
    state, _ = close(state)
    assert state.tasks[-1].kind == "elves"


def test_elves_with_no_present_left_say_so():
    """With the present deck and its discard empty the Elves reveal nothing: legal (their point is
    kept), but the button and the table said nothing of it."""
    state = _tomte_setup()
    give_creatures(state, 0, [C.ELVES])
    state.players[1].presents += state.present_deck + state.present_discard  # (cards kept)
    state.present_deck, state.present_discard = [], []
    elves = A.PlayCreature(creature=C.ELVES)
    label = {c.code: c.label for c in G.view(state, 0).choices}[G.encode_action(elves)]
    assert label == "Play Elves (no present left to reveal)"
    state, events = act(state, 0, elves)
    while G.timer(state) is not None:  # (the Tomte window)
        state, more = close(state)
        events += more
    (revealed,) = of_kind(events, "elves_revealed")
    assert revealed.describe(["Ann", "Ben", "Cy"]) == "The Elves find no present to reveal."


def test_starting_creatures_show_as_usable_during_the_setup():
    """Santa's setup tuck said "(usable from your next turn)" of a starting card that is usable on
    the first turn (spec 3.7)."""
    for seed in range(60):
        state = new(3, level=4, seed=seed, givers="random")
        task = state.tasks[-1] if state.tasks else None
        if state.turn_no == 0 and task is not None and task.kind == "tuck":
            view = G.view(state, task.seat)
            assert view.tuck_card is not None and view.tuck_card.usable
            assert view.creatures and all(c.usable for c in view.creatures)
            return
    raise AssertionError("no setup tuck found")


def test_midnights_final_turns_are_all_played_whatever_the_stalemate_count():
    """Spec 4.10 step 4 gives every player in the queue one complete turn; the stalemate (step 5)
    counted across Midnight ended a game one final turn early (docs/rules-decisions.md)."""
    state = fresh(3, level=1)
    state.present_deck, state.present_discard, state.offer = [], [], []  # nothing to gain
    state.midnight_turn, state.final_turns_left = state.turn_no, 3
    state.idle_turns = 2  # one more idle turn would be a whole round of them
    final_turns = []
    for _ in range(30):
        if G.outcome(state) is not None:
            break
        seat = min(G.to_decide(state))
        legal = G.legal_actions(state, seat)
        state, events = act(state, seat, next((a for a in legal if isinstance(a, A.Craft)), legal[0]))
        final_turns += [e.seat for e in of_kind(events, "turn_started") if e.final]
        assert G.view(state, None).idle_turns == 0  # (no stalemate warning after Midnight)
    assert final_turns == [1, 2, 0] and state.end_reason == "midnight"


def test_a_craft_with_nothing_to_take_is_told_as_a_pass():
    """The button read "Pass (nothing left to craft)" and the table then said "Ann chooses Craft"."""
    state = fresh(3, level=1)
    state, events = act(state, 0, A.Craft())
    (started,) = of_kind(events, "basic_started")
    assert not started.passes and "chooses" in str(started.describe(["Ann", "Ben", "Cy"]))
    state = fresh(3, level=1)
    state.present_deck, state.present_discard, state.offer = [], [], []
    state, events = act(state, 0, A.Craft())
    (started,) = of_kind(events, "basic_started")
    assert (
        started.passes
        and str(started.describe(["Ann", "Ben", "Cy"])) == "Ann passes: nothing is left to craft."
    )
