"""ExoFauna/Duo rules: setup, the legal decisions of each step, and the reducer.

Every rule of the rulebook (exofauna-duo.txt) and of RULINGS.md section 1 is decided in this module.
`apply` copies the state into a mutable `_WorkingCopy`, runs the rules on it, and freezes the result, so the input
state is never changed. Steps with nothing to decide (an instinct with no target, a lost Action, the end-of-turn
draw, resolution) run inside `apply`; every action in a game's log is a real choice of a player.
The search's `working_copy` hook hands out the same `_WorkingCopy`, to walk down its tree and play out many actions
without a copy or a check per action (engine/working.py).
"""

from __future__ import annotations

import random
from bisect import insort
from collections.abc import Sequence
from typing import Any, Final

from exotui.engine.protocol import IllegalAction, check_action
from exotui.engine.rng import seed_state, shuffled
from exotui.games.exofauna.cards import (
    ALL_CARDS,
    BLUE,
    EMPTY,
    GLISSEN,
    KRELL,
    NEIGHBOURS,
    OOMBA,
    ORGANISMS,
    PREDATOR,
    PRIMU,
    RING,
    SPACE_NAMES,
    START_HOLE,
    SWARMING,
    THORNBACK,
    VASHTI,
    YELLOW,
    YIKYIK,
    ZORRIB,
    card_name,
    starting_deck,
)
from exotui.games.exofauna.state import (
    ACTION,
    ADAPT,
    ADAPTATION_ACTIONS,
    DRAW,
    END_DISCARD,
    NO_WINNER,
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
    ExoAction,
    ExoState,
    Hole,
    Lure,
    Mimic,
    Play,
    Scurry,
    Skip,
    Spawn,
    Stalk,
    Step,
    Stop,
    Take,
    Tunnel,
    hole_in,
)

HAND_SIZE: Final = 4
ACTIONS_PER_TURN: Final = 2
HOLES_TO_WIN: Final = 2
QUICK_HOLES_TO_WIN: Final = 1
# [house] Safety limit: after this many turns without a winner the game ends (RULINGS.md).
SAFETY_TURNS: Final = 200

STOP: Final = Stop()
SKIP: Final = Skip()
# Actions are immutable, so the common ones are made once and shared (legal_actions is the AI's inner loop).
# Per card, its plays indexed by slot * RING + space.
_PLAYS: Final = {card: tuple(Play(card, slot, space) for slot in (0, 1) for space in range(RING)) for card in ALL_CARDS}
_TAKES: Final = tuple(Take(space) for space in range(RING))
_DISCARDS: Final = tuple(Discard(card) for card in ALL_CARDS)
_DRAWS: Final = (Draw(0), Draw(1))
_EMPTY_RING: Final = (EMPTY,) * RING


def new_game(seed: int, variant: str | None = None) -> ExoState:
    """Blue (seat 0) starts. Each deck is shuffled from the seed; each player draws 4."""
    rng = seed_state(seed)
    hands = []
    decks = []
    for colour in (BLUE, YELLOW):
        deck, rng = shuffled(rng, starting_deck(colour))
        hands.append(tuple(sorted(deck[:HAND_SIZE])))
        decks.append(deck[HAND_SIZE:])
    return ExoState(
        target=QUICK_HOLES_TO_WIN if variant == "quick" else HOLES_TO_WIN,
        hands=tuple(hands),
        known=((), ()),
        decks=tuple(decks),
        unseen=(len(decks[0]), len(decks[1])),
        holes=(Hole(START_HOLE[BLUE], BLUE, _EMPTY_RING), Hole(START_HOLE[YELLOW], YELLOW, _EMPTY_RING)),
        refill=(-1, -1),
        claimed=((), ()),
        turn=1,
        player=BLUE,
        actions_done=0,
        step=ACTION,
        focus_slot=-1,
        focus_space=-1,
        scavenged=0,
        first_to_target=-1,
        winner=NO_WINNER,
        rng=rng,
    )


# ---------------------------------------------------------------------------------------------------------------
# Legal decisions


def legal_actions(state: ExoState) -> tuple[Any, ...]:
    step = state.step
    if step == ADAPT:
        return (SKIP, *_state_adaptations(state))
    first, second = state.holes
    return tuple(
        _decisions(
            step,
            state.player,
            state.hands[state.player],
            (first.spaces if first else None, second.spaces if second else None),
            state.focus_slot,
            state.focus_space,
            state.decks,
        )
    )


