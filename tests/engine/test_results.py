"""Every place that states a result reads it from one function of the game's outcome (`engine.result`): the end
box, the SSH table's end, `verify`, `replay --text`, `saves`, the Load and Replays lists, the replay's status and
Your record, for every game and player count, solo included."""

from __future__ import annotations

from pathlib import Path

import msgspec
import pytest
from textual.widgets import Static

from exotui import games
from exotui.ai.match import MatchResult, play_match
from exotui.ai.players import make_player
from exotui.engine.protocol import ending, rival
from exotui.engine.records import HUMAN, Seat, load
from exotui.engine.result import NOBODY, Result, result_headline, result_of, result_status
from exotui.engine.savedir import SUFFIX
from exotui.engine.stats import SOLO, level_of
from exotui.engine.stats import result_of as standing_of
from exotui.tui.app import ExoTuiApp
from exotui.tui.screens.end import EndScreen
from pilot_helpers import in_event_loop, open_game
from stats_builders import header

SAMPLES = Path(__file__).parents[2] / "saves"
RODENTS = games.get("rodents")


def solo(seed: int) -> MatchResult:
    """A solo Raging Rodents game played to the end by the greedy player (seed 3 beats the automaton, 13-12; seed
    4 loses to it, 10-20)."""
    return play_match(RODENTS, [make_player("greedy", seed)], seed)


CASES = [(game_id, players) for game_id in games.available() for players in games.get(game_id).player_counts]


@pytest.mark.parametrize(("game_id", "players"), CASES, ids=[f"{game}-{count}" for game, count in CASES])
def test_every_game_and_player_count_states_the_same_result_everywhere(game_id: str, players: int) -> None:
    game = games.get(game_id)
    for seed in range(1, 4):
        outcome = play_match(game, [make_player("random", seed * 7 + seat) for seat in range(players)], seed).outcome
        result = result_of(game, outcome)
        best = max(outcome)
        # The winners are the seats with the best share, or else the game's rival (a solo automaton): never nobody.
        assert result.winners == tuple(seat for seat, share in enumerate(outcome) if share == best > 0)
        assert (result.rival is not None) == (best == 0) and result.rival != NOBODY
        assert result.rival == (rival(game, players) if best == 0 else None)
        names = [f"Seat {seat + 1}" for seat in range(players)]
        labels = [f"{name} (AI)" for name in names]
        for you in range(players):
            standing = result.standing([you])
            said = result_headline(result, labels, you)
            assert (said == "You win!") == (standing == "won")
            assert said.startswith("A draw") == (standing == "drawn" or (result.shared and standing == "lost"))
            assert said.startswith("You lose") == (result.rival is not None)
            # Your record and the lists read the same result from the save's header.
            seats = tuple(Seat(name, HUMAN) if seat == you else Seat(name, "random") for seat, name in enumerate(names))
            saved = header(*seats, result=outcome, game=game_id, actions=1)
            assert standing_of(saved) == standing
            assert saved.status == result_status(result, names)
        assert "won" in result_status(result, names) or result_status(result, names) == "a draw"


def test_a_solo_game_lost_to_the_automaton_is_lost_everywhere() -> None:
    lost = solo(4)
    assert lost.outcome == (0.0,)
    result = result_of(RODENTS, lost.outcome)
    assert result == Result((), "the automaton")
    assert result_headline(result, ["Seat 1 (you)"], 0) == "You lose: the automaton wins."
    assert result_headline(result, ["Seat 1 (AI)"], None) == "The automaton wins."
    you = header(Seat("You", HUMAN), result=lost.outcome, game="rodents", actions=1)
    assert you.status == "the automaton won"
    assert standing_of(you) == "lost" and level_of(you) == SOLO


def test_a_solo_game_won_against_the_automaton_is_won_everywhere() -> None:
    won = solo(3)
    assert won.outcome == (1.0,)
    result = result_of(RODENTS, won.outcome)
    assert result_headline(result, ["Seat 1 (you)"], 0) == "You win!"
    you = header(Seat("You", HUMAN), result=won.outcome, game="rodents", actions=1)
    assert you.status == "You won"
    assert standing_of(you) == "won" and level_of(you) == SOLO


def test_a_tie_with_the_automaton_is_a_loss() -> None:
    tied = msgspec.structs.replace(solo(3).final, scores=(12, 12))
    assert result_of(RODENTS, RODENTS.outcome(tied)).rival == "the automaton"
    # The end box's summary gives the rule that decided; who won is the headline's alone.
    assert ending(RODENTS, tied, ["Seat 1 (you)"])[-1] == "A tie is a loss against the automaton."
    for seed in (3, 4):
        assert not any("win" in line or "beat" in line for line in ending(RODENTS, solo(seed).final, ["You"]))


def test_a_result_no_game_gives_is_nobodys_and_a_game_this_version_lacks_is_still_listed() -> None:
    nobody = result_of("exo2", (0.0, 0.0))
    assert result_status(nobody, ["Ann", "Bob"]) == "nobody won"
    assert result_headline(nobody, ["Ann", "Bob"], 0) == "Nobody wins."
    assert header(Seat("Ann", HUMAN), result=(0.0,), game="chess", actions=1).status == "nobody won"


@pytest.mark.parametrize("path", sorted(SAMPLES.glob(f"*{SUFFIX}")), ids=lambda path: path.name)
def test_every_sample_save_states_the_result_its_final_position_gives(path: Path) -> None:
    saved = load(path)
    header = saved.header
    if not header.finished:
        assert header.status.endswith("in progress")
        return
    result = result_of(saved.game, saved.game.outcome(saved.final))
    assert header.who_won() == result
    assert header.status == result_status(result, [seat.name for seat in header.seats])
    assert "nobody" not in header.status
    if path.name == "rodents-solo.exosave":
        assert header.status == "the automaton won"


@in_event_loop
async def test_the_end_box_of_a_lost_solo_game_says_the_automaton_won() -> None:
    """It said "You win!" above the board's "The automaton wins (a tie is a loss)"."""
    app = ExoTuiApp(ai_pause=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_game(pilot, "rodents", ("human",), 4, actions=solo(4).actions)
        await pilot.app.workers.wait_for_complete()
        for _ in range(20):
            if isinstance(app.screen, EndScreen):
                break
            await pilot.pause()
        assert isinstance(app.screen, EndScreen)
        assert str(app.screen.query_one("#headline", Static).render()) == "You lose: the automaton wins."
