"""The AI hooks for Endless Forms: a quick judgement of an unfinished position, and a playout policy."""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import Any

from exotui.games.endless.cards import FIRST_HABITAT, HABITATS, KINDS, SPECIES, is_species
from exotui.games.endless.rules import TURNS
from exotui.games.endless.state import DeploySpecies, EndDeploy, EndlessState, Habitat, Pass

# A lead of this many projected counters makes a seat e (about 2.7) times as likely to win as its rival.
SCALE = 5.0
# Predators miss exertions for want of prey: their growth counts at this share.
PREDATOR_SHARE = 0.7
# A species card in hand counts at this share of its growth rate, for as many as turns are left to deploy them.
HAND_SHARE = 0.8
# Playouts: how often a seat holding an event passes at a window, and deploys a species when it can.
PASS_SHARE = 0.9
DEPLOY_SHARE = 0.8


def evaluate(state: EndlessState) -> tuple[float, float]:
    """Each seat's chance in [0, 1], summing to 1, from the counters each seat can expect at the end.

    A species in play is projected over its owner's turns left: one exertion (X, with its resource bonuses) and
    two terminations (2 Y) a round, never below 0, so a species that declines faster than it grows counts for
    less than its counters. Species cards in hand count for the deployments left; a pending Drought costs one.
    """
    left = (TURNS - max(state.turn, 1) + 1) / 2
    values = [0.0, 0.0]
    habitats = state.habitats
    for seat, side in enumerate(state.species):
        for sp in side:
            info = SPECIES[sp.card % KINDS]
            resources = HABITATS[_identity(habitats[sp.habitat]) - FIRST_HABITAT].resources
            growth = info.x + sum(bonus for resource, bonus in info.bonuses if resources & resource)
            if info.predator:
                growth *= PREDATOR_SHARE
            population = sp.population - sum(1 for spared in state.droughts if spared != sp.card)
            values[seat] += max(0.0, population + (growth - 2 * info.y) * left)
        rates = sorted(
            (SPECIES[card % KINDS].x for card in state.hands[seat] if card >= 0 and is_species(card)), reverse=True
        )
        values[seat] += HAND_SHARE * sum(rates[: int(left + 0.5)])
    chance = 1 / (1 + math.exp(-(values[0] - values[1]) / SCALE))
    return chance, 1 - chance


def _identity(habitat: Habitat) -> int:
    return habitat.copy if habitat.copy >= 0 else habitat.card % KINDS


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
