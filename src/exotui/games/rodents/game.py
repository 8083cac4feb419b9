"""The Raging Rodents game object: static facts and the protocol functions, found by id "rodents"."""

from __future__ import annotations

from typing import ClassVar

from exotui.engine.protocol import Game, check_setup
from exotui.engine.working import WorkingCopy
from exotui.games.rodents import rules
from exotui.games.rodents import view as views
from exotui.games.rodents.ending import ending
from exotui.games.rodents.heuristic import (
    EASY_PLAY,
    EXPLORATION,
    LEVEL_ITERATIONS,
    evaluate,
    playout_choice,
    rollout_action,
)
from exotui.games.rodents.state import OVER, RodentsAction, RodentsState


class RodentsGame:
    id = "rodents"
    title = "Raging Rodents"
    # 1 is the solo game against the automaton (the rules' last page); 2-4 the game between players.
    player_counts = rules.PLAYER_COUNTS
    # The number of invasions (the default is 3 between players, 1 in solo).
    variants = tuple(rules.VARIANTS)
    rules_version = "rodents-1"
    action_type = RodentsAction
    state_type = RodentsState
    seat_names = views.SEAT_NAMES

    legal_actions = staticmethod(rules.legal_actions)
    apply = staticmethod(rules.apply)
    outcome = staticmethod(rules.outcome)
    view = staticmethod(views.view)
    determinize = staticmethod(views.determinize)
    determinizer = staticmethod(views.determinizer)
    describe = staticmethod(views.describe)
    events = staticmethod(views.events)
    # How the game was won, for the end screen.
    ending = staticmethod(ending)
    opening = staticmethod(views.opening)
    # An invasion as it was scored, which the table shows before the next deal.
    interlude = staticmethod(views.scored)
    # Nobody decides until the people at the table have gone on from it (play/driver.py holds the turns).
    interlude_waits = True
    # Solo: a lost game gives the one seat 0, and it is the automaton that won.
    rival = staticmethod(views.rival)
    evaluate = staticmethod(evaluate)
    rollout_action = staticmethod(rollout_action)

    @staticmethod
    def working_copy(state: RodentsState) -> WorkingCopy:
        # The search's copy, played out by the playout policy (heuristic.playout_choice).
        return rules.working_copy(state, playout_choice)

    # How the easy level plays: it leaves out decisions estimated far below its best (heuristic.py).
    easy_play = EASY_PLAY
    # How far each level searches here: a ladder of strength, not of seconds (heuristic.py).
    level_iterations = LEVEL_ITERATIONS
    # The searches' UCB constant, measured (heuristic.py).
    exploration = EXPLORATION
    # The app's hint says why (docs/engine.md, "A game in the app").
    hint_reason = staticmethod(views.hint_reason)
    # In the new game form and the help: each level's budget and how it plays here.
    level_notes: ClassVar[dict[str, str]] = {
        "mcts:easy": "quick, never far off its best",
        "mcts:normal": "short look, guesses unseen",
        "mcts:hard": "4 s on all cores: sharpest",
    }

    def new_game(self, seed: int, players: int, variant: str | None = None) -> RodentsState:
        check_setup(self, seed, players, variant)
        return rules.new_game(seed, players, variant)

    def current_player(self, state: RodentsState) -> int | None:
        return None if state.step == OVER else state.player

    def is_over(self, state: RodentsState) -> bool:
        return state.step == OVER

    def turn(self, state: RodentsState) -> int:
        return state.turn

    def __repr__(self) -> str:
        return f"<game {self.id}>"


# Checked against the protocol with this game's own types (a missing or mistyped function is an error).
GAME: Game[RodentsState, RodentsAction] = RodentsGame()
