"""The AI hooks for Raging Rodents: a quick judgement of an unfinished position (the greedy player and playout
cut-offs) and the playout policy."""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import Any, Final

from exotui.games.rodents import rules
from exotui.games.rodents.state import AUTOMATON, OVER, Place, Play, Reveal, RodentsState

# Points a card still in hand (or still to come from the automaton's stack) is worth, on average.
CARD_WORTH = 1.5
# A lead of this many points makes a seat e (about 2.7) times as likely to win as its rival; each invasion still to
# come adds as much again, since a fresh deal can turn the game.
TEMPERATURE = 4.0


def evaluate(state: RodentsState) -> tuple[float, ...]:
    """Per seat, a win chance in [0, 1]: points scored, points in the collections now, and cards left to play."""
    if state.step == OVER:
        return rules.outcome(state)
    now = rules.totals(state.collections)
    temperature = TEMPERATURE * (1 + max(0, state.invasions - state.invasion))
    if state.players == 1:
        turns_left = rules.SOLO_TURNS - state.invasion_turns - 1
        own = state.scores[0] + now[0] + CARD_WORTH * len(state.hands[0])
        automaton = state.scores[AUTOMATON] + now[AUTOMATON] + CARD_WORTH * rules.AUTOMATON_CARDS * turns_left
        return (1 / (1 + math.exp(-(own - automaton - 0.5) / temperature)),)
    projected = [
        score + points + CARD_WORTH * len(hand)
        for score, points, hand in zip(state.scores, now, state.hands, strict=True)
    ]
    top = max(projected)
    weights = [math.exp((value - top) / temperature) for value in projected]
    total = sum(weights)
    return tuple(weight / total for weight in weights)


# How often a playout plays a card (or takes the Field play) when it can; otherwise it picks uniformly. Swaps change no
# points, so uniform playouts mostly swap and tell little. In solo against the automaton, mcts:it=1000 over the same
# 100 deals (exotui arena --players mcts:it=1000 --games 100 --seed 1): 54% with 0.7, 45% with uniform playouts.
PLAY_BIAS = 0.7
_PLAYS: Final = (Play, Place, Reveal)


def rollout_action(state: RodentsState, actions: Sequence[Any], rng: random.Random) -> Any:
    """Playout policy: mostly a card played, so that invasions end in playouts as they do in games."""
    plays = [action for action in actions if type(action) in _PLAYS]
    if plays and rng.random() < PLAY_BIAS:
        return plays[int(rng.random() * len(plays))]
    return actions[int(rng.random() * len(actions))]
