"""The one turn driver (play/driver.py): what comes next in a game in progress, and the computer's decision."""

from __future__ import annotations

import random
import threading
from typing import Any

import pytest

from exotui import games
from exotui.ai.players import RandomPlayer
from exotui.engine.protocol import interlude
from exotui.play.driver import REASON_LENGTH, WENT_ON, Driver, Turn, decision_seed, reason, seat_seed, sentence
from exotui.play.session import HUMAN, GameSession, Seat
from exotui.play.thinking import Thought


def session(*kinds: str, seed: int = 7) -> GameSession:
    # ExoFauna: seat 0 decides first, and each seat's view hides the other's hand and the deck.
    return GameSession(games.get("exofauna"), seed, None, tuple(Seat(kind) for kind in kinds))


class Spy:
    """A computer player that keeps what it was shown, and plays its first legal action."""

    sees_everything = False

    def __init__(self) -> None:
        self.seen: list[tuple[Any, int]] = []

    def choose(self, game: Any, view: Any, seat: int) -> Any:
        self.seen.append((view, seat))
        return game.legal_actions(view)[0]


def test_a_person_decides_next() -> None:
    game = session(HUMAN, "random")
    turn = Driver(game).next()
    assert turn == Turn(0, None)
    assert not turn.over and not turn.computer


def test_the_computer_decides_next_with_the_seats_one_player() -> None:
    game = session("random", HUMAN)
    driver = Driver(game)
    turn = driver.next()
    assert turn.seat == 0 and turn.computer and isinstance(turn.player, RandomPlayer)
    # Made once per seat: the same player at every turn of that seat.
    assert driver.next().player is turn.player is driver.players[0]
    assert set(driver.players) == {0}


def test_the_end() -> None:
    game = session("random", "random")
    driver = Driver(game)
    while (turn := driver.next()).seat is not None:
        game.apply(driver.decide(turn))
    assert turn == Turn(None) and turn.over and game.game.is_over(game.state)


def test_the_computers_decision_is_read_from_its_own_view_only() -> None:
    game = session("random", HUMAN)
    driver = Driver(game)
    spy = Spy()
    driver.players[0] = spy
    action = driver.decide(driver.next(), threading.Event(), lambda thought: None)
    [(seen, seat)] = spy.seen
    assert seat == 0
    assert seen == game.game.view(game.state, 0)
    assert seen != game.state and seen != game.game.view(game.state, 1)
    assert action == game.game.legal_actions(seen)[0]


def raised(failure: Exception) -> Exception:
    """`failure` as it reaches the fallback: raised, so it carries a traceback."""
    try:
        raise failure
    except Exception as caught:
        return caught


