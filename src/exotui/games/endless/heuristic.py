"""A quick judgement of an unfinished Endless Forms position, for the greedy player and playout cut-offs."""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import Any

from exotui.games.endless.rules import totals
from exotui.games.endless.state import EndlessState

# A lead of this many counters makes a seat e (about 2.7) times as likely to win as its rival.
_SCALE = 4.0


def evaluate(state: EndlessState) -> tuple[float, float]:
    """Each seat's chance in [0, 1], summing to 1, from the population lead."""
    north, south = totals(state)
    chance = 1 / (1 + math.exp(-(north - south) / _SCALE))
    return chance, 1 - chance


def rollout_action(state: EndlessState, actions: Sequence[Any], rng: random.Random) -> Any:
    return actions[int(rng.random() * len(actions))]
