"""Screenshots of a spectator's table at 80x24 (the table app's screen shown the public view from no seat): every
hand as everyone sees it, the rest of the table as usual, and a footer of the keys a spectator can use.

Deterministic: fixed seeds and random decisions from them. Update after a deliberate change with
`python -m pytest tests/test_tui_spectator_snapshots.py --snapshot-update`.
"""

from __future__ import annotations

import pytest

from pilot_helpers import settle
from spectator_helpers import POSITIONS, WatchingApp, position, seen_by_all, watched


@pytest.mark.parametrize("game_id", sorted(POSITIONS))
def test_a_spectators_table(snap_compare, game_id: str) -> None:
    seed, decisions = POSITIONS[game_id]
    app = WatchingApp(watched(game_id, seen_by_all(game_id, position(game_id, seed, decisions))))
    assert snap_compare(app, terminal_size=(80, 24), run_before=settle)
