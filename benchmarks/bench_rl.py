"""One environment step of the RL adapters, against RLCard's ``uno`` environment.

What one step costs, each measured the way its users drive it, with random legal actions:

- **ours, AEC**: `cardgames.rl.pettingzoo.env` (with PettingZoo's order-enforcing wrapper, as
  ``env()`` returns it), the loop of PettingZoo's documentation: ``for agent in
  env.agent_iter(): observation, reward, termination, truncation, info = env.last()``, a random
  id among the ones of ``observation["action_mask"]``, ``env.step(action)``. One step is
  ``last()`` (the agent's observation vector and action mask, built from its view) and
  ``step()`` (decode, validate and apply the move, find the next agent); µs per step count the
  live steps (the dead agents' ``None`` steps at the end of a game are timed, not counted).
- **ours, Gymnasium**: `cardgames.rl.gymnasium.CardGameEnv` with a ``"random"`` library agent
  in the other seats: ``env.step(action)`` plays the learner's id *and the opponents' moves* up
  to its next decision, then builds its observation and mask; µs per learner step.
- **PettingZoo's loop alone** (``floor``): the same loop, wrapper and random choice over an AEC
  environment that plays no game (a fixed observation and an all-legal mask, 70 steps a game):
  what PettingZoo's protocol and the loop cost before any game work, the floor under our AEC
  figure.
- **RLCard uno**: ``rlcard.make("uno")``, the loop of RLCard's ``Env.run``: ``state, player =
  env.reset()``, then while ``not env.is_over()``: a random id among
  ``state["legal_actions"]``, ``state, player = env.step(action)`` (which builds the next
  player's observation and legal actions); µs per step.

The three are interleaved: each of ``--rounds`` rounds plays ``--games`` games of each, in an
order that rotates from round to round, so that a busy spell of the shared machine hits all
alike; the figures are the medians of the rounds, the ratio the median of the rounds' ratios.
Goal of the RL issue: our AEC step at least 2x faster than RLCard's step. Without RLCard
installed (``pip install rlcard``), it says so and measures ours only.

Usage::

    python benchmarks/bench_rl.py [--game crazy-eights] [--players 2] [--games 300]
        [--rounds 7] [--json results.json]

It measures the ``cardgames`` it imports: the binary wheel's engine is compiled with mypyc, an
editable install is pure Python (see benchmarks/README.md to measure the wheel).

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

import numpy as np
from pettingzoo import AECEnv

import cardgames.shedding.engine
from cardgames.rl.gymnasium import CardGameEnv
from cardgames.rl.pettingzoo import env as aec_env

Runner = Callable[[], "tuple[float, int] | None"]


def engine_build() -> str:
    """``"compiled"`` if the shedding engine is the mypyc extension, else ``"pure Python"``."""
    from importlib.machinery import EXTENSION_SUFFIXES

    compiled = cardgames.shedding.engine.__file__.endswith(tuple(EXTENSION_SUFFIXES))
    return "compiled" if compiled else "pure Python"


def bench_aec(game: str, players: int, games: int) -> tuple[float, int]:
    """PettingZoo's agent loop over ``games`` seeded games; (seconds, live steps)."""
    return _agent_loop(aec_env(game, players=players), games)


def _agent_loop(env: Any, games: int) -> tuple[float, int]:
    """PettingZoo's documented loop, random legal ids, ``games`` seeded games; (s, live steps)."""
    chooser = random.Random(12345)
    steps = 0
    start = time.perf_counter()
    for seed in range(games):
        env.reset(seed=seed)
        for _agent in env.agent_iter():
            observation, _reward, termination, truncation, _info = env.last()
            if termination or truncation:
                env.step(None)
                continue
            legal = np.flatnonzero(observation["action_mask"])
            env.step(int(legal[chooser.randrange(len(legal))]))
            steps += 1
    return time.perf_counter() - start, steps


class _NoGame(AECEnv):  # type: ignore[misc]  # PettingZoo has no type information
    """An AEC environment that plays no game: two agents, 70 steps, a fixed observation."""

    metadata = {"render_modes": [], "name": "no_game_v0", "is_parallelizable": False}  # noqa: RUF012

    def __init__(self, size: int, actions: int) -> None:
        super().__init__()
        self.possible_agents = ["player_0", "player_1"]
        self._observation = {
            "observation": np.zeros(size, np.float32),
            "action_mask": np.ones(actions, np.int8),
        }
        self._steps = 0

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        self.agents = self.possible_agents[:]
        self._steps = 0
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self.agent_selection = "player_0"

    def observe(self, agent: str) -> dict[str, Any]:
        return self._observation

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent]:
            self._was_dead_step(action)
            return
        self._steps += 1
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        if self._steps >= 70:
            self.terminations = dict.fromkeys(self.agents, True)
        self.agent_selection = "player_1" if agent == "player_0" else "player_0"
        self._accumulate_rewards()


