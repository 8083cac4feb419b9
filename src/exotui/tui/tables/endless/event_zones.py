"""Both event zones (yours shows its card, the other only that one is there, and a Stable Climate lying in a zone;
a spectator's, only that one is there in each; on the final table, every card, as the view shows them all) and the
discard piles' sizes; the piles themselves open with p."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar, Final, NamedTuple

from textual.content import Content
from textual.widget import Widget

from exotui.games.endless import EMPTY, EndlessState, card_name

# The person's reveal setting (W changes it) after their event: in whole words, and in a few.
REVEAL_MARKS: Final = {
    "useful": ("asks when useful, W", "W: useful"),
    "every": ("asks at every window, W", "W: every window"),
    "never": ("r to reveal, W", "W: r reveals"),
}


class Wording(NamedTuple):
    """How much the line says: `short`, a Stable Climate as "blocked", the reveal setting and the discard piles in a
    few words; `mark`, the reveal setting at all; `piles`, the discard piles' and the decks' sizes (2), the discard
    piles' (1), none (0)."""

    short: bool
    mark: bool
    piles: int


# From the most words to the fewest: the line says the first that fits its width, on one row (every word on it
# took two rows at 80 columns in 2 positions of 3 of 40 random games, a row the log's last lines needed). Wide, the
# first or the second; at 80 columns mostly the third (the decks' sizes are with the discard piles, p); with a long
# event name and a zone blocked (4 in 100) the reveal setting goes too (help tells it, W says it as it changes it).
# The last fits 80 columns whatever the zones hold.
WORDINGS: Final = (
    Wording(short=False, mark=True, piles=2),
    Wording(short=True, mark=True, piles=2),
    Wording(short=True, mark=True, piles=1),
    Wording(short=True, mark=False, piles=1),
    Wording(short=True, mark=False, piles=0),
)


def zone_text(view: EndlessState, seat: int, viewer: int | None, label: str, short: bool = False) -> str:
    """'Your event: Drought', 'South: face down' (named where the view shows it: the final table), with '(Stable
    Climate: blocked)' (`short`: ', blocked') under a Stable Climate."""
    card = view.events[seat]
    if card >= 0:
        shown = card_name(card)
    elif card != EMPTY:
        shown = "face down"
    else:
        shown = "none"
    climate = ""
    if view.climate[seat] >= 0:
        climate = ", blocked" if short else " (Stable Climate: blocked)"
    return f"{'Your event' if seat == viewer else label}: {shown}{climate}"


def piles_text(view: EndlessState, decks: bool = True, short: bool = False) -> str:
    """'Discards 4/3 (p) · decks 28/29' (North's, then South's; `short`: 'Piles 4/3 (p)…'), without `decks` the
    discard piles alone."""
    sizes = "/".join(str(len(view.discards[s])) for s in (0, 1))
    piles = f"{'Piles' if short else 'Discards'} {sizes} (p)"
    return f"{piles} · decks {'/'.join(str(len(view.decks[s])) for s in (0, 1))}" if decks else piles


def events_line(
    view: EndlessState, viewer: int | None, labels: Sequence[str], setting: str, width: int
) -> tuple[str, str, str]:
    """(your zone with your reveal setting, the other zone or a spectator's both, the piles) in the most words that
    fit `width` on one row (`WORDINGS`); "" for a part left out."""
    for wording in WORDINGS:
        short = wording.short
        if viewer is None:
            own = ""
            other = " · ".join(zone_text(view, seat, None, labels[seat], short) for seat in (0, 1))
        else:
            own = zone_text(view, viewer, viewer, labels[viewer], short)
            if wording.mark and setting and view.events[viewer] >= 0:
                own += f" ({REVEAL_MARKS[setting][short]})"
            other = zone_text(view, 1 - viewer, viewer, labels[1 - viewer], short)
        piles = piles_text(view, wording.piles == 2, short) if wording.piles else ""
        if len(line(own, other, piles)) <= width:
            break
    return own, other, piles


def line(own: str, other: str, piles: str) -> str:
    """The parts as the line shows them: the zones, then the piles."""
    zones = f"{own} · {other}" if own else other
    return f"{zones}   {piles}" if piles else zones


class EventZones(Widget):
    """One row: both event zones; the discard pile and deck sizes (North/South), in as many words as fit.

    | Class | Description |
    | :- | :- |
    | `events--own` | your event zone |
    """

    COMPONENT_CLASSES: ClassVar[set[str]] = {"events--own"}

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.view: EndlessState | None = None
        self.viewer: int | None = None
        self.labels: Sequence[str] = ()
        self.setting = ""

    def show(self, view: EndlessState, viewer: int | None, labels: Sequence[str], setting: str = "") -> None:
        """`setting`: the person's reveal setting (`REVEAL_MARKS`), shown after their event (W changes it)."""
        self.view, self.viewer, self.labels, self.setting = view, viewer, labels, setting
        self.refresh()

    def render(self) -> Content:
        if self.view is None:
            return Content()
        own, other, piles = events_line(self.view, self.viewer, self.labels, self.setting, self.size.width)
        text = line(own, other, piles)
        if not own:
            return Content(text)
        styled = Content.styled(own, self.get_visual_style("events--own", partial=True))
        return Content.assemble(styled, text[len(own) :])
