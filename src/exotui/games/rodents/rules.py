"""Raging Rodents rules: setup and invasions, scoring, the legal decisions and the reducer; the solo automaton's
turns are `automaton.py`'s.

Every rule of the rules text (raging-rodents.txt) and of RULINGS.md section 5 is decided in this module. Steps with
nothing to decide (dealing, a predator eating, the automaton's turns, a solo turn with an empty hand, scoring) run
inside `apply`, so every action in a game's log is a real choice of a player.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, Final

import msgspec

from exotui.engine.protocol import IllegalAction, check_action
from exotui.engine.rng import below, shuffled
from exotui.engine.rng import seed_state as rng_seed
from exotui.games.rodents import automaton
from exotui.games.rodents.cards import (
    ALL_CARDS,
    CARDS,
    MUTATION,
    PREDATOR,
    PREDATOR_POINTS,
    RODENT,
    card_name,
    mutate,
)
from exotui.games.rodents.state import (
    ACT,
    AUTOMATON,
    FIELD,
    MORE,
    NO_TARGET,
    OVER,
    PLACE,
    Collection,
    Pass,
    Place,
    Play,
    Reveal,
    Rodent,
    RodentsAction,
    RodentsState,
    Step,
    Stop,
    Swap,
)

PLAYER_COUNTS: Final = (1, 2, 3, 4)
# Per number of seats: cards in each hand, cards in the Field (the rest go aside). 1 seat is the solo game.
HAND_SIZE: Final = {1: 4, 2: 5, 3: 4, 4: 3}
FIELD_SIZE: Final = {1: 4, 2: 4, 3: 3, 4: 3}
SOLO_ASIDE: Final = 2  # the solo game puts 2 cards aside and the other 8 make the automaton's stack
SOLO_TURNS: Final = 4  # the solo invasion: four turns each, the automaton first
AUTOMATON_CARDS: Final = 2  # cards the automaton places each turn

DEFAULT_INVASIONS: Final = 3
SOLO_INVASIONS: Final = 1
# Variant id -> number of invasions (the default game plays 3, the solo game 1). [house] A solo game with a variant
# plays that many invasions and compares the totals.
VARIANTS: Final = {"1-invasion": 1, "2-invasions": 2, "4-invasions": 4, "5-invasions": 5}
# [house] Safety limits, so that every game and every search ends: an invasion in which nobody has played their last
# card after this many turns each is scored as it stands (no Field play); and after this many extra invasions a lead
# still tied is a shared win. No game between players trying to win comes near either.
SAFETY_TURNS_EACH: Final = 12
SAFETY_EXTRA_INVASIONS: Final = 10

STOP: Final = Stop()
PASS: Final = Pass()


# ---------------------------------------------------------------------------------------------------------------
# Scoring


# Per card, its habitat and its points row: the scoring below runs inside every automaton turn.
_HABITAT: Final = tuple(entry.habitat for entry in CARDS)
_POINTS: Final = tuple(entry.points for entry in CARDS)


def habitat(rodent: Rodent) -> int:
    """A rodent's habitat now: the top adaptation's, else its own."""
    adaptations = rodent.adaptations
    return _HABITAT[adaptations[-1] if adaptations else rodent.card]


def habitat_counts(collections: Sequence[Collection]) -> list[int]:
    """N per habitat: how many rodents of that habitat are in all collections."""
    counts = [0, 0, 0]
    for collection in collections:
        for rodent in collection.rodents:
            adaptations = rodent.adaptations
            counts[_HABITAT[adaptations[-1] if adaptations else rodent.card]] += 1
    return counts


def rodent_points(rodent: Rodent, counts: Sequence[int]) -> int:
    """The rodent's printed row with the N of its current habitat, then its mutations in the order played."""
    adaptations = rodent.adaptations
    n = counts[_HABITAT[adaptations[-1] if adaptations else rodent.card]]
    points = _POINTS[rodent.card][n - 1 if n < 3 else 2]
    for mutation in rodent.mutations:
        points = mutate(points, mutation)
    return points


