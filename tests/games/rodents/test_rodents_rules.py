"""Raging Rodents rules, one behaviour per test, from the rules text (raging-rodents.txt) and RULINGS.md 5."""

from __future__ import annotations

import msgspec
import pytest

from exotui.engine.protocol import GameSetupError, IllegalAction
from exotui.games import get
from exotui.games.rodents import automaton, rules
from exotui.games.rodents.cards import ALL_CARDS, BACK_OF, CARDS, HOUSE_NOTE
from exotui.games.rodents.state import (
    ACT,
    FIELD,
    MORE,
    NO_TARGET,
    OVER,
    PLACE,
    TO_BOTTOM,
    UNSEEN,
    AutoMove,
    Collection,
    Pass,
    Place,
    Play,
    Reveal,
    Stop,
    Swap,
    hidden,
)
from rodents_builders import card, cards, cards_in, collection, position, rodent

GAME = get("rodents")


def points(*collections: Collection) -> tuple[int, ...]:
    return rules.totals(collections)


# --- scoring: the rules' worked example first -----------------------------------------------------------------


def test_the_jerboa_scores_3_alone_6_with_one_other_and_1_with_more():
    assert points(collection("Jerboa")) == (3,)
    assert points(collection("Jerboa"), collection("Hamster")) == (6, 2)
    assert points(collection("Jerboa", "Prairie Dog"), collection("Hamster")) == (1 + 3, 5)


def test_n_counts_rodents_of_the_habitat_in_every_collection_and_no_other_habitat():
    assert points(collection("Jerboa", "Red Squirrel", "Water Vole"), collection("Dormouse")) == (3 + 6 + 3, 4)


def test_a_predator_scores_3_for_the_collection_holding_it():
    assert points(collection(predators=("Fox", "Owl")), collection("Jerboa")) == (6, 3)


def test_an_adaptation_moves_a_rodent_to_its_habitat_for_n_and_the_top_one_counts():
    forest_jerboa = rodent("Jerboa", adaptations=("Forest adaptation",))
    assert points(collection(forest_jerboa, "Red Squirrel")) == (6 + 6,)
    twice = rodent("Jerboa", adaptations=("Forest adaptation", "River adaptation"))
    assert points(collection(twice, "Red Squirrel", "Water Vole")) == (6 + 3 + 6,)


def test_mutations_apply_in_the_order_played_and_may_go_negative():
    assert points(collection(rodent("Jerboa", mutations=("+3", "x2")))) == ((3 + 3) * 2,)
    assert points(collection(rodent("Jerboa", mutations=("x2", "+3")))) == (3 * 2 + 3,)
    assert points(collection(rodent("Hamster", mutations=("-2",)))) == (-1,)


# --- setup ----------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("players", "hand", "field", "aside"), [(2, 5, 4, 4), (3, 4, 3, 3), (4, 3, 3, 3)])
def test_the_deal_gives_hands_a_field_and_aside_cards_by_player_count(players, hand, field, aside):
    state = GAME.new_game(7, players)
    assert [len(h) for h in state.hands] == [hand] * players
    assert (len(state.field), len(state.aside), state.stack) == (field, aside, ())
    assert sorted(cards_in(state)) == list(ALL_CARDS)
    assert state.invasions == 3 and state.invasion == 1


def test_the_solo_deal_is_4_in_hand_4_in_the_field_2_aside_and_8_in_the_automatons_stack():
    state = GAME.new_game(7, 1)
    placed = sum(len(turn.moves) - sum(m.target == TO_BOTTOM for m in turn.moves) for turn in state.automaton)
    assert (len(state.hands[0]), len(state.field), len(state.aside)) == (4, 4, 2)
    assert len(state.stack) + placed == 8
    assert state.invasions == 1


def test_the_player_with_fewest_animals_starts_then_fewest_adaptations():
    hands = (cards("Jerboa", "Fox", "x2"), cards("Owl", "+3", "-2"), cards("Beaver", "Forest adaptation", "+3"))
    assert rules._starting_player(hands, 5)[0] == 1
    hands = (cards("Jerboa", "x2"), cards("Owl", "River adaptation"), cards("Beaver", "-2"))
    assert rules._starting_player(hands, 5)[0] in (0, 2)


