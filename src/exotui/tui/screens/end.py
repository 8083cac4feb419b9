"""The end of a game: who won and how, over the foot of the final table; then Rematch, Replay, Review, New game or
Title."""

from __future__ import annotations

from typing import ClassVar, Final

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Container, Vertical
from textual.screen import ModalScreen
from textual.widget import Widget
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from exotui.tui.widgets.footer import KeysFooter
from exotui.tui.widgets.too_small import MIN_WIDTH, TooSmall

# The terminal width from which the result box sets the result and the choices side by side, to leave more rows of
# the table above it.
WIDE_BOX: Final = 100


class EndScreen(ModalScreen[str | None]):
    """The result in a box over the foot of the final table, the table's own rows whole above it. Dismissed with
    "rematch", "replay", "review", "new" or "title", or None (Esc) to look at the table, where Enter brings the result
    back."""

    CHOICES: ClassVar[tuple[tuple[str, str], ...]] = (
        ("rematch", "Rematch (same seats, next seed)"),
        ("replay", "Replay this game"),
        ("review", "Review this game"),
        ("new", "New game"),
        ("title", "Title"),
    )
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "dismiss(None)", "look at the table")]
    # The box takes the whole width at every size (exotui.tcss): the columns of the table left beside a narrower box
    # showed words cut by its edge ("Yellow holds B V", "rn 5 · Blue"). From `WIDE_BOX` columns the result and the
    # choices sit side by side, so the box is shorter. These replace the app's breakpoints on this screen, so they
    # keep its "-too-narrow" (the notice to enlarge the terminal).
    # Textual declares them per instance (not ClassVar), so they cannot be annotated as the linter would like.
    HORIZONTAL_BREAKPOINTS = [(0, "-too-narrow"), (MIN_WIDTH, "-narrow"), (WIDE_BOX, "-wide")]  # noqa: RUF012

    def __init__(
        self, headline: str, summary: list[str], can_replay: bool = True, details: Widget | None = None
    ) -> None:
        """`can_replay`: the game was saved, so it can be replayed. `details`: more of the result, from the table
        (`Board.result_details`: Raging Rodents' score of each invasion), under the summary."""
        super().__init__()
        self.headline = headline
        self.summary = summary
        self.can_replay = can_replay
        self.details = details
        self.chosen = False

    def compose(self) -> ComposeResult:
        # Its breakpoint's class from the start: Textual sets it on the screen's first resize, after a first layout,
        # and the box would be drawn once with the result above the choices where they go side by side.
        width = self.app.size.width
        self.add_class([name for least, name in self.HORIZONTAL_BREAKPOINTS if width >= least][-1])
        saved = ("replay", "review")
        choices = [(choice, text) for choice, text in self.CHOICES if choice not in saved or self.can_replay]
        with Vertical(id="end-box"):
            yield Static(self.headline, id="headline")
            # The result above the choices; side by side where the screen is "-wide" (exotui.tcss).
            with Container(id="end-body"):
                with Vertical(id="end-result"):
                    yield Static("\n".join(self.summary), id="summary", markup=False)
                    if self.details is not None:
                        yield self.details
                with Vertical(id="end-choices"):
                    yield OptionList(*(Option(text, id=choice) for choice, text in choices), id="end-menu")
                    # One line in the 40 columns the choices have from 100 columns on.
                    yield Static("Esc: the final table · Enter: back here", id="end-hint")
        yield KeysFooter()
        yield TooSmall()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        assert event.option.id is not None
        # Two Enters queued on a slow machine select twice before the box is gone: only the first choice counts,
        # or the second would leave a screen that is no longer there.
        if not self.chosen:
            self.chosen = True
            self.dismiss(event.option.id)
