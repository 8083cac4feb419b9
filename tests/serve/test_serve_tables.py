"""Tables between people over SSH (`ssh -t HOST table NAME`): seats taken in order of arrival, each person sees
only their own seat's view, a spectator sees no hidden card, and a game played to the end is in every seated
player's saves. The authority's rules of seating are also tested directly on `Table`, without SSH."""

from __future__ import annotations

import asyncio
import contextlib
import re
import sys
import time
from collections import Counter
from collections.abc import AsyncIterator, Coroutine
from pathlib import Path
from typing import Any

import msgspec
import pytest
from textual.app import App
from textual.pilot import Pilot
from textual.widgets import Static

from exotui import games
from exotui.ai.players import RandomPlayer
from exotui.engine.protocol import interlude, public_view
from exotui.engine.records import load, read_header
from exotui.measure.serve import table_game
from exotui.play.driver import AI_PAUSE, Driver
from exotui.play.session import GameSession, Told, how_it_ended
from exotui.play.session import Seat as SessionSeat
from exotui.serve import table_app, wire
from exotui.serve.table import Seating, Table
from exotui.serve.table_app import ASKED, TableApp, TableEndScreen, TableScreen
from exotui.tui.screens.end import Ending, told_lines
from exotui.tui.tables import Board
from exotui.tui.tables.exofauna.organism import label
from exotui.tui.widgets.ai_status import AiStatus
from exotui.tui.widgets.game_log import GameLog
from exotui.tui.widgets.prompt import Prompt
from pilot_helpers import settle, status_text, whole_in_the_end_box
from serve_helpers import (
    PATIENCE,
    Person,
    Terminal,
    actions_saved,
    eventually,
    near_the_end,
    new_key,
    running,
    saves_of,
    table_on_disk,
    table_served,
)
from spectator_helpers import WatchingApp, position, screen_text, seen_by_all, watched

pytestmark = [pytest.mark.slow, pytest.mark.skipif(sys.platform == "win32", reason="POSIX pseudo-terminals")]

SHIFT_TAB, UP, DOWN = "\x1b[Z", "\x1b[A", "\x1b[B"


async def create_two_person_table(terminal: Terminal) -> None:
    """On the table's new game form: Yellow (the second seat) set to Human, then Start (after it: Variant)."""
    await terminal.wait_for("Start")
    for key in [SHIFT_TAB] * 2 + ["\r", UP, UP, "\r"] + ["\t"] * 2 + ["\r"]:
        await terminal.keys(key)


def test_the_first_two_take_the_seats_a_third_watches_without_seeing_a_hand_and_a_seat_waits_for_its_key(tmp_path):
    async def scenario() -> None:
        async with running(tmp_path) as server:
            alice = await Terminal.open(server, new_key(), command="table duo")
            await create_two_person_table(alice)
            await alice.wait_for("Waiting for 1 more")
            bob_key = new_key()
            bob = await Terminal.open(server, bob_key, command="table duo")
            await alice.wait_for("Hand (Blue)")
            await bob.wait_for("Hand (Yellow)")
            # Each knows nothing of the other's cards yet.
            assert "Yellow holds 4 unseen" in alice.text
            assert "Blue holds 4 unseen" in bob.text
            watcher = await Terminal.open(server, new_key(), command="table duo")
            await watcher.wait_for("Watching table duo")
            await asyncio.sleep(1.0)
            # The watcher sees the table itself: both holes, and every hand as everyone sees it.
            for text in ("Hole 1", "Hole 2", "Blue holds 4 unseen", "Yellow holds 4 unseen"):
                assert text in watcher.text
            # No card of any hand is named to the watcher, but a copy in the open (a deck's top, face up).
            (save,) = (tmp_path / "tables" / "duo").glob("*.exosave")
            state = load(save).final
            in_the_open = {deck[0] for deck in state.decks if deck}
            for card in {card for hand in state.hands for card in hand} - in_the_open:
                assert label(card) not in watcher.text
            assert "Hand (Blue)" not in watcher.text and "Hand (Yellow)" not in watcher.text
            # Bob drops out and comes back: his seat waited for his key.
            await bob.close()
            bob = await Terminal.open(server, bob_key, command="table duo")
            await bob.wait_for("Hand (Yellow)")
            for terminal in (alice, bob, watcher):
                await terminal.close()

    asyncio.run(scenario())


STATUSES = ("Your decision.", "Sent…", "Waiting for", "is thinking…", "The game is over.")


def last_status(text: str) -> str:
    """Which of the table app's status lines was drawn last in `text` ("" before any)."""
    drawn = [status for status in STATUSES if status in text]
    return max(drawn, key=text.rfind) if drawn else ""


def test_two_people_play_a_table_to_the_end_both_keep_the_game_and_both_ask_for_a_rematch(tmp_path):
    alice, bob = new_key(), new_key()
    actions = near_the_end(seed=5, left=4)
    holders = [key.get_fingerprint("sha256") for key in (alice, bob)]
    path = table_on_disk(tmp_path, "final", holders, [saves_of(tmp_path, key) for key in (alice, bob)], actions)

    async def scenario() -> None:
        async with running(tmp_path) as server:
            people = [await Terminal.open(server, key, command="table final") for key in (alice, bob)]
            for person in people:
                await person.wait_for("Hand (")
            deadline = time.monotonic() + 2 * PATIENCE
            pressed = [0.0 for _ in people]
            # Whoever is asked decides: the first card or answer offered, and Enter. Asked is what the status line
            # said last; asked again within one frame of "Sent…" draws nothing new, so a second press follows after
            # a while with nothing else said.
            while not all("Rematch (same seats" in person.text for person in people):
                assert time.monotonic() < deadline, "the game did not end"
                for index, person in enumerate(people):
                    if last_status(person.text) == "Your decision." and time.monotonic() - pressed[index] > 1.0:
                        await person.keys("1")
                        await person.keys("\r")
                        pressed[index] = time.monotonic()
                await asyncio.sleep(0.2)
            assert "wins" in people[0].text or "You win!" in people[0].text or "A draw" in people[0].text
            # Both ask for a rematch (the box's first choice, which ↓ highlights; the box opens with none, so that a
            # stray Enter asks nothing): a new game at the same table, from its first turn, saved like the first.
            for person in people:
                await person.wait_for("Rematch (same seats")
                await person.keys(DOWN)
                await person.keys("\r")
            for person in people:
                await person.wait_for("Turn 1 ·")
            await eventually(lambda: actions_saved(tmp_path / "tables" / "final") == 0)
            for person in people:
                await person.close()

    asyncio.run(scenario())
    assert not path.exists()
    for key in (alice, bob):
        (saved,) = saves_of(tmp_path, key).glob("table-final-*.exosave")
        replay = load(saved)
        assert replay.header.finished
        assert list(replay.actions[: len(actions)]) == actions


