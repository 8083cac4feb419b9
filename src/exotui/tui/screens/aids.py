"""What every table offers against the computer: a hint for your decision, and taking your last decision back.

`GameScreen` inherits these keys, so every game (its own table or the generic one) has them. A hint is the AI's
search on your view only (the view is all the search is given), with the game's one-line reason when it has a
`hint_reason` hook (given the same view); a search that fails gives no hint and says so, the game as it was; a
takeback undoes your last decision and everything decided since, through
`GameSession.take_back`, unless the game was started without takebacks or they were turned off (palette). Both are
counted in the save's header.

| Key | Action |
| :- | :- |
| `H` | Hint: what the AI would play in your seat, its win estimate, why (if the game says) and the next best. |
| `backspace` | Take back your last decision (and the computer's since); in hot-seat, once every player agrees. |
"""

from __future__ import annotations

import threading
from typing import TYPE_CHECKING, Any, ClassVar, Final, NamedTuple

from textual import work
from textual.binding import Binding, BindingType
from textual.message import Message
from textual.screen import Screen

from exotui.ai.mcts import ActionStats
from exotui.ai.players import MctsPlayer, search_config
from exotui.engine import protocol
from exotui.engine.protocol import seat_names
from exotui.play.driver import reason, report, sentence
from exotui.tui.screens.confirm import QuestionScreen
from exotui.tui.widgets.game_log import GameLog

if TYPE_CHECKING:
    from exotui.ai.players import Player
    from exotui.play.session import GameSession
    from exotui.tui.tables import Board

# The AI that gives hints: the normal level (a second's search), whatever the opponents' level.
HINT_LEVEL: Final = "normal"
# Alternatives a hint lists after its decision.
ALTERNATIVES: Final = 2
# Seconds a hint stays at most: in practice until the decision, which takes it away.
HINT_SHOWN: Final = 3600
# The title of a hint on show, and of the word that none could be found.
HINT_TITLE: Final = f"Hint (H) from the {HINT_LEVEL} AI"
# Seconds the word that no hint could be found stays at most, as the notice of a computer's failed search.
NO_HINT_SHOWN: Final = 30.0


class Hint(NamedTuple):
    """The search's advice: its decision and the seat's win estimate after it, then the next most visited."""

    action: Any
    # None when there was nothing to search (a single legal decision).
    win: float | None
    alternatives: tuple[ActionStats, ...]


def hint_player(seed: int) -> MctsPlayer:
    """Normal's search for a hint, its way in each game (its iteration cap, Cryptid's reasoning), without the
    beginner's moves normal makes on a share of its decisions where a game says so (`normal_play`): a hint is the
    search's advice, never a slip."""
    return MctsPlayer(f"mcts:{HINT_LEVEL}", search_config(HINT_LEVEL), seed, level=HINT_LEVEL, slips=False)


def advise(player: MctsPlayer, game: Any, view: Any, seat: int, cancel: threading.Event) -> Hint:
    """The hint for `seat` from its `view` alone. Runs in a worker thread."""
    result = player.decide(game, view, seat, cancel)
    ranked = sorted(result.stats, key=lambda stats: -stats.visits)
    best = next((stats for stats in ranked if stats.action == result.action), None)
    others = tuple(stats for stats in ranked if stats.action != result.action and stats.visits)[:ALTERNATIVES]
    return Hint(result.action, best.mean_value if best is not None else None, others)


def hint_text(hint: Hint, describe: Any, reason: str | None = None) -> str:
    """The hint in words; `describe(action)` tells a decision as the prompt does, `reason` (the game's
    `hint_reason`, when it has one) says in a line why the decision is worth it."""

    def said(action: Any) -> str:
        # The sentence's own full stop would run into the estimate after it (".:").
        return describe(action).rstrip(".")

    if hint.win is None:
        return f"{said(hint.action)}: the only decision here."
    lines = [f"{said(hint.action)}: win estimate {hint.win:.0%}."]
    if reason:
        lines.append(f"Why: {reason}")
    lines += [f"Else {said(stats.action)}: {stats.mean_value:.0%}." for stats in hint.alternatives]
    return "\n".join(lines)


