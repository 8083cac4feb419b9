"""The inline prompt: the question being asked, then either a card's full text or the legal answers."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar, Final

from textual.binding import Binding
from textual.content import Content
from textual.geometry import Size
from textual.widget import Widget

# An answer too long for its row may leave out the first words it shares with the answer above it, when they are
# at least this many (fewer save too little to be worth the "…").
SAME_START: Final = 3
# The key that picks each answer at once: 1-9, then the letters no table or the app uses for something else
# (hjkl move, q quits). Answers past these are reached with the arrows.
ANSWER_KEYS: Final = "123456789abcdefgimnoprstuvwxyz"


def answer_keys(count: int) -> str:
    """The keys of `count` answers, as a prompt names them: '1', '1-6', '1-9 a-f', or '1-9 a-z' when some are past
    the keys (reached with the arrows)."""
    last = ANSWER_KEYS[min(count, len(ANSWER_KEYS)) - 1]
    if count <= 9:
        return "1" if count == 1 else f"1-{last}"
    return f"1-9 {ANSWER_KEYS[9]}-{last}" if last != ANSWER_KEYS[9] else "1-9 a"


def too_few(count: int) -> str:
    """Why a key past the last of `count` answers did nothing."""
    if count == 1:
        return "There is only 1 answer (1)."
    return f"There are only {count} answers ({answer_keys(count)})."


def answer_bindings(description: str) -> list[Binding]:
    """A table's bindings picking answer n with its key from `ANSWER_KEYS` (action `pick(n)`); one footer entry."""
    first, others = ANSWER_KEYS[0], ANSWER_KEYS[1:]
    return [
        Binding(first, "pick(1)", description, key_display=f"1-9 {ANSWER_KEYS[9]}-{ANSWER_KEYS[-1]}"),
        *(Binding(key, f"pick({number})", show=False) for number, key in enumerate(others, start=2)),
    ]


class Prompt(Widget):
    """Shows `question` in bold, then `options` (numbered, the cursor one reversed and marked) or `detail`.

    A row is kept free under the options, unless `spare_row` is False: a table short of rows (Endless Forms at
    80x24, its log under the prompt) gives it to the answers."""

    COMPONENT_CLASSES: ClassVar[set[str]] = {"prompt--question", "prompt--cursor", "prompt--more"}

    def __init__(self, *, id: str | None = None, spare_row: bool = True) -> None:
        super().__init__(id=id)
        self.spare_row = spare_row
        self.question = ""
        self.detail = ""
        self.options: tuple[str, ...] = ()
        self.cursor = 0
        self.keys = ANSWER_KEYS

    def show(
        self, question: str, detail: str = "", options: tuple[str, ...] = (), cursor: int = 0, keys: str = ANSWER_KEYS
    ) -> None:
        """`keys` label the options in order (the keys that pick them now); the options past them go unlabelled."""
        self.question, self.detail, self.options, self.cursor, self.keys = question, detail, options, cursor, keys
        # A table that sizes the prompt to its rows (`height: auto`) lays it out again.
        self.refresh(layout=self.styles.height is not None and self.styles.height.is_auto)

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        """Every row the prompt would print, for a table that sizes it to its content (`height: auto`, with a
        `max-height` past which the answers scroll)."""
        rows = len(Content(self.question).wrap(max(1, width)))
        if not self.options:
            return rows + (len(Content(self.detail).wrap(max(1, width))) if self.detail else 0)
        blocks = option_blocks(self.options, self.keys, self.cursor, max(1, width), len(self.options) * width)
        return rows + sum(len(block) for _, block in blocks) + self.spare_row

    def render(self) -> Content:
        question = Content.styled(self.question, self.get_visual_style("prompt--question", partial=True))
        if not self.options:
            return Content.assemble(question, "\n", self.detail) if self.detail else question
        width = max(1, self.size.width)
        lines = question.wrap(width)
        # Rows left under the question; the list scrolls to keep the cursor in sight.
        rows = max(2, self.size.height - len(lines)) - self.spare_row
        cursor_style = self.get_visual_style("prompt--cursor")
        shown = option_blocks(self.options, self.keys, self.cursor, width, rows)
        for index, block in shown:
            if index == self.cursor:
                lines.extend(line.truncate(width, pad=True).stylize(cursor_style) for line in block)
            else:
                lines.extend(block)
        if self.spare_row:
            # The row kept under the answers says how many are out of sight: a list cut to its rows hid the answers
            # past them with nothing to tell they were there (the question's "1-8" alone).
            above, below = shown[0][0], len(self.options) - 1 - shown[-1][0]
            parts = ([f"↑ {above} more above"] if above else []) + ([f"↓ {below} more below"] if below else [])
            if parts:
                more = Content(f"  {' · '.join(parts)}").truncate(width)
                lines.append(more.stylize(self.get_visual_style("prompt--more", partial=True)))
        return Content("\n").join(lines)