def test_the_public_view_hides_every_hand_and_changes_nothing_of_a_game_without_secrets():
    game = games.get("exofauna")
    state = game.new_game(3, 2, None)
    public = public_view(game, state, 2)
    for seat in (0, 1):
        assert public == game.view(public, seat)
        assert all(card < 0 for card in public.hands[seat])
    exo2 = games.get("exo2")
    state = exo2.new_game(3, 3, None)
    assert public_view(exo2, state, 3) == exo2.view(state, 0)


def test_the_table_refuses_a_seat_that_sees_every_card_and_decisions_out_of_turn_or_illegal(tmp_path):
    async def scenario() -> None:
        async with table_served(tmp_path) as socket:
            alice = await Person.join(socket, "alice", tmp_path / "alice")
            await alice.next(wire.Choose)
            await wire.send(alice.writer, wire.Setup("exofauna", ["human", "cheat:normal"], None))
            refused = await alice.next(wire.Refused)
            assert "sees every card" in refused.text
            await alice.next(wire.Choose)
            await wire.send(alice.writer, wire.Setup("exofauna", ["human", "human"], None))
            lobby = await alice.next(wire.Lobby)
            assert lobby.can_fill and "Waiting for 1 more…" in lobby.lines[-2]
            bob = await Person.join(socket, "bob", tmp_path / "bob")
            shown = await bob.next(wire.Show)
            assert shown.viewer == 1 and shown.deciding == 0 and shown.status.startswith("Waiting for Blue")
            game = games.get("exofauna")
            view = msgspec.msgpack.decode(shown.view, type=game.state_type)
            # Bob's view: Alice's hand is hidden from him.
            assert all(card < 0 for card in view.hands[0])
            await wire.send(bob.writer, wire.Decide(b""))
            assert (await bob.next(wire.Refused)).text == "It is not your decision."
            await wire.send(alice.writer, wire.Decide(b"\x93\x01\x02\x03"))
            assert (await alice.next(wire.Refused)).text == "That decision is not legal here."
            for person in (alice, bob):
                person.writer.close()

    asyncio.run(scenario())


def test_a_seated_person_fills_the_open_seats_with_the_ai_and_the_game_starts(tmp_path):
    async def scenario() -> None:
        async with table_served(tmp_path) as socket:
            alice = await Person.join(socket, "alice", tmp_path / "alice")
            await alice.next(wire.Choose)
            await wire.send(alice.writer, wire.Setup("exo2", ["human", "human", "human"], None))
            await alice.next(wire.Lobby)
            await wire.send(alice.writer, wire.Fill("easy"))
            shown = await alice.next(wire.Show)
            assert [label.split(": ")[1] for label in shown.labels] == ["alice", "AI easy", "AI easy"]
            assert shown.viewer == 0 and shown.status == "Your decision."
            watcher = await Person.join(socket, "carol", tmp_path / "carol")
            watched = await watcher.next(wire.Show)
            # A game without hidden information is watched on its board: the public view is the whole table.
            assert watched.viewer is None and watched.view
            for person in (alice, watcher):
                person.writer.close()

    asyncio.run(scenario())


# ---------------------------------------------------------------------------------------------------------------
# What each person is told, and a rematch


def vote_text(app: App[Any]) -> str:
    """What the end box says of the rematch."""
    return str(app.screen.query_one("#rematch-vote", Static).render())


async def wait_for_vote(pilot: Pilot, text: str) -> None:
    await eventually(lambda: vote_text(pilot.app) == text, what=f"for {text!r} in the end box")
    await settle(pilot)


def story_of(saved: Path, seat: int | None) -> list[tuple[int, str, tuple[str, ...]]]:
    """The log of the finished game in `saved` as `seat` reads it (None: what every seat sees)."""
    replay = load(saved)
    seats = tuple(SessionSeat(seat.spec) for seat in replay.header.seats)
    session = GameSession(replay.game, replay.header.seed, replay.header.variant, seats, list(replay.actions))
    return [tuple(told) for told in session.story(seat)]


def test_each_show_tells_what_is_new_whoever_joins_hears_the_whole_story_and_the_table_tells_each_story_once(
    tmp_path, monkeypatch
):
    told_from_the_seed: Counter[int | None] = Counter()
    story = GameSession.story

    def counted(session: GameSession, seat: int | None) -> list[Told]:
        told_from_the_seed[seat] += 1
        return story(session, seat)

    monkeypatch.setattr(GameSession, "story", counted)
    actions = near_the_end(seed=5, left=12)
    table_on_disk(tmp_path, "direct", ["alice", "bob"], [tmp_path / "alice", tmp_path / "bob"], actions)

    async def scenario() -> dict[str, list[wire.Show]]:
        async with table_served(tmp_path) as socket:
            people = {name: await Person.join(socket, name, tmp_path / name) for name in ("alice", "bob")}
            playing = [asyncio.create_task(person.play_to_the_end(seed)) for seed, person in enumerate(people.values())]
            # Carol comes to watch a few decisions later.
            await asyncio.sleep(0.3)
            carol = await Person.join(socket, "carol", tmp_path / "carol")
            shows = await asyncio.gather(*playing, carol.play_to_the_end(0))
            for person in (*people.values(), carol):
                person.leave()
            return dict(zip(("alice", "bob", "carol"), shows, strict=True))

    shows = asyncio.run(scenario())
    # Each seat's story (and the spectators') was told from the seed once, not again after every decision.
    assert told_from_the_seed == Counter({0: 1, 1: 1, None: 1})
    (saved,) = (tmp_path / "alice").glob("table-direct-*.exosave")
    for name, seat in (("alice", 0), ("bob", 1), ("carol", None)):
        first, *later = shows[name]
        # The whole story once, on joining; then only what is new, so that the log tells every decision once.
        assert first.whole and not any(show.whole for show in later)
        assert [entry for show in shows[name] for entry in show.log] == story_of(saved, seat)
        assert all(len(show.log) <= 1 for show in later)
    assert len(shows["carol"][0].log) > len(actions)


