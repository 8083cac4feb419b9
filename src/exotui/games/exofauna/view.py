"""What one seat may know of an ExoFauna/Duo position, a full position consistent with it, and the sentences that
tell a move and what it caused.

Hidden from a seat (RULINGS.md, Table): the other hand, except the cards it has seen go in; and below each deck's
face-up top card, the order of the cards left from the opening shuffle (unknown to both players). The generator
state is hidden too.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, Final, NamedTuple

import msgspec

from exotui.games.exofauna.cards import (
    ALL_CARDS,
    BLUE,
    COLOUR_NAMES,
    COPIES,
    EMPTY,
    HIDDEN,
    ORGANISMS,
    RING,
    SPACE_NAMES,
    card_name,
)
from exotui.games.exofauna.rules import SAFETY_TURNS, claimer_of
from exotui.games.exofauna.state import (
    ADAPT,
    DRAW,
    OVER,
    PREDATOR_DISCARD,
    SCAVENGE,
    SWARM,
    TAKE,
    TO_HAND,
    Ambush,
    Devour,
    Discard,
    Draw,
    ExoState,
    Hole,
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
    hole_in,
)

SEAT_NAMES = ("Blue", "Yellow")
# The steps of an instinct being resolved: the played organism's adaptation is offered once they are done.
_INSTINCT_STEPS: Final = (TAKE, PREDATOR_DISCARD, SWARM, SCAVENGE)


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
    return determinizer(view_or_state, seat)(rng)


def determinizer(view_or_state: ExoState, seat: int) -> Callable[[random.Random], ExoState]:
    """`determinize` for one search: the unseen cards are counted once; each call only reshuffles them."""
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
    own_deck, other_deck = seen.decks[seat], seen.decks[other]
    own_hand, known = seen.hands[seat], seen.known[other]
    secret = len(seen.hands[other]) - len(known)
    own_hidden, other_hidden = own_deck.count(HIDDEN), other_deck.count(HIDDEN)
    for hidden, unseen in ((own_hidden, len(own_pool)), (other_hidden, len(other_pool) - secret)):
        if hidden != unseen:
            raise ValueError(f"inconsistent view: {hidden} hidden places for {unseen} unseen cards")
    own_top, own_rest = own_deck[:1], own_deck[1 + own_hidden :]
    other_top, other_rest = other_deck[:1], other_deck[1 + other_hidden :]
    replace = msgspec.structs.replace

    def deal(rng: random.Random) -> ExoState:
        own = _shuffled(own_pool, rng.random)
        theirs = _shuffled(other_pool, rng.random)
        mine = (*own_top, *own, *own_rest) if own_hidden else own_deck
        deck = (*other_top, *theirs[secret:], *other_rest) if other_hidden else other_deck
        hand = tuple(sorted(known + tuple(theirs[:secret])))
        decks = (mine, deck) if seat == 0 else (deck, mine)
        hands = (own_hand, hand) if seat == 0 else (hand, own_hand)
        return replace(seen, hands=hands, decks=decks, rng=rng.getrandbits(64))

    return deal


def _shuffled(cards: list[int], random_: Callable[[], float]) -> list[int]:
    """A Fisher-Yates shuffle of a copy of `cards`; `random.shuffle`'s exact integer draws cost twice as much."""
    out = cards[:]
    for i in range(len(out) - 1, 0, -1):
        j = int(random_() * (i + 1))
        out[i], out[j] = out[j], out[i]
    return out


def describe_to(state: ExoState, action: Any, seat: int | None) -> str:
    """`describe` as told to `seat` (None: a spectator). Every card a decision names is shown by it (played, spawned
    or discarded face up), so a decision made is told whole to every seat. Told from a seat's view before the
    decision (the computer's preferred move, shown to the person while it thinks), a card of the deciding hand that
    the view shows only as a back is "the hidden card": the action names it, the view does not."""
    card = getattr(action, "card", None)
    if seat != state.player and card is not None and card not in state.hands[state.player]:
        action = msgspec.structs.replace(action, card=HIDDEN)
    return describe(state, action)


