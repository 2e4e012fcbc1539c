"""Naughty or Nice through the real handlers with fake interactions: lobby options, the table's
public buttons, the private Fulfill flow with the engine's refusal reason, reaction prompts,
refusals, whole games by clicks and the end message."""

from __future__ import annotations

import itertools
import random
import re
import secrets

import pytest

from bot.render.naughty_or_nice_private import IDLE_LINE, shows_decision
from games.naughty_or_nice.data import CREATURE_OF, CREATURES, PRESENT_TYPE_OF, PRESENTS
from tests.bot.fakes import FakeMessage, FakeUser
from tests.bot.harness import Harness, choose_option, make_users

GAME = "naughty-or-nice"


@pytest.fixture(autouse=True)
def fixed_seeds(monkeypatch: pytest.MonkeyPatch) -> None:
    """Game seeds come from `secrets`: fixed here so that every run plays the same games."""
    seeds = itertools.count(1000)
    monkeypatch.setattr(secrets, "randbits", lambda bits: next(seeds))


async def open_non(h: Harness, users: list[FakeUser], **options: str) -> tuple[FakeMessage, int]:
    interaction = await h.command("play", users[0], GAME)
    message = interaction.original
    assert message is not None
    game_id = int(message.custom_ids()[0].split(":")[1])
    for name, value in options.items():
        await choose_option(h, users[0], message, game_id, name, value)
    for user in users[1:]:
        await h.discord.click(user, message, f"lobby:{game_id}:join")
    await h.discord.click(users[0], message, f"lobby:{game_id}:start")
    return message, game_id


async def private_for(
    h: Harness, table: FakeMessage, game_id: int, user: FakeUser, prefix: str
) -> FakeMessage:
    """The user's private message with components for the current decision: the newest DM,
    else the newest ephemeral, else (no DM) a fresh one from the table's "My hand" button."""
    for box in (h.discord.dms, h.discord.ephemeral):
        messages = box.get(user.id)
        if messages and any(prefix in cid for cid in messages[-1].custom_ids()):
            return messages[-1]
    if h.discord.dms.get(user.id):  # its decision is on the table (a view would park the DM)
        return h.discord.dms[user.id][-1]
    await h.discord.click(user, table, f"mine:{game_id}")
    return h.discord.last_ephemeral(user)


async def random_click(h: Harness, table: FakeMessage, game_id: int, users: list[FakeUser], rng) -> bool:
    """One random click by a seat that must decide, on the table or its private message,
    leaning towards matching Fulfills so that games end."""
    game = await h.game(game_id)
    if game.record.status != "running":
        return False
    seat = rng.choice(sorted(game.to_decide()))
    user = users[seat]
    prefix = f":{game_id}:{game.decision}:"
    private = await private_for(h, table, game_id, user, prefix)
    candidates = [(table, cid) for cid in table.custom_ids() if prefix in cid]
    candidates += [(private, cid) for cid in private.custom_ids() if prefix in cid]
    assert candidates, f"seat {seat} must decide but has no component"
    by_name = {
        cid.rsplit(":", 1)[-1]: (m, cid) for m, cid in candidates if cid.startswith(("pick:", "dsel:"))
    }
    values = None
    if "quick" in by_name and rng.random() < 0.8:
        message, custom_id = by_name["quick"]
    elif "kiddo" in by_name and rng.random() < 0.5:
        message, custom_id = by_name["kiddo"]
        options = message.item(custom_id).item.options
        good = [o.value for o in options if o.emoji is not None]
        values = [rng.choice(good or [o.value for o in options])]
    else:
        message, custom_id = rng.choice(candidates)
    if values is None and custom_id.startswith(("pick:", "dsel:")):
        values = [rng.choice([o.value for o in message.item(custom_id).item.options])]
    await h.discord.click(user, message, custom_id, values)
    return True


def hand_names(state, seat: int) -> set[str]:
    player = state.players[seat]
    return {PRESENTS[PRESENT_TYPE_OF[c]].name for c in player.presents} | {
        CREATURES[CREATURE_OF[h.card]].name for h in player.creatures
    }