def _decisions(
    step: Step,
    player: int,
    hand: Sequence[int],
    holes: Sequence[Sequence[int] | None],
    focus_slot: int,
    focus_space: int,
    decks: Sequence[Sequence[int]],
) -> list[Any]:
    """The legal decisions of every step but ADAPT, from the parts of a state or of a `_WorkingCopy` (`hand` sorted)."""
    if step == ACTION:
        free = _free_places(holes)
        return [plays[index] for plays in map(_PLAYS.__getitem__, dict.fromkeys(hand)) for index in free]
    if step == TAKE:
        spaces = holes[focus_slot]
        assert spaces is not None
        return [_TAKES[n] for n in NEIGHBOURS[focus_space] if spaces[n] >= 0]
    if step in (PREDATOR_DISCARD, END_DISCARD):
        return [_DISCARDS[card] for card in dict.fromkeys(hand)]
    if step == SWARM:
        return [_DRAWS[deck] for deck in (player, 1 - player) if decks[deck]]
    if step == SCAVENGE:
        return [STOP, *(_DISCARDS[card] for card in dict.fromkeys(hand))]
    return []


def _free_places(holes: Sequence[Sequence[int] | None]) -> list[int]:
    """The free spaces of both holes, as slot * RING + space."""
    return [
        slot * RING + space
        for slot, spaces in enumerate(holes)
        if spaces
        for space, card in enumerate(spaces)
        if card < 0
    ]


def _state_adaptations(state: ExoState) -> list[Any]:
    player = state.player
    spaces = [hole.spaces if hole else None for hole in state.holes]
    return adaptation_options(
        state.focus_slot, state.focus_space, spaces, state.hands[player], state.decks[player], state.decks[1 - player]
    )


def adaptation_options(
    slot: int,
    space: int,
    holes: Sequence[Sequence[int] | None],
    hand: Sequence[int],
    own_deck: Sequence[int],
    other_deck: Sequence[int],
) -> list[Any]:
    """Every way to use the adaptation of the organism at (slot, space) that changes something.

    An adaptation that could do nothing at all is not offered: using it and skipping it are the same.
    """
    here = holes[slot]
    assert here is not None
    there = holes[1 - slot]
    organism = here[space] & 7
    free_next = [n for n in NEIGHBOURS[space] if here[n] < 0]
    if organism == PRIMU:
        return [Ambush(s) for s in range(RING) if s != space and here[s] >= 0]
    if organism == YIKYIK:
        return [Scurry(n) for n in free_next] if own_deck else []
    if organism == OOMBA:
        return [Spawn(card, n) for card in dict.fromkeys(hand) for n in free_next]
    if organism == ZORRIB:
        return [Mimic(n) for n in free_next] if other_deck else []
    if there is None:
        return []
    taken = [s for s in range(RING) if there[s] >= 0]
    if organism == GLISSEN:
        return [Lure(s, to) for s in taken for to in (*free_next, TO_HAND)]
    if organism == KRELL:
        return [Stalk(s) for s in taken]
    if organism == THORNBACK:
        return [Devour(s) for s in taken]
    assert organism == VASHTI
    free_there = [s for s in range(RING) if there[s] < 0]
    return [Tunnel(s, to) for s in range(RING) if here[s] >= 0 for to in free_there]


# ---------------------------------------------------------------------------------------------------------------
# The reducer


def apply(state: ExoState, action: Any) -> ExoState:
    _check(state, action)
    work = _WorkingCopy(state)
    work.act(action)
    return work.freeze()


def claiming(before: ExoState, action: Any, after: ExoState) -> ExoState | None:
    """The game's `interlude`: the position `action` reached as it resolved full holes, each claimed (its card in
    its claimer's play area, `claimed`) with its organisms still around it, before they go to the decks and a new
    hole forms; None when `action` claimed nothing. The rules' own steps, stopped there (`_UntilClaimed`): a hole
    shown claimed is a Hole whose card is EMPTY, its claimer `claimer_of` it, and nobody decides in it."""
    if sum(map(len, after.claimed)) == sum(map(len, before.claimed)):
        return None
    work = _UntilClaimed(before)
    work.act(action)
    return work.freeze()