@pytest.mark.parametrize(
    ("players", "variant", "message"),
    [
        (5, None, "1 to 4 players"),
        (0, None, "got 0"),
        (2, "6-invasions", "no variant"),
        (2, "solo", "no variant"),
    ],
)
def test_bad_setups_are_refused_with_a_clear_message(players, variant, message):
    with pytest.raises(GameSetupError, match=message):
        GAME.new_game(1, players, variant)


def test_a_variant_sets_the_number_of_invasions():
    assert GAME.new_game(1, 2, "5-invasions").invasions == 5
    assert GAME.new_game(1, 1, "2-invasions").invasions == 2


def test_the_card_data_carries_the_house_mark():
    assert "[house]" in HOUSE_NOTE
    assert not CARDS[card("Jerboa")].house and CARDS[card("Beaver")].house


# --- a turn ---------------------------------------------------------------------------------------------------


def two_player(**fields):
    defaults = {
        "hands": (("Jerboa", "Fox", "x2"), ("Owl", "Dormouse", "Forest adaptation")),
        "field": ("Beaver", "Otter", "+3", "-2"),
    }
    return position(2, **{**defaults, **fields})


def test_a_rodent_goes_only_to_its_own_collection():
    state = two_player()
    assert [a for a in GAME.legal_actions(state) if isinstance(a, Play) and a.hand == 0] == [Play(0, 0)]
    with pytest.raises(IllegalAction, match="Jerboa cannot be played to collection 2"):
        GAME.apply(state, Play(0, 1))


def test_a_predator_goes_to_any_collection():
    plays = [a for a in GAME.legal_actions(two_player()) if isinstance(a, Play) and a.hand == 1]
    assert plays == [Play(1, 0), Play(1, 1)]


def test_an_event_needs_a_rodent_on_the_table_and_goes_onto_any_rodent():
    state = two_player()
    assert not [a for a in GAME.legal_actions(state) if isinstance(a, Play) and a.hand == 2]
    state = two_player(collections=(collection("Hamster"), collection("Chipmunk", "Muskrat")))
    plays = [a for a in GAME.legal_actions(state) if isinstance(a, Play) and a.hand == 2]
    assert plays == [Play(2, 0, 0), Play(2, 1, 0), Play(2, 1, 1)]


def test_a_swap_is_always_possible_and_exchanges_unseen():
    state = two_player()
    after = GAME.apply(state, Swap(1, 2))
    assert after.hands[0] == cards("Jerboa", "+3", "x2")
    assert after.field == cards("Beaver", "Otter", "Fox", "-2")
    assert after.step == MORE and after.player == 0


def test_a_turn_is_one_or_two_actions():
    state = GAME.apply(two_player(), Swap(0, 0))
    assert Stop() in GAME.legal_actions(state)
    assert GAME.apply(state, Stop()).player == 1
    after_two = GAME.apply(state, Swap(0, 0))
    assert (after_two.player, after_two.step) == (1, ACT)
    with pytest.raises(IllegalAction, match="at least one action"):
        GAME.apply(two_player(), Stop())


def test_the_same_action_may_be_taken_twice():
    state = GAME.apply(two_player(), Play(0, 0))  # the Jerboa; the hand is now the Fox and the x2
    state = GAME.apply(state, Play(0, 1))  # the Fox to Seat 2's collection
    assert state.collections == (collection("Jerboa"), collection(predators=("Fox",)))
    assert (state.player, state.step) == (1, ACT)


# --- predators --------------------------------------------------------------------------------------------------


def test_a_predator_eats_only_the_unmutated_rodents_of_its_habitat_in_that_collection():
    state = two_player(
        hands=(("Chipmunk", "Fox", "x2"), ("Owl", "Red Squirrel", "Forest adaptation")),
        field=("Beaver", "Otter", "Muskrat", "-2"),
        collections=(
            collection("Hamster"),
            collection("Prairie Dog", rodent("Jerboa", mutations=("+3",)), "Dormouse", "Water Vole"),
        ),
    )
    after = GAME.apply(state, Play(1, 1))  # the Fox to Seat 2's collection
    assert [one.card for one in after.collections[1].rodents] == list(cards("Jerboa", "Dormouse", "Water Vole"))
    assert after.collections[1].predators == cards("Fox")
    assert after.collections[0].rodents == (rodent("Hamster"),)
    assert after.removed == cards("Prairie Dog")


