"""Endless Forms positions and decisions, as frozen msgspec Structs.

The rules run as a stack of pending steps (`EndlessState.tasks`): a phase, a reveal window, an event waiting to
resolve, a deployment announced but not yet resolved. Steps that ask a seat something stay on the stack until
answered, which is how an event revealed in a window interrupts a phase and how responses resolve last-in
first-out (RULINGS.md, "Events and timing").
"""

from __future__ import annotations

from enum import IntEnum
from typing import Final

import msgspec


class Phase(IntEnum):
    """The phase of a turn (EndlessState.phase); saved as its int, printed by name."""

    SETUP = 0  # mulligans, before the first turn
    INITIALIZE = 1
    DEPLOY = 2
    EXERT = 3
    MOVE = 4
    TERMINATION = 5
    OVER = 6  # the game has ended


class Step(IntEnum):
    """What a pending step on the task stack does: a task's `op`, its first item (one task class per shape
    below); saved as its int, printed by name. Steps that ask a seat something come first."""

    ASK_MULLIGAN = 0  # keep the hand or mulligan
    ASK_DEPLOY = 1  # deploy a species, an effect, an event, or end the phase
    ASK_EXERT = 2  # which species exerts next (and its prey)
    ASK_MOVE = 3  # which species moves where, or end the phase
    ASK_REVEAL = 4  # reveal the face-down event or pass
    ASK_HOT_FOOT = 5  # Hot-Footed: move away, or stand
    ASK_WILDFIRE = 6  # which species flees the fire, and where
    ASK_PATHOGEN = 7  # which own species at the Pathogen's habitat loses one
    # Steps run without asking.
    PHASE = 8  # a phase begins (its window first), or goes on after its window
    WINDOW = 9  # a reveal window for the turn player, then the other
    RESOLVE = 10  # a revealed event resolves
    DEPLOYMENT = 11  # an announced deployment resolves if still legal
    PREDATION = 12  # the predation goes on (Hot-Footed did not cancel it)
    CHECK_ZERO = 13  # a species at 0 is discarded unless something prevents it
    WILDFIRE_TURN = 14  # the next flight from the fire
    PATHOGENS = 15  # Termination stage 2
    END_TURN = 16
    TURN = 17  # start the next turn


class RevealAt(IntEnum):
    """When a reveal window opens (an AskReveal's `context`); saved as its int, printed by name."""

    WINDOW = 0  # an ordinary window (start of a phase, after a deployment, exertion or move)
    ANNOUNCE = 1  # the other player has announced a deployment (ref: -1)
    RESPONSE = 2  # the other player has just revealed an event
    ZERO = 3  # one of the seat's species would be discarded at 0 (ref: that species)


# By their bare names too: the rules read them as globals on their hot paths, and callers import them.
SETUP: Final = Phase.SETUP
INITIALIZE: Final = Phase.INITIALIZE
DEPLOY: Final = Phase.DEPLOY
EXERT: Final = Phase.EXERT
MOVE: Final = Phase.MOVE
TERMINATION: Final = Phase.TERMINATION
OVER: Final = Phase.OVER
PHASE_NAMES: Final = ("Setup", "Initialize", "Deploy", "Exert", "Move", "Termination", "Over")

ASK_MULLIGAN: Final = Step.ASK_MULLIGAN
ASK_DEPLOY: Final = Step.ASK_DEPLOY
ASK_EXERT: Final = Step.ASK_EXERT
ASK_MOVE: Final = Step.ASK_MOVE
ASK_REVEAL: Final = Step.ASK_REVEAL
ASK_HOT_FOOT: Final = Step.ASK_HOT_FOOT
ASK_WILDFIRE: Final = Step.ASK_WILDFIRE
ASK_PATHOGEN: Final = Step.ASK_PATHOGEN
LAST_ASK: Final = Step.ASK_PATHOGEN
PHASE: Final = Step.PHASE
WINDOW: Final = Step.WINDOW
RESOLVE: Final = Step.RESOLVE
DEPLOYMENT: Final = Step.DEPLOYMENT
PREDATION: Final = Step.PREDATION
CHECK_ZERO: Final = Step.CHECK_ZERO
WILDFIRE_TURN: Final = Step.WILDFIRE_TURN
PATHOGENS: Final = Step.PATHOGENS
END_TURN: Final = Step.END_TURN
TURN: Final = Step.TURN

AT_WINDOW: Final = RevealAt.WINDOW
AT_ANNOUNCE: Final = RevealAt.ANNOUNCE
AT_RESPONSE: Final = RevealAt.RESPONSE
AT_ZERO: Final = RevealAt.ZERO

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


# The tasks on the stack: tuples, their step (a Step) first, one shape per kind of step (mypy checks every task the
# rules push against them). Plain tuples, so a save, a state hash and the wire hold them as plain arrays of ints
# and `task[0]`, `task[1]` read them; not NamedTuples, which made the search's playouts 4% slower (issue 21).
Ask = tuple[Step, int]  # ASK_MULLIGAN, ASK_DEPLOY, ASK_EXERT, ASK_MOVE: (op, seat)
AskReveal = tuple[Step, int, RevealAt, int]  # (op, seat, context, ref: the species at 0 for AT_ZERO, else -1)
AskHotFoot = tuple[Step, int, int, int]  # (op, seat, lizard, predator)
AskWildfire = tuple[Step, int, int, int]  # (op, seat, position, spared)
AskPathogen = tuple[Step, int, int]  # (op, seat, position)
PhaseStart = tuple[Step, Phase]  # PHASE (op, phase): the phase begins, its opening window first
PhaseBody = tuple[Step, Phase, int]  # PHASE (op, phase, 1): the phase's own steps, after its opening window
Bare = tuple[Step]  # WINDOW, PATHOGENS, END_TURN, TURN: (op,)
Resolve = tuple[Step, int, int, int, int]  # (op, seat, card, target, spared)
Deployment = tuple[Step, int, int, int, int, int]  # (op, seat, card, target, source, carrion)
Predation = tuple[Step, int, int]  # (op, predator, prey)
CheckZero = tuple[Step, int]  # (op, species)
WildfireTurn = tuple[Step, int, int, int]  # (op, position, seat, spared)
# A task the rules push: one of the shapes above.
Pushed = (
    Ask | AskReveal | AskHotFoot | AskWildfire | AskPathogen | PhaseStart | PhaseBody | Bare | Resolve | Deployment
) | (Predation | CheckZero | WildfireTurn)
# A task on the stack as a state holds it (read back from a save or the wire, its numbers are plain ints).
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
    phase: Phase
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
