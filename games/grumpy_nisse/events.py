"""The Grumpy Nisse events. Each carries only what its audience may know.

Public unless noted. Private to one seat: `cards_drawn` (the drawer), `foresight_seen` and
`deck_reordered` (the owner of the 4), `rummage_drawn` and `put_under` (the owner of the 7),
`hand_revealed` (the owner of the 6: the opponent's hand is shown to them only).
Seats are named by `names[seat]`; every text uses only the event's own fields. `describe` speaks
the reader's `words` (`games.grumpy_nisse.words`; English without them): whole sentences marked
for the bot's catalogues, cards by their names. The track's events are in `events_track.py`, the
card effects' in `events_effects.py` (all re-exported here).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Annotated, Literal

from pydantic import Field

from games.core import Event
from games.core.words import N_
from games.grumpy_nisse.data import Role, Suit, TrackEvent, value_of
from games.grumpy_nisse.events_effects import (
    DeckReordered,
    EffectVoid,
    ForesightSeen,
    ForesightUsed,
    HandRevealed,
    PutUnder,
    Recovered,
    RummageDrawn,
    RummageUsed,
    SpyEnded,
    SpyStarted,
)
from games.grumpy_nisse.events_track import (
    Determination,
    DevilishPlan,
    Panic,
    PanicDiscarded,
    PawnMoved,
    ShortcutChanged,
    TorechTricks,
)
from games.grumpy_nisse.tricks import RULE_TEXT, WinRule
from games.grumpy_nisse.words import ENGLISH, Words, card_name, card_names, role_name, say, win_reason


class DiceRolled(Event):
    """A draft roll (public): the roller picks 1st and 3rd."""

    kind: Literal["dice_rolled"] = "dice_rolled"
    roll_no: int
    roller: int
    dice: list[int]

    def describe(self, names: Sequence[str], words: Words = ENGLISH) -> str:
        dice = ", ".join(map(str, self.dice))
        return say(
            words,
            N_("Roll {roll}: {name} rolls {dice}."),
            roll=self.roll_no,
            name=names[self.roller],
            dice=dice,
        )


class Drafted(Event):
    """A card taken from the grid: with a die (`die`, `row` or `wild`) or in the last three (`die` None)."""

    kind: Literal["drafted"] = "drafted"
    seat: int
    card: str
    die: int | None = None
    row: int | None = None  # the row it came from (numbering at the time of the pick)
    wild: bool = False
    automatic: bool = False  # Torech's last card

    def describe(self, names: Sequence[str], words: Words = ENGLISH) -> str:
        if self.die is None:
            name, card = names[self.seat], card_name(self.card, words)
            if self.automatic:
                return say(words, N_("{name} takes {card} (the last card)."), name=name, card=card)
            return say(words, N_("{name} takes {card}."), name=name, card=card)
        values = {"name": names[self.seat], "card": card_name(self.card, words), "die": self.die}
        if self.wild:
            return say(words, N_("{name} takes {card} with the {die} (wild)."), **values)
        return say(words, N_("{name} takes {card} with the {die} (row {row})."), row=self.row, **values)


class RowsCollapsed(Event):
    kind: Literal["rows_collapsed"] = "rows_collapsed"
    removed_row: int
    rows_left: int

    def describe(self, names: Sequence[str], words: Words = ENGLISH) -> str:
        return say(
            words,
            N_("Row {row} is empty: the rows close up ({left} left)."),
            row=self.removed_row,
            left=self.rows_left,
        )


class RoundStarted(Event):
    """Both players shuffled their decks (round 2: their discard piles) and drew; `leader` leads
    the first trick."""

    kind: Literal["round_started"] = "round_started"
    round: int
    leader: int
    deck_size: int
    hand_size: int

    def describe(self, names: Sequence[str], words: Words = ENGLISH) -> str:
        if self.round > 1:  # (spec 4.3: the discard pile holds all 18 cards then)
            return words.ngettext(
                "Round {round}: both players shuffle their discard piles into new decks and draw {n} card.",
                "Round {round}: both players shuffle their discard piles into new decks and draw {n} cards.",
                self.hand_size,
            ).format(n=self.hand_size, round=self.round)
        return words.ngettext(
            "Round {round}: both players shuffle their decks and draw {n} card.",
            "Round {round}: both players shuffle their decks and draw {n} cards.",
            self.hand_size,
        ).format(n=self.hand_size, round=self.round)


class CardsDrawn(Event):
    """Private to `seat`: the cards it drew (round start or refill)."""

    kind: Literal["cards_drawn"] = "cards_drawn"
    seat: int
    cards: list[str]

    def describe(self, names: Sequence[str], words: Words = ENGLISH) -> str:
        return say(
            words, N_("{name} draws {cards}."), name=names[self.seat], cards=card_names(self.cards, words)
        )


class HandsRefilled(Event):
    kind: Literal["hands_refilled"] = "hands_refilled"
    drawn: list[int]  # per seat
    deck_sizes: list[int]

    def describe(self, names: Sequence[str], words: Words = ENGLISH) -> str:
        parts = [
            say(words, N_("{name} draws {count}"), name=names[seat], count=count)
            for seat, count in enumerate(self.drawn)
            if count
        ]
        if not parts:
            return say(words, N_("Refill: nobody draws."))
        return say(words, N_("Refill: {draws}."), draws=", ".join(parts))


class CardPlayed(Event):
    kind: Literal["card_played"] = "card_played"
    seat: int
    card: str
    lead: bool

    def describe(self, names: Sequence[str], words: Words = ENGLISH) -> str:
        values = {"name": names[self.seat], "card": card_name(self.card, words)}
        if self.lead:
            return say(words, N_("{name} leads {card}."), **values)
        return say(words, N_("{name} follows with {card}."), **values)


class TrickWon(Event):
    """The result of a trick, with the dice of card 3 (if any) and the rule that decided it."""

    kind: Literal["trick_won"] = "trick_won"
    winner: int
    leader: int
    lead_card: str
    follow_card: str
    space: int
    trump: Suit | None
    rule: WinRule
    lead_dice: list[int] = []
    follow_dice: list[int] = []

    def describe(self, names: Sequence[str], words: Words = ENGLISH) -> str:
        return self._told(N_("{name} wins the trick: {won} beats {lost} ({rule})."), names, words)

    def describe_to(self, names: Sequence[str], words: Words, reader: int) -> str:
        """As a player reads it in private: "You win the trick: ..." when they won it."""
        if reader != self.winner:
            return self.describe(names, words)
        return self._told(N_("You win the trick: {won} beats {lost} ({rule})."), names, words)

    def _told(self, template: str, names: Sequence[str], words: Words) -> str:
        won, lost = (self.lead_card, self.follow_card)
        if self.winner != self.leader:
            won, lost = lost, won
        line = say(
            words,
            template,
            name=names[self.winner],
            won=card_name(won, words),
            lost=card_name(lost, words),
            rule=words.gettext(RULE_TEXT[self.rule]),
        )
        if not self.lead_dice:
            return line
        lead_total = value_of(self.lead_card) + sum(self.lead_dice)
        follow_total = value_of(self.follow_card) + sum(self.follow_dice)
        dice = say(
            words,
            N_(
                "Dice: {leader} {lead_value} + 🎲{lead_dice} = {lead_total}, "
                "{follower} {follow_value} + 🎲{follow_dice} = {follow_total}."
            ),
            leader=names[self.leader],
            lead_value=value_of(self.lead_card),
            lead_dice="+".join(map(str, self.lead_dice)),
            lead_total=lead_total,
            follower=names[1 - self.leader],
            follow_value=value_of(self.follow_card),
            follow_dice="+".join(map(str, self.follow_dice)),
            follow_total=follow_total,
        )
        if lead_total == follow_total:
            dice += " " + say(words, N_("A tie goes to the lead card."))
        return f"{line} {dice}"


class RoundEnded(Event):
    kind: Literal["round_ended"] = "round_ended"
    round: int
    pawn: int

    def describe(self, names: Sequence[str], words: Words = ENGLISH) -> str:
        return say(
            words, N_("Round {round} ends with the pawn on space {space}."), round=self.round, space=self.pawn
        )


class GameOver(Event):
    kind: Literal["game_over"] = "game_over"
    winner: int
    role: Role
    reason: str
    event: TrackEvent | None = None

    def describe(self, names: Sequence[str], words: Words = ENGLISH) -> str:
        return say(
            words,
            N_("{name} ({role}) wins: {reason}"),
            name=names[self.winner],
            role=role_name(self.role, words),
            reason=win_reason(self.reason, words),
        )


GNEvent = Annotated[
    DiceRolled
    | Drafted
    | RowsCollapsed
    | RoundStarted
    | CardsDrawn
    | HandsRefilled
    | CardPlayed
    | TrickWon
    | PawnMoved
    | ShortcutChanged
    | TorechTricks
    | DevilishPlan
    | Determination
    | Panic
    | PanicDiscarded
    | EffectVoid
    | Recovered
    | ForesightUsed
    | ForesightSeen
    | DeckReordered
    | SpyStarted
    | HandRevealed
    | SpyEnded
    | RummageUsed
    | RummageDrawn
    | PutUnder
    | RoundEnded
    | GameOver,
    Field(discriminator="kind"),
]

__all__ = [
    "CardPlayed",
    "CardsDrawn",
    "DeckReordered",
    "Determination",
    "DevilishPlan",
    "DiceRolled",
    "Drafted",
    "EffectVoid",
    "ForesightSeen",
    "ForesightUsed",
    "GNEvent",
    "GameOver",
    "HandRevealed",
    "HandsRefilled",
    "Panic",
    "PanicDiscarded",
    "PawnMoved",
    "PutUnder",
    "Recovered",
    "RoundEnded",
    "RoundStarted",
    "RowsCollapsed",
    "RummageDrawn",
    "RummageUsed",
    "ShortcutChanged",
    "SpyEnded",
    "SpyStarted",
    "TorechTricks",
    "TrickWon",
]
