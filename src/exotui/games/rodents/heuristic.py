"""The AI hooks for Raging Rodents: a quick judgement of an unfinished position (the greedy player and playout
cut-offs) and the playout policy."""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Final

from exotui.engine.protocol import EasyPlay
from exotui.engine.weights import read_weights
from exotui.games.rodents import rules
from exotui.games.rodents.cards import PREDATORS
from exotui.games.rodents.state import ACT, AUTOMATON, MORE, OVER, RodentsState

# Points a card still in hand (or still to come from the automaton's stack) is worth, on average: solo.
CARD_WORTH = 1.5
# A lead of this many points makes the solo seat e (about 2.7) times as likely to win as the automaton; each
# invasion still to come adds as much again, since a fresh deal can turn the game.
TEMPERATURE = 4.0

# Between players: what a seat has, each divided by 1 + the invasions still to come after this one (a fresh deal
# can turn the game): points scored, points its collection would score now, cards in hand, predators in hand, and
# the cards in hand it cannot play before a rival can end the invasion (`stranded`: they score nothing).
FEATURES: Final = ("scored", "collection", "hand", "predators in hand", "stranded", "field play")
# The weights of the features, fitted to self-play by `python -m exotui.ai.fit rodents` (the command and the data
# are in the file); a seat's chance is the softmax over seats of weights . features.
WEIGHTS_PATH: Final = Path(__file__).with_name("weights.json")
WEIGHTS: Final = read_weights(WEIGHTS_PATH, FEATURES)
_PREDATOR_SET: Final = frozenset(PREDATORS)


def features(state: RodentsState, seat: int) -> tuple[float, ...]:
    """What `seat` has, from the true state (a determinization when searching), scaled by the invasions to come."""
    scale = 1 + max(0, state.invasions - state.invasion)
    hand = state.hands[seat]
    return (
        state.scores[seat] / scale,
        rules.totals(state.collections)[seat] / scale,
        len(hand) / scale,
        len(_PREDATOR_SET.intersection(hand)) / scale,
        stranded(state)[seat] / scale,
        (seat == state.ender) / scale,
    )


