"""Players: anything that picks an action for a seat from what that seat may see.

A player is handed `game.view(state, seat)`, never the true state (the `cheat` measuring player is the one
documented exception, and the app never offers it).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, Protocol

from exotui.engine.protocol import Game


class Player(Protocol):
    name: str
    # True only for measuring players that must be handed the true state instead of a view.
    sees_everything: bool

    def choose(self, game: Game, view: Any, seat: int) -> Any:
        """An action legal in `view` for `seat`, the seat to move."""
        ...


class UnknownPlayer(LookupError):
    def __init__(self, spec: str) -> None:
        super().__init__(f"unknown player {spec!r}; choose one of: {', '.join(sorted(PLAYER_KINDS))}")


class RandomPlayer:
    """Uniformly random among the legal actions: the floor every other player must beat."""

    sees_everything = False

    def __init__(self, seed: int = 0) -> None:
        self.name = "random"
        self._rng = random.Random(seed)

    def choose(self, game: Game, view: Any, seat: int) -> Any:
        return self._rng.choice(game.legal_actions(view))


# kind -> factory(level or None, seed); specs are written "kind" or "kind:level".
PLAYER_KINDS: dict[str, Callable[[str | None, int], Player]] = {
    "random": lambda level, seed: RandomPlayer(seed),
}


def make_player(spec: str, seed: int = 0) -> Player:
    """A player from a spec such as "random" or "mcts:hard"; raises UnknownPlayer for a bad spec."""
    kind, _, level = spec.partition(":")
    try:
        factory = PLAYER_KINDS[kind]
    except KeyError:
        raise UnknownPlayer(spec) from None
    return factory(level or None, seed)
