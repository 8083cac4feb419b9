"""A quick judgement of an unfinished EXO n°2 position, for playout cut-offs and the greedy player.

A seat's chance is the softmax over seats of WEIGHTS . features, the weights kept as data in
weights.json with the command that made them (`python -m exotui.ai.fit exo2 ...`, its "refit"): fitted since session
15 on self-play by players who value the Star, and accepted by SPRT against the hand-written weights before them
(docs/evaluation.md has every try and its SPRT).
"""

from __future__ import annotations

import math
from functools import lru_cache
from pathlib import Path
from typing import Final

from exotui.engine.weights import read_weights
from exotui.games.exo2 import rules
from exotui.games.exo2.state import Exo2State

# What a seat's Galaxy holds, never how far the game has gone:
# - points: what its runs score now;
# - open runs: features shared by two planets in a line whose third square is still empty (points one planet could
#   add), times the share of its planets still to place: a run is worth less as the chances to close it run out.
# - star: planets touching its Star, the rules' tie-break on points. 15% of games between searches end tied on points
#   (60 games of `mcts:it=1000`), so where all else is even the evaluation leans to the tie-break.
# The hand-written weights were 0.35 open runs per point (tuned greedy against greedy: 0.35 beat 0 (96%), 0.2 (69%)
# and 1.0 (74%), and 0.45 and 0.6 did no better) over a temperature of 2 points (a lead of 2 points made a seat e,
# about 2.7, times as likely to win): 0.5 per point and 0.175 per open run. A planet touching the Star counts 0.1
# point (0.05), so all eight are worth less than a point: at equal iterations `mcts:it=500` with it against the same
# without, SPRT [0, 30] H1 after 880 games, +28.1 Elo (95% CI +5.7..+50.7) (docs/evaluation.md, session 12).
# The fit (session 15) kept points near the hand's 0.5 and open runs near 0.1, and found the Star worth three times
# the hand's guess (0.14: a planet touching it is 0.3 point): not worse than the hand-written weights, SPRT [-25, 5]
# H1 twice, +28.8 Elo (-3.2..+61.2) over the 448 games of its three runs.
FEATURES: Final = ("points", "open runs", "star")
WEIGHTS_PATH: Final = Path(__file__).with_name("weights.json")


WEIGHTS: Final = read_weights(WEIGHTS_PATH, FEATURES)

# The searches' UCB constant (engine.protocol.exploration), half the default 0.7, as at ExoFauna and Raging Rodents.
# At equal iterations, `mcts:it=1000:c=0.35` against `mcts:it=1000:c=0.7`: SPRT [0, 30] H1 after 650 games, +34.3
# Elo (95% CI +7.2..+61.8); with it easy's margin went to 0.02 (game.py) and the ladder was measured again
# (docs/strength.md, session 9).
EXPLORATION: Final = 0.35

# The weight of implicit minimax backups in the searches (engine.protocol.minimax_weight): a node's value mixes its
# playouts' mean with the evaluation backed up from the best of its children, so a reply the playouts miss still
# counts. It costs a fifth of an iteration and the levels search their time here, so it was measured at equal time:
# `mcts:it=800:imm=0.3` against `mcts:it=1000`, SPRT [0, 30] H1 after 382 games, +42.0 Elo (95% CI +9.9..+74.9); at
# equal iterations +57.6 (docs/strength.md, session 9).
MINIMAX_WEIGHT: Final = 0.3


def features(state: Exo2State, seat: int) -> tuple[float, ...]:
    """What `seat`'s Galaxy holds (FEATURES)."""
    return _features(state.galaxies[seat], rules.PLANETS_EACH[state.players])


def _features(galaxy: rules.Galaxy, each: int) -> tuple[float, float, float]:
    points, runs, star = _scored(galaxy)
    return float(points), runs * (each - len(galaxy)) / each, float(star)


@lru_cache(maxsize=8192)
def _scored(galaxy: rules.Galaxy) -> tuple[int, int, int]:
    """A Galaxy's points, open runs and planets touching the Star, remembered: a search judges the same Galaxies over
    and over (the other seats' unchanged below every placement it tries), and scoring one is most of an evaluation."""
    return sum(rules.galaxy_points(galaxy)), rules.open_runs(galaxy), rules.star_neighbours(galaxy)


def evaluate(state: Exo2State) -> tuple[float, ...]:
    """Per seat, a win chance in [0, 1] summing to 1: the softmax of the weighted features (the outcome at the end)."""
    if rules.is_over(state):
        return rules.outcome(state)
    w_points, w_runs, w_star = WEIGHTS
    each = rules.PLANETS_EACH[state.players]
    utility = []
    for galaxy in state.galaxies:
        points, runs, star = _features(galaxy, each)
        utility.append(w_points * points + w_runs * runs + w_star * star)
    top = max(utility)
    weights = [math.exp(value - top) for value in utility]
    total = sum(weights)
    return tuple(weight / total for weight in weights)
