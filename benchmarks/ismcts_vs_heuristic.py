"""ISMCTS against the casual-player heuristic agent in Crazy Eights, head to head.

Plays ``--games`` seeded rounds of Crazy Eights (Marquoir rules unless ``--preset``) between
`ISMCTSAgent` and the heuristic agent (`cardgames.agents.heuristic.heuristic_agent`). With two
players, game ``i`` deals seed ``--seed + i // 2`` and seats ISMCTS in seat ``i % 2``: every deal
is played twice with the seats exchanged. This cancels the first player's advantage and much of
the luck of the deal. The two games of a pair are negatively correlated (r = -0.27 in the
reference run below), so the binomial test on single games is conservative; the sign test on
the pairs (deals won twice against deals lost twice) is printed too. With four players, ISMCTS
takes seats 0 and 2 in even games and 1 and 3 in odd ones, on the same deal.

A game counts 1 for ISMCTS when an ISMCTS seat wins it, 0 when a heuristic seat does, and the
ISMCTS share of the winners on a shared win (a blocked round with equal hand values).

Prints the ISMCTS win rate with its 95 % Wilson interval, the two-sided p-value of the exact
binomial (sign) test of the null "both agents are equally strong" (win rate 1/2) on the decided
games, its normal approximation, and the time per game.

Usage::

    python benchmarks/ismcts_vs_heuristic.py [--games 600] [--iterations 200] [--workers 2]
        [--players 2] [--preset marquoir] [--seed 0] [--opponent heuristic]
        [--exploration 0.7] [--confidence 1.0] [--json out.json]

The reference run (about 8 minutes on two shared cores)::

    python benchmarks/ismcts_vs_heuristic.py --games 1600 --iterations 200 --workers 2 \
        --seed 2026000

gave 869 wins in 1,600 games: 54.3 %, 95 % Wilson interval [51.9 %, 56.7 %], two-sided
p = 0.0006 (exact binomial); 0.59 s a game.

Not part of the test run.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import platform
import sys
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor

import attrs

from cardgames import crazy_eights
from cardgames.agents.base import Agent, RandomAgent, play_game
from cardgames.agents.heuristic import heuristic_agent
from cardgames.agents.ismcts import ISMCTSAgent


def _opponent(kind: str) -> Agent:
    if kind == "random":
        return RandomAgent()
    return heuristic_agent(crazy_eights.GAME)


@attrs.frozen
class Task:
    """One game to play."""

    index: int
    seed: int
    players: int
    iterations: int
    exploration: float
    confidence: float
    preset: str
    opponent: str


@attrs.frozen
class GameRecord:
    """The result of one game."""

    index: int
    seed: int
    ismcts_seats: tuple[int, ...]
    winners: tuple[int, ...]
    score: float
    moves: int
    seconds: float


def play_one(task: Task) -> GameRecord:
    """Play one game of ``task`` and score it for ISMCTS."""
    ismcts = ISMCTSAgent(
        iterations=task.iterations, exploration=task.exploration, confidence=task.confidence
    )
    other = _opponent(task.opponent)
    parity = task.index % 2
    seats = tuple(s for s in range(task.players) if s % 2 == parity)
    agents = [ismcts if s in seats else other for s in range(task.players)]
    start = time.perf_counter()
    result = play_game(
        crazy_eights.GAME,
        agents,
        seed=task.seed,
        rules=crazy_eights.GAME.preset(task.preset),
    )
    seconds = time.perf_counter() - start
    winners = result.outcome.winners
    score = sum(1 for w in winners if w in seats) / len(winners)
    return GameRecord(task.index, task.seed, seats, winners, score, len(result.steps), seconds)


def wilson(successes: float, n: int, z: float = 1.959963984540054) -> tuple[float, float]:
    """The Wilson score interval of a proportion."""
    if n == 0:
        return (0.0, 1.0)
    p = successes / n
    denominator = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denominator
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denominator
    return (max(0.0, centre - half), min(1.0, centre + half))


def binomial_two_sided(k: int, n: int) -> float:
    """The exact two-sided p-value of ``k`` successes in ``n`` trials under p = 1/2."""
    if n == 0:
        return 1.0
    tail = min(k, n - k)
    log_half = n * math.log(0.5)
    total = 0.0
    for i in range(tail + 1):
        log_term = math.lgamma(n + 1) - math.lgamma(i + 1) - math.lgamma(n - i + 1) + log_half
        total += math.exp(log_term)
    return min(1.0, 2 * total)


def normal_two_sided(successes: float, n: int) -> float:
    """The two-sided p-value of the normal approximation (with continuity correction)."""
    if n == 0:
        return 1.0
    z = (abs(successes - n / 2) - 0.5) / math.sqrt(n / 4)
    return math.erfc(max(z, 0.0) / math.sqrt(2))


def correlation(pairs: Sequence[Sequence[float]]) -> float:
    """Pearson's correlation between the first and the second score of each pair."""
    n = len(pairs)
    xs = [p[0] for p in pairs]
    ys = [p[1] for p in pairs]
    mx, my = sum(xs) / n, sum(ys) / n
    sxy = sum((x - mx) * (y - my) for x, y in zip(xs, ys, strict=True))
    sxx = sum((x - mx) ** 2 for x in xs)
    syy = sum((y - my) ** 2 for y in ys)
    return sxy / math.sqrt(sxx * syy) if sxx and syy else 0.0


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=600, help="games to play (even)")
    parser.add_argument("--iterations", type=int, default=200, help="ISMCTS iterations a move")
    parser.add_argument("--exploration", type=float, default=0.7, help="UCB1 constant")
    parser.add_argument(
        "--confidence", type=float, default=1.0, help="standard errors to leave the policy's move"
    )
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--players", type=int, choices=(2, 4), default=2)
    parser.add_argument("--preset", default="marquoir", help="Crazy Eights preset")
    parser.add_argument("--seed", type=int, default=0, help="the first deal's seed")
    parser.add_argument(
        "--opponent",
        choices=("heuristic", "random"),
        default="heuristic",
        help="the other agent",
    )
    parser.add_argument("--json", help="write the per-game records to this file")
    args = parser.parse_args(argv)
    tasks = [
        Task(
            i,
            args.seed + i // 2,
            args.players,
            args.iterations,
            args.exploration,
            args.confidence,
            args.preset,
            args.opponent,
        )
        for i in range(args.games)
    ]
    start = time.perf_counter()
    if args.workers > 1:
        with ProcessPoolExecutor(max_workers=args.workers) as pool:
            records = list(pool.map(play_one, tasks, chunksize=4))
    else:
        records = [play_one(task) for task in tasks]
    wall = time.perf_counter() - start
    report(args, records, wall)
    if args.json:
        with open(args.json, "w", encoding="utf-8") as out:
            json.dump([attrs.asdict(r) for r in records], out, indent=1)
    return 0


