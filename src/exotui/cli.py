"""The `exotui` command: the app by default, and headless subcommands for play, measurement and saves."""

from __future__ import annotations

import argparse
import json
import math
import os
import shlex
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Final, NoReturn

import msgspec

from exotui import __version__, games
from exotui.ai.match import play_match
from exotui.ai.parallel import available_cores
from exotui.ai.players import LEVELS, MAX_ITERATIONS, MAX_SECONDS, PLAYER_KINDS, Player, UnknownPlayer, make_player
from exotui.engine.lock import GameInUse
from exotui.engine.protocol import GameSetupError, opening, player_counts_text, rival
from exotui.engine.records import BadSave, GameRecord, Header, SavedGame, SavingOff, Seat, VerificationFailed, load
from exotui.engine.result import result_of
from exotui.engine.savedir import ENV_VAR, SaveDir, SaveEntry
from exotui.engine.stats import aids_used
from exotui.engine.text import LINE_LIMIT, local_time, printable, printable_path
from exotui.measure import compare, sprt
from exotui.measure.arena import ArenaReport, run_arena, run_bench, run_rules_bench, run_sprt
from exotui.measure.ladder import run_ladder
from exotui.play.session import GameSession


class CliError(Exception):
    """A bad input the user can fix: printed as one line, exit code 2."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise CliError(message)

    def parse_known_args(  # type: ignore[override]  # argparse's overloads, for one signature used here
        self, args: Sequence[str] | None = None, namespace: argparse.Namespace | None = None
    ) -> tuple[argparse.Namespace, list[str]]:
        """argparse's, but a misspelt option or a bad value is named before a missing required argument.

        argparse checks the required arguments before it reports the unknown ones, so `arena --bogus` answered
        "required: --players". A first pass requires nothing: an unknown argument (or a value its type refuses,
        such as `--game nope`) is reported there; the second pass is argparse's own.
        """
        args = list(sys.argv[1:] if args is None else args)
        required = [action for action in self._actions if action.required]
        for action in required:
            action.required = False
        try:
            _, extras = super().parse_known_args(args, argparse.Namespace(**vars(namespace or argparse.Namespace())))
        finally:
            for action in required:
                action.required = True
        if extras and self.prog != "exotui":
            # A subcommand's own: its parent would say the same without naming the subcommand.
            self.error(f"unrecognized arguments: {' '.join(extras)} (see {self.prog} --help)")
        return super().parse_known_args(args, namespace)

    def format_help(self) -> str:
        # The games and players are listed only when asked: it imports every registered game.
        if self.prog == "exotui":
            self.epilog = _games_and_players()
        return super().format_help()


def _games_and_players() -> str:
    """The --help epilog: every registered game with its player counts and variants, every player kind with its
    levels and their limits (the same limits hold for a level read from a save)."""
    lines = ["games (--game ID, --variant V):"]
    for game_id in games.available():
        game = games.get(game_id)
        counts = player_counts_text(game.player_counts)
        variants = f"variants: {', '.join(game.variants)}" if game.variants else "no variants"
        lines.append(f"  {game_id:<10} {game.title}: {counts} players; {variants}")
    plain = [kind for kind in PLAYER_KINDS if not _has_levels(kind)]
    levelled = [kind for kind in PLAYER_KINDS if _has_levels(kind)]
    names = ", ".join(LEVELS)
    seconds = ", ".join(f"{value:g}" for value in LEVELS.values())
    lines += [
        "",
        "players (--players SPEC,SPEC; the computer seats of saved games):",
        f"  {', '.join(plain)}: no levels",
        f"  {'|'.join(levelled)}[:LEVEL]: LEVEL is {names} ({seconds} s a decision; default normal),",
        f"    it=N (N iterations, 1 to {MAX_ITERATIONS:,}) or s=X (X seconds, more than 0 up to {MAX_SECONDS:g});",
        "    easy draws its move among the search's best few, to be beatable (each game may weaken it",
        "    further: Cryptid's easy plays the simple deducer on half its decisions)",
    ]
    return "\n".join(lines)


def _has_levels(kind: str) -> bool:
    try:
        make_player(f"{kind}:it=1")
    except UnknownPlayer:
        return False
    return True


def _game(game_id: str) -> games.Game:
    try:
        return games.get(game_id)
    except games.UnknownGame as exc:
        raise CliError(exc.args[0]) from None


def _game_id(text: str) -> str:
    """--game's type: an unknown game is refused while parsing, before a missing argument is reported."""
    if text not in games.available():
        raise argparse.ArgumentTypeError(games.UnknownGame(text).args[0])
    return text


