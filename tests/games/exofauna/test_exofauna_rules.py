"""ExoFauna/Duo rules, one behaviour per test, from explicit positions (see exofauna_builders)."""

from __future__ import annotations

import msgspec
import pytest

from exofauna_builders import card, cards, hole, position
from exotui.engine.protocol import GameSetupError, IllegalAction
from exotui.games import get
from exotui.games.exofauna.cards import BLUE, EMPTY, YELLOW
from exotui.games.exofauna.rules import SAFETY_TURNS, new_game
from exotui.games.exofauna.state import (
    ACTION,
    ADAPT,
    DRAW,
    END_DISCARD,
    OVER,
    PREDATOR_DISCARD,
    SCAVENGE,
    SWARM,
    TAKE,
    TO_HAND,
    Ambush,
    Devour,
    Discard,
    Draw,
    Lure,
    Mimic,
    Play,
    Scurry,
    Skip,
    Spawn,
    Stalk,
    Stop,
    Take,
    Tunnel,
)

GAME = get("exofauna")
TL, T, TR, R, BR, B, BL, L = range(8)


def run(state, *actions):
    for action in actions:
        state = GAME.apply(state, action)
    return state


# --- Setup ---------------------------------------------------------------------------------------------------------


def test_setup_deals_four_cards_each_from_own_colour_deck_and_blue_starts():
    state = new_game(7)
    assert [len(hand) for hand in state.hands] == [4, 4]
    assert [len(deck) for deck in state.decks] == [20, 20]
    for colour in (BLUE, YELLOW):
        assert all(c >> 3 == colour for c in state.hands[colour] + state.decks[colour])
    assert state.holes[0].colour == BLUE and state.holes[1].colour == YELLOW
    assert GAME.current_player(state) == BLUE and state.step == ACTION and state.target == 2


def test_quick_game_needs_one_hole_and_bad_setups_are_refused():
    assert GAME.new_game(1, 2, "quick").target == 1
    with pytest.raises(GameSetupError):
        GAME.new_game(1, 3)
    with pytest.raises(GameSetupError):
        GAME.new_game(1, 2, "long")


def test_the_seed_decides_the_deal():
    assert new_game(3) == new_game(3)
    assert new_game(3).decks != new_game(4).decks


# --- The rulebook's worked examples ----------------------------------------------------------------------------------


def test_rulebook_example_yellow_primu_ambush():
    # Yellow plays a yellow Primu to the blue hole with no organism next to it: no take, but a discard from hand;
    # alone of its name, it may Ambush, and discards the blue Yikyik (not next to it) to the bottom of yellow's deck.
    state = position(
        player=YELLOW,
        hands=((), cards("yellow Primu", "yellow Oomba", "yellow Krell")),
        holes=(hole(BLUE, {BR: "blue Yikyik", R: "yellow Vashti"}), hole(YELLOW)),
    )
    state = GAME.apply(state, Play(card("yellow Primu"), 0, TL))
    assert state.step == PREDATOR_DISCARD, "no neighbour: nothing to take, the discard is still owed"
    state = GAME.apply(state, Discard(card("yellow Oomba")))
    assert state.decks[YELLOW][-1] == card("yellow Oomba")
    assert state.step == ADAPT
    assert Ambush(BR) in GAME.legal_actions(state) and Ambush(TL) not in GAME.legal_actions(state)
    state = GAME.apply(state, Ambush(BR))
    assert state.holes[0].spaces[BR] == EMPTY
    assert state.decks[YELLOW][-1] == card("blue Yikyik"), "a discard goes to the discarder's deck, any colour"
    assert state.holes[0].spaces[TL] == card("yellow Primu")
    assert state.step == ACTION and state.actions_done == 1 and state.player == YELLOW


