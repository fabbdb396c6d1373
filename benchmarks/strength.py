"""Measured strength of ISMCTS on beliefs, per game: against uniform ISMCTS and the heuristic.

Plays ``--games`` seeded games of ``--game`` between belief-ISMCTS (`ISMCTSAgent` with
``sampler="belief"``: it deals the unseen cards consistently with everything its seat saw since
the deal) and an opponent: uniform ISMCTS with the same iterations (``--opponent uniform``, the
agent before this change) or the casual-player heuristic agent (``--opponent heuristic``).
Seats are rotated so that the first player's advantage cancels: game ``i`` deals seed
``--seed + i // 2``; with two players belief-ISMCTS takes seat ``i % 2`` (every deal is played
twice with the seats exchanged), with four it takes seats 0 and 2 in even games and 1 and 3 in
odd ones, on the same deal. So 50 % is equal strength at any number of players.

A game counts 1 when a belief-ISMCTS seat wins it, 0 when an opponent seat does, and the
belief share of the winners on a shared win. Prints the win rate with its 95 % Wilson interval,
the exact two-sided binomial p-value against equal strength (decided games), the number of
games and the time.

``--timing`` measures instead the median milliseconds of one decision at ``--iterations``,
uniform and belief, over ``--positions`` positions of the seat 0 of heuristic games (its own
turns with a choice), the two searches interleaved position by position so that the machine's
load weighs on both alike, and the belief sampler's fallbacks over those searches; with each
median of wall-clock time, the median of the process's CPU time (``time.process_time``), which
the other processes of a loaded machine do not inflate. ``--timing`` takes any number of
players the game allows (the games themselves, 2 or 4).

Usage (one command per figure; 2 worker processes)::

    python benchmarks/strength.py --game crazy-eights --players 2 --opponent uniform \
        --games 1000 --iterations 200 --workers 2
    python benchmarks/strength.py --game planets --players 4 --opponent heuristic \
        --games 200 --iterations 200 --workers 2
    python benchmarks/strength.py --timing --game crazy-eights --players 2 --iterations 200

Full sizes take hours on two shared cores (a game of 8 Américain at four players or of the
planet game costs tens of seconds of search); see docs/guides/bots-and-analyses.md for the
figures measured so far and how large their samples were.

Not part of the test run.
"""

from __future__ import annotations

import argparse
import json
import math
import platform
import statistics
import sys
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor

import attrs

from cardgames import find_game
from cardgames.agents.base import Agent, play_game
from cardgames.agents.heuristic import heuristic_agent
from cardgames.agents.ismcts import ISMCTSAgent
from cardgames.infostate import InfoState
from cardgames.rng import Rng


@attrs.frozen
class Task:
    """One game to play."""

    index: int
    seed: int
    game: str
    players: int
    iterations: int
    opponent: str
    preset: str | None


@attrs.frozen
class GameRecord:
    """The result of one game."""

    index: int
    seed: int
    belief_seats: tuple[int, ...]
    winners: tuple[int, ...]
    score: float
    moves: int
    seconds: float


def _opponent(task: Task) -> Agent:
    if task.opponent == "uniform":
        return ISMCTSAgent(iterations=task.iterations, name="uniform")
    return heuristic_agent(find_game(task.game))


def play_one(task: Task) -> GameRecord:
    """Play one game of ``task`` and score it for belief-ISMCTS."""
    game = find_game(task.game)
    belief = ISMCTSAgent(iterations=task.iterations, sampler="belief", name="belief")
    other = _opponent(task)
    parity = task.index % 2
    seats = tuple(s for s in range(task.players) if s % 2 == parity)
    agents = [belief if s in seats else other for s in range(task.players)]
    rules = None if task.preset is None else game.preset(task.preset)
    start = time.perf_counter()
    result = play_game(game, agents, seed=task.seed, rules=rules)
    seconds = time.perf_counter() - start
    winners = result.outcome.winners
    score = sum(1 for w in winners if w in seats) / len(winners) if winners else 0.5
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


