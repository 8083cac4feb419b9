"""Watching a saved game again: step through its positions, see what each seat knew, ask the AI about a position.

The position after move i is the saved game's `states[i]`, all replayed and verified when the save was loaded.
The game's own Board draws it: the full state for the omniscient view, or `game.view(state, seat)` for what that
seat knew then. The board is only shown positions (no legal actions), so the screen's keys do everything here.

A move that reached a position between decisions (the game's `interlude`: Raging Rodents' invasion as it was scored,
before the next deal; ExoFauna's holes as they were claimed, before they are replaced) shows it first, as the table
showed it in play; the next step shows the position after the move (the next deal, the new hole).
"""

from __future__ import annotations

import threading
from typing import Any, ClassVar, Final

from textual import events, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Input, Label, Static

from exotui.ai.mcts import Progress, SearchResult
from exotui.ai.players import MctsPlayer, search_config
from exotui.ai.review import Judged
from exotui.engine.protocol import interludes, seat_names
from exotui.engine.records import SavedGame
from exotui.engine.stats import aids_used
from exotui.play.seats import seat_label
from exotui.play.session import GameSession, Seat
from exotui.tui.screens.box import Box
from exotui.tui.screens.pass_keyboard import PassKeyboardScreen
from exotui.tui.screens.review import ReviewScreen, better_text, review_level
from exotui.tui.tables import Board, board_class
from exotui.tui.widgets.ai_status import AiStatus
from exotui.tui.widgets.footer import KeysFooter
from exotui.tui.widgets.move_list import MoveList
from exotui.tui.widgets.too_small import TooSmall

# The analysis searches as the normal AI does (see ai.players.LEVELS).
ANALYSIS_LEVEL: Final = "normal"
# Seconds between moves while the replay plays.
PLAY_STEP: Final = 0.8
STEP: Final = Binding.Group("step", compact=True)
JUMP: Final = Binding.Group("ends")
# What a turn's number is typed with.
DIGITS: Final = frozenset("0123456789")


class TurnNumber(Input):
    """A turn's number, in digits. An Input takes every printable key away from the bindings around it, even the
    priority ones: this one takes only its digits, so the other keys mean what they mean over every box (`Box`): `?`
    opens help, `q` asks "Quit exotui?" (it did nothing here). A key that is neither, or text pasted with more than
    digits, is refused and says so (`Refused`)."""

    class Refused(Message):
        """A key or a paste that is not digits, and means nothing over the box."""

    def __init__(self, *, id: str) -> None:
        super().__init__(restrict="[0-9]*", compact=True, id=id)

    def check_consume_key(self, key: str, character: str | None) -> bool:
        return character is not None and character in DIGITS

    async def _on_key(self, event: events.Key) -> None:
        # Before Input's own handler, which would take the key and stop it.
        if event.is_printable and event.character not in DIGITS:
            event.prevent_default()
            if event.key not in self.screen.active_bindings:
                self.restricted()

    def restricted(self) -> None:
        self.post_message(self.Refused())


