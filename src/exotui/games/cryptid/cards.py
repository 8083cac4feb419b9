"""Cryptid data: the six map tiles, the structures, the clues and the hint families.

The one place to correct if you own the printed game. The map is RULINGS.md section 4 (checked there against five
public implementations and 2,854 official puzzles); so are the clue list and the hint families.

Clues have stable ids (`CLUE_IDS`), the names a tester or a save refers to: "on:forest-desert", "within1:water",
"within1:animal", "within2:stone", "within2:shack", "within2:bear", "within2:cougar", "within3:white" ... and
"within3:black"; "not:<id>" is the negation of each (advanced game). A clue is also a small int, its index in
`CLUES`: 0-23 the positive clues (23 is the black one), 24-47 their negations in the same order.
"""

from __future__ import annotations

from itertools import combinations
from typing import Final, NamedTuple

HOUSE_NOTE: Final = (
    "[house] Pieces are unlimited. A player with no space left for a forced cube places none. In the two-player "
    "variant every cube a player answers with is chosen on a screen of their own, even when only one colour fits, "
    "so nobody can tell a bluff from the pause."
)

COLUMNS: Final = 12
ROWS: Final = 9
SPACES: Final = COLUMNS * ROWS
TILE_COLUMNS: Final = 6
TILE_ROWS: Final = 3

# Terrains, indexed by these ints everywhere.
FOREST: Final = 0
DESERT: Final = 1
WATER: Final = 2
SWAMP: Final = 3
MOUNTAIN: Final = 4
TERRAIN_NAMES: Final = ("forest", "desert", "water", "swamp", "mountain")
# The letter a space shows, so terrain never rests on colour alone.
TERRAIN_LETTERS: Final = "FDWSM"

NO_ANIMAL: Final = 0
BEAR: Final = 1
COUGAR: Final = 2
ANIMAL_NAMES: Final = ("", "bear", "cougar")

# Per tile (1-6), its rows top to bottom, each space "T" or "T(B)"/"T(C)" for a bear or cougar territory.
TILE_TEXT: Final = {
    1: ("W W W W F F", "S S W D F F", "S S D D(B) D(B) F(B)"),
    2: ("S(C) F(C) F(C) F F F", "S S F D D D", "S M M M M D"),
    3: ("S S F F F W", "S(C) S(C) F M W W", "M(C) M M M W W"),
    4: ("D D M M M M", "D D M W W W(C)", "D D D F F F(C)"),
    5: ("S S S M M M", "S D D W M M(B)", "D D W W W(B) W(B)"),
    6: ("D(B) D S S S F", "M(B) M S S F F", "M W W W W F"),
}


def _parse_tile(rows: tuple[str, ...]) -> tuple[tuple[tuple[int, int], ...], ...]:
    """Per row, per column: (terrain, animal)."""
    parsed = []
    for row in rows:
        cells = []
        for cell in row.split():
            animal = BEAR if cell.endswith("(B)") else COUGAR if cell.endswith("(C)") else NO_ANIMAL
            cells.append((TERRAIN_LETTERS.index(cell[0]), animal))
        parsed.append(tuple(cells))
    return tuple(parsed)


TILES: Final = {number: _parse_tile(rows) for number, rows in TILE_TEXT.items()}

# Structures, in the order a board lists their spaces; the black pair only in the advanced game.
STONE: Final = 0
SHACK: Final = 1
STRUCTURE_KIND_NAMES: Final = ("standing stone", "abandoned shack")
STRUCTURE_COLOURS: Final = ("white", "green", "blue", "black")


class Structure(NamedTuple):
    kind: int  # STONE or SHACK
    colour: int  # index in STRUCTURE_COLOURS

    @property
    def name(self) -> str:
        return f"{STRUCTURE_COLOURS[self.colour]} {STRUCTURE_KIND_NAMES[self.kind]}"


STRUCTURES: Final = tuple(Structure(kind, colour) for colour in range(4) for kind in (STONE, SHACK))
NORMAL_STRUCTURES: Final = 6
ADVANCED_STRUCTURES: Final = 8


class Clue(NamedTuple):
    id: str
    text: str  # completes "The habitat is ..."
    # Hint families (indices in HINTS) the clue belongs to: a hint "no such clue" is true only if none is used.
    families: frozenset[int]