def test_rulebook_example_blue_yikyik_fills_blue_hole_and_blue_wins_the_tie():
    placed = {
        TL: "blue Primu",
        T: "blue Krell",
        TR: "blue Oomba",
        R: "blue Zorrib",
        BR: "yellow Yikyik",
        B: "yellow Krell",
        BL: "yellow Oomba",
    }
    state = position(
        hands=(cards("yellow Yikyik", "blue Glissen"), cards("yellow Primu")),
        holes=(hole(BLUE, placed), hole(YELLOW)),
    )
    yellow_top = state.decks[YELLOW][0]
    blue_top = state.decks[BLUE][0]
    state = GAME.apply(state, Play(card("yellow Yikyik"), 0, L))
    assert state.step == SCAVENGE
    state = GAME.apply(state, Stop())
    # Discard 0, draw 1; another Yikyik is there so no adaptation; 8 organisms, 4-4, blue hole: blue claims it.
    assert blue_top in state.hands[BLUE]
    assert state.claimed[BLUE] == (16,) and state.claimed[YELLOW] == ()
    assert state.decks[BLUE][-4:] == cards("blue Primu", "blue Krell", "blue Oomba", "blue Zorrib")
    assert state.decks[YELLOW][-4:] == cards("yellow Yikyik", "yellow Krell", "yellow Oomba", "yellow Yikyik")
    new_hole = state.holes[0]
    assert new_hole.card == yellow_top and new_hole.colour == YELLOW and new_hole.spaces == (EMPTY,) * 8
    assert state.step == ACTION and state.player == BLUE and state.actions_done == 1


# --- Instincts -------------------------------------------------------------------------------------------------------


def test_predator_takes_a_chosen_neighbour_then_discards():
    state = position(
        hands=(cards("blue Krell", "blue Oomba"), ()),
        holes=(hole(BLUE, {TL: "yellow Zorrib", TR: "yellow Vashti", B: "blue Primu"}), hole(YELLOW)),
    )
    state = GAME.apply(state, Play(card("blue Krell"), 0, T))
    assert state.step == TAKE
    assert GAME.legal_actions(state) == (Take(TL), Take(TR))
    state = GAME.apply(state, Take(TR))
    assert card("yellow Vashti") in state.hands[BLUE] and state.holes[0].spaces[TR] == EMPTY
    assert card("yellow Vashti") in state.known[BLUE], "the other seat saw the taken card go in"
    assert state.step == PREDATOR_DISCARD
    # The taken card may be the one discarded.
    state = GAME.apply(state, Discard(card("yellow Vashti")))
    assert state.decks[BLUE][-1] == card("yellow Vashti")


def test_predator_with_empty_hand_and_no_neighbour_does_nothing():
    state = position(hands=(cards("blue Thornback"), cards("yellow Krell")), holes=(hole(BLUE), hole(YELLOW)))
    deck = state.decks[BLUE]
    state = GAME.apply(state, Play(card("blue Thornback"), 0, TL))
    # Nothing to take, nothing to discard, no Devour target; the 2nd Action is lost (empty hand); blue draws 4.
    assert state.decks[BLUE] == deck[4:] and state.hands[BLUE] == tuple(sorted(deck[:4]))
    assert state.player == YELLOW and state.turn == 2 and state.step == ACTION


def test_swarming_draws_from_either_deck_and_skips_when_both_are_empty():
    state = position(hands=(cards("blue Oomba"), ()), holes=(hole(BLUE), hole(YELLOW)))
    state = GAME.apply(state, Play(card("blue Oomba"), 0, TL))
    assert state.step == SWARM and GAME.legal_actions(state) == (Draw(BLUE), Draw(YELLOW))
    yellow_top = state.decks[YELLOW][0]
    state = GAME.apply(state, Draw(YELLOW))
    assert yellow_top in state.hands[BLUE]

    empty = position(hands=(cards("blue Zorrib"), ()), holes=(hole(BLUE), hole(YELLOW)), decks=((), ()))
    after = GAME.apply(empty, Play(card("blue Zorrib"), 0, TL))
    assert after.step != SWARM and after.hands[BLUE] == ()