async def test_lobby_options_are_selects_and_reach_the_game(harness: Harness) -> None:
    users = make_users(2)
    interaction = await harness.command("play", users[0], GAME)
    lobby = interaction.original
    game_id = int(lobby.custom_ids()[0].split(":")[1])
    ids = lobby.custom_ids()
    # four options, more than the lobby's free rows: one select lists every "option: value"
    (combined,) = [cid for cid in ids if cid.startswith("lopt:")]
    values = {o.value for o in lobby.item(combined).item.options}
    assert {"level=2", "reaction_secrecy=true", "givers=random", "reaction_seconds=30"} <= values
    await choose_option(harness, users[0], lobby, game_id, "level", "2")
    await choose_option(harness, users[0], lobby, game_id, "givers", "random")
    await choose_option(harness, users[0], lobby, game_id, "reaction_seconds", "30")
    await choose_option(harness, users[1], lobby, game_id, "level", "3")
    assert "Only the host" in harness.discord.last_ephemeral(users[1]).text()
    await harness.discord.click(users[1], lobby, f"lobby:{game_id}:join")
    await harness.discord.click(users[0], lobby, f"lobby:{game_id}:start")
    game = await harness.game(game_id)
    assert game.state.level == 2 and game.state.options.givers == "random"
    assert game.state.options.reaction_seconds == 30
    assert all(p.giver is not None for p in game.state.players)  # dealt, no choice to make
    assert "Level 2" in lobby.text() and lobby.files, "the table shows the playground picture"


async def test_giver_choice_on_the_table_then_craft_on_the_table(harness: Harness) -> None:
    users = make_users(3)
    table, game_id = await open_non(harness, users, level="2")
    game = await harness.game(game_id)
    chooser = sorted(game.to_decide())[0]
    pick = f"pick:{game_id}:{game.decision}:giver"
    assert pick in table.custom_ids() and "choose a gift giver" in table.text()
    options = table.item(pick).item.options  # each giver's favourite present, in the select
    assert len(options) == 8 and all(o.description.startswith("Likes ") for o in options)
    other = users[(chooser + 1) % 3]
    await harness.discord.click(other, table, pick, ["giver.ODIN"])
    assert "turn" in harness.discord.last_ephemeral(other).text().lower()  # not your turn
    stranger = FakeUser(999, "Grinch")
    await harness.discord.click(stranger, table, pick, ["giver.ODIN"])
    assert "not playing" in harness.discord.last_ephemeral(stranger).text()
    for _ in range(3):
        game = await harness.game(game_id)
        seat = sorted(game.to_decide())[0]
        taken = {p.giver for p in game.state.players}
        free = next(o.value for o in table.item(f"pick:{game_id}:{game.decision}:giver").item.options)
        assert free.split(".")[1] not in taken
        await harness.discord.click(users[seat], table, f"pick:{game_id}:{game.decision}:giver", [free])
    game = await harness.game(game_id)
    active = game.state.turn.seat
    craft = f"act:{game_id}:{game.decision}:craft"
    assert craft in table.custom_ids() and f"**{users[active].display_name}**" in table.text()
    stale, uploads = game.decision, table.uploads
    await harness.discord.click(users[active], table, craft)
    game = await harness.game(game_id)
    assert game.view(None).phase == "craft"
    assert table.uploads == uploads, "nothing drawn changed: the picture is not sent again"
    assert f"act:{game_id}:{game.decision}:take.-1" in table.custom_ids()
    await harness.discord.click(users[active], table, f"act:{game_id}:{game.decision}:take.-1")
    assert table.uploads == uploads, "a blind draw changes a hand's size: the text says it"
    assert "Hands (presents" in table.embeds[0].footer.text
    assert "You drew" in harness.discord.last_dm(users[active]).text()  # the blind draw, privately
    game = await harness.game(game_id)
    await harness.discord.click(users[active], table, craft, check_present=False)
    assert "already over" in harness.discord.last_ephemeral(users[active]).text()
    assert game.decision != stale
    await harness.discord.click(users[active], table, f"act:{game_id}:{game.decision}:take.0")
    assert "from the offer row" in table.text() and table.uploads == uploads + 1  # (the offer row)


