"""The new game form: a focus that shows, Tab never landing unseen on Back, the last choices remembered, and a game
without takebacks."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Button, Select

from exotui.engine.records import load
from exotui.engine.savedir import SaveDir
from exotui.tui.app import ExoTuiApp
from exotui.tui.choices import Choices, choices_path, load_choices
from exotui.tui.screens.game import GameScreen
from exotui.tui.screens.new_game import NewGameScreen
from pilot_helpers import in_event_loop, settle, status_text


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
