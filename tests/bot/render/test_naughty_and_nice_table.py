"""The Naughty & Nice table's text (issue 14): short enough for a phone in every state, it says
what is happening, who acts and what just happened, and never repeats what the picture shows
(cards in play, totals, hand sizes, piles) nor itself."""

from __future__ import annotations

import random
import statistics

import pytest

from bot.render.base import TableContext
from bot.render.naughty_and_nice import NaughtyAndNiceRenderer
from games.core import visible_events
from games.naughty_and_nice import CARDS, NaughtyAndNice, Phase
from tests.bot.render.phone import MAX_CHARS, MAX_LINES, NAMES, TYPICAL_LINES, lines_of, text_of

GAME = NaughtyAndNice()
RENDER = NaughtyAndNiceRenderer()


def _moments(players: int, seed: int, end_chance: float = 0.3):
    """(state, public events of the action that led to it) over one random game."""
    rng = random.Random(seed)
    state = GAME.new_game(players, GAME.parse_options(None), seed)
    events: list = []
    while True:
        yield state, visible_events(events, None)
        if GAME.outcome(state) is not None:
            return
        seat = rng.choice(sorted(GAME.to_decide(state)))
        actions = GAME.legal_actions(state, seat)
        ends = [a for a in actions if a.kind == "declare_end"]
        action = ends[0] if ends and rng.random() < end_chance else rng.choice(actions)
        state, events = GAME.apply(state, seat, action)


def _table(state, events, players: int):
    ctx = TableContext(7, GAME.decision(state), NAMES[:players], "Naughty & Nice")
    return RENDER.table(GAME.view(state, None), ctx, events)


@pytest.mark.parametrize("players,seed,end_chance", [(2, 1, 0.3), (4, 2, 0.0), (6, 3, 0.3), (6, 4, 0.0)])
def test_every_table_fits_a_phone(players: int, seed: int, end_chance: float) -> None:
    lines = []
    for state, events in _moments(players, seed, end_chance):
        table = _table(state, events, players)
        text = text_of(table)
        assert lines_of(table) <= MAX_LINES - 4 and len(text) <= MAX_CHARS - 200, text  # room for
        # the bot's own fields (the turn clock, closed DMs)
        lines.append(lines_of(table))
        assert len(table.pictures) == 1
    assert statistics.median(lines) <= TYPICAL_LINES // 2


def test_the_text_does_not_repeat_the_picture_nor_itself() -> None:
    players, checked = 4, 0
    for state, events in _moments(players, 5):
        text = text_of(_table(state, events, players))
        said = "\n".join(e.describe(NAMES[:players]) for e in events)
        said += "\n".join(CARDS[d.card].name for d in state.drawn_this_turn)  # "Drawn:" (declared)
        # cards in play show in the picture: only those the action just moved are named
        for area in state.play_areas:
            for c in area:
                name = CARDS[c].name
                if name not in said and not (state.steal and state.steal.shiny == c):
                    assert name not in text, (state.phase, text)
        for c in CARDS:  # and no card is named twice (headline and news)
            assert text.count(f"{CARDS[c].name} ") <= 1 or CARDS[c].name == "Bad Movies", text
        assert "in hand" not in text and "Nice **" not in text
        if state.phase not in (Phase.ORIENT, Phase.GAME_OVER):  # what a draw changes: in the text
            hands = " \N{MIDDLE DOT} ".join(f"{NAMES[s]} {len(hand)}" for s, hand in enumerate(state.hands))
            assert f"Hands: {hands} \N{MIDDLE DOT} draw pile {len(state.draw_pile)} " in text, text
        body = [line for line in text.splitlines() if line.strip()]
        assert len(body) == len(set(body)), text
        checked += bool(events)
    assert checked > 50


def test_a_declared_draw_is_named_once_and_the_news_says_what_just_happened() -> None:
    players = 3
    seen = set()
    for state, events in _moments(players, 6):
        text = text_of(_table(state, events, players))
        if state.phase == Phase.DRAW and state.declaration not in (None, "NONE"):
            last = CARDS[state.drawn_this_turn[-1].card].name
            assert text.count(last) == 1 and "Drawn: " in text
            seen.add("declared")
        if state.phase == Phase.STEAL and any(e.kind == "steal_started" for e in events):
            shiny = CARDS[state.steal.shiny].name
            assert text.count(shiny) == 1 and "may take" in text
            seen.add("steal")
        if any(e.kind == "card_played" for e in events) and state.phase in (Phase.DECLARE, Phase.PLAY):
            played = next(e for e in events if e.kind == "card_played")
            assert f"- {NAMES[played.seat]} plays {CARDS[played.card].name}" in text
            seen.add("played")
        if any(e.kind == "drawing_done" for e in events) and state.phase == Phase.PLAY:
            assert "after 1 draw and" in text or "draws and" in text
            assert "(s)" not in text
            seen.add("stopped")
    assert seen == {"declared", "steal", "played", "stopped"}


def test_the_end_names_the_winner_and_the_die_once() -> None:
    players = 5
    state, events = list(_moments(players, 7, 0.5))[-1]
    assert state.phase == Phase.GAME_OVER
    text = text_of(_table(state, events, players))
    winner = NAMES[state.winners[0]]
    assert f"**{winner}**" in text.splitlines()[1]
    assert text.count("The die shows") == 1 and "Scores:" not in text  # not the game-over event


def test_a_play_coalesced_with_a_steal_is_told_and_left_out_lines_are_marked() -> None:
    """A table edit drawing a card played on Prancer and then a Shiny! whose steal starts (the
    edits coalesced) told neither: only the Shiny! is the headline's. Lines left out say where
    they are ("... (more in /log)")."""
    players, found = 4, False
    earlier: list = []
    for state, events in _moments(players, 31):
        if state.phase == Phase.STEAL and any(e.kind == "steal_started" for e in events) and earlier:
            text = text_of(_table(state, [*earlier, *events], players))
            played = earlier[-1]
            assert f"- {NAMES[played.seat]} plays {CARDS[played.card].name}" in text, text
            assert text.count(CARDS[state.steal.shiny].name) == 1, text
            found = True
            break
        plays = [e for e in events if e.kind == "card_played"]
        if plays and state.phase in (Phase.DECLARE, Phase.PLAY):  # (a play that started no steal)
            earlier = plays[-1:]
    assert found
    many = [e for _, events in _moments(players, 32) for e in events if e.kind == "card_played"]
    state = next(s for s, _ in _moments(players, 32) if s.phase == Phase.PLAY)
    lines = [
        line for line in text_of(_table(state, many[:12], players)).splitlines() if line.startswith("- ")
    ]
    assert lines[0] == "- ... (more in /log)" and len(lines) > 2


def test_the_end_offer_names_who_has_enough_cards_in_play() -> None:
    """ "(someone has 10+ cards in play)" named nobody, and the text shows no cards in play: a
    player reading it could not tell who."""
    seen = 0
    for players, seed in ((4, 2), (6, 4)):
        for state, events in _moments(players, seed, end_chance=0.0):
            if state.phase != Phase.END_OF_TURN:
                continue
            view = GAME.view(state, None)
            text = text_of(_table(state, events, players))
            reached = [NAMES[p.seat] for p in view.players if p.cards_in_play_count >= view.end_trigger]
            assert reached and f"{reached[-1]}: {view.end_trigger}+ cards in play" in text, text
            assert all(name in text.split("declare the end")[1].split("cards in play")[0] for name in reached)
            seen += 1
    assert seen