def timing(args: argparse.Namespace) -> int:
    """Median ms of one decision, uniform and belief, and the belief sampler's fallbacks."""
    game = find_game(args.game)
    rules = None if args.preset is None else game.preset(args.preset)
    heuristic = heuristic_agent(game)
    points: list[tuple[InfoState, tuple[object, ...]]] = []
    seed = args.seed
    while len(points) < args.positions:
        state = game.new_game(args.players, seed=seed, rules=rules)
        info = InfoState.start(state.view(0), game)
        rng = Rng.from_seed(seed)
        taken = 0
        while not state.is_over and taken < 3:
            seat = state.to_act[0]
            legal = state.legal_moves(seat)
            if seat == 0 and len(legal) > 1 and len(state.to_act) == 1 and rng.state[0] % 3 == 0:
                points.append((info, tuple(legal)))
                taken += 1
            move, rng = heuristic.act(state.view(seat), legal, rng)
            assert move is not None
            state = state.apply(move)
            info = info.extend(state.view(0))
        seed += 1
    points = points[: args.positions]
    print(f"{game.title}, {args.players} players, {args.iterations} iterations, ", end="")
    print(f"{len(points)} positions, Python {platform.python_version()}")
    uniform = ISMCTSAgent(iterations=args.iterations)
    belief = ISMCTSAgent(iterations=args.iterations, sampler="belief")
    times: dict[str, list[float]] = {"uniform": [], "belief": []}
    cpu: dict[str, list[float]] = {"uniform": [], "belief": []}
    fallbacks = 0
    for info, legal in points:  # interleaved, so that the machine's load hits both alike
        start, start_cpu = time.perf_counter(), time.process_time()
        uniform.search(info.view, legal, Rng.from_seed(1))  # type: ignore[arg-type]
        times["uniform"].append(time.perf_counter() - start)
        cpu["uniform"].append(time.process_time() - start_cpu)
        start, start_cpu = time.perf_counter(), time.process_time()
        _, used, _ = belief.search_beliefs(info, legal, Rng.from_seed(1))  # type: ignore[arg-type]
        times["belief"].append(time.perf_counter() - start)
        cpu["belief"].append(time.process_time() - start_cpu)
        fallbacks += used
    for sampler, measured in times.items():
        print(
            f"  {sampler:7s} median {statistics.median(measured) * 1000:.1f} ms"
            f" (CPU {statistics.median(cpu[sampler]) * 1000:.1f} ms)"
        )
    print(f"  belief sampler fallbacks: {fallbacks} of {len(points) * args.iterations} samples")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="crazy-eights", help="a game name or alias")
    parser.add_argument("--players", type=int, default=2, help="2 or 4 (--timing: any)")
    parser.add_argument("--preset", default=None, help="a rules preset (default: the game's)")
    parser.add_argument("--opponent", choices=("uniform", "heuristic"), default="uniform")
    parser.add_argument("--games", type=int, default=1000, help="games to play (even)")
    parser.add_argument("--iterations", type=int, default=200, help="ISMCTS iterations a move")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=2026000, help="the first deal's seed")
    parser.add_argument("--timing", action="store_true", help="time one decision instead")
    parser.add_argument("--positions", type=int, default=25, help="positions timed")
    parser.add_argument("--json", help="write the per-game records to this file")
    args = parser.parse_args(argv)
    if args.timing:
        return timing(args)
    if args.players not in (2, 4):
        parser.error("--players: 2 or 4 (the seats are rotated in pairs)")
    tasks = [
        Task(
            i,
            args.seed + i // 2,
            args.game,
            args.players,
            args.iterations,
            args.opponent,
            args.preset,
        )
        for i in range(args.games)
    ]
    start = time.perf_counter()
    if args.workers > 1:
        with ProcessPoolExecutor(max_workers=args.workers) as pool:
            records = list(pool.map(play_one, tasks, chunksize=1))
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
    low, high = wilson(points, n)
    cpu = sum(r.seconds for r in records)
    title = find_game(args.game).title
    print(
        f"{title} ({args.preset or 'default rules'}), {args.players} players: belief-ISMCTS "
        f"vs {args.opponent} ({args.iterations} iterations), seeds {args.seed}+, "
        f"{args.workers} worker(s), Python {platform.python_version()}"
    )
    print(f"games: {n}  belief wins {wins}, losses {losses}, shared {n - wins - losses}")
    if n:
        print(f"belief win rate: {points / n:.4f}  95% Wilson CI [{low:.4f}, {high:.4f}]")
    print(f"p-value (exact binomial, decided games): {binomial_two_sided(wins, wins + losses):.3g}")
    print(
        f"time: {wall:.1f} s wall, {cpu:.1f} s of games, {cpu / max(n, 1):.2f} s per game, "
        f"{sum(r.moves for r in records) / max(n, 1):.1f} moves per game"
    )


if __name__ == "__main__":
    sys.exit(main())
