"""EXO n°2 unit tests: hand-built galaxies with known scores, the placement and covering rules, the end, ties."""

from __future__ import annotations

import random
from collections.abc import Iterator

import msgspec
import pytest

from exotui import games
from exotui.engine import records
from exotui.engine.protocol import Game, GameSetupError, IllegalAction, state_hash
from exotui.games.exo2 import rules
from exotui.games.exo2.cards import HOUSE_NOTE, PLANETS, features, planet_code, planet_name
from exotui.games.exo2.ending import ending
from exotui.games.exo2.game import GAME
from exotui.games.exo2.state import EMPTY, Exo2State, Take

SMALL, MEDIUM, LARGE = range(3)
BLUE, RED, GREEN = range(3)
TELLURIC, GASEOUS, RINGED = range(3)


def planet(size: int, colour: int, kind: int) -> int:
    token = size * 9 + colour * 3 + kind
    assert features(token) == (size, colour, kind)
    return token


def galaxy(*placements: tuple[int, int, int]) -> tuple[tuple[int, int, int], ...]:
    return tuple(placements)


def state_with(galaxies, universe=None, players=None) -> Exo2State:
    players = players or len(galaxies)
    used = {token for g in galaxies for _, _, token in g}
    if universe is None:
        universe = tuple(EMPTY if token in used else token for token in PLANETS)
    return Exo2State(players=players, universe=tuple(universe), galaxies=tuple(galaxies), rng=7)


# --- cards ----------------------------------------------------------------------------------------------------


def test_the_27_planets_are_every_combination_once():
    assert sorted(features(token) for token in PLANETS) == [
        (s, c, t) for s in range(3) for c in range(3) for t in range(3)
    ]


def test_planet_names_and_codes():
    assert planet_name(planet(LARGE, RED, RINGED)) == "large red ringed planet"
    assert planet_code(planet(LARGE, RED, RINGED)) == "LRR"
    assert planet_code(planet(SMALL, GREEN, GASEOUS)) == "SGG"
    assert len({planet_code(token) for token in PLANETS}) == 27


def test_house_note_is_marked():
    assert HOUSE_NOTE.startswith("[house]")


def test_three_distinct_planets_never_share_all_three_features():
    # So a run scores at most 2 points: the 27 tokens are all different.
    assert (
        max(
            sum(rules.SHARED[(a * 27 + b) * 27 + c])
            for a in PLANETS
            for b in PLANETS
            for c in PLANETS
            if len({a, b, c}) == 3
        )
        == 2
    )


# --- scoring of hand-built galaxies ---------------------------------------------------------------------------


def test_three_in_a_row_sharing_one_feature_scores_one_point():
    g = galaxy(
        (1, 0, planet(SMALL, BLUE, TELLURIC)), (2, 0, planet(SMALL, RED, GASEOUS)), (3, 0, planet(SMALL, GREEN, RINGED))
    )
    assert rules.galaxy_points(g) == (1, 0, 0)


def test_three_in_a_row_sharing_nothing_scores_nothing():
    g = galaxy(
        (0, 1, planet(SMALL, BLUE, TELLURIC)),
        (0, 2, planet(MEDIUM, RED, GASEOUS)),
        (0, 3, planet(LARGE, GREEN, RINGED)),
    )
    assert rules.galaxy_points(g) == (0, 0, 0)


def test_a_run_sharing_two_features_scores_two_points():
    g = galaxy(
        (0, -1, planet(LARGE, RED, TELLURIC)), (0, -2, planet(LARGE, RED, GASEOUS)), (0, -3, planet(LARGE, RED, RINGED))
    )
    assert rules.galaxy_points(g) == (1, 1, 0)


def test_four_in_a_row_is_two_runs():
    g = galaxy(
        (1, 0, planet(SMALL, GREEN, TELLURIC)),
        (2, 0, planet(MEDIUM, GREEN, GASEOUS)),
        (3, 0, planet(LARGE, GREEN, RINGED)),
        (4, 0, planet(SMALL, GREEN, GASEOUS)),
    )
    assert rules.galaxy_points(g) == (0, 2, 0)


