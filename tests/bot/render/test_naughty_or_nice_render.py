"""The Naughty or Nice renderer over many random states: Discord's limits hold, the table never
names a card in someone's hand, the private components are exactly the seat's choices (plus
Fulfill attempts the engine explains), every legal action is reachable through them, and a private
message shows its seat's hand and own decision only (nothing that changes when the others act)."""

from __future__ import annotations

import random
import re

import pytest

from bot.render.base import TableContext, event_lines
from bot.render.naughty_or_nice_choices import sameness
from bot.render.naughty_or_nice_components import Draft, fulfil_targets, table_choices
from bot.render.naughty_or_nice_private import GAME_OVER, IDLE_LINE, shows_decision
from games.naughty_or_nice.actions import ChooseGiver, EndTurn, Pass
from games.naughty_or_nice.data import CREATURES, KIDDOS, PRESENT_TYPE_OF, PRESENTS
from games.naughty_or_nice.events import Fulfilled, Stolen, WindowOpened
from games.naughty_or_nice.viewmodels import WindowView
from tests.bot.fakes import FakeMessage
from tests.bot.render.naughty_or_nice_states import GAME, NAMES, RENDER, message_of, random_states


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
        message = message_of(RENDER.private(view, ctx, [], draft))
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
    message = message_of(RENDER.private(view, ctx, []))
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
        assert code in codes_of(message_of(RENDER.private(view, ctx, [], draft)))[0], "its Fulfill button"
    assert RENDER.has_private_decision(view) == bool(legal - on_the_table(view))


def _presents_select(view, ctx, draft):
    message = message_of(RENDER.private(view, ctx, [], draft))
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
        table = message_of(RENDER.table(public, ctx, []))
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
        text = message_of(RENDER.table(GAME.view(state, None), ctx, [])).text()
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
    message = message_of(RENDER.table(GAME.view(state, None), ctx, []))
    table, headline = message.text(), message.embeds[0].description
    assert "Reaction window open" in table and "<t:1700000000:R>" in table
    for seat in eligible:
        assert NAMES[seat] not in headline  # spec 5.1: the table never says who may react
        view = GAME.view(state, seat)
        assert RENDER.has_private_decision(view)
        private = message_of(RENDER.private(view, ctx, []))
        assert {cid.split(":")[-1] for cid in private.custom_ids()} == {"react", "pass"}
        assert "React" in private.text() and "<t:1700000000:R>" in private.text()
    for seat in set(range(4)) - set(eligible):
        assert not message_of(RENDER.private(GAME.view(state, seat), ctx, [])).custom_ids()


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
                text = message_of(RENDER.private(GAME.view(state, seat), ctx, [])).text()
                # and what it does (its text was only in its owner's hand): to weigh a Tomte on it
                assert f"*{CREATURES[played.creature].name}: {CREATURES[played.creature].text}*" in text
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
    prompt = {seat: message_of(RENDER.private(GAME.view(state, seat), ctx, [])).text() for seat in (0, 2)}
    assert "Ben plays Tomte: your Krampus is cancelled unless you cancel that Tomte." in prompt[0]
    assert "Ben plays Tomte: Ann's Krampus is cancelled unless you cancel that Tomte." in prompt[2]
    state, _ = act(state, 2, Pass())
    state, _ = act(state, 0, React())  # ... unless Ann answers: then it takes effect again
    assert GAME.to_decide(state) == {2}
    ctx = TableContext(1, GAME.decision(state), NAMES[:3], "Naughty or Nice")
    text = message_of(RENDER.private(GAME.view(state, 2), ctx, [])).text()
    assert "Ann plays Tomte: Ann's Krampus takes effect unless you cancel that Tomte." in text


def test_forged_or_stale_drafts_are_ignored() -> None:
    for state in random_states(3, 21, {"level": 5}):
        view = GAME.view(state, state.turn.seat) if state.turn else None
        if view is not None and view.phase == "turn" and view.basic_taken is None and view.presents:
            break
    ctx = TableContext(1, GAME.decision(state), NAMES[:3], "Naughty or Nice")
    plain = message_of(RENDER.private(view, ctx, [])).custom_ids()
    for forged in ("fK99.1", "fK01.999999999", "gNOPE", "zzz", "f.1", "home"):
        draft = Draft.parse(forged, view)
        if forged == "fK01.999999999" and "K01" in fulfil_targets(view):
            assert draft.mask == 0
            continue
        assert draft == Draft(), forged
        assert message_of(RENDER.private(view, ctx, [], forged)).custom_ids() == plain
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
                _acts, drafts = codes_of(message_of(RENDER.private(view, ctx, [])))
                for draft in [None, *(d for d in drafts if d.startswith("g"))]:
                    for item in message_of(RENDER.private(view, ctx, [], draft)).items():
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
                for item in message_of(RENDER.private(GAME.view(state, seat), ctx, [])).items():
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
    message = message_of(RENDER.private(GAME.view(state, 0), ctx, []))
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
    table = message_of(RENDER.table(view, ctx, events)).text()
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
            text = message_of(payload).text()
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
        text = message_of(RENDER.private(view, ctx, [])).embeds[0].description
        score = next(p.score for p in view.players if p.seat == seat)
        assert f"You scored {score} point" in text, text
        if winners == [seat]:
            assert text.startswith("**You win!**"), text
        else:
            assert "You win" not in text and all(NAMES[w] in text for w in winners if w != seat), text


