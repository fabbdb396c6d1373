"""Load on `cardgames serve`: moves per second, latency, errors, and no move lost or doubled.

Starts ``cardgames serve`` (this Python's ``cardgames``) on 127.0.0.1 (``--host``: a loopback
address, never another), on a fresh SQLite file in a temporary directory (``--database URL``
for another database, e.g. a PostgreSQL one; it must hold no tables, or the check below
counts them too), with bots that move at once (``--bot-delay 0``). It creates ``--tables``
tables, each with one person and
``--bots`` bots, then runs ``--clients`` concurrent clients (asyncio, one
`httpx.AsyncClient` each) that share the tables out and make the people's moves, chosen at
random among the legal ones, each pinned to the table's version it was chosen at
(``expect``), until ``--moves`` moves are accepted or ``--seconds`` have passed. A client
whose table's round is over starts the next round; a table whose match is over is left.

It reports the accepted moves per second, the median and 99th percentile of the latency of
``POST /api/tables/{id}/moves`` (as the clients see it, on the same machine: the server, the
bots' moves that follow the person's and the clients share the CPU), and the answers that were
not a success, by status and error code (409 ``stale`` is a client that lost a race with a
bot, not a fault).

Then it stops the server and checks the database itself: every table's stored log of moves,
replayed with the library from its stored deal, gives its stored state, and the people's
moves in each log are exactly the moves the clients had accepted, in the same order: 0 lost,
0 duplicated (a move whose answer never came, a transport error, may be stored all the same:
it then counts as duplicated). The exit status is 1 if that check fails, if a request failed
with a 5xx status or a transport error, or if no move was made.

Usage::

    python benchmarks/web_load.py                                   # 50 tables, 20 clients
    python benchmarks/web_load.py --tables 5 --clients 4 --moves 200  # CI
    python benchmarks/web_load.py --database postgresql+psycopg://me@/load?host=/tmp

Bounds: at most 1,000 tables, 200 clients, 600 seconds and 100,000 moves; the server listens
on a loopback address only (``--host``).
"""

from __future__ import annotations

import argparse
import asyncio
import ipaddress
import json
import os
import platform
import queue
import random
import re
import shlex
import signal
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx

MOST_TABLES = 1000
MOST_CLIENTS = 200
MOST_SECONDS = 600.0
MOST_MOVES = 100_000
LISTENING = re.compile(r"^cardgames serve: listening on (http://[^/\s]+/)$")


@dataclass
class Table:
    """One table of the run: its id, its person's seat and token, the moves accepted there."""

    id: str
    seat: int
    token: str
    # The accepted moves: (round, move number in the round, move document as JSON text).
    accepted: list[tuple[int, int, str]] = field(default_factory=list)
    done: bool = False  # its match is over

    @property
    def auth(self) -> dict[str, str]:
        return {"Authorization": f"Bearer {self.token}"}


@dataclass
class Tally:
    """What the clients saw."""

    moves: int = 0
    latencies: list[float] = field(default_factory=list)  # seconds, POST moves that succeeded
    failures: Counter[str] = field(default_factory=Counter)  # "409 stale", "500", "transport"
    rounds_started: int = 0
    requests: int = 0


def loopback(host: str) -> bool:
    """Whether ``host`` is a loopback address (the only ones the benchmark will listen on)."""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


class Server:
    """``cardgames serve`` in a child process."""

    def __init__(self, host: str, database_url: str, log: Path, tables: int) -> None:
        self._lines: queue.Queue[str | None] = queue.Queue()
        self._log = log.open("wb")
        self.log_path = log
        self.command = [
            sys.executable,
            "-m",
            "cardgames",
            "serve",
            "--host",
            host,
            "--port",
            "0",
            "--database",
            database_url,
            "--bot-delay",
            "0",
            "--max-tables",
            str(2 * tables),  # every table comes from 127.0.0.1: one network keeps half of them
            "--tables-per-client",
            str(tables),
        ]
        self.process = subprocess.Popen(
            self.command,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=self._log,
            text=True,
            start_new_session=True,
        )
        threading.Thread(target=self._read, daemon=True).start()
        self.url = self._wait_for_address(60.0)

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self._lines.put(line)
        self._lines.put(None)

    def _wait_for_address(self, timeout: float) -> str:
        deadline = time.monotonic() + timeout
        while True:
            try:
                line = self._lines.get(timeout=max(0.0, deadline - time.monotonic()))
            except queue.Empty:
                self.stop()
                raise SystemExit(f"web_load: the server did not start in {timeout} s") from None
            if line is None:
                self.stop()
                raise SystemExit(
                    "web_load: the server exited:\n" + self.log_path.read_text(errors="replace")
                )
            match = LISTENING.match(line.rstrip("\n"))
            if match:
                return match.group(1)

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)
            try:
                self.process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self._log.close()


