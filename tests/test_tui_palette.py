"""The command palette offers the app's own commands, and Textual's defaults never contradict them."""

from __future__ import annotations

import pytest
from textual.command import CommandPalette

from exotui import games
from exotui.tui.app import ExoTuiApp
from exotui.tui.screens.confirm import ConfirmScreen
from exotui.tui.screens.help import HelpScreen
from exotui.tui.screens.load import LoadScreen
from exotui.tui.screens.title import TitleScreen
from pilot_helpers import in_event_loop, settle


def titles(app: ExoTuiApp) -> list[str]:
    return [command.title for command in app.get_system_commands(app.screen)]


@in_event_loop
async def test_the_palette_lists_the_apps_commands_once_each() -> None:
    app = ExoTuiApp(ai_pause=0)
    async with app.run_test() as pilot:
        await settle(pilot)
        shown = titles(app)
        rules = [f"Rules of {games.get(game_id).title}" for game_id in games.available()]
        assert shown == ["New game", "Load", "Replays", "Your record", "Help", *rules, "Quit", "Theme", "Screenshot"]
        assert shown.count("Quit") == 1
        assert "Keys" not in shown


@in_event_loop
async def test_a_games_rules_open_from_the_palette() -> None:
    app = ExoTuiApp(ai_pause=0)
    async with app.run_test() as pilot:
        await pilot.press("ctrl+p")
        await settle(pilot)
        assert isinstance(app.screen, CommandPalette)
        await pilot.press(*"rules of exo n", "enter")
        await settle(pilot)
        assert isinstance(app.screen, HelpScreen)
        assert str(app.screen.query_one("#help-text Static").render()).startswith("EXO n°2 keys")


@in_event_loop
async def test_replays_from_the_palette_list_finished_games_only() -> None:
    app = ExoTuiApp(ai_pause=0)
    async with app.run_test() as pilot:
        await pilot.press("ctrl+p")
        await settle(pilot)
        await pilot.press(*"replays", "enter")
        await settle(pilot)
        assert isinstance(app.screen, LoadScreen)
        assert app.screen.finished_only


@pytest.mark.parametrize("key", ["q", "ctrl+q"])
@in_event_loop
async def test_every_way_to_quit_asks_first(key: str) -> None:
    app = ExoTuiApp(ai_pause=0)
    async with app.run_test() as pilot:
        await pilot.press(key)
        await settle(pilot)
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("n")
        await settle(pilot)
        assert isinstance(app.screen, TitleScreen)
