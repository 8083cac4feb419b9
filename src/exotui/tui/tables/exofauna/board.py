"""The ExoFauna/Duo table: two Watering Holes, the hand, the prompt and the log; decks, claims and the AI aside.

Keys: a card is chosen with 1-9 or ↑↓ and Enter, then its space with the arrows (or hjkl) over both holes and
Enter; Esc goes back to the card. Every other decision of a chain is a prompt listing the legal actions as the
game describes them; the squares, cards or deck the focused answer touches are highlighted on the table.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from enum import Enum
from typing import Any, ClassVar, Final

import msgspec
from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import Horizontal, Vertical
from textual.widgets import Label

from exotui.games.exofauna.cards import (
    COLOUR_LETTERS,
    HIDDEN,
    HOUSE_NOTE,
    INSTINCT_TEXT,
    ORGANISMS,
    SPACE_NAMES,
    card_name,
    organism_of,
)
from exotui.games.exofauna.rules import ACTIONS_PER_TURN, HAND_SIZE, SAFETY_TURNS
from exotui.games.exofauna.state import (
    ACTION,
    ADAPT,
    END_DISCARD,
    OVER,
    PREDATOR_DISCARD,
    SCAVENGE,
    SWARM,
    TAKE,
    TO_HAND,
    Ambush,
    Devour,
    Discard,
    Draw,
    ExoState,
    Lure,
    Mimic,
    Play,
    Scurry,
    Spawn,
    Stalk,
    Stop,
    Take,
    Tunnel,
)
from exotui.games.exofauna.view import SEAT_NAMES, describe
from exotui.tui.tables import Board, table_keys
from exotui.tui.tables.exofauna.action_tracker import ActionTracker
from exotui.tui.tables.exofauna.claimed import Claimed
from exotui.tui.tables.exofauna.deck import Deck
from exotui.tui.tables.exofauna.hand import Hand, HandCount
from exotui.tui.tables.exofauna.organism import colour, full_text, label
from exotui.tui.tables.exofauna.watering_hole import GRID, WateringHole
from exotui.tui.widgets.ai_status import AiStatus
from exotui.tui.widgets.game_log import GameLog
from exotui.tui.widgets.prompt import Prompt, answer_bindings, answer_keys, too_few

# The two holes side by side as one 3x6 grid of cursor positions: columns 0-2 are hole 1, 3-5 hole 2.
COLUMNS: Final = 6


class Mode(Enum):
    WAIT = "wait"  # not the viewer's decision
    CARD = "card"  # an Action: choosing the card
    SPACE = "space"  # an Action: choosing the space for the chosen card
    PROMPT = "prompt"  # any other decision: choosing one of the listed answers


class Touched(msgspec.Struct, frozen=True):
    """What one decision affects, to highlight it: spaces per slot, cards in hand, decks by seat."""

    spaces: tuple[frozenset[int], frozenset[int]] = (frozenset(), frozenset())
    cards: frozenset[int] = frozenset()
    decks: frozenset[int] = frozenset()


def touched(state: ExoState, action: Any) -> Touched:
    """The table squares, hand cards and decks `action` acts on (for highlighting only)."""
    here, there = state.focus_slot, 1 - state.focus_slot
    spaces: list[set[int]] = [set(), set()]
    cards: set[int] = set()
    decks: set[int] = set()
    kind = type(action)
    if kind is Play:
        spaces[action.slot].add(action.space)
        cards.add(action.card)
    elif kind is Take:
        spaces[here].update((action.space, state.focus_space))
    elif kind is Discard:
        cards.add(action.card)
    elif kind is Draw:
        decks.add(action.deck)
    elif kind is Stop:
        decks.add(state.player)
    elif kind in (Ambush, Scurry, Mimic, Spawn):
        spaces[here].add(action.space)
        if kind is Spawn:
            cards.add(action.card)
        elif kind is not Ambush:
            decks.add(state.player if kind is Scurry else 1 - state.player)
    elif kind in (Lure, Stalk, Devour):
        spaces[there].add(action.space)
        if kind is Stalk:
            spaces[here].add(state.focus_space)
        elif kind is Lure and action.to != TO_HAND:
            spaces[here].add(action.to)
    elif kind is Tunnel:
        spaces[here].add(action.space)
        spaces[there].add(action.to)
    else:
        spaces[here].add(state.focus_space)
    return Touched((frozenset(spaces[0]), frozenset(spaces[1])), frozenset(cards), frozenset(decks))


def question(state: ExoState) -> str:
    """What the deciding player is asked, for a step other than choosing an Action."""
    step = state.step
    if step == TAKE:
        return "Predator: which organism next to it goes to your hand?"
    if step == PREDATOR_DISCARD:
        return "Predator: discard 1 card (to the bottom of your deck)."
    if step == SWARM:
        return "Swarming: draw the top card of which deck?"
    if step == SCAVENGE:
        return f"Scavenger: discard a card, or stop and draw {state.scavenged + 1}."
    if step == ADAPT:
        organism = organism_of(state.holes[state.focus_slot].spaces[state.focus_space])
        return f"{organism.name}'s {organism.adaptation}: {organism.text} Use it?"
    if step == END_DISCARD:
        extra = len(state.hands[state.player]) - HAND_SIZE
        return f"End of turn: discard down to {HAND_SIZE} ({extra} to go)."
    return "Choose."


def arrivals(before: ExoState, after: ExoState, slot: int) -> frozenset[int]:
    """The spaces of the hole in `slot` holding an organism that was not there in `before` (none for a new hole)."""
    old, new = before.holes[slot], after.holes[slot]
    if old is None or new is None or old.card != new.card:
        return frozenset()
    return frozenset(space for space, card in enumerate(new.spaces) if card >= 0 and card != old.spaces[space])


def _hidden_card(view: ExoState, action: Any) -> bool:
    """True when `action` names a card in a hand the viewer of `view` cannot see."""
    card = getattr(action, "card", None)
    return card is not None and card not in view.hands[view.player]


class ExoFaunaBoard(Board):
    HELP = "\n".join(
        [
            "ExoFauna keys",
            "  1-9, or ↑↓ and Enter   choose a card to play",
            "  1-9 a-z, or ↑↓ Enter   answer a question (the key is shown before each answer)",
            "  arrows or hjkl, Enter  move over both holes' spaces; play there",
            "  Esc                    back to choosing a card (until it is played)",
            "Free spaces for the chosen card are marked +, the cursor ▶ ◀. Underlined: what the answer under the "
            "cursor acts on, else what the last move brought. B = blue and Y = yellow on every card, hole and claim.",
            "",
            "ExoFauna/Duo",
            "Be the first to claim 2 Watering Holes (1 in the Quick Game). Blue starts.",
            "",
            "Turn order",
            "1. Two Actions. Each plays a card from your hand to a free space of either hole.",
            "2. The played organism's instinct happens (it must). Then, if it is the only one of its name at that "
            "hole, you may use its adaptation. Cards played by an adaptation do the same, without using an Action.",
            "3. After each Action, a hole with 8 organisms is resolved: the colour with more organisms there claims "
            "it, a tie goes to the hole's colour. The other player's deck top forms a new hole.",
            "4. End of turn: draw up to 4 cards, or discard down to 4. A player who has claimed enough holes wins.",
            "Decks are face up; discarded cards go to the bottom of your own deck, whatever their colour.",
            "",
            "Instincts",
            *(f"  {name}: {text}" for name, text in INSTINCT_TEXT.items()),
            "",
            "Organisms (3 of each in each colour)",
            *(
                f"  {o.name} ({o.instinct}) · {o.adaptation}: {o.text}{'' if o.house else ' [rulebook]'}"
                for o in ORGANISMS
            ),
            "",
            HOUSE_NOTE,
        ]
    )

    BINDINGS: ClassVar[list[BindingType]] = [
        *table_keys("move({y}, {x})"),
        *answer_bindings("pick"),
    ]

    can_focus = True

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.view: ExoState | None = None
        self.viewer: int | None = 0
        self.legal: tuple[Any, ...] = ()
        self.labels: tuple[str, ...] = SEAT_NAMES
        self.mode = Mode.WAIT
        self.card_index = 0
        self.cursor = (0, 1)  # (row, column) on the 3x6 grid
        self.option = 0
        self.descriptions: tuple[str, ...] = ()
        # Per slot, the spaces whose organism arrived or changed since the position shown before this one: the
        # last decision (the AI's, step by step) stays visible on the table.
        self.changed: tuple[frozenset[int], frozenset[int]] = (frozenset(), frozenset())

    def compose(self) -> ComposeResult:
        with Horizontal(id="exo-main"):
            with Vertical(id="exo-table"):
                with Horizontal(id="exo-holes"):
                    yield WateringHole(0, id="hole-1")
                    yield WateringHole(1, id="hole-2")
                yield Hand(id="hand")
                yield Prompt(id="prompt")
                yield GameLog(id="log")
            with Vertical(id="exo-side"):
                for seat in (0, 1):
                    with Vertical(classes="seat", id=f"seat-{seat}"):
                        yield Label(classes="seat-name", id=f"seat-{seat}-name")
                        yield HandCount(id=f"seat-{seat}-hand")
                        yield Deck(id=f"seat-{seat}-deck")
                        yield Claimed(id=f"seat-{seat}-claimed")
                yield ActionTracker(id="tracker")
                yield AiStatus(id="ai-status")

    # ---------------------------------------------------------------------------------------------------------
    # Shown a position

    def show(self, view: Any, viewer: int | None, legal: Sequence[Any], seat_labels: Sequence[str]) -> None:
        if self.view is not None and view != self.view:
            self.changed = (arrivals(self.view, view, 0), arrivals(self.view, view, 1))
        self.view, self.legal, self.labels = view, tuple(legal), tuple(seat_labels)
        if viewer != self.viewer:
            self.viewer, self.card_index = viewer, 0
        if not self.legal:
            self.mode = Mode.WAIT
        elif view.step == ACTION:
            self.mode = Mode.CARD
            self.card_index = min(self.card_index, len(self._hand()) - 1)
        else:
            self.mode = Mode.PROMPT
            self.option = 0
            self.descriptions = tuple(describe(view, action) for action in self.legal)
        self._draw()

    def log(self, turn: int, sentence: str) -> None:
        self.query_one(GameLog).add(turn, sentence)

    def describe_public(self, view: Any, action: Any) -> str:
        if _hidden_card(view, action):
            action = msgspec.structs.replace(action, card=HIDDEN)
        return describe(view, action)

    @staticmethod
    def summary(state: Any, seat_labels: Sequence[str]) -> list[str]:
        lines = []
        for seat, holes in enumerate(state.claimed):
            letters = ", ".join(COLOUR_LETTERS[colour(card)] for card in holes) or "none"
            plural = "" if len(holes) == 1 else "s"
            lines.append(f"{seat_labels[seat]} claimed {len(holes)} hole{plural} ({letters}).")
        if max(len(holes) for holes in state.claimed) < state.target:
            lines.append(f"Nobody reached {state.target} before the {SAFETY_TURNS}-turn safety limit [house].")
        lines.append(f"{state.turn} turns were played, first to {state.target} hole{'s' if state.target > 1 else ''}.")
        return lines

    def _held(self, seat: int) -> str:
        """What the viewer knows of the hand of `seat` (not theirs): the cards seen going in, how many are unseen."""
        assert self.view is not None
        cards = self.view.hands[seat]
        copies = Counter(card for card in cards if card != HIDDEN)
        seen = ", ".join(f"{count} {label(card)}" if count > 1 else label(card) for card, count in copies.items())
        unseen = cards.count(HIDDEN)
        held = [f"{unseen} unseen"] if unseen else []
        if seen:
            held.append(seen)
        return f"{SEAT_NAMES[seat]} holds {' + '.join(held) or 'nothing'}"

    def _hand(self) -> tuple[int, ...]:
        assert self.view is not None and self.viewer is not None
        return self.view.hands[self.viewer]

    def _card(self) -> int:
        return self._hand()[self.card_index]

    def _legal_spaces(self, card: int) -> set[tuple[int, int]]:
        return {(a.slot, a.space) for a in self.legal if type(a) is Play and a.card == card}

    def _at(self, row: int, column: int) -> tuple[int, int] | None:
        """The (slot, space) under a grid position, None for a hole's centre or a slot without a hole."""
        assert self.view is not None
        slot = column // 3
        space = GRID[row][column % 3]
        if space is None or self.view.holes[slot] is None:
            return None
        return slot, space

    def _draw(self) -> None:
        view = self.view
        assert view is not None
        # Underlined: what the focused answer acts on in a prompt, else what the last decision brought.
        focus = touched(view, self.legal[self.option]) if self.mode is Mode.PROMPT else Touched(self.changed)
        legal_spaces: set[tuple[int, int]] = set()
        cursor: tuple[int, int] | None = None
        hand_cursor: int | None = None
        if self.mode in (Mode.CARD, Mode.SPACE):
            hand_cursor = self.card_index
            legal_spaces = self._legal_spaces(self._card())
            if self.mode is Mode.SPACE:
                cursor = self._at(*self.cursor)
        for slot in (0, 1):
            self.query_one(f"#hole-{slot + 1}", WateringHole).show(
                view.holes[slot],
                legal=frozenset(space for s, space in legal_spaces if s == slot),
                touched=focus.spaces[slot],
                cursor=cursor[1] if cursor is not None and cursor[0] == slot else None,
            )
        if self.viewer is None:
            # A spectator holds no hand: both are drawn as everyone sees them.
            self.query_one(Hand).show(f"Hands: {self._held(0)} · {self._held(1)}", (), mine=False)
        else:
            self.query_one(Hand).show(
                f"Hand ({SEAT_NAMES[self.viewer]})",
                self._hand(),
                hand_cursor,
                touched=focus.cards,
                compact=self.mode is Mode.PROMPT,
                note=self._held(1 - self.viewer),
            )
        for seat in (0, 1):
            marker = "▶" if seat == view.player and view.step != OVER else " "
            name = self.query_one(f"#seat-{seat}-name", Label)
            if str(name.content) != f"{marker}{self.labels[seat]}":
                name.update(f"{marker}{self.labels[seat]}")
            self.query_one(f"#seat-{seat}-hand", HandCount).show(len(view.hands[seat]))
            deck = view.decks[seat]
            self.query_one(f"#seat-{seat}-deck", Deck).show(
                len(deck), deck[0] if deck else None, touched=seat in focus.decks
            )
            self.query_one(f"#seat-{seat}-claimed", Claimed).show(view.claimed[seat], view.target)
        self.query_one(ActionTracker).show(
            f"Turn {view.turn} · {SEAT_NAMES[view.player]}", view.actions_done, view.step != END_DISCARD
        )
        self._draw_prompt()

    def _draw_prompt(self) -> None:
        view = self.view
        assert view is not None
        prompt = self.query_one(Prompt)
        if view.step == OVER:
            prompt.show("The game is over.")
        elif self.mode is Mode.WAIT:
            prompt.show(f"{self.labels[view.player]} is deciding…")
        elif self.mode is Mode.CARD:
            keys = answer_keys(len(self._hand()))
            prompt.show(
                f"Action {view.actions_done + 1} of {ACTIONS_PER_TURN}: choose a card ({keys}, or ↑↓ and Enter).",
                full_text(self._card()),
            )
        elif self.mode is Mode.SPACE:
            prompt.show(
                f"Play the {label(self._card())} where? ←↑↓→ or hjkl, Enter; Esc: back",
                full_text(self._card()),
            )
        else:
            prompt.show(question(view), options=self.descriptions, cursor=self.option)

    # ---------------------------------------------------------------------------------------------------------
    # Keys

    def _notice(self, text: str) -> None:
        self.post_message(self.Notice(text))

    def _waiting(self) -> bool:
        if self.mode is Mode.WAIT:
            name = self.labels[self.view.player] if self.view is not None else "the other player"
            self._notice(f"Not your decision: {name} is deciding. Help (?) and quit (q) still work.")
            return True
        return False

    def action_move(self, rows: int, columns: int) -> None:
        if self._waiting():
            return
        if self.mode is Mode.PROMPT:
            if columns:
                self._notice(f"Answer with its key ({answer_keys(len(self.legal))}), or ↑↓ and Enter.")
                return
            self.option = (self.option + rows) % len(self.legal)
        elif self.mode is Mode.CARD:
            if columns:
                self._notice("Choose the card first (↑↓ or 1-9, Enter); then the arrows move over the holes.")
                return
            self.card_index = (self.card_index + rows) % len(self._hand())
        else:
            self._move_cursor(rows, columns)
        self._draw()

    def _move_cursor(self, rows: int, columns: int) -> None:
        """Step over the holes' centres and missing holes; stop at the edge of the table."""
        row, column = self.cursor
        while True:
            row, column = row + rows, column + columns
            if not (0 <= row < len(GRID) and 0 <= column < COLUMNS):
                self._notice("That is the edge of the table.")
                return
            if self._at(row, column) is not None:
                self.cursor = (row, column)
                return

    def action_pick(self, number: int) -> None:
        if self._waiting():
            return
        if self.mode is Mode.PROMPT:
            count = len(self.legal)
            if number > count:
                self._notice(too_few(count))
                return
            # A key names one answer, so it decides at once, as a card's number does in the hand.
            self.option = number - 1
            self.post_message(self.Decided(self.legal[self.option]))
            return
        if number > len(self._hand()):
            self._notice(f"You hold only {len(self._hand())} cards.")
            return
        self.card_index = number - 1
        self._to_space()

    def _to_space(self) -> None:
        """Go on to choosing a space for the card under the cursor, starting on a legal one."""
        spaces = self._legal_spaces(self._card())
        if not spaces:
            self._notice(f"The {label(self._card())} has nowhere to go.")
            return
        if self._at(*self.cursor) not in spaces:
            self.cursor = min(
                (row, slot * 3 + column)
                for slot, space in spaces
                for row, cells in enumerate(GRID)
                for column, cell in enumerate(cells)
                if cell == space
            )
        self.mode = Mode.SPACE
        self._draw()

    def action_choose(self) -> None:
        if self._waiting():
            return
        if self.mode is Mode.CARD:
            self._to_space()
        elif self.mode is Mode.PROMPT:
            self.post_message(self.Decided(self.legal[self.option]))
        else:
            self._play_here()

    def _play_here(self) -> None:
        assert self.view is not None
        at = self._at(*self.cursor)
        assert at is not None
        slot, space = at
        action = Play(self._card(), slot, space)
        if action in self.legal:
            self.mode = Mode.CARD
            self.post_message(self.Decided(action))
            return
        card = self.view.holes[slot].spaces[space]
        where = f"hole {slot + 1}, {SPACE_NAMES[space]}"
        if card >= 0:
            self._notice(f"{where} is taken by the {card_name(card)}: pick a free space (marked +).")
        else:
            self._notice(f"The {label(self._card())} cannot be played to {where}.")

    def action_back(self) -> None:
        if self._waiting():
            return
        if self.mode is Mode.SPACE:
            self.mode = Mode.CARD
            self._draw()
        elif self.mode is Mode.CARD:
            self._notice("Nothing to go back to: choose a card to play.")
        else:
            self._notice("This question belongs to a card already played; it cannot be taken back.")


BOARD: Final = ExoFaunaBoard
