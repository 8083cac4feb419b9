"""Endless Forms rules: setup, the phases of a turn, the legal decisions and the reducer.

The rules of endless-forms.txt and RULINGS.md section 3 run as a stack of pending steps (state.py). `apply`
copies the state into a `MutableState` (mutable.py), answers the decision on top of the stack, then runs steps
until one asks a seat something with more than one answer (a question with a single answer is answered here, so
every logged action is a real choice). The one exception is the reveal window: it asks every seat holding a
face-down event it may reveal from, even when that event allows only a pass, so that being asked tells nobody
which event it is (the table passes such windows for a person as the person chose; the log never tells a pass).
Card texts are in abilities.py.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, Final

from exotui.engine.protocol import IllegalAction, check_action
from exotui.engine.rng import below, seed_state, shuffled
from exotui.games.endless import abilities
from exotui.games.endless.cards import (
    DESERT_PLAYA,
    EARLESS_LIZARD,
    EMPTY,
    HOGNOSE,
    KINDS,
    MONARCH,
    ORYX,
    PATHOGEN,
    ROADRUNNER,
    VULTURE,
    habitat_deck,
    is_effect,
    is_event,
    is_species,
    main_deck,
)
from exotui.games.endless.mutable import ROW, MutableState, Sp
from exotui.games.endless.state import (
    ASK_DEPLOY,
    ASK_EXERT,
    ASK_HOT_FOOT,
    ASK_MOVE,
    ASK_MULLIGAN,
    ASK_PATHOGEN,
    ASK_REVEAL,
    ASK_WILDFIRE,
    AT_ANNOUNCE,
    AT_RESPONSE,
    AT_WINDOW,
    AT_ZERO,
    CHECK_ZERO,
    DEPLOY,
    DEPLOYED_EFFECT,
    DEPLOYED_EVENT,
    DEPLOYED_SPECIES,
    DEPLOYMENT,
    DRAW,
    END_TURN,
    EXERT,
    INITIALIZE,
    LAST_ASK,
    MOVE,
    MOVED,
    MOVED_FREE,
    NO_WINNER,
    OVER,
    PATHOGENS,
    PHASE,
    PREDATION,
    RESOLVE,
    SETUP,
    TERMINATION,
    TURN,
    WILDFIRE_TURN,
    WINDOW,
    Ask,
    AskReveal,
    Bare,
    CheckZero,
    DeployEffect,
    DeployEvent,
    Deployment,
    DeploySpecies,
    EndDeploy,
    EndlessAction,
    EndlessState,
    EndMove,
    Exert,
    Flee,
    HotFoot,
    Keep,
    Move,
    Mulligan,
    Pass,
    Phase,
    PhaseBody,
    PhaseStart,
    Predation,
    Pushed,
    Resolve,
    Reveal,
    Sicken,
    Stand,
    Task,
    WildfireTurn,
)

HAND: Final = 8
TURNS: Final = 16
KEEP: Final = Keep()
MULLIGAN: Final = Mulligan()
END_DEPLOY: Final = EndDeploy()
END_MOVE: Final = EndMove()
PASSES: Final = (Pass(0), Pass(1))
# A playout policy: (position, legal actions, generator) -> one of the actions.
Policy = Callable[[Any, Sequence[Any], random.Random], Any]

# The tasks pushed again and again, made once: tasks are immutable, and the stack is the search's inner loop.
_WINDOW: Final[Bare] = (WINDOW,)
_PATHOGENS: Final[Bare] = (PATHOGENS,)
_TURN: Final[Bare] = (TURN,)
_PHASE_BODIES: Final[tuple[PhaseBody, ...]] = tuple((PHASE, phase, 1) for phase in Phase)
# A turn's steps after its start: each phase, then its end.
_A_TURN: Final[tuple[Pushed, ...]] = (
    *((PHASE, phase) for phase in (INITIALIZE, DEPLOY, EXERT, MOVE, TERMINATION)),
    (END_TURN,),
)
# Per seat.
_ASK_MULLIGAN: Final[tuple[Ask, Ask]] = ((ASK_MULLIGAN, 0), (ASK_MULLIGAN, 1))
_ASK_DEPLOY: Final[tuple[Ask, Ask]] = ((ASK_DEPLOY, 0), (ASK_DEPLOY, 1))
_ASK_EXERT: Final[tuple[Ask, Ask]] = ((ASK_EXERT, 0), (ASK_EXERT, 1))
_ASK_MOVE: Final[tuple[Ask, Ask]] = ((ASK_MOVE, 0), (ASK_MOVE, 1))
_REVEAL_AT_WINDOW: Final[tuple[AskReveal, AskReveal]] = ((ASK_REVEAL, 0, AT_WINDOW, -1), (ASK_REVEAL, 1, AT_WINDOW, -1))
_REVEAL_AT_ANNOUNCE: Final[tuple[AskReveal, AskReveal]] = (
    (ASK_REVEAL, 0, AT_ANNOUNCE, -1),
    (ASK_REVEAL, 1, AT_ANNOUNCE, -1),
)
_REVEAL_AT_RESPONSE: Final[tuple[AskReveal, AskReveal]] = (
    (ASK_REVEAL, 0, AT_RESPONSE, -1),
    (ASK_REVEAL, 1, AT_RESPONSE, -1),
)


# ---------------------------------------------------------------------------------------------------------------
# Setup


def new_game(seed: int) -> EndlessState:
    """Both players shuffle both decks and draw 8; the first player is drawn from the seed; mulligans come first."""
    rng = seed_state(seed)
    first, rng = below(rng, 2)
    decks, habitat_decks, hands = [], [], []
    for seat in (0, 1):
        deck, rng = shuffled(rng, main_deck(seat))
        habitats, rng = shuffled(rng, habitat_deck(seat))
        hands.append(tuple(sorted(deck[:HAND])))
        decks.append(deck[HAND:])
        habitat_decks.append(habitats)
    return EndlessState(
        first=first,
        turn=0,
        phase=SETUP,
        hands=tuple(hands),
        known=((), ()),
        decks=tuple(decks),
        habitat_decks=tuple(habitat_decks),
        discards=((), ()),
        habitat_discards=((), ()),
        removed=(),
        habitats=(),
        species=((), ()),
        events=(EMPTY, EMPTY),
        climate=(EMPTY, EMPTY),
        mulligans=(0, 0),
        deployed=0,
        moves=0,
        predated=0,
        hot_footed=(),
        migrants=(),
        droughts=(),
        pesticide=(),
        mutations=(),
        offroads=(),
        # Top last: the first player keeps or mulligans, then the second, then the first turn begins.
        tasks=(_TURN, _ASK_MULLIGAN[1 - first], _ASK_MULLIGAN[first]),
        winner=NO_WINNER,
        rng=rng,
    )


def settle(state: EndlessState) -> EndlessState:
    """Run the pending steps of a position built by hand (tests, puzzles) up to its first decision."""
    t = MutableState(state)
    _run(t)
    return t.freeze()


def _deal_habitats(t: MutableState) -> None:
    """The first player's two habitats go to positions 1 and 3, the second player's to 2 and 4 (RULINGS.md)."""
    second = 1 - t.first
    for seat in (t.first, second, t.first, second):
        t.place_habitat(len(t.habitats), t.habitat_decks[seat].pop(0))


# ---------------------------------------------------------------------------------------------------------------
# Who decides, and the legal decisions


def current_player(state: EndlessState) -> int | None:
    return state.tasks[-1][1] if state.tasks else None


def legal_actions(state: EndlessState) -> tuple[Any, ...]:
    last = _last_settled
    if last[0] is state:
        return last[1]
    if not state.tasks:
        return ()
    t = MutableState(state)
    return tuple(_options(t, t.tasks[-1]))


# The state `apply` returned last and its legal actions, which `_run` had to compute to stop there: asking for
# them next (the AI's inner loop, random play) then costs no second mutable copy. One slot, replaced
# whole, so threads sharing it at worst miss.
_last_settled: tuple[EndlessState | None, tuple[Any, ...]] = (None, ())


def _options(t: MutableState, task: Task) -> list[Any]:
    op, seat = task[0], task[1]
    # The reveal window first: most questions are one.
    if op == ASK_REVEAL:
        # Every holder of a face-down event it may reveal from is asked, and may always pass: whether a seat is
        # asked, and so what the other seat sees, must not depend on which event lies there (see `_run`).
        if not abilities.can_reveal(t, seat):
            return []
        return [PASSES[seat], *abilities.reveal_options(t, seat, task[2], task[3])]
    if op == ASK_MULLIGAN:
        # The next hand must hold at least 1 card: 8 after the first mulligan, then one fewer each time.
        return [KEEP, MULLIGAN] if HAND - t.mulligans[seat] >= 1 else [KEEP]
    if op == ASK_DEPLOY:
        return _deploy_options(t, seat)
    if op == ASK_EXERT:
        return [Exert(sp.card, prey) for sp in t.species[seat] for prey in abilities.exert_choices(t, sp)]
    if op == ASK_MOVE:
        return [END_MOVE, *(Move(card, to) for card, to in _moves(t, seat))]
    if op == ASK_HOT_FOOT:
        lizard = task[2]
        sp = t.find(lizard)
        if sp is None:
            return []
        to = [p for p in abilities.adjacent(sp.habitat) if t.room(seat, p)]
        return [Stand(lizard), *(HotFoot(lizard, p) for p in to)] if to else []
    if op == ASK_WILDFIRE:
        return [Flee(card, to) for card, to in abilities.fleeing(t, seat, task[2], task[3])]
    assert op == ASK_PATHOGEN
    return [Sicken(sp.card) for sp in t.species[seat] if sp.habitat == task[2]]


def _deploy_options(t: MutableState, seat: int) -> list[Any]:
    options: list[Any] = [END_DEPLOY]
    hand = sorted(t.hands[seat])
    if not t.deployed & DEPLOYED_SPECIES:
        carrion = sorted(card for pile in t.discards for card in pile if is_species(card))
        rooms = [p for p in range(ROW) if t.room(seat, p)]
        for card in hand:
            if not is_species(card):
                continue
            for p in rooms:
                if card % KINDS == VULTURE:
                    options.extend(DeploySpecies(card, p, dead) for dead in carrion)
                else:
                    options.append(DeploySpecies(card, p))
    if not t.deployed & DEPLOYED_EFFECT:
        for card in hand:
            if is_effect(card):
                options.extend(
                    DeployEffect(card, target, source) for target, source in abilities.effect_targets(t, seat, card)
                )
    if not t.deployed & DEPLOYED_EVENT and t.events[seat] == EMPTY:
        options.extend(DeployEvent(card) for card in hand if is_event(card))
    return options


def _moves(t: MutableState, seat: int) -> list[tuple[int, int]]:
    """The Move Phase's moves: one to an adjacent habitat with room (Monarch: any habitat), and the Greater
    Roadrunner's free Zygodactyl move to an adjacent habitat."""
    moves: dict[tuple[int, int], None] = {}
    for sp in t.species[seat]:
        if not t.moves & MOVED:
            places = range(ROW) if sp.kind == MONARCH else abilities.adjacent(sp.habitat)
            for p in places:
                if p != sp.habitat and t.room(seat, p):
                    moves[sp.card, p] = None
        if sp.kind == ROADRUNNER and not t.moves & MOVED_FREE:
            for p in abilities.adjacent(sp.habitat):
                if t.room(seat, p):
                    moves[sp.card, p] = None
    return list(moves)


