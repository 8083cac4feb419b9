"""One turn driver for a game in progress: what comes next (the end, a person's decision, the computer's, or nothing
yet while people look at a position the game keeps on show) and the computer's decision from its own view. Both
front ends call it, the app's game screen (a Textual thread worker) and the SSH table (asyncio and a thread): the
driver says WHAT happens, the front ends HOW it is scheduled.

It imports no Textual (tests/test_layering.py).
"""

from __future__ import annotations

import threading
import traceback
from collections.abc import Callable, Iterable
from typing import Any, Final, NamedTuple

from exotui.ai.players import Player, RandomPlayer, make_player
from exotui.engine.protocol import interlude_waits, seat_names
from exotui.play.session import GameSession
from exotui.play.thinking import Thought, decide

# Seconds each of the computer's decisions stays on screen before the next one, so a chain of them can be followed.
AI_PAUSE: Final = 0.6

# Characters of an error's message told to the people at the table: the operator keeps the whole traceback.
REASON_LENGTH: Final = 60

# What the people are told after a failed search, once its seat has played a legal move at random (`Fallback`).
WENT_ON: Final = "It played a legal move at random; the game goes on."


def seat_seed(session: GameSession, seat: int) -> int:
    """The app's rule: one player per seat for the whole game, seeded by the game's seed and the seat."""
    return session.seed * 31 + seat


def decision_seed(session: GameSession, seat: int) -> int:
    """The SSH table's rule: a fresh player for each decision, seeded by the seat and how far the game has come (a
    seat the AI takes over mid-game plays on from there). Kept apart from `seat_seed`: changing either would change
    the computer's moves, and so saved games and snapshots."""
    return session.seed * 31 + seat + len(session.actions)


class Turn(NamedTuple):
    """What comes next: `seat` None when the game is over; else that seat decides, by `player` if a computer's, once
    the people at the seats `awaited` have gone on from the position kept on show (`Driver.interlude_shown`)."""

    seat: int | None
    player: Player | None = None
    awaited: tuple[int, ...] = ()

    @property
    def held(self) -> bool:
        """Nobody decides yet: people still look at a position kept on show (Raging Rodents' scored invasion)."""
        return bool(self.awaited)

    @property
    def over(self) -> bool:
        return self.seat is None

    @property
    def computer(self) -> bool:
        return self.player is not None


def reason(failure: BaseException, length: int = REASON_LENGTH) -> str:
    """'RuntimeError: out of memory': the kind of `failure` and the first line of its message; past `length`
    characters, cut after its last whole word that fits (within a word only if none of the message's does) and ended
    with "…". A phrase, which `sentence` ends."""
    first = next(iter(str(failure).splitlines()), "").strip()
    kind = type(failure).__name__
    said = f"{kind}: {first}" if first else kind
    if len(said) <= length:
        return said
    # A space just past the cut still leaves the last word whole.
    space = said.rfind(" ", len(kind) + 2, length)
    cut = said[:space] if space > 0 else said[: length - 1]
    return cut.rstrip(" ,;:.") + "…"


def sentence(text: str) -> str:
    """`text` ending as a sentence: with a full stop, unless it ends with one already, "!" or "?", or with the "…" of
    a reason cut short (`reason`), which ends the sentence as it stands ("looking fo…." read badly)."""
    return text if text.endswith((".", "!", "?", "…")) else f"{text}."


class Fallback(NamedTuple):
    """The computer's search failed (`Driver.decide_anyway`): the move its seat plays instead, what the people at the
    table are told, and the tracebacks for whoever looks after the program."""

    # A legal move drawn at random from the seat's own view, played and saved like any other; None when even that
    # failed (the game's own rules broken): the game stays as it is.
    action: Any
    # What happened, in one sentence: 'The computer could not decide for Blue: RuntimeError: out of memory.'
    failed: str
    # Each failure with what was being done: the search, then the move at random if it failed too.
    failures: tuple[tuple[str, BaseException], ...]
    # The seat's decision before fell back too, and the people were told then (`Driver.failing`).
    again: bool = False

    def notice(self, stuck: str) -> str | None:
        """The one line told to the people at the table: what happened, then that the game went on, or else `stuck`
        (what becomes of the game, which only the front end knows). None when the game went on and they were told
        already: a search that fails at every decision (ExoFauna's turn is a chain of them) is told once."""
        if self.action is None:
            return f"{self.failed} {stuck}"
        return None if self.again else f"{self.failed} {WENT_ON}"

    def report(self, prefix: str = "") -> str:
        """For the operator: each failure in a line led by `prefix` (the table's name), then its traceback."""
        return report(self.failures, prefix)


