"""The players: whose turn, the pieces each has placed, your clue(s) with their colours (none for a spectator), the
hint once revealed, and (the learning aid) how many clues each colour could still hold."""

from __future__ import annotations

from typing import ClassVar

from textual.content import Content
from textual.widget import Widget

from exotui.games.cryptid.cards import CLUES, HINTS
from exotui.games.cryptid.rules import colours_of, current_player
from exotui.games.cryptid.state import HIDDEN, NONE, OPENING, OVER, CryptidState
from exotui.games.cryptid.view import COLOUR_NAMES
from exotui.tui.tables.cryptid.hex_map import COLOUR_LETTERS


def player_lines(
    view: CryptidState, viewer: int | None, labels: tuple[str, ...], possible: dict[int, int] | None
) -> list[tuple[str, bool]]:
    """(text, deciding) per line: the turn, then one per seat (its colour letters, cubes ■ and discs ●, ▶ when
    deciding, and with the learning aid ·N, the clues each of its colours could still hold), then the viewer's clues
    and the hint."""
    deciding = current_player(view)
    if view.step == OPENING:
        lines = [(f"Opening: cube {view.opening_placed + 1} of {2 * view.players}", False)]
    else:
        lines = [(f"Turn {view.turn}", False)]
    for seat in range(view.players):
        colours = colours_of(view.players, seat)
        letters = "".join(COLOUR_LETTERS[colour] for colour in colours)
        cubes = sum(len(view.cubes[colour]) for colour in colours)
        discs = sum(len(view.discs[colour]) for colour in colours)
        mark = "▶" if seat == deciding else " "
        text = f"{mark}{letters} {labels[seat]} ■{cubes} ●{discs}"
        if possible is not None and seat != viewer:
            text += " ·" + "/".join(str(possible[colour]) for colour in colours)
        lines.append((text, seat == deciding))
    for colour in colours_of(view.players, viewer) if viewer is not None else ():
        clue = view.clues[colour]
        if clue != HIDDEN:
            owner = "Your clue" if view.players > 2 else f"Your {COLOUR_NAMES[colour]} clue"
            lines.append((f"{owner}: {CLUES[clue].text}.", False))
    if view.hint_by != NONE:
        lines.append((f"Hint ({labels[view.hint_by]}): {HINTS[view.hint]}", False))
    if view.step == OVER:
        lines.append((f"{labels[view.winner]} found the habitat.", False))
    return lines


class Players(Widget):
    COMPONENT_CLASSES: ClassVar[set[str]] = {"players--deciding"}

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.lines: list[tuple[str, bool]] = []

    def show(
        self, view: CryptidState, viewer: int | None, labels: tuple[str, ...], possible: dict[int, int] | None
    ) -> None:
        self.lines = player_lines(view, viewer, labels, possible)
        self.refresh(layout=True)

    def render(self) -> Content:
        style = self.get_visual_style("players--deciding", partial=True)
        return Content("\n").join(Content.styled(text, style) if bold else Content(text) for text, bold in self.lines)
