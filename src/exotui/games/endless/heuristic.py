"""The AI hooks for Endless Forms: a quick judgement of an unfinished position, and a playout policy."""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Final

from exotui.engine.protocol import EasyPlay
from exotui.engine.weights import read_weights
from exotui.games.endless import abilities
from exotui.games.endless.cards import KINDS, PATHOGEN, R_STRATEGIST, SPECIES, VULTURE, WICKED_REFLEXES, is_species
from exotui.games.endless.mutable import MutableState
from exotui.games.endless.rules import TURNS, apply
from exotui.games.endless.state import (
    ASK_REVEAL,
    DEPLOY,
    DEPLOYED_SPECIES,
    DRAW,
    EXERT,
    PHASE,
    TERMINATION,
    DeploySpecies,
    EndDeploy,
    EndlessState,
    EndMove,
    Exert,
    Pass,
)
from exotui.games.endless.view import determinize

# A lead of SCALE + SCALE_PER_TURN * (turns after this one) projected counters makes a seat e (about 2.7) times as
# likely to win as its rival: fitted to greedy games (the log-loss-best scale per turn ran from about 20 at turn 2
# to 5 at turn 8 and 1 at turn 16), since a projection over more turns is less certain.
SCALE = 1.0
SCALE_PER_TURN = 0.6
# A predator's exertion counts at this share when it has prey now, at the other share when it has none.
WITH_PREY = 0.8
WITHOUT_PREY = 0.3
# Playouts: how often a seat holding an event passes at a window, and deploys a species when it can.
PASS_SHARE = 0.9
DEPLOY_SHARE = 0.8
# Playouts: how often the Move Phase ends without a move (a move at random more often loses than gains).
STAY_SHARE = 0.7

# What a seat holds towards the end, each over the scale above (so a weight is per counter at every turn):
# - plain species: the counters its species that need no prey can expect at the end (below);
# - predators: the same for its predators, Turkey Vultures and Offroaded species, whose gains are less sure;
# - hand: the growth rates of the species cards in its hand, as many as deployments are left to it;
# - event: 1 while it holds a face-down event (the option to reveal it when it helps most);
# - shields: effects on its species that shield them from predators (r-Strategist, Wicked Reflexes);
# - pathogens: Pathogens on habitats where it has species, times the terminations left to it (each costs the
#   species there a counter).
# The hand-written weights: 1 per projected counter, a card in hand at 0.8 of its growth rate, an event 1, a
# shield 0.5 (counters saved over the game), a Pathogen's termination -0.7 (spread over the species there).
FEATURES: Final = ("plain species", "predators", "hand", "event", "shields", "pathogens")
WEIGHTS_PATH: Final = Path(__file__).with_name("weights.json")
WEIGHTS: Final = read_weights(WEIGHTS_PATH, FEATURES)


def evaluate(state: EndlessState) -> tuple[float, float]:
    """Each seat's chance in [0, 1], summing to 1, from what each seat can expect at the end: the logistic of the
    weighted difference of the seats' `features`."""
    mine, theirs = _features(state)
    lead = sum(w * (a - b) for w, a, b in zip(WEIGHTS, mine, theirs, strict=True))
    chance = 1 / (1 + math.exp(-lead))
    return chance, 1 - chance


def features(state: EndlessState, seat: int) -> tuple[float, ...]:
    """What `seat` holds towards the end (FEATURES), over the scale of the turn."""
    return _features(state)[seat]


