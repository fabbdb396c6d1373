"""Random playouts of the shedding games through the public, validating API.

Reports games per second and microseconds per player decision (one applied move: the legal
moves are listed, a random agent picks one, and `State.apply` validates and applies it; dealing,
drawing and reshuffling happen inside). In the same run, when they are installed, it measures
OpenSpiel's ``crazy_eights`` (its time divided by its non-chance actions) and RLCard's ``uno``
game loop, and prints the ratios.

The three are interleaved: each of ``--rounds`` rounds plays ``--games`` games of each, in an
order that rotates from round to round, so that a busy spell of the shared machine hits all
alike; the figures are the medians of the rounds (``--repeat`` is an older spelling of
``--rounds``). Goals of the speed issue: at most 1.0x OpenSpiel per decision, at least 3.5x
faster than RLCard, medians of at least 7 rounds.

Usage::

    python benchmarks/bench_shedding.py [--games 2000] [--players 4] [--game crazy-eights]
        [--preset NAME] [--rounds 7] [--json results.json]

It measures the ``cardgames`` it imports: the binary wheel's engine is compiled with mypyc, an
editable install is pure Python (about 2.2x slower per decision). ``bash benchmarks/compiled.sh``
builds the compiled wheel into a fresh venv and runs this script there.

Not part of the test run: speed is checked here, never in unit tests.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import statistics
import sys
import time
from collections.abc import Callable
from typing import Any

import cardgames


def engine_build() -> str:
    """``"compiled"`` if the shedding engine is the mypyc extension, else ``"pure Python"``."""
    from importlib.machinery import EXTENSION_SUFFIXES

    import cardgames.shedding.engine

    compiled = cardgames.shedding.engine.__file__.endswith(tuple(EXTENSION_SUFFIXES))
    return "compiled" if compiled else "pure Python"


def bench_cardgames(
    game_name: str, preset: str | None, players: int, games: int
) -> tuple[float, int]:
    """Play ``games`` random games; return (seconds, decisions)."""
    game = cardgames.find_game(game_name)
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


def bench_open_spiel(players: int, games: int) -> tuple[float, int] | None:
    """OpenSpiel's crazy_eights driven from Python; (seconds, non-chance actions)."""
    try:
        import pyspiel  # type: ignore[import-not-found, unused-ignore]
    except ImportError:
        return None
    game = pyspiel.load_game("crazy_eights", {"players": players})
    chooser = random.Random(12345)
    decisions = 0
    start = time.perf_counter()
    for _ in range(games):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[chooser.randrange(len(outcomes))][0])
            else:
                actions = state.legal_actions()
                state.apply_action(actions[chooser.randrange(len(actions))])
                decisions += 1
    return time.perf_counter() - start, decisions


def bench_rlcard(players: int, games: int) -> tuple[float, int] | None:
    """RLCard's UNO game loop; (seconds, steps)."""
    try:
        from rlcard.games.uno.game import UnoGame  # type: ignore[import-untyped, import-not-found, unused-ignore]
    except ImportError:
        return None
    import numpy as np

    game = UnoGame(num_players=players)
    game.np_random = np.random.RandomState(12345)
    chooser = random.Random(12345)
    decisions = 0
    start = time.perf_counter()
    for _ in range(games):
        game.init_game()
        steps = 0
        while not game.is_over() and steps < 10_000:
            actions = game.get_legal_actions()
            game.step(actions[chooser.randrange(len(actions))])
            decisions += 1
            steps += 1
    return time.perf_counter() - start, decisions


def interleaved(
    rounds: int, runners: dict[str, Callable[[], tuple[float, int] | None]]
) -> dict[str, list[tuple[float, int]]]:
    """Run every runner once per round, the order rotating; drop those not installed."""
    names = list(runners)
    results: dict[str, list[tuple[float, int]]] = {name: [] for name in names}
    missing: set[str] = set()
    for i in range(rounds):
        k = i % len(names)
        for name in names[k:] + names[:k]:
            if name in missing:
                continue
            result = runners[name]()
            if result is None:
                missing.add(name)
            else:
                results[name].append(result)
    return {name: runs for name, runs in results.items() if name not in missing}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="crazy-eights")
    parser.add_argument("--preset", default=None)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--rounds", "--repeat", dest="rounds", type=int, default=7)
    parser.add_argument("--json", default=None, help="write the figures to this file")
    parser.add_argument(
        "--no-competitors", action="store_true", help="measure cardgames only (interleave.py)"
    )
    args = parser.parse_args(argv)

    report: dict[str, Any] = {
        "python": sys.version.split()[0],
        "machine": platform.machine(),
        "game": args.game,
        "preset": args.preset,
        "players": args.players,
        "games": args.games,
        "engine": engine_build(),
    }
    runners: dict[str, Callable[[], tuple[float, int] | None]] = {
        "cardgames": lambda: bench_cardgames(args.game, args.preset, args.players, args.games)
    }
    if not args.no_competitors:
        runners["open_spiel"] = lambda: bench_open_spiel(args.players, args.games)
        runners["rlcard"] = lambda: bench_rlcard(args.players, args.games)
    runs = interleaved(args.rounds, runners)
    us = {name: [s / d * 1e6 for s, d in results] for name, results in runs.items()}
    ours_us = statistics.median(us["cardgames"])
    decisions = runs["cardgames"][0][1]
    report["rounds"] = args.rounds
    report["cardgames"] = {
        "games_per_second": round(
            args.games / statistics.median(s for s, _ in runs["cardgames"]), 1
        ),
        "decisions": decisions,
        "us_per_decision": round(ours_us, 3),
        "us_per_decision_rounds": [round(x, 3) for x in us["cardgames"]],
    }
    print(
        f"cardgames {args.game} ({args.preset or 'default'}), "
        f"{args.players} players, {args.games} games x {args.rounds} rounds, "
        f"{engine_build()} engine, Python {report['python']}"
    )
    print(
        f"  {report['cardgames']['games_per_second']:10.1f} games/s   {ours_us:7.3f} µs/decision"
        f"   (median of {len(us['cardgames'])} rounds; {decisions} decisions per round)"
    )
    for name in ("open_spiel", "rlcard"):
        if args.no_competitors:
            break
        if name not in us:
            print(f"{name}: not installed (pip install {name})")
            continue
        other_us = statistics.median(us[name])
        # The ratio of each round (same spell of the machine), then their median.
        ratio = statistics.median(a / b for a, b in zip(us["cardgames"], us[name], strict=True))
        report[name] = {
            "us_per_decision": round(other_us, 3),
            "us_per_decision_rounds": [round(x, 3) for x in us[name]],
            "ours_over_theirs": round(ratio, 3),
        }
        print(
            f"{name}: {other_us:7.3f} µs/decision; cardgames/{name} = {ratio:.2f}x"
            f" ({1 / ratio:.2f}x {'faster' if ratio < 1 else 'slower'}), median of round ratios"
        )
    print(f"(command: python benchmarks/bench_shedding.py {' '.join(sys.argv[1:])})")
    if args.json:
        with open(args.json, "w", encoding="utf-8") as handle:
            json.dump(report, handle, indent=2)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
