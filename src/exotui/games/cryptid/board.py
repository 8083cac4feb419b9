"""The Cryptid map: spaces, hex geometry, and every clue's set of spaces on a board (the public API for testers).

A space is an int `row * 12 + column` (`space(column, row)`), column 0-11 left to right, row 0-8 top to bottom.
The hexes are flat-topped in columns and odd columns sit half a hex lower (RULINGS.md section 4). A set of spaces
is a bitmask: bit `s` set when space `s` is in it (`spaces(mask)` lists them).

    from exotui.games.cryptid.board import make_board, clue_spaces, distance, space
    board = make_board((1, 2, 3, 4, 5, 6), (False,) * 6, (space(0, 0), space(5, 3), ...))  # 6 or 8 structures
    clue_spaces(board, "within2:bear")   # frozenset of spaces
    distance(space(0, 0), space(1, 0))   # 1

Clue masks are computed once per board and cached, so a puzzle search or a legal-move list only ANDs ints.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from functools import lru_cache
from typing import Final

import msgspec

from exotui.games.cryptid.cards import (
    ADVANCED_STRUCTURES,
    ANIMAL,
    CLUE_INDEX,
    CLUE_RULES,
    COLUMNS,
    KIND,
    NORMAL_STRUCTURES,
    SPACES,
    STRUCTURES,
    TERRAIN,
    TILE_COLUMNS,
    TILE_ROWS,
    TILES,
)

ALL: Final = (1 << SPACES) - 1


class Board(msgspec.Struct, frozen=True, array_like=True):
    """One game's map: the tiles in position order, their turns, and the structures' spaces."""

    # Tile numbers (1-6) in position order: top-left, top-right, middle-left, middle-right, bottom-left, bottom-right.
    tiles: tuple[int, ...]
    # Per position, True when that tile is turned by 180 degrees.
    turned: tuple[bool, ...]
    # The space of each structure, in cards.STRUCTURES order: 6 (normal) or 8 (advanced, with the black pair).
    structures: tuple[int, ...]


class BadBoard(ValueError):
    """Raised by make_board for tiles, turns or structures that do not make a map."""


def space(column: int, row: int) -> int:
    return row * COLUMNS + column


def column_row(spot: int) -> tuple[int, int]:
    return spot % COLUMNS, spot // COLUMNS


def space_name(spot: int) -> str:
    """How players name a space: its column letter and row number, "A1" top-left, "L9" bottom-right."""
    column, row = column_row(spot)
    return f"{'ABCDEFGHIJKL'[column]}{row + 1}"


def spaces(mask: int) -> Iterator[int]:
    """The spaces of a mask, in increasing order."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def _cube(spot: int) -> tuple[int, int, int]:
    column, row = column_row(spot)
    x = column
    z = row - (column - (column & 1)) // 2
    return x, -x - z, z


def distance(a: int, b: int) -> int:
    """The number of steps from hex `a` to hex `b` (0 for the same space)."""
    ax, ay, az = _cube(a)
    bx, by, bz = _cube(b)
    return max(abs(ax - bx), abs(ay - by), abs(az - bz))


# BALLS[r][s]: the spaces within r of s (s itself included), for r = 0..3.
BALLS: Final = tuple(
    tuple(sum(1 << t for t in range(SPACES) if distance(s, t) <= radius) for s in range(SPACES)) for radius in range(4)
)


def neighbours(spot: int) -> tuple[int, ...]:
    """The spaces one step away, in increasing order."""
    return tuple(spaces(BALLS[1][spot] & ~(1 << spot)))


def make_board(tiles: Sequence[int], turned: Sequence[bool], structures: Sequence[int]) -> Board:
    """A board from the six tile numbers in position order, their turns, and the structures' spaces."""
    if sorted(tiles) != list(range(1, 7)):
        raise BadBoard(f"the tiles must be 1 to 6, each once, in position order, got {tuple(tiles)}")
    if len(turned) != 6 or any(type(turn) is not bool for turn in turned):
        raise BadBoard(f"six turns (True or False) are needed, got {tuple(turned)}")
    if len(structures) not in (NORMAL_STRUCTURES, ADVANCED_STRUCTURES):
        raise BadBoard(f"6 or 8 structure spaces are needed, got {len(structures)}")
    if any(type(spot) is not int or not 0 <= spot < SPACES for spot in structures):
        raise BadBoard(f"structure spaces are 0 to {SPACES - 1}, got {tuple(structures)}")
    if len(set(structures)) != len(structures):
        raise BadBoard(f"two structures share a space: {tuple(structures)}")
    return Board(tuple(tiles), tuple(turned), tuple(structures))


@lru_cache(maxsize=256)
def layout(tiles: tuple[int, ...], turned: tuple[bool, ...]) -> tuple[tuple[int, int], ...]:
    """Per space, (terrain, animal) for the tiles in position order with their turns."""
    cells = [(0, 0)] * SPACES
    for position, (number, turn) in enumerate(zip(tiles, turned, strict=True)):
        top, left = TILE_ROWS * (position // 2), TILE_COLUMNS * (position % 2)
        tile = TILES[number]
        for row in range(TILE_ROWS):
            for column in range(TILE_COLUMNS):
                source_row, source_column = (2 - row, 5 - column) if turn else (row, column)
                cells[space(left + column, top + row)] = tile[source_row][source_column]
    return tuple(cells)


def terrain(board: Board, spot: int) -> int:
    return layout(board.tiles, board.turned)[spot][0]


def animal(board: Board, spot: int) -> int:
    return layout(board.tiles, board.turned)[spot][1]


def structure_at(board: Board, spot: int) -> int | None:
    """The index in cards.STRUCTURES of the structure on `spot`, or None."""
    try:
        return board.structures.index(spot)
    except ValueError:
        return None


def _near(mask: int, within: int) -> int:
    if within == 0:
        return mask
    ball = BALLS[within]
    near = 0
    for spot in spaces(mask):
        near |= ball[spot]
    return near


@lru_cache(maxsize=4096)
def clue_masks(board: Board) -> tuple[int, ...]:
    """The mask of every clue (cards.CLUES order: 24 positive clues, then their negations) on `board`."""
    cells = layout(board.tiles, board.turned)
    positives = []
    for rule in CLUE_RULES:
        target = 0
        if rule.target == TERRAIN:
            target = sum(1 << s for s, cell in enumerate(cells) if cell[0] in rule.values)
        elif rule.target == ANIMAL:
            target = sum(1 << s for s, cell in enumerate(cells) if cell[1] in rule.values)
        else:
            field = 0 if rule.target == KIND else 1  # Structure(kind, colour)
            target = sum(
                1 << spot
                for spot, structure in zip(board.structures, STRUCTURES, strict=False)
                if structure[field] in rule.values
            )
        positives.append(_near(target, rule.within))
    return tuple(positives) + tuple(ALL & ~mask for mask in positives)


def clue_spaces(board: Board, clue: str | int) -> frozenset[int]:
    """The spaces where `clue` (a stable id such as "within2:bear", or its index) allows the habitat."""
    index = CLUE_INDEX[clue] if isinstance(clue, str) else clue
    return frozenset(spaces(clue_masks(board)[index]))
