"""The fitted evaluation: the logistic regression finds known weights, and Raging Rodents' weights are data that
say how they were fitted."""

from __future__ import annotations

import json
import math
import random

import pytest

from exotui import games
from exotui.ai.fit import _solve, log_loss, logistic_fit, self_play
from exotui.games.rodents import heuristic
from honesty import random_positions


def test_the_fit_finds_the_weights_that_made_the_labels() -> None:
    rng = random.Random(3)
    truth = (0.8, -1.5, 0.3)
    samples = []
    for _ in range(4000):
        x = tuple(rng.uniform(-2, 2) for _ in truth)
        p = 1 / (1 + math.exp(-sum(w * v for w, v in zip(truth, x, strict=True))))
        samples.append((x, 1.0 if rng.random() < p else 0.0))
    weights = logistic_fit(samples)
    assert weights == pytest.approx(truth, abs=0.15)
    # The maximum of the likelihood: better than the truth itself on its own sample, far better than nothing.
    assert log_loss(samples, weights) <= log_loss(samples, truth) < log_loss(samples, (0, 0, 0))


def test_a_shared_win_counts_half_each_way() -> None:
    # Labels of one half at x = 1: the fit is indifferent, weight 0.
    assert logistic_fit([((1.0,), 0.5)] * 10) == pytest.approx([0.0], abs=1e-9)


def test_solve_inverts_a_small_system() -> None:
    assert _solve([[0.0, 2.0], [4.0, 1.0]], [2.0, 9.0]) == pytest.approx([2.0, 1.0])


def test_self_play_labels_every_position_with_the_result_from_seat_0() -> None:
    game = games.get("rodents")
    samples = self_play(game, heuristic.features, "greedy", 2, seed=5)
    assert len({label for _, label in samples}) <= 2
    assert all(len(x) == len(heuristic.FEATURES) for x, _ in samples)


def test_rodents_weights_are_data_with_the_command_that_refits_them() -> None:
    data = json.loads(heuristic.WEIGHTS_PATH.read_text())
    assert data["features"] == list(heuristic.FEATURES)
    assert tuple(data["weights"]) == heuristic.WEIGHTS
    assert data["refit"]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_rodents_evaluation_is_the_softmax_of_the_weighted_features(players: int) -> None:
    game = games.get("rodents")
    for state in random_positions(game, range(6), (0, 20), players):
        if game.current_player(state) is None:
            continue
        utility = [
            sum(w * f for w, f in zip(heuristic.WEIGHTS, heuristic.features(state, seat), strict=True))
            for seat in range(players)
        ]
        total = sum(math.exp(u) for u in utility)
        assert game.evaluate(state) == pytest.approx([math.exp(u) / total for u in utility])
