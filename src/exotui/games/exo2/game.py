"""EXO n°2 on the engine protocol: the module-level GAME. The rules themselves live in rules.py."""

from __future__ import annotations

import math
import random

import msgspec

from exotui.games.exo2 import rules
from exotui.games.exo2.cards import FEATURES, planet_name
from exotui.games.exo2.state import Exo2State, Take

# How much an open run (two planets in a line sharing a feature, third square empty) is worth against a point
# already scored, at the start of a Galaxy; it fades as the planets left to place run out.
OPEN_RUN_WEIGHT = 0.35
# Points of lead that make a seat about e (2.7) times as likely to win as its rival, in `evaluate`.
EVALUATE_TEMPERATURE = 2.0

_SIDES = {(-1, -1): "above-left", (0, -1): "above", (1, -1): "above-right", (-1, 0): "left", (1, 0): "right"}
_SIDES |= {(-1, 1): "below-left", (0, 1): "below", (1, 1): "below-right"}


def _where(x: int, y: int) -> str:
    """Where (x, y) lies from the Star, in words: "left of the Star", "2 above and 1 right of the Star"."""
    if max(abs(x), abs(y)) == 1:
        return f"{_SIDES[(x, y)]} of the Star"
    parts = []
    if y:
        parts.append(f"{abs(y)} {'above' if y < 0 else 'below'}")
    if x:
        parts.append(f"{abs(x)} {'left' if x < 0 else 'right'}")
    return f"{' and '.join(parts)} of the Star"


class Exo2Game:
    id = "exo2"
    title = "EXO n°2"
    player_counts = (2, 3)
    variants: tuple[str, ...] = ()
    rules_version = "1"
    action_type = Take
    state_type = Exo2State

    new_game = staticmethod(rules.new_game)
    current_player = staticmethod(rules.current_player)
    legal_actions = staticmethod(rules.legal_actions)
    apply = staticmethod(rules.apply)
    is_over = staticmethod(rules.is_over)
    turn = staticmethod(rules.turn)
    outcome = staticmethod(rules.outcome)

    @staticmethod
    def view(state: Exo2State, seat: int) -> Exo2State:
        # Everything is public after the deal; only the generator state is hidden.
        return msgspec.structs.replace(state, rng=0)

    @staticmethod
    def determinize(view: Exo2State, seat: int, rng: random.Random) -> Exo2State:
        return msgspec.structs.replace(view, rng=rng.getrandbits(64))

    @staticmethod
    def describe(state: Exo2State, action: Take) -> str:
        seat = rules.planets_placed(state) % state.players
        text = f"Seat {seat + 1} takes the {planet_name(action.token)} and places it {_where(action.x, action.y)}"
        points = rules.placement_points(state.galaxies[seat], action.token, action.x, action.y)
        if not any(points):
            return text
        scored = ", ".join(f"{name} +{n}" for name, n in zip(FEATURES, points, strict=True) if n)
        return f"{text}, scoring {sum(points)} ({scored})"

    @staticmethod
    def evaluate(state: Exo2State) -> tuple[float, ...]:
        """Per seat, a win chance in [0, 1] summing to 1: points plus fading open runs, through a softmax."""
        if rules.is_over(state):
            return rules.outcome(state)
        each = rules.PLANETS_EACH[state.players]
        projected = [
            sum(rules.galaxy_points(galaxy)) + OPEN_RUN_WEIGHT * rules.open_runs(galaxy) * (each - len(galaxy)) / each
            for galaxy in state.galaxies
        ]
        top = max(projected)
        weights = [math.exp((value - top) / EVALUATE_TEMPERATURE) for value in projected]
        total = sum(weights)
        return tuple(weight / total for weight in weights)


GAME = Exo2Game()
