"""The Naughty or Nice renderer over many random states: Discord's limits hold, the table never
names a card in someone's hand, the private components are exactly the seat's choices (plus
Fulfill attempts the engine explains), every legal action is reachable through them, and a private
message shows its seat's hand and own decision only (nothing that changes when the others act)."""

from __future__ import annotations

import random
import re

import pytest

from bot.i18n import translated
from bot.render.base import TableContext, event_lines
from bot.render.naughty_or_nice import NaughtyOrNiceRenderer
from bot.render.naughty_or_nice_choices import sameness
from bot.render.naughty_or_nice_components import Draft, fulfil_targets, nothing_to_craft, table_choices
from bot.render.naughty_or_nice_private import GAME_OVER, IDLE_LINE, shows_decision
from games.core import SYSTEM_SEAT
from games.naughty_or_nice import NaughtyOrNice
from games.naughty_or_nice.actions import ChooseGiver, CloseWindow, EndTurn, Fulfil, Pass
from games.naughty_or_nice.data import CREATURES, KIDDOS, PRESENT_TYPE_OF, PRESENTS
from games.naughty_or_nice.events import Fulfilled, Stolen, WindowOpened
from games.naughty_or_nice.viewmodels import WindowView
from tests.bot.fakes import FakeMessage

GAME = NaughtyOrNice()
RENDER = NaughtyOrNiceRenderer()
NAMES = ["Ann", "Ben", "Cat", "Dan", "Eve"]


def _message(payload) -> FakeMessage:
    message = FakeMessage(1, 1)
    message.apply(**payload.send_kwargs())  # checks Discord's limits
    return message


def random_states(players: int, seed: int, options: dict | None = None, limit: int = 400):
    """States of a random game; a closed reaction window's clock is driven like the bot does."""
    rng = random.Random(seed)
    state = GAME.new_game(players, GAME.parse_options(options), seed)
    for _ in range(limit):
        yield state
        if GAME.outcome(state) is not None:
            return
        deciders = sorted(GAME.to_decide(state))
        if not deciders or rng.random() < 0.05 and GAME.timer(state) is not None:
            state, _ = GAME.apply(state, SYSTEM_SEAT, CloseWindow())
            continue
        seat = rng.choice(deciders)
        legal = GAME.legal_actions(state, seat)
        fulfils = [a for a in legal if isinstance(a, Fulfil)]
        action = rng.choice(fulfils) if fulfils and rng.random() < 0.5 else rng.choice(legal)
        state, _ = GAME.apply(state, seat, action)


def codes_of(message: FakeMessage) -> tuple[set[str], set[str]]:
    """(act codes, draft values) reachable with one click on the message (disabled controls
    reach nothing)."""
    acts, drafts = set(), set()
    for item in message.items():
        if getattr(item.item, "disabled", False):
            continue
        cid = item.custom_id
        kind, *_, last = cid.split(":")
        options = [o.value for o in getattr(item.item, "options", [])]
        if kind == "act":
            acts.add(last)
        elif kind == "pick":
            acts |= set(options)
        elif kind == "draft":
            drafts.add(last)
        elif kind == "dsel":
            drafts |= set(options)
    return acts, drafts


def assert_no_twins(message: FakeMessage) -> None:
    """No two choices one message offers read the same (the player could not tell them apart)."""
    buttons = [
        item.item.label
        for item in message.items()
        if item.custom_id.startswith("act:") and not getattr(item.item, "disabled", False)
    ]
    assert len(buttons) == len(set(buttons)), buttons
    for item in message.items():
        if item.custom_id.startswith("pick:"):
            labels = [o.label for o in item.item.options]
            assert len(labels) == len(set(labels)), labels


def reachable(view, ctx) -> set[str]:
    """Every action code reachable from the private message through drafts (present toggles
    not followed: checked separately)."""
    seen_drafts: set[str | None] = {None}
    todo: list[str | None] = [None]
    acts: set[str] = set()
    while todo:
        draft = todo.pop()
        message = _message(RENDER.private(view, ctx, [], draft))
        assert_no_twins(message)
        found, drafts = codes_of(message)
        acts |= found
        for d in drafts:
            if d.startswith("f") and not d.endswith(".0"):
                continue
            if d not in seen_drafts:
                seen_drafts.add(d)
                todo.append(d)
    return acts


def on_the_table(view) -> set[str]:
    """The codes the table's controls reach, or choices alike to them (the table shows twins once)."""
    shown = {code for code, _ in table_choices(view)}
    alike = {sameness(c) for c in view.choices if c.code in shown}
    return shown | {c.code for c in view.choices if sameness(c) in alike}


def check_private(state, seat: int, ctx: TableContext) -> None:
    view = GAME.view(state, seat)
    message = _message(RENDER.private(view, ctx, []))
    legal = {GAME.encode_action(a) for a in GAME.legal_actions(state, seat)}
    assert {c.code for c in view.choices} == legal
    if not legal or not shows_decision(view):
        # a decision not shown here (no edit to show it) is the table's alone: all of it is there
        text = message.embeds[0].description
        assert not message.custom_ids() and (text == IDLE_LINE or view.over and text.endswith(GAME_OVER))
        assert legal <= on_the_table(view)
        return
    acts = reachable(view, ctx)
    assert acts <= legal, "an enabled control of an illegal action (a Fulfill whose presents do not match)"
    shown = {sameness(c) for c in view.choices if c.code in acts}
    for code in legal - acts:  # a matching set beyond the shortcut select: by the toggles
        if sameness(next(c for c in view.choices if c.code == code)) in shown:
            continue  # (a choice alike to one offered: the same cards, so the same outcome)
        kind, kiddo, mask = code.split(".")
        assert kind == "fulfil", code
        draft = f"f{kiddo}.0"
        for index in range(len(view.presents)):
            if int(mask) >> index & 1:
                options = {o.value for o in _presents_select(view, ctx, draft).options}
                draft = next(v for v in options if v.startswith("f") and int(v.split(".")[1]) >> index & 1)
        assert draft == f"f{kiddo}.{mask}"
        assert code in codes_of(_message(RENDER.private(view, ctx, [], draft)))[0], "its Fulfill button"
    assert RENDER.has_private_decision(view) == bool(legal - on_the_table(view))


def _presents_select(view, ctx, draft):
    message = _message(RENDER.private(view, ctx, [], draft))
    return message.item(f"dsel:1:{ctx.decision}:presents").item


def hand_names(state, seat: int) -> list[str]:
    from games.naughty_or_nice.data import CREATURE_OF, PRESENT_TYPE_OF

    player = state.players[seat]
    return [PRESENTS[PRESENT_TYPE_OF[c]].name for c in player.presents] + [
        CREATURES[CREATURE_OF[h.card]].name for h in player.creatures
    ]


@pytest.mark.parametrize(
    "players,level,seed",
    [(2, 1, 1), (3, 2, 2), (4, 3, 3), (5, 4, 4), (2, 5, 5), (3, 5, 6), (4, 5, 7), (5, 5, 8)],
)
def test_every_state_within_limits_no_leaks_and_exact_choices(players: int, level: int, seed: int) -> None:
    for n, state in enumerate(random_states(players, seed, {"level": level})):
        ctx = TableContext(1, GAME.decision(state), NAMES[:players], "Naughty or Nice")
        public = GAME.view(state, None)
        table = _message(RENDER.table(public, ctx, []))
        table_codes, table_drafts = codes_of(table)
        assert not table_drafts
        assert_no_twins(table)
        deciders = GAME.to_decide(state)
        for code in table_codes:  # the table's choices are legal for the decider
            assert any(
                code in {GAME.encode_action(a) for a in GAME.legal_actions(state, s)} for s in deciders
            )
        if n % 3 == 0:
            for seat in range(players):
                check_private(state, seat, ctx)


