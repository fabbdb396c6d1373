"""`cardgames serve` killed mid-round resumes every table from its database, losing no move.

Each test starts the real server as a separate process (``python -m cardgames serve --port 0
--database URL``), plays part of a round over HTTP with every person's token, kills the server
with SIGKILL (no clean shutdown: what is not in the database is gone), starts a new server on
the same database and checks that:

- each seat's view, the table's status and move number, the seat's legal moves and the whole
  log (``/events``: the deal and every move) are exactly what they were before the kill;
- the tokens handed out by the first server still work;
- the round then plays to its end over HTTP, and the log holds every move the server accepted
  (each answer's ``seq``) once, in order, and nothing else from the people's seats: no move
  lost, none counted twice.

Once for a shedding game (two people and a bot, which must go on playing after the restart)
and once for the planet game (two people); each on SQLite and on PostgreSQL (the throwaway
server of ``pg_support``; skipped, with the reason, where it cannot run).
"""

from __future__ import annotations

import contextlib
import json
import os
import queue
import random
import re
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import pytest

pytest.importorskip("starlette", reason="the web extra is not installed: pip install -e '.[web]'")
pytest.importorskip("sqlalchemy", reason="the web extra is not installed: pip install -e '.[web]'")

from cardgames.web.store import MoveRow, Store, TableRow
from cardgames.web.tables import Tables

pytest_plugins = ("pg_support",)

LISTENING = re.compile(r"^cardgames serve: listening on (http://127\.0\.0\.1:\d+/)$")
START_TIMEOUT = 60.0  # seconds for the server to print its address
BOT_TIMEOUT = 30.0  # seconds for the bots to reach a person's turn
MOST_REQUESTS = 5000  # a round that does not end within this many moves is a failure


class Server:
    """``cardgames serve`` in a child process, on one database."""

    def __init__(self, database_url: str, log: Path, *, bot_delay: float = 0.0) -> None:
        self.database_url = database_url
        self.log_path = log
        self.url = ""
        self._lines: queue.Queue[str | None] = queue.Queue()
        self._log = log.open("ab")
        self.process = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "cardgames",
                "serve",
                "--port",
                "0",
                "--database",
                database_url,
                "--bot-delay",
                str(bot_delay),
            ],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=self._log,
            text=True,
            start_new_session=True,  # a Ctrl-C of the test run is not sent to the server
        )
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()
        deadline = time.monotonic() + START_TIMEOUT
        while not self.url:
            try:
                line = self._lines.get(timeout=max(0.0, deadline - time.monotonic()))
            except queue.Empty:
                self.kill()
                pytest.fail(f"the server did not print its address in {START_TIMEOUT} s")
            if line is None:
                self.kill()
                pytest.fail(f"the server exited before listening:\n{self.log_text()}")
            match = LISTENING.match(line.rstrip("\n"))
            if match:
                self.url = match.group(1)

    def _read(self) -> None:
        # Drains stdout for the server's whole life, so that it never blocks on a full pipe.
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self._lines.put(line)
        self._lines.put(None)

    def log_text(self) -> str:
        self._log.flush()
        return self.log_path.read_text(errors="replace")[-4000:]

    def kill(self) -> None:
        """SIGKILL: the server gets no chance to save anything."""
        if self.process.poll() is None:
            os.kill(self.process.pid, signal.SIGKILL)
        self.process.wait(timeout=30)
        # The reader meets the end of the dead server's output; then the pipe is closed, not
        # left to the garbage collector (a ResourceWarning).
        self._reader.join(timeout=30)
        if self.process.stdout is not None and not self._reader.is_alive():
            self.process.stdout.close()
        self._log.close()

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            with contextlib.suppress(subprocess.TimeoutExpired):
                self.process.wait(timeout=15)
        self.kill()


@contextlib.contextmanager
def running(database_url: str, log: Path, *, bot_delay: float = 0.0) -> Iterator[Server]:
    server = Server(database_url, log, bot_delay=bot_delay)
    try:
        yield server
    finally:
        server.stop()


