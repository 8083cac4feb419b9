"""The AI hooks for Cryptid: a quick judgement of a position, and the simple deducer as the playout policy.

Both read a seat's own clue(s) and the public pieces only, so the simple deducer is honest on a view too: the
`policy` player plays it as the arenas' baseline.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Final

from exotui.games.cryptid.board import ALL, clue_masks, spaces
from exotui.games.cryptid.rules import ask_spaces, colour_count, colours_of, cubed
from exotui.games.cryptid.state import TURN, Ask, CryptidState, Search
from exotui.games.cryptid.view import candidate_clues

# How strongly a smaller set of candidate spaces counts: a seat's weight is (1 / candidates) ** SHARPNESS.
SHARPNESS: Final = 2.0
# Each seat later in turn order than the one to play keeps this share of its weight (the one to play searches
# first once it knows).
TURN_DECAY: Final = 0.7
# Revealing the hint helps everyone, the revealer least: computer players must never ask for it (RULINGS.md), so
# a position where a seat revealed it is worth this share of its value to that seat.
HINT_COST: Final = 0.5


def candidates(state: CryptidState, seat: int) -> int:
    """The spaces `seat` cannot rule out from its own clue(s) and the pieces: without a cube, allowed by its own
    clues, and by some clue each other colour could still hold (the joint puzzle constraint is left out)."""
    masks = clue_masks(state.board)
    left = ALL & ~cubed(state)
    own = colours_of(state.players, seat)
    for colour in own:
        left &= masks[state.clues[colour]]
    for colour in range(colour_count(state.players)):
        if colour in own:
            continue
        possible = 0
        for clue in candidate_clues(state, colour):
            possible |= masks[clue]
        left &= possible
    return left


def evaluate(state: CryptidState) -> tuple[float, ...]:
    """Per seat, a win chance summing to 1: fewer candidate spaces is better, and so is playing sooner."""
    players = state.players
    weights = []
    for seat in range(players):
        count = max(1, candidates(state, seat).bit_count())
        weight = count**-SHARPNESS * TURN_DECAY ** ((seat - state.player) % players)
        if state.hint_by == seat:
            weight *= HINT_COST
        weights.append(weight)
    total = sum(weights)
    return tuple(weight / total for weight in weights)


def rollout_action(state: CryptidState, actions: Sequence[Any], rng: random.Random) -> Any:
    """The simple deducer: with one candidate space left it searches it; otherwise it asks a player about a
    candidate space (one it cannot rule out) at random. Other decisions are drawn at random; never the hint."""
    if state.step != TURN:
        return actions[int(rng.random() * len(actions))]
    seat = state.player
    left = list(spaces(candidates(state, seat)))
    if len(left) == 1:
        return Search(left[0])
    rng.shuffle(left)
    others = [other for other in range(state.players) if other != seat]
    for spot in left:
        askable = [other for other in others if ask_spaces(state, other) >> spot & 1]
        if askable:
            return Ask(spot, askable[int(rng.random() * len(askable))])
    return Search(left[int(rng.random() * len(left))])
