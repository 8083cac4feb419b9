"""The solo automaton of Raging Rodents (the rules' last page, with RULINGS.md 5's exact priorities): its turn,
and where it places each card it reveals.

`rules` plays a turn of it with the deal and after each of the player's turns (`turn`); it plays by the rules' own
scoring and placing (`rules.place`, `rules.rodent_points`...). The two modules import each other as modules, so
either may be imported first.
"""

from __future__ import annotations

from collections.abc import Sequence

import msgspec

from exotui.engine.protocol import IllegalAction
from exotui.games.rodents import rules
from exotui.games.rodents.cards import ADAPTATION, CARDS, MUTATION, PREDATOR, PREDATOR_OF, mutate
from exotui.games.rodents.state import AUTOMATON, NO_TARGET, TO_BOTTOM, AutoMove, AutoTurn, Collection, RodentsState


def turn(state: RodentsState) -> RodentsState:
    """Reveal the top of the stack one card at a time and place it, until two are placed.

    An event with no rodent in the automaton's collection goes to the bottom and the next card is revealed; once
    every card left was sent to the bottom this turn, the turn ends.
    """
    stack = list(state.stack)
    unseen = state.stack_unseen
    collections = state.collections
    removed = state.removed
    moves: list[AutoMove] = []
    bottomed: set[int] = set()
    placed = 0
    while placed < rules.AUTOMATON_CARDS and stack and stack[0] not in bottomed:
        card = stack.pop(0)
        if card < 0:
            raise IllegalAction("the automaton's next card is not known in this view")
        if unseen:
            unseen -= 1
        own = collections[AUTOMATON]
        kind = CARDS[card].kind
        if kind in (MUTATION, ADAPTATION) and not own.rodents:
            stack.append(card)
            bottomed.add(card)
            moves.append(AutoMove(card, TO_BOTTOM))
            continue
        eaten: tuple[int, ...] = ()
        rodent = NO_TARGET
        if kind == MUTATION:
            rodent = mutation_target(collections, card)
        elif kind == ADAPTATION:
            rodent = adaptation_target(collections, card)
        elif kind == PREDATOR:
            eaten = tuple(one.card for one in rules.eaten_by(own, card))
        target = NO_TARGET if rodent == NO_TARGET else own.rodents[rodent].card
        collections, removed = rules.place(collections, removed, card, AUTOMATON, rodent)
        moves.append(AutoMove(card, target, eaten))
        placed += 1
    return msgspec.structs.replace(
        state,
        stack=tuple(stack),
        stack_unseen=unseen,
        collections=collections,
        removed=removed,
        automaton=(*state.automaton, AutoTurn(state.invasion, tuple(moves))),
    )


def _points(collections: Sequence[Collection]) -> int:
    return rules.collection_points(collections[AUTOMATON], rules.habitat_counts(collections))


def mutation_target(collections: Sequence[Collection], mutation: int) -> int:
    """The rodent of the automaton's collection a mutation goes under.

    First the rodents where it does not give a negative value (values now, with the current N); if none, the rodents
    needing protection (their habitat's predator is not face up in any collection); among several, or if neither
    picks one, the rodent revealed last.
    """
    rodents = collections[AUTOMATON].rodents
    counts = rules.habitat_counts(collections)
    candidates = [i for i, one in enumerate(rodents) if mutate(rules.rodent_points(one, counts), mutation) >= 0]
    if not candidates:
        face_up = {card for collection in collections for card in collection.predators}
        candidates = [i for i, one in enumerate(rodents) if PREDATOR_OF[rules.habitat(one)] not in face_up]
    return max(candidates) if candidates else len(rodents) - 1


def adaptation_target(collections: tuple[Collection, ...], adaptation: int) -> int:
    """The rodent of the automaton's collection an adaptation goes on: filters in order, each kept only if it
    leaves someone: another habitat than the card's, no adaptation yet, the largest change in the automaton's total
    now (even if negative), then the rodent revealed last."""
    rodents = collections[AUTOMATON].rodents
    candidates = list(range(len(rodents)))
    where = CARDS[adaptation].habitat
    elsewhere = [i for i in candidates if rules.habitat(rodents[i]) != where]
    candidates = elsewhere or candidates
    bare = [i for i in candidates if not rodents[i].adaptations]
    candidates = bare or candidates
    change = {i: _points(rules.place(collections, (), adaptation, AUTOMATON, i)[0]) for i in candidates}
    best = max(change.values())
    return max(i for i in candidates if change[i] == best)
