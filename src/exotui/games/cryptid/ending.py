"""How a game of Cryptid was won, for the end screen (the `ending` hook)."""

from __future__ import annotations

from collections.abc import Sequence

from exotui.games.cryptid.board import space_name
from exotui.games.cryptid.cards import CLUES
from exotui.games.cryptid.rules import colours_of
from exotui.games.cryptid.state import CryptidState


def ending(state: CryptidState, seat_labels: Sequence[str]) -> list[str]:
    """Who found the habitat and where, then every seat's clue, hidden until the end."""
    lines = [f"{seat_labels[state.winner]} found the habitat on {space_name(state.habitat)}."]
    for seat in range(state.players):
        clues = " and ".join(CLUES[state.clues[colour]].text for colour in colours_of(state.players, seat))
        lines.append(f"{seat_labels[seat]}: the habitat is {clues}.")
    return lines
