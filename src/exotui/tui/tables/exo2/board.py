"""The EXO n°2 table: the Universe, the score panel and the prompt on the left; the Galaxies on the right, the
viewer's large and the others' compact beneath it; the log across the bottom.

Keys: a planet is chosen in the Universe with ←→ (or ↑↓, hjkl) and Enter, or its number key; then its square in
your Galaxy with the arrows (or hjkl) and Enter; Esc goes back to the Universe. The squares the chosen planet may
go to show the points it would score there, as the rules count them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar, Final

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.events import Resize

from exotui.games.exo2 import (
    GAME,
    HOUSE_NOTE,
    PLANETS_EACH,
    SEAT_NAMES,
    STAR,
    Exo2State,
    Take,
    current_player,
    feature_points,
    is_over,
    per_feature,
    placement_points,
    planet_code,
    planet_name,
    where,
)
from exotui.tui.tables import Board, Mode, table_keys
from exotui.tui.tables.exo2.galaxy import Galaxy, Square, least_width, scoring_squares
from exotui.tui.tables.exo2.planet import full_text
from exotui.tui.tables.exo2.score_panel import ScorePanel
from exotui.tui.tables.exo2.universe import LARGE_SIZE, SMALL_SIZE, Universe, available_slots
from exotui.tui.widgets.ai_status import AiStatus
from exotui.tui.widgets.game_log import GameLog
from exotui.tui.widgets.prompt import Prompt

MOST_PLAYERS: Final = max(GAME.player_counts)
# From this size of board (columns, rows; 120x40 gives 120x38) the left column widens for the Universe's large
# tokens (universe.LARGE_SIZE, 44x15, in exo2.tcss): the Universe is where every turn starts. From 110 columns the
# Galaxies keep 66, more than the 45 the viewer's large cells need; from 34 rows (the log takes a quarter) the score
# panel, the prompt and the AI panel keep at least the rows they have at 80x24. At 3 players, not at every width
# (`roomy`).
ROOMY_TABLE: Final = (110, 34)


def roomy(players: int, width: int, height: int) -> bool:
    """Whether the Universe draws large tokens on a board of `width` x `height` with `players` at the table: from
    110x34, but for the widths where the other Galaxies, side by side under the viewer's (43 columns each), keep
    their large tokens beside its small ones and not beside its large ones. The lines a player reads and plans are in
    the Galaxies, so none is drawn small to draw the Universe large: at 3 players, from 116 to 129 columns it keeps
    its 30x9 of 80x24. Under 116 the others draw small tokens beside either, so it takes the columns they cannot use,
    and from 130 they keep theirs beside it."""
    if width < ROOMY_TABLE[0] or height < ROOMY_TABLE[1]:
        return False
    others = (players - 1) * least_width(compact=True)
    return not SMALL_SIZE[0] + others <= width < LARGE_SIZE[0] + others


# The final table's legend, after the viewer's seat: how the planets in no line that scored are drawn.
SCORED: Final = " · lowercase scored nothing"


def scored(points: Sequence[int]) -> str:
    """'+2 (size +1, type +1)', or 'no points'."""
    if not any(points):
        return "no points"
    return f"+{sum(points)} ({per_feature(points)})"


def _take_prompt(available: int) -> str:
    """What the prompt asks while choosing a planet: its number keys, or the only one left."""
    if available == 1:
        return "Take the one planet available: 1 or Enter."
    return f"Take a planet: 1-{available} or ←→, then Enter."


def where_square(square: Square) -> str:
    return "the Star" if square == STAR else where(*square)


class Exo2Board(Board):
    HELP = "\n".join(
        [
            "EXO n°2 keys",
            "  1-9, or ←→ and Enter   take a planet: the numbered ones are available",
            "  arrows or hjkl, Enter  move over your Galaxy; place the planet there",
            "  Esc                    back to the Universe (until the planet is placed)",
            "Planets read size, colour, type: S/M/L small/medium/large, B/R/G blue/red/green, T/G/R telluric/"
            "gaseous/ringed (LRG = large red gaseous). The Star is (*); · is an empty square of a Galaxy. Squares the "
            "chosen planet may go to show the points it would score there (+ for none) instead of ·; the cursor is "
            "[ ]. On your turn, under each planet you may take in the Universe is its number key. On the final "
            "table, a planet in no line that scored is in lower case, without its token.",
            "",
            "EXO n°2",
            "Line up planets sharing a size, a colour or a type. Seat 1 starts; players take turns.",
            "",
            "A turn: take one available planet from the Universe (a planet no other planet covers; on your turn, the "
            "numbered ones) and place it in your Galaxy on an empty square touching (8 directions) your Star or one "
            "of your planets. Planets never move.",
            "",
            "The end: when every Galaxy holds 13 planets (2 players) or 9 (3 players).",
            "Scoring: every 3 squares in a straight line (row, column or diagonal) holding three planets score 1 point "
            "for each feature the three share (up to 3). Overlapping lines count separately: 4 in a row sharing a "
            "feature score 2.",
            "Winner: the most points; a tie goes to the player with more planets touching their Star, then it is "
            "shared.",
            "",
            HOUSE_NOTE,
        ]
    )

    BINDINGS: ClassVar[list[BindingType]] = [
        *table_keys(),
        Binding("1", "pick(1)", "planet", key_display="1-9"),
        *(Binding(str(number), f"pick({number})", show=False) for number in range(2, 10)),
    ]

    GAME = GAME
    NOT_YOURS = "Not your turn"

    can_focus = True

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.view: Exo2State | None = None
        self.viewer: int = 0
        self.legal: tuple[Take, ...] = ()
        self.labels = SEAT_NAMES
        # Index of the chosen planet among the available ones, left to right (its number key minus 1).
        self.token_index = 0
        self.cursor: Square = STAR

    def compose(self) -> ComposeResult:
        with Horizontal(id="exo2-main"):
            with Vertical(id="exo2-left"):
                yield Universe(id="universe")
                yield ScorePanel(id="scores")
                yield Prompt(id="prompt")
                yield AiStatus(id="ai-status")
            with Vertical(id="exo2-right"):
                yield Galaxy(id="galaxy-main")
                with Horizontal(id="exo2-others"):
                    for other in range(1, MOST_PLAYERS):
                        yield Galaxy(compact=True, id=f"galaxy-other-{other}")
        yield GameLog(id="log")

    def on_resize(self, event: Resize) -> None:
        self._fit_universe()

    def _fit_universe(self) -> None:
        """Room for the Universe's large tokens where the board has it for this many players (`roomy`)."""
        if self.view is None:
            # The number of players comes with the first position, which fits it.
            return
        self.set_class(roomy(self.view.players, *self.size), "-roomy")

    # ---------------------------------------------------------------------------------------------------------
    # Shown a position

    def show(self, view: Any, viewer: int | None, legal: Sequence[Any], seat_labels: Sequence[str]) -> None:
        self.view, self.legal, self.labels = view, tuple(legal), tuple(seat_labels)
        # Every planet is public: a spectator (viewer None) sees the table as the first seat does.
        viewer = 0 if viewer is None else viewer
        if viewer != self.viewer:
            self.viewer, self.cursor = viewer, STAR
        if not self.legal:
            self.mode = Mode.WAIT
        else:
            self.mode = Mode.TOKEN
            self.token_index = min(self.token_index, len(self._tokens()) - 1)
        self._fit_universe()
        self._draw()

    def describe_public(self, view: Any, action: Any) -> str:
        # Everything is public, so nothing for describe_to to hide: the panel's own shorter words, without the seat
        # (the AI status names it) and with the points: "large red gaseous planet, 2 above and 1 to the left of the
        # Star, +2".
        seat = current_player(view)
        assert seat is not None
        points = sum(placement_points(view.galaxies[seat], action.token, action.x, action.y))
        return f"{planet_name(action.token)}, {where(action.x, action.y)}{f', +{points}' if points else ''}"

    def _tokens(self) -> list[int]:
        """The planets the viewer may take, left to right in the Universe (their number keys)."""
        assert self.view is not None
        universe = self.view.universe
        return [universe[slot] for slot in available_slots(universe)]

    def _token(self) -> int:
        return self._tokens()[self.token_index]

    def _previews(self, token: int) -> dict[Square, int]:
        """Each square `token` may go to, with the points placing it there would score."""
        assert self.view is not None
        galaxy = self.view.galaxies[self.viewer]
        return {(a.x, a.y): sum(placement_points(galaxy, token, a.x, a.y)) for a in self.legal if a.token == token}

    def _planets_each(self) -> int:
        assert self.view is not None
        return PLANETS_EACH[self.view.players]

    def _draw(self) -> None:
        view = self.view
        assert view is not None
        deciding = current_player(view)
        choosing = self.mode is not Mode.WAIT
        slots = available_slots(view.universe)
        self.query_one(Universe).show(
            view.universe, slots[self.token_index] if choosing else None, self.mode is Mode.TOKEN, keys=choosing
        )
        self.query_one(ScorePanel).show(SEAT_NAMES[: view.players], feature_points(view), deciding)
        previews = self._previews(self._token()) if choosing else None
        galaxy = view.galaxies[self.viewer]
        # The final table highlights the lines that scored: their planets stay tokens, the others turn to lower-case
        # letters.
        over = is_over(view)
        self.query_one("#galaxy-main", Galaxy).show(
            galaxy,
            self.labels[self.viewer],
            legal=previews,
            cursor=self.cursor if self.mode is Mode.SQUARE else None,
            deciding=deciding == self.viewer,
            scoring=scoring_squares(galaxy) if over else None,
            note=SCORED if over else f" · {len(galaxy)}/{self._planets_each()} planets",
        )
        others = [seat for seat in range(view.players) if seat != self.viewer]
        for index in range(1, MOST_PLAYERS):
            widget = self.query_one(f"#galaxy-other-{index}", Galaxy)
            widget.display = index <= len(others)
            if index <= len(others):
                seat = others[index - 1]
                # The final table's legend is the viewer's Galaxy's: after every seat it was cut short in these.
                widget.show(
                    view.galaxies[seat],
                    self.labels[seat],
                    deciding=deciding == seat,
                    scoring=scoring_squares(view.galaxies[seat]) if over else None,
                )
        self.query_one(Prompt).display = choosing
        self.query_one(AiStatus).display = not choosing
        self._draw_prompt()

    def _draw_prompt(self) -> None:
        view = self.view
        assert view is not None
        prompt = self.query_one(Prompt)
        if self.mode is Mode.TOKEN:
            prompt.show(
                _take_prompt(len(self._tokens())),
                full_text(self._token()),
            )
        elif self.mode is Mode.SQUARE:
            prompt.show(
                f"Place the {planet_code(self._token())} where? Arrows, Enter; Esc: another planet.",
                self._square_text(),
            )

    def _square_text(self) -> str:
        """What placing the chosen planet under the cursor would do, or why it cannot go there."""
        assert self.view is not None
        square = self.cursor
        place = where_square(square)
        here = place[0].upper() + place[1:]
        if square == STAR:
            return "Here is your Star."
        planet = {(x, y): token for x, y, token in self.view.galaxies[self.viewer]}.get(square)
        if planet is not None:
            return f"{here}: your {planet_code(planet)} ({planet_name(planet)})."
        if square not in self._previews(self._token()):
            return f"{here}: not touching your Star or a planet."
        points = placement_points(self.view.galaxies[self.viewer], self._token(), *square)
        return f"{here}: {scored(points)}."

    # ---------------------------------------------------------------------------------------------------------
    # Keys

    def action_move(self, columns: int, rows: int) -> None:
        if self._waiting():
            return
        if self.mode is Mode.TOKEN:
            # The Universe is a single row of choices: every arrow steps along it.
            self.token_index = (self.token_index + columns + rows) % len(self._tokens())
        else:
            (left, top), (right, bottom) = self.query_one("#galaxy-main", Galaxy).bounds()
            x, y = self.cursor[0] + columns, self.cursor[1] + rows
            if not (left <= x <= right and top <= y <= bottom):
                self._notice("That is the edge: every square your planet could reach is already in sight.")
                return
            self.cursor = (x, y)
        self._draw()

    def action_pick(self, number: int) -> None:
        if self._waiting():
            return
        count = len(self._tokens())
        if number > count:
            self._notice(f"Only {count} planets are available (numbered 1-{count}).")
            return
        self.token_index = number - 1
        self._to_square()

    def _to_square(self) -> None:
        """Go on to choosing a square for the chosen planet, starting on a legal one nearest the cursor."""
        squares = self._previews(self._token())
        if self.cursor not in squares:
            x, y = self.cursor
            self.cursor = min(squares, key=lambda s: (max(abs(s[0] - x), abs(s[1] - y)), s[1], s[0]))
        self.mode = Mode.SQUARE
        self._draw()

    def action_choose(self) -> None:
        if self._waiting():
            return
        if self.mode is Mode.TOKEN:
            self._to_square()
            return
        action = Take(self._token(), *self.cursor)
        if action in self.legal:
            self.mode = Mode.TOKEN
            self.post_message(self.Decided(action))
            return
        self._notice(f"The {planet_code(self._token())} cannot go there. {self._square_text()}")

    def action_back(self) -> None:
        if self._waiting():
            return
        if self.mode is Mode.SQUARE:
            self.mode = Mode.TOKEN
            self._draw()
        else:
            self._notice("Nothing to go back to: choose a planet in the Universe.")


BOARD: Final = Exo2Board