def _features(state: EndlessState) -> tuple[tuple[float, ...], tuple[float, ...]]:
    """Both seats' FEATURES, each over the scale of the turn.

    A species in play is projected over what is left of the game, counted exactly from the turn and phase: its
    owner's exertions to come (this turn's only if it has not exerted yet), each worth its growth with the bonuses
    and effects that apply where it stands (a predator's counts less, much less without prey), and the
    terminations to come, each costing its decline in that player's turn (with the reductions and extra losses that
    apply), never below 0. So a position judged before an exertion or a termination and the one judged after it
    agree, whatever depth the search reached. Species cards in hand count for the deployments left.
    """
    turn, phase = state.turn, state.phase
    # Exertions, deployments and terminations left to each seat: its turns after this one, plus this one's if not
    # yet past (`terminating`: this turn's termination is still to come).
    later = [0, 0]
    for coming in range(max(turn, 0) + 1, TURNS + 1):
        later[_active(state.first, coming)] += 1
    active = _active(state.first, turn) if turn > 0 else -1
    exerting = phase <= EXERT
    terminating = phase < TERMINATION or (phase == TERMINATION and _termination_pending(state))
    plain = [0.0, 0.0]
    hunting = [0.0, 0.0]
    shields = [0, 0]
    pathogens = [0, 0]
    if state.habitats:
        t = MutableState(state)
        for sp in t.all_species():
            owner = sp.owner
            gain: float = abilities.growth(t, sp, True)
            counted = plain
            if abilities.is_predator(sp):
                gain *= WITH_PREY if abilities.legal_prey(t, sp) else WITHOUT_PREY
                counted = hunting
            elif sp.kind == VULTURE or abilities.offroaded(t, sp):
                gain *= WITHOUT_PREY
                counted = hunting
            exertions = later[owner] + (owner == active and exerting and (phase < DEPLOY or not sp.exerted))
            own_ends = later[owner] + (owner == active and terminating)
            other_ends = later[1 - owner] + (owner != active and active >= 0 and terminating)
            value = sp.population + gain * exertions
            value -= abilities.decline(t, sp, owner) * own_ends + abilities.decline(t, sp, 1 - owner) * other_ends
            counted[owner] += max(0.0, value)
            shields[owner] += sum(1 for e in sp.effects if e % KINDS in (R_STRATEGIST, WICKED_REFLEXES))
        for position, habitat in enumerate(t.habitats):
            sick = sum(1 for e in habitat.effects if e % KINDS == PATHOGEN)
            for seat in (0, 1):
                if sick and any(sp.habitat == position for sp in t.species[seat]):
                    pathogens[seat] += sick * (later[seat] + (seat == active and terminating))
    scale = SCALE + SCALE_PER_TURN * (TURNS - max(turn, 1))
    out = []
    for seat in (0, 1):
        deployments = later[seat] + (
            seat == active and (phase < DEPLOY or (phase == DEPLOY and not state.deployed & DEPLOYED_SPECIES))
        )
        rates = sorted(
            (SPECIES[card % KINDS].x for card in state.hands[seat] if card >= 0 and is_species(card)), reverse=True
        )
        held = 1.0 if state.events[seat] >= 0 else 0.0
        counts = (plain[seat], hunting[seat], sum(rates[:deployments]), held, shields[seat], pathogens[seat])
        out.append(tuple(value / scale for value in counts))
    return out[0], out[1]


def _active(first: int, turn: int) -> int:
    """The turn player of `turn`: the first player on odd turns."""
    return first if turn % 2 == 1 else 1 - first


def _termination_pending(state: EndlessState) -> bool:
    """True while the Termination Phase's stage 1 is still on the stack (its opening window is being asked)."""
    return any(task[0] == PHASE and task[1] == TERMINATION and len(task) == 3 for task in state.tasks)


def search_actions(view: EndlessState, seat: int, actions: Sequence[Any]) -> Sequence[Any]:
    """The decisions worth a search (the engine's `search_actions` hook): one alone where a search could only waste
    the computer's time, or where its time would tell the other seat something.

    - A reveal window: decided at once by `reveal_choice`. Every holder of a face-down event is asked at every
      window, so a search there would make each turn crawl, and its time (long when the event could be revealed,
      none when it could not) would tell the other seat what the event is (issue 23, finding 6).
    - The Exert Phase: a species with nothing to choose (no prey, no Ant Specialist choice) exerts first; its gain
      does not depend on the order, so only the predators' choices are searched.
    """
    if len(actions) < 2:
        return actions
    kind = type(actions[0])
    if kind is Pass:
        return [reveal_choice(view, seat, actions)]
    if kind is Exert:
        choosing = {a.card for a in actions if a.prey >= 0}
        plain = [a for a in actions if a.card not in choosing]
        if plain:
            return plain[:1]
    return actions


