"""Properties of Cryptid over thousands of random games (hypothesis draws the seeds, engine.conformance plays them:
uniformly random legal actions, so odd decisions, hints and relocations come up); what every game must satisfy (no
mutation, the replay, views and the truths dealt from them, apply accepting exactly the legal actions) is checked
for all of them by tests/engine/test_games_conform.py, over every player count and variant."""

from __future__ import annotations

import random

import msgspec
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from exotui.engine.conformance import positions
from exotui.games.cryptid import rules
from exotui.games.cryptid.board import clue_masks
from exotui.games.cryptid.game import GAME
from exotui.games.cryptid.puzzle import is_puzzle
from exotui.games.cryptid.rules import colours_of
from exotui.games.cryptid.state import HIDDEN, OVER, CryptidState, Relocate, Search, Step
from exotui.games.cryptid.view import deduce

pytestmark = pytest.mark.slow

seeds = st.integers(min_value=0, max_value=2**63)
variants = st.sampled_from([None, "advanced"])
# The count: 1,000 random games per player count (about 15 s each on the shared 2-core machine).
many = settings(max_examples=1000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
some = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
PLAYERS = [2, 3, 4, 5]


def check_pieces(state: CryptidState, before: CryptidState | None) -> None:
    masks = clue_masks(state.board)
    every_cube = 0
    cube_masks, disc_masks = rules.cube_masks(state), rules.disc_masks(state)
    previous = (rules.cube_masks(before), rules.disc_masks(before)) if before is not None else None
    for colour, clue in enumerate(state.clues):
        cubes, discs = cube_masks[colour], disc_masks[colour]
        assert not every_cube & cubes, "a space holds two cubes"
        every_cube |= cubes
        assert not discs & ~masks[clue], "a disc where its clue rules the habitat out"
        assert not cubes & masks[clue], "a cube where its clue allows the habitat"
        assert state.cubes[colour] == tuple(sorted(set(state.cubes[colour])))
        if previous is not None:
            old_cubes, old_discs = previous[0][colour], previous[1][colour]
            assert old_cubes & ~cubes == 0 and old_discs & ~discs == 0, "a piece left the map"
            added = (cubes & ~old_cubes).bit_count() + (discs & ~old_discs).bit_count()
            assert added <= 1, "a colour placed two pieces in one decision"
    assert not every_cube >> state.habitat & 1, "a cube on the habitat"
    if previous is not None:
        old_cubed = 0
        for mask in previous[0]:
            old_cubed |= mask
        for colour in range(len(state.clues)):
            new = (cube_masks[colour] | disc_masks[colour]) & ~(previous[0][colour] | previous[1][colour])
            assert not new & old_cubed, "a piece placed on a space that held a cube"


@pytest.mark.parametrize("players", PLAYERS)
@many
@given(seed=seeds, variant=variants)
def test_pieces_keep_the_limits_answers_agree_with_the_clues_and_the_habitat_is_found(players, seed, variant):
    steps = positions(GAME, seed, players, variant)
    before = None
    for state, _ in steps:
        check_pieces(state, before)
        before = state
    final = steps[-1][0]
    assert final.step == OVER
    last_state, last_action = steps[-2]
    assert type(last_action) in (Search, Relocate)
    assert final.winner == last_state.player
    assert last_state.target == final.habitat or getattr(last_action, "space", None) == final.habitat
    for colour in range(len(final.clues)):
        assert final.habitat in final.discs[colour], "someone did not answer the winning search with a disc"


@pytest.mark.parametrize("players", PLAYERS)
@some
@given(seed=seeds, variant=variants, pick=st.randoms(use_true_random=False))
def test_views_hide_exactly_the_other_clues_and_determinize_agrees_with_everything_public(players, seed, variant, pick):
    steps = positions(GAME, seed, players, variant)
    for state, _ in pick.sample(steps[:-1], min(4, len(steps) - 1)):
        for seat in range(players):
            seen = GAME.view(state, seat)
            own = colours_of(players, seat)
            assert [clue == HIDDEN for clue in seen.clues] == [c not in own for c in range(len(state.clues))]
            assert (seen.cubes, seen.discs) == (state.cubes, state.discs)
            deduction = deduce(seen)
            truth = tuple(state.clues[colour] for colour in deduction.unknown)
            assert all(clue in options for clue, options in zip(truth, deduction.candidates, strict=True))
            if deduction.options is not None:
                assert truth in deduction.options, "the true clues are not among the assignments deduction keeps"
            full = GAME.determinize(seen, seat, random.Random(seed))
            assert is_puzzle(clue_masks(full.board), full.clues)
            check_pieces(full, None)


@pytest.mark.parametrize("players", PLAYERS)
@some
@given(seed=seeds, variant=variants)
def test_every_decision_can_be_described(players, seed, variant):
    for state, action in positions(GAME, seed, players, variant)[:-1]:
        assert GAME.describe(state, action)


def test_determinize_deals_the_hidden_clues_uniformly_among_the_puzzles_deduction_keeps():
    # A two-player game a few turns in, where deduction keeps a handful of puzzles for the opponent's clues.
    options = None
    for seed in range(200):
        steps = positions(GAME, seed, 2)
        for state, _ in steps[6:-1]:
            seat = GAME.current_player(state)
            deduction = deduce(GAME.view(state, seat))
            options = deduction.options
            if options is not None and 4 <= len(options) <= 12 and state.step == Step.TURN:
                break
        else:
            continue
        break
    assert options is not None and 4 <= len(options) <= 12, "no random game kept a handful of puzzles"
    seen = GAME.view(state, seat)
    rng = random.Random(7)
    draws = 3000
    counts = dict.fromkeys(options, 0)
    for _ in range(draws):
        full = GAME.determinize(seen, seat, rng)
        counts[tuple(full.clues[colour] for colour in deduction.unknown)] += 1
    expected = draws / len(options)
    # Binomial spread: 4.5 standard deviations either side fails a uniform sampler about once in 50,000 runs.
    spread = 4.5 * (expected * (1 - 1 / len(options))) ** 0.5
    assert all(abs(count - expected) < spread for count in counts.values()), counts


@pytest.mark.parametrize("players", PLAYERS)
@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=seeds, variant=variants)
def test_every_state_names_its_step_and_a_save_holds_its_number(players, seed, variant):
    # A failing test prints Step.RELOCATE, not 2; the bytes are those of the bare int, so saves did not change.
    for state, _ in positions(GAME, seed, players, variant):
        assert type(state.step) is Step, repr(state.step)
        data = msgspec.msgpack.encode(state)
        assert data == msgspec.msgpack.encode(msgspec.structs.replace(state, step=int(state.step)))
        assert type(msgspec.msgpack.decode(data, type=CryptidState).step) is Step
