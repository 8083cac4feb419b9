"""The app of one person at a shared table (`ssh -t HOST table NAME`): it draws what the table (table.py) tells
it and sends back this seat's decisions. It never holds more than its own seat's view until the game is over.

The game's own board draws the table, as in the single-player app; a spectator's board is drawn from no seat
(viewer None), every hand as everyone sees it.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import threading
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Final

import msgspec
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Footer, Static

from exotui import games
from exotui.engine.records import exit_cleanly_on_signals
from exotui.serve import wire
from exotui.tui import app as tui_app
from exotui.tui.screens.confirm import ConfirmScreen
from exotui.tui.screens.end import EndScreen
from exotui.tui.screens.help import HelpScreen
from exotui.tui.screens.new_game import NewGameScreen
from exotui.tui.session import GameSession
from exotui.tui.tables import STYLESHEETS, Board, board_class
from exotui.tui.widgets.ai_status import AiStatus
from exotui.tui.widgets.too_small import TooSmall

# Seconds to keep trying the table's socket while the server starts the table.
CONNECT_PATIENCE: Final = 30.0
LOBBY_HELP: Final = "a: fill the open seats with the AI (normal) and start · q: leave"


class WaitingScreen(Screen[None]):
    """Lines about the table while there is no game to show: joining, the lobby."""

    BINDINGS: Final = [Binding("a", "fill", "fill with AI", show=False)]

    def __init__(self, lines: Sequence[str], can_fill: bool = False) -> None:
        super().__init__()
        self.lines = lines
        self.can_fill = can_fill

    def compose(self) -> ComposeResult:
        yield Static(id="waiting", markup=False)
        yield Footer()
        yield TooSmall()

    def on_mount(self) -> None:
        self.show(self.lines, self.can_fill)

    def show(self, lines: Sequence[str], can_fill: bool) -> None:
        self.lines, self.can_fill = lines, can_fill
        if self.is_mounted:
            hint = ["", LOBBY_HELP] if can_fill else []
            self.query_one("#waiting", Static).update("\n".join([*lines, *hint]))

    def action_fill(self) -> None:
        if self.can_fill:
            assert isinstance(self.app, TableApp)
            self.app.send(wire.Fill("normal"))


class TableScreen(Screen[None]):
    """The game at the table: the board from this seat (from none for a spectator), the status."""

    def __init__(self, game_id: str) -> None:
        super().__init__()
        self.game = games.get(game_id)

    def compose(self) -> ComposeResult:
        yield board_class(self.game.id)(id="board")
        yield Static(id="status", markup=False)
        yield Footer()
        yield TooSmall()

    def on_mount(self) -> None:
        self.on_screen_resume()

    def on_screen_resume(self) -> None:
        # The board holds the keys, so it has the focus whenever the table is visible.
        self.query_one(Board).focus()

    def update(self, show: wire.Show) -> None:
        self.query_one("#status", Static).update(show.status)
        board = self.query_one(Board)
        view = msgspec.msgpack.decode(show.view, type=self.game.state_type)
        deciding_here = show.viewer is not None and show.deciding == show.viewer
        legal = self.game.legal_actions(view) if deciding_here else ()
        board.show(view, show.viewer, legal, show.labels)
        board.tell(show.opening)
        for turn, sentence, events in show.log:
            board.log(turn, sentence)
            board.tell(events)
        if show.deciding is not None and not deciding_here:
            for status in self.query(AiStatus):
                status.idle(show.labels[show.deciding], "to decide")

    def on_board_decided(self, event: Board.Decided) -> None:
        assert isinstance(self.app, TableApp)
        self.app.send(wire.Decide(msgspec.msgpack.encode(event.action)))
        self.query_one("#status", Static).update("Sent…")

    def on_board_notice(self, event: Board.Notice) -> None:
        self.query_one("#status", Static).update(event.text)


class TableEndScreen(EndScreen):
    """The end of the table's game: the result, and leave (the save is in your saves, for Replays)."""

    CHOICES: Final = (("leave", "Leave the table (the game is in your saves, under Replays)"),)