async def test_fulfil_in_steps_shows_the_engines_reason_then_fulfils(harness: Harness) -> None:
    users = make_users(2)
    table, game_id = await open_non(harness, users, level="1")
    rng = random.Random(4)
    for _ in range(400):  # Craft until the active player can fulfil a wish
        game = await harness.game(game_id)
        view = game.view(game.state.turn.seat)
        if view.phase == "turn" and view.basic_taken is None and view.fulfillable:
            break
        await random_click(harness, table, game_id, users, rng)
    else:
        pytest.fail("nobody could ever fulfil")
    seat, d = view.seat, game.decision
    user = users[seat]
    dm = await private_for(harness, table, game_id, user, f":{game_id}:{d}:")
    kiddo = next(k for k in view.playground if k.id in view.fulfillable)
    await harness.discord.click(user, dm, f"dsel:{game_id}:{d}:kiddo", [f"f{kiddo.id}.0"])
    assert f"Fulfill **{kiddo.name}**" in dm.text()
    # the menu adds only presents of the colours the kiddo still wants, and says which
    offered = {o.label for o in dm.item(f"dsel:{game_id}:{d}:presents").item.options}
    for present in view.presents:
        if present.colour not in kiddo.colours:
            assert not any(label.startswith(f"Add {present.name} ") for label in offered), offered
    assert "Still needed:" in dm.text()
    # too few presents (a stale click): the engine says precisely what is missing
    mask = 0
    await harness.discord.click(user, dm, f"act:{game_id}:{d}:fulfil.{kiddo.id}.{mask}")
    reason = harness.discord.last_ephemeral(user).text()
    assert "don't match" in reason and kiddo.name in reason and "missing" in reason
    assert (await harness.game(game_id)).decision == d
    # a matching set from the shortcut select
    quick = dm.item(f"pick:{game_id}:{d}:quick").item.options[0].value
    await harness.discord.click(user, dm, f"pick:{game_id}:{d}:quick", [quick])
    game = await harness.game(game_id)
    assert kiddo.id in [k.card for k in game.state.players[seat].kiddos]
    assert "fulfills" in table.text() and kiddo.name in table.text()


async def test_reaction_prompt_in_private_and_window_on_the_table(harness: Harness) -> None:
    users = make_users(5)
    table, game_id = await open_non(harness, users, level="5", givers="random")
    rng = random.Random(2)
    for _ in range(300):
        game = await harness.game(game_id)
        assert game.record.status == "running"
        if game.view(None).window is not None:
            break
        await random_click(harness, table, game_id, users, rng)
    assert "Reaction window open" in table.text()
    d = game.decision
    headline = table.embeds[0].description
    for seat in sorted(game.to_decide()):
        assert users[seat].display_name not in headline  # spec 5.1: never who may react
        dm = harness.discord.last_dm(users[seat])
        assert {f"act:{game_id}:{d}:react", f"act:{game_id}:{d}:pass"} <= set(dm.custom_ids())
        assert "React" in dm.text() and "Reaction window" in dm.text()
    for seat in sorted(set(range(5)) - game.to_decide()):  # the window is on the table only
        dm = harness.discord.last_dm(users[seat])
        assert IDLE_LINE in dm.text() and "Reaction window" not in dm.text()
        assert not dm.custom_ids()
    for seat in sorted(game.to_decide()):
        game = await harness.game(game_id)
        dm = harness.discord.last_dm(users[seat])
        await harness.discord.click(users[seat], dm, f"act:{game_id}:{game.decision}:pass")
    assert "Reaction window closed" in table.text()


def _own_part(game, seat: int) -> tuple:
    """What a seat's private message shows while no decision of its own is shown there: its hand."""
    view = game.view(seat)
    return (
        [p.id for p in view.presents],
        [(c.id, c.usable) for c in view.creatures],
    )


