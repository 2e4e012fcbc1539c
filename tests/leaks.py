"""What the rules keep hidden, checked against the engine's own state (used by the bot-layer and
end-to-end tests): does any public text give away a role, a card in someone's hand, or a vote
before the reveal?"""

from __future__ import annotations

from bot.render.secret_krampus import CARD, ROLE
from games.secret_krampus import Phase, SKState

#: Phrases that only private messages may contain.
PRIVATE_PHRASES = (
    "You drew",
    "passed you",
    "You voted",
    "You passed",
    "Your Peeks",
    "gifts when you checked",
)


def public_leaks(public_text: str, state: SKState, names: list[str]) -> list[str]:
    """Every hidden fact that `public_text` reveals while the game runs (empty: none)."""
    if state.phase == Phase.GAME_OVER:
        return []
    leaks = [f"role word {w!r}" for w in ROLE.values() if w in public_text]
    leaks += [f"card label {c!r}" for c in CARD.values() if c in public_text]
    leaks += [f"private phrase {p!r}" for p in PRIVATE_PHRASES if p in public_text]
    # Votes are public only once revealed: the only votes on the table are the last revealed ones.
    for line in public_text.splitlines():
        if line.startswith("Last election's votes:"):
            shown = line.partition(":")[2].strip()
            revealed = ", ".join(
                f"{names[s]} {'Yes' if v else 'No'}" for s, v in sorted((state.last_votes or {}).items())
            )
            if shown != revealed:
                leaks.append(f"votes shown {shown!r} are not the last revealed ones {revealed!r}")
    return leaks
