"""Cryptid puzzles: what makes a set of clues a puzzle, drawing one from the seed, and exact deduction.

A puzzle (RULINGS.md section 4) is a set of clues whose spaces share exactly one space, the habitat; no clue can be
left out without leaving more than one space; no clue appears twice or with its negation; and some hint family is
unused by all of them, so the puzzle has a true hint. Everything works on the board's clue masks (`board.clue_masks`).

Deduction (`assignments`) enumerates every way to give clues to the colours whose clue is unknown that agrees with
the pieces on the map and makes a puzzle with the known clues: determinize samples from it, the AI and the
learning aid count over it.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Final

from exotui.engine.rng import below, shuffled
from exotui.games.cryptid.cards import CLUES, HINTS, SPACES, negation

# Puzzle draws tried on one map before the map itself is drawn again (RULINGS.md: "both are drawn again").
DRAWS_PER_MAP: Final = 40
# Search steps of one draw: a draw whose habitat admits no puzzle quickly gives up and the next one starts.
STEPS_PER_DRAW: Final = 400


def unused_hints(clues: Sequence[int]) -> tuple[int, ...]:
    """The hint families (indices in cards.HINTS) none of `clues` belongs to: the hints true of the puzzle."""
    used: set[int] = set()
    for clue in clues:
        used |= CLUES[clue].families
    return tuple(family for family in range(len(HINTS)) if family not in used)


def habitat(masks: Sequence[int], clues: Sequence[int]) -> int | None:
    """The one space every clue allows, or None when there are none or several."""
    common = (1 << SPACES) - 1
    for clue in clues:
        common &= masks[clue]
    if common == 0 or common & (common - 1):
        return None
    return common.bit_length() - 1


def is_puzzle(masks: Sequence[int], clues: Sequence[int]) -> bool:
    """True when `clues` meet every constraint of a puzzle on the board whose clue masks are `masks`."""
    chosen = set(clues)
    if len(chosen) != len(clues) or any(negation(clue) in chosen for clue in clues):
        return False
    return habitat(masks, clues) is not None and _minimal(masks, clues) and bool(unused_hints(clues))


def _minimal(masks: Sequence[int], clues: Sequence[int]) -> bool:
    """No clue can be left out: without any one of them, more than one space remains."""
    every = (1 << SPACES) - 1
    prefix = [every]
    for clue in clues:
        prefix.append(prefix[-1] & masks[clue])
    suffix = every
    for index in range(len(clues) - 1, -1, -1):
        others = prefix[index] & suffix
        if not others & (others - 1):
            return False
        suffix &= masks[clues[index]]
    return True


def draw_puzzle(rng: int, masks: Sequence[int], size: int, pool: Sequence[int]) -> tuple[tuple[int, ...] | None, int]:
    """A puzzle of `size` clues from `pool` drawn with the generator state `rng`, or None; and the new state.

    Three-clue puzzles are all listed and one is drawn uniformly (a few ms; a random search could wander long on
    a map with few of them). For more clues, each draw picks a habitat at random, shuffles the clues allowing it,
    and searches their combinations in that order for a puzzle (a clue that does not narrow the spaces left is
    never added: it could be left out).
    """
    if size == 3:
        triples = _triples(masks, pool)
        if not triples:
            return None, rng
        pick, rng = below(rng, len(triples))
        return triples[pick], rng
    for _ in range(DRAWS_PER_MAP):
        spot, rng = below(rng, SPACES)
        bit = 1 << spot
        order, rng = shuffled(rng, [clue for clue in pool if masks[clue] & bit])
        found = _search(masks, order, size, bit)
        if found is not None:
            return found, rng
    return None, rng


def _triples(masks: Sequence[int], pool: Sequence[int]) -> list[tuple[int, int, int]]:
    """Every three-clue puzzle from `pool`, in pool order."""
    found = []
    count = len(pool)
    for i in range(count):
        first = pool[i]
        a = masks[first]
        for j in range(i + 1, count):
            second = pool[j]
            b = masks[second]
            ab = a & b
            if ab in (a, b) or not ab & (ab - 1) or second == negation(first):
                continue
            for third in pool[j + 1 :]:
                c = masks[third]
                abc = ab & c
                if not abc or abc & (abc - 1):
                    continue
                ac, bc = a & c, b & c
                if not ac & (ac - 1) or not bc & (bc - 1) or negation(third) in (first, second):
                    continue
                if unused_hints((first, second, third)):
                    found.append((first, second, third))
    return found


def _search(masks: Sequence[int], order: Sequence[int], size: int, target: int) -> tuple[int, ...] | None:
    steps = 0
    chosen: list[int] = []

    def walk(start: int, common: int) -> bool:
        nonlocal steps
        for index in range(start, len(order)):
            steps += 1
            if steps > STEPS_PER_DRAW:
                return False
            clue = order[index]
            narrowed = common & masks[clue]
            if narrowed == common or negation(clue) in chosen:
                continue
            chosen.append(clue)
            if len(chosen) == size:
                if narrowed == target and is_puzzle(masks, chosen):
                    return True
            elif narrowed != target and walk(index + 1, narrowed):
                return True
            chosen.pop()
        return False

    return tuple(chosen) if walk(0, (1 << SPACES) - 1) else None


@lru_cache(maxsize=64)
def assignments(
    masks: tuple[int, ...],
    known: tuple[int, ...],
    candidates: tuple[tuple[int, ...], ...],
    hint: int | None,
) -> tuple[tuple[int, ...], ...]:
    """Every choice of one clue per unknown colour (from its `candidates`) making a puzzle with the `known` clues.

    `candidates[i]` lists the clues colour i might hold (those agreeing with its pieces); `hint`, once revealed, is
    a family no clue may belong to. Each answer gives the clues in the order of `candidates`. Cached: a search asks
    for the same position thousands of times.
    """
    order = sorted(range(len(candidates)), key=lambda i: len(candidates[i]))
    allowed = [tuple(clue for clue in candidates[i] if hint is None or hint not in CLUES[clue].families) for i in order]
    common = (1 << SPACES) - 1
    for clue in known:
        common &= masks[clue]
    taken = set(known) | {negation(clue) for clue in known}
    found: list[tuple[int, ...]] = []
    chosen: list[int] = []
    last = len(order) - 1

    def walk(depth: int, common: int) -> None:
        for clue in allowed[depth]:
            if clue in taken:
                continue
            narrowed = common & masks[clue]
            if narrowed == common or not narrowed:
                continue
            single = not narrowed & (narrowed - 1)
            if depth == last:
                if single and _valid_leaf(masks, known, chosen, clue, hint):
                    found.append((*chosen, clue))
                continue
            if single:
                continue
            chosen.append(clue)
            taken.add(clue)
            taken.add(negation(clue))
            walk(depth + 1, narrowed)
            taken.discard(clue)
            taken.discard(negation(clue))
            chosen.pop()

    if not order:
        return ((),) if is_puzzle(masks, known) else ()
    walk(0, common)
    inverse = [order.index(i) for i in range(len(order))]
    return tuple(tuple(answer[inverse[i]] for i in range(len(order))) for answer in found)


def _valid_leaf(masks: Sequence[int], known: Sequence[int], chosen: Sequence[int], last: int, hint: int | None) -> bool:
    clues = (*known, *chosen, last)
    if not _minimal(masks, clues):
        return False
    free = unused_hints(clues)
    return hint in free if hint is not None else bool(free)
