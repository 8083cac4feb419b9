"""The new game form: a focus that shows, Tab never landing unseen on Back, the last choices remembered, a game
without takebacks, and a form whole at 80x24 for every game and number of players."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import pytest
from textual.app import App
from textual.pilot import Pilot
from textual.widget import Widget
from textual.widgets import Button, Select

from exotui import games
from exotui.engine.records import load
from exotui.engine.savedir import SaveDir
from exotui.tui.app import ExoTuiApp
from exotui.tui.choices import Choices, choices_path, load_choices, save_choices
from exotui.tui.screens.game import GameScreen
from exotui.tui.screens.help import HelpScreen
from exotui.tui.screens.new_game import NewGameScreen
from exotui.tui.widgets.footer import KeysFooter
from pilot_helpers import in_event_loop, settle, status_text
from savegame_toy import register


@in_event_loop
async def test_tab_from_start_then_enter_stays_in_the_form() -> None:
    app = ExoTuiApp(ai_pause=0, default_seed=7)
    async with app.run_test() as pilot:
        await pilot.press("enter")
        await settle(pilot)
        assert app.focused.id == "start"
        # Once, Tab then Enter went back to the title: Tab had moved to Back, which did not look focused.
        await pilot.press("tab")
        await settle(pilot)
        assert app.focused.id == "game"
        await pilot.press("enter", "escape")
        await settle(pilot)
        assert isinstance(app.screen, NewGameScreen)


@in_event_loop
async def test_only_the_focused_button_looks_chosen() -> None:
    app = ExoTuiApp(ai_pause=0, default_seed=7)
    async with app.run_test() as pilot:
        await pilot.press("enter")
        await settle(pilot)
        start, back = app.screen.query_one("#start", Button), app.screen.query_one("#back", Button)
        focused_look = start.rich_style
        assert focused_look.underline and focused_look.bold
        await pilot.press("tab")
        await settle(pilot)
        # Start unfocused looks like any other button; the focused field is bold and underlined.
        assert start.rich_style.bgcolor == back.rich_style.bgcolor
        assert not start.rich_style.underline
        field = app.screen.query_one("#game SelectCurrent")
        assert field.rich_style.underline and field.rich_style.bold


@in_event_loop
async def test_the_form_offers_the_choices_of_the_last_game_started() -> None:
    app = ExoTuiApp(ai_pause=0, default_seed=7)
    async with app.run_test() as pilot:
        await pilot.press("enter")
        await settle(pilot)
        form = app.screen
        form.query_one("#game", Select).value = "exo2"
        await settle(pilot)
        form.query_one("#players", Select).value = 3
        await settle(pilot)
        for seat, kind in enumerate(("greedy", "human", "random")):
            form.query_one(f"#seat-{seat}", Select).value = kind
        form.query_one("#start", Button).focus()
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, GameScreen)
    assert load_choices() == Choices("exo2", 3, ("greedy", "human", "random"), "")
    again = ExoTuiApp(ai_pause=0, default_seed=7)
    async with again.run_test() as pilot:
        await pilot.press("enter")
        await settle(pilot)
        form = again.screen
        assert form.query_one("#game", Select).value == "exo2"
        assert form.query_one("#players", Select).value == 3
        assert [form.query_one(f"#seat-{seat}", Select).value for seat in range(3)] == ["greedy", "human", "random"]


@pytest.mark.parametrize("content", [b"{not json", b'{"game": 3}', b'{"game": "exo2", "players": 9, "seats": ["x"]}'])
@in_event_loop
async def test_a_broken_or_strange_choices_file_gives_the_defaults(content: bytes) -> None:
    path = choices_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(content)
    app = ExoTuiApp(ai_pause=0, default_seed=7)
    async with app.run_test() as pilot:
        await pilot.press("enter")
        await settle(pilot)
        form = app.screen
        assert isinstance(form, NewGameScreen)
        assert [form.query_one(f"#seat-{seat}", Select).value for seat in (0, 1)] == ["human", "mcts:normal"]
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, GameScreen)


@in_event_loop
async def test_no_takebacks_chosen_on_the_form_holds_from_the_first_move_in_the_save_and_is_remembered(
    tmp_path: Path,
) -> None:
    app = ExoTuiApp(ai_pause=0, default_seed=7, saves=SaveDir(tmp_path))
    async with app.run_test() as pilot:
        await pilot.press("enter")
        await settle(pilot)
        form = app.screen
        assert form.query_one("#takebacks", Select).value == "allowed"
        form.query_one("#takebacks", Select).value = "off"
        form.query_one("#start", Button).focus()
        await pilot.press("enter")
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, GameScreen) and screen.session.takebacks_off
        assert load(screen.session.record.path).header.takebacks_off
        await pilot.press("backspace")
        assert status_text(app) == "Takebacks (Backspace) are off in this game."
    assert load_choices().no_takebacks
    again = ExoTuiApp(ai_pause=0, default_seed=7)
    async with again.run_test() as pilot:
        await pilot.press("enter")
        await settle(pilot)
        assert again.screen.query_one("#takebacks", Select).value == "off"


# ---------------------------------------------------------------------------------------------------------------------
# The form at 80x24 and larger


EVERY_TABLE = [(game_id, count) for game_id in games.available() for count in games.get(game_id).player_counts]


def in_sight(app: App[object], widget: Widget) -> bool:
    """Whether `widget` is drawn whole where the player sees it: above the footer, and not scrolled out of the form."""
    region = widget.region
    footer = app.screen.query_one(KeysFooter).region
    if not region or region.y < 0 or region.bottom > footer.y:
        return False
    corners = [app.screen.get_widget_at(x, y)[0] for x, y in (region.offset, (region.right - 1, region.bottom - 1))]
    return all(hit is widget or widget in hit.ancestors for hit in corners)


@asynccontextmanager
async def form_open(choices: Choices, size: tuple[int, int]) -> AsyncIterator[tuple[ExoTuiApp, Pilot]]:
    """The app at `size`, on the new game form as `choices` left it (the title's Enter)."""
    save_choices(choices)
    app = ExoTuiApp(ai_pause=0, default_seed=7)
    async with app.run_test(size=size) as pilot:
        await pilot.press("enter")
        await settle(pilot)
        yield app, pilot


async def tab_round(app: ExoTuiApp, pilot: Pilot) -> list[str]:
    """The ids Tab focuses, from Start round to Start again, each checked to be in sight when it has the focus."""
    assert app.focused is not None and app.focused.id == "start" and in_sight(app, app.focused)
    visited: list[str] = []
    for _ in range(30):
        await pilot.press("tab")
        await settle(pilot)
        focused = app.focused
        assert focused is not None
        assert in_sight(app, focused), f"#{focused.id} has the focus out of sight"
        if focused.id == "start":
            return visited
        visited.append(str(focused.id))
    raise AssertionError(f"Tab never came back to Start: {visited}")


def fields(game_id: str, players: int) -> list[str]:
    """The form's fields in their Tab order (the serve tests and bench count Tabs from Start along it)."""
    game = games.get(game_id)
    return [
        "game",
        *(["players"] if len(game.player_counts) > 1 else []),
        *(f"seat-{seat}" for seat in range(players)),
        *(["variant"] if game.variants else []),
        "takebacks",
        "seed",
    ]


@pytest.mark.parametrize(("game_id", "players"), EVERY_TABLE)
@in_event_loop
async def test_at_80x24_the_whole_form_fits_and_every_field_tab_reaches_is_in_sight(game_id: str, players: int) -> None:
    # Once, 4 players of Raging Rodents and 5 of Cryptid pushed the seats and Start below the footer.
    async with form_open(Choices(game_id, players), (80, 24)) as (app, pilot):
        # All of it at once, from the title to Start, with nothing to scroll.
        form = app.screen.query_one("#new-game")
        assert in_sight(app, form) and form.max_scroll_y == 0
        assert await tab_round(app, pilot) == fields(game_id, players)


@in_event_loop
async def test_the_rows_are_spaced_out_where_there_is_room_and_close_up_when_the_terminal_shrinks() -> None:
    async with form_open(Choices("cryptid", 5), (100, 40)) as (app, pilot):
        screen = app.screen
        red, orange = screen.query_one("#seat-0"), screen.query_one("#seat-1")

        def gap() -> int:
            return orange.region.y - red.region.y

        assert gap() == 2
        screen.query_one("#seat-4").focus()
        for size, spaced in (((80, 24), 1), ((100, 40), 2), ((80, 24), 1)):
            await pilot.resize_terminal(*size)
            await settle(pilot)
            assert gap() == spaced
            assert app.focused is screen.query_one("#seat-4") and in_sight(app, app.focused)
            assert in_sight(app, screen.query_one("#new-game"))


@in_event_loop
async def test_the_form_fits_the_terminal_again_after_a_resize_under_the_help() -> None:
    async with form_open(Choices("cryptid", 5), (100, 40)) as (app, pilot):
        await pilot.press("question_mark")
        await settle(pilot)
        assert isinstance(app.screen, HelpScreen)
        await pilot.resize_terminal(80, 24)
        await settle(pilot)
        await pilot.press("escape")
        await settle(pilot)
        assert isinstance(app.screen, NewGameScreen)
        assert in_sight(app, app.screen.query_one("#new-game"))


@in_event_loop
async def test_a_form_too_tall_even_closed_up_scrolls_with_a_bar_and_keeps_the_focus_in_sight(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    register(monkeypatch)
    # Pig for up to 12: more seats than any game has, more rows than 80x24 holds.
    monkeypatch.setattr(games.get("pig"), "player_counts", tuple(range(2, 13)))
    async with form_open(Choices("pig", 12), (80, 24)) as (app, pilot):
        form = app.screen.query_one("#new-game")
        assert form.max_scroll_y > 0 and form.show_vertical_scrollbar
        assert await tab_round(app, pilot) == fields("pig", 12)
