"""Secret Krampus (Rattlebox Games, 2018, CC BY-NC-SA 4.0): a Christmas reskin of Secret Hitler.

The rules are `shared/rules/secret-krampus.md`. Layout: `data.py` (tables), `models.py` (state,
actions, views), `events.py`, `engine.py` (the state machine), `views.py`, `game.py` (GameRules).

Where this engine departs from or settles the spec:

- **Election votes can be changed** (product decision from the issue, overriding spec 4.5
  "Votes cannot be changed"): a living player may re-send `Vote` until the last missing vote
  arrives; then voting closes and all votes are revealed together. A change is told only to the
  voter (`vote_recorded` with `changed=True`); the public sees one `voted` per seat.
  `to_decide` during voting = living players who have not voted yet; `legal_actions` of a player
  who has voted is the one vote that changes theirs. Re-sending the *same* vote is refused
  ("You already voted YES."), so a double click never makes a new game version.
- Heads Together votes cannot be changed; only the outcome is ever public (spec decision 14).
- No vote timeout in the engine (spec decision 12): the bot's turn clock applies
  `SecretKrampus.default_action` (`clock.py`) for a seat out of time, which reveals nothing:

  | decision | default on timeout |
  |---|---|
  | nominate a Sleigh Loader | first eligible seat clockwise from the candidate |
  | election vote | NO (spec decision 12) |
  | List Maker discard | the first card in draw order (hands are never sorted) |
  | Sleigh Loader play | the first passed card (draw order) |
  | Heads Together vote | NO |
  | Santa's Order target | first valid target clockwise from the List Maker |
- `known_roles` in a view holds the setup knowledge of table 3.1 *plus* what follows from it:
  a player who was shown every naughty-team member knows everyone else is a Nice Elf
  ("so they know every role"), so their view lists every role.
- `not_krampus` (public) marks players cleared by the Krampus check or sent to the stables
  without the game ending (spec 2.6: "everyone can infer not Krampus").
"""

from games.secret_krampus.data import Board, Card, Order, Phase, Role, Team
from games.secret_krampus.events import SKEvent
from games.secret_krampus.game import SecretKrampus
from games.secret_krampus.models import (
    ChooseTarget,
    Discard,
    HeadsTogetherVote,
    Nominate,
    Play,
    PlayerPublic,
    SKAction,
    SKState,
    SKView,
    Vote,
)

__all__ = [
    "Board",
    "Card",
    "ChooseTarget",
    "Discard",
    "HeadsTogetherVote",
    "Nominate",
    "Order",
    "Phase",
    "Play",
    "PlayerPublic",
    "Role",
    "SKAction",
    "SKEvent",
    "SKState",
    "SKView",
    "SecretKrampus",
    "Team",
    "Vote",
]
