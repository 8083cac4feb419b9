"""The Endless Forms table: the turn tracker and score, the habitat row with both players' species, your hand,
the event zones and piles, the focused card's text and the prompt; the log on the right when the terminal is
wide enough.

Keys: in your Deploy Phase pick a hand card (←→ or its number, Enter), then where it goes from the list (Esc:
another card); the card after your hand ends the phase. Every other decision (exert and prey, move, keep or
mulligan, Hot-Footed, Wildfire!, Pathogen, a reveal window) is one list of answers. r jumps to your reveal when a
window lets you reveal (a window where you hold nothing to reveal never asks); p opens the discard piles.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar, Final, NamedTuple

import msgspec
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.widgets import Static

from exotui.games.endless import (
    ANTS,
    APHIDS,
    ASK_DEPLOY,
    ASK_EXERT,
    ASK_HOT_FOOT,
    ASK_MOVE,
    ASK_MULLIGAN,
    ASK_PATHOGEN,
    ASK_REVEAL,
    ASK_WILDFIRE,
    AT_WINDOW,
    EFFECTS,
    EVENTS,
    GAME,
    HABITATS,
    HIDDEN,
    HOGNOSE,
    HOMOGENIZATION,
    HOUSE_NOTE,
    INSECT_SWARM,
    KINDS,
    PATHOGEN,
    PHASE,
    RESOURCE_NAMES,
    SEAT_NAMES,
    SPECIES,
    TURNS,
    DeployEffect,
    DeployEvent,
    DeploySpecies,
    EndDeploy,
    EndlessState,
    Exert,
    Flee,
    HotFoot,
    Move,
    Reveal,
    Sicken,
    Stand,
    card_name,
    card_text,
    describe,
    row_now,
)
from exotui.tui.choices import load_choices, save_choices
from exotui.tui.tables.card_then_answer import CardThenAnswerBoard, Mode
from exotui.tui.tables.endless.discard_piles import DiscardPiles
from exotui.tui.tables.endless.event_zones import EventZones
from exotui.tui.tables.endless.habitat_row import HabitatRow, habitat_lines
from exotui.tui.tables.endless.hand import HandZone
from exotui.tui.tables.endless.turn_tracker import TurnTracker
from exotui.tui.widgets.ai_status import AiStatus
from exotui.tui.widgets.game_log import GameLog
from exotui.tui.widgets.prompt import Prompt, answer_bindings, answer_keys

# From this width on, the log has a column of its own on the right.
WIDE: Final = 110
# The reveal settings, in the order W goes through them, with what each does.
REVEAL_SETTINGS: Final = {
    "useful": "ask me when my event could be revealed, at a phase's start or in answer to the other player",
    "every": "ask me at every window",
    "never": "never ask; I press r to reveal at the next window where I can",
}
DEFAULT_REVEALS: Final = "useful"
# Answers kept in sight at 80x24 (more scroll, and the question says how many there are), and the fewest kept in
# sight where the table is crowded, the log's last lines under it: the row, the hand and 4 answers left it none.
PROMPT_ANSWERS: Final = 5
PROMPT_LEAST: Final = 2
# The row the AI's panel keeps at 80x24 under its border where the log needs the others (its bar, win chance and
# what it prefers share it): its 4 rows left the log none under a 10-row habitat row and a 9-card hand.
AI_ROWS: Final = 1
# Narrow, the log's last lines kept in sight under the table (the end of the last turn) before the focused card's
# text takes more than its first row: the table, a 9-card hand and the card's whole text left it none at 80x24.
LOG_LINES: Final = 3
# The question of each kind of decision (ASK_* of state.py), in a few words.
QUESTIONS: Final[dict[int, str]] = {
    ASK_MULLIGAN: "Keep this opening hand, or mulligan",
    ASK_DEPLOY: "Deploy it where",
    ASK_EXERT: "Exert Phase: which of your species exerts next",
    ASK_MOVE: "Move Phase: one move, or none",
    ASK_REVEAL: "A reveal window: reveal your event now, or pass",
    ASK_HOT_FOOT: "Hot-Footed: move your lizard away, or stand",
    ASK_WILDFIRE: "Wildfire!: which of your species flees, and where",
    ASK_PATHOGEN: "Pathogen: which of your species there loses one",
}
# Events whose choice is a habitat position; the others choose a player or a species.
HABITAT_EVENTS: Final = frozenset({"Ecological Succession", "Offroading Degradation", "Wildfire!"})


def marks(view: EndlessState, action: Any) -> tuple[int, int]:
    """(habitat position, species card) the answer acts on, for the row to mark; -1 where none."""
    kind = type(action)
    if kind is DeploySpecies or kind in (Move, Flee, HotFoot):
        return (action.habitat if kind is DeploySpecies else action.to), -1
    if kind is DeployEffect:
        if action.card % KINDS in (INSECT_SWARM, PATHOGEN, HOMOGENIZATION):
            return action.target, -1
        return -1, action.target
    if kind is Exert:
        return -1, action.prey if action.prey >= 0 else action.card
    if kind in (Sicken, Stand):
        return -1, action.card
    if kind is Reveal and action.target >= 0:
        if card_name(action.card) in HABITAT_EVENTS:
            return action.target, -1
        if card_name(action.card) != "Limited Resources":
            return -1, action.target
    return -1, -1


def held(label: str, cards: tuple[int, ...]) -> str:
    """'South holds 6 unseen + Gila Monster': a hand as everyone sees it, the cards seen going in named."""
    seen = [card_name(card) for card in cards if card != HIDDEN]
    unseen = len(cards) - len(seen)
    parts = ([f"{unseen} unseen"] if unseen else []) + seen
    return f"{label} holds {' + '.join(parts) or 'nothing'}"


def focus_card(view: EndlessState, action: Any) -> int:
    """The card whose text the table shows for an answer: the species or card it acts with."""
    kind = type(action)
    if kind is Exert and action.prey >= 0:
        return action.card
    card = getattr(action, "card", -1)
    return card if isinstance(card, int) else -1


def after_an_action(view: EndlessState) -> bool:
    """True for the window opened after a deployment, exertion or move; False at the start of a phase, in answer to
    the other player (an announcement, a reveal) and at a reaction's trigger. "Asks when useful" asks only at the
    latter: half as many windows, and an event revealed at a phase's start or in answer loses little."""
    if view.tasks[-1][2] != AT_WINDOW:
        return False
    for task in reversed(view.tasks[:-1]):
        if task[0] == ASK_REVEAL and task[2] == AT_WINDOW:
            continue  # the turn player's ask of the same window, under the other's
        return not (task[0] == PHASE and len(task) == 3)
    return True