def test_rodents_played_after_the_predator_are_safe():
    state = two_player(hands=(("Fox", "Jerboa", "x2"), ("Owl", "Dormouse", "Forest adaptation")))
    state = GAME.apply(state, Play(0, 0))
    state = GAME.apply(state, Play(0, 0))
    assert state.collections[0].rodents == (rodent("Jerboa"),)
    assert points(*state.collections) == (3 + 3, 0)


def test_a_predator_eats_by_the_habitat_an_adaptation_gave_and_the_adaptation_goes_with_the_rodent():
    state = two_player(
        hands=(("Owl", "Jerboa", "x2"), ("Fox", "Dormouse", "Hamster")),
        field=("Beaver", "Otter", "+3", "-2"),
        collections=(
            collection(rodent("Water Vole", adaptations=("Forest adaptation",)), "Red Squirrel"),
            Collection(),
        ),
    )
    after = GAME.apply(state, Play(0, 0))
    assert after.collections[0].rodents == ()
    assert after.removed == cards("Red Squirrel", "Water Vole", "Forest adaptation")


# --- the end of an invasion -------------------------------------------------------------------------------------


def ending(**fields):
    """Seat 1 holds one card, Seat 2 two; a Hamster and a Chipmunk are already out."""
    defaults = {
        "hands": (("Jerboa",), ("Owl", "Dormouse")),
        "field": ("Beaver", "Otter", "+3", "-2"),
        "collections": (collection("Hamster"), collection("Chipmunk")),
    }
    return position(2, **{**defaults, **fields})


def test_playing_the_last_card_ends_the_turn_and_gives_each_other_player_one_last_turn():
    state = GAME.apply(ending(), Play(0, 0))
    assert (state.player, state.step, state.ender) == (1, ACT, 0)
    assert Pass() in GAME.legal_actions(state)
    state = GAME.apply(state, Pass())
    assert (state.player, state.step) == (0, FIELD)


def test_a_last_turn_may_take_two_actions():
    state = GAME.apply(ending(), Play(0, 0))
    state = GAME.apply(state, Play(1, 1))  # the Dormouse
    state = GAME.apply(state, Swap(0, 0))
    assert (state.player, state.step) == (0, FIELD)


def test_a_pass_is_only_for_a_last_turn():
    with pytest.raises(IllegalAction, match="only a last turn"):
        GAME.apply(ending(), Pass())


def test_the_ender_plays_a_field_card_unseen_as_their_own_then_the_invasion_is_scored():
    state = GAME.apply(GAME.apply(ending(), Play(0, 0)), Pass())
    assert GAME.legal_actions(state) == (Pass(), Reveal(0), Reveal(1), Reveal(2), Reveal(3))
    after = GAME.apply(state, Reveal(0))  # the Beaver goes to the ender's collection
    # Seat 1: Hamster + Jerboa (Prairie N=2: 2 + 6 = 8) and the Beaver alone in the River (1): 9. Seat 2: Chipmunk 1.
    assert after.scores == (9, 1)
    assert after.invasion == 2 and after.step == ACT
    assert GAME.events(state, Reveal(0), after) == (
        "Invasion 1 scored: Seat 1 9, Seat 2 1.",
        f"Invasion 2 is dealt: Seat {after.player + 1} starts.",
    )


def test_a_field_card_that_cannot_be_played_does_nothing():
    state = ending(hands=(("Owl",), ("Fox", "Dormouse")), field=("Beaver", "Otter", "x2", "-2"), collections=())
    state = GAME.apply(GAME.apply(state, Play(0, 0)), Pass())
    after = GAME.apply(state, Reveal(2))  # the x2 mutation, with no rodent on the table
    assert after.scores == (3, 0)


def test_a_field_predator_asks_which_collection():
    state = GAME.apply(GAME.apply(ending(), Play(0, 0)), Pass())
    asked = GAME.apply(state, Reveal(1))  # the Otter
    assert (asked.step, asked.pending, asked.player) == (PLACE, card("Otter"), 0)
    assert GAME.legal_actions(asked) == (Place(0), Place(1))
    after = GAME.apply(asked, Place(1))
    assert after.scores == (8, 1 + 3)


