"""A spectator's board (`Board.show` with viewer None, from the public view): it names no card of any hand but the
ones everyone has seen, and says how many cards each hand holds; a Cryptid spectator reads no clue. Once an
Endless Forms game is over, the views hide nothing and its final table names every card. A spectator's footer
lists only the keys a spectator can use, and the table screen says it is waiting until the table's first position
arrives, instead of drawing an empty hand.

A card's name may lie in the open elsewhere (another copy in a hole, the same species on the row): the names the
board draws once every hand is emptied are the table's, and are not held against it.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import msgspec
import pytest
from textual.widgets import Static

from exotui import games
from exotui.engine.protocol import interludes, public_view
from exotui.engine.records import load
from exotui.games.cryptid.cards import CLUES
from exotui.games.endless.cards import HIDDEN as ENDLESS_HIDDEN
from exotui.games.endless.cards import card_name as endless_name
from exotui.games.exofauna.cards import HIDDEN as EXO_HIDDEN
from exotui.games.exofauna.cards import organism_of
from exotui.games.rodents.cards import CARDS as RODENT_CARDS
from exotui.serve.table_app import WAITING, WATCHING_KEYS
from exotui.tui.tables.exofauna.watering_hole import WateringHole
from pilot_helpers import in_event_loop, settle, status_text
from spectator_helpers import POSITIONS, WatchingApp, joined_at_the_end, position, screen_text, seen_by_all, watched

# game id -> (seed, random decisions into the game, a hand card's name, whether a public view's card is unseen)
HANDS: dict[str, tuple[int, int, Callable[[int], str], Callable[[int], bool]]] = {
    "exofauna": (2, 4, lambda card: organism_of(card).name, lambda card: card == EXO_HIDDEN),
    "rodents": (3, 6, lambda card: RODENT_CARDS[card].name, lambda card: card < 0),
    "endless": (3, 12, endless_name, lambda card: card == ENDLESS_HIDDEN),
}


async def drawn(game_id: str, view: Any, keys: tuple[str, ...] = ()) -> str:
    """The spectator's screen for the public `view`, after `keys`, as text."""
    app = WatchingApp(watched(game_id, view))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await pilot.press(*keys)
        await settle(pilot)
        return screen_text(app)


@pytest.mark.parametrize("game_id", sorted(HANDS))
@in_event_loop
async def test_a_spectator_sees_every_hand_as_everyone_does(game_id: str) -> None:
    seed, decisions, name, unseen = HANDS[game_id]
    state = position(game_id, seed, decisions)
    public = seen_by_all(game_id, state)
    text = await drawn(game_id, public)
    emptied = await drawn(game_id, msgspec.structs.replace(public, hands=((), ())))
    seen = {name(card) for hand in public.hands for card in hand if not unseen(card)}
    hidden = {name(card) for hand in state.hands for card in hand} - seen
    # The position has hidden cards, and the board names none of them (but those in the open elsewhere).
    assert hidden - {n for n in hidden if n in emptied}
    assert not {n for n in hidden if n in text and n not in emptied}
    assert "Your" not in text and "Hand (" not in text
    for seat, hand in enumerate(public.hands):
        count = sum(map(unseen, hand))
        label = games.get(game_id).seat_names[seat]
        if game_id == "rodents":
            assert f"{label} ({len(hand)}):" in text
        elif count:
            assert f"{label} holds {count} unseen" in text


@in_event_loop
async def test_a_cryptid_spectator_reads_no_clue_and_every_players_pieces() -> None:
    state = position("cryptid", 3, 12)
    # With the learning aid on: it lists the clues every colour could hold, and marks no space from a clue.
    text = await drawn("cryptid", seen_by_all("cryptid", state), keys=("a",))
    clues = {CLUES[clue].text for clue in state.clues}
    assert not {clue for clue in clues if clue in text}
    # The aid's notice says what it shows a spectator (it once said "? marks the spaces you cannot rule out").
    notice = "Learning aid on: the clues each could hold."
    assert notice in text and "rule out" not in text
    # The aid lists, for each of the four colours, the clues its pieces still allow (a count while there are many).
    assert len(re.findall(r"[ROPT] could hold: ", text)) == 4
    assert "clue" not in re.sub(r"could hold: [^\n]*", "", text.replace(notice, "")).lower()
    assert "aid: " not in text
    for seat, name in enumerate(games.get("cryptid").seat_names[:2]):
        cubes = sum(len(state.cubes[colour]) for colour in (seat, seat + 2))
        assert re.search(rf"{name}: {('alice', 'bob')[seat]} ■{cubes} ●\d+", text)


