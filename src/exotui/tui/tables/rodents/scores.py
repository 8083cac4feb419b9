"""The score of each invasion, for the end box: a row per invasion, a column per collection, then the totals."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from textual.widgets import Static


def invasion_table(gains: Mapping[int, Sequence[int]], totals: Sequence[int], names: Sequence[str]) -> str:
    """'Invasion  Seat 1  Seat 2' over a row per invasion scored and 'Total'. The points of invasions the table was
    not shown (a game resumed in an SSH table's middle) are summed in one row, 'Earlier', so the columns add up."""
    rows: list[tuple[str, Sequence[int]]] = [(f"{number}", gains[number]) for number in sorted(gains)]
    missing = [total - sum(row[index] for _, row in rows) for index, total in enumerate(totals)]
    if any(missing):
        rows.insert(0, ("Earlier", missing))
    rows.append(("Total", totals))
    widths = [max(len(name), *(len(str(row[index])) for _, row in rows)) for index, name in enumerate(names)]
    first = max(len("Invasion"), *(len(label) for label, _ in rows))

    def line(label: str, cells: Sequence[object]) -> str:
        return f"{label:<{first}}" + "".join(f"  {cell!s:>{width}}" for cell, width in zip(cells, widths, strict=True))

    return "\n".join([line("Invasion", names), *(line(label, row) for label, row in rows)])


class InvasionScores(Static):
    """The end box's table of the points each collection scored in each invasion (`invasion_table`)."""

    def __init__(self, gains: Mapping[int, Sequence[int]], totals: Sequence[int], names: Sequence[str]) -> None:
        super().__init__(invasion_table(gains, totals, names), markup=False, id="invasion-scores")
