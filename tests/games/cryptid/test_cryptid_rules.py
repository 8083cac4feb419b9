"""Cryptid scenarios from RULINGS.md section 4 and the two-player variant page, one behaviour per test."""

from __future__ import annotations

import msgspec
import pytest

from cryptid_builders import a_space, allows, at, pieces_on, position, spots
from exotui.engine.protocol import GameSetupError, IllegalAction
from exotui.games.cryptid.board import space_name, spaces
from exotui.games.cryptid.cards import CLUES, HINTS
from exotui.games.cryptid.game import GAME
from exotui.games.cryptid.rules import apply, legal_actions
from exotui.games.cryptid.state import (
    ANSWER,
    HIDDEN,
    OPENING,
    OVER,
    PENALTY,
    RELOCATE,
    TURN,
    Answer,
    Ask,
    Cube,
    Hint,
    Relocate,
    Search,
)
from exotui.games.cryptid.view import describe, events, view

RED, ORANGE, PURPLE, TEAL = 0, 1, 2, 3


# ---------------------------------------------------------------------------------------------------------------
# Opening


def test_the_opening_goes_round_the_table_twice_from_the_first_player():
    state = GAME.new_game(5, 4)
    assert state.step == OPENING
    placers = []
    while state.step == OPENING:
        placers.append(state.player)
        state = apply(state, legal_actions(state)[0])
    first = state.first
    assert placers == [(first + i) % 4 for i in range(8)]
    assert (state.step, state.player, state.turn) == (TURN, first, 1)
    assert [len(cubes) for cubes in state.cubes] == [2, 2, 2, 2]


def test_an_opening_cube_goes_only_where_your_clue_rules_the_habitat_out():
    state = position(step=OPENING, opening_placed=0)
    options = {action.space for action in legal_actions(state)}
    assert options == set(spaces(~allows(state, "red") & ((1 << 108) - 1)))
    with pytest.raises(IllegalAction, match="rules out"):
        apply(state, Cube(a_space(state, allowed_by="red"), RED))


def test_an_opening_cube_is_never_placed_on_a_cube():
    cubed = a_space(position(), ruled_out_by="red orange")
    state = position(step=OPENING, opening_placed=1, player=1, cubes={"red": _name(cubed)})
    assert Cube(cubed, ORANGE) not in legal_actions(state)


def _name(spot: int) -> str:
    return f"{'ABCDEFGHIJKL'[spot % 12]}{spot // 12 + 1}"


# ---------------------------------------------------------------------------------------------------------------
# Questions


def test_a_question_on_a_space_the_asked_clue_allows_gets_a_disc_and_ends_the_turn():
    state = position()
    spot = a_space(state, allowed_by="orange")
    after = apply(state, Ask(spot, ORANGE))
    assert pieces_on(after, spot) == ["orange disc"]
    assert (after.step, after.player, after.turn) == (TURN, ORANGE, 2)


def test_a_question_answered_by_a_cube_makes_the_asker_place_a_cube():
    state = position()
    spot = a_space(state, ruled_out_by="orange")
    after = apply(state, Ask(spot, ORANGE))
    assert pieces_on(after, spot) == ["orange cube"]
    assert (after.step, after.player) == (PENALTY, RED)
    cubes = legal_actions(after)
    assert cubes and all(type(cube) is Cube and cube.colour == RED for cube in cubes)
    assert {cube.space for cube in cubes} == set(spaces(~allows(after, "red") & ~spots(_name(spot)) & ((1 << 108) - 1)))
    done = apply(after, cubes[0])
    assert (done.step, done.player, done.turn) == (TURN, ORANGE, 2)


def test_with_no_space_left_for_the_forced_cube_none_is_placed():
    state = position()
    ruled_out = ~allows(state, "red") & ((1 << 108) - 1)
    spot = a_space(state, allowed_by="red", ruled_out_by="orange")
    state = msgspec.structs.replace(state, cubes=((), (), tuple(spaces(ruled_out))))
    after = apply(state, Ask(spot, ORANGE))
    assert pieces_on(after, spot) == ["orange cube"]
    assert (after.step, after.player) == (TURN, ORANGE)


def test_nobody_is_asked_about_a_space_with_a_cube_or_one_holding_their_piece():
    spot = a_space(position(), allowed_by="orange purple")
    other = a_space(position(), ruled_out_by="orange")
    state = position(discs={"orange": _name(spot)}, cubes={"purple": _name(other)})
    actions = legal_actions(state)
    assert Ask(spot, ORANGE) not in actions and Ask(spot, PURPLE) in actions
    assert Ask(other, ORANGE) not in actions and Ask(other, PURPLE) not in actions
    with pytest.raises(IllegalAction, match="no piece"):
        apply(state, Ask(spot, ORANGE))
    with pytest.raises(IllegalAction, match="another player"):
        apply(state, Ask(spot, RED))


