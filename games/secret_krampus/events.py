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
from games.core.words import N_
from games.secret_krampus.data import NAUGHTY_WIN_AT, NICE_WIN_AT, Card, Order, Role, Team
from games.secret_krampus.words import (
    ENGLISH,
    ORDER_NAMES,
    WAS_ROLE,
    Words,
    card_text,
    cards_text,
    names_text,
    say,
)


class SKEventBase(Event):
    """A Secret Krampus event: `describe` speaks the reader's `words` (English by default)."""

    def describe(self, names: Sequence[str], words: Words = ENGLISH) -> str:
        return super().describe(names)


class NewCandidate(SKEventBase):
    kind: Literal["new_candidate"] = "new_candidate"
    seat: int
    special: bool = False  # chosen by Successor Selector

    def describe(self, names: Sequence[str], words: Words = ENGLISH) -> str:
        if self.special:
            text = N_("{name} is the List Maker candidate (chosen by Successor Selector).")
        else:
            text = N_("{name} is the List Maker candidate.")
        return say(words, text, name=names[self.seat])


class Nominated(SKEventBase):
    kind: Literal["nominated"] = "nominated"
    lm_candidate: int
    sl_candidate: int

    def describe(self, names: Sequence[str], words: Words = ENGLISH) -> str:
        return say(
            words,
            N_("{lm} nominates {sl} as Sleigh Loader. Everyone votes!"),
            lm=names[self.lm_candidate],
            sl=names[self.sl_candidate],
        )


class Voted(SKEventBase):
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

    def describe(self, names: Sequence[str], words: Words = ENGLISH) -> str:
        return say(words, N_("{name} has voted."), name=names[self.seat])


class VoteRecorded(SKEventBase):
    """Private to the voter: their (possibly changed) vote."""

    kind: Literal["vote_recorded"] = "vote_recorded"
    seat: int
    yes: bool
    changed: bool = False

    def describe(self, names: Sequence[str], words: Words = ENGLISH) -> str:
        if self.changed:
            text = N_("You changed your vote to YES.") if self.yes else N_("You changed your vote to NO.")
        else:
            text = N_("You voted YES.") if self.yes else N_("You voted NO.")
        return say(words, text)


class VotesRevealed(SKEventBase):
    kind: Literal["votes_revealed"] = "votes_revealed"
    votes: dict[int, bool]
    yes_count: int
    no_count: int
    passed: bool

    def describe(self, names: Sequence[str], words: Words = ENGLISH) -> str:
        yes = [s for s, v in sorted(self.votes.items()) if v]
        no = [s for s, v in sorted(self.votes.items()) if not v]
        if self.passed:
            text = N_("The vote passed, {yes_count}-{no_count}. Yes: {yes}. No: {no}.")
        else:
            text = N_("The vote failed, {yes_count}-{no_count}. Yes: {yes}. No: {no}.")
        return say(
            words,
            text,
            yes_count=self.yes_count,
            no_count=self.no_count,
            yes=names_text(names, yes, words),
            no=names_text(names, no, words),
        )


class Elected(SKEventBase):
    kind: Literal["elected"] = "elected"
    lm: int
    sl: int

    def describe(self, names: Sequence[str], words: Words = ENGLISH) -> str:
        # i18n: the two offices (Secret Hitler's President and Chancellor), translated freely:
        # Listaíró / Szánrakodó, Listenschreiber / Schlittenlader; the same words everywhere.
        text = N_("{lm} is List Maker and {sl} is Sleigh Loader.")
        return say(words, text, lm=names[self.lm], sl=names[self.sl])


class NotKrampus(SKEventBase):
    """The Krampus check cleared the elected SL."""

    kind: Literal["not_krampus"] = "not_krampus"
    seat: int

    def describe(self, names: Sequence[str], words: Words = ENGLISH) -> str:
        return say(words, N_("Krampus check: {name} is not Krampus."), name=names[self.seat])


