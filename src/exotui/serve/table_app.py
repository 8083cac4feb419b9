"""The app of one person at a shared table (`ssh -t HOST table NAME`): it draws what the table (table.py) tells
it and sends back this seat's decisions. It never holds more than its own seat's view until the game is over.

The game's own board draws the table, as in the single-player app; a spectator's board is drawn from no seat
(viewer None), every hand as everyone sees it. At the end, a seated person may ask for a rematch; the box says who
has asked and who is awaited, and the new game replaces the old on everyone's screen.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import threading
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any, ClassVar, Final

import msgspec
from textual.app import App, ComposeResult, CSSPathType, SystemCommand
from textual.binding import Binding, BindingType
from textual.events import Key
from textual.markup import escape
from textual.screen import Screen
from textual.widgets import Label, OptionList, Select, Static

from exotui import games
from exotui.engine import protocol
from exotui.engine.records import exit_cleanly_on_signals
from exotui.play.session import GameSession, Told
from exotui.play.session import Seat as SessionSeat
from exotui.serve import wire
from exotui.serve.table import spoken
from exotui.tui import app as tui_app
from exotui.tui.screens.confirm import ConfirmScreen, QuestionScreen
from exotui.tui.screens.end import EndScreen
from exotui.tui.screens.help import HelpScreen, bound_keys, game_help, keys_help
from exotui.tui.screens.new_game import NewGameScreen
from exotui.tui.tables import STYLESHEETS, Board, Mode, board_class, stopped_line
from exotui.tui.widgets.ai_status import STOPPED, AiStatus
from exotui.tui.widgets.footer import KeysFooter
from exotui.tui.widgets.game_log import GameLog
from exotui.tui.widgets.too_small import TooSmall

# Seconds to keep trying the table's socket while the server starts the table.
CONNECT_PATIENCE: Final = 30.0
LOBBY_HELP: Final = "a: fill the open seats with the AI (normal) and start · q: leave"
WAITING: Final = "Waiting for the table…"
ASKED: Final = "Rematch asked: waiting for the others"
WATCHING_KEYS: Final = "You are watching: the players decide. PgUp/PgDn: the log · ?: help · q: leave"
GUEST_NOTICE: Final = "You are a guest (no SSH key): your saves last this session only."
TAKE_OVER_KEY: Final = "Ctrl+T: let the AI play their seat"
# The status box's title while the table waits for people to go on from a position kept on show.
NOBODY_DECIDES: Final = "Nobody decides yet"
# Seconds a notice from the table (`wire.Notice`) stays on show.
NOTICE_SECONDS: Final = 30.0
# The help's section of the keys that work at a table (`TableApp.keys_help`), and the actions only a seated person has.
TABLE_KEYS: Final = "Keys at this table"
SEATED_ONLY: Final = frozenset({"take_over", "fill"})


class TableNewGameScreen(NewGameScreen):
    """The new game form as a table's first arrival sees it: without Takebacks and Seed, which a table does not
    use (it deals in secret, and nobody takes back a decision others have seen), and without remembering its seats
    for the player's own games (a table's Human seats would make their next game hot-seat)."""

    def on_mount(self) -> None:
        self._drop_unused()

    async def recompose(self) -> None:
        # Another game or player count builds the form again, with every field.
        await super().recompose()
        self._drop_unused()

    def _drop_unused(self) -> None:
        for field in ("takebacks", "seed"):
            for widget in self.query(f"#{field}"):
                # Each field's label comes just before it in its section.
                siblings = list(widget.parent.children) if widget.parent is not None else []
                label = siblings[siblings.index(widget) - 1] if widget in siblings[1:] else None
                if isinstance(label, Label):
                    label.remove()
                widget.remove()

    def start(self) -> None:
        game = self.game
        seats = tuple(SessionSeat(str(self.query_one(f"#seat-{seat}", Select).value)) for seat in range(self.players))
        variant = str(self.query_one("#variant", Select).value) or None if game.variants else None
        # The seed is the table's to draw; this one is never used.
        self.dismiss(GameSession(game, 0, variant, seats))


class WaitingScreen(Screen[None]):
    """Lines about the table while there is no game to show: joining, the lobby."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding(
            "a",
            "fill",
            "fill with AI",
            show=False,
            tooltip="in the lobby: fill the open seats with the AI (normal), start",
        )
    ]

    def __init__(self, lines: Sequence[str], can_fill: bool = False) -> None:
        super().__init__()
        self.lines = lines
        self.can_fill = can_fill

    def compose(self) -> ComposeResult:
        yield Static(id="waiting", markup=False)
        yield KeysFooter()
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
    """The game at the table: the board from this seat (from none for a spectator), the status.

    Until the table's first Show, "Waiting for the table…" stands in for the board, which would show an empty hand.
    A spectator's board takes only the keys that look (`Board.WATCHING`); any other key says what a spectator can
    do. Once the game is over, Enter brings its result back.
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        # Priority, so it comes before the board's Enter; only once the game is over (check_action).
        Binding("enter", "result", "result", priority=True, tooltip="once the game is over: its result again"),
        # Only once a departed player's seat has waited long enough (check_action). Not a letter: the boards pick
        # with letters; priority, so the focused board does not take it first. Out of the footer, which the table's
        # keys, ? help and q leave fill at 80 columns (it cut those two off), as the game screen keeps H and Backspace
        # out of it: the line above the status names it whenever it works (TAKE_OVER_KEY, `absent`).
        Binding(
            "ctrl+t",
            "take_over",
            "AI takes seat",
            key_display="^t",
            priority=True,
            show=False,
            tooltip="let the AI (normal) play the seat of a player gone a minute",
        ),
    ]

    def __init__(self, game_id: str, watching: bool) -> None:
        super().__init__()
        self.game = games.get(game_id)
        self.watching = watching
        self.over = False
        # Whose players left ("" for nobody's), and whether this person may let the AI take their seats.
        self.left = wire.Absent("", False)
        # Whom the table waits for to go on from a position kept on show, as its status says ("" when nobody).
        self.held = ""

    def compose(self) -> ComposeResult:
        board = board_class(self.game.id)(id="board")
        board.display = False
        board.watching = self.watching
        yield board
        yield Static(WAITING, id="table-waiting", markup=False)
        yield Static(id="absent", markup=False)
        yield Static(id="status", markup=False)
        yield KeysFooter()
        yield TooSmall()

    def on_screen_resume(self) -> None:
        # The board holds the keys, so it has the focus whenever the table is visible.
        board = self.query_one(Board)
        if board.display:
            board.focus()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        # Enter shows the result again once the game is over; before, it belongs to the board.
        if action == "result":
            return self.over
        if action == "take_over":
            return self.left.can_take_over and not self.over
        return True

    def absent(self, left: wire.Absent) -> None:
        """Who left the table (a line above the status), and the key that lets the AI take their seats."""
        self.left = left
        line = self.query_one("#absent", Static)
        line.update(f"{left.text} {TAKE_OVER_KEY}." if left.can_take_over else left.text)
        line.set_class(bool(left.text), "-shown")
        self.refresh_bindings()

    def action_take_over(self) -> None:
        if not self.left.can_take_over:
            return
        # The question is markup (QuestionScreen's); the names in it are people's, drawn as they are.
        question = f"{escape(self.left.text)}\nLet the AI (normal) play their seat from now on? The game goes on."

        def answered(yes: bool | None) -> None:
            if yes:
                assert isinstance(self.app, TableApp)
                self.app.send(wire.TakeOver())

        # A question, not a leave-the-table confirmation: q asks to leave over it instead of answering yes.
        self.app.push_screen(QuestionScreen(question), answered)

    def action_result(self) -> None:
        assert isinstance(self.app, TableApp)
        self.app.show_end()

    def on_key(self, event: Key) -> None:
        # A spectator's key that nothing takes (the board refuses those that decide): say what a spectator can do.
        if self.watching and event.key not in self.active_bindings:
            self.query_one("#status", Static).update(WATCHING_KEYS)

    def ended(self, status: str) -> None:
        """The game is over: `status` says so, and Enter brings the result back."""
        self.over = True
        self.query_one("#status", Static).update(status)
        self.refresh_bindings()

    def update(self, show: wire.Show) -> None:
        self.query_one("#status", Static).update(show.status)
        self.held = show.status if show.held else ""
        board = self.query_one(Board)
        if not board.display:
            self.query_one("#table-waiting").remove()
            board.display = True
            self.on_screen_resume()
        view = msgspec.msgpack.decode(show.view, type=self.game.state_type)
        # A held turn is nobody's yet: the table waits for people to go on from a position kept on show.
        deciding_here = show.viewer is not None and show.deciding == show.viewer and not show.held
        legal = self.game.legal_actions(view) if deciding_here else ()
        # Before the position after them, as the game screen does: a new one stays on show until the person goes on
        # (a whole story, as on joining, is only noted).
        for interlude in show.interludes:
            board.interlude(msgspec.msgpack.decode(interlude, type=self.game.state_type), not show.whole)
        # The computer deciding stopped for good: the board says so where it said it was deciding, and a key that
        # would decide is refused in the same words, as in the app.
        board.stopped = stopped_line(show.labels[show.deciding]) if show.stopped and show.deciding is not None else None
        board.show(view, show.viewer, legal, show.labels)
        board.tell(show.opening)
        for turn, sentence, events in show.log:
            board.log_decision(turn, sentence)
            board.tell(events)
        if show.whole:
            board.query_one(GameLog).caught_up()
        self._tell_who_decides(show, deciding_here)

    def caught_up(self) -> None:
        """The game is over (its End came): nothing more unfolds, so the log ends in sight, where the game stands, not
        at the last turn's first line (a turn taller than the log, at 80x24, hid how the game was won)."""
        self.query_one(Board).query_one(GameLog).caught_up()

    def noted(self, text: str) -> None:
        """What the table told everyone (`wire.Notice`), in the log to stay: a notice goes after a while."""
        self.query_one(Board).query_one(GameLog).note(text)

    def _tell_who_decides(self, show: wire.Show, deciding_here: bool) -> None:
        """The status box names the seat deciding: this one's ("your decision") or another's; never the seat that
        decided before, nor the single-player app's "AI" title. While the table waits for people to go on from a
        position kept on show, nobody decides: it names them, as the status line does."""
        for status in self.query(AiStatus):
            if show.deciding is None:
                status.idle("The game is over", "")
            elif show.held and show.awaited:
                # The people in its lines, not its title: the title is one seat's label on one row.
                awaited = spoken(show.labels[seat] for seat in show.awaited)
                status.idle(NOBODY_DECIDES, f"waiting for {awaited} to go on")
            elif show.stopped:
                status.idle(show.labels[show.deciding], STOPPED)
            else:
                status.idle(show.labels[show.deciding], "your decision" if deciding_here else "to decide")

    def on_board_decided(self, event: Board.Decided) -> None:
        assert isinstance(self.app, TableApp)
        self.app.send(wire.Decide(msgspec.msgpack.encode(event.action)))
        self.query_one("#status", Static).update("Sent…")

    def on_board_notice(self, event: Board.Notice) -> None:
        # While the table waits for others to go on, nobody decides: a key that would decide, or going on oneself,
        # says whom it waits for, not that the next seat decides. (A board still on its pause says how to go on.)
        held = self.held and self.query_one(Board).mode is not Mode.PAUSE
        self.query_one("#status", Static).update(self.held if held else event.text)

    def on_board_continued(self, event: Board.Continued) -> None:
        # The table holds the turns until each seated person has gone on (`wire.Show.held`); a spectator holds none.
        if not self.watching:
            assert isinstance(self.app, TableApp)
            self.app.send(wire.GoneOn())


