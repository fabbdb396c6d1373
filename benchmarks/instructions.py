"""Instructions per player decision or RL step, counted by valgrind: a figure load does not move.

On a shared machine the timings of ``bench_shedding.py`` move by ±20 % from run to run, more
than a small change to the engine. The number of instructions the processor executes does not
depend on the other jobs: this script plays the loop of ``bench_shedding.py`` (random games
through the public, validating API, dealing included) under ``valgrind --tool=callgrind``
twice, for ``--games`` games and for three times as many, and divides the difference of the two
counts by the difference of the decisions, so that start-up (imports, compiling) cancels out.
``PYTHONHASHSEED=0`` fixes the hashing, ``OPENBLAS_NUM_THREADS=1`` keeps NumPy's idle threads
out of the count. Each Python runs in a temporary directory, so that it imports its installed
``cardgames`` (give absolute paths).

``--loop aec`` and ``--loop gymnasium`` count the loops of ``bench_rl.py`` instead (needs numpy,
pettingzoo and gymnasium): instructions per live step of our PettingZoo AEC environment
(``last()`` + ``step()``, observation and mask included) or per learner step of our Gymnasium
environment (the random opponents' moves included), games of ``--players`` seats, resets
included as in the timings.

Compare builds by the ratio of their counts, which follows the ratio of their times: the
pure-Python engine of 81470bc executes 2.53x the instructions of its compiled wheel, and took
2.37-2.56x its time in interleaved runs (``interleave.py``) on the same machine. A count is
not a time (cache misses and branches are not in it): quote it beside interleaved timings,
not instead of them.

Usage::

    python benchmarks/instructions.py --python /abs/compiled/python /abs/editable/python \
        [--games 50] [--game crazy-eights] [--players 4] [--loop shedding|aec|gymnasium]

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


def play_rl(loop: str, game_name: str, players: int, games: int) -> tuple[int, str]:
    """Run ``bench_rl.py``'s AEC or Gymnasium loop; return (steps, engine)."""
    import bench_rl  # beside this file (the script's folder is on the path)

    bench = bench_rl.bench_aec if loop == "aec" else bench_rl.bench_gymnasium
    bench(game_name, players, 2)  # the encodings and tables, built once
    _seconds, steps = bench(game_name, players, games)
    return steps, bench_rl.engine_build()


def count(
    python: str, game_name: str, players: int, games: int, loop: str = "shedding"
) -> tuple[int, int, str]:
    """Instructions and decisions (or steps) of one run under callgrind; and the engine."""
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
        "--loop",
        loop,
    ]
    with tempfile.TemporaryDirectory() as tmp:
        done = subprocess.run(
            command,
            cwd=tmp,
            # NumPy's BLAS threads spin in the background: one thread, or they count too.
            env={**os.environ, "PYTHONHASHSEED": "0", "OPENBLAS_NUM_THREADS": "1"},
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
    parser.add_argument("--loop", choices=("shedding", "aec", "gymnasium"), default="shedding")
    parser.add_argument("--child", type=int, default=None, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child is not None:
        if args.loop == "shedding":
            decisions, engine = play(args.game, args.players, args.child)
        else:
            decisions, engine = play_rl(args.loop, args.game, args.players, args.child)
        print(decisions, engine)
        return 0
    first = None
    unit = "decision" if args.loop == "shedding" else "step"
    for python in args.python:
        few, few_decisions, engine = count(python, args.game, args.players, args.games, args.loop)
        many, many_decisions, _ = count(python, args.game, args.players, 3 * args.games, args.loop)
        per_decision = (many - few) / (many_decisions - few_decisions)
        first = first or per_decision
        print(
            f"{per_decision:9.0f} instructions per {unit}  {per_decision / first:5.3f}x  "
            f"({engine}, {python}; {many_decisions - few_decisions} {unit}s)"
        )
    print(
        f"(command: python benchmarks/instructions.py --python {' '.join(args.python)} "
        f"--games {args.games} --game {args.game} --players {args.players} --loop {args.loop})"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