def test_table_never_names_a_hidden_card() -> None:
    """The hand names never appear in the public text unless they are public anyway."""
    for state in random_states(4, 11, {"level": 5}):
        ctx = TableContext(1, GAME.decision(state), NAMES[:4], "Naughty or Nice")
        text = _message(RENDER.table(GAME.view(state, None), ctx, [])).text()
        public = GAME.view(state, None).model_dump_json()
        public += " ".join(info.name for c, info in CREATURES.items() if f'"{c.value}"' in public)
        for seat in range(4):
            for name in hand_names(state, seat):
                if name not in public:
                    assert not re.search(rf"\b{re.escape(name)}\b", text), name


@pytest.mark.parametrize("level", [1, 5])
def test_the_table_says_how_many_cards_each_hand_holds(level: int) -> None:
    """Under the picture (which leaves them out: they change with most moves)."""
    for state in random_states(3, 4, {"level": level}, limit=30):
        view = GAME.view(state, None)
        ctx = TableContext(1, GAME.decision(state), NAMES[:3], "Naughty or Nice")
        footer = RENDER.table(view, ctx, []).embeds[0].footer.text
        if view.uses_creatures:
            hands = [f"{NAMES[p.seat]} {p.presents_count}+{p.creatures_count}" for p in view.players]
            assert f"Hands (presents + creatures): {' · '.join(hands)}\n" in footer
        else:
            hands = [f"{NAMES[p.seat]} {p.presents_count}" for p in view.players]
            assert f"Hands (presents): {' · '.join(hands)}\n" in footer


def test_the_table_counts_each_deck_s_bottom_stack_apart_until_midnight() -> None:
    """Spec 2.7: the main part and the bottom stack (which holds Midnight) are shown apart; one
    merged number (the Midnight card counted in) left players unable to tell Midnight was near."""
    seen = set()
    for state in random_states(3, 5, {"level": 5}, limit=2000):
        view = GAME.view(state, None)
        ctx = TableContext(1, GAME.decision(state), NAMES[:3], "Naughty or Nice")
        footer = RENDER.table(view, ctx, []).embeds[0].footer.text
        if view.over:  # (no footer at the end: the news has its room)
            assert footer is None
            continue
        apart = f"{view.kiddo_main_size} + 🕛{view.kiddo_bottom_size} kiddos"
        if not view.midnight_revealed:
            assert apart in footer and "Midnight is in it" in footer, footer
        else:  # the cards left, without the other deck's Midnight (no longer a card to draw)
            assert "🕛" not in footer, footer
            kiddos = view.kiddo_main_size + view.kiddo_bottom_size
            kiddos -= "MIDNIGHT_KIDDO" not in view.midnights and view.kiddo_bottom_size > 0
            creatures = view.creature_main_size + view.creature_bottom_size
            creatures -= "MIDNIGHT_CREATURE" not in view.midnights and view.creature_bottom_size > 0
            assert f" {kiddos} kiddo" in footer and f" {creatures} creature" in footer, footer
            seen.add(f"{len(view.midnights)} revealed")
        seen.add(view.midnight_revealed)
    assert seen >= {False, True, "1 revealed"}


def _window_state(secret: bool):
    for seed in range(60):
        for state in random_states(4, seed, {"level": 5, "reaction_secrecy": secret}, limit=600):
            if GAME.view(state, None).window is not None and GAME.to_decide(state):
                return state
    raise AssertionError("no reaction window found")


@pytest.mark.parametrize("secret", [False, True])
def test_reaction_window_table_and_prompt(secret: bool) -> None:
    state = _window_state(secret)
    eligible = sorted(GAME.to_decide(state))
    ctx = TableContext(1, GAME.decision(state), NAMES[:4], "Naughty or Nice", deadline=1_700_000_000.0)
    message = _message(RENDER.table(GAME.view(state, None), ctx, []))
    table, headline = message.text(), message.embeds[0].description
    assert "Reaction window open" in table and "<t:1700000000:R>" in table
    for seat in eligible:
        assert NAMES[seat] not in headline  # spec 5.1: the table never says who may react
        view = GAME.view(state, seat)
        assert RENDER.has_private_decision(view)
        private = _message(RENDER.private(view, ctx, []))
        assert {cid.split(":")[-1] for cid in private.custom_ids()} == {"react", "pass"}
        assert "React" in private.text() and "<t:1700000000:R>" in private.text()
    for seat in set(range(4)) - set(eligible):
        assert not _message(RENDER.private(GAME.view(state, seat), ctx, [])).custom_ids()


def test_a_reaction_prompt_says_whom_the_creature_is_played_on() -> None:
    """A player asked whether to cancel a creature must know it is played on them (or whom, or
    which kiddo it takes, or whose slot Caga Tió covers: "taking" read as if the kiddo went), as
    the table said when it was played."""
    said: set[str] = set()
    for seed in range(80):
        for state in random_states(4, seed, {"level": 5}, limit=600):
            window = GAME.view(state, None).window
            if window is None or window.reaction.value != "TOMTE" or not GAME.to_decide(state):
                continue
            played = next(t for t in reversed(state.tasks) if t.kind == "resolve")
            if played.seat != window.mover:
                continue
            ctx = TableContext(1, GAME.decision(state), NAMES[:4], "Naughty or Nice")
            for seat in GAME.to_decide(state):
                text = _message(RENDER.private(GAME.view(state, seat), ctx, [])).text()
                if played.target == seat:
                    assert " on you: cancel" in text, text
                    said.add("you")
                elif played.target >= 0:
                    assert f" on {NAMES[played.target]}: cancel" in text, text
                    said.add("them")
                elif played.kiddo is not None and played.creature.value == "CAGA_TIO":  # (not taken)
                    assert f"covering a slot of {KIDDOS[played.kiddo].name}: cancel" in text, text
                    said.add("slot")
                elif played.kiddo is not None:
                    assert f"taking {KIDDOS[played.kiddo].name}: cancel" in text, text
                    said.add("kiddo")
        if len(said) == 4:
            break
    assert said == {"you", "them", "kiddo", "slot"}, said


def test_a_tomte_answering_a_tomte_says_what_the_chain_is_about() -> None:
    """ "Dasher plays Tomte: cancel its effect?" left the player asking which creature the chain was
    about and whether answering would help it or hurt it."""
    from games.naughty_or_nice.actions import Krampus, React
    from games.naughty_or_nice.data import Creature, Giver, PresentType
    from tests.games.naughty_or_nice.helpers import act, fresh, give_creatures, give_presents

    state = fresh(3, level=3, givers=[Giver.CHRISTKINDL, Giver.ODIN, Giver.SANTA])
    give_creatures(state, 0, [Creature.KRAMPUS, Creature.TOMTE])
    give_creatures(state, 1, [Creature.TOMTE])
    give_creatures(state, 2, [Creature.TOMTE])
    give_presents(state, 2, [PresentType.COAL])
    state, _ = act(state, 0, Krampus(present=PresentType.COAL))
    state, _ = act(state, 2, Pass())
    state, _ = act(state, 1, React())  # Ben's Tomte: Ann's Krampus is cancelled...
    ctx = TableContext(1, GAME.decision(state), NAMES[:3], "Naughty or Nice")
    prompt = {seat: _message(RENDER.private(GAME.view(state, seat), ctx, [])).text() for seat in (0, 2)}
    assert "Ben plays Tomte: your Krampus is cancelled unless you cancel that Tomte." in prompt[0]
    assert "Ben plays Tomte: Ann's Krampus is cancelled unless you cancel that Tomte." in prompt[2]
    state, _ = act(state, 2, Pass())
    state, _ = act(state, 0, React())  # ... unless Ann answers: then it takes effect again
    assert GAME.to_decide(state) == {2}
    ctx = TableContext(1, GAME.decision(state), NAMES[:3], "Naughty or Nice")
    text = _message(RENDER.private(GAME.view(state, 2), ctx, [])).text()
    assert "Ann plays Tomte: Ann's Krampus takes effect unless you cancel that Tomte." in text


