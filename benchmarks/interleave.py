"""Compare two installs of cardgames per decision, interleaved round by round.

The machine is shared and noisy, so two builds (say the last release's wheel and this
checkout's) are measured alternately in the same run: round 1 runs A then B, round 2 B then A,
and so on; the medians of the rounds are compared. Each round runs the benchmark script
(``--script``, default ``bench_shedding.py``; ``bench_planets.py`` for the planet game) with the
given arguments in a fresh process of each Python.

Usage::

    python benchmarks/interleave.py --a /tmp/venv-old/bin/python --b .venv-bench-3.11/bin/python \
        --rounds 7 -- --games 2000 --repeat 1 [--game "8 américain"]
    python benchmarks/interleave.py --a ... --b ... --script bench_planets.py --rounds 9 \
        -- --games 500 --repeat 1 --players 2

Prints each round's microseconds per decision, the medians and the ratio B / A.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent


def run_once(
    python: str, bench_args: list[str], script: str = "bench_shedding.py"
) -> dict[str, object]:
    """One run of the benchmark ``script`` under ``python``, outside the source tree."""
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "result.json"
        subprocess.run(
            [
                python,
                str(HERE / script),
                *bench_args,
                "--no-competitors",
                "--json",
                str(out),
            ],
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
    parser.add_argument(
        "--script",
        default="bench_shedding.py",
        choices=("bench_shedding.py", "bench_planets.py"),
        help="the benchmark to run (in benchmarks/)",
    )
    parser.add_argument("bench", nargs=argparse.REMAINDER, help="-- then the script's args")
    args = parser.parse_args(argv)
    bench = [a for a in args.bench if a != "--"] or ["--games", "2000", "--repeat", "1"]

    figures: dict[str, list[float]] = {"a": [], "b": []}
    engines: dict[str, object] = {}
    for i in range(args.rounds):
        order = ("a", "b") if i % 2 == 0 else ("b", "a")
        for side in order:
            result = run_once(getattr(args, side), bench, args.script)
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
    print(f"B / A = {med_b / med_a:.3f}   ({args.script} {' '.join(bench)})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