def bench_floor(game: str, players: int, games: int) -> tuple[float, int]:
    """PettingZoo's agent loop over an environment that plays no game; (seconds, live steps)."""
    ours = aec_env(game, players=players)
    (size,) = ours.unwrapped.observations.shape
    env = type(ours)(_NoGame(size, ours.unwrapped.actions.size))  # the same wrapper as ours
    return _agent_loop(env, games)


def bench_gymnasium(game: str, players: int, games: int) -> tuple[float, int]:
    """The learner's steps against random agents over ``games`` games; (seconds, steps)."""
    env = CardGameEnv(game, players=players, opponents="random")
    chooser = random.Random(12345)
    steps = 0
    start = time.perf_counter()
    for seed in range(games):
        observation, _info = env.reset(seed=seed)
        done = False
        while not done:
            legal = np.flatnonzero(observation["action_mask"])
            observation, _reward, terminated, truncated, _info = env.step(
                int(legal[chooser.randrange(len(legal))])
            )
            done = terminated or truncated
            steps += 1
    return time.perf_counter() - start, steps


def bench_rlcard(players: int, games: int) -> tuple[float, int] | None:
    """RLCard's ``uno`` environment stepped as ``Env.run`` does; (seconds, steps)."""
    try:
        import rlcard  # type: ignore[import-untyped, import-not-found, unused-ignore]
    except ImportError:
        return None
    env = rlcard.make("uno", config={"seed": 12345, "game_num_players": players})
    chooser = random.Random(12345)
    steps = 0
    start = time.perf_counter()
    for _ in range(games):
        state, _player = env.reset()
        while not env.is_over():
            legal = list(state["legal_actions"])
            state, _player = env.step(legal[chooser.randrange(len(legal))])
            steps += 1
    return time.perf_counter() - start, steps


def interleaved(rounds: int, runners: dict[str, Runner]) -> dict[str, list[tuple[float, int]]]:
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
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=300, help="games of each, every round")
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--no-competitors", action="store_true", help="measure ours only")
    parser.add_argument("--json", default=None, help="write the figures to this file")
    args = parser.parse_args(argv)
    if args.games < 1 or args.rounds < 1:
        parser.error("--games and --rounds must be at least 1")

    runners: dict[str, Runner] = {
        "aec": lambda: bench_aec(args.game, args.players, args.games),
        "gymnasium": lambda: bench_gymnasium(args.game, args.players, args.games),
        "floor": lambda: bench_floor(args.game, args.players, args.games),
    }
    if not args.no_competitors:
        runners["rlcard"] = lambda: bench_rlcard(args.players, args.games)
    runs = interleaved(args.rounds, runners)
    us = {name: [s / n * 1e6 for s, n in results] for name, results in runs.items()}
    report: dict[str, Any] = {
        "python": sys.version.split()[0],
        "machine": platform.machine(),
        "game": args.game,
        "players": args.players,
        "games": args.games,
        "rounds": args.rounds,
        "engine": engine_build(),
    }
    print(
        f"RL environment steps: {args.game}{'' if args.no_competitors else ' and RLCard uno'}, "
        f"{args.players} players, "
        f"{args.games} games of each x {args.rounds} rounds, {engine_build()} engine, "
        f"Python {report['python']}"
    )
    labels = {
        "aec": "ours, PettingZoo AEC last()+step()",
        "gymnasium": "ours, Gymnasium step (opponents' moves included)",
        "floor": "PettingZoo's loop alone, no game (floor)",
        "rlcard": "RLCard uno env.step",
    }
    for name, label in labels.items():
        if name not in us:
            continue
        median = statistics.median(us[name])
        steps = runs[name][0][1]
        report[name] = {
            "us_per_step": round(median, 3),
            "us_per_step_rounds": [round(x, 3) for x in us[name]],
            "steps_per_round": steps,
        }
        print(f"  {label:<50} {median:8.2f} µs/step   ({steps} steps a round)")
    if "rlcard" in us:
        # The ratio of each round (same spell of the machine), then their median.
        ratio = statistics.median(
            theirs / ours for ours, theirs in zip(us["aec"], us["rlcard"], strict=True)
        )
        report["rlcard_over_aec"] = round(ratio, 3)
        verdict = "met" if ratio >= 2 else "not met"
        speed = f"{ratio:.2f}x faster" if ratio >= 1 else f"{1 / ratio:.2f}x slower"
        print(
            f"RLCard uno step / our AEC step = {ratio:.2f} (median of the round ratios): ours is "
            f"{speed}; the goal, 2x faster: {verdict}"
        )
        floor = statistics.median(
            theirs / ours for ours, theirs in zip(us["floor"], us["rlcard"], strict=True)
        )
        report["rlcard_over_floor"] = round(floor, 3)
        print(
            f"RLCard uno step / PettingZoo's loop alone = {floor:.2f}: the most any AEC "
            "environment could reach in this loop"
        )
    elif not args.no_competitors:
        print("rlcard: not installed (pip install rlcard): ours only")
    print(f"(command: python benchmarks/bench_rl.py {' '.join(sys.argv[1:])})")
    if args.json:
        with open(args.json, "w", encoding="utf-8") as handle:
            json.dump(report, handle, indent=2)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
