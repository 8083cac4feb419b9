"""How a game of Endless Forms was won, for the end screen (the `ending` hook)."""

from __future__ import annotations

from collections.abc import Sequence

from exotui.games.endless.cards import card_name
from exotui.games.endless.rules import TURNS, totals
from exotui.games.endless.state import EndlessState


def ending(state: EndlessState, seat_labels: Sequence[str]) -> list[str]:
    """Each seat's total population after the last turn, who won by it (or the draw), and each event left face down,
    hidden until the end."""
    north, south = totals(state)
    lines = [f"{seat_labels[0]}: {north} population", f"{seat_labels[1]}: {south} population"]
    if north == south:
        lines.append(f"Equal totals after {TURNS} turns: a draw.")
    else:
        lines.append(f"{seat_labels[0] if north > south else seat_labels[1]} wins by total population.")
    lines.extend(
        f"{seat_labels[seat]} kept {card_name(card)} face down to the end."
        for seat, card in enumerate(state.events)
        if card >= 0
    )
    return lines
