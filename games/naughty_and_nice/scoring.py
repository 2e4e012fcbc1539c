"""End-of-game scoring (spec 5.2-5.4): sums, the best Shiny! allocation, score, winners."""

from __future__ import annotations

from collections.abc import Sequence

from games.naughty_and_nice.data import CardType, Side, card, counts_face_up
from games.naughty_and_nice.models import PlayerResult, ShinyResult

#: The order sides are tried in, so that among equally good allocations the first found wins.
_SIDES = (Side.UNUSED, Side.NAUGHTY, Side.NICE)


def type_total(play_area: Sequence[str], card_type: CardType) -> int:
    return sum(card(c).value for c in play_area if card(c).type == card_type)


def best_allocation(naughty: int, nice: int, values: Sequence[int]) -> list[Side]:
    """Spec 5.3: assign each counting Shiny! wholly to NAUGHTY, NICE or UNUSED, maximising
    `min(naughty, nice)` first, then minimising `|naughty - nice|`, then (a tie between equally
    good allocations) using the least Shiny! value, then the first found in side order
    UNUSED, NAUGHTY, NICE card by card. Exact: a search over the reachable (to_naughty, to_nice)
    sums, which stays small (the 12 Shiny! cards are worth 42 in all)."""
    reachable: dict[tuple[int, int], list[Side]] = {(0, 0): []}
    for value in values:
        grown: dict[tuple[int, int], list[Side]] = {}
        for (to_naughty, to_nice), sides in reachable.items():
            for side in _SIDES:
                key = (
                    to_naughty + (value if side == Side.NAUGHTY else 0),
                    to_nice + (value if side == Side.NICE else 0),
                )
                grown.setdefault(key, [*sides, side])
        reachable = grown

    def rank(key: tuple[int, int]) -> tuple[int, int, int]:
        final_naughty, final_nice = naughty + key[0], nice + key[1]
        return (-min(final_naughty, final_nice), abs(final_naughty - final_nice), key[0] + key[1])

    return reachable[min(reachable, key=rank)]


def player_result(
    seat: int, play_area: Sequence[str], face_up: dict[str, bool], roll: int, hand_size: int
) -> PlayerResult:
    nice = type_total(play_area, CardType.NICE)
    naughty = type_total(play_area, CardType.NAUGHTY)
    shinies = [c for c in play_area if card(c).type == CardType.SHINY]
    wanted = counts_face_up(roll)
    counting = [c for c in shinies if face_up[c] == wanted]
    allocation = best_allocation(naughty, nice, [card(c).value for c in counting])
    sides = dict(zip(counting, allocation, strict=True))
    details = [
        ShinyResult(
            card=c,
            value=card(c).value,
            face_up=face_up[c],
            counts=c in sides,
            side=sides.get(c, Side.UNUSED),
        )
        for c in shinies
    ]
    to_naughty = sum(s.value for s in details if s.side == Side.NAUGHTY)
    to_nice = sum(s.value for s in details if s.side == Side.NICE)
    naughty_final, nice_final = naughty + to_naughty, nice + to_nice
    return PlayerResult(
        seat=seat,
        nice=nice,
        naughty=naughty,
        shinies=details,
        shiny_to_nice=to_nice,
        shiny_to_naughty=to_naughty,
        nice_final=nice_final,
        naughty_final=naughty_final,
        score=min(naughty_final, nice_final),
        difference=abs(naughty_final - nice_final),
        cards_in_hand=hand_size,
    )


def winners(results: Sequence[PlayerResult]) -> list[int]:
    """Spec 5.4: highest score, then the smaller difference; still tied: a shared win."""
    if not results:
        return []
    best = min((-r.score, r.difference) for r in results)
    return [r.seat for r in results if (-r.score, r.difference) == best]
