"""Screenshots of a spectator's table at 80x24 (the table app's screen shown the public view from no seat): every
hand as everyone sees it, the rest of the table as usual, and a footer of the keys a spectator can use; and the end
box at a table, saying who asked for a rematch, for a player and for a spectator; and how the game ended, in it.

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
from spectator_helpers import POSITIONS, WatchingApp, joined_at_the_end, position, seen_by_all, watched


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


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
def test_the_end_box_at_a_table_tells_how_the_game_ended(snap_compare, size: tuple[int, int]) -> None:
    """ExoFauna's sample game at its end, for Yellow (bob), Blue having asked for a rematch: under the result, the
    winning claim and the last discard as Yellow's log told them, as in the app's box; the vote, of two lines at 120
    columns, and the hint whole in the box."""
    show, end = joined_at_the_end("exofauna.exosave", 1)

    async def run_before(pilot: Pilot) -> None:
        app = pilot.app
        assert isinstance(app, WatchingApp)
        await settle(pilot)
        app.finished(end)
        app.voted(wire.RematchVote(["Blue: alice"], ["Yellow: bob"], can_agree=True))
        await settle(pilot)

    assert snap_compare(WatchingApp(show), terminal_size=size, run_before=run_before)
