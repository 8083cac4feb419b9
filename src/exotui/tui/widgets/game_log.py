"""The log: every decision of the game as one described sentence, newest last, each followed by what it caused."""

from __future__ import annotations

from collections.abc import Sequence

from textual.content import Content
from textual.events import Resize
from textual.geometry import Size
from textual.scroll_view import ScrollView
from textual.strip import Strip


def decision_line(turn: int, sentence: str) -> Content:
    """A decision as the log tells it: its turn, then its sentence."""
    return Content(f"{turn:>3} {sentence}")


def event_lines(events: Sequence[str]) -> list[Content]:
    """What a decision caused, one line per event: indented, arrowed and bold, so it needs no colour."""
    return [Content.styled(f"    → {event}", "bold") for event in events]


def note_line(text: str) -> Content:
    """Something the table tells everyone, not a decision nor what one caused (an SSH table's notice that a computer
    could not decide): marked "!" and bold, so it needs no colour; its text as it is, never markup."""
    return Content.styled(f"  ! {text}", "bold")


class GameLog(ScrollView, can_focus=False):
    """The log keeps the first line of the latest turn in sight, so another player's turn (the AI's, decision by
    decision) can be read at the player's pace until the next turn starts; PgUp and PgDn at the table scroll it.
    It never takes the focus: the board holds the keys.

    It keeps its entries, not their lines: they are wrapped again whenever its width changes (a resized terminal),
    so no line stays cut or wrapped at the width it was written at."""

    DEFAULT_CSS = """
    GameLog { background: $surface; color: $foreground; overflow-y: scroll; overflow-x: hidden; }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        # Every entry, oldest first; the turn of the last one added and the entry where that turn starts.
        self.entries: list[Content] = []
        self.turn: int | None = None
        self.turn_entry = 0
        # The entries wrapped at `width` columns (0 until the log has a size): their lines, and each one's first.
        self.width = 0
        self.lines: list[Strip] = []
        self.starts: list[int] = []
        # Where `keep_turn_in_sight` last scrolled: while the log is still there, the reader has not scrolled away.
        self.kept = 0
        # The notes (`note`) since the last decision or event, their texts: they lead the next turn if it starts now,
        # and a board may tell them with the decision that follows (ExoFauna's summary of a turn).
        self.notes: list[str] = []

    @property
    def turn_start(self) -> int:
        """The line where the latest turn starts, at the present width."""
        return self.starts[self.turn_entry] if self.turn_entry < len(self.starts) else len(self.lines)

    def add(self, turn: int, sentence: str) -> None:
        if turn != self.turn:
            # Notes just before the turn's first decision lead it, kept in sight with it: they tell of it.
            self.turn, self.turn_entry = turn, len(self.entries) - len(self.notes)
        self.notes = []
        self._append(decision_line(turn, sentence))

    def note(self, text: str) -> None:
        """A line the table tells everyone (`note_line`), where the log has come to: it stays, where a notice goes."""
        self.notes.append(text)
        self._append(note_line(text))

    def tell(self, events: Sequence[str]) -> None:
        """What the last decision caused, under its sentence (`event_lines`)."""
        if events:
            self.notes = []
        for line in event_lines(events):
            self._append(line)

    def caught_up(self) -> None:
        """Every entry so far was told at once (a person joining a table hears the whole story): no turn unfolds
        before the reader's eyes to be read from its first line, so the log ends in sight, where the game stands.
        The next entry starts the turn kept in sight."""
        self.turn_entry = len(self.entries)
        self.keep_turn_in_sight()

    def clear(self) -> None:
        """Forget every entry (the log is told again from the start)."""
        self.entries, self.turn, self.turn_entry, self.notes = [], None, 0, []
        self._lay_out()

    def _append(self, entry: Content) -> None:
        self.entries.append(entry)
        if self.width:
            self._wrap(entry)
            self._resized()

    def _wrap(self, entry: Content) -> None:
        self.starts.append(len(self.lines))
        self.lines.extend(Strip(line.render_segments(), line.cell_length) for line in entry.wrap(self.width))

    def _lay_out(self) -> None:
        """Wrap every entry at the present width."""
        self.width = self.scrollable_content_region.width
        self.lines, self.starts = [], []
        if self.width:
            for entry in self.entries:
                self._wrap(entry)
        self._resized()

    def _resized(self) -> None:
        self.virtual_size = Size(self.width, len(self.lines))
        self.refresh()
        # As far down as keeps the latest turn's first line in sight: now, so the screen's next paint shows it (the
        # end of the game is drawn over this screen's last paint), and again once laid out, as a new scroll bar may
        # have changed the height.
        self.keep_turn_in_sight()
        self.call_after_refresh(self.keep_turn_in_sight)

    def on_resize(self, event: Resize) -> None:
        if self.scrollable_content_region.width != self.width:
            self._lay_out()
        elif round(self.scroll_y) == min(self.kept, self.max_scroll_y):
            # Only shorter or taller (a line above the status came or went): the scroll kept for the old height left
            # the last lines out of sight. Not if the reader scrolled the log (PgUp) since.
            self.keep_turn_in_sight()

    def keep_turn_in_sight(self) -> None:
        self.kept = min(self.turn_start, self.max_scroll_y)
        self.scroll_to(y=self.kept, animate=False)

    def render_line(self, y: int) -> Strip:
        index = self.scroll_offset.y + y
        line = self.lines[index] if index < len(self.lines) else Strip.blank(0)
        return line.crop_extend(0, self.scrollable_content_region.width, self.rich_style).apply_style(self.rich_style)
