"""Naughty & Nice (Jonathan Leistiko, 2008): draw, play cards on anyone, end with high and
balanced Naughty and Nice ratings.

The rules are `shared/rules/naughty-and-nice.md` (the spec; its deck is invented, see `data.py`).
Layout: `data.py` (cards, numbers), `models.py` (state, actions), `view_models.py`, `events.py`,
`engine.py` (setup and actions), `steps.py` (automatic steps), `rules.py` (read-only questions),
`scoring.py` (allocation, score, winners), `views.py`, `game.py` (GameRules).

Where this engine settles what the spec leaves open:

- **Declaring and the first draw are one action** (`declare.NONE|NAUGHTY|NICE`): the first draw
  is compulsory and the declaration must come before it, so the DECLARE phase offers three
  buttons that each declare and draw. Then `draw` / `stop` one card at a time (spec 4.3).
- **Cards are identified by id** in actions (`play.NI04.2`, `take.NA12`, `orient.SH12.1`).
- **The steal is taken one card at a time** (`take.<card>` repeated, then `stop_taking`), which
  allows exactly the subsets of spec 4.5 (the cost is additive and no card costs 0, so every
  allowed set can be built card by card within the budget) while `legal_actions` stays small
  (at most the target's cards in play + 1). The steal ends by itself when nothing more fits.
  A Shiny! played on another player whose play area holds nothing else opens no steal.
- **Piles both empty mid-turn**: drawing simply ends (spec 4.3.1). At the turn's first draw the
  game ends after the turn (`nothing_to_draw`); with the hand at 2 or fewer nothing is played.
- **End of turn**: the game ends if it was the declarer's next turn or nothing could be drawn;
  else, when the declaration is possible (no one declared yet, someone has 10+ cards in play) the
  active player chooses `declare_end` / `pass`; otherwise the turn passes automatically.
- **Orientation (spec 5.1) is per card and may be changed until the decision closes**, like the
  Christmas Tree objective choice: `orient.<card>.<1|0>` (1 = face up). A seat is ready once each
  of its Shiny! cards has an orientation; the decision closes (and `state.decision` moves) when
  the last seat becomes ready, so the last orientation sent by the last seat closes it. Until
  then a ready seat may still flip a card. Re-sending the same orientation is refused. A change
  is told only to its player (`orientation_recorded`); the public sees `oriented` when a seat
  becomes ready, and every orientation at the reveal. Seats without Shiny! cards never decide;
  with none at all, the die is rolled at once.
- **The turn clock** (`NaughtyAndNice.default_action`, `clock.py`) for a player out of time:

  | decision | default on timeout |
  |---|---|
  | declare (and first draw) | `declare.NONE` |
  | draw or stop | `stop` |
  | play (hand above 2) | the first card in hand (oldest; hands are never sorted), on oneself |
  | Shiny! steal | `stop_taking` |
  | declare the end or pass | `pass` |
  | orientation | `orient.<card>.1` (FACE_UP, spec 5.1) for the first card still missing |
- **Allocation** (spec 5.3) is automatic and optimal: best score, then smallest difference; among
  equally good allocations the one using the least Shiny! value (e.g. UNUSED in fact 19).
- **Running totals** in the view are the Nice and Naughty sums of the cards in play; Shiny!
  cards are listed apart (count and total) since whether they count is known only at the end.
- **Hands at the end** stay private (only their sizes are shown); they score nothing.
- Turn numbers count every player's turn from 1; `first_seat` is random (spec 3.3).
"""

from games.naughty_and_nice.data import CARDS, Card, CardType, Declaration, Phase, Side
from games.naughty_and_nice.events import NNEvent
from games.naughty_and_nice.game import NaughtyAndNice
from games.naughty_and_nice.models import (
    Declare,
    DeclareEnd,
    Draw,
    NNAction,
    NNState,
    Orient,
    Pass,
    Play,
    Stop,
    StopTaking,
    Take,
)
from games.naughty_and_nice.view_models import NNView

__all__ = [
    "CARDS",
    "Card",
    "CardType",
    "Declaration",
    "Declare",
    "DeclareEnd",
    "Draw",
    "NNAction",
    "NNEvent",
    "NNState",
    "NNView",
    "NaughtyAndNice",
    "Orient",
    "Pass",
    "Phase",
    "Play",
    "Side",
    "Stop",
    "StopTaking",
    "Take",
]