def stranded(state: RodentsState) -> list[int]:
    """Per seat, the cards in its hand it cannot play before the invasion ends, at the soonest a rival can end it.

    The rules: a turn is one or two actions; the invasion ends once a player has played their last card, every other
    player then takes one last turn, and a card still in hand scores nothing. So a seat holding five cards while a
    rival holds one can play at most four of them (its turn now and its last turn), whatever it does."""
    players, player, hands = state.players, state.player, state.hands
    step = state.step
    if step > MORE:
        # The ender's Field play: every turn of the invasion is taken.
        return [len(hand) for hand in hands]
    # The actions each seat has left in the turn it takes next (the player to move may have used one).
    first = [2] * players
    first[player] = 2 if step == ACT else 1
    offsets = [(seat - player) % players for seat in range(players)]
    if state.ender >= 0:
        # Last turns: the seats from the player to move up to the ender each take theirs.
        last = offsets[state.ender]
        return [max(0, len(hand) - (first[seat] if offsets[seat] < last else 0)) for seat, hand in enumerate(hands)]
    # When each seat could play its last card at the soonest, counted in turns from the player to move's.
    ends = [offsets[seat] + players * max(0, -(-(len(hand) - first[seat]) // 2)) for seat, hand in enumerate(hands)]
    result = []
    for seat, hand in enumerate(hands):
        end = min(ends[:seat] + ends[seat + 1 :])
        # Its turns before a rival's ending turn, then its last turn.
        turns = -(-(end - offsets[seat]) // players) if offsets[seat] < end else 0
        actions = first[seat] + 2 * (turns - 1) + 2 if turns else 2
        result.append(max(0, len(hand) - actions))
    return result


def evaluate(state: RodentsState) -> tuple[float, ...]:
    """Per seat, a win chance in [0, 1]: points scored, points in the collections now, and cards left to play."""
    if state.step == OVER:
        return rules.outcome(state)
    now = rules.totals(state.collections)
    if state.players == 1:
        temperature = TEMPERATURE * (1 + max(0, state.invasions - state.invasion))
        turns_left = rules.SOLO_TURNS - state.invasion_turns - 1
        own = state.scores[0] + now[0] + CARD_WORTH * len(state.hands[0])
        automaton = state.scores[AUTOMATON] + now[AUTOMATON] + CARD_WORTH * rules.AUTOMATON_CARDS * turns_left
        return (1 / (1 + math.exp(-(own - automaton - 0.5) / temperature)),)
    scale = 1 + max(0, state.invasions - state.invasion)
    w_scored, w_now, w_hand, w_predators, w_stranded, w_field = WEIGHTS
    ender = state.ender
    # The predators in a hand counted by a set (every playout that stops is scored here).
    utility = [
        (
            w_scored * score
            + w_now * points
            + w_hand * len(hand)
            + w_predators * len(_PREDATOR_SET.intersection(hand))
            + w_stranded * lost
            + w_field * (seat == ender)
        )
        / scale
        for seat, (score, points, hand, lost) in enumerate(
            zip(state.scores, now, state.hands, stranded(state), strict=True)
        )
    ]
    top = max(utility)
    weights = [math.exp(value - top) for value in utility]
    total = sum(weights)
    return tuple(weight / total for weight in weights)


# How often a playout plays a card (or takes the Field play) when it can; otherwise it picks uniformly. Swaps change no
# points, so uniform playouts mostly swap and tell little. In solo against the automaton, mcts:it=1000 over the same
# 100 deals (exotui arena --players mcts:it=1000 --games 100 --seed 1): 54% with 0.7, 45% with uniform playouts.
PLAY_BIAS = 0.7


def playout_choice(actions: Sequence[Any], plays: Sequence[Any], rng: random.Random) -> Any:
    """Among `actions`, mostly one of `plays` (those that play a card), so that invasions end in playouts as they do
    in games; the search's working copy hands over the plays it listed with the actions (rules.legal_and_plays)."""
    if plays and rng.random() < PLAY_BIAS:
        return plays[int(rng.random() * len(plays))]
    return actions[int(rng.random() * len(actions))]


def rollout_action(state: RodentsState, actions: Sequence[Any], rng: random.Random) -> Any:
    """Playout policy: `playout_choice` among `actions` (the legal ones) and their plays, as the rules list them."""
    return playout_choice(actions, rules.legal_and_plays(state)[1], rng)


# How `mcts:easy` plays (engine.protocol.EasyPlay). A quarter second visits a swap (no points either way) nearly as
# often as the card worth playing, so the default draw often swapped: easy against greedy, SPRT [-50, 50] on pairs
# of games, H0 after 38 games, -94 Elo (95% CI -214..+8). Also leaving out the decisions estimated more than 0.05
# below the search's choice: H1 after 22 games, +212 Elo (95% CI +89..+424), 17-5 (docs/strength.md).
EASY_PLAY: Final = EasyPlay(margin=0.05)

# The levels' searches, capped (engine.protocol.level_iterations): the deal decides much of a game here, so at the
# levels' 1 : 4 : 16 of time hard hardly beat normal (+70 Elo, 12 of 20 deals won by the seat, not the player) and
# normal only just beat easy. Easy's 500 iterations with its draw still beat greedy; normal's 1,000 without a draw
# beat easy far more often than the 75% asked; hard keeps its 4 s on every core, dozens of times normal's search.
# Figures and commands: docs/strength.md ("Raging Rodents: levels by iterations"). Session 7 set them at 500 and 1,000;
# since session 13 an iteration costs less (the working copy, less the end of an invasion in the evaluation: x1.16 to
# x1.22 iterations per CPU second against the code of session 7), so normal searches 15% more in the time its search
# took then. Easy kept its 500 then: with 575 normal's lead over it fell below the ladder's +191 (SPRT [100, 250] H0,
# +145.6 after 106 games; with 500, H1, +240.7 after 40: docs/strength.md, session 13). The evaluation fitted to
# self-play (session 16) helps a small search most: easy at 500 beat greedy by +400 and normal's lead fell to +131 and
# +115 (H0 twice), +146 at 300 (H0); at 200, normal +206 (H1 after 64 games) and easy still +213 over greedy (H1).
# With the fit, hard's 4 s on every core over normal's 1,150 fell to +58 (-21..+145, 60 games, no verdict) where the
# ladder asks +108: once the evaluation is good a deeper search gains little, so normal now searches 400 and easy 150
# (session 17). Hard over normal at 500 was +99 (H1 [0, 100] after 36 games, 64% where 65% is asked); at 400, H1 on
# two sets of deals, +191 (+110..+296) over 52 games. Normal at 400 over easy at 150, +237 (+194..+288) on 300 games;
# easy at 150 over greedy, H1 twice (+42 over 166 games); at 100 easy only tied greedy (-10 after 200, no verdict).
LEVEL_ITERATIONS: Final = {"easy": 150, "normal": 400}

# The searches' UCB constant (engine.protocol.exploration), half the default 0.7: at equal iterations,
# `mcts:it=1000:c=0.35` against `mcts:it=1000:c=0.7`, SPRT [0, 30] H1 after 366 games, +36.2 Elo (95% CI +8.0..+64.9)
# (docs/strength.md).
EXPLORATION: Final = 0.35
