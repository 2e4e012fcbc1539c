"""Naughty or Nice (Szilágyi L. Gábor, Tony Baritoon): gift givers, kiddos, presents, creatures.

The rules are `shared/rules/naughty-or-nice.md`. Layout: `data.py` (tables), `models.py` (state,
options, the task stack), `actions.py`, `events.py` (the union of every event, with those of
turns; the others in `events_play.py`, `events_taking.py` and `events_score.py`), `cards.py`
(zones, draws, Midnight, points), `flow.py` (setup, turns, the task runner), `engine.py` + `engine_other.py`
(the action handlers), `basic.py` (Craft / Summon / Fulfill / set collection), `creatures.py`
(playing and resolving creatures), `reactions.py` (windows), `scoring.py`, `rules.py`
(to_decide, legal_actions), `viewmodels.py` + `views.py`, `game.py` (GameRules).

Where this engine settles what the spec leaves open:

- **Task stack.** Every interruption of spec 4.2 is a task pushed on `state.tasks` and returns
  control exactly where it came from. Ordinary interruptions (Elves picks, Christkindl's draw,
  Ded Moroz's action, Snow Maiden repeats, Papa Wolverine's picks, Santa's tuck choice) wait on
  the named player with no clock; the bot may apply the spec 5.4 defaults itself.
- **Reaction windows** (spec 5): `React` / `Pass` from the eligible seats (`to_decide`);
  `close_window` only from `SYSTEM_SEAT` via `timer()`. Without `reaction_secrecy` a window is
  skipped when nobody is eligible and closes when all eligible answered; with it every window
  runs its full timer and answers never close it. In both modes the views hide who may answer
  (spec 5.1: the public sees only "Reaction window open"); `idle_reason` refuses any other
  click with the same words for everyone.
- **Gift givers** are chosen in reverse turn order (option `givers="choose"`, default) or dealt at
  random (`givers="random"`). Starting hands are dealt after the choice (spec 3 order).
- **Craft** is taken one present at a time (`take.-1` = deck, `take.<i>` = offer card i).
  A draw that cannot be made ends the Craft (nothing left anywhere).
- **Fulfill** is one action `fulfil.<kiddo>.<mask>` (mask over present-hand indices); any mask
  whose colours match is accepted; `legal_actions` lists one mask per distinct multiset of
  present *types* (the lowest hand indices of each type), since copies of a type are identical.
  Saint Nicholas's skip is implied by a mask missing exactly one BLACK. A Caga Tió
  (`caga.<kiddo>.<colour>`) opens a Fulfill in progress (more Caga Tiós, the presents, or
  `abandon`); abandoning in one's own basic action returns to the choice of a basic action,
  anywhere else (Snow Maiden repeat, Ded Moroz) the action is forfeited.
- **Elves**: when one revealed card is left it goes to the next picker without a click.
- **Tomte cards** go to the creature discard when played (the chain's outcome is unchanged).
- **Points** are floored at 0 at each loss; the breakdown keeps the points actually lost.
- **Santa's search** is allowed on an empty source (the presents are still spent); after
  Midnight it scores +1 whatever the source.
- **Size of `legal_actions`**: Fulfill masks are listed per multiset of types, so a kiddo gives at
  most 3^k-style products (a 5-present kiddo with every type in hand: 162); in random play the
  whole list stays well under a few hundred, but a huge hand with all 8 kiddos open could list
  ~1000. `view.fulfillable` gives the kiddos a hand can fulfil for a select-based renderer
  (`view.fulfillable_with_caga`: those it can only with its usable Caga Tiós).
- **Secret windows**: `to_decide` still names the seats that may answer (the bot needs it);
  renderers must show `view.to_decide`, which hides them from everyone but the seat itself.
- **Santa's tuck** (spec 2.2.1) never tells the table what he gained: a summon's tuck is chosen
  with the card kept (`Keep(index, tuck=True)`, no second question), and every creature he
  gains without a choice (starting hand, a lone summon draw, the full-set bonus, Mari Lwyd)
  asks him the same `TuckTask`, a Reindeer or not (only "keep it" is legal for the others).
  The starting hand's question comes before the first turn.
- **The turn ends by itself** after the basic action when the player holds no creature usable
  this turn (End turn is then the only choice). A hand with any usable creature waits for the
  click, even if it cannot be played now (Tomte, Papa Wolverine, Caga Tió): so the pause
  depends only on public facts (creatures held since before the turn), never on their kinds.
- **The turn clock** (`NaughtyOrNice.default_action`, `clock.py`) for a player out of time;
  no default looks at the hand (the clock never fulfils: that would show what the hand covers):

  | decision | default on timeout |
  |---|---|
  | gift giver | the first one still free (rulebook order) |
  | own turn: basic action / after it | CRAFT / `end_turn` |
  | Craft: take a present | top of the present deck (blind), else the first offer card |
  | Summon keep / Santa's tuck | the first card drawn / no |
  | Elves, Christkindl, Ded Moroz, Snow Maiden repeat | lowest index / decline / decline / decline |
  | Papa Wolverine's take | the first 2 cards of the batch (spec 5.4) |
  | Fulfill opened by Caga Tio | abandon |
  | reaction window | pass (the window's own `timer` still closes it) |

  A game of timeouts only ends by the stalemate rule (spec 4.10.5) once the presents run out.
"""

from games.naughty_or_nice.game import NaughtyOrNice

__all__ = ["NaughtyOrNice"]
