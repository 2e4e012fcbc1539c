"""Secret Krampus events. Each carries only what its audience may know (see `engine.py`).

Audiences: public unless noted. Private ones: `vote_recorded` and `ht_vote_recorded` (the voter),
`cards_drawn`, `peek_result` and `top_cards_seen` (the LM), `cards_passed` and
`heads_together_card` (the LM and the SL).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Annotated, Any, Literal

from pydantic import Field, model_validator

from games.core import Event
from games.secret_krampus.data import NAUGHTY_WIN_AT, NICE_WIN_AT, Card, Order, Role, Team

_ORDER_TEXT = {
    Order.PEEK: "Peek",
    Order.SUCCESSOR_SELECTOR: "Successor Selector",
    Order.CHECKING_IT_TWICE: "Checking it Twice",
    Order.STABLE_LEADERSHIP: "Stable Leadership",
}
_ROLE_TEXT = {
    Role.NICE_ELF: "a Nice Elf",
    Role.NAUGHTY_ELF: "a Naughty Elf",
    Role.KRAMPUS: "Krampus",
}


_CARD_TEXT = {Card.NICE: "Nice", Card.NAUGHTY: "Naughty"}
_TEAM_TEXT = {Team.NICE: "Team Nice", Team.NAUGHTY: "Team Naughty"}


def card_text(card: Card) -> str:
    """A gift as players say it ("Nice", "Naughty"), never its code."""
    return _CARD_TEXT[card]


def _cards(cards: Sequence[Card]) -> str:
    return ", ".join(card_text(card) for card in cards)


def _yes(yes: bool) -> str:
    return "Yes" if yes else "No"


def _names(names: Sequence[str], seats: Sequence[int]) -> str:
    return ", ".join(names[s] for s in seats) or "nobody"


class NewCandidate(Event):
    kind: Literal["new_candidate"] = "new_candidate"
    seat: int
    special: bool = False  # chosen by Successor Selector

    def describe(self, names: Sequence[str]) -> str:
        how = " (chosen by Successor Selector)" if self.special else ""
        return f"{names[self.seat]} is the List Maker candidate{how}."


class Nominated(Event):
    kind: Literal["nominated"] = "nominated"
    lm_candidate: int
    sl_candidate: int

    def describe(self, names: Sequence[str]) -> str:
        return (
            f"{names[self.lm_candidate]} nominates {names[self.sl_candidate]} as Sleigh Loader. "
            "Everyone votes!"
        )


class Voted(Event):
    """Public: `seat` has voted (not how). No longer made (the table and the log said it per
    voter, and a changed vote showed none); kept so that logs stored before still load."""

    kind: Literal["voted"] = "voted"
    seat: int

    @model_validator(mode="before")
    @classmethod
    def _only_the_voter(cls, data: Any) -> Any:
        """An old log's line per voter is shown to nobody else (not in /log any more)."""
        if isinstance(data, dict) and "seat" in data:
            data = {**data, "audience": {"seats": [data["seat"]]}}
        return data

    def describe(self, names: Sequence[str]) -> str:
        return f"{names[self.seat]} has voted."


class VoteRecorded(Event):
    """Private to the voter: their (possibly changed) vote."""

    kind: Literal["vote_recorded"] = "vote_recorded"
    seat: int
    yes: bool
    changed: bool = False

    def describe(self, names: Sequence[str]) -> str:
        verb = "changed your vote to" if self.changed else "voted"
        return f"You {verb} {_yes(self.yes).upper()}."


class VotesRevealed(Event):
    kind: Literal["votes_revealed"] = "votes_revealed"
    votes: dict[int, bool]
    yes_count: int
    no_count: int
    passed: bool

    def describe(self, names: Sequence[str]) -> str:
        yes = [s for s, v in sorted(self.votes.items()) if v]
        no = [s for s, v in sorted(self.votes.items()) if not v]
        result = "passed" if self.passed else "failed"
        return (
            f"The vote {result}, {self.yes_count}-{self.no_count}. "
            f"Yes: {_names(names, yes)}. No: {_names(names, no)}."
        )


class Elected(Event):
    kind: Literal["elected"] = "elected"
    lm: int
    sl: int

    def describe(self, names: Sequence[str]) -> str:
        return f"{names[self.lm]} is List Maker and {names[self.sl]} is Sleigh Loader."


class NotKrampus(Event):
    """The Krampus check cleared the elected SL."""

    kind: Literal["not_krampus"] = "not_krampus"
    seat: int

    def describe(self, names: Sequence[str]) -> str:
        return f"Krampus check: {names[self.seat]} is not Krampus."


class FailedVoteTrack(Event):
    kind: Literal["failed_vote_track"] = "failed_vote_track"
    failed_votes: int
    cause: Literal["vote", "heads_together"] = "vote"

    def describe(self, names: Sequence[str]) -> str:
        why = "The election failed" if self.cause == "vote" else "Heads Together discarded the gift"
        return f"{why}: {self.failed_votes} failed {'vote' if self.failed_votes == 1 else 'votes'} in a row."


class CardsDrawn(Event):
    """Private to the LM: the 3 cards drawn."""

    kind: Literal["cards_drawn"] = "cards_drawn"
    lm: int
    cards: list[Card]

    def describe(self, names: Sequence[str]) -> str:
        return f"You drew {_cards(self.cards)}. Discard one."


class LmDiscarded(Event):
    kind: Literal["lm_discarded"] = "lm_discarded"
    lm: int
    sl: int

    def describe(self, names: Sequence[str]) -> str:
        return f"{names[self.lm]} discarded a gift and passed two to {names[self.sl]}."


