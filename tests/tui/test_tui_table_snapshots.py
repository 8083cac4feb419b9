"""Screenshots of the tables and screens issue 10 changed, at 80x24 and at a large size.

Deterministic: fixed seeds, greedy players (seeded), no pause between AI moves, a fresh config directory (conftest).
Update after a deliberate change with `python -m pytest tests/tui/test_tui_table_snapshots.py --snapshot-update`.
"""

from __future__ import annotations

import shutil
import time
from pathlib import Path

import pytest
from textual.pilot import Pilot

from exotui import games
from exotui.engine.savedir import SaveDir
from exotui.play.session import GameSession, Seat
from exotui.tui import tables
from exotui.tui.app import ExoTuiApp
from exotui.tui.screens.game import GameScreen
from exotui.tui.screens.load import LoadScreen
from pilot_helpers import the_final_table

SIZES = [(80, 24), (120, 40)]
SAMPLES = Path(__file__).parents[2] / "saves"


def app(saves: SaveDir | None = None) -> ExoTuiApp:
    return ExoTuiApp(ai_pause=0, default_seed=7, saves=saves)


def game_of(game_id: str, *kinds: str, seed: int = 7, variant: str | None = None) -> GameScreen:
    return GameScreen(GameSession(games.get(game_id), seed, variant, tuple(Seat(kind) for kind in kinds)), 0)


async def exofauna_after_a_round(pilot: Pilot) -> None:
    # Seed 7: Blue plays two cards and answers the Predator and the discard; the greedy AI's whole turn follows.
    await pilot.app.push_screen(game_of("exofauna", "human", "greedy"))
    await pilot.pause()
    await pilot.press("1", "enter", "2", "enter", "2", "enter", "enter", "1")
    await pilot.pause()


async def exo2_three_players(pilot: Pilot) -> None:
    # Seed 7: Seat 1 takes the first available planet twice; the two greedy seats answer each time.
    await pilot.app.push_screen(game_of("exo2", "human", "greedy", "greedy"))
    await pilot.pause()
    for _ in range(2):
        await pilot.press("1", "enter")
        await pilot.pause()


async def generic_exo2(pilot: Pilot) -> None:
    # EXO n°2 at the generic table (as a game without its own table): the second answer highlighted.
    await pilot.app.push_screen(game_of("exo2", "human", "greedy"))
    await pilot.pause()
    await pilot.press("down")


async def game_over_looking_at_the_table(pilot: Pilot) -> None:
    # Seed 4, the quick game, greedy against greedy to its end; Esc leaves the result (once it is composed: its menu
    # is there) for the final table, whose footer is rebuilt after a refresh.
    await pilot.app.push_screen(game_of("exofauna", "greedy", "greedy", seed=4, variant="quick"))
    await the_final_table(pilot)


@pytest.mark.parametrize("size", SIZES, ids=["80x24", "120x40"])
def test_exofauna_table_after_the_ais_turn(snap_compare, size) -> None:
    """The log keeps the AI's turn in sight; wider, the hand's notes and abilities read in full."""
    assert snap_compare(app(), terminal_size=size, run_before=exofauna_after_a_round)


@pytest.mark.parametrize("size", SIZES, ids=["80x24", "120x40"])
def test_exo2_table_with_three_players(snap_compare, size) -> None:
    assert snap_compare(app(), terminal_size=size, run_before=exo2_three_players)


@pytest.mark.parametrize("size", SIZES, ids=["80x24", "120x40"])
def test_the_generic_table(snap_compare, size, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delitem(tables._TABLES, "exo2")
    assert snap_compare(app(), terminal_size=size, run_before=generic_exo2)


@pytest.mark.parametrize("size", SIZES, ids=["80x24", "120x40"])
def test_the_result_over_the_final_table(snap_compare, size) -> None:
    async def to_the_end(pilot: Pilot) -> None:
        await game_over_looking_at_the_table(pilot)
        await pilot.press("enter")

    assert snap_compare(app(), terminal_size=size, run_before=to_the_end)


@pytest.mark.parametrize("size", SIZES, ids=["80x24", "120x40"])
def test_the_final_table_after_esc(snap_compare, size) -> None:
    """The hole whose claim won is shown as it was claimed, marked so, with what its slot holds now."""
    assert snap_compare(app(), terminal_size=size, run_before=game_over_looking_at_the_table)


def test_the_new_game_form_with_the_focus_on_a_field(snap_compare) -> None:
    """The focused field stands out; Start, unfocused, looks like any button."""
    assert snap_compare(app(), terminal_size=(80, 24), press=["enter", "tab", "tab"])


@pytest.fixture
def saves(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> SaveDir:
    """Two finished samples, one of three players, in ./saves (a relative path: the title stays the same), in UTC."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("TZ", "UTC")
    time.tzset()
    Path("saves").mkdir()
    for name in ("exo2-3p.exosave", "exofauna.exosave"):
        shutil.copy(SAMPLES / name, "saves")
    yield SaveDir(Path("saves"))
    monkeypatch.undo()
    time.tzset()


@pytest.mark.parametrize("size", SIZES, ids=["80x24", "120x40"])
def test_the_replays_list(snap_compare, saves, size) -> None:
    """Three-player games: cut with "…" at 80 columns (in full in the status line), whole when wider."""

    async def replays(pilot: Pilot) -> None:
        await pilot.app.push_screen(LoadScreen(saves, finished_only=True))
        await pilot.pause()

    assert snap_compare(app(saves), terminal_size=size, run_before=replays)
