"""The footer every screen shows rebuilds its keys only when they change (a screen switch alone keeps them), and
every table's keys fit it at 80 columns."""

from __future__ import annotations

import asyncio
from typing import Final

import pytest
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Static
from textual.widgets._footer import FooterKey

from exotui import games
from exotui.play.session import GameSession, Seat
from exotui.tui import tables
from exotui.tui.app import ExoTuiApp
from exotui.tui.screens.game import GameScreen
from exotui.tui.widgets.footer import KeysFooter
from pilot_helpers import in_event_loop, settle


class Table(Screen[None]):
    BINDINGS: Final = [Binding("a", "pick", "pick"), Binding("b", "undo", "undo")]
    undo_allowed = False

    def compose(self) -> ComposeResult:
        yield Static("table")
        yield KeysFooter()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return self.undo_allowed if action == "undo" else True

    def action_pick(self) -> None:
        self.undo_allowed = True
        self.refresh_bindings()


class Help(Screen[None]):
    BINDINGS: Final = [Binding("escape", "app.pop_screen", "close")]

    def compose(self) -> ComposeResult:
        yield Static("help")
        yield KeysFooter()


class Demo(App[None]):
    ENABLE_COMMAND_PALETTE = False

    def on_mount(self) -> None:
        self.push_screen(Table())


def keys(app: App[None]) -> list[FooterKey]:
    return list(app.screen.query(FooterKey))


def test_a_screen_switch_keeps_the_footer_keys_and_a_change_of_keys_rebuilds_them() -> None:
    async def run() -> None:
        app = Demo()
        async with app.run_test() as pilot:
            await pilot.pause()
            shown = keys(app)
            assert [key.description for key in shown] == ["pick"]
            await app.push_screen(Help())
            await pilot.pause()
            assert [key.description for key in keys(app)] == ["close"]
            await pilot.press("escape")
            await pilot.pause()
            assert keys(app) == shown
            await pilot.press("a")
            await pilot.pause()
            assert [key.description for key in keys(app)] == ["pick", "undo"]

    asyncio.run(run())


@pytest.mark.parametrize(
    "game_id",
    [
        "exofauna",
        "exo2",
        "rodents",
        "cryptid",
        "endless",
        "generic",
    ],
)
@in_event_loop
async def test_every_table_footer_fits_80_columns(game_id: str, monkeypatch: pytest.MonkeyPatch) -> None:
    if game_id == "generic":
        # EXO n°2 played at the generic table, as a game without a table of its own would be.
        monkeypatch.delitem(tables._TABLES, "exo2")
    app = ExoTuiApp(ai_pause=0)
    async with app.run_test(size=(80, 24)) as pilot:
        seats = (Seat("human"), Seat("greedy"))
        await app.push_screen(GameScreen(GameSession(games.get(game_id.replace("generic", "exo2")), 7, None, seats), 0))
        await settle(pilot)
        assert isinstance(app.screen, GameScreen)
        palette = app.screen.query_one("FooterKey.-command-palette", FooterKey)
        shown = [key for key in keys(app) if key is not palette]
        assert shown[-1].description == "quit"
        assert all(key.region.right <= palette.region.x for key in shown), [key.key for key in shown]