# ---------------------------------------------------------------------------------------------------------------
# Searches


def test_a_search_of_the_habitat_wins_at_once():
    state = position()
    after = apply(state, Search(at("D6")))
    assert after.step == OVER and after.winner == RED
    assert GAME.outcome(after) == (1.0, 0.0, 0.0)
    assert pieces_on(after, at("D6")) == ["red disc", "orange disc", "purple disc"]
    told = events(state, Search(at("D6")), after)
    assert told[:3] == (
        "Orange answers with a disc.",
        "Purple answers with a disc.",
        "Red finds the habitat on D6 and wins.",
    )
    assert told[3].startswith("The clues: Red: within one space of water; Orange: within two spaces of cougar")


def test_you_only_search_a_space_your_clue_allows():
    state = position()
    with pytest.raises(IllegalAction, match="your clue allows"):
        apply(state, Search(a_space(state, ruled_out_by="red")))


def test_the_first_cube_stops_a_search_and_the_searcher_places_a_cube():
    state = position()
    spot = a_space(state, allowed_by="red", ruled_out_by="orange purple")
    after = apply(state, Search(spot))
    assert pieces_on(after, spot) == ["red disc", "orange cube"]
    assert (after.step, after.player) == (PENALTY, RED)
    assert events(state, Search(spot), after) == (
        "Orange answers with a cube: the search stops.",
        "Red now places a cube of their own.",
    )


def test_searchers_answer_in_turn_order_with_discs_until_a_cube():
    state = position(player=PURPLE)
    spot = a_space(state, allowed_by="purple red", ruled_out_by="orange")
    after = apply(state, Search(spot))
    assert pieces_on(after, spot) == ["red disc", "orange cube", "purple disc"]


def test_an_answerer_whose_disc_is_already_there_counts_as_a_disc():
    spot = a_space(position(), allowed_by="red orange", ruled_out_by="purple")
    state = position(discs={"orange": _name(spot)})
    after = apply(state, Search(spot))
    assert pieces_on(after, spot) == ["red disc", "orange disc", "purple cube"]
    assert after.discs[ORANGE] == state.discs[ORANGE]


def test_searching_a_space_holding_your_disc_moves_that_disc_first():
    spot = a_space(position(), allowed_by="red", ruled_out_by="orange")
    state = position(discs={"red": _name(spot)})
    moving = apply(state, Search(spot))
    assert (moving.step, moving.relocating) == (RELOCATE, (RED,))
    options = {action.space for action in legal_actions(moving)}
    assert spot not in options
    assert options == set(spaces(allows(state, "red") & ~spots(_name(spot))))
    elsewhere = min(options)
    after = apply(moving, Relocate(elsewhere, RED))
    assert pieces_on(after, elsewhere)[0] == "red disc"
    assert pieces_on(after, spot) == ["red disc", "orange cube"]
    assert after.step == PENALTY


# ---------------------------------------------------------------------------------------------------------------
# The hint


def test_the_hint_is_revealed_at_the_start_of_a_turn_once_and_shown_to_everyone():
    state = position()
    assert view(state, ORANGE).hint == HIDDEN
    after = apply(state, Hint())
    assert (after.hint_by, after.step, after.player) == (RED, TURN, RED)
    assert view(after, ORANGE).hint == state.hint
    assert events(state, Hint(), after) == (f"The hint: {HINTS[state.hint]}",)
    assert Hint() not in legal_actions(after)
    with pytest.raises(IllegalAction, match="already revealed"):
        apply(after, Hint())
    penalty = apply(state, Ask(a_space(state, ruled_out_by="orange"), ORANGE))
    with pytest.raises(IllegalAction, match="start of a turn"):
        apply(penalty, Hint())


def test_the_hint_is_true_of_the_puzzle():
    state = GAME.new_game(11, 5, "advanced")
    families = set().union(*(CLUES[clue].families for clue in state.clues))
    assert state.hint not in families


# ---------------------------------------------------------------------------------------------------------------
# The two-player variant


