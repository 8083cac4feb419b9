"""The authority of one shared table: a process of its own holding the one GameSession, seating people, running
the AI seats, and telling each person's app only what that seat may see.

`ssh -t HOST table NAME` runs a table app (table_app.py) that connects here over a Unix socket. The first arrival
chooses the game and its seats (people or AI levels); the next arrivals take the open seats, in order; a seated
person may fill the seats still open with the AI and start. Once every seat is taken, later arrivals watch. A seat
belongs to an identity (the SSH key), so a player who drops out and comes back sits down again where they were.

Every action is saved (`GameRecord`) in DATA/tables/NAME/ as it is played, so the table survives a restart of the
server; when the game ends, the save is copied into every seated player's saves, where it replays like any other.
Then each seated person may ask for a rematch (the computers ask by themselves); once every seat has asked, a new
game starts at the same table, with the same seats and a new deal, saved like the first, and watched by whoever
stays.

Each person is told what is new since what they were told last; the whole story once, on joining or at a new game.

A player who leaves a game in progress is announced to everyone; their seat waits for them, and after
TAKEOVER_AFTER seconds any seated person still there may let the AI take it, and the game goes on. A guest (no SSH
key, so a new identity each time) is given a token that sits them down again.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import hashlib
import os
import secrets
import sys
import threading
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

import msgspec

from exotui import games
from exotui.ai.players import UnknownPlayer, make_player
from exotui.engine.protocol import GameSetupError, interlude, public_view, seat_names
from exotui.engine.records import BadSave, GameRecord, SavingOff, Seat, write_atomic
from exotui.engine.result import result_headline, result_of
from exotui.engine.savedir import SUFFIX
from exotui.play.driver import AI_PAUSE, Driver, Turn
from exotui.play.seats import computer_label
from exotui.play.session import HUMAN, GameSession, Told, how_it_ended
from exotui.play.session import Seat as SessionSeat
from exotui.serve import wire

OPEN: Final = "open"
# Seconds a departed player's seat waits before the others may let the AI take it.
TAKEOVER_AFTER: Final = 60.0
# Who takes a departed player's seat.
TAKEOVER_AI: Final = "mcts:normal"
# What becomes of the game when its computer could not decide, nor move at random (`Table.stopped`).
STUCK: Final = "The game is saved as it stands; it goes on when someone comes to the table."


class Seating(msgspec.Struct):
    """Who holds each seat (an identity, or None for an AI or open seat), with their names and saves; on disk as
    DATA/tables/NAME/seating.json next to the save, so a restarted table seats everyone again."""

    save: str
    holders: list[str | None]
    names: list[str]
    saves: list[str]
    # A guest's seat: the SHA-256 of the token that sits them down again ("" for the others).
    tokens: list[str] = msgspec.field(default_factory=list)
    # Who plays each seat, where it differs from the save's header (the AI took a departed player's seat).
    kinds: list[str] = msgspec.field(default_factory=list)


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


@dataclass
class Person:
    """One connected app: whose it is, the seat it holds (None: it watches, or waits in the lobby), and how many
    decisions of this game it was told (None: none yet, its next Show tells the whole story)."""

    writer: asyncio.StreamWriter
    identity: str
    name: str
    saves: str
    seat: int | None = None
    told: int | None = None
    guest: bool = False
    token: str = ""


class Table:
    def __init__(self, name: str, directory: Path, port: int = 0, takeover_after: float = TAKEOVER_AFTER) -> None:
        self.name = name
        self.directory = directory
        # The server's port, for the join line (0: not known).
        self.port = port
        self.takeover_after = takeover_after
        # The seats of a game in progress whose players left, and when (time.monotonic()).
        self.left_at: dict[int, float] = {}
        self._absent_timer: asyncio.TimerHandle | None = None
        self.people: list[Person] = []
        self.creator: str | None = None
        self.session: GameSession | None = None
        # The turns of `session` (`driver`), made afresh for each game.
        self._driver: Driver | None = None
        self.seating: Seating | None = None
        self.started = False
        self.ai_busy = False
        # The seat whose computer stopped for good (its search failed, and so did a move at random), until someone's
        # arrival starts its turn again; None while no computer has.
        self.stopped: int | None = None
        # The log as each seat (None: every seat) reads it, kept as the game goes: told again from the seed after
        # every decision, for every person, it cost the table time that grew with the square of the game's length.
        self.stories: dict[int | None, list[Told]] = {}
        # The positions between decisions worth a pause (the game's `interlude`: Raging Rodents' scored invasions), by
        # the index of the action that reached them; None until first asked (a table resumed from its save).
        self.interludes: dict[int, Any] | None = None
        # Once the game is over: the seats that asked for a rematch (None: the game is not over).
        self.agreed: set[int] | None = None
        self.done = asyncio.Event()
        self._resume()

    # ---------------------------------------------------------------------------------------------------------
    # The table on disk

    @property
    def _seating_path(self) -> Path:
        return self.directory / "seating.json"

    def _resume(self) -> None:
        """Sit down again at a game in progress, when this table has one on disk."""
        if not self._seating_path.exists():
            return
        try:
            seating = msgspec.json.decode(self._seating_path.read_bytes(), type=Seating)
            self.session = GameSession.resume(GameRecord.resume(Path(seating.save)))
        except (OSError, msgspec.DecodeError, BadSave) as exc:
            # For the operator (table.log); the table starts afresh.
            print(f"table {self.name}: the game on disk cannot be resumed: {exc}", file=sys.stderr, flush=True)
            return
        if self.session.deciding is None:
            return
        if len(seating.kinds) == len(self.session.seats):
            self.session.seats = tuple(SessionSeat(kind) for kind in seating.kinds)
        self.seating, self.started = seating, True
        # Nobody is here yet: every player's seat waits for them, as if they had just left.
        now = time.monotonic()
        self.left_at = {seat: now for seat in self.session.humans}

    def _write_seating(self) -> None:
        assert self.seating is not None
        write_atomic(self._seating_path, msgspec.json.encode(self.seating))

    @property
    def driver(self) -> Driver:
        """The turns of the game in progress, with the table's seeding of the computer (`decision_seed`); what holds
        them while people look at a position kept on show lasts as long as its game."""
        assert self.session is not None
        if self._driver is None or self._driver.session is not self.session:
            self._driver = Driver(self.session, per_decision=True)
        return self._driver

    # ---------------------------------------------------------------------------------------------------------
    # People arriving and leaving

    async def serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        person: Person | None = None
        try:
            join = await wire.receive(reader, wire.TABLE_DECODER)
            if not isinstance(join, wire.Join):
                return
            person = Person(writer, join.identity, join.name, join.saves, guest=join.guest, token=join.token)
            self.people.append(person)
            await self.arrive(person)
            while True:
                message = await wire.receive(reader, wire.TABLE_DECODER)
                await self.handle(person, message)
        except (asyncio.IncompleteReadError, ConnectionError, ValueError):
            pass
        finally:
            writer.close()
            if person is not None:
                self.people.remove(person)
                await self.leave(person)

    async def arrive(self, person: Person) -> None:
        # The seats whose players had left: the statuses that say so change when one of them is back.
        gone = set(self.left_at)
        if self.seating is not None and person.identity in self.seating.holders:
            person.seat = self.seating.holders.index(person.identity)
            self.left_at.pop(person.seat, None)
        elif self._reclaimed(person):
            pass
        elif self.session is None and self.creator is None:
            self.creator = person.identity
            await self.tell(person, wire.Choose())
            return
        elif self.seating is not None and not self.started:
            self._sit(person)
            if not self._open_seats():
                await self.start()
                return
        if not self.started:
            await self.tell_lobby()
        elif self.agreed is not None:
            await self.show(person)
            await self.tell_end(person)
            await self.tell_votes()
        elif person.seat is not None and self.driver.went_on(person.seat):
            # Told the whole story, their board only notes the position kept on show (a connection of theirs that
            # showed it may be gone unnoticed yet): the turns wait for them no longer, and everyone is told so.
            await self.after_action()
            await self.tell_absent()
        else:
            for other in list(self.people) if person.seat in gone else [person]:
                await self.show(other)
            await self.tell_absent()
            # A table restored after a restart has nothing else to start its computer's turn, should it be next.
            self.go_on()

    async def leave(self, person: Person) -> None:
        await self.departed(person)
        if person.identity == self.creator and self.session is None:
            # The one choosing left: the next person in the lobby chooses.
            self.creator = None
            waiting = next((p for p in self.people), None)
            if waiting is not None:
                self.creator = waiting.identity
                await self.tell(waiting, wire.Choose())
        if not self.people:
            self.done.set()
        elif not self.started:
            await self.tell_lobby()
        elif self.agreed is not None:
            # Leaving is not asking for a rematch: whoever stays sees who is awaited now.
            if person.seat is not None:
                self.agreed.discard(person.seat)
            await self.tell_votes()

    def _sit(self, person: Person) -> None:
        seating = self.seating
        assert seating is not None and self.session is not None
        for seat, holder in enumerate(seating.holders):
            if holder is None and self.session.seats[seat].is_human:
                self._seat(person, seat)
                return

    def _seat(self, person: Person, seat: int) -> None:
        """`person` holds `seat` from now on (a guest is given a token to sit there again)."""
        seating = self.seating
        assert seating is not None
        seating.holders[seat] = person.identity
        seating.names[seat] = person.name
        seating.saves[seat] = person.saves
        person.seat = seat
        if person.guest:
            person.token = person.token or secrets.token_hex(8)
            seating.tokens = (seating.tokens + [""] * len(seating.holders))[: len(seating.holders)]
            seating.tokens[seat] = token_hash(person.token)

    # ---------------------------------------------------------------------------------------------------------
    # Players who leave a game in progress: told to everyone, their seat waits, then the AI may take it

    async def departed(self, person: Person) -> None:
        """`person` left: if they held a seat of the game in progress (and are not still here on another
        connection), their seat waits for them from now, and everyone is told."""
        if not self.started or self.agreed is not None or person.seat is None:
            return
        if any(other.identity == person.identity for other in self.people):
            return
        self.left_at[person.seat] = time.monotonic()
        if self.driver.went_on(person.seat):
            # Nobody waits for someone who left to go on from a position kept on show.
            await self.after_action()
        else:
            for other in list(self.people):
                await self.show(other)
        await self.tell_absent()

    def _reclaimed(self, person: Person) -> bool:
        """A guest back with the token of their seat sits there again (as the new identity they are now)."""
        seating = self.seating
        if seating is None or not person.token or token_hash(person.token) not in seating.tokens:
            return False
        seat = seating.tokens.index(token_hash(person.token))
        if seating.holders[seat] is None:
            return False
        self._seat(person, seat)
        self.left_at.pop(seat, None)
        if self.started:
            with contextlib.suppress(OSError):
                self._write_seating()
        return True

    def absent(self) -> list[int]:
        """The seats of the game in progress whose players are not here."""
        session, seating = self.session, self.seating
        if not self.started or self.agreed is not None or session is None or seating is None:
            return []
        present = {person.identity for person in self.people}
        holders = seating.holders
        return sorted(
            seat
            for seat in self.left_at
            if session.seats[seat].is_human and holders[seat] is not None and holders[seat] not in present
        )

    def _ripe(self, absent: list[int]) -> list[int]:
        """The seats of `absent` that have waited long enough for the AI to take them."""
        now = time.monotonic()
        return [seat for seat in absent if now - self.left_at[seat] >= self.takeover_after]

    async def tell_absent(self) -> None:
        """Tell everyone whose players left and whether they may let the AI take those seats now; and come back
        when the next seat has waited long enough."""
        absent = self.absent()
        ripe = self._ripe(absent)
        if self._absent_timer is not None:
            self._absent_timer.cancel()
            self._absent_timer = None
        waiting = [self.takeover_after - (time.monotonic() - self.left_at[seat]) for seat in absent if seat not in ripe]
        if waiting:
            loop = asyncio.get_running_loop()
            self._absent_timer = loop.call_later(max(0.0, min(waiting)), lambda: loop.create_task(self.tell_absent()))
        text = ""
        if absent:
            labels = self.labels()
            names = spoken(labels[seat] for seat in absent)
            text = f"{names} left the table; {'their seats wait' if len(absent) > 1 else 'the seat waits'} for them."
        for person in list(self.people):
            can = bool(ripe) and person.seat is not None and person.seat not in absent
            await self.tell(person, wire.Absent(text, can))

    async def take_over(self, person: Person) -> None:
        """The AI takes the seats whose players left long enough ago; the game goes on. The departed keep their
        place in the record (their saves get the finished game), not their seat."""
        session, seating = self.session, self.seating
        ripe = self._ripe(self.absent())
        if session is None or seating is None or person.seat is None or person.seat in ripe or not ripe:
            await self.tell(person, wire.Refused("No seat can be given to the AI now."))
            return
        seats = list(session.seats)
        for seat in ripe:
            seats[seat] = SessionSeat(TAKEOVER_AI)
            seating.holders[seat] = None
            seating.names[seat] = computer_label(TAKEOVER_AI)
            if seat < len(seating.tokens):
                seating.tokens[seat] = ""
            self.left_at.pop(seat, None)
        session.seats = tuple(seats)
        seating.kinds = [seat.spec for seat in seats]
        with contextlib.suppress(OSError):
            self._write_seating()
        await self.tell_absent()
        # Everyone sees the new names; if the AI's seat is deciding, it decides now.
        await self.after_action()

    def _open_seats(self) -> list[int]:
        assert self.seating is not None and self.session is not None
        seats = self.session.seats
        return [seat for seat, holder in enumerate(self.seating.holders) if holder is None and seats[seat].is_human]

    # ---------------------------------------------------------------------------------------------------------
    # Messages

    async def handle(self, person: Person, message: object) -> None:
        if isinstance(message, wire.Setup):
            await self.setup(person, message)
        elif isinstance(message, wire.Fill):
            await self.fill(person, message.level)
        elif isinstance(message, wire.Decide):
            await self.decide(person, message.action)
        elif isinstance(message, wire.Rematch):
            await self.ask_rematch(person)
        elif isinstance(message, wire.TakeOver):
            await self.take_over(person)
        elif isinstance(message, wire.GoneOn):
            await self.gone_on(person)

    async def setup(self, person: Person, setup: wire.Setup) -> None:
        if person.identity != self.creator or self.session is not None:
            return
        try:
            game = games.get(setup.game)
            for kind in setup.seats:
                if kind != HUMAN and make_player(kind).sees_everything:
                    raise UnknownPlayer(kind, "it sees every card")
            # The deal is the table's own secret: no player chooses (or knows) the seed.
            seats = tuple(SessionSeat(kind) for kind in setup.seats)
            session = GameSession(game, secrets.randbits(63), setup.variant, seats)
        except (games.UnknownGame, UnknownPlayer, GameSetupError, ValueError) as exc:
            await self.tell(person, wire.Refused(f"That table cannot be set: {exc}"))
            await self.tell(person, wire.Choose())
            return
        path = self.directory / f"{game.id}-{secrets.token_hex(4)}{SUFFIX}"
        count = len(seats)
        self.session = session
        self.seating = Seating(str(path), [None] * count, [computer_label(kind) for kind in setup.seats], [""] * count)
        for waiting in [person, *(p for p in self.people if p is not person)]:
            if self._open_seats():
                self._sit(waiting)
        if not self._open_seats():
            await self.start()
        else:
            await self.tell_lobby()

    async def fill(self, person: Person, level: str) -> None:
        if self.started or self.session is None or person.seat is None:
            return
        spec = f"mcts:{level}"
        try:
            make_player(spec)
        except UnknownPlayer as exc:
            await self.tell(person, wire.Refused(str(exc)))
            return
        assert self.seating is not None
        seats = list(self.session.seats)
        for seat in self._open_seats():
            seats[seat] = SessionSeat(spec)
            self.seating.names[seat] = computer_label(spec)
        self.session = GameSession(self.session.game, self.session.seed, self.session.variant, tuple(seats))
        await self.start()

    async def start(self) -> None:
        session, seating = self.session, self.seating
        assert session is not None and seating is not None
        names = seat_names(session.game, len(session.seats))
        record_seats = [
            Seat.from_spec(f"{name} ({person})" if who_.is_human else name, who_.spec)
            for name, person, who_ in zip(names, seating.names, session.seats, strict=True)
        ]
        try:
            session.record = GameRecord.new(
                Path(seating.save), session.game, session.seed, record_seats, session.variant
            )
            session.record.save()
            self._write_seating()
        except (SavingOff, OSError, ValueError) as exc:
            # The game goes on unsaved; the people at the table are told once.
            session.record = None
            await self.everyone(wire.Refused(f"This table's game cannot be saved: {exc}"))
        self.started = True
        self.stopped = None
        self.stories = {}
        self.interludes = None
        for person in self.people:
            person.told = None
        await self.after_action()

    async def decide(self, person: Person, encoded: bytes) -> None:
        session = self.session
        if not self.started or session is None or person.seat is None or session.deciding != person.seat:
            await self.tell(person, wire.Refused("It is not your decision."))
            return
        try:
            action = msgspec.msgpack.decode(encoded, type=session.game.action_type)
        except msgspec.DecodeError:
            action = None
        if action is None or action not in session.game.legal_actions(session.state):
            await self.tell(person, wire.Refused("That decision is not legal here."))
            return
        if self.driver.awaited:
            await self.tell(person, wire.Refused(f"{self.awaited_line()} Then it is your decision."))
            return
        self.play(action)
        await self.after_action()

    async def gone_on(self, person: Person) -> None:
        """`person` went on from the position their table kept on show: once nobody else is awaited, the turns go
        on; meanwhile everyone is told who still is."""
        if self.started and self.agreed is None and person.seat is not None and self.driver.went_on(person.seat):
            await self.after_action()

    def play(self, action: Any) -> None:
        # A failed write leaves the game going on unsaved (GameSession.apply); the table cannot ask anyone to retry.
        session = self.session
        assert session is not None
        before = session.state
        session.apply(action)
        for seat, story in self.stories.items():
            story.append(session.told(before, action, session.state, seat))
        position = interlude(session.game, before, action, session.state)
        if position is not None:
            if self.interludes is not None:
                self.interludes[len(session.actions) - 1] = position
            # Each seated person here is shown it with their next Show (one told nothing yet is told the whole story
            # then, where it is only noted): the turns wait for each of them to go on. A spectator holds nobody.
            self.driver.interlude_shown(
                person.seat for person in self.people if person.seat is not None and person.told is not None
            )

    def interlude_positions(self) -> dict[int, Any]:
        """The game's interludes so far, by the index of the action that reached each; replayed from the seed once."""
        session = self.session
        assert session is not None
        if self.interludes is None:
            self.interludes = session.interludes()
        return self.interludes

    def story(self, seat: int | None) -> list[Told]:
        """Every decision so far as the log tells it to `seat` (None: what every seat sees)."""
        assert self.session is not None
        if seat not in self.stories:
            self.stories[seat] = self.session.story(seat)
        return self.stories[seat]

    # ---------------------------------------------------------------------------------------------------------
    # After every action: show it, then the AI or the end

    async def after_action(self) -> None:
        session = self.session
        assert session is not None
        for person in list(self.people):
            await self.show(person)
        if session.deciding is None:
            await self.finish()
        else:
            self.go_on()

    def go_on(self) -> None:
        """Start the computer's turn if it is next: once (one search at a time, whoever asks), and not while people
        look at a position kept on show."""
        turn = self.driver.next()
        if turn.computer and not turn.held and not self.ai_busy:
            assert turn.seat is not None
            self.ai_busy = True
            asyncio.get_running_loop().create_task(self.think(turn.seat))

    async def think(self, seat: int) -> None:
        session = self.session
        assert session is not None
        if self.stopped is not None:
            # It tries again: everyone is told it is deciding, no longer that it stopped.
            self.stopped = None
            for person in list(self.people):
                await self.show(person)
        await asyncio.sleep(AI_PAUSE)
        # The player is made after the pause, fresh for each decision (the table's seeding, `decision_seed`).
        driver = self.driver
        view = session.view_for(seat)
        try:
            action = await _in_thread(lambda: driver.decide(Turn(seat, driver.player(seat)), view=view))
        except Exception as exc:
            action = await self.decide_anyway(seat, view, exc)
        self.ai_busy = False
        if action is not None:
            self.play(action)
            await self.after_action()
            return
        # Stopped for good: everyone's table says so where it said the computer was deciding, as the app's does.
        self.stopped = seat
        for person in list(self.people):
            await self.show(person)

    async def decide_anyway(self, seat: int, view: Any, failure: Exception) -> Any:
        """The computer at `seat` could not decide (`failure`): a legal move at random instead, so the game goes on
        (None if even that fails: the game stays as saved, and the next arrival's `go_on` tries again). Everyone is
        told in one line, once while the seat's search keeps failing; the operator gets every traceback in the server's
        log (the table's stderr). The fallback is the driver's (`Driver.decide_anyway`), the same as in the app."""
        fallback = self.driver.decide_anyway(seat, view, failure)
        print(fallback.report(f"table {self.name}: "), end="", file=sys.stderr)
        sys.stderr.flush()
        notice = fallback.notice(STUCK)
        if notice is not None:
            await self.everyone(wire.Notice(notice))
        return fallback.action

    async def finish(self) -> None:
        session, seating = self.session, self.seating
        assert session is not None and seating is not None
        record = session.record
        if record is not None and record.path.exists():
            data = record.path.read_bytes()
            for saves in dict.fromkeys(s for s in seating.saves if s):
                # Into each seated identity's saves, a departed player's too; never into a directory that is gone
                # (a guest's, removed as their session ended).
                with contextlib.suppress(OSError):
                    private_copy(data, Path(saves) / f"table-{self.name}-{record.path.name}")
            # The table is free for a new game; the players keep theirs.
            record.path.unlink(missing_ok=True)
        self._seating_path.unlink(missing_ok=True)
        self.agreed = {seat for seat, who_ in enumerate(session.seats) if not who_.is_human}
        for person in list(self.people):
            await self.tell_end(person)
        await self.tell_votes()

    # ---------------------------------------------------------------------------------------------------------
    # A rematch: every seat asks, then the same seats play a new deal

    async def ask_rematch(self, person: Person) -> None:
        session = self.session
        if self.agreed is None or session is None or person.seat is None:
            await self.tell(person, wire.Refused("Only a seated player can ask for a rematch, once it is over."))
            return
        self.agreed.add(person.seat)
        if len(self.agreed) < len(session.seats):
            await self.tell_votes()
            return
        # A new secret deal: the finished game's seed is in the players' saves, so the next deal must not follow
        # from it (the local app's rematch takes the next seed; at a table, players could work out the deal).
        self.session = GameSession(session.game, secrets.randbits(63), session.variant, session.seats)
        assert self.seating is not None
        self.seating.save = str(self.directory / f"{session.game.id}-{secrets.token_hex(4)}{SUFFIX}")
        self.agreed = None
        await self.start()

    # ---------------------------------------------------------------------------------------------------------
    # What each person is told

    def labels(self) -> list[str]:
        session, seating = self.session, self.seating
        assert session is not None and seating is not None
        names = seat_names(session.game, len(session.seats))
        return [
            f"{name}: {person if holder or not session.seats[seat].is_human else OPEN}"
            for seat, (name, person, holder) in enumerate(zip(names, seating.names, seating.holders, strict=True))
        ]

    def headline(self, seat: int | None) -> str:
        """The result told to the person at `seat` (None: a spectator), as the app's end box tells it."""
        session = self.session
        assert session is not None
        return result_headline(result_of(session.game, session.game.outcome(session.state)), self.labels(), seat)

    def end(self, seat: int | None) -> wire.End:
        """The end of the game told to the person at `seat` (None: a spectator): the result, and how it ended as
        their log told it (their seat's story, the one their Shows told), as the app's end box tells it."""
        session = self.session
        assert session is not None
        state = msgspec.msgpack.encode(session.state)
        ending = [(told.turn, told.sentence, told.events) for told in how_it_ended(self.story(seat))]
        return wire.End(session.game.id, self.headline(seat), self.labels(), state, ending)

    async def tell_end(self, person: Person) -> None:
        await self.tell(person, self.end(person.seat))

    async def tell_votes(self) -> None:
        """Tell everyone who asked for a rematch and who is awaited."""
        agreed, seating = self.agreed, self.seating
        assert agreed is not None and seating is not None
        present = {person.identity for person in self.people}
        labels = self.labels()
        asked = [labels[seat] for seat in sorted(agreed)]
        awaited = [
            labels[seat] + ("" if seating.holders[seat] in present else " (left the table)")
            for seat in range(len(labels))
            if seat not in agreed
        ]
        for person in list(self.people):
            can_agree = person.seat is not None and person.seat not in agreed
            await self.tell(person, wire.RematchVote(asked, awaited, can_agree))

    async def tell_lobby(self) -> None:
        for person in self.people:
            if person.identity == self.creator and self.session is None:
                continue
            await self.tell(person, self.lobby(person))

    def join_command(self, token: str = "") -> str:
        """How to come to this table: the server's host is the one each player connected to."""
        port = f"-p {self.port} " if self.port else ""
        return f"ssh {port}-t HOST table {self.name}{' ' + token if token else ''}"

    def lobby(self, person: Person) -> wire.Lobby:
        if self.session is None:
            return wire.Lobby([f"Table {self.name}: the first to arrive is choosing the game…"], can_fill=False)
        labels = self.labels()
        lines = [f"Table {self.name}: {self.session.game.title}", "", *labels, ""]
        if person.seat is not None:
            lines.append(f"You sit as {labels[person.seat]}. Waiting for {len(self._open_seats())} more…")
            lines.append(f"Friends join with: {self.join_command()}")
        else:
            lines.append("Every seat is taken: you will watch.")
        return wire.Lobby(lines, can_fill=person.seat is not None)

    async def show(self, person: Person) -> None:
        session = self.session
        assert session is not None
        game = session.game
        seat = person.seat
        story = self.story(seat)
        whole = person.told is None
        start = person.told or 0
        person.told = len(story)

        def seen(state: Any) -> Any:
            # The board draws a spectator's from no seat: every hand as everyone sees it.
            return game.view(state, seat) if seat is not None else public_view(game, state, len(session.seats))

        view = seen(session.state)
        positions = self.interlude_positions()
        interludes = [
            msgspec.msgpack.encode(seen(positions[index])) for index in range(start, len(story)) if index in positions
        ]
        deciding = session.deciding
        labels = self.labels()
        if whole and person.token and seat is not None:
            # A guest's way back to this seat, told with the game they sit at.
            await self.tell(person, wire.SeatToken(person.token, self.join_command(person.token)))
        await self.tell(
            person,
            wire.Show(
                game.id,
                seat,
                labels,
                msgspec.msgpack.encode(view),
                deciding,
                [(told.turn, told.sentence, told.events) for told in story[start:]],
                whole,
                self.status(seat),
                session.opening() if whole else (),
                interludes,
                bool(self.driver.awaited),
                list(self.driver.awaited),
                deciding is not None and deciding == self.stopped,
            ),
        )

    def status(self, seat: int | None) -> str:
        """The status line of the person at `seat` (None: a spectator): whose decision it is, or whom the table waits
        for. The longest (a spectator's, naming four people at a table of 32 characters) take two rows at 80 columns."""
        session = self.session
        assert session is not None
        deciding = session.deciding
        labels = self.labels()
        if deciding is None:
            status = "The game is over."
        elif self.driver.awaited:
            status = self.awaited_line()
        elif deciding == self.stopped:
            # As the app's status line says it, then what becomes of the game at a table.
            status = f"{labels[deciding]} could not decide, nor move at random: it tries again when someone comes"
            status += " to the table."
        elif deciding == seat:
            status = "Your decision."
        elif deciding in self.absent():
            status = f"Waiting for {labels[deciding]}, who left the table."
        elif session.seats[deciding].is_human:
            status = f"Waiting for {labels[deciding]}."
        else:
            status = f"{labels[deciding]} is thinking…"
        return f"Watching table {self.name}. {status}" if seat is None else status

    def awaited_line(self) -> str:
        """Who the next decision waits for: 'Waiting for Seat 1: ann, Seat 3: bob and Seat 4: cleo to go on.'"""
        labels = self.labels()
        return f"Waiting for {spoken(labels[seat] for seat in self.driver.awaited)} to go on."

    async def tell(self, person: Person, message: msgspec.Struct) -> None:
        # A person whose connection has just dropped is told nothing more: their own `serve` ends their stay.
        with contextlib.suppress(ConnectionError):
            await wire.send(person.writer, message)

    async def everyone(self, message: msgspec.Struct) -> None:
        for person in list(self.people):
            await self.tell(person, message)


