"""The game screen: thin. It shows the board a seat's view, gets decisions from a person (the board) or a
computer player (a thread worker), and sends them to `GameSession.apply`. Every rule is the game's."""

from __future__ import annotations

import os
import threading
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar, Final, cast

import platformdirs
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.message import Message
from textual.widgets import Static
from textual.worker import Worker, WorkerState

from exotui import __version__
from exotui.engine import protocol
from exotui.engine.protocol import seat_names
from exotui.engine.result import result_headline, result_of
from exotui.engine.text import os_reason, printable_path
from exotui.play.driver import REASON_LENGTH, Driver, Fallback, Turn, reason, report, sentence
from exotui.play.seats import seat_label
from exotui.play.session import GameSession, Told, how_it_ended
from exotui.play.thinking import Thought
from exotui.tui.labels import cells, fit_label
from exotui.tui.screens.aids import AidedScreen
from exotui.tui.screens.end import EndScreen
from exotui.tui.screens.pass_keyboard import PassKeyboardScreen
from exotui.tui.tables import Board, board_class, stopped_line
from exotui.tui.widgets.ai_status import STOPPED, AiStatus
from exotui.tui.widgets.footer import KeysFooter
from exotui.tui.widgets.game_log import GameLog
from exotui.tui.widgets.too_small import TooSmall

if TYPE_CHECKING:
    from exotui.tui.app import ExoTuiApp

# Seconds the notice of a computer's failed search stays on show: long enough to be read by someone looking away, as
# at an SSH table.
NOTICE_SECONDS: Final = 30.0


def errors_file(session: GameSession, started: datetime) -> Path:
    """Where the app writes what went wrong in `session`, for whoever looks after the program: a file in the user's
    log directory (platformdirs), one per game, named as its save (else by the game and when its screen opened)."""
    name = session.record.path.stem if session.record is not None else f"{session.game.id}-{started:%Y%m%d-%H%M%S}"
    return platformdirs.user_log_path("exotui") / f"{name}.log"


def write_errors(path: Path, session: GameSession, report: str) -> None:
    """Add `report` (what failed and its tracebacks: `driver.report`) to `path`, under a line saying when, and which
    game (enough to replay it)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    seats = ", ".join(seat.spec for seat in session.seats)
    variant = f" variant {session.variant}," if session.variant else ""
    save = session.record.path if session.record is not None else "none"
    heading = f"{datetime.now().astimezone():%Y-%m-%d %H:%M:%S %z} exotui {__version__}: {session.game.id} seed "
    heading += f"{session.seed},{variant} seats {seats}; save {save}\n"
    # Only its owner may read it, as a save: a traceback names files, and the game it came from.
    descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)
    with os.fdopen(descriptor, "a", encoding="utf-8") as file:
        file.write(heading + report + "\n")


def headline(session: GameSession) -> str:
    """'You win!', 'Yellow (AI normal) wins.', who shares a draw, or 'You lose: the automaton wins.' (the one reading
    of an outcome, `engine.result`); said to the one person at the table, if there is one."""
    labels = [seat_label(session, seat, "{name} ({who})") for seat in range(len(session.seats))]
    result = result_of(session.game, session.game.outcome(session.state))
    return result_headline(result, labels, session.told_to)


def failed_line(name: str, error: BaseException, width: int) -> str:
    """'Blue: AI greedy failed to decide (ValueError: no legal…). Press q to quit.' in `width` cells: the status line
    of a computer whose worker failed, one row. Who failed and the key to press stay whole; the reason (`reason`) is
    cut to the room left, never longer than the notice has it, and left out where not even its kind fits; the name is
    shortened only where even that is too long (`fit_label`). The notice, the log and the errors file tell the rest.
    Cut by the row's edge at 80 columns, it lost "Press q to quit."."""
    stop = ". Press q to quit."
    head = f"{fit_label(name, width - cells(f' failed to decide{stop}'))} failed to decide"
    room = width - cells(f"{head} (){stop}")
    said = f" ({reason(error, min(room, REASON_LENGTH))})" if room > len(type(error).__name__) else ""
    return f"{head}{said}{stop}"