# ---------------------------------------------------------------------------------------------------------------
# The reducer


def apply(state: EndlessState, action: Any) -> EndlessState:
    global _last_settled
    if not state.tasks:
        raise IllegalAction("the game is over")
    check_action(action, EndlessAction)
    t = MutableState(state)
    task = t.tasks[-1]
    last = _last_settled
    options = last[1] if last[0] is state else _options(t, task)
    if action not in options:
        raise IllegalAction(f"{_shown(action)} is not a legal choice now: expected {_ASKING[task[0]]}")
    _answer(t, task, action)
    options = _run(t)
    after = t.freeze()
    _last_settled = (after, options)
    return after


# The kinds of action a playout's cut does not count (the game's `playout_free` hook; `_WorkingCopy.playout`).
PLAYOUT_FREE: Final = (Pass,)


class _WorkingCopy:
    """The search's mutable copy of a position (engine/working.py): `apply`'s `MutableState` and steps, copied in
    once and frozen once, with the decisions each step stops at kept instead of listed again."""

    __slots__ = ("options", "policy", "work")

    def __init__(self, state: EndlessState, policy: Policy) -> None:
        t = self.work = MutableState(state)
        self.options = tuple(_options(t, t.tasks[-1])) if t.tasks else ()
        self.policy = policy

    def current_player(self) -> int | None:
        tasks = self.work.tasks
        return tasks[-1][1] if tasks else None

    def legal_actions(self) -> tuple[Any, ...]:
        return self.options

    def act(self, action: Any) -> None:
        t = self.work
        _answer(t, t.tasks[-1], action)
        self.options = _run(t)

    def playout(self, rng: random.Random, limit: int | None) -> None:
        """Play `limit` decisions with the policy (or to the end); a pass at a reveal window is not one of them.

        Every holder of a face-down event is asked at every window, some 200 a game, and the policy passes at most:
        counting those passes, a playout cut after 4 actions often stopped before anything happened on the table.
        Counting the rest only: SPRT [0, 30] H1 at equal time, +42.4 Elo (docs/figures.md, "Session 11").
        """
        t, policy = self.work, self.policy
        steps = 0
        while steps != limit and t.tasks:
            # The policy is handed the mutable state where the generic playout hands it the state: it reads the
            # actions alone.
            action = policy(t, self.options, rng)
            _answer(t, t.tasks[-1], action)
            self.options = _run(t)
            if type(action) not in PLAYOUT_FREE:
                steps += 1

    def freeze(self) -> EndlessState:
        return self.work.freeze()