def test_the_end_tells_each_person_how_the_game_ended_as_their_own_log_told_it(tmp_path):
    """The end box covers the foot of the table, where the log ends: the app's box tells how the game ended, the last
    turn's decisions that set something off with what they caused, then the last one. The table's End carried only
    the result: at a table, those lines were hidden until Esc. Each person's End now carries them as their own log
    told them (a spectator's too), so nobody reads in the box what their log did not tell them."""
    actions = near_the_end(seed=5, left=12)
    table_on_disk(tmp_path, "direct", ["alice", "bob"], [tmp_path / "alice", tmp_path / "bob"], actions)

    async def scenario() -> dict[str, tuple[list[wire.Show], wire.End]]:
        async with table_served(tmp_path) as socket:
            people = {name: await Person.join(socket, name, tmp_path / name) for name in ("alice", "bob", "carol")}
            shows = await asyncio.gather(*(person.play_to_the_end(seed) for seed, person in enumerate(people.values())))
            told = {}
            for (name, person), shown in zip(people.items(), shows, strict=True):
                assert person.end is not None
                told[name] = (shown, person.end)
                person.leave()
            return told

    told = asyncio.run(scenario())
    (saved,) = (tmp_path / "alice").glob("table-direct-*.exosave")
    for name, seat in (("alice", 0), ("bob", 1), ("carol", None)):
        shows, end = told[name]
        log = [Told(*entry) for show in shows for entry in show.log]
        assert end.ending == [tuple(entry) for entry in how_it_ended(log)]
        assert log == [Told(*entry) for entry in story_of(saved, seat)]
        # The last decision, and the claim that won, with what it caused.
        assert end.ending[-1] == tuple(log[-1]) and any("claims" in " ".join(events) for _, _, events in end.ending)


def test_at_the_end_every_seat_asks_for_a_rematch_and_a_new_deal_starts_for_the_players_and_the_spectator(tmp_path):
    actions = near_the_end(seed=5, left=4)
    table_on_disk(tmp_path, "direct", ["alice", "bob"], [tmp_path / "alice", tmp_path / "bob"], actions)
    directory = tmp_path / "tables" / "direct"

    async def scenario() -> None:
        async with table_served(tmp_path) as socket:
            alice, bob, carol = [await Person.join(socket, name, tmp_path / name) for name in ("alice", "bob", "carol")]
            await asyncio.gather(*(person.play_to_the_end(seed) for seed, person in enumerate((alice, bob, carol))))
            both = ["Blue: alice", "Yellow: bob"]
            for person, seated in ((alice, True), (bob, True), (carol, False)):
                assert await person.next(wire.RematchVote) == wire.RematchVote([], both, seated)
            # The first game is in both players' saves already, and the table has no game on disk.
            for name in ("alice", "bob"):
                (saved,) = (tmp_path / name).glob("table-direct-*.exosave")
                assert load(saved).header.finished
            assert not list(directory.glob("*.exosave"))
            await carol.send(wire.Rematch())
            assert (await carol.next(wire.Refused)).text.startswith("Only a seated player")
            await alice.send(wire.Rematch())
            for person, can_agree in ((alice, False), (bob, True), (carol, False)):
                vote = await person.next(wire.RematchVote)
                assert vote == wire.RematchVote(["Blue: alice"], ["Yellow: bob"], can_agree)
            await bob.send(wire.Rematch())
            firsts = [await person.next(wire.Show) for person in (alice, bob, carol)]
            assert [show.viewer for show in firsts] == [0, 1, None]
            assert all(show.whole and show.log == [] and show.deciding is not None for show in firsts)
            # The new game is saved like the first, on a new secret deal, and its seating with it.
            (path,) = directory.glob("*.exosave")
            header = read_header(path)
            assert header.seed != 5 and [seat.name for seat in header.seats] == ["Blue (alice)", "Yellow (bob)"]
            seating = msgspec.json.decode((directory / "seating.json").read_bytes(), type=Seating)
            assert seating.save == str(path) and seating.holders == ["alice", "bob"]
            deciding = firsts[firsts[0].deciding]
            person = (alice, bob)[deciding.viewer]
            game = games.get(deciding.game)
            view = msgspec.msgpack.decode(deciding.view, type=game.state_type)
            await person.send(wire.Decide(msgspec.msgpack.encode(game.legal_actions(view)[0])))
            await eventually(lambda: actions_saved(directory) == 1)
            for person in (alice, bob, carol):
                person.leave()

    asyncio.run(scenario())


def test_leaving_at_the_end_takes_back_the_ask_and_a_player_coming_back_sees_the_result_and_may_ask(tmp_path):
    actions = near_the_end(seed=5, left=4)
    table_on_disk(tmp_path, "direct", ["alice", "bob"], [tmp_path / "alice", tmp_path / "bob"], actions)

    async def scenario() -> None:
        async with table_served(tmp_path) as socket:
            alice, bob = [await Person.join(socket, name, tmp_path / name) for name in ("alice", "bob")]
            await asyncio.gather(alice.play_to_the_end(0), bob.play_to_the_end(1))
            await bob.send(wire.Rematch())
            await alice.next(wire.RematchVote)
            assert await alice.next(wire.RematchVote) == wire.RematchVote(["Yellow: bob"], ["Blue: alice"], True)
            bob.leave()
            vote = await alice.next(wire.RematchVote)
            assert vote == wire.RematchVote([], ["Blue: alice", "Yellow: bob (left the table)"], True)
            bob = await Person.join(socket, "bob", tmp_path / "bob")
            # Back at his seat: the finished game from its start, its result, and the ask.
            shown = await bob.next(wire.Show)
            assert shown.whole and shown.viewer == 1 and shown.deciding is None and shown.log
            assert isinstance(await bob.receive(), wire.End)
            assert await bob.next(wire.RematchVote) == wire.RematchVote([], ["Blue: alice", "Yellow: bob"], True)
            await alice.send(wire.Rematch())
            await bob.send(wire.Rematch())
            for person in (alice, bob):
                assert (await person.next(wire.Show)).whole
                person.leave()

    asyncio.run(scenario())


def a_table_near_its_end(tmp_path: Path) -> None:
    """Table "direct" of Alice and Bob, four decisions from its end."""
    actions = near_the_end(seed=5, left=4)
    table_on_disk(tmp_path, "direct", ["alice", "bob"], [tmp_path / "alice", tmp_path / "bob"], actions)