def report(args: argparse.Namespace, records: Sequence[GameRecord], wall: float) -> None:
    """Print the figures of a run."""
    n = len(records)
    points = sum(r.score for r in records)
    wins = sum(1 for r in records if r.score == 1)
    losses = sum(1 for r in records if r.score == 0)
    shared = n - wins - losses
    low, high = wilson(points, n)
    decided = wins + losses
    cpu = sum(r.seconds for r in records)
    first_seat = [r for r in records if 0 in r.ismcts_seats]
    print(
        f"Crazy Eights ({args.preset}), {args.players} players: ISMCTS ({args.iterations} "
        f"iterations, c={args.exploration}, "
        f"confidence={args.confidence}) vs {args.opponent}"
    )
    print(f"Python {platform.python_version()}, {args.workers} worker(s), seeds {args.seed}+")
    print(f"games: {n}  ISMCTS wins {wins}, losses {losses}, shared {shared}")
    print(
        f"ISMCTS win rate: {points / n:.4f}  95% Wilson CI [{low:.4f}, {high:.4f}]"
        if n
        else "no games"
    )
    if first_seat:
        rate = sum(r.score for r in first_seat) / len(first_seat)
        print(f"  with ISMCTS in seat 0: {rate:.4f} over {len(first_seat)} games")
    print(
        f"p-value (two-sided, H0: equal strength): exact binomial on {decided} decided games "
        f"{binomial_two_sided(wins, decided):.3g}, normal approximation "
        f"{normal_two_sided(points, n):.3g}"
    )
    pairs: dict[int, list[float]] = {}
    for r in records:
        pairs.setdefault(r.seed, []).append(r.score)
    both = sum(1 for p in pairs.values() if p == [1, 1])
    neither = sum(1 for p in pairs.values() if p == [0, 0])
    complete = [p for p in pairs.values() if len(p) == 2]
    if args.players == 2 and len(complete) > 2:
        print(
            f"deals played twice: {len(complete)}; ISMCTS won both {both}, lost both {neither}; "
            f"sign test p = {binomial_two_sided(both, both + neither):.3g}; correlation within "
            f"pairs {correlation(complete):+.2f}"
        )
    print(
        f"time: {wall:.1f} s wall, {cpu / max(n, 1):.2f} s per game per worker, "
        f"{sum(r.moves for r in records) / max(n, 1):.1f} moves per game"
    )


if __name__ == "__main__":
    sys.exit(main())