def spoken(items: Iterable[str]) -> str:
    """'A', 'A and B', 'A, B and C': a list as a sentence says it (shorter than 'A and B and C')."""
    said = list(items)
    return " and ".join([", ".join(said[:-1]), said[-1]] if len(said) > 2 else said)


def private_copy(data: bytes, path: Path) -> None:
    """`data` as a new file at `path` that only its owner may read (0600, as a save in the app), in a directory
    that exists (OSError if not)."""
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "wb") as file:
        file.write(data)


async def _in_thread(function: Any, *args: Any) -> Any:
    """`function(*args)` on a daemon thread: a search still running when the table stops does not hold it up."""
    loop = asyncio.get_running_loop()
    future: asyncio.Future[Any] = loop.create_future()

    def run() -> None:
        try:
            result = function(*args)
        except BaseException as exc:  # handed to the awaiting task
            loop.call_soon_threadsafe(future.set_exception, exc)
        else:
            loop.call_soon_threadsafe(future.set_result, result)

    threading.Thread(target=run, daemon=True).start()
    return await future


async def run_table(name: str, directory: Path, socket: Path, port: int = 0) -> None:
    """Serve one table on `socket` until the last person leaves."""
    directory.mkdir(parents=True, exist_ok=True, mode=0o700)
    table = Table(name, directory, port)
    server = await asyncio.start_unix_server(table.serve, path=str(socket))
    socket.chmod(0o600)
    async with server:
        await table.done.wait()
    socket.unlink(missing_ok=True)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m exotui.serve.table", description=__doc__)
    parser.add_argument("--port", type=int, default=0, help="the server's port, for the lobby's join line")
    parser.add_argument("name")
    parser.add_argument("directory", type=Path)
    parser.add_argument("socket", type=Path)
    args = parser.parse_args(argv)
    asyncio.run(run_table(args.name, args.directory, args.socket, args.port))
    return 0


if __name__ == "__main__":
    sys.exit(main())