async def at_the_table_app(tmp_path: Path, socket: Path, seated: bool) -> tuple[TableApp, list[Person]]:
    """Bob at his table app (`seated`), or Carol watching at hers while Bob plays over the wire; Alice over the wire.
    The app, and the people over the wire (Alice first)."""
    alice = await Person.join(socket, "alice", tmp_path / "alice")
    others = [alice] if seated else [alice, await Person.join(socket, "bob", tmp_path / "bob")]
    me = "bob" if seated else "carol"
    return TableApp(socket, wire.Join(me, me, str(tmp_path / me)), "direct"), others


async def play_to_the_end_box(app: TableApp, pilot: Pilot, others: list[Person]) -> None:
    """The game played to its end: `others` over the wire, the app's seat by its first answer and Enter whenever
    asked, until the app shows its end box."""
    playing = [asyncio.create_task(person.play_to_the_end(seed)) for seed, person in enumerate(others)]
    deadline = time.monotonic() + PATIENCE
    while not isinstance(app.screen, TableEndScreen):
        assert time.monotonic() < deadline, "the game did not end"
        if isinstance(app.screen, TableScreen) and status_text(app) == "Your decision.":
            await pilot.press("1", "enter")
        await pilot.pause(0.1)
    await asyncio.gather(*playing)


@pytest.mark.parametrize("seated", [True, False], ids=["player", "spectator"])
def test_the_table_app_asks_for_a_rematch_says_who_is_awaited_and_draws_the_new_game(tmp_path, seated):
    a_table_near_its_end(tmp_path)

    async def scenario() -> None:
        async with table_served(tmp_path) as socket:
            app, others = await at_the_table_app(tmp_path, socket, seated)
            alice = others[0]
            async with app.run_test(size=(80, 24)) as pilot:
                await play_to_the_end_box(app, pilot, others)
                await settle(pilot)
                text = screen_text(app)
                assert vote_text(app) == "Nobody has asked for a rematch yet. Waiting for Blue: alice, Yellow: bob."
                box = app.screen
                assert isinstance(box, TableEndScreen)
                # The box opens with no choice highlighted: a stray Enter neither asks for a rematch nor leaves.
                await pilot.press("enter")
                await settle(pilot)
                assert app.screen is box and not box.asked
                if seated:
                    assert "Rematch (same seats, a new deal)" in text
                    await pilot.press("down", "enter")
                    await wait_for_vote(pilot, "Rematch asked by Yellow: bob. Waiting for Blue: alice.")
                    # Enter again changes nothing (and never leaves the table).
                    await pilot.press("enter")
                    await settle(pilot)
                    assert isinstance(app.screen, TableEndScreen) and ASKED in screen_text(app)
                    # Esc looks at the final table, which says who is awaited; Enter brings the box back.
                    await pilot.press("escape")
                    await settle(pilot)
                    assert isinstance(app.screen, TableScreen)
                    assert status_text(app).startswith("The game is over. Enter: the result. Rematch asked by")
                    await pilot.press("enter")
                    await settle(pilot)
                    assert isinstance(app.screen, TableEndScreen)
                else:
                    assert "Rematch (" not in text and "Leave the table" in text
                    await others[1].send(wire.Rematch())
                    await wait_for_vote(pilot, "Rematch asked by Yellow: bob. Waiting for Blue: alice.")
                await alice.send(wire.Rematch())
                # The new game, drawn afresh: no end box, and a log without the last game's decisions.
                await eventually(lambda: isinstance(app.screen, TableScreen) and app.screen.query_one(Board).display)
                await settle(pilot)
                assert not [screen for screen in app.screen_stack if isinstance(screen, TableEndScreen)]
                assert not app.screen.query_one(GameLog).entries
                assert "The game is over" not in status_text(app)
                assert ("Watching table direct." in status_text(app)) is not seated
            for person in others:
                person.leave()

    asyncio.run(scenario())


@pytest.mark.parametrize(("seated", "size"), [(True, (80, 24)), (False, (120, 40))], ids=["player", "spectator"])
def test_the_table_apps_end_box_tells_how_the_game_ended_as_its_log_told_it(tmp_path, seated, size):
    """A player at a table read the result alone in the box, which covers the foot of the table where the log ends;
    a local player read there how the game ended too. The table app's box now tells it as this seat's log told it,
    its end in sight, with the choices, the vote and the hint whole in the box."""
    a_table_near_its_end(tmp_path)

    async def scenario() -> None:
        async with table_served(tmp_path) as socket:
            app, others = await at_the_table_app(tmp_path, socket, seated)
            async with app.run_test(size=size) as pilot:
                await play_to_the_end_box(app, pilot, others)
                await eventually(lambda: bool(app.screen.query("#rematch-vote")) and "Nobody" in vote_text(app))
                await settle(pilot)
                screen = app.screen
                (saved,) = (tmp_path / "alice").glob("table-direct-*.exosave")
                ending = how_it_ended([Told(*entry) for entry in story_of(saved, 1 if seated else None)])
                told = screen.query_one("#end-ending", Ending)
                assert told.lines.plain == told_lines(ending).plain
                assert told.display and told.scroll_y == told.max_scroll_y
                parts = ("#headline", "#summary", "#end-ending", "#end-menu", "#rematch-vote", "#end-hint")
                box = whole_in_the_end_box(screen, parts)
                # Its last line (the end itself) drawn in the box.
                last = " ".join(told_lines(ending[-1:]).plain.splitlines()[-1].split())
                drawn = " ".join(" ".join(screen_text(app).splitlines()[box.y : box.bottom]).split())
                assert last in drawn
            for person in others:
                person.leave()

    asyncio.run(scenario())


