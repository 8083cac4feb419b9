"""What one seat may know of an ExoFauna/Duo position, a full position consistent with it, and move sentences.

Hidden from a seat (RULINGS.md, Table): the other hand, except the cards it has seen go in; and below each deck's
face-up top card, the order of the cards left from the opening shuffle (unknown to both players). The generator
state is hidden too.
"""

from __future__ import annotations

import random
from typing import Any

import msgspec

from exotui.games.exofauna.cards import (
    ALL_CARDS,
    COLOUR_NAMES,
    COPIES,
    EMPTY,
    HIDDEN,
    ORGANISMS,
    SPACE_NAMES,
    card_name,
)
from exotui.games.exofauna.state import (
    TO_HAND,
    Ambush,
    Devour,
    Discard,
    Draw,
    ExoState,
    Lure,
    Mimic,
    Play,
    Scurry,
    Skip,
    Spawn,
    Stalk,
    Stop,
    Take,
    Tunnel,
)

SEAT_NAMES = ("Blue", "Yellow")


def view(state: ExoState, seat: int) -> ExoState:
    other = 1 - seat
    hands = list(state.hands)
    secret = len(state.hands[other]) - len(state.known[other])
    hands[other] = (HIDDEN,) * secret + state.known[other]
    decks = tuple(_masked_deck(deck, unseen) for deck, unseen in zip(state.decks, state.unseen, strict=True))
    return msgspec.structs.replace(state, hands=tuple(hands), decks=decks, rng=0)


def _masked_deck(deck: tuple[int, ...], unseen: int) -> tuple[int, ...]:
    if unseen <= 1:
        return deck
    return (deck[0],) + (HIDDEN,) * (unseen - 1) + deck[unseen:]


def determinize(view_or_state: ExoState, seat: int, rng: random.Random) -> ExoState:
    """Deal the cards `seat` cannot see back into the hidden places, uniformly at random.

    Unseen cards of the seat's own colour can only be in its own deck's unknown part (its opening shuffle); unseen
    cards of the other colour are what is left of the other opening hand and the other deck's unknown part.
    """
    seen = view(view_or_state, seat)
    other = 1 - seat
    missing = dict.fromkeys(ALL_CARDS, COPIES)
    for group in (seen.hands, seen.decks, seen.claimed):
        for cards in group:
            for card in cards:
                if card in missing:
                    missing[card] -= 1
    for hole in seen.holes:
        if hole is not None:
            if hole.card in missing:
                missing[hole.card] -= 1
            for card in hole.spaces:
                if card != EMPTY:
                    missing[card] -= 1
    pools: list[list[int]] = [[], []]
    for card, count in missing.items():
        pools[card >> 3].extend([card] * count)
    own_pool, other_pool = pools[seat], pools[other]
    rng.shuffle(own_pool)
    rng.shuffle(other_pool)
    decks = list(seen.decks)
    decks[seat] = _fill(decks[seat], own_pool)
    hands = list(seen.hands)
    known = seen.known[other]
    secret = len(hands[other]) - len(known)
    hands[other] = tuple(sorted(known + tuple(other_pool[:secret])))
    decks[other] = _fill(decks[other], other_pool[secret:])
    return msgspec.structs.replace(seen, hands=tuple(hands), decks=tuple(decks), rng=rng.getrandbits(64))


def _fill(deck: tuple[int, ...], cards: list[int]) -> tuple[int, ...]:
    hidden = deck.count(HIDDEN)
    if hidden != len(cards):
        raise ValueError(f"inconsistent view: {hidden} hidden places for {len(cards)} unseen cards")
    if not hidden:
        return deck
    return deck[:1] + tuple(cards) + deck[1 + hidden :]


def describe(state: ExoState, action: Any) -> str:
    """One sentence for the log, from the state before the action."""
    who = SEAT_NAMES[state.player]
    kind = type(action)
    if kind is Play:
        where = f"{_hole_name(state, action.slot)}, {SPACE_NAMES[action.space]}"
        return f"{who} plays the {_card(action.card)} to {where}."
    if kind is Take:
        card = state.holes[state.focus_slot].spaces[action.space]
        return f"{who}'s Predator takes the {_card(card)} ({SPACE_NAMES[action.space]}) into hand."
    if kind is Discard:
        return f"{who} discards the {_card(action.card)}."
    if kind is Draw:
        top = state.decks[action.deck][0]
        return f"{who} swarms and draws the {_card(top)} from {SEAT_NAMES[action.deck]}'s deck."
    if kind is Stop:
        count = state.scavenged + 1
        return f"{who} stops scavenging and draws {count} card{'s' if count > 1 else ''}."
    if kind is Skip:
        return f"{who} does not use the {_focus_name(state)}'s adaptation."
    focus_hole = _hole_name(state, state.focus_slot)
    other_hole = _hole_name(state, 1 - state.focus_slot)
    adaptation = f"{who}'s {_focus_name(state)} uses {ORGANISMS[_focus_card(state) & 7].adaptation}"
    if kind is Ambush:
        target = state.holes[state.focus_slot].spaces[action.space]
        return f"{adaptation}: discards the {_card(target)} ({SPACE_NAMES[action.space]})."
    if kind is Scurry:
        top = state.decks[state.player][0]
        return f"{adaptation}: plays the {_card(top)} from the deck to {SPACE_NAMES[action.space]}."
    if kind is Spawn:
        return f"{adaptation}: plays the {_card(action.card)} from hand to {SPACE_NAMES[action.space]}."
    if kind is Mimic:
        top = state.decks[1 - state.player][0]
        return f"{adaptation}: plays the {_card(top)} from {SEAT_NAMES[1 - state.player]}'s deck."
    target = state.holes[1 - state.focus_slot].spaces[action.space] if kind is not Tunnel else EMPTY
    if kind is Lure:
        where = "into hand" if action.to == TO_HAND else f"to {SPACE_NAMES[action.to]} of {focus_hole}"
        return f"{adaptation}: moves the {_card(target)} from {other_hole} {where}."
    if kind is Stalk:
        return f"{adaptation}: swaps places with the {_card(target)} at {other_hole}, {SPACE_NAMES[action.space]}."
    if kind is Devour:
        return f"{adaptation}: takes the {_card(target)} from {other_hole} into hand."
    moved = state.holes[state.focus_slot].spaces[action.space]
    return f"{adaptation}: moves the {_card(moved)} to {other_hole}, {SPACE_NAMES[action.to]}."


def _hole_name(state: ExoState, slot: int) -> str:
    """'the blue hole (1)': the colour players see, the slot number the keys use."""
    hole = state.holes[slot]
    colour = f"{COLOUR_NAMES[hole.colour]} " if hole is not None else ""
    return f"the {colour}hole ({slot + 1})"


def _card(card: int) -> str:
    return card_name(card) if card >= 0 else "hidden card"


def _focus_card(state: ExoState) -> int:
    return state.holes[state.focus_slot].spaces[state.focus_space]


def _focus_name(state: ExoState) -> str:
    return ORGANISMS[_focus_card(state) & 7].name
