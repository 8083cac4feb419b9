"""A game in progress, as the app holds it: everything a save needs, and the one place an action is applied."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from exotui.ai.players import UnknownPlayer, make_player
from exotui.engine import records
from exotui.engine.protocol import Game

HUMAN = "human"


@dataclass(frozen=True)
class Seat:
    """Who plays a seat: a person at this keyboard (`HUMAN`) or a computer player spec such as "mcts:normal"."""

    kind: str

    @property
    def is_human(self) -> bool:
        return self.kind == HUMAN


@dataclass
class GameSession:
    """The game being played: (game, seed, variant, seats, actions, state).

    Replaying the actions from the seed gives the state again. `apply` is the only place the app changes a game,
    so it autosaves there when the session has a `record`; the first failed write is handed to `on_saving_off`
    (the player must be told) and the game goes on unsaved.
    """

    game: Game
    seed: int
    variant: str | None
    seats: tuple[Seat, ...]
    actions: list[Any] = field(default_factory=list)
    state: Any = None
    record: records.GameRecord | None = None
    on_saving_off: Callable[[records.SavingOff], None] | None = None

    def __post_init__(self) -> None:
        if self.state is None:
            self.state = self.game.new_game(self.seed, len(self.seats), self.variant)

    @property
    def deciding(self) -> int | None:
        return self.game.current_player(self.state)

    @property
    def humans(self) -> tuple[int, ...]:
        return tuple(seat for seat, who in enumerate(self.seats) if who.is_human)

    def view_for(self, seat: int) -> Any:
        return self.game.view(self.state, seat)

    def apply(self, action: Any) -> str:
        """Apply the deciding seat's `action` and return its sentence for the log (from the state before it)."""
        sentence = self.game.describe(self.state, action)
        if self.record is None:
            self.state = self.game.apply(self.state, action)
        else:
            try:
                self.record.append(action)
            except records.SavingOff as exc:
                if self.on_saving_off is not None:
                    self.on_saving_off(exc)
            self.state = self.record.state
        self.actions.append(action)
        return sentence

    def history(self) -> list[tuple[int, str]]:
        """(turn, sentence) of every action so far, as the log told them: replayed from the seed."""
        state = self.game.new_game(self.seed, len(self.seats), self.variant)
        told = []
        for action in self.actions:
            told.append((self.game.turn(state), self.game.describe(state, action)))
            state = self.game.apply(state, action)
        return told

    @classmethod
    def resume(cls, record: records.GameRecord) -> GameSession:
        """The saved game of `record`, exactly where it stopped: same seats and AI levels, recording on.

        Raises BadSave for a seat no player of this app can take (a kind it does not know, a measuring player).
        """
        header = record.header
        for seat in header.seats:
            if seat.kind == HUMAN:
                continue
            try:
                player = make_player(seat.spec)
            except UnknownPlayer as exc:
                raise records.BadSave(record.path, f"{seat.name}: {exc}") from None
            if player.sees_everything:
                raise records.BadSave(record.path, f"{seat.name}: {seat.spec} sees every card; the app never plays it")
        seats = tuple(Seat(seat.spec) for seat in header.seats)
        return cls(record.game, header.seed, header.variant, seats, list(record.actions), record.state, record)

    def rematch(self) -> GameSession:
        """The same seats and variant on the next seed."""
        return GameSession(self.game, self.seed + 1, self.variant, self.seats)
