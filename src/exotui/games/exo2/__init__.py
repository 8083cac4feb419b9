"""EXO n°2 by Léandre Proust: line up planets sharing a size, colour or type (game id `exo2`).

Its public surface, what the front ends (the table, the SSH table, the command line) may use of it, is
`__all__`; everything else is the game's own (tests/engine/test_layering.py)."""

from exotui.games.exo2.cards import COLOURS, HOUSE_NOTE, UNIVERSE_ROWS, features, planet_code, planet_name
from exotui.games.exo2.game import GAME
from exotui.games.exo2.rules import (
    COVERED_BY,
    LINES,
    PLANETS_EACH,
    STAR,
    Galaxy,
    Points,
    current_player,
    feature_points,
    is_over,
    placement_points,
)
from exotui.games.exo2.state import EMPTY, Exo2State, Take
from exotui.games.exo2.view import SEAT_NAMES, per_feature, where

__all__ = [
    "COLOURS",
    "COVERED_BY",
    "EMPTY",
    "GAME",
    "HOUSE_NOTE",
    "LINES",
    "PLANETS_EACH",
    "SEAT_NAMES",
    "STAR",
    "UNIVERSE_ROWS",
    "Exo2State",
    "Galaxy",
    "Points",
    "Take",
    "current_player",
    "feature_points",
    "features",
    "is_over",
    "per_feature",
    "placement_points",
    "planet_code",
    "planet_name",
    "where",
]
