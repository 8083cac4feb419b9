"""Your record: played, won, lost, drawn, streaks, hints and takebacks per game and level, from save headers."""

from __future__ import annotations

from pathlib import Path

import msgspec
import pytest

from exotui.engine.records import HUMAN, Header, Seat
from exotui.engine.savedir import SaveDir, SaveEntry
from exotui.engine.stats import HOT_SEAT, SOLO, RecordRow, aids_used, level_of, record, result_of
from savegame_toy import GAME, play, register
from stats_builders import header

ANN = Seat("Ann", HUMAN)
BOB = Seat("Bob", HUMAN)


def entries(*headers: Header) -> list[SaveEntry]:
    return [SaveEntry(Path(f"{index}.exosave"), header, None) for index, header in enumerate(headers)]


def hard(name: str = "AI") -> Seat:
    return Seat.from_spec(name, "mcts:hard")


@pytest.mark.parametrize(
    ("result", "expected"),
    [((1.0, 0.0), "won"), ((0.0, 1.0), "lost"), ((0.5, 0.5), "drawn"), ((0.0, 0.0), "lost"), (None, None)],
)
def test_a_result_is_told_for_the_human(result: tuple[float, ...] | None, expected: str | None) -> None:
    assert result_of(header(ANN, hard(), result=result)) == expected


def test_a_share_the_human_is_not_in_is_a_loss() -> None:
    assert result_of(header(ANN, hard("A"), hard("B"), result=(0.0, 0.5, 0.5))) == "lost"


def test_the_level_names_the_computer_players() -> None:
    assert level_of(header(ANN, hard(), result=None)) == "hard"
    easy, greedy = Seat.from_spec("E", "mcts:easy"), Seat.from_spec("G", "greedy")
    assert level_of(header(ANN, easy, greedy, hard(), result=None)) == "easy + greedy + hard"
    assert level_of(header(ANN, BOB, result=None)) == HOT_SEAT


def test_the_record_counts_per_game_and_level_with_the_latest_streak() -> None:
    easy = Seat.from_spec("AI", "mcts:easy")
    rows = record(
        [
            *entries(
                # Most recent first: two wins, then a loss, at hard; one unfinished game.
                header(ANN, hard(), result=None, hints=(2, 0)),
                header(hard(), ANN, result=(0.0, 1.0), hints=(0, 1)),
                header(ANN, hard(), result=(1.0, 0.0)),
                header(ANN, hard(), result=(0.0, 1.0), hints=(3, 0)),
                header(ANN, easy, result=(0.5, 0.5)),
                header(ANN, hard(), result=(1.0, 0.0), game="cryptid"),
                # Computer against computer (selfplay samples): not the player's record.
                header(hard("A"), hard("B"), result=(1.0, 0.0)),
            ),
            SaveEntry(Path("broken.exosave"), None, "not an exotui save"),
        ]
    )
    assert rows == [
        RecordRow("cryptid", "hard", 1, 1, 0, 0, 0, ("won", 1), 0, 0),
        RecordRow("exo2", "easy", 1, 0, 0, 1, 0, ("drawn", 1), 0, 0),
        RecordRow("exo2", "hard", 3, 2, 1, 0, 1, ("won", 2), 6, 0),
    ]
    assert rows[2].streak_text == "2 won"
    assert record([]) == []


def test_the_record_reads_a_real_saves_directory(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    register(monkeypatch)
    saves = SaveDir(tmp_path)
    for seed in (1, 2, 3):
        played = saves.new_record(GAME, seed, (ANN, Seat.from_spec("Bot", "random")), "quick")
        played.save()
        if seed == 1:
            played.count_hint(0)
        play(played, seed, None if seed < 3 else 4)
    [row] = record(saves.entries())
    assert (row.game, row.level, row.played, row.unfinished, row.hints) == ("pig", "random", 2, 1, 1)
    assert row.won + row.lost + row.drawn == 2


def test_a_solo_game_is_filed_as_solo_won_or_lost_against_the_automaton() -> None:
    """Raging Rodents solo was filed under "hot-seat" (no computer seat), and the standing guessed from the shares."""
    assert level_of(header(ANN, result=None, game="rodents")) == SOLO
    rows = record(
        entries(
            header(ANN, result=(0.0,), game="rodents"),
            header(ANN, result=(0.0,), game="rodents"),
            header(ANN, result=(1.0,), game="rodents"),
            header(ANN, BOB, result=(0.0, 1.0), game="rodents"),
        )
    )
    assert rows == [
        RecordRow("rodents", "hot-seat", 1, 1, 0, 0, 0, ("won", 1), 0, 0),
        RecordRow("rodents", "solo", 3, 1, 2, 0, 0, ("lost", 2), 0, 0),
    ]


def test_the_aids_used_name_each_player_who_used_them() -> None:
    assert aids_used(header(ANN, hard(), result=None)) == ""
    assert aids_used(header(ANN, BOB, result=None, hints=(2, 0))) == "hints: Ann 2"
    both = msgspec.structs.replace(header(ANN, BOB, result=None, hints=(1, 3)), takebacks=(0, 1))
    assert aids_used(both) == "hints: Ann 1, Bob 3 · takebacks: Bob 1"