@dataclass
class Table:
    """A table as its people see it: its id and each person's seat and token."""

    id: str
    tokens: dict[int, str]
    # The accepted moves: (move number in the round, seat, move document).
    accepted: list[tuple[int, int, dict[str, Any]]] = field(default_factory=list)

    def auth(self, seat: int) -> dict[str, str]:
        return {"Authorization": f"Bearer {self.tokens[seat]}"}


def create_table(client: httpx.Client, game: str, seats: list[dict[str, Any]]) -> Table:
    response = client.post("/api/tables", json={"game": game, "seats": seats})
    assert response.status_code == 201, response.text
    created = response.json()
    tokens = {seat["seat"]: seat["token"] for seat in created["seats"] if seat["token"]}
    assert len(tokens) == sum(1 for seat in seats if not seat.get("bot"))
    return Table(created["table"], tokens)


def get(client: httpx.Client, table: Table, seat: int, path: str) -> dict[str, Any]:
    response = client.get(f"/api/tables/{table.id}{path}", headers=table.auth(seat))
    assert response.status_code == 200, (path, response.text)
    document: dict[str, Any] = response.json()
    return document


def snapshot(client: httpx.Client, table: Table) -> dict[int, dict[str, Any]]:
    """Everything each person can read of the table."""
    return {
        seat: {
            "table": get(client, table, seat, ""),
            "view": get(client, table, seat, "/view"),
            "events": get(client, table, seat, "/events?after=-1&lang=en"),
            "moves": get(client, table, seat, "/moves?lang=en"),
        }
        for seat in table.tokens
    }


def persons_turn(client: httpx.Client, table: Table) -> dict[int, dict[str, Any]]:
    """Wait until the round is over or a person may move; return each person's /moves."""
    deadline = time.monotonic() + BOT_TIMEOUT
    while True:
        moves = {seat: get(client, table, seat, "/moves") for seat in table.tokens}
        if any(document["moves"] for document in moves.values()):
            return moves
        if get(client, table, next(iter(table.tokens)), "")["status"] != "playing":
            return moves
        assert time.monotonic() < deadline, "no person's turn: the bots do not move"
        time.sleep(0.02)


def play(client: httpx.Client, table: Table, rng: random.Random, moves: int | None) -> None:
    """Make ``moves`` of the people's moves (None: until the round is over)."""
    made = 0
    while moves is None or made < moves:
        assert made < MOST_REQUESTS, "the round does not end"
        legal = persons_turn(client, table)
        if not any(document["moves"] for document in legal.values()):
            return  # the round is over
        seat = rng.choice([seat for seat, document in legal.items() if document["moves"]])
        chosen = rng.choice(legal[seat]["moves"])
        # The notation, or now and then the move document: the server reads both. Pinned to
        # the version the move was chosen at, so that it is move number moves_played + 1.
        move: Any = chosen["notation"] if rng.random() < 0.8 else chosen["move"]
        response = client.post(
            f"/api/tables/{table.id}/moves",
            json={"move": move, "expect": legal[seat]["version"]},
            headers=table.auth(seat),
        )
        if response.status_code == 409 and response.json()["error"] == "stale":
            continue  # a bot moved in between (never a person: the test is their only client)
        assert response.status_code == 200, response.text
        table.accepted.append((legal[seat]["moves_played"] + 1, seat, chosen["move"]))
        made += 1


GAMES = [
    pytest.param(
        "crazy-eights",
        [{"name": "Léa"}, {"name": "Tom"}, {"name": "Sam", "bot": "heuristic"}],
        6,
        id="crazy-eights",
    ),
    pytest.param("planets", [{"name": "Léa"}, {"name": "Tom"}], 30, id="planets"),
]


def stored(database_url: str, table: Table) -> tuple[TableRow, tuple[MoveRow, ...]]:
    """The table's row and its round's moves as the database holds them, checked by replaying.

    `Tables.replay` deals the round again from its stored seed and rules and pushes every
    stored move: it raises `CorruptTableError` unless they lead to the stored state.
    """
    store = Store.open(database_url)
    try:
        row = store.table(table.id)
        assert row is not None
        Tables(store).replay(row)
        return row, store.moves(table.id, row.round)
    finally:
        store.close()