# Hint families: what the puzzle's hint says is not among its clues.
WITHIN1: Final = 0
WITHIN2: Final = 1
WITHIN3: Final = 2
TWO_TERRAINS: Final = 3
ANIMALS: Final = 9
ANY_TERRAIN: Final = 10
HINTS: Final = (
    'No clue is "within one space".',
    'No clue is "within two spaces".',
    'No clue is "within three spaces".',
    'No clue is "on one of two terrains".',
    "No clue mentions water.",
    "No clue mentions forest.",
    "No clue mentions desert.",
    "No clue mentions mountain.",
    "No clue mentions swamp.",
    "No clue mentions animal territory.",
    "No clue mentions any terrain.",
)
_TERRAIN_FAMILY: Final = {WATER: 4, FOREST: 5, DESERT: 6, MOUNTAIN: 7, SWAMP: 8}

# What a positive clue measures distance to (board.py turns each into spaces): a set of terrains, of animal
# territories, of structure kinds or of structure colours; with the largest distance allowed.
TERRAIN: Final = 0
ANIMAL: Final = 1
KIND: Final = 2
COLOUR: Final = 3


class ClueRule(NamedTuple):
    target: int  # TERRAIN, ANIMAL, KIND or COLOUR
    values: tuple[int, ...]  # which terrains, animals, kinds or colours
    within: int  # "within N" counts the space itself: distance 0 to N


def _positive_clues() -> tuple[tuple[Clue, ClueRule], ...]:
    clues: list[tuple[Clue, ClueRule]] = []
    for a, b in combinations(range(5), 2):
        name_a, name_b = TERRAIN_NAMES[a], TERRAIN_NAMES[b]
        families = frozenset({TWO_TERRAINS, ANY_TERRAIN, _TERRAIN_FAMILY[a], _TERRAIN_FAMILY[b]})
        clue = Clue(f"on:{name_a}-{name_b}", f"on {name_a} or {name_b}", families)
        clues.append((clue, ClueRule(TERRAIN, (a, b), 0)))
    for terrain, name in enumerate(TERRAIN_NAMES):
        families = frozenset({WITHIN1, ANY_TERRAIN, _TERRAIN_FAMILY[terrain]})
        clue = Clue(f"within1:{name}", f"within one space of {name}", families)
        clues.append((clue, ClueRule(TERRAIN, (terrain,), 1)))
    clue = Clue("within1:animal", "within one space of either animal territory", frozenset({WITHIN1, ANIMALS}))
    clues.append((clue, ClueRule(ANIMAL, (BEAR, COUGAR), 1)))
    for kind, name in enumerate(STRUCTURE_KIND_NAMES):
        article = "an" if name[0] == "a" else "a"
        clue = Clue(f"within2:{name.split()[1]}", f"within two spaces of {article} {name}", frozenset({WITHIN2}))
        clues.append((clue, ClueRule(KIND, (kind,), 2)))
    for animal in (BEAR, COUGAR):
        name = ANIMAL_NAMES[animal]
        clue = Clue(f"within2:{name}", f"within two spaces of {name} territory", frozenset({WITHIN2, ANIMALS}))
        clues.append((clue, ClueRule(ANIMAL, (animal,), 2)))
    for colour, name in enumerate(STRUCTURE_COLOURS):
        clue = Clue(f"within3:{name}", f"within three spaces of a {name} structure", frozenset({WITHIN3}))
        clues.append((clue, ClueRule(COLOUR, (colour,), 3)))
    return tuple(clues)


_POSITIVE: Final = _positive_clues()
POSITIVE_CLUES: Final = len(_POSITIVE)  # 24
# How each positive clue is computed, read by board.clue_masks.
CLUE_RULES: Final = tuple(rule for _, rule in _POSITIVE)
CLUES: Final = tuple(clue for clue, _ in _POSITIVE) + tuple(
    Clue(f"not:{clue.id}", f"not {clue.text}", clue.families) for clue, _ in _POSITIVE
)
CLUE_IDS: Final = tuple(clue.id for clue in CLUES)
CLUE_INDEX: Final = {clue_id: index for index, clue_id in enumerate(CLUE_IDS)}
BLACK_CLUE: Final = CLUE_INDEX["within3:black"]
# Normal games use the 23 positive clues without the black one; advanced games all 48.
NORMAL_CLUES: Final = tuple(index for index in range(POSITIVE_CLUES) if index != BLACK_CLUE)
ADVANCED_CLUES: Final = tuple(range(len(CLUES)))


def negation(clue: int) -> int:
    """The index of the clue saying the opposite."""
    return (clue + POSITIVE_CLUES) % len(CLUES)


def clue_text(clue: int) -> str:
    return f"The habitat is {CLUES[clue].text}."
