"""Explicit Cryptid positions for scenario tests, written the way the rules describe them.

The board is tiles 1-6 in order, none turned, with the structures (white stone, white shack, green stone, green
shack, blue stone, blue shack) on B2, E5, H2, K8, C8 and J5. Spaces are named as the table names them: column
letter, row number ("A1" top-left).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import msgspec

from exotui.games.cryptid.board import clue_masks, make_board, space, spaces
from exotui.games.cryptid.cards import CLUE_INDEX, SPACES
from exotui.games.cryptid.puzzle import habitat, unused_hints
from exotui.games.cryptid.rules import colour_count, colours_of, cubed
from exotui.games.cryptid.state import NONE, TURN, CryptidState
from exotui.games.cryptid.view import COLOUR_NAMES


def at(name: str) -> int:
    """at("C4") -> the space in column C, row 4."""
    return space("ABCDEFGHIJKL".index(name[0].upper()), int(name[1:]) - 1)


def spots(names: str) -> int:
    """A mask of spaces: spots("A1 B2")."""
    return sum(1 << at(name) for name in names.split())


BOARD = make_board((1, 2, 3, 4, 5, 6), (False,) * 6, tuple(map(at, ("B2", "E5", "H2", "K8", "C8", "J5"))))
# Puzzles on BOARD (checked by a test): the habitat is D6, and J6.
THREE = ("within1:water", "within2:cougar", "within2:stone")
FOUR = ("on:forest-swamp", "on:forest-water", "within1:desert", "within3:blue")


def position(
    players: int = 3,
    clues: Iterable[str] | None = None,
    cubes: dict[str, str] | None = None,
    discs: dict[str, str] | None = None,
    **fields: Any,
) -> CryptidState:
    """A position on BOARD at the start of `player`'s turn (default Red), with clues by id per colour (THREE for 3
    players, FOUR for the two-player variant) and pieces by colour name: cubes={"orange": "A1 B2"}."""
    ids = tuple(clues) if clues is not None else (FOUR if players == 2 else THREE)
    indices = tuple(CLUE_INDEX[clue] for clue in ids)
    size = colour_count(players)
    assert len(indices) == size
    pieces: dict[str, list[tuple[int, ...]]] = {"cubes": [()] * size, "discs": [()] * size}
    for kind, given in (("cubes", cubes or {}), ("discs", discs or {})):
        for name, where in given.items():
            pieces[kind][COLOUR_NAMES.index(name)] = tuple(sorted(map(at, where.split())))
    found = habitat(clue_masks(BOARD), indices)
    state = CryptidState(
        players=players,
        advanced=False,
        board=BOARD,
        clues=indices,
        habitat=found if found is not None else NONE,
        hint=(unused_hints(indices) or (0,))[0],
        hint_by=NONE,
        cubes=tuple(pieces["cubes"]),
        discs=tuple(pieces["discs"]),
        first=0,
        player=0,
        step=TURN,
        opening_placed=2 * players,
        target=NONE,
        relocating=(),
        answerer=NONE,
        turn=1,
        winner=NONE,
        rng=12345,
    )
    return msgspec.structs.replace(state, **fields)


def allows(state: CryptidState, colour: str) -> int:
    """The spaces the clue of the colour allows."""
    return clue_masks(state.board)[state.clues[COLOUR_NAMES.index(colour)]]


def a_space(state: CryptidState, allowed_by: str = "", ruled_out_by: str = "", skip: int = 0) -> int:
    """The first space (after `skip` of them) without a cube that every colour of `allowed_by` allows and every
    colour of `ruled_out_by` rules out (colour names separated by spaces)."""
    mask = (1 << SPACES) - 1
    mask &= ~cubed(state)
    for colour in allowed_by.split():
        mask &= allows(state, colour)
    for colour in ruled_out_by.split():
        mask &= ~allows(state, colour)
    found = list(spaces(mask))
    assert len(found) > skip, f"no such space ({allowed_by=}, {ruled_out_by=})"
    return found[skip]


def pieces_on(state: CryptidState, spot: int) -> list[str]:
    """The pieces on a space, as "red disc", "orange cube", in colour order."""
    return [
        f"{COLOUR_NAMES[colour]} {kind}"
        for colour in range(colour_count(state.players))
        for kind, placed in (("disc", state.discs), ("cube", state.cubes))
        if spot in placed[colour]
    ]


def seat_colours(state: CryptidState, seat: int) -> list[str]:
    return [COLOUR_NAMES[colour] for colour in colours_of(state.players, seat)]
