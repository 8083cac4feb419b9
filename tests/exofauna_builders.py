"""Explicit ExoFauna/Duo positions for scenario tests, written the way the rulebook describes them."""

from __future__ import annotations

from collections import Counter
from typing import Any

import msgspec

from exotui.games.exofauna.cards import COLOUR_NAMES, COPIES, EMPTY, ORGANISMS, START_HOLE, card_of
from exotui.games.exofauna.rules import new_game
from exotui.games.exofauna.state import ACTION, ExoState, Hole

_NAMES = {organism.name.lower(): index for index, organism in enumerate(ORGANISMS)}


def card(text: str) -> int:
    """card("yellow Primu") -> the card number."""
    colour, name = text.lower().split()
    return card_of(COLOUR_NAMES.index(colour), _NAMES[name])


def cards(*texts: str) -> tuple[int, ...]:
    return tuple(card(text) for text in texts)


def hole(colour: int, placed: dict[int, str] | None = None, hole_card: int | None = None) -> Hole:
    spaces = [EMPTY] * 8
    for space, text in (placed or {}).items():
        spaces[space] = card(text)
    return Hole(START_HOLE[colour] if hole_card is None else hole_card, colour, tuple(spaces))


def position(**fields: Any) -> ExoState:
    """A state from the given fields over an opening state; unspecified decks get the rest of the 48 cards.

    Decks not given are filled with the cards not placed elsewhere (each colour's leftovers to its own deck), so
    every position built here holds exactly the 48 organism cards and can be played on to the end.
    """
    base = new_game(0)
    defaults = {"step": ACTION, "known": ((), ()), "unseen": (0, 0)}
    state = msgspec.structs.replace(base, **{**defaults, **fields})
    if "decks" not in fields:
        used: Counter[int] = Counter()
        for hand in state.hands:
            used.update(hand)
        for claimed in state.claimed:
            used.update(c for c in claimed if c < 16)
        for h in state.holes:
            if h is not None:
                used.update(c for c in h.spaces if c >= 0)
                if h.card < 16:
                    used[h.card] += 1
        decks = tuple(
            tuple(c for c in range(colour * 8, colour * 8 + 8) for _ in range(COPIES - used[c])) for colour in (0, 1)
        )
        state = msgspec.structs.replace(state, decks=decks)
    hands = tuple(tuple(sorted(hand)) for hand in state.hands)
    return msgspec.structs.replace(state, hands=hands)


def organisms_everywhere(state: ExoState) -> Counter[int]:
    """Hands, decks, organisms at holes, cards turned into holes, claimed holes: where the 48 cards can be (a hole
    the game's interlude shows claimed has its card in its claimer's play area only)."""
    where: Counter[int] = Counter()
    for cards in (*state.hands, *state.decks, *state.claimed):
        where.update(cards)
    for hole in state.holes:
        if hole is not None:
            if hole.card != EMPTY:
                where[hole.card] += 1
            where.update(card for card in hole.spaces if card != EMPTY)
    return where
