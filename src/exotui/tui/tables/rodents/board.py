"""The Raging Rodents table: the collections (2x2) with the prompt beneath them on the left; the invasion panel,
the Field, the hands and the log on the right.

Keys: a hand card is picked with ←→ (or ↑↓, hjkl) and Enter, or its number key; then what to do with it from the
list the prompt shows (swap with which Field card, play to which collection or onto which rodent), each play with
the points it would make for every collection it changes; Esc goes back to the hand. Ending the turn after one
action, or passing a last turn, is the choice after the cards. The ender's Field play and the placing of the card
it turns up are lists of their own.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar, Final

from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import Grid, Horizontal, Vertical

from exotui.games.rodents import (
    AUTOMATON,
    BACK_OF,
    BACKS,
    CARDS,
    FIELD,
    GAME,
    HABITATS,
    HOUSE_NOTE,
    MORE,
    OVER,
    PLACE,
    PREDATOR_POINTS,
    SAFETY_EXTRA_INVASIONS,
    SAFETY_TURNS_EACH,
    SEAT_NAMES,
    SOLO_TURNS,
    Pass,
    Place,
    Play,
    Reveal,
    RodentsState,
    Stop,
    Swap,
    back_of_hidden,
    collection_label,
    habitat_counts,
    hidden,
    is_last_turn,
    play_text,
    played,
    totals,
)
from exotui.tui.tables.card_then_answer import CardThenAnswerBoard, Mode
from exotui.tui.tables.rodents.collection import CollectionZone
from exotui.tui.tables.rodents.field import FieldZone, field_card
from exotui.tui.tables.rodents.hands import HandsZone, card_line
from exotui.tui.tables.rodents.invasion import InvasionPanel
from exotui.tui.tables.rodents.scores import InvasionScores
from exotui.tui.widgets.ai_status import AiStatus
from exotui.tui.widgets.game_log import GameLog
from exotui.tui.widgets.prompt import Prompt, answer_bindings, answer_keys

MOST_COLLECTIONS: Final = max(GAME.player_counts)


def card_choices(view: RodentsState, legal: Sequence[Any], position: int) -> list[tuple[Any, str]]:
    """What the viewer may do with hand card `position`: each legal action with the words the prompt shows."""
    card = view.hands[view.player][position]
    choices: list[tuple[Any, str]] = []
    for action in legal:
        if type(action) is Swap and action.hand == position:
            choices.append((action, f"Swap with Field card {action.slot + 1} ({_field_words(view, action.slot)})"))
        elif type(action) is Play and action.hand == position:
            # The question names the card: the answer says where it goes and what it scores.
            choices.append((action, f"Play {play_text(view, card, action.to, action.rodent, 'your', named=False)}"))
    return choices


def list_choices(view: RodentsState, legal: Sequence[Any]) -> list[tuple[Any, str]]:
    """The answers of the Field play (which Field card, or none) and of placing the card it turned up."""
    choices: list[tuple[Any, str]] = []
    for action in legal:
        if type(action) is Pass:
            choices.append((action, "Play no Field card: score the invasion"))
        elif type(action) is Reveal:
            choices.append((action, f"Turn up Field card {action.slot + 1} ({_field_words(view, action.slot)})"))
        elif type(action) is Place:
            where = play_text(view, view.pending, action.to, action.rodent, "your", named=False)
            choices.append((action, f"Play it {where}"))
    return choices


def _field_words(view: RodentsState, slot: int) -> str:
    card = view.field[slot]
    if card < 0:
        return f"{BACKS[back_of_hidden(card)]} back"
    return field_card(card)[2:]


def backs(cards: tuple[int, ...]) -> tuple[int, ...]:
    """The cards as their backs, known or not."""
    return tuple(card if card < 0 else hidden(BACK_OF[card]) for card in cards)


def card_text(view: RodentsState, card: int) -> str:
    """A hand card's full text, with what the table makes of it now."""
    entry = CARDS[card]
    counts = habitat_counts(view.collections)
    if entry.kind == "rodent":
        n = counts[entry.habitat]
        rows = "/".join(map(str, entry.points))
        return (
            f"{entry.name}: {HABITATS[entry.habitat]} rodent, {rows} points with N = 1/2/3+ "
            f"({HABITATS[entry.habitat]} rodents on the table now: {n}). It goes to your own collection only."
        )
    if entry.kind == "predator":
        return (
            f"{entry.name}: {HABITATS[entry.habitat]} predator, {PREDATOR_POINTS} points to the collection it is "
            "played to, where it eats every rodent of its habitat without a mutation."
        )
    if entry.kind == "mutation":
        return f"{entry.name} mutation: under any rodent, {entry.name} to its points; a mutated rodent is safe."
    return f"{entry.name}: on any rodent, which now lives in the {HABITATS[entry.habitat]} (for N and predators)."