class TableEndScreen(EndScreen):
    """The end of the table's game: the result, how it ended as this seat's log told it, who asked for a rematch and
    who is awaited. Dismissed with "leave" (a player's copy of the game is in their saves, for Replays), or None
    (Esc) to look at the table; asking for a rematch keeps the box up until the new game replaces it."""

    CHOICES = (
        ("rematch", "Rematch (same seats, a new deal)"),
        ("leave", "Leave (the game is in your saves, under Replays)"),
    )

    def __init__(
        self,
        headline: str,
        summary: list[str],
        seated: bool,
        vote: wire.RematchVote | None,
        ending: Sequence[Told] = (),
    ) -> None:
        """`ending`: how the game ended as this seat's log told it (`wire.End.ending`), under the result."""
        super().__init__(headline, summary, ending=ending)
        self.seated = seated
        self.vote = vote
        self.asked = False

    def on_mount(self) -> None:
        menu = self.query_one("#end-menu", OptionList)
        if not self.seated:
            menu.remove_option("rematch")
            menu.replace_option_prompt("leave", "Leave the table")
        self.query_one("#end-choices").mount(Static(id="rematch-vote", markup=False), before="#end-hint")
        self.show_vote(self.vote)

    def show_vote(self, vote: wire.RematchVote | None) -> None:
        self.vote = vote
        if vote is None:
            return
        # Before the box is mounted, its own on_mount shows the vote.
        for line in self.query("#rematch-vote").results(Static):
            line.update(vote_line(vote))
            if self.seated and not vote.can_agree:
                self._asked()
            # A longer line takes more rows of the box: how the game ended gives them back (a vote naming three
            # seats, or one who left, pushed the hint out of the box).
            self.call_after_refresh(self.fit_ending)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if event.option.id == "rematch":
            # Not dismissed: the box shows who is still awaited until the new game begins.
            event.prevent_default()
            if not self.asked:
                self._asked()
                assert isinstance(self.app, TableApp)
                self.app.send(wire.Rematch())

    def _asked(self) -> None:
        # The choice stays, and stays highlighted, rather than being disabled: a disabled choice would pass the
        # highlight to Leave, where a second Enter would leave the table.
        self.asked = True
        self.query_one("#end-menu", OptionList).replace_option_prompt("rematch", ASKED)


