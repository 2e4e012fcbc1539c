"""The Grumpy Nisse (Pedro Pereira, 2 players): Violet races through the forest to meet Ordep,
Torech the grumpy nisse tries to stop her. A dice draft builds two 18-card decks, then two rounds of
one-card tricks move Violet's pawn along an 18-space track whose groups set the trump.

The rules are `shared/rules/grumpy-nisse.md` (its decisions are kept: suit colours, the trump of
each group, the event spaces 3 / 5-6 / 11 / 14 / 16-18, rows numbered from the top and collapsing at
once, event order move -> event -> winner effect -> loser effect -> discard -> refill to 4).
Layout: `data.py` (tables), `tricks.py` (who wins a trick, pure), `models.py` (options, state,
actions), `events.py`, `draft.py` (setup and the draft), `steps.py` (the automatic steps of a
trick and a round), `effects.py` (the start of card effects), `decks.py`, `engine.py` (one handler
per action), `rules.py` (read-only questions, `to_decide`, `legal_actions`), `view_models.py`,
`views.py`, `game.py`.

Where this engine settles what the spec leaves open:

- **Roles**: the lobby option `roles` = "random" (default: the seed picks Violet's seat),
  "host_violet" or "host_torech" (seat 0 is the host).
- **Draft actions**: `pick(die, card)` names the die by its value (two dice showing the same value
  are the same choice). A die can be used for any card of its row, or any card when wild. The dice
  of the first roll are in the state and view from the start (`new_game` returns no events); every
  later roll is a public `dice_rolled` event.
- **Card 2 (Recover)** takes two decisions of its owner, each its own `state.decision`: first
  `recover.<card>` (take from the discard pile) or `recover_skip`; then `putback.<card>` (a card of
  the hand other than the one taken). Once a card is taken, putting one back is mandatory.
- **Card 4 (Foresight)**: `reorder.<digits>` lists the seen cards' indexes (0 = the old top) in the
  new order, top first ("201": old third on top). With only 1 card left in the deck there is
  nothing to order: the owner is shown the card (private event) and play goes on by itself.
- **Card 6 (Spy)**: the spied hand is in the spy's view (`opponent_hand`) from the effect step until
  the end of the next trick (after its refill) or the end of the round, whichever is first; the
  cards at the start are also sent in a `hand_revealed` event whose audience is the spy only. If
  both players play a 6 in the same trick, both see each other's hand.
- **Card 7 (Rummage)**: the 2 drawn cards are private (`rummage_drawn`); `bottom.<card>` puts one
  card of the whole hand under the deck.
- **Known deck order**: a seat's view lists what it learnt of its own deck (`deck_known_top` from
  Foresight, `deck_known_bottom` from Rummage); cards that left the deck drop out, a shuffle
  (determination, round 2) forgets everything.
- **Public card knowledge**: each player's `unseen_cards` (hand + deck, sorted) is in the public
  view: everybody saw the draft and the discards, so it gives nothing away.
- The ``Torech panics`` discard of a player with an empty hand is skipped (a public event says so).
- When the game ends in the middle of a trick (Ordep, devilish plan), the played cards stay on the
  table and no effects or refills follow.
- **The turn clock** (`GrumpyNisse.default_action`, `clock.py`) for a player out of time (hands
  are in draw order, never sorted, so "the first card" is the oldest and says nothing):

  | decision | default on timeout |
  |---|---|
  | draft pick | first unused die (roll order), first card it allows (grid order) |
  | final pick | first card left in the grid |
  | lead / follow, panic discard, Rummage bottom | the first card in hand |
  | Recover: take? / put back | `recover_skip` / first hand card other than the recovered one |
  | Foresight | keep the order (`reorder.012`) |
"""

from games.grumpy_nisse.data import Effect, Phase, Role, Shortcut, Suit, TrackEvent
from games.grumpy_nisse.events import GNEvent
from games.grumpy_nisse.game import GrumpyNisse
from games.grumpy_nisse.models import (
    Bottom,
    GNAction,
    GNState,
    GrumpyNisseOptions,
    PanicDiscard,
    Pick,
    Play,
    RecoverPut,
    RecoverSkip,
    RecoverTake,
    Reorder,
    Take,
)
from games.grumpy_nisse.view_models import GNView

__all__ = [
    "Bottom",
    "Effect",
    "GNAction",
    "GNEvent",
    "GNState",
    "GNView",
    "GrumpyNisse",
    "GrumpyNisseOptions",
    "PanicDiscard",
    "Phase",
    "Pick",
    "Play",
    "RecoverPut",
    "RecoverSkip",
    "RecoverTake",
    "Reorder",
    "Role",
    "Shortcut",
    "Suit",
    "TrackEvent",
    "Take",
]
