"""Compare two installs of cardgames, interleaved round by round.

The machine is shared and noisy, so two builds (say the last release's wheel and this
checkout's) are measured alternately in the same run: round 1 runs A then B, round 2 B then A,
and so on; the medians of the rounds are compared. Each round runs a benchmark with the given
arguments in a fresh process of each Python, outside the source tree:

- ``--bench shedding`` (default): ``benchmarks/bench_shedding.py``, microseconds per decision;
- ``--bench planets``: ``benchmarks/bench_planets.py``, microseconds per decision of the planet
  game;
- ``--bench simulate``: ``benchmarks/bench_simulate.py --workers 0``, games per second of
  `simulate` in one process for each agent, and the fingerprint of the rows, which must be the
  same for both builds (a faster build must play the very same games);
- ``--bench ismcts``: ``benchmarks/bench_ismcts.py``, ISMCTS iterations per second for each
  configuration, and the fingerprint of the searches' statistics, which must be the same for
  both builds (a faster search must find the very same statistics).

Usage::

    python benchmarks/interleave.py --a /tmp/venv-old/bin/python --b .venv-bench-3.11/bin/python \
        --rounds 7 -- --games 2000 --repeat 1 [--game "8 américain"]
    python benchmarks/interleave.py --bench simulate --a OLD --b NEW --rounds 7 -- \
        --games 1000 --repeat 1 --agents random heuristic
    python benchmarks/interleave.py --bench ismcts --a OLD --b NEW --rounds 6 -- --repeat 1

Prints each round's figures, the medians and the ratio B / A.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent


_SCRIPTS = {
    "shedding": ("bench_shedding.py", ["--no-competitors"]),
    "planets": ("bench_planets.py", ["--no-competitors"]),
    "simulate": ("bench_simulate.py", ["--workers", "0"]),
    "ismcts": ("bench_ismcts.py", []),
}


def run_once(python: str, bench_args: list[str], bench: str = "shedding") -> dict[str, object]:
    """One run of the benchmark under ``python``, outside the source tree."""
    script, extra = _SCRIPTS[bench]
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "result.json"
        subprocess.run(
            [python, str(HERE / script), *bench_args, *extra, "--json", str(out)],
            cwd=tmp,
            check=True,
            capture_output=True,
            text=True,
        )
        result: dict[str, object] = json.loads(out.read_text())
        return result


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--a", required=True, help="the Python of the first install (before)")
    parser.add_argument("--b", required=True, help="the Python of the second install (after)")
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--bench", choices=sorted(_SCRIPTS), default="shedding")
    parser.add_argument("bench_args", nargs=argparse.REMAINDER, help="-- then the script's args")
    args = parser.parse_args(argv)
    for side in ("a", "b"):  # each install runs in a temporary directory: anchor relative paths
        python = os.path.abspath(getattr(args, side))  # not resolved: a venv's python is a link
        if not os.access(python, os.X_OK):
            parser.error(f"--{side} {getattr(args, side)}: not an executable Python")
        setattr(args, side, python)
    bench = [a for a in args.bench_args if a != "--"] or ["--games", "2000", "--repeat", "1"]
    if args.bench == "simulate":
        return _simulate(args.a, args.b, args.rounds, bench)
    if args.bench == "ismcts":
        return _ismcts(args.a, args.b, args.rounds, [a for a in args.bench_args if a != "--"])

    figures: dict[str, list[float]] = {"a": [], "b": []}
    engines: dict[str, object] = {}
    for i in range(args.rounds):
        order = ("a", "b") if i % 2 == 0 else ("b", "a")
        for side in order:
            result = run_once(getattr(args, side), bench, args.bench)
            ours = result["cardgames"]
            assert isinstance(ours, dict)
            us = float(ours["us_per_decision"])
            figures[side].append(us)
            engines[side] = result.get("engine")
        print(f"round {i + 1}: A {figures['a'][-1]:.3f} µs   B {figures['b'][-1]:.3f} µs")
    med_a = statistics.median(figures["a"])
    med_b = statistics.median(figures["b"])
    print(f"A ({engines['a']}, {args.a}): median {med_a:.3f} µs per decision")
    print(f"B ({engines['b']}, {args.b}): median {med_b:.3f} µs per decision")
    script = _SCRIPTS[args.bench][0]
    print(f"B / A = {med_b / med_a:.3f}   ({script} {' '.join(bench)})")
    return 0


def _simulate(python_a: str, python_b: str, rounds: int, bench: list[str]) -> int:
    """Games per second of `simulate`, per agent, and the rows' fingerprints."""
    rates: dict[str, dict[str, list[float]]] = {}
    digests: dict[str, dict[str, set[str]]] = {}
    for i in range(rounds):
        order = (("a", python_a), ("b", python_b))
        for side, python in order if i % 2 == 0 else order[::-1]:
            agents = run_once(python, bench, "simulate")["agents"]
            assert isinstance(agents, dict)
            for agent, figures in agents.items():
                rates.setdefault(agent, {"a": [], "b": []})[side].append(
                    float(figures["games_per_second_single"])
                )
                digests.setdefault(agent, {"a": set(), "b": set()})[side].add(
                    str(figures["rows_sha256"])
                )
        line = "   ".join(
            f"{agent}: A {r['a'][-1]:.0f}  B {r['b'][-1]:.0f} games/s" for agent, r in rates.items()
        )
        print(f"round {i + 1}: {line}")
    same = True
    for agent, r in rates.items():
        med_a, med_b = statistics.median(r["a"]), statistics.median(r["b"])
        rows = digests[agent]
        identical = len(rows["a"] | rows["b"]) == 1
        same = same and identical
        print(
            f"{agent}: median A {med_a:.1f}  B {med_b:.1f} games/s  B / A = {med_b / med_a:.3f}"
            f"  rows {'identical' if identical else 'DIFFER'} ({', '.join(sorted(rows['a']))}"
            f" / {', '.join(sorted(rows['b']))})"
        )
    print(f"(A {python_a}, B {python_b}; bench_simulate.py {' '.join(bench)} --workers 0)")
    return 0 if same else 1