class Readable(NamedTuple):
    """A card in sight that the reader (v) can show: its text, where it is, and what the row marks for it."""

    text: str
    where: str
    habitat: int = -1
    species: int = -1
    hand: int = -1


def readable(view: EndlessState, viewer: int | None, labels: Sequence[str]) -> list[Readable]:
    """Every card in sight, in the table's order: the habitats (with their effects and what the row's words mean),
    the species of both sides (with their effects), the hands, the event zones, then the discard piles."""
    now = row_now(view)
    over = GAME.current_player(view) is None
    items: list[Readable] = []
    for position, habitat in enumerate(view.habitats):
        _, resources, notes = habitat_lines(view, now, position)
        parts = [card_text(habitat.card)]
        if habitat.copy >= 0:
            parts.append(f"It plays as a copy of {card_name(habitat.copy)}: {card_text(habitat.copy)}")
        parts.extend(card_text(effect) for effect in habitat.effects)
        parts.extend(
            f"Offroading Degradation: no species may exert here until the end of turn {o.until}."
            for o in view.offroads
            if o.position == position
        )
        row = f"The row shows '{resources}' ({RESOURCE_WORDS}) and '{notes}'."
        items.append(Readable(" ".join([*parts, row]), f"habitat {position + 1}", habitat=position))
    below = 1 if viewer is None else viewer
    for seat in (1 - below, below):
        for sp in view.species[seat]:
            kind = sp.card % KINDS
            parts = [card_text(sp.card), *(card_text(effect) for effect in sp.effects)]
            if kind == HOGNOSE and sp.population == 0:
                parts.append("At 0 it stays in play (Feign death): it exerts, predates and loses nothing more.")
            beside = (other.card % KINDS for side in view.species for other in side if other.habitat == sp.habitat)
            if kind == APHIDS and ANTS in beside:
                parts.append("Beside Mexican Honeypot Ants it loses nothing when preyed on (Livestock).")
            grow, fall = now.species[sp.card]
            parts.append(
                f"Now: {sp.population} population; it gains {grow} when it exerts here and loses {fall} in its "
                f"owner's Termination (Y counts in every Termination, of both players)."
            )
            where = f"{labels[seat]}'s, at habitat {sp.habitat + 1}"
            items.append(Readable(" ".join(parts), where, species=sp.card))
    for seat in (0, 1) if viewer is None else (viewer, 1 - viewer):
        cards = view.hands[seat]
        if seat == viewer:
            items.extend(Readable(card_text(card), "your hand", hand=index) for index, card in enumerate(cards))
        elif viewer is None or HIDDEN not in cards:
            # The other hands as the table names them (`_draw_hand`): a spectator's, every card seen; a player's, the
            # other's once the view shows every card (the final table). Named in the hand's title, they were not here.
            items.extend(Readable(card_text(card), f"{labels[seat]}'s hand") for card in cards if card != HIDDEN)
    for seat in (0, 1):
        event = view.events[seat]
        if event >= 0:
            # The final table names the events the players kept: they are face down no more.
            state = "kept face down to the end" if over else "face down"
            items.append(Readable(card_text(event), f"{labels[seat]}'s event zone, {state}"))
        if view.climate[seat] >= 0:
            items.append(Readable(card_text(view.climate[seat]), f"on {labels[seat]}'s event zone"))
    for seat in (0, 1):
        for card in view.discards[seat]:
            items.append(Readable(card_text(card), f"{labels[seat]}'s discard pile"))
    for card in view.removed:
        items.append(Readable(card_text(card), "removed from the game"))
    return items


