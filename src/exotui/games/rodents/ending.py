"""How a game of Raging Rodents was won, for the end screen (the `ending` hook), and the collections' names."""

from __future__ import annotations

from collections.abc import Sequence

from exotui.games.rodents.state import AUTOMATON, RodentsState
from exotui.games.rodents.view import SEAT_NAMES


def collection_label(state: RodentsState, index: int) -> str:
    """The short name of a collection's owner, as the log names it: 'Seat 2', 'Automaton'."""
    return "Automaton" if state.players == 1 and index == AUTOMATON else SEAT_NAMES[index]


def ending(state: RodentsState, seat_labels: Sequence[str]) -> list[str]:
    """Each collection's points (the automaton's too, in solo), the invasions played with their tie-breaks, and in
    solo the rule that gives a tie to the automaton."""
    names = [
        seat_labels[index] if index < state.players else collection_label(state, index)
        for index in range(len(state.scores))
    ]
    lines = [f"{name}: {score} points" for name, score in zip(names, state.scores, strict=True)]
    return lines + played(state)


def played(state: RodentsState) -> list[str]:
    """The invasions played with their tie-breaks, and in solo the rule that gives a tie to the automaton: the result
    beyond each collection's points (the table's end box gives those in its table of each invasion's points)."""
    played = f"{state.invasion} invasion{'s' if state.invasion > 1 else ''} played"
    if state.invasion > state.invasions:
        played += f" ({state.invasions} agreed, then tie-breaks)"
    lines = [f"{played}."]
    if state.players == 1 and state.scores[0] == state.scores[AUTOMATON]:
        # Who won is the headline's (engine.result); a tie needs the rule that gave it to the automaton.
        lines.append("A tie is a loss against the automaton.")
    return lines