def test_forged_or_stale_drafts_are_ignored() -> None:
    for state in random_states(3, 21, {"level": 5}):
        view = GAME.view(state, state.turn.seat) if state.turn else None
        if view is not None and view.phase == "turn" and view.basic_taken is None and view.presents:
            break
    ctx = TableContext(1, GAME.decision(state), NAMES[:3], "Naughty or Nice")
    plain = _message(RENDER.private(view, ctx, [])).custom_ids()
    for forged in ("fK99.1", "fK01.999999999", "gNOPE", "zzz", "f.1", "home"):
        draft = Draft.parse(forged, view)
        if forged == "fK01.999999999" and "K01" in fulfil_targets(view):
            assert draft.mask == 0
            continue
        assert draft == Draft(), forged
        assert _message(RENDER.private(view, ctx, [], forged)).custom_ids() == plain
    other = next(s for s in range(3) if s != view.seat)
    kiddo = view.playground[0].id
    assert Draft.parse(f"f{kiddo}.1", GAME.view(state, other)) == Draft()  # not their move


def test_a_creatures_target_select_names_only_the_targets() -> None:
    """Its placeholder says what the creature does ("Krampus: name a present type"): the options
    are the present types, kiddos or players, not "Play Krampus naming ..." twelve times over."""
    kiddos = {KIDDOS[k].name for k in KIDDOS}
    presents = {PRESENTS[p].name for p in PRESENTS}
    seen: dict[str, set[str]] = {}
    for seed in range(12):
        for state in random_states(3, seed, {"level": 5}):
            for seat in GAME.to_decide(state):
                view = GAME.view(state, seat)
                ctx = TableContext(1, GAME.decision(state), NAMES[:3], "Naughty or Nice")
                _acts, drafts = codes_of(_message(RENDER.private(view, ctx, [])))
                for draft in [None, *(d for d in drafts if d.startswith("g"))]:
                    for item in _message(RENDER.private(view, ctx, [], draft)).items():
                        placeholder = getattr(item.item, "placeholder", None) or ""
                        if item.custom_id.endswith(":target") and not placeholder.startswith("Santa"):
                            seen.setdefault(placeholder, set()).update(o.label for o in item.item.options)
    krampus, mrs_claus = seen.get("Krampus: name a present type"), seen.get("Mrs. Claus: take a kiddo")
    assert krampus and krampus <= presents
    assert mrs_claus and mrs_claus <= kiddos
    for placeholder, labels in seen.items():
        assert not [label for label in labels if label.startswith(("Play ", "Discard "))], placeholder


GIVER_GROUPS = ("Santa:", "La Befana:")


def test_the_select_of_creatures_says_when_it_holds_santas_search_too() -> None:
    """Santa's start-of-turn search is not a creature: "Play a creature on..." named only
    creatures while the options began with "Santa: search..." too (La Befana's discard too)."""
    placeholders: dict[str | None, set[str]] = {}
    for seed in range(12):
        for state in random_states(3, seed, {"level": 5}):
            for seat in GAME.to_decide(state):
                ctx = TableContext(1, GAME.decision(state), NAMES[:3], "Naughty or Nice")
                for item in _message(RENDER.private(GAME.view(state, seat), ctx, [])).items():
                    if item.custom_id.endswith(":creature"):
                        labels = [o.label for o in item.item.options]
                        giver = next((x.split(":")[0] for x in labels if x.startswith(GIVER_GROUPS)), None)
                        placeholders.setdefault(giver, set()).add(item.item.placeholder)
    assert placeholders == {
        "Santa": {"Santa's search, or play a creature..."},
        "La Befana": {"La Befana's discard, or play a creature..."},
        None: {"Play a creature on..."},
    }


def test_after_midnight_santas_search_is_one_choice_that_says_it_scores() -> None:
    """After Midnight every source of Santa's search scores +1 alike (spec 2.2.1): the DM offered
    "Santa: search the creature deck", "... discard", "... deck's bottom", each finding nothing."""
    from games.naughty_or_nice.data import Giver, PresentType
    from tests.games.naughty_or_nice.helpers import fresh, give_presents

    state = fresh(3, level=4, givers=[Giver.SANTA, Giver.ODIN, Giver.CHRISTKINDL])
    state.midnight_turn, state.final_turns_left = 0, 3
    give_presents(state, 0, [PresentType.TEDDY_BEAR, PresentType.TEDDY_BEAR])
    ctx = TableContext(1, GAME.decision(state), NAMES[:3], "Naughty or Nice")
    message = _message(RENDER.private(GAME.view(state, 0), ctx, []))
    options = [o.label for item in message.items() for o in getattr(item.item, "options", [])]
    santa = [label for label in options if "Santa" in label or "Teddy" in label]
    assert santa == ["Discard 2 × Teddy Bear: +1 point (a search after Midnight)"], options
    assert "search the creature" not in message.text() + " ".join(options)


def test_events_and_ending_text() -> None:
    states = list(random_states(3, 5, {"level": 5}, limit=3000))
    final = states[-1]
    assert GAME.outcome(final) is not None
    view = GAME.view(final, None)
    ctx = TableContext(1, GAME.decision(final), NAMES[:3], "Naughty or Nice")
    end = RENDER.ending(view, ctx, "summary")
    for player in view.players:
        assert f"{NAMES[player.seat]}: **{player.score}**" in end
        assert "fulfilled" in end
    assert any(NAMES[s] in end.split("\n")[0] for s in view.winners)
    events = [
        WindowOpened(reaction="TOMTE", seconds=15),
        Fulfilled(seat=0, kiddo="K01", cards=["P05"], points=2),
    ]
    table = _message(RENDER.table(view, ctx, events)).text()
    assert "What just happened" in table and "Amara" in table


def _others_acted(view, seat: int, rng: random.Random):
    """The same private view after public changes the other players make: the playground, the offer
    row, the piles, the scores and collections, whose turn and phase, who is still to decide (or
    eligible to react), the Elves' cards and the given presents."""
    others = [s for s in range(view.num_players) if s != seat]
    players = [p.model_copy(update={"score": p.score + 7, "kiddos": p.kiddos[1:]}) for p in view.players]
    return view.model_copy(
        update={
            "playground": view.playground[1:][::-1],
            "offer": view.offer[:1],
            "present_deck_size": view.present_deck_size + 3,
            "present_discard": [],
            "creature_discard": [],
            "kiddo_main_size": 0,
            "players": players,
            "to_decide": rng.sample(others, rng.randint(0, len(others))),
            "active_seat": rng.choice(others),
            # (the gift givers' choice ends with the deal, which changes the hand: not this)
            "phase": view.phase
            if view.phase == "giver_choice"
            else rng.choice(["turn", "craft", "window", "elves", "keep"]),
            "basic_taken": rng.choice([None, "CRAFT"]),
            "window": rng.choice(
                [
                    None,
                    WindowView(
                        reaction="TOMTE",
                        subject="ELVES",
                        mover=others[0],
                        seconds=15,
                        secret=rng.random() < 0.5,
                    ),
                ]
            ),
            "elves_revealed": view.offer,
            "batch": view.offer,
            "fulfil": None,
        }
    )


