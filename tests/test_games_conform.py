"""What every registered game must satisfy beyond its own rules: the protocol's members and hooks, named once."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from exotui import games
from exotui.engine import protocol

ROOT = Path(__file__).parent.parent
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
