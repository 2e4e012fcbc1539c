"""The views' two hooks for the bot: an abandoned game shows every role (and only then, before
the end), and a player in the stables is told why they have nothing to do."""

from __future__ import annotations

from games.secret_krampus import Phase, Role
from tests.games.secret_krampus.helpers import G, elect, new, rigged


def test_abandoned_view_reveals_every_role_to_everyone() -> None:
    state, _ = elect(rigged(7, krampus=0, candidate=2), 3)
    assert state.phase == Phase.LM_DISCARD
    public = G.abandoned_view(state, None)
    assert public.abandoned and [p.revealed_role for p in public.players] == state.roles
    for seat in range(7):
        mine = G.abandoned_view(state, seat)
        assert mine.known_roles == dict(enumerate(state.roles))
    running = G.view(state, None)
    assert not running.abandoned and all(p.revealed_role is None for p in running.players)
    nice = next(s for s, r in enumerate(state.roles) if r == Role.NICE_ELF)
    assert G.view(state, nice).known_roles == {nice: Role.NICE_ELF}


def test_idle_reason_names_the_stables_only() -> None:
    state = new(6, 2)
    assert all(G.idle_reason(state, seat) is None for seat in range(6))
    state.in_play[4] = False
    reason = G.idle_reason(state, 4)
    assert reason is not None and "stables" in reason
    assert G.idle_reason(state, 3) is None
    assert G.legal_actions(state, 4) == []


def test_an_old_logs_line_per_voter_is_shown_to_nobody_else() -> None:
    """Logs stored before a vote stopped making a public event still load; their "has voted"
    lines no longer reach /log (the public) or anyone but the voter."""
    from games.core import visible_events

    stored = '[{"kind": "voted", "seat": 2, "audience": {"seats": null}}]'
    events = G.load_events(stored)
    assert [e.kind for e in events] == ["voted"]
    assert visible_events(events, None) == [] and visible_events(events, 1) == []
    assert visible_events(events, 2) == events