class CardsPassed(Event):
    """Private to the LM and the SL: the 2 cards passed."""

    kind: Literal["cards_passed"] = "cards_passed"
    sl: int
    cards: list[Card]

    def describe(self, names: Sequence[str]) -> str:
        return f"{names[self.sl]} received {_cards(self.cards)}."


class HeadsTogetherStarted(Event):
    kind: Literal["heads_together_started"] = "heads_together_started"
    lm: int
    sl: int

    def describe(self, names: Sequence[str]) -> str:
        return (
            f"{names[self.sl]} chose a gift. Heads Together: {names[self.lm]} and "
            f"{names[self.sl]} vote in secret whether to deliver it."
        )


class HeadsTogetherCard(Event):
    """Private to the LM and the SL: the card the SL chose."""

    kind: Literal["heads_together_card"] = "heads_together_card"
    card: Card

    def describe(self, names: Sequence[str]) -> str:
        return f"The chosen gift is {card_text(self.card)}. Vote Yes to deliver it, No to discard it."


class HtVoteRecorded(Event):
    """Private to the voter."""

    kind: Literal["ht_vote_recorded"] = "ht_vote_recorded"
    seat: int
    yes: bool

    def describe(self, names: Sequence[str]) -> str:
        return f"You voted {_yes(self.yes).upper()} on Heads Together."


class HeadsTogetherResult(Event):
    kind: Literal["heads_together_result"] = "heads_together_result"
    played: bool

    def describe(self, names: Sequence[str]) -> str:
        if self.played:
            return "Heads Together: the gift will be delivered."
        return "Heads Together: both said No. The gift is discarded unseen."


class Chaos(Event):
    kind: Literal["chaos"] = "chaos"
    card: Card

    def describe(self, names: Sequence[str]) -> str:
        return f"Three failed votes in a row! Chaos: the top gift, {card_text(self.card)}, is delivered."


class CardPlaced(Event):
    kind: Literal["card_placed"] = "card_placed"
    card: Card
    by_chaos: bool = False
    nice_count: int
    naughty_count: int

    def describe(self, names: Sequence[str]) -> str:
        how = " by chaos" if self.by_chaos else ""
        return (
            f"A {card_text(self.card)} gift was delivered{how}. "
            f"Nice {self.nice_count}/{NICE_WIN_AT}, Naughty {self.naughty_count}/{NAUGHTY_WIN_AT}."
        )


class Reshuffled(Event):
    kind: Literal["reshuffled"] = "reshuffled"
    draw_pile_size: int

    def describe(self, names: Sequence[str]) -> str:
        return f"Fewer than 3 gifts left: the piles are reshuffled ({self.draw_pile_size} gifts)."


class OrderStarted(Event):
    kind: Literal["order_started"] = "order_started"
    order: Order
    lm: int

    def describe(self, names: Sequence[str]) -> str:
        if self.order == Order.CHECKING_IT_TWICE:
            return f"Santa's Order: Checking it Twice. {names[self.lm]} sees the top 3 gifts in secret."
        return f"Santa's Order for {names[self.lm]}: {_ORDER_TEXT[self.order]}."


class TopCardsSeen(Event):
    """Private to the LM: Checking it Twice."""

    kind: Literal["top_cards_seen"] = "top_cards_seen"
    lm: int
    cards: list[Card]

    def describe(self, names: Sequence[str]) -> str:
        return f"The top 3 gifts are {_cards(self.cards)} (top first)."


class Peeked(Event):
    kind: Literal["peeked"] = "peeked"
    lm: int
    target: int

    def describe(self, names: Sequence[str]) -> str:
        return f"{names[self.lm]} peeks at {names[self.target]}."


class PeekResult(Event):
    """Private to the LM who peeked."""

    kind: Literal["peek_result"] = "peek_result"
    target: int
    side: Team

    def describe(self, names: Sequence[str]) -> str:
        return f"Your Peek: {names[self.target]} is on {_TEAM_TEXT[self.side]}."


class SuccessorSelected(Event):
    kind: Literal["successor_selected"] = "successor_selected"
    lm: int
    target: int

    def describe(self, names: Sequence[str]) -> str:
        return f"{names[self.lm]} selects {names[self.target]} as the next List Maker candidate."


class Stabled(Event):
    kind: Literal["stabled"] = "stabled"
    lm: int
    target: int
    was_krampus: bool  # True only for Krampus (then public anyway: NICE wins)

    def describe(self, names: Sequence[str]) -> str:
        text = f"{names[self.lm]} sends {names[self.target]} to the stables."
        return text + (" They were Krampus!" if self.was_krampus else "")


class GameOver(Event):
    kind: Literal["game_over"] = "game_over"
    winner: Team
    reason: str
    winners: list[int]
    roles: list[Role]

    def describe(self, names: Sequence[str]) -> str:
        roles = ", ".join(f"{names[s]} was {_ROLE_TEXT[r]}" for s, r in enumerate(self.roles))
        return f"{_TEAM_TEXT[self.winner]} wins! {self.reason} {roles}."


SKEvent = Annotated[
    NewCandidate
    | Nominated
    | Voted
    | VoteRecorded
    | VotesRevealed
    | Elected
    | NotKrampus
    | FailedVoteTrack
    | CardsDrawn
    | LmDiscarded
    | CardsPassed
    | HeadsTogetherStarted
    | HeadsTogetherCard
    | HtVoteRecorded
    | HeadsTogetherResult
    | Chaos
    | CardPlaced
    | Reshuffled
    | OrderStarted
    | TopCardsSeen
    | Peeked
    | PeekResult
    | SuccessorSelected
    | Stabled
    | GameOver,
    Field(discriminator="kind"),
]
