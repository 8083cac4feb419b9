"""Evaluation weights read from a game's weights file (engine.weights)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from exotui.engine.weights import read_weights


def test_weights_are_read_in_the_order_of_the_features(tmp_path: Path) -> None:
    path = tmp_path / "weights.json"
    path.write_text(json.dumps({"features": ["claimed", "lead"], "weights": [2.5, 1], "refit": "hand-written"}))
    assert read_weights(path, ("claimed", "lead")) == (2.5, 1.0)


@pytest.mark.parametrize(
    "data",
    [
        {"features": ["claimed"], "weights": [1.0]},
        {"features": ["lead", "claimed"], "weights": [1.0, 2.0]},
        {"features": ["claimed", "lead"], "weights": [1.0]},
    ],
)
def test_weights_fitted_on_other_features_are_refused(tmp_path: Path, data: dict[str, list[object]]) -> None:
    path = tmp_path / "weights.json"
    path.write_text(json.dumps(data))
    with pytest.raises(ValueError, match="weighs"):
        read_weights(path, ("claimed", "lead"))
