"""ExoFauna/Duo events: what a decision caused beyond itself (claims, new holes, the end), told in sentences."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from exofauna_builders import card, cards, hole, organisms_everywhere, position
from exotui.games import get
from exotui.games.exofauna.cards import BLUE, EMPTY, YELLOW
from exotui.games.exofauna.rules import SAFETY_TURNS
from exotui.games.exofauna.state import ACTION, ADAPT, Draw, Hole, Play, Skip, Stop
from exotui.games.exofauna.view import Claim, claimed_holes, rings_after

GAME = get("exofauna")
TL, T, TR, R, BR, B, BL, L = range(8)


def told(state, *actions):
    """The events of the last action, after playing them all from `state`."""
    for action in actions:
        state, before = GAME.apply(state, action), state
    return GAME.events(before, actions[-1], state)


def blue_oomba_fills_the_yellow_hole(**fields):
    """Blue's Oomba played to the last space of the yellow hole (1), 6 blue to 2: its Swarming asks which deck."""
    ring = {s: "blue Krell" for s in range(1, 6)} | {6: "yellow Krell", 7: "yellow Krell"}
    state = position(
        hands=(cards("blue Oomba", "blue Krell"), ()),
        holes=(hole(YELLOW, ring), hole(BLUE)),
        decks=(cards("blue Zorrib", "blue Primu"), cards("yellow Vashti")),
        **fields,
    )
    return GAME.apply(state, Play(card("blue Oomba"), 0, TL))


def test_a_claim_names_the_claimer_the_count_and_the_progress():
    state = blue_oomba_fills_the_yellow_hole()
    assert GAME.events(state, Draw(BLUE), GAME.apply(state, Draw(BLUE))) == (
        "Blue claims the yellow hole (1), 6 organisms to 2 (1 of 2 holes).",
        "A new yellow hole forms in slot 1.",
    )


def test_a_claim_reaching_the_target_before_the_turn_ends_says_who_wins_and_when():
    # Blue's first Action of the turn claims its second hole: the game ends only when the turn does (the win is
    # checked at the end of each turn; the first to reach the target wins even if the other reaches it too).
    state = blue_oomba_fills_the_yellow_hole(claimed=((card("yellow Primu"),), ()))
    after = GAME.apply(state, Draw(BLUE))
    assert not GAME.is_over(after)
    assert GAME.events(state, Draw(BLUE), after) == (
        "Blue claims the yellow hole (1), 6 organisms to 2 (2 of 2 holes).",
        "A new yellow hole forms in slot 1.",
        "Blue has claimed 2 holes: Blue wins at the end of this turn.",
    )
    # Told once: the rest of the turn claims nothing new, and its end tells the result.
    while not GAME.is_over(state := after):
        action = GAME.legal_actions(state)[0]
        after = GAME.apply(state, action)
        assert not any("at the end of this turn" in event for event in GAME.events(state, action, after))
    assert after.winner == BLUE


def test_a_tie_says_the_holes_colour_decided():
    # The rulebook's example: 4-4 at the blue hole, blue claims it.
    placed = {TL: "blue Primu", T: "blue Krell", TR: "blue Oomba", R: "blue Zorrib"}
    placed |= {BR: "yellow Yikyik", B: "yellow Krell", BL: "yellow Oomba"}
    state = position(
        hands=(cards("yellow Yikyik", "blue Glissen"), cards("yellow Primu")),
        holes=(hole(BLUE, placed), hole(YELLOW)),
    )
    assert told(state, Play(card("yellow Yikyik"), 0, L), Stop())[1] == (
        "Blue claims the blue hole (1) on a tie, 4 organisms each: a tie goes to the hole's colour (1 of 2 holes)."
    )


def test_an_adaptation_not_offered_because_another_of_that_name_is_at_the_hole_says_so():
    # The rulebook's example again: the Yikyik joins another Yikyik, so no Scurry.
    placed = {TL: "blue Primu", T: "blue Krell", BR: "yellow Yikyik", B: "yellow Krell"}
    state = position(hands=(cards("yellow Yikyik", "blue Glissen"), ()), holes=(hole(BLUE, placed), hole(YELLOW)))
    after = GAME.apply(GAME.apply(state, Play(card("yellow Yikyik"), 0, L)), Stop())
    assert after.step == ACTION, "no adaptation was offered"
    assert told(state, Play(card("yellow Yikyik"), 0, L), Stop()) == (
        "The yellow Yikyik cannot use Scurry: another Yikyik is at the blue hole (1).",
    )
    # Alone of its name, it is offered Scurry: nothing to tell. With nothing to act on, it is not, and that the table
    # shows: nothing to tell either.
    alone = position(
        hands=(cards("yellow Yikyik", "blue Glissen"), ()), holes=(hole(BLUE, {TL: "blue Primu"}), hole(YELLOW))
    )
    assert GAME.apply(GAME.apply(alone, Play(card("yellow Yikyik"), 0, L)), Stop()).step == ADAPT
    assert told(alone, Play(card("yellow Yikyik"), 0, L), Stop()) == ()


