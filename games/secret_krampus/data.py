"""Secret Krampus as data: the deck, the setup per player count, the boards and who knows what.

Every number here comes from `shared/rules/secret-krampus.md` (sections 2 and 3.1). The engine
looks these tables up; it never spells the rules out as if-chains.
"""

from __future__ import annotations

from enum import StrEnum
from typing import NamedTuple


class Card(StrEnum):
    NICE = "NICE"
    NAUGHTY = "NAUGHTY"


class Team(StrEnum):
    NICE = "NICE"
    NAUGHTY = "NAUGHTY"


class Role(StrEnum):
    NICE_ELF = "NICE_ELF"
    NAUGHTY_ELF = "NAUGHTY_ELF"
    KRAMPUS = "KRAMPUS"


class Board(StrEnum):
    BOARD_5_6 = "BOARD_5_6"
    BOARD_7_8 = "BOARD_7_8"
    BOARD_9_10 = "BOARD_9_10"


class Order(StrEnum):
    """Santa's Orders that sit on naughty spaces (Heads Together is a standing rule, not here)."""

    PEEK = "PEEK"
    SUCCESSOR_SELECTOR = "SUCCESSOR_SELECTOR"
    CHECKING_IT_TWICE = "CHECKING_IT_TWICE"
    STABLE_LEADERSHIP = "STABLE_LEADERSHIP"


class Phase(StrEnum):
    NOMINATION = "NOMINATION"
    VOTING = "VOTING"
    LM_DISCARD = "LM_DISCARD"
    SL_CHOOSE = "SL_CHOOSE"
    HEADS_TOGETHER_VOTE = "HEADS_TOGETHER_VOTE"
    ORDER = "ORDER"
    GAME_OVER = "GAME_OVER"


# -- 2.1 the box ----------------------------------------------------------------------------
BOX_DECK: dict[Card, int] = {Card.NICE: 6, Card.NAUGHTY: 11}

TEAM_OF_ROLE: dict[Role, Team] = {
    Role.NICE_ELF: Team.NICE,
    Role.NAUGHTY_ELF: Team.NAUGHTY,
    Role.KRAMPUS: Team.NAUGHTY,
}
#: What a Peek shows (2.3): only the side, never "Krampus".
PEEK_SHOWS: dict[Role, Team] = TEAM_OF_ROLE

TEAM_OF_CARD: dict[Card, Team] = {Card.NICE: Team.NICE, Card.NAUGHTY: Team.NAUGHTY}


# -- 2.2 setup by player count ------------------------------------------------------------------
class Setup(NamedTuple):
    board: Board
    removed_naughty: int  # taken out of the game for good (7 and 9 players)
    preplaced_naughty: int  # put on naughty space 1 at the start (6 players)
    roles: dict[Role, int]  # the identity pool


SETUPS: dict[int, Setup] = {
    5: Setup(Board.BOARD_5_6, 0, 0, {Role.KRAMPUS: 1, Role.NAUGHTY_ELF: 1, Role.NICE_ELF: 3}),
    6: Setup(Board.BOARD_5_6, 0, 1, {Role.KRAMPUS: 1, Role.NAUGHTY_ELF: 1, Role.NICE_ELF: 4}),
    7: Setup(Board.BOARD_7_8, 1, 0, {Role.KRAMPUS: 1, Role.NAUGHTY_ELF: 2, Role.NICE_ELF: 4}),
    8: Setup(Board.BOARD_7_8, 0, 0, {Role.KRAMPUS: 1, Role.NAUGHTY_ELF: 2, Role.NICE_ELF: 5}),
    9: Setup(Board.BOARD_9_10, 2, 0, {Role.KRAMPUS: 1, Role.NAUGHTY_ELF: 3, Role.NICE_ELF: 5}),
    10: Setup(Board.BOARD_9_10, 0, 0, {Role.KRAMPUS: 1, Role.NAUGHTY_ELF: 3, Role.NICE_ELF: 6}),
}


def cards_in_game(num_players: int) -> dict[Card, int]:
    """The cards that take part in a game of this size (box minus removed), boards included."""
    setup = SETUPS[num_players]
    naughty = BOX_DECK[Card.NAUGHTY] - setup.removed_naughty
    return {Card.NICE: BOX_DECK[Card.NICE], Card.NAUGHTY: naughty}


# -- 2.4 boards ---------------------------------------------------------------------------------
NICE_WIN_AT = 5
NAUGHTY_WIN_AT = 6
KRAMPUS_CHECK_FROM_NAUGHTY = 3
HEADS_TOGETHER_FROM_NAUGHTY = 5
FAILED_VOTE_CHAOS_AT = 3
DRAW_SIZE = 3  # the LM draws 3; the pile is reshuffled when it holds fewer

#: The order on each naughty space (the naughty count after placing); space 6 wins instead.
BOARDS: dict[Board, dict[int, Order | None]] = {
    Board.BOARD_5_6: {
        1: None,
        2: None,
        3: Order.CHECKING_IT_TWICE,
        4: Order.STABLE_LEADERSHIP,
        5: Order.STABLE_LEADERSHIP,
    },
    Board.BOARD_7_8: {
        1: None,
        2: Order.PEEK,
        3: Order.SUCCESSOR_SELECTOR,
        4: Order.STABLE_LEADERSHIP,
        5: Order.STABLE_LEADERSHIP,
    },
    Board.BOARD_9_10: {
        1: Order.PEEK,
        2: Order.PEEK,
        3: Order.SUCCESSOR_SELECTOR,
        4: Order.STABLE_LEADERSHIP,
        5: Order.STABLE_LEADERSHIP,
    },
}
#: What the view shows on naughty space 6.
NAUGHTY_WIN_SPACE = "NAUGHTY_WIN"

#: Orders that wait for the LM to choose a target (Checking it Twice resolves by itself).
TARGETED_ORDERS = frozenset({Order.PEEK, Order.SUCCESSOR_SELECTOR, Order.STABLE_LEADERSHIP})


# -- 4.4 term limits ----------------------------------------------------------------------------
#: Games that *started* with these counts limit only the last elected LM (seed != SH).
ONLY_LM_TERM_LIMITED = frozenset({5})


# -- 3.1 who knows what at setup ----------------------------------------------------------------
class Knowledge(StrEnum):
    SMALL = "SMALL"  # 5-6 players
    LARGE = "LARGE"  # 7-10 players


KNOWLEDGE_GROUP: dict[int, Knowledge] = {
    5: Knowledge.SMALL,
    6: Knowledge.SMALL,
    7: Knowledge.LARGE,
    8: Knowledge.LARGE,
    9: Knowledge.LARGE,
    10: Knowledge.LARGE,
}

#: For a player of a role: the roles of the *other* players they are shown at setup.
#: If that shows them every naughty-team member, they also know everyone else is a Nice Elf
#: (the spec's "so they know every role"); the view fills that deduction in.
KNOWS_ROLES: dict[Knowledge, dict[Role, frozenset[Role]]] = {
    Knowledge.SMALL: {
        Role.NICE_ELF: frozenset(),
        Role.NAUGHTY_ELF: frozenset({Role.KRAMPUS}),
        Role.KRAMPUS: frozenset({Role.NAUGHTY_ELF}),
    },
    Knowledge.LARGE: {
        Role.NICE_ELF: frozenset(),
        Role.NAUGHTY_ELF: frozenset({Role.NAUGHTY_ELF, Role.KRAMPUS}),
        Role.KRAMPUS: frozenset(),
    },
}
