"""The AI hooks for Endless Forms: a quick judgement of an unfinished position, and a playout policy."""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import Any

from exotui.games.endless.cards import KINDS, SPECIES, is_species
from exotui.games.endless.rules import TURNS, totals
from exotui.games.endless.state import DeploySpecies, EndDeploy, EndlessState, Pass

# A lead of this many counters makes a seat e (about 2.7) times as likely to win as its rival.
SCALE = 5.0
# What a species in play is worth per turn of its owner left, beyond its counters: its growth less its decline
# over a whole round (two terminations). Half of it, since exertions miss (no prey, Offroading) and it may die.
GROWTH_WEIGHT = 0.5
# A species card in hand: a future deployment, if turns are left to deploy it.
HAND_SPECIES = 1.5
# Playouts: how often a seat holding an event passes at a window, and deploys a species when it can.
PASS_SHARE = 0.9
DEPLOY_SHARE = 0.8


def evaluate(state: EndlessState) -> tuple[float, float]:
    """Each seat's chance in [0, 1], summing to 1: counters now, plus the growth to come and cards to deploy."""
    if state.turn == 0:
        return 0.5, 0.5
    north, south = totals(state)
    values = [float(north), float(south)]
    # Own turns left after this one: the turn player's current turn still has its exertions ahead.
    left = (TURNS - state.turn) / 2
    for seat, side in enumerate(state.species):
        for sp in side:
            info = SPECIES[sp.card % KINDS]
            net = info.x - 2 * info.y - len(state.droughts)
            values[seat] += GROWTH_WEIGHT * net * left
        deployable = sum(1 for card in state.hands[seat] if card >= 0 and is_species(card))
        values[seat] += HAND_SPECIES * min(deployable, left)
    chance = 1 / (1 + math.exp(-(values[0] - values[1]) / SCALE))
    return chance, 1 - chance


def rollout_action(state: EndlessState, actions: Sequence[Any], rng: random.Random) -> Any:
    """Playout policy: hold events at most windows and deploy species rather than stop; otherwise at random."""
    first = actions[0]
    if type(first) is Pass and rng.random() < PASS_SHARE:
        return first
    if type(first) is EndDeploy and rng.random() < DEPLOY_SHARE:
        species = [a for a in actions if type(a) is DeploySpecies]
        if species:
            return species[int(rng.random() * len(species))]
    return actions[int(rng.random() * len(actions))]
