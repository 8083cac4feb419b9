"""The registry of games, found by id: `exotui.games.get("exofauna")`."""

from __future__ import annotations

import importlib

from exotui.engine.protocol import Game

__all__ = ["Game", "UnknownGame", "available", "get"]

# id -> module holding a module-level GAME; imported on first use so start-up stays fast.
_MODULES: dict[str, str] = {
    "exofauna": "exotui.games.exofauna.game",
    "exo2": "exotui.games.exo2.game",
    "rodents": "exotui.games.rodents.game",
    "cryptid": "exotui.games.cryptid.game",
    "endless": "exotui.games.endless.game",
}


class UnknownGame(LookupError):
    def __init__(self, game_id: str) -> None:
        super().__init__(f"unknown game {game_id!r}; choose one of: {', '.join(available())}")


def available() -> tuple[str, ...]:
    """The ids of the implemented games, in the brief's order of priority."""
    return tuple(_MODULES)


def get(game_id: str) -> Game:
    try:
        module_name = _MODULES[game_id]
    except KeyError:
        raise UnknownGame(game_id) from None
    game: Game = importlib.import_module(module_name).GAME
    return game
