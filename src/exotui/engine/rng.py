"""The seeded generator that lives inside game states.

A state holds one 64-bit integer; reducers draw from it with these pure functions and store the
successor. SplitMix64 is tiny, fast in pure Python and passes BigCrush, which is all a card shuffle needs.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")

_MASK = (1 << 64) - 1
_GAMMA = 0x9E3779B97F4A7C15


def seed_state(seed: int) -> int:
    """The generator state for a user-visible seed (any int, negative or huge)."""
    return _mix(seed & _MASK)


def _mix(z: int) -> int:
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


def next_u64(state: int) -> tuple[int, int]:
    """One 64-bit draw and the successor state."""
    state = (state + _GAMMA) & _MASK
    return _mix(state), state


def below(state: int, n: int) -> tuple[int, int]:
    """A draw in range(n) and the successor state (n <= 2**32, so the modulo bias is below 2**-32)."""
    value, state = next_u64(state)
    return value % n, state


def shuffled(state: int, items: Sequence[T]) -> tuple[tuple[T, ...], int]:
    """A Fisher-Yates shuffle of `items` and the successor state."""
    out = list(items)
    for i in range(len(out) - 1, 0, -1):
        j, state = below(state, i + 1)
        out[i], out[j] = out[j], out[i]
    return tuple(out), state