def test_five_in_a_row_is_three_runs_each_scored_on_its_own():
    # Types T T T G T: runs 1-3 share the type, 2-4 and 3-5 do not; colours are all blue.
    g = galaxy(
        (-1, 1, planet(SMALL, BLUE, TELLURIC)),
        (0, 1, planet(MEDIUM, BLUE, TELLURIC)),
        (1, 1, planet(LARGE, BLUE, TELLURIC)),
        (2, 1, planet(SMALL, BLUE, GASEOUS)),
        (3, 1, planet(MEDIUM, BLUE, RINGED)),
    )
    assert rules.galaxy_points(g) == (0, 3, 1)


def test_diagonal_runs_score_both_ways():
    diagonal = galaxy(
        (1, 1, planet(SMALL, RED, RINGED)), (2, 2, planet(MEDIUM, BLUE, RINGED)), (3, 3, planet(LARGE, GREEN, RINGED))
    )
    anti = galaxy(
        (1, -1, planet(MEDIUM, RED, TELLURIC)),
        (2, -2, planet(MEDIUM, GREEN, GASEOUS)),
        (3, -3, planet(MEDIUM, BLUE, RINGED)),
    )
    assert rules.galaxy_points(diagonal) == (0, 0, 1)
    assert rules.galaxy_points(anti) == (1, 0, 0)
    assert rules.galaxy_points(diagonal + anti) == (1, 0, 1)


def test_the_star_and_gaps_break_runs():
    reds = [planet(size, RED, kind) for size in range(3) for kind in range(3)]
    across_star = galaxy((-1, 0, reds[0]), (1, 0, reds[1]), (2, 0, reds[2]), (-2, 0, reds[3]))
    with_gap = galaxy((0, 1, reds[4]), (0, 2, reds[5]), (0, 4, reds[6]), (0, 5, reds[7]))
    assert rules.galaxy_points(across_star) == (0, 0, 0)
    assert rules.galaxy_points(with_gap) == (0, 0, 0)


def test_a_full_block_counts_every_line():
    # A 3x3 block of the nine small planets, colours by column, types by row:
    # 3 rows share size and type, 3 columns share size and colour, 2 diagonals share size only.
    g = galaxy(*((x, y, planet(SMALL, x - 1, y - 1)) for x in range(1, 4) for y in range(1, 4)))
    assert rules.galaxy_points(g) == (8, 3, 3)


def test_placement_points_are_the_runs_through_the_new_square():
    g = galaxy(
        (1, 0, planet(SMALL, GREEN, TELLURIC)),
        (3, 0, planet(LARGE, GREEN, RINGED)),
        (2, 1, planet(MEDIUM, BLUE, GASEOUS)),
        (2, 2, planet(MEDIUM, RED, GASEOUS)),
    )
    token = planet(MEDIUM, GREEN, GASEOUS)
    # Fills the gap of the green row (colour) and tops the medium gaseous column (size and type).
    assert rules.placement_points(g, token, 2, 0) == (1, 1, 1)
    after = rules.galaxy_points((*g, (2, 0, token)))
    assert after == tuple(a + b for a, b in zip(rules.galaxy_points(g), (1, 1, 1), strict=True))


def test_closing_pairs_are_the_squares_that_would_complete_a_run():
    a, b, c = planet(SMALL, GREEN, TELLURIC), planet(SMALL, GREEN, RINGED), planet(LARGE, BLUE, GASEOUS)
    # The row pair a-b closes at (3, 0) only, (0, 0) being the Star; the column pair b-c closes its gap (2, 1);
    # a and c are not in a line.
    g = galaxy((1, 0, a), (2, 0, b), (2, 2, c))
    assert rules.closing_pairs(g) == {(3, 0): [(a, b)], (2, 1): [(b, c)]}


