"""The Cryptid table: the map on the left with its legend; on the right the space under the cursor, the players,
the prompt (or the computer's status) and the log.

Keys: the arrows or hjkl move over the hexes (left and right keep the row, so the cursor zig-zags half a hex as
the columns alternate; y u b n go diagonally), Enter acts on the space under the cursor (with several possible
decisions there, they are listed: 1-9 or ↑↓ and Enter, Esc back to the map), 1-9 picks the space's n-th decision
at once, i reveals the hint, a switches the learning aid.
"""

from __future__ import annotations

import textwrap
from collections.abc import Sequence
from typing import Any, ClassVar, Final

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.widgets import Static

from exotui.games.cryptid import (
    ANSWER,
    CLUES,
    COLOUR_NAMES,
    GAME,
    HINTS,
    HOUSE_NOTE,
    OPENING,
    PENALTY,
    POSITIVE_CLUES,
    RELOCATE,
    Answer,
    Ask,
    CryptidState,
    Cube,
    Hint,
    Reasoning,
    Search,
    clue_masks,
    colour_count,
    colours_of,
    cubed,
    possible_clues,
    space,
    space_name,
)
from exotui.tui.tables import Board, Mode, table_keys
from exotui.tui.tables.cryptid.hex_map import HexMap, step
from exotui.tui.tables.cryptid.players import Players
from exotui.tui.tables.cryptid.space_panel import SpacePanel
from exotui.tui.widgets.ai_status import AiStatus
from exotui.tui.widgets.game_log import GameLog
from exotui.tui.widgets.prompt import Prompt, too_few

CENTRE: Final = space(5, 4)
# Two lines of at most 50 cells: under the map at 80x24 (the map's coordinates take the third).
LEGEND: Final = "F forest D desert W water S swamp M mountain\nb/c bear/cougar ▲stone ⌂shack wgbk ■R cube R disc"
# From this width on, a gutter separates the map from the panel (cryptid.tcss, "-roomy"); below it the map keeps
# the columns its next size of hexes needs (74 at 120x40) and leaves one or more free beside the panel.
ROOMY: Final = 140


# How `view.describe` tells an opening cube ("Red places an opening cube on A1."), which the log tells apart.
OPENING_WORDS: Final = " opening cube on "


# The help screen's width at 80 columns, less its padding: prose is wrapped to it, so no line breaks raggedly.
HELP_WIDTH: Final = 76


def _wrapped(text: str, indent: str = "") -> list[str]:
    return textwrap.wrap(text, HELP_WIDTH, initial_indent=indent, subsequent_indent=indent + "  " if indent else "")


def _key(keys: str, what: str, column: int = 9) -> list[str]:
    """A key's (or a clue's) line(s): its name in a column, what it does wrapped beside it."""
    return textwrap.wrap(what, HELP_WIDTH, initial_indent=f"  {keys:<{column}}", subsequent_indent=" " * (column + 2))