def test_a_full_hole_with_the_chain_going_on_is_not_yet_a_claim():
    ring = {s: "yellow Oomba" for s in (TR, R, BR, B, BL, L)} | {T: "blue Oomba"}
    state = position(hands=(cards("blue Primu", "blue Krell"), ()), holes=(hole(BLUE, ring), hole(YELLOW)))
    assert told(state, Play(card("blue Primu"), 0, TL)) == ()


def both_holes_full():
    """Both holes full, each 5 to 3 for its own colour, the chain at the blue hole (1) asking about an adaptation."""
    blue_wins = {s: "blue Krell" for s in range(5)} | {s: "yellow Krell" for s in range(5, 8)}
    yellow_wins = {s: "yellow Primu" for s in range(5)} | {s: "blue Primu" for s in range(5, 8)}
    return position(
        hands=(cards("blue Oomba"), cards("yellow Oomba")),
        holes=(hole(BLUE, blue_wins), hole(YELLOW, yellow_wins)),
        decks=(cards("blue Zorrib", "blue Vashti"), cards("yellow Zorrib", "yellow Vashti")),
        step=ADAPT,
        focus_slot=0,
        focus_space=TL,
    )


def test_two_holes_claimed_at_once_are_told_slot_one_first_each_with_its_new_hole():
    state = both_holes_full()
    assert told(state, Skip()) == (
        "Blue claims the blue hole (1), 5 organisms to 3 (1 of 2 holes).",
        "Yellow claims the yellow hole (2), 5 organisms to 3 (1 of 2 holes).",
        "A new yellow hole forms in slot 1.",
        "A new blue hole forms in slot 2.",
    )


def test_a_claim_has_an_interlude_the_holes_claimed_with_their_organisms_before_they_are_replaced():
    state = both_holes_full()
    after = GAME.apply(state, Skip())
    between = GAME.interlude(state, Skip(), after)
    first, second = state.holes
    # Each hole's card is in its claimer's play area, its organisms still around it; nothing went to the decks yet,
    # and the non-claimers' decks are the ones to form the new holes.
    assert between.holes == (Hole(EMPTY, BLUE, first.spaces), Hole(EMPTY, YELLOW, second.spaces))
    assert between.claimed == ((first.card,), (second.card,)) == after.claimed
    assert between.decks == state.decks and between.refill == (YELLOW, BLUE)
    assert between.actions_done == state.actions_done and between.player == state.player
    assert claimed_holes(between) == {0: Claim(BLUE, between.holes[0]), 1: Claim(YELLOW, between.holes[1])}
    assert claimed_holes(state) == claimed_holes(after) == {}
    # The decision that filled the hole and what its chain did before the end of the Action are in: Blue's Oomba,
    # and the card its Swarming drew.
    state = blue_oomba_fills_the_yellow_hole()
    after = GAME.apply(state, Draw(BLUE))
    between = GAME.interlude(state, Draw(BLUE), after)
    assert claimed_holes(between) == {0: Claim(BLUE, Hole(EMPTY, YELLOW, state.holes[0].spaces))}
    assert between.holes[0].spaces[TL] == card("blue Oomba") and card("blue Zorrib") in between.hands[BLUE]
    assert between.holes[1] == state.holes[1] and between.first_to_target == after.first_to_target == -1
    # A decision that claims nothing has none.
    quiet = position(hands=(cards("blue Krell", "blue Oomba"), ()), holes=(hole(BLUE), hole(YELLOW)))
    play = Play(card("blue Krell"), 0, TL)
    assert GAME.interlude(quiet, play, GAME.apply(quiet, play)) is None


def test_the_winning_claims_interlude_counts_it_though_the_game_ends_in_the_same_decision():
    ring = {s: "blue Krell" if s < 4 else "blue Zorrib" for s in range(1, 7)}
    state = position(
        target=1,
        actions_done=1,
        hands=(cards("blue Oomba"), ()),
        holes=(hole(BLUE, ring | {7: "yellow Krell"}), hole(YELLOW)),
    )
    state = GAME.apply(state, Play(card("blue Oomba"), 0, TL))
    after = GAME.apply(state, Draw(YELLOW))
    assert GAME.is_over(after)
    between = GAME.interlude(state, Draw(YELLOW), after)
    assert not GAME.is_over(between) and between.first_to_target == BLUE
    assert claimed_holes(between) == {
        0: Claim(BLUE, Hole(EMPTY, BLUE, (card("blue Oomba"), *state.holes[0].spaces[1:])))
    }


