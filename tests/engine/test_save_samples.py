"""The sample games in saves/ (recorded by `exotui selfplay --record`) still replay under today's rules."""

from __future__ import annotations

from pathlib import Path

import pytest

from exotui import games
from exotui.engine.records import load
from exotui.engine.savedir import SUFFIX, SaveDir

SAMPLES = Path(__file__).parents[2] / "saves"


@pytest.mark.parametrize("path", sorted(SAMPLES.glob(f"*{SUFFIX}")), ids=lambda path: path.name)
def test_a_sample_game_verifies(path):
    load(path)  # raises VerificationFailed, naming the first diverging action, once the rules no longer fit


def test_every_game_and_variant_has_a_finished_sample():
    headers = [entry.header for entry in SaveDir(SAMPLES).entries()]
    recorded = {(header.game, header.variant) for header in headers if header.finished}
    for game_id in games.available():
        for variant in (None, *games.get(game_id).variants):
            assert (game_id, variant) in recorded, (
                f"no finished sample of {game_id} {variant or ''} in saves/: "
                f"exotui selfplay --game {game_id} --games 1 --record --saves-dir saves"
            )


def test_continue_in_the_samples_offers_the_unfinished_game():
    entry = SaveDir(SAMPLES).latest_unfinished()
    assert entry.path.name == "exofauna-unfinished.exosave"
    assert [seat.kind for seat in entry.header.seats] == ["human", "mcts"]
