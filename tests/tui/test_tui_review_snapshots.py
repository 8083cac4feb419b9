"""Screenshots of the review screen at 80x24 and at 120x40, compared with the accepted ones in tests/tui/__snapshots__.

Deterministic: a game of EXO n°2 between a random player (the person reviewed) and a greedy one, from a fixed seed,
reviewed with an iteration budget before the screen opens (so it shows the cached review at once).
Update after a deliberate change with `python -m pytest tests/tui/test_tui_review_snapshots.py --snapshot-update`.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.pilot import Pilot

from exotui.ai import review
from exotui.tui.app import ExoTuiApp
from exotui.tui.screens.review import ReviewScreen
from review_builders import recorded

LEVEL = "it=200"


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
def test_the_review_of_a_game(snap_compare, tmp_path: Path, size: tuple[int, int]) -> None:
    saved = recorded(tmp_path, "exo2", ("random", "greedy"), people=(0,))
    review.review(saved, level=LEVEL, cache=True)

    async def on_the_second_mistake(pilot: Pilot) -> None:
        # The review of Seat 1 (the person), the cursor on its second decision worse than good (n twice).
        pilot.app.push_screen(ReviewScreen(saved, LEVEL))
        await pilot.pause()
        await pilot.press("n", "n")
        await pilot.pause()

    app = ExoTuiApp(ai_pause=0, opening=saved)
    assert snap_compare(app, terminal_size=size, run_before=on_the_second_mistake)
