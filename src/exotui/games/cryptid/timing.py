"""Time new games: `python -m exotui.games.cryptid.timing [--seeds N]` prints, per player count and mode, the
median and worst time of `new_game` (map, structures, puzzle, hint) over N seeds (default 1,000).

Each seed is timed on a cold cache of clue masks, so the figure is what a player waits for a new game."""

from __future__ import annotations

import argparse
import statistics
import time

from exotui.games.cryptid.board import clue_masks, layout
from exotui.games.cryptid.game import GAME


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m exotui.games.cryptid.timing", description=__doc__)
    parser.add_argument("--seeds", type=int, default=1000, help="seeds per player count and mode (default 1000)")
    args = parser.parse_args(argv)
    if args.seeds < 1:
        parser.error("--seeds must be at least 1")
    print(f"Cryptid new_game over {args.seeds} seeds (ms): median, worst")
    for variant in (None, "advanced"):
        for players in GAME.player_counts:
            times = []
            for seed in range(args.seeds):
                clue_masks.cache_clear()
                layout.cache_clear()
                started = time.perf_counter()
                GAME.new_game(seed, players, variant)
                times.append(time.perf_counter() - started)
            name = "two-player variant" if players == 2 else f"{players} players"
            mode = variant or "normal"
            print(f"  {name:<18} {mode:<8} {1000 * statistics.median(times):7.2f} {1000 * max(times):8.2f}")


if __name__ == "__main__":
    main()