@pytest.mark.parametrize("players,level,seed", [(2, 1, 31), (3, 4, 32), (5, 5, 33), (4, 5, 34)])
def test_private_message_of_a_seat_with_nothing_to_decide_does_not_change_when_others_act(
    players: int, level: int, seed: int
) -> None:
    """A seat with no decision shown in its message (it decides nothing, or only on the table: the
    gift giver, End turn) sees its hand and one fixed line: nothing on its message depends on
    the public state anyone changes (so it is never edited for them, nor when a table decision
    of its own begins or ends), nor on who else may react in a window. A seat that decides in
    its message sees its own decision."""
    rng = random.Random(seed)
    idle = own = 0
    for state in random_states(players, seed, {"level": level, "reaction_secrecy": seed % 2 == 0}):
        ctx = TableContext(1, GAME.decision(state), NAMES[:players], "Naughty or Nice")
        for seat in range(players):
            view = GAME.view(state, seat)
            payload = RENDER.private(view, ctx, [])
            text = _message(payload).text()
            assert "Playground" not in text and "Offer row" not in text or seat in view.to_decide
            if view.over:
                continue
            if not shows_decision(view):
                idle += 1
                assert payload.embeds[0].description == IDLE_LINE and not payload.view
                for _ in range(2):
                    again = RENDER.private(_others_acted(view, seat, rng), ctx, [])
                    assert again.digest() == payload.digest()
                continue
            own += 1
            assert payload.embeds[0].description != IDLE_LINE and payload.view is not None
            if view.phase == "turn":
                assert payload.embeds[0].description.startswith("**Your turn:**")
            if view.window is not None:  # the prompt does not depend on who else may react
                alone = view.model_copy(update={"to_decide": [seat]})
                assert RENDER.private(alone, ctx, []).digest() == payload.digest()
    assert idle > 50 and own > 50


def test_a_stalemate_ending_says_what_happened() -> None:
    """Spec 4.10.5: a whole round with no card gained and no kiddo taken ends the game. Players
    who could still act read why it ended (not "nobody could act")."""
    state = GAME.new_game(3, GAME.parse_options({"level": "1"}), 7)
    for _ in range(200):
        if GAME.outcome(state) is not None:
            break
        seat = min(GAME.to_decide(state))
        legal = GAME.legal_actions(state, seat)
        idle = [a for a in legal if isinstance(a, (EndTurn, Pass, ChooseGiver))]
        state, _ = GAME.apply(state, seat, (idle or legal)[0])
    assert GAME.outcome(state) is not None and state.end_reason == "stalemate"
    view = GAME.view(state, 0)
    ctx = TableContext(1, GAME.decision(state), NAMES[:3], "Naughty or Nice")
    text = RENDER.ending(view, ctx, "")
    assert "A whole round went by with no card gained and no kiddo taken." in text, text
    outcome = GAME.outcome(state)
    assert outcome is not None and "a whole round with nothing gained" in str(outcome.summary)


def test_a_steal_names_its_private_reader_you() -> None:
    card = next(iter(PRESENT_TYPE_OF))
    present = PRESENTS[PRESENT_TYPE_OF[card]].name
    steal = Stolen(thief=0, victim=1, cards=[card])
    names = ["Ann", "Bob", "Cy"]
    assert event_lines([steal], names, reader=0) == f"- You stole {present} from Bob."
    assert event_lines([steal], names, reader=1) == f"- Ann stole {present} from you."
    assert event_lines([steal], names) == f"- Ann stole {present} from Bob."
    cards = list(PRESENT_TYPE_OF)[:3]  # several: "X, Y and Z" (it read "X, Y, Z")
    named = [PRESENTS[PRESENT_TYPE_OF[c]].name for c in cards]
    steal = Stolen(thief=0, victim=1, cards=cards)
    assert (
        event_lines([steal], names, reader=1)
        == f"- Ann stole {named[0]}, {named[1]} and {named[2]} from you."
    )


@pytest.mark.parametrize("players,seed", [(2, 3), (3, 4), (4, 9)])
def test_every_private_message_at_the_end_says_who_won_and_its_points(players: int, seed: int) -> None:
    *_, state = random_states(players, seed, {"level": 2}, limit=5000)
    assert GAME.outcome(state) is not None
    ctx = TableContext(1, GAME.decision(state), NAMES[:players], "Naughty or Nice")
    winners = GAME.view(state, None).winners
    for seat in range(players):
        view = GAME.view(state, seat)
        text = _message(RENDER.private(view, ctx, [])).embeds[0].description
        score = next(p.score for p in view.players if p.seat == seat)
        assert f"You scored {score} point" in text, text
        if winners == [seat]:
            assert text.startswith("**You win!**"), text
        else:
            assert "You win" not in text and all(NAMES[w] in text for w in winners if w != seat), text


def test_a_player_s_last_turn_says_so_in_private() -> None:
    """After Midnight each player has one turn more: the table said "(final turn)", the private
    message only "Your turn"."""
    seen = set()
    for seed in range(6):
        for state in random_states(3, seed, {"level": 5}, limit=3000):
            if state.turn is None or GAME.view(state, None).phase != "turn":
                continue
            view = GAME.view(state, state.turn.seat)
            if view.basic_taken is not None or not shows_decision(view):
                continue
            ctx = TableContext(1, GAME.decision(state), NAMES[:3], "Naughty or Nice")
            text = _message(RENDER.private(view, ctx, [])).text()
            last = state.final_turns_left is not None and state.midnight_turn != state.turn_no
            assert ("this is your last turn" in text) == last, text
            seen.add(last)
        if seen == {False, True}:
            break
    assert seen == {False, True}


def test_news_and_prompts_say_each_thing_once_and_right() -> None:
    """ "You stole Reindeer from Vixen." was followed by "You gain Reindeer."; a Cringe that took
    nothing said "steals 0 creatures"; a Craft said "take 2 more" before any was taken."""
    from games.naughty_or_nice.data import LEVELS
    from games.naughty_or_nice.events import CreatureGained, Stole

    nothing = Stole(thief=0, victim=1, what="creature", count=0)
    assert nothing.describe(NAMES) == "Ann steals nothing from Ben."
    seen = set()
    for state in random_states(3, 2, {"level": 5}, limit=1500):
        view = GAME.view(state, 0)
        if view.phase == "craft" and view.seat in view.to_decide:
            ctx = TableContext(1, GAME.decision(state), NAMES[:3], "Naughty or Nice")
            text = _message(RENDER.private(view, ctx, [])).text()
            first = view.craft_remaining == LEVELS[view.level].craft_draws
            assert (" more present" not in text) == first, text
            seen.add(first)
        if view.creatures and view.phase == "turn":
            card = view.creatures[0].id
            ctx = TableContext(1, GAME.decision(state), NAMES[:3], "Naughty or Nice")
            news = [Stolen(thief=0, victim=1, cards=[card]), CreatureGained(seat=0, card=card)]
            text = _message(RENDER.private(view, ctx, news)).text()
            assert "You stole" in text and "You gain" not in text, text
            seen.add("stolen")
    assert seen == {True, False, "stolen"}, seen


