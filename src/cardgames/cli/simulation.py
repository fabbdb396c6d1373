"""``cardgames simulate``: many seeded bots' games, a progress bar, then the summary tables.

Games run in this process (``--workers 1``), in a pool of worker processes (``--workers K``,
at most `MAX_WORKERS`, and no more than games) or on a Dask distributed cluster (``--scheduler
ADDRESS``; Dask is imported only then). The results do not depend on where the games ran:
game ``i`` always has the same seed.
"""

from __future__ import annotations

import argparse
import concurrent.futures
import importlib
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from cardgames.cli.choices import (
    CommandError,
    UsageError,
    check_players,
    game_label,
    make_agents,
    new_seed,
    resolve_game,
    resolve_rules,
)
from cardgames.cli.demo import describe_rules
from cardgames.cli.output import print_table, progress_bar
from cardgames.narration import ending

__all__ = ["MAX_WORKERS", "print_summary", "run_simulate"]

MAX_WORKERS = 61
"""The most worker processes ``--workers`` starts: the most a pool may have on Windows, so that
one command line runs on every machine (and a typing slip cannot start thousands)."""


def _percent(x: float) -> str:
    return f"{100 * x:.1f} %"


def print_summary(summary: Any) -> None:
    """Print a `cardgames.simulate.Summary` as tables.

    Endings are in words ("went out"), and penalty points say that lower is better.
    """

    def rate(win: Any) -> list[str]:
        return [_percent(win.rate), f"{_percent(win.low)} to {_percent(win.high)}"]

    print_table(
        "By seat",
        ["seat", "agent", "win rate", "95 % CI", "mean score"],
        [
            [str(s.seat), ", ".join(s.agents), *rate(s.win_rate), f"{s.mean_score:.2f}"]
            for s in summary.seats
        ],
        right=[0, 2, 3, 4],
    )
    print()
    print_table(
        "By agent",
        ["agent", "seat-games", "win rate", "95 % CI", "mean score"],
        [
            [a.name, str(a.seat_games), *rate(a.win_rate), f"{a.mean_score:.2f}"]
            for a in summary.agents
        ],
        right=[1, 2, 3, 4],
    )
    print()
    n = summary.length
    print(
        f"Game length (moves): mean {n.mean:.1f}, min {n.minimum}, median {n.median:g}, "
        f"90 % under {n.q90:g}, max {n.maximum}"
    )
    endings = ", ".join(f"{ending(reason)} {count}" for reason, count in summary.endings)
    print(f"Endings: {endings}")
    if summary.lower_is_better:
        print("Mean score: penalty points (each player's hand left), lower is better.")


@contextmanager
def _executor(args: argparse.Namespace) -> Iterator[concurrent.futures.Executor | None]:
    if args.scheduler is not None:
        try:  # optional and untyped: imported by name, as Any
            distributed: Any = importlib.import_module("distributed")
        except ImportError:
            raise CommandError(
                "--scheduler needs Dask distributed: pip install 'dask[distributed]'"
            ) from None
        try:
            client = distributed.Client(args.scheduler, timeout=10)
        except (OSError, TimeoutError, ValueError) as exc:
            raise CommandError(
                f"cannot reach the Dask scheduler at {args.scheduler}: {exc}"
            ) from None
        try:
            yield client.get_executor()
        finally:
            client.close()
    elif args.workers > 1:
        # No more processes than games: each would start, import the library and wait.
        pool = concurrent.futures.ProcessPoolExecutor(max_workers=min(args.workers, args.games))
        try:
            yield pool
        except BaseException:
            pool.shutdown(wait=False, cancel_futures=True)
            raise
        pool.shutdown()
    else:
        yield None


def run_simulate(args: argparse.Namespace) -> int:
    """Play the games, show a progress bar, then the summary."""
    from cardgames.simulate import simulate

    if args.workers > MAX_WORKERS:
        raise UsageError(f"--workers: at most {MAX_WORKERS} worker processes, not {args.workers}")
    game = resolve_game(args.game)
    rules = resolve_rules(game, args.preset, args.rules)
    names = [part.strip() for part in args.agents.split(",")]
    if args.players is None:
        if len(names) == 1:
            raise UsageError(
                "--players is needed with a single agent for every seat "
                "(or name one agent per seat in --agents)"
            )
        args.players = len(names)
    check_players(game, args.players)
    make_agents(game, args.agents, args.players)  # checks the names, one line per mistake
    if len(names) == 1:
        names = names * args.players
    if args.out is not None and not Path(args.out).parent.is_dir():
        raise CommandError(f"{args.out}: no such directory")
    seed = new_seed() if args.seed is None else args.seed
    print(
        f"{game_label(game)}: {args.games} games, {args.players} players, seed {seed}, "
        f"rules: {describe_rules(game, rules)}"
    )
    with _executor(args) as executor, progress_bar("games", args.games) as progress:
        results = simulate(
            game,
            players=args.players,
            agents=names,
            games=args.games,
            seed=seed,
            rules=rules,
            executor=executor,
            progress=progress,
        )
    print_summary(results.summary())
    if args.out is not None:
        if str(args.out).casefold().endswith(".json"):
            Path(args.out).write_text(results.to_json(), encoding="utf-8")
        else:
            results.to_csv(args.out)
        print(f"Wrote {len(results.rows)} rows to {args.out}")
    return 0
