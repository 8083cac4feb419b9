"""How a game of EXO n°2 was won, for the end screen (the `ending` hook)."""

from __future__ import annotations

from collections.abc import Sequence

from exotui.games.exo2.rules import feature_points, star_neighbours
from exotui.games.exo2.state import Exo2State
from exotui.games.exo2.view import points_text


def ending(state: Exo2State, seat_labels: Sequence[str]) -> list[str]:
    """Each seat's points by feature and its planets touching the Star, and the tie-break when it decided."""
    lines = []
    points = feature_points(state)
    for seat, (galaxy, (size, colour, kind)) in enumerate(zip(state.galaxies, points, strict=True)):
        near = star_neighbours(galaxy)
        lines.append(
            f"{seat_labels[seat]}: {points_text(size + colour + kind)} (size {size}, colour {colour}, type {kind}); "
            f"{near} planet{'' if near == 1 else 's'} touching the Star."
        )
    totals = [sum(p) for p in points]
    if totals.count(max(totals)) > 1:
        lines.append(f"A tie on {points_text(max(totals))} goes to more planets touching the Star.")
    return lines
