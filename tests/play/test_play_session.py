"""A game in progress (play/session.py): how its story is told."""

from __future__ import annotations

from pathlib import Path

from exotui.engine.records import load
from exotui.play.session import GameSession, Seat, how_it_ended

SAMPLES = Path(__file__).parents[2] / "saves"


def finished(name: str) -> GameSession:
    saved = load(SAMPLES / name)
    header = saved.header
    seats = tuple(Seat(seat.spec) for seat in header.seats)
    return GameSession(saved.game, header.seed, header.variant, seats, list(saved.actions), saved.final)


def test_how_a_game_ended_is_its_last_turns_decisions_that_set_something_off_then_its_last() -> None:
    # ExoFauna's sample: turn 11's Lure claims Blue's second hole, three decisions before the discard that ends it.
    session = finished("exofauna.exosave")
    story = session.story(None)
    ending = how_it_ended(story)
    assert [told.sentence for told in ending] == [
        "Blue's Glissen uses Lure: moves the blue Glissen from the yellow hole (1), right, to right of the yellow hole "
        "(2).",
        "Blue discards the blue Vashti.",
    ]
    assert ending[0].events[0] == "Blue claims the yellow hole (2), 5 organisms to 3 (2 of 2 holes)."
    assert ending[-1] == story[-1] and {told.turn for told in ending} == {story[-1].turn} == {11}
    # EXO n°2's: the last placement alone, whatever it caused.
    session = finished("exo2.exosave")
    assert how_it_ended(session.story(None)) == session.story(None)[-1:]
    # Nothing decided yet, nothing to tell.
    assert how_it_ended([]) == []
