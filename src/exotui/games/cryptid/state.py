"""Cryptid positions and decisions, as frozen msgspec Structs.

Pieces belong to a colour: in a game of 3-5 players each seat has one colour (its own number); in the two-player
variant seat s has colours s and s + 2, one per clue. Pieces are kept as a tuple of spaces per colour.
"""

from __future__ import annotations

from enum import IntEnum
from typing import Annotated, Final

import msgspec

from exotui.games.cryptid.board import Board


class Step(IntEnum):
    """Which decision the deciding seat faces (CryptidState.step); saved as its int, printed by name."""

    OPENING = 0  # place an opening cube on a space your clue rules out
    TURN = 1  # ask a question, search a space, or reveal the hint
    RELOCATE = 2  # search: your disc was already on the searched space; where does it go instead
    ANSWER = 3  # two-player variant: answer with a cube of which colour (the bluff when both fit)
    PENALTY = 4  # you made someone place a cube: place one of yours on a space your clue rules out
    OVER = 5  # the game has ended


# The steps by their bare names too: the rules read them as globals on their hot paths, and callers import them.
OPENING: Final = Step.OPENING
TURN: Final = Step.TURN
RELOCATE: Final = Step.RELOCATE
ANSWER: Final = Step.ANSWER
PENALTY: Final = Step.PENALTY
OVER: Final = Step.OVER

# A clue, the hint or the habitat that a view hides, and "none" for the space/winner fields.
HIDDEN: Final = -1
NONE: Final = -1

Space = Annotated[int, msgspec.Meta(ge=0, le=107)]
Colour = Annotated[int, msgspec.Meta(ge=0, le=4)]


class CryptidState(msgspec.Struct, frozen=True, array_like=True):
    players: int  # seats: 2 (the two-player variant) to 5
    advanced: bool
    board: Board
    # Per colour, its clue (index in cards.CLUES); HIDDEN in a view for the colours of the other seats.
    clues: tuple[int, ...]
    habitat: int  # the one space all clues allow; HIDDEN in a view
    hint: int  # the puzzle's hint (index in cards.HINTS); HIDDEN in a view until revealed
    hint_by: int  # the seat that revealed the hint, or NONE
    # Per colour, the spaces holding its cubes and its discs, in increasing order (public). Saves hold ints of 64
    # bits at most, so the 108-bit masks the rules work with are made from these (rules.cube_masks, disc_masks).
    cubes: tuple[tuple[int, ...], ...]
    discs: tuple[tuple[int, ...], ...]
    first: int  # the first player, drawn from the seed
    player: int  # the seat whose turn it is (during the opening, the seat placing a cube)
    step: Step
    opening_placed: int  # opening cubes placed so far, of 2 per seat
    # The space asked about or searched while its answers are being placed, else NONE.
    target: int
    # RELOCATE: the searcher's colours whose disc still has to move off `target`.
    relocating: tuple[int, ...]
    # ANSWER: the seat placing the cube (the question's target or the searched-upon player).
    answerer: int
    turn: int  # from 1; the opening is turn 0
    winner: int  # NONE while playing
    rng: int


class Cube(msgspec.Struct, frozen=True, array_like=True, tag="cube"):
    """Place a cube of `colour` on `space`, which that colour's clue rules out (opening, or after a cube answer)."""

    space: Space
    colour: Colour


class Ask(msgspec.Struct, frozen=True, array_like=True, tag="ask"):
    """Ask the player in seat `seat` whether the habitat could be on `space`."""

    space: Space
    seat: Annotated[int, msgspec.Meta(ge=0, le=4)]


class Search(msgspec.Struct, frozen=True, array_like=True, tag="search"):
    """Search `space`: your disc goes there, and everyone else answers in turn until a cube."""

    space: Space


class Relocate(msgspec.Struct, frozen=True, array_like=True, tag="relocate"):
    """Your `colour` disc was already on the searched space: place it on `space` instead."""

    space: Space
    colour: Colour


class Answer(msgspec.Struct, frozen=True, array_like=True, tag="answer"):
    """Two-player variant: answer with a cube of `colour` (a choice only when both your clues rule the space out)."""

    colour: Colour


class Hint(msgspec.Struct, frozen=True, array_like=True, tag="hint"):
    """Reveal the puzzle's hint to everyone."""


CryptidAction = Cube | Ask | Search | Relocate | Answer | Hint
