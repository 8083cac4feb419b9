"""One turn driver for a game in progress: what comes next (the end, a person's decision, the computer's) and the
computer's decision from its own view. Both front ends call it, the app's game screen (a Textual thread worker) and
the SSH table (asyncio and a thread): the driver says WHAT happens, the front ends HOW it is scheduled.

It imports no Textual (tests/test_layering.py).
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any, Final, NamedTuple

from exotui.ai.players import Player, make_player
from exotui.play.session import GameSession
from exotui.play.thinking import Thought, decide

# Seconds each of the computer's decisions stays on screen before the next one, so a chain of them can be followed.
AI_PAUSE: Final = 0.6


def seat_seed(session: GameSession, seat: int) -> int:
    """The app's rule: one player per seat for the whole game, seeded by the game's seed and the seat."""
    return session.seed * 31 + seat


def decision_seed(session: GameSession, seat: int) -> int:
    """The SSH table's rule: a fresh player for each decision, seeded by the seat and how far the game has come (a
    seat the AI takes over mid-game plays on from there). Kept apart from `seat_seed`: changing either would change
    the computer's moves, and so saved games and snapshots."""
    return session.seed * 31 + seat + len(session.actions)


class Turn(NamedTuple):
    """What comes next: `seat` None when the game is over; else that seat decides, by `player` if a computer's."""

    seat: int | None
    player: Player | None = None

    @property
    def over(self) -> bool:
        return self.seat is None

    @property
    def computer(self) -> bool:
        return self.player is not None


class Driver:
    """The turns of `session`. With `per_decision`, the computer's player is made afresh for each decision
    (`decision_seed`, the table's rule); otherwise once per seat when the driver is made (`seat_seed`, the app's)."""

    def __init__(self, session: GameSession, per_decision: bool = False) -> None:
        self.session = session
        self.per_decision = per_decision
        self.players: dict[int, Player] = (
            {}
            if per_decision
            else {
                seat: make_player(who.spec, seat_seed(session, seat))
                for seat, who in enumerate(session.seats)
                if not who.is_human
            }
        )

    def player(self, seat: int) -> Player | None:
        """The computer player of `seat`, or None if a person sits there."""
        who = self.session.seats[seat]
        if who.is_human:
            return None
        if self.per_decision:
            return make_player(who.spec, decision_seed(self.session, seat))
        return self.players.get(seat)

    def next(self) -> Turn:
        """Who decides next, and how: the end, a person at a seat, or the computer at a seat with its player."""
        seat = self.session.deciding
        if seat is None:
            return Turn(None)
        return Turn(seat, self.player(seat))

    def decide(
        self,
        turn: Turn,
        cancel: threading.Event | None = None,
        report: Callable[[Thought], object] = lambda thought: None,
        view: Any = None,
    ) -> Any:
        """The computer's action at `turn`, from its seat's own view only (`view`, taken now if not given: a front
        end that searches on a thread takes it before). Runs in a worker thread; stops early when `cancel` is set."""
        assert turn.seat is not None and turn.player is not None, "only a computer's turn is decided here"
        seen = self.session.view_for(turn.seat) if view is None else view
        return decide(turn.player, self.session.game, seen, turn.seat, cancel or threading.Event(), report)
