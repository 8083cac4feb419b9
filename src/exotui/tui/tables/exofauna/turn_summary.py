"""The other player's last turn in a few lines, in place of the log from the start of your turn until you act.

An AI turn is 5 to 18 decisions (an instinct's discards, a declined adaptation, the end-of-turn draw): at 80x24 the
log shows 7 to 9 rows of it. The summary tells the same turn one Action a line: the card played, then what its
chain did, without its subject and without what changed nothing, each followed by what it caused ("→ ..."). A note
of the log just before a decision (`GameLog.note`: the computer could not decide and played at random) is told
above the Action of that decision, marked "!" as in the log, or on the top border where the turn's lines fill every
row (`NotesAs`).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from enum import Enum
from typing import ClassVar, Final, NamedTuple

from textual.content import Content
from textual.widget import Widget

from exotui.play.driver import WENT_ON

# A step of a chain told by `describe`, and how the summary says it (its subject is left out before); None leaves
# it out. Tested against every sentence of random games (tests/tui/test_tui_log.py).
SHORTER: Final = (
    (re.compile(r"does not use the \w+'s adaptation\."), None),
    (re.compile(r"stops scavenging and draws (\d+) cards?\."), r"draws \1."),
    (re.compile(r"swarms and draws (.*)"), r"draws \1"),
    (re.compile(r"Predator takes (.*) into hand\."), r"takes \1."),
)

# Events the summary leaves out: a new hole (the table shows it) and an adaptation not offered (nothing happened).
QUIET: Final = re.compile(r"^A new \w+ hole forms|cannot use \w+: another")


def chain_step(who: str, sentence: str) -> str | None:
    """`sentence` of `who` without its subject ("Yellow", "Yellow's"), shortened; None for one that changed
    nothing (a declined adaptation)."""
    for subject in (f"{who}'s ", f"{who} "):
        if sentence.startswith(subject):
            sentence = sentence[len(subject) :]
            break
    for pattern, shorter in SHORTER:
        if pattern.fullmatch(sentence):
            return None if shorter is None else pattern.sub(shorter, sentence)
    return sentence


# The table's short names, for the summary: "the blue Yikyik" is "B Yikyik", "the yellow hole (2)" is "hole 2", as
# the cards and the holes' titles read.
SHORT_NAMES: Final = (
    (re.compile(r"the (?:blue|yellow) hole \((\d)\)"), r"hole \1"),
    (re.compile(r"the (b)lue (?=[A-Z])|the (y)ellow (?=[A-Z])"), lambda m: f"{(m.group(1) or m.group(2)).upper()} "),
)


def shortened(text: str) -> str:
    for pattern, short in SHORT_NAMES:
        text = pattern.sub(short, text)
    return text


# The short form of the note that a computer could not decide and played at random (`driver.Fallback.notice`), for
# a summary without the rows for the whole: its subject is the summary's, and why is in the log.
AT_RANDOM: Final = "Could not decide: played at random."


def short_note(note: str) -> str:
    """`note` in the summary's words where it has some (`AT_RANDOM`), else as it is."""
    return AT_RANDOM if note.startswith("The computer could not decide for ") and WENT_ON in note else note


class NotesAs(Enum):
    """Where the summary tells the log's notes: in its body above their card's line, whole or in short, or after
    the turn's name on its top border, where they take no row from the turn's lines."""

    WHOLE = "whole"
    SHORT = "short"
    TITLE = "title"


class Action(NamedTuple):
    """A line of the summary: the card played and what its chain did, what they caused, and the notes of the log just
    before one of its decisions."""

    line: str
    events: list[str]
    notes: list[str]