def vote_line(vote: wire.RematchVote) -> str:
    """'Rematch asked by Yellow: AI normal. Waiting for Blue: alice.'"""
    asked = f"Rematch asked by {', '.join(vote.agreed)}." if vote.agreed else "Nobody has asked for a rematch yet."
    return f"{asked} Waiting for {', '.join(vote.awaited)}." if vote.awaited else asked


class TableApp(App[None]):
    CSS_PATH: ClassVar[CSSPathType | None] = [
        Path(tui_app.__file__).parent / "exotui.tcss",
        *STYLESHEETS,
        Path(__file__).with_name("table_app.tcss"),
    ]
    TITLE = "exotui table"
    HORIZONTAL_BREAKPOINTS = tui_app.ExoTuiApp.HORIZONTAL_BREAKPOINTS
    VERTICAL_BREAKPOINTS = tui_app.ExoTuiApp.VERTICAL_BREAKPOINTS
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("question_mark", "help", "help", key_display="?", tooltip="this help (Esc closes it)"),
        Binding("q", "request_quit", "leave", tooltip="leave the table (asks first); a player's seat waits for them"),
        # Textual's Ctrl+Q quits at once; here it asks, as q does.
        Binding("ctrl+q", "request_quit", show=False, priority=True),
    ]

    def __init__(self, socket: Path, join: wire.Join, table: str) -> None:
        super().__init__()
        self.socket = socket
        self.join = join
        self.table = table
        self.writer: asyncio.StreamWriter | None = None
        self.game_id: str | None = None
        self.viewer: int | None = None
        # Once the game is over: its end, and who asked for a rematch.
        self.end: wire.End | None = None
        self.vote: wire.RematchVote | None = None
        # Whose players left the game, and a guest's way back to their seat.
        self.left = wire.Absent("", False)
        self.seat_token: wire.SeatToken | None = None
        self._restore_signals: Callable[[], None] | None = None

    def get_default_screen(self) -> Screen[None]:
        return WaitingScreen([f"Joining table {self.table}…"])

    def on_mount(self) -> None:
        # A dropped SSH connection (SIGHUP) ends the app; the table keeps the seat for this identity.
        if threading.current_thread() is threading.main_thread():
            loop = asyncio.get_running_loop()
            self._restore_signals = exit_cleanly_on_signals(
                lambda signum: loop.call_soon_threadsafe(lambda: self.exit(return_code=128 + signum))
            )
        self.run_worker(self.listen(), exclusive=True, group="table")
        if self.join.guest:
            self.notify(GUEST_NOTICE, timeout=15)

    def on_unmount(self) -> None:
        if self._restore_signals is not None:
            self._restore_signals()

    async def listen(self) -> None:
        reader = await self.connect()
        if reader is None:
            self.exit(return_code=1, message=f"Table {self.table} did not open; try again.")
            return
        try:
            while True:
                self.received(await wire.receive(reader, wire.PERSON_DECODER))
        except (asyncio.IncompleteReadError, ConnectionError, ValueError):
            if self.end is None:
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
                "the table deals, in secret.",
                timeout=10,
                markup=False,
            )
            self.push_screen(TableNewGameScreen(), self.chosen)
        elif isinstance(message, wire.Lobby):
            # The lobby is the default screen, under every other.
            lobby = self.screen_stack[0]
            assert isinstance(lobby, WaitingScreen)
            lobby.show(message.lines, message.can_fill)
        elif isinstance(message, wire.Show):
            self.shown(message)
        elif isinstance(message, wire.End):
            self.finished(message)
        elif isinstance(message, wire.RematchVote):
            self.voted(message)
        elif isinstance(message, wire.Refused):
            # What the table says is text, never markup: a name or an error's message in it may hold brackets.
            self.notify(message.text, severity="warning", markup=False)
        elif isinstance(message, wire.Notice):
            # Told once, as it happens, to everyone: on show long enough to be read by someone looking elsewhere, and
            # in the log for good, where the decision it tells of follows it.
            self.notify(message.text, severity="warning", timeout=NOTICE_SECONDS, markup=False)
            screen = self.table_screen
            if screen is not None:
                # After the Shows before it, in order.
                screen.call_later(screen.noted, message.text)
        elif isinstance(message, wire.Absent):
            self.left = message
            screen = self.table_screen
            if screen is not None:
                # After the Shows before it, in order.
                screen.call_later(screen.absent, message)
        elif isinstance(message, wire.SeatToken):
            self.seat_token = message
            self.notify(
                f"Your seat waits for you if you drop out: come back with {message.command}", timeout=30, markup=False
            )

    def chosen(self, session: GameSession | None) -> None:
        if session is None:
            self.exit(message=f"You left table {self.table}.")
            return
        seats = [seat.spec for seat in session.seats]
        self.send(wire.Setup(session.game.id, seats, session.variant))

    @property
    def table_screen(self) -> TableScreen | None:
        screens = [screen for screen in self.screen_stack if isinstance(screen, TableScreen)]
        return screens[-1] if screens else None

    def shown(self, show: wire.Show) -> None:
        self.game_id, self.viewer = show.game, show.viewer
        screen = self.table_screen
        if show.whole:
            # A game told from its start (you joined, or a rematch began): a fresh table, in place of the last one
            # and of what lies over it (its end box).
            self.end = self.vote = None
            while screen is not None and screen in self.screen_stack:
                self.pop_screen()
            screen = TableScreen(show.game, watching=show.viewer is None)
            self.push_screen(screen)
        assert screen is not None
        # In the order they came, and after the screen's mount (its board must be there).
        screen.call_later(screen.update, show)
        if show.whole:
            screen.call_later(screen.absent, self.left)

    def finished(self, end: wire.End) -> None:
        self.end = end
        screen = self.table_screen
        assert screen is not None
        # After the Shows before it, in order.
        screen.call_later(screen.caught_up)
        # Once the last decision is painted under it (as GameScreen.finish): the box is drawn over the table's last
        # paint, and a callback merely queued could come before the table's repaint.
        screen.call_after_refresh(self.show_end)

    def show_end(self) -> None:
        """The end box over the final table (again, after Esc)."""
        end = self.end
        if end is None or isinstance(self.screen, TableEndScreen):
            return
        game = games.get(end.game)
        state = msgspec.msgpack.decode(end.state, type=game.state_type)
        summary = protocol.ending(game, state, end.labels)
        # How it ended, as the table told this seat's log: the box covers the foot of the table, where the log ends.
        ending = [Told(*told) for told in end.ending]
        box = TableEndScreen(end.headline, summary, self.viewer is not None, self.vote, ending)
        self.push_screen(box, self._left_end)
        self._tell_over()

    def _left_end(self, choice: str | None) -> None:
        if choice == "leave":
            self.exit()

    def voted(self, vote: wire.RematchVote) -> None:
        self.vote = vote
        for screen in self.screen_stack:
            if isinstance(screen, TableEndScreen):
                screen.show_vote(vote)
        self._tell_over()

    def _tell_over(self) -> None:
        screen = self.table_screen
        if screen is not None:
            vote = f" {vote_line(self.vote)}" if self.vote is not None else ""
            screen.call_later(screen.ended, f"The game is over. Enter: the result.{vote}")

    # ---------------------------------------------------------------------------------------------------------
    # The app's own keys

    def get_system_commands(self, screen: Screen[Any]) -> Iterable[SystemCommand]:
        """The table's own commands, then Textual's that neither repeat nor contradict them (its Quit does not ask,
        and its Keys panel stays open on Esc). None of the app's: no new game, load or hint works at a table."""
        yield SystemCommand("Help", "The game's keys and rules, then the keys at this table (?)", self.action_help)
        table = self.table_screen
        if table is not None and table.check_action("take_over", ()):
            take_over = "Let the AI (normal) play the seat of a player who left (Ctrl+T)"
            yield SystemCommand("AI takes their seat", take_over, table.action_take_over)
        yield SystemCommand("Leave", "Leave the table (asks first; q or Ctrl+Q)", self.action_request_quit)
        kept = ("Theme", "Screenshot")
        yield from (command for command in super().get_system_commands(screen) if command.title in kept)

    def action_help_quit(self) -> None:
        # Ctrl+C: Textual's own message names a key that quits at once; here leaving asks first.
        self.notify("Press q or Ctrl+Q to leave the table (it asks first).", title="Do you want to leave?")

    def action_help(self) -> None:
        if not isinstance(self.screen, HelpScreen):
            self.push_screen(HelpScreen(game_help(self.game_id or tui_app.HELP_GAME, self.keys_help())))

    def keys_help(self) -> str:
        """The help's section of the keys that work at this table, from their bindings: the app's, the palette's
        (naming its commands), the log's, the table screen's and the lobby's. A spectator's leaves out those only a
        seated person has, and says which of the game's keys (listed above it) still work: those that look."""
        commands = ", ".join(command.title for command in self.get_system_commands(self.screen))
        palette = Binding(self.COMMAND_PALETTE_BINDING, "command_palette", tooltip=f"commands: {commands}")
        bindings = [*self.BINDINGS, palette, *Board.BINDINGS, *TableScreen.BINDINGS, *WaitingScreen.BINDINGS]
        if self.game_id is None or self.viewer is not None:
            return keys_help(TABLE_KEYS, bindings)
        shown = [binding for binding in Binding.make_bindings(bindings) if binding.action not in SEATED_ONLY]
        board = board_class(self.game_id)
        # Its bindings merged as Textual merges them (its base's, the log's keys, then its own).
        merged = (binding for _, binding in board._merge_bindings())
        looking = [binding for binding in merged if binding.action.partition("(")[0] in board.WATCHING]
        keys = ", ".join(" ".join(keys) for keys, _ in bound_keys(looking).values())
        watching = f"  You are watching: the players decide. Of the game's keys above, only these work:\n  {keys}."
        return f"{keys_help(TABLE_KEYS, shown)}\n{watching}"

    def action_request_quit(self) -> None:
        if not isinstance(self.screen, ConfirmScreen):
            seat = " Your seat stays yours." if self.viewer is not None else ""
            if self.viewer is not None and self.seat_token is not None:
                seat += f" Come back with: {self.seat_token.command}"
            self.push_screen(ConfirmScreen(escape(f"Leave the table?{seat}")), self._leave_if)

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
    parser.add_argument("--token", default="", help="a guest's token, to sit again at the seat it was given")
    parser.add_argument("--guest", action="store_true", help="a keyless player, whose saves last the session only")
    args = parser.parse_args(argv)
    join = wire.Join(args.identity, args.name, args.saves_dir, args.token, args.guest)
    app = TableApp(args.socket, join, args.table)
    app.run()
    return app.return_code or 0


if __name__ == "__main__":
    sys.exit(main())