def collection_points(collection: Collection, counts: Sequence[int]) -> int:
    return sum(rodent_points(rodent, counts) for rodent in collection.rodents) + PREDATOR_POINTS * len(
        collection.predators
    )


def totals(collections: Sequence[Collection]) -> tuple[int, ...]:
    """The points each collection would score now."""
    counts = habitat_counts(collections)
    return tuple(collection_points(collection, counts) for collection in collections)


# ---------------------------------------------------------------------------------------------------------------
# Setup


def invasions_of(players: int, variant: str | None) -> int:
    if variant is None:
        return SOLO_INVASIONS if players == 1 else DEFAULT_INVASIONS
    return VARIANTS[variant]


def new_game(seed: int, players: int, variant: str | None = None) -> RodentsState:
    """The opening for `players` seats (1: the solo game); the game object checks the arguments first."""
    collections = players + 1 if players == 1 else players
    empty = RodentsState(
        players=players,
        invasions=invasions_of(players, variant),
        invasion=0,
        scores=(0,) * collections,
        hands=((),) * players,
        hand_seen=((),) * players,
        field=(),
        field_seen=(),
        aside=(),
        removed=(),
        stack=(),
        stack_unseen=0,
        collections=(Collection(),) * collections,
        automaton=(),
        turn=0,
        invasion_turns=0,
        player=0,
        step=ACT,
        ender=-1,
        pending=-1,
        pending_slot=-1,
        rng=rng_seed(seed),
    )
    return _deal(empty)


def _deal(state: RodentsState) -> RodentsState:
    """A new invasion: all 18 cards shuffled and dealt; the starting player chosen; in solo, the automaton's turn."""
    players = state.players
    deck, rng = shuffled(state.rng, ALL_CARDS)
    size = HAND_SIZE[players]
    hands = tuple(deck[seat * size : (seat + 1) * size] for seat in range(players))
    dealt = size * players
    field_size = FIELD_SIZE[players]
    field = deck[dealt : dealt + field_size]
    rest = deck[dealt + field_size :]
    if players == 1:
        aside, stack = tuple(sorted(rest[:SOLO_ASIDE])), rest[SOLO_ASIDE:]
        starter = 0
    else:
        aside, stack = tuple(sorted(rest)), ()
        starter, rng = _starting_player(hands, rng)
    state = msgspec.structs.replace(
        state,
        invasion=state.invasion + 1,
        hands=hands,
        hand_seen=tuple((1 << seat,) * size for seat in range(players)),
        field=field,
        field_seen=(0,) * field_size,
        aside=aside,
        removed=(),
        stack=stack,
        stack_unseen=len(stack),
        collections=(Collection(),) * len(state.collections),
        turn=state.turn + 1,
        invasion_turns=0,
        player=starter,
        step=ACT,
        ender=-1,
        pending=-1,
        pending_slot=-1,
        rng=rng,
    )
    return automaton.turn(state) if players == 1 else state


def _starting_player(hands: Sequence[Sequence[int]], rng: int) -> tuple[int, int]:
    """Fewest animals in hand, then fewest adaptations, then drawn from the seed (RULINGS.md 5)."""
    keys = [
        (sum(1 for card in hand if CARDS[card].kind in (RODENT, PREDATOR)), sum(1 for c in hand if c >= 15))
        for hand in hands
    ]
    best = min(keys)
    tied = [seat for seat, key in enumerate(keys) if key == best]
    if len(tied) == 1:
        return tied[0], rng
    index, rng = below(rng, len(tied))
    return tied[index], rng


# ---------------------------------------------------------------------------------------------------------------
# Legal decisions


def is_last_turn(state: RodentsState) -> bool:
    """A turn taken after someone played their last card: it may be passed."""
    return state.ender >= 0 and state.player != state.ender