class AidedScreen(Screen[None]):
    """The hint and takeback keys of the game screen (which provides the session, the board and the flow)."""

    # Not in the footer, which the tables' own keys fill at 80 columns; the help screen lists them.
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("H", "hint", "hint", key_display="H", show=False),
        Binding("backspace", "take_back", "take back", key_display="⌫", show=False),
    ]

    if TYPE_CHECKING:
        session: GameSession
        players: dict[int, Player]
        viewer: int
        at_keyboard: int | None
        cancel: threading.Event
        ended: bool
        news: str

        @property
        def board(self) -> Board: ...

        def advance(self) -> None: ...

        def retell(self) -> None: ...

        def status(self, text: str) -> None: ...

        def write_down(self, report: str) -> str: ...

    class HintReady(Message):
        def __init__(self, hint: Hint, seat: int, cancel: threading.Event) -> None:
            super().__init__()
            self.hint = hint
            self.seat = seat
            self.cancel = cancel

    class HintFailed(Message):
        """The hint's search raised: `said` tells why in a few words (`driver.reason`), `where` where its traceback
        was written (`write_down`)."""

        def __init__(self, said: str, where: str, seat: int, cancel: threading.Event) -> None:
            super().__init__()
            self.said = said
            self.where = where
            self.seat = seat
            self.cancel = cancel

    # Set to drop the hint being searched (the position changed); a fresh event for each hint.
    hint_cancel: threading.Event | None = None
    # A hint is on show (a notification): the next decision takes it away, and no other notification with it.
    hint_shown = False
    # The number of actions played when the hint was asked: a hint for an older position is dropped.
    hint_position = 0

    def person_deciding(self) -> int | None:
        """The seat of the person at the keyboard when it is that person's decision, else None."""
        seat = self.session.deciding
        if seat is None or seat in self.players or seat != self.at_keyboard:
            return None
        return seat

    # ---------------------------------------------------------------------------------------------------------
    # Hint

    def action_hint(self) -> None:
        seat = self.person_deciding()
        if seat is None:
            self.status("A hint (H) is for your own decision: wait until it is yours.")
            return
        if self.hint_cancel is not None and not self.hint_cancel.is_set():
            self.status("The hint is on its way…")
            return
        self.hint_cancel = threading.Event()
        self.hint_position = len(self.session.actions)
        self.session.count_hint(seat)
        self.status("Looking for a hint (about a second)…")
        player = hint_player(self.session.seed * 97 + len(self.session.actions))
        self.search_hint(player, seat, self.session.view_for(seat), self.hint_cancel)

    @work(thread=True, exclusive=True, group="hint", exit_on_error=False)
    def search_hint(self, player: MctsPlayer, seat: int, view: Any, cancel: threading.Event) -> None:
        """Runs in a worker thread: the search sees only the seat's view. A search that raises gives no hint and
        changes nothing: the person is told, and the traceback goes where the game screen writes a failed computer
        search's."""
        game = self.session.game
        try:
            hint = advise(player, game, view, seat, cancel)
        except Exception as failure:
            if cancel.is_set():
                return
            name = seat_names(game, len(self.session.seats))[seat]
            what = f"no hint could be found for {name} (seat {seat}), action {self.hint_position + 1}"
            where = self.write_down(report([(what, failure)]))
            self.post_message(self.HintFailed(reason(failure), where, seat, cancel))
            return
        if not cancel.is_set():
            self.post_message(self.HintReady(hint, seat, cancel))

    def _hint_answered(self, cancel: threading.Event, seat: int) -> bool:
        """The hint asked with `cancel` has its answer (or its failure) for the position where it was asked, the
        person's decision still: it may be shown. Whatever comes of it, that hint is no longer on its way."""
        if cancel is not self.hint_cancel or cancel.is_set():
            return False
        cancel.set()
        return self.hint_position == len(self.session.actions) and self.person_deciding() == seat

    def on_aided_screen_hint_ready(self, event: HintReady) -> None:
        if not self._hint_answered(event.cancel, event.seat):
            return
        game = self.session.game
        view = self.session.view_for(event.seat)
        # The reason is read from the deciding seat's view only, as the search was.
        hint_reason = protocol.hint_reason(game)
        reason = hint_reason(view, event.hint.action) if hint_reason is not None else None
        text = hint_text(event.hint, lambda action: game.describe(view, action), reason)
        # Shown until the decision is made (`drop_hint`), however long the person thinks.
        self.notify(text, title=HINT_TITLE, timeout=HINT_SHOWN, markup=False)
        self.hint_shown = True
        self.status("Hint shown (top right) until you decide.")

    def on_aided_screen_hint_failed(self, event: HintFailed) -> None:
        if not self._hint_answered(event.cancel, event.seat):
            return
        # Where the hint would have shown, and gone with the decision as a hint goes (`drop_hint`).
        told = f"{sentence(f'No hint could be found: {event.said}')} {event.where}."
        self.notify(told, title=HINT_TITLE, severity="warning", timeout=NO_HINT_SHOWN, markup=False)
        self.hint_shown = True
        name = seat_names(self.session.game, len(self.session.seats))[event.seat]
        self.status(f"No hint could be found (top right): {name}, your decision.")

    def drop_hint(self) -> None:
        """Forget the hint on its way, and take the one shown away: a decision was made or taken back."""
        if self.hint_cancel is not None:
            self.hint_cancel.set()
        # Only with a hint shown: every decision cleared them all, and `exotui --continue`'s notice went with the
        # computer's first decision.
        if self.hint_shown:
            self.hint_shown = False
            self.app.clear_notifications()

    # ---------------------------------------------------------------------------------------------------------
    # Takeback

    def action_take_back(self) -> None:
        session = self.session
        seat = self.at_keyboard if self.at_keyboard is not None else self.viewer
        if self.ended or not session.humans:
            self.status("Nothing to take back: the game is over.")
            return
        if session.takebacks_off:
            self.status("Takebacks (Backspace) are off in this game.")
            return
        if session.last_decision_of(seat) is None:
            self.status("Nothing to take back: you have not decided yet.")
            return
        if len(session.humans) > 1:
            # Hot-seat: the other players' decisions since go too, so everyone must agree.
            name = seat_names(session.game, len(session.seats))[seat]
            question = f"Take back {name}'s last decision and every decision since? Every player must agree."
            self.app.push_screen(QuestionScreen(question), lambda yes: self.take_back(seat) if yes else None)
            return
        self.take_back(seat)

    def take_back(self, seat: int) -> None:
        # A fresh event, so a computer decision already on its way is dropped (its message carries the old one).
        self.cancel.set()
        self.cancel = threading.Event()
        self.drop_hint()
        count = self.session.take_back(seat)
        log = self.board.query_one(GameLog)
        log.clear()
        log.turn = None
        self.retell()
        self.news = ""
        self.advance()
        self.status(f"Took back {count} decision{'s' if count > 1 else ''} (Backspace): your decision again.")

    def action_takebacks_off(self) -> None:
        self.session.turn_takebacks_off()
        self.status("Takebacks are off for the rest of this game.")