def test_open_runs_count_shared_features_of_pairs_with_an_empty_third_square():
    g = galaxy((1, 0, planet(SMALL, GREEN, TELLURIC)), (2, 0, planet(SMALL, GREEN, RINGED)))
    # Two ends, (0, 0) is the Star so only (3, 0) is open: size and colour.
    assert rules.open_runs(g) == 2
    g = galaxy((1, 1, planet(SMALL, GREEN, TELLURIC)), (3, 1, planet(LARGE, GREEN, TELLURIC)))
    assert rules.open_runs(g) == 2


# --- the Universe ---------------------------------------------------------------------------------------------


def test_only_the_bottom_row_is_available_at_the_start():
    state = GAME.new_game(3, 2)
    assert sorted(state.universe) == list(PLANETS)
    assert rules.available_tokens(state.universe) == sorted(state.universe[20:])


def test_a_token_is_available_once_both_tokens_below_are_taken():
    universe = list(PLANETS)
    # Slot 14 (first of the 6-token row) rests on slots 20 and 21 (first two of the bottom row).
    universe[20] = EMPTY
    assert 14 not in rules.available_tokens(universe)
    universe[21] = EMPTY
    assert 14 in rules.available_tokens(universe)
    assert 15 not in rules.available_tokens(universe)
    # The top of the pyramid, slot 0, rests on slots 2 and 3.
    universe = [EMPTY] * 27
    universe[0], universe[3] = 0, 3
    assert rules.available_tokens(universe) == [3]


def test_taking_a_covered_or_taken_token_is_illegal():
    state = GAME.new_game(11, 2)
    covered = state.universe[0]
    with pytest.raises(IllegalAction, match="still covered"):
        GAME.apply(state, Take(covered, 1, 0))
    taken = state.universe[20]
    state = GAME.apply(state, Take(taken, 1, 0))
    with pytest.raises(IllegalAction, match="already been taken"):
        GAME.apply(state, Take(taken, 1, 0))
    with pytest.raises(IllegalAction, match="no planet token 27"):
        GAME.apply(state, Take(27, 1, 0))


# --- the Galaxy -----------------------------------------------------------------------------------------------


def test_the_first_planet_goes_on_one_of_the_eight_squares_around_the_star():
    state = GAME.new_game(5, 3)
    squares = {(a.x, a.y) for a in GAME.legal_actions(state)}
    assert squares == {(x, y) for x in (-1, 0, 1) for y in (-1, 0, 1)} - {(0, 0)}
    assert len(GAME.legal_actions(state)) == 7 * 8


def test_placement_must_touch_the_star_or_an_own_planet():
    token = planet(SMALL, BLUE, TELLURIC)
    mine = galaxy((1, 0, planet(LARGE, RED, RINGED)), (2, 1, planet(LARGE, RED, GASEOUS)))
    theirs = galaxy((-1, 0, planet(LARGE, BLUE, RINGED)), (-2, 0, planet(LARGE, BLUE, GASEOUS)))
    universe = tuple(token if t == token else EMPTY for t in PLANETS)
    state = Exo2State(players=2, universe=universe, galaxies=(mine, theirs), rng=0)
    assert set(rules.open_squares(mine)) == {(x, y) for x in range(-1, 4) for y in range(-1, 3)} - {
        (0, 0),
        (1, 0),
        (2, 1),
        (-1, 2),
        (0, 2),
        (3, -1),
    }
    assert GAME.apply(state, Take(token, 3, 2)).galaxies[0][-1] == (3, 2, token)
    # (-3, 0) touches the other player's planet only; (0, 0) is the Star; (1, 0) is taken.
    for x, y, reason in (
        (-3, 0, "touches neither"),
        (0, 0, "Star"),
        (1, 0, "already holds"),
        (4, 1, "touches neither"),
    ):
        with pytest.raises(IllegalAction, match=reason):
            GAME.apply(state, Take(token, x, y))


