"""The footer every screen shows rebuilds its keys only when they change (a screen switch alone keeps them)."""

from __future__ import annotations

import asyncio
from typing import Final

from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Static
from textual.widgets._footer import FooterKey

from exotui.tui.widgets.footer import KeysFooter


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
