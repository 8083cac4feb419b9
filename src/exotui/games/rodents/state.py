"""Raging Rodents positions and decisions, as frozen msgspec Structs.

Seats are numbered in turn order (clockwise). In the solo game there is one seat (0) and the automaton's collection
is collection 1. Cards are ints (cards.py); a card a viewer cannot see is a negative placeholder (`hidden`).
"""

from __future__ import annotations

from enum import IntEnum
from typing import Final

import msgspec


class Step(IntEnum):
    """Which decision the deciding seat faces (RodentsState.step); saved as its int, printed by name."""

    ACT = 0  # the turn's first action: swap or play a hand card (or pass, in a last turn)
    MORE = 1  # after one action: a second action, or end the turn
    FIELD = 2  # the ender's Field play: which Field card to play as their own, or none
    PLACE = 3  # where the card turned up by the Field play goes
    OVER = 4  # the game has ended


# The steps by their bare names too: the rules read them as globals on their hot paths, and callers import them.
ACT: Final = Step.ACT
MORE: Final = Step.MORE
FIELD: Final = Step.FIELD
PLACE: Final = Step.PLACE
OVER: Final = Step.OVER

# The automaton's collection in the solo game.
AUTOMATON: Final = 1
# Placeholders: a card whose back the viewer sees is `hidden(back)`; a card in a pile (aside, the automaton's
# stack) shows nothing and is UNSEEN.
UNSEEN: Final = -9
# Play.rodent and Place.rodent for a card that goes to a collection, not onto a rodent; AutoMove.target for an event
# the automaton sent to the bottom of its stack.
NO_TARGET: Final = -1
TO_BOTTOM: Final = -2


def hidden(back: int) -> int:
    """The placeholder of a card showing `back` (cards.BACKS) to a viewer who does not know it."""
    return -1 - back


def back_of_hidden(placeholder: int) -> int:
    return -1 - placeholder


class Rodent(msgspec.Struct, frozen=True, array_like=True):
    """A rodent in a collection, with the mutations under it and the adaptations on it, in the order played."""

    card: int
    mutations: tuple[int, ...] = ()
    adaptations: tuple[int, ...] = ()


class Collection(msgspec.Struct, frozen=True, array_like=True):
    """One player's collection (or the automaton's): rodents in the order they came, and predators."""

    rodents: tuple[Rodent, ...] = ()
    predators: tuple[int, ...] = ()


class AutoMove(msgspec.Struct, frozen=True, array_like=True):
    """One card the automaton revealed and where it went: onto its rodent `target` (a card), NO_TARGET for an
    animal placed in its collection, TO_BOTTOM for an event sent to the bottom of the stack."""

    card: int
    target: int
    # The rodents of its own collection that a predator ate.
    eaten: tuple[int, ...] = ()


class AutoTurn(msgspec.Struct, frozen=True, array_like=True):
    """One turn of the automaton: the invasion it belongs to and its moves in order."""

    invasion: int
    moves: tuple[AutoMove, ...]


class RodentsState(msgspec.Struct, frozen=True, array_like=True):
    players: int  # seats; 1 is the solo game against the automaton
    invasions: int  # the number of invasions agreed at the start (more are played while the lead is tied)
    invasion: int  # the invasion being played, from 1
    # Per collection (seats, then the automaton in solo), the points of the invasions already scored.
    scores: tuple[int, ...]
    # Per seat, the hand in the order the cards are held: positions are public, so actions name them.
    hands: tuple[tuple[int, ...], ...]
    # Per seat and hand position, a bit per seat that knows which card it is (its holder, and whoever saw it move:
    # a card's whereabouts, once known to a seat, stay known). Public: it follows from who swapped what.
    hand_seen: tuple[tuple[int, ...], ...]
    field: tuple[int, ...]  # the Field, face down by position; backs public
    field_seen: tuple[int, ...]  # per Field position, the seats that know the card there
    aside: tuple[int, ...]  # dealt aside face down, unseen by everyone (sorted)
    removed: tuple[int, ...]  # out of play this invasion, face up: rodents a predator ate, with their events
    # The automaton's stack in solo, top first; its first `stack_unseen` cards are in unknown shuffled order, the
    # rest were sent to the bottom face up.
    stack: tuple[int, ...]
    stack_unseen: int
    collections: tuple[Collection, ...]
    automaton: tuple[AutoTurn, ...]  # every turn of the automaton so far in the game, for the log and the table
    turn: int  # from 1, counted over the whole game
    invasion_turns: int  # turns taken in this invasion (the solo game has 4 each)
    player: int  # whose turn it is
    step: Step
    ender: int  # the seat that played its last card, ending the invasion; -1 before
    # The card the ender turned up from the Field and its position, while asking where it goes (-1 otherwise).
    pending: int
    pending_slot: int
    rng: int


class Swap(msgspec.Struct, frozen=True, array_like=True, tag="swap"):
    """Swap your hand card at position `hand` with the Field card at position `slot`, unseen."""

    hand: int
    slot: int


class Play(msgspec.Struct, frozen=True, array_like=True, tag="play"):
    """Play your hand card at `hand` face up to collection `to` (onto its rodent `rodent` for an event)."""

    hand: int
    to: int
    rodent: int = NO_TARGET


class Stop(msgspec.Struct, frozen=True, array_like=True, tag="stop"):
    """End your turn after one action."""


class Pass(msgspec.Struct, frozen=True, array_like=True, tag="pass"):
    """Take no action: a last turn passed, or no Field card played by the ender."""


class Reveal(msgspec.Struct, frozen=True, array_like=True, tag="reveal"):
    """The ender's Field play: turn up the Field card at `slot` and play it as your own."""

    slot: int


class Place(msgspec.Struct, frozen=True, array_like=True, tag="place"):
    """Put the card turned up by the Field play in collection `to` (onto its rodent `rodent` for an event)."""

    to: int
    rodent: int = NO_TARGET


RodentsAction = Swap | Play | Stop | Pass | Reveal | Place