def create_tables(url: str, args: argparse.Namespace) -> list[Table]:
    seats: list[dict[str, Any]] = [{"name": "Load"}]
    seats += [{"name": f"Bot {i + 1}", "bot": args.bot} for i in range(args.bots)]
    tables = []
    with httpx.Client(base_url=url, timeout=60) as client:
        for _ in range(args.tables):
            response = client.post("/api/tables", json={"game": args.game, "seats": seats})
            if response.status_code != 201:
                raise SystemExit(
                    f"web_load: creating a table: {response.status_code} {response.text}"
                )
            created = response.json()
            (person,) = [seat for seat in created["seats"] if not seat["bot"]]
            tables.append(Table(created["table"], person["seat"], person["token"]))
    return tables


async def play_table(
    client: httpx.AsyncClient, table: Table, rng: random.Random, tally: Tally
) -> bool:
    """Make one move at ``table`` if it is the person's turn; return whether it made one."""
    tally.requests += 1
    response = await client.get(f"/api/tables/{table.id}/moves", headers=table.auth)
    if response.status_code != 200:
        tally.failures[_failure(response)] += 1
        return False
    legal = response.json()
    if not legal["moves"]:
        return await _next_round(client, table, tally)
    chosen = rng.choice(legal["moves"])
    tally.requests += 1
    start = time.perf_counter()
    response = await client.post(
        f"/api/tables/{table.id}/moves",
        json={"move": chosen["notation"], "expect": legal["version"]},
        headers=table.auth,
    )
    elapsed = time.perf_counter() - start
    if response.status_code != 200:
        tally.failures[_failure(response)] += 1
        return False
    tally.latencies.append(elapsed)
    # Pinned to the version it was chosen at, the move is the round's move moves_played + 1.
    document = json.dumps(chosen["move"], sort_keys=True)
    table.accepted.append((legal["round"], legal["moves_played"] + 1, document))
    tally.moves += 1
    return True


async def _next_round(client: httpx.AsyncClient, table: Table, tally: Tally) -> bool:
    """No move for the person: a bot's turn, or the end of the round (start the next one)."""
    tally.requests += 1
    response = await client.get(f"/api/tables/{table.id}", headers=table.auth)
    if response.status_code != 200:
        tally.failures[_failure(response)] += 1
        return False
    status = response.json()["status"]
    if status == "match_over":
        table.done = True
    elif status == "round_over":
        tally.requests += 1
        response = await client.post(f"/api/tables/{table.id}/rounds", headers=table.auth)
        if response.status_code == 201:
            tally.rounds_started += 1
        else:
            tally.failures[_failure(response)] += 1
    return False


def _failure(response: httpx.Response) -> str:
    try:
        code = response.json().get("error", "")
    except ValueError:
        code = ""
    return f"{response.status_code} {code}".strip()


async def run_client(
    url: str, tables: list[Table], seed: int, tally: Tally, stop: asyncio.Event
) -> None:
    rng = random.Random(seed)
    async with httpx.AsyncClient(base_url=url, timeout=60) as client:
        while not stop.is_set():
            live = [table for table in tables if not table.done]
            if not live:
                return
            moved = False
            for table in live:
                if stop.is_set():
                    return
                try:
                    moved |= await play_table(client, table, rng, tally)
                except httpx.HTTPError as exc:
                    tally.failures[f"transport {type(exc).__name__}"] += 1
            if not moved:
                await asyncio.sleep(0.005)  # every table waits for its bots