def claimer_of(spaces: Sequence[int], colour: int) -> int:
    """The seat that claims a full hole of `colour` with these organisms: the colour with more of them, a tie going
    to the hole's colour (rulebook, Resolving)."""
    blue = sum(1 for card in spaces if card >> 3 == BLUE)
    return BLUE if 2 * blue > RING else YELLOW if 2 * blue < RING else colour


def working_copy(state: ExoState) -> _WorkingCopy:
    """The search's mutable copy of `state` (engine/working.py): the rules of `apply`, without copies or checks."""
    return _WorkingCopy(state)


_EXPECTED: Final = {
    ACTION: (Play,),
    TAKE: (Take,),
    PREDATOR_DISCARD: (Discard,),
    SWARM: (Draw,),
    SCAVENGE: (Discard, Stop),
    END_DISCARD: (Discard,),
}
_ASKING: Final = {
    ACTION: "an Action: which card to play where",
    TAKE: "the Predator's choice of a neighbour to take",
    PREDATOR_DISCARD: "the Predator's discard",
    SWARM: "the Swarming draw: which deck",
    SCAVENGE: "the Scavenger's next discard, or stop",
    ADAPT: "whether and how to use the adaptation",
    END_DISCARD: "the end-of-turn discard down to 4",
}


def _check(state: ExoState, action: Any) -> None:
    """Raise IllegalAction, saying why, unless `action` is one of legal_actions(state)."""
    check_action(action, ExoAction)
    step = state.step
    if step == OVER:
        raise IllegalAction("the game is over")
    kind = type(action)
    if step == ADAPT:
        if kind is not Skip and (kind not in ADAPTATION_ACTIONS or action not in _state_adaptations(state)):
            raise IllegalAction(f"{kind.__name__} {_fields(action)} is not a legal choice for this adaptation")
        return
    if kind not in _EXPECTED[step]:
        raise IllegalAction(f"expected {_ASKING[step]}, got {kind.__name__}")
    hand = state.hands[state.player]
    if kind is Play:
        _check_hand(action.card, hand)
        hole = state.holes[action.slot] if action.slot in (0, 1) else None
        if hole is None:
            raise IllegalAction(f"there is no Watering Hole in slot {action.slot + 1}")
        if not 0 <= action.space < RING or hole.spaces[action.space] >= 0:
            raise IllegalAction(f"space {_space_name(action.space)} of hole {action.slot + 1} is not free")
    elif kind is Take:
        spaces = hole_in(state, state.focus_slot).spaces
        if action.space not in NEIGHBOURS[state.focus_space] or spaces[action.space] < 0:
            raise IllegalAction(f"no organism to take at {_space_name(action.space)}, next to the Predator")
    elif kind is Discard:
        _check_hand(action.card, hand)
    elif kind is Draw and (action.deck not in (0, 1) or not state.decks[action.deck]):
        raise IllegalAction(f"deck {action.deck} is empty or does not exist")


def _check_hand(card: int, hand: tuple[int, ...]) -> None:
    if card not in hand:
        raise IllegalAction(f"the {card_name(card)} is not in the player's hand")


def _space_name(space: int) -> str:
    return SPACE_NAMES[space] if 0 <= space < RING else repr(space)


def _fields(action: Any) -> str:
    return ", ".join(f"{name}={getattr(action, name)}" for name in action.__struct_fields__)


