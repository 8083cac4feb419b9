"""How a game of EXO n°2 was won, for the end screen (the `ending` hook)."""

from __future__ import annotations

from collections.abc import Sequence

from exotui.games.exo2.rules import feature_points, star_neighbours
from exotui.games.exo2.state import Exo2State
from exotui.games.exo2.view import SEAT_NAMES, points_text


def ending(state: Exo2State, seat_labels: Sequence[str]) -> list[str]:
    """Each seat's points by feature, and on a tie for the most points the planets touching the Star of the seats
    tied, which broke it or left it shared.

    A line a seat, one row at 80 columns ("Seat 2 (AI normal): 13 points (size 5, colour 3, type 5)."): with each
    seat's planets touching the Star as well, every line took two there, and the end box had no rows left for how
    the game ended. They count only on a tie, so the tie's line alone gives them."""
    lines = []
    points = feature_points(state)
    for label, (size, colour, kind) in zip(seat_labels, points, strict=True):
        lines.append(f"{label}: {points_text(size + colour + kind)} (size {size}, colour {colour}, type {kind}).")
    totals = [sum(p) for p in points]
    tied = [seat for seat, total in enumerate(totals) if total == max(totals)]
    if len(tied) > 1:
        near = ", ".join(f"{SEAT_NAMES[seat]} {star_neighbours(state.galaxies[seat])}" for seat in tied)
        lines.append(f"A tie on {points_text(max(totals))}; planets touching the Star: {near}.")
    return lines