def test_swarming_offers_only_a_deck_with_cards():
    state = position(
        hands=(cards("blue Glissen"), ()), holes=(hole(BLUE), hole(YELLOW)), decks=((), cards("yellow Krell"))
    )
    state = GAME.apply(state, Play(card("blue Glissen"), 0, TL))
    assert GAME.legal_actions(state) == (Draw(YELLOW),)
    with pytest.raises(IllegalAction):
        GAME.apply(state, Draw(BLUE))


def test_scavenger_discards_one_at_a_time_then_draws_that_many_plus_one():
    state = position(
        hands=(cards("blue Yikyik", "blue Oomba", "blue Krell", "blue Primu"), ()),
        holes=(hole(BLUE), hole(YELLOW)),
    )
    top3 = state.decks[BLUE][:3]
    state = GAME.apply(state, Play(card("blue Yikyik"), 0, TL))
    assert state.step == SCAVENGE and Stop() in GAME.legal_actions(state)
    state = run(state, Discard(card("blue Oomba")), Discard(card("blue Krell")))
    assert state.scavenged == 2 and state.step == SCAVENGE
    state = GAME.apply(state, Stop())
    assert sorted(state.hands[BLUE]) == sorted((card("blue Primu"), *top3))


def test_scavenger_emptying_the_hand_draws_at_once_and_only_what_the_deck_has():
    state = position(
        hands=(cards("blue Vashti", "blue Oomba"), ()),
        holes=(hole(BLUE), hole(YELLOW)),
        decks=(cards("blue Krell"), cards("yellow Krell")),
    )
    state = run(state, Play(card("blue Vashti"), 0, TL), Discard(card("blue Oomba")))
    # Hand empty after one discard: draw 2 from a deck that now holds Krell then the discarded Oomba.
    assert sorted(state.hands[BLUE]) == sorted(cards("blue Krell", "blue Oomba"))
    assert state.decks[BLUE] == ()


# --- Adaptations -----------------------------------------------------------------------------------------------------


def test_adaptation_only_when_alone_of_its_name_at_that_hole():
    state = position(
        hands=(cards("blue Primu", "blue Oomba"), ()),
        holes=(hole(BLUE, {BR: "yellow Primu"}), hole(YELLOW, {TL: "blue Krell"})),
    )
    state = run(state, Play(card("blue Primu"), 0, TL), Discard(card("blue Oomba")))
    assert state.step == ACTION, "another Primu at this hole: no Ambush"
    alone = position(
        hands=(cards("blue Primu", "blue Oomba"), ()), holes=(hole(BLUE, {BR: "yellow Krell"}), hole(YELLOW))
    )
    alone = run(alone, Play(card("blue Primu"), 1, TL), Discard(card("blue Oomba")))
    assert alone.step == ACTION, "alone but no other organism at its hole: Ambush could do nothing"


def test_skip_leaves_the_table_as_it_was():
    state = position(hands=(cards("blue Thornback"), ()), holes=(hole(BLUE), hole(YELLOW, {TL: "yellow Krell"})))
    state = GAME.apply(state, Play(card("blue Thornback"), 0, TL))
    assert state.step == ADAPT and GAME.legal_actions(state) == (Skip(), Devour(TL))
    skipped = GAME.apply(state, Skip())
    assert skipped.holes == state.holes and skipped.step == ACTION


def test_scurry_plays_the_deck_top_next_to_it_as_a_chain_without_using_an_action():
    state = position(
        hands=(cards("blue Yikyik", "blue Krell"), ()),
        holes=(hole(BLUE), hole(YELLOW)),
        decks=(cards("blue Glissen", "blue Oomba"), cards("yellow Primu")),
    )
    state = run(state, Play(card("blue Yikyik"), 0, TL), Discard(card("blue Krell")))
    # Drew 2: Glissen and Oomba; deck now holds the discarded Krell.
    assert state.decks[BLUE] == cards("blue Krell")
    assert state.step == ADAPT and set(GAME.legal_actions(state)) == {Skip(), Scurry(T), Scurry(L)}
    state = GAME.apply(state, Scurry(T))
    assert state.holes[0].spaces[T] == card("blue Krell")
    # The Krell's own Predator instinct runs: its neighbour is the Yikyik.
    assert state.step == TAKE and GAME.legal_actions(state) == (Take(TL),)
    state = run(state, Take(TL), Discard(card("blue Yikyik")))
    assert state.actions_done == 1, "a chained play does not use an Action"