async def test_a_private_message_is_edited_only_for_its_own_seat(harness: Harness) -> None:
    """The playground, offer row, scores and whoever acts are on the table: a seat's DM is edited
    only when its own hand, news or a decision shown there changes (never for another player's
    move, unless done to this seat, nor for a decision of its own made on the table alone, such as
    the gift giver)."""
    users = make_users(4)
    table, game_id = await open_non(harness, users, level="5", givers="random")
    dm_of = {}
    rng = random.Random(9)
    spared = 0
    for _ in range(300):
        before = await harness.game(game_id)
        if before.record.status != "running":
            break
        mark = len(harness.messenger.calls)
        await random_click(harness, table, game_id, users, rng)
        after = await harness.game(game_id)
        if after.record.status != "running":
            break
        for user in users:
            dm_of.update({dm.id: user.id for dm in harness.discord.dms.get(user.id, [])})
        edited = {dm_of.get(mid) for kind, mid in harness.messenger.calls[mark:] if kind == "edit_dm"}
        news = {
            seat
            for seat in range(4)
            for e in harness.table.pipeline.outboxes[game_id].table_events
            if (not e.audience.is_public and e.audience.includes(seat)) or seat in after.rules.done_to(e)
        }
        for seat, user in enumerate(users):
            deciding = shows_decision(before.view(seat)) or shows_decision(after.view(seat))
            if deciding or seat in news or _own_part(before, seat) != _own_part(after, seat):
                continue
            spared += after.record.version != before.record.version
            assert user.id not in edited, f"{user.display_name}'s DM edited for another player's move"
            dm = harness.discord.last_dm(user)
            assert IDLE_LINE in dm.text() and "Playground" not in dm.text() and not dm.custom_ids()
    assert spared > 100


@pytest.mark.parametrize(
    "players,level,givers,seed",
    [(2, "1", "choose", 1), (3, "3", "random", 2), (4, "5", "choose", 3), (5, "4", "random", 4)],
)
async def test_whole_game_by_clicks(
    harness: Harness, players: int, level: str, givers: str, seed: int
) -> None:
    users = make_users(players)
    table, game_id = await open_non(harness, users, level=level, givers=givers)
    rng = random.Random(seed)
    steps = 0
    while await random_click(harness, table, game_id, users, rng):
        steps += 1
        assert steps < 6000
        if steps % 25 == 0:
            game = await harness.game(game_id)
            if game.record.status == "running":
                public = table.text()
                view = game.view(None).model_dump_json()
                view += " ".join(info.name for c, info in CREATURES.items() if f'"{c.value}"' in view)
                shown = public.split("What just happened")[0]
                for seat in range(players):
                    for name in hand_names(game.state, seat):
                        assert name in view or not re.search(rf"\b{re.escape(name)}\b", shown), name
    game = await harness.game(game_id)
    assert game.record.status == "finished"
    end = harness.discord.channels[table.channel_id][-1].text()
    assert "is over" in end and "fulfilled" in end
    for seat in game.outcome().winners:
        assert users[seat].display_name in end.split("\n")[0]
    for player in game.state.players:
        assert f"**{player.score}**" in end
    assert table.files and table.custom_ids() == []


def test_what_is_done_to_a_player_is_told_in_their_private_message_too() -> None:
    """The table's news keeps its newest lines only (and only since its last write): a present
    given to Krampus, points lost to the Jólakötturinn, a turn Mr Scrooge takes away were gone
    from it for the player they were done to, whose private message said nothing. Now it does."""
    from tests.bot.done_to import done_to_samples, told_in_private

    said = {
        "krampus_gave": ("Krampus: you give", "Krampus: {giver} gives you"),  # (giver, receiver)
        "scored": ("You lose", "{loser} loses"),  # (the loser, then whose card it was)
        "scrooge_placed": ("makes you skip",),
        "stole": ("You steal nothing: ",),  # (a steal that found nothing: the thief)
        # (a Tomte cancelled the player's creature; the player whose Tomte did it)
        "effect_cancelled": ("The effect of your ", "Your Tomte cancels the effect of {loser}'s "),
        # (a Tomte chain of 2: the creature's player; the chain's are told below)
        "effect_stands": ("Tomte cancels Tomte: your ",),
        # (a Jólakötturinn at 0 points: the loser, then whose card it was)
        "nothing_to_lose": ("You have no points to lose (", "{loser} has no points to lose (your "),
        "tucked": ("You put the Reindeer under Rudolf (",),  # (Santa's gained Reindeer: not in hand)
    }
    kinds = set(said)
    for kind, (state, event) in done_to_samples("naughty-or-nice", 4, 60, kinds).items():
        names, texts = told_in_private("naughty-or-nice", state, event, 4)
        seats = sorted(texts, key=lambda s: s != getattr(event, "seat", s))  # (the giver first)
        if kind == "effect_stands":  # the first Tomte's player: theirs was cancelled; the second's
            first, second = event.tomtes
            assert f"Your Tomte is cancelled: {names[event.seat]}'s " in texts[first], texts[first]
            if second != event.seat:
                assert f"Tomte cancels Tomte: {names[event.seat]}'s " in texts[second], texts[second]
            seats = seats[:1]
        for seat, words in zip(seats, said[kind][: len(seats)], strict=True):
            who = names[getattr(event, "seat", 0)]
            words = words.format(giver=who, loser=who)
            assert words in texts[seat], (kind, texts[seat])