def test_a_scored_invasion_stays_on_the_table_apps_board_until_enter_as_in_the_app(tmp_path):
    """Raging Rodents' scored invasion (the game's `interlude`) reaches the table app with the Show after it: the
    board keeps it on show until Enter, as the app's game screen does; it was drawn over by the next deal at once."""
    game = games.get("rodents")
    actions = near_the_end(seed=5, left=1, game_id="rodents")
    states = [game.new_game(5, 2)]
    for action in actions:
        states.append(game.apply(states[-1], action))
    index = next(n for n, action in enumerate(actions) if interlude(game, states[n], action, states[n + 1]))
    scoring, seat = actions[index], game.current_player(states[index])
    # Whoever makes the scoring decision plays over the wire; the other sits at the table app.
    holders = ["alice", "bob"] if seat == 0 else ["bob", "alice"]
    table_on_disk(tmp_path, "direct", holders, [tmp_path / "alice", tmp_path / "bob"], actions[:index], "rodents")

    async def scenario() -> None:
        async with table_served(tmp_path) as socket:
            alice = await Person.join(socket, "alice", tmp_path / "alice")
            app = TableApp(socket, wire.Join("bob", "bob", str(tmp_path / "bob")), "direct")
            async with app.run_test(size=(80, 24)) as pilot:
                await eventually(lambda: isinstance(app.screen, TableScreen) and app.screen.query_one(Board).display)
                await alice.next(wire.Show)
                await alice.send(wire.Decide(msgspec.msgpack.encode(scoring)))
                paused = "Invasion 1 is scored: Enter or Space deals invasion 2."
                await eventually(lambda: status_text(app) == paused, what="for the scored invasion")
                board = app.screen.query_one(Board)
                assert board.view is not None and board.view.invasion == 1
                await pilot.press("enter")
                await settle(pilot)
                assert board.view.invasion == 2 and status_text(app) != paused
            alice.leave()

    asyncio.run(scenario())


def log_ends_in_sight(app: App[Any]) -> None:
    """The log of the app's board is scrolled to its end, and its last line is drawn whole on its last row."""
    log = app.screen.query_one(GameLog)
    assert 0 < log.scroll_y == log.max_scroll_y
    region = log.content_region
    last_row = screen_text(app).splitlines()[region.bottom - 1][region.x : region.right]
    assert last_row.rstrip() == log.lines[-1].text.rstrip()


def test_coming_back_to_a_table_the_log_ends_in_sight_also_as_the_line_of_who_left_comes_and_goes(tmp_path):
    """At 80x24 the log of a person who came back showed the latest turn from its first line, its last lines out of
    sight ('→ Invasion 2 is dealt: Seat 1 starts.' under the scores): told the whole story at once, no turn unfolds
    before their eyes, and the end is where the game stands. Then a line above the status comes and goes (who left
    the table): the log, shorter or taller, still ends in sight."""
    actions, index = seat_2_scores_an_invasion()
    saves = [tmp_path / "alice", tmp_path / "bob"]
    table_on_disk(tmp_path, "direct", ["alice", "bob"], saves, actions[: index + 1], "rodents")

    async def scenario() -> None:
        async with table_served(tmp_path) as socket:
            app = TableApp(socket, wire.Join("bob", "bob", str(tmp_path / "bob")), "direct")
            async with app.run_test(size=(80, 24)) as pilot:
                left = "Waiting for Seat 1: alice, who left the table."
                await eventually(lambda: isinstance(app.screen, TableScreen) and status_text(app) == left)
                await settle(pilot)
                log = app.screen.query_one(GameLog)
                latest = next(n for n, line in enumerate(log.lines) if line.text.startswith(f"{log.turn:>3} "))
                assert latest < log.max_scroll_y, "the latest turn must be longer than the log, for this test"
                log_ends_in_sight(app)
                alice = await Person.join(socket, "alice", tmp_path / "alice")
                await eventually(lambda: status_text(app) == "Waiting for Seat 1: alice.")
                await settle(pilot)
                log_ends_in_sight(app)
                alice.leave()
                await eventually(lambda: status_text(app) == left)
                await settle(pilot)
                log_ends_in_sight(app)

    asyncio.run(scenario())


def seat_2_scores_an_invasion() -> tuple[list[object], int]:
    """A Raging Rodents game of two (seed 5), and the index of a decision of Seat 2's that scores an invasion, after
    which Seat 1 opens the next one."""
    game = games.get("rodents")
    actions = near_the_end(seed=5, left=1, game_id="rodents")
    states = [game.new_game(5, 2)]
    for action in actions:
        states.append(game.apply(states[-1], action))
    index = next(
        n
        for n, action in enumerate(actions)
        if interlude(game, states[n], action, states[n + 1])
        and (game.current_player(states[n]), game.current_player(states[n + 1])) == (1, 0)
    )
    return actions, index


def test_the_computer_opens_the_next_invasion_only_once_the_person_at_the_table_app_has_gone_on(tmp_path):
    """As in the app: the table played on behind the pause, so the computer's first decisions of the next invasion
    were in the person's log (and the save) while their board still asked for Enter on the scored invasion."""
    actions, index = seat_2_scores_an_invasion()
    saves = [tmp_path / "alice", tmp_path / "bob"]
    table_on_disk(tmp_path, "direct", [None, "bob"], saves, actions[:index], "rodents", kinds=("random", "human"))
    directory = tmp_path / "tables" / "direct"

    async def scenario() -> None:
        async with table_served(tmp_path) as socket:
            app = TableApp(socket, wire.Join("bob", "bob", str(tmp_path / "bob")), "direct")
            async with app.run_test(size=(80, 24)) as pilot:
                await eventually(lambda: isinstance(app.screen, TableScreen) and status_text(app) == "Your decision.")
                board = app.screen.query_one(Board)
                log = board.query_one(GameLog)
                board.post_message(Board.Decided(actions[index]))
                paused = "Invasion 1 is scored: Enter or Space deals invasion 2."
                await eventually(lambda: status_text(app) == paused, what="for the scored invasion")
                logged = list(log.entries)
                # Time for the computer to decide several times over (a random player, after AI_PAUSE).
                await asyncio.sleep(4 * AI_PAUSE)
                await settle(pilot)
                assert actions_saved(directory) == index + 1, "the computer decided behind the pause"
                assert log.entries == logged and status_text(app) == paused
                await pilot.press("enter")
                await eventually(lambda: actions_saved(directory) > index + 1, what="for the computer's decision")
                await eventually(lambda: len(log.entries) > len(logged), what="for the computer's decision logged")
                assert board.view is not None and board.view.invasion == 2

    asyncio.run(scenario())


