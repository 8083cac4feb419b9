"""The players behind the specs: greedy, mcts and cheat, and the spec parser the CLI relies on."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

from exotui import games
from exotui.ai.mcts import ActionStats, SearchConfig
from exotui.ai.players import LEVELS, MAX_ITERATIONS, GreedyPlayer, MctsPlayer, UnknownPlayer, make_player
from exotui.engine import protocol
from exotui.engine.protocol import EasyPlay, exploration, level_iterations, minimax_weight
from toygames import CHAIN_NIM, TICTACTOE, TRICKS, Mark, Play, Table, Take, TicTacToe, Tricks, board


@pytest.mark.parametrize(
    ("spec", "name", "sees_everything"),
    [
        ("random", "random", False),
        ("greedy", "greedy", False),
        ("policy", "policy", False),
        ("mcts", "mcts:normal", False),
        ("mcts:easy", "mcts:easy", False),
        ("mcts:it=50", "mcts:it=50", False),
        ("mcts:s=0.5", "mcts:s=0.5", False),
        ("cheat:hard", "cheat:hard", True),
    ],
)
def test_specs_make_players(spec: str, name: str, sees_everything: bool) -> None:
    player = make_player(spec)
    assert (player.name, player.sees_everything) == (name, sees_everything)


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("wizard", "unknown player 'wizard'; choose one of: cheat, greedy, mcts, policy, random"),
        ("mcts:huge", "bad player 'mcts:huge': the level must be easy, normal, hard, it=ITERATIONS or s=SECONDS"),
        ("mcts:it=many", "bad player 'mcts:it=many': 'many' is not a number"),
        ("mcts:it=0", "bad player 'mcts:it=0': iterations must be at least 1, got 0"),
        ("cheat:s=-1", "bad player 'cheat:s=-1': seconds must be positive and finite, got -1.0"),
        ("greedy:hard", "bad player 'greedy:hard': greedy has no levels"),
        (
            "mcts:it=50:deep=3",
            "bad player 'mcts:it=50:deep=3': a search option is depth=N, c=N, pb=N, imm=N, it=N, not 'deep=3'",
        ),
        ("mcts:it=50:depth=2.5", "bad player 'mcts:it=50:depth=2.5': depth must be a whole number, 0 for none"),
        ("mcts:normal:c=nan", "bad player 'mcts:normal:c=nan': c must be between 0 and 100, not 'nan'"),
        ("mcts:it=50:imm=5", "bad player 'mcts:it=50:imm=5': imm must be between 0 and 1, not '5'"),
    ],
)
def test_bad_specs_say_what_is_wrong_in_one_line(spec: str, message: str) -> None:
    with pytest.raises(UnknownPlayer) as error:
        make_player(spec)
    assert str(error.value).startswith(message)
    assert "\n" not in str(error.value)


def test_iteration_spec_sets_the_budget() -> None:
    player = make_player("mcts:it=50")
    assert isinstance(player, MctsPlayer)
    assert player.decide(TICTACTOE, board("X.. ... ..."), 1).iterations == 50


def test_search_options_after_the_budget_change_only_the_search_for_measuring_variants() -> None:
    player = make_player("mcts:it=50:depth=8:c=1.2:pb=0.5:imm=0.25")
    assert isinstance(player, MctsPlayer)
    assert player.config == SearchConfig(
        iterations=50, exploration=1.2, playout_depth=8, prior_weight=0.5, minimax_weight=0.25
    )
    assert player.decide(TICTACTOE, board("X.. ... ..."), 1).iterations == 50
    # depth=0 plays out to the end; the level keeps its own play (easy draws, hard searches on every core).
    easy, hard = make_player("mcts:easy:depth=0"), make_player("mcts:hard:c=0.5")
    assert isinstance(easy, MctsPlayer) and isinstance(hard, MctsPlayer)
    assert easy.easy and easy.config.playout_depth is None and easy.config.seconds == 0.25
    # Easy searches at least its floor of iterations, however busy the machine (docs/figures.md).
    assert easy.config.min_iterations == 500 and hard.config.min_iterations == 0
    assert hard.processes == make_player("mcts:hard").processes
    # it=N in place of the level's time: easy's draw after a fixed search, whatever the load; a game's own way of
    # playing a level (level_play) reads the level without its options.
    counted = make_player("mcts:easy:it=40")
    assert isinstance(counted, MctsPlayer)
    assert counted.easy and counted.level == "easy"
    assert counted.config == SearchConfig(iterations=40, playout_depth=4)


def test_a_forced_decision_is_returned_at_once_even_by_the_hardest_level() -> None:
    player = make_player("mcts:hard")
    assert isinstance(player, MctsPlayer)
    result = player.decide(CHAIN_NIM, CHAIN_NIM.new_game(0, 2), 0)
    assert (result.action, result.iterations) == (Take(), 0)


def test_same_seed_same_choices() -> None:
    views = [TRICKS.view(TRICKS.new_game(seed, 2), 0) for seed in range(5)]
    first, second = make_player("mcts:it=100", seed=9), make_player("mcts:it=100", seed=9)
    assert [first.choose(TRICKS, v, 0) for v in views] == [second.choose(TRICKS, v, 0) for v in views]


def test_cheat_searches_the_state_it_is_given_as_the_whole_truth() -> None:
    cheat, fair = make_player("cheat:it=50"), make_player("mcts:it=50")
    assert isinstance(cheat, MctsPlayer) and isinstance(fair, MctsPlayer)
    state = TRICKS.new_game(1, 2)
    assert cheat.decide(TRICKS, state, 0).exact
    assert not fair.decide(TRICKS, TRICKS.view(state, 0), 0).exact


def test_greedy_takes_a_win_without_an_evaluate_hook() -> None:
    assert not hasattr(TICTACTOE, "evaluate")
    for seed in range(5):
        assert GreedyPlayer(seed).choose(TICTACTOE, board("XX. OO. ..."), 0) == Mark(2)


def test_greedy_follows_the_evaluate_hook() -> None:
    # Seat 1 follows a 5 with one trick each: the 6 takes the trick (worth more to evaluate), the 2 gives it away.
    state = Table(((8,), (2, 6)), (), (5,), (1, 3, 4, 5, 7), 0, (1, 1), 0)
    view = TRICKS.view(state, 1)
    assert {GreedyPlayer(seed).choose(TRICKS, view, 1) for seed in range(5)} == {Play(6)}


def test_the_policy_player_plays_the_games_rollout_action_or_random_without_one() -> None:
    class Chooser:
        legal_actions = staticmethod(lambda view: ("a", "b", "c"))
        rollout_action = staticmethod(lambda view, actions, rng: actions[-1])

    assert make_player("policy").choose(Chooser(), None, 0) == "c"
    position = board("XO. .X. ..O")
    assert make_player("policy", seed=1).choose(TICTACTOE, position, 0) in TICTACTOE.legal_actions(position)


def test_easy_draws_its_decision_among_the_plausible_ones_and_normal_and_hard_do_not() -> None:
    easy, normal, hard = (make_player(f"mcts:{level}") for level in ("easy", "normal", "hard"))
    assert isinstance(easy, MctsPlayer) and isinstance(normal, MctsPlayer) and isinstance(hard, MctsPlayer)
    assert easy.easy and not normal.easy and not hard.easy
    # Visited 100, 80, 30 and 24 times: the last is below a quarter of the first and is never played.
    stats = [ActionStats(action, visits, 0.5) for action, visits in (("a", 100), ("b", 80), ("c", 30), ("d", 24))]
    picks = [easy.pick(stats, EasyPlay()) for _ in range(2000)]
    assert set(picks) == {"a", "b", "c"}
    # Weights visits ** 4: the most visited most often, the runner-up about 0.8 ** 4 = 41% as often.
    assert picks.count("a") > picks.count("b") > picks.count("c")
    assert 0.3 < picks.count("b") / picks.count("a") < 0.55


def test_a_margin_leaves_out_the_decisions_estimated_well_below_the_most_visited() -> None:
    easy = MctsPlayer("easy", SearchConfig(iterations=1), easy=True)
    # Visited nearly alike, as EXO n°2's placements are at a quarter second: "b" is estimated 0.05 below "a".
    stats = [ActionStats("a", 20, 0.60), ActionStats("b", 19, 0.55), ActionStats("c", 18, 0.58)]
    assert {easy.pick(stats, EasyPlay(margin=0.03)) for _ in range(500)} == {"a", "c"}
    assert {easy.pick(stats, EasyPlay()) for _ in range(500)} == {"a", "b", "c"}


def test_easy_plays_the_decision_it_drew_and_a_seed_replays_it() -> None:
    views = [TRICKS.view(TRICKS.new_game(seed, 2), 0) for seed in range(8)]

    def played(seed: int) -> list[object]:
        player = MctsPlayer("easy", SearchConfig(iterations=200), seed, easy=True)
        return [player.choose(TRICKS, view, 0) for view in views]

    first = played(3)
    assert first == played(3)
    legal = [TRICKS.legal_actions(view) for view in views]
    assert all(action in actions for action, actions in zip(first, legal, strict=True))
    # The same search as without the draw, but the decision played is not always its most visited one.
    differs = False
    for seed in range(4):
        for view in views:
            plain = MctsPlayer("plain", SearchConfig(iterations=200), seed).decide(TRICKS, view, 0)
            drawn = MctsPlayer("easy", SearchConfig(iterations=200), seed, easy=True).decide(TRICKS, view, 0)
            assert drawn.stats == plain.stats
            differs |= drawn.action != plain.action
    assert differs


class BeginnerTicTacToe(TicTacToe):
    """Tic-tac-toe whose easy level plays its policy on a share of its decisions: marking the last empty cell."""

    def __init__(self, policy_share: float) -> None:
        self.easy_play = EasyPlay(policy_share=policy_share)

    @staticmethod
    def rollout_action(state: object, actions: Sequence[Mark], rng: random.Random) -> Mark:
        return actions[-1]


# X to play: cell 2 wins at once (the only plausible decision of any search), the policy marks cell 8.
WIN_OR_POLICY = board("XX. OO. ...")


def test_a_games_easy_play_is_followed_by_easy_only() -> None:
    game = BeginnerTicTacToe(policy_share=1.0)
    easy = make_player("mcts:easy")
    assert isinstance(easy, MctsPlayer)
    played = easy.decide(game, WIN_OR_POLICY, 0)
    assert (played.action, played.iterations) == (Mark(8), 0)
    # The other levels search as before; hard is left out here only because it starts a process per core.
    assert make_player("mcts:normal").choose(game, WIN_OR_POLICY, 0) == Mark(2)
    assert MctsPlayer("plain", SearchConfig(iterations=200), 1).choose(game, WIN_OR_POLICY, 0) == Mark(2)


def test_easy_draws_the_policys_share_of_its_decisions_from_its_seed() -> None:
    game = BeginnerTicTacToe(policy_share=0.5)

    def played(seed: int) -> list[Mark]:
        player = MctsPlayer("easy", SearchConfig(iterations=100), seed, easy=True)
        return [player.choose(game, WIN_OR_POLICY, 0) for _ in range(40)]

    first = played(5)
    assert first == played(5) != played(6)
    assert 10 < first.count(Mark(8)) < 30 and first.count(Mark(8)) + first.count(Mark(2)) == 40


def test_a_games_normal_play_is_the_share_of_normal_s_decisions_that_play_the_policy_and_no_other_level_s() -> None:
    game = BeginnerTicTacToe(policy_share=0.0)
    game.normal_play = 1.0
    normal = make_player("mcts:normal:it=100")
    assert isinstance(normal, MctsPlayer)
    played = normal.decide(game, WIN_OR_POLICY, 0)
    assert (played.action, played.iterations) == (Mark(8), 0)
    # A budget without the level's name, easy and a game without the hook search as before.
    assert make_player("mcts:it=100").choose(game, WIN_OR_POLICY, 0) == Mark(2)
    assert make_player("mcts:easy:it=100").choose(game, WIN_OR_POLICY, 0) == Mark(2)
    assert make_player("mcts:normal:it=100").choose(TicTacToe(), WIN_OR_POLICY, 0) == Mark(2)
    game.normal_play = 0.5
    slipping = MctsPlayer("normal", SearchConfig(iterations=100), 5, level="normal")
    marks = [slipping.choose(game, WIN_OR_POLICY, 0) for _ in range(40)]
    assert 10 < marks.count(Mark(8)) < 30 and marks.count(Mark(8)) + marks.count(Mark(2)) == 40


def test_a_game_without_easy_play_gets_the_easy_of_every_game() -> None:
    # The draw tuned on ExoFauna, which ExoFauna and Endless Forms keep.
    assert EasyPlay() == EasyPlay(temperature=0.25, share=0.25, margin=None, policy_share=0.0)

    class Declared(Tricks):
        easy_play = EasyPlay()

    views = [TRICKS.view(TRICKS.new_game(seed, 2), 0) for seed in range(6)]

    def played(game: Tricks) -> list[object]:
        player = MctsPlayer("easy", SearchConfig(iterations=100), 7, easy=True)
        return [player.choose(game, view, 0) for view in views]

    assert not hasattr(TRICKS, "easy_play")
    assert played(TRICKS) == played(Declared())


class _CappedTicTacToe(TicTacToe):
    # A game defining its levels' strength by iterations as well as time (engine.protocol.level_iterations).
    level_iterations = {"normal": 60, "easy": 30}  # noqa: RUF012 (a hook read, never changed)


def test_a_game_may_cap_a_timed_level_s_iterations_but_not_a_measuring_budget() -> None:
    capped, position = _CappedTicTacToe(), board("X.. ... ...")
    normal, easy, hard = (make_player(f"mcts:{level}") for level in ("normal", "easy", "hard:c=0.7"))
    counted = make_player("mcts:normal:it=90")
    assert isinstance(normal, MctsPlayer) and isinstance(easy, MctsPlayer) and isinstance(hard, MctsPlayer)
    assert isinstance(counted, MctsPlayer)
    # Normal stops at the game's cap long before its second; easy's floor of 500 is never above its cap.
    assert normal.decide(capped, position, 1).iterations == 60
    assert easy.config_for(capped) == SearchConfig(seconds=0.25, iterations=30, min_iterations=30, playout_depth=4)
    # A level the game does not cap, another game, and an iteration budget typed for measuring are searched as given.
    assert hard.config_for(capped) == hard.config
    assert normal.config_for(TICTACTOE) == normal.config
    assert counted.decide(capped, position, 1).iterations == 90


@pytest.mark.parametrize("game_id", games.available())
def test_a_games_level_caps_keep_the_levels_in_order(game_id: str) -> None:
    # A cap below a lower level's would make the higher level the weaker (hard is uncapped unless named).
    caps = level_iterations(games.get(game_id))
    assert set(caps) <= set(LEVELS)
    order = [caps.get(level, MAX_ITERATIONS) for level in LEVELS]
    assert all(cap >= 1 for cap in order) and order == sorted(order)


@pytest.mark.parametrize("game_id", games.available())
def test_a_games_exploration_constant_is_one_a_player_could_type(game_id: str) -> None:
    # The same bounds as a constant typed for measuring ("mcts:it=1000:c=0.35"), so that `:c=` can replay any game's.
    constant = exploration(games.get(game_id))
    assert constant is None or 0 < constant <= 100


@pytest.mark.parametrize("game_id", games.available())
def test_a_games_minimax_weight_is_one_a_search_accepts(game_id: str) -> None:
    # A weight out of [0, 1] would be refused only once a search began; typed as ":imm=" it replays the game's.
    game = games.get(game_id)
    weight = minimax_weight(game)
    assert weight is None or SearchConfig(iterations=1, minimax_weight=weight).minimax_weight == weight
    assert weight is None or protocol.evaluator(game) is not None, "backups need the game's evaluation"
