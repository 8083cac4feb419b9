"""Endless Forms' evaluation: weights read from data, the logistic of the seats' weighted features."""

from __future__ import annotations

import json
import math

import pytest

from exotui import games
from exotui.games.endless import heuristic
from exotui.games.endless.rules import TURNS
from honesty import random_positions

GAME = games.get("endless")


def test_the_weights_are_the_file_s_with_the_command_that_refits_them() -> None:
    data = json.loads(heuristic.WEIGHTS_PATH.read_text())
    assert tuple(data["features"]) == heuristic.FEATURES
    assert tuple(data["weights"]) == heuristic.WEIGHTS
    assert data["refit"].startswith(("python -m exotui.ai.fit endless", "hand-written"))


def test_the_evaluation_is_the_logistic_of_the_weighted_lead() -> None:
    for state in random_positions(GAME, range(20), (10, 200)):
        north_has, south_has = heuristic.features(state, 0), heuristic.features(state, 1)
        lead = sum(w * (a - b) for w, a, b in zip(heuristic.WEIGHTS, north_has, south_has, strict=True))
        north, south = heuristic.evaluate(state)
        assert north == pytest.approx(1 / (1 + math.exp(-lead)))
        assert 0 <= north <= 1 and north + south == pytest.approx(1)


def test_a_held_event_counts_one_over_the_turn_s_scale() -> None:
    checked = 0
    for state in random_positions(GAME, range(30), (10, 200)):
        scale = heuristic.SCALE + heuristic.SCALE_PER_TURN * (TURNS - max(state.turn, 1))
        for seat in (0, 1):
            held = heuristic.features(state, seat)[heuristic.FEATURES.index("event")]
            assert held == pytest.approx((state.events[seat] >= 0) / scale)
            checked += state.events[seat] >= 0
    assert checked >= 3
