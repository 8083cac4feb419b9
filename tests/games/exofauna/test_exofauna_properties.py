"""Properties of ExoFauna/Duo over thousands of random games (hypothesis draws the seeds and the choices); what every
game must satisfy (no mutation, the replay) is checked for all of them by tests/engine/test_games_conform.py."""

from __future__ import annotations

import random
from collections import Counter

import msgspec
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from exofauna_builders import organisms_everywhere
from exotui.engine.conformance import positions, random_game
from exotui.engine.protocol import IllegalAction
from exotui.games import get
from exotui.games.exofauna.cards import ALL_CARDS, COPIES, HIDDEN, RING
from exotui.games.exofauna.rules import SAFETY_TURNS
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
    Step,
    Stop,
    Take,
    Tunnel,
)

pytestmark = pytest.mark.slow

GAME = get("exofauna")
seeds = st.integers(min_value=0, max_value=2**63)
variants = st.sampled_from([None, "quick"])
many = settings(max_examples=2000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
some = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@many
@given(seed=seeds, variant=variants)
def test_every_random_game_keeps_the_cards_and_limits_and_ends(seed, variant):
    steps = random_game(GAME, seed, 2, variant)
    final = steps[-1].after
    for state, action in [(step.before, step.action) for step in steps] + [(final, None)]:
        where = organisms_everywhere(state)
        assert all(where[card] == COPIES for card in ALL_CARDS), where
        assert sum(where.values()) == len(ALL_CARDS) * COPIES + 2, "plus the two starting hole cards"
        assert where[16] + where[17] == 2
        for hole in state.holes:
            assert hole is None or len(hole.spaces) == RING
        assert state.turn <= SAFETY_TURNS
        if action is not None:
            assert GAME.current_player(state) == state.player
            assert action in GAME.legal_actions(state)
    assert GAME.is_over(final) and GAME.current_player(final) is None
    outcome = GAME.outcome(final)
    assert sum(outcome) == 1.0 and set(outcome) <= {0.0, 0.5, 1.0}
    if outcome != (0.5, 0.5):
        winner = outcome.index(1.0)
        assert len(final.claimed[winner]) >= final.target or final.turn == SAFETY_TURNS


@some
@given(seed=seeds, variant=variants, sample_seed=st.integers(0, 2**32))
def test_view_hides_exactly_the_hidden_and_determinize_agrees_with_it(seed, variant, sample_seed):
    sampler = random.Random(sample_seed)
    for state, _, _ in random_game(GAME, seed, 2, variant)[::3]:
        for seat in (0, 1):
            other = 1 - seat
            seen = GAME.view(state, seat)
            assert seen.rng == 0
            assert seen.hands[seat] == state.hands[seat]
            hidden_in_hand = seen.hands[other].count(HIDDEN)
            assert hidden_in_hand == len(state.hands[other]) - len(state.known[other])
            assert Counter(card for card in seen.hands[other] if card != HIDDEN) == Counter(state.known[other])
            for deck, shown, unseen in zip(state.decks, seen.decks, state.unseen, strict=True):
                assert shown[:1] == deck[:1], "deck tops are face up"
                assert shown[1:unseen] == (HIDDEN,) * max(0, unseen - 1)
                assert shown[max(unseen, 1) :] == deck[max(unseen, 1) :], "discards at the bottom are public"
            sample = GAME.determinize(seen, seat, sampler)
            assert GAME.view(sample, seat) == seen
            assert HIDDEN not in (card for cards in (*sample.hands, *sample.decks) for card in cards)
            assert organisms_everywhere(sample) == organisms_everywhere(state)
            if seat == state.player:
                assert GAME.legal_actions(seen) == GAME.legal_actions(state)


def test_an_interlude_shows_a_seat_nothing_that_its_views_before_and_after_the_claim_do_not():
    """The game's interlude (a claim as it was resolved) reaches every table in a seat's view: each truth a seat
    cannot tell from the real one before a claiming decision and after it gives an interlude that looks the same
    to the seat, so the claim's position reveals no hidden card."""
    sampler = random.Random(5)
    checked = [0, 0]
    for seed in range(30):
        for before, action, after in random_game(GAME, seed, 2, None):
            between = GAME.interlude(before, action, after)
            if between is None:
                continue
            for seat in (0, 1):
                seen = GAME.view(between, seat)
                assert seen.hands[1 - seat].count(HIDDEN) == len(between.hands[1 - seat]) - len(between.known[1 - seat])
                for _ in range(4):
                    twin = GAME.determinize(GAME.view(before, seat), seat, sampler)
                    # The other seat's decision may name a card this twin does not hold.
                    if action not in GAME.legal_actions(twin):
                        continue
                    twin_after = GAME.apply(twin, action)
                    if GAME.view(twin_after, seat) != GAME.view(after, seat):
                        continue
                    assert GAME.view(GAME.interlude(twin, action, twin_after), seat) == seen
                    checked[seat == before.player] += 1
    assert min(checked) > 50, checked


def _candidates(state: ExoState) -> list[object]:
    """A broad sample of well-formed actions, legal or not, for this state."""
    cards = range(-1, 17)
    spaces = range(-1, 9)
    return [
        *(Play(card, slot, space) for card in cards for slot in (-1, 0, 1, 2) for space in spaces),
        *(Take(space) for space in spaces),
        *(Discard(card) for card in cards),
        Draw(0),
        Draw(1),
        Draw(2),
        Stop(),
        Skip(),
        *(kind(space) for kind in (Ambush, Scurry, Mimic, Stalk, Devour) for space in spaces),
        *(Lure(space, to) for space in range(8) for to in (TO_HAND, *range(8))),
        *(Spawn(card, space) for card in range(16) for space in range(8)),
        *(Tunnel(space, to) for space in range(8) for to in range(8)),
    ]


@settings(max_examples=40, deadline=None)
@given(seed=seeds)
def test_apply_accepts_exactly_the_legal_actions(seed):
    for state, _, _ in random_game(GAME, seed, 2)[::7]:
        legal = set(GAME.legal_actions(state))
        assert len(legal) == len(GAME.legal_actions(state)), "no duplicates"
        for action in _candidates(state):
            try:
                GAME.apply(state, action)
            except IllegalAction:
                assert action not in legal, action
            else:
                assert action in legal, action


@settings(max_examples=300, deadline=None)
@given(seed=seeds)
def test_every_action_can_be_described(seed):
    for state, action, _ in random_game(GAME, seed, 2):
        sentence = GAME.describe(state, action)
        assert sentence.startswith(("Blue", "Yellow")) and sentence.endswith(".")
        assert "hidden" not in sentence


@given(seed=st.integers(min_value=0, max_value=2**63))
@settings(max_examples=20, deadline=None)
def test_every_state_names_its_step_and_a_save_holds_its_number(seed):
    # A failing test prints Step.ADAPT, not 5; the bytes are those of the bare int, so saves did not change.
    for state, _ in positions(GAME, seed, 2):
        assert type(state.step) is Step, repr(state.step)
        data = msgspec.msgpack.encode(state)
        assert data == msgspec.msgpack.encode(msgspec.structs.replace(state, step=int(state.step)))
        assert type(msgspec.msgpack.decode(data, type=ExoState).step) is Step