def targets(card: int, player: int, collections: Sequence[Collection]) -> list[tuple[int, int]]:
    """Where `card` may be played by `player`: (collection, rodent index or NO_TARGET)."""
    kind = CARDS[card].kind
    if kind == RODENT:
        return [(player, NO_TARGET)]
    if kind == PREDATOR:
        return [(to, NO_TARGET) for to in range(len(collections))]
    return [(to, index) for to, collection in enumerate(collections) for index in range(len(collection.rodents))]


# Actions are immutable, so they are made once and shared (legal_actions is the AI's inner loop).
_MAX_HAND: Final = max(HAND_SIZE.values())
_MAX_FIELD: Final = max(FIELD_SIZE.values())
_MAX_RODENTS: Final = len(CARDS)
_SWAPS: Final = {
    (hand, size): tuple(Swap(hand, slot) for slot in range(size))
    for hand in range(_MAX_HAND)
    for size in range(_MAX_FIELD + 1)
}
_PLAYS: Final = {
    (hand, to, rodent): Play(hand, to, rodent)
    for hand in range(_MAX_HAND)
    for to in range(max(PLAYER_COUNTS))
    for rodent in range(NO_TARGET, _MAX_RODENTS)
}
_PLACES: Final = {
    (to, rodent): Place(to, rodent) for to in range(max(PLAYER_COUNTS)) for rodent in range(NO_TARGET, _MAX_RODENTS)
}
_REVEALS: Final = tuple(Reveal(slot) for slot in range(_MAX_FIELD))
# Per card, what decides where it may go: 0 a rodent, 1 a predator, 2 an event.
_KIND_CODE: Final = tuple(
    0 if CARDS[card].kind == RODENT else 1 if CARDS[card].kind == PREDATOR else 2 for card in ALL_CARDS
)
# (step, last turn, player, Field size, kind codes of the hand, rodents per collection) -> the legal actions, and
# among them the plays (a card played: what the playout policy prefers, `legal_and_plays`).
_LEGAL_CACHE: dict[tuple[Any, ...], tuple[tuple[Any, ...], tuple[Any, ...]]] = {}
_LEGAL_CACHE_SIZE: Final = 200_000


def legal_actions(state: RodentsState) -> tuple[Any, ...]:
    return legal_and_plays(state)[0]


def legal_and_plays(state: RodentsState) -> tuple[tuple[Any, ...], tuple[Any, ...]]:
    """The legal actions, and those of them that play a card (Play, Reveal, Place) in the same order: a playout
    prefers them (heuristic.playout_choice), and listing them once per position shape spares its inner loop."""
    step = state.step
    if step <= MORE:
        player = state.player
        # The answer depends only on this shape of the position: looked up, it costs one key (the AI's inner loop).
        key = (
            step,
            state.ender >= 0 and player != state.ender,
            player,
            len(state.field),
            tuple(map(_KIND_CODE.__getitem__, state.hands[player])),
            tuple([len(collection.rodents) for collection in state.collections]),
        )
        found = _LEGAL_CACHE.get(key)
        if found is None:
            if len(_LEGAL_CACHE) > _LEGAL_CACHE_SIZE:
                _LEGAL_CACHE.clear()
            actions = _turn_actions(state)
            found = _LEGAL_CACHE[key] = (actions, tuple(action for action in actions if type(action) is Play))
        return found
    if step == FIELD:
        reveals = _REVEALS[: len(state.field)]
        return (PASS, *reveals), reveals
    if step == PLACE:
        places = tuple(_PLACES[option] for option in targets(state.pending, state.player, state.collections))
        return places, places
    return (), ()


def _turn_actions(state: RodentsState) -> tuple[Any, ...]:
    """A turn's actions: the end of the turn (or a last turn's pass), then per hand card its swaps and plays."""
    player = state.player
    actions: list[Any] = [STOP] if state.step == MORE else [PASS] if is_last_turn(state) else []
    size = len(state.field)
    for position, card in enumerate(state.hands[player]):
        actions.extend(_SWAPS[position, size])
        actions.extend(_PLAYS[position, to, rodent] for to, rodent in targets(card, player, state.collections))
    return tuple(actions)