def test_the_interlude_is_the_rules_position_between_resolving_and_replacing_the_holes_and_keeps_every_card():
    """Over whole random games: an interlude exactly where a decision claimed, each hole the reducer resolved (the
    ring `rings_after` tells, its claimer the one whose claims grew), the claims as after the decision, and all 48
    cards in it once each (a claimed hole's card in its claimer's play area only)."""
    interludes = 0
    for seed in range(40):
        chooser = random.Random(seed)
        state = GAME.new_game(seed, 2, "quick" if seed % 4 == 0 else None)
        while not GAME.is_over(state):
            action = chooser.choice(GAME.legal_actions(state))
            after = GAME.apply(state, action)
            between = GAME.interlude(state, action, after)
            grown = sum(map(len, after.claimed)) - sum(map(len, state.claimed))
            assert (between is None) == (grown == 0)
            if between is not None:
                interludes += 1
                full = {
                    slot: ring for slot, ring in enumerate(rings_after(state, action)) if ring and EMPTY not in ring
                }
                claims = claimed_holes(between)
                assert {slot: list(claim.hole.spaces) for slot, claim in claims.items()} == full
                assert sorted(claim.seat for claim in claims.values()) == sorted(
                    seat for seat in (BLUE, YELLOW) for _ in range(len(after.claimed[seat]) - len(state.claimed[seat]))
                )
                assert between.claimed == after.claimed and between.first_to_target == after.first_to_target
                assert organisms_everywhere(between) == organisms_everywhere(state)
                assert GAME.current_player(between) == state.player
            state = after
    assert interludes > 50


def test_the_winning_claim_is_followed_by_the_end_when_the_turn_ends():
    ring = {s: "blue Krell" if s < 4 else "blue Zorrib" for s in range(1, 8)}
    state = position(target=1, hands=(cards("blue Oomba", "blue Krell"), ()), holes=(hole(BLUE, ring), hole(YELLOW)))
    state = GAME.apply(state, Play(card("blue Oomba"), 0, TL))
    events = GAME.events(state, Draw(BLUE), GAME.apply(state, Draw(BLUE)))
    assert events[0] == "Blue claims the blue hole (1), 8 organisms to 0 (1 of 1 hole)."
    state = GAME.apply(state, Draw(BLUE))
    while not GAME.is_over(state):
        action = GAME.legal_actions(state)[0]
        after = GAME.apply(state, action)
        if GAME.is_over(after):
            assert GAME.events(state, action, after)[-1] == "Blue wins, the first to claim 1 hole."
        state = after


def test_the_safety_limit_says_what_decided_the_game():
    last = position(
        turn=SAFETY_TURNS,
        hands=(cards("blue Krell"), ()),
        holes=(hole(BLUE, {BR: "yellow Oomba"}), hole(YELLOW)),
        decks=((), ()),
    )
    assert told(last, Play(card("blue Krell"), 1, TL), Skip())[-1] == (
        "The 200-turn safety limit ends the game [house]: a draw, with as many holes claimed and organisms in play "
        "(1 each)."
    )
    ahead = position(
        turn=SAFETY_TURNS,
        hands=(cards("blue Krell"), ()),
        holes=(hole(BLUE, {BR: "blue Oomba"}), hole(YELLOW)),
        decks=((), ()),
    )
    assert told(ahead, Play(card("blue Krell"), 1, TL), Skip())[-1] == (
        "The 200-turn safety limit ends the game [house]: Blue wins on organisms in play, 2 to 0."
    )


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=2**63), variant=st.sampled_from([None, "quick"]))
def test_events_follow_the_rules(seed, variant):
    """The holes events see after a decision are the reducer's, and every claim they tell is the one it made."""
    chooser = random.Random(seed)
    state = GAME.new_game(seed, 2, variant)
    while not GAME.is_over(state):
        action = chooser.choice(GAME.legal_actions(state))
        after = GAME.apply(state, action)
        events = GAME.events(state, action, after)
        claims = [event for event in events if " claims " in event]
        gained = [after.claimed[seat][len(state.claimed[seat]) :] for seat in (BLUE, YELLOW)]
        assert len(claims) == sum(map(len, gained))
        for seat, name in ((BLUE, "Blue"), (YELLOW, "Yellow")):
            assert sum(event.startswith(f"{name} claims") for event in claims) == len(gained[seat])
        rings = rings_after(state, action)
        if claims:
            assert sum(ring is not None and EMPTY not in ring for ring in rings) == len(claims)
        else:
            assert rings == tuple(list(h.spaces) if h else None for h in after.holes)
        ended = [event for event in events if (" wins" in event or "draw" in event) and "end of this turn" not in event]
        assert (GAME.is_over(after) and not GAME.is_over(state)) == bool(ended)
        # The win to come is told when a seat first reaches the target and the turn goes on.
        reached = state.first_to_target < 0 <= after.first_to_target and not GAME.is_over(after)
        assert reached == any(event.endswith("wins at the end of this turn.") for event in events)
        state = after
