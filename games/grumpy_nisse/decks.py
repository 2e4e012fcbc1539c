"""Moving cards between a player's deck and hand (all decks are top first)."""

from __future__ import annotations

from games.grumpy_nisse.models import GNState


def draw(state: GNState, seat: int, count: int) -> list[str]:
    """Take up to `count` cards from the top of `seat`'s deck into its hand."""
    cards = state.decks[seat][:count]
    del state.decks[seat][: len(cards)]
    state.hands[seat].extend(cards)
    return cards


def shuffle_deck(state: GNState, seat: int, cards: list[str]) -> None:
    """`seat`'s deck becomes `cards` shuffled; what the owner knew of its order is forgotten."""
    state.decks[seat] = state.rng.shuffled(cards)
    state.known_top[seat] = []
    state.known_bottom[seat] = []
