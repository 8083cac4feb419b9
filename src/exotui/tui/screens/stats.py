"""Your record: per game and level, the games played, won, lost and drawn, the current streak, hints and takebacks.

Told from the save directory's headers alone (`engine/stats.py`), so it never disagrees with the saves: a deleted
save leaves the record with it.
"""

from __future__ import annotations

from typing import ClassVar, Final

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.screen import Screen
from textual.widgets import DataTable, Static

from exotui.engine.savedir import SaveDir
from exotui.engine.stats import HOT_SEAT, SOLO, RecordRow, record
from exotui.tui.screens.load import game_title
from exotui.tui.widgets.footer import KeysFooter
from exotui.tui.widgets.too_small import TooSmall

# The table's columns: (heading, width); numbers right-aligned. 80 columns hold them all.
COLUMNS: Final = (
    ("Game", 14),
    ("Level", 10),
    ("Games", 5),
    ("Won", 3),
    ("Lost", 4),
    ("Drawn", 5),
    ("Streak", 7),
    ("Hints", 5),
    ("Takebacks", 9),
)


def cells(row: RecordRow) -> tuple[str, ...]:
    """The table's cells for one row (the level as the saves name it: "hard", "easy + greedy", "hot-seat", "solo")."""
    numbers = (row.played, row.won, row.lost, row.drawn)
    return (
        game_title(row.game),
        row.level,
        *(str(number) for number in numbers),
        row.streak_text,
        str(row.hints),
        str(row.takebacks),
    )


def against(level: str) -> str:
    """Whom a row's games were played against, after the game's title: "against hard", "hot-seat", "solo"."""
    return level if level in (HOT_SEAT, SOLO) else f"against {level}"


class StatsScreen(Screen[None]):
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "back", "back")]

    def __init__(self, saves: SaveDir | None) -> None:
        """No `saves`: saving is off in this app, so there is no record."""
        super().__init__()
        self.saves = saves
        self.rows: list[RecordRow] = []

    def compose(self) -> ComposeResult:
        where = self.saves.path if self.saves is not None else "nowhere: saving is off"
        yield Static(f"Your record · {where}", id="stats-title", markup=False)
        yield DataTable(id="record", cursor_type="row", zebra_stripes=True)
        yield Static(id="stats-empty", markup=False)
        yield Static(id="stats-status", markup=False)
        yield KeysFooter()
        yield TooSmall()

    def on_mount(self) -> None:
        table = self.query_one("#record", DataTable)
        for heading, width in COLUMNS:
            table.add_column(heading, width=width)
        self.refill()

    def on_screen_resume(self) -> None:
        # Back from a dialog: games may have been played or deleted meanwhile (another exotui, say).
        self.refill()

    def refill(self) -> None:
        table = self.query_one("#record", DataTable)
        self.rows = record(self.saves.entries()) if self.saves is not None else []
        table.clear()
        for row in self.rows:
            # As Text: a table reads plain strings as markup, and a game id in a save is the file's to choose.
            texts = cells(row)
            table.add_row(
                *(Text(texts[i], no_wrap=True, overflow="ellipsis") for i in range(2)),
                *(Text(cell, justify="right") for cell in texts[2:]),
            )
        empty = not self.rows
        # A class, not `display`: a display set from code outranks the stylesheet, and the table would show through
        # the too-small notice (keeping the focus it should lose).
        self.set_class(empty, "-empty")
        note = self.query_one("#stats-empty", Static)
        if empty:
            problem = self.saves.problem() if self.saves is not None else "saving is off"
            note.update(
                f"No record: {problem}. Esc goes back."
                if problem
                else "No games against the computer, hot-seat or solo yet: your record starts with your first game. "
                "Esc goes back."
            )
            self.query_one("#stats-status", Static).update("")
            return
        table.focus()
        unfinished = sum(row.unfinished for row in self.rows)
        going = f" · {unfinished} unfinished not counted" if unfinished else ""
        self.query_one("#stats-status", Static).update(
            f"Finished games with a human seat, from the saves{going} · streak: the latest results alike"
        )

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        if event.cursor_row < len(self.rows):
            row = self.rows[event.cursor_row]
            line = f"{game_title(row.game)} {against(row.level)}: {row.won} won of {row.played}"
            extra = f", {row.unfinished} unfinished" if row.unfinished else ""
            self.query_one("#stats-status", Static).update(line + extra)

    def action_back(self) -> None:
        self.dismiss()