class FailedVoteTrack(SKEventBase):
    kind: Literal["failed_vote_track"] = "failed_vote_track"
    failed_votes: int
    cause: Literal["vote", "heads_together"] = "vote"

    def describe(self, names: Sequence[str], words: Words = ENGLISH) -> str:
        n = self.failed_votes
        if self.cause == "vote":
            text = words.ngettext(
                "The election failed: {n} failed vote in a row.",
                "The election failed: {n} failed votes in a row.",
                n,
            )
        else:
            text = words.ngettext(
                "Heads Together discarded the gift: {n} failed vote in a row.",
                "Heads Together discarded the gift: {n} failed votes in a row.",
                n,
            )
        return text.format(n=n)


class CardsDrawn(SKEventBase):
    """Private to the LM: the 3 cards drawn."""

    kind: Literal["cards_drawn"] = "cards_drawn"
    lm: int
    cards: list[Card]

    def describe(self, names: Sequence[str], words: Words = ENGLISH) -> str:
        return say(words, N_("You drew {gifts}. Discard one."), gifts=cards_text(self.cards, words))


class LmDiscarded(SKEventBase):
    kind: Literal["lm_discarded"] = "lm_discarded"
    lm: int
    sl: int

    def describe(self, names: Sequence[str], words: Words = ENGLISH) -> str:
        text = N_("{lm} discarded a gift and passed two to {sl}.")
        return say(words, text, lm=names[self.lm], sl=names[self.sl])


class CardsPassed(SKEventBase):
    """Private to the LM and the SL: the 2 cards passed."""

    kind: Literal["cards_passed"] = "cards_passed"
    sl: int
    cards: list[Card]

    def describe(self, names: Sequence[str], words: Words = ENGLISH) -> str:
        text = N_("{sl} received {gifts}.")
        return say(words, text, sl=names[self.sl], gifts=cards_text(self.cards, words))


class HeadsTogetherStarted(SKEventBase):
    kind: Literal["heads_together_started"] = "heads_together_started"
    lm: int
    sl: int

    def describe(self, names: Sequence[str], words: Words = ENGLISH) -> str:
        text = N_("{sl} chose a gift. Heads Together: {lm} and {sl} vote in secret whether to deliver it.")
        return say(words, text, lm=names[self.lm], sl=names[self.sl])


class HeadsTogetherCard(SKEventBase):
    """Private to the LM and the SL: the card the SL chose."""

    kind: Literal["heads_together_card"] = "heads_together_card"
    card: Card

    def describe(self, names: Sequence[str], words: Words = ENGLISH) -> str:
        text = N_("The chosen gift is {gift}. Vote Yes to deliver it, No to discard it.")
        return say(words, text, gift=card_text(self.card, words))


class HtVoteRecorded(SKEventBase):
    """Private to the voter."""

    kind: Literal["ht_vote_recorded"] = "ht_vote_recorded"
    seat: int
    yes: bool

    def describe(self, names: Sequence[str], words: Words = ENGLISH) -> str:
        if self.yes:
            return say(words, N_("You voted YES on Heads Together."))
        return say(words, N_("You voted NO on Heads Together."))


class HeadsTogetherResult(SKEventBase):
    kind: Literal["heads_together_result"] = "heads_together_result"
    played: bool

    def describe(self, names: Sequence[str], words: Words = ENGLISH) -> str:
        if self.played:
            return say(words, N_("Heads Together: the gift will be delivered."))
        return say(words, N_("Heads Together: both said No. The gift is discarded unseen."))


class Chaos(SKEventBase):
    kind: Literal["chaos"] = "chaos"
    card: Card

    def describe(self, names: Sequence[str], words: Words = ENGLISH) -> str:
        text = N_("Three failed votes in a row! Chaos: the top gift, {gift}, is delivered.")
        return say(words, text, gift=card_text(self.card, words))


class CardPlaced(SKEventBase):
    kind: Literal["card_placed"] = "card_placed"
    card: Card
    by_chaos: bool = False
    nice_count: int
    naughty_count: int

    def describe(self, names: Sequence[str], words: Words = ENGLISH) -> str:
        nice = self.card == Card.NICE
        if self.by_chaos:
            text = (
                N_("A Nice gift was delivered by chaos.")
                if nice
                else N_("A Naughty gift was delivered by chaos.")
            )
        else:
            text = N_("A Nice gift was delivered.") if nice else N_("A Naughty gift was delivered.")
        score = say(
            words,
            N_("Nice {nice}/{nice_goal}, Naughty {naughty}/{naughty_goal}."),
            nice=self.nice_count,
            nice_goal=NICE_WIN_AT,
            naughty=self.naughty_count,
            naughty_goal=NAUGHTY_WIN_AT,
        )
        return f"{say(words, text)} {score}"


