"""Seats with long labels on every table and in the lists of saves, at 80x24 and 120x40: a computer whose level is a
budget ('AI it=1000000') or a level with an arena's options ('AI easy:it=750:c=1.0:pb=1:imm=0.3'). Each label is
drawn whole where its zone has room, else shortened so that it still reads ("Yellow: AI it=1M", "Seat 2: AI easy…"):
never cut in the middle of a word by the edge of its zone, nor wrapped so that it pushes the zone's other lines out."""

from __future__ import annotations

import random
import re
import shutil
from pathlib import Path
from typing import Any, Final

import pytest

from exotui import games
from exotui.engine.records import HUMAN, Seat
from exotui.engine.savedir import SaveDir
from exotui.tui.app import ExoTuiApp
from exotui.tui.labels import fit_label, fit_name
from exotui.tui.screens.end import EndScreen
from exotui.tui.screens.load import LoadScreen
from exotui.tui.tables.rodents.scores import InvasionScores
from pilot_helpers import in_event_loop, open_game, settle
from spectator_helpers import screen_text

# A computer's spec, and how what follows "AI" may be drawn: whole, in its short form, or cut after a word ("…").
BUDGET: Final = "mcts:it=1000000"
OPTIONS: Final = "mcts:easy:it=750:c=1.0:pb=1:imm=0.3"
READABLE: Final = {
    BUDGET: {"", " it=1000000", " it=1M", "…"},
    OPTIONS: {
        "",
        " easy:it=750:c=1.0:pb=1:imm=0.3",
        *(f" {head}…" for head in ("easy", "easy:it=750", "easy:it=750:c=1.0", "easy:it=750:c=1.0:pb=1")),
        "…",
    },
}
# The tables that name the seats by their labels during play. Raging Rodents and Endless Forms name them by their
# seat names there ("Seat 2", "South"): their labels are in the computer's panel (as ExoFauna's) and in the result.
TABLES: Final = [("exofauna", 2), ("exo2", 3), ("cryptid", 5)]
SIZES: Final = [(80, 24), (120, 40)]


def first_seat_starts(game_id: str, players: int) -> int:
    """A seed whose first decision is seat 1's (the person's): the computers do not think while the table is read."""
    game = games.get(game_id)
    return next(seed for seed in range(1, 200) if game.current_player(game.new_game(seed, players, None)) == 0)


def unreadable(text: str, spec: str) -> list[str]:
    """What the screen draws after each "AI" that is not a readable form of the computer's level."""
    return [after for after in re.findall(r"\bAI((?: [^\s│╮╯─]*|…)?)", text) if after not in READABLE[spec]]


def test_a_label_too_long_takes_its_short_form_else_its_first_words() -> None:
    assert fit_label("Yellow: AI it=1000000", 30) == "Yellow: AI it=1000000"
    assert fit_label("Yellow: AI it=1000000", 17) == "Yellow: AI it=1M"
    assert fit_label("Seat 2: AI it=4000", 16) == "Seat 2: AI it=4k"
    assert fit_label("Yellow: AI easy:it=750:c=1.0:pb=1:imm=0.3", 17) == "Yellow: AI easy…"
    assert fit_label("Seat 2: AI easy:it=750:c=1.0:pb=1:imm=0.3", 30) == "Seat 2: AI easy:it=750:c=1.0…"
    assert fit_label("Seat 2: AI it=1000000", 12) == "Seat 2: AI…"
    # A colon or an opening bracket is left out before the ellipsis; a word is cut only where no whole one fits.
    assert fit_label("Seat 2: AI it=1000000", 8) == "Seat 2…"
    assert fit_label("Seat 2 (AI easy:it=750)", 11) == "Seat 2 (AI…"
    assert fit_label("Bartholomew: you", 6) == "Barth…"
    # Not laid out yet: whole.
    assert fit_label("Seat 2: AI it=1000000", 0) == "Seat 2: AI it=1000000"


def test_a_file_name_too_long_is_shortened_in_the_middle_keeping_its_extension() -> None:
    name = "exofauna-20261127-040543-0c36d5.exosave"
    assert fit_name(name, 39) == name
    assert fit_name(name, 0) == name
    assert fit_name(name, 34) == "exofauna-2026…40543-0c36d5.exosave"
    # Wide characters count for two cells.
    assert fit_name("日本語の名前のファイル.exosave", 20) == "日本語…イル.exosave"
    # Without an extension, or too narrow for it: the start and "…".
    assert fit_name("a-name-with-no-extension", 10) == "a-name-wi…"
    assert fit_name(name, 9) == "exofauna…"


@pytest.mark.parametrize("size", SIZES, ids=["80x24", "120x40"])
@pytest.mark.parametrize("spec", [BUDGET, OPTIONS], ids=["budget", "options"])
@pytest.mark.parametrize(("game_id", "players"), TABLES, ids=[game_id for game_id, _ in TABLES])
@in_event_loop
async def test_long_labels_read_whole_or_shortened_on_every_table(
    game_id: str, players: int, spec: str, size: tuple[int, int]
) -> None:
    """At 80x24 ExoFauna's seats cut 'Yellow: AI it=100' at the panel's edge, EXO n°2's Galaxies 'Seat 2: AI
    it=1000…' in their borders, and Cryptid's players wrapped a label over three rows ('O Orange: AI' /
    'easy:it=750:c=1.0:pb=1:imm=0.3' / '■0 ●0'), pushing the clue down."""
    app = ExoTuiApp(ai_pause=0)
    async with app.run_test(size=size) as pilot:
        seats = ("human", *(spec for _ in range(players - 1)))
        await open_game(pilot, game_id, seats, first_seat_starts(game_id, players))
        await settle(pilot)
        text = screen_text(app)
        assert "AI" in text
        assert unreadable(text, spec) == [], text
        if game_id == "cryptid":
            # Each seat on one row, its pieces after its label.
            rows = [row for row in text.splitlines() if re.search(r"\b(Orange|Purple|Teal|Pink): AI", row)]
            assert len(rows) == players - 1 and all("■" in row and "●" in row for row in rows), text


