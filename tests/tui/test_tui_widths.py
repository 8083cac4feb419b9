"""Wider terminals use their width, and what is still cut ends in "…" and reads in full where the cursor is."""

from __future__ import annotations

import random
import shutil
from pathlib import Path

import pytest
from textual.content import Content
from textual.widgets import DataTable, OptionList, Static

from exotui import games
from exotui.ai.match import play_match
from exotui.ai.players import make_player
from exotui.engine.records import HUMAN
from exotui.engine.records import Seat as RecordSeat
from exotui.engine.savedir import SaveDir
from exotui.play.session import GameSession, Seat
from exotui.tui.app import ExoTuiApp
from exotui.tui.screens.game import GameScreen
from exotui.tui.screens.load import LoadScreen, progress_text
from exotui.tui.widgets.ai_status import AiStatus, fitted
from pilot_helpers import in_event_loop, settle
from spectator_helpers import screen_text
from stats_builders import header

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


def shared_and_long_saves(directory: Path) -> SaveDir:
    """The samples, then the two newest saves (listed first): a win Seat 1 and Seat 3 of EXO n°2 shared, and a game
    stopped at turn 12, both seated as the app seats them."""
    shutil.copytree(SAMPLES, directory)
    saves = SaveDir(directory)
    exo2 = games.get("exo2")
    seats = (RecordSeat("Seat 1", HUMAN), RecordSeat.from_spec("Seat 2", "mcts:normal"), RecordSeat("Seat 3", "greedy"))
    rng = random.Random(1)
    unfinished = saves.new_record(exo2, 1, seats)
    while unfinished.header.turn < 12:
        unfinished.append(rng.choice(exo2.legal_actions(unfinished.state)))
    unfinished.close()
    # Random play from seed 6 ends with Seat 1 and Seat 3 sharing the win (0.5, 0, 0.5).
    shared = play_match(exo2, [make_player("random", 6 * 7 + seat) for seat in range(3)], 6)
    record = saves.new_record(exo2, 6, seats)
    for action in shared.actions:
        record.append(action)
    record.close()
    assert record.header.status == "Seat 1 and Seat 3 won"
    return saves


@pytest.mark.parametrize("finished_only", [False, True], ids=["load", "replays"])
@pytest.mark.parametrize(
    ("size", "shown"), [((80, 24), "Seat 1, Seat 3 won"), ((120, 40), "Seat 1 and Seat 3 won")], ids=["80x24", "120x40"]
)
@in_event_loop
async def test_the_progress_of_every_save_reads_whole_or_in_a_short_form(
    tmp_path: Path, finished_only: bool, size: tuple[int, int], shown: str
) -> None:
    """At 80 columns the Progress column cut a shared win by the screen's edge ("Seat 1 and Seat 3 w") and a game
    past turn 9 ("turn 12, in progres"): every progress now shows in the column, whole or in its short form, and the
    highlighted row reads it whole below."""
    app = ExoTuiApp(ai_pause=0, saves=shared_and_long_saves(tmp_path / "saves"))
    async with app.run_test(size=size) as pilot:
        await app.push_screen(LoadScreen(app.saves, finished_only))
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, LoadScreen)
        table = screen.query_one(DataTable)
        lines = screen_text(app).splitlines()
        rows = [str(table.get_row_at(row)[2]) for row in range(table.row_count)]
        assert rows[0] == shown
        if not finished_only:
            assert rows[1] == ("turn 12, ongoing" if size == (80, 24) else "turn 12, in progress")
        # Every progress in sight is whole on the screen, clear of the scrollbar.
        scrollbar = table.region.right - table.styles.scrollbar_size_vertical
        for row, progress in enumerate(rows[: table.scrollable_content_region.height // 2 - 1]):
            line = lines[table.region.y + 1 + 2 * row]
            assert line[:scrollbar].rstrip().endswith(f" {progress}"), line
        status = screen.query_one("#load-status", Static)
        whole = "EXO n°2 · Seat 1 vs Seat 2 (normal) vs Seat 3 (greedy)"
        assert str(status.render()) == (f"{whole} · Seat 1 and Seat 3 won" if size == (80, 24) else whole)


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
@in_event_loop
async def test_the_delete_dialog_shows_a_saves_name_whole_or_shortened_in_the_middle(
    tmp_path: Path, size: tuple[int, int]
) -> None:
    """Wrapped to the box's 34 columns, the name the app gives a save broke mid-word ("...0c36d5.exosav" over "e"),
    and a longer one lost its end. A name shows whole on its own row, the box widening for it as far as the screen
    allows, else shortened in the middle keeping its start and its extension."""
    directory = tmp_path / "saves"
    directory.mkdir()
    given = "exofauna-20261127-040543-0c36d5.exosave"
    copied = "a-save-with-a-very-long-name-that-someone-copied-here-from-another-machine-20261127.exosave"
    for name in (given, copied):
        shutil.copy(SAMPLES / "exofauna.exosave", directory / name)
    app = ExoTuiApp(ai_pause=0, saves=SaveDir(directory))
    async with app.run_test(size=size) as pilot:
        await app.push_screen(LoadScreen(app.saves))
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, LoadScreen)
        for name in (given, copied):
            screen.query_one(DataTable).move_cursor(row=[entry.path.name for entry in screen.entries].index(name))
            await settle(pilot)
            await pilot.press("d")
            await settle(pilot)
            rows = [line.strip(" █") for line in screen_text(app).splitlines()]
            if name == copied and size == (80, 24):
                # The box as wide as the screen: its border and padding leave the name 74 columns.
                assert "a-save-with-a-very-long-name-that…re-from-another-machine-20261127.exosave" in rows
            else:
                assert name in rows
            await pilot.press("n")
            await settle(pilot)


def test_a_shared_win_keeps_its_won_in_every_width() -> None:
    """Shortened as any label is, a shared win lost its "won" ("Seat 1, Seat 2…"): it reads whole, then its names
    with commas, then how many shared it."""
    seats = [RecordSeat(f"Seat {seat}", HUMAN) for seat in (1, 2, 3, 4)]
    shared = header(*seats, result=(1 / 3, 1 / 3, 0.0, 1 / 3), game="rodents", actions=1)
    assert [progress_text(shared, width) for width in (0, 32, 31, 25, 16)] == [
        "Seat 1 and Seat 2 and Seat 4 won",
        "Seat 1 and Seat 2 and Seat 4 won",
        "Seat 1, Seat 2, Seat 4 won",
        "3 shared the win",
        "3 shared the win",
    ]
    unfinished = header(*seats, result=None, game="rodents")
    assert [progress_text(unfinished, width) for width in (19, 18, 8)] == [
        "turn 1, in progress",
        "turn 1, ongoing",
        "turn 1…",
    ]


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


def test_an_ai_status_on_one_row_joins_no_empty_line() -> None:
    # An SSH table's final panel ("The game is over" and no second line) on the one row Endless Forms' final table
    # leaves it read "The game is over ·".
    assert fitted([Content("The game is over"), Content("")], 80, 1).plain == "The game is over"


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