class Reshuffled(SKEventBase):
    kind: Literal["reshuffled"] = "reshuffled"
    draw_pile_size: int

    def describe(self, names: Sequence[str], words: Words = ENGLISH) -> str:
        text = words.ngettext(
            "Fewer than 3 gifts left: the piles are reshuffled ({n} gift).",
            "Fewer than 3 gifts left: the piles are reshuffled ({n} gifts).",
            self.draw_pile_size,
        )
        return text.format(n=self.draw_pile_size)


class OrderStarted(SKEventBase):
    kind: Literal["order_started"] = "order_started"
    order: Order
    lm: int

    def describe(self, names: Sequence[str], words: Words = ENGLISH) -> str:
        if self.order == Order.CHECKING_IT_TWICE:
            text = N_("Santa's Order: Checking it Twice. {lm} sees the top 3 gifts in secret.")
            return say(words, text, lm=names[self.lm])
        order = words.gettext(ORDER_NAMES[self.order])
        return say(words, N_("Santa's Order for {lm}: {order}."), lm=names[self.lm], order=order)


class TopCardsSeen(SKEventBase):
    """Private to the LM: Checking it Twice."""

    kind: Literal["top_cards_seen"] = "top_cards_seen"
    lm: int
    cards: list[Card]

    def describe(self, names: Sequence[str], words: Words = ENGLISH) -> str:
        return say(words, N_("The top 3 gifts are {gifts} (top first)."), gifts=cards_text(self.cards, words))


class Peeked(SKEventBase):
    kind: Literal["peeked"] = "peeked"
    lm: int
    target: int

    def describe(self, names: Sequence[str], words: Words = ENGLISH) -> str:
        return say(words, N_("{lm} peeks at {target}."), lm=names[self.lm], target=names[self.target])


class PeekResult(SKEventBase):
    """Private to the LM who peeked."""

    kind: Literal["peek_result"] = "peek_result"
    target: int
    side: Team

    def describe(self, names: Sequence[str], words: Words = ENGLISH) -> str:
        if self.side == Team.NICE:
            text = N_("Your Peek: {target} is on Team Nice.")
        else:
            text = N_("Your Peek: {target} is on Team Naughty.")
        return say(words, text, target=names[self.target])


class SuccessorSelected(SKEventBase):
    kind: Literal["successor_selected"] = "successor_selected"
    lm: int
    target: int

    def describe(self, names: Sequence[str], words: Words = ENGLISH) -> str:
        text = N_("{lm} selects {target} as the next List Maker candidate.")
        return say(words, text, lm=names[self.lm], target=names[self.target])


class Stabled(SKEventBase):
    kind: Literal["stabled"] = "stabled"
    lm: int
    target: int
    was_krampus: bool  # True only for Krampus (then public anyway: NICE wins)

    def describe(self, names: Sequence[str], words: Words = ENGLISH) -> str:
        if self.was_krampus:
            text = N_("{lm} sends {target} to the stables. They were Krampus!")
        else:
            text = N_("{lm} sends {target} to the stables.")
        return say(words, text, lm=names[self.lm], target=names[self.target])


class GameOver(SKEventBase):
    kind: Literal["game_over"] = "game_over"
    winner: Team
    reason: str  # one of `steps.WIN_REASONS`: a marked text, translated where shown
    winners: list[int]
    roles: list[Role]

    def describe(self, names: Sequence[str], words: Words = ENGLISH) -> str:
        roles = ", ".join(say(words, WAS_ROLE[r], name=names[s]) for s, r in enumerate(self.roles))
        text = (
            N_("Team Nice wins! {reason} {roles}.")
            if self.winner == Team.NICE
            else N_("Team Naughty wins! {reason} {roles}.")
        )
        return say(words, text, reason=words.gettext(self.reason), roles=roles)


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
