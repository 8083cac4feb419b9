"""Cryptid by Hal Duncan and Ruth Veevers: deduce the creature's habitat from everyone's clues (game id `cryptid`).

Its public surface, what the front ends (the table, the SSH table, the command line) may use of it, is
`__all__`; everything else is the game's own (tests/engine/test_layering.py)."""

from exotui.games.cryptid.board import animal, clue_masks, space, space_name, structure_at, terrain
from exotui.games.cryptid.cards import (
    ANIMAL_NAMES,
    CLUES,
    COLUMNS,
    HINTS,
    HOUSE_NOTE,
    POSITIVE_CLUES,
    ROWS,
    STRUCTURES,
    TERRAIN_LETTERS,
    TERRAIN_NAMES,
)
from exotui.games.cryptid.game import GAME
from exotui.games.cryptid.levels import Reasoning, possible_clues
from exotui.games.cryptid.rules import colour_count, colours_of, cubed, current_player, owner
from exotui.games.cryptid.state import (
    ANSWER,
    HIDDEN,
    NONE,
    OPENING,
    OVER,
    PENALTY,
    RELOCATE,
    Answer,
    Ask,
    CryptidState,
    Cube,
    Hint,
    Search,
)
from exotui.games.cryptid.view import COLOUR_NAMES

__all__ = [
    "ANIMAL_NAMES",
    "ANSWER",
    "CLUES",
    "COLOUR_NAMES",
    "COLUMNS",
    "GAME",
    "HIDDEN",
    "HINTS",
    "HOUSE_NOTE",
    "NONE",
    "OPENING",
    "OVER",
    "PENALTY",
    "POSITIVE_CLUES",
    "RELOCATE",
    "ROWS",
    "STRUCTURES",
    "TERRAIN_LETTERS",
    "TERRAIN_NAMES",
    "Answer",
    "Ask",
    "CryptidState",
    "Cube",
    "Hint",
    "Reasoning",
    "Search",
    "animal",
    "clue_masks",
    "colour_count",
    "colours_of",
    "cubed",
    "current_player",
    "owner",
    "possible_clues",
    "space",
    "space_name",
    "structure_at",
    "terrain",
]