def test_the_fulfill_screen_says_when_the_hand_cannot_finish_and_the_news_when_it_is_cut() -> None:
    """ "Still needed: blue. Add presents below." with no blue present in the hand (after a Caga
    Tió, say) left the player looking for what was not there; the table's news dropped older
    lines without a word."""
    from bot.render.naughty_or_nice import NEWS_LINES, table_news
    from bot.render.naughty_or_nice_prompts import fulfil_headline
    from games.naughty_or_nice.events import Stole

    seen = set()
    for state in random_states(3, 5, {"level": 5}, limit=800):
        if state.turn is None:
            continue
        view = GAME.view(state, state.turn.seat)
        for kiddo in [k for k in view.playground if k.id in fulfil_targets(view)]:
            draft = Draft.parse(f"f{kiddo.id}.0", view)
            held = {p.colour for p in view.presents}
            said = "your hand has no" in fulfil_headline(view, draft)
            assert said == any(colour not in held for colour in kiddo.colours)
            # the same hand without the presents of one wanted colour (as after a Caga Tió)
            gone = kiddo.colours[0]
            kept = [p for p in view.presents if p.colour != gone]
            text = fulfil_headline(view.model_copy(update={"presents": kept}), draft)
            assert "your hand has no" in text, text
            if view.choices:  # with a Caga Tió to play on it, the line says it can cover a slot
                caga = view.choices[0].model_copy(update={"code": f"caga.{kiddo.id}.{gone.value}"})
                helped = view.model_copy(update={"presents": kept, "choices": [*view.choices, caga]})
                assert "but Caga Tió can cover a slot (below)." in fulfil_headline(helped, draft)
            seen.add(kiddo.id)
    assert seen
    # a Jólakötturinn's own player may lose points to it: told (its +1 is in the play's line)
    from games.naughty_or_nice.data import Creature
    from games.naughty_or_nice.events import CreaturePlayed, Scored

    cat = [
        CreaturePlayed(seat=0, creature=Creature.JOLAKOTTURINN, points=1),
        Scored(seat=0, points=1, reason="creatures"),
        Scored(seat=0, points=-3, reason="Jólakötturinn"),
        Scored(seat=1, points=-3, reason="Jólakötturinn"),
    ]
    losses = ["- Ann -3 (Jólakötturinn).", "- Ben -3 (Jólakötturinn)."]
    assert table_news(cat, NAMES).splitlines()[1:] == losses
    # in private, a loss to another player's cat says whose it was
    told = [translated(e.describe_to(NAMES, e.seat)) for e in cat[2:]]
    assert told == ["You lose 3 points (Jólakötturinn)."] * 2
    theirs = cat[3].model_copy(update={"by": 0})
    assert translated(theirs.describe_to(NAMES, 1)) == "You lose 3 points (Ann's Jólakötturinn)."
    # and whose cat it was reads whom it cost (nothing else told them)
    assert GAME.done_to(theirs) == {0, 1}
    assert translated(theirs.describe_to(NAMES, 0)) == "Ben loses 3 points (your Jólakötturinn)."
    assert translated(theirs.describe_to(NAMES, 2)) == "Ben -3 (Jólakötturinn)."
    own = cat[2].model_copy(update={"by": 0})
    assert translated(own.describe_to(NAMES, 0)) == "You lose 3 points (your Jólakötturinn)."
    from games.naughty_or_nice.events import NothingToLose

    broke = NothingToLose(seat=1, reason="Jólakötturinn", by=0)  # (at 0 points: told in private too)
    assert GAME.done_to(broke) == {0, 1}
    assert translated(broke.describe_to(NAMES, 1)) == "You have no points to lose (Ann's Jólakötturinn)."
    assert translated(broke.describe_to(NAMES, 0)) == "Ben has no points to lose (your Jólakötturinn)."
    many = [Stole(thief=0, victim=1, what="present", count=n + 1) for n in range(NEWS_LINES + 2)]
    lines = table_news(many, NAMES).splitlines()
    assert lines[0] == "- ... (more in /log)" and len(lines) == NEWS_LINES + 1
    assert table_news(many[:NEWS_LINES], NAMES).splitlines()[0] != "- ... (more in /log)"


def test_the_turn_says_which_wishes_the_hand_can_fulfill_with_its_caga_tios() -> None:
    """ "Your hand can't fulfill any wish yet." with a Caga Tió in hand that makes one fulfillable
    sent the player hunting: the turn and the kiddo select say what Caga Tió makes possible."""
    from games.naughty_or_nice.data import Creature, Giver, PresentType
    from tests.games.naughty_or_nice.helpers import fresh, give_creatures, give_presents, kid, set_playground

    state = fresh(3, level=3, givers=[Giver.CHRISTKINDL, Giver.ODIN, Giver.SANTA])
    give_presents(state, 0, [PresentType.STOCKINGS, PresentType.CAP])
    set_playground(state, [kid("Benjamin"), kid("Amara"), kid("Lukas")])  # RRR, RB, BB
    state.kiddo_main += state.playground[3:]
    del state.playground[3:]
    give_creatures(state, 0, [Creature.CAGA_TIO])
    ctx = TableContext(1, GAME.decision(state), NAMES[:3], "Naughty or Nice")
    message = _message(RENDER.private(GAME.view(state, 0), ctx, []))
    assert "With Caga Tió, your hand can fulfill: Benjamin, Amara." in message.text()
    hints = {o.label: o.description for o in message.item(f"dsel:1:{ctx.decision}:kiddo").item.options}
    assert [hints[label] for label in hints] == ["Your hand can fulfill this wish with Caga Tió"] * 2 + [None]
    give_presents(state, 0, [PresentType.SWEATER])
    message = _message(RENDER.private(GAME.view(state, 0), ctx, []))
    assert "Your hand can fulfill: Benjamin; with Caga Tió: Amara." in message.text()


def test_a_caga_tio_that_leaves_the_wish_unfinishable_says_so() -> None:
    """Caga Tió on Diego's blue slot, with no black present in hand: legal (its point is kept), but
    the Fulfill can then only be abandoned, and the card is spent. The menu said nothing."""
    from games.naughty_or_nice.data import Creature, Giver, PresentType
    from tests.games.naughty_or_nice.helpers import fresh, give_creatures, give_presents, kid, set_playground

    state = fresh(3, level=3, givers=[Giver.CHRISTKINDL, Giver.ODIN, Giver.SANTA])
    give_presents(state, 0, [PresentType.BEIGLI, PresentType.STOCKINGS])
    give_creatures(state, 0, [Creature.CAGA_TIO])
    set_playground(state, [kid("Diego")])  # black, blue, red
    ctx = TableContext(1, GAME.decision(state), NAMES[:3], "Naughty or Nice")
    message = _message(RENDER.private(GAME.view(state, 0), ctx, [], f"f{kid('Diego')}.0"))
    quick = message.item(f"pick:1:{ctx.decision}:quick").item
    assert quick.placeholder == "Or pick a matching set or a Caga Tió..."
    hints = {o.label: o.description for o in quick.options}
    assert hints == {
        "Caga Tió: cover a black slot of Diego": None,
        "Caga Tió: cover a blue slot of Diego": "Your hand can't finish this wish after it",
        "Caga Tió: cover a red slot of Diego": "Your hand can't finish this wish after it",
    }


