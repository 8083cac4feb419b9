"""Shrinking the terminal below 80x24 and enlarging it again gives the keys back to where the player was, on every
screen that can be resized: both games' boards, the generic table, a dialog over the table, replay and load."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import Button, DataTable

from exotui import games
from exotui.engine.records import load
from exotui.engine.savedir import SaveDir
from exotui.play.session import GameSession, Seat
from exotui.tui import tables
from exotui.tui.app import ExoTuiApp
from exotui.tui.screens.confirm import ConfirmScreen
from exotui.tui.screens.game import GameScreen
from exotui.tui.screens.load import LoadScreen
from exotui.tui.screens.replay import ReplayScreen
from exotui.tui.screens.stats import StatsScreen
from exotui.tui.tables import Board
from pilot_helpers import in_event_loop, settle
from stats_builders import a_record

SAMPLES = Path(__file__).parents[2] / "saves"


# Below 80x24 (the notice alone is shown), then back: narrower and shorter, then larger than at first; or shorter
# only, then as at first (a screen that lays itself out again for a new width cannot hide a lost focus then).
RESIZES = {"narrower": ((60, 18), (100, 30)), "shorter": ((80, 18), (80, 24))}


async def shrink_and_enlarge(pilot: Pilot, how: str = "narrower") -> None:
    for size in RESIZES[how]:
        await pilot.resize_terminal(*size)
        await settle(pilot)


async def start(pilot: Pilot, game_id: str) -> Board:
    session = GameSession(games.get(game_id), 7, None, (Seat("human"), Seat("greedy")))
    await pilot.app.push_screen(GameScreen(session, 0))
    await settle(pilot)
    return pilot.app.screen.query_one(Board)


@pytest.mark.parametrize("how", RESIZES)
@pytest.mark.parametrize("game_id", ["exofauna", "exo2", "generic"])
@in_event_loop
async def test_the_board_has_the_keys_again_after_the_terminal_was_too_small(
    game_id: str, how: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    if game_id == "generic":
        # EXO n°2 at the generic table.
        monkeypatch.delitem(tables._TABLES, "exo2")
        game_id = "exo2"
    app = ExoTuiApp(ai_pause=0)
    async with app.run_test(size=(80, 24)) as pilot:
        board = await start(pilot, game_id)
        assert app.focused is board
        await shrink_and_enlarge(pilot, how)
        assert app.focused is board
        # And a key does what it says: the first choice is made.
        screen = app.screen
        before = (len(screen.session.actions), getattr(board, "mode", None))
        await pilot.press("1")
        await settle(pilot)
        assert (len(screen.session.actions), getattr(board, "mode", None)) != before


@pytest.mark.parametrize("opened", ["before", "while too small"])
@in_event_loop
async def test_a_dialog_resized_gives_its_keys_back_and_then_the_board_its_own(opened: str) -> None:
    app = ExoTuiApp(ai_pause=0)
    async with app.run_test(size=(80, 24)) as pilot:
        board = await start(pilot, "exofauna")
        (too_small, large) = RESIZES["narrower"]
        if opened == "before":
            await pilot.press("q")
            await settle(pilot)
        await pilot.resize_terminal(*too_small)
        await settle(pilot)
        if opened != "before":
            await pilot.press("q")
            await settle(pilot)
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.resize_terminal(*large)
        await settle(pilot)
        # The dialog's own focus is back: Enter answers the button it was on (No), not nothing.
        assert isinstance(app.focused, Button) and app.focused.id == "no"
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, GameScreen)
        assert app.focused is board
        await pilot.press("1")
        assert board.mode.value == "space"


@in_event_loop
async def test_the_replay_takes_its_keys_again_after_a_resize() -> None:
    app = ExoTuiApp(ai_pause=0)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = ReplayScreen(load(SAMPLES / "exofauna.exosave"), "it=100")
        await app.push_screen(screen)
        await settle(pilot)
        # Nothing here takes the focus (the replay's keys are its screen's), so there is no focus to lose: this
        # guards that design rather than the focus coming back.
        assert app.focused is None
        await shrink_and_enlarge(pilot)
        await pilot.press("right", "right")
        assert screen.position == 2


def load_screen(tmp_path: Path) -> tuple[SaveDir, type[LoadScreen]]:
    directory = tmp_path / "saves"
    shutil.copytree(SAMPLES, directory)
    return SaveDir(directory), LoadScreen


def record_screen(tmp_path: Path) -> tuple[SaveDir, type[StatsScreen]]:
    return a_record(tmp_path), StatsScreen


@pytest.mark.parametrize("how", RESIZES)
@pytest.mark.parametrize("screen", [load_screen, record_screen], ids=["load", "record"])
@in_event_loop
async def test_a_list_of_saves_takes_its_keys_again_after_a_resize(tmp_path: Path, how: str, screen: Any) -> None:
    saves, screen_class = screen(tmp_path)
    app = ExoTuiApp(ai_pause=0, saves=saves)
    async with app.run_test(size=(80, 24)) as pilot:
        await app.push_screen(screen_class(app.saves))
        await settle(pilot)
        table = app.screen.query_one(DataTable)
        assert app.focused is table and table.row_count > 1
        await pilot.resize_terminal(*RESIZES[how][0])
        await settle(pilot)
        # Too small, the notice alone shows: the list is hidden, not drawn through it.
        assert not table.display
        await pilot.resize_terminal(*RESIZES[how][1])
        await settle(pilot)
        assert app.focused is table
        await pilot.press("down")
        assert table.cursor_row == 1
