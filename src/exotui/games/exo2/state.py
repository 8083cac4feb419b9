"""EXO n°2 state and action: frozen msgspec Structs, so they hash, compare and encode to msgpack as they are.

Galaxy coordinates: the Star sits at (0, 0); x grows to the right and y grows downwards, as on the screen.
"""

from __future__ import annotations

import msgspec

# A Universe slot whose token has been taken.
EMPTY = -1


class Take(msgspec.Struct, frozen=True, tag="take"):
    """Take the available planet `token` from the Universe and place it in your Galaxy at (x, y)."""

    token: int
    x: int
    y: int


class Exo2State(msgspec.Struct, frozen=True):
    players: int
    # The Universe slots, top row first, left to right within a row: a token (0..26) or EMPTY.
    universe: tuple[int, ...]
    # Per seat, the planets placed so far as (x, y, token), in the order they were placed.
    galaxies: tuple[tuple[tuple[int, int, int], ...], ...]
    # The generator state (engine/rng.py) left after dealing the Universe; no rule draws from it after setup.
    rng: int
