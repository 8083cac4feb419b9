"""How Cryptid's computer levels reason, as people do (the `level_play` hook, `engine.protocol.LevelPlay`).

- easy: the simple deducer (`heuristic.rollout_action`: a question about a space its own clue(s) and the pieces
  leave, a search once they leave one) with a person's slips: now and then a question about any space.
- normal: a strong person. It knows its own clue(s) and, for every other colour, the clues still agreeing with that
  colour's pieces (and the revealed hint); it scores each space by how many such combinations allow it. It never
  uses the constraint that the whole set of clues is a unique, minimal puzzle (nor lists the puzzles): that is what
  let the search win before anyone had asked a question. It asks about a space it cannot rule out, among the
  questions whose answer is expected to narrow its spaces (the entropy of their scores) by more than its own
  forced cube would give away, preferring those it expects a cube to; it searches once a space's odds reach
  SEARCH_ODDS (in practice, once one space is left).
- hard (and a budget such as "it=300"): None, the search on exact deduction (`heuristic.search_actions`).

Everything reads the deciding seat's view only: two truths behind one view give one decision.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from math import log
from typing import Any, Final

from exotui.games.cryptid.board import ALL, clue_masks, spaces
from exotui.games.cryptid.cards import CLUES, negation
from exotui.games.cryptid.heuristic import candidates, rollout_action
from exotui.games.cryptid.rules import colour_count, colours_of, cubed, legal_actions
from exotui.games.cryptid.state import ANSWER, HIDDEN, NONE, OPENING, PENALTY, RELOCATE, TURN, Ask, CryptidState, Search
from exotui.games.cryptid.view import candidate_clues

# Normal searches its best space once its share of the scores reaches this (tuned: see docs/cryptid.md, Figures).
SEARCH_ODDS: Final = 0.9
# What a bit of one's own clue given away by a forced cube costs, in bits of one's own narrowing.
LEAK_COST: Final = 0.5
# Easy's slips: the share of its questions asked about any space it may ask about, not one it cannot rule out.
SLIP: Final = 0.3
# Questions whose expected narrowing is at least this share of the best one's are alike to a person.
# How strongly normal prefers the questions it expects a cube answer to (see `normal`).
DOUBT: Final = 2.0
# Decisions ranked in the answer (the app's hint shows the first and two next best).
RANKED: Final = 3


def level_play(level: str, seen: CryptidState, seat: int, rng: random.Random) -> list[tuple[Any, float]] | None:
    """The level's decisions, best first, with its estimate of the chance its best space is the habitat after
    each; None for hard and search budgets (the search decides)."""
    if level == "normal":
        return normal(seen, seat, rng)
    if level == "easy":
        return [(easy(seen, seat, rng), 0.0)]
    return None


# ---------------------------------------------------------------------------------------------------------------
# Easy


def easy(seen: CryptidState, seat: int, rng: random.Random) -> Any:
    actions = legal_actions(seen)
    if seen.step == TURN and rng.random() < SLIP and candidates(seen, seat).bit_count() > 1:
        asks = [action for action in actions if type(action) is Ask]
        if asks:
            return asks[int(rng.random() * len(asks))]
    return rollout_action(seen, actions, rng)


# ---------------------------------------------------------------------------------------------------------------
# Normal


def possible_clues(seen: CryptidState, colour: int) -> tuple[int, ...]:
    """The clues `colour` could hold as a person works it out from `seen`: those agreeing with its pieces, outside
    the revealed hint's family, other than the clues the view shows and their negations (the learning aid lists
    them)."""
    known = [clue for clue in seen.clues if clue != HIDDEN]
    taken = set(known) | {negation(clue) for clue in known}
    hint = seen.hint if seen.hint_by != NONE else None
    return tuple(
        clue
        for clue in candidate_clues(seen, colour)
        if clue not in taken and (hint is None or hint not in CLUES[clue].families)
    )


class Reasoning:
    """A person's reading of the map from `seat`'s view: per other colour the clues still possible (as a bit set
    over a list, so that counting the clues allowing a space is one popcount), and each space's score."""

    def __init__(self, seen: CryptidState, seat: int) -> None:
        self.seen = seen
        self.masks = clue_masks(seen.board)
        self.own = colours_of(seen.players, seat)
        left = ALL & ~cubed(seen)
        for colour in self.own:
            left &= self.masks[seen.clues[colour]]
        # Per other colour: its possible clues, and per space the bit set of those allowing it.
        self.possible: dict[int, list[int]] = {}
        self.signature: dict[int, list[int]] = {}
        for colour in range(colour_count(seen.players)):
            if colour in self.own:
                continue
            clues = list(possible_clues(seen, colour))
            self.possible[colour] = clues
            signature = [0] * 108
            for index, clue in enumerate(clues):
                for spot in spaces(self.masks[clue]):
                    signature[spot] |= 1 << index
            self.signature[colour] = signature
        # Each space's score: the combinations of one possible clue per other colour that allow it.
        self.weights: dict[int, float] = {}
        for spot in spaces(left):
            weight = 1
            for signature in self.signature.values():
                weight *= signature[spot].bit_count()
                if not weight:
                    break
            if weight:
                self.weights[spot] = float(weight)
        self.total = sum(self.weights.values())

    def odds(self) -> dict[int, float]:
        return {spot: weight / self.total for spot, weight in self.weights.items()}

    def split(self, spot: int, seat: int) -> tuple[dict[int, float], dict[int, float]]:
        """The scores after asking `seat` about `spot`: if it answers with discs (all its clues allow it), and with
        a cube (which also takes `spot` out)."""
        colours = colours_of(self.seen.players, seat)
        discs: dict[int, float] = {}
        cube: dict[int, float] = {}
        for candidate, weight in self.weights.items():
            share = weight
            for colour in colours:
                signature = self.signature[colour]
                share *= (signature[candidate] & signature[spot]).bit_count() / signature[candidate].bit_count()
            if share:
                discs[candidate] = share
            if weight - share > 1e-9 and candidate != spot:
                cube[candidate] = weight - share
        return discs, cube