def _ismcts(python_a: str, python_b: str, rounds: int, bench: list[str]) -> int:
    """ISMCTS iterations per second, per configuration, and the statistics' fingerprints."""
    rates: dict[str, dict[str, list[float]]] = {}
    digests: dict[str, dict[str, set[str]]] = {}
    for i in range(rounds):
        order = (("a", python_a), ("b", python_b))
        for side, python in order if i % 2 == 0 else order[::-1]:
            configs = run_once(python, bench, "ismcts")["configs"]
            assert isinstance(configs, dict)
            for config, figures in configs.items():
                rates.setdefault(config, {"a": [], "b": []})[side].append(
                    float(figures["iterations_per_second"])
                )
                digests.setdefault(config, {"a": set(), "b": set()})[side].add(
                    str(figures["statistics_sha256"])
                )
        line = "   ".join(f"{c}: A {r['a'][-1]:.0f}  B {r['b'][-1]:.0f}" for c, r in rates.items())
        print(f"round {i + 1} (iterations/s): {line}", flush=True)
    same = True
    for config, r in rates.items():
        med_a, med_b = statistics.median(r["a"]), statistics.median(r["b"])
        found = digests[config]
        identical = len(found["a"] | found["b"]) == 1
        same = same and identical
        print(
            f"{config}: median A {med_a:.1f}  B {med_b:.1f} iterations/s  B / A = "
            f"{med_b / med_a:.3f}  statistics {'identical' if identical else 'DIFFER'} "
            f"({', '.join(sorted(found['a']))} / {', '.join(sorted(found['b']))})"
        )
    print(f"(A {python_a}, B {python_b}; bench_ismcts.py {' '.join(bench)})")
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main())
