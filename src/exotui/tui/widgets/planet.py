"""How an EXO n°2 planet token reads on screen: three letters (size, colour, type), on its colour.

The letters alone tell every feature (see cards.planet_code), so nothing depends on colour; the colour only helps.
"""

from __future__ import annotations

from typing import ClassVar, Final

from textual.widget import Widget

from exotui.games.exo2.cards import COLOURS, features, planet_code, planet_name

CELL: Final = 3


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

    # Backgrounds dark enough for white letters; in 16 colours they become the terminal's blue, red and green.
    DEFAULT_CSS = """
    PlanetsWidget > .planet--blue { background: #1e56a0; color: #ffffff; text-style: bold; }
    PlanetsWidget > .planet--red { background: #b02a2a; color: #ffffff; text-style: bold; }
    PlanetsWidget > .planet--green { background: #2e7d32; color: #ffffff; text-style: bold; }
    PlanetsWidget > .covered--blue { color: #7aa7e8; }
    PlanetsWidget > .covered--red { color: #e57373; }
    PlanetsWidget > .covered--green { color: #81c784; }
    """