# Continuation rows of a wrapped answer start under its first word, after the cursor mark and the key.
INDENT: Final = "   "


def option_blocks(
    options: Sequence[str], keys: str, cursor: int, width: int, rows: int
) -> list[tuple[int, list[Content]]]:
    """The answers shown in `rows` rows of `width` cells, each as (its index, its rows), the cursor's in sight.

    Every answer reads on its own: it is printed whole, wrapping onto more rows where it must. Only an answer too
    long for one row gives up its first words, and only those it shares with the answer printed just above it
    (`elided_words`), which that row shows, or its own row above does: "… right." under "… to the yellow hole (2),
    top."; never its middle, where the numbers and names that tell answers apart are.
    """

    def blocks_from(first: int) -> list[tuple[int, list[Content]]]:
        shown: list[tuple[int, list[Content]]] = []
        used = 0
        for index in range(first, len(options)):
            number = keys[index] if index < len(keys) else " "
            words = options[index].split(" ")
            if index in (cursor, first) or len(f" {number} {options[index]}") <= width:
                elided = 0
            else:
                shared = elided_words(options[index - 1], options[index])
                elided = shared if shared >= SAME_START else 0
            text = " ".join(words[elided:])
            mark = "▶" if index == cursor else " "
            body = f"{mark}{number} {'… ' if elided else ''}{text}"
            block = _wrapped(body, width)
            if used + len(block) > rows and shown:
                break
            shown.append((index, block))
            used += len(block)
        return shown

    first = min(max(0, cursor - rows // 2), max(0, len(options) - rows))
    shown = blocks_from(first)
    # Wrapped answers take more rows: start later until the cursor's answer is in sight.
    while first < cursor and cursor not in (index for index, _ in shown):
        first += 1
        shown = blocks_from(first)
    # Rows left empty under the last answer: start earlier while the cursor's answer and the last stay in sight.
    while first > 0 and shown[-1][0] == len(options) - 1:
        earlier = blocks_from(first - 1)
        if earlier[-1][0] != len(options) - 1 or cursor not in (index for index, _ in earlier):
            break
        first, shown = first - 1, earlier
    return shown


def _wrapped(text: str, width: int) -> list[Content]:
    """`text` on rows of `width` cells, its continuation rows indented under its first word."""
    first, *rest = Content(text).wrap(width)
    if not rest:
        return [first]
    tail = Content(text[len(first.plain.rstrip()) :].lstrip()).wrap(max(1, width - len(INDENT)))
    return [first, *(Content(INDENT) + line for line in tail)]


def elided_words(above: str, option: str) -> int:
    """How many first words `option` shares with `above`, the answer printed over it, short of its last word."""
    mine, theirs = option.split(" "), above.split(" ")
    shared = 0
    while shared < len(mine) - 1 and shared < len(theirs) and mine[shared] == theirs[shared]:
        shared += 1
    return shared