def test_legal_actions_are_in_a_stable_canonical_order():
    state = GAME.new_game(2, 2)
    state = GAME.apply(state, GAME.legal_actions(state)[0])
    actions = GAME.legal_actions(state)
    keys = [(a.token, a.y, a.x) for a in actions]
    assert keys == sorted(set(keys))
    assert actions == GAME.legal_actions(state)


# --- the end and the winner -----------------------------------------------------------------------------------


def _play_randomly(seed: int, players: int) -> Exo2State:
    chooser = random.Random(seed)
    state = GAME.new_game(seed, players)
    while not GAME.is_over(state):
        state = GAME.apply(state, chooser.choice(GAME.legal_actions(state)))
    return state


@pytest.mark.parametrize(("players", "each"), [(2, 13), (3, 9)])
def test_the_game_ends_when_every_galaxy_is_full(players, each):
    state = GAME.new_game(4, players)
    for placed in range(players * each):
        assert GAME.current_player(state) == placed % players
        assert GAME.turn(state) == placed + 1
        assert not GAME.is_over(state)
        state = GAME.apply(state, GAME.legal_actions(state)[-1])
    assert GAME.is_over(state)
    assert [len(g) for g in state.galaxies] == [each] * players
    assert GAME.current_player(state) is None
    assert GAME.legal_actions(state) == []
    assert GAME.turn(state) == players * each
    with pytest.raises(IllegalAction, match="over"):
        GAME.apply(state, Take(state.universe[0], 0, 1))
    assert sum(GAME.outcome(state)) == pytest.approx(1.0)


def test_outcome_is_refused_before_the_end():
    with pytest.raises(ValueError, match="not over"):
        GAME.outcome(GAME.new_game(1, 2))


def _scattered(tokens, near_star: int, row: int):
    """A Galaxy with no run: `near_star` planets on the Star's corners, the others spaced out on a far row."""
    corners = [(-1, -1), (1, -1), (-1, 1), (1, 1)]
    squares = corners[:near_star] + [(10 + 2 * k, row) for k in range(len(tokens) - near_star)]
    return tuple((x, y, token) for (x, y), token in zip(squares, tokens, strict=True))


def test_ties_go_to_more_planets_touching_the_star_then_are_shared():
    first, second = _scattered(range(13), 2, 10), _scattered(range(13, 26), 3, 20)
    assert rules.scores(state_with([first, second])) == (0, 0)
    assert GAME.outcome(state_with([first, second])) == (0.0, 1.0)
    even = _scattered(range(13, 26), 2, 20)
    assert GAME.outcome(state_with([first, even])) == (0.5, 0.5)


def test_a_higher_score_beats_more_planets_touching_the_star():
    run = [planet(SMALL, BLUE, TELLURIC), planet(SMALL, RED, GASEOUS), planet(SMALL, GREEN, RINGED)]
    rest = [token for token in PLANETS if token not in run]
    first = _scattered(rest[:10], 0, 10) + galaxy((20, 0, run[0]), (21, 0, run[1]), (22, 0, run[2]))
    second = _scattered(rest[10:23], 4, 20)
    assert rules.feature_points(state_with([first, second])) == ((1, 0, 0), (0, 0, 0))
    assert rules.scores(state_with([first, second])) == (1, 0)
    assert GAME.outcome(state_with([first, second])) == (1.0, 0.0)


def test_three_player_shares():
    a, b, c = _scattered(range(9), 1, 10), _scattered(range(9, 18), 1, 20), _scattered(range(18, 27), 0, 30)
    assert GAME.outcome(state_with([a, b, c])) == (0.5, 0.5, 0.0)
    c = _scattered(range(18, 27), 1, 30)
    assert GAME.outcome(state_with([a, b, c])) == pytest.approx((1 / 3, 1 / 3, 1 / 3))