class GameScreen(AidedScreen):
    # Priority, so it comes before the board's Enter; only once the game is over (check_action).
    BINDINGS: ClassVar[list[BindingType]] = [Binding("enter", "result", "result", priority=True)]

    class AiProgress(Message):
        def __init__(self, thought: Thought, cancel: threading.Event) -> None:
            super().__init__()
            self.thought = thought
            self.cancel = cancel

    class AiDecided(Message):
        def __init__(self, action: Any, cancel: threading.Event) -> None:
            super().__init__()
            self.action = action
            self.cancel = cancel

    class AiFailed(Message):
        """The computer's search failed: `fallback` says what its seat plays instead; `notice`, what went wrong in one
        line, as an SSH table tells it (None: told already, the seat's search failed at its last decision); `where`,
        where its details were written."""

        def __init__(self, fallback: Fallback, notice: str | None, where: str, cancel: threading.Event) -> None:
            super().__init__()
            self.fallback = fallback
            self.notice = notice
            self.where = where
            self.cancel = cancel

    def __init__(self, session: GameSession, ai_pause: float) -> None:
        super().__init__()
        self.session = session
        self.ai_pause = ai_pause
        self.labels = tuple(seat_label(session, seat) for seat in range(len(session.seats)))
        # The turns: who decides next, and the computer's players (one per seat, the app's seeding), which the aids
        # read too (AidedScreen.players).
        self.driver = Driver(session)
        self.players = self.driver.players
        humans = session.humans
        # The seat whose view the table shows; in hot-seat it follows the person at the keyboard.
        self.viewer = humans[0] if humans else 0
        self.at_keyboard: int | None = None if len(humans) > 1 else self.viewer
        # Set to stop the search running now; a fresh event for each search.
        self.cancel = threading.Event()
        self.ended = False
        # What the last decision caused, in one line: it leads the status line, highlighted, until the next one.
        self.news = ""
        # Every decision as the log told it, with what it caused (`retell`, `play`).
        self.story: list[Told] = []
        # `advance` stopped at a turn held while the person looks at a position kept on show (`Turn.held`): going on
        # (`Board.Continued`) asks again. (Going on before the computer's pause ends leaves that to its timer.)
        self.held = False
        # When this game's screen opened: names its errors' file when it has no save to be named after.
        self.opened = datetime.now()

    @property
    def board(self) -> Board:
        return self.query_one(Board)

    def compose(self) -> ComposeResult:
        yield board_class(self.session.game.id)(id="board")
        yield Static(id="status")
        yield KeysFooter()
        yield TooSmall()

    def on_mount(self) -> None:
        self.board.focus()
        self.retell()
        self.advance()

    def on_unmount(self) -> None:
        self.cancel.set()
        # Left (a new game from the palette, the title after the end): the game's lock goes now, not when the
        # record is collected, so Load can open the game again at once.
        if self.session.record is not None:
            self.session.record.close()

    def on_screen_resume(self) -> None:
        if self.session.deciding is None and not self.ended:
            self.finish()
        elif self.ended:
            self.status("The game is over: the final table. Enter: the result (rematch, replay, title).")

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        # Enter shows the result again once the game is over; before, it belongs to the board.
        return self.ended if action == "result" else True

    def action_result(self) -> None:
        self.finish()

    def status(self, text: str, news: str = "") -> None:
        """Show `text` in the status line, led by `news` (what the last decision caused), which highlights it."""
        line = self.query_one("#status", Static)
        line.set_class(bool(news), "-news")
        line.update(f"{news} {text}" if news else text)

    # ---------------------------------------------------------------------------------------------------------
    # The flow of decisions

    def advance(self) -> None:
        """Ask whoever decides next, or end the game."""
        self.held = False
        # A computer that stopped (`computer_stopped`) is asked again, as after a takeback: the table no longer says so.
        self.board.stopped = None
        turn = self.driver.next()
        seat = turn.seat
        # Drawn before the end too: the table under the result is the final position, with no question open, whoever
        # made the last decision.
        self.redraw()
        if seat is None:
            self.status("The game is over.", self.news)
            self.finish()
            return
        if turn.held:
            # Raging Rodents' scored invasion stays on the table until the person goes on: nobody decides before
            # (`on_board_continued`), so the log never tells a decision made behind the pause.
            self.held = True
            return
        if turn.computer:
            self.think(turn)
        elif seat != self.at_keyboard:
            view = self.session.view_for(seat)
            alone = self.board.decides_alone(view, self.session.game.legal_actions(view))
            if alone is not None:
                # Hot-seat: a decision the person's own setting makes (a reveal window passed) needs no hand-over.
                self.play(alone)
                self.advance()
                return
            names = seat_names(self.session.game, len(self.session.seats))
            self.app.push_screen(PassKeyboardScreen(names[seat]), lambda _: self.hand_over(seat))

    def hand_over(self, seat: int) -> None:
        self.at_keyboard = self.viewer = seat
        self.redraw()

    def redraw(self) -> None:
        session = self.session
        seat = session.deciding
        deciding_here = seat is not None and seat == self.at_keyboard and seat not in self.players
        view = session.view_for(self.viewer)
        legal = session.game.legal_actions(view) if deciding_here else ()
        self.board.show(view, self.viewer, legal, self.labels)
        if seat is None:
            # The final table: its keys that decide do nothing any more (`Board.over`). Its footer drops them now, not
            # when a screen next comes over it: the computer's last decision stays on show a moment before the result.
            self.refresh_bindings()
        if deciding_here:
            name = seat_names(session.game, len(session.seats))[self.viewer]
            self.status(f"{name}, your decision.", self.news)
        rival = protocol.rival(session.game, len(session.seats))
        if not self.players and rival is not None:
            # A solo game: the side without a seat plays by the rulebook's steps, each told in the log.
            self.query_one(AiStatus).idle(rival[0].upper() + rival[1:], "plays by the rules' steps: see the log")
        elif not self.players:
            self.query_one(AiStatus).idle("No AI", "People only: pass the keyboard between decisions.")
        elif seat is None:
            self.query_one(AiStatus).idle(self.labels[next(iter(self.players))], "the game is over")
        elif seat not in self.players:
            ai = next(iter(self.players))
            self.query_one(AiStatus).idle(self.labels[ai], "waiting for your move")

    def play(self, action: Any) -> Told:
        """Apply a decision (the one place this screen changes the game) and log it with what it caused, which then
        leads the status line, whoever decided."""
        self.drop_hint()
        before = self.session.state
        told = self.session.apply(action)
        self.story.append(told)
        self.board.log_decision(told.turn, told.sentence)
        self.board.tell(told.events)
        position = protocol.interlude(self.session.game, before, action, self.session.state)
        if position is not None:
            self.interlude(position, pause=True)
            # One screen: the person at the keyboard goes on for everyone (hot-seat too); computers alone play on.
            self.driver.interlude_shown([self.viewer] if self.session.humans else [])
        self.news = " ".join(told.events)
        return told

    def retell(self) -> None:
        """Log what the setup did and every decision so far with what it caused (a resumed game's log tells how it
        got there)."""
        self.board.tell(self.session.opening())
        self.story = self.session.story(self.session.told_to)
        for told in self.story:
            self.board.log_decision(told.turn, told.sentence)
            self.board.tell(told.events)
        # What the table notes of the positions between decisions so far (Raging Rodents: each invasion scored).
        for position in self.session.interludes().values():
            self.interlude(position, pause=False)
        # Told at once, no turn unfolds before the reader's eyes: the log ends where the game stands (a continued game's
        # latest turn, taller than the log at 80x24, hid its last events under its first line).
        self.board.query_one(GameLog).caught_up()

    def interlude(self, position: Any, pause: bool) -> None:
        """Give the board, in the viewer's view, a position reached between decisions (the game's `interlude`, as
        Raging Rodents' scored invasion), to keep on show until the person continues if `pause`."""
        self.board.interlude(self.session.game.view(position, self.viewer), pause)

    def on_board_decided(self, event: Board.Decided) -> None:
        self.play(event.action)
        self.advance()

    def on_board_notice(self, event: Board.Notice) -> None:
        self.status(event.text)

    def on_board_continued(self, event: Board.Continued) -> None:
        if self.driver.went_on(self.viewer) and self.held:
            self.advance()

    def finish(self) -> None:
        """Show the end screen, once this screen is on top (not under help or a dialog)."""
        if self.app.screen is not self:
            return
        if not self.ended:
            # Nothing more unfolds: the log ends in sight, where the game stands. It kept the last turn's first line
            # in sight, and a turn taller than the log (at 80x24) hid how the game was won below it.
            self.board.query_one(GameLog).caught_up()
        self.ended = True
        session = self.session
        names = [seat_label(session, seat, "{name} ({who})") for seat in range(len(session.seats))]
        summary = self.board.result_summary(protocol.ending(session.game, session.state, names))
        details = self.board.result_details()
        # How it ended, as the log told it: the box covers the foot of the table, where the log ends.
        ending = how_it_ended(self.story)
        can_replay = session.record is not None
        end = EndScreen(headline(session), summary, can_replay=can_replay, details=details, ending=ending)
        # Once the last decision is painted: the end box is drawn over what this screen painted last.
        self.call_after_refresh(self.app.push_screen, end, cast("ExoTuiApp", self.app).after_game(session))

    # ---------------------------------------------------------------------------------------------------------
    # The computer's turns

    def think(self, turn: Turn) -> None:
        assert turn.seat is not None
        self.cancel = threading.Event()
        self.status(f"{self.labels[turn.seat]} is thinking…", self.news)
        self.query_one(AiStatus).idle(self.labels[turn.seat], "thinking…")
        self.search(turn, self.session.view_for(turn.seat), self.cancel)

    @work(thread=True, exclusive=True, group="ai", exit_on_error=False)
    def search(self, turn: Turn, view: Any, cancel: threading.Event) -> None:
        """Runs in a worker thread: the AI sees only its own view (taken before); results come back as messages. A
        search that fails is not the end of the game: its seat plays a legal move at random from the same view (the
        driver's fallback, as at an SSH table), and the error goes to a file for whoever looks after the program."""
        try:
            action = self.driver.decide(
                turn, cancel, lambda thought: self.post_message(self.AiProgress(thought, cancel)), view
            )
        except Exception as failure:
            if cancel.is_set():
                return
            assert turn.seat is not None
            self.post_message(self.AiFailed(*self.decide_anyway(turn.seat, view, failure), cancel))
            return
        if not cancel.is_set():
            self.post_message(self.AiDecided(action, cancel))

    def decide_anyway(self, seat: int, view: Any, failure: Exception) -> tuple[Fallback, str | None, str]:
        """The driver's fallback for `seat` after its search raised `failure`, with the line telling the person what
        happened (the driver's `Fallback.notice`; None: told already) and where the tracebacks are written. Every
        failure is written. Runs in the search's worker thread."""
        fallback = self.driver.decide_anyway(seat, view, failure)
        where = self.write_down(fallback.report())
        return fallback, fallback.notice(self.stuck), where

    @property
    def stuck(self) -> str:
        """What becomes of the game when the computer deciding stops for good, told after what went wrong."""
        if self.session.record is not None:
            return "The game stops here, saved as it stands: q quits, and Continue tries again."
        return "The game cannot go on: q quits."

    def write_down(self, report: str) -> str:
        """Add `report` (what failed, with its tracebacks) to this game's errors file, for whoever looks after the
        program; the end of the sentence telling the person where (or why it could not be written), without its full
        stop. The computer's failed search and a failed hint (`AidedScreen`) both write here, in their workers, and so
        does a worker of the computer's that failed (`on_worker_state_changed`), once it has."""
        path = errors_file(self.session, self.opened)
        try:
            write_errors(path, self.session, report)
        except OSError as exc:
            return f"Its details could not be written to {printable_path(path)}: {os_reason(exc)}"
        return f"The details are in {printable_path(path)}"

    def on_game_screen_ai_failed(self, event: AiFailed) -> None:
        if event.cancel is not self.cancel:
            return
        if event.notice is not None:
            # Told once, as it happens, with where its details are: on show long enough to be read by someone looking
            # elsewhere, and in the log for good, just before the move it tells of, in the words of an SSH table's log.
            self.notify(f"{event.notice} {event.where}.", severity="warning", timeout=NOTICE_SECONDS, markup=False)
            self.board.query_one(GameLog).note(event.notice)
        if event.fallback.action is not None:
            self.computer_played(event.fallback.action)
            return
        seat = self.session.deciding
        name = self.labels[seat] if seat is not None else "The AI"
        self.status(f"{name} could not decide, nor move at random. Press q to quit.")
        self.computer_stopped(name)

    def computer_stopped(self, name: str) -> None:
        """The computer `name` (its seat's label), deciding, stopped for good: its search failed and so did a move at
        random, or its worker. The table says so where it said the computer was deciding, as does the AI's panel."""
        self.board.stopped = stopped_line(name)
        self.redraw()
        self.query_one(AiStatus).idle(name, STOPPED)

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        """A failing AI must not take the app down: say so, and leave the game as it is (saves keep it). (A failed
        search is played on at random, `search`; this is for anything else that goes wrong in the worker.) As after a
        failed search, the status line says what went wrong in one line, the kind of error and the start of its
        message (its whole message could run over many rows, or hold a traceback), in the row's width
        (`failed_line`); the traceback goes to the game's errors file, and a notice says where, and the log keeps what
        the notice said, as it keeps the note of a failed search."""
        if event.state is WorkerState.ERROR and event.worker.group == "ai":
            error = event.worker.error
            assert error is not None, "a worker in error keeps its error"
            seat = self.session.deciding
            name = self.labels[seat] if seat is not None else "The AI"
            what = f"the computer's worker failed for {name}, action {len(self.session.actions) + 1}"
            where = self.write_down(report([(what, error)]))
            told = f"{sentence(f'{name} failed to decide: {reason(error)}')} {self.stuck}"
            self.notify(f"{told} {where}.", severity="warning", timeout=NOTICE_SECONDS, markup=False)
            self.board.query_one(GameLog).note(told)
            self.status(failed_line(name, error, self.query_one("#status", Static).content_size.width))
            self.computer_stopped(name)

    def on_game_screen_ai_progress(self, event: AiProgress) -> None:
        if event.cancel is not self.cancel:
            return
        seat = self.session.deciding
        if seat is None:
            return
        thought = event.thought
        preferred = self.board.describe_public(self.session.view_for(self.viewer), thought.best)
        self.query_one(AiStatus).thinking(
            self.labels[seat], thought.iterations, thought.elapsed, thought.budget, preferred, thought.win
        )

    def on_game_screen_ai_decided(self, event: AiDecided) -> None:
        if event.cancel is not self.cancel:
            return
        self.computer_played(event.action)

    def computer_played(self, action: Any) -> None:
        """Apply the computer's decision, show it, and go on after its pause."""
        told = self.play(action)
        self.status(told.sentence, self.news)
        # Each of the computer's decisions stays on screen for a moment, so a chain can be followed; a decision told
        # to nobody (Endless Forms' pass of a reveal window) has nothing to follow and goes on at once. Without a
        # pause, `advance` draws the table itself: drawing it here too was the same work twice.
        if self.ai_pause > 0 and told.sentence:
            self.redraw()
            self.set_timer(self.ai_pause, self.advance)
        else:
            self.advance()