def summarize(
    who: str, told: Sequence[tuple[str, Sequence[str]]], notes: Mapping[int, Sequence[str]] | None = None
) -> list[Action]:
    """The turn of `who`, told as (sentence, events) pairs, as Actions; `notes`, by the index in `told` of the
    decision they were told just before, go with that decision's Action."""
    actions: list[tuple[list[str], list[str], list[str]]] = []
    for index, (sentence, events) in enumerate(told):
        step = chain_step(who, sentence)
        step = step if step is None else shortened(step)
        noted = notes.get(index, ()) if notes else ()
        if (step is not None and step.startswith("plays ")) or (not actions and (step is not None or noted)):
            actions.append(([], [], []))
        if noted:
            actions[-1][2].extend(noted)
        if step is not None:
            steps = actions[-1][0]
            if step.startswith("discards ") and steps and steps[-1].startswith("discards "):
                # "discards B Yikyik, B Vashti."
                steps[-1] = f"{steps[-1][:-1]}, {step.removeprefix('discards ')}"
            else:
                steps.append(step)
        # What the table shows anyway (a new hole) or what did not happen (an adaptation not offered) is left out.
        news = [shortened(event) for event in events if not QUIET.search(event)]
        if news:
            if not actions:
                actions.append(([], [], []))
            actions[-1][1].extend(news)
    lines = []
    for steps, events, noted in actions:
        line = "; ".join(step.rstrip(".") for step in steps) + "." if steps else ""
        lines.append(Action(line[:1].upper() + line[1:], events, noted))
    return lines


class TurnSummary(Widget):
    """Shows `summarize`'s lines under a title (on its top border), wrapped under their first word; what does not
    fit ends in "…". The log's notes go above the line of their card, whole where the rows allow, else in short
    (`short_note`); where not even that fits, after the turn's name on the top border (`NotesAs`): a note never takes
    a row from the turn's lines, which at 80x24 often fill every row.

    | Class | Description |
    | :- | :- |
    | `summary--event` | What a decision caused ("→ ..."). |
    | `summary--note` | A note of the log ("! ..."). |
    """

    COMPONENT_CLASSES: ClassVar[set[str]] = {"summary--event", "summary--note"}

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.turn = ""
        self.lines: list[Action] = []
        self.notes_as = NotesAs.WHOLE

    def show(self, turn: str, lines: list[Action]) -> None:
        """`turn` ("Yellow's turn 8") names the summary on its top border, so the turn gets every row."""
        self.turn, self.lines = turn, lines
        self._fit()

    def on_resize(self) -> None:
        self._fit()

    def _fit(self) -> None:
        """Where the notes go at this size (`NotesAs`), and the title that goes with it."""
        width, height = self.size
        notes = [note for action in self.lines for note in action.notes]
        self.notes_as = NotesAs.WHOLE
        if notes:
            fitting = (form for form in (NotesAs.WHOLE, NotesAs.SHORT) if len(self._rows(width, form)) <= height)
            self.notes_as = next(fitting, NotesAs.TITLE)
        if self.notes_as is NotesAs.TITLE:
            self.border_title = f"{self.turn} · ! {short_note(notes[0])}"
        else:
            self.border_title = f"{self.turn}, shown until you act (PgUp: the log)"
        self.refresh()

    def render(self) -> Content:
        width, height = max(1, self.size.width), max(1, self.size.height)
        rows = self._rows(width, self.notes_as)
        if len(rows) > height:
            rows = [*rows[: height - 1], rows[height - 1].truncate(width - 1).rstrip() + Content("…")]
        return Content("\n").join(rows)

    def _rows(self, width: int, notes_as: NotesAs) -> list[Content]:
        """The summary's rows at `width`, with its notes as `notes_as` says."""
        width = max(1, width)
        rows: list[Content] = []
        event_style = self.get_visual_style("summary--event", partial=True)
        note_style = self.get_visual_style("summary--note", partial=True)
        for number, (line, events, notes) in enumerate(self.lines, start=1):
            for note in notes if notes_as is not NotesAs.TITLE else ():
                said = note if notes_as is NotesAs.WHOLE else short_note(note)
                rows.extend(_hanging(Content.styled(f"! {said}", note_style), width, "  "))
            if line:
                rows.extend(_hanging(Content(f"{number}. {line}"), width))
            for event in events:
                rows.extend(_hanging(Content.styled(f"   → {event}", event_style), width, "     "))
        return rows


def _hanging(line: Content, width: int, indent: str = "   ") -> list[Content]:
    """`line` wrapped at `width`, its continuation rows indented by `indent`."""
    first, *rest = line.wrap(width)
    if not rest:
        return [first]
    tail = line[len(first.plain.rstrip()) :]
    tail = tail[len(tail.plain) - len(tail.plain.lstrip()) :]
    return [first, *(Content(indent) + row for row in tail.wrap(max(1, width - len(indent))))]
