"""Screenshots of the load and replay screens at 80x24, compared with the accepted ones in tests/tui/__snapshots__.

Deterministic: copies of the sample saves in saves/, dates shown in UTC, no analysis (its timing varies).
Update after a deliberate change with `python -m pytest tests/tui/test_tui_saves_snapshots.py --snapshot-update`.
"""

from __future__ import annotations

import shutil
import time
from pathlib import Path

import pytest
from textual.pilot import Pilot

from exotui.engine.records import load
from exotui.engine.savedir import SaveDir
from exotui.tui.app import ExoTuiApp
from exotui.tui.screens.replay import ReplayScreen

SIZE = (80, 24)
SAMPLES = Path(__file__).parents[2] / "saves"


@pytest.fixture
def saves(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> SaveDir:
    """The samples and one unreadable file in ./saves (a relative path, so the screen's title is always the same)."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("TZ", "UTC")
    time.tzset()
    shutil.copytree(SAMPLES, "saves")
    Path("saves/truncated.exosave").write_bytes(SAMPLES.joinpath("exofauna.exosave").read_bytes()[:100])
    yield SaveDir(Path("saves"))
    monkeypatch.undo()
    time.tzset()


def app(saves: SaveDir | None = None) -> ExoTuiApp:
    return ExoTuiApp(ai_pause=0, default_seed=7, saves=saves)


def replay_at(name: str, keys: tuple[str, ...]):
    async def run_before(pilot: Pilot) -> None:
        await pilot.app.push_screen(ReplayScreen(load(SAMPLES / name)))
        await pilot.pause()
        await pilot.press(*keys)

    return run_before


def test_load_screen(snap_compare, saves) -> None:
    assert snap_compare(app(saves), terminal_size=SIZE, press=["down", "down", "enter", "down"])


def test_load_screen_delete_dialog(snap_compare, saves) -> None:
    assert snap_compare(app(saves), terminal_size=SIZE, press=["down", "down", "enter", "d"])


def test_a_broken_save_opened(snap_compare, saves) -> None:
    # The unreadable file is listed last: six saves down from the first.
    keys = ["down", "down", "enter", *["down"] * 5, "enter"]
    assert snap_compare(app(saves), terminal_size=SIZE, press=keys)


def test_replay_everything_known(snap_compare) -> None:
    keys = ("t", "3", "enter", "right", "right")
    assert snap_compare(app(), terminal_size=SIZE, run_before=replay_at("exofauna.exosave", keys))


def test_replay_as_a_seat_knew_it(snap_compare) -> None:
    keys = ("end", "left", "v", "v")
    assert snap_compare(app(), terminal_size=SIZE, run_before=replay_at("exo2-3p.exosave", keys))


def test_replay_on_a_claim_where_nobody_decides(snap_compare) -> None:
    """ExoFauna's first claim as it was resolved, a step of its own: the AI is not offered (no `a` in the footer, the
    panel says nobody decides here)."""
    saved = load(SAMPLES / "exofauna.exosave")
    states = saved.states
    claim = next(index + 1 for index in range(len(saved.actions)) if states[index + 1].claimed != states[index].claimed)
    keys = ("right",) * claim
    assert snap_compare(app(), terminal_size=SIZE, run_before=replay_at("exofauna.exosave", keys))
