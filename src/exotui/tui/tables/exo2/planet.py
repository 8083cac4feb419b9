"""How an EXO n°2 planet token reads on screen: three letters (size, colour, type), on its colour.

The letters alone tell every feature (see cards.planet_code), so nothing depends on colour; the colour only helps.
"""

from __future__ import annotations

from typing import ClassVar, Final, NamedTuple

from textual.widget import Widget

from exotui.games.exo2 import COLOURS, features, planet_code, planet_name

CELL: Final = 3


class Cell(NamedTuple):
    """How large a square or a token is drawn: its columns and its rows (the letters on the middle one, the upper
    of two)."""

    width: int
    height: int


def colour_class(token: int, available: bool = True) -> str:
    """The component class of a token: its colour as a background, or only as text for a covered token."""
    return f"{'planet' if available else 'covered'}--{COLOURS[features(token)[1]]}"


def full_text(token: int) -> str:
    """'LRG large red gaseous planet'."""
    return f"{planet_code(token)} {planet_name(token)}"


class PlanetsWidget(Widget):
    """The base of the widgets that draw planet tokens: their colours, as component classes."""

    COMPONENT_CLASSES: ClassVar[set[str]] = {
        f"{kind}--{colour}" for kind in ("planet", "covered") for colour in COLOURS
    }

    # Backgrounds dark enough for white letters. In 16 colours the backgrounds become the terminal's blue, red and
    # green and the covered tokens' letters its bright ones (many other blues and greens would turn grey).
