"""The Cryptid game object: static facts and the protocol functions, found by id "cryptid"."""

from __future__ import annotations

from typing import ClassVar

from exotui.engine.protocol import Game, check_setup
from exotui.games.cryptid import rules
from exotui.games.cryptid import view as views
from exotui.games.cryptid.ending import ending
from exotui.games.cryptid.heuristic import evaluate, rollout_action, search_actions
from exotui.games.cryptid.levels import hint_reason, level_play
from exotui.games.cryptid.state import CryptidAction, CryptidState, Hint


class CryptidGame:
    id = "cryptid"
    title = "Cryptid"
    # 2 is the two-player variant: two clues and two colours each.
    player_counts = (2, 3, 4, 5)
    variants = (rules.ADVANCED,)
    rules_version = "cryptid-1"
    action_type = CryptidAction
    state_type = CryptidState
    seat_names = views.SEAT_NAMES

    current_player = staticmethod(rules.current_player)
    legal_actions = staticmethod(rules.legal_actions)
    apply = staticmethod(rules.apply)
    is_over = staticmethod(rules.is_over)
    outcome = staticmethod(rules.outcome)
    turn = staticmethod(rules.turn)
    view = staticmethod(views.view)
    determinize = staticmethod(views.determinize)
    describe = staticmethod(views.describe)
    events = staticmethod(views.events)
    # How the game was won, for the end screen.
    ending = staticmethod(ending)
    evaluate = staticmethod(evaluate)
    rollout_action = staticmethod(rollout_action)
    search_actions = staticmethod(search_actions)
    # The app's hint says why (docs/engine.md, "A game in the app").
    hint_reason = staticmethod(hint_reason)
    # Easy and normal reason as people do (levels.py): the search's exact deduction uses the puzzle's uniqueness and
    # wins before anyone has asked; hard keeps it.
    level_play = staticmethod(level_play)
    # In the new game form: hard is the one level that reasons as no person can.
    level_notes: ClassVar[dict[str, str]] = {
        "mcts:easy": "a beginner's deduction",
        "mcts:normal": "deduces as people do",
        "mcts:hard": "puzzle uniqueness: wins early",
        # Not a beginner here: it guesses the habitat of one puzzle its view allows, unique as every Cryptid puzzle
        # is (its determinization), and beat easy 37-3 and normal 30-10 (docs/strength.md, the ladder).
        "greedy": "instant, bets on one puzzle",
    }
    # RULINGS.md 4: computer players never ask for the hint.
    people_only = (Hint,)

    def new_game(self, seed: int, players: int = 3, variant: str | None = None) -> CryptidState:
        check_setup(self, seed, players, variant)
        return rules.new_game(seed, players, variant)

    def __repr__(self) -> str:
        return f"<game {self.id}>"


# Checked against the protocol with this game's own types (a missing or mistyped function is an error).
GAME: Game[CryptidState, CryptidAction] = CryptidGame()
