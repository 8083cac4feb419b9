"""What every registered game must satisfy beyond its own rules: the protocol's members and hooks, named once, and
the conformance check (`engine.conformance`) over random games of every player count and variant."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from exotui import games
from exotui.engine import protocol
from exotui.engine.conformance import check_game, setups

pytestmark = pytest.mark.slow

ROOT = Path(__file__).parents[2]
# The protocol's members, from `Game` itself (its properties and methods).
MEMBERS = frozenset(name for name in vars(protocol.Game) if not name.startswith("_"))


@pytest.mark.parametrize("game_id", games.available())
def test_a_game_has_no_attribute_beyond_the_protocol_and_its_hooks(game_id: str) -> None:
    """A misspelt hook ("evalute") would be an attribute nothing reads: the AI would silently play without it."""
    game = games.get(game_id)
    public = {name for name in dir(type(game)) if not name.startswith("_")}
    assert public - MEMBERS - protocol.HOOKS == set()
    assert public >= MEMBERS


def test_the_protocol_knows_its_members() -> None:
    assert {"new_game", "legal_actions", "apply", "view", "determinize", "describe", "events", "title"} <= MEMBERS
    assert not MEMBERS & protocol.HOOKS


def test_every_hook_is_described_in_the_contract() -> None:
    """docs/engine.md tells what each hook is for, in a table row of its own; no row names a hook that is not one."""
    rows = re.findall(r"^\| `(\w+)[:(`]", (ROOT / "docs" / "engine.md").read_text(encoding="utf-8"), re.MULTILINE)
    hooks_in_docs = {row for row in rows if row in protocol.HOOKS}
    assert hooks_in_docs == protocol.HOOKS


def test_hooks_are_read_only_through_the_protocols_accessors() -> None:
    """One accessor per hook (engine/protocol.py): a `getattr` on a game elsewhere would be a second way in."""
    pattern = re.compile(r"\b(?:getattr|hasattr)\((?:self\.)?(?:session\.)?game\b")
    found = [
        f"{path.relative_to(ROOT)}:{number}"
        for path in sorted((ROOT / "src" / "exotui").rglob("*.py"))
        if path.name != "protocol.py" or path.parent.name != "engine"
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if pattern.search(line)
    ]
    assert found == []


def test_an_unknown_hook_name_is_refused() -> None:
    with pytest.raises(KeyError, match="not a hook"):
        protocol._hook(games.get("exofauna"), "evalute", None)


SETUPS = [
    (game_id, players, variant) for game_id in games.available() for players, variant in setups(games.get(game_id))
]


@pytest.mark.parametrize(("game_id", "players", "variant"), SETUPS)
# 12 games for each of the 33 setups: about 400 whole games a run, each position of each checked.
@settings(max_examples=12, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32))
def test_every_game_conforms_over_random_games(game_id: str, players: int, variant: str | None, seed: int) -> None:
    """No mutation, the replay, views and the truths dealt from them, apply accepting exactly the legal actions."""
    assert check_game(games.get(game_id), seed, players, variant) > 0


def test_the_conformance_check_sees_a_determinize_that_deals_what_the_seat_has_seen_otherwise() -> None:
    """A check that cannot fail proves nothing: a game dealing truths its seat would not recognise is caught."""
    exo2 = games.get("exo2")

    class DealsAnotherGame:
        def __getattr__(self, name: str) -> object:
            return getattr(exo2, name)

        def determinize(self, view: object, seat: int, rng: random.Random) -> object:
            return exo2.new_game(rng.randrange(10**6), 2)

    with pytest.raises(AssertionError, match="looks different"):
        check_game(DealsAnotherGame(), 1, 2)  # type: ignore[arg-type]
