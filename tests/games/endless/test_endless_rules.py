"""Endless Forms scenarios from the rulebook (endless-forms.txt) and RULINGS.md section 3: every card at least once.

Positions are built in rulebook words (tests/endless_builders.py). North plays first; turn 1 is North's Day turn.
A question with a single answer is answered by the rules, so a test often sees the phase already moved on.
"""

from __future__ import annotations

import random

import msgspec
import pytest

from endless_builders import (
    NORTH,
    SOUTH,
    card,
    find,
    habitat,
    pass_until,
    play,
    population,
    position,
    scripted,
    species,
)
from exotui.engine.protocol import IllegalAction
from exotui.engine.rng import below
from exotui.games.endless.cards import ARTHROPODS, DESERT_PLAYA, EMPTY, HIDDEN, KINDS, card_name
from exotui.games.endless.ending import ending
from exotui.games.endless.rules import apply, current_player, is_over, legal_actions, new_game, outcome
from exotui.games.endless.state import (
    ASK_DEPLOY,
    ASK_MOVE,
    ASK_MULLIGAN,
    ASK_PATHOGEN,
    ASK_REVEAL,
    AT_RESPONSE,
    AT_ZERO,
    EXERT,
    INITIALIZE,
    MOVE,
    OVER,
    TERMINATION,
    DeployEffect,
    DeployEvent,
    DeploySpecies,
    EndDeploy,
    EndlessState,
    EndMove,
    Exert,
    Flee,
    HotFoot,
    Keep,
    Move,
    Mulligan,
    Pass,
    Phase,
    Reveal,
    RevealAt,
    Sicken,
    Stand,
    Step,
)
from exotui.games.endless.view import (
    SEAT_NAMES,
    SpeciesNow,
    describe_to,
    determinize,
    events,
    row_now,
    view,
)

# An event North keeps in hand, so that its Deploy Phase goes on asking after a deployment.
HOLD = "North Once Thought Extinct"


def asking(state) -> int:
    return state.tasks[-1][0]


def to_move_phase(state):
    """From the Exert Phase on: answer nothing else and stop at the Move Phase's question."""
    assert asking(state) == ASK_MOVE, state.tasks
    return state


# ---------------------------------------------------------------------------------------------------------------
# Setup, turns and the end


def test_a_state_names_its_phase_and_its_steps_and_is_saved_as_plain_numbers():
    """A failing test prints Phase.DEPLOY and (<Step.ASK_REVEAL: 4>, 1, <RevealAt.RESPONSE: 2>, -1); the bytes are
    those of plain ints, so saves, state hashes and the wire did not change."""
    board = [species("North Oryx", 0, 5), species("South Oryx", 1, 5)]
    state = position(board=board, events=("North Drought", "South Hyper-adaptive Fauna"))
    state = apply(state, Reveal(NORTH, card("North Drought")))
    assert type(state.phase) is Phase and all(type(task[0]) is Step for task in state.tasks), state.tasks
    assert state.tasks[-1] == (Step.ASK_REVEAL, SOUTH, RevealAt.RESPONSE, -1)
    data = msgspec.msgpack.encode(state)
    assert data == msgspec.msgpack.encode(msgspec.to_builtins(state))
    decoded = msgspec.msgpack.decode(data, type=EndlessState)
    assert decoded == state and type(decoded.phase) is Phase


def test_each_player_draws_eight_and_the_first_player_decides_the_mulligan_first():
    state = new_game(7)
    assert [len(hand) for hand in state.hands] == [8, 8]
    assert state.tasks[-1] == (ASK_MULLIGAN, state.first)
    assert legal_actions(state) == (Keep(), Mulligan())


def test_the_first_mulligan_redraws_eight_and_each_later_one_a_card_fewer():
    state = new_game(7)
    seat = state.first
    state = apply(state, Mulligan())
    assert len(state.hands[seat]) == 8
    state = apply(state, Mulligan())
    assert len(state.hands[seat]) == 7
    state = apply(state, Mulligan())
    assert len(state.hands[seat]) == 6
    assert len(state.hands[seat]) + len(state.decks[seat]) == 40


