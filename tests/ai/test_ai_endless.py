"""The AI on Endless Forms: it only uses what its seat may know, and it plays its hooks' advice."""

from __future__ import annotations

import random
from typing import Any

import pytest

from endless_builders import NORTH, SOUTH, card, position, species
from exotui import games
from exotui.ai.mcts import SearchConfig, root_actions, search
from exotui.ai.players import MctsPlayer
from exotui.games.endless import rules
from exotui.games.endless.heuristic import evaluate, rollout_action
from exotui.games.endless.state import ASK_REVEAL, EXERT, Exert, Pass
from honesty import assert_same_decision, random_positions

GAME = games.get("endless")


@pytest.mark.parametrize("state", random_positions(GAME, range(5), (10, 70)), ids=lambda s: f"turn{s.turn}")
def test_same_view_different_hidden_cards_and_generator_same_decision(state: Any) -> None:
    # The other hand and event, the deck orders and the generator dealt anew: another truth behind the same view.
    assert_same_decision(GAME, state, lambda truth: (truth.hands, truth.decks, truth.rng), "mcts:it=120")


def test_evaluate_prefers_the_seat_with_more_population_and_sums_to_one() -> None:
    state = random_positions(GAME, range(5, 6), (10, 70))[0]
    north, south = evaluate(state)
    assert north + south == pytest.approx(1.0)
    assert 0.0 < north < 1.0


def test_a_working_copy_plays_whole_games_as_apply_does_mulligans_included() -> None:
    # A working copy's hand is in the order drawn, the frozen state's sorted: a second mulligan shuffled them apart.
    for seed in range(4):
        state = GAME.new_game(seed, 2)
        work = GAME.working_copy(state)
        chooser = random.Random(seed)
        while GAME.current_player(state) is not None:
            assert tuple(work.legal_actions()) == tuple(GAME.legal_actions(state))
            action = GAME.rollout_action(state, GAME.legal_actions(state), chooser)
            state = GAME.apply(state, action)
            work.act(action)
            assert work.freeze() == state
        assert work.current_player() is None


def test_a_playout_cut_counts_decisions_and_not_passes_at_reveal_windows() -> None:
    # Holders of a face-down event are asked at every window: a cut counting their passes ended most playouts before
    # anything happened on the table.
    passed = 0
    for state in random_positions(GAME, range(40), (10, 200)):
        chosen: list[Any] = []

        def policy(t: Any, actions: Any, rng: random.Random, chosen: list[Any] = chosen) -> Any:
            chosen.append(rollout_action(t, actions, rng))
            return chosen[-1]

        work = rules.working_copy(state, policy)
        work.playout(random.Random(0), 4)
        decisions = [action for action in chosen if type(action) is not Pass]
        assert len(decisions) == 4 or work.current_player() is None
        if chosen and type(chosen[-1]) is Pass:
            assert work.current_player() is None
        passed += len(chosen) - len(decisions)
    assert passed > 0


def test_evaluate_agrees_before_and_after_an_exertion_it_projected() -> None:
    # The projection counts this turn's exertion until it happens, so the search's leaves, judged before or after
    # it, agree (it counted the whole turn again after the exertion, and so judged exerting first a gain).
    checked = 0
    for seed in range(12):
        chooser = random.Random(seed)
        state = GAME.new_game(seed, 2)
        while GAME.current_player(state) is not None:
            action = chooser.choice(GAME.legal_actions(state))
            after = GAME.apply(state, action)
            if (
                type(action) is Exert
                and action.prey < 0
                and after.phase == EXERT
                and after.turn == state.turn
                and after.events == state.events
            ):
                assert evaluate(after) == pytest.approx(evaluate(state))
                checked += 1
            state = after
    assert checked >= 20


def test_playouts_prey_on_the_other_seats_species_when_they_can() -> None:
    coyote = card("North Coyote")
    own, other = Exert(coyote, card("North Chihuahuan Raven")), Exert(coyote, card("South Chihuahuan Raven"))
    rng = random.Random(1)
    assert {rollout_action(None, [own, other], rng) for _ in range(200)} == {other}
    assert rollout_action(None, [own], rng) == own


def test_a_reveal_window_is_decided_without_a_search_whatever_the_event() -> None:
    # Every holder of an event is asked at every window: a search there would make turns crawl, and its time would
    # tell the other seat whether the event can be revealed now (issue 23).
    board = [species("North Oryx", 0, 3), species("South Coyote", 1, 3)]
    for event in ("South Drought", "South Conservation Effort"):
        state = position(board=board, events=("", event), windows=True)
        assert state.tasks[-1][:2] == (ASK_REVEAL, SOUTH)
        view = GAME.view(state, SOUTH)
        assert len(root_actions(GAME, view, SOUTH)) == 1
        result = search(GAME, view, SOUTH, SearchConfig(seconds=1.0))
        assert result.iterations == 0


def test_species_with_nothing_to_choose_exert_without_a_search() -> None:
    board = [species("North Oryx", 0, 3), species("North Coyote", 1, 3), species("South Oryx", 1, 3)]
    state = position(board=board, phase=EXERT)
    actions = GAME.legal_actions(state)
    assert len(actions) >= 2
    assert root_actions(GAME, GAME.view(state, NORTH), NORTH) == [Exert(card("North Oryx"))]


def test_easy_plays_a_beginners_move_on_a_share_of_its_decisions() -> None:
    """With the search's draw alone easy was too close to normal (docs/strength.md, session 7): it now plays the
    playout policy, without searching, on about 30% of its decisions, and searches the others."""
    state = random_positions(GAME, range(5, 6), (10, 70))[0]
    seat = GAME.current_player(state)
    assert seat is not None
    view = GAME.view(state, seat)
    easy = MctsPlayer("easy", SearchConfig(iterations=20), 1, easy=True)
    results = [easy.decide(GAME, view, seat) for _ in range(60)]
    unsearched = sum(result.iterations == 0 for result in results)
    assert 8 <= unsearched <= 30
    legal = GAME.legal_actions(view)
    assert all(result.action in legal for result in results)
