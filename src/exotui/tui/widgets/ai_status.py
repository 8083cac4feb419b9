"""The computer player's status: idle, or searching with a time bar, iterations, its favourite and win chance."""

from __future__ import annotations

from typing import ClassVar, Final

from textual.content import Content
from textual.widget import Widget

from exotui.tui.labels import fit_label

BAR: Final = 12
# The panel's line once the computer deciding has stopped for good (its search failed, and so did a move at random).
STOPPED: Final = "stopped by an error"


class AiStatus(Widget):
    COMPONENT_CLASSES: ClassVar[set[str]] = {"ai--title", "ai--bar"}

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.title = "AI"
        self.lines: tuple[str, ...] = ()
        self.fraction: float | None = None
        self.seconds = 0.0

    def idle(self, title: str, message: str) -> None:
        self.title, self.lines, self.fraction = title, (message,), None
        self.refresh()

    def thinking(
        self,
        title: str,
        iterations: int,
        elapsed: float,
        budget: float | None,
        preferred: str,
        win: float,
    ) -> None:
        self.title = title
        self.fraction = min(1.0, elapsed / budget) if budget else None
        self.seconds = elapsed
        timing = () if budget else (f"{elapsed:.1f} s",)
        # What matters first: a short panel ends in "…" (`fitted`), losing the counts rather than the estimate.
        self.lines = (f"win chance {win:.0%}", f"prefers: {preferred}", *timing, f"{iterations:,} iterations")
        self.refresh()

    def render(self) -> Content:
        # The seat's label on one row (`fit_label`): a long one ("Yellow: AI easy:it=750:c=1.0:pb=1:imm=0.3") took
        # three rows of a narrow side panel from the search's figures.
        title = fit_label(self.title, self.size.width)
        parts: list[Content] = [Content.styled(title, self.get_visual_style("ai--title", partial=True))]
        if self.fraction is not None:
            filled = round(self.fraction * BAR)
            bar = Content.styled("█" * filled + "░" * (BAR - filled), self.get_visual_style("ai--bar", partial=True))
            parts.append(Content.assemble(bar, f" {self.seconds:.1f}s"))
        parts.extend(Content(line) for line in self.lines)
        return fitted(parts, self.size.width, self.size.height)


def fitted(parts: list[Content], width: int, height: int) -> Content:
    """`parts` wrapped at their words to `width` cells, a row each, or sharing rows (" · " between them) where that
    takes more than `height` rows; past `height` rows, the last row shown ends in "…" (a narrow side panel never
    clips a word at its edge). Sharing, a panel of a row or two (Endless Forms at 80x24, the log under it) still
    shows the bar, the win chance and what the search prefers."""
    if width <= 0 or height <= 0:
        return Content("\n").join(parts)
    rows = [row for part in parts for row in part.wrap(width)]
    if len(rows) > height:
        # An empty part (an SSH table's "The game is over" has no second line) adds no " · ".
        rows = Content(" · ").join(part for part in parts if part.cell_length).wrap(width)
    if len(rows) > height:
        last = rows[height - 1].rstrip()
        ellipsis = Content(" …" if last.cell_length + 2 <= width else "…")
        rows = [*rows[: height - 1], last.truncate(width - ellipsis.cell_length) + ellipsis]
    return Content("\n").join(rows)