def test_nobody_decides_until_each_seated_person_has_gone_on_from_the_scored_invasion(tmp_path):
    """At a table of people, as at the app's one screen, nothing is decided behind anyone's pause: the turns wait for
    each seated person's GoneOn (their table app sends it as they go on), not a spectator's, nor one who left."""
    actions, index = seat_2_scores_an_invasion()
    saves = [tmp_path / "alice", tmp_path / "bob"]
    table_on_disk(tmp_path, "direct", ["alice", "bob"], saves, actions[:index], "rodents")
    game = games.get("rodents")

    async def scenario() -> None:
        async with table_served(tmp_path) as socket:
            alice = await Person.join(socket, "alice", tmp_path / "alice")
            bob = await Person.join(socket, "bob", tmp_path / "bob")
            carol = await Person.join(socket, "carol", tmp_path / "carol")
            for person in (bob, carol):
                await person.next(wire.Show)
            # Alice is told Bob is back (her status said he had left the table).
            while (await alice.next(wire.Show)).status != "Waiting for Seat 2: bob.":
                pass
            await bob.send(wire.Decide(msgspec.msgpack.encode(actions[index])))
            shows = [await person.next(wire.Show) for person in (alice, bob, carol)]
            assert all(show.held and show.interludes and show.deciding == 0 for show in shows)
            both = "Waiting for Seat 1: alice and Seat 2: bob to go on."
            assert shows[0].status == both and shows[2].status == f"Watching table direct. {both}"
            # Alice opens the next invasion, but not before Bob has seen the scores.
            view = msgspec.msgpack.decode(shows[0].view, type=game.state_type)
            opening = msgspec.msgpack.encode(game.legal_actions(view)[0])
            await alice.send(wire.Decide(opening))
            assert (await alice.next(wire.Refused)).text == f"{both} Then it is your decision."
            await carol.send(wire.GoneOn())
            await alice.send(wire.GoneOn())
            show = await alice.next(wire.Show)
            assert show.held and show.status == "Waiting for Seat 2: bob to go on." and not show.log
            # Bob leaves without going on: nobody waits for him.
            bob.leave()
            show = await alice.next(wire.Show)
            assert not show.held and show.status == "Your decision."
            await alice.send(wire.Decide(opening))
            assert len((await alice.next(wire.Show)).log) == 1
            assert actions_saved(tmp_path / "tables" / "direct") == index + 2
            alice.leave()
            carol.leave()

    asyncio.run(scenario())


@contextlib.asynccontextmanager
async def bob_scores_an_invasion_at_his_table_app(tmp_path: Path) -> AsyncIterator[tuple[TableApp, Pilot, Person]]:
    """Table "direct" of Raging Rodents (`seat_2_scores_an_invasion`): Alice over the wire, Bob at his table app at
    80x24, asked for his decision, has just made the one that scores the invasion. The app, its pilot and Alice, who
    leaves once the app is closed."""
    actions, index = seat_2_scores_an_invasion()
    saves = [tmp_path / "alice", tmp_path / "bob"]
    table_on_disk(tmp_path, "direct", ["alice", "bob"], saves, actions[:index], "rodents")
    async with table_served(tmp_path) as socket:
        alice = await Person.join(socket, "alice", tmp_path / "alice")
        app = TableApp(socket, wire.Join("bob", "bob", str(tmp_path / "bob")), "direct")
        async with app.run_test(size=(80, 24)) as pilot:
            await eventually(lambda: isinstance(app.screen, TableScreen) and status_text(app) == "Your decision.")
            app.screen.query_one(Board).post_message(Board.Decided(actions[index]))
            yield app, pilot, alice
        alice.leave()


def test_the_table_app_says_whom_the_table_waits_for_once_its_person_has_gone_on(tmp_path):
    """Bob has gone on from the scores, Alice not yet: his status names her, where it said she was deciding (as his
    board's own words do when the next seat decides), and so does a key that would decide."""

    async def scenario() -> None:
        async with bob_scores_an_invasion_at_his_table_app(tmp_path) as (app, pilot, alice):
            paused = "Invasion 1 is scored: Enter or Space deals invasion 2."
            await eventually(lambda: status_text(app) == paused, what="for the scored invasion")
            await pilot.press("enter")
            waiting = "Waiting for Seat 1: alice to go on."
            await eventually(lambda: status_text(app) == waiting, what="for whom the table waits")
            await pilot.press("1")
            await settle(pilot)
            assert status_text(app) == waiting
            await alice.send(wire.GoneOn())
            await eventually(lambda: status_text(app) == "Waiting for Seat 1: alice.", what="for Alice to decide")

    asyncio.run(scenario())


def test_while_the_table_waits_for_people_to_go_on_its_status_box_names_them_and_nobody_deciding(tmp_path):
    """The status box said 'Seat 1: alice / to decide' while nobody decided: the table waited for people to go on
    from the scored invasion. It names whom the table waits for, as the status line does, until each has gone on;
    then who decides."""

    async def scenario() -> None:
        async with bob_scores_an_invasion_at_his_table_app(tmp_path) as (app, pilot, alice):
            box = app.screen.query_one(AiStatus)
            both = ("waiting for Seat 1: alice and Seat 2: bob to go on",)
            await eventually(lambda: box.lines == both, what=f"for {both!r} in the status box")
            await settle(pilot)
            assert box.title == "Nobody decides yet" and "to decide" not in screen_text(app)
            await pilot.press("enter")
            await eventually(lambda: status_text(app) == "Waiting for Seat 1: alice to go on.")
            await settle(pilot)
            assert (box.title, box.lines) == ("Nobody decides yet", ("waiting for Seat 1: alice to go on",))
            assert "Nobody decides yet" in screen_text(app) and "to decide" not in screen_text(app)
            await alice.send(wire.GoneOn())
            await eventually(lambda: status_text(app) == "Waiting for Seat 1: alice.", what="for Alice to decide")
            await settle(pilot)
            assert (box.title, box.lines) == ("Seat 1: alice", ("to decide",))

    asyncio.run(scenario())