def _help() -> str:
    positives = [
        line
        for index in range(POSITIVE_CLUES)
        for line in _key(CLUES[index].id, f"the habitat is {CLUES[index].text}", 20)
    ]
    return "\n".join(
        [
            "Cryptid keys",
            *_key("arrows", "move over the hexes (hjkl too; left and right keep the row; y u b n go diagonally)"),
            *_key("Enter", "act on the space under the cursor (a list when there are several choices)"),
            *_key("1-9", "pick the space's (or the list's) n-th decision at once"),
            *_key("Esc", "back from a list to the map"),
            *_key("i", "reveal the puzzle's hint (at the start of your turn)"),
            *_key(
                "a",
                "learning aid: ? marks the spaces you cannot rule out from the pieces and your clue; the panel lists, "
                "for each other colour, the clues it could still hold given its pieces and the revealed hint",
            ),
            *_wrapped(
                "Map: column letters on top, row numbers on the left (F5). F D W S M terrain; b/c bear/cougar "
                "territory; ▲ standing stone, ⌂ abandoned shack, with w g b k for white green blue black; ■R a red "
                "cube; R O P T K discs of red, orange, purple, teal, pink. The cursor's hex is in reverse video."
            ),
            "",
            "Cryptid",
            *_wrapped(
                "Each player holds a clue about the creature's habitat; together the clues point to exactly one "
                "space. Opening: from the first player round the table, each places a cube on a space their clue "
                "rules out, until each has placed two. A turn: ask another player about a space (they place a disc "
                "if their clue allows it, else a cube) or search a space your clue allows (your disc, then each "
                "other player answers in turn until the first cube; all discs: you win). Whenever you made someone "
                "place a cube, you place a cube of your own where your clue rules the habitat out. Answers are "
                "placed by the game."
            ),
            *_wrapped(
                "Two players: two clues and two colours each; a cube answer on a space both your clues rule out is "
                "your choice of colour (the bluff); a search needs both your clues to allow the space."
            ),
            *_wrapped(
                "The hint names a kind of clue the puzzle does not use; anyone may reveal it at the start of their "
                "turn. Normal games use the clues below but the black one; advanced games add 'within3:black' and "
                "the negation of each ('not:<id>': the habitat is not ...)."
            ),
            "",
            "Computer players",
            *_key(
                "easy",
                "the simple deducer: asks about a space its clue and the pieces leave, now and then "
                "about any space, and searches once one space is left",
            ),
            *_key(
                "normal",
                "deduces as a strong player: the clues each colour's pieces still allow, combined; "
                "asks questions whose answer narrows its spaces, searches when sure",
            ),
            *_key(
                "hard",
                "uses the puzzle's uniqueness (only a few sets of clues make a puzzle): it often wins "
                "in the first round",
            ),
            "",
            "Clues",
            *positives,
            "",
            "Hints",
            *(line for text in HINTS for line in _wrapped(text, "  ")),
            "",
            *_wrapped(HOUSE_NOTE),
        ]
    )