def test_ded_moroz_s_own_snow_maiden_says_how_many_repeats_are_left() -> None:
    """His own Snow Maiden repeats twice: the prompt looked the same both times, and the table said
    "Snow Maiden: Ann takes no other basic action." twice in a row, like a bug."""
    from games.naughty_or_nice.actions import Craft, Decline, PlayCreature, TakePresent
    from games.naughty_or_nice.data import Creature, Giver
    from games.naughty_or_nice.events import Declined
    from tests.games.naughty_or_nice.helpers import act, fresh, give_creatures

    state = fresh(3, level=4, givers=[Giver.DED_MOROZ, Giver.ODIN, Giver.CHRISTKINDL])
    give_creatures(state, 0, [Creature.SNOW_MAIDEN, Creature.TOMTE])  # (Tomte: the turn waits)
    for action in (Craft(), TakePresent(source=-1), TakePresent(source=-1)):
        state, _ = act(state, 0, action)
    state, _ = act(state, 0, PlayCreature(creature=Creature.SNOW_MAIDEN))
    said = []
    for _ in range(2):
        ctx = TableContext(1, GAME.decision(state), NAMES[:3], "Naughty or Nice")
        said.append(_message(RENDER.private(GAME.view(state, 0), ctx, [])).text())
        state, events = act(state, 0, Decline())
        said.append(next(e for e in events if isinstance(e, Declined)).describe(NAMES))
    assert "you may take **Craft** now, below, or decline. Then 1 more repeat." in said[0]
    assert said[1] == "Snow Maiden: Ann skips a repeat (1 more to take or skip)."
    assert "you may take **Craft** now, below, or decline." in said[2] and "more repeat" not in said[2]
    assert said[3] == "Snow Maiden: Ann takes no other basic action."


def test_a_snow_maiden_repeat_with_nothing_to_craft_names_the_pass_its_button_shows() -> None:
    """With the presents all gone, a Snow Maiden's Craft repeat said "you may take **Craft** now,
    below" over a button that reads "Pass (nothing left to craft)"."""
    from games.naughty_or_nice.actions import Craft, PlayCreature, TakePresent
    from games.naughty_or_nice.data import Creature, Giver
    from tests.games.naughty_or_nice.helpers import act, fresh, give_creatures

    state = fresh(3, level=4, givers=[Giver.DED_MOROZ, Giver.ODIN, Giver.CHRISTKINDL])
    give_creatures(state, 0, [Creature.SNOW_MAIDEN, Creature.TOMTE])
    for action in (Craft(), TakePresent(source=-1), TakePresent(source=-1)):
        state, _ = act(state, 0, action)
    state, _ = act(state, 0, PlayCreature(creature=Creature.SNOW_MAIDEN))
    state.present_deck, state.present_discard, state.offer = [], [], []
    ctx = TableContext(1, GAME.decision(state), NAMES[:3], "Naughty or Nice")
    message = _message(RENDER.private(GAME.view(state, 0), ctx, []))
    assert "nothing is left to craft: **Pass** below, or decline." in message.text()
    assert "**Craft**" not in message.text()
    assert "Pass (nothing left to craft)" in [getattr(i.item, "label", None) for i in message.items()]


def test_the_papa_wolverine_prompt_shows_the_presents_it_would_take() -> None:
    """ "Jingle fulfilled a wish: take up to 2 of its presents?" named none: a phone player had to
    go to the channel to see whether they were worth a Papa Wolverine."""
    for seed in range(80):
        for state in random_states(3, seed, {"level": 5}, limit=800):
            view = GAME.view(state, None)
            if view.window is None or view.window.reaction.value != "PAPA_WOLVERINE":
                continue
            seat = min(GAME.to_decide(state))
            mine = GAME.view(state, seat)
            ctx = TableContext(1, GAME.decision(state), NAMES[:3], "Naughty or Nice")
            message = _message(RENDER.private(mine, ctx, []))
            field = next(f for f in message.embeds[0].fields if f.name == "Presents just given")
            assert all(PRESENTS[PRESENT_TYPE_OF[p.id]].name in field.value for p in mine.batch)
            return
    raise AssertionError("no Papa Wolverine window found")


def test_the_elves_prompt_says_whose_elves_they_are() -> None:
    seen = set()
    for seed in range(40):
        for state in random_states(3, seed, {"level": 5}, limit=600):
            view = GAME.view(state, None)
            if view.phase != "elves":
                continue
            (picker,) = GAME.to_decide(state)
            ctx = TableContext(1, GAME.decision(state), NAMES[:3], "Naughty or Nice")
            text = _message(RENDER.private(GAME.view(state, picker), ctx, [])).text()
            if picker == view.active_seat:
                assert "**Your Elves:** pick one of the revealed presents below." in text, text
                seen.add("own")
            else:
                assert f"**{NAMES[view.active_seat]}'s Elves:** pick one" in text, text
                seen.add("other")
        if seen == {"own", "other"}:
            return
    raise AssertionError(f"Elves picks seen: {seen}")


def test_the_final_turns_count_down_after_midnight() -> None:
    """ "4 final turns left" was said in the turn Midnight struck and again in the next one (the
    first counted the turns after it, the second itself too)."""
    said: list[tuple[int, str]] = []
    for state in random_states(4, 9, {"level": 4}, limit=3000):
        view = GAME.view(state, None)
        if not view.midnight_revealed or view.over:
            continue
        ctx = TableContext(1, GAME.decision(state), NAMES[:4], "Naughty or Nice")
        line = next(
            line for line in _message(RENDER.table(view, ctx, [])).text().splitlines() if "Midnight" in line
        )
        if not said or said[-1] != (view.turn_no, line):
            said.append((view.turn_no, line))
    turns = [line for _, line in said]
    assert turns[0].endswith("Midnight has struck! 4 final turns after this one."), turns
    assert turns[1:] == [
        "🕛 Midnight has struck! Final turns: this one and 3 more.",
        "🕛 Midnight has struck! Final turns: this one and 2 more.",
        "🕛 Midnight has struck! Final turns: this one and 1 more.",
        "🕛 Midnight has struck! This is the last turn.",
    ], turns


def test_a_steal_target_with_nothing_to_steal_says_so() -> None:
    from games.naughty_or_nice.data import Creature, Giver, PresentType
    from tests.games.naughty_or_nice.helpers import fresh, give_creatures, give_presents

    state = fresh(3, level=3, givers=[Giver.CHRISTKINDL, Giver.ODIN, Giver.SANTA])
    give_creatures(state, 0, [Creature.MARI_LWYD, Creature.CRINGE])
    give_creatures(state, 1, [Creature.TOMTE])
    give_presents(state, 2, [PresentType.COAL])
    ctx = TableContext(1, GAME.decision(state), NAMES[:3], "Naughty or Nice")
    view = GAME.view(state, 0)
    hints = {}
    for group in ("MARI_LWYD", "CRINGE"):
        message = _message(RENDER.private(view, ctx, [], f"g{group}"))
        select = message.item(f"pick:1:{ctx.decision}:target").item
        hints[group] = {o.label: o.description for o in select.options}
    assert hints["MARI_LWYD"] == {"Ben": None, "Cat": "No creature in hand: nothing to steal"}
    assert hints["CRINGE"] == {"Ben": "No present in hand: nothing to steal", "Cat": None}