def searches_started(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The seats whose computer the table starts thinking for, as it starts each search (`Table.think`)."""
    started: list[int] = []
    think = Table.think

    def counted(table: Table, seat: int) -> Coroutine[Any, Any, None]:
        started.append(seat)
        return think(table, seat)

    monkeypatch.setattr(Table, "think", counted)
    return started


async def arrived(person: Person) -> None:
    """Once the table has done all it does on `person`'s arrival: it answers their next message only then."""
    await person.send(wire.Decide(b""))
    await person.next(wire.Refused)


def test_a_table_restored_where_the_computer_decides_next_starts_its_search_once_as_people_arrive(
    tmp_path, monkeypatch
):
    """After a server restart nothing started the computer's turn: 'Blue: … is thinking…' for ever, the person's
    decision never came. Two arrivals start one search."""
    started = searches_started(monkeypatch)
    k = the_computer_decides_then_bob(tmp_path)

    async def scenario() -> None:
        async with table_served(tmp_path) as socket:
            bob = await Person.join(socket, "bob", tmp_path / "bob")
            carol = await Person.join(socket, "carol", tmp_path / "carol")
            shows = [await person.next(wire.Show) for person in (bob, carol)]
            assert [show.deciding for show in shows] == [0, 0]
            for person in (bob, carol):
                await arrived(person)
            assert started == [0]
            while not ((show := await bob.next(wire.Show)).deciding == 1 and show.log):
                pass
            assert show.status == "Your decision." and started == [0]
            assert actions_saved(tmp_path / "tables" / "direct") == k + 1
            bob.leave()
            carol.leave()

    asyncio.run(scenario())


def the_computer_decides_then_bob(tmp_path: Path) -> int:
    """Table "direct" on disk, ExoFauna (seed 5): Blue, a computer (random), decides once, then Bob (Yellow). The
    actions saved."""
    game = games.get("exofauna")
    actions = near_the_end(seed=5, left=10)
    states = [game.new_game(5, 2)]
    for action in actions:
        states.append(game.apply(states[-1], action))
    k = next(n for n in range(len(actions), 0, -1) if [game.current_player(s) for s in states[n : n + 2]] == [0, 1])
    saves = [tmp_path / "alice", tmp_path / "bob"]
    table_on_disk(tmp_path, "direct", [None, "bob"], saves, actions[:k], kinds=("random", "human"))
    return k


def search_fails(*args: object, **kwargs: object) -> object:
    raise RuntimeError("the search ran out of memory")


def test_a_computer_whose_search_fails_plays_a_legal_move_everyone_is_told_and_the_operator_gets_the_traceback(
    tmp_path, monkeypatch, capsys
):
    """The table stayed busy for ever when the computer's search raised: 'Blue: AI random is thinking…', nobody could
    move, nothing said why. Now everyone is told in one line, the seat plays a legal move at random, the game goes on
    (saved), and the traceback goes to the server's log (the table's stderr)."""
    monkeypatch.setattr(Driver, "decide", search_fails)
    k = the_computer_decides_then_bob(tmp_path)

    async def scenario() -> None:
        async with table_served(tmp_path) as socket:
            bob = await Person.join(socket, "bob", tmp_path / "bob")
            carol = await Person.join(socket, "carol", tmp_path / "carol")
            told = "The computer could not decide for Blue: RuntimeError: the search ran out of memory."
            for person in (bob, carol):
                notice = await person.next(wire.Notice)
                assert notice.text == f"{told} It played a legal move at random; the game goes on."
            while not ((show := await bob.next(wire.Show)).deciding == 1 and show.log):
                pass
            assert show.status == "Your decision." and len(show.log) == 1
            assert actions_saved(tmp_path / "tables" / "direct") == k + 1
            bob.leave()
            carol.leave()

    asyncio.run(scenario())
    log = capsys.readouterr().err
    assert "table direct: the computer could not decide for Blue (seat 0)" in log
    assert "Traceback" in log and "RuntimeError: the search ran out of memory" in log


def test_the_notice_of_a_search_whose_error_is_cut_short_ends_its_sentence_once(tmp_path, monkeypatch):
    """The error's message cut short ends with "…", and the notice added its full stop: "… while looking fo…. It
    played a legal move at random". It is cut after a whole word, and its "…" ends the sentence."""

    def search_fails_at_length(*args: object, **kwargs: object) -> object:
        raise RuntimeError("the search ran out of memory while looking for a move in a long chain of decisions")

    monkeypatch.setattr(Driver, "decide", search_fails_at_length)
    the_computer_decides_then_bob(tmp_path)

    async def scenario() -> None:
        async with table_served(tmp_path) as socket:
            bob = await Person.join(socket, "bob", tmp_path / "bob")
            notice = await bob.next(wire.Notice)
            assert notice.text == (
                "The computer could not decide for Blue: RuntimeError: the search ran out of memory while looking…"
                " It played a legal move at random; the game goes on."
            )
            bob.leave()

    asyncio.run(scenario())


def test_a_computer_that_cannot_even_move_at_random_leaves_the_game_as_saved_and_tries_again_as_someone_arrives(
    tmp_path, monkeypatch, capsys
):
    """Should no legal move be found either (the game's own rules failing), everyone is told the game is kept as
    saved; the table is not left busy: the next arrival starts the computer's turn again."""
    monkeypatch.setattr(Driver, "decide", search_fails)
    monkeypatch.setattr(RandomPlayer, "choose", search_fails)
    k = the_computer_decides_then_bob(tmp_path)

    async def scenario() -> None:
        async with table_served(tmp_path) as socket:
            bob = await Person.join(socket, "bob", tmp_path / "bob")
            notice = await bob.next(wire.Notice)
            assert notice.text.endswith("The game is saved as it stands; it goes on when someone comes to the table.")
            assert actions_saved(tmp_path / "tables" / "direct") == k
            monkeypatch.undo()
            carol = await Person.join(socket, "carol", tmp_path / "carol")
            while not ((show := await bob.next(wire.Show)).deciding == 1 and show.log):
                pass
            assert show.status == "Your decision." and actions_saved(tmp_path / "tables" / "direct") == k + 1
            bob.leave()
            carol.leave()

    asyncio.run(scenario())
    assert "table direct: no legal move at random for Blue (seat 0) either" in capsys.readouterr().err


def test_a_computer_that_stopped_is_said_to_have_stopped_to_everyone_at_the_table_not_to_be_deciding(
    tmp_path, monkeypatch
):
    """When the search fails and so does a move at random, everyone was told so in a notice, but the table went on
    saying the computer was deciding: the prompt above the log 'Blue: alice is deciding…' (the computer's seat keeps
    its player's name here), the status 'Blue: alice is thinking…', the status box 'to decide', and a key that
    decides 'Not your decision: Blue: alice is deciding.'. The table says what the app says (the prompt, the status
    box, the refusal), to each person and each spectator, until the next arrival starts the computer's turn again."""
    monkeypatch.setattr(Driver, "decide", search_fails)
    monkeypatch.setattr(RandomPlayer, "choose", search_fails)
    the_computer_decides_then_bob(tmp_path)
    stopped = "Blue: alice stopped: it could not decide."
    status = "Blue: alice could not decide, nor move at random: it tries again when someone comes to the table."

    async def scenario() -> None:
        async with table_served(tmp_path) as socket:
            carol = await Person.join(socket, "carol", tmp_path / "carol")
            app = TableApp(socket, wire.Join("bob", "bob", str(tmp_path / "bob")), "direct")
            async with app.run_test(size=(80, 24), notifications=True) as pilot:
                # A spectator is told, as every Show says it (another arrival makes the computer try again).
                while not (show := await carol.next(wire.Show)).stopped:
                    pass
                assert show.viewer is None and show.deciding == 0
                assert show.status == f"Watching table direct. {status}"
                await eventually(lambda: isinstance(app.screen, TableScreen) and status_text(app) == status)
                await settle(pilot)
                board = app.screen.query_one(Board)
                assert board.query_one(Prompt).question == stopped and "deciding" not in screen_text(app)
                (panel,) = board.query(AiStatus)
                assert (panel.title, panel.lines) == ("Blue: alice", ("stopped by an error",))
                # A key that would decide says so too, as in the app.
                await pilot.press("1")
                await settle(pilot)
                assert status_text(app) == f"{stopped} Help (?) and q still work."
                # The next arrival starts the computer's turn again: it decides, and nobody is told it stopped.
                monkeypatch.undo()
                dave = await Person.join(socket, "dave", tmp_path / "dave")
                await eventually(lambda: status_text(app) == "Your decision.", what="for the computer's decision")
                await settle(pilot)
                assert board.stopped is None and "stopped" not in screen_text(app)
                while (show := await carol.next(wire.Show)).deciding != 1:
                    assert show.status.startswith("Watching table direct. Blue: alice ")
                assert not show.stopped and show.status == "Watching table direct. Waiting for Yellow: bob."
                dave.leave()
            carol.leave()

    asyncio.run(scenario())


def test_the_table_app_shows_a_notice_from_the_table_whole_and_as_plain_text():
    """A notice (`wire.Notice`) is shown to the person in a box of its own, every word of it at 80x24, and an error's
    message in it is text, never markup (its brackets would be taken for styles)."""
    notice = (
        "The computer could not decide for Blue: KeyError: '[b]old'. It played a legal move at random;"
        " the game goes on."
    )

    async def scenario() -> None:
        app = WatchingApp(watched("exofauna", seen_by_all("exofauna", position("exofauna", 2, 4))))
        async with app.run_test(size=(80, 24), notifications=True) as pilot:
            await settle(pilot)
            app.received(wire.Notice(notice))
            await settle(pilot)
            (toast,) = app.screen.query("Toast")
            assert " ".join(str(toast.render()).split()) == notice
            assert app.screen.region.contains_region(toast.region)

    asyncio.run(scenario())


def test_the_notice_that_a_computer_played_at_random_stays_in_the_log_once_its_toast_is_gone(tmp_path, monkeypatch):
    """The notice was a toast only, gone after 30 s, and with it the only word that the computer's move was drawn at
    random: a person who looked away never knew. It is in the log too, just before that move, and stays."""
    monkeypatch.setattr(Driver, "decide", search_fails)
    monkeypatch.setattr(table_app, "NOTICE_SECONDS", 0.5)
    k = the_computer_decides_then_bob(tmp_path)

    async def scenario() -> None:
        async with table_served(tmp_path) as socket:
            app = TableApp(socket, wire.Join("bob", "bob", str(tmp_path / "bob")), "direct")
            async with app.run_test(size=(120, 40), notifications=True) as pilot:
                await eventually(lambda: isinstance(app.screen, TableScreen) and status_text(app) == "Your decision.")
                assert actions_saved(tmp_path / "tables" / "direct") == k + 1
                await eventually(lambda: not app.screen.query("Toast"), what="for the toast to go")
                await settle(pilot)
                told = "The computer could not decide for Blue: RuntimeError: the search ran out of memory."
                entries = [entry.plain for entry in app.screen.query_one(GameLog).entries]
                (noted,) = [index for index, entry in enumerate(entries) if told in entry]
                assert "It played a legal move at random; the game goes on." in entries[noted]
                # Just before the move it tells of: the last decision, Blue's.
                decisions = [index for index, entry in enumerate(entries) if re.match(r" *[0-9]+ ", entry)]
                assert decisions[-1] == noted + 1 and "Blue" in entries[noted + 1]
                assert " ".join(told.split()[:5]) in " ".join(screen_text(app).split())

    asyncio.run(scenario())


def test_arriving_at_a_table_held_on_the_scores_holds_on_and_a_person_back_on_a_new_connection_is_not_waited_for(
    tmp_path, monkeypatch
):
    """A spectator's arrival starts no search behind the pause of the person shown the scores. That person, back on a
    new connection (told the whole story, where the scores are only noted), is not waited for: their old connection
    may be gone unnoticed, and then nobody could go on."""
    started = searches_started(monkeypatch)
    actions, index = seat_2_scores_an_invasion()
    saves = [tmp_path / "alice", tmp_path / "bob"]
    table_on_disk(tmp_path, "direct", [None, "bob"], saves, actions[:index], "rodents", kinds=("random", "human"))

    async def scenario() -> None:
        async with table_served(tmp_path) as socket:
            bob = await Person.join(socket, "bob", tmp_path / "bob")
            await bob.next(wire.Show)
            await bob.send(wire.Decide(msgspec.msgpack.encode(actions[index])))
            assert (await bob.next(wire.Show)).held
            carol = await Person.join(socket, "carol", tmp_path / "carol")
            assert (await carol.next(wire.Show)).held
            await arrived(carol)
            assert started == []
            again = await Person.join(socket, "bob", tmp_path / "bob")
            show = await again.next(wire.Show)
            assert show.whole and not show.held and show.status == "Seat 1: alice is thinking…"
            bob.leave()
            # The computer opens the next invasion: one search for each of its decisions until Bob's turn.
            decided = 0
            while not ((show := await again.next(wire.Show)).deciding == 1 and show.log):
                decided += len(show.log)
            decided += len(show.log)
            assert decided > 0 and started == [0] * decided
            assert actions_saved(tmp_path / "tables" / "direct") == index + 1 + decided
            again.leave()
            carol.leave()

    asyncio.run(scenario())


def test_the_table_bench_plays_a_whole_game_and_counts_what_each_person_is_sent(tmp_path):
    decisions, people = asyncio.run(table_game("exo2", 1, tmp_path))
    # One Show each at the start and after every decision; the spectator is sent as much as a player, or more.
    assert decisions > 0 and all(person.shows == decisions + 1 for person in people)
    assert 0 < people[0].received <= people[2].received
