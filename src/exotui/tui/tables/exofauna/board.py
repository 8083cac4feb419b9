"""The ExoFauna/Duo table: two Watering Holes, the hand, the prompt and the log; decks, claims and the AI aside.

Keys: a card is chosen with 1-9 or ↑↓ and Enter, then its space with the arrows (or hjkl) over both holes and
Enter; Esc goes back to the card. Tunnel is chosen on the board too: the organism, then its empty space at the
other hole (a step with one choice is not asked). Every other decision of a chain is a prompt listing the legal
actions as the game describes them; the squares, cards or deck the focused answer touches are highlighted.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any, ClassVar, Final

import msgspec
from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.events import Resize
from textual.widgets import Label

from exotui.games.exofauna import (
    ACTION,
    ACTIONS_PER_TURN,
    ADAPT,
    COLOUR_LETTERS,
    END_DISCARD,
    GAME,
    HAND_SIZE,
    HIDDEN,
    HOUSE_NOTE,
    INSTINCT_TEXT,
    ORGANISMS,
    OVER,
    PREDATOR_DISCARD,
    SCAVENGE,
    SEAT_NAMES,
    SPACE_NAMES,
    SWARM,
    TAKE,
    TO_HAND,
    Ambush,
    Claim,
    Devour,
    Discard,
    Draw,
    ExoState,
    Hole,
    Lure,
    Mimic,
    Play,
    Scurry,
    Skip,
    Spawn,
    Stalk,
    Stop,
    Take,
    Tunnel,
    card_colour,
    card_name,
    claimed_holes,
    describe,
    organism_of,
)
from exotui.tui.labels import fit_label
from exotui.tui.tables import Board, Mode, table_keys
from exotui.tui.tables.exofauna.action_tracker import ActionTracker
from exotui.tui.tables.exofauna.claimed import Claimed
from exotui.tui.tables.exofauna.deck import Deck
from exotui.tui.tables.exofauna.hand import Hand, HandCount
from exotui.tui.tables.exofauna.organism import full_text, label
from exotui.tui.tables.exofauna.turn_summary import TurnSummary, summarize
from exotui.tui.tables.exofauna.watering_hole import GRID, WateringHole
from exotui.tui.widgets.ai_status import AiStatus
from exotui.tui.widgets.game_log import GameLog
from exotui.tui.widgets.prompt import Prompt, answer_bindings, answer_keys, too_few

# The two holes side by side as one 3x6 grid of cursor positions: columns 0-2 are hole 1, 3-5 hole 2.
COLUMNS: Final = 6
# The board's rows from which the holes take 11 rows instead of 8 (a third row per space): what is left still holds
# the hand, the prompt and a log of a whole turn.
TALL_TABLE: Final = 34
# The board's rows under which the hand is one line even while a card is chosen (the prompt shows the card under
# the cursor in full): 22 at 80x24.
SHORT_TABLE: Final = 26


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


def tunnels(legal: Sequence[Any]) -> tuple[Tunnel, ...]:
    """The Tunnel moves among `legal`, when they are to be chosen on the board: more than one."""
    moves = tuple(action for action in legal if type(action) is Tunnel)
    return moves if len(moves) > 1 else ()


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
        hole = state.holes[state.focus_slot]
        assert hole is not None
        organism = organism_of(hole.spaces[state.focus_space])
        return f"{organism.name}'s {organism.adaptation}: {organism.text} Use it?"
    if step == END_DISCARD:
        extra = len(state.hands[state.player]) - HAND_SIZE
        return f"End of turn: discard down to {HAND_SIZE} ({extra} to go)."
    return "Choose."


def winning(view: ExoState, you: int | None) -> str:
    """Who wins at the end of this turn, once a seat has claimed enough holes before it ends (the game ends only
    then: rulebook, turn order 4), as the prompt's first words; "" otherwise. `you`: the seat deciding at this
    table, "You" in the words; None where nobody is (a replay, a spectator), which names every seat."""
    if view.first_to_target < 0 or view.step == OVER:
        return ""
    who = "You win" if view.first_to_target == you else f"{SEAT_NAMES[view.first_to_target]} wins"
    return f"{who} at the end of this turn. "


def since_claim(hole: Hole | None) -> str:
    """What a slot holds after its hole was claimed, in a few words: the new hole and how many organisms it has.
    At most 23 characters, which the hole's border shows whole at 80x24 ("now: new Y hole, 1 organ…" did not)."""
    if hole is None:
        return "no new hole"
    count = sum(1 for card in hole.spaces if card >= 0)
    held = f"{count} organism{'s' if count > 1 else ''}" if count else "empty"
    return f"new {COLOUR_LETTERS[hole.colour]} hole, {held}"


