"""Christmas Tree (Clevergreen Board Games, 2017): draft ornament cards and decorate your tree.

The rules are `shared/rules/christmas-tree.md` (the spec). Layout: `data.py` (cards, decks,
modes), `board.py` (the geometry), `objectives.py` (the 30 objective cards and their scoring),
`scoring.py` (bulbs, gingerbreads, the final evaluation), `models.py` (options, state, actions,
views), `events.py`, `engine.py` (setup and actions), `steps.py` (the automatic steps),
`rules.py` (read-only questions), `views.py`, `game.py` (GameRules).

Where this engine settles what the spec leaves open (spec decisions are cited in the modules):

- **One secret decision per turn** (product decision, merging spec 5 R3b PICK and R3d PLACE): a
  player sends card, cell and orientation together (`place.<card_index>.<cell>.<rotation>`), so
  nobody sees the others' picked cards before placing; all placements are revealed together
  when the last player is ready (spec 13 #19). Cells are numbered 0-20 (`board.py`).
- **A wrapped candy always stands upright** (product decision): it has no bulbs or symbols (spec
  13 #7), so turning it would mean nothing; no `place`/`stage` at 180, no `rotate` of a candy, and
  a swapped candy lands upright (`rules.rotations_of`).
- **Choices may be changed until the decision closes**: an objective choice or a turn may be
  re-sent (another index, another card/cell/orientation) until the last player is ready. The
  change is told only to its player (`objective_recorded`/`turn_recorded` with `changed=True`);
  the public sees `objective_chosen` once and `ready` whenever a player becomes (not) ready.
  Re-sending the identical choice is refused. `state.decision` moves only when all are in.
- **Linzer cookies** (spec 6.2, 13 #17): spent after placing, in the same turn. A player who
  wants them sends `stage` (like `place` but the turn stays open), then any number of `swap` /
  `rotate` (each planned on the tree with the new card on it, one cookie each), then `done`.
  Planned cookies are secret and are applied, after the card, at the reveal; changing the turn
  with a new `place`/`stage` drops them and refunds the cookies. A swap names the orientation
  of the card landing on each cell (spec 13 #18); a rotate flips one card.
- **Hands are sorted** by card code when dealt (G.., J.., W..), and `card_index` indexes that
  order; an Advanced objective riding in a hand is not one of its cards (spec 5 notes).
- **Objective cards** are indexed in each player's sorted list of remaining cards. The neutral
  seat draws its objective after the players (spec 9) with `state.rng`; the Family table deck is
  shuffled once at setup and 3 cards are drawn from its top at the start of each round, after
  the deal (spec 5 R1-R2). Objectives are scored in seat order (Family: drawn order) and leave
  the game at once; their results stay in `state.results` (`view.results`).
- **Seen objectives** (Advanced): `view.seen_objectives` lists the unrevealed objectives of the
  round that rode in the hands the seat has held (spec 4.1: "the players get to know 1 objective
  card per turn"), derived from the turn number, the direction and the hands' origins.
- **The neutral seat** (2 players, spec 9) is seat 2; it never decides. At each reveal it takes a
  random card of its hand and a random free cell, orientation 0, in seat order after the players
  (spec 13 #16). Events name it "the neutral tree" (`events.name_of`).
- **The turn clock** (`ChristmasTree.default_action`, `clock.py`) for a player out of time:

  | decision | default on timeout |
  |---|---|
  | choose an objective | the objective card at a blind position |
  | the turn | `place` the card at a blind position, lowest legal cell, orientation 0 |
  | a staged turn (cookies open) | `done` (the staged card and planned cookies stand) |

  Hands and objectives are sorted, so "the first card" would leak; the blind position is a
  hash of (seed, decision, seat), independent of the cards, and leaves `state.rng` untouched.
- `new_game` returns only a state: the setup events (the first deal) are not kept; the first
  hands are in the views.
"""

from games.christmas_tree.data import CARDS, Kind, Mode, Phase
from games.christmas_tree.events import CTEvent
from games.christmas_tree.game import ChristmasTree
from games.christmas_tree.models import (
    ChooseObjective,
    ChristmasTreeOptions,
    CTAction,
    CTState,
    CTView,
    Done,
    Place,
    Rotate,
    ScoreBreakdown,
    SeatPublic,
    Stage,
    Swap,
)
from games.christmas_tree.objectives import OBJECTIVES
from games.christmas_tree.scoring import Slot

__all__ = [
    "CARDS",
    "OBJECTIVES",
    "CTAction",
    "CTEvent",
    "CTState",
    "CTView",
    "ChooseObjective",
    "ChristmasTree",
    "ChristmasTreeOptions",
    "Done",
    "Kind",
    "Mode",
    "Phase",
    "Place",
    "Rotate",
    "ScoreBreakdown",
    "SeatPublic",
    "Slot",
    "Stage",
    "Swap",
]
