"""The game screen: thin. It shows the board a seat's view, gets decisions from a person (the board) or a
computer player (a thread worker), and sends them to `GameSession.apply`. Every rule is the game's."""

from __future__ import annotations

import threading
from typing import Any, Final

from textual import work
from textual.app import ComposeResult
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Footer, Static

from exotui.ai.players import Player, make_player
from exotui.tui.boards import Board, board_class
from exotui.tui.screens.end import EndScreen
from exotui.tui.screens.new_game import seat_names
from exotui.tui.screens.pass_keyboard import PassKeyboardScreen
from exotui.tui.session import GameSession
from exotui.tui.thinking import Thought, decide
from exotui.tui.widgets.ai_status import AiStatus
from exotui.tui.widgets.too_small import TooSmall

AI_NAMES: Final = {"mcts": "AI", "greedy": "AI greedy", "random": "AI random"}


def seat_label(session: GameSession, seat: int) -> str:
    """'Blue: you', 'Yellow: AI normal', or 'Blue: human' when several people share the keyboard."""
    name = seat_names(session.game, len(session.seats))[seat]
    kind = session.seats[seat].kind
    if session.seats[seat].is_human:
        return f"{name}: {'you' if len(session.humans) == 1 else 'human'}"
    player, _, level = kind.partition(":")
    return f"{name}: {AI_NAMES.get(player, player)}{' ' + level if level else ''}"


class GameScreen(Screen[None]):
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

    def __init__(self, session: GameSession, ai_pause: float) -> None:
        super().__init__()
        self.session = session
        self.ai_pause = ai_pause
        self.labels = tuple(seat_label(session, seat) for seat in range(len(session.seats)))
        self.players: dict[int, Player] = {
            seat: make_player(who.kind, session.seed * 31 + seat)
            for seat, who in enumerate(session.seats)
            if not who.is_human
        }
        humans = session.humans
        # The seat whose view the table shows; in hot-seat it follows the person at the keyboard.
        self.viewer = humans[0] if humans else 0
        self.at_keyboard: int | None = None if len(humans) > 1 else self.viewer
        # Set to stop the search running now; a fresh event for each search.
        self.cancel = threading.Event()
        self.ended = False

    @property
    def board(self) -> Board:
        return self.query_one(Board)

    def compose(self) -> ComposeResult:
        yield board_class(self.session.game.id)(id="board")
        yield Static(id="status")
        yield Footer()
        yield TooSmall()

    def on_mount(self) -> None:
        self.board.focus()
        self.advance()

    def on_unmount(self) -> None:
        self.cancel.set()

    def on_screen_resume(self) -> None:
        if self.session.deciding is None and not self.ended:
            self.finish()

    def status(self, text: str) -> None:
        self.query_one("#status", Static).update(text)

    # ---------------------------------------------------------------------------------------------------------
    # The flow of decisions

    def advance(self) -> None:
        """Ask whoever decides next, or end the game."""
        seat = self.session.deciding
        if seat is None:
            self.finish()
            return
        if seat in self.players:
            self.redraw()
            self.think(seat)
            return
        if seat != self.at_keyboard:
            self.redraw()
            self.app.push_screen(PassKeyboardScreen(self.labels[seat]), lambda _: self.hand_over(seat))
            return
        self.redraw()

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
        if deciding_here:
            self.status(f"Your decision, {self.labels[self.viewer]}. ? help · q quit")
        if not self.players:
            self.query_one(AiStatus).idle("No AI", "People only: pass the keyboard between decisions.")
        elif seat not in self.players:
            ai = next(iter(self.players))
            self.query_one(AiStatus).idle(self.labels[ai], "waiting for your move")

    def play(self, action: Any) -> None:
        """Apply a decision: the one place this screen changes the game."""
        turn = self.session.game.turn(self.session.state)
        self.board.log(turn, self.session.apply(action))

    def on_board_decided(self, event: Board.Decided) -> None:
        self.play(event.action)
        self.advance()

    def on_board_notice(self, event: Board.Notice) -> None:
        self.status(event.text)

    def finish(self) -> None:
        """Show the end screen, once this screen is on top (not under help or a dialog)."""
        if self.app.screen is not self:
            return
        self.ended = True
        session = self.session
        outcome = session.game.outcome(session.state)
        winners = [seat for seat, value in enumerate(outcome) if value == max(outcome)]
        if len(winners) == 1:
            headline = f"{self.labels[winners[0]]} wins!"
        else:
            headline = "A draw: " + " and ".join(self.labels[seat] for seat in winners) + " share the win."
        summary = self.board.summary(session.state, self.labels)
        self.app.push_screen(EndScreen(headline, summary), self.app.after_game(session))

    # ---------------------------------------------------------------------------------------------------------
    # The computer's turns

    def think(self, seat: int) -> None:
        self.cancel = threading.Event()
        self.status(f"{self.labels[seat]} is thinking… (? help, q quit)")
        self.query_one(AiStatus).idle(self.labels[seat], "thinking…")
        self.search(seat, self.session.view_for(seat), self.cancel)

    @work(thread=True, exclusive=True, group="ai")
    def search(self, seat: int, view: Any, cancel: threading.Event) -> None:
        """Runs in a worker thread: the AI sees only its own view; results come back as messages."""
        action = decide(
            self.players[seat],
            self.session.game,
            view,
            seat,
            cancel,
            lambda thought: self.post_message(self.AiProgress(thought, cancel)),
        )
        if not cancel.is_set():
            self.post_message(self.AiDecided(action, cancel))

    def on_game_screen_ai_progress(self, event: AiProgress) -> None:
        if event.cancel is not self.cancel:
            return
        seat = self.session.deciding
        thought = event.thought
        preferred = self.board.describe_public(self.session.view_for(self.viewer), thought.best)
        self.query_one(AiStatus).thinking(
            self.labels[seat], thought.iterations, thought.elapsed, thought.budget, preferred, thought.win
        )

    def on_game_screen_ai_decided(self, event: AiDecided) -> None:
        if event.cancel is not self.cancel:
            return
        self.play(event.action)
        self.redraw()
        # Each of the computer's decisions stays on screen for a moment, so a chain can be followed.
        if self.ai_pause > 0:
            self.set_timer(self.ai_pause, self.advance)
        else:
            self.advance()
