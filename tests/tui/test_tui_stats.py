"""The record screen by keys: from the title and the palette, its rows, and back."""

from __future__ import annotations

from pathlib import Path

from textual.command import CommandPalette
from textual.widgets import DataTable, Static

from exotui.engine.savedir import SaveDir
from exotui.engine.stats import record
from exotui.tui.app import ExoTuiApp
from exotui.tui.screens.stats import StatsScreen, cells
from exotui.tui.screens.title import TitleScreen
from pilot_helpers import in_event_loop, settle
from stats_builders import a_record


async def choose_record_on_the_title(pilot) -> None:
    menu = pilot.app.screen.query_one("#menu")
    while menu.highlighted_option.id != "record":
        await pilot.press("down")
    await pilot.press("enter")
    await settle(pilot)


@in_event_loop
async def test_the_record_opens_from_the_title_and_esc_goes_back(tmp_path: Path) -> None:
    saves = a_record(tmp_path)
    app = ExoTuiApp(ai_pause=0, saves=saves)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await choose_record_on_the_title(pilot)
        assert isinstance(app.screen, StatsScreen)
        table = app.screen.query_one("#record", DataTable)
        shown = [tuple(str(cell) for cell in table.get_row_at(index)) for index in range(table.row_count)]
        assert shown == [cells(row) for row in record(saves.entries())]
        assert [row[:2] for row in shown] == [("EXO n°2", "easy"), ("EXO n°2", "hard"), ("Raging Rodents", "greedy")]
        hard = shown[1]
        assert hard[2] == "3" and hard[-2] == "3"
        # The status line tells the highlighted row in words.
        await pilot.press("down")
        status = str(app.screen.query_one("#stats-status", Static).render())
        assert status.startswith("EXO n°2 against hard: ") and status.endswith(" of 3, 1 unfinished")
        await pilot.press("escape")
        assert isinstance(app.screen, TitleScreen)


@in_event_loop
async def test_the_record_opens_from_the_palette() -> None:
    app = ExoTuiApp(ai_pause=0)
    async with app.run_test() as pilot:
        await pilot.press("ctrl+p")
        await settle(pilot)
        assert isinstance(app.screen, CommandPalette)
        await pilot.press(*"your record", "enter")
        await settle(pilot)
        assert isinstance(app.screen, StatsScreen)


@in_event_loop
async def test_without_games_the_record_says_how_it_starts(tmp_path: Path) -> None:
    app = ExoTuiApp(ai_pause=0, saves=SaveDir(tmp_path))
    async with app.run_test() as pilot:
        await settle(pilot)
        await choose_record_on_the_title(pilot)
        note = str(app.screen.query_one("#stats-empty", Static).render())
        assert "your record starts with your first game" in note
        assert not app.screen.query_one("#record", DataTable).display


@in_event_loop
async def test_with_saving_off_the_record_says_so() -> None:
    app = ExoTuiApp(ai_pause=0)
    async with app.run_test() as pilot:
        app.action_stats()
        await settle(pilot)
        assert "No record: saving is off" in str(app.screen.query_one("#stats-empty", Static).render())