def test_habitats_alternate_first_player_second_player_after_both_hands_are_kept():
    state = play(new_game(7), Keep())
    assert state.habitats == ()
    state = apply(state, Keep())
    owners = [h.card // KINDS for h in state.habitats]
    assert owners == [state.first, 1 - state.first, state.first, 1 - state.first]
    assert state.turn == 1 and current_player(state) == state.first


def test_day_draws_one_card_and_night_draws_two():
    day = position(hands=(("North Coyote",), ()), phase=INITIALIZE, turn=1)
    assert len(day.hands[NORTH]) == 2
    night = position(hands=(("North Coyote",), ()), phase=INITIALIZE, turn=3)
    assert len(night.hands[NORTH]) == 3


def test_a_deployed_species_arrives_with_its_growth_rate_and_its_always_on_bonuses():
    # Banner-tailed Kangaroo Rat: X 2, +1 at [seeds]; Desert Arroyo (position 1) has seeds.
    state = position(hands=(("North Banner-tailed Kangaroo Rat", HOLD), ()))
    state = apply(state, DeploySpecies(card("North Banner-tailed Kangaroo Rat"), 0))
    assert population(state, "North Banner-tailed Kangaroo Rat") == 3


def test_a_player_has_at_most_three_species_at_one_habitat():
    board = [species(f"North {name}", 0, 2) for name in ("Oryx", "Coyote", "Gray Vireo")]
    state = position(board=board, hands=(("North Melon Aphids",), ()))
    targets = {a.habitat for a in legal_actions(state) if type(a) is DeploySpecies}
    assert targets == {1, 2, 3}


def test_only_one_species_one_effect_and_one_event_per_deploy_phase():
    hand = ("North Melon Aphids", "North Oryx", "North Drought", "North Insect Swarm")
    state = position(hands=(hand, ()))
    state = apply(state, DeploySpecies(card("North Melon Aphids"), 0))
    kinds = {type(a) for a in legal_actions(state)}
    assert kinds == {EndDeploy, DeployEvent, DeployEffect}
    state = apply(state, DeployEvent(card("North Drought")))
    # Holding Drought, North is now asked after the deployment whether to reveal it.
    state = apply(state, Pass(NORTH))
    state = apply(state, DeployEffect(card("North Insect Swarm"), 0))
    state = apply(state, Pass(NORTH))
    assert find(state, "North Oryx") is None
    assert asking(state) != ASK_DEPLOY


def test_every_species_loses_its_decline_in_every_termination_and_zero_is_discarded():
    board = [species("North Oryx", 0, 2), species("South Melon Aphids", 1, 1)]
    state = position(board=board, phase=TERMINATION)
    assert find(state, "North Oryx") is None  # Oryx Y 2: from 2 to 0, discarded
    assert find(state, "South Melon Aphids") is None
    assert card("North Oryx") in state.discards[NORTH] and card("South Melon Aphids") in state.discards[SOUTH]


def test_effects_go_to_the_discard_pile_with_their_species():
    board = [species("North Oryx", 0, 2, effects=("South Wicked Reflexes",))]
    state = position(board=board, phase=TERMINATION)
    assert card("South Wicked Reflexes") in state.discards[SOUTH]


def test_after_sixteen_turns_the_larger_total_population_wins_and_equal_totals_draw():
    board = [species("North Oryx", 0, 9), species("South Oryx", 1, 8)]
    state = position(board=board, phase=TERMINATION, turn=16, first=NORTH)
    assert state.phase == OVER and outcome(state) == (1.0, 0.0)
    board = [species("North Oryx", 0, 9), species("South Oryx", 1, 9)]
    state = position(board=board, phase=TERMINATION, turn=16)
    assert outcome(state) == (0.5, 0.5)


def test_an_illegal_action_is_refused_with_a_reason():
    state = position(hands=(("North Oryx",), ()))
    with pytest.raises(IllegalAction, match="not a legal choice now: expected a deployment"):
        apply(state, DeploySpecies(card("South Oryx"), 0))
    with pytest.raises(IllegalAction, match="not an action of this game"):
        apply(state, "deploy")


# ---------------------------------------------------------------------------------------------------------------
# Exert and predation


def test_a_predator_may_prey_on_its_own_rank_or_up_to_three_lower_in_its_habitat():
    board = [
        species("North American Badger", 0, 3),  # rank 5
        species("South Oryx", 0, 4),  # rank 6: too big
        species("South Melon Aphids", 0, 4),  # rank 1: too small
        species("South Ornate Box Turtle", 0, 4),  # rank 3
        species("South Chihuahuan Raven", 0, 4),  # rank 4
        species("South Turkey Vulture", 1, 4),  # rank 5, elsewhere
    ]
    state = position(board=board, phase=EXERT)
    preys = {a.prey for a in legal_actions(state) if a.card == card("North American Badger")}
    assert preys == {card("South Ornate Box Turtle"), card("South Chihuahuan Raven")}


def test_predation_gives_the_predator_its_growth_and_takes_one_from_the_prey():
    board = [species("North American Kestrel", 0, 3), species("South Ornate Box Turtle", 0, 4)]
    state = position(board=board, phase=EXERT)
    # Single choice: the rules exert the Kestrel on the Turtle themselves.
    assert population(state, "North American Kestrel") == 5
    assert population(state, "South Ornate Box Turtle") == 3
    assert find(state, "North American Kestrel").exerted


def test_a_predator_without_prey_does_not_exert():
    state = position(board=[species("North Coyote", 0, 3)], phase=EXERT)
    assert not find(state, "North Coyote").exerted and population(state, "North Coyote") == 3


def test_the_player_picks_the_exert_order_and_a_prey_can_die_before_the_next_predator():
    board = [
        species("North American Kestrel", 1, 3),
        species("North Greater Roadrunner", 0, 3),
        species("South Banner-tailed Kangaroo Rat", 0, 1),
    ]
    state = position(board=board, phase=EXERT)
    state = apply(state, Exert(card("North American Kestrel"), card("South Banner-tailed Kangaroo Rat")))
    assert find(state, "South Banner-tailed Kangaroo Rat") is None
    # The Roadrunner has no prey left, so the phase ends.
    assert asking(state) == ASK_MOVE and not find(state, "North Greater Roadrunner").exerted


def test_non_predators_exert_for_their_growth_and_exerted_species_do_not_exert_again():
    board = [species("North Oryx", 0, 3), species("North Melon Aphids", 1, 3, exerted=True)]
    state = position(board=board, phase=EXERT)
    assert population(state, "North Oryx") == 6 and population(state, "North Melon Aphids") == 3


def test_a_predator_may_prey_on_its_owners_species_but_never_on_itself():
    board = [species("North Coyote", 0, 3), species("North Oryx", 0, 3)]
    state = position(board=board, phase=EXERT)
    assert {a.prey for a in legal_actions(state) if a.card == card("North Coyote")} == {card("North Oryx")}
    state = apply(state, Exert(card("North Oryx")))  # then the Coyote's one choice is made for North
    assert population(state, "North Oryx") == 3 + 3 - 1


# ---------------------------------------------------------------------------------------------------------------
# Species abilities


def test_american_badger_dubious_pair_takes_an_extra_population_from_the_prey():
    board = [
        species("North American Badger", 0, 3),
        species("North Coyote", 0, 3),
        species("South Chihuahuan Raven", 0, 5),
    ]
    state = position(board=board, phase=EXERT)
    state = apply(state, Exert(card("North American Badger"), card("South Chihuahuan Raven")))
    assert population(state, "South Chihuahuan Raven") == 3


def test_coyote_dubious_pair_gains_one_more_with_the_badger():
    board = [species("North American Badger", 0, 3), species("North Coyote", 0, 3), species("South Oryx", 0, 5)]
    state = position(board=board, phase=EXERT)
    state = apply(state, Exert(card("North Coyote"), card("South Oryx")))
    assert population(state, "North Coyote") == 3 + 3 + 1


def test_american_kestrel_keen_eyes_preys_in_an_adjacent_habitat():
    board = [species("North American Kestrel", 1, 3), species("South Ornate Box Turtle", 2, 4)]
    state = position(board=board, phase=EXERT)
    assert population(state, "South Ornate Box Turtle") == 3 and population(state, "North American Kestrel") == 5


def test_black_chinned_hummingbird_gains_for_flowers_and_for_arthropods():
    # Ocotillo Foothills (position 3) has flowers and arthropods: X 1 + 1 + 1.
    state = position(hands=(("North Black-chinned Hummingbird", HOLD), ()))
    state = apply(state, DeploySpecies(card("North Black-chinned Hummingbird"), 2))
    assert population(state, "North Black-chinned Hummingbird") == 3


def test_bird_song_reduces_the_decline_in_its_owners_termination_only():
    row = ("North Desert Arroyo", "South Creosote Scrub", "North Ocotillo Foothills", "South River Bosque")
    board = [
        species("North Black-throated Sparrow", 1, 3),
        species("South Gray Vireo", 0, 3),
        species("South Black-throated Sparrow", 2, 3),
    ]
    state = position(row=row, board=board, phase=TERMINATION, turn=1)
    # North's turn: North's Sparrow has Bird song on both sides, K = 2, loses 0; South's birds lose their Y.
    assert population(state, "North Black-throated Sparrow") == 3
    assert population(state, "South Gray Vireo") == 2 and population(state, "South Black-throated Sparrow") == 2


def test_creosote_bush_walkingstick_just_a_twig_steers_the_first_predation_away():
    board = [
        species("North Greater Roadrunner", 0, 3),
        species("North American Kestrel", 0, 3),
        species("South Creosote Bush Walkingstick", 0, 3),
        species("South Banner-tailed Kangaroo Rat", 0, 3),
    ]
    state = position(board=board, phase=EXERT)
    first = {a.prey for a in legal_actions(state) if a.card == card("North Greater Roadrunner")}
    assert first == {card("South Banner-tailed Kangaroo Rat"), card("North American Kestrel")}
    state = apply(state, Exert(card("North Greater Roadrunner"), card("South Banner-tailed Kangaroo Rat")))
    state = apply(state, Pass(NORTH)) if asking(state) == ASK_REVEAL else state
    later = {a.prey for a in legal_actions(state) if a.card == card("North American Kestrel")}
    assert card("South Creosote Bush Walkingstick") in later


def test_just_a_twig_allows_the_protected_species_when_it_is_the_only_prey():
    board = [species("North American Kestrel", 0, 3), species("South Creosote Bush Walkingstick", 0, 3)]
    state = position(board=board, phase=EXERT)
    assert population(state, "South Creosote Bush Walkingstick") == 2


def test_chihuahuan_raven_mated_pair_counts_the_other_players_raven():
    board = [species("South Chihuahuan Raven", 0, 3)]
    state = position(board=board, hands=(("North Chihuahuan Raven", HOLD), ()))
    state = apply(state, DeploySpecies(card("North Chihuahuan Raven"), 0))
    assert population(state, "North Chihuahuan Raven") == 3


def test_gray_vireo_gains_two_more_at_an_arthropods_habitat():
    state = position(hands=(("North Gray Vireo", HOLD), ()))
    state = apply(state, DeploySpecies(card("North Gray Vireo"), 1))  # Creosote Scrub: arthropods
    assert population(state, "North Gray Vireo") == 3


def test_greater_earless_lizard_hot_footed_cancels_the_predation_once_per_turn():
    board = [
        species("North Greater Roadrunner", 0, 3),
        species("North American Kestrel", 0, 3),
        species("South Greater Earless Lizard", 0, 3),
    ]
    state = position(board=board, phase=EXERT)
    state = apply(state, Exert(card("North Greater Roadrunner"), card("South Greater Earless Lizard")))
    assert current_player(state) == SOUTH
    assert legal_actions(state) == (
        Stand(card("South Greater Earless Lizard")),
        HotFoot(card("South Greater Earless Lizard"), 1),
    )
    state = apply(state, HotFoot(card("South Greater Earless Lizard"), 1))
    assert find(state, "South Greater Earless Lizard").habitat == 1
    assert population(state, "North Greater Roadrunner") == 3 and find(state, "North Greater Roadrunner").exerted
    # The Kestrel, its only hunter left, follows it to the adjacent habitat (Keen Eyes): no second escape.
    assert population(state, "South Greater Earless Lizard") == 3 - 1
    assert population(state, "North American Kestrel") == 3 + 2


def test_greater_roadrunner_reptile_specialist_and_zygodactyl_free_move():
    board = [species("North Greater Roadrunner", 0, 3), species("South Ornate Box Turtle", 0, 4)]
    state = position(board=board, phase=EXERT)
    assert population(state, "North Greater Roadrunner") == 3 + 2 + 1
    state = to_move_phase(state)
    state = apply(state, Move(card("North Greater Roadrunner"), 1))
    state = apply(state, Move(card("North Greater Roadrunner"), 2))
    assert find(state, "North Greater Roadrunner").habitat == 2


def test_melon_aphids_gain_at_sap_and_lose_nothing_to_predators_beside_an_aphid_rancher():
    board = [
        species("North Greater Roadrunner", 3, 3),
        species("South Melon Aphids", 3, 4),
        species("South Mexican Honeypot Ants", 3, 1, exerted=True),
    ]
    state = position(board=board, phase=EXERT)
    state = apply(state, Exert(card("North Greater Roadrunner"), card("South Melon Aphids")))
    assert population(state, "South Melon Aphids") == 4 and population(state, "North Greater Roadrunner") == 5
    state = position(hands=(("North Melon Aphids", HOLD), ()))
    assert population(apply(state, DeploySpecies(card("North Melon Aphids"), 3)), "North Melon Aphids") == 4


def test_mexican_honeypot_ants_stockpile_through_offroading_and_ranch_aphids():
    board = [species("North Mexican Honeypot Ants", 0, 1), species("North Melon Aphids", 0, 1)]
    state = position(board=board, phase=EXERT, offroads=(_offroad(0),))
    assert population(state, "North Mexican Honeypot Ants") == 1 + 2 + 1
    assert population(state, "North Melon Aphids") == 1


def test_monarch_butterfly_exceptional_migration_reaches_any_habitat_in_its_move_phase():
    state = position(board=[species("North Monarch Butterfly", 0, 3, exerted=True)], phase=MOVE)
    assert {a.to for a in legal_actions(state) if type(a) is Move} == {1, 2, 3}


def test_ornate_box_turtle_gains_one_at_fruits():
    state = position(hands=(("North Ornate Box Turtle", HOLD), ()))
    assert population(apply(state, DeploySpecies(card("North Ornate Box Turtle"), 3)), "North Ornate Box Turtle") == 3


def test_oryx_invasive_species_loses_one_less_after_moving_in_its_move_phase():
    state = position(board=[species("North Oryx", 0, 5, exerted=True)], phase=MOVE)
    state = apply(state, Move(card("North Oryx"), 1))
    assert population(state, "North Oryx") == 5 - 1


def test_roundtail_horned_lizard_ant_specialist_and_just_a_rock():
    board = [species("North Roundtail Horned Lizard", 0, 3), species("South Mexican Honeypot Ants", 0, 3)]
    state = position(board=board, phase=EXERT)
    lizard = card("North Roundtail Horned Lizard")
    assert legal_actions(state) == (Exert(lizard, -1), Exert(lizard, card("South Mexican Honeypot Ants")))
    state = apply(state, Exert(lizard, card("South Mexican Honeypot Ants")))
    assert population(state, "North Roundtail Horned Lizard") == 5
    assert population(state, "South Mexican Honeypot Ants") == 2
    board = [
        species("North Greater Roadrunner", 1, 3),
        species("South Roundtail Horned Lizard", 1, 3),
        species("South Oryx", 1, 3),
        species("South Chihuahuan Raven", 1, 3),
    ]
    state = position(board=board, phase=EXERT)
    # The Raven is the only prey the Roadrunner may choose: predated upon by the rules themselves.
    assert population(state, "South Chihuahuan Raven") == 2 and population(state, "South Roundtail Horned Lizard") == 3


def test_true_cochineal_bug_commodity_counts_humans_anywhere_in_the_row():
    row = ("North Agricultural Land", "South Creosote Scrub", "North Ocotillo Foothills", "South River Bosque")
    state = position(row=row, hands=(("North True Cochineal Bug", HOLD), ()))
    assert population(apply(state, DeploySpecies(card("North True Cochineal Bug"), 3)), "North True Cochineal Bug") == 3


def test_turkey_vulture_needs_and_removes_a_species_from_a_discard_pile():
    state = position(hands=(("North Turkey Vulture", HOLD), ()))
    assert not any(type(a) is DeploySpecies for a in legal_actions(state))
    state = position(hands=(("North Turkey Vulture", HOLD), ()), discards=((), ("South Oryx",)))
    state = apply(state, DeploySpecies(card("North Turkey Vulture"), 0, card("South Oryx")))
    assert card("South Oryx") in state.removed and population(state, "North Turkey Vulture") == 3


def test_turkey_vulture_scavenger_exerts_after_the_first_predation_at_its_habitat_in_any_exert_phase():
    board = [
        species("South Coyote", 0, 3),
        species("South Oryx", 0, 5),
        species("North Turkey Vulture", 0, 3),
    ]
    state = position(board=board, phase=EXERT, turn=2)  # South's turn
    state = apply(state, Exert(card("South Coyote"), card("South Oryx")))
    vulture = find(state, "North Turkey Vulture")
    assert vulture.exerted and vulture.population == 6


def test_western_hognose_snake_feign_death_stays_at_zero_and_still_hunts():
    state = position(board=[species("North Western Hognose Snake", 0, 1)], phase=TERMINATION)
    assert population(state, "North Western Hognose Snake") == 0
    board = [species("North Western Hognose Snake", 0, 0), species("South Ornate Box Turtle", 0, 3)]
    state = position(board=board, phase=EXERT)
    assert population(state, "North Western Hognose Snake") == 2


# ---------------------------------------------------------------------------------------------------------------
# Effects


def test_aesthetic_choice_gains_one_when_exerting_beside_the_same_group():
    board = [species("North Oryx", 0, 1, effects=("North Aesthetic Choice",)), species("South Coyote", 1, 1)]
    state = position(board=board, phase=EXERT)
    assert population(state, "North Oryx") == 4
    board = [species("North Oryx", 0, 1, effects=("North Aesthetic Choice",)), species("South Coyote", 0, 9)]
    state = position(board=board, phase=EXERT)
    assert population(state, "North Oryx") == 5  # a mammal beside a mammal: +1


def test_artificially_sustained_takes_one_more_from_the_prey():
    board = [species("North Coyote", 0, 3, effects=("North Artificially Sustained",)), species("South Oryx", 0, 5)]
    state = position(board=board, phase=EXERT)
    assert population(state, "South Oryx") == 3
    hand = (("North Artificially Sustained",), ())
    state = position(board=[species("South Oryx", 0, 5), species("South Coyote", 1, 5)], hands=hand)
    targets = {a.target for a in legal_actions(state) if type(a) is DeployEffect}
    assert targets == {card("South Coyote")}


def test_environmental_homogenization_makes_a_fresh_copy_of_an_adjacent_habitat():
    row = ("North Desert Arroyo", habitat("South Desert Playa", 3), "North Ocotillo Foothills", "South River Bosque")
    state = position(row=row, hands=(("North Environmental Homogenization", HOLD), ()))
    state = apply(state, DeployEffect(card("North Environmental Homogenization"), 0, 1))
    arroyo = state.habitats[0]
    assert arroyo.copy == card("North Desert Playa") and arroyo.counters == 6
    assert state.habitats[1].counters == 3


def test_insect_swarm_gives_a_habitat_arthropods():
    state = position(hands=(("North Insect Swarm", "North Gray Vireo", HOLD), ()))
    state = apply(state, DeployEffect(card("North Insect Swarm"), 0))
    state = apply(state, DeploySpecies(card("North Gray Vireo"), 0))
    assert population(state, "North Gray Vireo") == 3


def test_the_row_as_the_rules_read_it_comes_from_either_seats_view():
    """What the habitat row shows beyond the printed cards (growth, decline, the habitat a copy plays as, Insect
    Swarm's Arthropods), worked out by the game from a frozen view: the table runs no rules of its own."""
    board = [species("North Oryx", 0, 5, effects=("South Mutigen",)), species("South Banner-tailed Kangaroo Rat", 0, 2)]
    row = (
        habitat("North Desert Arroyo", effects=("South Insect Swarm",)),
        "South Creosote Scrub",
        "North Ocotillo Foothills",
        habitat("South River Bosque", copy="Desert Playa"),
    )
    state = position(row=row, board=board, mutations=((card("South Mutigen"), 2),))
    for seat in (NORTH, SOUTH):
        now = row_now(view(state, seat))
        # Oryx: X 3, Mutigen's +2 growth, Y 2; the Kangaroo Rat: X 2, +1 at seeds (Desert Arroyo), Y 1.
        assert now.species == {
            card("North Oryx"): SpeciesNow(3 + 2, 2),
            card("South Banner-tailed Kangaroo Rat"): SpeciesNow(2 + 1, 1),
        }
        assert now.habitats[0].resources & ARTHROPODS and now.habitats[3].identity == DESERT_PLAYA
        assert now.habitats[1].identity == card("South Creosote Scrub") % KINDS and now.habitats[3].resources


@pytest.mark.parametrize("rng", range(6))
def test_mutigen_rolls_a_d6_from_the_generator(rng):
    state = position(board=[species("South Oryx", 0, 5)], hands=(("North Mutigen", HOLD), ()), rng=rng)
    roll = below(state.rng, 6)[0] + 1
    state = apply(state, DeployEffect(card("North Mutigen"), card("South Oryx")))
    assert dict(state.mutations)[card("North Mutigen")] == (1 if roll <= 4 else 2)


def test_mutigen_adds_one_decline_or_two_growth():
    board = [species("North Oryx", 0, 5, effects=("South Mutigen",))]
    state = position(board=board, phase=EXERT, mutations=((card("South Mutigen"), 2),))
    assert population(state, "North Oryx") == 5 + 3 + 2
    state = position(board=board, phase=TERMINATION, mutations=((card("South Mutigen"), 1),))
    assert population(state, "North Oryx") == 5 - 3


def test_pack_hunt_lifts_the_upper_rank_with_another_predator_present():
    board = [
        species("North American Kestrel", 0, 3, effects=("North Pack Hunt",)),
        species("South Coyote", 0, 3),
        species("South Oryx", 0, 3),
    ]
    state = position(board=board, phase=EXERT)
    assert {a.prey for a in legal_actions(state)} == {card("South Coyote"), card("South Oryx")}


def test_pathogen_makes_the_turn_player_choose_a_species_there_at_the_end_of_the_turn():
    row = (
        "North Desert Arroyo",
        habitat("South Creosote Scrub", effects=("South Pathogen",)),
        "North Ocotillo Foothills",
        "South River Bosque",
    )
    board = [species("North Oryx", 1, 5), species("North Coyote", 1, 5), species("South Oryx", 1, 5)]
    state = position(row=row, board=board, phase=TERMINATION)
    assert legal_actions(state) == (Sicken(card("North Oryx")), Sicken(card("North Coyote")))
    state = apply(state, Sicken(card("North Coyote")))
    assert population(state, "North Coyote") == 5 - 1 - 1 and population(state, "South Oryx") == 3


def test_r_strategist_loses_nothing_when_preyed_upon():
    board = [species("North Coyote", 0, 3), species("South Oryx", 0, 5, effects=("South r-Strategist",))]
    state = position(board=board, phase=EXERT)
    assert population(state, "South Oryx") == 5 and population(state, "North Coyote") == 6


def test_stable_climate_blocks_reveals_and_leaves_at_its_owners_next_initialize():
    board = [species("North Oryx", 0, 5)]
    state = position(board=board, events=("", "South Drought"), hands=(("North Stable Climate",), ()))
    state = apply(state, Pass(SOUTH))  # the window at the start of the Deploy Phase
    state = apply(state, DeployEffect(card("North Stable Climate"), -1))
    state = apply(state, Pass(SOUTH))  # the announcement window: South could still reveal
    assert state.climate == (EMPTY, card("North Stable Climate"))
    assert all(task[0] != ASK_REVEAL for task in state.tasks)
    later = position(
        board=board,
        events=("", "South Drought"),
        climate=(EMPTY, card("North Stable Climate")),
        phase=INITIALIZE,
        turn=3,
    )
    assert card("North Stable Climate") in later.discards[NORTH]


def test_wicked_reflexes_costs_the_predator_one_growth():
    board = [species("North Coyote", 0, 3), species("South Oryx", 0, 5, effects=("South Wicked Reflexes",))]
    state = position(board=board, phase=EXERT)
    assert population(state, "North Coyote") == 5


# ---------------------------------------------------------------------------------------------------------------
# Events: windows, responses, reactions


def test_a_window_asks_only_a_seat_holding_an_event_it_could_reveal():
    state = position(board=[species("North Oryx", 0, 3)], hands=(("North Melon Aphids",), ()))
    assert asking(state) == ASK_DEPLOY
    state = position(board=[species("North Oryx", 0, 3)], events=("", "South Drought"))
    assert state.tasks[-1][:2] == (ASK_REVEAL, SOUTH)
    assert legal_actions(state) == (Pass(SOUTH), Reveal(SOUTH, card("South Drought")))


def test_drought_costs_every_species_one_more_at_the_end_of_the_turn():
    board = [species("North Oryx", 0, 5), species("South Oryx", 1, 5)]
    state = position(board=board, events=("", "South Drought"))
    state = play(state, Reveal(SOUTH, card("South Drought")), EndMove())
    assert population(state, "North Oryx") == 5 + 3 - 3 and population(state, "South Oryx") == 5 - 3


def test_a_response_resolves_before_the_event_it_answers():
    # North reveals Drought; South responds with Hyper-adaptive Fauna, which resolves first and spares its Oryx.
    board = [species("North Oryx", 0, 5), species("South Oryx", 1, 5), species("South Coyote", 2, 5)]
    state = position(board=board, events=("North Drought", "South Hyper-adaptive Fauna"))
    state = apply(state, Reveal(NORTH, card("North Drought")))
    assert state.tasks[-1] == (ASK_REVEAL, SOUTH, AT_RESPONSE, -1)
    assert Reveal(SOUTH, card("South Hyper-adaptive Fauna"), card("South Oryx")) in legal_actions(state)
    state = play(state, Reveal(SOUTH, card("South Hyper-adaptive Fauna"), card("South Oryx")), EndMove())
    assert state.discards[NORTH] == (card("North Drought"),)
    assert population(state, "South Oryx") == 5 - 2 and population(state, "South Coyote") == 5 - 2


def test_conservation_effort_saves_its_owners_species_at_zero_with_two_counters():
    board = [species("North Coyote", 0, 3), species("South Oryx", 0, 1)]
    state = position(board=board, events=("", "South Conservation Effort"), phase=EXERT)
    assert state.tasks[-1] == (ASK_REVEAL, SOUTH, AT_ZERO, card("South Oryx"))
    state = play(state, Reveal(SOUTH, card("South Conservation Effort"), card("South Oryx")))
    assert population(state, "South Oryx") == 2


def test_conservation_effort_is_not_offered_when_the_species_is_not_at_zero():
    board = [species("North Coyote", 0, 3), species("South Oryx", 0, 4)]
    state = position(board=board, events=("", "South Conservation Effort"), phase=EXERT)
    assert not any(task[0] == ASK_REVEAL for task in state.tasks)


def test_echoed_form_stops_an_effect_on_its_owners_species_and_both_cards_are_discarded():
    board = [species("South Oryx", 0, 4)]
    state = position(board=board, events=("", "South Echoed Form"), hands=(("North Mutigen",), ()))
    state = apply(state, DeployEffect(card("North Mutigen"), card("South Oryx")))
    state = apply(state, Reveal(SOUTH, card("South Echoed Form")))
    assert find(state, "South Oryx").effects == ()
    assert card("North Mutigen") in state.discards[NORTH] and card("South Echoed Form") in state.discards[SOUTH]
    # The stopped effect still counts as North's effect for this Deploy Phase.
    assert not any(type(a) is DeployEffect for a in legal_actions(state))


def test_ecological_succession_replaces_a_habitat_keeping_the_species_and_discarding_its_effects():
    row = (
        habitat("North Desert Arroyo", effects=("South Insect Swarm",)),
        "South Creosote Scrub",
        "North Ocotillo Foothills",
        "South River Bosque",
    )
    state = position(row=row, board=[species("South Oryx", 0, 4)], events=("", "South Ecological Succession"))
    state = apply(state, Reveal(SOUTH, card("South Ecological Succession"), 0))
    assert state.habitats[0].card // KINDS == SOUTH and state.habitats[0].effects == ()
    assert card("North Desert Arroyo") in state.habitat_discards[NORTH]
    assert card("South Insect Swarm") in state.discards[SOUTH] and find(state, "South Oryx").habitat == 0


def test_limited_resources_discards_a_random_card_from_the_chosen_players_hand():
    state = position(hands=(("North Oryx", "North Coyote"), ()), events=("", "South Limited Resources"))
    assert {a.target for a in legal_actions(state) if type(a) is Reveal} == {NORTH}
    state = apply(state, Reveal(SOUTH, card("South Limited Resources"), NORTH))
    assert len(state.hands[NORTH]) == 1 and len(state.discards[NORTH]) == 1


def test_offroading_degradation_stops_exertion_there_until_the_end_of_the_revealers_next_turn():
    board = [species("North Oryx", 0, 5)]
    state = position(board=board, events=("", "South Offroading Degradation"), phase=EXERT)
    state = apply(state, Reveal(SOUTH, card("South Offroading Degradation"), 0))
    assert population(state, "North Oryx") == 5 and state.offroads[0].until == 2


def test_once_thought_extinct_returns_a_species_from_the_discard_pile_to_the_hand():
    state = position(events=("", "South Once Thought Extinct"), discards=((), ("South Oryx", "South Drought")))
    assert {a.target for a in legal_actions(state) if type(a) is Reveal} == {card("South Oryx")}
    state = apply(state, Reveal(SOUTH, card("South Once Thought Extinct"), card("South Oryx")))
    assert card("South Oryx") in state.hands[SOUTH] and card("South Oryx") in state.known[SOUTH]


def test_rites_of_spring_gives_every_non_predator_one_population():
    board = [species("North Oryx", 0, 5), species("South Coyote", 1, 5), species("South Melon Aphids", 1, 1)]
    state = position(board=board, events=("", "South Rites of Spring"), hands=((HOLD,), ()))
    state = apply(state, Reveal(SOUTH, card("South Rites of Spring")))
    assert [population(state, n) for n in ("North Oryx", "South Coyote", "South Melon Aphids")] == [6, 5, 2]


def test_wildfire_makes_the_players_take_turns_moving_out_the_revealer_first():
    board = [species("North Oryx", 1, 5), species("North Coyote", 1, 5), species("South Melon Aphids", 1, 3)]
    state = position(board=board, events=("", "South Wildfire!"))
    state = apply(state, Reveal(SOUTH, card("South Wildfire!"), 1))
    assert current_player(state) == SOUTH
    assert legal_actions(state) == (Flee(card("South Melon Aphids"), 0), Flee(card("South Melon Aphids"), 2))
    state = apply(state, Flee(card("South Melon Aphids"), 2))
    assert current_player(state) == NORTH
    state = apply(state, Flee(card("North Oryx"), 0))
    state = apply(state, Flee(card("North Coyote"), 2))
    assert all(sp.habitat != 1 for side in state.species for sp in side)


# ---------------------------------------------------------------------------------------------------------------
# Habitat abilities


def test_agricultural_land_pesticides_can_cost_one_more_at_the_end_of_the_turn():
    row = ("North Agricultural Land", "South Creosote Scrub", "North Ocotillo Foothills", "South River Bosque")
    losses = set()
    for rng in range(40):
        state = position(row=row, board=[species("North Ornate Box Turtle", 0, 5)], phase=TERMINATION, rng=rng)
        losses.add(5 - population(state, "North Ornate Box Turtle"))
    assert losses == {1, 2}


def test_desert_playa_loses_a_counter_each_initialize_and_is_replaced_by_its_owners_habitat_when_empty():
    row = ("North Desert Arroyo", habitat("South Desert Playa", 1), "North Ocotillo Foothills", "South River Bosque")
    state = position(row=row, board=[species("North Oryx", 1, 5)], phase=INITIALIZE)
    assert state.habitats[1].card != card("South Desert Playa") and state.habitats[1].card // KINDS == SOUTH
    assert card("South Desert Playa") in state.habitat_discards[SOUTH] and find(state, "North Oryx").habitat == 1
    row = ("North Desert Arroyo", habitat("South Desert Playa", 4), "North Ocotillo Foothills", "South River Bosque")
    assert position(row=row, phase=INITIALIZE).habitats[1].counters == 3


@pytest.mark.parametrize(
    ("place", "name", "loss"),
    [
        ("North Gypsum Flats", "North Greater Earless Lizard", 1),  # blanched, Y 2
        ("North Lava Malpais", "North Ornate Box Turtle", 0),  # melanic, Y 1
        ("North Lava Malpais", "North Greater Earless Lizard", 2),
    ],
)
def test_ecological_speciation_habitats_spare_their_form_one_decline_on_the_owners_turn(place, name, loss):
    row = (place, "South Creosote Scrub", "North Ocotillo Foothills", "South River Bosque")
    state = position(row=row, board=[species(name, 0, 5)], phase=TERMINATION)
    assert population(state, name) == 5 - loss


@pytest.mark.parametrize(
    ("place", "name", "arrives"),
    [
        ("North City Suburbs", "North Monarch Butterfly", 3),  # flowers
        ("North Creosote Scrub", "North Creosote Bush Walkingstick", 3),  # leaves
        ("North Desert Arroyo", "North Banner-tailed Kangaroo Rat", 3),  # seeds
        ("North Desert Grassland", "North Gray Vireo", 3),  # arthropods
        ("North Ocotillo Foothills", "North Ornate Box Turtle", 3),  # fruits
        ("North River Bosque", "North Melon Aphids", 4),  # sap
    ],
)
def test_each_habitat_offers_its_resources(place, name, arrives):
    row = (place, "South Desert Playa", "North Lava Malpais", "South Gypsum Flats")
    state = position(row=row, hands=((name, HOLD), ()))
    assert population(apply(state, DeploySpecies(card(name), 0)), name) == arrives


# ---------------------------------------------------------------------------------------------------------------
# The view


def test_the_opponent_sees_that_an_event_is_there_but_not_which():
    from exotui.games.endless.view import view

    state = position(events=("", "South Drought"))
    assert view(state, NORTH).events == (EMPTY, -2)
    assert view(state, SOUTH).events == (EMPTY, card("South Drought"))
    assert set(view(state, NORTH).decks[NORTH]) == {-2}


def _offroad(position_: int):
    from exotui.games.endless.state import Offroad

    return Offroad(position_, 2, EMPTY)


def test_positions_built_here_hold_every_card_once():
    from exotui.games.endless.view import public_cards

    state = position(board=[species("North Oryx", 0, 3)], hands=(("North Coyote",), ()), events=("", "South Drought"))
    where = [
        *public_cards(state),
        *(c for group in (state.hands, state.decks, state.habitat_decks) for x in group for c in x),
    ]
    where += [e for e in state.events if e >= 0]
    assert sorted(where) == list(range(100))
    assert msgspec.msgpack.decode(msgspec.msgpack.encode(state), type=type(state)) == state


def test_an_event_revealed_in_its_owners_deploy_phase_cannot_be_replaced_in_that_phase():
    board = [species("South Oryx", 0, 5)]
    state = position(board=board, events=("North Drought", ""), hands=(("North Rites of Spring", HOLD), ()))
    assert state.tasks[-1][:2] == (ASK_REVEAL, NORTH)  # the window at the start of the Deploy Phase
    state = apply(state, Reveal(NORTH, card("North Drought")))
    assert not any(type(a) is DeployEvent for a in legal_actions(state))
    earlier = position(
        board=board, events=("North Drought", ""), hands=(("North Rites of Spring",), ()), phase=INITIALIZE
    )
    earlier = apply(earlier, Reveal(NORTH, card("North Drought")))  # the window at the start of the Initialize Phase
    while asking(earlier) != ASK_DEPLOY:
        earlier = apply(earlier, legal_actions(earlier)[0])
    assert DeployEvent(card("North Rites of Spring")) in legal_actions(earlier)


def test_an_announced_deployment_no_longer_legal_goes_back_to_the_hand_in_view_of_the_other_player():
    board = [species("North Oryx", 0, 5), species("North Coyote", 1, 5), species("North Chihuahuan Raven", 1, 5)]
    state = position(board=board, events=("", "South Wildfire!"), hands=(("North Melon Aphids", HOLD), ()))
    state = apply(state, Pass(SOUTH))  # the window at the start of the Deploy Phase
    state = apply(state, DeploySpecies(card("North Melon Aphids"), 1))
    # Announced: South burns habitat 1's neighbour; North's Oryx can only flee to habitat 2, filling it.
    state = apply(state, Reveal(SOUTH, card("South Wildfire!"), 0))
    assert find(state, "North Oryx").habitat == 1 and find(state, "North Melon Aphids") is None
    assert card("North Melon Aphids") in state.hands[NORTH] and card("North Melon Aphids") in state.known[NORTH]


def test_a_stable_climate_blocks_reveals_but_its_zone_may_still_take_an_event():
    state = position(hands=((), ("South Drought",)), climate=(EMPTY, card("North Stable Climate")), turn=2)
    assert DeployEvent(card("South Drought")) in legal_actions(state)
    state = apply(state, DeployEvent(card("South Drought")))
    assert state.events[SOUTH] == card("South Drought")
    # No window asks South while the climate lies in its zone: the first is at North's turn, once it is discarded.
    assert state.tasks[-1][:2] == (ASK_REVEAL, SOUTH) and state.turn == 3 and state.climate == (EMPTY, EMPTY)


def test_an_event_placed_face_down_is_named_to_its_owner_only():
    """The log of a computer's move must not name the event it hides: told to the other seat or to a spectator
    (`describe_to`), every event placed face down reads alike; told to its owner it is named."""
    rng = random.Random(2)
    state, checked = new_game(2), 0
    while checked < 20 and not is_over(state):
        legal = legal_actions(state)
        events = [action for action in legal if type(action) is DeployEvent]
        if len({action.card % KINDS for action in events}) > 1:
            owner = current_player(state)
            for action in events:
                assert card_name(action.card) in describe_to(state, action, owner)
            for seat in (1 - owner, None):
                assert {describe_to(state, action, seat) for action in events} == {
                    f"{SEAT_NAMES[owner]} places an event face down."
                }
            checked += 1
        state = apply(state, rng.choice(legal))
    assert checked


def test_the_view_of_a_finished_game_hides_nothing_and_until_the_end_the_other_hand_and_event_stay_hidden():
    """Once the game is over nothing is left to play for: every seat's view (so a spectator's, a replay's last move
    and an SSH table's too) shows both hands and both face-down events, as players turn them up at the table, and
    the end box names the events; the final table showed the other event "face down". Every position before the
    end still hides them."""
    rng = random.Random(3)
    state = new_game(3)
    hidden = 0
    while not is_over(state):
        for seat in (NORTH, SOUTH):
            seen, other = view(state, seat), 1 - seat
            assert seen.events[other] in (HIDDEN, EMPTY)
            assert seen.hands[other].count(HIDDEN) == len(state.hands[other]) - len(state.known[other])
            hidden += seen.events[other] == HIDDEN
        state = apply(state, scripted(legal_actions(state), rng))
    assert hidden and all(event >= 0 for event in state.events) and all(state.hands)
    for seat in (NORTH, SOUTH):
        seen = view(state, seat)
        assert seen == msgspec.structs.replace(state, rng=0)
        assert view(determinize(seen, seat, random.Random(1)), seat) == seen
    assert ending(state, SEAT_NAMES)[-2:] == [
        "North kept Hyper-adaptive Fauna face down to the end.",
        "South kept Echoed Form face down to the end.",
    ]


# ---------------------------------------------------------------------------------------------------------------
# The audit's findings (issue 23): each test failed before its fix


def test_a_turkey_vulture_preyed_on_down_to_zero_is_discarded_without_scavenging():
    board = [species("North Coyote", 0, 3), species("South Turkey Vulture", 0, 1)]
    state = position(board=board, phase=EXERT)
    assert find(state, "South Turkey Vulture") is None
    assert card("South Turkey Vulture") in state.discards[SOUTH]


def test_two_aesthetic_choices_on_one_species_give_one_each():
    effects = ("North Aesthetic Choice", "South Aesthetic Choice")
    board = [species("North Oryx", 0, 1, effects=effects), species("South Coyote", 0, 9)]
    state = position(board=board, phase=EXERT)
    assert population(state, "North Oryx") == 1 + 3 + 2


def test_two_wicked_reflexes_cost_the_predator_one_each():
    effects = ("South Wicked Reflexes", "North Wicked Reflexes")
    board = [species("North Coyote", 0, 3), species("South Oryx", 0, 5, effects=effects)]
    state = position(board=board, phase=EXERT)
    assert population(state, "North Coyote") == 3 + 3 - 2


def test_a_species_at_zero_in_termination_is_not_revived_by_an_event_revealed_meanwhile():
    # Stage 1 leaves both Oryxes at 0. North saves its own with Conservation Effort; South answers with Rites of
    # Spring, which must not give its Oryx (at 0, waiting to be checked) a counter that would keep it in play.
    board = [species("North Oryx", 0, 2), species("South Oryx", 1, 2)]
    state = position(board=board, phase=TERMINATION, events=("North Conservation Effort", "South Rites of Spring"))
    state = pass_until(state, (ASK_REVEAL, NORTH, AT_ZERO, card("North Oryx")))
    state = play(state, Reveal(NORTH, card("North Conservation Effort"), card("North Oryx")))
    assert state.tasks[-1] == (ASK_REVEAL, SOUTH, AT_RESPONSE, -1)
    state = play(state, Reveal(SOUTH, card("South Rites of Spring")))
    assert population(state, "North Oryx") == 2
    assert find(state, "South Oryx") is None and card("South Oryx") in state.discards[SOUTH]


def test_every_holder_of_a_face_down_event_is_asked_whatever_the_event_and_may_always_pass():
    board = [species("North Oryx", 0, 3)]
    for event in ("South Drought", "South Conservation Effort", "South Echoed Form", "South Once Thought Extinct"):
        state = position(board=board, events=("", event), windows=True)
        assert state.tasks[-1][:2] == (ASK_REVEAL, SOUTH), event
        assert legal_actions(state)[0] == Pass(SOUTH)


def test_being_asked_at_zero_does_not_tell_which_event_is_held():
    board = [species("North Coyote", 0, 3), species("South Oryx", 0, 1)]
    asked = set()
    for event in ("South Conservation Effort", "South Drought", "South Echoed Form"):
        state = position(board=board, events=("", event), phase=EXERT, windows=True)
        state = pass_until(state, (ASK_REVEAL, SOUTH, AT_ZERO, card("South Oryx")))
        # What North sees (South's event is HIDDEN in its view) is the same whichever event South holds.
        asked.add(msgspec.msgpack.encode(view_of(state, NORTH)))
    assert len(asked) == 1


def view_of(state, seat):
    return view(state, seat)


def test_the_other_seat_and_a_spectator_are_never_told_a_pass():
    state = position(board=[species("North Oryx", 0, 3)], events=("", "South Drought"), windows=True)
    assert describe_to(state, Pass(SOUTH), NORTH) == "" and describe_to(state, Pass(SOUTH), None) == ""


def test_determinize_from_either_seats_view_gives_a_position_where_the_seat_asked_can_act():
    # South, asked at a window, holds Drought; North's determinizations deal South any unseen event, a reaction
    # event that cannot be revealed here included, and South must still be able to answer.
    board = [species("North Oryx", 0, 3), species("South Coyote", 1, 3)]
    state = position(board=board, events=("", "South Drought"), windows=True)
    assert state.tasks[-1][:2] == (ASK_REVEAL, SOUTH)
    rng = random.Random(5)
    for seat in (NORTH, SOUTH):
        for _ in range(100):
            guess = determinize(view_of(state, seat), seat, rng)
            assert current_player(guess) == current_player(state) and legal_actions(guess)


# ---------------------------------------------------------------------------------------------------------------
# The log gives causes (issue 23)


def told(state, action):
    return " ".join(events(state, action, apply(state, action)))


def test_the_log_says_who_preyed_and_why_a_prey_lost_nothing():
    board = [species("North Coyote", 0, 3), species("North Oryx", 0, 3), species("South Oryx", 0, 5)]
    state = position(board=board, phase=EXERT)
    sentence = told(state, Exert(card("North Coyote"), card("South Oryx")))
    assert "South's Oryx goes from 5 to 4, preyed on by North's Coyote." in sentence
    assert "North's Coyote goes from 3 to 6, predating on South's Oryx." in sentence
    board = [
        species("North American Kestrel", 0, 3),
        species("North Oryx", 0, 3),
        species("South Melon Aphids", 0, 2),
        species("South Mexican Honeypot Ants", 0, 2),
    ]
    state = position(board=board, phase=EXERT)
    sentence = told(state, Exert(card("North American Kestrel"), card("South Melon Aphids")))
    assert "South's Melon Aphids loses nothing to the predation (Livestock" in sentence


def test_the_log_tells_termination_losses_under_the_turn_that_ends_and_feign_death():
    board = [species("North Oryx", 0, 5), species("North Western Hognose Snake", 1, 1)]
    state = position(board=board, phase=MOVE)
    sentence = told(state, EndMove())
    assert "North's Oryx goes from 5 to 3 in the Termination (Y 2)." in sentence
    assert "North's Western Hognose Snake stays in play at 0 (Feign death)." in sentence
    # The next turn is told after what this one's Termination did.
    assert sentence.index("Termination") < sentence.index("Turn 2 of 16")


def test_the_log_says_a_pathogen_took_the_counter():
    board = [species("North Oryx", 0, 5), species("North Coyote", 0, 5)]
    row = [
        habitat("North Desert Arroyo", effects=("South Pathogen",)),
        "South Creosote Scrub",
        "North Ocotillo Foothills",
        "South River Bosque",
    ]
    state = position(row=row, board=board, phase=MOVE)
    state = pass_until(play(state, EndMove()), (ASK_PATHOGEN,))
    assert ", to the Pathogen." in told(state, Sicken(card("North Oryx")))