class CryptidBoard(Board):
    HELP = _help()
    # A spectator too moves over the map to read a space, and counts with the aid what each colour may hold.
    WATCHING = Board.WATCHING | {"move", "aid"}

    BINDINGS: ClassVar[list[BindingType]] = [
        *table_keys(),
        Binding("y", "move(-1, -1)", show=False),
        Binding("u", "move(1, -1)", show=False),
        Binding("b", "move(-1, 1)", show=False),
        Binding("n", "move(1, 1)", show=False),
        # Out of the footer, which must fit 80 columns with Cryptid's own keys: the prompt names the numbers its
        # list offers ("1-3"), and the help lists them.
        *(Binding(str(number), f"pick({number})", show=False) for number in range(1, 10)),
        Binding("i", "hint", "hint"),
        Binding("a", "aid", "aid"),
    ]

    GAME = GAME
    STILL_WORKS = "The arrows still move."

    can_focus = True

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.view: CryptidState | None = None
        self.cursor = CENTRE
        self.choices: tuple[Any, ...] = ()
        self.option = 0
        self.aid = False
        self.last: int | None = None

    def compose(self) -> ComposeResult:
        with Horizontal(id="cryptid-main"):
            with Vertical(id="cryptid-left"):
                yield HexMap(id="map")
                yield Static(LEGEND, id="legend", markup=False)
            with Vertical(id="cryptid-side"):
                yield SpacePanel(id="space")
                yield Players(id="players")
                yield Prompt(id="prompt")
                yield AiStatus(id="ai-status")
                yield GameLog(id="log")

    # ---------------------------------------------------------------------------------------------------------
    # Shown a position

    def on_resize(self) -> None:
        self.set_class(self.size.width >= ROOMY, "-roomy")

    def show(self, view: Any, viewer: int | None, legal: Sequence[Any], seat_labels: Sequence[str]) -> None:
        if self.view is not None:
            changed = placed_spaces(self.view, view)
            if changed:
                self.last = changed[0]
        self.view, self.viewer, self.legal, self.labels = view, viewer, tuple(legal), tuple(seat_labels)
        if not self.legal:
            self.mode = Mode.WAIT
        elif view.step == ANSWER:
            self.mode, self.choices, self.option = Mode.CHOICES, self.legal, 0
        else:
            self.mode = Mode.MAP
        self._draw()

    def log_decision(self, turn: int, sentence: str) -> None:
        # The opening counts as turn 1 (game.turn counts from 1), as does the first turn: logged as turn 0, it is a
        # turn of its own, so at 80x24 the log keeps the first turn in sight, not the opening's cubes above it.
        super().log_decision(0 if OPENING_WORDS in sentence else turn, sentence)

    def _draw(self) -> None:
        view = self.view
        assert view is not None
        # A spectator holds no clue: the aid marks no space for them, and lists every colour's possible clues.
        marked = 0
        if self.aid and self.viewer is not None:
            marked = sum(1 << spot for spot in Reasoning(view, self.viewer).weights)
        self.query_one(HexMap).show(view, self.cursor, self.last, marked)
        note = ""
        if self.aid and self.viewer is not None:
            note = "aid: could be the habitat" if marked >> self.cursor & 1 else "aid: ruled out"
        self.query_one(SpacePanel).show(view, self.cursor, self.labels, note)
        possible = None
        if self.aid:
            own = colours_of(view.players, self.viewer) if self.viewer is not None else ()
            possible = {c: possible_clues(view, c) for c in range(colour_count(view.players)) if c not in own}
        self.query_one(Players).show(view, self.viewer, self.labels, possible)
        choosing = self.mode is not Mode.WAIT
        self.query_one(Prompt).display = choosing
        self.query_one(AiStatus).display = not choosing
        if choosing:
            self._draw_prompt()

    def _here(self) -> list[Any]:
        """The legal decisions about the space under the cursor (the hint is on its own key)."""
        return [action for action in self.legal if getattr(action, "space", None) == self.cursor]

    def _draw_prompt(self) -> None:
        view = self.view
        assert view is not None
        prompt = self.query_one(Prompt)
        if self.mode is Mode.CHOICES:
            # A few words each, which the side panel keeps whole at 80x24 (whole sentences were cut mid-word); the
            # question names the space.
            options = tuple(self._short(action) for action in self.choices)
            if view.step == ANSWER:
                keys = f"1-{len(options)}" if len(options) > 1 else "1"
                question = f"Answer with a cube on {space_name(view.target)}: which colour? {keys}."
            else:
                question = f"{space_name(self.cursor)}: 1-{len(options)}, or ↑↓ and Enter; Esc: back."
            prompt.show(question, options=options, cursor=self.option)
            # The prompt keeps a row spare under a list (widgets/prompt.py).
            self._fit(prompt, question, len(options) + 1)
            return
        here = self._here()
        detail = " · ".join(f"{n} {self._short(action)}" for n, action in enumerate(here, 1)) or self._why_not()
        question = self._question()
        prompt.show(question, detail)
        self._fit(prompt, question, len(Content(detail).wrap(self._side_width())))

    def _side_width(self) -> int:
        return max(20, self.query_one("#cryptid-side").size.width)

    def _fit(self, prompt: Prompt, question: str, rows: int) -> None:
        """Give the prompt the rows its question and answers need (and its border), no more."""
        prompt.styles.height = 1 + len(Content(question).wrap(self._side_width())) + rows

    def _short(self, action: Any) -> str:
        """A decision in two or three words: "ask Orange", "search", "purple cube" (the space is the cursor's,
        or the one answered about)."""
        assert self.view is not None
        if type(action) is Ask:
            return f"ask {self.labels[action.seat].split(':')[0]}"
        if type(action) is Search:
            return "search"
        colour = f"{COLOUR_NAMES[action.colour]} " if self.view.players == 2 else ""
        if type(action) is Answer:
            return f"{COLOUR_NAMES[action.colour]} cube"
        return f"{colour}cube" if type(action) is Cube else f"{colour}disc here"

    def _question(self) -> str:
        view = self.view
        assert view is not None
        hint = " i: hint." if any(type(action) is Hint for action in self.legal) else ""
        if view.step == OPENING:
            return "Opening cube: a space your clue rules out."
        if view.step == PENALTY:
            return "Your cube now: a space your clue rules out."
        if view.step == RELOCATE:
            colour = COLOUR_NAMES[view.relocating[0]]
            return f"Your {colour} disc was already on {space_name(view.target)}: where does it go instead?"
        return f"Your turn: Enter asks or searches.{hint}"

    def _why_not(self) -> str:
        """Why the space under the cursor offers nothing now."""
        view = self.view
        assert view is not None
        name = space_name(self.cursor)
        if cubed(view) >> self.cursor & 1:
            return f"{name} holds a cube: no piece goes there."
        if view.step in (OPENING, PENALTY):
            return f"Your clue allows {name}: a cube goes where it rules the habitat out."
        if view.step == RELOCATE:
            return f"{name}: the disc goes to another space its clue allows, without one of its colour."
        masks = clue_masks(view.board)
        # Asked only at a seat's own decision: a spectator's board offers none.
        assert self.viewer is not None
        allowed = all(masks[view.clues[colour]] >> self.cursor & 1 for colour in colours_of(view.players, self.viewer))
        if not allowed:
            return f"{name}: your clue rules it out (no search), and everyone has a piece there (no question)."
        return f"{name}: nobody can be asked about it."

    # ---------------------------------------------------------------------------------------------------------
    # Keys

    def action_move(self, columns: int, rows: int) -> None:
        if self.mode is Mode.CHOICES:
            self.option = (self.option + columns + rows) % len(self.choices)
            self._draw_prompt()
            return
        target = step(self.cursor, columns, rows)
        if target is None:
            self._notice("That is the edge of the map.")
            return
        self.cursor = target
        if self.view is not None:
            self._draw()

    def action_choose(self) -> None:
        if self._waiting():
            return
        if self.mode is Mode.CHOICES:
            self._decide(self.choices[self.option])
            return
        here = self._here()
        if not here:
            self._notice(self._why_not())
        elif len(here) == 1:
            self._decide(here[0])
        else:
            self.mode, self.choices, self.option = Mode.CHOICES, tuple(here), 0
            self._draw_prompt()

    def action_pick(self, number: int) -> None:
        if self._waiting():
            return
        options = self.choices if self.mode is Mode.CHOICES else tuple(self._here())
        if not options:
            self._notice(self._why_not())
        elif number > len(options):
            self._notice(too_few(len(options)))
        else:
            self._decide(options[number - 1])

    def action_back(self) -> None:
        if self._waiting():
            return
        assert self.view is not None
        if self.mode is Mode.CHOICES and self.view.step != ANSWER:
            self.mode = Mode.MAP
            self._draw()
        elif self.mode is Mode.CHOICES:
            self._notice("A cube answer is due: choose its colour.")
        else:
            self._notice("Nothing to go back to: choose a space on the map.")

    def action_hint(self) -> None:
        if self._waiting():
            return
        hint = next((action for action in self.legal if type(action) is Hint), None)
        if hint is None:
            assert self.view is not None
            revealed = self.view.hint_by >= 0
            self._notice("The hint is already revealed." if revealed else "The hint is revealed at a turn's start.")
            return
        self._decide(hint)

    def action_aid(self) -> None:
        self.aid = not self.aid
        # A spectator holds no clue: for them the aid only counts the clues each colour could still hold.
        shows = "? marks the spaces you cannot rule out" if self.viewer is not None else "the clues each could hold"
        self._notice(f"Learning aid {f'on: {shows}' if self.aid else 'off'}.")
        if self.view is not None:
            self._draw()

    def _decide(self, action: Any) -> None:
        self.mode = Mode.MAP
        self.post_message(self.Decided(action))


def placed_spaces(before: CryptidState, after: CryptidState) -> list[int]:
    """The spaces where a piece appeared between two positions, in increasing order."""
    found: set[int] = set()
    for colour in range(len(after.cubes)):
        found.update(set(after.cubes[colour]) - set(before.cubes[colour]))
        found.update(set(after.discs[colour]) - set(before.discs[colour]))
    return sorted(found)


BOARD: Final = CryptidBoard