# --- protocol -------------------------------------------------------------------------------------------------


def test_registered_and_implements_the_protocol():
    assert games.get("exo2") is GAME
    assert isinstance(GAME, Game)
    assert GAME.player_counts == (2, 3)


@pytest.mark.parametrize(
    ("players", "variant", "message"), [(1, None, "2 or 3"), (4, None, "2 or 3"), (2, "quick", "no variants")]
)
def test_bad_setups_are_refused(players, variant, message):
    with pytest.raises(GameSetupError, match=message):
        GAME.new_game(1, players, variant)


def test_the_deal_depends_on_the_seed_only():
    assert GAME.new_game(9, 2).universe == GAME.new_game(9, 2).universe
    assert GAME.new_game(9, 2).universe != GAME.new_game(10, 2).universe


def test_view_hides_only_the_generator_and_determinize_refills_it():
    state = _play_randomly(3, 2)
    middle = GAME.new_game(8, 3)
    middle = GAME.apply(middle, GAME.legal_actions(middle)[3])
    for s in (state, middle):
        view = GAME.view(s, 1)
        assert view.rng == 0
        assert msgspec.structs.replace(view, rng=s.rng) == s
        assert GAME.legal_actions(view) == GAME.legal_actions(s)
        full = GAME.determinize(view, 1, random.Random(4))
        assert full.rng != 0
        assert msgspec.structs.replace(full, rng=s.rng) == s


def test_states_and_actions_round_trip_through_msgpack():
    state = _play_randomly(6, 3)
    assert msgspec.msgpack.decode(msgspec.msgpack.encode(state), type=GAME.state_type) == state
    action = Take(5, -2, 3)
    assert msgspec.msgpack.decode(msgspec.msgpack.encode(action), type=GAME.action_type) == action
    assert state_hash(state) == state_hash(msgspec.msgpack.decode(msgspec.msgpack.encode(state), type=Exo2State))


def test_describe_says_where_in_plain_english():
    token = planet(LARGE, RED, RINGED)
    state = state_with([(), ()])
    assert (
        GAME.describe(state, Take(token, -1, 0))
        == "Seat 1 takes the large red ringed planet and places it to the left of the Star."
    )
    assert GAME.describe(state, Take(token, 1, -1)).endswith("to the upper right of the Star.")
    assert GAME.describe(state, Take(token, 0, 1)).endswith("places it below the Star.")
    assert GAME.describe(state, Take(token, 0, -1)).endswith("places it above the Star.")
    g = galaxy((1, 0, planet(SMALL, RED, RINGED)), (2, 0, planet(MEDIUM, RED, TELLURIC)))
    state = state_with([g, galaxy((1, 1, 0))])
    assert GAME.describe(state, Take(token, 3, 0)) == (
        "Seat 2 takes the large red ringed planet and places it 3 to the right of the Star."
    )
    state = state_with([g, ()], players=2)
    assert GAME.describe(state, Take(token, 2, -2)).endswith("2 above and 2 to the right of the Star.")
    assert GAME.describe(state, Take(token, 0, 2)).endswith("2 below the Star.")


def test_a_placement_that_scores_is_told_as_an_event_with_the_new_total():
    g = galaxy((1, 0, planet(SMALL, RED, RINGED)), (2, 0, planet(MEDIUM, RED, TELLURIC)))
    state = state_with([g, ()], players=2)
    scoring = Take(planet(LARGE, RED, RINGED), 3, 0)
    assert GAME.events(state, scoring, GAME.apply(state, scoring)) == ("Seat 1 scores 1 point (colour +1), 1 in all.",)
    quiet = Take(planet(LARGE, RED, RINGED), 0, -1)
    assert GAME.events(state, quiet, GAME.apply(state, quiet)) == ()


