"""What every game's renderer shares (`bot.render.base`)."""

from __future__ import annotations

from bot.render.base import TableContext, fitted, private_result


def test_a_place_shared_with_an_equal_score_says_so() -> None:
    """Two players level on points and tiebreaks after the winner read "Your place: 2 of 3", as if
    alone there (the rules share it)."""
    ctx = TableContext(1, 0, ["Ann", "Ben", "Cat", "Dan"], "A game")
    scores = {0: (10, 2), 1: (5, 1), 2: (5, 1), 3: (5, 0)}
    assert private_result(1, [0], ctx, 5, scores).endswith("Your place: 2 of 4, shared.")
    assert private_result(2, [0], ctx, 5, scores).endswith("Your place: 2 of 4, shared.")
    assert private_result(3, [0], ctx, 5, scores).endswith("Your place: 4 of 4.")  # (lost the tiebreak)
    assert "Your place" not in private_result(0, [0], ctx, 10, scores)


def test_a_text_too_long_for_a_menu_is_cut_after_a_word_with_an_ellipsis() -> None:
    """(A hard cut at 100 left "... unter deinen Stape" in a card's effect.)"""
    text = (
        "Stöbern: Ziehe 2 Karten vom Nachziehstapel und lege dann 1 Karte aus deiner Hand unter "
        "deinen Stapel."
    )
    assert len(text) > 100
    cut = fitted(text)
    assert len(cut) <= 100 and cut.endswith("deiner Hand unter deinen\N{HORIZONTAL ELLIPSIS}")
    assert fitted("short") == "short" and fitted("x" * 120) == "x" * 99 + "\N{HORIZONTAL ELLIPSIS}"
    assert len(fitted("A label of a button that runs on and on " * 3, 80)) <= 80
