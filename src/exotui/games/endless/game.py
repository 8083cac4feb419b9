"""The Endless Forms game object: static facts and the protocol functions, found by id "endless"."""

from __future__ import annotations

from typing import ClassVar

from exotui.engine.protocol import Game, check_setup
from exotui.engine.working import WorkingCopy
from exotui.games.endless import rules
from exotui.games.endless import view as views
from exotui.games.endless.ending import ending
from exotui.games.endless.heuristic import EASY_PLAY, NORMAL_PLAY, evaluate, rollout_action, search_actions
from exotui.games.endless.state import EndlessAction, EndlessState


class EndlessGame:
    id = "endless"
    title = "Endless Forms"
    player_counts = (2,)
    variants: tuple[str, ...] = ()
    rules_version = "endless-2"
    action_type = EndlessAction
    state_type = EndlessState
    seat_names = views.SEAT_NAMES

    current_player = staticmethod(rules.current_player)
    legal_actions = staticmethod(rules.legal_actions)
    apply = staticmethod(rules.apply)
    is_over = staticmethod(rules.is_over)
    outcome = staticmethod(rules.outcome)
    view = staticmethod(views.view)
    determinize = staticmethod(views.determinize)
    describe = staticmethod(views.describe)
    describe_to = staticmethod(views.describe_to)
    events = staticmethod(views.events)
    # How the game was won, for the end screen.
    ending = staticmethod(ending)
    evaluate = staticmethod(evaluate)
    rollout_action = staticmethod(rollout_action)
    search_actions = staticmethod(search_actions)
    # How easy plays here: the playout policy on a share of its decisions (heuristic.EASY_PLAY).
    easy_play = EASY_PLAY
    # And normal, on fewer of them (heuristic.NORMAL_PLAY): the levels a ladder apart.
    normal_play = NORMAL_PLAY
    # In the new game form and the help: each level's budget and how it plays here (a turn is many decisions).
    level_notes: ClassVar[dict[str, str]] = {
        "mcts:easy": "¼ s a choice, may slip",
        "mcts:normal": "1 s a choice, seldom slips",
        "mcts:hard": "4 s a choice, all cores",
    }

    # A playout's cut counts decisions, not passes at reveal windows (every holder is asked at every one): SPRT [0, 30]
    # H1 at equal time, +42.4 Elo (docs/figures.md, "Session 11").
    playout_free = rules.PLAYOUT_FREE

    @staticmethod
    def working_copy(state: EndlessState) -> WorkingCopy:
        return rules.working_copy(state, rollout_action)

    def new_game(self, seed: int, players: int = 2, variant: str | None = None) -> EndlessState:
        check_setup(self, seed, players, variant)
        return rules.new_game(seed)

    def turn(self, state: EndlessState) -> int:
        return max(1, state.turn)

    def __repr__(self) -> str:
        return f"<game {self.id}>"


# Checked against the protocol with this game's own types (a missing or mistyped function is an error).
GAME: Game[EndlessState, EndlessAction] = EndlessGame()
