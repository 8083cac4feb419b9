"""What a seat may know of an EXO n°2 position, a full position consistent with it, and move sentences.

Everything is public once the Universe is dealt face up; only the generator state is hidden.
"""

from __future__ import annotations

import random

import msgspec

from exotui.games.exo2 import rules
from exotui.games.exo2.cards import FEATURES, planet_name
from exotui.games.exo2.state import Exo2State, Take

SEAT_NAMES = ("Seat 1", "Seat 2", "Seat 3")

_SIDES = {(-1, -1): "above-left", (0, -1): "above", (1, -1): "above-right", (-1, 0): "left", (1, 0): "right"}
_SIDES |= {(-1, 1): "below-left", (0, 1): "below", (1, 1): "below-right"}


def view(state: Exo2State, seat: int) -> Exo2State:
    return msgspec.structs.replace(state, rng=0)


def determinize(view: Exo2State, seat: int, rng: random.Random) -> Exo2State:
    return msgspec.structs.replace(view, rng=rng.getrandbits(64))


def where(x: int, y: int) -> str:
    """Where (x, y) lies from the Star, in words: "left of the Star", "2 above and 1 right of the Star"."""
    if max(abs(x), abs(y)) == 1:
        return f"{_SIDES[(x, y)]} of the Star"
    parts = []
    if y:
        parts.append(f"{abs(y)} {'above' if y < 0 else 'below'}")
    if x:
        parts.append(f"{abs(x)} {'left' if x < 0 else 'right'}")
    return f"{' and '.join(parts)} of the Star"


def describe(state: Exo2State, action: Take) -> str:
    """One sentence for the log, from the state before the action, with the points the placement scores."""
    seat = rules.planets_placed(state) % state.players
    text = f"{SEAT_NAMES[seat]} takes the {planet_name(action.token)} and places it {where(action.x, action.y)}"
    points = rules.placement_points(state.galaxies[seat], action.token, action.x, action.y)
    if not any(points):
        return f"{text}."
    scored = ", ".join(f"{name} +{n}" for name, n in zip(FEATURES, points, strict=True) if n)
    return f"{text}, scoring {sum(points)} ({scored})."