def played_to_the_end(game_id: str, players: int, variant: str, seed: int) -> list[Any]:
    """The actions of a game played at random to its end."""
    game = games.get(game_id)
    state, chosen, actions = game.new_game(seed, players, variant), random.Random(seed), []
    while not game.is_over(state):
        action = chosen.choice(list(game.legal_actions(state)))
        state = game.apply(state, action)
        actions.append(action)
    return actions


@pytest.mark.parametrize("size", [(80, 24), (100, 30), (120, 40)], ids=["80x24", "100x30", "120x40"])
@in_event_loop
async def test_the_score_of_each_invasion_keeps_a_row_per_collection_with_long_labels(size: tuple[int, int]) -> None:
    """Five invasions and three computers with an arena's options: from 100 columns, where the result has 56 of them
    beside the choices, each row of the table wrapped onto a second, its figures under the names, and pushed how the
    game ended out of the box."""
    actions = played_to_the_end("rodents", 4, "5-invasions", 1)
    app = ExoTuiApp(ai_pause=0)
    async with app.run_test(size=size) as pilot:
        await open_game(pilot, "rodents", ("human", OPTIONS, OPTIONS, OPTIONS), 1, "5-invasions", actions)
        await settle(pilot)
        box = app.screen
        assert isinstance(box, EndScreen)
        table = box.query_one(InvasionScores)
        rows = screen_text(app).splitlines()[table.region.y : table.region.bottom]
        drawn = [row[table.region.x : table.region.right].rstrip() for row in rows]
        assert len(drawn) == 5 and drawn[0].startswith("Invasion") and drawn[0].endswith("Total"), drawn
        assert all(re.search(r"\s-?\d+$", row) for row in drawn[1:]), drawn
        assert unreadable("\n".join(drawn), OPTIONS) == [], drawn


# Finished games saved with long labels, 2 to 4 seats (the third is a sample of saves/, recorded by `exotui
# selfplay`), and each one's seats as the lists of saves show them at 80x24 (38 columns for them) and 120x40 (what
# the Progress column leaves them, its longest result whole since session 16: two rows shorten a seat more).
LISTED: Final = [
    (
        ("exofauna", ("Blue", HUMAN), ("Yellow", OPTIONS)),
        "Blue vs Yellow (easy:it=750:c=1.0…",
        "Blue vs Yellow (easy:it=750:c=1.0:pb=1:imm=0.3)",
    ),
    (
        ("exo2", ("Seat 1", HUMAN), ("Seat 2", BUDGET), ("Seat 3", BUDGET)),
        "Seat 1 vs Seat 2 (it=1M) vs Seat 3…",
        "Seat 1 vs Seat 2 (it=1000000) vs Seat 3 (it=1000000)",
    ),
    (
        "rodents-4p.exosave",
        "Computer 1 (it=1k) vs Computer 2…",
        "Computer 1 (it=1k) vs Computer 2… vs Computer 3… vs Computer 4 (it=1k)",
    ),
    (
        ("rodents", ("Seat 1", HUMAN), ("Seat 2", OPTIONS), ("Seat 3", BUDGET), ("Seat 4", "mcts:normal")),
        "Seat 1 vs Seat 2 (easy:it=750:c=1.0…",
        "Seat 1 vs Seat 2 (easy:it=750:c=1.0… vs Seat 3 (it=1M) vs Seat 4 (normal)",
    ),
]


def saved_with_long_labels(directory: Path) -> None:
    """The games of `LISTED` saved in `directory`, each played at random to its end."""
    saves = SaveDir(directory)
    for seed, (what, *_) in enumerate(LISTED, start=1):
        if isinstance(what, str):
            shutil.copy(Path(__file__).parents[2] / "saves" / what, directory)
            continue
        game_id, *seats = what
        record = saves.new_record(
            games.get(game_id),
            seed,
            [Seat(name, HUMAN) if spec == HUMAN else Seat.from_spec(name, spec) for name, spec in seats],
        )
        record.save()
        for action in played_to_the_end(game_id, len(seats), None, seed):
            record.append(action)
        record.close()


@pytest.mark.parametrize("size", SIZES, ids=["80x24", "120x40"])
@pytest.mark.parametrize("finished_only", [False, True], ids=["load", "replays"])
@in_event_loop
async def test_the_lists_of_saves_name_the_seats_whole_or_shortened_so_that_they_read(
    tmp_path: Path, finished_only: bool, size: tuple[int, int]
) -> None:
    """Load and Replays at 80x24 cut each row's seats at the column's edge, mid-word: 'Computer 1 (it=1000) vs
    Computer 2 (g…', 'Seat 1 vs Seat 2 (easy:it=750:c=1.0:pb=1:imm=…'. Now each seat reads whole, or in its short
    form, or the longest shortened first to its name and "…", every seat named while the names fit."""
    saved_with_long_labels(tmp_path)
    app = ExoTuiApp(ai_pause=0, saves=SaveDir(tmp_path))
    async with app.run_test(size=size) as pilot:
        await app.push_screen(LoadScreen(app.saves, finished_only))
        await settle(pilot)
        # The seats' line of each row (the status line below the list tells the highlighted one's game and seats).
        rows = [row.strip() for row in screen_text(app).splitlines() if " vs " in row and " · " not in row]
        assert sorted(rows) == sorted(narrow if size == (80, 24) else wide for _, narrow, wide in LISTED), rows
