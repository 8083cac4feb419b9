"""The AI hooks for Endless Forms: a quick judgement of an unfinished position, and a playout policy."""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import Any

from exotui.games.endless import abilities
from exotui.games.endless.cards import KINDS, PATHOGEN, R_STRATEGIST, SPECIES, VULTURE, WICKED_REFLEXES, is_species
from exotui.games.endless.rules import TURNS
from exotui.games.endless.state import DeploySpecies, EndDeploy, EndlessState, Pass
from exotui.games.endless.table import Table

# A lead of this many projected counters makes a seat e (about 2.7) times as likely to win as its rival.
SCALE = 5.0
# A predator's exertion counts at this share when it has prey now, at the other share when it has none.
WITH_PREY = 0.8
WITHOUT_PREY = 0.3
# A species card in hand counts at this share of its growth rate, for as many as turns are left to deploy them.
HAND_SHARE = 0.8
# An effect that shields a species from predators (r-Strategist, Wicked Reflexes): counters saved over the game.
SHIELD = 0.5
# A Pathogen costs its habitat's species one counter per turn of their owner: spread over the species there.
PATHOGEN_COST = 0.7
# A face-down event: the option to reveal it when it helps most.
EVENT_HELD = 1.0
# Playouts: how often a seat holding an event passes at a window, and deploys a species when it can.
PASS_SHARE = 0.9
DEPLOY_SHARE = 0.8


def evaluate(state: EndlessState) -> tuple[float, float]:
    """Each seat's chance in [0, 1], summing to 1, from the counters each seat can expect at the end.

    A species in play is projected over its owner's turns left: each round one exertion (its growth with the
    bonuses and effects that apply where it stands; a predator's counts less, much less without prey) and two
    terminations (its decline in each, with the reductions and extra losses that apply), never below 0. Species
    cards in hand count for the deployments left; a Pathogen, shields and a face-down event count too.
    """
    left = (TURNS - max(state.turn, 1) + 1) / 2
    values = [0.0, 0.0]
    if state.habitats:
        t = Table(state)
        for sp in t.all_species():
            gain = abilities.growth(t, sp, True)
            if abilities.is_predator(sp):
                gain *= WITH_PREY if abilities.legal_prey(t, sp) else WITHOUT_PREY
            elif sp.kind == VULTURE or abilities.offroaded(t, sp):
                gain *= WITHOUT_PREY
            loss = abilities.decline(t, sp, sp.owner) + abilities.decline(t, sp, 1 - sp.owner)
            value = max(0.0, sp.population + (gain - loss) * left)
            value += SHIELD * sum(1 for e in sp.effects if e % KINDS in (R_STRATEGIST, WICKED_REFLEXES))
            values[sp.owner] += value
        for position, habitat in enumerate(t.habitats):
            sick = sum(1 for e in habitat.effects if e % KINDS == PATHOGEN)
            for seat in (0, 1):
                if sick and any(sp.habitat == position for sp in t.species[seat]):
                    values[seat] -= PATHOGEN_COST * sick * left
    for seat in (0, 1):
        rates = sorted(
            (SPECIES[card % KINDS].x for card in state.hands[seat] if card >= 0 and is_species(card)), reverse=True
        )
        values[seat] += HAND_SHARE * sum(rates[: int(left + 0.5)])
        if state.events[seat] >= 0:
            values[seat] += EVENT_HELD
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
