"""EXO n°2 games for tests: one random game as its positions and actions (the property tests and the TUI's)."""

from __future__ import annotations

from exotui.engine.conformance import random_game
from exotui.games.exo2.game import GAME
from exotui.games.exo2.state import Exo2State, Take


def states_and_actions(seed: int, players: int) -> tuple[list[Exo2State], list[Take]]:
    """One random game (`engine.conformance.random_game`) as its positions, the last one final, and its actions."""
    steps = random_game(GAME, seed, players)
    return [step.before for step in steps] + [steps[-1].after], [step.action for step in steps]
