"""The AI hooks for Cryptid: a quick judgement of a position, the simple deducer as the playout policy, and the
root decisions worth searching, chosen by exact deduction.

Both read a seat's own clue(s) and the public pieces only, so the simple deducer is honest on a view too: the
`policy` player plays it as the arenas' baseline.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Final

from exotui.games.cryptid.board import ALL, clue_masks, spaces
from exotui.games.cryptid.cards import SPACES
from exotui.games.cryptid.rules import ask_spaces, colour_count, colours_of, cubed
from exotui.games.cryptid.state import ANSWER, OPENING, PENALTY, TURN, Ask, CryptidState, Search
from exotui.games.cryptid.view import candidate_clues, deduce

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


def habitat_odds(seen: CryptidState) -> dict[int, float] | None:
    """Per space, the share of the puzzles deduction keeps (`view.deduce`) whose habitat it is; None when they are
    too many to list (before the opening cubes of a large advanced game)."""
    deduction = deduce(seen)
    if deduction.options is None:
        return None
    masks = clue_masks(seen.board)
    common = ALL
    for clue in deduction.known:
        common &= masks[clue]
    counts: dict[int, int] = {}
    for option in deduction.options:
        left = common
        for clue in option:
            left &= masks[clue]
        spot = left.bit_length() - 1
        counts[spot] = counts.get(spot, 0) + 1
    total = len(deduction.options)
    return {spot: count / total for spot, count in sorted(counts.items())}


def search_actions(seen: CryptidState, seat: int, actions: Sequence[Any]) -> list[Any]:
    """The decisions worth searching at the root, from the view alone (so honest and the same for every truth):

    - a turn: with one habitat left by deduction, its search only; else the searches of the spaces deduction
      leaves, and the QUESTIONS questions expected to narrow the puzzles down most (the answer splits the puzzles
      kept most evenly); never the hint;
    - an opening or forced cube: the CUBES spaces that tell the others least (the most of your still-possible
      clues rule them out too);
    - the colour of a cube answer (two-player variant): the quieter one alone, so a bluff takes no longer;
    - moving a disc: every legal action.
    """
    if seen.step == TURN:
        return _turn_actions(seen, seat, actions)
    if seen.step in (OPENING, PENALTY) and len(actions) > CUBES:
        return _quiet_cubes(seen, actions)
    if seen.step == ANSWER:
        # Decided at once, by the view, whether or not a bluff is possible: a search only when there is a choice
        # would let the other player time the pause.
        return _quiet_cubes(seen, actions, seen.target)[:1]
    return list(actions)


# Questions kept at a turn's root: enough for the best to be among them, few enough for a 1 s search to tell
# them apart (about 1,000 iterations).
QUESTIONS: Final = 12
# Cube spaces kept at an opening or forced cube's root.
CUBES: Final = 8


def _turn_actions(seen: CryptidState, seat: int, actions: Sequence[Any]) -> list[Any]:
    deduction = deduce(seen)
    searches = [action for action in actions if type(action) is Search]
    asks = [action for action in actions if type(action) is Ask]
    if deduction.options is None:
        left = candidates(seen, seat)
        return [action for action in searches + asks if left >> action.space & 1] or searches
    odds = habitat_odds(seen)
    assert odds is not None
    searches = [action for action in searches if action.space in odds]
    if len(odds) == 1 or not asks:
        return searches
    masks = clue_masks(seen.board)
    total = len(deduction.options)
    split: dict[tuple[int, int], int] = {}
    for seat_asked in {action.seat for action in asks}:
        columns = [deduction.unknown.index(colour) for colour in colours_of(seen.players, seat_asked)]
        # Puzzles grouped by the asked seat's clue(s): each group answers every space alike.
        groups: dict[int, int] = {}
        for option in deduction.options:
            allowed = ALL
            for column in columns:
                allowed &= masks[option[column]]
            groups[allowed] = groups.get(allowed, 0) + 1
        for spot in range(SPACES):
            split[spot, seat_asked] = sum(count for allowed, count in groups.items() if allowed >> spot & 1)

    def expected_left(action: Ask) -> float:
        discs = split[action.space, action.seat]
        return (discs * discs + (total - discs) ** 2) / total

    useful = [action for action in asks if 0 < split[action.space, action.seat] < total]
    useful.sort(key=expected_left)
    return searches + useful[:QUESTIONS]


def _quiet_cubes(seen: CryptidState, actions: Sequence[Any], spot: int | None = None) -> list[Any]:
    """The cubes (or cube answers on `spot`) that leave the most clues of their colour possible, quietest first."""
    masks = clue_masks(seen.board)
    possible = {colour: candidate_clues(seen, colour) for colour in {action.colour for action in actions}}

    def still_possible(action: Any) -> int:
        where = action.space if spot is None else spot
        return sum(1 for clue in possible[action.colour] if not masks[clue] >> where & 1)

    return sorted(actions, key=still_possible, reverse=True)[:CUBES]