def working_copy(state: EndlessState, policy: Policy) -> _WorkingCopy:
    """The search's mutable copy of `state`, playing out with `policy` (the game's `rollout_action`)."""
    return _WorkingCopy(state, policy)


_ASKING: Final[dict[int, str]] = {
    ASK_MULLIGAN: "keep or mulligan",
    ASK_DEPLOY: "a deployment, or the end of the Deploy Phase",
    ASK_EXERT: "which species exerts next",
    ASK_MOVE: "a move, or the end of the Move Phase",
    ASK_REVEAL: "reveal the face-down event, or pass",
    ASK_HOT_FOOT: "Hot-Footed: move the lizard away or stand",
    ASK_WILDFIRE: "which species flees the Wildfire, and where",
    ASK_PATHOGEN: "which species at the Pathogen's habitat loses one population",
}


def _shown(action: Any) -> str:
    fields = ", ".join(f"{name}={getattr(action, name)!r}" for name in action.__struct_fields__)
    return f"{type(action).__name__}({fields})"


def _run(t: MutableState) -> tuple[Any, ...]:
    """Run pending steps until a seat must choose between two or more answers (returned), or the game ends."""
    tasks = t.tasks
    while tasks:
        task = tasks[-1]
        op = task[0]
        if op <= LAST_ASK:
            options = _options(t, task)
            # A reveal window stops even when passing is all the held event allows: answering it here would show
            # the other seat (and a determinization of its view) that the event is one that could not be revealed.
            if len(options) > 1 or (op == ASK_REVEAL and options):
                return tuple(options)
            if options:
                _answer(t, task, options[0])
            else:
                tasks.pop()
            continue
        tasks.pop()
        _STEPS[op](t, task)
    return ()