# ---------------------------------------------------------------------------------------------------------------
# The reducer


def apply(state: RodentsState, action: Any) -> RodentsState:
    _check(state, action)
    return _apply(state, action)


def _apply(state: RodentsState, action: Any) -> RodentsState:
    """`apply` on an action known to be legal: the search's working copy takes its actions from `legal_actions`, so
    checking them again cost it a tenth of its time."""
    kind = type(action)
    step = state.step
    player = state.player
    if kind is Swap:
        hands = list(state.hands)
        seen = list(state.hand_seen)
        hand, hand_seen = list(hands[player]), list(seen[player])
        field, field_seen = list(state.field), list(state.field_seen)
        me = 1 << player
        # Both cards keep who knew them, and the swapper now knows both.
        hand[action.hand], field[action.slot] = field[action.slot], hand[action.hand]
        hand_seen[action.hand], field_seen[action.slot] = field_seen[action.slot] | me, hand_seen[action.hand] | me
        hands[player], seen[player] = tuple(hand), tuple(hand_seen)
        state = msgspec.structs.replace(
            state, hands=tuple(hands), hand_seen=tuple(seen), field=tuple(field), field_seen=tuple(field_seen)
        )
        return _after_action(state, step)
    if kind is Play:
        hands = list(state.hands)
        seen = list(state.hand_seen)
        card = hands[player][action.hand]
        hands[player] = hands[player][: action.hand] + hands[player][action.hand + 1 :]
        seen[player] = seen[player][: action.hand] + seen[player][action.hand + 1 :]
        collections, removed = place(state.collections, state.removed, card, action.to, action.rodent)
        state = msgspec.structs.replace(
            state, hands=tuple(hands), hand_seen=tuple(seen), collections=collections, removed=removed
        )
        return _after_action(state, step)
    if kind is Stop:
        return _end_turn(state)
    if kind is Pass:
        return _end_turn(state) if step == ACT else _score(state)
    if kind is Reveal:
        card = state.field[action.slot]
        field_seen = list(state.field_seen)
        field_seen[action.slot] = (1 << state.players) - 1
        state = msgspec.structs.replace(state, field_seen=tuple(field_seen))
        options = targets(card, player, state.collections)
        if not options:
            return _score(state)  # the card cannot be played: nothing happens
        if len(options) == 1:
            return _score(_place_pending(state, card, action.slot, *options[0]))
        return msgspec.structs.replace(state, step=PLACE, pending=card, pending_slot=action.slot)
    return _score(_place_pending(state, state.pending, state.pending_slot, action.to, action.rodent))


def _place_pending(state: RodentsState, card: int, slot: int, to: int, rodent: int) -> RodentsState:
    """The Field card turned up by the ender goes to `to`; it leaves the Field."""
    collections, removed = place(state.collections, state.removed, card, to, rodent)
    return msgspec.structs.replace(
        state,
        field=state.field[:slot] + state.field[slot + 1 :],
        field_seen=state.field_seen[:slot] + state.field_seen[slot + 1 :],
        collections=collections,
        removed=removed,
        pending=-1,
        pending_slot=-1,
    )


def place(
    collections: tuple[Collection, ...], removed: tuple[int, ...], card: int, to: int, rodent: int
) -> tuple[tuple[Collection, ...], tuple[int, ...]]:
    """Collections and the removed pile after `card` is played to collection `to` (onto `rodent` for an event).

    A predator removes every non-mutated rodent of its habitat in that collection (with its adaptations); rodents
    played there later are safe.
    """
    target = collections[to]
    entry = CARDS[card]
    if entry.kind == RODENT:
        changed = Collection((*target.rodents, Rodent(card)), target.predators)
    elif entry.kind == PREDATOR:
        kept = []
        eaten: list[int] = []
        for one in target.rodents:
            if not one.mutations and habitat(one) == entry.habitat:
                eaten.append(one.card)
                eaten.extend(one.adaptations)
            else:
                kept.append(one)
        changed = Collection(tuple(kept), (*target.predators, card))
        if eaten:
            removed = tuple(sorted(removed + tuple(eaten)))
    else:
        rodents = list(target.rodents)
        old = rodents[rodent]
        if entry.kind == MUTATION:
            rodents[rodent] = Rodent(old.card, (*old.mutations, card), old.adaptations)
        else:
            rodents[rodent] = Rodent(old.card, old.mutations, (*old.adaptations, card))
        changed = Collection(tuple(rodents), target.predators)
    return (*collections[:to], changed, *collections[to + 1 :]), removed


