"""The Cryptid map, the clues and puzzle generation: hand-checked geometry and every puzzle constraint."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cryptid_builders import BOARD, FOUR, THREE, at
from exotui.games.cryptid import timing
from exotui.games.cryptid.board import BadBoard, animal, clue_masks, clue_spaces, distance, make_board, neighbours
from exotui.games.cryptid.board import terrain as terrain_at
from exotui.games.cryptid.cards import (
    BEAR,
    BLACK_CLUE,
    CLUE_IDS,
    CLUE_INDEX,
    COUGAR,
    DESERT,
    FOREST,
    NO_ANIMAL,
    POSITIVE_CLUES,
    SWAMP,
    WATER,
    negation,
)
from exotui.games.cryptid.puzzle import habitat, is_puzzle, unused_hints
from exotui.games.cryptid.rules import new_game

some = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def names(spots) -> set[str]:
    return {f"{'ABCDEFGHIJKL'[spot % 12]}{spot // 12 + 1}" for spot in spots}


def test_tile_1_unturned_in_the_top_left_reads_as_printed():
    assert terrain_at(BOARD, at("A1")) == WATER
    assert terrain_at(BOARD, at("E1")) == FOREST
    assert (terrain_at(BOARD, at("D3")), animal(BOARD, at("D3"))) == (DESERT, BEAR)
    assert (terrain_at(BOARD, at("A3")), animal(BOARD, at("A3"))) == (SWAMP, NO_ANIMAL)


def test_a_turned_tile_maps_row_and_column_to_2_minus_row_and_5_minus_column():
    board = make_board((1, 2, 3, 4, 5, 6), (True, False, False, True, False, False), BOARD.structures)
    # Tile 1 turned: its bottom-right F(B) is now top-left, its top-left W bottom-right.
    assert (terrain_at(board, at("A1")), animal(board, at("A1"))) == (FOREST, BEAR)
    assert (terrain_at(board, at("B1")), animal(board, at("B1"))) == (DESERT, BEAR)
    assert terrain_at(board, at("F3")) == WATER
    # Tile 4 turned in the middle-right position: its F(C) corner is G4, its first D is L6.
    assert (terrain_at(board, at("G4")), animal(board, at("G4"))) == (FOREST, COUGAR)
    assert (terrain_at(board, at("L6")), animal(board, at("L6"))) == (DESERT, NO_ANIMAL)


def test_odd_columns_sit_half_a_hex_lower():
    # B is column 1 (odd): its neighbours on the left are A1 and A2, not A0.
    assert names(neighbours(at("B1"))) == {"A1", "A2", "B2", "C1", "C2"}
    # C is column 2 (even): its neighbours to the sides are rows 1 and 2 of B and D.
    assert names(neighbours(at("C2"))) == {"B1", "B2", "C1", "C3", "D1", "D2"}
    assert distance(at("A1"), at("B2")) == 2
    assert distance(at("A2"), at("B1")) == 1
    assert distance(at("A1"), at("L9")) == 14


def test_distance_is_symmetric_and_zero_only_on_the_same_space():
    assert distance(at("E5"), at("E5")) == 0
    assert distance(at("B2"), at("D2")) == distance(at("D2"), at("B2")) == 2
    assert distance(at("B2"), at("E2")) == 3


def test_within_counts_the_space_itself():
    assert at("E1") in clue_spaces(BOARD, "within1:forest")  # E1 is forest
    assert at("B2") in clue_spaces(BOARD, "within2:stone")  # the white standing stone is on B2
    assert at("D2") in clue_spaces(BOARD, "within2:stone")  # two steps from it
    assert at("E2") not in clue_spaces(BOARD, "within2:stone")  # three steps from B2 and from H2
    assert at("H2") in clue_spaces(BOARD, "within3:green")


def test_a_space_on_a_tile_edge_is_next_to_the_other_tile():
    # F1 (tile 1, forest) touches G1 (tile 2, swamp in cougar territory).
    assert terrain_at(BOARD, at("F1")) == FOREST
    assert at("F1") in clue_spaces(BOARD, "within1:swamp")
    assert at("F1") in clue_spaces(BOARD, "within1:animal")
    # F3 (tile 1, bottom row) has water only below it, on tile 3: F4.
    assert at("F3") in clue_spaces(BOARD, "within1:water")
    assert terrain_at(BOARD, at("F4")) == WATER


def test_on_one_of_two_terrains_is_exactly_those_terrains():
    on = clue_spaces(BOARD, "on:forest-desert")
    assert on == {spot for spot in range(108) if terrain_at(BOARD, spot) in (FOREST, DESERT)}


def test_a_negated_clue_is_every_other_space():
    for clue in range(POSITIVE_CLUES):
        assert clue_spaces(BOARD, negation(clue)) == set(range(108)) - clue_spaces(BOARD, clue)
    assert CLUE_IDS[negation(CLUE_INDEX["within2:bear"])] == "not:within2:bear"


def test_the_black_structure_clue_is_empty_without_black_structures():
    assert not clue_spaces(BOARD, BLACK_CLUE)


def test_make_board_refuses_what_is_not_a_map():
    with pytest.raises(BadBoard, match="tiles must be 1 to 6"):
        make_board((1, 1, 3, 4, 5, 6), (False,) * 6, BOARD.structures)
    with pytest.raises(BadBoard, match="share a space"):
        make_board((1, 2, 3, 4, 5, 6), (False,) * 6, (0, 0, 1, 2, 3, 4))
    with pytest.raises(BadBoard, match="6 or 8"):
        make_board((1, 2, 3, 4, 5, 6), (False,) * 6, (0, 1, 2))


def test_the_builders_puzzles_are_puzzles():
    masks = clue_masks(BOARD)
    three = tuple(CLUE_INDEX[clue] for clue in THREE)
    four = tuple(CLUE_INDEX[clue] for clue in FOUR)
    assert is_puzzle(masks, three) and habitat(masks, three) == at("D6")
    assert is_puzzle(masks, four) and habitat(masks, four) == at("J6")


def test_a_clue_that_can_be_left_out_or_a_clue_with_its_negation_is_no_puzzle():
    masks = clue_masks(BOARD)
    three = tuple(CLUE_INDEX[clue] for clue in THREE)
    assert not is_puzzle(masks, (*three, CLUE_INDEX["within1:animal"]))
    assert not is_puzzle(masks, (three[0], three[1], negation(three[1])))
    assert not is_puzzle(masks, (three[0], three[0], three[1]))


@some
@given(st.integers(0, 2**63), st.sampled_from([2, 3, 4, 5]), st.booleans())
def test_every_generated_game_meets_every_puzzle_constraint(seed, players, advanced):
    state = new_game(seed, players, "advanced" if advanced else None)
    board = state.board
    assert sorted(board.tiles) == [1, 2, 3, 4, 5, 6]
    assert len(set(board.structures)) == len(board.structures) == (8 if advanced else 6)
    masks = clue_masks(board)
    assert len(state.clues) == (4 if players == 2 else players)
    assert is_puzzle(masks, state.clues)
    assert habitat(masks, state.clues) == state.habitat
    assert state.hint in unused_hints(state.clues)
    if not advanced:
        assert all(clue < POSITIVE_CLUES and clue != BLACK_CLUE for clue in state.clues)


def test_the_same_seed_gives_the_same_map_and_puzzle_and_another_seed_another():
    assert new_game(7, 4) == new_game(7, 4)
    assert new_game(7, 4).board != new_game(8, 4).board


def test_the_timing_command_prints_every_mode_and_refuses_a_bad_count(capsys):
    timing.main(["--seeds", "2"])
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("Cryptid new_game over 2 seeds")
    assert len(lines) == 9 and "two-player variant" in lines[1] and "advanced" in lines[-1]
    with pytest.raises(SystemExit):
        timing.main(["--seeds", "0"])
    assert "--seeds must be at least 1" in capsys.readouterr().err
