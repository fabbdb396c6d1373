"""Games per second of `cardgames.simulate.simulate`, in one process and in a process pool.

For each line-up (every seat ``random``; every seat ``heuristic``, when that agent exists) it
times the same simulation in this process and in a `concurrent.futures.ProcessPoolExecutor`
of ``--workers`` processes, checks that both give the same rows, and prints games per second
and the speed-up (target: 1.8x or more with 2 workers on 2 idle cores; ``--workers 0`` times
this process only). The pool is started and
warmed up before timing, so the figure is the steady throughput of a long analysis; the pool's
start-up (well under a second) is printed apart. The best of ``--repeat`` runs is kept, as
other processes may share the machine: run it on a quiet machine (see ``uptime``).

Usage::

    python benchmarks/bench_simulate.py [--game crazy-eights] [--players 4] [--games 2000]
        [--workers 2] [--repeat 3] [--agents random heuristic] [--json results.json]

Two builds are compared interleaved with ``benchmarks/interleave.py --bench simulate``.

Not part of the test run: speed is checked here, never in unit tests.
"""

from __future__ import annotations

import argparse
import concurrent.futures
import contextlib
import hashlib
import json
import os
import platform
import sys
import time
from typing import Any

from cardgames import CardGamesError, find_game
from cardgames.agents import make_agent
from cardgames.simulate import SimulationResults, simulate


def timed(
    game: str,
    agent: str,
    players: int,
    games: int,
    executor: concurrent.futures.Executor | None,
) -> tuple[float, SimulationResults]:
    """Run one simulation; return (seconds, results)."""
    start = time.perf_counter()
    results = simulate(
        game, players=players, agents=[agent] * players, games=games, seed=1, executor=executor
    )
    return time.perf_counter() - start, results


def available(agent: str, game: str) -> bool:
    try:
        make_agent(agent, find_game(game))
    except (ImportError, CardGamesError):
        return False
    return True


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="crazy-eights")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--agents", nargs="+", default=["random", "heuristic"])
    parser.add_argument("--json", default=None, help="write the figures to this file")
    args = parser.parse_args(argv)

    load = os.getloadavg() if hasattr(os, "getloadavg") else None
    report: dict[str, Any] = {
        "python": sys.version.split()[0],
        "machine": platform.machine(),
        "cpus": os.cpu_count(),
        "load_average_at_start": load,
        "game": args.game,
        "players": args.players,
        "games": args.games,
        "workers": args.workers,
        "repeat": args.repeat,
        "agents": {},
    }
    print(
        f"{args.game}, {args.players} players, {args.games} games, best of {args.repeat}; "
        f"{os.cpu_count()} CPUs, load average {load[0] if load else '?'}"
    )
    start = time.perf_counter()
    with contextlib.ExitStack() as stack:
        pool = None
        if args.workers > 0:
            pool = stack.enter_context(concurrent.futures.ProcessPoolExecutor(args.workers))
            # Start every worker (and import the library there) before timing anything.
            simulate(
                args.game,
                players=args.players,
                agents=["random"] * args.players,
                games=4 * args.workers,
                seed=0,
                executor=pool,
                chunk_size=1,
            )
            startup = time.perf_counter() - start
            print(f"  process pool of {args.workers}: started and warmed up in {startup:.2f} s")
            report["pool_startup_seconds"] = round(startup, 3)
        for agent in args.agents:
            if not available(agent, args.game):
                print(f"  {agent}: not available, skipped")
                continue
            alone_runs, pool_runs = [], []
            for _ in range(args.repeat):  # interleaved, so that a busy spell hits both alike
                alone_runs.append(timed(args.game, agent, args.players, args.games, None))
                if pool is not None:
                    pool_runs.append(timed(args.game, agent, args.players, args.games, pool))
            alone = min(alone_runs, key=lambda run: run[0])
            single_rate = args.games / alone[0]
            # The rows' fingerprint: two builds that play the same games print the same one.
            digest = hashlib.sha256(alone[1].to_json().encode()).hexdigest()[:16]
            figures: dict[str, Any] = {
                "games_per_second_single": round(single_rate, 1),
                "rows_sha256": digest,
            }
            line = f"  {agent:10} 1 process: {single_rate:8.1f} games/s"
            if pool is not None:
                pooled = min(pool_runs, key=lambda run: run[0])
                if pooled[1] != alone[1]:
                    print(f"  {agent}: the pool's rows differ from the in-process rows!")
                    return 1
                pool_rate = args.games / pooled[0]
                speedup = alone[0] / pooled[0]
                line += (
                    f"   {args.workers} workers: {pool_rate:8.1f} games/s   speed-up {speedup:.2f}x"
                )
                figures["games_per_second_pool"] = round(pool_rate, 1)
                figures["speedup"] = round(speedup, 3)
            print(f"{line}   rows {digest}")
            report["agents"][agent] = figures
    if args.json:
        with open(args.json, "w", encoding="utf-8") as handle:
            json.dump(report, handle, indent=2)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