def eaten_by(collection: Collection, predator: int) -> list[Rodent]:
    """The rodents `predator` would remove from `collection`."""
    where = CARDS[predator].habitat
    return [one for one in collection.rodents if not one.mutations and habitat(one) == where]


def _after_action(state: RodentsState, step: Step) -> RodentsState:
    """After a swap or a play: a second action may follow the first, unless the hand is now empty."""
    player = state.player
    if not state.hands[player]:
        if state.players > 1 and state.ender < 0:
            state = msgspec.structs.replace(state, ender=player)
        return _end_turn(state)
    if step == ACT:
        return msgspec.structs.replace(state, step=MORE)
    return _end_turn(state)


def _end_turn(state: RodentsState) -> RodentsState:
    turns = state.invasion_turns + 1
    players = state.players
    if players == 1:
        state = msgspec.structs.replace(state, invasion_turns=turns, step=ACT)
        while True:
            if state.invasion_turns >= SOLO_TURNS:
                return _score(state)
            state = automaton.turn(msgspec.structs.replace(state, turn=state.turn + 1))
            if state.hands[0]:
                return state
            # An empty hand passes: the automaton plays on.
            state = msgspec.structs.replace(state, invasion_turns=state.invasion_turns + 1)
    after = (state.player + 1) % players
    if state.ender >= 0:
        step = FIELD if after == state.ender else ACT
    elif turns >= SAFETY_TURNS_EACH * players:
        return _score(state)
    else:
        step = ACT
    return msgspec.structs.replace(state, invasion_turns=turns, turn=state.turn + 1, player=after, step=step)


def _score(state: RodentsState) -> RodentsState:
    """Score the invasion; then deal the next one, or end the game."""
    scores = tuple(old + new for old, new in zip(state.scores, totals(state.collections), strict=True))
    state = msgspec.structs.replace(state, scores=scores, pending=-1, pending_slot=-1)
    if state.invasion < state.invasions:
        return _deal(state)
    if state.players == 1 or state.invasion >= state.invasions + SAFETY_EXTRA_INVASIONS:
        return msgspec.structs.replace(state, step=OVER)
    if scores.count(max(scores)) > 1:
        return _deal(state)  # a tie at the top: another invasion
    return msgspec.structs.replace(state, step=OVER)


def outcome(state: RodentsState) -> tuple[float, ...]:
    """Solo: 1 with more points than the automaton (a tie is a loss). Else the highest total wins (shared if tied)."""
    if state.step != OVER:
        raise ValueError("the game is not over")
    scores = state.scores
    if state.players == 1:
        return (1.0 if scores[0] > scores[AUTOMATON] else 0.0,)
    best = max(scores)
    winners = scores.count(best)
    return tuple(1.0 / winners if score == best else 0.0 for score in scores)


# ---------------------------------------------------------------------------------------------------------------
# The search's working copy


# How a playout picks among the legal actions and the plays among them (heuristic.playout_choice).
PlayoutChoice = Callable[[Sequence[Any], Sequence[Any], random.Random], Any]