def tally(hole: Hole) -> str:
    """A claimed hole's count, in a few words: '5 B to 3 Y' ('4 B to 4 Y: tie' goes to the hole's colour)."""
    colours = [card_colour(card) for card in hole.spaces]
    blue, yellow = (colours.count(colour) for colour in range(len(COLOUR_LETTERS)))
    tie = ": tie" if blue == yellow else ""
    return f"{blue} {COLOUR_LETTERS[0]} to {yellow} {COLOUR_LETTERS[1]}{tie}"


def resolving(claims: dict[int, Claim]) -> str:
    """What the prompt says of holes shown as they were claimed (the game's interlude)."""
    told = [f"Hole {slot + 1} is resolved: {SEAT_NAMES[claim.seat]} claims it." for slot, claim in claims.items()]
    their, holes = ("Their", "new holes form") if len(told) > 1 else ("Its", "a new hole forms")
    return f"{' '.join(told)} {their} organisms go to the bottoms of the decks; {holes}."


def arrivals(before: ExoState, after: ExoState, slot: int) -> frozenset[int]:
    """The spaces of the hole in `slot` holding an organism that was not there in `before` (none for a new hole)."""
    old, new = before.holes[slot], after.holes[slot]
    if old is None or new is None or old.card != new.card:
        return frozenset()
    return frozenset(space for space, card in enumerate(new.spaces) if card >= 0 and card != old.spaces[space])