def report(failures: Iterable[tuple[str, BaseException]], prefix: str = "") -> str:
    """For whoever looks after the program: each failure after a line saying what was being done, led by `prefix`
    (an SSH table's name), then its traceback."""
    return "".join(f"{prefix}{what}:\n" + "".join(traceback.format_exception(failure)) for what, failure in failures)


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
        # The people (by seat) still looking at a position the game keeps on show (`interlude_shown`), and the state
        # the decision that reached it led to: once the game is elsewhere (a takeback), the hold is left behind.
        self._awaited: set[int] = set()
        self._held_on: Any = None
        # The seats whose computer played at random at its last decision, its search having failed (`decide_anyway`):
        # until it decides by itself again, the people are not told of each such decision anew.
        self.failing: set[int] = set()

    def player(self, seat: int) -> Player | None:
        """The computer player of `seat`, or None if a person sits there."""
        who = self.session.seats[seat]
        if who.is_human:
            return None
        if self.per_decision:
            return make_player(who.spec, decision_seed(self.session, seat))
        return self.players.get(seat)

    def next(self) -> Turn:
        """Who decides next, and how: the end, a person at a seat, or the computer at a seat with its player; held
        while people look at a position kept on show."""
        seat = self.session.deciding
        if seat is None:
            return Turn(None)
        return Turn(seat, self.player(seat), self.awaited)

    @property
    def awaited(self) -> tuple[int, ...]:
        """The seats of the people the next decision waits for (`Turn.awaited`); none when it does not wait."""
        if self.session.state is not self._held_on:
            self._awaited.clear()
        return tuple(sorted(self._awaited))

    def interlude_shown(self, people: Iterable[int]) -> None:
        """The last decision reached an interlude (the game's), now on show to the people at the seats `people`: if
        the game waits on it (`interlude_waits`: Raging Rodents' scored invasion), nobody decides until each has gone
        on (`went_on`), so no decision is made, nor logged, behind the pause. With nobody to go on (computers alone,
        or only spectators) the turns go on; after the last decision there is none to hold."""
        if interlude_waits(self.session.game) and self.session.deciding is not None:
            self._awaited = set(people)
            self._held_on = self.session.state

    def went_on(self, seat: int) -> bool:
        """The person at `seat` went on from the position kept on show (or left the table): True if the turns were
        waiting for them (the front end asks `next` again: they may go on now)."""
        if seat not in self.awaited:
            return False
        self._awaited.discard(seat)
        return True

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
        action = decide(turn.player, self.session.game, seen, turn.seat, cancel or threading.Event(), report)
        self.failing.discard(turn.seat)
        return action

    def decide_anyway(self, seat: int, view: Any, failure: BaseException) -> Fallback:
        """The computer at `seat` could not decide (its search raised `failure`): a legal move drawn at random from
        `view`, its seat's own view, so the game goes on, with what to tell the people and the operator. Both front
        ends play it; a retry would search the same seeded decision and most likely fail again."""
        session = self.session
        name = seat_names(session.game, len(session.seats))[seat]
        failures: list[tuple[str, BaseException]] = [
            (f"the computer could not decide for {name} (seat {seat}), action {len(session.actions) + 1}", failure)
        ]
        try:
            action = RandomPlayer(decision_seed(session, seat)).choose(session.game, view, seat)
        except Exception as exc:
            failures.append((f"no legal move at random for {name} (seat {seat}) either", exc))
            action = None
        again = seat in self.failing
        if action is not None:
            self.failing.add(seat)
        said = sentence(f"The computer could not decide for {name}: {reason(failure)}")
        return Fallback(action, said, tuple(failures), again)
