"""Every test runs with its own user config directory, so the new game form's remembered choices (tui/choices.py)
never leak between tests or into the real one; and with its own state directory, so the errors the app writes to the
user's log directory (a computer's failed search or hint, tui/screens/game.py) never land in the real one.

The tests live in folders by layer (engine/, games/<id>/, ai/, tui/, serve/, cli/); the helpers they share
(pilot_helpers, *_builders, toygames...) stay here in tests/ and are imported by their plain names from every folder.
pytest's default import mode already puts this folder on sys.path when it loads this conftest; saying it here keeps
that working whatever the import mode or the folder a single test file is run from."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

HELPERS = str(Path(__file__).parent)
if HELPERS not in sys.path:
    sys.path.insert(0, HELPERS)


@pytest.fixture(autouse=True)
def own_config_directory(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> Path:
    directory = tmp_path_factory.mktemp("config")
    monkeypatch.setenv("XDG_CONFIG_HOME", str(directory))
    return directory


@pytest.fixture(autouse=True)
def own_state_directory(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> Path:
    directory = tmp_path_factory.mktemp("state")
    monkeypatch.setenv("XDG_STATE_HOME", str(directory))
    return directory