def test_the_table_warns_while_turns_go_by_with_nothing_gained() -> None:
    """A whole round with no card gained nor kiddo taken ends the game (spec 4.10 step 5): it came
    with no warning, with cards still in the decks. Once the turn being played gains something,
    the warning goes (it stood under "Dasher takes Sweater"); after a single such turn it waits
    unless one more would end the game (a skipped turn with full decks read as an alarm)."""
    for players in (2, 3):
        seen, gaining = set(), 0
        for seed in range(40):
            for state in random_states(players, seed, {"level": 3}, limit=1500):
                view = GAME.view(state, None)
                if view.over:
                    continue
                ctx = TableContext(1, GAME.decision(state), NAMES[:players], "Naughty or Nice")
                text = _message(RENDER.table(view, ctx, [])).text()
                warned = "No card gained nor kiddo taken for" in text
                idle, left = view.idle_turns, players - view.idle_turns
                assert warned == (idle >= 2 or (idle > 0 and left == 1)), text
                assert not (warned and state.progress), text  # (not under a card this turn just took)
                if warned:
                    assert f"the game ends after {left} more like it." in text, text
                for seat in view.to_decide:  # the player whose turn may end it reads it in private too
                    mine = _message(RENDER.private(GAME.view(state, seat), ctx, [])).text()
                    mine_now = view.phase == "turn" and seat == view.active_seat and view.basic_taken is None
                    shown = shows_decision(GAME.view(state, seat))  # (else it reads the table's)
                    last = left == 1 and idle > 0 and mine_now and shown and nothing_to_craft(view)
                    assert ("If this turn gains no card and takes no kiddo, the game ends." in mine) == last
                seen.add(idle)
                gaining += state.progress and state.idle_turns > 0
            if 1 in seen and gaining:
                break
        else:
            raise AssertionError(f"{players} players: idle turns seen {seen}, gaining {gaining}")


def test_the_idle_warning_counts_down_before_midnight_and_is_gone_after_it() -> None:
    """Random play rarely idles a whole round before Midnight (the decks are full): here nothing
    is left to gain. After Midnight the final turns end the game, never a stalemate (spec 4.10,
    docs/rules-decisions.md), so the warning is not shown then."""
    from games.naughty_or_nice.actions import Craft
    from tests.games.naughty_or_nice.helpers import fresh

    for midnight in (False, True):
        state = fresh(3, level=1)
        state.present_deck, state.present_discard, state.offer = [], [], []
        if midnight:
            state.midnight_turn, state.final_turns_left = state.turn_no, 3
        warnings = []
        while GAME.outcome(state) is None:
            ctx = TableContext(1, GAME.decision(state), NAMES[:3], "Naughty or Nice")
            text = _message(RENDER.table(GAME.view(state, None), ctx, [])).text()
            warnings += [line for line in text.splitlines() if "No card gained" in line]
            seat = min(GAME.to_decide(state))
            legal = GAME.legal_actions(state, seat)
            state, _ = GAME.apply(state, seat, next((a for a in legal if isinstance(a, Craft)), legal[0]))
        if midnight:
            assert not warnings and state.end_reason == "midnight"
        else:
            assert state.end_reason == "stalemate"
            assert any("for 2 turns in a row: the game ends after 1 more like it." in w for w in warnings)


def test_christkindl_and_ded_moroz_prompts_say_what_set_them_off() -> None:
    """ "Ded Moroz: you may take a basic action now" and "Christkindl: you may draw a present" came
    out of nowhere in a private message: the creature that set them off was told on the table
    only, maybe lines ago."""
    from games.naughty_or_nice.actions import Craft, Decline, PlayCreature, TakePresent
    from games.naughty_or_nice.data import Creature, Giver
    from tests.games.naughty_or_nice.helpers import act, fresh, give_creatures

    state = fresh(3, level=4, givers=[Giver.ODIN, Giver.DED_MOROZ, Giver.CHRISTKINDL])
    give_creatures(state, 0, [Creature.SNOW_MAIDEN, Creature.JOLAKOTTURINN, Creature.TOMTE])
    for action in (Craft(), TakePresent(source=-1), TakePresent(source=-1)):
        state, _ = act(state, 0, action)

    def prompt(seat: int) -> str:
        ctx = TableContext(1, GAME.decision(state), NAMES[:3], "Naughty or Nice")
        return _message(RENDER.private(GAME.view(state, seat), ctx, [])).text()

    state, _ = act(state, 0, PlayCreature(creature=Creature.SNOW_MAIDEN))
    state, _ = act(state, 0, Decline())  # (the Snow Maiden's repeat; then Ded Moroz's turn to act)
    assert GAME.to_decide(state) == {1}
    assert "you may take a basic action now, below, or decline. Set off by Ann's Snow Maiden." in prompt(1)
    state, _ = act(state, 1, Decline())
    state, _ = act(state, 0, PlayCreature(creature=Creature.JOLAKOTTURINN))
    assert GAME.to_decide(state) == {2}
    assert "or decline. Set off by Ann's Jólakötturinn." in prompt(2)
    from games.naughty_or_nice.viewmodels import StepCause

    ctx = TableContext(1, GAME.decision(state), NAMES[:3], "Naughty or Nice")
    view = GAME.view(state, 2)
    said_to = {0: "Set off by Ann's discarded Snow Maiden.", 2: "Set off by your discarded Snow Maiden."}
    for by, said in said_to.items():
        cause = StepCause(creature=Creature.SNOW_MAIDEN, by=by, discarded=True)
        unkept = view.model_copy(update={"cause": cause})
        assert said in _message(RENDER.private(unkept, ctx, [])).text()


def test_after_midnight_the_tables_summon_says_its_point_as_the_private_one_does() -> None:
    """The DM's button read "Summon (+1 point after Midnight)", the table's plain "Summon"."""
    for seed in range(30):
        for state in random_states(3, seed, {"level": 5}, limit=2000):
            view = GAME.view(state, None)
            if not (view.midnight_revealed and view.phase == "turn" and view.basic_taken is None):
                continue
            ctx = TableContext(1, GAME.decision(state), NAMES[:3], "Naughty or Nice")
            labels = [getattr(c.item, "label", "") for c in _message(RENDER.table(view, ctx, [])).items()]
            assert "Summon (+1 point after Midnight)" in labels and "Summon" not in labels, labels
            return
    raise AssertionError("no turn after Midnight found")


def test_the_end_table_keeps_the_last_turn_with_the_final_scoring() -> None:
    """The final scoring's lines (majorities, all five symbols, the winner) pushed the last
    player's own turn ("Dasher chooses Summon", its +1 after Midnight) and a tied majority's
    second +3 out of the end table."""
    from bot.render.naughty_or_nice import END_NEWS_LINES, tells_on_table
    from games.core import visible_events

    ended = 0
    for seed in range(6):
        rng = random.Random(seed)
        state = GAME.new_game(3, GAME.parse_options({"level": 5}), seed)
        while GAME.outcome(state) is None:
            deciders = sorted(GAME.to_decide(state))
            if not deciders:
                state, events = GAME.apply(state, SYSTEM_SEAT, CloseWindow())
                continue
            seat = rng.choice(deciders)
            state, events = GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
        public = [e for e in visible_events(events, None) if tells_on_table(e)]
        ctx = TableContext(1, GAME.decision(state), NAMES[:3], "Naughty or Nice")
        text = _message(RENDER.table(GAME.view(state, None), ctx, visible_events(events, None))).text()
        if len(public) <= END_NEWS_LINES:
            assert "(more in /log)" not in text and translated(public[0].describe(NAMES[:3])) in text, text
            ended += 1
    assert ended


def test_at_level_5_a_deciding_player_reads_their_kiddos_symbols() -> None:
    """Sets score by symbol (majorities, all five): a player reading only their DM could not
    plan for them. The message deciding shows its seat's kiddos by symbol (not at levels 1-4)."""
    seen = set()
    for level in (4, 5):
        for state in random_states(3, 2, {"level": level}, limit=1500):
            for seat in GAME.to_decide(state):
                view = GAME.view(state, seat)
                if not shows_decision(view):
                    continue
                text = _message(
                    RENDER.private(view, TableContext(1, 0, NAMES[:3], "Naughty or Nice"), [])
                ).text()
                me = view.players[seat]
                assert (f"Your kiddos ({len(me.kiddos)})" in text) == (level == 5), text
                for kiddo in me.kiddos if level == 5 else ():
                    assert f"×{me.symbols[kiddo.symbol]}" in text
                seen.add((level, bool(me.kiddos)))
    assert seen >= {(4, True), (5, True), (5, False)}, seen


