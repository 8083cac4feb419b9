"""The map: the 12 x 9 hexes, each with its terrain (colour and letter), territory, structure and pieces.

Flat-topped hexes in columns, odd columns half a hex lower, as on the table. A hex is a block of `width` x
`height` cells (4 x 2 at 80x24, larger when there is room): its first line reads terrain letter, territory
letter (b bear, c cougar) and structure (▲ standing stone, ⌂ abandoned shack, then w/g/b/k for white, green,
blue, black); its second the pieces, ■ and a colour letter for a cube, colour letters for discs. Colour always
comes with a letter, so the map reads under NO_COLOR and in 16 colours.
"""

from __future__ import annotations

from typing import ClassVar, Final

from textual.content import Content
from textual.style import Style
from textual.widget import Widget

from exotui.games.cryptid import (
    COLUMNS,
    ROWS,
    STRUCTURES,
    TERRAIN_LETTERS,
    TERRAIN_NAMES,
    CryptidState,
    animal,
    colour_count,
    space,
    space_name,
    structure_at,
    terrain,
)

ANIMAL_LETTERS: Final = " bc"
KIND_MARKS: Final = "▲⌂"
STRUCTURE_COLOUR_LETTERS: Final = "wgbk"
# Per colour of pieces, its letter: Red, Orange, Purple, Teal, pinK.
COLOUR_LETTERS: Final = "ROPTK"
# Hex sizes (width, height), largest first: the first that fits the widget is drawn.
SIZES: Final = ((8, 4), (6, 4), (6, 3), (6, 2), (4, 2))
# Around the hexes, at every size: the row numbers in a gutter on the left, the column letters in a line on top (the
# log and the prompts name spaces "F5").
GUTTER: Final = 2
HEADER: Final = 1
COLUMN_LETTERS: Final = "ABCDEFGHIJKL"


def hex_size(width: int, height: int) -> tuple[int, int]:
    """The largest hex (width, height) whose map, with its coordinates, fits `width` x `height` cells."""
    for w, h in SIZES:
        map_width, map_height = map_size(w, h)
        if map_width <= width and map_height <= height:
            return w, h
    return SIZES[-1]


def map_size(w: int, h: int) -> tuple[int, int]:
    """The map's width and height in cells with hexes of `w` x `h`, coordinates included."""
    return GUTTER + COLUMNS * w, HEADER + ROWS * h + h // 2


def step(spot: int, columns: int, rows: int) -> int | None:
    """The hex one step from `spot`: straight up or down (`rows` alone), along the row (`columns` alone, which zig-
    zags half a hex as the columns alternate), or diagonally (both) to the neighbour in that direction, whose row
    depends on whether the column is odd. None past the edge of the map."""
    column, row = spot % COLUMNS, spot // COLUMNS
    if columns and rows:
        odd = column % 2
        # An even column's upper diagonal neighbours are a row up, an odd column's on the same row (it sits lower).
        row += (0 if odd else -1) if rows < 0 else (1 if odd else 0)
    else:
        row += rows
    column += columns
    if not (0 <= column < COLUMNS and 0 <= row < ROWS):
        return None
    return space(column, row)


def structure_code(view: CryptidState, spot: int) -> str:
    index = structure_at(view.board, spot)
    if index is None:
        return "  "
    kind, colour = STRUCTURES[index]
    return KIND_MARKS[kind] + STRUCTURE_COLOUR_LETTERS[colour]


def pieces_code(view: CryptidState, spot: int, width: int) -> str:
    """■ and the colour letter of the cube, then the letters of the discs, in `width` cells ("+" when cut)."""
    cube = next((colour for colour in range(colour_count(view.players)) if spot in view.cubes[colour]), None)
    text = f"■{COLOUR_LETTERS[cube]}" if cube is not None else ""
    text += "".join(COLOUR_LETTERS[c] for c in range(colour_count(view.players)) if spot in view.discs[c])
    return text if len(text) <= width else text[: width - 1] + "+"


