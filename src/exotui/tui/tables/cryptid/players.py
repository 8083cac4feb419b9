"""The players: whose turn, the pieces each has placed, your clue(s) with their colours (none for a spectator), the
hint once revealed, and (the learning aid) the clues each other colour could still hold."""

from __future__ import annotations

from typing import ClassVar, Final

from textual.content import Content
from textual.geometry import Size
from textual.widget import Widget

from exotui.games.cryptid import (
    CLUES,
    COLOUR_NAMES,
    HIDDEN,
    HINTS,
    NONE,
    OPENING,
    OVER,
    TERRAIN_LETTERS,
    TERRAIN_NAMES,
    CryptidState,
    colours_of,
    current_player,
)
from exotui.tui.labels import fit_label
from exotui.tui.tables.cryptid.hex_map import COLOUR_LETTERS

# A clue in a few cells, in the map's own letters: "FD" on forest or desert, "1W" within one space of water ("1bc"
# of either animal territory), "2▲" within two of a standing stone ("2b" bear), "3w" within three of a white
# structure; "¬" before a negated clue.
_WITHIN_CODES: Final = {
    **{name: letter for name, letter in zip(TERRAIN_NAMES, TERRAIN_LETTERS, strict=True)},
    "animal": "bc",
    "stone": "▲",
    "shack": "⌂",
    "bear": "b",
    "cougar": "c",
    "white": "w",
    "green": "g",
    "blue": "b",
    "black": "k",
}
# Up to this many clues a colour could hold are listed by code; more are counted (early in the game, when the list
# would fill the panel at 80x24).
LISTED: Final = 8


def clue_code(clue: int) -> str:
    """The clue's code: see _WITHIN_CODES."""
    ident = CLUES[clue].id
    negated = ident.startswith("not:")
    kind, _, what = ident.removeprefix("not:").partition(":")
    if kind == "on":
        code = "".join(TERRAIN_LETTERS[TERRAIN_NAMES.index(name)] for name in what.split("-"))
    else:
        code = kind.removeprefix("within") + _WITHIN_CODES[what]
    return ("¬" if negated else "") + code


def possible_text(clues: tuple[int, ...]) -> str:
    """What a colour could hold: its clues by code when few, else how many."""
    if len(clues) > LISTED:
        return f"{len(clues)} clues"
    return " ".join(map(clue_code, clues))


def player_lines(
    view: CryptidState,
    viewer: int | None,
    labels: tuple[str, ...],
    possible: dict[int, tuple[int, ...]] | None,
    width: int = 0,
) -> list[tuple[str, bool]]:
    """(text, deciding) per line: the turn, then one per seat (its colour letters, cubes ■ and discs ●, ▶ when
    deciding), and with the learning aid a line under it per colour of another seat: the clues it could still
    hold; then the viewer's clues and the hint. A seat's line keeps to one row of `width` (0: as long as it is): a
    label too long for it is shortened so that it still reads (`fit_label`), where it wrapped over three rows at
    80x24 ("Orange: AI" / "easy:it=750:c=1.0:pb=1:imm=0.3" / "■0 ●0") and pushed the clue down."""
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
        pieces = f" ■{cubes} ●{discs}"
        room = width - Content(f"{mark}{letters} {pieces}").cell_length
        lines.append((f"{mark}{letters} {fit_label(labels[seat], room)}{pieces}", seat == deciding))
        if possible is not None and seat != viewer:
            for colour in colours:
                lines.append((f"  {COLOUR_LETTERS[colour]} could hold: {possible_text(possible[colour])}", False))
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
        self.shown: tuple[CryptidState, int | None, tuple[str, ...], dict[int, tuple[int, ...]] | None] | None = None

    def show(
        self,
        view: CryptidState,
        viewer: int | None,
        labels: tuple[str, ...],
        possible: dict[int, tuple[int, ...]] | None,
    ) -> None:
        self.shown = (view, viewer, labels, possible)
        self.refresh(layout=True)

    def lines(self, width: int) -> Content:
        """Its lines (`player_lines`) in `width` cells."""
        if self.shown is None:
            return Content()
        style = self.get_visual_style("players--deciding", partial=True)
        lines = player_lines(*self.shown, width)
        return Content("\n").join(Content.styled(text, style) if bold else Content(text) for text, bold in lines)

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        # Measured as it is drawn: its seats' labels fitted to `width`.
        return len(self.lines(width).wrap(width))

    def render(self) -> Content:
        return self.lines(self.size.width)