def test_a_gift_giver_the_table_s_menu_cuts_short_is_told_in_full() -> None:
    """A menu option says at most 100 characters: Santa Claus's and Ded Moroz's abilities ended
    "...Start of..." there, told nowhere else before the choice. Every seat's private message
    says them in full during the choice (all of them: it does not change as others choose)."""
    first = GAME.new_game(3, GAME.parse_options(None), 2)
    view = GAME.view(first, None)
    assert view.phase == "giver_choice"
    ctx = TableContext(1, GAME.decision(first), NAMES[:3], GAME.title)
    table = message_of(RENDER.table(view, ctx, []))
    options = [o for item in table.items() if item.custom_id.endswith(":giver") for o in item.item.options]
    cut = [o.label for o in options if o.description.endswith("\N{HORIZONTAL ELLIPSIS}")]
    assert "Santa Claus" in cut
    for seat in range(3):
        text = message_of(RENDER.private(GAME.view(first, seat), ctx, [])).text()
        assert "Gift givers in full" in text and "search a Reindeer for Rudolf" in text
        assert all(f"**{name}**: Likes" in text for name in cut), text
    chooser = next(iter(GAME.to_decide(first)))
    then = GAME.apply(first, chooser, ChooseGiver(giver="SANTA")).state
    other = next(s for s in range(3) if s != chooser and GAME.view(then, None).phase == "giver_choice")
    same = [message_of(RENDER.private(GAME.view(s, other), ctx, [])).text() for s in (first, then)]
    assert same[0] == same[1]


def test_the_table_picture_says_each_player_s_points_in_words() -> None:
    """Its alt text: the running scores were only in the picture until the end."""
    shown = 0
    for state in random_states(3, 5):
        view = GAME.view(state, None)
        ctx = TableContext(1, GAME.decision(state), NAMES[:3], GAME.title)
        (picture,) = RENDER.table(view, ctx, []).pictures
        for p in view.players:
            points = f"{p.score} point{'' if p.score == 1 else 's'}"
            assert f"{NAMES[p.seat]}: {points}, {p.fulfilled_count} kidd" in picture.alt, picture.alt
        shown += any(p.score for p in view.players)
    assert shown


def test_rules_say_how_points_are_scored_as_the_rules_score_them() -> None:
    """A newcomer learned of symbol majorities (+3 each, a third of a winner's points) only in
    the final tally: /rules says the scoring, with the rules' own numbers."""
    from bot.render.naughty_or_nice_summary import RULES_SUMMARY
    from games.naughty_or_nice.data import (
        ALL_SYMBOLS_POINTS,
        FULL_SET_BONUS_CREATURES,
        SYMBOL_MAJORITY_POINTS,
    )

    assert f"the most kiddos of a symbol scores {SYMBOL_MAJORITY_POINTS}" in RULES_SUMMARY
    assert f"all 5 symbols {ALL_SYMBOLS_POINTS}" in RULES_SUMMARY
    assert f"first full set of 5 symbols brings {FULL_SET_BONUS_CREATURES}" in RULES_SUMMARY
    assert "✨ Helpful, 💥 Hurtful" in RULES_SUMMARY and "favourite type" in RULES_SUMMARY


@pytest.mark.parametrize("level", [1, 5])
def test_kiddos_name_their_symbol_only_where_sets_score(level: int) -> None:
    """Below level 5 a kiddo's symbol scores nothing: "Finn (Moon)" had a beginner collect Moons."""
    from games.naughty_or_nice.words import SYMBOL_NAMES

    symbols = {f"({name})" for name in SYMBOL_NAMES.values()}
    seen = 0
    for seed in range(30):
        for state in random_states(2, seed, {"level": level}, limit=200):
            for seat in GAME.to_decide(state):
                ctx = TableContext(1, GAME.decision(state), NAMES[:2], "Naughty or Nice")
                message = message_of(RENDER.private(GAME.view(state, seat), ctx, []))
                labels = [
                    o.label
                    for item in message.items()
                    for o in getattr(item.item, "options", [])
                    if " - " in o.label
                ]
                kiddos = [label for label in labels if "point" in label]
                seen += len(kiddos)
                assert all(any(s in label for s in symbols) == (level == 5) for label in kiddos), kiddos
        if seen > 10:
            break
    assert seen > 10
