"""Where the styles live: every screen's in the app's stylesheet (exotui.tcss), each table's in its own .tcss; only
the shared widgets (tui/widgets) carry DEFAULT_CSS."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from exotui.tui.app import ExoTuiApp
from exotui.tui.screens.load import LoadScreen
from exotui.tui.screens.stats import StatsScreen
from pilot_helpers import in_event_loop, settle

SRC = Path(__file__).parents[2] / "src" / "exotui"


def test_only_the_shared_widgets_style_themselves_in_python() -> None:
    styled = []
    # The app's screens and tables, and the SSH table's screen (serve/table_app.tcss).
    for path in sorted([*(SRC / "tui").rglob("*.py"), *(SRC / "serve").rglob("*.py")]):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ClassDef):
                for item in node.body:
                    targets = item.targets if isinstance(item, ast.Assign) else [getattr(item, "target", None)]
                    names = {target.id for target in targets if isinstance(target, ast.Name)}
                    if names & {"DEFAULT_CSS", "CSS", "CSS_PATH"}:
                        styled.append(f"{path.relative_to(SRC)}: {node.name}")
    allowed = {"tui/app.py: ExoTuiApp", "serve/table_app.py: TableApp"}
    assert [where for where in styled if not where.startswith("tui/widgets/") and where not in allowed] == []


@pytest.mark.parametrize(("screen", "empty"), [(LoadScreen, "#load-empty"), (StatsScreen, "#stats-empty")])
@in_event_loop
async def test_below_80x24_a_list_without_saves_shows_the_notice_alone(screen: type, empty: str) -> None:
    # The line saying there is no save is shown by an id selector, which outranks the screens' rule hiding all but
    # the notice below 80x24: exotui.tcss says it again for these two.
    for size, shown in (((70, 20), False), ((80, 24), True)):
        app = ExoTuiApp(ai_pause=0)
        async with app.run_test(size=size) as pilot:
            await app.push_screen(screen(None))
            await settle(pilot)
            assert app.screen.has_class("-empty")
            assert app.screen.query_one(empty).display is shown, size
