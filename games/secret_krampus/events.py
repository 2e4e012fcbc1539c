"""Secret Krampus events: `SKEvent`, the union of them all, and those of elections and
legislation (Santa's Orders in `events_orders`). Each carries only what its audience may know
(see `engine.py`).

Audiences: public unless noted. Private ones: `vote_recorded` and `ht_vote_recorded` (the voter),
`cards_drawn`, `peek_result` and `top_cards_seen` (the LM), `cards_passed` and
`heads_together_card` (the LM and the SL), `card_chosen` (the SL).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Annotated, Any, Literal

from pydantic import Field, model_validator

from games.core import Event
from games.core.words import N_, Words
from games.secret_krampus.data import NAUGHTY_WIN_AT, NICE_WIN_AT, Card, Role, Team
from games.secret_krampus.events_orders import (
    OrderStarted,
    Peeked,
    PeekResult,
    Stabled,
    SuccessorSelected,
    TopCardsSeen,
)
from games.secret_krampus.words import (
    WAS_ROLE,
    card_words,
    cards_words,
    listing,
    names_words,
)


class NewCandidate(Event):
    kind: Literal["new_candidate"] = "new_candidate"
    seat: int
    special: bool = False  # chosen by Successor Selector
    resumed: bool = False  # the first candidate after a Successor Selector's election

    def describe(self, names: Sequence[str]) -> Words:
        if self.special:
            text = N_("{name} is the List Maker candidate (chosen by Successor Selector).")
        elif self.resumed:
            text = N_("{name} is the List Maker candidate: the usual order resumes.")
        else:
            text = N_("{name} is the List Maker candidate.")
        return Words(text, name=names[self.seat])


class Nominated(Event):
    kind: Literal["nominated"] = "nominated"
    lm_candidate: int
    sl_candidate: int

    def describe(self, names: Sequence[str]) -> Words:
        return Words(
            N_("{lm} nominates {sl} as Sleigh Loader. Everyone votes!"),
            lm=names[self.lm_candidate],
            sl=names[self.sl_candidate],
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

    def describe(self, names: Sequence[str]) -> Words:
        return Words(N_("{name} has voted."), name=names[self.seat])


class VoteRecorded(Event):
    """Private to the voter: their (possibly changed) vote."""

    kind: Literal["vote_recorded"] = "vote_recorded"
    seat: int
    yes: bool
    changed: bool = False

    def describe(self, names: Sequence[str]) -> Words:
        if self.changed:
            text = N_("You changed your vote to YES.") if self.yes else N_("You changed your vote to NO.")
        else:
            text = N_("You voted YES.") if self.yes else N_("You voted NO.")
        return Words(text)


class VotesRevealed(Event):
    kind: Literal["votes_revealed"] = "votes_revealed"
    votes: dict[int, bool]
    yes_count: int
    no_count: int
    passed: bool

    def describe(self, names: Sequence[str]) -> Words:
        yes = [s for s, v in sorted(self.votes.items()) if v]
        no = [s for s, v in sorted(self.votes.items()) if not v]
        if self.passed:
            text = N_("The vote passed, {yes_count}-{no_count}. Yes: {yes}. No: {no}.")
        else:
            text = N_("The vote failed, {yes_count}-{no_count}. Yes: {yes}. No: {no}.")
        return Words(
            text,
            yes_count=self.yes_count,
            no_count=self.no_count,
            yes=names_words(names, yes),
            no=names_words(names, no),
        )


class Elected(Event):
    kind: Literal["elected"] = "elected"
    lm: int
    sl: int

    def describe(self, names: Sequence[str]) -> Words:
        # i18n: the two offices (Secret Hitler's President and Chancellor), translated freely:
        # Listaíró / Szánrakodó, Listenschreiber / Schlittenlader; the same words everywhere.
        text = N_("{lm} is List Maker and {sl} is Sleigh Loader.")
        return Words(text, lm=names[self.lm], sl=names[self.sl])


class NotKrampus(Event):
    """The Krampus check cleared the elected SL."""

    kind: Literal["not_krampus"] = "not_krampus"
    seat: int

    def describe(self, names: Sequence[str]) -> Words:
        return Words(N_("Krampus check: {name} is not Krampus."), name=names[self.seat])


class FailedVoteTrack(Event):
    kind: Literal["failed_vote_track"] = "failed_vote_track"
    failed_votes: int
    cause: Literal["vote", "heads_together"] = "vote"

    def describe(self, names: Sequence[str]) -> Words:
        # A count of 1 and any other count apart: the plural forms of English, German and
        # Hungarian (a `Words` has no plural forms).
        one = self.failed_votes == 1
        if self.cause == "vote" and one:
            text = N_("The election failed: {n} failed vote in a row.")
        elif self.cause == "vote":
            text = N_("The election failed: {n} failed votes in a row.")
        elif one:
            text = N_("Heads Together discarded the gift: {n} failed vote in a row.")
        else:
            text = N_("Heads Together discarded the gift: {n} failed votes in a row.")
        return Words(text, n=self.failed_votes)


class CardsDrawn(Event):
    """Private to the LM: the 3 cards drawn."""

    kind: Literal["cards_drawn"] = "cards_drawn"
    lm: int
    cards: list[Card]

    def describe(self, names: Sequence[str]) -> Words:
        return Words(N_("You drew {gifts}. Discard one."), gifts=cards_words(self.cards))


class LmDiscarded(Event):
    kind: Literal["lm_discarded"] = "lm_discarded"
    lm: int
    sl: int

    def describe(self, names: Sequence[str]) -> Words:
        text = N_("{lm} discarded a gift and passed two to {sl}.")
        return Words(text, lm=names[self.lm], sl=names[self.sl])


class CardsPassed(Event):
    """Private to the LM and the SL: the 2 cards passed."""

    kind: Literal["cards_passed"] = "cards_passed"
    sl: int
    cards: list[Card]

    def describe(self, names: Sequence[str]) -> Words:
        text = N_("{sl} received {gifts}.")
        return Words(text, sl=names[self.sl], gifts=cards_words(self.cards))


class CardChosen(Event):
    """Private to the Sleigh Loader: the gift they deliver (the table then shows it placed)."""

    kind: Literal["card_chosen"] = "card_chosen"
    sl: int
    card: Card

    def describe(self, names: Sequence[str]) -> Words:
        return Words(N_("You delivered the gift: {gift}."), gift=card_words(self.card))


class HeadsTogetherStarted(Event):
    kind: Literal["heads_together_started"] = "heads_together_started"
    lm: int
    sl: int

    def describe(self, names: Sequence[str]) -> Words:
        text = N_("{sl} chose a gift. Heads Together: {lm} and {sl} vote in secret whether to deliver it.")
        return Words(text, lm=names[self.lm], sl=names[self.sl])


class HeadsTogetherCard(Event):
    """Private to the LM and the SL: the card the SL chose."""

    kind: Literal["heads_together_card"] = "heads_together_card"
    card: Card

    def describe(self, names: Sequence[str]) -> Words:
        text = N_("The chosen gift is {gift}. Vote Yes to deliver it, No to discard it.")
        return Words(text, gift=card_words(self.card))


class HtVoteRecorded(Event):
    """Private to the voter."""

    kind: Literal["ht_vote_recorded"] = "ht_vote_recorded"
    seat: int
    yes: bool

    def describe(self, names: Sequence[str]) -> Words:
        if self.yes:
            return Words(N_("You voted YES on Heads Together."))
        return Words(N_("You voted NO on Heads Together."))


class HeadsTogetherResult(Event):
    kind: Literal["heads_together_result"] = "heads_together_result"
    played: bool

    def describe(self, names: Sequence[str]) -> Words:
        if self.played:
            return Words(N_("Heads Together: a Yes, so the gift is delivered."))
        return Words(N_("Heads Together: both said No. The gift is discarded unseen."))


class Chaos(Event):
    kind: Literal["chaos"] = "chaos"
    card: Card

    def describe(self, names: Sequence[str]) -> Words:
        text = N_("Three failed votes in a row! Chaos: the top gift, {gift}, is delivered.")
        return Words(text, gift=card_words(self.card))


class CardPlaced(Event):
    kind: Literal["card_placed"] = "card_placed"
    card: Card
    by_chaos: bool = False
    nice_count: int
    naughty_count: int

    def describe(self, names: Sequence[str]) -> Words:
        nice = self.card == Card.NICE
        if self.by_chaos:
            text = (
                N_("A Nice gift was delivered by chaos.")
                if nice
                else N_("A Naughty gift was delivered by chaos.")
            )
        else:
            text = N_("A Nice gift was delivered.") if nice else N_("A Naughty gift was delivered.")
        return Words("{delivered} {score}", delivered=Words(text), score=self.counts())

    def counts(self) -> Words:
        """The boards' counts after this gift: "Nice 1/5, Naughty 2/6."."""
        return board_counts(self.nice_count, self.naughty_count)