class _WorkingCopy:
    """A mutable working copy of one state while `apply` runs the rules on it."""

    __slots__ = (
        "actions_done",
        "claimed",
        "decks",
        "first_to_target",
        "focus_slot",
        "focus_space",
        "hands",
        "hole_cards",
        "hole_colours",
        "holes",
        "known",
        "options",
        "player",
        "refill",
        "rng",
        "scavenged",
        "step",
        "target",
        "turn",
        "unseen",
        "winner",
    )

    def __init__(self, state: ExoState) -> None:
        # Written out per seat and per slot: this runs on every apply, the AI's inner loop.
        hands, known, decks, holes = state.hands, state.known, state.decks, state.holes
        first, second = holes
        self.target = state.target
        # Hands and what is known of them stay sorted, as in a state, so legal_actions need not sort them.
        self.hands = [sorted(hands[0]), sorted(hands[1])]
        self.known = [sorted(known[0]), sorted(known[1])]
        self.decks = [list(decks[0]), list(decks[1])]
        self.unseen = list(state.unseen)
        self.holes = [list(first.spaces) if first else None, list(second.spaces) if second else None]
        self.hole_cards = [first.card if first else EMPTY, second.card if second else EMPTY]
        self.hole_colours = [first.colour if first else EMPTY, second.colour if second else EMPTY]
        self.refill = list(state.refill)
        self.claimed = [list(state.claimed[0]), list(state.claimed[1])]
        self.turn = state.turn
        self.player = state.player
        self.actions_done = state.actions_done
        self.step = state.step
        self.focus_slot = state.focus_slot
        self.focus_space = state.focus_space
        self.scavenged = state.scavenged
        self.first_to_target = state.first_to_target
        self.winner = state.winner
        self.rng = state.rng
        # The decisions of the ADAPT step, worked out when the step is entered (None: not yet worked out).
        self.options: list[Any] | None = None

    # The working-copy interface (engine/working.py).

    def current_player(self) -> int | None:
        return None if self.step == OVER else self.player

    def legal_actions(self) -> list[Any]:
        step = self.step
        if step == ADAPT:
            if self.options is None:
                self.options = self.adaptations()
            return [SKIP, *self.options]
        return _decisions(
            step,
            self.player,
            self.hands[self.player],
            self.holes,
            self.focus_slot,
            self.focus_space,
            self.decks,
        )

    def act(self, action: Any) -> None:
        """Apply one legal decision (checked by `apply`, or taken from `legal_actions` by the search)."""
        step = self.step
        if step == ACTION:
            self.take_from_hand(action.card)
            self.play(action.card, action.slot, action.space)
        elif step == TAKE:
            self.take_from_hole(self.focus_slot, action.space)
            self.predator_discard()
        elif step == PREDATOR_DISCARD:
            self.discard_from_hand(action.card)
            self.after_instinct()
        elif step == SWARM:
            self.to_hand(self.draw_top(action.deck))
            self.after_instinct()
        elif step == SCAVENGE:
            if type(action) is Stop:
                self.scavenger_draw()
            else:
                self.discard_from_hand(action.card)
                self.scavenged += 1
                if not self.hands[self.player]:
                    self.scavenger_draw()
        elif step == ADAPT:
            self.adapt(action)
        else:
            self.discard_from_hand(action.card)
            if len(self.hands[self.player]) <= HAND_SIZE:
                self.next_turn()

    def playout(self, rng: random.Random, limit: int | None) -> None:
        """`engine.working.random_playout`, but an Action is drawn without listing every (card, space) pair: the
        same draw picks the same pair, in legal_actions' order (cards, then places)."""
        random_ = rng.random
        steps = 0
        while steps != limit and self.step != OVER:
            if self.step == ACTION:
                cards = list(dict.fromkeys(self.hands[self.player]))
                free = _free_places(self.holes)
                index = int(random_() * (len(cards) * len(free)))
                self.act(_PLAYS[cards[index // len(free)]][free[index % len(free)]])
            else:
                actions = self.legal_actions()
                self.act(actions[int(random_() * len(actions))])
            steps += 1

    def freeze(self) -> ExoState:
        hands, known, decks, holes, cards, colours = (
            self.hands,
            self.known,
            self.decks,
            self.holes,
            self.hole_cards,
            self.hole_colours,
        )
        first, second = holes
        return ExoState(
            self.target,
            (tuple(hands[0]), tuple(hands[1])),
            (tuple(known[0]), tuple(known[1])),
            (tuple(decks[0]), tuple(decks[1])),
            (self.unseen[0], self.unseen[1]),
            (
                Hole(cards[0], colours[0], tuple(first)) if first is not None else None,
                Hole(cards[1], colours[1], tuple(second)) if second is not None else None,
            ),
            (self.refill[0], self.refill[1]),
            (tuple(self.claimed[0]), tuple(self.claimed[1])),
            self.turn,
            self.player,
            self.actions_done,
            self.step,
            self.focus_slot,
            self.focus_space,
            self.scavenged,
            self.first_to_target,
            self.winner,
            self.rng,
        )

    # Moving cards. The other seat sees every card that enters a hand (deck tops are face up, table cards are
    # public), so it is recorded in `known`; a card leaving a hand leaves `known` first if it can, which never lets
    # the other seat believe more than it saw.

    def to_hand(self, card: int) -> None:
        insort(self.hands[self.player], card)
        insort(self.known[self.player], card)

    def take_from_hand(self, card: int) -> None:
        self.hands[self.player].remove(card)
        known = self.known[self.player]
        if card in known:
            known.remove(card)

    def discard_from_hand(self, card: int) -> None:
        self.take_from_hand(card)
        self.decks[self.player].append(card)

    def draw_top(self, seat: int) -> int:
        if self.unseen[seat]:
            self.unseen[seat] -= 1
        return self.decks[seat].pop(0)

    def take_from_hole(self, slot: int, space: int) -> int:
        spaces = self.holes[slot]
        assert spaces is not None
        card = spaces[space]
        spaces[space] = EMPTY
        self.to_hand(card)
        return card

    # An Action and its chain.

    def play(self, card: int, slot: int, space: int) -> None:
        """Put `card` at a free space and start its instinct (an Action, or a play made by an adaptation)."""
        spaces = self.holes[slot]
        assert spaces is not None
        spaces[space] = card
        self.focus_slot = slot
        self.focus_space = space
        instinct = ORGANISMS[card & 7].instinct
        if instinct == PREDATOR:
            if any(spaces[n] >= 0 for n in NEIGHBOURS[space]):
                self.step = TAKE
            else:
                self.predator_discard()
        elif instinct == SWARMING:
            if self.decks[0] or self.decks[1]:
                self.step = SWARM
            else:
                self.after_instinct()
        else:
            self.scavenged = 0
            if self.hands[self.player]:
                self.step = SCAVENGE
            else:
                self.scavenger_draw()

    def predator_discard(self) -> None:
        if self.hands[self.player]:
            self.step = PREDATOR_DISCARD
        else:
            self.after_instinct()

    def scavenger_draw(self) -> None:
        deck = self.decks[self.player]
        for _ in range(self.scavenged + 1):
            if not deck:
                break
            self.to_hand(self.draw_top(self.player))
        self.scavenged = 0
        self.after_instinct()

    def after_instinct(self) -> None:
        """Offer the adaptation if the played organism is the only one of its name at its hole."""
        spaces = self.holes[self.focus_slot]
        assert spaces is not None
        organism = spaces[self.focus_space] & 7
        alone = [card & 7 for card in spaces if card >= 0].count(organism) == 1
        options = self.adaptations() if alone else None
        if options:
            self.step = ADAPT
            # Kept for legal_actions: the search asks for them next.
            self.options = options
        else:
            self.end_of_action()

    def adaptations(self) -> list[Any]:
        hands, decks, player = self.hands, self.decks, self.player
        return adaptation_options(
            self.focus_slot, self.focus_space, self.holes, hands[player], decks[player], decks[1 - player]
        )

    def adapt(self, action: Any) -> None:
        kind = type(action)
        slot = self.focus_slot
        here = self.holes[slot]
        there = self.holes[1 - slot]
        assert here is not None
        if kind is Scurry:
            self.play(self.draw_top(self.player), slot, action.space)
            return
        if kind is Spawn:
            self.take_from_hand(action.card)
            self.play(action.card, slot, action.space)
            return
        if kind is Mimic:
            self.play(self.draw_top(1 - self.player), slot, action.space)
            return
        if kind is Ambush:
            self.decks[self.player].append(here[action.space])
            here[action.space] = EMPTY
        elif kind is not Skip:
            assert there is not None
            if kind is Lure:
                if action.to == TO_HAND:
                    self.take_from_hole(1 - slot, action.space)
                else:
                    here[action.to] = there[action.space]
                    there[action.space] = EMPTY
            elif kind is Stalk:
                here[self.focus_space], there[action.space] = there[action.space], here[self.focus_space]
            elif kind is Devour:
                self.take_from_hole(1 - slot, action.space)
            else:
                there[action.to] = here[action.space]
                here[action.space] = EMPTY
        self.end_of_action()

    def end_of_action(self) -> None:
        """The Action and its whole chain are done: resolve full holes (slot 1 first), then go on."""
        self.focus_slot = self.focus_space = -1
        first, second = self.holes
        # Written out per slot: this runs after every Action of the search's playouts.
        full_first = first is not None and EMPTY not in first
        full_second = second is not None and EMPTY not in second
        if full_first:
            self.claim(0)
        if full_second:
            self.claim(1)
        self.after_claims(full_first, full_second)

    def after_claims(self, full_first: bool, full_second: bool) -> None:
        """The claimed holes (full, per slot) are cleared and replaced, the Action counted, and the turn goes on.
        Claiming is done first for both holes so that `claiming` can stop here (`_UntilClaimed`): a claim changes
        no deck and no other hole, so the rules' order (each hole claimed, cleared and replaced, then the next) is
        kept."""
        if full_first:
            self.clear(0)
        if full_second:
            self.clear(1)
        holes = self.holes
        if holes[0] is None:
            self.form_hole(0)
        if holes[1] is None:
            self.form_hole(1)
        self.actions_done += 1
        self.next_action()

    def next_action(self) -> None:
        """Ask for the next Action; an Action that cannot play a card is lost."""
        while self.actions_done < ACTIONS_PER_TURN:
            first, second = self.holes
            if self.hands[self.player] and (
                (first is not None and EMPTY in first) or (second is not None and EMPTY in second)
            ):
                self.step = ACTION
                return
            self.actions_done += 1
        self.end_turn()

    def claim(self, slot: int) -> None:
        """Resolving the full hole in `slot`, first: its claimer moves the hole's card to their play area (the hole
        keeps its colour and its organisms, and its card is EMPTY, until `clear`), and the non-claimer's deck is
        the one to form the next hole there."""
        spaces = self.holes[slot]
        assert spaces is not None
        claimer = claimer_of(spaces, self.hole_colours[slot])
        self.claimed[claimer].append(self.hole_cards[slot])
        self.hole_cards[slot] = EMPTY
        if self.first_to_target < 0 and len(self.claimed[claimer]) >= self.target:
            self.first_to_target = claimer
        self.refill[slot] = 1 - claimer

    def clear(self, slot: int) -> None:
        """Resolving the claimed hole in `slot`, then: each player's organisms go to the bottom of that player's
        deck in ring order, and a new hole forms."""
        spaces = self.holes[slot]
        assert spaces is not None
        for card in spaces:
            self.decks[card >> 3].append(card)
        self.holes[slot] = None
        self.hole_colours[slot] = EMPTY
        self.form_hole(slot)

    def form_hole(self, slot: int) -> None:
        """Turn the top card of the non-claimer's deck (else the other deck) into a new hole in `slot`."""
        first = self.refill[slot]
        for seat in (first, 1 - first):
            if self.decks[seat]:
                card = self.draw_top(seat)
                self.holes[slot] = list(_EMPTY_RING)
                self.hole_cards[slot] = card
                self.hole_colours[slot] = card >> 3
                self.refill[slot] = -1
                return

    def end_turn(self) -> None:
        # The win check comes first: the end-of-turn draw or discard cannot change who claimed what.
        if self.first_to_target >= 0:
            self.finish(self.first_to_target)
            return
        hand = self.hands[self.player]
        while len(hand) < HAND_SIZE and self.decks[self.player]:
            self.to_hand(self.draw_top(self.player))
        if len(hand) > HAND_SIZE:
            self.step = END_DISCARD
        else:
            self.next_turn()

    def next_turn(self) -> None:
        if self.turn >= SAFETY_TURNS:
            self.finish(self.safety_winner())
            return
        self.turn += 1
        self.player = 1 - self.player
        self.actions_done = 0
        self.next_action()

    def safety_winner(self) -> int:
        """[house] More claimed holes wins, then more organisms of one's colour in play, else a draw."""
        claims = len(self.claimed[BLUE]) - len(self.claimed[YELLOW])
        if claims:
            return BLUE if claims > 0 else YELLOW
        cards = [card for spaces in self.holes if spaces is not None for card in spaces if card >= 0]
        in_play = sum(1 if card >> 3 == BLUE else -1 for card in cards)
        if in_play:
            return BLUE if in_play > 0 else YELLOW
        return DRAW

    def finish(self, winner: int) -> None:
        self.winner = winner
        self.step = OVER
        self.focus_slot = self.focus_space = -1


class _UntilClaimed(_WorkingCopy):
    """The working copy that stops an Action's end once its full holes are claimed (`claiming`)."""

    __slots__ = ()

    def after_claims(self, full_first: bool, full_second: bool) -> None:
        pass