def _answer(t: MutableState, task: Task, action: Any) -> None:
    """Carry out a seat's answer to the question on top of the stack."""
    op, seat = task[0], task[1]
    kind = type(action)
    if op == ASK_REVEAL:  # first: most questions are a reveal window
        t.tasks.pop()
        if kind is Pass:
            if task[2] == AT_ZERO:
                _discard_at_zero(t, task[3])
        else:
            _reveal(t, action, task[2], task[3])
    elif op == ASK_MULLIGAN:
        if kind is Keep:
            t.tasks.pop()
        else:
            _mulligan(t, seat)
    elif op == ASK_DEPLOY:
        if kind is EndDeploy:
            t.tasks.pop()
        else:
            _announce(t, seat, action)
    elif op == ASK_EXERT:
        _exert(t, action)
    elif op == ASK_MOVE:
        if kind is EndMove:
            t.tasks.pop()
        else:
            _move(t, seat, action)
    elif op == ASK_HOT_FOOT:
        t.tasks.pop()
        if kind is HotFoot:
            # The predation is cancelled: the predator stays exerted and gains nothing (RULINGS.md).
            t.tasks.pop()
            sp = t.find(action.card)
            assert sp is not None
            sp.habitat = action.to
            t.hot_footed.append(action.card)
    elif op == ASK_WILDFIRE:
        t.tasks.pop()
        sp = t.find(action.card)
        assert sp is not None
        _relocate(t, sp, action.to)
    else:
        t.tasks.pop()
        sp = t.find(action.card)
        assert sp is not None
        sp.population = max(0, sp.population - 1)
        t.then((CHECK_ZERO, sp.card))