def describe(state: ExoState, action: Any) -> str:
    """One sentence for the log, from the state before the action."""
    who = SEAT_NAMES[state.player]
    kind = type(action)
    if kind is Play:
        where = f"{_hole_name(state, action.slot)}, {SPACE_NAMES[action.space]}"
        return f"{who} plays the {_card(action.card)} to {where}."
    if kind is Take:
        card = hole_in(state, state.focus_slot).spaces[action.space]
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
        target = hole_in(state, state.focus_slot).spaces[action.space]
        return f"{adaptation}: discards the {_card(target)} ({SPACE_NAMES[action.space]})."
    if kind is Scurry:
        top = state.decks[state.player][0]
        return f"{adaptation}: plays the {_card(top)} from the deck to {SPACE_NAMES[action.space]}."
    if kind is Spawn:
        return f"{adaptation}: plays the {_card(action.card)} from hand to {SPACE_NAMES[action.space]}."
    if kind is Mimic:
        top = state.decks[1 - state.player][0]
        deck = f"{SEAT_NAMES[1 - state.player]}'s deck"
        return f"{adaptation}: plays the {_card(top)} from {deck} to {SPACE_NAMES[action.space]}."
    target = hole_in(state, 1 - state.focus_slot).spaces[action.space] if kind is not Tunnel else EMPTY
    if kind is Lure:
        where = "into hand" if action.to == TO_HAND else f"to {SPACE_NAMES[action.to]} of {focus_hole}"
        return f"{adaptation}: moves the {_card(target)} from {other_hole}, {SPACE_NAMES[action.space]}, {where}."
    if kind is Stalk:
        return f"{adaptation}: swaps places with the {_card(target)} at {other_hole}, {SPACE_NAMES[action.space]}."
    if kind is Devour:
        return f"{adaptation}: takes the {_card(target)} from {other_hole}, {SPACE_NAMES[action.space]}, into hand."
    moved = hole_in(state, state.focus_slot).spaces[action.space]
    source = f"{SPACE_NAMES[action.space]} of {focus_hole}"
    return f"{adaptation}: moves the {_card(moved)} from {source} to {other_hole}, {SPACE_NAMES[action.to]}."


def hint_reason(seen: ExoState, action: Any) -> str | None:
    """Why a hint's decision is worth it, in one line: how it leaves each hole it changes (the count of organisms
    each side, or the claim when it fills one); None for a decision that moves no organism.

    Read from the table and the face-up deck tops only (`rings_after`), so it tells nothing the deciding seat's
    view does not show.
    """
    before = (hole_in(seen, 0).spaces if seen.holes[0] else None, hole_in(seen, 1).spaces if seen.holes[1] else None)
    me, other = seen.player, 1 - seen.player
    told = []
    for slot, ring in enumerate(rings_after(seen, action)):
        if ring is None or tuple(ring) == before[slot]:
            continue
        hole = _hole_name(seen, slot)
        mine = sum(1 for card in ring if card >= 0 and card >> 3 == me)
        theirs = sum(1 for card in ring if card >= 0 and card >> 3 == other)
        count = f"{mine} organism{'s' if mine != 1 else ''} to {theirs}"
        if EMPTY not in ring:
            claimer = claimer_of(ring, hole_in(seen, slot).colour)
            who = "you claim it" if claimer == me else f"{SEAT_NAMES[other]} claims it"
            tie = ", a tie going to the hole's colour" if mine == theirs else ""
            told.append(f"fills {hole}: {who}, {count}{tie}")
            continue
        free = ring.count(EMPTY)
        standing = "you lead" if mine > theirs else "you trail" if mine < theirs else "you are level"
        told.append(f"{standing} at {hole}, {count}, {free} space{'s' if free != 1 else ''} left")
    if not told:
        return None
    text = "; ".join(told)
    return f"{text[0].upper()}{text[1:]}."


