"""Explicit Endless Forms positions for scenario tests, written the way the rulebook describes them; and positions
reached by a seeded scripted play, for the table's tests."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from typing import Any

import msgspec

from exotui.games.endless.cards import (
    EFFECTS,
    EMPTY,
    EVENTS,
    FIRST_EFFECT,
    FIRST_EVENT,
    FIRST_HABITAT,
    HABITATS,
    KINDS,
    SPECIES,
    habitat_deck,
    main_deck,
)
from exotui.games.endless.rules import apply, current_player, legal_actions, new_game, settle
from exotui.games.endless.state import (
    ASK_REVEAL,
    DEPLOY,
    END_TURN,
    EXERT,
    INITIALIZE,
    MOVE,
    PHASE,
    TERMINATION,
    DeploySpecies,
    EndlessState,
    Habitat,
    Keep,
    Pass,
    Species,
)
from exotui.games.endless.view import SEAT_NAMES

NORTH, SOUTH = 0, 1
_KINDS = {
    **{s.name.lower(): k for k, s in enumerate(SPECIES)},
    **{e.name.lower(): FIRST_EFFECT + k for k, e in enumerate(EFFECTS)},
    **{e.name.lower(): FIRST_EVENT + k for k, e in enumerate(EVENTS)},
    **{h.name.lower(): FIRST_HABITAT + k for k, h in enumerate(HABITATS)},
}
_PHASES = (INITIALIZE, DEPLOY, EXERT, MOVE, TERMINATION)


def card(text: str) -> int:
    """card("South Coyote") -> the card number: the seat's copy of the named card."""
    seat, _, name = text.partition(" ")
    return SEAT_NAMES.index(seat) * KINDS + _KINDS[name.lower()]


def species(text: str, habitat: int, population: int, exerted: bool = False, effects: Sequence[str] = ()) -> Species:
    """A species in play: species("North Coyote", 2, 4) is North's Coyote at the third habitat with 4 counters."""
    return Species(card(text), habitat, population, exerted, tuple(card(e) for e in effects))


def habitat(text: str, counters: int = 0, effects: Sequence[str] = (), copy: str = "") -> Habitat:
    return Habitat(card(text), _KINDS[copy.lower()] if copy else -1, counters, tuple(card(e) for e in effects))


def position(
    row: Sequence[Habitat | str] = (
        "North Desert Arroyo",
        "South Creosote Scrub",
        "North Ocotillo Foothills",
        "South River Bosque",
    ),
    board: Iterable[Species] = (),
    hands: tuple[Sequence[str], Sequence[str]] = ((), ()),
    events: tuple[str, str] = ("", ""),
    discards: tuple[Sequence[str], Sequence[str]] = ((), ()),
    phase: int = DEPLOY,
    turn: int = 1,
    first: int = NORTH,
    rng: int = 12345,
    windows: bool = False,
    **fields: Any,
) -> EndlessState:
    """Turn `turn` (North first) at the start of `phase`, settled to its first decision (with `windows`) or to the
    first one that is not a reveal window offering only a pass (see `quiet`).

    The decks hold every main and habitat card not placed elsewhere, in catalogue order, so each of the 100 cards
    is somewhere and the game can be played on to the end.
    """
    habitats = tuple(h if isinstance(h, Habitat) else habitat(h) for h in row)
    sides: tuple[list[Species], list[Species]] = ([], [])
    for sp in board:
        sides[sp.card // KINDS].append(sp)
    hand_cards = tuple(tuple(sorted(card(c) for c in hand)) for hand in hands)
    event_cards = tuple(card(e) if e else EMPTY for e in events)
    discard_cards = tuple(tuple(card(c) for c in pile) for pile in discards)
    state = msgspec.structs.replace(
        new_game(0),
        first=first,
        turn=turn,
        phase=phase,
        hands=hand_cards,
        known=((), ()),
        habitats=habitats,
        species=(tuple(sides[0]), tuple(sides[1])),
        events=event_cards,
        discards=discard_cards,
        habitat_discards=((), ()),
        tasks=((END_TURN,), *((PHASE, p) for p in reversed(_PHASES) if p >= phase)),
        rng=rng,
        **fields,
    )
    used = set(hand_cards[0] + hand_cards[1] + discard_cards[0] + discard_cards[1]) | {e for e in event_cards if e >= 0}
    for h in habitats:
        used.add(h.card)
        used.update(h.effects)
    for side in sides:
        for sp in side:
            used.add(sp.card)
            used.update(sp.effects)
    used.update(c for c in state.climate if c >= 0)
    used.update(state.removed)
    decks = tuple(tuple(c for c in main_deck(seat) if c not in used) for seat in (0, 1))
    habitat_decks = tuple(tuple(c for c in habitat_deck(seat) if c not in used) for seat in (0, 1))
    state = settle(msgspec.structs.replace(state, decks=decks, habitat_decks=habitat_decks))
    return state if windows else quiet(state)


def quiet(state: EndlessState) -> EndlessState:
    """Pass every reveal window on top that offers nothing but a pass (a held event that cannot be revealed now):
    the rules ask them so that being asked tells nothing, and most scenarios are about something else."""
    while state.tasks and state.tasks[-1][0] == ASK_REVEAL and legal_actions(state) == (Pass(state.tasks[-1][1]),):
        state = apply(state, Pass(state.tasks[-1][1]))
    return state


def pass_until(state: EndlessState, task: tuple[int, ...]) -> EndlessState:
    """Pass every reveal window until `task` (a question's first fields) is on top."""
    while state.tasks[-1][: len(task)] != task:
        assert state.tasks[-1][0] == ASK_REVEAL, f"{task} never came: {state.tasks[-1]} is asked"
        state = apply(state, Pass(state.tasks[-1][1]))
    return state


def play(state: EndlessState, *actions: Any) -> EndlessState:
    """Apply each action, passing the windows that offer only a pass before each one and after the last."""
    for action in actions:
        state = quiet(apply(quiet(state), action))
    return state


def find(state: EndlessState, text: str) -> Species | None:
    """The species in play named by `text`, or None if it is not in play."""
    wanted = card(text)
    return next((sp for side in state.species for sp in side if sp.card == wanted), None)


def population(state: EndlessState, text: str) -> int:
    sp = find(state, text)
    assert sp is not None, f"{text} is not in play"
    return sp.population


def scripted(legal: Sequence[Any], rng: random.Random) -> Any:
    """Mostly deploy a species, keep the opening hand and hold events, so that the table fills up."""
    for kind, share in ((DeploySpecies, 0.8), (Keep, 0.9), (Pass, 0.7)):
        fitting = [a for a in legal if type(a) is kind]
        if fitting and rng.random() < share:
            return rng.choice(fitting)
    return rng.choice(list(legal))


def play_until(seed: int, wanted: Callable[[EndlessState], bool], limit: int = 600, seat: int = NORTH) -> list[Any]:
    """The actions of a scripted game (`scripted` for both seats, from `seed`) up to the first position where `seat`
    decides and `wanted` holds: the table's tests reach a kind of position without the AI, so tuning it leaves them
    alone."""
    rng = random.Random(seed)
    state = new_game(seed)
    actions = []
    for _ in range(limit):
        deciding = current_player(state)
        if deciding is None:
            break
        if deciding == seat and wanted(state):
            return actions
        actions.append(scripted(legal_actions(state), rng))
        state = apply(state, actions[-1])
    raise AssertionError("no such position")