def test_lure_moves_from_the_other_hole_next_to_it_or_to_hand():
    state = position(
        hands=(cards("blue Glissen"), ()),
        holes=(hole(BLUE, {T: "yellow Oomba"}), hole(YELLOW, {R: "yellow Thornback"})),
    )
    state = run(state, Play(card("blue Glissen"), 0, TL), Draw(YELLOW))
    options = set(GAME.legal_actions(state))
    assert options == {Skip(), Lure(R, L), Lure(R, TO_HAND)}, "T is taken, so only L is a space next to it"
    moved = GAME.apply(state, Lure(R, L))
    assert moved.holes[0].spaces[L] == card("yellow Thornback") and moved.holes[1].spaces[R] == EMPTY
    to_hand = GAME.apply(state, Lure(R, TO_HAND))
    assert card("yellow Thornback") in to_hand.hands[BLUE]


def test_spawn_plays_a_card_from_hand_next_to_it():
    state = position(hands=(cards("blue Oomba", "blue Primu"), ()), holes=(hole(BLUE), hole(YELLOW)))
    state = run(state, Play(card("blue Oomba"), 0, TL), Draw(BLUE))
    drawn = state.hands[BLUE]
    assert Spawn(card("blue Primu"), T) in GAME.legal_actions(state)
    state = GAME.apply(state, Spawn(card("blue Primu"), T))
    assert state.holes[0].spaces[T] == card("blue Primu")
    assert len(state.hands[BLUE]) == len(drawn) - 1
    assert state.step == TAKE, "the spawned Primu's Predator instinct runs next to the Oomba"


def test_mimic_plays_the_other_players_deck_top_and_the_card_keeps_its_colour():
    state = position(
        hands=(cards("blue Zorrib"), ()),
        holes=(hole(BLUE), hole(YELLOW)),
        decks=(cards("blue Krell"), cards("yellow Glissen", "yellow Yikyik")),
    )
    state = run(state, Play(card("blue Zorrib"), 0, TL), Draw(BLUE))
    assert set(GAME.legal_actions(state)) == {Skip(), Mimic(T), Mimic(L)}
    state = GAME.apply(state, Mimic(L))
    assert state.holes[0].spaces[L] == card("yellow Glissen")
    assert state.step == SWARM, "blue now uses the yellow Glissen's instinct"


def test_stalk_exchanges_places_with_an_organism_at_the_other_hole():
    state = position(
        hands=(cards("blue Krell", "blue Oomba"), ()),
        holes=(hole(BLUE), hole(YELLOW, {BR: "yellow Primu"})),
    )
    state = run(state, Play(card("blue Krell"), 0, TL), Discard(card("blue Oomba")))
    assert GAME.legal_actions(state) == (Skip(), Stalk(BR))
    state = GAME.apply(state, Stalk(BR))
    assert state.holes[0].spaces[TL] == card("yellow Primu") and state.holes[1].spaces[BR] == card("blue Krell")


def test_devour_takes_an_organism_from_the_other_hole_to_hand():
    state = position(
        hands=(cards("blue Thornback", "blue Oomba"), ()),
        holes=(hole(BLUE), hole(YELLOW, {B: "yellow Vashti"})),
    )
    state = run(state, Play(card("blue Thornback"), 0, TL), Discard(card("blue Oomba")), Devour(B))
    assert card("yellow Vashti") in state.hands[BLUE] and state.holes[1].spaces[B] == EMPTY