class TurnScreen(Box[int]):
    """Asks for a turn number; dismissed with it, or with nothing on Esc."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "dismiss", "cancel")]

    def __init__(self, last_turn: int) -> None:
        super().__init__()
        self.last_turn = last_turn

    def compose_box(self) -> ComposeResult:
        with Vertical(id="turn-dialog"):
            yield Label(f"Go to turn (1-{self.last_turn}), then Enter:")
            yield TurnNumber(id="turn")
            yield Label(id="turn-error", markup=False)

    def on_turn_number_refused(self) -> None:
        self.query_one("#turn-error", Label).update(f"Digits only: a turn from 1 to {self.last_turn}.")

    def on_input_changed(self) -> None:
        # What was said of the last key or Enter is said of a number no longer there.
        self.query_one("#turn-error", Label).update("")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        text = event.value
        if text and 1 <= int(text) <= self.last_turn:
            self.dismiss(int(text))
            return
        self.query_one("#turn-error", Label).update(f"A turn from 1 to {self.last_turn}, please.")


class ReplayScreen(Screen[None]):
    # Priority: the board must not take these keys for its own (it is shown positions, never asked to decide).
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left", "step(-1)", "step", group=STEP, priority=True),
        Binding("right", "step(1)", "step", group=STEP, priority=True),
        Binding("home", "jump(False)", "ends", group=JUMP, priority=True, key_display="Home"),
        Binding("end", "jump(True)", "ends", group=JUMP, priority=True, key_display="End"),
        Binding("t", "turn", "turn", priority=True),
        Binding("space", "play", "play", priority=True),
        Binding("v", "view", "view", priority=True),
        Binding("a", "analyse", "ask AI", priority=True),
        Binding("R", "review", "review", priority=True),
        Binding("escape", "back", "back", priority=True),
        # The app's help and quit keys work here too, left out of the footer to make room.
        Binding("question_mark", "app.help", show=False),
        Binding("q", "app.request_quit", show=False),
    ]
    # Nothing to focus: the keys above work the replay.
    AUTO_FOCUS = ""

    class Analysed(Message):
        """A report of the analysis search: `progress` while it runs, then `result`."""

        def __init__(
            self, cancel: threading.Event, progress: Progress | None = None, result: SearchResult | None = None
        ) -> None:
            super().__init__()
            self.cancel = cancel
            self.progress = progress
            self.result = result

    def __init__(self, saved: SavedGame, analysis_level: str = ANALYSIS_LEVEL, play_step: float = PLAY_STEP) -> None:
        super().__init__()
        self.saved = saved
        self.game = saved.game
        self.analysis_level = analysis_level
        self.play_step = play_step
        header = saved.header
        # A session of the finished game, so the seats are labelled as they were during play.
        session = GameSession(
            self.game, header.seed, header.variant, tuple(Seat(seat.spec) for seat in header.seats), state=saved.final
        )
        # A save's player kinds are the file's to choose: every board draws its labels as they are, never as markup.
        self.labels = tuple(seat_label(session, seat, "{name} ({who})") for seat in range(len(header.seats)))
        # The game's names for the seats (Blue, Yellow...), as the board and the move list call them.
        self.names = seat_names(self.game, len(header.seats))
        self.moves = saved.moves(saved.told_to)
        # The position shown: after this many moves.
        self.position = 0
        # By position, what the move reaching it reached first, between decisions (the game's `interlude`).
        self.interludes: dict[int, Any] = {
            index + 1: position for index, position in interludes(self.game, saved.states[0], saved.actions).items()
        }
        # Showing the interlude of the move that reached `position` rather than the position itself.
        self.in_interlude = False
        # The views `v` goes round: everything (None), then each seat's; only the people's own views while the game
        # is still in play (`SavedGame.sealed`), each behind a pass screen when several shared the keyboard.
        self.views: tuple[int | None, ...] = saved.sealed or (None, *range(len(header.seats)))
        # The seat whose view is shown, or None for everything (the omniscient view).
        self.seat = self.views[0]
        self.playing = False
        self.cancel = threading.Event()
        self.analysing = False

    @property
    def board(self) -> Board:
        return self.query_one(Board)

    @property
    def state(self) -> Any:
        """The position shown (the full state): the move's interlude, or the position after it."""
        return self.interludes[self.position] if self.in_interlude else self.saved.states[self.position]

    def compose(self) -> ComposeResult:
        board = board_class(self.game.id)(id="board")
        board.can_focus = False
        yield board
        yield MoveList(self.moves, id="moves")
        yield Static(id="replay-status", markup=False)
        yield KeysFooter(show_command_palette=False)
        yield TooSmall()

    def on_mount(self) -> None:
        # Paused until Space; moves the replay on by one move each tick while playing.
        self.play_timer = self.set_interval(self.play_step, self.next_move, pause=True)
        if self.seat is not None and len(self.views) > 1:
            # Hot-seat, still in play: nothing is drawn until the person whose view it is has the keyboard.
            self.app.push_screen(PassKeyboardScreen(self.names[self.seat]), lambda _: self.redraw())
        else:
            self.redraw()

    def on_unmount(self) -> None:
        self.cancel.set()

    # ---------------------------------------------------------------------------------------------------------
    # The position shown

    def redraw(self) -> None:
        game, state = self.game, self.state
        deciding = game.current_player(state)
        if self.seat is None:
            # Everything is known here: the hand shown is that of the seat deciding (else the last mover's: at the
            # end, or between two moves).
            viewer = deciding if deciding is not None else (self.moves[self.position - 1].seat if self.position else 0)
            seen = "everything (omniscient)"
        else:
            viewer = self.seat
            seen = f"what {self.names[self.seat]} knew"
        # The board notes the interludes up to here as a table in play does (Raging Rodents: each invasion's score,
        # whichever way the replay came here), in the view shown.
        for position, between in self.interludes.items():
            if position <= self.position:
                self.board.interlude(self.seen(between), pause=False)
        self.board.show(self.seen(state), viewer, (), self.labels)
        self.query_one(MoveList).show(self.position - 1)
        if not self.analysing:
            self.query_one(AiStatus).idle("Analysis", self.analysis_offer())
        # `a` is offered only where someone decides (check_action).
        self.refresh_bindings()
        total = len(self.moves)
        where = "the start" if self.position == 0 else f"move {self.position}/{total}"
        if self.in_interlude:
            self.status(f"{where} · before the game goes on (→) · view: {seen}")
            return
        self.status(f"{where} · turn {game.turn(state)} · view: {seen} · {self.progress_text()}")

    @property
    def deciding(self) -> int | None:
        """The seat deciding in the position shown; None between two moves (an interlude) and at the end."""
        return None if self.in_interlude else self.game.current_player(self.state)

    def analysis_offer(self) -> str:
        """The AI panel's line while no analysis runs: the key to ask, where someone decides."""
        if self.deciding is not None:
            return "a: what would the AI play here?"
        if self.in_interlude:
            return "Nobody decides here: → goes on."
        return "The game is over: nobody decides."

    def seen(self, state: Any) -> Any:
        """`state` as the view shown sees it: whole, or the seat's view."""
        return state if self.seat is None else self.game.view(state, self.seat)

    def progress_text(self) -> str:
        """Playing or paused; at the last move, how the game ended (or that it goes on, for an unfinished one)."""
        if self.playing:
            return "playing"
        if not self.at_end:
            return "paused"
        aids = aids_used(self.saved.header)
        return f"{self.saved.header.status} · {aids}" if aids else self.saved.header.status

    @property
    def at_end(self) -> bool:
        return self.position == len(self.moves) and not self.in_interlude

    def status(self, text: str) -> None:
        self.query_one("#replay-status", Static).update(text)

    def go(self, position: int, in_interlude: bool = False) -> None:
        """To the position after `position` moves, or (`in_interlude`) to what that move reached first."""
        position = max(0, min(position, len(self.moves)))
        in_interlude = in_interlude and position in self.interludes
        if (position, in_interlude) == (self.position, self.in_interlude):
            return
        self.stop_analysis()
        self.position, self.in_interlude = position, in_interlude
        if self.at_end:
            self.pause()
        self.redraw()

    def step(self, forward: bool) -> None:
        """One step: onto the next move (its interlude first, if it has one), or back."""
        if forward:
            if self.in_interlude:
                self.go(self.position)
            else:
                self.go(self.position + 1, in_interlude=True)
        elif not self.in_interlude and self.position in self.interludes:
            self.go(self.position, in_interlude=True)
        else:
            self.go(self.position - 1)

    def pause(self) -> None:
        self.playing = False
        self.play_timer.pause()

    def next_move(self) -> None:
        # A tick may already be queued when play is paused.
        if self.playing:
            self.step(forward=True)

    # ---------------------------------------------------------------------------------------------------------
    # Keys

    def action_step(self, moves: int) -> None:
        self.step(forward=moves > 0)

    def action_jump(self, to_end: bool) -> None:
        self.go(len(self.moves) if to_end else 0)

    def action_turn(self) -> None:
        self.app.push_screen(TurnScreen(self.saved.header.turn), self.go_to_turn)

    def go_to_turn(self, turn: int | None) -> None:
        """To the first position of `turn` (the position before its first move)."""
        if turn is None:
            return
        turns = (self.game.turn(state) for state in self.saved.states)
        self.go(next((position for position, at in enumerate(turns) if at >= turn), len(self.moves)))

    def action_play(self) -> None:
        if self.playing:
            self.pause()
        else:
            if self.at_end:
                self.go(0)
            self.playing = True
            self.play_timer.reset()
            self.play_timer.resume()
        self.redraw()

    def action_view(self) -> None:
        """Everything, then each seat's view in turn, then everything again (a game still in play: the views of the
        people who played it, in turn)."""
        seat = self.views[(self.views.index(self.seat) + 1) % len(self.views)]
        if seat == self.seat:
            self.status("This game is still in play: its replay shows only what you knew (every view once it is over).")
            return
        self.seat = seat
        if self.saved.sealed and seat is not None:
            self.app.push_screen(PassKeyboardScreen(self.names[seat]), lambda _: self.redraw())
        else:
            self.redraw()

    def action_back(self) -> None:
        if self.analysing:
            self.stop_analysis()
            self.redraw()
            self.status("Analysis stopped.")
            return
        self.dismiss()

    # ---------------------------------------------------------------------------------------------------------
    # Review (R): every decision judged from its seat's view (screens/review.py); Enter there comes back here

    def action_review(self) -> None:
        if not self.saved.header.finished:
            self.status("Only a finished game can be reviewed: until then it would tell what the others hold.")
            return
        self.pause()
        self.stop_analysis()
        level = review_level(self.analysis_level)
        self.app.push_screen(ReviewScreen(self.saved, level, self.reviewed), self.look_at)

    # The decision last looked at from the review (its action index), which the review selects again.
    reviewed: int | None = None

    def look_at(self, decision: Judged | None) -> None:
        """To the position before `decision`, as its seat knew it, the better move in the status line."""
        if decision is None:
            return
        self.reviewed, self.seat, self.position = decision.index, decision.seat, decision.index
        self.in_interlude = False
        self.redraw()
        self.status(better_text(decision, self.names))

    # ---------------------------------------------------------------------------------------------------------
    # Analysis: what the AI would play in the position shown, from the deciding seat's view

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        # The AI is offered (and `a` works) only where a seat decides, or to stop an analysis under way: between two
        # moves and at the end, the footer and the AI panel offered it to answer "Nobody decides here".
        if action == "analyse":
            return self.analysing or self.deciding is not None
        return True

    def action_analyse(self) -> None:
        if self.analysing:
            self.action_back()
            return
        seat = self.deciding
        if seat is None:
            return
        if self.saved.sealed and seat != self.seat:
            # Its search, estimate and preferred move would be read from a hidden hand still in play.
            people = " and ".join(self.names[person] for person in self.saved.sealed)
            self.status(f"This game is still in play: the AI analyses only the decisions of {people}.")
            return
        self.pause()
        self.analysing = True
        self.cancel = threading.Event()
        player = MctsPlayer("analysis", search_config(self.analysis_level), seed=self.position)
        self.query_one(AiStatus).idle(f"Analysis · {self.names[seat]}", "thinking…")
        self.status(f"Analysing what {self.names[seat]} could play here… (a or Esc stops)")
        self.analyse(player, self.game.view(self.state, seat), seat, self.cancel)

    @work(thread=True, exclusive=True, group="analysis", exit_on_error=False)
    def analyse(self, player: MctsPlayer, view: Any, seat: int, cancel: threading.Event) -> None:
        """Runs in a worker thread, on the deciding seat's view only; reports come back as messages."""
        result = player.decide(
            self.game, view, seat, cancel, lambda progress: self.post_message(self.Analysed(cancel, progress))
        )
        if not cancel.is_set():
            self.post_message(self.Analysed(cancel, result=result))

    def stop_analysis(self) -> None:
        self.cancel.set()
        self.analysing = False

    def on_replay_screen_analysed(self, event: Analysed) -> None:
        if event.cancel is not self.cancel or not self.analysing:
            return
        seat = self.game.current_player(self.state)
        shown = self.seen(self.state)
        budget = search_config(self.analysis_level).seconds
        title = f"Analysis · {self.names[seat]}"
        status = self.query_one(AiStatus)
        if event.progress is not None:
            progress = event.progress
            preferred = self.board.describe_public(shown, progress.best)
            status.thinking(title, progress.iterations, progress.elapsed, budget, preferred, progress.mean_value)
            return
        result = event.result
        assert result is not None
        self.analysing = False
        # Told from the view shown, so a seat's view never names a card that seat could not see.
        preferred = self.board.describe_public(shown, result.action)
        chosen = next((stats for stats in result.stats if stats.action == result.action), None)
        if chosen is None:
            status.idle(title, f"only one choice: {preferred}")
            self.status(f"{self.names[seat]} had only one choice here.")
            return
        status.thinking(title, result.iterations, result.elapsed, budget, preferred, chosen.mean_value)
        # The move actually played is the next one in the move list (none after the last move of an unfinished game).
        played = ""
        if not self.at_end:
            played = " · as played" if self.saved.actions[self.position] == result.action else " · not as played"
        self.status(f"The AI would play: {preferred} · win chance {chosen.mean_value:.0%}{played}")
