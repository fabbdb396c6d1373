"""A real ``cardgames serve`` in a child process, and a client that plays its tables over HTTP.

Shared by the tests that need the whole server: the restart tests (SIGKILL and resume) and the
log tests (what the server writes while a game is played).
"""

from __future__ import annotations

import contextlib
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

LISTENING = re.compile(r"^cardgames serve: listening on (http://127\.0\.0\.1:\d+/)$")
START_TIMEOUT = 60.0  # seconds for the server to print its address
BOT_TIMEOUT = 30.0  # seconds for the bots to reach a person's turn
MOST_REQUESTS = 5000  # a round that does not end within this many moves is a failure


class Server:
    """``cardgames serve`` in a child process, on one database."""

    def __init__(
        self,
        database_url: str,
        log: Path,
        *,
        bot_delay: float = 0.0,
        options: tuple[str, ...] = (),
    ) -> None:
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
                *options,
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

    def printed(self) -> str:
        """What the server printed on standard output so far and was not yet read."""
        lines: list[str] = []
        while True:
            try:
                line = self._lines.get_nowait()
            except queue.Empty:
                return "".join(lines)
            if line is not None:
                lines.append(line)

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
def running(
    database_url: str, log: Path, *, bot_delay: float = 0.0, options: tuple[str, ...] = ()
) -> Iterator[Server]:
    server = Server(database_url, log, bot_delay=bot_delay, options=options)
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
