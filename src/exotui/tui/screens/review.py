"""The review of a finished game: a win-chance chart for the seat reviewed, its decisions listed with their class,
and what the search would have played instead.

The review itself is `ai.review`: every decision searched from the deciding seat's view alone. It runs in a thread
worker with a progress bar (Esc stops it); the verdicts are kept in a file beside the save, so a second look shows
at once. Enter goes back to the replay at the decision chosen, which then shows the better move.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from typing import ClassVar, Final

from textual import work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.content import Content
from textual.message import Message
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import OptionList, ProgressBar, Static
from textual.widgets.option_list import Option

from exotui.ai import review as core
from exotui.ai.parallel import available_cores
from exotui.ai.review import FORCED, GOOD, Judged, Review
from exotui.engine.protocol import seat_names
from exotui.engine.records import SavedGame
from exotui.tui.widgets.footer import KeysFooter
from exotui.tui.widgets.too_small import TooSmall

# Below this many iterations in all, the review runs in the app's own process: starting a worker process costs
# about a second, more than it would save.
PARALLEL_FROM: Final = 200_000
# One letter per class on the chart's marks row (colour never tells a class alone).
MARKS: Final = {GOOD: " ", "inaccuracy": "i", "mistake": "M", "blunder": "B", FORCED: " "}
# The words of a class in the list, padded to one width.
KIND_WIDTH: Final = max(len(kind) for kind in (*core.KINDS, FORCED))
MISTAKES: Final = Binding.Group("mistakes", compact=True)


def review_level(analysis_level: str) -> str:
    """The review's level in the app: an iteration budget given for the replay's analysis (tests, demos) is the
    review's too; a time budget would not replay, so the review then searches at its own default."""
    return analysis_level if analysis_level.startswith("it=") else core.DEFAULT_LEVEL


def better_text(decision: Judged, names: Sequence[str]) -> str:
    """What the replay's status line says at a reviewed decision: the class, the move played and the better one."""
    # Short: the replay's status line has two lines for it, and the better move's sentence is long.
    head = f"Move {decision.index + 1} ({names[decision.seat]})"
    if decision.kind == FORCED:
        return f"{head}: forced, the only legal move."
    if decision.best == decision.played or decision.loss < 0.5:
        return f"{head}: {decision.kind}; the search would have played it too."
    reason = f" ({decision.reason})" if decision.reason else ""
    return f"{head}: {decision.kind}, -{decision.loss:.0f}. Better: {decision.best}{reason}"


