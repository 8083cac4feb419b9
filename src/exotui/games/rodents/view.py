"""What one seat may know of a Raging Rodents position, a full position consistent with it, and move sentences.

Hidden from a seat (the rules text, RULINGS.md 5): the cards in other hands and in the Field it has not seen (their
backs are public: an animal's habitat, an event's kind), the cards dealt aside, the automaton's stack below what
was sent to its bottom, and the shuffle of later invasions (the generator). A seat knows a card it held or took,
and keeps knowing where it is as it moves (`hand_seen`, `field_seen`). Collections and removed cards are public.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import msgspec

from exotui.games.rodents import rules
from exotui.games.rodents.cards import ALL_CARDS, BACK_OF, BACKS, CARDS, PREDATOR, card_name
from exotui.games.rodents.state import (
    AUTOMATON,
    FIELD,
    NO_TARGET,
    OVER,
    TO_BOTTOM,
    UNSEEN,
    AutoMove,
    Pass,
    Place,
    Play,
    Reveal,
    RodentsState,
    Stop,
    Swap,
    back_of_hidden,
    hidden,
)

SEAT_NAMES = ("Seat 1", "Seat 2", "Seat 3", "Seat 4")
AUTOMATON_NAME = "The automaton"


def rival(players: int) -> str | None:
    """Who plays against the seats without one: the automaton, in the solo game (`engine.protocol.Rival`)."""
    return "the automaton" if players == 1 else None


def view(state: RodentsState, seat: int) -> RodentsState:
    me = 1 << seat
    hands = tuple(
        tuple(card if seen & me or card < 0 else hidden(BACK_OF[card]) for card, seen in zip(hand, masks, strict=True))
        for hand, masks in zip(state.hands, state.hand_seen, strict=True)
    )
    field = tuple(
        card if seen & me or card < 0 else hidden(BACK_OF[card])
        for card, seen in zip(state.field, state.field_seen, strict=True)
    )
    return msgspec.structs.replace(
        state,
        hands=hands,
        field=field,
        aside=(UNSEEN,) * len(state.aside),
        stack=(UNSEEN,) * state.stack_unseen + state.stack[state.stack_unseen :],
        rng=0,
    )


def determinize(view_or_state: RodentsState, seat: int, rng: random.Random) -> RodentsState:
    """A full position consistent with what `seat` knows: `determinizer(view_or_state, seat)(rng)`."""
    return determinizer(view_or_state, seat)(rng)


def determinizer(view_or_state: RodentsState, seat: int) -> Callable[[random.Random], RodentsState]:
    """Deal the cards `seat` has not seen back into the hidden places, uniformly among the deals that fit; the
    unseen cards are sorted by back once, and each call only reshuffles (the search calls it every iteration).

    A hidden card in a hand or the Field must show the back seen there; the aside pile and the automaton's stack
    show nothing, so they take what is left.
    """
    seen = view(view_or_state, seat)
    visible = {card for hand in seen.hands for card in hand if card >= 0}
    visible.update(card for card in seen.field if card >= 0)
    visible.update(card for card in seen.stack if card >= 0)
    visible.update(seen.removed)
    for collection in seen.collections:
        visible.update(collection.predators)
        for rodent in collection.rodents:
            visible.add(rodent.card)
            visible.update(rodent.mutations)
            visible.update(rodent.adaptations)
    unseen: list[list[int]] = [[] for _ in BACKS]
    for card in ALL_CARDS:
        if card not in visible:
            unseen[BACK_OF[card]].append(card)
    wanted = [0] * len(BACKS)
    for card in (*(card for hand in seen.hands for card in hand), *seen.field):
        if card < 0:
            wanted[back_of_hidden(card)] += 1
    for back, count in enumerate(wanted):
        if count > len(unseen[back]):
            raise ValueError(f"inconsistent view: {count} hidden {BACKS[back]} backs, {len(unseen[back])} unseen")
    aside_count = len(seen.aside)
    if sum(map(len, unseen)) != sum(wanted) + aside_count + seen.stack_unseen:
        raise ValueError("inconsistent view: the unseen cards do not fill the hidden places")
    known_stack = seen.stack[seen.stack_unseen :]
    # Where the hidden cards go, found once: (hand, position, back) and (Field position, back), in dealing order.
    hand_holes = [
        (holder, position, back_of_hidden(card))
        for holder, hand in enumerate(seen.hands)
        for position, card in enumerate(hand)
        if card < 0
    ]
    field_holes = [(position, back_of_hidden(card)) for position, card in enumerate(seen.field) if card < 0]

    def deal(rng: random.Random) -> RodentsState:
        pools = [list(pool) for pool in unseen]
        for pool in pools:
            rng.shuffle(pool)
        hands = [list(hand) for hand in seen.hands]
        for holder, position, back in hand_holes:
            hands[holder][position] = pools[back].pop()
        field = list(seen.field)
        for position, back in field_holes:
            field[position] = pools[back].pop()
        rest = [card for pool in pools for card in pool]
        rng.shuffle(rest)
        return msgspec.structs.replace(
            seen,
            hands=tuple(map(tuple, hands)),
            field=tuple(field),
            aside=tuple(sorted(rest[:aside_count])),
            stack=tuple(rest[aside_count:]) + known_stack,
            rng=rng.getrandbits(64),
        )

    return deal


# ---------------------------------------------------------------------------------------------------------------
# Sentences


def collection_name(state: RodentsState, to: int, by: int | None = None) -> str:
    """'Seat 2's collection', 'its own collection', 'the automaton's collection'."""
    if by == to:
        return "their own collection"
    if state.players == 1 and to == AUTOMATON:
        return "the automaton's collection"
    return f"{SEAT_NAMES[to]}'s collection"


def describe(state: RodentsState, action: Any) -> str:
    """One sentence for the log, from the state before the action: only what every seat sees.

    A swap names hand and Field positions and backs, never the cards. A play names the card and the points it
    changes. What the action sets off (the automaton's turns, the scores) is told by `events`.
    """
    who = SEAT_NAMES[state.player]
    kind = type(action)
    if kind is Swap:
        hand_back = _back(state.hands[state.player][action.hand])
        field_back = _back(state.field[action.slot])
        text = f"{who} swaps hand card {action.hand + 1} ({hand_back}) for Field card {action.slot + 1} ({field_back})."
    elif kind is Play:
        card = state.hands[state.player][action.hand]
        if card < 0:
            # A computer player's move told from another seat's view: the card is only a back until played.
            where = collection_name(state, action.to, state.player)
            if action.rodent != NO_TARGET:
                where = f"{where}, rodent {action.rodent + 1}"
            return f"{who} plays hand card {action.hand + 1} ({_back(card)}) to {where}."
        text = f"{who} plays {play_text(state, card, action.to, action.rodent)}."
    elif kind is Stop:
        text = f"{who} ends the turn."
    elif kind is Pass:
        text = f"{who} plays no Field card." if state.step == FIELD else f"{who} passes the last turn."
    elif kind is Reveal:
        card = state.field[action.slot]
        text = f"{who} turns up Field card {action.slot + 1} ({_back(card)})"
        if card < 0:
            text += " to play it as their own."
        else:
            options = rules.targets(card, state.player, state.collections)
            if not options:
                text += f": the {card_name(card)}, which cannot be played."
            elif len(options) == 1:
                text += f" and plays {play_text(state, card, *options[0])}."
            else:
                text += f": the {card_name(card)}."
    else:
        assert kind is Place
        text = f"{who} plays {play_text(state, state.pending, action.to, action.rodent)}."
    return text


def hint_reason(seen: RodentsState, action: Any) -> str | None:
    """Why a hint's play is worth it, in one line: where it leaves the player's points this invasion against the
    best other collection's. None for a decision that plays no known card (a swap, a stop, a pass, a reveal).

    Read from the seat's own hand and the face-up collections only."""
    kind = type(action)
    if kind is Play:
        card, to, rodent = seen.hands[seen.player][action.hand], action.to, action.rodent
    elif kind is Place:
        card, to, rodent = seen.pending, action.to, action.rodent
    else:
        return None
    if card < 0:
        return None
    after = rules.totals(rules.place(seen.collections, seen.removed, card, to, rodent)[0])
    mine = after[seen.player]
    rival = max((index for index in range(len(after)) if index != seen.player), key=lambda index: after[index])
    name = collection_name(seen, rival).removesuffix("'s collection")
    them = f"{name} ({after[rival]})"
    lead = mine - after[rival]
    standing = f"{lead} ahead of {them}" if lead > 0 else f"{-lead} behind {them}" if lead < 0 else f"level with {them}"
    return f"Leaves you at {mine} point{'s' if mine != 1 else ''} this invasion, {standing}."


def _back(card: int) -> str:
    back = BACK_OF[card] if card >= 0 else back_of_hidden(card)
    return f"{BACKS[back]} back"


def play_text(state: RodentsState, card: int, to: int, rodent: int, own: str = "their own", named: bool = True) -> str:
    """'the Fox to Seat 2's collection, eating the Jerboa (Seat 2 9 -> 6)': the points every changed collection
    would have, as the rules count them now. Not `named` ('to Seat 2's collection, eating ...'): for an answer
    under a question that names the card, so that the numbers fit the line."""
    player = state.player
    entry = CARDS[card]
    the_card = f"the {card_name(card)} " if named else ""
    if rodent == NO_TARGET:
        where = f"{own} collection" if to == player else collection_name(state, to)
        text = f"{the_card}to {where}"
    else:
        target = state.collections[to].rodents[rodent]
        owner = own if to == player else collection_name(state, to).removesuffix(" collection")
        preposition = "under" if entry.kind == "mutation" else "on"
        text = f"{the_card}{preposition} {owner} {card_name(target.card)}"
    if entry.kind == PREDATOR:
        eaten = rules.eaten_by(state.collections[to], card)
        if eaten:
            text += f", eating the {_names([one.card for one in eaten])}"
    before = rules.totals(state.collections)
    after = rules.totals(rules.place(state.collections, state.removed, card, to, rodent)[0])
    return f"{text} ({points_change(state, before, after)})"


def points_change(state: RodentsState, before: tuple[int, ...], after: tuple[int, ...]) -> str:
    """'Seat 1 12 -> 15, Seat 2 3 -> 1': the collections whose points change, or 'no points change'."""
    changes = [
        f"{_owner(state, index)} {old} -> {new}"
        for index, (old, new) in enumerate(zip(before, after, strict=True))
        if old != new
    ]
    return ", ".join(changes) if changes else "no points change"


def _owner(state: RodentsState, index: int) -> str:
    return "automaton" if state.players == 1 and index == AUTOMATON else SEAT_NAMES[index]


def _names(cards: list[int]) -> str:
    names = [card_name(card) for card in cards]
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


def opening(state: RodentsState) -> tuple[str, ...]:
    """In solo, the automaton's first turn: it plays with the deal, before the first decision, so no decision's
    events tell it."""
    return (automaton_summary(state.automaton[0].moves),) if state.players == 1 and state.automaton else ()


def events(before: RodentsState, action: Any, after: RodentsState) -> tuple[str, ...]:
    """What the action set off, in order: a last card played, the automaton's turns, an invasion scored (and who
    won). All of it is public, so every seat's views tell it alike."""
    told = []
    if before.players > 1 and before.ender < 0 and after.ender >= 0 and after.invasion == before.invasion:
        told.append("That was their last card: each other player has one last turn, then their Field play.")
    turns = after.automaton[len(before.automaton) :]
    told.extend(automaton_summary(turn.moves) for turn in turns if turn.invasion == before.invasion)
    if after.invasion != before.invasion or after.step == OVER:
        told.append(invasion_summary(before, after))
    if after.invasion != before.invasion and after.step != OVER:
        starter = "the automaton" if after.players == 1 else SEAT_NAMES[after.player]
        told.append(f"Invasion {after.invasion} is dealt: {starter} starts.")
    told.extend(automaton_summary(turn.moves) for turn in turns if turn.invasion != before.invasion)
    # Solo: the player's last turn of an invasion is announced as it comes (RULINGS.md 5: four turns each).
    last = after.players == 1 and after.step != OVER and after.invasion_turns + 1 == rules.SOLO_TURNS
    if last and (before.invasion, before.invasion_turns) != (after.invasion, after.invasion_turns):
        told.append(f"Turn {rules.SOLO_TURNS} of {rules.SOLO_TURNS}: your last of this invasion, then it is scored.")
    return tuple(told)


def scored(before: RodentsState, action: Any, after: RodentsState) -> RodentsState | None:
    """The invasion `action` scored, as it was scored: its collections whole, the scores with it counted, step OVER;
    None unless `action` scored an invasion after which another is dealt (the last one is the final position).

    `after` has already dealt the next invasion, so the same action is applied again with the agreed number of
    invasions set so low that scoring ends the game instead of dealing (rules._score): the rules' own scoring,
    automaton turns included, with no copy of them here. Everything in it is public but the hands, which `view`
    hides as ever."""
    if after.invasion == before.invasion or after.step == OVER:
        return None
    ending = msgspec.structs.replace(before, invasions=before.invasion - rules.SAFETY_EXTRA_INVASIONS)
    return msgspec.structs.replace(rules.apply(ending, action), invasions=before.invasions)


def invasion_summary(before: RodentsState, after: RodentsState) -> str:
    """'Invasion 1 scored: Seat 1 12, Seat 2 9 (totals 12, 9).' and, at the end, who won."""
    gained = ", ".join(
        f"{_owner(before, index)} {new - old}"
        for index, (old, new) in enumerate(zip(before.scores, after.scores, strict=True))
    )
    text = f"Invasion {before.invasion} scored: {gained}"
    if before.invasion > 1:
        text += f" (totals {', '.join(str(score) for score in after.scores)})"
    text += "."
    if after.step == OVER:
        result = rules.outcome(after)
        if after.players == 1:
            text += " You beat the automaton." if result[0] else " The automaton wins."
        else:
            winners = [SEAT_NAMES[seat] for seat, share in enumerate(result) if share]
            text += f" {' and '.join(winners)} win{'s' if len(winners) == 1 else ''}."
    elif after.invasion > after.invasions:
        text += " The lead is tied: another invasion."
    return text


def automaton_summary(moves: tuple[AutoMove, ...]) -> str:
    """'The automaton reveals the Owl (to its collection, eating the Dormouse), then the x2 mutation (under its
    Jerboa).'"""
    if not moves:
        return f"{AUTOMATON_NAME} has no card left to play."
    told = []
    for move in moves:
        name = card_name(move.card)
        if move.target == TO_BOTTOM:
            told.append(f"the {name} (no rodent to take it: to the bottom of the stack)")
        elif move.target == NO_TARGET:
            eaten = f", eating the {_names(list(move.eaten))}" if move.eaten else ""
            told.append(f"the {name} (to its collection{eaten})")
        else:
            preposition = "under" if CARDS[move.card].kind == "mutation" else "on"
            told.append(f"the {name} ({preposition} its {card_name(move.target)})")
    return f"{AUTOMATON_NAME} reveals {', then '.join(told)}."
