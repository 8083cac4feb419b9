"""The Cryptid game object: static facts and the protocol functions, found by id "cryptid"."""

from __future__ import annotations

from typing import Any

from exotui.engine.protocol import EasyPlay, check_setup
from exotui.games.cryptid import rules
from exotui.games.cryptid import view as views
from exotui.games.cryptid.heuristic import evaluate, hint_reason, rollout_action, search_actions
from exotui.games.cryptid.state import CryptidAction, CryptidState


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
    evaluate = staticmethod(evaluate)
    rollout_action = staticmethod(rollout_action)
    search_actions = staticmethod(search_actions)
    # The app's hint says why (docs/engine.md, "A game in the app").
    hint_reason = staticmethod(hint_reason)
    # Deduction narrows the search to good decisions (search_actions), so drawing among them does not weaken easy:
    # in the two-player variant, drawing uniformly among them it beat normal 13-11, and searching 3 useful questions
    # drawn at random tied 12-12 (24 games each). What a beginner misses is the deduction itself: on half its
    # decisions easy plays the simple deducer (rollout_action: a question about a space its own clues and the
    # pieces leave, a search only once they leave one, a cube anywhere its clue allows). Two players, 48 games
    # each, seats rotated: easy-normal 11-37, easy-greedy 16-32 (on 35% of its decisions: 12-36 and 18-30);
    # three players (easy, normal, greedy), 48 games: 10, 22 and 16 wins.
    easy_play = EasyPlay(policy_share=0.5)

    def new_game(self, seed: int, players: int = 3, variant: str | None = None) -> CryptidState:
        check_setup(self, seed, players, variant)
        return rules.new_game(seed, players, variant)

    def __repr__(self) -> str:
        return f"<game {self.id}>"


GAME: Any = CryptidGame()
