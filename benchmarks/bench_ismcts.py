"""ISMCTS search speed: iterations per second and milliseconds per decision.

For each configuration (two- and four-player Crazy Eights, two-player 8 Américain, two-player
planet game "8") it builds ``--positions`` decisions: position ``i`` deals seed ``i`` and plays
``i % 8`` random moves from there (seeded), then the seat to act searches it with
`ISMCTSAgent.search` (``--iterations`` iterations, agent stream ``Rng.from_seed(i)``). The whole
set is timed ``--repeat`` times; each decision keeps its fastest time, as other processes may
share the machine. Prints iterations per second (all the iterations over the sum of the kept
times) and the median milliseconds per decision, and a fingerprint of every search's
statistics (visits and mean reward of every root move): two builds that search the same way
print the same fingerprint, whatever their speed.

Usage::

    python benchmarks/bench_ismcts.py [--iterations 200] [--positions 20] [--repeat 3]
        [--configs crazy-eights:2 crazy-eights:4 8-americain:2 planets:2] [--json out.json]

Two builds (say main's compiled wheel and a branch's) are compared interleaved with::

    python benchmarks/interleave.py --bench ismcts --a OLD/bin/python --b NEW/bin/python \
        --rounds 6 -- --repeat 1

Run it against the compiled wheel (see ``benchmarks/compiled.sh``): an editable install is
never compiled. Not part of the test run: speed is checked here, never in unit tests.

Reference (Python 3.11, two shared cores): the compiled wheels of main at 9aec6cb (A) and of
the compiled search loop (B), 8 interleaved rounds of ``--repeat 3 --positions 20``, medians in
iterations per second, the same statistics for both::

    crazy-eights:2   A 9,252   B 18,600   x2.01   (median decision 21.1 -> 11.2 ms)
    crazy-eights:4   A 7,580   B 13,901   x1.83   (25.9 -> 14.8 ms)
    8-americain:2    A 4,560   B  7,781   x1.71   (43.3 -> 27.7 ms)
    planets:2        about 520 -> 545 (the planet engine was not compiled then)

Then 9aec6cb (A) against 93875a4 (B: the search draws in place on a compiled stream, keeps its
policy per rules; the engine settles a round without re-checking its own values), the same
command, load average about 2::

    crazy-eights:2   A 8,664   B 20,104   x2.32
    crazy-eights:4   A 6,736   B 13,905   x2.06
    8-americain:2    A 3,681   B  8,499   x2.31
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import platform
import statistics
import sys
import time
from typing import Any

from cardgames import find_game
from cardgames.agents.ismcts import ISMCTSAgent
from cardgames.rng import Rng

DEFAULT_CONFIGS = ["crazy-eights:2", "crazy-eights:4", "8-americain:2", "planets:2"]


def positions(game_name: str, players: int, count: int) -> list[tuple[Any, Any, Any]]:
    """``count`` decisions of ``game_name``: (view, legal moves, agent stream)."""
    game = find_game(game_name)
    found = []
    for i in range(count):
        state = game.new_game(players, seed=i)
        rng = Rng.from_seed(1_000_000 + i)
        for _ in range(i % 8):
            if state.is_over:
                break
            move, rng = rng.choice(state.legal_moves(state.to_act[0]).as_tuple())
            state = state.apply(move)
        if state.is_over:
            state = game.new_game(players, seed=i)
        seat = state.to_act[0]
        found.append((state.view(seat), state.legal_moves(seat).as_tuple(), Rng.from_seed(i)))
    return found


def run(game_name: str, players: int, iterations: int, count: int, repeat: int) -> dict[str, Any]:
    """Time the searches of one configuration; return its figures."""
    game = find_game(game_name)
    agent = ISMCTSAgent(iterations=iterations, game=game)
    decisions = positions(game_name, players, count)
    best = [float("inf")] * len(decisions)
    digest = hashlib.sha256()
    for round_ in range(repeat):
        for i, (view, legal, rng) in enumerate(decisions):
            start = time.perf_counter()
            found, _ = agent.search(view, legal, rng)
            elapsed = time.perf_counter() - start
            best[i] = min(best[i], elapsed)
            if round_ == 0:
                for move, stats in found.items():
                    digest.update(f"{move!r} {stats.visits} {stats.mean_reward!r};".encode())
    total = sum(best)
    return {
        "iterations_per_second": round(iterations * len(decisions) / total, 1),
        "median_ms_per_decision": round(1000 * statistics.median(best), 3),
        "decisions": len(decisions),
        "iterations": iterations,
        "statistics_sha256": digest.hexdigest()[:16],
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--iterations", type=int, default=200)
    parser.add_argument("--positions", type=int, default=20)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--configs", nargs="+", default=DEFAULT_CONFIGS, help="GAME:PLAYERS")
    parser.add_argument("--json", default=None, help="write the figures to this file")
    args = parser.parse_args(argv)

    import cardgames.shedding.engine as engine

    compiled = not engine.__file__.endswith(".py")
    load = os.getloadavg() if hasattr(os, "getloadavg") else None
    report: dict[str, Any] = {
        "python": sys.version.split()[0],
        "machine": platform.machine(),
        "engine": "compiled" if compiled else "pure Python",
        "load_average_at_start": load,
        "command": " ".join(["python", "benchmarks/bench_ismcts.py", *(argv or sys.argv[1:])]),
        "configs": {},
    }
    print(
        f"ISMCTS, {args.iterations} iterations, {args.positions} decisions per configuration, "
        f"best of {args.repeat}; {report['engine']} engine, Python {report['python']}, "
        f"load average {load[0] if load else '?'}"
    )
    for config in args.configs:
        game_name, _, players = config.partition(":")
        figures = run(game_name, int(players or 2), args.iterations, args.positions, args.repeat)
        report["configs"][config] = figures
        print(
            f"  {config:16} {figures['iterations_per_second']:8.1f} iterations/s   "
            f"median {figures['median_ms_per_decision']:8.2f} ms a decision   "
            f"statistics {figures['statistics_sha256']}"
        )
    if args.json:
        with open(args.json, "w", encoding="utf-8") as handle:
            json.dump(report, handle, indent=2)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
