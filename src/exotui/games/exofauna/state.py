"""ExoFauna/Duo positions and decisions, as frozen msgspec Structs."""

from __future__ import annotations

from enum import IntEnum
from typing import Annotated, Final

import msgspec

from exotui.games.exofauna.cards import ALL_CARDS


class Step(IntEnum):
    """Which decision the deciding seat faces (ExoState.step); saved as its int, printed by name."""

    ACTION = 0  # play a card from hand: one of the turn's two Actions
    TAKE = 1  # Predator: which neighbour to take
    PREDATOR_DISCARD = 2  # Predator: which card to discard
    SWARM = 3  # Swarming: which deck to draw from
    SCAVENGE = 4  # Scavenger: discard another card, or stop
    ADAPT = 5  # use the played organism's adaptation (and how), or skip it
    END_DISCARD = 6  # end of turn: discard down to 4
    OVER = 7  # the game has ended


# The steps by their bare names too: the rules read them as globals on their hot paths, and callers import them.
ACTION: Final = Step.ACTION
TAKE: Final = Step.TAKE
PREDATOR_DISCARD: Final = Step.PREDATOR_DISCARD
SWARM: Final = Step.SWARM
SCAVENGE: Final = Step.SCAVENGE
ADAPT: Final = Step.ADAPT
END_DISCARD: Final = Step.END_DISCARD
OVER: Final = Step.OVER

# ExoState.winner values besides a seat number.
NO_WINNER: Final = -1
DRAW: Final = 2

# A card of a hand named by an action: a real card, never the placeholder a view shows for a hidden one.
Card = Annotated[int, msgspec.Meta(ge=ALL_CARDS[0], le=ALL_CARDS[-1])]

# Lure's destination when the lured organism goes to the hand instead of a space.
TO_HAND: Final = -1


class Hole(msgspec.Struct, frozen=True, array_like=True):
    """A Watering Hole in play: the card that formed it, its colour, and its ring of 8 spaces."""

    # EMPTY once its claimer has taken it, its organisms not yet gone to the decks: only the game's interlude
    # (rules.claiming) holds such a hole, never a position a decision is asked in.
    card: int
    colour: int
    # Cards clockwise from the top-left corner; cards.EMPTY where a space is free.
    spaces: tuple[int, ...]


class ExoState(msgspec.Struct, frozen=True, array_like=True):
    target: int  # holes to claim to win: 2, or 1 in the Quick Game
    hands: tuple[tuple[int, ...], ...]  # per seat, sorted
    # Per seat, the sorted cards of that hand the other seat has seen go in (drawn from a face-up deck top or taken
    # from the table). The rest of the hand is what is left of the secret opening hand.
    known: tuple[tuple[int, ...], ...]
    decks: tuple[tuple[int, ...], ...]  # per seat, index 0 is the face-up top card
    # Per seat, how many cards from the top of the deck are still in their opening-shuffle order: below the top card,
    # that order is unknown to both players. Cards discarded to the bottom are public, so they are not counted.
    unseen: tuple[int, ...]
    holes: tuple[Hole | None, ...]  # slot 1 and slot 2; None while a slot waits for a card to form a hole
    # Per slot, the seat whose deck forms the next hole there (the last non-claimer); -1 when the slot has a hole
    # (but a claimed one, in the interlude).
    refill: tuple[int, ...]
    claimed: tuple[tuple[int, ...], ...]  # per seat, the cards of the holes it claimed, in order
    turn: int  # from 1
    player: int  # the seat whose turn it is (always the deciding seat in this game)
    actions_done: int  # Actions used this turn: the Action card's side
    step: Step
    # The organism whose instinct or adaptation is being resolved: its slot and space (-1, -1 when none).
    focus_slot: int
    focus_space: int
    scavenged: int  # cards discarded so far by the Scavenger instinct being resolved
    first_to_target: int  # the seat that reached the target first, or -1
    winner: int  # NO_WINNER while playing, a seat, or DRAW
    rng: int


def hole_in(state: ExoState, slot: int) -> Hole:
    """The Watering Hole in `slot`, where the rules know one lies (a chain's focus, a ring of cards being told)."""
    hole = state.holes[slot]
    assert hole is not None, f"no Watering Hole in slot {slot + 1}"
    return hole


class Play(msgspec.Struct, frozen=True, array_like=True, tag="play"):
    """Play `card` from hand to an empty `space` of the hole in `slot` (an Action)."""

    card: Card
    slot: int
    space: int


class Take(msgspec.Struct, frozen=True, array_like=True, tag="take"):
    """Predator: move the organism in `space` (next to the played one) to your hand."""

    space: int


class Discard(msgspec.Struct, frozen=True, array_like=True, tag="discard"):
    """Discard `card` from hand to the bottom of your deck (Predator, Scavenger, end of turn)."""

    card: Card


class Draw(msgspec.Struct, frozen=True, array_like=True, tag="draw"):
    """Swarming: draw the top card of `deck` (the seat whose deck it is)."""

    deck: int


class Stop(msgspec.Struct, frozen=True, array_like=True, tag="stop"):
    """Scavenger: discard no more; draw as many as were discarded, plus 1."""


class Skip(msgspec.Struct, frozen=True, array_like=True, tag="skip"):
    """Do not use the played organism's adaptation."""


class Ambush(msgspec.Struct, frozen=True, array_like=True, tag="ambush"):
    """Primu: discard the other organism in `space` at this hole."""

    space: int


class Scurry(msgspec.Struct, frozen=True, array_like=True, tag="scurry"):
    """Yikyik: play the top card of your deck to `space`, next to the Yikyik."""

    space: int


class Lure(msgspec.Struct, frozen=True, array_like=True, tag="lure"):
    """Glissen: move the organism in `space` at the other hole to `to` (a space next to the Glissen, or TO_HAND)."""

    space: int
    to: int


class Spawn(msgspec.Struct, frozen=True, array_like=True, tag="spawn"):
    """Oomba: play `card` from your hand to `space`, next to the Oomba."""

    card: Card
    space: int


class Mimic(msgspec.Struct, frozen=True, array_like=True, tag="mimic"):
    """Zorrib: play the top card of the other player's deck to `space`, next to the Zorrib."""

    space: int


class Stalk(msgspec.Struct, frozen=True, array_like=True, tag="stalk"):
    """Krell: exchange the Krell with the organism in `space` at the other hole."""

    space: int


class Devour(msgspec.Struct, frozen=True, array_like=True, tag="devour"):
    """Thornback: move the organism in `space` at the other hole to your hand."""

    space: int


class Tunnel(msgspec.Struct, frozen=True, array_like=True, tag="tunnel"):
    """Vashti: move the organism in `space` at this hole to the empty space `to` at the other hole."""

    space: int
    to: int


ExoAction = (
    Play | Take | Discard | Draw | Stop | Skip | Ambush | Scurry | Lure | Spawn | Mimic | Stalk | Devour | Tunnel
)
ADAPTATION_ACTIONS: Final = (Ambush, Scurry, Lure, Spawn, Mimic, Stalk, Devour, Tunnel)