def _hole_name(state: ExoState, slot: int) -> str:
    """'the blue hole (1)': the colour players see, the slot number the keys use."""
    hole = state.holes[slot]
    colour = f"{COLOUR_NAMES[hole.colour]} " if hole is not None else ""
    return f"the {colour}hole ({slot + 1})"


def _card(card: int) -> str:
    return card_name(card) if card >= 0 else "hidden card"


def _focus_card(state: ExoState) -> int:
    return hole_in(state, state.focus_slot).spaces[state.focus_space]


def _focus_name(state: ExoState) -> str:
    return ORGANISMS[_focus_card(state) & 7].name


def events(before: ExoState, action: Any, after: ExoState) -> tuple[str, ...]:
    """What `action` caused beyond itself: an adaptation not offered and why, the holes claimed (who, the count, the
    tie-break), new holes, the win to come when a claim reaches the target before the turn ends, the end.

    Told from the table, the claims and the face-up deck tops only, so every seat's views give the same sentences.
    """
    rings = rings_after(before, action)
    skipped = _adaptation_skipped(before, action, after, rings)
    told: list[str] = [skipped] if skipped else []
    claims = [len(cards) for cards in before.claimed]
    resolved = sum(map(len, after.claimed)) > sum(claims)
    claimed_slots = []
    for slot, ring in enumerate(rings):
        # A full hole is resolved at the end of the Action's chain; it may still be full with the chain going on.
        if resolved and ring is not None and EMPTY not in ring:
            claimed_slots.append(slot)
            claimer = claimer_of(ring, hole_in(before, slot).colour)
            claims[claimer] += 1
            told.append(_claim(before, slot, ring, claimer, claims[claimer]))
    for slot in (0, 1):
        old, new = before.holes[slot], after.holes[slot]
        if new is not None and (old is None or slot in claimed_slots):
            told.append(f"A new {COLOUR_NAMES[new.colour]} hole forms in slot {slot + 1}.")
        elif new is None and old is not None:
            told.append(f"Slot {slot + 1} stays empty: both decks are out of cards.")
    if after.step == OVER and before.step != OVER:
        told.append(_result(after))
    elif before.first_to_target < 0 <= after.first_to_target:
        told.append(_win_to_come(after))
    return tuple(told)


def _adaptation_skipped(
    before: ExoState, action: Any, after: ExoState, rings: tuple[list[int] | None, list[int] | None]
) -> str | None:
    """Why the organism whose instinct ended with `action` was not offered its adaptation because another organism
    of its name is at its hole; None otherwise."""
    kind = type(action)
    if kind is Play:
        slot, space = action.slot, action.space
    elif kind in (Scurry, Spawn, Mimic):
        slot, space = before.focus_slot, action.space
    elif before.step in _INSTINCT_STEPS:
        slot, space = before.focus_slot, before.focus_space
    else:
        return None
    # Still resolving the instinct, or asked about the adaptation.
    if after.step in _INSTINCT_STEPS or after.step == ADAPT:
        return None
    ring = rings[slot]
    assert ring is not None
    card = ring[space]
    organism = ORGANISMS[card & 7]
    # An adaptation with nothing to act on is not offered either; that needs no telling, the table shows it.
    if sum(1 for other in ring if other >= 0 and other & 7 == card & 7) == 1:
        return None
    hole = _hole_name(before, slot)
    return f"The {card_name(card)} cannot use {organism.adaptation}: another {organism.name} is at {hole}."