class _WorkingCopy:
    """The search's copy of a position (engine/working.py): the state stays frozen, but the actions are applied
    unchecked and a playout finds the plays among the legal actions already listed."""

    __slots__ = ("choose", "state")

    def __init__(self, state: RodentsState, choose: PlayoutChoice) -> None:
        self.state = state
        self.choose = choose

    def current_player(self) -> int | None:
        state = self.state
        return None if state.step == OVER else state.player

    def legal_actions(self) -> tuple[Any, ...]:
        return legal_actions(self.state)

    def act(self, action: Any) -> None:
        self.state = _apply(self.state, action)

    def playout(self, rng: random.Random, limit: int | None) -> None:
        choose, state = self.choose, self.state
        steps = 0
        while steps != limit and state.step != OVER:
            actions, plays = legal_and_plays(state)
            state = _apply(state, choose(actions, plays, rng))
            steps += 1
        self.state = state

    def freeze(self) -> RodentsState:
        return self.state


def working_copy(state: RodentsState, choose: PlayoutChoice) -> _WorkingCopy:
    """The search's copy of `state`, played out by the game's playout policy `choose`."""
    return _WorkingCopy(state, choose)


# ---------------------------------------------------------------------------------------------------------------
# Checking an action


_ASKING: Final = {
    ACT: "an action: swap or play a hand card",
    MORE: "a second action or the end of the turn",
    FIELD: "the ender's Field play: a Field card, or none",
    PLACE: "where the card from the Field goes",
}


def _check(state: RodentsState, action: Any) -> None:
    """Raise IllegalAction, saying why, unless `action` is one of legal_actions(state)."""
    step = state.step
    check_action(action, RodentsAction)
    if step == OVER:
        raise IllegalAction("the game is over")
    kind = type(action)
    if kind is Swap or kind is Play:
        if step > MORE:
            raise IllegalAction(f"expected {_ASKING[step]}, got {kind.__name__}")
        hand = state.hands[state.player]
        if not 0 <= action.hand < len(hand):
            raise IllegalAction(f"there is no hand card {action.hand + 1} (the hand holds {len(hand)})")
        if kind is Swap:
            if not 0 <= action.slot < len(state.field):
                raise IllegalAction(f"there is no Field card {action.slot + 1} (the Field holds {len(state.field)})")
            return
        card = hand[action.hand]
        if card < 0:
            raise IllegalAction(f"hand card {action.hand + 1} is not known in this view")
        if not _can_go(card, state.player, state.collections, action.to, action.rodent):
            raise IllegalAction(f"the {card_name(card)} cannot be played {_where(action.to, action.rodent)}")
    elif kind is Stop:
        if step != MORE:
            raise IllegalAction("a turn needs at least one action" if step == ACT else f"expected {_ASKING[step]}")
    elif kind is Pass:
        if not (step == FIELD or (step == ACT and is_last_turn(state))):
            raise IllegalAction("only a last turn, after someone played their last card, may be passed")
    elif kind is Reveal:
        if step != FIELD:
            raise IllegalAction(f"expected {_ASKING[step]}, got Reveal")
        if not 0 <= action.slot < len(state.field):
            raise IllegalAction(f"there is no Field card {action.slot + 1} (the Field holds {len(state.field)})")
        if state.field[action.slot] < 0:
            raise IllegalAction(f"Field card {action.slot + 1} is not known in this view")
    elif step != PLACE:
        raise IllegalAction(f"expected {_ASKING[step]}, got Place")
    elif not _can_go(state.pending, state.player, state.collections, action.to, action.rodent):
        raise IllegalAction(f"the {card_name(state.pending)} cannot go {_where(action.to, action.rodent)}")


def _can_go(card: int, player: int, collections: Sequence[Collection], to: int, rodent: int) -> bool:
    """Whether (to, rodent) is one of targets(card, player, collections)."""
    code = _KIND_CODE[card]
    if code == 0:
        return to == player and rodent == NO_TARGET
    if not 0 <= to < len(collections):
        return False
    if code == 1:
        return rodent == NO_TARGET
    return 0 <= rodent < len(collections[to].rodents)


def _where(to: int, rodent: int) -> str:
    """A rodent goes only to its owner's collection; a predator to any; an event onto a rodent."""
    if rodent == NO_TARGET:
        return f"to collection {to + 1}"
    return f"onto rodent {rodent + 1} of collection {to + 1}"