async def load(url: str, tables: list[Table], args: argparse.Namespace, tally: Tally) -> float:
    stop = asyncio.Event()
    shares = [tables[i :: args.clients] for i in range(args.clients)]
    start = time.perf_counter()
    workers = [
        asyncio.create_task(run_client(url, share, args.seed + i, tally, stop))
        for i, share in enumerate(shares)
        if share
    ]

    async def watch() -> None:
        while tally.moves < args.moves and time.perf_counter() - start < args.seconds:
            if all(worker.done() for worker in workers):
                return
            await asyncio.sleep(0.01)
        stop.set()

    await asyncio.gather(watch(), *workers)
    return time.perf_counter() - start


def verify(database_url: str, tables: list[Table]) -> tuple[int, int, list[str]]:
    """Check the stored tables; return (moves lost, moves duplicated, problems).

    For every table: each stored round is dealt again from its stored seed and rules and its
    stored moves pushed in order (`GameLog.push` refuses an illegal move); the round being
    played must end in the stored state (`Tables.replay`), a finished one must be over with
    its points recorded in the match. The people's moves of all rounds must be the moves the
    clients saw accepted: one missing is lost, one more is duplicated.
    """
    from cardgames import find_game
    from cardgames.history import GameLog
    from cardgames.web.store import Store
    from cardgames.web.tables import CorruptTableError, Tables

    problems: list[str] = []
    lost = duplicated = 0
    store = Store.open(database_url)
    try:
        service = Tables(store)
        stored_ids = set(store.table_ids())
        if stored_ids != {table.id for table in tables}:
            problems.append(f"the database holds {len(stored_ids)} tables, not {len(tables)}")
        for table in tables:
            row = store.table(table.id)
            if row is None:
                problems.append(f"table {table.id} is not stored")
                lost += len(table.accepted)
                continue
            try:
                service.replay(row)  # the round being played: its moves lead to its state
            except CorruptTableError as exc:
                problems.append(str(exc))
            game = find_game(row.game)
            players = [seat.name for seat in row.seats]
            rounds = [list(points) for points in game.match_from_json(row.match).rounds]
            people: list[tuple[int, int, str]] = []
            for number in range(1, row.round + 1):
                found = store.round_of(table.id, number)
                if found is None:
                    problems.append(f"table {table.id}: round {number} is not stored")
                    continue
                dealt, points = found
                log = GameLog.start(
                    game, players, seed=dealt.seed, rules=game.rules_from_json(dealt.rules)
                )
                moves = store.moves(table.id, number)
                people += [
                    (number, move.seq, json.dumps(json.loads(move.move), sort_keys=True))
                    for move in moves
                    if row.seats[move.seat].bot is None
                ]
                if [move.seq for move in moves] != list(range(1, len(moves) + 1)):
                    problems.append(f"table {table.id}: round {number}: moves not numbered 1..n")
                try:
                    for move in moves:
                        log = log.push(game.move_from_json(move.move))
                except Exception as exc:  # any failure to replay is a finding, not a crash
                    problems.append(f"table {table.id}: round {number}: {exc}")
                    continue
                finished = number < row.round or row.status != "playing"
                if finished and not (
                    log.state.is_over
                    and points is not None
                    and len(rounds) >= number
                    and json.loads(points) == rounds[number - 1]
                ):
                    problems.append(f"table {table.id}: round {number} is not over as stored")
            accepted = Counter(table.accepted)
            kept = Counter(people)
            lost += sum((accepted - kept).values())
            duplicated += sum((kept - accepted).values())
            if sorted(people) != people or (not (accepted - kept) and people != table.accepted):
                problems.append(f"table {table.id}: the people's moves are not in order")
    finally:
        store.close()
    return lost, duplicated, problems


