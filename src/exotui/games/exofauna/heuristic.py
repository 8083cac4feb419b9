"""A quick judgement of an unfinished ExoFauna/Duo position, for the greedy player and playout cut-offs."""

from __future__ import annotations

import math

from exotui.games.exofauna.cards import BLUE, RING
from exotui.games.exofauna.state import ExoState

# How many "holes' worth" of lead make the position look won (the logistic's scale).
_SCALE = 0.8


def evaluate(state: ExoState) -> tuple[float, float]:
    """Blue's and yellow's chances in [0, 1], summing to 1: claimed holes, then who leads each hole.

    A hole counts for the player ahead in it, weighted by how full it is (a full-looking lead is close to a claim);
    ties lean to the hole's colour, as at resolution.
    """
    lead = (len(state.claimed[0]) - len(state.claimed[1])) / state.target
    for hole in state.holes:
        if hole is None:
            continue
        cards = [card for card in hole.spaces if card >= 0]
        if not cards:
            continue
        blue = len([card for card in cards if card >> 3 == BLUE])
        margin = 2 * blue - len(cards) + (0.5 if hole.colour == BLUE else -0.5)
        lead += math.copysign(len(cards) / RING, margin) * min(1.0, abs(margin) / 2) / state.target
    blue_chance = 1 / (1 + math.exp(-lead / _SCALE))
    return blue_chance, 1 - blue_chance
