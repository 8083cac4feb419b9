"""ExoFauna/Duo events: what a decision caused beyond itself (claims, new holes, the end), told in sentences."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from exofauna_builders import card, cards, hole, position
from exotui.games import get
from exotui.games.exofauna.cards import BLUE, EMPTY, YELLOW
from exotui.games.exofauna.rules import SAFETY_TURNS
from exotui.games.exofauna.state import ACTION, ADAPT, Draw, Hole, Play, Skip, Stop
from exotui.games.exofauna.view import Claim, claims, rings_after

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


def test_the_holes_claimed_are_read_back_from_the_decks_in_either_seats_view():
    state = both_holes_full()
    after = GAME.apply(state, Skip())
    expected = {
        0: Claim(BLUE, Hole(state.holes[0].card, BLUE, state.holes[0].spaces)),
        1: Claim(YELLOW, Hole(state.holes[1].card, YELLOW, state.holes[1].spaces)),
    }
    for seat in (BLUE, YELLOW):
        assert claims(GAME.view(state, seat), GAME.view(after, seat)) == expected
    # The decision that filled the hole is read back too, whatever filled it: here Blue's Oomba, from the hand.
    state = blue_oomba_fills_the_yellow_hole()
    after = GAME.apply(state, Draw(BLUE))
    claimed = claims(GAME.view(state, YELLOW), GAME.view(after, YELLOW))
    assert claimed == {0: Claim(BLUE, Hole(state.holes[0].card, YELLOW, state.holes[0].spaces))}
    assert claimed[0].hole.spaces[TL] == card("blue Oomba")
    assert claims(state, state) == {}


def test_a_claim_read_back_is_the_ring_the_rules_resolved_or_none():
    """Over whole random games, from both seats' views: every claim read back is the hole the rules resolved (never
    another), and nearly every claim is read back (not when a short deck took its organisms back at once)."""
    made = read = 0
    for seed in range(40):
        chooser = random.Random(seed)
        state = GAME.new_game(seed, 2, None)
        while not GAME.is_over(state):
            action = chooser.choice(GAME.legal_actions(state))
            after = GAME.apply(state, action)
            rings = rings_after(state, action)
            resolved = {
                slot: ring
                for slot, ring in enumerate(rings)
                if sum(map(len, after.claimed)) > sum(map(len, state.claimed))
                and ring is not None
                and EMPTY not in ring
            }
            for seat in (BLUE, YELLOW):
                claimed = claims(GAME.view(state, seat), GAME.view(after, seat))
                made += len(resolved)
                read += len(claimed)
                if claimed:
                    assert {slot: list(claim.hole.spaces) for slot, claim in claimed.items()} == resolved
                    for slot, claim in claimed.items():
                        assert claim.hole.card == state.holes[slot].card
                        assert after.claimed[claim.seat][-1] == claim.hole.card or len(claimed) > 1
            state = after
    assert made > 100 and read >= 0.9 * made, (read, made)


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