# A reveal must be worth this much more than passing (in chance of winning) for the computer to reveal: the value
# of keeping the event for a better moment is already counted by the "event" weight in `evaluate`.
REVEAL_MARGIN = 0.0
# Reveal windows passed while looking at what a reveal leads to, at most (responses, then the next windows).
LOOK_AHEAD = 12


def reveal_choice(view: EndlessState, seat: int, actions: Sequence[Any]) -> Any:
    """Pass or reveal, at once: each answer is played on one dealing of the unseen cards (the same for every
    answer), every window after it is passed until the position asks something else, and `evaluate` judges."""
    state = determinize(view, seat, random.Random(len(view.tasks) * 1009 + view.turn))
    best, best_value = actions[0], _after(state, actions[0], seat) + REVEAL_MARGIN
    for action in actions[1:]:
        value = _after(state, action, seat)
        if value > best_value:
            best, best_value = action, value
    return best


def _after(state: EndlessState, action: Any, seat: int) -> float:
    state = apply(state, action)
    for _ in range(LOOK_AHEAD):
        if not state.tasks or state.tasks[-1][0] != ASK_REVEAL:
            break
        state = apply(state, Pass(state.tasks[-1][1]))
    if not state.tasks:
        return 1.0 if state.winner == seat else 0.5 if state.winner == DRAW else 0.0
    return evaluate(state)[seat]


def rollout_action(state: Any, actions: Sequence[Any], rng: random.Random) -> Any:
    """Playout policy: hold events at most windows, deploy species rather than stop, predators prey on the other
    seat's species when they can, usually stay put; otherwise at random.

    It reads the actions alone: the search's working copy hands it its mutable state where a playout on `apply` hands
    it the state.
    """
    first = actions[0]
    kind = type(first)
    if kind is Pass and rng.random() < PASS_SHARE:
        return first
    if kind is EndDeploy and rng.random() < DEPLOY_SHARE:
        species = [a for a in actions if type(a) is DeploySpecies]
        if species:
            return species[int(rng.random() * len(species))]
    elif kind is Exert:
        # Preying on one's own species costs the owner what the predator gains; the other seat's prey is the rule.
        hunts = [a for a in actions if a.prey < 0 or a.prey // KINDS != a.card // KINDS]
        if hunts:
            return hunts[int(rng.random() * len(hunts))]
    elif kind is EndMove and rng.random() < STAY_SHARE:
        return first
    return actions[int(rng.random() * len(actions))]


# How `mcts:easy` plays (engine.protocol.EasyPlay): on 40% of its decisions (30% until session 14) the playout
# policy above (it reads the actions alone, so it is honest), a beginner's move; otherwise the draw every game's easy
# makes. With the draw alone easy was too close to normal: normal (2,000 iterations) against easy (500), SPRT
# [100, 250] H0 after 20 games, +35 Elo (95% CI -30..+102), 9 of 10 deals split. With 30%, H1 after 42 games, +251
# (95% CI +144..+432), and easy still beat greedy (SPRT [-50, 50] H1, +44), where it led greedy by +400. Figures:
# docs/strength.md ("The ladder, every game (session 7)").
EASY_PLAY: Final = EasyPlay(policy_share=0.4)
# How often `mcts:normal` plays the playout policy instead of its search's choice (engine.protocol.normal_play).
# Two searches here are decided by the deal more than by their budgets (hard against normal +42 Elo at 5.3 times the
# search, session 7), so normal slips on 15% of its decisions and easy, to stay a ladder's rung below it, on 40% (was
# 30%). Session 14, by a script setting them, each SPRT H1 (docs/strength.md): hard (it=4000) against this normal
# (it=1000) +147.1 (+69.2..+242.5) after 40 games; normal (it=2000) against this easy (it=500) +218.4 (+137.6..+328.4)
# after 70; easy (it=500) against greedy +212.5 (+99.6..+392.9) after 22.
NORMAL_PLAY: Final = 0.15
