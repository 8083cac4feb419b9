"""The ExoFauna/Duo game object: static facts and the protocol functions, found by id "exofauna"."""

from __future__ import annotations

from typing import ClassVar

from exotui.engine.protocol import Game, check_setup
from exotui.games.exofauna import rules
from exotui.games.exofauna import view as views
from exotui.games.exofauna.ending import ending
from exotui.games.exofauna.heuristic import EXPLORATION, LEVEL_ITERATIONS, MINIMAX_WEIGHT, evaluate
from exotui.games.exofauna.state import DRAW, OVER, ExoAction, ExoState


class ExoFaunaGame:
    id = "exofauna"
    title = "ExoFauna/Duo"
    player_counts = (2,)
    variants = ("quick",)
    rules_version = "exofauna-1"
    action_type = ExoAction
    state_type = ExoState
    seat_names = views.SEAT_NAMES

    legal_actions = staticmethod(rules.legal_actions)
    apply = staticmethod(rules.apply)
    view = staticmethod(views.view)
    determinize = staticmethod(views.determinize)
    # The search's fast paths (docs/engine.md, "Optional game hooks").
    determinizer = staticmethod(views.determinizer)
    working_copy = staticmethod(rules.working_copy)
    describe = staticmethod(views.describe)
    # A card of a hand the reader sees only the back of is not named (docs/engine.md).
    describe_to = staticmethod(views.describe_to)
    events = staticmethod(views.events)
    # Each claim as it was resolved, before its hole is replaced: the table shows it (rules.claiming).
    interlude = staticmethod(rules.claiming)
    # How the game was won, for the end screen.
    ending = staticmethod(ending)
    evaluate = staticmethod(evaluate)
    # The searches' UCB constant, measured (heuristic.py).
    exploration = EXPLORATION
    # The weight of implicit minimax backups, measured (heuristic.py).
    minimax_weight = MINIMAX_WEIGHT
    # How far each level searches here: a ladder of strength, not of seconds (heuristic.py).
    level_iterations = LEVEL_ITERATIONS
    # The app's hint says why (docs/engine.md, "A game in the app").
    hint_reason = staticmethod(views.hint_reason)
    # In the new game form and the help: each level's budget and how it plays here.
    level_notes: ClassVar[dict[str, str]] = {
        "mcts:easy": "quick, may play a lesser card",
        "mcts:normal": "short search, never peeks",
        "mcts:hard": "4 s on all cores: sharpest",
    }

    def new_game(self, seed: int, players: int = 2, variant: str | None = None) -> ExoState:
        check_setup(self, seed, players, variant)
        return rules.new_game(seed, variant)

    def current_player(self, state: ExoState) -> int | None:
        return None if state.step == OVER else state.player

    def is_over(self, state: ExoState) -> bool:
        return state.step == OVER

    def outcome(self, state: ExoState) -> tuple[float, ...]:
        if state.step != OVER:
            raise ValueError("the game is not over")
        if state.winner == DRAW:
            return (0.5, 0.5)
        return (1.0, 0.0) if state.winner == 0 else (0.0, 1.0)

    def turn(self, state: ExoState) -> int:
        return state.turn

    def __repr__(self) -> str:
        return f"<game {self.id}>"


# Checked against the protocol with this game's own types (a missing or mistyped function is an error).
GAME: Game[ExoState, ExoAction] = ExoFaunaGame()