def board_counts(nice: int, naughty: int) -> Words:
    """The boards' counts, "Nice 1/5, Naughty 2/6." (after a delivery, and in the table's footer)."""
    return Words(
        N_("Nice {nice}/{nice_goal}, Naughty {naughty}/{naughty_goal}."),
        nice=nice,
        nice_goal=NICE_WIN_AT,
        naughty=naughty,
        naughty_goal=NAUGHTY_WIN_AT,
    )


class Reshuffled(Event):
    kind: Literal["reshuffled"] = "reshuffled"
    draw_pile_size: int

    def describe(self, names: Sequence[str]) -> Words:
        text = N_("Fewer than 3 gifts left: the piles are reshuffled ({n} gifts).")  # always 3 or more
        return Words(text, n=self.draw_pile_size)


class GameOver(Event):
    kind: Literal["game_over"] = "game_over"
    winner: Team
    reason: str  # one of `steps.WIN_REASONS`: a marked text, translated where shown
    winners: list[int]
    roles: list[Role]

    def describe(self, names: Sequence[str]) -> Words:
        roles = listing([Words(WAS_ROLE[r], name=names[s]) for s, r in enumerate(self.roles)])
        text = (
            N_("Team Nice wins! {reason} {roles}.")
            if self.winner == Team.NICE
            else N_("Team Naughty wins! {reason} {roles}.")
        )
        return Words(text, reason=Words(self.reason), roles=roles)


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
    | CardChosen
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