def test_craft_says_when_there_is_nothing_left_to_take() -> None:
    """With the present deck, its discard pile and the offer row empty, Craft is still legal and
    gains nothing (a whole round of that ends the game): its button says so."""
    from bot import screens
    from bot.plugins import PLUGINS
    from tests.bot.test_ai_seats import _game

    rules = PLUGINS.get("naughty-or-nice").rules
    state = rules.new_game(2, rules.parse_options({}), 4)
    rng = random.Random(4)
    while rules.view(state, None).phase != "turn":
        seat = rng.choice(sorted(rules.to_decide(state)))
        state, _ = rules.apply(state, seat, rng.choice(rules.legal_actions(state, seat)))
    (seat,) = rules.to_decide(state)
    labels = {}
    for empty in (False, True):
        if empty:
            state = state.model_copy(deep=True)
            state.present_deck, state.present_discard, state.offer = [], [], []
        game = _game("naughty-or-nice", state, set(), 2)
        table = FakeMessage(1, 1)
        table.apply(**screens.table_payload(game).send_kwargs())
        private = FakeMessage(2, 1)
        private.apply(**screens.private_payload(game, seat).send_kwargs())
        labels[empty] = (table.text() + private.text()).count("Pass (nothing left to craft)")
        # the texts say so too (the DM read "Craft or Fulfill" beside a Pass button)
        told = "**Pass** (nothing left to craft)" in table.text()
        told = told and "nothing is left to craft" in private.text()
        assert told == empty and ("**Craft**" in table.text() + private.text()) != empty
    assert labels == {False: 0, True: 2}, labels


async def test_with_dms_closed_a_summon_on_the_table_says_where_to_keep_a_creature(harness: Harness) -> None:
    """The copy of the private message after Summon on the table said "Your choices are on the
    table": the table had none (the creature to keep is chosen in private only)."""
    users = make_users(2)
    harness.discord.closed_dms = {u.id for u in users}
    table, game_id = await open_non(harness, users, level="3")
    for _ in range(2):
        game = await harness.game(game_id)
        pick = f"pick:{game_id}:{game.decision}:giver"
        free = table.item(pick).item.options[0].value
        await harness.discord.click(users[sorted(game.to_decide())[0]], table, pick, [free])
    game = await harness.game(game_id)
    active = users[game.state.turn.seat]
    summon = f"act:{game_id}:{game.decision}:summon"
    assert summon in table.custom_ids()
    await harness.discord.click(active, table, summon)
    game = await harness.game(game_id)
    copy = harness.discord.last_ephemeral(active)
    assert (
        copy is not None and not copy.custom_ids() and "keep one of the two summoned creatures" in copy.text()
    )
    assert copy.content == "Only you see this. To choose, open **My hand** on the table."
    assert "below" not in copy.text()  # (it has no controls)
    assert not [cid for cid in table.custom_ids() if f":{game.decision}:" in cid]  # (none there)


async def test_with_dms_closed_a_craft_draw_on_the_table_shows_a_copy_with_nothing_below(
    harness: Harness,
) -> None:
    """A present drawn from the deck on the table, DMs closed: the copy that shows it says what
    is left to take, not that the choices are "below" (it has none)."""
    users = make_users(2)
    harness.discord.closed_dms = {u.id for u in users}
    table, game_id = await open_non(harness, users, level="1")
    game = await harness.game(game_id)
    active = users[game.state.turn.seat]
    await harness.discord.click(active, table, f"act:{game_id}:{game.decision}:craft")
    game = await harness.game(game_id)
    await harness.discord.click(active, table, f"act:{game_id}:{game.decision}:take.-1")  # the deck
    copy = harness.discord.last_ephemeral(active)
    assert not copy.custom_ids() and copy.content.startswith(
        "Only you see this. Your choices are on the table"
    )
    assert "You drew" in copy.text() and "**Your Craft:** take 2 more presents" in copy.text()
    assert "below" not in copy.text()
