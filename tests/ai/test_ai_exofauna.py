"""The AI on ExoFauna/Duo: it only uses what its seat may know, and it takes a win that is there to take."""

from __future__ import annotations

import os
import random
import subprocess
import sys
from typing import Any

import pytest

from exotui import games
from exotui.ai.players import MctsPlayer, make_player
from honesty import assert_same_decision, random_positions

GAME = games.get("exofauna")


@pytest.mark.parametrize("state", random_positions(GAME, range(6), (0, 60)), ids=lambda s: f"turn{s.turn}")
def test_same_view_different_hidden_cards_and_generator_same_decision(state: Any) -> None:
    # The other hand, the unknown deck orders and the generator dealt anew: a different truth behind the same view.
    assert_same_decision(GAME, state, lambda truth: (truth.hands, truth.decks, truth.rng))


def winning_decisions() -> list[tuple[Any, list[Any]]]:
    """Positions from random games where some decisions, not all, bring the deciding seat to the target first."""
    found = []
    for seed in range(40):
        rng = random.Random(seed)
        state = GAME.new_game(seed, 2)
        while (seat := GAME.current_player(state)) is not None:
            actions = GAME.legal_actions(state)
            if state.first_to_target < 0 and len(actions) > 1:
                wins = [a for a in actions if GAME.apply(state, a).first_to_target == seat]
                if 0 < len(wins) < len(actions):
                    found.append((state, wins))
                    break
            state = GAME.apply(state, rng.choice(actions))
    return found[:8]


@pytest.mark.parametrize(("state", "wins"), winning_decisions(), ids=lambda x: getattr(x, "turn", "wins"))
def test_mcts_takes_the_winning_hole(state: Any, wins: list[Any]) -> None:
    seat = GAME.current_player(state)
    assert make_player("mcts:it=400", seed=3).choose(GAME, GAME.view(state, seat), seat) in wins


def test_cheat_and_fair_search_both_run_on_exofauna() -> None:
    state = random_positions(GAME, range(6, 7), (0, 60))[0]
    seat = GAME.current_player(state)
    cheat, fair = make_player("cheat:it=50"), make_player("mcts:it=50")
    assert isinstance(cheat, MctsPlayer) and isinstance(fair, MctsPlayer)
    assert cheat.decide(GAME, state, seat).exact
    assert not fair.decide(GAME, GAME.view(state, seat), seat).exact


def test_search_does_not_depend_on_the_hash_seed() -> None:
    # Iterating a set of actions or cards would make the choice depend on PYTHONHASHSEED; run it under two.
    script = (
        "from exotui import games; from exotui.ai.players import make_player\n"
        "g = games.get('exofauna'); s = g.new_game(5, 2)\n"
        "r = make_player('mcts:it=300', seed=1).decide(g, g.view(s, 0), 0)\n"
        "print(r.action, [(x.visits, round(x.mean_value, 12)) for x in r.stats])\n"
    )
    outputs = {
        subprocess.run(
            [sys.executable, "-c", script],
            env={**os.environ, "PYTHONHASHSEED": hash_seed},
            capture_output=True,
            text=True,
            check=True,
        ).stdout
        for hash_seed in ("1", "2")
    }
    assert len(outputs) == 1