def _last_placement(first, second_twelve):
    """The last decision of a 2-player game (Seat 2's 13th planet, scoring nothing) and its events."""
    state = state_with([first, second_twelve])
    x, y, _ = second_twelve[-1]
    action = Take(rules.available_tokens(state.universe)[0], x, y + 1)
    after = GAME.apply(state, action)
    assert GAME.is_over(after)
    return GAME.events(state, action, after)


def test_the_end_tells_the_winner_the_tie_break_or_the_shared_win():
    run = [planet(SMALL, BLUE, TELLURIC), planet(SMALL, RED, GASEOUS), planet(SMALL, GREEN, RINGED)]
    rest = [token for token in PLANETS if token not in run]
    ahead = _scattered(rest[:10], 0, 10) + galaxy((20, 0, run[0]), (21, 0, run[1]), (22, 0, run[2]))
    assert _last_placement(ahead, _scattered(rest[10:22], 4, 20)) == ("Seat 1 wins with 1 point (Seat 2 0).",)
    first = _scattered(range(13), 2, 10)
    assert _last_placement(first, _scattered(range(13, 25), 3, 20)) == (
        "Seat 2 wins on the tie-break: 0 points like Seat 1, with more planets touching the Star (3 to 2).",
    )
    assert _last_placement(first, _scattered(range(13, 25), 2, 20)) == (
        "Seat 1 and Seat 2 share the win: 0 points and 2 planets touching the Star each.",
    )


def test_evaluate_prefers_the_leader_and_matches_the_outcome_at_the_end():
    final = _play_randomly(12, 2)
    assert GAME.evaluate(final) == GAME.outcome(final)
    g = galaxy(
        (1, 0, planet(SMALL, RED, RINGED)), (2, 0, planet(MEDIUM, RED, TELLURIC)), (3, 0, planet(LARGE, RED, GASEOUS))
    )
    other = galaxy(
        (1, 0, planet(SMALL, BLUE, RINGED)),
        (2, 0, planet(MEDIUM, GREEN, TELLURIC)),
        (3, 0, planet(LARGE, RED, TELLURIC)),
    )
    values = GAME.evaluate(state_with([g, other]))
    assert values[0] > 0.5 > values[1]
    assert sum(values) == pytest.approx(1.0)


def test_a_three_player_game_saves_and_loads_through_the_shared_records(tmp_path):
    path = tmp_path / "exo2.exotui"
    seats = [records.Seat.from_spec(f"Bot {n}", "random") for n in range(3)]
    record = records.GameRecord.new(path, GAME, 21, seats)
    record.save()
    chooser = random.Random(21)
    while not GAME.is_over(record.state):
        record.append(chooser.choice(GAME.legal_actions(record.state)))
    saved = records.load(path)
    assert saved.actions == tuple(record.actions)
    assert saved.final == record.state
    assert saved.header.result == GAME.outcome(record.state)


def test_the_playout_policy_plays_at_random_when_nothing_scores():
    state = GAME.new_game(2, 2)
    actions = GAME.legal_actions(state)
    chosen = {GAME.rollout_action(state, actions, random.Random(n)) for n in range(20)}
    assert chosen <= set(actions)
    assert len(chosen) > 10


def test_the_end_screen_counts_one_point_in_the_singular() -> None:
    # A final table with a seat on 1 point read "1 points (size 1, colour 0, type 0)".
    def finals() -> Iterator[Exo2State]:
        for seed in range(200):
            state, chooser = GAME.new_game(seed, 2), random.Random(seed)
            while not GAME.is_over(state):
                state = GAME.apply(state, chooser.choice(GAME.legal_actions(state)))
            yield state

    one = next(state for state in finals() if 1 in [sum(points) for points in rules.feature_points(state)])
    lines = ending(one, ["Ann", "Bob"])
    for label, points in zip(("Ann", "Bob"), rules.feature_points(one), strict=True):
        total = sum(points)
        worded = "1 point" if total == 1 else f"{total} points"
        assert any(line.startswith(f"{label}: {worded} (size ") for line in lines), lines