def test_the_player_whose_idle_turn_would_end_the_game_is_warned_in_private() -> None:
    """The table said "the game ends after 1 more like it"; the player whose turn it was read
    only their choices in their DM, passed, and the game ended. Warned only when nothing is left
    to craft (a Craft or a Summon gains a card: no alarm with full decks)."""
    warning = "If this turn gains no card and takes no kiddo, the game ends."
    for state in random_states(3, 1, {"level": 3}, limit=400):
        view = GAME.view(state, state.turn.seat) if state.turn is not None else None
        if view is None or view.phase != "turn" or view.basic_taken is not None or not shows_decision(view):
            continue
        ctx = TableContext(1, GAME.decision(state), NAMES[:3], "Naughty or Nice")
        empty = {"present_deck_size": 0, "present_discard": [], "offer": []}
        for idle, update, warned in ((2, empty, True), (1, empty, False), (2, {}, False)):
            seen = view.model_copy(update={"idle_turns": idle, **update})
            assert (warning in _message(RENDER.private(seen, ctx, [])).text()) == warned, (idle, update)
        return
    raise AssertionError("no turn shown in private")


def test_the_craft_prompts_name_only_the_sources_left() -> None:
    """With the present deck empty the table said "take presents from the deck or the offer row
    below" over offer-row buttons only (and the DM the same); with the offer row empty, the deck."""
    state = next(
        s
        for seed in range(20)
        for s in random_states(2, seed, {"level": 1})
        if GAME.view(s, None).phase == "craft" and s.offer
    )
    (seat,) = GAME.to_decide(state)
    seen = {}
    for empty in ("none", "deck", "offer"):
        changed = state.model_copy(deep=True)
        if empty == "deck":
            changed.present_deck, changed.present_discard = [], []
        elif empty == "offer":
            changed.offer = []
        ctx = TableContext(1, GAME.decision(changed), NAMES[:2], "Naughty or Nice")
        table = _message(RENDER.table(GAME.view(changed, None), ctx, [])).text()
        private = _message(RENDER.private(GAME.view(changed, seat), ctx, [])).text()
        copy = RENDER.private(GAME.view(changed, seat), TableContext(**{**vars(ctx), "copy": True}), [])
        seen[empty] = (table, private, copy.embeds[0].description)
    assert all("from the deck or the offer row" in text.lower() for text in seen["none"][:2])
    for empty, word in (("deck", "offer row"), ("offer", "deck")):
        for text in seen[empty]:
            assert "deck or the offer row" not in text and f"the {word}" in text.lower(), (empty, text)
            assert ("present deck is empty" if empty == "deck" else "offer row is empty") in text, text


@pytest.mark.parametrize("level", [2, 3])
def test_before_the_deal_the_hand_says_when_it_comes(level: int) -> None:
    """Gift givers are chosen before the starting hands are dealt (spec 3, steps 6-7): the first
    DM read "Presents (0) no presents" (and "Creatures (0)"), which looked like a bug."""
    state = GAME.new_game(3, GAME.parse_options({"level": level}), 1)
    assert GAME.view(state, None).phase == "giver_choice"
    ctx = TableContext(1, GAME.decision(state), NAMES[:3], "Naughty or Nice")
    text = _message(RENDER.private(GAME.view(state, 0), ctx, [])).text()
    assert "Dealt once every player has a gift giver." in text and "no presents" not in text, text
    assert "Creatures (0)" not in text
    while GAME.view(state, None).phase == "giver_choice":
        (seat,) = GAME.to_decide(state)
        state, _ = GAME.apply(state, seat, GAME.legal_actions(state, seat)[0])
    text = _message(RENDER.private(GAME.view(state, 0), ctx, [])).text()
    assert "Dealt once" not in text and "Presents (" in text


def test_a_place_counts_the_wishes_tiebreak() -> None:
    """Level on points, more wishes fulfilled is ahead (spec 1, Ties): the one with fewer read
    "Your place: 3 of 4, shared." beside the end's own list ranking them apart."""
    *_, state = random_states(4, 2, {"level": 2}, limit=5000)
    ctx = TableContext(1, GAME.decision(state), NAMES[:4], "Naughty or Nice")
    view = GAME.view(state, 3)
    marks = {0: (20, 1), 1: (15, 2), 2: (15, 2), 3: (15, 1)}
    players = [
        p.model_copy(update={"score": marks[p.seat][0], "fulfilled_count": marks[p.seat][1]})
        for p in view.players
    ]
    for seat, place in ((1, "Your place: 2 of 4, shared."), (3, "Your place: 4 of 4.")):
        mine = view.model_copy(update={"players": players, "winners": [0], "seat": seat})
        text = _message(RENDER.private(mine, ctx, [])).embeds[0].description
        assert place in text, text


def test_santa_s_own_message_shows_his_reindeer_under_rudolf() -> None:
    """Santa's hand never said a Reindeer went under Rudolf: his news read "You gain Reindeer."
    (as if in hand), and the count was in the table's picture alone (spec 2.2.1)."""
    from games.naughty_or_nice.actions import SantaSearch
    from games.naughty_or_nice.data import Giver, PresentType, SearchSource
    from games.naughty_or_nice.events import Tucked
    from tests.games.naughty_or_nice.helpers import fresh, give_presents

    state = fresh(3, level=4, givers=[Giver.SANTA, Giver.ODIN, Giver.CHRISTKINDL])
    give_presents(state, 0, [PresentType.TEDDY_BEAR, PresentType.TEDDY_BEAR])
    ctx = TableContext(1, GAME.decision(state), NAMES[:3], "Naughty or Nice")
    assert "0 Reindeer (+0 at the end)" in _message(RENDER.private(GAME.view(state, 0), ctx, [])).text()
    assert "Under Rudolf" not in _message(RENDER.private(GAME.view(state, 1), ctx, [])).text()
    action = SantaSearch(present=PresentType.TEDDY_BEAR, source=SearchSource.MAIN)
    state, events = GAME.apply(state, 0, action)
    (tucked,) = [e for e in events if isinstance(e, Tucked)]
    assert GAME.done_to(tucked) == {0}
    assert translated(tucked.describe_to(NAMES[:3], 0)) == "You put the Reindeer under Rudolf (1 there now)."
    text = _message(RENDER.private(GAME.view(state, 0), ctx, events)).text()
    assert "1 Reindeer (+3 at the end)" in text, text


def test_a_start_of_turn_ability_beside_creatures_says_a_creature_gives_it_up() -> None:
    """Spec 4.2: any other step ends the start-of-turn phase. The DM said "Your gift giver's
    start-of-turn ability is below. You may play creatures first." and a player who played a
    creature first lost the ability without a word."""
    from bot.render.naughty_or_nice_components import kind_of

    seen = set()
    for seed in range(40):
        for state in random_states(3, seed, {"level": 5}):
            for seat in GAME.to_decide(state):
                view = GAME.view(state, seat)
                kinds = {kind_of(c.code) for c in view.choices}
                if view.phase != "turn" or not kinds & {"befana", "search"}:
                    continue
                creatures = bool(kinds & {"play", "play_on", "reindeer", "krampus", "mrs_claus"})
                ctx = TableContext(1, GAME.decision(state), NAMES[:3], "Naughty or Nice")
                text = _message(RENDER.private(view, ctx, [])).text()
                assert ("playing a creature first gives it up" in text) == creatures, text
                seen.add(creatures)
        if seen == {True, False}:
            return
    raise AssertionError(f"not both kinds of turns: {seen}")
