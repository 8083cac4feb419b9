"""The end of a game: who won and how, and how the game ended as the log told it, over the foot of the final table;
then Rematch, Replay, Review, New game or Title."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar, Final

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Container, Vertical, VerticalScroll
from textual.content import Content
from textual.widget import Widget
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from exotui.play.session import Told
from exotui.tui.screens.box import Box
from exotui.tui.widgets.footer import KeysFooter
from exotui.tui.widgets.game_log import decision_line, event_lines
from exotui.tui.widgets.too_small import MIN_WIDTH

# The terminal width from which the result box sets the result and the choices side by side, to leave more rows of
# the table above it.
WIDE_BOX: Final = 100


def told_lines(ending: Sequence[Told]) -> Content:
    """Decisions with what each caused, as the table's log tells them (a decision told to nobody: its events alone)."""
    lines = []
    for told in ending:
        if told.sentence:
            lines.append(decision_line(told.turn, told.sentence))
        lines.extend(event_lines(told.events))
    return Content("\n").join(lines)


class Ending(VerticalScroll, can_focus=False):
    """How the game ended, in the end box: its lines scroll with the screen's PgUp and PgDn when they are more than
    its rows (`EndScreen.fit_ending` says how many it has)."""

    def __init__(self, ending: Sequence[Told], *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.lines = told_lines(ending)

    def compose(self) -> ComposeResult:
        yield Static(self.lines)

    def rows(self, width: int) -> int:
        """How many rows its lines take in a column `width` wide (its padding and its scroll bar's gutter inside)."""
        styles = self.styles
        inside = width - styles.padding.left - styles.padding.right - styles.scrollbar_size_vertical
        return len(self.lines.wrap(max(inside, 1)))

    def on_resize(self) -> None:
        # Its rows or its lines changed: its last lines in sight, as a log's (the end itself; PgUp: the decisions that
        # led to it), and whether PgUp and PgDn are offered (EndScreen.check_action).
        self.scroll_end(animate=False)
        self.screen.refresh_bindings()


class EndMenu(OptionList):
    """The end box's choices, opened with none highlighted: the box used to open on Rematch, and the Enter that
    confirmed the last decision, or keys typed just after it, started a new game at once, the final table lost from
    sight. Enter chooses only a choice the arrows (or the mouse) have highlighted; with none, it makes the menu's
    title, which says how to choose, stand out until one is."""

    def __init__(self, *options: Option, id: str) -> None:
        super().__init__(*options, id=id)
        # OptionList highlights its first option as it is made.
        self.highlighted = None
        self.border_title = "↑↓ choose · Enter confirms"

    def watch_highlighted(self, highlighted: int | None) -> None:
        super().watch_highlighted(highlighted)
        if highlighted is not None:
            self.remove_class("-nudged")

    def action_select(self) -> None:
        if self.highlighted is None:
            self.add_class("-nudged")
        else:
            super().action_select()


class EndScreen(Box[str | None]):
    """The result in a box over the foot of the final table, the table's own rows whole above it. Dismissed with
    "rematch", "replay", "review", "new" or "title", or None (Esc) to look at the table, where Enter brings the result
    back.

    The box covers the foot of the table, where its log ends: it tells how the game ended itself (`ending`, the
    last turn's decisions that set something off, as the log told them), in the rows the box can give it
    (`fit_ending`), its end in sight; PgUp and PgDn scroll it where it has more lines than rows."""

    CHOICES: ClassVar[tuple[tuple[str, str], ...]] = (
        ("rematch", "Rematch (same seats, next seed)"),
        ("replay", "Replay this game"),
        ("review", "Review this game"),
        ("new", "New game"),
        ("title", "Title"),
    )
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "dismiss(None)", "look at the table"),
        # Priority: the menu, which has the focus, would take them to move its highlight.
        Binding("pageup", "scroll_ending(-1)", "the last turn", key_display="PgUp/Dn", priority=True),
        Binding("pagedown", "scroll_ending(1)", show=False, priority=True),
    ]
    # The box takes the whole width at every size (exotui.tcss): the columns of the table left beside a narrower box
    # showed words cut by its edge ("Yellow holds B V", "rn 5 · Blue"). From `WIDE_BOX` columns the result and the
    # choices sit side by side, so the box is shorter. These replace the app's breakpoints on this screen, so they
    # keep its "-too-narrow" (the notice to enlarge the terminal).
    # Textual declares them per instance (not ClassVar), so they cannot be annotated as the linter would like.
    HORIZONTAL_BREAKPOINTS = [(0, "-too-narrow"), (MIN_WIDTH, "-narrow"), (WIDE_BOX, "-wide")]  # noqa: RUF012

    def __init__(
        self,
        headline: str,
        summary: list[str],
        can_replay: bool = True,
        details: Widget | None = None,
        ending: Sequence[Told] = (),
    ) -> None:
        """`can_replay`: the game was saved, so it can be replayed. `details`: more of the result, from the table
        (`Board.result_details`: Raging Rodents' score of each invasion), under the summary. `ending`: how the game
        ended as the log told it (`play.session.how_it_ended`), under them."""
        super().__init__()
        self.headline = headline
        self.summary = summary
        self.can_replay = can_replay
        self.details = details
        self.ending = ending
        self.chosen = False

    def compose_box(self) -> ComposeResult:
        # Its breakpoint's class from the start: Textual sets it on the screen's first resize, after a first layout,
        # and the box would be drawn once with the result above the choices where they go side by side.
        width = self.app.size.width
        self.add_class([name for least, name in self.HORIZONTAL_BREAKPOINTS if width >= least][-1])
        saved = ("replay", "review")
        choices = [(choice, text) for choice, text in self.CHOICES if choice not in saved or self.can_replay]
        with Vertical(id="end-box"):
            # It names people (at an SSH table, as they named themselves): drawn as it is, never read as markup.
            yield Static(self.headline, id="headline", markup=False)
            # The result above the choices; side by side where the screen is "-wide" (exotui.tcss).
            with Container(id="end-body"):
                with Vertical(id="end-result"):
                    summary = Static("\n".join(self.summary), id="summary", markup=False)
                    # Over the details, the summary's last line is their caption: no row between them (Raging
                    # Rodents' 4 seats at 80x24 had none left for how the game ended).
                    summary.set_class(self.details is not None, "-captions")
                    yield summary
                    if self.details is not None:
                        yield self.details
                    if self.ending:
                        # Shown once it is given the rows the box has left (`fit_ending`), so the choices and the
                        # hint are never drawn pushed out of the box, not even for a frame.
                        ending = Ending(self.ending, id="end-ending")
                        ending.display = False
                        yield ending
                with Vertical(id="end-choices"):
                    yield EndMenu(*(Option(text, id=choice) for choice, text in choices), id="end-menu")
                    # One line in the 40 columns the choices have from 100 columns on.
                    yield Static("Esc: the final table (Enter: back here)", id="end-hint")

    def on_mount(self) -> None:
        self.call_after_refresh(self.fit_ending)

    def on_resize(self) -> None:
        self.call_after_refresh(self.fit_ending)

    def on_screen_resume(self) -> None:
        # The terminal may have been resized under help or a dialog, which this screen was not told.
        self.call_after_refresh(self.fit_ending)

    def fit_ending(self) -> None:
        """Give how the game ended the rows the box can take: at most the whole screen above the footer, and from
        `WIDE_BOX` columns half of it (the table keeps at least half the rows) or the rows beside the choices. The
        result, the choices and the hint always keep theirs; what does not fit scrolls (PgUp, PgDn), from its end.

        Its height is set rather than left to Textual's `auto`, which measured its lines a column wider than they
        are drawn (beside its scroll bar's gutter) and left the last one out of sight."""
        # Not once the box is leaving (it is measured where it is shown; a screen resumed is fitted again).
        if self.app.screen is not self:
            return
        ending = next(self.query("#end-ending").results(Ending), None)
        box = self.query_one("#end-box")
        if ending is None or not box.display or not box.outer_size.height:
            return
        result = self.query_one("#end-result")
        height = self.size.height
        room = height - self.query_one(KeysFooter).outer_size.height
        # The rows it takes in the layout measured (none while hidden, or shown but not laid out yet) with its
        # margins (the one above shared with the bottom margin of the part before it), and the box's rows without
        # it: its border, the headline and the body (whose height is its own, even where the box cuts it).
        parts = result.children
        shared = parts[parts.index(ending) - 1].styles.margin.bottom
        margins = max(ending.styles.margin.top - shared, 0) + ending.styles.margin.bottom
        taken = ending.outer_size.height + margins if ending.display and ending.outer_size.height else 0
        around = box.outer_size.height - box.content_size.height + self.query_one("#headline").outer_size.height
        if self.has_class("-wide"):
            # Under the result, beside the choices: the rows the choices take are free for it anyway.
            choices = self.query_one("#end-choices")
            beside = choices.outer_size.height + choices.styles.margin.top
            rows = max(min(room, height // 2) - around, beside) - (result.outer_size.height - taken) - margins
        else:
            rows = room - around - (self.query_one("#end-body").outer_size.height - taken) - margins
        rows = max(min(rows, ending.rows(result.content_size.width)), 0)
        ending.display = rows > 0
        ending.styles.height = rows

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        # PgUp and PgDn only where how the game ended has more lines than rows.
        if action == "scroll_ending":
            ending = next(self.query("#end-ending").results(Ending), None)
            return ending is not None and ending.display and ending.max_scroll_y > 0
        return True

    def action_scroll_ending(self, pages: int) -> None:
        ending = self.query_one("#end-ending", Ending)
        (ending.scroll_page_up if pages < 0 else ending.scroll_page_down)(animate=False)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        assert event.option.id is not None
        # Two Enters queued on a slow machine select twice before the box is gone: only the first choice counts,
        # or the second would leave a screen that is no longer there.
        if not self.chosen:
            self.chosen = True
            self.dismiss(event.option.id)
