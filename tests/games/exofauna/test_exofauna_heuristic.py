"""ExoFauna's evaluation: weights read from data, values that are chances, alike from either seat."""

from __future__ import annotations

import json
import math

import pytest

from exotui.games.exofauna import heuristic
from exotui.games.exofauna.game import GAME
from exotui.games.exofauna.state import ExoState, Hole
from honesty import random_positions


def positions() -> list[ExoState]:
    return random_positions(GAME, range(40), (0, 120))


def test_the_weights_are_the_file_s_with_the_command_that_refits_them() -> None:
    data = json.loads(heuristic.WEIGHTS_PATH.read_text())
    assert tuple(data["features"]) == heuristic.FEATURES
    assert tuple(data["weights"]) == heuristic.WEIGHTS
    assert data["refit"].startswith("python -m exotui.ai.fit exofauna") or data["refit"].startswith("hand-written")


@pytest.mark.parametrize("weights", [heuristic.WEIGHTS, (2.3, 0.45, 0.75)])
def test_the_evaluation_is_the_logistic_of_the_weighted_difference_of_features(
    weights: tuple[float, ...], monkeypatch: pytest.MonkeyPatch
) -> None:
    # The evaluation computes the difference in one pass, for speed: it must be the features' (every weight used).
    monkeypatch.setattr(heuristic, "WEIGHTS", weights)
    for state in positions():
        lead = sum(
            w * (b - y)
            for w, b, y in zip(weights, heuristic.features(state, 0), heuristic.features(state, 1), strict=True)
        )
        blue, yellow = GAME.evaluate(state)
        assert blue == pytest.approx(1 / (1 + math.exp(-lead)))
        assert 0 <= blue <= 1 and 0 <= yellow <= 1
        assert blue + yellow == pytest.approx(1)


def mirrored(state: ExoState) -> ExoState:
    """The same position with the colours and seats swapped (blue's cards yellow, the first seat second)."""

    def swap(cards: tuple[int, ...]) -> tuple[int, ...]:
        return tuple(card if card < 0 else card ^ 8 for card in cards)

    holes = tuple(None if hole is None else Hole(hole.card, 1 - hole.colour, swap(hole.spaces)) for hole in state.holes)
    return ExoState(
        target=state.target,
        hands=(swap(state.hands[1]), swap(state.hands[0])),
        known=(swap(state.known[1]), swap(state.known[0])),
        decks=(swap(state.decks[1]), swap(state.decks[0])),
        unseen=(state.unseen[1], state.unseen[0]),
        holes=holes,
        refill=tuple(-1 if seat < 0 else 1 - seat for seat in state.refill),
        claimed=(state.claimed[1], state.claimed[0]),
        turn=state.turn,
        player=1 - state.player,
        actions_done=state.actions_done,
        step=state.step,
        focus_slot=state.focus_slot,
        focus_space=state.focus_space,
        scavenged=state.scavenged,
        first_to_target=state.first_to_target,
        winner=state.winner,
        rng=state.rng,
    )


def test_the_evaluation_is_alike_from_either_seat() -> None:
    checked = 0
    for state in positions():
        twin = mirrored(state)
        assert heuristic.features(twin, 0) == heuristic.features(state, 1)
        blue, yellow = GAME.evaluate(state)
        assert GAME.evaluate(twin) == pytest.approx((yellow, blue))
        checked += any(heuristic.features(state, 0))
    assert checked > 10


def test_a_claimed_hole_and_a_lead_count_for_their_seat() -> None:
    state = GAME.new_game(1)
    assert GAME.evaluate(state) == pytest.approx((0.5, 0.5), abs=0.2)
    ahead = state.__class__(**{**{f: getattr(state, f) for f in state.__struct_fields__}, "claimed": ((16,), ())})
    assert GAME.evaluate(ahead)[0] > 0.5
    assert heuristic.features(ahead, 0)[0] > heuristic.features(ahead, 1)[0]
