"""The saved games: every save with its game, seats, date and progress or result; open, replay or delete one.

Only headers are read to list the saves; an unreadable file is listed with its problem (it can be deleted).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, ClassVar, Final, cast

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.markup import escape
from textual.screen import Screen
from textual.widgets import DataTable, Static

from exotui import games
from exotui.engine.records import HUMAN, Header
from exotui.engine.records import Seat as SavedSeat
from exotui.engine.savedir import SaveDir, SaveEntry
from exotui.engine.text import local_time, printable, printable_path
from exotui.tui.labels import cells, fit_label, short_form
from exotui.tui.screens.confirm import QuestionScreen
from exotui.tui.screens.notice import NoticeScreen
from exotui.tui.widgets.footer import KeysFooter
from exotui.tui.widgets.too_small import TooSmall

# At 80 columns: the game and its seats, the date, and the progress in 19 cells ("the automaton won", "turn 4, in
# progress", "Seat 1, Seat 3 won", "turn 12, ongoing"). A wider terminal gives the progress what its longest whole
# form needs, and the game and its seats the rest.
WHAT_WIDTH: Final = 38
PROGRESS_WIDTH: Final = 19
DATE_WIDTH: Final = len("2026-01-01 12:00")
SEATS: Final = " vs "

if TYPE_CHECKING:
    from exotui.tui.app import ExoTuiApp


def game_title(game_id: str) -> str:
    try:
        return games.get(game_id).title
    except games.UnknownGame:
        return game_id


def seat_text(seat: SavedSeat) -> str:
    """'Blue', or 'Yellow (normal)': a computer player with its level (or its kind, for those without levels)."""
    return seat.name if seat.kind == HUMAN else f"{seat.name} ({seat.level or seat.kind})"


def seats_text(header: Header, width: int = 0) -> str:
    """'Blue vs Yellow (normal)' in at most `width` cells (under 1: whole), shortened by the rule of every seat label
    (`tui.labels`): whole where it fits, else each seat in its short form ('Computer 1 (it=1M)'), else the longest
    seat shortened first to its first words ('Computer 4…'), never past its name, so that every seat is named; where
    even the names do not fit, the first seats and '…'. Cut by the edge of the column, the row read 'Computer 1
    (it=1000) vs Computer 2 (gr…' at 80 columns."""
    wholes = [seat_text(seat) for seat in header.seats]
    whole = SEATS.join(wholes)
    if width < 1 or cells(whole) <= width:
        return whole
    texts = [short_form(text) for text in wholes]
    # A computer keeps its name and "…" at least ("Computer 4…"): its name alone would read as a person's.
    floors = [cells(seat.name) + (seat.kind != HUMAN) for seat in header.seats]
    room = width - cells(SEATS) * (len(texts) - 1)
    while sum(cells(text) for text in texts) > room:
        # The longest seat that can still be shortened (the last of equals: the first seats read as they are).
        longest = max(
            ((cells(text), seat) for seat, text in enumerate(texts) if cells(text) > floors[seat]), default=None
        )
        if longest is None:
            return fit_label(whole, width)
        length, seat = longest
        shorter = fit_label(wholes[seat], length - 1)
        if cells(shorter) < floors[seat]:
            floors[seat] = length  # its next form would lose its name: it stays as it is
        else:
            texts[seat] = shorter
    return SEATS.join(texts)


def progress_text(header: Header, width: int = 0) -> str:
    """The progress or result of a save in at most `width` cells (under 1: whole): the first of its forms that fits
    (`Header.statuses`: "Seat 1, Seat 3 won" for "Seat 1 and Seat 3 won"), else the last one shortened to its first
    words (a name too long for the column: "Computer…"). Cut by the edge of the screen, a shared win read "Seat 1
    and Seat 3 w" at 80 columns."""
    forms = header.statuses
    return next((form for form in forms if width < 1 or cells(form) <= width), fit_label(forms[-1], width))


def row_of(entry: SaveEntry, width: int = 0, progress_width: int = 0) -> tuple[str, str, str]:
    """(game over seats, date, progress or result) of a save; an unreadable one gives its name and why instead.
    The seats in at most `width` cells (`seats_text`), the progress in at most `progress_width` (`progress_text`),
    each whole under 1."""
    header = entry.header
    if header is None:
        return (f"{printable(entry.path.name)}\n{entry.problem}", "", "unreadable")
    variant = f" ({header.variant})" if header.variant else ""
    # Stored in UTC; shown in the player's own time zone.
    return (
        f"{game_title(header.game)}{variant}\n{seats_text(header, width)}",
        local_time(header.updated),
        progress_text(header, progress_width),
    )


class LoadScreen(Screen[None]):
    BINDINGS: ClassVar[list[BindingType]] = [
        # Priority: before the table's own Enter, so the footer shows it.
        Binding("enter", "open", "open", priority=True),
        Binding("r", "replay", "replay"),
        Binding("d", "delete", "delete"),
        Binding("escape", "back", "back"),
    ]

    def __init__(self, saves: SaveDir | None, finished_only: bool = False) -> None:
        """`finished_only`: the "Replays" list, finished games only. No `saves`: saving is off in this app."""
        super().__init__()
        self.saves = saves
        self.finished_only = finished_only
        # The widths of the game and seats column and of the progress column, as laid out for the screen's width
        # and the saves listed (0: not yet).
        self.widths = (0, 0)
        self.entries: list[SaveEntry] = []
        # What just happened ("Deleted NAME.") and the row under the cursor then: told until the cursor moves.
        self.news: tuple[int, str] | None = None

    @property
    def table(self) -> DataTable[Text]:
        return self.query_one("#saves", DataTable)

    def compose(self) -> ComposeResult:
        what = "Finished games" if self.finished_only else "Saved games"
        where = self.saves.path if self.saves is not None else "nowhere: saving is off"
        yield Static(f"{what} · {where}", id="load-title", markup=False)
        yield DataTable(id="saves", cursor_type="row", zebra_stripes=True)
        yield Static(id="load-empty", markup=False)
        yield Static(id="load-status", markup=False)
        yield KeysFooter()
        yield TooSmall()

    def on_mount(self) -> None:
        self.refill()

    def on_resize(self) -> None:
        """Lay the columns out again for the width: every seat of a three-player game shows once there is room."""
        row = self.table.cursor_row
        if self.lay_out():
            self.fill(row)

    def lay_out(self) -> bool:
        """Set the columns for the screen's width and the saves listed, and tell whether they changed (the table then
        has no rows). The progress gets what its longest whole form needs, at least PROGRESS_WIDTH and at most what
        leaves the game and its seats WHAT_WIDTH; they get the rest. Left to fit its text, the progress column ran
        past the screen's edge at 80 columns."""
        table = self.table
        # What the game's column and the progress's share: the width less the date, each column's padding either
        # side, and the table's scroll bar.
        room = self.size.width - DATE_WIDTH - 3 * 2 * table.cell_padding - table.styles.scrollbar_size_vertical
        longest = max((cells(row_of(entry)[2]) for entry in self.entries), default=0)
        progress = max(PROGRESS_WIDTH, min(longest, room - WHAT_WIDTH))
        widths = (max(WHAT_WIDTH, room - progress), progress)
        if widths == self.widths:
            return False
        self.widths = widths
        table.clear(columns=True)
        table.add_column("Game · seats", width=widths[0])
        table.add_column("Last played", width=DATE_WIDTH)
        table.add_column("Progress", width=progress)
        return True

    def on_screen_resume(self) -> None:
        # Back from a replay or a dialog: the saves may have changed meanwhile (another exotui playing, say).
        if self.is_mounted and self.listing() != self.entries:
            self.refill()

    def listing(self) -> list[SaveEntry]:
        entries = self.saves.entries() if self.saves is not None else []
        if self.finished_only:
            return [entry for entry in entries if entry.header is not None and entry.header.finished]
        return entries

    def refill(self) -> None:
        row = self.table.cursor_row
        self.entries = self.listing()
        self.lay_out()
        self.fill(row)

    def fill(self, row: int) -> None:
        """The rows of the saves listed, the cursor on `row` (or the last)."""
        table = self.table
        table.clear()
        for entry in self.entries:
            # As Text: a table reads plain strings as markup, and names in a save are the file's to choose.
            # The seats and the progress are shortened to their columns (`seats_text`, `progress_text`); any other
            # line too long for its column ends in "…". The status line tells the row in full when it is highlighted.
            texts = row_of(entry, *self.widths)
            table.add_row(
                *(Text(text, no_wrap=True, overflow="ellipsis") for text in texts), height=2, key=str(entry.path)
            )
        empty = not self.entries
        # A class, not `display`: a display set from code outranks the stylesheet, and the list showed through the
        # too-small notice (keeping the focus it should have lost).
        self.set_class(empty, "-empty")
        empty_text = self.query_one("#load-empty", Static)
        if empty:
            kind = "finished games to replay" if self.finished_only else "saved games"
            problem = self.saves.problem() if self.saves is not None else None
            empty_text.update(
                f"No {kind}: {problem}. Esc goes back."
                if problem
                else f"No {kind} yet. Every game you play is saved as you go; Esc goes back."
            )
            self.status("")
        else:
            table.move_cursor(row=min(row, len(self.entries) - 1))
            table.focus()
            count = f"{len(self.entries)} save{'s' if len(self.entries) > 1 else ''}"
            self.status(f"{count} · Enter: play on where it stopped, or replay once finished")

    def status(self, text: str) -> None:
        self.query_one("#load-status", Static).update(text)

    def selected(self) -> SaveEntry | None:
        if not self.entries:
            self.status("Nothing to choose: there are no saves here.")
            return None
        return self.entries[self.table.cursor_row]

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        entry = self.entries[event.cursor_row] if event.cursor_row < len(self.entries) else None
        if event.cursor_row != self.table.cursor_row:
            return  # a stale highlight, queued while the table was refilled
        if self.news is not None and self.news[0] == event.cursor_row:
            self.status(self.news[1])
            return
        self.news = None
        if entry is not None and entry.header is None:
            self.status(f"Unreadable: {entry.problem}")
        elif entry is not None and entry.header is not None:
            told = row_of(entry)[0].splitlines()
            if progress_text(entry.header, self.widths[1]) != entry.header.status:
                told.append(entry.header.status)
            self.status(" · ".join(told))

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        """A click on the row under the cursor."""
        event.stop()
        self.action_open()

    def action_open(self, replay: bool = False) -> None:
        entry = self.selected()
        if entry is None:
            return
        if entry.header is None:
            self.app.push_screen(
                NoticeScreen("This save cannot be opened", f"{printable_path(entry.path)}: {entry.problem}")
            )
            return
        cast("ExoTuiApp", self.app).open_save(entry.path, replay=replay)

    def action_replay(self) -> None:
        self.action_open(replay=True)

    def action_delete(self) -> None:
        entry = self.selected()
        if entry is None:
            return
        what, _, progress = row_of(entry)
        # Whole, not cut to a quote's length: the dialog shortens it in the middle if it must, keeping its end.
        name = printable(entry.path.name, None)
        self.app.push_screen(
            QuestionScreen(escape(f"Delete this save?\n{what.splitlines()[0]}, {progress}"), name),
            lambda yes: self.delete(entry.path, yes),
        )

    def delete(self, path: Path, confirmed: bool | None) -> None:
        if not confirmed or self.saves is None:
            return
        try:
            self.saves.delete(path)
        except OSError as exc:
            reason = exc.strerror or str(exc)
            self.app.push_screen(NoticeScreen("This save cannot be deleted", f"{printable_path(path)}: {reason}"))
            return
        self.refill()
        # The refilled table highlights the row under the cursor, which would tell that row: the deletion is the
        # news until the cursor moves.
        self.news = (self.table.cursor_row, f"Deleted {path.name}.")
        self.status(self.news[1])

    def action_back(self) -> None:
        self.dismiss()
