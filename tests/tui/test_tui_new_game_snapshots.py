"""Screenshots of the new game form with the most seats: 5 players of Cryptid and 4 of Raging Rodents at 80x24 (the
rows of each section closed up) and 5 of Cryptid at a large size (spaced out), compared with the accepted ones in
tests/tui/__snapshots__.

The form opens as it does for a player who last started that game with that many players: Start has the focus.
Update after a deliberate change with `python -m pytest tests/tui/test_tui_new_game_snapshots.py --snapshot-update`.
"""

from __future__ import annotations

import pytest

from exotui.tui.app import ExoTuiApp
from exotui.tui.choices import Choices, save_choices

SMALL = (80, 24)
LARGE = (120, 40)


@pytest.mark.parametrize(
    ("game_id", "players", "size"),
    [("cryptid", 5, SMALL), ("rodents", 4, SMALL), ("cryptid", 5, LARGE)],
    ids=["cryptid-5-80x24", "rodents-4-80x24", "cryptid-5-120x40"],
)
def test_new_game_form_with_every_seat(snap_compare, game_id: str, players: int, size: tuple[int, int]) -> None:
    save_choices(Choices(game_id, players))
    assert snap_compare(ExoTuiApp(ai_pause=0, default_seed=7), terminal_size=size, press=["enter"])
