"""Screenshots of the record screen at 80x24 and at 120x40, compared with the accepted ones in tests/tui/__snapshots__.

Deterministic: games of random moves from fixed seeds, in ./saves (a relative path, so the title is always alike).
Update after a deliberate change with `python -m pytest tests/tui/test_tui_stats_snapshots.py --snapshot-update`.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.pilot import Pilot

from exotui.tui.app import ExoTuiApp
from stats_builders import a_record


async def open_the_record(pilot: Pilot) -> None:
    # The record of a_record, the cursor on its first row (EXO n°2 against easy).
    pilot.app.action_stats()
    await pilot.pause()


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
def test_the_record(snap_compare, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, size: tuple[int, int]) -> None:
    monkeypatch.chdir(tmp_path)
    saves = a_record(Path("saves"))
    app = ExoTuiApp(ai_pause=0, saves=saves)
    assert snap_compare(app, terminal_size=size, run_before=open_the_record)
