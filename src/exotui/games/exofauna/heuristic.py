"""A quick judgement of an unfinished ExoFauna/Duo position, for the greedy player and playout cut-offs.

A seat's chance is the logistic of WEIGHTS . (its features minus its rival's), the weights kept as data in
weights.json with the command that made them (`python -m exotui.ai.fit exofauna ...`, its "refit"): fitted since
session 15 on self-play, a claimed hole twice as sure as the hand-written 1.25 and a hole lead a fifth of it, and
accepted by SPRT against the hand-written weights (docs/evaluation.md has every try and its SPRT).
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from pathlib import Path
from typing import Final

from exotui.engine.weights import read_weights
from exotui.games.exofauna.cards import RING
from exotui.games.exofauna.state import ExoState

# Every feature is what a seat holds towards claiming holes, never how far its turn has gone (a tempo signal, such
# as cards in hand, predicts the result in self-play yet the search would chase it: docs/strength.md):
# - claimed: holes claimed, over the holes needed to win;
# - hole lead: per hole the seat is ahead in (ties to the hole's colour, as at resolution), how full the hole is
#   times how safe the lead is (a margin of 2 is safe), over the holes needed to win;
# - locked: holes the seat claims even if every free space goes to its rival, over the holes needed to win.
FEATURES: Final = ("claimed", "hole lead", "locked")
WEIGHTS_PATH: Final = Path(__file__).with_name("weights.json")
WEIGHTS: Final = read_weights(WEIGHTS_PATH, FEATURES)

# The searches' UCB constant (engine.protocol.exploration), half the default 0.7: a search spending more of its budget
# on the decisions that look best is the stronger here. At equal iterations, `mcts:it=1000:c=0.35` against
# `mcts:it=1000:c=0.7`: SPRT [0, 30] H1 after 602 games, +34.7 Elo (95% CI +7.6..+62.3) (docs/strength.md).
EXPLORATION: Final = 0.35

# The weight of implicit minimax backups in the searches (engine.protocol.minimax_weight): a node's value mixes its
# playouts' mean with the evaluation backed up from the best of its children, so a reply the playouts miss still
# counts. At equal iterations, `mcts:it=1000:imm=0.3` against `mcts:it=1000`: SPRT [0, 30] H1 after 412 games, +42.4
# Elo (95% CI +10.1..+75.4); it costs about 15% of an iteration, and easy and normal search a number of iterations
# here (LEVEL_ITERATIONS) well inside their time (docs/strength.md, session 9).
MINIMAX_WEIGHT: Final = 0.3

# The levels' searches, capped (engine.protocol.level_iterations): at the levels' times alone hard searched 3.4 to 8
# times normal's 17,000 iterations, and half the deals went to the seat, not the player (+103 Elo at 3.4 times, no
# verdict after 104 games). Normal's 4,000 against easy's 1,000 (with its draw) and hard's whole 4 s on every core
# (57,000 iterations or more) put each level a ladder apart. Figures and commands: docs/strength.md (session 8).
LEVEL_ITERATIONS: Final = {"easy": 1000, "normal": 4000}


def _tally(state: ExoState) -> Iterator[tuple[int, float]]:
    """Per hole holding organisms: how many, and the margin from blue's side (seat 0), a tie going to the hole's
    colour as at resolution (so never 0: the sign says who leads)."""
    for hole in state.holes:
        if hole is None:
            continue
        cards = 0
        blue = 0
        for card in hole.spaces:
            if card >= 0:
                cards += 1
                if card < 8:  # blue organisms are cards 0-7 (cards.py: the colour is card >> 3)
                    blue += 1
        if cards:
            yield cards, 2 * blue - cards + (0.5 if hole.colour == 0 else -0.5)


def seat_features(state: ExoState) -> tuple[tuple[float, float, float], tuple[float, float, float]]:
    """Both seats' features (FEATURES), from the true state: a determinization when searching."""
    target = state.target
    lead = [0.0, 0.0]
    locked = [0, 0]
    for cards, margin in _tally(state):
        leader = 0 if margin > 0 else 1
        lead[leader] += cards / RING * min(1.0, abs(margin) / 2)
        if abs(margin) > RING - cards:
            locked[leader] += 1
    claimed = state.claimed
    return (
        (len(claimed[0]) / target, lead[0] / target, locked[0] / target),
        (len(claimed[1]) / target, lead[1] / target, locked[1] / target),
    )


def features(state: ExoState, seat: int) -> tuple[float, ...]:
    """What `seat` holds towards claiming holes (FEATURES), for the fitting tool."""
    return seat_features(state)[seat]


def evaluate(state: ExoState) -> tuple[float, float]:
    """Blue's and yellow's chances in [0, 1], summing to 1: the logistic of the weighted difference of features.

    seat_features' weighted differences in one pass, building no tuples: this runs once per playout.
    """
    w_claimed, w_lead, w_locked = WEIGHTS
    lead = 0.0
    for cards, margin in _tally(state):
        size = abs(margin)
        held = w_lead * cards / RING * min(1.0, size / 2) + (w_locked if size > RING - cards else 0.0)
        lead += held if margin > 0 else -held
    claimed = state.claimed
    lead = (lead + w_claimed * (len(claimed[0]) - len(claimed[1]))) / state.target
    blue_chance = 1 / (1 + math.exp(-lead))
    return blue_chance, 1 - blue_chance