def engine() -> str:
    """Which engine the server runs: the same ``cardgames`` as this process (same Python)."""
    import cardgames

    compiled = cardgames.compiled_modules()
    return f"compiled ({len(compiled)} modules)" if compiled else "pure Python"


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--tables", type=int, default=50, help=f"tables (at most {MOST_TABLES})")
    parser.add_argument("--clients", type=int, default=20, help=f"clients (at most {MOST_CLIENTS})")
    parser.add_argument("--moves", type=int, default=3000, help="stop after this many moves")
    parser.add_argument(
        "--seconds", type=float, default=120.0, help=f"... or this long (at most {MOST_SECONDS:g})"
    )
    parser.add_argument("--game", default="crazy-eights")
    parser.add_argument("--bots", type=int, default=2, help="bots at each table, with 1 person")
    parser.add_argument("--bot", default="random", help="the bots' kind (random, heuristic...)")
    parser.add_argument("--database", default=None, help="SQLAlchemy URL (default: a temp SQLite)")
    parser.add_argument("--host", default="127.0.0.1", help="a loopback address")
    parser.add_argument("--seed", type=int, default=0, help="the clients' choices of moves")
    parser.add_argument("--json", default=None, help="write the figures to this file")
    args = parser.parse_args(argv)
    if not 1 <= args.tables <= MOST_TABLES:
        parser.error(f"--tables is from 1 to {MOST_TABLES}")
    if not 1 <= args.clients <= MOST_CLIENTS:
        parser.error(f"--clients is from 1 to {MOST_CLIENTS}")
    if not 0 < args.seconds <= MOST_SECONDS:
        parser.error(f"--seconds is more than 0 and at most {MOST_SECONDS:g}")
    if not 1 <= args.moves <= MOST_MOVES:
        parser.error(f"--moves is from 1 to {MOST_MOVES:,}")
    if not loopback(args.host):
        parser.error(
            f"--host must be a loopback address (127.0.0.1, ::1, localhost), not {args.host!r}"
        )

    command = shlex.join(
        ["python", "benchmarks/web_load.py", *(sys.argv[1:] if argv is None else argv)]
    )
    with tempfile.TemporaryDirectory(prefix="cardgames-web-load-") as tmp:
        database_url = args.database or f"sqlite:///{Path(tmp) / 'web_load.sqlite'}"
        server = Server(args.host, database_url, Path(tmp) / "server.log", args.tables)
        try:
            load_average = f"{os.getloadavg()[0]:.2f}" if hasattr(os, "getloadavg") else "?"
            print(
                f"cardgames serve at {server.url} on {_shown_database(database_url)}; "
                f"{engine()} engine, Python {platform.python_version()}, "
                f"{os.cpu_count()} CPUs, load average {load_average}"
            )
            start = time.perf_counter()
            tables = create_tables(server.url, args)
            print(
                f"  {len(tables)} tables of {args.game} (1 person, {args.bots} {args.bot} bots) "
                f"in {time.perf_counter() - start:.2f} s"
            )
            tally = Tally()
            seconds = asyncio.run(load(server.url, tables, args, tally))
        finally:
            server.stop()
        lost, duplicated, problems = verify(database_url, tables)

    rate = tally.moves / seconds if seconds else 0.0
    p50 = percentile(tally.latencies, 0.50) * 1000 if tally.latencies else float("nan")
    p99 = percentile(tally.latencies, 0.99) * 1000 if tally.latencies else float("nan")
    print(
        f"  {args.clients} clients: {tally.moves:,} moves in {seconds:.1f} s: {rate:,.1f} moves/s; "
        f"{tally.rounds_started} rounds started, {tally.requests:,} requests"
    )
    print(f"  POST moves latency: p50 {p50:.1f} ms, p99 {p99:.1f} ms")
    failed = sum(tally.failures.values())
    print(
        f"  not a success: {failed}"
        + "".join(f"; {key}: {n}" for key, n in sorted(tally.failures.items()))
    )
    print(f"  database check: {len(tables)} tables, {lost} moves lost, {duplicated} duplicated")
    for problem in problems[:20]:
        print(f"  PROBLEM: {problem}")
    print(f"(command: {command})")
    if args.json:
        figures = {
            "command": command,
            "python": sys.version.split()[0],
            "machine": platform.machine(),
            "cpus": os.cpu_count(),
            "engine": engine(),
            "tables": len(tables),
            "clients": args.clients,
            "moves": tally.moves,
            "seconds": round(seconds, 3),
            "moves_per_second": round(rate, 1),
            "post_latency_ms": {"p50": round(p50, 2), "p99": round(p99, 2)},
            "failures": dict(tally.failures),
            "lost": lost,
            "duplicated": duplicated,
            "problems": problems,
        }
        Path(args.json).write_text(json.dumps(figures, indent=2) + "\n")
    serious = [key for key in tally.failures if key.startswith(("5", "transport"))]
    if problems or lost or duplicated or serious or tally.moves == 0:
        print("web_load: FAILED")
        return 1
    return 0


def _shown_database(url: str) -> str:
    return url.split("?", 1)[0] if url.startswith("postgresql") else url


if __name__ == "__main__":
    sys.exit(main())