def mark_of(action: Any) -> tuple[str, int, int]:
    """Where a choice goes, for the zones to mark: ('field', slot, 0) or ('collection', index, rodent)."""
    if type(action) in (Swap, Reveal):
        return ("field", action.slot, 0)
    if type(action) in (Play, Place):
        return ("collection", action.to, action.rodent)
    return ("", 0, 0)


class RodentsBoard(CardThenAnswerBoard):
    HELP = "\n".join(
        [
            "Raging Rodents keys",
            "  1-9, or ←→ and Enter   pick a hand card; after them: end the turn, or pass",
            "  ↑↓ or 1-9, Enter       swap it with a Field card, or play it (points shown)",
            "  Esc                    back to your hand",
            "Backs: P F R an animal of the Prairie, Forest or River; M a mutation; A an adaptation. A collection's "
            "rodents read: name, habitat now, points now, mutations, →habitat of the top adaptation. ▶ marks where "
            "the choice under the cursor goes.",
            "",
            "Raging Rodents",
            "Each invasion deals every card again: 5/4/3 cards each for 2/3/4 players, a Field of 4/3/3 face down, "
            "the rest aside. Fewest animals in hand starts, then fewest adaptations, then the seed.",
            "A turn is 1 or 2 actions: swap a hand card with a Field card without looking first, or play a hand card "
            "face up. Rodents go only to your own collection; predators, mutations and adaptations to any.",
            "A rodent scores by N, the rodents of its habitat in all collections (1, 2, 3 or more). A predator scores "
            f"{PREDATOR_POINTS} and eats the rodents of its habitat without a mutation in the collection it is played "
            "to (later ones are safe). Mutations change a rodent's points in the order played; the top adaptation "
            "sets its habitat.",
            "Playing your last card ends the invasion: every other player has one last turn (or passes), then you "
            "may play one Field card unseen as your own. Then it is scored. Highest total after the invasions wins "
            "(3 by default); a tie plays another invasion.",
            f"Solo: the automaton plays first, two cards of its stack a turn; {SOLO_TURNS} turns each, the "
            "table says which is your last; an empty hand passes. There is no last-card rule and no Field play in "
            "solo: the invasion is scored after your last turn. More points than the automaton wins, a tie loses. "
            "[house] With an invasions variant, solo plays that many invasions and compares the totals.",
            "[house] The automaton's priorities, made exact: a rodent or predator goes to its own collection (a "
            "predator eats its own unmutated rodents of that habitat); an event with no rodent there goes to the "
            "bottom of its stack and the next card is revealed instead. A mutation goes under a rodent it leaves "
            "at 0 or more points now; if none, under a rodent whose habitat's predator is not face up anywhere; "
            "among several, or if neither picks one, the rodent revealed last. An adaptation goes on a rodent of "
            "another habitat than the card's, then without an adaptation, then where it changes the automaton's "
            "total most (even if down), then the rodent revealed last (each filter kept only if it leaves one).",
            f"[house] Safety limits, so that every game ends: an invasion where nobody has played their last card "
            f"after {SAFETY_TURNS_EACH} turns each is scored as it stands (no last turns, no Field play); after "
            f"{SAFETY_EXTRA_INVASIONS} extra invasions still tied at the top, the tied leaders share the win.",
            "",
            "The cards (points with N = 1/2/3+):",
            *(
                f"  {c.name}: {HABITATS[c.habitat]} rodent {'/'.join(map(str, c.points))}"
                + (" [house]" if c.house else "")
                for c in CARDS
                if c.kind == "rodent"
            ),
            "  Predators: "
            + ", ".join(f"{c.name} ({HABITATS[c.habitat]})" for c in CARDS if c.kind == "predator")
            + " [house]",
            "  Mutations: +3, x2, -2; adaptations: Prairie, Forest, River [house]",
            "",
            HOUSE_NOTE,
        ]
    )

    BINDINGS: ClassVar[list[BindingType]] = [*answer_bindings("pick")]

    GAME = GAME
    NOT_YOURS = "Not your turn"
    NOTHING_BEFORE_CARD = "Nothing to go back to: pick a hand card, or the choice after them."

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.view: RodentsState | None = None
        # The last position the table was given (show's arguments): shown once the person continues from a pause.
        self.given: tuple[Any, ...] | None = None
        # Per invasion scored, the points of each collection, for the end box (result_details).
        self.gains: dict[int, tuple[int, ...]] = {}

    def compose(self) -> ComposeResult:
        with Horizontal(id="rodents-main"):
            with Vertical(id="rodents-left"):
                with Grid(id="collections"):
                    for index in range(MOST_COLLECTIONS):
                        yield CollectionZone(id=f"collection-{index}")
                yield Prompt(id="prompt")
                yield AiStatus(id="ai-status")
            with Vertical(id="rodents-right"):
                yield InvasionPanel(id="invasion")
                yield FieldZone(id="field")
                yield HandsZone(id="hands")
                yield GameLog(id="log")

    # ---------------------------------------------------------------------------------------------------------
    # Shown a position

    def show(self, view: Any, viewer: int | None, legal: Sequence[Any], seat_labels: Sequence[str]) -> None:
        self.given = (view, viewer, legal, seat_labels)
        if view.step == OVER:
            self.gains[view.invasion] = totals(view.collections)
        if self.mode is Mode.PAUSE:
            assert self.view is not None
            if view.invasion > self.view.invasion and view.step != OVER:
                # The scored invasion stays on the table until the person continues; this position waits, and the
                # status line says how to go on rather than whose decision it is.
                self._notice(self._paused())
                return
            # Taken back to before the scoring, or the game is over (computers alone played on): no pause.
            self.mode = Mode.WAIT
            self.refresh_bindings()
        changed = view != self.view
        self.view, self.viewer, self.legal, self.labels = view, viewer, tuple(legal), tuple(seat_labels)
        if not self.legal:
            self.mode = Mode.WAIT
        elif view.step in (FIELD, PLACE):
            self.mode = Mode.LIST
            self.option = 0 if changed else min(self.option, len(self.legal) - 1)
        else:
            self.mode = Mode.CARD
            self.item = min(self.item, len(self._items()) - 1)
        self._draw()

    def interlude(self, view: Any, pause: bool) -> None:
        """An invasion as it was scored, before the next deal: kept on the table (PAUSE) until Enter or Space."""
        self.gains[view.invasion] = totals(view.collections)
        if not pause:
            return
        self.view, self.mode = view, Mode.PAUSE
        self.refresh_bindings()
        self._draw()

    def _paused(self) -> str:
        assert self.view is not None
        return f"Invasion {self.view.invasion} is scored: Enter or Space deals invasion {self.view.invasion + 1}."

    def _continue(self) -> None:
        self.mode = Mode.WAIT
        self.refresh_bindings()
        if self.given is None:
            return
        self.show(*self.given)
        # The status line said how to go on; now it says who decides, as the game screen does.
        assert self.view is not None
        seat = GAME.current_player(self.view)
        if seat is None:
            return
        who = "your decision" if self.legal else f"{self.labels[seat]} is deciding"
        self._notice(f"Invasion {self.view.invasion}: {who}.")

    def _scored_by_invasion(self) -> bool:
        """The game is over after more than one invasion: the end box has a table of each invasion's points."""
        return self.view is not None and self.view.step == OVER and self.view.invasion >= 2

    def result_details(self) -> InvasionScores | None:
        view = self.view
        if view is None or not self._scored_by_invasion():
            return None
        # The seats by their labels ('Seat 1: you'), as the summary named them before the table took its lines.
        names = [
            self.labels[index] if index < view.players else collection_label(view, index)
            for index in range(len(view.collections))
        ]
        return InvasionScores(self.gains, view.scores, names)

    def result_summary(self, summary: list[str]) -> list[str]:
        # The table gives each collection's total: a line each again left the end box of a 4-player game at 80x24
        # no row for how the game ended.
        if self.view is None or not self._scored_by_invasion():
            return summary
        return played(self.view)

    def _seat(self) -> int:
        """The seat of the person deciding at this board (a spectator's board is never asked to decide)."""
        assert self.viewer is not None
        return self.viewer

    def _items(self) -> list[Any]:
        """The hand positions, then the end-of-turn choice (Stop or Pass) when there is one."""
        assert self.view is not None
        items: list[Any] = list(range(len(self.view.hands[self._seat()])))
        items.extend(action for action in self.legal if type(action) in (Stop, Pass))
        return items

    def _item_count(self) -> int:
        return len(self._items())

    def _choices(self) -> list[tuple[Any, str]]:
        assert self.view is not None
        if self.mode is Mode.LIST:
            return list_choices(self.view, self.legal)
        if self.mode is Mode.TARGET:
            return card_choices(self.view, self.legal, self.item)
        return []

    def _draw(self) -> None:
        view = self.view
        assert view is not None
        choices = self._choices()
        mark = mark_of(choices[self.option][0]) if choices else ("", 0, 0)
        now = totals(view.collections)
        deciding = GAME.current_player(view)
        self.set_class(len(view.collections) > 2, "-two-rows")
        for index in range(MOST_COLLECTIONS):
            zone = self.query_one(f"#collection-{index}", CollectionZone)
            zone.display = index < len(view.collections)
            if not zone.display:
                continue
            # Once scored, an invasion's points are in the scores: they are the totals, not the earlier ones.
            if view.step == OVER:
                earlier = f"total {view.scores[index]}" if view.invasion > 1 else ""
            else:
                earlier = f"earlier {view.scores[index]}" if view.invasion > 1 else ""
            zone.show(
                f"{collection_label(view, index)} · {now[index]} pts",
                earlier,
                view.collections[index],
                habitat_counts(view.collections),
                mark=mark[2] if mark[0] == "collection" and mark[1] == index else None,
                deciding=deciding == index and not (view.players == 1 and index == AUTOMATON),
            )
        names = tuple(collection_label(view, index) for index in range(len(view.collections)))
        self.query_one(InvasionPanel).show(view, names)
        # A scored invasion's Field is left over: its backs only (the person at the keys may have changed).
        field = backs(view.field) if self.mode is Mode.PAUSE else view.field
        self.query_one(FieldZone).show(field, mark[1] if mark[0] == "field" else None)
        self._draw_hands()
        choosing = self.mode is not Mode.WAIT
        self.query_one(Prompt).display = choosing
        self.query_one(AiStatus).display = not choosing
        self._draw_prompt(choices)

    def _draw_hands(self) -> None:
        view = self.view
        assert view is not None
        others = [(SEAT_NAMES[s], view.hands[s]) for s in range(view.players) if s != self.viewer]
        if self.mode is Mode.PAUSE:
            # What is left in hand scores nothing; in hot-seat the next person may be at the keys by now.
            left = [(f"{SEAT_NAMES[s]} ({len(view.hands[s])})", backs(view.hands[s])) for s in range(view.players)]
            self.query_one(HandsZone).show("Hands left", (), left, mine=False)
            return
        if self.viewer is None:
            # A spectator holds no hand: every hand is its backs, as everyone sees it, with its size.
            counted = [(f"{name} ({len(cards)})", cards) for name, cards in others]
            self.query_one(HandsZone).show("Hands", (), counted, mine=False)
            return
        extra = ""
        if self.mode is Mode.CARD:
            ends = [action for action in self.legal if type(action) in (Stop, Pass)]
            extra = ("End the turn" if type(ends[0]) is Stop else "Pass the last turn") if ends else ""
        self.query_one(HandsZone).show(
            f"Your hand ({SEAT_NAMES[self.viewer]})",
            view.hands[self.viewer],
            others,
            cursor=self.item if self.mode is Mode.CARD else None,
            extra=extra,
        )

    def _draw_prompt(self, choices: list[tuple[Any, str]]) -> None:
        view = self.view
        assert view is not None
        prompt = self.query_one(Prompt)
        if self.mode is Mode.PAUSE:
            names = [collection_label(view, index) for index in range(len(view.collections))]
            now = totals(view.collections)
            rows = [
                f"{name}: {gain} (total {total})" for name, gain, total in zip(names, now, view.scores, strict=True)
            ]
            following = view.invasion + 1
            if following > view.invasions:
                rows.append("The lead is tied: another invasion breaks it.")
            question = f"Invasion {view.invasion} is scored. Enter or Space: deal invasion {following}."
            prompt.show(question, "\n".join(rows))
        elif self.mode is Mode.CARD:
            items = self._items()
            keys = answer_keys(len(items))
            second = " second" if view.step == MORE else ""
            last = " (your last turn)" if is_last_turn(view) else ""
            if view.players == 1 and view.invasion_turns + 1 == SOLO_TURNS:
                last = f" (your last turn: {SOLO_TURNS} of {SOLO_TURNS})"
            question = f"Your{second} action{last}: a hand card ({keys}, or ←→ and Enter)."
            item = items[self.item]
            if isinstance(item, int):
                detail = card_text(view, view.hands[self._seat()][item])
            elif type(item) is Stop:
                detail = "End your turn after one action."
            else:
                detail = "Take no last turn."
            prompt.show(question, detail)
        elif self.mode in (Mode.TARGET, Mode.LIST):
            keys = answer_keys(len(choices))
            if self.mode is Mode.TARGET:
                card = CARDS[view.hands[self._seat()][self.item]].name
                question = f"The {card}: swap or play ({keys}, ↑↓ and Enter; Esc: another card)."
            elif view.step == FIELD:
                question = f"Your Field play: one Field card unseen, as your own ({keys})."
            else:
                question = f"The Field card is the {card_line(view.pending)}: where does it go ({keys})?"
            prompt.show(question, options=tuple(text for _, text in choices), cursor=self.option)

    # ---------------------------------------------------------------------------------------------------------
    # Keys

    def _take_item(self) -> None:
        item = self._items()[self.item]
        if not isinstance(item, int):
            self._decide(item)
            return
        self._go_to_answers()


BOARD: Final = RodentsBoard
