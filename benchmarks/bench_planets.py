"""Random playouts of the planet game "8" through the public, validating API.

Reports games per second and microseconds per player decision (one applied move: the legal
moves are listed, a seeded random choice picks one, and `State.apply` validates and applies it;
drawing, black holes and the end of the game happen inside).

Usage::

    python benchmarks/bench_planets.py [--games 1000] [--players 4] [--preset NAME]
        [--repeat 3] [--json results.json]

It measures the ``cardgames`` it imports: the binary wheel compiles the planet engine with
mypyc, an editable install is pure Python. To compare two installs on a shared machine, run it
interleaved (``benchmarks/interleave.py --script bench_planets.py``).

Not part of the test run: speed is checked here, never in unit tests.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import sys
import time
from typing import Any

import cardgames


def engine_build() -> str:
    """``"compiled"`` if the planet engine is the mypyc extension, else ``"pure Python"``."""
    from importlib.machinery import EXTENSION_SUFFIXES

    import cardgames.planets.engine

    compiled = cardgames.planets.engine.__file__.endswith(tuple(EXTENSION_SUFFIXES))
    return "compiled" if compiled else "pure Python"


def bench(preset: str | None, players: int, games: int) -> tuple[float, int]:
    """Play ``games`` random games; return (seconds, decisions)."""
    game = cardgames.find_game("planets")
    rules = game.preset(preset) if preset else game.default_rules
    chooser = random.Random(12345)
    decisions = 0
    start = time.perf_counter()
    for seed in range(games):
        state = game.new_game(players, seed=seed, rules=rules)
        while not state.is_over:
            moves = state.legal_moves()
            state = state.apply(moves[chooser.randrange(len(moves))])
            decisions += 1
    return time.perf_counter() - start, decisions


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--preset", default=None)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--json", default=None, help="write the figures to this file")
    parser.add_argument(
        "--no-competitors", action="store_true", help="accepted for interleave.py (none here)"
    )
    args = parser.parse_args(argv)

    runs = [bench(args.preset, args.players, args.games) for _ in range(args.repeat)]
    seconds, decisions = min(runs, key=lambda r: r[0] / r[1])
    us = seconds / decisions * 1e6
    report: dict[str, Any] = {
        "python": sys.version.split()[0],
        "machine": platform.machine(),
        "game": "planets",
        "preset": args.preset,
        "players": args.players,
        "games": args.games,
        "engine": engine_build(),
        "cardgames": {
            "games_per_second": round(args.games / seconds, 1),
            "decisions": decisions,
            "us_per_decision": round(us, 3),
        },
    }
    print(
        f"cardgames planets ({args.preset or 'default'}), {args.players} players, "
        f"{args.games} games, {report['engine']} engine, Python {report['python']}"
    )
    print(
        f"  {args.games / seconds:10.1f} games/s   {us:7.3f} µs/decision   ({decisions} decisions)"
    )
    print(f"  reproduce: python benchmarks/bench_planets.py {' '.join(sys.argv[1:])}")
    if args.json:
        with open(args.json, "w", encoding="utf-8") as handle:
            json.dump(report, handle, indent=2)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
