"""Instructions per player decision, counted by valgrind: a figure that other jobs do not move.

On a shared machine the timings of ``bench_shedding.py`` move by ±20 % from run to run, more
than a small change to the engine. The number of instructions the processor executes does not
depend on the other jobs: this script plays the loop of ``bench_shedding.py`` (random games
through the public, validating API, dealing included) under ``valgrind --tool=callgrind``
twice, for ``--games`` games and for three times as many, and divides the difference of the two
counts by the difference of the decisions, so that start-up (imports, compiling) cancels out.
``PYTHONHASHSEED=0`` fixes the hashing. Each Python runs in a temporary directory, so that it
imports its installed ``cardgames`` (give absolute paths).

Compare builds by the ratio of their counts, which follows the ratio of their times: the
pure-Python engine of 81470bc executes 2.53x the instructions of its compiled wheel, and took
2.37-2.56x its time in interleaved runs (``interleave.py``) on the same machine. A count is
not a time (cache misses and branches are not in it): quote it beside interleaved timings,
not instead of them.

Usage::

    python benchmarks/instructions.py --python /abs/compiled/python /abs/editable/python \
        [--games 50] [--game crazy-eights] [--players 4]

Needs valgrind (callgrind makes a run about 50 times slower: about 40 s per Python at the
defaults). Not part of the test run.
"""

from __future__ import annotations

import argparse
import os
import random
import re
import subprocess
import sys
import tempfile

_COLLECTED = re.compile(r"Collected\s*:\s*(\d+)")


def play(game_name: str, players: int, games: int) -> tuple[int, str]:
    """Play ``games`` random games as ``bench_shedding.py`` does; return (decisions, engine)."""
    from importlib.machinery import EXTENSION_SUFFIXES

    import cardgames
    import cardgames.shedding.engine

    game = cardgames.find_game(game_name)
    rules = game.default_rules
    game.new_game(players, seed=10**6, rules=rules).legal_moves()  # the tables, built once
    chooser = random.Random(12345)
    decisions = 0
    for seed in range(games):
        state = game.new_game(players, seed=seed, rules=rules)
        while not state.is_over:
            moves = state.legal_moves()
            state = state.apply(moves[chooser.randrange(len(moves))])
            decisions += 1
    compiled = cardgames.shedding.engine.__file__.endswith(tuple(EXTENSION_SUFFIXES))
    return decisions, "compiled" if compiled else "pure Python"


def count(python: str, game_name: str, players: int, games: int) -> tuple[int, int, str]:
    """Instructions and decisions of one run under callgrind; and the engine it measured."""
    command = [
        "valgrind",
        "--tool=callgrind",
        "--callgrind-out-file=/dev/null",
        python,
        os.path.abspath(__file__),
        "--child",
        str(games),
        "--game",
        game_name,
        "--players",
        str(players),
    ]
    with tempfile.TemporaryDirectory() as tmp:
        done = subprocess.run(
            command,
            cwd=tmp,
            env={**os.environ, "PYTHONHASHSEED": "0"},
            capture_output=True,
            text=True,
            check=True,
        )
    found = _COLLECTED.search(done.stderr)
    if found is None:
        raise SystemExit(f"no instruction count in valgrind's output:\n{done.stderr[-2000:]}")
    decisions, engine = done.stdout.split(maxsplit=1)
    return int(found.group(1)), int(decisions), engine.strip()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--python", nargs="+", default=[sys.executable])
    parser.add_argument("--game", default="crazy-eights")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--child", type=int, default=None, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child is not None:
        decisions, engine = play(args.game, args.players, args.child)
        print(decisions, engine)
        return 0
    first = None
    for python in args.python:
        few, few_decisions, engine = count(python, args.game, args.players, args.games)
        many, many_decisions, _ = count(python, args.game, args.players, 3 * args.games)
        per_decision = (many - few) / (many_decisions - few_decisions)
        first = first or per_decision
        print(
            f"{per_decision:9.0f} instructions per decision  {per_decision / first:5.3f}x  "
            f"({engine}, {python}; {many_decisions - few_decisions} decisions)"
        )
    print(
        f"(command: python benchmarks/instructions.py --python {' '.join(args.python)} "
        f"--games {args.games} --game {args.game} --players {args.players})"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