# The footer's entry for each key a player's board has and a spectator's lacks (Cryptid's spectator moves over the map).
DECIDING = ("choose", "back", "pick", "planet")


@pytest.mark.parametrize("game_id", sorted(POSITIONS))
@in_event_loop
async def test_a_spectators_footer_lists_only_what_a_spectator_can_do_and_a_deciding_key_says_so(game_id: str) -> None:
    seed, decisions = POSITIONS[game_id]
    app = WatchingApp(watched(game_id, seen_by_all(game_id, position(game_id, seed, decisions))))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        footer = screen_text(app).splitlines()[-1]
        for entry in ("PgUp/Dn log", "? help", "q leave"):
            assert entry in footer
        assert not [entry for entry in DECIDING if entry in footer]
        assert ("move" in footer) is (game_id == "cryptid")
        for key in ("enter", "1", "escape"):
            await pilot.press(key)
            await settle(pilot)
            assert status_text(app) == WATCHING_KEYS


@pytest.mark.parametrize("watching", [False, True], ids=["player", "spectator"])
@in_event_loop
async def test_until_the_first_position_arrives_the_table_says_it_is_waiting_and_draws_no_empty_hand(
    watching: bool,
) -> None:
    app = WatchingApp(None, "exofauna", watching)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        text = screen_text(app)
        assert WAITING in text
        assert "Hand" not in text and "empty" not in text and "Hole 1" not in text


@pytest.mark.parametrize(
    ("seat", "told"),
    [(0, "Your event: none · South: Echoed Form"), (None, "North: none · South: Echoed Form")],
    ids=["north", "spectator"],
)
@in_event_loop
async def test_at_an_ssh_table_the_final_endless_table_names_the_event_kept_face_down(
    seat: int | None, told: str
) -> None:
    """The table sends each seat its view and a spectator the public one: once the game is over they hide nothing,
    so South's event kept face down to the end is named to North and to a spectator, with South's hand. The card
    reader (v) reads South's cards to them too: it was shut on a final table and to a spectator."""
    show, _ = joined_at_the_end("endless.exosave", seat)
    app = WatchingApp(show, "endless")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert str(app.screen.query_one("#events").render()).startswith(told)
        assert "South holds American Kestrel + Coyote" in " ".join(screen_text(app).split())
        await pilot.press("v")
        text = app.screen.query_one("#card-text", Static)
        read = []
        for _ in range(int(str(text.render()).split(",")[0].split("/")[1])):
            read.append(str(text.render()))
            await pilot.press("right")
        assert any(", South's hand (←→ or ↑↓; v or Esc closes): American Kestrel" in line for line in read)
        await pilot.press("escape")
        assert not app.screen.query_one("#card-text", Static).has_class("-reading")


@in_event_loop
async def test_a_spectator_joining_at_the_end_sees_the_winning_claim_and_one_watching_sees_each_claim() -> None:
    """The table sends a spectator joining the whole story's interludes with the final position (a Show `whole`):
    the board noted none, so the final table showed the empty new hole where the winning claim was."""
    game = games.get("exofauna")
    saved = load(Path(__file__).parents[2] / "saves" / "exofauna.exosave")
    found = interludes(game, saved.states[0], saved.actions)
    show = watched("exofauna", public_view(game, saved.final, 2))
    show = msgspec.structs.replace(
        show, interludes=[msgspec.msgpack.encode(public_view(game, found[index], 2)) for index in sorted(found)]
    )
    app = WatchingApp(show)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        won = app.screen.query_one("#hole-2", WateringHole)
        assert won.border_title == "Hole 2 · Blue's claim"
        assert won.hole.spaces == found[max(found)].holes[1].spaces
    # Watching as the game goes on: the claim the decision just made stays on show until the next decision.
    index = min(found)
    app = WatchingApp(watched("exofauna", public_view(game, saved.states[index], 2)))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        show = watched("exofauna", public_view(game, saved.states[index + 1], 2))
        app.shown(
            msgspec.structs.replace(
                show, whole=False, interludes=[msgspec.msgpack.encode(public_view(game, found[index], 2))]
            )
        )
        await settle(pilot)
        claimed = app.screen.query_one("#hole-1", WateringHole)
        assert claimed.border_title == "Hole 1 · Blue's claim"
        assert claimed.border_subtitle.startswith("new ")
        app.shown(
            msgspec.structs.replace(watched("exofauna", public_view(game, saved.states[index + 2], 2)), whole=False)
        )
        await settle(pilot)
        assert "claim" not in claimed.border_title
