"""Raging Rodents' evaluation (games/rodents/heuristic.py) against the rules it reads: a card still in hand when the
invasion ends scores nothing (raging-rodents.txt: the invasion ends once a player has played their last card, and
every other player then takes one last turn)."""

from __future__ import annotations

from exotui.games.rodents.heuristic import evaluate, stranded
from exotui.games.rodents.state import FIELD, MORE
from rodents_builders import position

FIELD_CARDS = ("+3", "x2", "-2", "Fox")


def test_a_seat_of_five_cards_against_a_rival_of_one_can_play_four_its_turn_now_and_its_last_turn() -> None:
    five_against_one = position(
        hands=(("Jerboa", "Hamster", "Dormouse", "Beaver", "Muskrat"), ("Owl",)), field=FIELD_CARDS, player=0
    )
    assert stranded(five_against_one) == [1, 0]


def test_with_one_action_of_its_turn_used_it_can_play_one_card_less() -> None:
    after_one_action = position(
        hands=(("Jerboa", "Hamster", "Dormouse", "Beaver"), ("Owl",)), field=FIELD_CARDS, player=0, step=MORE
    )
    assert stranded(after_one_action) == [1, 0]


def test_a_rival_of_four_to_move_ends_on_its_next_turn_so_a_seat_of_five_has_two_turns_for_them() -> None:
    both_full = position(
        hands=(("Jerboa", "Hamster", "Dormouse", "Beaver", "Muskrat"), ("Owl", "Fox", "Otter", "+3")),
        field=("x2", "-2", "Water Vole", "Chipmunk"),
        player=1,
    )
    # Seat 1 plays two now and its last two on its next turn; seat 0 has the turn between and its last turn: 4 of 5.
    assert stranded(both_full) == [1, 0]


def test_in_the_last_turns_a_seat_plays_what_its_last_turn_allows_and_the_ender_s_field_play_strands_the_rest() -> None:
    last_turn = position(hands=(("Jerboa", "Hamster", "Dormouse"), ()), field=FIELD_CARDS, player=0, step=MORE, ender=1)
    assert stranded(last_turn) == [2, 0]
    field_play = position(hands=(("Jerboa", "Hamster"), ()), field=FIELD_CARDS, player=1, step=FIELD, ender=1)
    assert stranded(field_play) == [2, 0]


def test_a_card_that_cannot_be_played_before_the_invasion_ends_is_worth_less_than_one_it_can_play() -> None:
    # Against a rival of one card, a seat's fourth card can still be played, its fifth cannot (it scores nothing).
    rival = ("Owl",)
    five = position(hands=(("Jerboa", "Hamster", "Dormouse", "Beaver", "Muskrat"), rival), field=FIELD_CARDS)
    four = position(hands=(("Jerboa", "Hamster", "Dormouse", "Beaver"), rival), field=FIELD_CARDS)
    three = position(hands=(("Jerboa", "Hamster", "Dormouse"), rival), field=FIELD_CARDS)
    assert stranded(five)[0] == 1 and stranded(four)[0] == 0
    playable = evaluate(four)[0] - evaluate(three)[0]
    stranded_card = evaluate(five)[0] - evaluate(four)[0]
    assert stranded_card < playable


def test_the_ender_s_field_play_to_come_counts_for_the_ender() -> None:
    # Seat 1 played its last card; seat 0 takes its last turn with one card, then seat 1 plays a Field card as its own.
    # Neither has scored or collected: seat 0's card to play against seat 1's Field card to come, which the ender picks
    # from the whole Field (self-play says it is worth more: fitted, the ender leads).
    last_turn = position(hands=(("Jerboa",), ()), field=FIELD_CARDS, player=0, ender=1)
    assert evaluate(last_turn)[1] > evaluate(last_turn)[0]
