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

GAME = games.get("exofauna")


def random_positions(seeds: range) -> list[Any]:
    """One position with a real choice from each random game, somewhere in its course."""
    positions = []
    for seed in seeds:
        rng = random.Random(seed)
        state = GAME.new_game(seed, 2)
        stop = rng.randrange(60)
        for _ in range(stop):
            if GAME.current_player(state) is None:
                break
            state = GAME.apply(state, rng.choice(GAME.legal_actions(state)))
        if GAME.current_player(state) is not None and len(GAME.legal_actions(state)) > 1:
            positions.append(state)
    return positions


@pytest.mark.parametrize("state", random_positions(range(6)), ids=lambda s: f"turn{s.turn}")
def test_same_view_different_hidden_cards_and_generator_same_decision(state: Any) -> None:
    seat = GAME.current_player(state)
    view = GAME.view(state, seat)
    # The other hand, the unknown deck orders and the generator dealt anew: a different truth behind the same view.
    twin = GAME.determinize(view, seat, random.Random(12345))
    assert GAME.view(twin, seat) == view
    assert (twin.hands, twin.decks, twin.rng) != (state.hands, state.decks, state.rng)
    results = []
    for truth in (state, twin):
        player = make_player("mcts:it=150", seed=77)
        assert isinstance(player, MctsPlayer)
        results.append(player.decide(GAME, GAME.view(truth, seat), seat))
    assert results[0].action == results[1].action
    assert results[0].stats == results[1].stats


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
    state = random_positions(range(6, 7))[0]
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