def test_in_the_variant_each_player_places_two_opening_cubes_of_either_colour():
    state = GAME.new_game(3, 2)
    assert (len(state.clues), len(state.cubes)) == (4, 4)
    seat = state.player
    colours = {action.colour for action in legal_actions(state)}
    assert colours == {seat, seat + 2}
    placers = []
    while state.step == OPENING:
        placers.append(state.player)
        state = apply(state, legal_actions(state)[-1])
    assert placers == [seat, 1 - seat, seat, 1 - seat]


def test_variant_a_space_both_clues_allow_gets_a_disc_of_both_colours():
    state = position(2)
    spot = a_space(state, allowed_by="orange teal")
    after = apply(state, Ask(spot, ORANGE))
    assert pieces_on(after, spot) == ["orange disc", "teal disc"]
    assert (after.step, after.player) == (TURN, ORANGE)


def test_variant_a_space_one_clue_rules_out_gets_that_colours_cube():
    state = position(2)
    spot = a_space(state, allowed_by="orange", ruled_out_by="teal")
    asked = apply(state, Ask(spot, ORANGE))
    assert (asked.step, GAME.current_player(asked)) == (ANSWER, ORANGE)
    assert legal_actions(asked) == (Answer(TEAL),)
    after = apply(asked, Answer(TEAL))
    assert pieces_on(after, spot) == ["teal cube"]
    assert (after.step, after.player) == (PENALTY, RED)
    assert {action.colour for action in legal_actions(after)} == {RED, PURPLE}


def test_variant_the_bluff_a_space_both_clues_rule_out_lets_the_answerer_choose_the_colour():
    state = position(2)
    spot = a_space(state, ruled_out_by="orange teal")
    asked = apply(state, Ask(spot, ORANGE))
    assert legal_actions(asked) == (Answer(ORANGE), Answer(TEAL))
    for colour in (ORANGE, TEAL):
        assert pieces_on(apply(asked, Answer(colour)), spot) == [f"{['orange', 'teal'][colour == TEAL]} cube"]
    # The asker's view shows a cube answer is coming, never whether it is a choice.
    single = apply(state, Ask(a_space(state, allowed_by="orange", ruled_out_by="teal"), ORANGE))
    for answering in (asked, single):
        seen = view(answering, RED)
        assert seen.clues[ORANGE] == seen.clues[TEAL] == HIDDEN
        assert (seen.step, GAME.current_player(seen)) == (ANSWER, ORANGE)
    assert "bluff" not in describe(asked, Answer(ORANGE))


def test_variant_a_search_needs_a_space_both_your_clues_allow():
    state = position(2)
    with pytest.raises(IllegalAction, match="your clue allows"):
        apply(state, Search(a_space(state, allowed_by="red", ruled_out_by="purple")))
    spot = a_space(state, allowed_by="red purple teal", ruled_out_by="orange")
    after = apply(state, Search(spot))
    assert pieces_on(after, spot)[:2] == ["red disc", "purple disc"]
    assert legal_actions(after) == (Answer(ORANGE),)


def test_variant_the_search_succeeds_when_the_opponent_answers_with_discs_of_both_colours():
    state = position(2)
    after = apply(state, Search(at("J6")))
    assert after.step == OVER and after.winner == RED
    assert pieces_on(after, at("J6")) == ["red disc", "orange disc", "purple disc", "teal disc"]


def test_variant_searching_a_space_with_one_of_your_discs_moves_that_colour_and_places_the_other():
    spot = a_space(position(2), allowed_by="red purple", ruled_out_by="orange")
    state = position(2, discs={"purple": _name(spot)})
    moving = apply(state, Search(spot))
    assert (moving.step, moving.relocating) == (RELOCATE, (PURPLE,))
    assert pieces_on(moving, spot) == ["red disc", "purple disc"]
    assert all(action.colour == PURPLE and action.space != spot for action in legal_actions(moving))
    target = legal_actions(moving)[0].space
    after = apply(moving, legal_actions(moving)[0])
    assert "purple disc" in pieces_on(after, target)
    assert after.step == ANSWER


def test_variant_searching_a_space_with_both_your_discs_moves_each_even_to_the_same_space():
    spot = a_space(position(2), allowed_by="red purple", ruled_out_by="orange")
    state = position(2, discs={"red": _name(spot), "purple": _name(spot)})
    moving = apply(state, Search(spot))
    assert moving.relocating == (RED, PURPLE)
    both = a_space(state, allowed_by="red purple", skip=1)
    assert both != spot
    moving = apply(moving, Relocate(both, RED))
    assert (moving.step, moving.relocating) == (RELOCATE, (PURPLE,))
    after = apply(moving, Relocate(both, PURPLE))
    assert pieces_on(after, both)[:2] == ["red disc", "purple disc"]
    assert pieces_on(after, spot)[:2] == ["red disc", "purple disc"]


