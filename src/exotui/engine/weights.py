"""An evaluation's weights kept as data beside a game's heuristic (games/<id>/weights.json), with the command that
refits them (`python -m exotui.ai.fit GAME`, docs/evaluation.md)."""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path


def read_weights(path: Path, features: Sequence[str]) -> tuple[float, ...]:
    """The weights in `path`, one per name of `features`, in order: a file fitted on other features is refused, as
    its weights would be read against features they were not fitted to."""
    data = json.loads(path.read_text())
    if list(data["features"]) != list(features) or len(data["weights"]) != len(features):
        raise ValueError(f"{path} weighs {data['features']}, the heuristic computes {list(features)}")
    return tuple(float(weight) for weight in data["weights"])