class TableApp(App[None]):
    CSS_PATH: Final = [Path(tui_app.__file__).parent / "exotui.tcss", *STYLESHEETS]
    TITLE = "exotui table"
    HORIZONTAL_BREAKPOINTS: Final = tui_app.ExoTuiApp.HORIZONTAL_BREAKPOINTS
    VERTICAL_BREAKPOINTS: Final = tui_app.ExoTuiApp.VERTICAL_BREAKPOINTS
    BINDINGS: Final = [
        Binding("question_mark", "help", "help", key_display="?"),
        Binding("q", "request_quit", "leave"),
    ]

    def __init__(self, socket: Path, join: wire.Join, table: str) -> None:
        super().__init__()
        self.socket = socket
        self.join = join
        self.table = table
        self.writer: asyncio.StreamWriter | None = None
        self.game_id: str | None = None
        self.ended = False

    def get_default_screen(self) -> Screen[None]:
        return WaitingScreen([f"Joining table {self.table}…"])

    def on_mount(self) -> None:
        # A dropped SSH connection (SIGHUP) ends the app; the table keeps the seat for this identity.
        if threading.current_thread() is threading.main_thread():
            loop = asyncio.get_running_loop()
            exit_cleanly_on_signals(
                lambda signum: loop.call_soon_threadsafe(lambda: self.exit(return_code=128 + signum))
            )
        self.run_worker(self.listen(), exclusive=True, group="table")

    async def listen(self) -> None:
        reader = await self.connect()
        if reader is None:
            self.exit(return_code=1, message=f"Table {self.table} did not open; try again.")
            return
        try:
            while True:
                self.received(await wire.receive(reader, wire.PERSON_DECODER))
        except (asyncio.IncompleteReadError, ConnectionError, ValueError):
            if not self.ended:
                self.exit(return_code=1, message=f"Table {self.table} closed.")

    async def connect(self) -> asyncio.StreamReader | None:
        loop = asyncio.get_running_loop()
        deadline = loop.time() + CONNECT_PATIENCE
        while True:
            try:
                reader, self.writer = await asyncio.open_unix_connection(str(self.socket))
            except OSError:
                if loop.time() > deadline:
                    return None
                await asyncio.sleep(0.1)
                continue
            await wire.send(self.writer, self.join)
            return reader

    def send(self, message: msgspec.Struct) -> None:
        if self.writer is not None:
            self.run_worker(wire.send(self.writer, message), group="send")

    # ---------------------------------------------------------------------------------------------------------
    # What the table says

    def received(self, message: Any) -> None:
        if isinstance(message, wire.Choose):
            self.notify(
                f"Table {self.table}: choose the game. Each seat set to Human waits for the next person to join; "
                "the table deals (the seed is not used).",
                timeout=10,
            )
            self.push_screen(NewGameScreen(), self.chosen)
        elif isinstance(message, wire.Lobby):
            # The lobby is the default screen, under every other.
            lobby = self.screen_stack[0]
            assert isinstance(lobby, WaitingScreen)
            lobby.show(message.lines, message.can_fill)
        elif isinstance(message, wire.Show):
            self.shown(message)
        elif isinstance(message, wire.End):
            self.finished(message)
        elif isinstance(message, wire.Refused):
            self.notify(message.text, severity="warning")

    def chosen(self, session: GameSession | None) -> None:
        if session is None:
            self.exit(message=f"You left table {self.table}.")
            return
        seats = [seat.kind for seat in session.seats]
        self.send(wire.Setup(session.game.id, seats, session.variant))

    def shown(self, show: wire.Show) -> None:
        self.game_id = show.game
        screens = [screen for screen in self.screen_stack if isinstance(screen, TableScreen)]
        if screens:
            screens[-1].update(show)
            return
        screen = TableScreen(show.game)
        self.push_screen(screen)
        # After the screen's mount, so its board is there.
        screen.call_later(screen.update, show)

    def finished(self, end: wire.End) -> None:
        self.ended = True
        game = games.get(end.game)
        state = msgspec.msgpack.decode(end.state, type=game.state_type)
        summary = board_class(game.id).summary(state, end.labels)
        self.push_screen(TableEndScreen(end.headline, summary), lambda _: self.exit())

    # ---------------------------------------------------------------------------------------------------------
    # The app's own keys

    def action_help(self) -> None:
        if not isinstance(self.screen, HelpScreen):
            self.push_screen(HelpScreen(board_class(self.game_id or tui_app.HELP_GAME).HELP))

    def action_request_quit(self) -> None:
        if not isinstance(self.screen, ConfirmScreen):
            self.push_screen(ConfirmScreen("Leave the table? Your seat stays yours."), self._leave_if)

    def _leave_if(self, answer: bool | None) -> None:
        if answer:
            self.exit()


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m exotui.serve.table_app", description=__doc__)
    parser.add_argument("--socket", type=Path, required=True)
    parser.add_argument("--table", required=True)
    parser.add_argument("--identity", required=True)
    parser.add_argument("--name", required=True)
    parser.add_argument("--saves-dir", required=True)
    args = parser.parse_args(argv)
    app = TableApp(args.socket, wire.Join(args.identity, args.name, args.saves_dir), args.table)
    app.run()
    return app.return_code or 0


if __name__ == "__main__":
    sys.exit(main())
