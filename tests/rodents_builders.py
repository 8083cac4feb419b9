"""Explicit Raging Rodents positions for scenario tests, written the way the rules describe them."""

from __future__ import annotations

from typing import Any

import msgspec

from exotui.games.rodents.cards import ALL_CARDS, CARDS, card_name
from exotui.games.rodents.rules import new_game
from exotui.games.rodents.state import ACT, Collection, Rodent, RodentsState

_BY_NAME = {card_name(card).lower(): card for card in ALL_CARDS} | {
    CARDS[card].name.lower(): card for card in ALL_CARDS
}


def card(name: str) -> int:
    """card("Jerboa"), card("x2"), card("Forest adaptation") -> the card number."""
    return _BY_NAME[name.lower()]


def cards(*names: str | int) -> tuple[int, ...]:
    return tuple(name if isinstance(name, int) else card(name) for name in names)


def rodent(name: str, mutations: tuple[str, ...] = (), adaptations: tuple[str, ...] = ()) -> Rodent:
    return Rodent(card(name), cards(*mutations), cards(*adaptations))


def collection(*rodents: Rodent | str, predators: tuple[str, ...] = ()) -> Collection:
    """collection("Jerboa", rodent("Dormouse", mutations=("x2",)), predators=("Fox",))."""
    return Collection(tuple(one if isinstance(one, Rodent) else rodent(one) for one in rodents), cards(*predators))


def cards_in(state: RodentsState) -> list[int]:
    """Every card of the position, wherever it is (the 18 when the position is whole)."""
    found = [c for hand in state.hands for c in hand]
    found += [*state.field, *state.aside, *state.removed, *state.stack]
    for pile in state.collections:
        found += pile.predators
        for one in pile.rodents:
            found += [one.card, *one.mutations, *one.adaptations]
    return found


def position(players: int = 2, seed: int = 0, variant: str | None = None, **fields: Any) -> RodentsState:
    """A state from the given fields over an opening state, every hand card known to its holder only.

    Hands and the Field are given as tuples of card names; cards not placed anywhere else go aside (or to the
    automaton's stack in solo, when `stack` is not given), so every position holds exactly the 18 cards.
    """
    base = new_game(seed, players, variant)
    given: dict[str, Any] = {"step": ACT, "ender": -1, "automaton": (), "invasion_turns": 0, "player": 0}
    for name in ("hands", "field", "aside", "stack", "removed"):
        if name in fields:
            value = fields.pop(name)
            given[name] = tuple(cards(*hand) for hand in value) if name == "hands" else cards(*value)
    given.update(fields)
    if not given.get("collections"):
        given["collections"] = (Collection(),) * len(base.collections)
    state = msgspec.structs.replace(base, **given)
    state = msgspec.structs.replace(
        state,
        hand_seen=tuple((1 << seat,) * len(hand) for seat, hand in enumerate(state.hands)),
        field_seen=(0,) * len(state.field),
    )
    used = set(cards_in(msgspec.structs.replace(state, aside=(), stack=())))
    if "aside" in given:
        used |= set(state.aside)
    if "stack" in given:
        used |= set(state.stack)
    rest = tuple(c for c in ALL_CARDS if c not in used)
    if players == 1 and "stack" not in given:
        state = msgspec.structs.replace(state, stack=rest, stack_unseen=len(rest))
    elif "aside" not in given:
        state = msgspec.structs.replace(state, aside=rest)
    elif rest:
        state = msgspec.structs.replace(state, aside=tuple(sorted(state.aside + rest)))
    if "stack" in given and "stack_unseen" not in fields:
        state = msgspec.structs.replace(state, stack_unseen=len(state.stack))
    assert sorted(cards_in(state)) == list(ALL_CARDS), sorted(cards_in(state))
    return state