def test_a_failed_search_plays_a_legal_move_drawn_at_random_from_its_seats_own_view(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The one fallback of both front ends (the app and the SSH table): the game goes on, from what the seat may see.
    game = session("random", HUMAN)
    driver = Driver(game)
    shown: list[Any] = []
    choose = RandomPlayer.choose

    def spy(player: RandomPlayer, game_: Any, view: Any, seat: int) -> Any:
        shown.append((view, seat))
        return choose(player, game_, view, seat)

    monkeypatch.setattr(RandomPlayer, "choose", spy)
    view = game.view_for(0)
    fallback = driver.decide_anyway(0, view, raised(RuntimeError("out of memory\nmore lines")))
    assert shown == [(view, 0)] and view != game.state
    assert fallback.action == choose(RandomPlayer(decision_seed(game, 0)), game.game, view, 0)
    assert fallback.action in game.game.legal_actions(game.state)
    assert fallback.notice("never said") == (
        "The computer could not decide for Blue: RuntimeError: out of memory."
        " It played a legal move at random; the game goes on."
    )
    report = fallback.report("table t: ")
    assert report.startswith("table t: the computer could not decide for Blue (seat 0), action 1:\nTraceback")
    assert report.endswith("RuntimeError: out of memory\nmore lines\n")


def test_when_not_even_a_move_at_random_can_be_found_the_game_stays_and_the_front_end_says_what_becomes_of_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    game = session("random", HUMAN)

    def broken(*args: object) -> object:
        raise KeyError("rules")

    monkeypatch.setattr(RandomPlayer, "choose", broken)
    fallback = Driver(game).decide_anyway(0, game.view_for(0), raised(RuntimeError("out of memory")))
    assert fallback.action is None
    assert (
        fallback.notice("It waits.") == "The computer could not decide for Blue: RuntimeError: out of memory. It waits."
    )
    assert [what for what, _ in fallback.failures] == [
        "the computer could not decide for Blue (seat 0), action 1",
        "no legal move at random for Blue (seat 0) either",
    ]
    assert "KeyError: 'rules'" in fallback.report()


def test_a_search_failing_at_each_decision_is_told_once_until_the_seat_decides_by_itself_again(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # ExoFauna's turn is a chain of decisions: a broken search would tell the people at every one of them.
    game = session("random", HUMAN)
    driver = Driver(game)
    failure = raised(RuntimeError("out of memory"))
    first = driver.decide_anyway(0, game.view_for(0), failure)
    assert first.notice("") is not None and not first.again
    game.apply(first.action)
    second = driver.decide_anyway(0, game.view_for(0), failure)
    assert second.again and second.notice("") is None and second.action is not None
    # Deciding by itself ends the streak: a later failure is news again.
    game.apply(second.action)
    driver.decide(driver.next())
    assert driver.decide_anyway(0, game.view_for(0), failure).notice("") is not None


def test_the_reason_told_is_the_errors_kind_and_first_line_cut_short() -> None:
    assert reason(ValueError()) == "ValueError"
    long = reason(RuntimeError("x" * 100))
    assert len(long) == REASON_LENGTH and long.startswith("RuntimeError: xxx") and long.endswith("…")


# An error's message longer than the reason told: cut after "looking", its last whole word that fits.
LONG_MESSAGE = "the search ran out of memory while looking for a move in a long chain of decisions"
CUT_SHORT = "RuntimeError: the search ran out of memory while looking…"


def test_a_reason_cut_short_ends_after_a_whole_word_and_its_sentence_ends_once() -> None:
    """A reason cut short ends with "…", and the sentence around it added a full stop: "looking fo….". It is cut
    after a whole word, and the "…" ends the sentence; a message with its own full stop is not given a second."""
    assert reason(RuntimeError(LONG_MESSAGE)) == CUT_SHORT and len(CUT_SHORT) <= REASON_LENGTH
    assert reason(RuntimeError("a" * 20 + ", " + "b" * 60)) == f"RuntimeError: {'a' * 20}…"
    game = session("random", HUMAN)
    driver = Driver(game)
    cut = driver.decide_anyway(0, game.view_for(0), raised(RuntimeError(LONG_MESSAGE)))
    assert cut.notice("") == f"The computer could not decide for Blue: {CUT_SHORT} {WENT_ON}"
    game.apply(cut.action)
    driver.decide(driver.next())
    stopped = driver.decide_anyway(0, game.view_for(0), raised(RuntimeError("out of memory.")))
    assert stopped.failed == "The computer could not decide for Blue: RuntimeError: out of memory."
    assert [sentence(text) for text in ("It failed", "It failed.", "Why?", "cut…")] == [
        "It failed.",
        "It failed.",
        "Why?",
        "cut…",
    ]


def test_a_searching_computer_reports_its_progress() -> None:
    game = session("mcts:s=40", HUMAN)
    driver = Driver(game)
    thoughts: list[Thought] = []
    action = driver.decide(driver.next(), threading.Event(), thoughts.append)
    assert action in game.game.legal_actions(game.state)
    assert thoughts and thoughts[-1].iterations > 0


def test_the_two_seedings_stay_apart() -> None:
    # The app seeds each seat once; the table seeds each decision afresh: either change would change saved games.
    game = session("random", HUMAN, seed=5)
    assert seat_seed(game, 0) == 5 * 31 + 0
    game.apply(game.game.legal_actions(game.state)[0])
    game.apply(game.game.legal_actions(game.state)[0])
    assert decision_seed(game, 0) == 5 * 31 + 0 + 2
    table = Driver(game, per_decision=True)
    turn = table.next()
    assert table.players == {} and turn.computer and table.next().player is not turn.player


def scored(*kinds: str) -> GameSession:
    """Raging Rodents for two (seed 5), played at random up to the decision that scores the first invasion, which
    Yellow makes; Blue opens the next invasion."""
    game = GameSession(games.get("rodents"), 5, None, tuple(Seat(kind) for kind in kinds))
    chooser = random.Random(5)
    while True:
        before = game.state
        game.apply(chooser.choice(game.game.legal_actions(before)))
        if interlude(game.game, before, game.actions[-1], game.state) is not None:
            assert game.state.invasion == 2 and game.deciding == 0
            return game


def test_a_scored_invasion_holds_every_turn_until_each_person_shown_it_has_gone_on() -> None:
    # The SSH table played on behind Raging Rodents' pause, as the app had: the computer's decisions of the next
    # invasion were in the log while the people still looked at the scores.
    game = scored("random", HUMAN)
    driver = Driver(game)
    assert not driver.next().held
    driver.interlude_shown([1, 0])
    turn = driver.next()
    assert turn.seat == 0 and turn.computer and turn.held and turn.awaited == (0, 1)
    assert driver.went_on(1) and driver.next().awaited == (0,)
    assert not driver.went_on(1), "went on already"
    assert driver.went_on(0) and driver.next() == Turn(0, driver.players[0])
    assert not driver.went_on(0)


def test_nobody_to_go_on_a_game_that_does_not_wait_and_a_takeback_hold_no_turn() -> None:
    game = scored("random", HUMAN)
    driver = Driver(game)
    # Computers alone, or only spectators: nobody is there to go on.
    driver.interlude_shown([])
    assert not driver.next().held
    # A takeback to before the scoring leaves the hold behind, even once the game has come back as far.
    driver.interlude_shown([1])
    assert driver.next().held
    held_at = len(game.actions)
    game.take_back(1)
    assert not driver.next().held and not driver.went_on(1)
    while len(game.actions) < held_at:
        game.apply(game.game.legal_actions(game.state)[0])
    assert not driver.next().held
    # ExoFauna's claims are shown while nobody decides, never waiting for anyone (no `interlude_waits`).
    exofauna = session(HUMAN, "random")
    other = Driver(exofauna)
    other.interlude_shown([0])
    assert not other.next().held and not other.went_on(0)