def rings_after(before: ExoState, action: Any) -> tuple[list[int] | None, list[int] | None]:
    """The holes' spaces once `action` has moved its cards, before any hole is resolved.

    Within one `apply`, the decision itself is the only change to the holes before the chain ends or asks again:
    a card played by Scurry, Spawn or Mimic starts an instinct that either asks a question or touches no hole.
    """
    rings = (
        list(hole_in(before, 0).spaces) if before.holes[0] else None,
        list(hole_in(before, 1).spaces) if before.holes[1] else None,
    )
    kind = type(action)

    def ring(slot: int) -> list[int]:
        # A decision that moves a card names a hole that is there.
        cards = rings[slot]
        assert cards is not None, f"no Watering Hole in slot {slot + 1}"
        return cards

    if kind is Play:
        ring(action.slot)[action.space] = action.card
        return rings
    if kind in (Discard, Draw, Stop, Skip):
        return rings
    here = ring(before.focus_slot)
    if kind in (Take, Ambush):
        here[action.space] = EMPTY
        return rings
    if kind is Scurry:
        here[action.space] = before.decks[before.player][0]
        return rings
    if kind is Mimic:
        here[action.space] = before.decks[1 - before.player][0]
        return rings
    if kind is Spawn:
        here[action.space] = action.card
        return rings
    there = ring(1 - before.focus_slot)
    if kind is Lure:
        if action.to != TO_HAND:
            here[action.to] = there[action.space]
        there[action.space] = EMPTY
    elif kind is Stalk:
        here[before.focus_space], there[action.space] = there[action.space], here[before.focus_space]
    elif kind is Devour:
        there[action.space] = EMPTY
    else:
        there[action.to] = here[action.space]
        here[action.space] = EMPTY
    return rings


class Claim(NamedTuple):
    """A Watering Hole claimed: by which seat, and the hole as it was when it was resolved (its 8 organisms)."""

    seat: int
    hole: Hole


def claimed_holes(state: ExoState) -> dict[int, Claim]:
    """By slot, the holes `state` shows claimed: the game's interlude (`rules.claiming`) keeps each hole an Action
    resolved on the table, its card already in its claimer's play area (EMPTY in the hole), until its organisms go
    to the decks and a new hole forms. Empty in every position a decision is asked in; all public, as the table is."""
    return {
        slot: Claim(claimer_of(hole.spaces, hole.colour), hole)
        for slot, hole in enumerate(state.holes)
        if hole is not None and hole.card == EMPTY
    }


def _claim(before: ExoState, slot: int, ring: list[int], claimer: int, count: int) -> str:
    """'Blue claims the yellow hole (1), 5 organisms to 3 (1 of 2 holes).'"""
    mine = sum(1 for card in ring if card >> 3 == claimer)
    progress = f"{count} of {before.target} hole{'s' if before.target > 1 else ''}"
    hole = _hole_name(before, slot)
    if 2 * mine == RING:
        tie = f"{mine} organisms each: a tie goes to the hole's colour"
        return f"{SEAT_NAMES[claimer]} claims {hole} on a tie, {tie} ({progress})."
    return f"{SEAT_NAMES[claimer]} claims {hole}, {mine} organisms to {RING - mine} ({progress})."


def _win_to_come(after: ExoState) -> str:
    """A seat has reached the target with the turn going on: the win is checked only when the turn ends, and the
    first to reach the target wins then whatever else the turn claims (rulebook, turn order; RULINGS.md)."""
    seat = after.first_to_target
    count = len(after.claimed[seat])
    name = SEAT_NAMES[seat]
    return f"{name} has claimed {count} hole{'s' if count > 1 else ''}: {name} wins at the end of this turn."


def _result(over: ExoState) -> str:
    """The end of the game: who won, and how."""
    if over.first_to_target >= 0:
        target = over.target
        return f"{SEAT_NAMES[over.winner]} wins, the first to claim {target} hole{'s' if target > 1 else ''}."
    limit = f"The {SAFETY_TURNS}-turn safety limit ends the game [house]"
    blue, yellow = (len(cards) for cards in over.claimed)
    if blue != yellow:
        return f"{limit}: {SEAT_NAMES[over.winner]} wins on holes claimed, {max(blue, yellow)} to {min(blue, yellow)}."
    cards = [card for hole in over.holes if hole is not None for card in hole.spaces if card >= 0]
    blue = sum(1 for card in cards if card >> 3 == BLUE)
    yellow = len(cards) - blue
    if over.winner == DRAW:
        return f"{limit}: a draw, with as many holes claimed and organisms in play ({blue} each)."
    return f"{limit}: {SEAT_NAMES[over.winner]} wins on organisms in play, {max(blue, yellow)} to {min(blue, yellow)}."
