"""Naughty or Nice's prompts and news, case by case: what each decision says (the last turn, steals,
Fulfill and its Caga Tió, Snow Maiden and Ded Moroz, Papa Wolverine, Elves, Christkindl, Midnight's
final turns, the idle warning, Santa's search), each thing said once and right."""

from __future__ import annotations

import random

import pytest

from bot.i18n import translated
from bot.render.base import TableContext
from bot.render.naughty_or_nice_components import Draft, fulfil_targets, nothing_to_craft
from bot.render.naughty_or_nice_private import shows_decision
from games.core import SYSTEM_SEAT
from games.naughty_or_nice.actions import CloseWindow
from games.naughty_or_nice.data import PRESENT_TYPE_OF, PRESENTS
from games.naughty_or_nice.events import Stolen
from tests.bot.render.naughty_or_nice_states import GAME, NAMES, RENDER, message_of, random_states


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
            text = message_of(RENDER.private(view, ctx, [])).text()
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
            text = message_of(RENDER.private(view, ctx, [])).text()
            first = view.craft_remaining == LEVELS[view.level].craft_draws
            assert (" more present" not in text) == first, text
            seen.add(first)
        if view.creatures and view.phase == "turn":
            card = view.creatures[0].id
            ctx = TableContext(1, GAME.decision(state), NAMES[:3], "Naughty or Nice")
            news = [Stolen(thief=0, victim=1, cards=[card]), CreatureGained(seat=0, card=card)]
            text = message_of(RENDER.private(view, ctx, news)).text()
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
    message = message_of(RENDER.private(GAME.view(state, 0), ctx, []))
    assert "With Caga Tió, your hand can fulfill: Benjamin, Amara." in message.text()
    hints = {o.label: o.description for o in message.item(f"dsel:1:{ctx.decision}:kiddo").item.options}
    assert [hints[label] for label in hints] == ["Your hand can fulfill this wish with Caga Tió"] * 2 + [None]
    give_presents(state, 0, [PresentType.SWEATER])
    message = message_of(RENDER.private(GAME.view(state, 0), ctx, []))
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
    message = message_of(RENDER.private(GAME.view(state, 0), ctx, [], f"f{kid('Diego')}.0"))
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
        said.append(message_of(RENDER.private(GAME.view(state, 0), ctx, [])).text())
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
    message = message_of(RENDER.private(GAME.view(state, 0), ctx, []))
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
            message = message_of(RENDER.private(mine, ctx, []))
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
            text = message_of(RENDER.private(GAME.view(state, picker), ctx, [])).text()
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
            line for line in message_of(RENDER.table(view, ctx, [])).text().splitlines() if "Midnight" in line
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
        message = message_of(RENDER.private(view, ctx, [], f"g{group}"))
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
                text = message_of(RENDER.table(view, ctx, [])).text()
                warned = "No card gained nor kiddo taken for" in text
                idle, left = view.idle_turns, players - view.idle_turns
                assert warned == (idle >= 2 or (idle > 0 and left == 1)), text
                assert not (warned and state.progress), text  # (not under a card this turn just took)
                if warned:
                    assert f"the game ends after {left} more like it." in text, text
                for seat in view.to_decide:  # the player whose turn may end it reads it in private too
                    mine = message_of(RENDER.private(GAME.view(state, seat), ctx, [])).text()
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
            text = message_of(RENDER.table(GAME.view(state, None), ctx, [])).text()
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
        return message_of(RENDER.private(GAME.view(state, seat), ctx, [])).text()

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
        assert said in message_of(RENDER.private(unkept, ctx, [])).text()


def test_after_midnight_the_tables_summon_says_its_point_as_the_private_one_does() -> None:
    """The DM's button read "Summon (+1 point after Midnight)", the table's plain "Summon"."""
    for seed in range(30):
        for state in random_states(3, seed, {"level": 5}, limit=2000):
            view = GAME.view(state, None)
            if not (view.midnight_revealed and view.phase == "turn" and view.basic_taken is None):
                continue
            ctx = TableContext(1, GAME.decision(state), NAMES[:3], "Naughty or Nice")
            labels = [getattr(c.item, "label", "") for c in message_of(RENDER.table(view, ctx, [])).items()]
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
        text = message_of(RENDER.table(GAME.view(state, None), ctx, visible_events(events, None))).text()
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
                text = message_of(
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
            assert (warning in message_of(RENDER.private(seen, ctx, [])).text()) == warned, (idle, update)
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
        table = message_of(RENDER.table(GAME.view(changed, None), ctx, [])).text()
        private = message_of(RENDER.private(GAME.view(changed, seat), ctx, [])).text()
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
    text = message_of(RENDER.private(GAME.view(state, 0), ctx, [])).text()
    assert "Dealt once every player has a gift giver." in text and "no presents" not in text, text
    assert "Creatures (0)" not in text
    while GAME.view(state, None).phase == "giver_choice":
        (seat,) = GAME.to_decide(state)
        state, _ = GAME.apply(state, seat, GAME.legal_actions(state, seat)[0])
    text = message_of(RENDER.private(GAME.view(state, 0), ctx, [])).text()
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
        text = message_of(RENDER.private(mine, ctx, [])).embeds[0].description
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
    assert "0 Reindeer (+0 at the end)" in message_of(RENDER.private(GAME.view(state, 0), ctx, [])).text()
    assert "Under Rudolf" not in message_of(RENDER.private(GAME.view(state, 1), ctx, [])).text()
    action = SantaSearch(present=PresentType.TEDDY_BEAR, source=SearchSource.MAIN)
    state, events = GAME.apply(state, 0, action)
    (tucked,) = [e for e in events if isinstance(e, Tucked)]
    assert GAME.done_to(tucked) == {0}
    assert translated(tucked.describe_to(NAMES[:3], 0)) == "You put the Reindeer under Rudolf (1 there now)."
    text = message_of(RENDER.private(GAME.view(state, 0), ctx, events)).text()
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
                text = message_of(RENDER.private(view, ctx, [])).text()
                assert ("playing a creature first gives it up" in text) == creatures, text
                seen.add(creatures)
        if seen == {True, False}:
            return
    raise AssertionError(f"not both kinds of turns: {seen}")


def test_the_fulfill_menu_lists_the_wishes_the_hand_can_fulfill_first() -> None:
    """Eight wishes, the one the hand could fulfill somewhere among them: it comes first now
    (then those a Caga Tió makes possible), marked as before."""
    seen = 0
    for seed in range(4):
        for state in random_states(3, seed, {"level": 5}, limit=600):
            for seat in GAME.to_decide(state):
                view = GAME.view(state, seat)
                payload = RENDER.private(
                    view, TableContext(1, GAME.decision(state), NAMES[:3], GAME.title), []
                )
                message = message_of(payload)
                menus = [
                    i.item
                    for i in message.items()
                    if i.custom_id.startswith("dsel:") and ":kiddo" in i.custom_id
                ]
                if not menus:
                    continue
                ranks = [
                    0
                    if o.value[1:].split(".")[0] in view.fulfillable
                    else 1
                    if o.value[1:].split(".")[0] in view.fulfillable_with_caga
                    else 2
                    for o in menus[0].options
                ]
                assert ranks == sorted(ranks), ranks
                seen += 0 < ranks.count(0) < len(ranks) and ranks[0] == 0
    assert seen