def _mulligan(t: MutableState, seat: int) -> None:
    t.mulligans[seat] += 1
    # The hand in sorted order, as the frozen state holds it: a working copy's hand is in the order drawn.
    deck = t.decks[seat] + sorted(t.hands[seat])
    shuffled_deck, t.rng = shuffled(t.rng, deck)
    t.decks[seat] = list(shuffled_deck)
    t.hands[seat] = []
    t.draw(seat, HAND + 1 - t.mulligans[seat] if t.mulligans[seat] > 1 else HAND)


def _announce(t: MutableState, seat: int, action: Any) -> None:
    """A deployment is announced: the card leaves the hand; the other player may reveal before it resolves."""
    t.take_from_hand(seat, action.card)
    kind = type(action)
    if kind is DeployEvent:
        # Face down, so nothing is announced that could be answered: it is placed at once.
        t.deployed |= DEPLOYED_EVENT
        t.events[seat] = action.card
        t.then(_WINDOW)
        return
    if kind is DeploySpecies:
        t.deployed |= DEPLOYED_SPECIES
        if action.carrion >= 0:
            # Carrion Feeder is the price of playing the Vulture, paid as it is announced.
            t.discards[action.carrion // KINDS].remove(action.carrion)
            t.removed.append(action.carrion)
        deployment = (DEPLOYMENT, seat, action.card, action.habitat, -1, action.carrion)
    else:
        t.deployed |= DEPLOYED_EFFECT
        deployment = (DEPLOYMENT, seat, action.card, action.target, action.source, -1)
    t.then(_REVEAL_AT_ANNOUNCE[1 - seat], deployment, _WINDOW)


def _exert(t: MutableState, action: Exert) -> None:
    sp = t.find(action.card)
    assert sp is not None
    sp.exerted = True
    if action.prey < 0:
        sp.population += abilities.growth(t, sp, True)
        t.then(_WINDOW)
        return
    prey = t.find(action.prey)
    assert prey is not None
    if (
        prey.kind == EARLESS_LIZARD
        and prey.card not in t.hot_footed
        and any(t.room(prey.owner, p) for p in abilities.adjacent(prey.habitat))
    ):
        t.then((ASK_HOT_FOOT, prey.owner, prey.card, sp.card), (PREDATION, sp.card, prey.card), _WINDOW)
    else:
        t.then((PREDATION, sp.card, prey.card), _WINDOW)


def _move(t: MutableState, seat: int, action: Move) -> None:
    sp = t.find(action.card)
    assert sp is not None
    if sp.kind == ROADRUNNER and not t.moves & MOVED_FREE and action.to in abilities.adjacent(sp.habitat):
        t.moves |= MOVED_FREE
    else:
        t.moves |= MOVED
    _relocate(t, sp, action.to)
    t.then(_WINDOW)


def _relocate(t: MutableState, sp: Sp, to: int) -> None:
    """Any move; an Oryx moved during its owner's Move Phase will decline one less (Invasive Species)."""
    sp.habitat = to
    if sp.kind == ORYX and t.phase == MOVE and sp.owner == t.active and sp.card not in t.migrants:
        t.migrants.append(sp.card)


def _reveal(t: MutableState, action: Reveal, context: int, ref: int) -> None:
    """The event leaves the zone; the other player may respond; the last revealed resolves first."""
    seat = action.seat
    t.events[seat] = EMPTY
    if t.phase == DEPLOY and seat == t.active:
        # Revealed in its owner's own Deploy Phase: no other event may be placed this phase (RULINGS.md).
        t.deployed |= DEPLOYED_EVENT
    steps: list[Pushed] = [_REVEAL_AT_RESPONSE[1 - seat], (RESOLVE, seat, action.card, action.target, EMPTY)]
    if context == AT_ZERO:
        steps.append((CHECK_ZERO, ref))
    t.then(*steps)


def _discard_at_zero(t: MutableState, card: int) -> None:
    sp = t.find(card)
    if sp is not None and sp.population == 0:
        t.discard_species(sp)


# ---------------------------------------------------------------------------------------------------------------
# Steps run without asking


def _phase(t: MutableState, task: PhaseStart | PhaseBody) -> None:
    phase = task[1]
    if len(task) == 2:
        t.phase = phase
        if phase == INITIALIZE:
            # The turn player's Stable Climate, lying in the other zone, is discarded first (RULINGS.md).
            other = 1 - t.active
            if t.climate[other] >= 0 and t.climate[other] // KINDS == t.active:
                t.discard(t.climate[other])
                t.climate[other] = EMPTY
        elif phase == DEPLOY:
            t.deployed = 0
        elif phase == MOVE:
            t.moves = 0
        t.then(_WINDOW, _PHASE_BODIES[phase])
        return
    seat = t.active
    if phase == INITIALIZE:
        for sp in t.species[seat]:
            sp.exerted = False
        for position, habitat in enumerate(t.habitats):
            if habitat.identity == DESERT_PLAYA and habitat.counters > 0:
                habitat.counters -= 1
                if habitat.counters == 0:
                    t.replace_habitat(position, habitat.card // KINDS)
        # Day draws 1, Night 2: turns 1-2 are Day, 3-4 Night, and so on.
        t.draw(seat, 1 if (t.turn - 1) // 2 % 2 == 0 else 2)
    elif phase == DEPLOY:
        t.then(_ASK_DEPLOY[seat])
    elif phase == EXERT:
        t.then(_ASK_EXERT[seat])
    elif phase == MOVE:
        t.then(_ASK_MOVE[seat])
    else:
        _termination(t, seat)


def _termination(t: MutableState, seat: int) -> None:
    """Pesticides rolls first; stage 1 takes every species' decline at once; then species at 0; then stage 2."""
    abilities.pesticides(t)
    everyone = t.all_species()
    for sp, loss in [(sp, abilities.decline(t, sp, seat)) for sp in everyone]:
        sp.population = max(0, sp.population - loss)
    t.then(*((CHECK_ZERO, sp.card) for sp in everyone if sp.population == 0), _PATHOGENS)


def _pathogens(t: MutableState, task: Bare) -> None:
    seat = t.active
    t.then(
        *(
            (ASK_PATHOGEN, seat, position)
            for position, habitat in enumerate(t.habitats)
            for effect in habitat.effects
            if effect % KINDS == PATHOGEN
        )
    )


def _window(t: MutableState, task: Bare) -> None:
    """A reveal window: the turn player may reveal first, then the other player."""
    seat = t.active
    t.then(_REVEAL_AT_WINDOW[seat], _REVEAL_AT_WINDOW[1 - seat])


def _resolve(t: MutableState, task: Resolve) -> None:
    _, seat, card, target, spared = task
    abilities.resolve_event(t, seat, card, target, spared)


def _deployment(t: MutableState, task: Deployment) -> None:
    """An announced deployment resolves if it is still legal; otherwise the card goes back to the hand."""
    _, seat, card, target, source, _ = task
    if is_species(card):
        if t.room(seat, target):
            sp = Sp(card, target, 0, False, [])
            t.species[seat].append(sp)
            sp.population = abilities.growth(t, sp, False)
            t.then((CHECK_ZERO, card))
            return
    elif abilities.still_legal(t, seat, card, target, source):
        abilities.attach(t, seat, card, target, source)
        return
    t.to_hand_openly(seat, card)


def _predation(t: MutableState, task: Predation) -> None:
    predator, prey = t.find(task[1]), t.find(task[2])
    if predator is None or prey is None:
        return
    abilities.predate(t, predator, prey)
    t.then((CHECK_ZERO, prey.card))


def _check_zero(t: MutableState, task: CheckZero) -> None:
    """A species at 0 goes to the discard pile at once, unless Feign death or Conservation Effort keeps it."""
    card = task[1]
    sp = t.find(card)
    if sp is None or sp.population > 0 or sp.kind == HOGNOSE:
        return
    if abilities.can_reveal(t, sp.owner):
        # Any holder of a face-down event is asked, Conservation Effort or not (see `_options`).
        t.then((ASK_REVEAL, sp.owner, AT_ZERO, card))
    else:
        t.discard_species(sp)


def _wildfire_turn(t: MutableState, task: WildfireTurn) -> None:
    """Wildfire!: each player in turn, the revealer first, moves one species away until none can (RULINGS.md)."""
    _, position, seat, spared = task
    for mover in (seat, 1 - seat):
        if abilities.fleeing(t, mover, position, spared):
            t.then(
                (ASK_WILDFIRE, mover, position, spared),
                (WILDFIRE_TURN, position, 1 - mover, spared),
            )
            return


def _end_turn(t: MutableState, task: Bare) -> None:
    t.offroads = [o for o in t.offroads if o.until > t.turn]
    t.droughts.clear()
    t.pesticide.clear()
    if t.turn == TURNS:
        totals = (t.population(0), t.population(1))
        t.winner = DRAW if totals[0] == totals[1] else (0 if totals[0] > totals[1] else 1)
        t.phase = OVER
        t.tasks.clear()
        return
    t.then(_TURN)


def _turn(t: MutableState, task: Bare) -> None:
    if t.turn == 0:
        _deal_habitats(t)
    t.turn += 1
    t.predated = 0
    t.hot_footed.clear()
    t.migrants.clear()
    t.then(*_A_TURN)


_STEPS: Final[dict[int, Callable[[MutableState, Any], None]]] = {
    PHASE: _phase,
    WINDOW: _window,
    RESOLVE: _resolve,
    DEPLOYMENT: _deployment,
    PREDATION: _predation,
    CHECK_ZERO: _check_zero,
    WILDFIRE_TURN: _wildfire_turn,
    PATHOGENS: _pathogens,
    END_TURN: _end_turn,
    TURN: _turn,
}


# ---------------------------------------------------------------------------------------------------------------
# The end


def is_over(state: EndlessState) -> bool:
    return state.phase == OVER


def outcome(state: EndlessState) -> tuple[float, float]:
    if state.phase != OVER:
        raise ValueError("the game is not over")
    if state.winner == DRAW:
        return (0.5, 0.5)
    return (1.0, 0.0) if state.winner == 0 else (0.0, 1.0)


def totals(state: EndlessState) -> tuple[int, int]:
    """Each seat's total population now."""
    return tuple(sum(sp.population for sp in side) for side in state.species)  # type: ignore[return-value]