def test_tunnel_moves_any_organism_here_including_itself_to_an_empty_space_there():
    state = position(
        hands=(cards("blue Vashti"), ()),
        holes=(
            hole(BLUE, {R: "yellow Primu"}),
            hole(
                YELLOW,
                {s: "yellow Krell" for s in (TL, T, TR)}
                | {R: "blue Krell", BR: "blue Krell", B: "blue Krell", BL: "yellow Oomba"},
            ),
        ),
    )
    state = GAME.apply(state, Play(card("blue Vashti"), 0, TL))
    # The hand was emptied by the play, so the Scavenger drew its 1 card at once.
    options = set(GAME.legal_actions(state)) - {Skip()}
    assert options == {Tunnel(TL, L), Tunnel(R, L)}, "only L is free at the other hole; Vashti may move itself"
    state = GAME.apply(state, Tunnel(TL, L))
    # The other hole is now full: it resolves after the Action. 4 blue (3 Krell + Vashti) vs 4 yellow: yellow hole.
    assert state.claimed[YELLOW] == (17,) and state.holes[0].spaces[TL] == EMPTY


def test_adaptations_needing_the_other_hole_do_nothing_when_its_slot_is_empty():
    state = position(
        hands=(cards("blue Thornback", "blue Oomba", "blue Krell"), ()), holes=(hole(BLUE), None), refill=(-1, YELLOW)
    )
    state = run(state, Play(card("blue Thornback"), 0, TL), Discard(card("blue Oomba")))
    assert state.step == ACTION and state.actions_done == 1


def test_a_full_hole_leaves_no_space_for_an_adaptation_play():
    ring = {s: "yellow Krell" if s % 2 else "yellow Primu" for s in range(8) if s not in (TL, T, L)}
    state = position(
        hands=(cards("blue Oomba", "blue Primu"), ()),
        holes=(hole(BLUE, ring | {T: "blue Krell", L: "blue Krell"}), hole(YELLOW)),
    )
    state = run(state, Play(card("blue Oomba"), 0, TL))
    state = GAME.apply(state, Draw(BLUE))
    # Oomba's neighbours T and L are taken: Spawn has no space, so it is not offered and the hole resolves.
    assert state.step == ACTION and len(state.claimed[YELLOW]) == 1


# --- Resolution, new holes, turns, the end ---------------------------------------------------------------------------


def test_a_hole_resolves_only_after_the_whole_chain():
    ring = {s: "yellow Oomba" for s in (TR, R, BR, B, BL, L)} | {T: "blue Oomba"}
    state = position(hands=(cards("blue Primu", "blue Krell"), ()), holes=(hole(BLUE, ring), hole(YELLOW)))
    state = GAME.apply(state, Play(card("blue Primu"), 0, TL))
    assert EMPTY not in state.holes[0].spaces and state.step == TAKE, "8 organisms, but the chain goes on"
    state = run(state, Take(L), Discard(card("blue Krell")))
    assert state.claimed == ((), ()) and state.holes[0].spaces[L] == EMPTY, "7 at the end of the Action: no claim"


def test_two_full_holes_resolve_slot_one_first():
    # No chain of this card set fills both holes in one Action (every play goes to the played organism's hole, and
    # the only move to the other hole takes one from this one), so the position is set up at the final decision.
    blue_wins = {s: "blue Krell" for s in range(5)} | {s: "yellow Krell" for s in range(5, 8)}
    yellow_wins = {s: "yellow Primu" for s in range(5)} | {s: "blue Primu" for s in range(5, 8)}
    state = position(
        hands=(cards("blue Oomba"), cards("yellow Oomba")),
        holes=(hole(BLUE, blue_wins), hole(YELLOW, yellow_wins)),
        decks=(cards("blue Zorrib", "blue Vashti"), cards("yellow Zorrib", "yellow Vashti")),
        step=ADAPT,
        focus_slot=0,
        focus_space=TL,
    )
    state = GAME.apply(state, Skip())
    assert state.claimed == ((16,), (17,))
    # Slot 1: yellow did not claim, so yellow's top forms it; slot 2: blue did not claim, blue's top forms it.
    assert state.holes[0].card == card("yellow Zorrib") and state.holes[1].card == card("blue Zorrib")
    assert state.decks[BLUE][:1] == cards("blue Vashti") and state.decks[YELLOW][:1] == cards("yellow Vashti")


