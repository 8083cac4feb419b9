"""Properties of Endless Forms over many random games (hypothesis draws the seeds, engine.conformance plays them); what
every game must satisfy (no mutation, the replay, views and the truths dealt from them, apply accepting exactly the
legal actions) is checked for all of them by tests/engine/test_games_conform.py."""

from __future__ import annotations

import random
from collections import Counter

import msgspec
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from exotui.engine.conformance import positions
from exotui.games import get
from exotui.games.endless.cards import HIDDEN
from exotui.games.endless.mutable import ROOM, ROW
from exotui.games.endless.rules import TURNS
from exotui.games.endless.state import EndlessState, Phase, RevealAt, Step
from exotui.games.endless.view import SEAT_NAMES, public_cards

pytestmark = pytest.mark.slow

GAME = get("endless")
seeds = st.integers(min_value=0, max_value=2**63)
# The count: 1,000 random games, checked at every step.
many = settings(max_examples=1000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
some = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def cards_everywhere(state: EndlessState) -> Counter[int]:
    """Hands, decks, habitat decks, face-down events and every public place: where the 100 cards can be."""
    where: Counter[int] = Counter(public_cards(state))
    for group in (state.hands, state.decks, state.habitat_decks):
        for cards in group:
            where.update(cards)
    where.update(card for card in state.events if card >= 0)
    return where


@many
@given(seed=seeds)
def test_every_random_game_keeps_the_100_cards_and_the_limits_and_ends_after_16_turns(seed):
    steps = positions(GAME, seed, 2)
    for state, _ in steps:
        assert cards_everywhere(state) == Counter(range(100))
        assert len(state.habitats) in (0, ROW)
        for side in state.species:
            for position in range(ROW):
                assert sum(1 for sp in side if sp.habitat == position) <= ROOM
            assert all(sp.population >= 0 for sp in side)
        assert 0 <= state.turn <= TURNS
    final = steps[-1][0]
    assert final.turn == TURNS and GAME.is_over(final)
    assert sum(GAME.outcome(final)) == 1.0


@some
@given(seed=seeds)
def test_the_view_hides_hands_events_decks_and_the_generator_and_determinize_fits_it(seed):
    rng = random.Random(seed)
    for state, _ in positions(GAME, seed, 2)[:-1:3]:
        seat = GAME.current_player(state)
        other = 1 - seat
        seen = GAME.view(state, seat)
        assert seen.rng == 0 and seen.hands[seat] == state.hands[seat]
        assert set(seen.decks[seat]) <= {HIDDEN} and set(seen.habitat_decks[other]) <= {HIDDEN}
        assert seen.hands[other].count(HIDDEN) == len(state.hands[other]) - len(state.known[other])
        assert seen.events[other] in (HIDDEN, -1)
        guess = GAME.determinize(seen, seat, rng)
        assert cards_everywhere(guess) == Counter(range(100))
        assert GAME.legal_actions(guess) == GAME.legal_actions(state)


@some
@given(seed=seeds)
def test_no_two_legal_actions_describe_alike(seed):
    for state, _ in positions(GAME, seed, 2)[:-1]:
        sentences = [GAME.describe(state, action) for action in GAME.legal_actions(state)]
        assert len(set(sentences)) == len(sentences), sentences


@some
@given(seed=seeds)
def test_every_answer_in_a_list_says_who_acts_first(seed):
    """An option list read line by line: each answer starts with the seat that acts, so no line can be taken for
    another actor's, whatever the prompt leaves out of a long line (issue 23)."""
    for state, _ in positions(GAME, seed, 2)[:-1:2]:
        who = SEAT_NAMES[GAME.current_player(state)]
        for action in GAME.legal_actions(state):
            assert GAME.describe(state, action).startswith(who), GAME.describe(state, action)


# The length of each step's tasks (state.py's shapes; PHASE's two are told apart by length).
LENGTHS = {
    **dict.fromkeys((Step.ASK_MULLIGAN, Step.ASK_DEPLOY, Step.ASK_EXERT, Step.ASK_MOVE, Step.CHECK_ZERO), (2,)),
    **dict.fromkeys((Step.ASK_REVEAL, Step.ASK_HOT_FOOT, Step.ASK_WILDFIRE, Step.WILDFIRE_TURN), (4,)),
    **dict.fromkeys((Step.ASK_PATHOGEN, Step.PREDATION), (3,)),
    **dict.fromkeys((Step.WINDOW, Step.PATHOGENS, Step.END_TURN, Step.TURN), (1,)),
    Step.PHASE: (2, 3),
    Step.RESOLVE: (5,),
    Step.DEPLOYMENT: (6,),
}


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=seeds)
def test_every_state_names_its_phase_and_steps_and_a_save_holds_their_numbers(seed):
    # A failing test prints Phase.DEPLOY and (<Step.ASK_REVEAL: 4>, 0, <RevealAt.WINDOW: 0>, -1), not 2 and
    # (4, 0, 0, -1); the bytes are those of the bare ints, so saves, state hashes and the wire did not change.
    for state, _ in positions(GAME, seed, 2):
        assert type(state.phase) is Phase, repr(state.phase)
        for task in state.tasks:
            assert type(task[0]) is Step and len(task) in LENGTHS[task[0]], state.tasks
            assert task[0] != Step.PHASE or type(task[1]) is Phase, state.tasks
            assert task[0] != Step.ASK_REVEAL or type(task[2]) is RevealAt, state.tasks
        data = msgspec.msgpack.encode(state)
        assert data == msgspec.msgpack.encode(msgspec.to_builtins(state))
        decoded = msgspec.msgpack.decode(data, type=EndlessState)
        assert decoded == state and type(decoded.phase) is Phase
