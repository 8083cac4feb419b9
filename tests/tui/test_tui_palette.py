"""The command palette offers the app's own commands, and Textual's defaults never contradict them."""

from __future__ import annotations

import pytest
from textual.command import CommandPalette

from exotui import games
from exotui.play.session import HUMAN, GameSession, Seat
from exotui.tui.app import ExoTuiApp
from exotui.tui.screens.confirm import ConfirmScreen
from exotui.tui.screens.game import GameScreen
from exotui.tui.screens.help import HelpScreen
from exotui.tui.screens.load import LoadScreen
from exotui.tui.screens.title import TitleScreen
from pilot_helpers import in_event_loop, settle, status_text


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


@in_event_loop
async def test_hint_and_take_back_are_in_the_palette_at_a_table() -> None:
    app = ExoTuiApp(ai_pause=0)
    async with app.run_test() as pilot:
        screen = GameScreen(GameSession(games.get("exo2"), 5, None, (Seat(HUMAN), Seat("greedy"))), 0)
        await app.push_screen(screen)
        await settle(pilot)
        assert {"Hint", "Take back", "No takebacks"} <= set(titles(app))
        await pilot.press("ctrl+p")
        await settle(pilot)
        await pilot.press(*"take back", "enter")
        await settle(pilot)
        assert app.screen is screen
        assert "you have not decided yet" in status_text(app)
        await pilot.press("ctrl+p")
        await settle(pilot)
        await pilot.press(*"hint", "enter")
        await settle(pilot)
        assert "hint" in status_text(app).lower()