def test_the_scores_add_up_over_invasions_and_the_highest_total_wins():
    state = position(2, variant="1-invasion", hands=(("Jerboa",), ("Owl",)), field=("Beaver", "Otter", "+3", "-2"))
    state = GAME.apply(state, Play(0, 0))
    state = GAME.apply(state, Pass())
    state = GAME.apply(state, Pass())
    assert state.step == OVER and state.scores == (3, 0)
    assert GAME.outcome(state) == (1.0, 0.0)


def test_a_tie_plays_another_invasion():
    state = position(
        2,
        variant="1-invasion",
        hands=(("Jerboa",), ("Owl",)),
        field=("Beaver", "Otter", "+3", "-2"),
        collections=(Collection(), collection("Red Squirrel")),
    )
    state = GAME.apply(GAME.apply(GAME.apply(state, Play(0, 0)), Pass()), Pass())
    assert state.scores == (3, 3)
    assert (state.step, state.invasion, state.invasions) == (ACT, 2, 1)


def test_a_tie_still_there_after_the_safety_limit_is_a_shared_win():
    state = position(
        2,
        variant="1-invasion",
        hands=(("Jerboa",), ("Owl",)),
        field=("Beaver", "Otter", "+3", "-2"),
        collections=(Collection(), collection("Red Squirrel")),
        invasion=1 + rules.SAFETY_EXTRA_INVASIONS,
    )
    state = GAME.apply(GAME.apply(GAME.apply(state, Play(0, 0)), Pass()), Pass())
    assert state.step == OVER and GAME.outcome(state) == (0.5, 0.5)


def test_an_invasion_where_nobody_ends_is_scored_at_the_safety_limit():
    state = two_player(invasion_turns=rules.SAFETY_TURNS_EACH * 2 - 1)
    state = GAME.apply(GAME.apply(state, Swap(0, 0)), Stop())
    assert state.invasion == 2


# --- what each seat sees ------------------------------------------------------------------------------------------


def test_the_view_hides_other_hands_and_the_field_behind_their_backs_and_aside_cards_entirely():
    seen = GAME.view(two_player(), 0)
    assert seen.hands[0] == cards("Jerboa", "Fox", "x2")
    assert seen.hands[1] == (hidden(BACK_OF[card("Owl")]), hidden(BACK_OF[card("Dormouse")]), hidden(4))
    assert seen.field == tuple(hidden(BACK_OF[c]) for c in cards("Beaver", "Otter", "+3", "-2"))
    assert set(seen.aside) == {UNSEEN} and seen.rng == 0


def test_the_swapper_alone_learns_the_field_card_and_the_others_keep_knowing_where_theirs_went():
    state = GAME.apply(two_player(), Swap(0, 1))  # Seat 1 gives the Jerboa, takes the Otter
    assert GAME.view(state, 0).hands[0][0] == card("Otter")
    assert GAME.view(state, 1).hands[0][0] == hidden(BACK_OF[card("Otter")])
    assert GAME.view(state, 0).field[1] == card("Jerboa")
    state = GAME.apply(state, Stop())
    state = GAME.apply(state, Swap(2, 1))  # Seat 2 takes the Jerboa and gives its adaptation
    assert GAME.view(state, 0).hands[1][2] == card("Jerboa"), "Seat 1 knows where its Jerboa is"
    assert GAME.view(state, 1).hands[1][2] == card("Jerboa")
    assert GAME.view(state, 1).field[1] == card("Forest adaptation")
    assert GAME.view(state, 0).field[1] == hidden(4)


def test_a_field_card_turned_up_is_public():
    state = GAME.apply(GAME.apply(ending(), Play(0, 0)), Pass())
    asked = GAME.apply(state, Reveal(1))
    assert GAME.view(asked, 1).field[1] == card("Otter")


# --- the solo game against the automaton ----------------------------------------------------------------------------


def solo(stack, **fields):
    """A solo position with the automaton's stack given; the hand and the Field default to cards used nowhere else."""
    used = set(cards(*stack, *(c for hand in fields.get("hands", ()) for c in hand), *fields.get("field", ())))
    for pile in fields.get("collections", ()):
        used |= set(pile.predators) | {c for one in pile.rodents for c in (one.card, *one.mutations, *one.adaptations)}
    free = [c for c in ALL_CARDS if c not in used]
    defaults = {"hands": ((free[0],),), "field": tuple(free[1:5])}
    return position(1, stack=stack, **{**defaults, **fields})


