"""Endless Forms positions and decisions, as frozen msgspec Structs.

The rules run as a stack of pending steps (`EndlessState.tasks`): a phase, a reveal window, an event waiting to
resolve, a deployment announced but not yet resolved. Steps that ask a seat something stay on the stack until
answered, which is how an event revealed in a window interrupts a phase and how responses resolve last-in
first-out (RULINGS.md, "Events and timing").
"""

from __future__ import annotations

from typing import Final

import msgspec

# Phases of a turn (EndlessState.phase).
SETUP: Final = 0  # mulligans, before the first turn
INITIALIZE: Final = 1
DEPLOY: Final = 2
EXERT: Final = 3
MOVE: Final = 4
TERMINATION: Final = 5
OVER: Final = 6
PHASE_NAMES: Final = ("Setup", "Initialize", "Deploy", "Exert", "Move", "Termination", "Over")

# Steps on the task stack: task[0] is one of these. Steps that ask a seat something come first.
ASK_MULLIGAN: Final = 0  # (op, seat): keep the hand or mulligan
ASK_DEPLOY: Final = 1  # (op, seat): deploy a species, an effect, an event, or end the phase
ASK_EXERT: Final = 2  # (op, seat): which species exerts next (and its prey)
ASK_MOVE: Final = 3  # (op, seat): which species moves where, or end the phase
ASK_REVEAL: Final = 4  # (op, seat, context, ref): reveal the face-down event or pass
ASK_HOT_FOOT: Final = 5  # (op, seat, lizard, predator): Hot-Footed move away, or stand
ASK_WILDFIRE: Final = 6  # (op, seat, position, spared): which species flees the fire, and where
ASK_PATHOGEN: Final = 7  # (op, seat, position): which own species at the Pathogen's habitat loses one
LAST_ASK: Final = ASK_PATHOGEN
# Steps run without asking.
PHASE: Final = 8  # (op, phase)
WINDOW: Final = 9  # (op,): a reveal window for the turn player, then the other
RESOLVE: Final = 10  # (op, seat, card, target, spared): a revealed event resolves
DEPLOYMENT: Final = 11  # (op, seat, card, target, source, carrion): an announced deployment resolves if still legal
PREDATION: Final = 12  # (op, predator, prey): the predation goes on (Hot-Footed did not cancel it)
CHECK_ZERO: Final = 13  # (op, species): a species at 0 is discarded unless something prevents it
WILDFIRE_TURN: Final = 14  # (op, position, seat, spared): the next flight from the fire, starting with seat
PATHOGENS: Final = 15  # (op,): Termination stage 2
END_TURN: Final = 16  # (op,)
TURN: Final = 17  # (op,): start the next turn

# ASK_REVEAL contexts: when the window opens.
AT_WINDOW: Final = 0  # an ordinary window (start of a phase, after a deployment, exertion or move)
AT_ANNOUNCE: Final = 1  # the other player has announced a deployment (ref: -1)
AT_RESPONSE: Final = 2  # the other player has just revealed an event
AT_ZERO: Final = 3  # one of the seat's species would be discarded at 0 (ref: that species)

# EndlessState.winner besides a seat number.
NO_WINNER: Final = -1
DRAW: Final = 2

# Deployments used this Deploy Phase (EndlessState.deployed bits).
DEPLOYED_SPECIES: Final = 1
DEPLOYED_EFFECT: Final = 2
DEPLOYED_EVENT: Final = 4
# Moves used this Move Phase (EndlessState.moves bits).
MOVED: Final = 1
MOVED_FREE: Final = 2  # the Greater Roadrunner's Zygodactyl move

Task = tuple[int, ...]


class Species(msgspec.Struct, frozen=True, array_like=True):
    """A species card in play: where it is, its population counters, exerted or not, the effects on it."""

    card: int
    habitat: int  # position 0-3 in the habitat row
    population: int
    exerted: bool
    effects: tuple[int, ...]


class Habitat(msgspec.Struct, frozen=True, array_like=True):
    """A habitat card in the row (it belongs to the player whose deck it came from: card // 50)."""

    card: int
    # The habitat kind it is a copy of by Environmental Homogenization, or -1.
    copy: int
    counters: int  # Desert Playa's Ephemeral counters
    effects: tuple[int, ...]


class Offroad(msgspec.Struct, frozen=True, array_like=True):
    """Offroading Degradation at a habitat position until the end of turn `until`; `spared` may still exert."""

    position: int
    until: int
    spared: int


