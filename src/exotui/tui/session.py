"""A game in progress, as the app holds it: everything a save needs, and the one place an action is applied."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

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
    so autosave belongs there.
    """

    game: Game
    seed: int
    variant: str | None
    seats: tuple[Seat, ...]
    actions: list[Any] = field(default_factory=list)
    state: Any = None

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
        self.state = self.game.apply(self.state, action)
        self.actions.append(action)
        return sentence

    def rematch(self) -> GameSession:
        """The same seats and variant on the next seed."""
        return GameSession(self.game, self.seed + 1, self.variant, self.seats)
