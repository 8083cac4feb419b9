"""Raging Rodents: 2-4 players, or solo against the automaton.

Its public surface, what the front ends (the table, the SSH table, the command line) may use of it, is
`__all__`; everything else is the game's own (tests/engine/test_layering.py)."""

from exotui.games.rodents.cards import (
    BACK_LETTERS,
    BACK_OF,
    BACKS,
    CARDS,
    HABITATS,
    HOUSE_NOTE,
    PREDATOR_POINTS,
    card_name,
)
from exotui.games.rodents.ending import collection_label, played
from exotui.games.rodents.game import GAME
from exotui.games.rodents.rules import (
    SAFETY_EXTRA_INVASIONS,
    SAFETY_TURNS_EACH,
    SOLO_TURNS,
    habitat,
    habitat_counts,
    is_last_turn,
    rodent_points,
    totals,
)
from exotui.games.rodents.state import (
    AUTOMATON,
    FIELD,
    MORE,
    OVER,
    PLACE,
    Collection,
    Pass,
    Place,
    Play,
    Reveal,
    Rodent,
    RodentsState,
    Stop,
    Swap,
    back_of_hidden,
    hidden,
)
from exotui.games.rodents.view import SEAT_NAMES, play_text

__all__ = [
    "AUTOMATON",
    "BACKS",
    "BACK_LETTERS",
    "BACK_OF",
    "CARDS",
    "FIELD",
    "GAME",
    "HABITATS",
    "HOUSE_NOTE",
    "MORE",
    "OVER",
    "PLACE",
    "PREDATOR_POINTS",
    "SAFETY_EXTRA_INVASIONS",
    "SAFETY_TURNS_EACH",
    "SEAT_NAMES",
    "SOLO_TURNS",
    "Collection",
    "Pass",
    "Place",
    "Play",
    "Reveal",
    "Rodent",
    "RodentsState",
    "Stop",
    "Swap",
    "back_of_hidden",
    "card_name",
    "collection_label",
    "habitat",
    "habitat_counts",
    "hidden",
    "is_last_turn",
    "play_text",
    "played",
    "rodent_points",
    "totals",
]