def test_variant_an_answerer_with_a_disc_of_one_colour_there_answers_for_the_other_only():
    spot = a_space(position(2), allowed_by="red purple orange", ruled_out_by="teal")
    state = position(2, discs={"orange": _name(spot)})
    after = apply(apply(state, Search(spot)), Answer(TEAL))
    assert pieces_on(after, spot) == ["red disc", "orange disc", "purple disc", "teal cube"]
    with pytest.raises(IllegalAction, match="clue allows"):
        apply(apply(state, Search(spot)), Answer(ORANGE))


def test_variant_a_question_needs_a_space_without_any_piece_of_the_opponent():
    spot = a_space(position(2), allowed_by="orange teal")
    state = position(2, discs={"teal": _name(spot)})
    assert Ask(spot, ORANGE) not in legal_actions(state)


# ---------------------------------------------------------------------------------------------------------------
# Bad input


@pytest.mark.parametrize(
    ("players", "variant", "message"),
    [
        (1, None, "played by 2 to 5 players"),
        (6, None, "players"),
        (3, "expert", "no variant"),
        (3.0, None, "players"),
    ],
)
def test_new_game_refuses_what_the_game_does_not_offer(players, variant, message):
    with pytest.raises(GameSetupError, match=message):
        GAME.new_game(1, players, variant)


@pytest.mark.parametrize(
    ("action", "message"),
    [
        ("search A1", "not an action of this game"),
        (Search(200), "Search.space must be"),
        (Search(3.0), "Search.space must be"),
        (Ask(0, True), "Ask.seat must be"),
        (Answer(1), "nobody is answering"),
        (Relocate(0, 0), "no disc of that colour"),
    ],
)
def test_apply_refuses_malformed_or_untimely_actions_with_a_reason(action, message):
    with pytest.raises(IllegalAction, match=message):
        apply(position(), action)


def test_nothing_is_played_after_the_end():
    over = apply(position(), Search(at("D6")))
    with pytest.raises(IllegalAction, match="over"):
        apply(over, Hint())
    assert legal_actions(over) == ()


def test_apply_never_changes_its_input():
    state = position()
    copy = msgspec.msgpack.decode(msgspec.msgpack.encode(state), type=type(state))
    apply(state, Ask(a_space(state, ruled_out_by="orange"), ORANGE))
    assert state == copy


# ---------------------------------------------------------------------------------------------------------------
# Applying a decision to a view


def test_a_question_on_a_view_is_refused_as_its_answer_reads_a_hidden_clue():
    # The view holds HIDDEN (-1) for Orange's clue, which indexed the last clue's mask: a made-up answer.
    state = position()
    for spot in (a_space(state, allowed_by="orange"), a_space(state, ruled_out_by="orange")):
        with pytest.raises(IllegalAction, match="depends on a clue this view hides"):
            apply(view(state, RED), Ask(spot, ORANGE))
        apply(state, Ask(spot, ORANGE))  # the true position answers


def test_a_search_on_a_view_is_refused_unless_every_other_seat_has_answered_already():
    state = position()
    spot = a_space(state, allowed_by="red")
    with pytest.raises(IllegalAction, match="depends on a clue this view hides"):
        apply(view(state, RED), Search(spot))
    everyone = position(discs={"orange": space_name(spot), "purple": space_name(spot)})
    assert apply(view(everyone, RED), Search(spot)).winner == RED


def test_the_hint_and_the_answerers_cube_on_a_view_are_refused_too():
    state = position()
    with pytest.raises(IllegalAction, match="hint is hidden"):
        apply(view(state, RED), Hint())
    duo = position(2)
    asked = apply(duo, Ask(a_space(duo, ruled_out_by="orange teal"), ORANGE))
    # The answerer's cube is followed by the asker's, which only the asker's clues allow.
    with pytest.raises(IllegalAction, match="depends on a clue this view hides"):
        apply(view(asked, ORANGE), Answer(ORANGE))
    apply(asked, Answer(ORANGE))


def test_decisions_that_read_only_the_deciding_seats_clue_work_on_its_view():
    state = position(step=PENALTY)
    spot = a_space(state, ruled_out_by="red")
    assert apply(view(state, RED), Cube(spot, RED)).cubes[RED] == (spot,)
    with pytest.raises(IllegalAction, match="depends on a clue this view hides"):
        apply(view(state, ORANGE), Cube(spot, RED))
