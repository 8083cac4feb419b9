"""Wider terminals use their width, and what is still cut ends in "…" and reads in full where the cursor is."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from textual.content import Content
from textual.widgets import DataTable, OptionList, Static

from exotui import games
from exotui.engine.savedir import SaveDir
from exotui.play.session import GameSession, Seat
from exotui.tui.app import ExoTuiApp
from exotui.tui.screens.game import GameScreen
from exotui.tui.screens.load import LoadScreen
from exotui.tui.widgets.ai_status import AiStatus, fitted
from pilot_helpers import in_event_loop, settle
from spectator_helpers import screen_text

SAMPLES = Path(__file__).parents[2] / "saves"


def three_player_row(screen: LoadScreen) -> int:
    return [entry.path.name for entry in screen.entries].index("exo2-3p.exosave")


@pytest.mark.parametrize("finished_only", [False, True])
@in_event_loop
async def test_the_lists_of_saves_show_every_seat_of_a_three_player_game(tmp_path: Path, finished_only: bool) -> None:
    directory = tmp_path / "saves"
    directory.mkdir()
    shutil.copy(SAMPLES / "exo2-3p.exosave", directory)
    app = ExoTuiApp(ai_pause=0, saves=SaveDir(directory))
    async with app.run_test(size=(80, 24)) as pilot:
        await app.push_screen(LoadScreen(app.saves, finished_only))
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, LoadScreen)
        table = screen.query_one(DataTable)
        row = three_player_row(screen)
        seats = "Computer 1 (easy) vs Computer 2 (greedy) vs Computer 3 (random)"
        # At 80 columns the seats are shortened to the column, in whole words ended by "…" (`seats_text`), and the
        # highlighted row reads in full below.
        shown = str(table.get_row_at(row)[0]).splitlines()[1]
        assert shown == "Computer 1 (easy) vs Computer 2…" and len(shown) <= table.ordered_columns[0].width
        table.move_cursor(row=row)
        await settle(pilot)
        assert seats in str(screen.query_one("#load-status", Static).render())
        # Wider, every seat shows whole in the column.
        await pilot.resize_terminal(120, 30)
        await settle(pilot)
        table = screen.query_one(DataTable)
        assert str(table.get_row_at(row)[0]).splitlines()[1] == seats
        assert table.ordered_columns[0].width >= len(seats)


@in_event_loop
async def test_a_cut_line_of_the_hand_never_runs_into_the_side_panel() -> None:
    app = ExoTuiApp(ai_pause=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await app.push_screen(
            GameScreen(GameSession(games.get("exofauna"), 7, None, (Seat("human"), Seat("greedy"))), 0)
        )
        await settle(pilot)
        side = app.screen.query_one("#exo-side")
        for zone in ("#hand", "#prompt", "#log"):
            # One blank column between the zone's text and the panel ("Spawn:Action" no more).
            assert app.screen.query_one(zone).content_region.right < side.region.x


@in_event_loop
async def test_list_cursors_show_without_colour(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    app = ExoTuiApp(ai_pause=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        menu = app.screen.query_one(OptionList)
        highlighted = menu.get_component_rich_style("option-list--option-highlighted")
        assert highlighted.underline and highlighted.bold


@in_event_loop
async def test_the_side_panel_of_exofauna_is_whole_on_the_screen_and_the_ai_status_wraps_at_words() -> None:
    app = ExoTuiApp(ai_pause=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await app.push_screen(
            GameScreen(GameSession(games.get("exofauna"), 7, None, (Seat("human"), Seat("human"))), 0)
        )
        await settle(pilot)
        await pilot.press("enter")  # past the pass-the-keyboard screen
        await settle(pilot)
        side = app.screen.query_one("#exo-side")
        assert side.region.right <= 80
        status = app.screen.query_one(AiStatus)
        rows = [row.rstrip() for row in screen_text(app).splitlines()[status.region.y : status.region.bottom]]
        shown = " ".join(row[status.region.x :].strip() for row in rows).split()
        # "People only: pass the keyboard between decisions." with no word cut at the screen's edge.
        assert "between" in shown


def test_an_ai_status_too_long_for_its_rows_ends_in_an_ellipsis() -> None:
    lines = [Content("Yellow: AI normal"), Content("win chance 55%"), Content("prefers: " + "Zorrib " * 12)]
    rows = fitted(lines, 18, 4).plain.splitlines()
    assert len(rows) == 4 and all(len(row) <= 18 for row in rows)
    assert rows[-1].endswith("…") and rows[-2] == "prefers: Zorrib"


@in_event_loop
async def test_exofauna_holes_use_a_larger_terminal() -> None:
    widths = {}
    for size in ((80, 24), (160, 50)):
        app = ExoTuiApp(ai_pause=0)
        async with app.run_test(size=size) as pilot:
            session = GameSession(games.get("exofauna"), 3, None, (Seat("human"), Seat("greedy")))
            session.apply(session.game.legal_actions(session.state)[0])  # an organism on the table
            await app.push_screen(GameScreen(session, 0))
            await settle(pilot)
            hole = app.screen.query_one("#hole-1")
            widths[size] = hole.region.width
            rows = str(hole.render()).splitlines()
            if size == (160, 50):
                # Wider cells name the instinct in full, and a tall table adds the adaptation's row.
                assert len(rows) == 9 and any("Predator" in row or "Swarming" in row for row in rows), rows
    assert widths[(80, 24)] == 31
    assert widths[(160, 50)] >= 60