class WinChart(Widget):
    """The reviewed seat's win chance before each judged decision, then the result: a bar chart from 0 to 100% with
    its scale on the left, the decision selected drawn in the highlight colour, and under each bar its class letter.

    | Class | Description |
    | :- | :- |
    | `win-chart--bar` | the bars |
    | `win-chart--selected` | the bar of the decision selected |
    | `win-chart--mark` | the class letters (i inaccuracy, M mistake, B blunder) |
    """

    COMPONENT_CLASSES: ClassVar[set[str]] = {"win-chart--bar", "win-chart--selected", "win-chart--mark"}
    BARS: Final = " ▁▂▃▄▅▆▇█"
    SCALE: Final = 5

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.values: list[float] = []
        self.marks: list[str] = []
        self.selected: int | None = None

    def show(self, values: Sequence[float], marks: Sequence[str], selected: int | None) -> None:
        """`values` in percent (one per bar), `marks` one letter per bar (the last bars may have none: the result),
        `selected` the index of the bar to highlight (None: none)."""
        self.values, self.marks, self.selected = list(values), list(marks), selected
        self.refresh()

    def columns(self, width: int) -> list[int]:
        """Which value each column draws: each value as many columns as fit evenly (at least one), else evenly
        spread values, the selected one always among them."""
        count = len(self.values)
        if count == 0:
            return []
        if count <= width:
            return [index for index in range(count) for _ in range(width // count)]
        picked = [round(column * (count - 1) / (width - 1)) for column in range(width)]
        if self.selected is not None and self.selected not in picked:
            selected = self.selected
            picked[min(range(width), key=lambda column: abs(picked[column] - selected))] = selected
        return picked

    def render(self) -> Content:
        rows = max(1, self.size.height - 1)
        columns = self.columns(max(1, self.size.width - self.SCALE))
        bar, selected, mark = (self.get_visual_style(f"win-chart--{part}") for part in ("bar", "selected", "mark"))
        lines = []
        for row in range(rows):
            # Eighths of a row, counted from the bottom of this one.
            low = (rows - 1 - row) * 8
            label = {0: "100%", rows // 2: " 50%", rows - 1: "  0%"}.get(row, "")
            parts = [Content(f"{label:>4}│")]
            for index in columns:
                eighths = round(self.values[index] / 100 * rows * 8)
                cell = self.BARS[max(0, min(8, eighths - low))]
                parts.append(Content.styled(cell, selected if index == self.selected else bar))
            lines.append(Content("").join(parts))
        # A value drawn several columns wide is lettered once, under its first.
        marks = [*self.marks, *" " * (len(self.values) - len(self.marks))]
        letters = [
            Content.styled(marks[index] if column == 0 or columns[column - 1] != index else " ", mark)
            for column, index in enumerate(columns)
        ]
        lines.append(Content("").join([Content("    └"), *letters]))
        return Content("\n").join(lines)


class ReviewScreen(Screen[Judged | None]):
    """Dismissed with the decision to look at in the replay (Enter), or None (Esc)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "look", "see it in the replay", priority=True),
        Binding("n", "mistake(1)", "mistakes", group=MISTAKES),
        Binding("p", "mistake(-1)", "mistakes", group=MISTAKES),
        Binding("s", "seat", "next seat"),
        Binding("escape", "back", "back"),
        Binding("question_mark", "app.help", show=False),
        Binding("q", "app.request_quit", show=False),
    ]

    class Progressed(Message):
        """The worker's report: decisions `done` of `total`, then the finished `review` (None if stopped)."""

        def __init__(self, cancel: threading.Event, done: int, total: int, review: Review | None = None) -> None:
            super().__init__()
            self.cancel = cancel
            self.done = done
            self.total = total
            self.review = review

    def __init__(self, saved: SavedGame, level: str | None = None, selected: int | None = None) -> None:
        """`selected`: the action index of the decision to select first (the one last looked at)."""
        super().__init__()
        self.saved = saved
        self.level = level or core.DEFAULT_LEVEL
        self.names = seat_names(saved.game, len(saved.header.seats))
        self.seats = core.reviewed_seats(saved)
        self.seat = self.seats[0]
        self.first = selected
        self.review: Review | None = None
        self.cancel = threading.Event()
        # The decisions of the seat shown, in the list's order.
        self.shown: list[Judged] = []

    def compose(self) -> ComposeResult:
        yield Static(id="review-title", markup=False)
        yield WinChart(id="review-chart")
        yield Static(id="review-summary", markup=False)
        yield ProgressBar(id="review-progress", show_eta=False)
        yield OptionList(id="review-list")
        yield Static(id="review-detail", markup=False)
        yield Static(id="review-status", markup=False)
        yield KeysFooter(show_command_palette=False)
        yield TooSmall()

    def on_mount(self) -> None:
        cached = core.cached_review(self.saved, self.seats, self.level)
        if cached is not None:
            self.finish(cached)
            return
        self.add_class("-working")
        self.show_title()
        self.status("Each decision is searched from what its player knew then. Esc stops.")
        self.compute(self.cancel)

    def on_unmount(self) -> None:
        self.cancel.set()

    def decisions_of(self, seat: int) -> list[Judged]:
        return [] if self.review is None else [d for d in self.review.decisions if d.seat == seat]

    # ---------------------------------------------------------------------------------------------------------
    # The review, in a worker

    @work(thread=True, exclusive=True, group="review", exit_on_error=False)
    def compute(self, cancel: threading.Event) -> None:
        """Runs in a worker thread; reports come back as messages carrying `cancel`, so a stale one is dropped."""
        saved, level = self.saved, self.level
        budget = core.review_config(level).iterations or 0
        decisions = len(core.tasks(saved, self.seats, core.review_config(level), 1))
        jobs = available_cores() if budget * decisions >= PARALLEL_FROM else 1

        def progress(done: int, total: int) -> None:
            self.post_message(self.Progressed(cancel, done, total))

        result = core.review(saved, self.seats, level, jobs=jobs, on_progress=progress, cancel=cancel, cache=True)
        if result is not None:
            self.post_message(self.Progressed(cancel, decisions, decisions, result))

    def on_review_screen_progressed(self, event: Progressed) -> None:
        if event.cancel is not self.cancel or event.cancel.is_set():
            return
        if event.review is not None:
            self.finish(event.review)
            return
        bar = self.query_one(ProgressBar)
        bar.update(total=max(1, event.total), progress=event.done)
        self.query_one("#review-summary", Static).update(
            f"Reviewing {event.done} of {event.total} decisions ({self.level}). Esc stops."
        )

    def finish(self, review: Review) -> None:
        self.review = review
        # Back from the replay: on the seat of the decision looked at last.
        self.seat = next((d.seat for d in review.decisions if d.index == self.first), self.seat)
        self.remove_class("-working")
        self.status("")
        self.show_seat()

    # ---------------------------------------------------------------------------------------------------------
    # What is shown

    def show_title(self) -> None:
        header = self.saved.header
        who = self.names[self.seat]
        person = header.seats[self.seat].name
        title = f"Review · {self.saved.game.title} · {who} ({person}) · level {self.level}"
        self.query_one("#review-title", Static).update(title)

    def status(self, text: str) -> None:
        self.query_one("#review-status", Static).update(text)

    def show_seat(self) -> None:
        """The seat's chart, summary and decisions; the selection on the decision asked for, else the first."""
        self.show_title()
        assert self.review is not None
        self.shown = self.decisions_of(self.seat)
        summary = next(s for s in self.review.summaries if s.seat == self.seat)
        good, inaccuracies, mistakes, blunders = summary.counts
        self.query_one("#review-summary", Static).update(
            f"Mean loss {summary.accuracy:.1f} · good {good}, inaccuracy {inaccuracies}, mistake {mistakes}, "
            f"blunder {blunders} · luck {summary.luck:+.0f}"
        )
        options = self.query_one(OptionList)
        options.clear_options()
        options.add_options(Option(self.row(d), id=str(d.index)) for d in self.shown)
        wanted = next((n for n, d in enumerate(self.shown) if d.index == self.first), 0)
        if self.shown:
            options.highlighted = wanted
        options.focus()
        self.show_detail()

    def row(self, decision: Judged) -> Content:
        before = f"{decision.before:>3.0f}%" if decision.before is not None else "    "
        loss = f"-{decision.loss:.0f}" if decision.loss >= 0.5 else ""
        text = f"{decision.index + 1:>4} t{decision.turn:<3} {before} {loss:>4} {decision.kind:<{KIND_WIDTH}} "
        style = "" if decision.kind in (GOOD, FORCED) else f"$text-{'error' if decision.loss >= 10 else 'warning'}"
        return Content.assemble((text, style), decision.played)

    @property
    def current(self) -> Judged | None:
        index = self.query_one(OptionList).highlighted
        return self.shown[index] if index is not None and index < len(self.shown) else None

    def show_detail(self) -> None:
        judged = [d for d in self.shown if d.before is not None]
        current = self.current
        summary = next(s for s in self.review.summaries if s.seat == self.seat) if self.review else None
        values = [d.before for d in judged if d.before is not None]
        if summary is not None:
            values.append(summary.result)
        selected = next((n for n, d in enumerate(judged) if d is current), None)
        self.query_one(WinChart).show(values, [MARKS[d.kind] for d in judged], selected)
        detail = self.query_one("#review-detail", Static)
        if current is None:
            detail.update("Nothing for this seat to decide in this game.")
            return
        after = f" (win {current.after:.0f}%)" if current.after is not None else ""
        lines = [f"Played: {current.played}{after}"]
        if current.kind == FORCED:
            lines.append("The only legal move.")
        elif current.best != current.played and current.loss >= 0.5:
            lines.append(f"Better: {current.best} (win {current.before:.0f}%)")
            if current.reason:
                lines.append(current.reason)
        else:
            lines.append("The search's choice too.")
        detail.update("\n".join(lines))

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        self.show_detail()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.action_look()

    # ---------------------------------------------------------------------------------------------------------
    # Keys

    def action_look(self) -> None:
        current = self.current
        if current is None:
            self.status("The review is on its way." if self.review is None else "No decision to look at.")
            return
        self.dismiss(current)

    def action_mistake(self, step: int) -> None:
        """To the next (or previous) decision worse than good."""
        options = self.query_one(OptionList)
        if not self.shown:
            self.status("Nothing to go to yet." if self.review is None else "No decisions to go to.")
            return
        start = options.highlighted if options.highlighted is not None else -step
        places = range(start + step, len(self.shown)) if step > 0 else range(start - 1, -1, -1)
        found = next((n for n in places if self.shown[n].kind not in (GOOD, FORCED)), None)
        if found is None:
            where = "after" if step > 0 else "before"
            self.status(f"No inaccuracy, mistake or blunder {where} this one.")
            return
        options.highlighted = found
        self.status("")

    def action_seat(self) -> None:
        if len(self.seats) < 2:
            self.status(f"Only {self.names[self.seat]}'s decisions are reviewed: the other seats were the computer.")
            return
        if self.review is None:
            self.status("The review is on its way: the seats once it is done.")
            return
        self.seat = self.seats[(self.seats.index(self.seat) + 1) % len(self.seats)]
        self.first = None
        self.show_seat()

    def action_back(self) -> None:
        self.cancel.set()
        self.dismiss(None)
