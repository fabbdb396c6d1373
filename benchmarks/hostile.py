"""The hostile suites with many more examples than CI runs, and fresh randomness.

Runs every ``tests/test_hostile_*.py`` property (and ``tests/test_web_hostile.py``'s) under
pytest with ``N`` examples each (CI runs 200, derandomized) and hypothesis's ``long`` profile
(``tests/conftest.py``: fresh randomness, 2,000 examples for a property that does not set its own
count), and prints, per property, the examples hypothesis ran and whether it failed, then the
totals. Exits non-zero if anything failed.

Usage::

    python benchmarks/hostile.py --examples 2000 [--seed 1] [-k EXPRESSION] [--json out.json]

Not part of the test run: it takes minutes to hours depending on ``--examples``.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# pytest's --hypothesis-show-statistics prints, per test:
#   tests/test_x.py::test_name:
#     - during generate phase (1.23 seconds):
#       - Typical runtimes: ...
#       - 1000 passing, 0 failing, and 12 invalid test cases
_TEST = re.compile(r"^(tests/\S+::\S+?):\s*$")
# Older hypothesis: "N passing examples, ..."; 6.1xx: "N passing, M failing, and K invalid".
_COUNTS = re.compile(
    r"- (\d+) passing(?: examples?)?, (\d+) failing(?: examples?)?,(?: and)? (\d+) invalid"
)
_OUTCOME = re.compile(r"^(tests/\S+::\S+) (PASSED|FAILED|ERROR|SKIPPED)")


def parse(output: str) -> dict[str, dict[str, int | str]]:
    """Per test: examples passed, failed and invalid (summed over phases), and its outcome."""
    results: dict[str, dict[str, int | str]] = {}
    current: str | None = None
    for line in output.splitlines():
        outcome = _OUTCOME.match(line)
        if outcome:
            results.setdefault(outcome[1], {"passing": 0, "failing": 0, "invalid": 0})
            results[outcome[1]]["outcome"] = outcome[2]
            continue
        test = _TEST.match(line.strip())
        if test:
            current = test[1]
            results.setdefault(current, {"passing": 0, "failing": 0, "invalid": 0})
            continue
        counts = _COUNTS.search(line)
        if counts and current is not None:
            entry = results[current]
            for key, value in zip(("passing", "failing", "invalid"), counts.groups(), strict=True):
                entry[key] = int(entry[key]) + int(value)
    return results


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--examples", type=int, default=2000, help="examples per property")
    parser.add_argument("--seed", type=int, default=None, help="hypothesis seed (default: random)")
    parser.add_argument("-k", dest="keyword", default=None, help="pytest -k expression")
    parser.add_argument("--json", type=Path, default=None, help="write the results here")
    args = parser.parse_args(argv)
    if args.examples < 1:
        parser.error("--examples must be at least 1")

    env = dict(os.environ)
    env["CARDGAMES_HOSTILE_EXAMPLES"] = str(args.examples)
    env["CARDGAMES_HOSTILE_RANDOM"] = "1"
    found = [*(ROOT / "tests").glob("test_hostile_*.py"), ROOT / "tests" / "test_web_hostile.py"]
    files = sorted(str(p.relative_to(ROOT)) for p in found)
    command = [
        sys.executable,
        "-m",
        "pytest",
        "-v",
        "-p",
        "no:cacheprovider",
        "--no-cov",
        "--hypothesis-show-statistics",
        "--hypothesis-profile=long",
        *files,
    ]
    if args.seed is not None:
        command.append(f"--hypothesis-seed={args.seed}")
    if args.keyword:
        command += ["-k", args.keyword]
    print("$", " ".join(command), f"  (CARDGAMES_HOSTILE_EXAMPLES={args.examples})", flush=True)
    started = time.perf_counter()
    run = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, check=False)
    elapsed = time.perf_counter() - started
    results = parse(run.stdout)

    width = max((len(name) for name in results), default=10)
    print(f"{'property':<{width}}  {'examples':>9}  {'failing':>7}  outcome")
    total = failing = 0
    for name, entry in sorted(results.items()):
        ran = int(entry["passing"]) + int(entry["failing"])
        total += ran
        bad = int(entry["failing"]) + (entry.get("outcome") in ("FAILED", "ERROR"))
        failing += bad
        print(f"{name:<{width}}  {ran:>9,}  {bad:>7}  {entry.get('outcome', '?')}")
    print(
        f"{len(results)} tests, {total:,} hypothesis examples, {failing} failures, "
        f"pytest exit {run.returncode}, {elapsed:.0f} s"
    )
    if run.returncode != 0:
        tail = run.stdout.splitlines()[-60:]
        print("\n".join(tail))
        print(run.stderr[-4000:], file=sys.stderr)
    if args.json is not None:
        args.json.write_text(
            json.dumps(
                {
                    "examples_per_property": args.examples,
                    "tests": results,
                    "hypothesis_examples": total,
                    "failures": failing,
                    "seconds": round(elapsed, 1),
                    "exit": run.returncode,
                },
                indent=2,
            )
        )
    return 0 if run.returncode == 0 and failing == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
