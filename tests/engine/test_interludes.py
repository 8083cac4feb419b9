"""`engine.protocol.interludes`: the positions a game reached between decisions along a game's actions, by the index
of the action that reached each; the one walk the game screen, the SSH table and the replay share."""

from __future__ import annotations

from pathlib import Path

from exotui import games
from exotui.engine.protocol import interludes
from exotui.engine.records import load

SAMPLES = Path(__file__).parents[2] / "saves"


def test_each_scored_invasion_is_found_by_the_action_that_scored_it() -> None:
    saved = load(SAMPLES / "rodents-4-invasions.exosave")
    states = saved.states
    found = interludes(saved.game, states[0], saved.actions)
    # The actions that deal a new invasion scored the one before, as it stood then; the last scoring ends the game
    # (the final table shows it), so it is no interlude.
    dealing = [index for index in range(len(saved.actions)) if states[index + 1].invasion > states[index].invasion]
    assert dealing and sorted(found) == dealing
    for index, position in found.items():
        assert position.invasion == states[index].invasion and position.scores != states[index].scores


def test_each_claim_is_found_by_the_action_that_claimed_the_winning_one_too() -> None:
    saved = load(SAMPLES / "exofauna.exosave")
    states = saved.states
    found = interludes(saved.game, states[0], saved.actions)
    # ExoFauna's interlude is each claim as it was resolved: the final table shows only the new hole, so the last
    # (winning) claim is one too.
    claiming = [index for index in range(len(saved.actions)) if states[index + 1].claimed != states[index].claimed]
    assert claiming and sorted(found) == claiming
    assert found[claiming[-1]].first_to_target == saved.final.winner


def test_a_game_without_the_hook_has_none_and_is_not_replayed() -> None:
    class Unplayable:
        def __getattr__(self, name: str) -> object:
            raise AssertionError(f"{name} was asked of a game without interludes")

    game = games.get("exo2")
    assert interludes(game, Unplayable(), [Unplayable()]) == {}