class EndlessState(msgspec.Struct, frozen=True, array_like=True):
    first: int  # the seat that plays the Day turns first
    turn: int  # 1-16; 0 during the mulligans
    phase: int
    hands: tuple[tuple[int, ...], ...]  # per seat, sorted
    # Per seat, the sorted cards of that hand the other seat has seen go in (Once Thought Extinct, a deployment that
    # did not resolve); the rest of the hand is hidden from the other seat.
    known: tuple[tuple[int, ...], ...]
    decks: tuple[tuple[int, ...], ...]  # main decks, top first; the order is hidden from both seats
    habitat_decks: tuple[tuple[int, ...], ...]  # top first; hidden from both seats
    discards: tuple[tuple[int, ...], ...]  # per seat, public
    habitat_discards: tuple[tuple[int, ...], ...]
    removed: tuple[int, ...]  # removed from the game (Carrion Feeder)
    habitats: tuple[Habitat, ...]  # the row, positions 0-3 (empty during the mulligans)
    species: tuple[tuple[Species, ...], ...]  # per seat, in deployment order
    events: tuple[int, ...]  # per seat, the face-down event, or EMPTY; the other seat sees HIDDEN
    climate: tuple[int, ...]  # per seat, the Stable Climate lying in that seat's event zone, or EMPTY
    mulligans: tuple[int, ...]
    deployed: int  # DEPLOYED_* bits of the turn player's Deploy Phase
    moves: int  # MOVED bits of the turn player's Move Phase
    predated: int  # bit per habitat position: a predation happened there this turn
    hot_footed: tuple[int, ...]  # Greater Earless Lizards that used Hot-Footed this turn
    migrants: tuple[int, ...]  # Oryxes moved during their owner's Move Phase this turn
    droughts: tuple[int, ...]  # one entry per Drought revealed this turn: the species it spares, or EMPTY
    pesticide: tuple[int, ...]  # species that rolled a 1 for Pesticides this turn
    mutations: tuple[tuple[int, int], ...]  # (Mutigen card, 1 for +1 decline or 2 for +2 growth) while attached
    offroads: tuple[Offroad, ...]
    tasks: tuple[Task, ...]  # the stack of pending steps, last on top
    winner: int
    rng: int


class Keep(msgspec.Struct, frozen=True, array_like=True, tag="keep"):
    """Keep this opening hand."""


class Mulligan(msgspec.Struct, frozen=True, array_like=True, tag="mulligan"):
    """Shuffle the hand back and draw a new one (8 the first time, then one fewer each time)."""


class DeploySpecies(msgspec.Struct, frozen=True, array_like=True, tag="species"):
    """Deploy species `card` to the habitat at `habitat`; `carrion` is the species Turkey Vulture removes."""

    card: int
    habitat: int
    carrion: int = -1


class DeployEffect(msgspec.Struct, frozen=True, array_like=True, tag="effect"):
    """Deploy effect `card` to `target` (a species card, a habitat position, or -1 for the opponent's zone)."""

    card: int
    target: int
    source: int = -1  # Environmental Homogenization: the adjacent habitat position copied


class DeployEvent(msgspec.Struct, frozen=True, array_like=True, tag="event"):
    """Place event `card` face down in your event zone."""

    card: int


class EndDeploy(msgspec.Struct, frozen=True, array_like=True, tag="end-deploy"):
    """Deploy nothing more this turn."""


class Exert(msgspec.Struct, frozen=True, array_like=True, tag="exert"):
    """Exert species `card`, predating on `prey` (a species card) or not (-1)."""

    card: int
    prey: int = -1


class Move(msgspec.Struct, frozen=True, array_like=True, tag="move"):
    """Move species `card` to the habitat at `to`."""

    card: int
    to: int


class EndMove(msgspec.Struct, frozen=True, array_like=True, tag="end-move"):
    """Move nothing (more) this turn."""


class Reveal(msgspec.Struct, frozen=True, array_like=True, tag="reveal"):
    """`seat` reveals its face-down event `card`, choosing `target` (a habitat position, a player, a species)."""

    seat: int
    card: int
    target: int = -1


class Pass(msgspec.Struct, frozen=True, array_like=True, tag="pass"):
    """`seat` reveals nothing now."""

    seat: int


class HotFoot(msgspec.Struct, frozen=True, array_like=True, tag="hot-foot"):
    """Hot-Footed: the Greater Earless Lizard `card` moves to `to`, cancelling the predation."""

    card: int
    to: int


class Stand(msgspec.Struct, frozen=True, array_like=True, tag="stand"):
    """Hot-Footed not used: the Greater Earless Lizard `card` is preyed upon."""

    card: int


class Flee(msgspec.Struct, frozen=True, array_like=True, tag="flee"):
    """Wildfire!: species `card` flees to the adjacent habitat at `to`."""

    card: int
    to: int


class Sicken(msgspec.Struct, frozen=True, array_like=True, tag="sicken"):
    """Pathogen: species `card` loses one population."""

    card: int


EndlessAction = (
    Keep
    | Mulligan
    | DeploySpecies
    | DeployEffect
    | DeployEvent
    | EndDeploy
    | Exert
    | Move
    | EndMove
    | Reveal
    | Pass
    | HotFoot
    | Stand
    | Flee
    | Sicken
)
