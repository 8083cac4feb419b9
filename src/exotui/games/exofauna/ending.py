"""How a game of ExoFauna/Duo was won, for the end screen (the `ending` hook)."""

from __future__ import annotations

from collections.abc import Sequence

from exotui.games.exofauna.cards import COLOUR_LETTERS, card_colour
from exotui.games.exofauna.rules import SAFETY_TURNS
from exotui.games.exofauna.state import ExoState


def ending(state: ExoState, seat_labels: Sequence[str]) -> list[str]:
    """The holes each seat claimed (by colour letter), the safety limit when nobody reached the target, and the
    turns played."""
    lines = []
    for seat, holes in enumerate(state.claimed):
        letters = ", ".join(COLOUR_LETTERS[card_colour(card)] for card in holes) or "none"
        plural = "" if len(holes) == 1 else "s"
        lines.append(f"{seat_labels[seat]} claimed {len(holes)} hole{plural} ({letters}).")
    if max(len(holes) for holes in state.claimed) < state.target:
        lines.append(f"Nobody reached {state.target} before the {SAFETY_TURNS}-turn safety limit [house].")
    lines.append(f"{state.turn} turns were played, first to {state.target} hole{'s' if state.target > 1 else ''}.")
    return lines