@pytest.mark.parametrize(("game", "seats", "before_kill"), GAMES)
def test_a_killed_server_resumes_every_table_where_it_was(
    database_url: str,
    tmp_path: Path,
    game: str,
    seats: list[dict[str, Any]],
    before_kill: int,
) -> None:
    rng = random.Random(f"{game} {database_url[:6]}")
    log = tmp_path / "server.log"
    server = Server(database_url, log)
    try:
        with httpx.Client(base_url=server.url, timeout=30) as client:
            table = create_table(client, game, seats)
            play(client, table, rng, before_kill)
            persons_turn(client, table)  # the bots have played up to a person's turn
            before = snapshot(client, table)
    finally:
        server.kill()
    some_seat = next(iter(table.tokens))
    assert before[some_seat]["table"]["status"] == "playing", "the round ended before the kill"
    killed_at = before[some_seat]["events"]["seq"]
    assert [entry["seq"] for entry in before[some_seat]["events"]["entries"]] == list(
        range(killed_at + 1)
    )
    row, moves = stored(database_url, table)
    assert (row.status, row.round, len(moves)) == ("playing", 1, killed_at)

    with (
        running(database_url, log) as again,
        httpx.Client(base_url=again.url, timeout=30) as client,
    ):
        assert snapshot(client, table) == before  # with the tokens the first server gave
        play(client, table, rng, None)
        final = snapshot(client, table)

    for seat in table.tokens:
        assert final[seat]["table"]["status"] in ("round_over", "match_over")
        assert final[seat]["moves"]["moves"] == []
    row, moves = stored(database_url, table)
    assert row.status == final[some_seat]["table"]["status"]
    assert [move.seq for move in moves] == list(range(1, final[some_seat]["events"]["seq"] + 1))
    # The people's moves in the log are exactly the accepted ones, in order: none lost, none
    # doubled; the rest are the bots'.
    people = [
        (move.seq, move.seat, json.loads(move.move)) for move in moves if move.seat in table.tokens
    ]
    assert people == table.accepted
    bots = [move for move in moves if move.seat not in table.tokens]
    assert len(bots) + len(people) == len(moves)
    if len(table.tokens) < len(seats):
        assert any(move.seq > killed_at for move in bots), "the bot did not play after the restart"


@pytest.mark.parametrize("bot_delay", [0.05, 0.0])
def test_a_bot_that_was_due_when_the_server_died_moves_after_the_restart(
    tmp_path: Path, bot_delay: float
) -> None:
    database_url = f"sqlite:///{tmp_path / 'db.sqlite'}"
    log = tmp_path / "server.log"
    seats: list[dict[str, Any]] = [{"name": "Léa"}, {"name": "Sam", "bot": "random"}]
    server = Server(database_url, log, bot_delay=60)  # the bot will not move before the kill
    try:
        with httpx.Client(base_url=server.url, timeout=30) as client:
            table = create_table(client, "crazy-eights", seats)
            legal = get(client, table, 0, "/moves")
            if legal["moves"]:  # Léa deals first: her move hands the turn to the bot
                play(client, table, random.Random(1), 1)
                legal = get(client, table, 0, "/moves")
            assert legal["moves"] == []
            assert get(client, table, 0, "")["status"] == "playing"
    finally:
        server.kill()
    due_at = legal["moves_played"]

    with (
        running(database_url, log, bot_delay=bot_delay) as again,
        httpx.Client(base_url=again.url, timeout=30) as client,
    ):
        deadline = time.monotonic() + 5
        while not get(client, table, 0, "/moves")["moves"] and time.monotonic() < deadline:
            time.sleep(0.05)
    _, moves = stored(database_url, table)
    assert [move.seat for move in moves[due_at:]][:1] == [1], "the bot did not move"