class ExoFaunaBoard(Board):
    HELP = "\n".join(
        [
            "ExoFauna keys",
            "  1-9, or ↑↓ and Enter   choose a card to play",
            "  1-9 a-z, or ↑↓ Enter   answer a question (the key is shown before each answer)",
            "  arrows or hjkl, Enter  move over both holes' spaces; play there",
            "  Esc                    back to choosing a card (until it is played)",
            "  Tunnel                 the organism, then its empty space at the other hole, by arrows and Enter; "
            "Esc: another organism; 1: do not use it",
            # The log's keys are the app's (or the SSH table's), listed with them: listed here too, they read twice.
            "From the start of your turn until you act, the other player's last turn is summed up in the log's place, "
            "one line per card played; scrolling the log brings it back.",
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

    GAME = GAME

    can_focus = True

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.view: ExoState | None = None
        self.labels = SEAT_NAMES
        self.last_teller = ""
        self.card_index = 0
        self.cursor = (0, 1)  # (row, column) on the 3x6 grid
        self.option = 0
        self.descriptions: tuple[str, ...] = ()
        # Tunnel chosen on the board: the moves, and the space of the organism chosen to move (Mode.TARGET).
        self.tunnels: tuple[Tunnel, ...] = ()
        self.mover: int | None = None
        # Per seat name, the turn it played last and what it was told as: (sentence, events) pairs, and the log's
        # notes by the index of the decision they came just before (the summary).
        self.turns: dict[str, tuple[int, list[tuple[str, list[str]]], dict[int, list[str]]]] = {}
        # The turn whose summary the player put away (PgUp/PgDn), to read the log instead.
        self.summary_put_away = -1
        # Per slot, the spaces whose organism arrived or changed since the position shown before this one: the
        # last decision (the AI's, step by step) stays visible on the table.
        self.changed: tuple[frozenset[int], frozenset[int]] = (frozenset(), frozenset())
        # By slot, the claim that reached the target, from the game's interlude (the holes as the rules resolved
        # them): the final table shows it in its hole's place, where the state keeps only the hole's card.
        self.winning_claim: dict[int, Claim] = {}
        # The claims the last decision made in play (its interlude), and the position that decision led to: they
        # stay on show in their slots while the table shows that position and nobody here decides.
        self.fresh: dict[int, Claim] = {}
        self.fresh_at: ExoState | None = None

    def compose(self) -> ComposeResult:
        with Horizontal(id="exo-main"):
            with Vertical(id="exo-table"):
                with Horizontal(id="exo-holes"):
                    yield WateringHole(0, id="hole-1")
                    yield WateringHole(1, id="hole-2")
                yield Hand(id="hand")
                yield Prompt(id="prompt")
                yield GameLog(id="log")
                yield TurnSummary(id="turn-summary")
            with Vertical(id="exo-side"):
                for seat in (0, 1):
                    with Vertical(classes="seat", id=f"seat-{seat}"):
                        # A name at an SSH table is the person's: drawn as it is, never read as markup.
                        yield Label(classes="seat-name", id=f"seat-{seat}-name", markup=False)
                        yield HandCount(id=f"seat-{seat}-hand")
                        yield Deck(id=f"seat-{seat}-deck")
                        yield Claimed(id=f"seat-{seat}-claimed")
                yield ActionTracker(id="tracker")
                yield AiStatus(id="ai-status")

    def on_resize(self, event: Resize) -> None:
        # A tall table gives the holes a third row per space; a short one (80x24) shows the hand on one line, so
        # that the log below holds the other player's whole turn.
        self.set_class(event.size.height >= TALL_TABLE, "-tall")
        short = event.size.height < SHORT_TABLE
        if short != self.has_class("-short"):
            self.set_class(short, "-short")
            if self.view is not None:
                self._draw()
        if self.view is not None:
            # The side panel's width once laid out, which the seats' labels are fitted to.
            self.call_after_refresh(self._name_seats)

    # ---------------------------------------------------------------------------------------------------------
    # Shown a position

    def show(self, view: Any, viewer: int | None, legal: Sequence[Any], seat_labels: Sequence[str]) -> None:
        if self.view is not None and view != self.view:
            self.changed = (arrivals(self.view, view, 0), arrivals(self.view, view, 1))
        if view.first_to_target < 0:
            # Before the winning claim (a replay gone back, a decision taken back).
            self.winning_claim = {}
        if self.fresh and self.fresh_at is None:
            self.fresh_at = view
        elif self.fresh and view != self.fresh_at:
            # The next decision (or another seat's view): the claims stay told in the log.
            self.fresh = {}
        self.view, self.legal, self.labels = view, tuple(legal), tuple(seat_labels)
        if viewer != self.viewer:
            self.viewer, self.card_index = viewer, 0
        if not self.legal:
            self.mode = Mode.WAIT
        elif view.step == ACTION:
            self.mode = Mode.CARD
            self.card_index = min(self.card_index, len(self._hand()) - 1)
        elif tunnels(self.legal):
            self.tunnels = tunnels(self.legal)
            movers = {move.space for move in self.tunnels}
            if len(movers) == 1:
                self._to_target(movers.pop(), draw=False)
            else:
                self.mode, self.mover = Mode.ORGANISM, None
                self._cursor_to(self._targets())
        else:
            self.mode = Mode.PROMPT
            self.option = 0
            self.descriptions = tuple(describe(view, action) for action in self.legal)
        self._draw()

    def interlude(self, view: Any, pause: bool) -> None:
        """Holes as an Action resolved them (the game's interlude), claimed and not yet replaced. The winning claim
        is noted for the final table. In play (`pause`), they stay on show in their slots (the new holes named under
        them) while nobody at this table decides, until the next decision: a person never presses a key for it, and
        the computer's turns go on at their pace. A replay steps onto the interlude itself."""
        claims = claimed_holes(view)
        if view.first_to_target >= 0 and not self.winning_claim:
            self.winning_claim = {slot: claim for slot, claim in claims.items() if claim.seat == view.first_to_target}
        if pause:
            self.fresh, self.fresh_at = claims, None

    def _claims_shown(self) -> dict[int, tuple[Claim, str]]:
        """By slot, the claimed hole to draw in place of the slot's own, with the words under it: the interlude's
        (its count), the winning claim on the final table, or the last decision's while nobody here decides (what
        the slot holds now)."""
        view = self.view
        assert view is not None
        between = claimed_holes(view)
        if between:
            return {slot: (claim, tally(claim.hole)) for slot, claim in between.items()}
        claims = self.winning_claim if view.step == OVER else self.fresh if not self.legal else {}
        return {slot: (claim, since_claim(view.holes[slot])) for slot, claim in claims.items()}

    def log_decision(self, turn: int, sentence: str) -> None:
        # The notes the log was told since the decision before (an SSH table's: the computer could not decide and
        # played at random), which lead this one: the summary tells them too.
        notes = list(self.query_one(GameLog).notes)
        super().log_decision(turn, sentence)
        who = sentence.split(" ", 1)[0].removesuffix("'s")
        if who in SEAT_NAMES:
            if self.turns.get(who, (None,))[0] != turn:
                self.turns[who] = (turn, [], {})
            _, told, noted = self.turns[who]
            if notes:
                noted[len(told)] = notes
            told.append((sentence, []))
            self.last_teller = who

    def tell(self, events: Sequence[str]) -> None:
        super().tell(events)
        told = self.turns.get(self.last_teller)
        if told and told[1]:
            told[1][-1][1].extend(events)

    def action_scroll_log(self, pages: int) -> None:
        if self.has_class("-summary") and self.view is not None:
            # The log, in place of the summary, for the rest of this turn.
            self.summary_put_away = self.view.turn
            self.set_class(False, "-summary")
            return
        super().action_scroll_log(pages)

    def _summary(self, again: bool = True) -> None:
        """From the start of the viewer's turn until they act, the other player's last turn in place of the log,
        where the log cannot show it whole. Decided again once laid out (`again`): the prompt's rows change with
        the position, and the log's with them."""
        view = self.view
        assert view is not None
        starting = self.viewer is not None and self.legal and view.step == ACTION and view.actions_done == 0
        other = SEAT_NAMES[1 - self.viewer] if self.viewer is not None else ""
        turn, told, notes = self.turns.get(other, (None, [], {}))
        shown = bool(starting and turn == view.turn - 1 and told and self.summary_put_away != view.turn)
        if shown:
            log, summary = self.query_one(GameLog), self.query_one(TurnSummary)
            # The rows the log has, and its width (a column less than the summary's: its scroll bar).
            if log.display:
                width, height = log.scrollable_content_region.width, log.scrollable_content_region.height
            else:
                width, height = summary.content_size.width - 1, summary.content_size.height
            logged = [f"{turn:>3} {sentence}" for sentence, _ in told]
            logged += [f"    → {event}" for _, events in told for event in events]
            logged += [f"  ! {note}" for noted in notes.values() for note in noted]
            shown = width <= 0 or sum(len(Content(line).wrap(width)) for line in logged) > height
        if shown:
            self.query_one(TurnSummary).show(f"{other}'s turn {turn}", summarize(other, told, notes))
        self.set_class(shown, "-summary")
        if again:
            self.call_after_refresh(self._summary, False)

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

    def _targets(self) -> set[tuple[int, int]]:
        """The squares the cursor may choose now, as (slot, space): a card's free spaces, Tunnel's organisms or
        the empty spaces its chosen organism may go to."""
        assert self.view is not None
        here = self.view.focus_slot
        if self.mode in (Mode.CARD, Mode.SPACE):
            return self._legal_spaces(self._card())
        if self.mode is Mode.ORGANISM:
            return {(here, move.space) for move in self.tunnels}
        if self.mode is Mode.TARGET:
            return {(1 - here, move.to) for move in self.tunnels if move.space == self.mover}
        return set()

    def _cursor_to(self, squares: set[tuple[int, int]]) -> None:
        """Put the cursor on the first of `squares` (row by row, left to right), unless it is on one already."""
        if self._at(*self.cursor) not in squares:
            self.cursor = min(
                (row, slot * 3 + column)
                for slot, space in squares
                for row, cells in enumerate(GRID)
                for column, cell in enumerate(cells)
                if cell == space
            )

    def _tunnel(self) -> Tunnel | None:
        """The Tunnel move the cursor names in Mode.TARGET, None on a square it cannot go to."""
        assert self.view is not None
        at = self._at(*self.cursor)
        if self.mode is not Mode.TARGET or self.mover is None or at is None or at[0] == self.view.focus_slot:
            return None
        move = Tunnel(self.mover, at[1])
        return move if move in self.tunnels else None

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
        focus = Touched(self.changed)
        if self.mode is Mode.PROMPT:
            focus = touched(view, self.legal[self.option])
        elif self.mode is Mode.TARGET:
            # The organism chosen to move, and where the cursor would send it.
            move = self._tunnel()
            spaces: list[frozenset[int]] = [frozenset(), frozenset()]
            spaces[view.focus_slot] = frozenset({self.mover} if self.mover is not None else ())
            focus = touched(view, move) if move else Touched((spaces[0], spaces[1]))
        legal_spaces = self._targets()
        cursor = self._at(*self.cursor) if self.mode in (Mode.SPACE, Mode.ORGANISM, Mode.TARGET) else None
        hand_cursor = self.card_index if self.mode in (Mode.CARD, Mode.SPACE) else None
        claims = self._claims_shown()
        for slot in (0, 1):
            hole = self.query_one(f"#hole-{slot + 1}", WateringHole)
            if slot in claims:
                claim, under = claims[slot]
                hole.show(claim.hole, claimed=SEAT_NAMES[claim.seat], since=under)
                continue
            hole.show(
                view.holes[slot],
                legal=frozenset(space for s, space in legal_spaces if s == slot),
                touched=focus.spaces[slot],
                cursor=cursor[1] if cursor is not None and cursor[0] == slot else None,
            )
        if self.viewer is None:
            # A spectator holds no hand: both are drawn as everyone sees them.
            self.query_one(Hand).show(f"Hands: {self._held(0)} · {self._held(1)}", (), mine=False)
        else:
            compact = self.mode not in (Mode.CARD, Mode.SPACE) or self.has_class("-short")
            self.query_one(Hand).show(
                # Choosing a card on one line (a short table), the number keys need the seat's name's columns.
                "Hand" if compact and hand_cursor is not None else f"Hand ({SEAT_NAMES[self.viewer]})",
                self._hand(),
                hand_cursor,
                touched=focus.cards,
                compact=compact,
                note=self._held(1 - self.viewer),
            )
        self._name_seats()
        for seat in (0, 1):
            self.query_one(f"#seat-{seat}-hand", HandCount).show(len(view.hands[seat]))
            deck = view.decks[seat]
            self.query_one(f"#seat-{seat}-deck", Deck).show(
                len(deck), deck[0] if deck else None, touched=seat in focus.decks
            )
            self.query_one(f"#seat-{seat}-claimed", Claimed).show(view.claimed[seat], view.target)
        self._summary()
        self.query_one(ActionTracker).show(
            f"Turn {view.turn} · {SEAT_NAMES[view.player]}", view.actions_done, view.step != END_DISCARD
        )
        self._draw_prompt()

    def _name_seats(self) -> None:
        """Each seat's label over its zone, ▶ before the seat deciding. A label longer than the side panel is
        shortened so that it still reads ("Yellow: AI it=1M", where the panel's edge cut "Yellow: AI it=100")."""
        view = self.view
        assert view is not None
        for seat in (0, 1):
            marker = "▶" if seat == view.player and view.step != OVER else " "
            name = self.query_one(f"#seat-{seat}-name", Label)
            room = self.query_one(f"#seat-{seat}", Vertical).content_size.width - len(marker)
            text = marker + fit_label(self.labels[seat], room)
            if str(name.content) != text:
                name.update(text)

    def _draw_prompt(self) -> None:
        view = self.view
        assert view is not None
        detail = ""
        options: tuple[str, ...] = ()
        if view.step == OVER:
            ask = "The game is over."
        elif self.mode is Mode.WAIT and self.stopped:
            ask = self.stopped
        elif claims := claimed_holes(view):
            ask = resolving(claims)
        elif self.mode is Mode.WAIT:
            ask = f"{self.labels[view.player]} is deciding…"
        elif self.mode is Mode.CARD:
            keys = answer_keys(len(self._hand()))
            ask = f"Action {view.actions_done + 1} of {ACTIONS_PER_TURN}: choose a card ({keys}, or ↑↓ and Enter)."
            detail = full_text(self._card())
        elif self.mode is Mode.SPACE:
            ask = f"Play the {label(self._card())} where? ←↑↓→ or hjkl, Enter; Esc: back"
            detail = full_text(self._card())
        elif self.mode is Mode.ORGANISM:
            asked = question(view).removesuffix(" Use it?")
            ask = f"{asked} Which organism (marked +)? ←↑↓→ or hjkl, Enter; 1: do not use it."
        elif self.mode is Mode.TARGET:
            hole = view.holes[view.focus_slot]
            assert hole is not None and self.mover is not None
            mover = label(hole.spaces[self.mover])
            back = "Esc: another organism; " if len({move.space for move in self.tunnels}) > 1 else ""
            ask = f"Tunnel the {mover} to which empty space (marked +)? ←↑↓→ or hjkl, Enter; {back}1: do not use it."
            move = self._tunnel()
            detail = describe(view, move) if move else ""
        else:
            ask, options = question(view), self.descriptions
        # "You" only for the person deciding here: a replay shows the deciding seat's hand without being that seat.
        you = self.viewer if self.legal else None
        self.query_one(Prompt).show(f"{winning(view, you)}{ask}", detail, options, self.option)

    # ---------------------------------------------------------------------------------------------------------
    # Keys

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
        if self.mode in (Mode.ORGANISM, Mode.TARGET):
            if number == 1:
                self.post_message(self.Decided(Skip()))
            else:
                self._notice("Choose on the board (←↑↓→, Enter), or 1 not to use Tunnel.")
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
        self._cursor_to(spaces)
        self.mode = Mode.SPACE
        self._draw()

    def _to_target(self, mover: int, draw: bool = True) -> None:
        """Tunnel the organism in space `mover` of this hole: to its one empty space at once, else to choosing it."""
        goes = [move for move in self.tunnels if move.space == mover]
        if len(goes) == 1:
            self.post_message(self.Decided(goes[0]))
            return
        self.mode, self.mover = Mode.TARGET, mover
        self._cursor_to(self._targets())
        if draw:
            self._draw()

    def action_choose(self) -> None:
        if self._waiting():
            return
        if self.mode is Mode.CARD:
            self._to_space()
        elif self.mode is Mode.PROMPT:
            self.post_message(self.Decided(self.legal[self.option]))
        elif self.mode is Mode.ORGANISM:
            at = self._at(*self.cursor)
            if at in self._targets():
                self._to_target(at[1])
            else:
                self._notice("Tunnel moves an organism of this hole: choose one marked +.")
        elif self.mode is Mode.TARGET:
            move = self._tunnel()
            if move is None:
                self._notice("Tunnel moves it to an empty space of the other hole: choose one marked +.")
            else:
                self.post_message(self.Decided(move))
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
        hole = self.view.holes[slot]
        assert hole is not None
        card = hole.spaces[space]
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
        elif self.mode is Mode.TARGET and len({move.space for move in self.tunnels}) > 1:
            self.mode = Mode.ORGANISM
            self._cursor_to(self._targets())
            self._draw()
        else:
            self._notice("This question belongs to a card already played; it cannot be taken back.")


BOARD: Final = ExoFaunaBoard