def hex_lines(view: CryptidState, spot: int, w: int, h: int, marked: bool = False) -> list[str]:
    """The `h` lines of `w` cells that draw hex `spot`: its codes and pieces, then (when there is room) its name
    and its terrain in words. `marked` (the learning aid: the habitat could be here) puts a ? before the pieces,
    which keeps the codes whole."""
    top = TERRAIN_LETTERS[terrain(view.board, spot)] + ANIMAL_LETTERS[animal(view.board, spot)]
    top += structure_code(view, spot)
    pieces = pieces_code(view, spot, w - 1 if marked else w)
    if marked:
        # First on the line, under the terrain's letter: at its end it would touch the next column's hex.
        pieces = f"?{pieces:<{w - 1}}" if w < 6 else f"? {pieces}".strip()
    if h >= 4:
        lines = [space_name(spot), top, pieces, TERRAIN_NAMES[terrain(view.board, spot)]]
    elif h == 3:
        lines = [top, pieces, space_name(spot)]
    else:
        lines = [top, pieces]
    return [line[:w].center(w) for line in lines] + [" " * w] * (h - len(lines))


def framed(lines: list[str]) -> list[str]:
    """The cursor's hex with a frame [ ] on each line whose edges are blank (its codes and words stay whole), where
    the hex is wide enough for one."""
    if len(lines[0]) < 6:
        return lines
    return [f"[{line[1:-1]}]" if line[0] == line[-1] == " " else line for line in lines]


class HexMap(Widget):
    """Draws the map for a view, with column letters on top and row numbers on the left. The `cursor` hex is in
    reverse video and bold (framed [ ] where hexes are 6 wide or more), so it shows without colour too; `marked`
    spaces (the learning aid's candidates) show a ? before their pieces; the space of the last decision is
    underlined."""

    COMPONENT_CLASSES: ClassVar[set[str]] = {
        *(f"hex-map--{name}" for name in TERRAIN_NAMES),
        "hex-map--coordinates",
        "hex-map--last",
    }
    # Textual's component styles carry no reverse video, so the cursor's is set here.
    CURSOR: ClassVar[Style] = Style(reverse=True, bold=True)

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.view: CryptidState | None = None
        self.cursor: int | None = None
        self.last: int | None = None
        self.marked = 0

    def show(self, view: CryptidState, cursor: int | None, last: int | None, marked: int) -> None:
        self.view, self.cursor, self.last, self.marked = view, cursor, last, marked
        self.refresh()

    def render(self) -> Content:
        view = self.view
        if view is None:
            return Content("")
        w, h = hex_size(self.size.width, self.size.height)
        _, height = map_size(w, h)
        coordinates = self.get_visual_style("hex-map--coordinates", partial=True)
        letters = "".join(letter.center(w) for letter in COLUMN_LETTERS)
        # Per line, its cells as (text, style) blocks: the row number where a row of even columns starts, then the
        # hexes in column order, half a hex of blank above odd columns and below even ones.
        rows: list[list[Content]] = [[Content.styled(" " * GUTTER + letters, coordinates)]]
        for line in range(height - HEADER):
            number = f"{line // h + 1:<{GUTTER}}" if line % h == 0 and line // h < ROWS else " " * GUTTER
            rows.append([Content.styled(number, coordinates)])
        blank = Content(" " * w)
        for column in range(COLUMNS):
            offset = HEADER + (h // 2 if column % 2 else 0)
            for line in range(HEADER, offset):
                rows[line].append(blank)
            for row in range(ROWS):
                spot = space(column, row)
                style = self.get_visual_style(f"hex-map--{TERRAIN_NAMES[terrain(view.board, spot)]}")
                if spot == self.last:
                    style += self.get_visual_style("hex-map--last", partial=True)
                lines = hex_lines(view, spot, w, h, bool(self.marked >> spot & 1))
                if spot == self.cursor:
                    style += self.CURSOR
                    lines = framed(lines)
                for index, text in enumerate(lines):
                    rows[row * h + offset + index].append(Content.styled(text, style))
            for line in range(ROWS * h + offset, height):
                rows[line].append(blank)
        return Content("\n").join(Content.assemble(*parts) for parts in rows[: max(1, min(height, self.size.height))])
