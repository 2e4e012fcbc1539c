"""Secret Krampus events of Santa's Orders (spec 2.6): public unless noted."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from games.core import Event
from games.core.words import N_, Words
from games.secret_krampus.data import Card, Order, Team
from games.secret_krampus.words import ORDER_NAMES, cards_words


class OrderStarted(Event):
    kind: Literal["order_started"] = "order_started"
    order: Order
    lm: int

    def describe(self, names: Sequence[str]) -> Words:
        if self.order == Order.CHECKING_IT_TWICE:
            text = N_("Santa's Order: Checking it Twice. {lm} sees the top 3 gifts in secret.")
            return Words(text, lm=names[self.lm])
        order = Words(ORDER_NAMES[self.order])
        return Words(N_("Santa's Order for {lm}: {order}."), lm=names[self.lm], order=order)


class TopCardsSeen(Event):
    """Private to the LM: Checking it Twice."""

    kind: Literal["top_cards_seen"] = "top_cards_seen"
    lm: int
    cards: list[Card]

    def describe(self, names: Sequence[str]) -> Words:
        return Words(N_("The top 3 gifts are {gifts} (top first)."), gifts=cards_words(self.cards))


class Peeked(Event):
    kind: Literal["peeked"] = "peeked"
    lm: int
    target: int

    def describe(self, names: Sequence[str]) -> Words:
        return Words(N_("{lm} peeks at {target}."), lm=names[self.lm], target=names[self.target])


class PeekResult(Event):
    """Private to the LM who peeked."""

    kind: Literal["peek_result"] = "peek_result"
    target: int
    side: Team

    def describe(self, names: Sequence[str]) -> Words:
        if self.side == Team.NICE:
            text = N_("Your Peek: {target} is on Team Nice.")
        else:
            text = N_("Your Peek: {target} is on Team Naughty.")
        return Words(text, target=names[self.target])


class SuccessorSelected(Event):
    kind: Literal["successor_selected"] = "successor_selected"
    lm: int
    target: int

    def describe(self, names: Sequence[str]) -> Words:
        text = N_("{lm} selects {target} as the next List Maker candidate.")
        return Words(text, lm=names[self.lm], target=names[self.target])


class Stabled(Event):
    kind: Literal["stabled"] = "stabled"
    lm: int
    target: int
    was_krampus: bool  # True only for Krampus (then public anyway: NICE wins)

    def describe(self, names: Sequence[str]) -> Words:
        if self.was_krampus:
            text = N_("{lm} sends {target} to the stables. They were Krampus!")
        else:
            text = N_("{lm} sends {target} to the stables.")
        return Words(text, lm=names[self.lm], target=names[self.target])
