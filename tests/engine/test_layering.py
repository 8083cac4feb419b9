"""Imports go one way (docs/engine.md, "Layering"): engine <- games, engine <- ai <- play <- tui and serve; the
measuring tools stand apart, imported by the command line only."""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

import pytest

SRC = Path(__file__).parents[2] / "src" / "exotui"

# package -> what its modules may import of exotui: a name ending in "." is a whole package. The version and the
# registry of games (`exotui.games`, which finds a game by id, as a save names it) are below everything.
BELOW_ALL = ("exotui.__version__", "exotui.games")
ALLOWED = {
    "engine": ("exotui.engine.", *BELOW_ALL),
    "games": ("exotui.engine.", "exotui.games.", *BELOW_ALL),
    "ai": ("exotui.engine.", "exotui.ai.", *BELOW_ALL),
    # A game in progress is the same for every front end: it knows nothing of Textual, the app or the server.
    "play": ("exotui.engine.", "exotui.ai.", "exotui.play.", *BELOW_ALL),
}


def allowed(name: str, rules: tuple[str, ...]) -> bool:
    return any(name == rule.rstrip(".") or (rule.endswith(".") and name.startswith(rule)) for rule in rules)


def exotui_imports(path: Path) -> list[str]:
    """Every exotui module `path` imports, at any depth (a function's lazy import counts too)."""
    names: list[str] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module == "exotui":
            names += [f"exotui.{alias.name}" for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.append(node.module)
    return [name for name in names if name == "exotui" or name.startswith("exotui.")]


@pytest.mark.parametrize("package", sorted(ALLOWED))
def test_a_lower_layer_imports_nothing_above_it(package: str) -> None:
    wrong = [
        f"{path.relative_to(SRC)} imports {name}"
        for path in sorted((SRC / package).rglob("*.py"))
        for name in exotui_imports(path)
        if not allowed(name, ALLOWED[package])
    ]
    assert wrong == []


def test_the_checker_sees_an_import_from_above(tmp_path: Path) -> None:
    module = tmp_path / "m.py"
    module.write_text(
        "import os\nfrom exotui import games\nfrom exotui.ai.players import Player\n"
        "def f():\n    import exotui.tui.app\n"
    )
    names = exotui_imports(module)
    assert names == ["exotui.games", "exotui.ai.players", "exotui.tui.app"]
    assert [name for name in names if not allowed(name, ALLOWED["engine"])] == ["exotui.ai.players", "exotui.tui.app"]


def test_a_game_in_progress_imports_no_textual() -> None:
    """`play/` runs under the app, the SSH table and the headless commands alike, so it may not need Textual."""
    wrong = [
        f"{path.relative_to(SRC)} imports {name}"
        for path in sorted((SRC / "play").rglob("*.py"))
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.Import | ast.ImportFrom)
        for name in ([a.name for a in node.names] if isinstance(node, ast.Import) else [node.module or ""])
        if name == "textual" or name.startswith("textual.")
    ]
    assert wrong == []


def test_the_server_reaches_the_app_only_through_the_app_it_runs() -> None:
    """`serve/` runs the table app (tui) for each person, but it may not reach into screens or tables itself."""
    wrong = [
        f"{path.relative_to(SRC)} imports {name}"
        for path in sorted((SRC / "serve").rglob("*.py"))
        for name in exotui_imports(path)
        if name.startswith("exotui.tui") and path.name != "table_app.py"
    ]
    assert wrong == []


def test_no_game_imports_another() -> None:
    """Each game is its own package: a game that borrowed another's module would change when that game changes."""
    wrong = [
        f"{path.relative_to(SRC)} imports {name}"
        for game in sorted(p for p in (SRC / "games").iterdir() if (p / "__init__.py").is_file())
        for path in sorted(game.rglob("*.py"))
        for name in exotui_imports(path)
        if name.startswith("exotui.games.") and not allowed(name, (f"exotui.games.{game.name}.",))
    ]
    assert wrong == []


def test_only_the_command_line_imports_the_measuring_tools() -> None:
    """Arenas, benchmarks and the app and server measurements are tools: nothing a player runs may need them."""
    wrong = [
        f"{path.relative_to(SRC)} imports {name}"
        for path in sorted(SRC.rglob("*.py"))
        if path.parent.name != "measure" and path.name != "cli.py"
        for name in exotui_imports(path)
        if name == "exotui.measure" or name.startswith("exotui.measure.")
    ]
    assert wrong == []


FRONT_ENDS = ("tui", "serve", "measure", "cli.py")


def test_the_front_ends_reach_a_game_only_through_its_public_surface() -> None:
    """A table (or the SSH table, or a command) uses what its game's package exports (`__all__`), never the game's
    modules: the rules, the search's working copy and the heuristic stay the game's to change."""
    wrong = []
    for path in sorted(
        p for part in FRONT_ENDS for p in ([SRC / part] if part.endswith(".py") else (SRC / part).rglob("*.py"))
    ):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.ImportFrom) or not (node.module or "").startswith("exotui.games."):
                continue
            package = importlib.import_module(".".join(node.module.split(".")[:3]))
            if node.module != package.__name__:
                wrong.append(f"{path.relative_to(SRC)} imports {node.module}")
            else:
                surface = getattr(package, "__all__", ())
                wrong += [
                    f"{path.relative_to(SRC)} imports {node.module}.{a.name}"
                    for a in node.names
                    if a.name not in surface
                ]
    assert wrong == []


@pytest.mark.parametrize("game_id", ["cryptid", "endless", "exo2", "exofauna", "rodents"])
def test_a_games_surface_lists_only_what_it_holds(game_id: str) -> None:
    package = importlib.import_module(f"exotui.games.{game_id}")
    assert package.__all__ and all(hasattr(package, name) for name in package.__all__)
