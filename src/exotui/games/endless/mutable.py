"""A mutable copy of an Endless Forms position, which the rules change, and the card movements.

`MutableState(state)` copies a frozen state into lists (`Sp` and `Hab` for the species and habitats in play); the
rules change it; `freeze()` makes the next state, so the input state is never changed. `apply` runs on one, the
search's working copy (rules._WorkingCopy, engine/working.py) keeps one, and the views read growth and decline
through one.
"""

from __future__ import annotations

from exotui.engine.rng import below
from exotui.games.endless.cards import (
    ARTHROPODS,
    DESERT_PLAYA,
    EMPTY,
    FIRST_HABITAT,
    HABITATS,
    INSECT_SWARM,
    KINDS,
    PLAYA_COUNTERS,
)
from exotui.games.endless.state import EndlessState, Habitat, Offroad, Pushed, Species, Task

ROW = 4  # habitats in the row
ROOM = 3  # a player's species at one habitat


class Sp:
    """A species in play, mutable."""

    __slots__ = ("card", "effects", "exerted", "habitat", "kind", "owner", "population")

    def __init__(self, card: int, habitat: int, population: int, exerted: bool, effects: list[int]) -> None:
        self.card = card
        self.kind = card % KINDS
        self.owner = card // KINDS
        self.habitat = habitat
        self.population = population
        self.exerted = exerted
        self.effects = effects


class Hab:
    """A habitat in the row, mutable."""

    __slots__ = ("card", "copy", "counters", "effects")

    def __init__(self, card: int, copy: int, counters: int, effects: list[int]) -> None:
        self.card = card
        self.copy = copy
        self.counters = counters
        self.effects = effects

    @property
    def identity(self) -> int:
        """The habitat kind it plays as: its own, or the one it copies."""
        return self.copy if self.copy >= 0 else self.card % KINDS

    @property
    def resources(self) -> int:
        bits = HABITATS[self.identity - FIRST_HABITAT].resources
        if any(effect % KINDS == INSECT_SWARM for effect in self.effects):
            bits |= ARTHROPODS
        return bits


