"""The other player's last turn in a few lines, in place of the log from the start of your turn until you act.

An AI turn is 5 to 18 decisions (an instinct's discards, a declined adaptation, the end-of-turn draw): at 80x24 the
log shows 7 to 9 rows of it. The summary tells the same turn one Action a line: the card played, then what its
chain did, without its subject and without what changed nothing, each followed by what it caused ("→ ...").
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import ClassVar, Final

from textual.content import Content
from textual.widget import Widget

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


def summarize(who: str, told: Sequence[tuple[str, Sequence[str]]]) -> list[tuple[str, list[str]]]:
    """The turn of `who`, told as (sentence, events) pairs, as Actions: (one line, what it caused)."""
    actions: list[tuple[list[str], list[str]]] = []
    for sentence, events in told:
        step = chain_step(who, sentence)
        step = step if step is None else shortened(step)
        if step is not None:
            if step.startswith("plays ") or not actions:
                actions.append(([], []))
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
                actions.append(([], []))
            actions[-1][1].extend(news)
    lines = []
    for steps, events in actions:
        line = "; ".join(step.rstrip(".") for step in steps) + "." if steps else ""
        lines.append((line[:1].upper() + line[1:], events))
    return lines


class TurnSummary(Widget):
    """Shows `summarize`'s lines under a title (on its top border), wrapped under their first word; what does not
    fit ends in "…"."""

    COMPONENT_CLASSES: ClassVar[set[str]] = {"summary--event"}

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.lines: list[tuple[str, list[str]]] = []

    def show(self, title: str, lines: list[tuple[str, list[str]]]) -> None:
        """`title` goes on the top border, so the turn gets every row."""
        self.border_title, self.lines = title, lines
        self.refresh()

    def render(self) -> Content:
        width, height = max(1, self.size.width), max(1, self.size.height)
        rows: list[Content] = []
        event_style = self.get_visual_style("summary--event", partial=True)
        for number, (line, events) in enumerate(self.lines, start=1):
            if line:
                rows.extend(_hanging(Content(f"{number}. {line}"), width))
            for event in events:
                rows.extend(_hanging(Content.styled(f"   → {event}", event_style), width, "     "))
        if len(rows) > height:
            rows = [*rows[: height - 1], rows[height - 1].truncate(width - 1).rstrip() + Content("…")]
        return Content("\n").join(rows)


def _hanging(line: Content, width: int, indent: str = "   ") -> list[Content]:
    """`line` wrapped at `width`, its continuation rows indented by `indent`."""
    first, *rest = line.wrap(width)
    if not rest:
        return [first]
    tail = line[len(first.plain.rstrip()) :]
    tail = tail[len(tail.plain) - len(tail.plain.lstrip()) :]
    return [first, *(Content(indent) + row for row in tail.wrap(max(1, width - len(indent))))]