def _entropy(weights: dict[int, float]) -> float:
    total = sum(weights.values())
    if total <= 0:
        return 0.0
    return log(total) - sum(weight * log(weight) for weight in weights.values()) / total


def _best(weights: dict[int, float]) -> float:
    total = sum(weights.values())
    return max(weights.values()) / total if total > 0 else 0.0


def normal(seen: CryptidState, seat: int, rng: random.Random) -> list[tuple[Any, float]]:
    actions = legal_actions(seen)
    if seen.step in (OPENING, PENALTY, ANSWER, RELOCATE):
        return [(action, 0.0) for action in quiet(seen, actions, rng)[:RANKED]]
    reasoning = Reasoning(seen, seat)
    odds = reasoning.odds()
    ranked_spaces = sorted(odds, key=lambda spot: (-odds[spot], rng.random()))
    searches = [(Search(spot), odds[spot]) for spot in ranked_spaces if Search(spot) in actions]
    if searches and (searches[0][1] >= SEARCH_ODDS or len(odds) == 1):
        return searches[:RANKED]
    before = _entropy(reasoning.weights)
    leak = _cube_leak(seen, seat)
    scored: list[tuple[float, float, Any, float]] = []
    for action in actions:
        # People ask whether the habitat could be on a space they cannot rule out.
        if type(action) is not Ask or action.space not in reasoning.weights:
            continue
        discs, cube = reasoning.split(action.space, action.seat)
        disc_total, cube_total = sum(discs.values()), sum(cube.values())
        p_disc = disc_total / (disc_total + cube_total)
        after = p_disc * _entropy(discs) + (1 - p_disc) * _entropy(cube)
        # The expected narrowing of its spaces, less what its own forced cube would give away after a cube answer.
        gain = before - after - LEAK_COST * (1 - p_disc) * leak
        estimate = p_disc * _best(discs) + (1 - p_disc) * _best(cube)
        scored.append((gain + rng.random() * 1e-6, estimate, action, 1 - p_disc))
    scored.sort(key=lambda item: -item[0])
    if not scored or scored[0][0] <= 1e-6:
        return searches[:RANKED] or [(action, 0.0) for action in actions[:1]]
    # A person does not find the best question each turn: any whose expected narrowing outweighs what its cube
    # would give away will do, the more likely the more it expects a cube (ruling its spaces out one by one).
    # Playing the best question made games among three normals shorter (3.5-3.9 turns per player) without more
    # wins against the deducer; any informative one alike, 3.97 (360 games); weighted by the chance of a cube
    # squared, 4.3-4.4 (240 games) at the same strength (docs/cryptid.md, Figures).
    near = [item for item in scored if item[0] > 1e-6]
    pick = rng.choices(near, [cube**DOUBT + 1e-9 for *_, cube in near])[0]
    scored.remove(pick)
    scored.insert(0, pick)
    return [(action, estimate) for _, estimate, action, _ in scored[:RANKED]]


def _cube_leak(seen: CryptidState, seat: int) -> float:
    """What a forced cube would tell the others of our clue(s), in nats: the share of the clues they still think
    possible that the quietest cube rules out."""
    masks = clue_masks(seen.board)
    free = ALL & ~cubed(seen)
    best = 0.0
    for colour in colours_of(seen.players, seat):
        possible = candidate_clues(seen, colour)
        room = ~masks[seen.clues[colour]] & free
        if not room or not possible:
            continue
        kept = max(sum(1 for clue in possible if not masks[clue] >> spot & 1) for spot in spaces(room))
        best = max(best, kept / len(possible))
    return -log(best) if best > 0 else 0.0


def quiet(seen: CryptidState, actions: Sequence[Any], rng: random.Random) -> list[Any]:
    """The cubes, moved discs or cube colours that tell the others least: those after which the most clues of
    their colour stay possible (ties at random)."""
    masks = clue_masks(seen.board)
    possible = {colour: candidate_clues(seen, colour) for colour in {action.colour for action in actions}}

    def kept(action: Any) -> int:
        spot = seen.target if seen.step == ANSWER else action.space
        allows = seen.step == RELOCATE
        return sum(1 for clue in possible[action.colour] if bool(masks[clue] >> spot & 1) == allows)

    return sorted(actions, key=lambda action: (-kept(action), rng.random()))


def hint_reason(seen: CryptidState, action: Any) -> str | None:
    """Why a hint's search or question is worth it, in one line, as the normal level reasons (the hint is normal's
    decision): a space's share of the clue combinations still possible, or how a question's answer would narrow the
    spaces the seat cannot rule out. None for other decisions."""
    kind = type(action)
    if seen.step != TURN or kind not in (Search, Ask):
        return None
    seat = seen.player
    reasoning = Reasoning(seen, seat)
    count = len(reasoning.weights)
    if kind is Search:
        if count == 1:
            return "Your clues and the pieces leave only this space for the habitat."
        share = reasoning.odds().get(action.space, 0.0)
        return f"The habitat here in {share:.0%} of the clue combinations still possible ({count} spaces left)."
    discs, cube = reasoning.split(action.space, action.seat)
    return f"Of your {count} possible spaces, a disc would leave {len(discs)} and a cube {len(cube)}."