def test_new_hole_comes_from_the_other_deck_when_the_non_claimers_is_empty():
    ring = {s: "blue Krell" for s in range(1, 8)}
    state = position(
        hands=(cards("blue Krell", "blue Oomba"), ()),
        holes=(hole(BLUE, ring | {T: "blue Oomba"}), hole(YELLOW)),
        decks=(cards("blue Zorrib", "blue Primu"), ()),
    )
    state = run(state, Play(card("blue Oomba"), 0, TL), Draw(BLUE))
    # Blue claims; yellow (the non-claimer) has no deck, so blue's deck top forms the new hole.
    assert state.claimed[BLUE] == (16,)
    assert state.holes[0].card == card("blue Primu") and state.holes[0].colour == BLUE


def test_end_of_turn_draws_up_to_four():
    state = position(hands=(cards("blue Krell", "blue Oomba"), cards("yellow Krell")), holes=(hole(BLUE), hole(YELLOW)))
    state = run(
        state,
        Play(card("blue Oomba"), 1, TL),
        Draw(YELLOW),
        Skip(),
        Play(card("blue Krell"), 1, BR),
        Discard(state.decks[YELLOW][0]),
    )
    assert state.player == YELLOW and len(state.hands[BLUE]) == 4 and state.turn == 2


def test_end_of_turn_discards_down_to_four_by_choice():
    hand = cards("blue Oomba", "blue Glissen", "blue Zorrib", "blue Oomba", "blue Krell", "blue Primu")
    state = position(hands=(hand, cards("yellow Krell")), holes=(hole(BLUE), hole(YELLOW)))
    state = run(state, Play(card("blue Oomba"), 0, TL), Draw(BLUE), Skip())
    state = run(state, Play(card("blue Glissen"), 1, B), Draw(BLUE))
    while state.step != END_DISCARD:
        state = GAME.apply(state, Skip())
    assert len(state.hands[BLUE]) == 6 and state.player == BLUE
    state = run(state, Discard(card("blue Primu")), Discard(card("blue Krell")))
    assert state.player == YELLOW and len(state.hands[BLUE]) == 4
    assert state.decks[BLUE][-2:] == cards("blue Primu", "blue Krell")


def test_an_action_with_no_card_to_play_is_lost():
    state = position(
        hands=(cards("blue Thornback"), cards("yellow Oomba")),
        holes=(hole(BLUE), hole(YELLOW)),
        decks=((), cards("yellow Krell")),
    )
    state = GAME.apply(state, Play(card("blue Thornback"), 0, TL))
    # Empty hand for the 2nd Action: it is lost, the turn ends (nothing to draw), yellow's turn starts.
    assert state.player == YELLOW and state.turn == 2 and state.hands[BLUE] == () and state.step == ACTION


def _claim_ring(colour_name: str) -> dict[int, str]:
    return {s: f"{colour_name} Krell" if s < 4 else f"{colour_name} Zorrib" for s in range(1, 8)}


def test_a_claimed_second_hole_wins_at_the_end_of_the_turn_not_before():
    state = position(
        hands=(cards("blue Oomba", "blue Krell"), ()),
        holes=(hole(BLUE, _claim_ring("blue")), hole(YELLOW)),
        claimed=((17,), ()),
    )
    state = run(state, Play(card("blue Oomba"), 0, TL), Draw(BLUE))
    assert state.claimed[BLUE] == (17, 16) and state.first_to_target == BLUE
    assert not GAME.is_over(state), "the second Action is still played"
    while not GAME.is_over(state):
        state = GAME.apply(state, GAME.legal_actions(state)[0])
    assert GAME.outcome(state) == (1.0, 0.0) and state.step == OVER


def test_when_both_reach_the_target_in_one_turn_the_first_to_reach_it_wins():
    state = position(
        hands=(cards("yellow Oomba", "blue Oomba"), ()),
        holes=(hole(BLUE, _claim_ring("yellow")), hole(YELLOW, _claim_ring("blue"))),
        claimed=((16,), (17,)),
    )
    state = run(state, Play(card("yellow Oomba"), 0, TL), Draw(BLUE))
    assert state.first_to_target == YELLOW
    state = run(state, Play(card("blue Oomba"), 1, TL), Draw(BLUE))
    assert len(state.claimed[BLUE]) == 2 and len(state.claimed[YELLOW]) == 2
    assert GAME.is_over(state) and GAME.outcome(state) == (0.0, 1.0)


