"""The score of each invasion, for the end box: a row per collection, a column per invasion, then the totals."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from textual.content import Content
from textual.geometry import Size
from textual.widgets import Static

from exotui.tui.labels import fit_label


def invasion_table(
    gains: Mapping[int, Sequence[int]], totals: Sequence[int], names: Sequence[str], width: int = 0
) -> str:
    """'Invasion  1  2  3  Total' over a row per collection: its points in each invasion scored, then its total. A
    column per invasion keeps the box as tall for 5 invasions and their tie-breaks as for 3, at 80x24 too. The points
    of invasions the table was not shown (an SSH table joined in the middle) are summed in one column, 'Earlier', so
    the rows add up. Its rows keep within `width` (0: as wide as they are): labels too long for the first column are
    shortened so that they still read (`fit_label`), where each row wrapped onto a second, the figures under the
    names (5 invasions and the computers' levels in the 56 columns the result has at 100x30)."""
    columns: list[tuple[str, Sequence[int]]] = [(f"{number}", gains[number]) for number in sorted(gains)]
    missing = [total - sum(column[index] for _, column in columns) for index, total in enumerate(totals)]
    if any(missing):
        columns.insert(0, ("Earlier", missing))
    columns.append(("Total", totals))
    widths = [max(len(label), *(len(str(points)) for points in column)) for label, column in columns]
    # The invasions' columns alike, as a table of figures reads.
    numbered = [width for (label, _), width in zip(columns, widths, strict=True) if label.isdigit()]
    alike = max(numbered, default=0)
    widths = [alike if label.isdigit() else width for (label, _), width in zip(columns, widths, strict=True)]
    # Two spaces between columns while they fit the end box's 60 columns (up to 8 invasions), one past that.
    gap = " " * (2 if len(columns) <= 9 else 1)
    figures = sum(len(gap) + column for column in widths)
    first = max(len("Invasion"), *map(len, names))
    if width and first + figures > width:
        first = max(len("Invasion"), width - figures)
        names = [fit_label(name, first) for name in names]

    def row(label: str, cells: Sequence[object]) -> str:
        return f"{label:<{first}}" + "".join(
            f"{gap}{cell!s:>{width}}" for cell, width in zip(cells, widths, strict=True)
        )

    rows = [row(name, [column[index] for _, column in columns]) for index, name in enumerate(names)]
    return "\n".join([row("Invasion", [label for label, _ in columns]), *rows])


class InvasionScores(Static):
    """The end box's table of the points each collection scored in each invasion (`invasion_table`), in the width
    the box gives it."""

    def __init__(self, gains: Mapping[int, Sequence[int]], totals: Sequence[int], names: Sequence[str]) -> None:
        super().__init__(id="invasion-scores")
        self.gains, self.totals, self.names = gains, totals, names

    def table(self, width: int) -> Content:
        # As it is: names are never read as markup.
        return Content(invasion_table(self.gains, self.totals, self.names, width))

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return len(self.table(width).wrap(width))

    def render(self) -> Content:
        return self.table(self.size.width)