def _player_specs(text: str, game: games.Game) -> list[str]:
    specs = [spec.strip() for spec in text.split(",")]
    if len(specs) not in game.player_counts:
        counts = player_counts_text(game.player_counts)
        raise CliError(f"{game.title} is played by {counts} players, got {len(specs)}: {text!r}")
    for spec in specs:
        try:
            make_player(spec.removeprefix(compare.PREFIX))
        except UnknownPlayer as exc:
            raise CliError(exc.args[0]) from None
    return specs


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected a number of at least 1, got {value}")
    return value


def _port(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a port number, got {text!r}") from None
    if not 0 <= value <= 65535:
        raise argparse.ArgumentTypeError(f"expected a port from 0 (any free one) to 65535, got {value}")
    return value


def _variant(game: games.Game, variant: str | None) -> str | None:
    if variant is not None and variant not in game.variants:
        offered = ", ".join(game.variants) or "none"
        raise CliError(f"{game.title} has no variant {variant!r} (variants: {offered})")
    return variant


def cmd_selfplay(args: argparse.Namespace) -> int:
    game = _game(args.game)
    specs = _player_specs(args.players, game)
    variant = _variant(game, args.variant)
    saves = SaveDir.locate(args.saves_dir) if args.record else None
    wins = [0.0] * len(specs)
    draws = 0
    # Games won by the game's rival (a solo game's automaton): neither a seat's win nor a draw.
    rival_wins = 0
    turns = 0
    actions = 0
    for index in range(args.games):
        seed = args.seed + index
        players = [make_player(spec, seed * 31 + seat) for seat, spec in enumerate(specs)]
        try:
            result = play_match(game, players, seed, variant)
        except GameSetupError as exc:
            raise CliError(str(exc)) from None
        if saves is not None:
            _record(saves, game, specs, seed, variant, result.actions)
        won = result_of(game, result.outcome)
        draws += won.shared
        rival_wins += won.rival is not None
        for seat in won.winners if not won.shared else ():
            wins[seat] += 1
        turns += result.turns
        actions += len(result.actions)
    summary = {
        "game": game.id,
        "variant": variant,
        "players": specs,
        "games": args.games,
        "seed": args.seed,
        "wins": wins,
        "draws": draws,
        "rival_wins": rival_wins,
        "mean_turns": turns / args.games,
        "mean_actions": actions / args.games,
    }
    if args.json:
        print(json.dumps(summary))
    else:
        print(f"{game.title}: {args.games} games, seeds {args.seed}..{args.seed + args.games - 1}")
        for seat, spec in enumerate(specs):
            print(f"  seat {seat + 1} ({spec}): {wins[seat]:g} wins")
        if (against := rival(game, len(specs))) is not None:
            print(f"  {against}: {rival_wins} wins")
        print(f"  draws: {draws}")
        print(f"  mean turns per game: {summary['mean_turns']:.1f}")
        print(f"  mean actions per game: {summary['mean_actions']:.1f}")
    return 0


def _record(
    saves: SaveDir, game: games.Game, specs: list[str], seed: int, variant: str | None, actions: Sequence[object]
) -> None:
    seats = [Seat.from_spec(f"Computer {seat + 1}", spec) for seat, spec in enumerate(specs)]
    try:
        record = saves.new_record(game, seed, seats, variant)
        record.save()
        for action in actions:
            record.append(action)
        record.close()
    except (SavingOff, ValueError) as exc:
        raise CliError(str(exc)) from None


def _title(header: Header, title: str) -> str:
    seats = " vs ".join(seat.name if seat.kind == "human" else f"{seat.name} [{seat.spec}]" for seat in header.seats)
    variant = f", {header.variant}" if header.variant else ""
    return f"{title}{variant}, seed {header.seed}: {seats}"


def cmd_verify(args: argparse.Namespace) -> int:
    path = Path(args.file)
    shown = printable_path(path)
    try:
        saved = load(path)
    except VerificationFailed as exc:
        print(printable(f"{shown}: does not verify: {exc.problem}", LINE_LIMIT))
        return 1
    except BadSave as exc:
        # A player's words first, then the decoder's own: verify is where an engineer looks at a broken file.
        raise CliError(f"{exc} (the decoder: {exc.detail})" if exc.detail else str(exc)) from None
    header = saved.header
    size = path.stat().st_size
    print(f"{shown}: good: {_title(header, saved.game.title)}; {header.actions} actions, {size} bytes, {header.status}")
    if args.timing:
        runs = []
        for _ in range(20):
            started = time.perf_counter()
            load(path)
            runs.append(time.perf_counter() - started)
        median, best = statistics.median(runs) * 1000, min(runs) * 1000
        print(f"  load and verify: median {median:.2f} ms, best {best:.2f} ms over {len(runs)} runs")
    return 0


def _not_a_terminal() -> str | None:
    """The stream the app would need to be a terminal that is not one (the output first), or None."""
    for name, stream in (("output", sys.stdout), ("input", sys.stdin)):
        if not stream.isatty():
            return name
    return None


def _run_app(
    saves: SaveDir,
    opening: GameSession | SavedGame | GameInUse | None = None,
    instead: str = "exotui --help lists the commands that need none",
    notice: str | None = None,
) -> int:
    """The full-screen app; refused when not in a terminal (into a pipe it would draw for no one and never end),
    saying what to run `instead`."""
    stream = _not_a_terminal()
    if stream is not None:
        raise CliError(f"the app is full-screen and needs a terminal, but its {stream} is not one: {instead}")
    # Imported here so the headless subcommands start without loading Textual.
    from exotui.tui.app import run

    return run(saves, opening, notice)


def _game_and_time(entry: SaveEntry) -> tuple[str, str]:
    """('Raging Rodents', '15:36') for a save played last today, ('ExoFauna/Duo', '2025-06-01 15:12') before: a
    game as the player knew it, at the time that makes it the most recent or not (`SaveEntry.written`)."""
    assert entry.header is not None
    try:
        title = games.get(entry.header.game).title
    except games.UnknownGame:
        title = entry.header.game
    when = local_time(datetime.fromtimestamp(entry.written, UTC))
    today = local_time(datetime.now(UTC))[:10]
    return printable(title), when[11:] if when.startswith(today) else when


def cmd_app(args: argparse.Namespace) -> int:
    """The app; with --continue, straight into the latest unfinished game, saying so when the game played last is
    another one (finished)."""
    saves = SaveDir.locate(args.saves_dir)
    if not args.resume:
        return _run_app(saves)
    problem = saves.problem()
    if problem is not None:
        raise CliError(f"no game to continue: {problem}")
    entry = saves.latest_unfinished()
    # The game played last (readable saves come first, most recent first): finished, when it is not `entry`.
    last = next((save for save in saves.entries() if save.header is not None), None)
    finished = "your last game ({}, {}) is finished".format(*_game_and_time(last)) if last is not None else ""
    if entry is None:
        unreadable = [entry for entry in saves.entries() if entry.header is None]
        where = printable_path(saves.path)
        if unreadable:
            first = unreadable[0]
            others = f" (and {len(unreadable) - 1} more)" if len(unreadable) > 1 else ""
            raise CliError(
                f"no unfinished game to continue in {where}: {printable(first.path.name)} cannot be read: "
                f"{first.problem}{others}"
            )
        if finished:
            raise CliError(f"no unfinished game to continue in {where}: {finished}")
        raise CliError(f"no unfinished game to continue in {where}: no game saved there yet")
    notice = None
    if last is not None and last.path != entry.path:
        notice = "Y{}; continuing {} from {}.".format(finished[1:], *_game_and_time(entry))
    try:
        session = GameSession.resume(GameRecord.resume(entry.path))
    except GameInUse as exc:
        # The app offers to replay it or to start another game.
        return _run_app(saves, exc)
    except BadSave as exc:
        raise CliError(str(exc)) from None
    return _run_app(saves, session, notice=notice)


def cmd_replay(args: argparse.Namespace) -> int:
    try:
        saved = load(Path(args.file))
    except BadSave as exc:
        raise CliError(str(exc)) from None
    if not args.text:
        instead = f"exotui replay {shlex.quote(printable(args.file))} --text prints the moves"
        return _run_app(SaveDir.locate(args.saves_dir), saved, instead)
    header = saved.header
    lines = [_title(header, saved.game.title)]
    lines.extend(f"{'':6}→ {sentence}" for sentence in opening(saved.game, saved.states[0]))
    for move in saved.moves(saved.told_to):
        lines.append(f"{move.number:4}. turn {move.turn:<3} {header.seats[move.seat].name}: {move.text}")
        lines.extend(f"{'':6}→ {event}" for event in move.events)
    lines.append(f"{header.status} (turn {header.turn})" if header.finished else header.status)
    if aids := aids_used(header):
        lines.append(aids)
    for line in lines:
        print(printable(line, None))
    return 0


def cmd_review(args: argparse.Namespace) -> int:
    """`exotui review FILE`: every decision of the chosen seats judged from that seat's view (ai/review.py)."""
    # Imported here, as the app is: the other subcommands start without it.
    from exotui.ai import review

    try:
        saved = load(Path(args.file))
        review.check_finished(saved)
        review.review_config(args.level)
        seats = review.reviewed_seats(saved, None if args.seat is None else args.seat - 1)
    except (BadSave, review.ReviewError) as exc:
        raise CliError(str(exc)) from None
    bar = sys.stderr.isatty()
    started = time.monotonic()

    def progress(done: int, total: int) -> None:
        line = _progress_bar(done, total, time.monotonic() - started, what="decisions") if total else "nothing to judge"
        print(f"\r{line}", end="" if done < total else "\n", file=sys.stderr, flush=True)

    jobs = args.jobs or available_cores()
    # The app's cache beside the save: a game reviewed there (or here) before is printed at once, and a review
    # stopped half way goes on from there.
    result = review.review(saved, seats, args.level, args.seed, jobs, progress if bar else None, cache=True)
    assert result is not None
    if args.json:
        print(json.dumps(msgspec.to_builtins(result)))
        return 0
    names = [seat.name for seat in saved.header.seats]
    for line in review.text_lines(result, names, args.all):
        print(printable(line, None))
    return 0


def cmd_saves(args: argparse.Namespace) -> int:
    saves = SaveDir.locate(args.saves_dir)
    problem = saves.problem()
    if problem is not None:
        raise CliError(problem)
    entries = saves.entries()
    print(f"{len(entries)} saves in {printable_path(saves.path)}")
    for entry in entries:
        name = printable(entry.path.name)
        if entry.header is None:
            print(f"  {name}: unreadable: {entry.problem}")
            continue
        header = entry.header
        names = " vs ".join(seat.name for seat in header.seats)
        when = f"{local_time(header.updated)} local time"
        print(printable(f"  {name}: {header.game}, {names}, {when}, {header.status}", None))
    return 0


def _player_maker(checkout: str | None, specs: Sequence[str]) -> Callable[[str, int], Player]:
    """make_player, and for `compare:SPEC` the player of SPEC in the `--compare` checkout."""
    if checkout is None:
        if any(spec.startswith(compare.PREFIX) for spec in specs):
            raise CliError(f"a {compare.PREFIX}SPEC player needs --compare DIR, the checkout that plays it")
        return make_player
    try:
        return compare.CheckoutMaker(compare.source_dir(checkout))
    except compare.CompareError as exc:
        raise CliError(str(exc)) from None


def player_names(specs: Sequence[str]) -> list[str]:
    """The players as the arena's lines name them: their specs, told apart by their place in --players where two
    are alike ("random (player 1)", "random (player 2)"; seats rotate, so a place is not a seat)."""
    return [f"{spec} (player {n})" if specs.count(spec) > 1 else spec for n, spec in enumerate(specs, 1)]


def cmd_arena(args: argparse.Namespace) -> int:
    game = _game(args.game)
    specs = _player_specs(args.players, game)
    variant = _variant(game, args.variant)
    make = _player_maker(args.compare, specs)
    jobs = args.jobs or available_cores()
    if args.sprt is not None:
        return _arena_sprt(args, game, specs, variant, make, jobs)
    if args.after is not None:
        raise CliError("--after goes on with an SPRT: give its bounds with --sprt ELO0,ELO1")
    bar = sys.stderr.isatty() and not args.progress
    started = time.monotonic()
    names = player_names(specs)

    def progress(done: int, so_far: ArenaReport) -> None:
        if bar:
            print(f"\r{_progress_bar(done, args.games, time.monotonic() - started)}", end="", file=sys.stderr)
            print("" if done < args.games else "\n", end="", file=sys.stderr, flush=True)
            return
        tally = ", ".join(f"{name} {s.wins}" for name, s in zip(names, so_far.scores, strict=True))
        print(f"game {done}/{args.games}: wins {tally}, draws {so_far.draws}", file=sys.stderr, flush=True)

    try:
        report = run_arena(
            game, specs, args.games, args.seed, variant, progress if bar or args.progress else None, make, jobs
        )
    except ValueError as exc:
        raise CliError(str(exc)) from None
    finally:
        compare.close_servers()
    if args.json:
        print(json.dumps(msgspec.to_builtins(report)))
        return 0
    last_deal = args.seed + report.games // len(specs) - 1
    print(f"{game.title}: {report.games} games, deals {args.seed}..{last_deal}, seats rotated")
    for name, score in zip(names, report.scores, strict=True):
        print(
            f"  {name}: wins {score.win_rate:.1%} (95% CI {score.win_low:.1%}-{score.win_high:.1%}), "
            f"{score.wins} won, {score.draws} drawn, {score.losses} lost, score {score.score:.3f}, "
            f"{score.mean_decision_seconds * 1000:.1f} ms per decision"
        )
    print(f"  draws: {report.draws}")
    print(f"  mean turns per game: {report.mean_turns:.1f}, mean actions per game: {report.mean_actions:.1f}")
    return 0


def _elo_text(elo: float) -> str:
    return f"{elo:+.1f}" if math.isfinite(elo) else ("+inf" if elo > 0 else "-inf")


def _sprt_line(test: sprt.SprtStatus) -> str:
    """The test after a pair: games, pairs by outcome, the ratio within its bounds, the Elo and its interval."""
    pairs = " ".join(f"{name} {count}" for name, count in zip(sprt.PAIR_NAMES, test.pentanomial, strict=True))
    return (
        f"{2 * test.pairs} games [{pairs}]: LLR {test.llr:.2f} ({test.lower:.2f}, {test.upper:.2f}), "
        f"Elo {_elo_text(test.elo)} (95% CI {_elo_text(test.elo_low)}..{_elo_text(test.elo_high)})"
    )


def _arena_sprt(
    args: argparse.Namespace,
    game: games.Game,
    specs: Sequence[str],
    variant: str | None,
    make: Callable[[str, int], Player],
    jobs: int,
) -> int:
    """`exotui arena --sprt ELO0,ELO1`: pairs of games until the test accepts one hypothesis or the cap."""
    try:
        elo0, elo1 = sprt.parse_bounds(args.sprt)
        sprt.bounds(args.alpha, args.beta)
        after = sprt.parse_pairs(args.after) if args.after is not None else (0, 0, 0, 0, 0)
    except ValueError as exc:
        raise CliError(str(exc)) from None

    def progress(test: sprt.SprtStatus, report: ArenaReport) -> None:
        print(_sprt_line(test), file=sys.stderr if args.json else sys.stdout, flush=True)

    try:
        result = run_sprt(
            game,
            specs,
            elo0,
            elo1,
            args.seed,
            variant,
            args.alpha,
            args.beta,
            args.max_games,
            progress,
            make,
            jobs,
            after,
        )
    except ValueError as exc:
        raise CliError(str(exc)) from None
    finally:
        compare.close_servers()
    if args.json:
        print(json.dumps(msgspec.to_builtins(result)))
        return 0
    test = result.test
    first, second = specs
    games_played = 2 * test.pairs
    what = f"SPRT [{elo0:g}, {elo1:g}] of {first} against {second}"
    if test.verdict is sprt.Verdict.H1:
        verdict = (
            f"H1 accepted, {first} is {elo1:+g} Elo or more, not {elo0:+g} (LLR {test.llr:.2f} >= {test.upper:.2f})"
        )
    elif test.verdict is sprt.Verdict.H0:
        verdict = (
            f"H0 accepted, {first} is {elo0:+g} Elo or less, not {elo1:+g} (LLR {test.llr:.2f} <= {test.lower:.2f})"
        )
    else:
        verdict = f"no verdict within {args.max_games} games (LLR {test.llr:.2f} between the bounds)"
    print(
        f"{what}: {verdict}; {games_played} games, deals {args.seed}..{args.seed + test.pairs - 1}, "
        f"Elo {_elo_text(test.elo)} (95% CI {_elo_text(test.elo_low)}..{_elo_text(test.elo_high)})"
    )
    return 0


# The players every game offers, weakest first.
LADDER_PLAYERS: Final = "random,greedy,mcts:easy,mcts:normal,mcts:hard"


def cmd_ladder(args: argparse.Namespace) -> int:
    game = _game(args.game)
    variant = _variant(game, args.variant)
    specs = [spec.strip() for spec in args.players.split(",")]
    for spec in specs:
        try:
            make_player(spec)
        except UnknownPlayer as exc:
            raise CliError(exc.args[0]) from None
    jobs = args.jobs or available_cores()
    started = time.monotonic()

    def progress(done: int, pairs: int, report: ArenaReport) -> None:
        print(f"\r{_progress_bar(done, pairs, time.monotonic() - started, what='pairs')}", end="", file=sys.stderr)
        print("" if done < pairs else "\n", end="", file=sys.stderr, flush=True)

    try:
        ladder = run_ladder(
            game, specs, args.games, args.seed, variant, jobs, progress if sys.stderr.isatty() else None
        )
    except ValueError as exc:
        raise CliError(str(exc)) from None
    if args.json:
        print(json.dumps(msgspec.to_builtins(ladder)))
        return 0
    print(f"{game.title}: ladder, {args.games} games per pair, deals from {args.seed}, seats rotated")
    print(f"  {'player':<14} {'Elo':>6}  score")
    by_rating = sorted(range(len(specs)), key=lambda i: -ladder.ratings[i])
    for i in by_rating:
        scores = [
            p.first_score if p.first == specs[i] else 1 - p.first_score
            for p in ladder.pairings
            if specs[i] in (p.first, p.second)
        ]
        print(f"  {specs[i]:<14} {ladder.ratings[i]:>+6.0f}  {sum(scores) / len(scores):.0%}")
    for pairing in ladder.pairings:
        print(
            f"  {pairing.first} vs {pairing.second}: {pairing.first_wins}-{pairing.second_wins}"
            f" ({pairing.draws} drawn), score {pairing.first_score:.0%}"
        )
    return 0


def _progress_bar(done: int, total: int, elapsed: float, width: int = 30, what: str = "games") -> str:
    """One line: a bar of `width` cells, the games (or pairs...) done, the time so far and, once one is done, the
    time left."""
    filled = width * done // total
    left = f", about {elapsed * (total - done) / done:.0f} s left" if done and done < total else ""
    return f"[{'#' * filled}{'.' * (width - filled)}] {done}/{total} {what}, {elapsed:.0f} s{left}"


def cmd_bench(args: argparse.Namespace) -> int:
    game = _game(args.game)
    variant = _variant(game, args.variant)
    if args.rules and args.compare is not None:
        # It timed this checkout alone and said nothing of the other.
        raise CliError("--compare times the searches of two checkouts; --rules times this one's rules only")
    if args.rules:
        rules = run_rules_bench(game, args.positions, args.seed, variant)
        if args.json:
            print(json.dumps(msgspec.to_builtins(rules)))
            return 0
        print(f"{game.title}: random play from {rules.games} openings (seed {args.seed}), legal_actions + apply")
        print(f"  actions/s: {rules.actions_per_second:,.0f} ({rules.actions:,} in {rules.seconds:.2f} s)")
        print(f"  games/s: {rules.games_per_second:,.1f}")
        return 0
    if args.compare is not None:
        return _bench_compare(args)
    try:
        make_player(args.player)
        report = run_bench(game, args.player, args.positions, args.seed, variant)
    except (UnknownPlayer, ValueError) as exc:
        raise CliError(str(exc)) from None
    if args.json:
        print(json.dumps(msgspec.to_builtins(report)))
        return 0
    print(f"{game.title}: {args.player} on {report.positions} positions from random games (seed {args.seed})")
    print(f"  iterations/s: {report.iterations_per_second:,.0f} ({report.iterations:,} in {report.seconds:.2f} s)")
    print(f"  playouts/s: {report.playouts_per_second:,.0f}")
    print(f"  mean tree depth: {report.mean_depth:.2f} (deepest {report.max_depth})")
    return 0


def _bench_compare(args: argparse.Namespace) -> int:
    """`bench --compare DIR`: the same searches by DIR's exotui and by this one, position by position."""
    game = _game(args.game)
    try:
        make_player(args.player)
        other = compare.source_dir(args.compare)
        rounds = compare.bench_compare(
            other, game, args.player, args.positions, args.seed, _variant(game, args.variant), args.rounds
        )
    except (UnknownPlayer, ValueError) as exc:
        raise CliError(str(exc)) from None
    finally:
        compare.close_servers()
    if args.json:
        print(json.dumps(msgspec.to_builtins(rounds)))
        return 0
    runs = f"{args.rounds} round{'s' if args.rounds > 1 else ''}"
    print(f"{game.title}: {args.player} on {args.positions} positions (seed {args.seed}), {runs}, taking turns")
    print(f"  compared: {args.compare}; this: {Path(compare.__file__).parents[2]}")
    for number, run in enumerate(rounds, 1):
        print(f"  round {number} (load {run.load:.1f}): {_compared(run.compared, run.this)}")
    both = compare.total(run.compared for run in rounds), compare.total(run.this for run in rounds)
    print(f"  all rounds: {_compared(*both)}")
    return 0


def _compared(before: compare.BenchSide, after: compare.BenchSide) -> str:
    return (
        f"compared {before.per_second:,.0f} it/s ({before.per_cpu_second:,.0f} per CPU s), "
        f"this {after.per_second:,.0f} it/s ({after.per_cpu_second:,.0f} per CPU s): "
        f"x{after.per_second / before.per_second:.2f} (x{after.per_cpu_second / before.per_cpu_second:.2f} per CPU s)"
    )


def cmd_serve(args: argparse.Namespace) -> int:
    """The SSH server (exotui.serve), until SIGTERM or Ctrl+C; its own imports, so the app never needs asyncssh."""
    try:
        from exotui.serve.server import ServeError, ServeOptions, data_dir, run
    except ImportError as exc:
        raise CliError(f"exotui serve needs asyncssh ({exc}): pip install 'exotui[serve]'") from None
    host_key = Path(args.host_key).expanduser() if args.host_key else None
    data = Path(args.data).expanduser() if args.data else data_dir()
    options = ServeOptions(
        data,
        args.host,
        args.port,
        host_key,
        args.max_sessions,
        args.idle_minutes * 60.0,
        starts_per_minute=args.starts_per_minute,
    )
    try:
        return run(options)
    except ServeError as exc:
        raise CliError(str(exc)) from None


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="exotui",
        description="Tabletop games against strong computer opponents.",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--version", action="version", version=f"exotui {__version__}")
    saves_help = f"where saves live (default: ${ENV_VAR}, else {SaveDir.locate().path})"
    parser.add_argument("--saves-dir", metavar="DIR", help=saves_help)
    parser.add_argument(
        "--continue", dest="resume", action="store_true", help="open the app in the latest unfinished game"
    )
    parser.set_defaults(handler=cmd_app)
    sub = parser.add_subparsers(dest="command", parser_class=_Parser)

    selfplay = sub.add_parser("selfplay", help="play games between computer players, headless")
    selfplay.add_argument("--game", type=_game_id, default="exofauna", help="game id (default: exofauna)")
    selfplay.add_argument("--players", default="random,random", help="comma-separated player specs")
    selfplay.add_argument("--games", type=_positive, default=10, help="number of games (default: 10)")
    selfplay.add_argument("--seed", type=int, default=1, help="seed of the first game (default: 1)")
    selfplay.add_argument("--variant", default=None, help="a variant of the game, e.g. quick")
    selfplay.add_argument("--json", action="store_true", help="print one JSON object")
    selfplay.add_argument("--record", action="store_true", help="save every game into the save directory")
    # SUPPRESS: given after the subcommand it sets the option, absent it keeps the top-level value.
    selfplay.add_argument("--saves-dir", metavar="DIR", default=argparse.SUPPRESS, help=saves_help)
    selfplay.set_defaults(handler=cmd_selfplay)

    verify = sub.add_parser("verify", help="check a save by replaying it: exit 0 if good, 1 if not")
    verify.add_argument("file", help="a save file")
    verify.add_argument("--timing", action="store_true", help="also time loading and verifying (20 runs)")
    verify.set_defaults(handler=cmd_verify)

    replay = sub.add_parser("replay", help="replay a saved game")
    replay.add_argument("file", help="a save file")
    replay.add_argument("--text", action="store_true", help="print the described move list instead of the screen")
    replay.set_defaults(handler=cmd_replay)

    review = sub.add_parser("review", help="judge every decision of a finished game from what its player knew")
    review.add_argument("file", help="a save file of a finished game")
    review.add_argument("--seat", type=_positive, help="the seat to review, from 1 (default: the people's, else all)")
    review.add_argument("--level", default="normal", help="normal (default), hard or it=N iterations a decision")
    review.add_argument("--seed", type=int, default=1, help="the searches' seed (default: 1)")
    review.add_argument("--jobs", type=_positive, default=None, help="decisions searched at once (default: every core)")
    review.add_argument("--all", action="store_true", help="list the good decisions too")
    review.add_argument("--json", action="store_true", help="print one JSON object")
    review.set_defaults(handler=cmd_review)

    saves = sub.add_parser("saves", help="list the saved games, most recent first")
    saves.add_argument("--saves-dir", metavar="DIR", default=argparse.SUPPRESS, help=saves_help)
    saves.set_defaults(handler=cmd_saves)

    arena = sub.add_parser("arena", help="measure players against each other, seats rotated")
    arena.add_argument("--game", type=_game_id, default="exofauna", help="game id (default: exofauna)")
    arena.add_argument(
        "--players",
        required=True,
        help="comma-separated player specs, e.g. mcts:normal,greedy; a level may take options after its budget: "
        "mcts:easy:it=750 (easy's play after 750 iterations), :depth=D (playouts cut after D actions, 0 never), "
        ":c=C (exploration), :pb=W (progressive bias), :imm=A (implicit minimax backups)",
    )
    arena.add_argument("--games", type=_positive, default=20, help="number of games, a multiple of the players")
    arena.add_argument("--seed", type=int, default=1, help="seed of the first deal (default: 1)")
    arena.add_argument("--variant", default=None, help="a variant of the game, e.g. quick")
    arena.add_argument("--json", action="store_true", help="print one JSON object")
    arena.add_argument(
        "--progress", action="store_true", help="print a running tally on stderr after every game (no progress bar)"
    )
    arena.add_argument(
        "--jobs", type=_positive, default=None, help="games played at once, one process each (default: every core)"
    )
    arena.add_argument("--compare", metavar="DIR", help="another exotui checkout, which plays the compare:SPEC players")
    arena.add_argument(
        "--sprt",
        metavar="ELO0,ELO1",
        help="play pairs of games (a deal, then seats swapped) until the SPRT accepts ELO0 or ELO1 (no --games)",
    )
    arena.add_argument("--alpha", type=float, default=0.05, help="the SPRT's chance of a false H1 (default: 0.05)")
    arena.add_argument("--beta", type=float, default=0.05, help="the SPRT's chance of a false H0 (default: 0.05)")
    arena.add_argument(
        "--max-games", type=_positive, default=1000, help="the SPRT stops at this many games (default: 1000)"
    )
    arena.add_argument(
        "--after",
        metavar="LL,LD,WL,WD,WW",
        help="go on with an SPRT stopped earlier (same players, seed and bounds): its pairs by outcome, as its last "
        "line printed them; the next pairs are the games a longer run would have played",
    )
    arena.set_defaults(handler=cmd_arena)

    ladder = sub.add_parser("ladder", help="Elo-style ratings of the players from an arena of every pair")
    ladder.add_argument("--game", type=_game_id, default="exofauna", help="game id (default: exofauna)")
    ladder.add_argument(
        "--players", default=LADDER_PLAYERS, help=f"comma-separated player specs (default: {LADDER_PLAYERS})"
    )
    ladder.add_argument("--games", type=_positive, default=20, help="games per pair, even (default: 20)")
    ladder.add_argument("--seed", type=int, default=1, help="seed of the first deal (default: 1)")
    ladder.add_argument("--variant", default=None, help="a variant of the game, e.g. quick")
    ladder.add_argument(
        "--jobs", type=_positive, default=None, help="games played at once, one process each (default: every core)"
    )
    ladder.add_argument("--json", action="store_true", help="print one JSON object")
    ladder.set_defaults(handler=cmd_ladder)

    bench = sub.add_parser("bench", help="measure search speed and depth on positions from random games")
    bench.add_argument("--game", type=_game_id, default="exofauna", help="game id (default: exofauna)")
    bench.add_argument("--player", default="mcts:normal", help="an mcts or cheat player spec (default: mcts:normal)")
    bench.add_argument("--positions", type=_positive, default=20, help="number of positions (default: 20)")
    bench.add_argument("--seed", type=int, default=1, help="seed of the first random game (default: 1)")
    bench.add_argument("--variant", default=None, help="a variant of the game, e.g. quick")
    bench.add_argument("--json", action="store_true", help="print one JSON object")
    bench.add_argument(
        "--rules", action="store_true", help="time the rules alone: random play from --positions openings"
    )
    bench.add_argument(
        "--compare", metavar="DIR", help="another exotui checkout: run the same bench by it and by this one in turn"
    )
    bench.add_argument("--rounds", type=_positive, default=3, help="with --compare: runs of each (default: 3)")
    bench.set_defaults(handler=cmd_bench)

    serve = sub.add_parser("serve", help="an SSH server: players reach the app with `ssh -p PORT HOST`")
    serve.add_argument("--host", default="127.0.0.1", help="address to listen on (default: 127.0.0.1)")
    serve.add_argument("--port", type=_port, default=2222, help="port to listen on (default: 2222)")
    serve.add_argument("--host-key", metavar="PATH", help="the server key, made if missing (default: DATA/host_key)")
    serve.add_argument("--max-sessions", metavar="N", type=_positive, default=20, help="players at once (default: 20)")
    serve.add_argument(
        "--idle-minutes", metavar="M", type=_positive, default=30, help="end a session with no key for M minutes (30)"
    )
    serve.add_argument(
        "--starts-per-minute",
        metavar="N",
        type=_positive,
        default=12,
        help="sessions one client address may start in a minute (12)",
    )
    serve.add_argument("--data", metavar="DIR", help="players' saves, tables and the host key (default: user data dir)")
    serve.set_defaults(handler=cmd_serve)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
        handler: Callable[[argparse.Namespace], int] = args.handler
        return handler(args)
    except CliError as exc:
        # Messages quote files and file names: escaped, so that they cannot drive the terminal.
        print(printable(f"exotui: error: {exc}", LINE_LIMIT), file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        # The reader went away (`exotui replay FILE --text | head`): end quietly, as `git log | head` does. Python
        # would report the pipe again when it flushes stdout at exit, so stdout now goes nowhere.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 141


if __name__ == "__main__":
    sys.exit(main())