def test_quick_game_ends_at_the_first_claim():
    state = position(
        target=1, hands=(cards("blue Oomba", "blue Krell"), ()), holes=(hole(BLUE, _claim_ring("blue")), hole(YELLOW))
    )
    state = run(state, Play(card("blue Oomba"), 0, TL), Draw(BLUE))
    while not GAME.is_over(state):
        state = GAME.apply(state, GAME.legal_actions(state)[0])
    assert GAME.outcome(state) == (1.0, 0.0)


def test_safety_limit_ends_the_game_on_claims_then_organisms_then_draw():
    last = position(
        turn=SAFETY_TURNS,
        hands=(cards("blue Krell"), ()),
        holes=(hole(BLUE, {BR: "yellow Oomba"}), hole(YELLOW)),
        decks=((), ()),
    )
    over = run(last, Play(card("blue Krell"), 1, TL), Skip())
    assert GAME.is_over(over) and over.turn == SAFETY_TURNS
    # 0-0 claims; in play: one blue Krell against one yellow Oomba: a draw.
    assert GAME.outcome(over) == (0.5, 0.5)
    ahead = msgspec.structs.replace(last, claimed=((), (16,)))
    assert GAME.outcome(run(ahead, Play(card("blue Krell"), 1, TL), Skip())) == (0.0, 1.0)
    more_in_play = msgspec.structs.replace(last, holes=(hole(BLUE, {BR: "blue Oomba"}), hole(YELLOW)))
    assert GAME.outcome(run(more_in_play, Play(card("blue Krell"), 1, TL), Skip())) == (1.0, 0.0)


# --- Bad actions -----------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("action", "message"),
    [
        (Play(card("yellow Primu"), 0, TL), "not in the player's hand"),
        (Play(card("blue Krell"), 0, 9), "is not free"),
        (Play(card("blue Krell"), 5, TL), "no Watering Hole"),
        (Take(TL), "expected an Action"),
        (Devour(TL), "expected an Action"),
    ],
)
def test_illegal_actions_are_refused_with_a_reason(action, message):
    state = position(hands=(cards("blue Krell"), ()), holes=(hole(BLUE, {TL: "blue Oomba"}), hole(YELLOW)))
    with pytest.raises(IllegalAction, match=message):
        GAME.apply(state, action)


def test_nothing_is_legal_once_over_and_apply_says_so():
    state = position(step=OVER, winner=DRAW)
    assert GAME.legal_actions(state) == () and GAME.current_player(state) is None
    with pytest.raises(IllegalAction, match="over"):
        GAME.apply(state, Stop())


@pytest.mark.parametrize(
    ("played", "decks", "offered"),
    [
        ("blue Yikyik", ((), cards("yellow Krell")), False),
        ("blue Yikyik", (cards("blue Krell", "blue Oomba"), ()), True),
        ("blue Zorrib", (cards("blue Krell"), ()), False),
        ("blue Zorrib", ((), cards("yellow Krell", "yellow Oomba")), True),
    ],
)
def test_deck_plays_need_a_card_in_that_deck(played, decks, offered):
    # Yikyik draws its Scavenger card first, Zorrib its Swarming card: give each a deck to draw from and look at
    # whether Scurry (own deck) or Mimic (the other deck) is then offered.
    state = position(hands=(cards(played, "blue Oomba"), ()), holes=(hole(BLUE), hole(YELLOW)), decks=decks)
    state = GAME.apply(state, Play(card(played), 0, TL))
    while state.step in (SCAVENGE, SWARM):
        state = GAME.apply(state, Stop() if state.step == SCAVENGE else GAME.legal_actions(state)[0])
    assert (state.step == ADAPT) == offered