def automaton_turn(state):
    return automaton.turn(state)


def test_the_automaton_places_rodents_and_predators_in_its_own_collection_eating_its_own_rodents():
    state = automaton_turn(solo(("Hamster", "Prairie Dog", "Fox", "Beaver")))
    assert [one.card for one in state.collections[1].rodents] == list(cards("Hamster", "Prairie Dog"))
    state = automaton_turn(state)
    assert state.collections[1].predators == cards("Fox")
    assert [one.card for one in state.collections[1].rodents] == [card("Beaver")]
    assert rules.totals(state.collections)[1] == 3 + 1
    assert state.automaton[-1].moves[0] == AutoMove(card("Fox"), NO_TARGET, cards("Hamster", "Prairie Dog"))


def test_an_event_with_no_automaton_rodent_goes_to_the_bottom_and_the_next_card_is_revealed():
    state = automaton_turn(solo(("x2", "Hamster", "+3", "Beaver", "Chipmunk"), stack_unseen=5))
    moves = state.automaton[-1].moves
    assert moves[0] == AutoMove(card("x2"), TO_BOTTOM)
    assert [one.card for one in state.collections[1].rodents] == [card("Hamster")]
    assert state.collections[1].rodents[0].mutations == cards("+3")
    assert state.stack == cards("Beaver", "Chipmunk", "x2")
    assert state.stack_unseen == 2, "the card sent to the bottom is face up"


def test_the_automatons_turn_ends_once_every_card_left_went_to_the_bottom_this_turn():
    state = automaton_turn(solo(("x2", "River adaptation")))
    assert state.stack == cards("x2", "River adaptation")
    assert [m.target for m in state.automaton[-1].moves] == [TO_BOTTOM, TO_BOTTOM]


def test_a_mutation_goes_to_the_last_revealed_rodent_it_does_not_make_negative():
    pile = collection("Red Squirrel", "Dormouse", "Hamster")  # Hamster alone in the Prairie: 1 point
    state = automaton_turn(solo(("-2",), collections=(Collection(), pile)))
    assert [one.mutations for one in state.collections[1].rodents] == [(), cards("-2"), ()]


def test_a_mutation_that_makes_every_rodent_negative_protects_one_whose_predator_is_still_to_come():
    pile = collection("Hamster", "Chipmunk")  # 1 point each, all the others are out of play
    state = solo(("-2",), collections=(collection(predators=("Fox",)), pile))
    state = automaton_turn(state)
    assert [one.mutations for one in state.collections[1].rodents] == [(), cards("-2")]
    state = solo(("-2",), collections=(collection(predators=("Owl",)), pile))
    state = automaton_turn(state)
    assert [one.mutations for one in state.collections[1].rodents] == [cards("-2"), ()]


def test_a_mutation_with_no_better_choice_goes_to_the_rodent_revealed_last():
    pile = collection("Hamster", "Chipmunk")
    state = solo(("-2",), collections=(collection(predators=("Fox", "Owl")), pile))
    state = automaton_turn(state)
    assert [one.mutations for one in state.collections[1].rodents] == [(), cards("-2")]


def test_an_adaptation_prefers_a_rodent_of_another_habitat():
    pile = collection("Water Vole", "Jerboa")
    state = automaton_turn(solo(("Prairie adaptation",), collections=(Collection(), pile)))
    assert [one.adaptations for one in state.collections[1].rodents] == [cards("Prairie adaptation"), ()]


def test_an_adaptation_is_not_put_over_another_unless_there_is_no_other_choice():
    pile = collection(rodent("Water Vole", adaptations=("Forest adaptation",)), "Red Squirrel")
    state = automaton_turn(solo(("Prairie adaptation",), collections=(Collection(), pile)))
    assert [one.adaptations for one in state.collections[1].rodents] == [
        cards("Forest adaptation"),
        cards("Prairie adaptation"),
    ]
    pile = collection(rodent("Water Vole", adaptations=("Forest adaptation",)))
    state = automaton_turn(solo(("Prairie adaptation",), collections=(Collection(), pile)))
    assert state.collections[1].rodents[0].adaptations == cards("Forest adaptation", "Prairie adaptation")