# The resources' short names in the row.
RESOURCE_WORDS: Final = ", ".join(f"{name[:3]} {name}" for name in RESOURCE_NAMES.values())


class EndlessBoard(CardThenAnswerBoard):
    HELP = "\n".join(
        [
            "Endless Forms keys",
            "  ←→ (hjkl) or 1-9, Enter   Deploy Phase: a hand card, or the end after them",
            "  ↑↓ or 1-9, Enter          where it goes; any other decision: from the list",
            "  Esc                       back to your hand",
            "  r                         reveal your event: in a window that offers it, or at the next one",
            "  W                         reveal windows: ask when your event could be revealed, at a phase's start "
            "or in answer to the other player (the default), at every window, or never (r reveals); kept. The event "
            "zones' line shows it after your event where it has room",
            "  p                         open or close the discard piles (with the decks' sizes)",
            "  L                         the whole log (PgUp/PgDn scroll it; L or Esc: back to the table)",
            "  v                         read any card in sight: the arrows go through the habitats, both sides' "
            "species, your hand (and the other's on the final table), the event zones and the discard piles; its "
            "full text, effects and what the row's words mean (v or Esc closes)",
            "Hand: S species, F effect, E event; each item is labelled by the key that picks it (1-9, then a, b...).",
            "A species reads: name, population, X/Y (growth when it exerts / decline in every Termination, of both "
            "players, with the reductions that apply in its owner's own: bonuses applied), e if exerted, a letter per "
            "effect (A Aesthetic Choice, S Artificially Sustained, M Mutigen, P Pack Hunt, R r-Strategist, W Wicked "
            "Reflexes). ▶ marks what the answer under the cursor acts on.",
            "A habitat reads: its name, its resources (hum humans, sap, fru fruits, flo flowers, see seeds, "
            "lea leaves, art arthropods), its ability (Pesticides, Spec. = Ecological Speciation, Ephemeral N: "
            "Desert Playa's counters) and effects (Swarm, Pathogen, Copy = Environmental Homogenization, "
            "Offroad tN: no exerting there until the end of turn N).",
            "A Western Hognose Snake at 0 stays (Feign death); Melon Aphids beside Mexican Honeypot Ants lose nothing "
            "when preyed on (Livestock), as an r-Strategist species does.",
            "",
            "Endless Forms (two players, the Asombro Edition starter deck each)",
            "Setup: 8 cards each; keep or mulligan (8 again, then one fewer each time); two habitats each in a row "
            f"of four. {TURNS} turns alternate, Day then Night for each player; Day draws 1, Night 2.",
            "1 Initialize: un-exert your species, Desert Playa loses a counter, draw.",
            "2 Deploy: up to one species (X counters on arrival, 3 of yours per habitat), one effect, one event "
            "(face down), any order.",
            "3 Exert: every species of yours that can exerts once, in the order you pick; a predator needs prey of "
            "its rank or up to 3 lower at its habitat (the prey loses 1).",
            "4 Move: one species to an adjacent habitat with room (Roadrunner: one more, free).",
            "5 Termination: in every Termination, whoever's turn it is, every species of both players loses Y "
            "(speciation, Invasive Species and Bird song reduce it only in its owner's); at 0 it is discarded with "
            "its effects.",
            "Events interrupt: a face-down event can be revealed at the start of each phase, when the other player "
            "announces a deployment, and after each deployment, exertion and move; the other player may respond, "
            "the last revealed resolves first. Conservation Effort, Echoed Form and Hyper-adaptive Fauna are "
            "offered only at their trigger.",
            "After 16 turns the larger total population wins; equal totals draw. The final table then shows both "
            "hands and face-down events.",
            "",
            "Species (group, rank, X/Y; * predator) [house]:",
            *(
                f"  {s.name}: {s.group}{', ' + s.form if s.form else ''}, {s.rank}{'*' if s.predator else ''}, "
                f"{s.x}/{s.y}"
                for s in SPECIES
            ),
            "Effects: " + ", ".join(card.name for card in EFFECTS),
            "Events: " + ", ".join(card.name for card in EVENTS),
            "Habitats: " + ", ".join(h.name for h in HABITATS),
            "",
            HOUSE_NOTE,
        ]
    )

    # A spectator too opens the discard piles and reads the cards (v), as does everyone on the final table, which
    # names the other hand: the reader was shut there.
    WATCHING = CardThenAnswerBoard.WATCHING | {"piles", "log_whole", "read"}
    BINDINGS: ClassVar[list[BindingType]] = [
        # Out of the footer, to fit 80 columns: the prompt says "r: reveal" whenever a window lets you reveal, the
        # discard piles' line says "(p)", and help lists both.
        Binding("r", "reveal", "reveal", show=False),
        Binding("p", "piles", "piles", show=False),
        Binding("L", "log_whole", "log", show=False),
        Binding("W", "reveal_windows", "reveal windows", show=False),
        Binding("v", "read", "read a card", show=False),
        *answer_bindings("pick"),
    ]

    GAME = GAME
    NOTHING_BEFORE_CARD = "Nothing to go back to: pick a hand card, or end the Deploy Phase."

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.view: EndlessState | None = None
        self.labels = SEAT_NAMES
        self.piles_open = False
        # Which reveal windows ask the person (REVEAL_SETTINGS), remembered with the new game's choices; `armed`: r
        # was pressed, so the next window where the event can be revealed asks whatever the setting.
        remembered = load_choices().reveal_windows
        self.reveal_windows = remembered if remembered in REVEAL_SETTINGS else DEFAULT_REVEALS
        self.armed = False
        # The card reader (v): the card under its cursor, or None when it is closed.
        self.reading: int | None = None
        # The last reveal window shown to the person, and whether it was passed for them.
        self.window: tuple[EndlessState, bool] | None = None

    def compose(self) -> ComposeResult:
        with Horizontal(id="endless-main"):
            with Vertical(id="endless-table"):
                yield TurnTracker(id="tracker")
                yield HabitatRow(id="row")
                yield HandZone(id="hand")
                yield EventZones(id="events")
                yield DiscardPiles(id="piles")
                yield Static(id="card-text", markup=False)
                # Narrow, the row a prompt keeps free under its answers goes to the log.
                yield Prompt(id="prompt", spare_row=False)
                yield AiStatus(id="ai-status")
            with Vertical(id="endless-side"):
                yield GameLog(id="log")

    def on_resize(self, event: events.Resize) -> None:
        self.set_class(event.size.width >= WIDE, "-wide")
        # Drawn again for the new size: the hand's names, the prompt's height and what `_fit` cut depend on it (the
        # first position is drawn before the board has a size); narrow, the log's last lines in sight again, where
        # the log, wrapped again, went back to the latest turn's first line.
        if self.view is not None:
            self._draw()
        self._latest_in_sight()

    # ---------------------------------------------------------------------------------------------------------
    # Shown a position

    def show(self, view: Any, viewer: int | None, legal: Sequence[Any], seat_labels: Sequence[str]) -> None:
        changed = view != self.view
        self.view, self.viewer, self.legal = view, viewer, tuple(legal)
        # The table's narrow places name seats by the game's short names (North, South).
        self.labels = SEAT_NAMES
        if not self.legal:
            self.mode = Mode.WAIT
        elif view.tasks[-1][0] == ASK_DEPLOY:
            if changed or self.mode is not Mode.TARGET:
                self.mode = Mode.CARD
            self.item = min(self.item, len(view.hands[viewer]))
            if changed:
                # After a deployment the card that took its place often cannot come this phase (one species a
                # phase): the cursor goes on to the next item that does something, the end of the phase at last.
                hand = view.hands[viewer]
                playable = self._playable()
                self.item = next((item for item in range(self.item, len(hand)) if hand[item] in playable), len(hand))
        else:
            self.mode = Mode.LIST
            self.option = 0 if changed else min(self.option, len(self.legal) - 1)
            if view.tasks[-1][0] == ASK_REVEAL:
                # Decided once per window: drawn again (a resize, a status), it neither passes twice nor forgets r.
                if self.window is None or self.window[0] != view:
                    self.window = (view, self._passes_by_itself())
                    if self.window[1]:
                        self.post_message(self.Decided(self.legal[0]))
                if self.window[1]:
                    self.mode = Mode.WAIT
        self._draw()

    def _passes_by_itself(self) -> bool:
        """True when this reveal window is passed for the person, as their setting says (the first answer is the
        pass): "useful" passes where the event cannot be revealed now, "never" passes unless r was pressed."""
        can_reveal = any(type(a) is Reveal for a in self.legal)
        if can_reveal and self.armed:
            self.armed = False
            return False
        return self.decides_alone(self.view, self.legal) is not None

    def decides_alone(self, view: Any, legal: Sequence[Any]) -> Any:
        """The answer the person's reveal setting gives without asking them (the pass of a window it passes), or
        None when they are to be asked. For a screen that would otherwise hand the keyboard over (hot-seat) just to
        pass: it can play this answer instead."""
        if not legal or not view.tasks or view.tasks[-1][0] != ASK_REVEAL or self.reveal_windows == "every":
            return None
        can_reveal = any(type(a) is Reveal for a in legal)
        if can_reveal and (self.armed or (self.reveal_windows == "useful" and not after_an_action(view))):
            return None
        return legal[0]

    def action_reveal_windows(self) -> None:
        """W: the next reveal setting (every window, only when the event could change something, never), kept."""
        settings = list(REVEAL_SETTINGS)
        self.reveal_windows = settings[(settings.index(self.reveal_windows) + 1) % len(settings)]
        save_choices(msgspec.structs.replace(load_choices(), reveal_windows=self.reveal_windows))
        self._notice(f"Reveal windows: {REVEAL_SETTINGS[self.reveal_windows]} (W changes it; kept for next time).")
        if self.view is not None:
            self._draw()

    def log_decision(self, turn: int, sentence: str) -> None:
        # A pass is told to nobody (`describe_to` gives ""): the log keeps only what happened.
        if sentence:
            super().log_decision(turn, sentence)
            self._latest_in_sight()

    def tell(self, events: Sequence[str]) -> None:
        super().tell(events)
        self._latest_in_sight()

    def _latest_in_sight(self) -> None:
        """Narrow, the log has only the rows the table leaves: it shows its last lines (the latest turn's first
        line, as GameLog keeps in sight, is often a dozen lines up); L shows it whole."""
        if not self.has_class("-wide") and not self.has_class("-log-whole"):
            log = self.query_one(GameLog)
            self.call_after_refresh(lambda: self.call_after_refresh(log.scroll_end, animate=False))

    def describe_public(self, view: Any, action: Any) -> str:
        # Told from the view: an event placed face down is named only to the seat that holds it. Not through
        # describe_to, which tells a pass to nobody (the log leaves passes out): the panel names a preferred pass.
        return describe(view, action)

    def _item_count(self) -> int:
        return len(self._hand()) + 1  # the hand, then the end of the Deploy Phase

    def _playable(self) -> frozenset[int]:
        """The hand cards some legal decision acts with (deploys or places), for the cursor and the hand's marks."""
        return frozenset(getattr(action, "card", -1) for action in self.legal)

    def _hand(self) -> tuple[int, ...]:
        assert self.view is not None and self.viewer is not None
        return self.view.hands[self.viewer]

    def _card_answers(self, card: int) -> list[tuple[Any, str]]:
        view = self.view
        assert view is not None
        return [(a, describe(view, a)) for a in self.legal if getattr(a, "card", None) == card]

    def _choices(self) -> list[tuple[Any, str]]:
        view = self.view
        assert view is not None
        if self.mode is Mode.TARGET:
            return self._card_answers(self._hand()[self.item])
        if self.mode is Mode.LIST:
            return [(a, describe(view, a)) for a in self.legal]
        return []

    def _draw(self) -> None:
        view = self.view
        assert view is not None
        choices = self._choices()
        focused = choices[self.option][0] if choices else None
        habitat, species = marks(view, focused) if focused is not None else (-1, -1)
        reading = self._read_item()
        if reading is not None:
            habitat, species = reading.habitat, reading.species
        self.query_one(TurnTracker).show(view, self.labels)
        # A spectator sees the row as South does (North above): it has no side of its own.
        below = 1 if self.viewer is None else self.viewer
        self.query_one(HabitatRow).show(view, below, self.labels, habitat, species)
        # The reveal setting after your event, while a window may still ask.
        self.query_one(EventZones).show(view, self.viewer, self.labels, "" if self.over else self.reveal_windows)
        piles = self.query_one(DiscardPiles)
        piles.display = self.piles_open
        if self.piles_open:
            piles.show(view, self.labels)
        self._draw_hand()
        card = -1
        if self.mode is Mode.CARD and self.item < len(self._hand()):
            card = self._hand()[self.item]
        elif focused is not None:
            card = focus_card(view, focused)
        text = self.query_one("#card-text", Static)
        text.set_class(reading is not None, "-reading")
        text.styles.max_height = None  # as the stylesheet says, until `_fit` finds the table too tall
        status = self.query_one(AiStatus)
        # The final table's panel only says that the game is over: narrow, one row, the others to the hands (the other
        # named now) and the log, whatever `_fit` measured before the last resize.
        status.styles.height = (
            status.styles.gutter.height + AI_ROWS if self.over and not self.has_class("-wide") else None
        )
        if reading is not None:
            count = len(readable(view, self.viewer, self.labels))
            assert self.reading is not None
            text.update(f"{self.reading + 1}/{count}, {reading.where} (←→ or ↑↓; v or Esc closes): {reading.text}")
        else:
            text.update(card_text(card) if card >= 0 else "")
        # No card to tell of (a pass, the end of a phase): its row goes to the log.
        text.display = reading is not None or card >= 0
        choosing = self.mode is not Mode.WAIT
        self.query_one(Prompt).display = choosing and reading is None
        self.query_one(AiStatus).display = not choosing and reading is None
        self._draw_prompt(choices)
        # A log showing its last lines shows them again once `_fit` has sized it (shorter, it kept its scroll and its
        # last line went out of sight); one read back with PgUp stays where it is.
        log = self.query_one(GameLog)
        self.call_after_refresh(self._fit, log.scroll_y >= log.max_scroll_y)

    def _fit(self, at_end: bool) -> None:
        """Narrow, the table must not grow past the board (its bottom, the prompt, would be cut off), and the log
        under it keeps its last `LOG_LINES` lines: once laid out, the card's text gives up rows first (v reads it
        whole), to the log all but its first row (the card's name, kind and X/Y), to the table that one too; then the
        prompt's answers, down to `PROMPT_LEAST` in sight (its question says how many there are and that they
        scroll), to the log and the table alike; then the prompt, for the table alone. The card reader's text (v),
        asked for, gives up rows to the table alone. On the computer's turn its panel gives rows to the log."""
        if self.has_class("-wide") or not self.size.height:
            return
        text = self.query_one("#card-text", Static)
        prompt = self.query_one(Prompt)
        table = self.query_one("#endless-table")
        over = sum(child.outer_size.height for child in table.children if child.display) - self.size.height
        # The rows the log lacks for its border and its last lines under the table.
        lacking = over
        if not text.has_class("-reading"):
            lacking += self.query_one(GameLog).styles.gutter.height + LOG_LINES
        rows = text.outer_size.height
        cut = min(rows, max(over, min(lacking, rows - 1), 0))
        if cut:
            text.styles.max_height = text.outer_size.height - cut
            over -= cut
            lacking -= cut
        choices = self._choices()
        shown = min(len(choices), PROMPT_ANSWERS)
        if lacking > 0 and prompt.display and self.mode is not Mode.CARD:
            rows = self._asked(choices, shown)[1]
            fewer = shown
            # One answer fewer at a time: the count the question then gives may take a row back.
            while fewer > PROMPT_LEAST and rows - self._asked(choices, fewer)[1] < lacking:
                fewer -= 1
            given = rows - self._asked(choices, fewer)[1]
            if given > 0:
                self._draw_prompt(choices, fewer)
                over -= given
                lacking -= given
            # Still short, the card's first row too: the answers name the card they act with.
            left = text.outer_size.height - cut
            if lacking > 0 and left > 0:
                text.styles.max_height = max(0, left - lacking)
                over -= min(left, lacking)
        if over > 0 and prompt.display and prompt.outer_size.height > 3:
            prompt.styles.height = max(3, prompt.outer_size.height - over)
        # The computer's turn: its panel gives rows to the log down to its border and `AI_ROWS`.
        status = self.query_one(AiStatus)
        least = status.styles.gutter.height + AI_ROWS
        if lacking > 0 and status.display and status.outer_size.height > least:
            status.styles.height = max(least, status.outer_size.height - lacking)
        if at_end:
            self._latest_in_sight()

    def _draw_hand(self) -> None:
        assert self.view is not None
        zone = self.query_one(HandZone)
        # The final table names the other hand (nothing is hidden once the game is over), in the rows no prompt needs.
        zone.set_class(self.over, "-over")
        if self.viewer is None:
            # A spectator holds no hand: both are drawn as everyone sees them.
            hands = " · ".join(held(self.labels[seat], self.view.hands[seat]) for seat in (0, 1))
            zone.show(f"Hands: {hands}", (), mine=False)
            return
        hand = self._hand()
        playable = self._playable()
        other = 1 - self.viewer
        theirs = self.view.hands[other]
        # The other hand's size; its cards where the view shows every one (the final table: what it held).
        other_hand = (
            held(self.labels[other], theirs)
            if theirs and HIDDEN not in theirs
            else f"{self.labels[other]} {len(theirs)}"
        )
        title = f"Hand ({len(hand)}; {other_hand}):"
        deploying = self.mode is Mode.CARD
        reading = self._read_item()
        cursor = self.item if deploying else None
        if reading is not None:
            cursor = reading.hand if reading.hand >= 0 else None
        zone.show(
            title,
            hand,
            playable,
            extra="End the Deploy Phase" if deploying else "",
            cursor=cursor,
            # Narrow, the rows a species' whole name would take go to the log and the card's text.
            whole_names=self.has_class("-wide"),
        )

    def _draw_prompt(self, choices: list[tuple[Any, str]], shown: int = PROMPT_ANSWERS) -> None:
        """The question, and the answers with `shown` of them in sight where the table is narrow."""
        prompt = self.query_one(Prompt)
        wide = self.has_class("-wide")
        question, rows = self._asked(choices, len(choices) if wide else min(len(choices), shown))
        if self.mode in (Mode.TARGET, Mode.LIST):
            prompt.show(question, options=tuple(t for _, t in choices), cursor=self.option)
        elif self.mode is Mode.CARD:
            prompt.show(question)
        # Narrow, the prompt is as tall as its border and its question, with its answers in sight: the log takes what
        # is left.
        prompt.styles.height = None if wide else 1 + rows

    def _asked(self, choices: list[tuple[Any, str]], shown: int) -> tuple[str, int]:
        """The prompt's question with `shown` answers in sight, and the rows it takes with them at the table's width
        (its border left out)."""
        width = max(20, self.query_one("#endless-table").size.width or 80)
        if self.mode is Mode.CARD:
            keys = answer_keys(len(self._hand()) + 1)
            # One row at 80 columns, where two left the log none under a 9-card hand.
            question = f"Deploy Phase: a hand card, or the end ({keys}, ←→ Enter). v: read cards."
            return question, -(-len(question) // width)
        if self.mode in (Mode.TARGET, Mode.LIST):
            keys = answer_keys(len(choices))
            reveal = " r: reveal." if any(type(a) is Reveal for a, _ in choices) else ""
            back = " Esc: another card." if self.mode is Mode.TARGET else ""
            # More answers than rows in sight: the count and the arrows say that the list scrolls.
            count = f" {len(choices)} answers, ↑↓ scrolls." if len(choices) > shown else ""
            question = f"{self._question()}: {keys}, ↑↓ Enter.{count}{back}{reveal}"
            long = sum(1 for _, t in choices[:shown] if len(t) + 3 > width)
            return question, -(-len(question) // width) + shown + long
        return "", 2

    def _question(self) -> str:
        """What is being asked, in a few words: the decision's kind and whose it is."""
        view = self.view
        assert view is not None
        task = view.tasks[-1]
        return QUESTIONS.get(task[0], "Your decision") if task else "Your decision"

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        # The card reader open, the arrows go through the cards and Esc closes it, where they decide nothing too.
        if self.reading is not None and action in ("move", "back"):
            return True
        return super().check_action(action, parameters)

    def _read_item(self) -> Readable | None:
        if self.reading is None or self.view is None:
            return None
        items = readable(self.view, self.viewer, self.labels)
        if not items:
            return None
        self.reading %= len(items)
        return items[self.reading]

    def action_read(self) -> None:
        """v: open the card reader on the first card in sight (or close it): the arrows go through every card in
        sight, the row and the hand mark the one read, and its full text is shown with what the table's words mean."""
        if self.reading is not None:
            self.reading = None
        elif self.view is None or not readable(self.view, self.viewer, self.labels):
            self._notice("No card in sight yet.")
            return
        else:
            self.reading = 0
        self._draw()

    def action_move(self, columns: int, rows: int) -> None:
        if self.reading is not None:
            self.reading += columns + rows
            self._draw()
            return
        super().action_move(columns, rows)

    def action_choose(self) -> None:
        if self.reading is not None:
            self._notice("The card reader is open: v or Esc closes it, then Enter chooses.")
            return
        super().action_choose()

    def action_pick(self, number: int) -> None:
        if self.reading is not None:
            self.reading = None
            self._draw()
        super().action_pick(number)

    def action_log_whole(self) -> None:
        """L: the whole log over the table (PgUp/PgDn scroll it), until L or Esc."""
        self.toggle_class("-log-whole")
        if self.has_class("-log-whole"):
            self._notice("The whole log: PgUp/PgDn scroll it; L or Esc goes back to the table.")
            self.query_one(GameLog).scroll_end(animate=False)

    def action_back(self) -> None:
        if self.has_class("-log-whole"):
            self.remove_class("-log-whole")
            return
        if self.reading is not None:
            self.reading = None
            self._draw()
            return
        super().action_back()

    # ---------------------------------------------------------------------------------------------------------
    # Keys

    def action_reveal(self) -> None:
        reveals = [index for index, (a, _) in enumerate(self._choices()) if type(a) is Reveal]
        if not reveals:
            # Not now (or not this seat's decision): the next window where the event can be revealed will ask.
            assert self.view is not None
            viewer = self.viewer
            if viewer is None or self.view.events[viewer] < 0:
                self._notice("Nothing to reveal: your event zone is empty.")
                return
            self.armed = True
            self._notice("r: the next window where your event can be revealed will ask you.")
            return
        if self._waiting():
            return
        if len(reveals) == 1:
            self._decide(self._choices()[reveals[0]][0])
            return
        self.option = reveals[0]
        self._draw()

    def action_piles(self) -> None:
        self.piles_open = not self.piles_open
        if self.view is not None:
            self._draw()

    def _take_item(self) -> None:
        hand = self._hand()
        if self.item == len(hand):
            self._decide(next(a for a in self.legal if type(a) is EndDeploy))
            return
        card = hand[self.item]
        answers = self._card_answers(card)
        if not answers:
            self._notice(self._why_not(card))
            return
        if len(answers) == 1 and type(answers[0][0]) is DeployEvent:
            self._decide(answers[0][0])
            return
        self._go_to_answers()

    def _why_not(self, card: int) -> str:
        kind = card % KINDS
        if kind < 20:
            return "No species can be deployed now: one a phase, where you have fewer than 3."
        if kind < 30:
            return "No effect can be deployed now: one a phase, and it needs a card to go to."
        return "No event can be placed now: one a phase, in an empty event zone."


BOARD: Final = EndlessBoard