class MutableState:
    """The whole position, mutable: `EndlessState`'s fields as lists, dicts and `Sp`/`Hab` objects."""

    __slots__ = (
        "climate",
        "decks",
        "deployed",
        "discards",
        "droughts",
        "events",
        "first",
        "habitat_decks",
        "habitat_discards",
        "habitats",
        "hands",
        "hot_footed",
        "known",
        "migrants",
        "moves",
        "mulligans",
        "mutations",
        "offroads",
        "pesticide",
        "phase",
        "predated",
        "removed",
        "rng",
        "species",
        "tasks",
        "turn",
        "winner",
    )

    def __init__(self, state: EndlessState) -> None:
        self.first = state.first
        self.turn = state.turn
        self.phase = state.phase
        self.hands = [list(hand) for hand in state.hands]
        self.known = [list(known) for known in state.known]
        self.decks = [list(deck) for deck in state.decks]
        self.habitat_decks = [list(deck) for deck in state.habitat_decks]
        self.discards = [list(pile) for pile in state.discards]
        self.habitat_discards = [list(pile) for pile in state.habitat_discards]
        self.removed = list(state.removed)
        self.habitats = [Hab(h.card, h.copy, h.counters, list(h.effects)) for h in state.habitats]
        self.species = [
            [Sp(s.card, s.habitat, s.population, s.exerted, list(s.effects)) for s in side] for side in state.species
        ]
        self.events = list(state.events)
        self.climate = list(state.climate)
        self.mulligans = list(state.mulligans)
        self.deployed = state.deployed
        self.moves = state.moves
        self.predated = state.predated
        self.hot_footed = list(state.hot_footed)
        self.migrants = list(state.migrants)
        self.droughts = list(state.droughts)
        self.pesticide = list(state.pesticide)
        self.mutations = dict(state.mutations)
        self.offroads = list(state.offroads)
        self.tasks: list[Task] = list(state.tasks)
        self.winner = state.winner
        self.rng = state.rng

    def freeze(self) -> EndlessState:
        return EndlessState(
            first=self.first,
            turn=self.turn,
            phase=self.phase,
            hands=tuple(tuple(sorted(hand)) for hand in self.hands),
            known=tuple(tuple(sorted(known)) for known in self.known),
            decks=tuple(tuple(deck) for deck in self.decks),
            habitat_decks=tuple(tuple(deck) for deck in self.habitat_decks),
            discards=tuple(tuple(pile) for pile in self.discards),
            habitat_discards=tuple(tuple(pile) for pile in self.habitat_discards),
            removed=tuple(self.removed),
            habitats=tuple(Habitat(h.card, h.copy, h.counters, tuple(h.effects)) for h in self.habitats),
            species=tuple(
                tuple(Species(s.card, s.habitat, s.population, s.exerted, tuple(s.effects)) for s in side)
                for side in self.species
            ),
            events=tuple(self.events),
            climate=tuple(self.climate),
            mulligans=tuple(self.mulligans),
            deployed=self.deployed,
            moves=self.moves,
            predated=self.predated,
            hot_footed=tuple(self.hot_footed),
            migrants=tuple(self.migrants),
            droughts=tuple(self.droughts),
            pesticide=tuple(self.pesticide),
            mutations=tuple(sorted(self.mutations.items())),
            offroads=tuple(self.offroads),
            tasks=tuple(self.tasks),
            winner=self.winner,
            rng=self.rng,
        )

    # Whose turn, and the task stack.

    @property
    def active(self) -> int:
        """The turn player: the first player on odd turns."""
        return self.first if self.turn % 2 == 1 else 1 - self.first

    def then(self, *tasks: Pushed) -> None:
        """Run `tasks` next, in the order given, before whatever was pending."""
        self.tasks.extend(reversed(tasks))

    # Randomness.

    def roll(self, sides: int) -> int:
        """A die roll from the game's generator: 1..sides."""
        value, self.rng = below(self.rng, sides)
        return value + 1

    # Looking things up.

    def find(self, card: int) -> Sp | None:
        for sp in self.species[card // KINDS]:
            if sp.card == card:
                return sp
        return None

    def all_species(self) -> list[Sp]:
        return self.species[0] + self.species[1]

    def at(self, position: int) -> list[Sp]:
        """Both players' species at a habitat position."""
        return [sp for side in self.species for sp in side if sp.habitat == position]

    def room(self, seat: int, position: int) -> bool:
        """True if `seat` has fewer than 3 species at the habitat."""
        return sum(1 for sp in self.species[seat] if sp.habitat == position) < ROOM

    def identity(self, position: int) -> int:
        return self.habitats[position].identity

    # Moving cards.

    def draw(self, seat: int, count: int) -> None:
        deck = self.decks[seat]
        for _ in range(min(count, len(deck))):
            self.hands[seat].append(deck.pop(0))

    def take_from_hand(self, seat: int, card: int) -> None:
        self.hands[seat].remove(card)
        if card in self.known[seat]:
            self.known[seat].remove(card)

    def to_hand_openly(self, seat: int, card: int) -> None:
        """A card the other seat sees go into the hand."""
        self.hands[seat].append(card)
        self.known[seat].append(card)

    def discard(self, card: int) -> None:
        """A main-deck card to its owner's discard pile (a Mutigen forgets its roll)."""
        self.mutations.pop(card, None)
        self.discards[card // KINDS].append(card)

    def discard_species(self, sp: Sp) -> None:
        """The species leaves play with the effects attached to it."""
        self.species[sp.owner].remove(sp)
        for effect in sp.effects:
            self.discard(effect)
        self.discard(sp.card)

    def place_habitat(self, position: int, card: int) -> None:
        counters = PLAYA_COUNTERS if card % KINDS == DESERT_PLAYA else 0
        habitat = Hab(card, EMPTY, counters, [])
        if position < len(self.habitats):
            self.habitats[position] = habitat
        else:
            self.habitats.append(habitat)

    def replace_habitat(self, position: int, seat: int) -> None:
        """The top of `seat`'s habitat deck takes the place of the habitat there (RULINGS.md, Ecological
        Succession): the species stay, the old card and the effects on it are discarded."""
        if not self.habitat_decks[seat]:
            return
        old = self.habitats[position]
        self.habitat_discards[old.card // KINDS].append(old.card)
        for effect in old.effects:
            self.discard(effect)
        self.place_habitat(position, self.habitat_decks[seat].pop(0))

    def offroad(self, position: int, until: int, spared: int) -> None:
        self.offroads.append(Offroad(position, until, spared))

    def population(self, seat: int) -> int:
        return sum(sp.population for sp in self.species[seat])
