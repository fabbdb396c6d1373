"""Run a simulation on a Dask cluster: the same call as on one machine, with another executor.

Run it::

    pip install 'pycardgames[dask]'
    python examples/dask_simulation.py                    # a LocalCluster of 2 worker processes
    python examples/dask_simulation.py --games 20000 --agents random,heuristic,random,heuristic
    python examples/dask_simulation.py --scheduler tcp://10.0.0.5:8786 --games 1000000

When an analysis outgrows one machine, point ``--scheduler`` at your cluster's scheduler and change
nothing else: `cardgames.simulate.simulate` sends chunks of games to whatever
`concurrent.futures.Executor` it is given (here ``Client.get_executor()``) and puts the rows back in
game order, and every game's seed derives from the master seed and the game's number only, so the
rows are the same as in one process, whatever the cluster and the chunk size. Every worker needs
the same version of ``pycardgames`` as this program (``pip install pycardgames`` on the workers,
or a Docker image with it).

It prints the summary table (win rates with 95 % intervals, game lengths) and can write every
game as CSV or JSON.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import sys
import time
from typing import Any

import cardgames
from cardgames.simulate import simulate


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--scheduler",
        default=None,
        metavar="ADDRESS",
        help="a Dask scheduler (tcp://host:8786); default: start a LocalCluster on this machine",
    )
    parser.add_argument("--workers", type=int, default=2, help="LocalCluster worker processes")
    parser.add_argument("--game", default="crazy-eights", help="a game name or alias")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument(
        "--agents",
        default="random,heuristic,random,heuristic",
        help="agents by seat, comma-separated (one name: every seat)",
    )
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--preset", default=None, help="a named preset of the game's rules")
    parser.add_argument("--chunk-size", type=int, default=None, help="games per task")
    parser.add_argument("--csv", default=None, metavar="PATH", help="write every game as CSV")
    parser.add_argument("--json", default=None, metavar="PATH", help="write every game as JSON")
    return parser.parse_args(argv)


def show_progress(done: int, total: int) -> None:
    print(f"\r{done}/{total} games", end="" if done < total else "\n", file=sys.stderr, flush=True)


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    try:
        # Dask is optional, and its constructors carry no type annotations: handle the module
        # as untyped (Any), which type-checks the same whether Dask is installed or not.
        distributed: Any = importlib.import_module("distributed")
    except ImportError:
        print("error: this example needs Dask: pip install 'pycardgames[dask]'", file=sys.stderr)
        return 2
    agents = [name.strip() for name in args.agents.split(",")]
    if len(agents) == 1:
        agents *= args.players
    with contextlib.ExitStack() as stack:
        client: Any
        if args.scheduler:
            client = stack.enter_context(distributed.Client(args.scheduler))
        else:
            cluster = stack.enter_context(
                distributed.LocalCluster(
                    n_workers=args.workers,
                    threads_per_worker=1,
                    processes=True,
                    dashboard_address=":0",  # any free port (None means 8787, maybe taken)
                )
            )
            client = stack.enter_context(distributed.Client(cluster))
        threads = sum(client.nthreads().values())
        print(f"Dask scheduler {client.scheduler.address}: {threads} worker threads")
        start = time.perf_counter()
        try:
            results = simulate(
                args.game,
                players=args.players,
                agents=agents,
                games=args.games,
                seed=args.seed,
                rules=args.preset,
                executor=client.get_executor(),
                progress=show_progress,
                chunk_size=args.chunk_size,
            )
        except cardgames.CardGamesError as exc:
            print(f"error: {exc}", file=sys.stderr)
            return 2
        seconds = time.perf_counter() - start
    print(f"{args.games} games in {seconds:.1f} s ({args.games / seconds:.0f} games/s)")
    print()
    print(results.summary())
    if args.csv:
        results.to_csv(args.csv)
    if args.json:
        with open(args.json, "w", encoding="utf-8") as handle:
            handle.write(results.to_json())
    return 0


if __name__ == "__main__":  # required: Dask starts worker processes that import this module
    raise SystemExit(main())
