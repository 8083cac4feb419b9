"""Screenshots of a spectator's table at 80x24 (the table app's screen shown the public view from no seat): every
hand as everyone sees it, the rest of the table as usual, and a footer of the keys a spectator can use; and the end
box at a table, saying who asked for a rematch, for a player and for a spectator.

Deterministic: fixed seeds and random decisions from them. Update after a deliberate change with
`python -m pytest tests/tui/test_tui_spectator_snapshots.py --snapshot-update`.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable

import msgspec
import pytest
from textual.pilot import Pilot

from exotui.serve import wire
from pilot_helpers import settle
from spectator_helpers import POSITIONS, WatchingApp, position, seen_by_all, watched


@pytest.mark.parametrize("game_id", sorted(POSITIONS))
def test_a_spectators_table(snap_compare, game_id: str) -> None:
    seed, decisions = POSITIONS[game_id]
    app = WatchingApp(watched(game_id, seen_by_all(game_id, position(game_id, seed, decisions))))
    assert snap_compare(app, terminal_size=(80, 24), run_before=settle)


def the_end_with_a_rematch_asked(seated: bool) -> Callable[[Pilot], Awaitable[None]]:
    """The end of a finished ExoFauna game at a table: Blue has asked for a rematch, Yellow is awaited."""

    async def run_before(pilot: Pilot) -> None:
        app = pilot.app
        assert isinstance(app, WatchingApp)
        await settle(pilot)
        state = position("exofauna", 2, 1000)
        app.finished(wire.End("exofauna", "Blue: alice wins.", app.show.labels, msgspec.msgpack.encode(state)))
        app.voted(wire.RematchVote(["Blue: alice"], ["Yellow: bob"], can_agree=seated))
        await settle(pilot)

    return run_before


@pytest.mark.parametrize("seated", [True, False], ids=["player", "spectator"])
def test_the_end_box_at_a_table_says_who_asked_for_a_rematch(snap_compare, seated: bool) -> None:
    # Seated as Yellow, who has not asked yet; or watching, with nothing to ask.
    show = watched("exofauna", seen_by_all("exofauna", position("exofauna", 2, 1000)))
    app = WatchingApp(msgspec.structs.replace(show, viewer=1 if seated else None))
    assert snap_compare(app, terminal_size=(80, 24), run_before=the_end_with_a_rematch_asked(seated))
