"""The score of each invasion, for the end box: a row per collection, a column per invasion, then the totals."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from textual.widgets import Static


def invasion_table(gains: Mapping[int, Sequence[int]], totals: Sequence[int], names: Sequence[str]) -> str:
    """'Invasion  1  2  3  Total' over a row per collection: its points in each invasion scored, then its total. A
    column per invasion keeps the box as tall for 5 invasions and their tie-breaks as for 3, at 80x24 too. The points
    of invasions the table was not shown (an SSH table joined in the middle) are summed in one column, 'Earlier', so
    the rows add up."""
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
    first = max(len("Invasion"), *map(len, names))

    # Two spaces between columns while they fit the end box's 60 columns (up to 8 invasions), one past that.
    gap = " " * (2 if len(columns) <= 9 else 1)

    def row(label: str, cells: Sequence[object]) -> str:
        return f"{label:<{first}}" + "".join(
            f"{gap}{cell!s:>{width}}" for cell, width in zip(cells, widths, strict=True)
        )

    rows = [row(name, [column[index] for _, column in columns]) for index, name in enumerate(names)]
    return "\n".join([row("Invasion", [label for label, _ in columns]), *rows])


class InvasionScores(Static):
    """The end box's table of the points each collection scored in each invasion (`invasion_table`)."""

    def __init__(self, gains: Mapping[int, Sequence[int]], totals: Sequence[int], names: Sequence[str]) -> None:
        super().__init__(invasion_table(gains, totals, names), markup=False, id="invasion-scores")
