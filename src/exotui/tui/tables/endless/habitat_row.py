"""The habitat row: four habitats side by side, each with the opponent's species above and yours below."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar, Final

from textual.content import Content, Style
from textual.widget import Widget

from exotui.games.endless import (
    AESTHETIC_CHOICE,
    AGRICULTURAL_LAND,
    ARTIFICIALLY_SUSTAINED,
    DESERT_PLAYA,
    FIRST_HABITAT,
    GYPSUM_FLATS,
    HABITATS,
    HOMOGENIZATION,
    INSECT_SWARM,
    KINDS,
    LAVA_MALPAIS,
    MUTIGEN,
    PACK_HUNT,
    PATHOGEN,
    R_STRATEGIST,
    RESOURCE_NAMES,
    ROW,
    SPECIES,
    WICKED_REFLEXES,
    EndlessState,
    RowNow,
    Species,
    SpeciesNow,
    row_now,
)

# The names as the columns print them (the full name is in the card text shown on focus).
SHORT: Final = (
    "Badger",
    "Kestrel",
    "Kangaroo R",
    "Hummingbrd",
    "Sparrow",
    "Walkstick",
    "Coyote",
    "Raven",
    "Gray Vireo",
    "Earless Lz",
    "Roadrunner",
    "Aphids",
    "Honeypot",
    "Monarch",
    "Box Turtle",
    "Oryx",
    "Horned Lz",
    "Cochineal",
    "Vulture",
    "Hognose",
)
# Whole words, for columns too narrow for the full name but wider than 80 columns give (120 and more).
MEDIUM: Final = (
    "Badger",
    "Kestrel",
    "Kangaroo Rat",
    "Hummingbird",
    "Sparrow",
    "Walkingstick",
    "Coyote",
    "Raven",
    "Gray Vireo",
    "Earless Lizard",
    "Roadrunner",
    "Melon Aphids",
    "Honeypot Ants",
    "Monarch",
    "Box Turtle",
    "Oryx",
    "Horned Lizard",
    "Cochineal Bug",
    "Turkey Vulture",
    "Hognose Snake",
)
# An effect on a species, as a letter after its numbers.
EFFECT_LETTERS: Final = {
    AESTHETIC_CHOICE: "A",
    ARTIFICIALLY_SUSTAINED: "S",
    MUTIGEN: "M",
    PACK_HUNT: "P",
    R_STRATEGIST: "R",
    WICKED_REFLEXES: "W",
}
HABITAT_EFFECTS: Final = {INSECT_SWARM: "Swarm", PATHOGEN: "Pathogen", HOMOGENIZATION: "Copy"}
ABILITIES: Final = {
    AGRICULTURAL_LAND: "Pesticides",
    GYPSUM_FLATS: "Spec. blanched",
    LAVA_MALPAIS: "Spec. melanic",
}


def species_line(sp: Species, now: SpeciesNow, width: int) -> str:
    """'Coyote       5 3/1e P': name (whole where the cell has room, else in whole words, else short), population,
    X/Y with the bonuses that apply now (the rules' `row_now`), e if exerted, effects."""
    letters = "".join(EFFECT_LETTERS.get(effect % KINDS, "") for effect in sp.effects)
    tail = f"{sp.population:>3} {now.growth}/{now.decline}{'e' if sp.exerted else ' '}{letters}"
    room = max(1, width - len(tail))
    kind = sp.card % KINDS
    name = next((name for name in (SPECIES[kind].name, MEDIUM[kind]) if len(name) < room), SHORT[kind])
    return f"{name:<{room}.{room}}{tail}"


def rows_needed(view: EndlessState, seat: int) -> int:
    """The species rows a side needs: the most it has at one habitat, at least 1 (its empty row)."""
    counts = [sum(1 for sp in view.species[seat] if sp.habitat == position) for position in range(ROW)]
    return max(1, *counts)


def habitat_lines(view: EndlessState, now: RowNow, position: int) -> tuple[str, str, str]:
    """The habitat's name (as it plays: a copy shows the copied name), its resources, its ability and effects."""
    habitat = view.habitats[position]
    identity, bits = now.habitats[position]
    name = HABITATS[identity - FIRST_HABITAT].name
    resources = " ".join(RESOURCE_NAMES[bit][:3] for bit in RESOURCE_NAMES if bits & bit) or "-"
    notes = []
    if identity == DESERT_PLAYA:
        notes.append(f"Ephemeral {habitat.counters}")
    elif identity in ABILITIES:
        notes.append(ABILITIES[identity])
    notes.extend(HABITAT_EFFECTS[e % KINDS] for e in habitat.effects if e % KINDS in HABITAT_EFFECTS)
    notes.extend(f"Offroad t{o.until}" for o in view.offroads if o.position == position)
    return f"{position + 1} {name}", resources, ", ".join(notes) or "-"


class HabitatRow(Widget):
    """The four habitats in a row; under each, the other player's species (▲), then yours (▼), up to 3 each.

    A species reads: name, population, X/Y (growth when it exerts / decline, lost in every Termination of both
    players, shown as its owner's own reduces it; bonuses applied), e when exerted, a letter per effect (A P M R S
    W). ▶ marks what the answer under the cursor acts on.

    | Class | Description |
    | :- | :- |
    | `row--name` | a habitat's name |
    | `row--side` | the divider naming the sides |
    | `row--mark` | the marked habitat or species |
    | `row--exerted` | an exerted species |
    """

    COMPONENT_CLASSES: ClassVar[set[str]] = {"row--name", "row--side", "row--mark", "row--exerted"}

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.view: EndlessState | None = None
        self.viewer = 0
        self.labels: Sequence[str] = ("North", "South")
        self.marked_habitat = -1
        self.marked_species = -1

    def show(
        self,
        view: EndlessState,
        viewer: int,
        labels: Sequence[str],
        marked_habitat: int = -1,
        marked_species: int = -1,
    ) -> None:
        self.view, self.viewer, self.labels = view, viewer, labels
        self.marked_habitat, self.marked_species = marked_habitat, marked_species
        # As tall as the species in play need (three header lines, each side's rows, the divider), so that at 80x24
        # the rows left over go to the prompt and the log.
        height = 3 + rows_needed(view, 1 - viewer) + 1 + rows_needed(view, viewer) if view.habitats else 1
        self.styles.height = height
        self.refresh()

    def render(self) -> Content:
        view = self.view
        if view is None or not view.habitats:
            return Content("The habitats are drawn once both opening hands are kept.")
        now = row_now(view)
        width = max(8, self.size.width // ROW)
        cell = width - 1
        name_style = self.get_visual_style("row--name", partial=True)
        side_style = self.get_visual_style("row--side", partial=True)
        mark_style = self.get_visual_style("row--mark", partial=True)
        exerted_style = self.get_visual_style("row--exerted", partial=True)
        # Three lines per habitat, the other player's species, a divider naming the sides, then yours.
        other = 1 - self.viewer
        heights = (rows_needed(view, other), rows_needed(view, self.viewer))
        rows: list[list[Content]] = [[] for _ in range(3 + heights[0] + 1 + heights[1])]
        for position in range(ROW):
            name, resources, notes = habitat_lines(view, now, position)
            marked = position == self.marked_habitat
            if len(name) > cell - marked:
                # "1 Ocotillo Foothills" is one cell too wide at 80 columns: the number moves to the resources line.
                name, resources = name.partition(" ")[2], f"{position + 1} {resources}"
            rows[0].append(_cell(("▶" if marked else "") + name, cell, mark_style if marked else name_style))
            rows[1].append(_cell(resources, cell))
            rows[2].append(_cell(notes, cell))
            divider = f"▲{self.labels[other]} ▼{self.labels[self.viewer]}" if position == 0 else ""
            rows[3 + heights[0]].append(_cell(divider.ljust(cell, "┄"), cell, side_style))
            for block, seat in enumerate((other, self.viewer)):
                top = 3 + block * (heights[0] + 1)
                here = [sp for sp in view.species[seat] if sp.habitat == position]
                for slot in range(heights[block]):
                    row = rows[top + slot]
                    if slot >= len(here):
                        row.append(_cell("", cell))
                        continue
                    sp = here[slot]
                    line = species_line(sp, now.species[sp.card], cell - 1)
                    if sp.card == self.marked_species:
                        row.append(_cell("▶" + line, cell, mark_style))
                    else:
                        row.append(_cell(" " + line, cell, exerted_style if sp.exerted else None))
        return Content("\n").join(Content("│").join(row) for row in rows)


def _cell(text: str, width: int, style: Style | None = None) -> Content:
    text = text[:width].ljust(width)
    return Content.styled(text, style) if style is not None else Content(text)
