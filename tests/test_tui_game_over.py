"""Game over: the result in a box over the final table; Esc to look at the table, Enter there for the result again;
from it rematch, replay (a saved game) or the title."""

from __future__ import annotations

from pathlib import Path

from textual.pilot import Pilot
from textual.widgets import OptionList

from exotui import games
from exotui.engine.savedir import SaveDir
from exotui.play.session import GameSession, Seat
from exotui.tui.app import ExoTuiApp
from exotui.tui.screens.end import EndScreen
from exotui.tui.screens.game import GameScreen
from exotui.tui.screens.replay import ReplayScreen
from exotui.tui.screens.title import TitleScreen
from exotui.tui.tables import Board
from pilot_helpers import in_event_loop, settle, status_text


async def play_out(pilot: Pilot) -> GameScreen:
    """A quick game of the greedy AI against itself, to its end."""
    app = pilot.app
    session = GameSession(games.get("exofauna"), 4, "quick", (Seat("greedy"), Seat("greedy")))
    screen = GameScreen(app.recorded(session), 0)
    await app.push_screen(screen)
    for _ in range(500):
        # The result box is pushed before it is composed: wait for its menu.
        if isinstance(app.screen, EndScreen) and app.screen.query(OptionList):
            return screen
        await pilot.pause()
    raise AssertionError("the game did not end")


def options(app: ExoTuiApp) -> list[str]:
    menu = app.screen.query_one(OptionList)
    return [menu.get_option_at_index(index).id for index in range(menu.option_count)]


@in_event_loop
async def test_the_result_shows_over_the_final_table_and_esc_shows_the_table(tmp_path: Path) -> None:
    app = ExoTuiApp(ai_pause=0, saves=SaveDir(tmp_path))
    async with app.run_test() as pilot:
        game = await play_out(pilot)
        # A box over the table: the game screen is still there, under it, showing the final position.
        assert app.screen_stack[-2] is game
        assert game.query_one(Board).view == game.session.view_for(game.viewer)
        assert options(app) == ["rematch", "replay", "new", "title"]
        await pilot.press("escape")
        await settle(pilot)
        assert app.screen is game
        assert "The game is over" in status_text(app)
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, EndScreen)
        await pilot.press("down", "enter")  # Replay this game
        await settle(pilot)
        assert isinstance(app.screen, ReplayScreen)
        assert app.screen.at_end
        assert not any(isinstance(screen, GameScreen) for screen in app.screen_stack)


@in_event_loop
async def test_an_unsaved_game_offers_no_replay() -> None:
    app = ExoTuiApp(ai_pause=0)
    async with app.run_test() as pilot:
        await play_out(pilot)
        assert options(app) == ["rematch", "new", "title"]


@in_event_loop
async def test_enter_pressed_twice_on_the_result_leaves_once(tmp_path: Path) -> None:
    app = ExoTuiApp(ai_pause=0, saves=SaveDir(tmp_path))
    async with app.run_test() as pilot:
        await play_out(pilot)
        # Title, chosen twice before the box is gone (two Enters queued on a slow machine): the second choice
        # must not pop a second screen.
        menu = app.screen.query_one(OptionList)
        menu.highlighted = 3
        menu.action_select()
        menu.action_select()
        await settle(pilot)
        assert app.screen_stack == [app.screen] and isinstance(app.screen, TitleScreen)
    assert app.return_code in (None, 0)