def test_an_adaptation_goes_where_it_raises_the_automatons_total_most():
    # Now: Jerboa 6 + Hamster 2 (Prairie N = 2), Beaver 1, Red Squirrel 3: 12. On the Beaver (Prairie N = 3):
    # Jerboa 1 + Hamster 5 + Beaver 5 + Red Squirrel 3 = 14; on the Red Squirrel: 1 + 5 + 1 + 1 = 8.
    pile = collection("Jerboa", "Hamster", "Beaver", "Red Squirrel")
    state = automaton_turn(solo(("Prairie adaptation",), collections=(Collection(), pile)))
    assert [one.card for one in state.collections[1].rodents if one.adaptations] == [card("Beaver")]
    assert rules.totals(state.collections)[1] == 14


def test_an_adaptation_with_equal_gains_goes_to_the_rodent_revealed_last():
    pile = collection("Red Squirrel", "Water Vole")
    state = automaton_turn(solo(("Prairie adaptation",), collections=(Collection(), pile)))
    assert [one.adaptations for one in state.collections[1].rodents] == [(), cards("Prairie adaptation")]


def test_the_automaton_goes_first_then_the_player_each_of_four_turns_and_the_invasion_is_scored():
    state = GAME.new_game(3, 1)
    assert len(state.automaton) == 1 and state.player == 0
    turns = 0
    while not GAME.is_over(state):
        state = GAME.apply(state, Swap(0, 0))
        if state.step == MORE:
            state = GAME.apply(state, Stop())
        turns += 1
    assert turns == 4 and len(state.automaton) == 4


def test_solo_a_tie_is_a_loss():
    state = msgspec.structs.replace(GAME.new_game(3, 1), scores=(10, 10), step=OVER)
    assert GAME.outcome(state) == (0.0,)
    assert GAME.outcome(msgspec.structs.replace(state, scores=(11, 10))) == (1.0,)


def test_solo_an_empty_hand_passes_and_the_automaton_plays_on():
    state = solo(
        ("Beaver", "Muskrat", "Chipmunk", "Hamster", "Water Vole", "Dormouse"), hands=(("Jerboa",),), invasion_turns=1
    )
    state = GAME.apply(state, Play(0, 0))
    assert state.step == OVER
    assert len(state.automaton) == 2, "turns 3 and 4 of the automaton, after the player's turn 2 and the pass of 3"


def test_solo_the_events_tell_the_automatons_moves():
    state = GAME.apply(solo(("Beaver", "Owl"), hands=(("Jerboa", "Fox"),)), Play(0, 0))
    after = GAME.apply(state, Stop())
    assert GAME.describe(state, Stop()) == "Seat 1 ends the turn."
    assert GAME.events(state, Stop(), after) == (
        "The automaton reveals the Beaver (to its collection), then the Owl (to its collection).",
    )


# --- bad input ------------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("action", "message"),
    [
        (Swap(7, 0), "no hand card 8"),
        (Swap(0, 9), "no Field card 10"),
        (Play(2, 0, 5), "x2 mutation cannot be played onto rodent 6"),
        (Play(True, 0), "Play.hand must be"),
        (Reveal(0), "expected an action"),
        (Place(0), "expected an action"),
        ("swap", "not an action of this game"),
    ],
)
def test_illegal_actions_are_refused_with_a_clear_message(action, message):
    with pytest.raises(IllegalAction, match=message):
        GAME.apply(two_player(), action)


def test_nothing_is_legal_once_the_game_is_over():
    state = msgspec.structs.replace(two_player(), step=OVER)
    assert GAME.legal_actions(state) == ()
    with pytest.raises(IllegalAction, match="over"):
        GAME.apply(state, Swap(0, 0))


def test_describe_names_positions_and_backs_for_a_swap_and_the_points_for_a_play():
    state = two_player(collections=(collection("Hamster"), Collection()))
    assert GAME.describe(state, Swap(0, 1)) == "Seat 1 swaps hand card 1 (Prairie back) for Field card 2 (River back)."
    assert GAME.describe(state, Play(0, 0)) == "Seat 1 plays the Jerboa to their own collection (Seat 1 1 -> 8)."
    assert GAME.describe(state, Play(1, 0)) == (
        "Seat 1 plays the Fox to their own collection, eating the Hamster (Seat 1 1 -> 3)."
    )
