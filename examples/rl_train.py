"""A small policy-gradient learner, in NumPy alone, against the random agent.

Run it::

    python examples/rl_train.py                     # 2-player Crazy Eights, about 2 minutes
    python examples/rl_train.py --out curve.png     # the same, and the learning curve
    python examples/rl_train.py --game "8 américain" --hidden 64 --out curve.png
    python examples/rl_train.py --episodes 200 --eval-games 200 --block 50   # a quick check

The learner plays seat ``--seat`` of the Gymnasium environment
`cardgames.rl.gymnasium.CardGameEnv` (the ids ``cardgames/CrazyEights-v0``…), library
``"random"`` agents the other seats. Its policy is a softmax over the *legal* action ids only
(the others get probability 0 through the observation's ``action_mask``), with logits linear in
the features, or, with ``--hidden H``, computed by one hidden layer of H tanh units. The
features are the observation vector (`cardgames.rl.observe`), each value squashed by
``sign(x) * log(1 + |x|)`` so that the counts (cards in the stock, hand sizes) do not dwarf the
one-hot fields, and a constant 1.

Training is REINFORCE with a learned baseline (Monte Carlo actor-critic). The reward comes once,
at the end of the game (+1 for a win, -1 for a loss, `cardgames.rl.rewards`), so the return of
each decision is the final reward. A linear value function of the same features, fitted by
gradient steps on its squared error as training goes, is subtracted from it, and the policy
follows the gradient of ``log pi(action) * (return - value)`` plus a small entropy bonus.
Parameters move by Adam after every ``--batch`` episodes. Decisions with a single legal id
teach nothing and are skipped.

It reports, and draws with ``--out FILE.png`` (matplotlib, the ``analysis`` extra):

- the learning curve: the win rate of each block of ``--block`` training episodes (the policy
  sampled, as it is trained);
- the baseline: the win rate of the *untrained* policy, which picks uniformly among the legal
  ids (it plays like the random agent), over the evaluation deals;
- the final policy, played *greedily* (the most probable legal id at every decision), over
  ``--eval-games`` evaluation deals (default 2,000) that training never saw, with its 95 %
  Wilson interval (`cardgames.simulate.wilson_interval`); the baseline plays the same deals.

Everything follows from ``--seed``: the deals (`cardgames.simulate.game_seed`), the opponents'
choices (the environment seeds them from each deal's seed) and the learner's sampling. The same
command prints the same figures on the same machine.
"""

from __future__ import annotations

import argparse
import importlib
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

import cardgames
from cardgames.rl.gymnasium import CardGameEnv
from cardgames.simulate import game_seed, wilson_interval

Array = npt.NDArray[np.float64]

_EVAL_STREAM = 1_000_003
"""Evaluation deal ``i`` gets ``game_seed(seed + _EVAL_STREAM, i)``: deals training never sees."""


def features(observation: npt.NDArray[np.float32]) -> Array:
    """The observation squashed by ``sign(x) log(1 + |x|)``, then a constant 1."""
    x = observation.astype(np.float64)
    return np.append(np.sign(x) * np.log1p(np.abs(x)), 1.0)


@dataclass
class Adam:
    """Adam's update of one parameter array (NumPy's own arithmetic, nothing else)."""

    shape: tuple[int, ...]
    rate: float
    beta1: float = 0.9
    beta2: float = 0.999
    steps: int = 0
    m: Array = field(init=False)
    v: Array = field(init=False)

    def __post_init__(self) -> None:
        self.m = np.zeros(self.shape)
        self.v = np.zeros(self.shape)

    def step(self, grad: Array) -> Array:
        """The change to add to the parameters to go *up* ``grad``."""
        self.steps += 1
        self.m = self.beta1 * self.m + (1 - self.beta1) * grad
        self.v = self.beta2 * self.v + (1 - self.beta2) * grad * grad
        m_hat = self.m / (1 - self.beta1**self.steps)
        v_hat = self.v / (1 - self.beta2**self.steps)
        change: Array = self.rate * m_hat / (np.sqrt(v_hat) + 1e-8)
        return change


class Policy:
    """A softmax over the legal ids: logits ``W2 tanh(W1 x) `` (or ``W x`` with no hidden layer).

    All weights start at zero (the last layer; the hidden one small and random), so the untrained
    policy is uniform over the legal ids.
    """

    def __init__(self, inputs: int, actions: int, hidden: int, rng: np.random.Generator) -> None:
        self.hidden = hidden
        if hidden:
            self.w1: Array = rng.normal(0.0, 1.0 / np.sqrt(inputs), (hidden, inputs))
            self.w2: Array = np.zeros((actions, hidden + 1))
        else:
            self.w1 = np.zeros((0, inputs))
            self.w2 = np.zeros((actions, inputs))

    def layer(self, x: Array) -> Array:
        """What the last layer reads: ``x`` itself, or the hidden units and a constant 1."""
        if not self.hidden:
            return x
        return np.append(np.tanh(self.w1 @ x), 1.0)

    def probabilities(self, h: Array, legal: npt.NDArray[np.intp]) -> Array:
        """The probability of each legal id, in the order of ``legal``."""
        logits = self.w2[legal] @ h
        logits = logits - float(np.max(logits))
        p: Array = np.exp(logits)
        p /= p.sum()
        return p

    def gradients(
        self,
        xs: Array,
        hs: Array,
        actions: Array,
        legal_sets: list[npt.NDArray[np.intp]],
        probs: list[Array],
        weights: Array,
        entropy: float,
    ) -> tuple[Array, Array]:
        """The gradient of ``sum weight * log pi(a) + entropy * H(pi)`` for W1 and W2."""
        d_logits = np.zeros((len(xs), self.w2.shape[0]))
        for t, (legal, p) in enumerate(zip(legal_sets, probs, strict=True)):
            g = -weights[t] * p
            g[int(np.searchsorted(legal, actions[t]))] += weights[t]
            if entropy:
                log_p = np.log(p + 1e-12)
                g += entropy * -p * (log_p - p @ log_p)
            d_logits[t, legal] = g
        grad_w2: Array = d_logits.T @ hs
        if not self.hidden:
            return np.zeros_like(self.w1), grad_w2
        d_h = (d_logits @ self.w2[:, :-1]) * (1.0 - hs[:, :-1] ** 2)
        grad_w1: Array = d_h.T @ xs
        return grad_w1, grad_w2


@dataclass
class Episode:
    """What one game taught: its decisions with more than one legal id, and its reward."""

    xs: list[Array] = field(default_factory=list)
    hs: list[Array] = field(default_factory=list)
    actions: list[int] = field(default_factory=list)
    legal: list[npt.NDArray[np.intp]] = field(default_factory=list)
    probs: list[Array] = field(default_factory=list)
    reward: float = 0.0


def win_share(reward: float) -> float:
    """The learner's share of the win: `cardgames.rl.rewards` gives each of k winners 1/k."""
    return max(reward, 0.0)


Chooser = Callable[[Array, npt.NDArray[np.intp], Array], int]


def play(env: CardGameEnv, policy: Policy, seed: int, choose: Chooser) -> Episode:
    """Play one deal; ``choose(h, legal, probabilities)`` picks each of the learner's ids."""
    episode = Episode()
    observation, _ = env.reset(seed=seed)
    while True:
        legal = np.flatnonzero(observation["action_mask"])
        if len(legal) == 1:
            action = int(legal[0])
        else:
            x = features(observation["observation"])
            h = policy.layer(x)
            p = policy.probabilities(h, legal)
            action = choose(h, legal, p)
            episode.xs.append(x)
            episode.hs.append(h)
            episode.actions.append(action)
            episode.legal.append(legal)
            episode.probs.append(p)
        observation, reward, terminated, truncated, _ = env.step(action)
        if terminated or truncated:
            episode.reward = float(reward)
            return episode


def evaluate(
    env: CardGameEnv, policy: Policy, seeds: list[int], choose: Chooser
) -> tuple[float, int]:
    """Wins (a shared win counts as its share) over the deals of ``seeds``."""
    wins = 0.0
    for seed in seeds:
        wins += win_share(play(env, policy, seed, choose).reward)
    return wins, len(seeds)


@dataclass
class Training:
    """The figures of one run."""

    blocks: list[tuple[int, float]]  # (episodes played so far, win rate of the block)
    seconds: float


def train(
    env: CardGameEnv, policy: Policy, args: argparse.Namespace, rng: np.random.Generator
) -> Training:
    """REINFORCE with a linear baseline; Adam every ``args.batch`` episodes."""
    inputs = env.observations.shape[0] + 1
    value = np.zeros(inputs)
    opt_w1 = Adam(policy.w1.shape, args.lr)
    opt_w2 = Adam(policy.w2.shape, args.lr)

    def sample(h: Array, legal: npt.NDArray[np.intp], p: Array) -> int:
        return int(legal[rng.choice(len(legal), p=p)])

    blocks: list[tuple[int, float]] = []
    block_wins = 0.0
    batch: list[Episode] = []
    start = time.perf_counter()
    for index in range(args.episodes):
        episode = play(env, policy, game_seed(args.seed, index), sample)
        block_wins += win_share(episode.reward)
        batch.append(episode)
        if len(batch) == args.batch or index == args.episodes - 1:
            decisions = [e for e in batch if e.xs]
            if decisions:
                xs = np.array([x for e in decisions for x in e.xs])
                hs = np.array([h for e in decisions for h in e.hs])
                returns = np.array([e.reward for e in decisions for _ in e.xs])
                baseline = xs @ value
                weights = (returns - baseline) / len(batch)
                actions = np.array([a for e in decisions for a in e.actions])
                legal = [s for e in decisions for s in e.legal]
                probs = [p for e in decisions for p in e.probs]
                g1, g2 = policy.gradients(
                    xs, hs, actions, legal, probs, weights, args.entropy / len(batch)
                )
                policy.w1 += opt_w1.step(g1)
                policy.w2 += opt_w2.step(g2)
                value += args.value_lr * xs.T @ (returns - baseline) / len(xs)
            batch = []
        if (index + 1) % args.block == 0:
            blocks.append((index + 1, block_wins / args.block))
            block_wins = 0.0
            if args.verbose:
                print(f"  {index + 1:7d} episodes: block win rate {blocks[-1][1]:.3f}")
    return Training(blocks, time.perf_counter() - start)


def load_pyplot() -> Any | None:
    """matplotlib's pyplot with the Agg backend (files only, no window), or ``None``."""
    try:
        matplotlib: Any = importlib.import_module("matplotlib")  # optional: the analysis extra
    except ImportError:
        return None
    matplotlib.use("Agg")
    return importlib.import_module("matplotlib.pyplot")


def draw_curve(
    plt: Any,
    training: Training,
    baseline: tuple[float, float, float],
    final: tuple[float, float, float],
    title: str,
    out: Path,
) -> None:
    """The block win rates, the untrained policy's band and the final greedy evaluation."""
    episodes = [n for n, _ in training.blocks]
    rates = [100 * r for _, r in training.blocks]
    fig, ax = plt.subplots(figsize=(7.0, 4.0), layout="constrained")
    ax.plot(episodes, rates, color="tab:blue", linewidth=1.2, label="training (sampled policy)")
    rate, low, high = (100 * v for v in baseline)
    ax.axhline(rate, color="black", linestyle="--", linewidth=1, label="untrained policy (random)")
    ax.axhspan(low, high, color="black", alpha=0.08)
    rate, low, high = (100 * v for v in final)
    last = episodes[-1] if episodes else 0
    ax.errorbar(
        [last],
        [rate],
        yerr=[[rate - low], [high - rate]],
        fmt="o",
        color="tab:orange",
        capsize=5,
        label="final policy, greedy (95 % CI)",
    )
    ax.set_xlabel("training episodes")
    ax.set_ylabel("win rate (%)")
    ax.set_title(title)
    ax.legend(loc="lower right")
    ax.grid(alpha=0.3)
    fig.savefig(out, dpi=80)
    plt.close(fig)


def pct(x: float) -> str:
    return f"{100 * x:.1f} %"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="A NumPy policy-gradient learner vs random.")
    parser.add_argument("--game", default="crazy-eights", help="a game name or alias")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--seat", type=int, default=0, help="the learner's seat")
    parser.add_argument("--episodes", type=int, default=20000, help="training games")
    parser.add_argument("--eval-games", type=int, default=2000, help="evaluation games")
    parser.add_argument("--hidden", type=int, default=0, help="hidden units (0: linear)")
    parser.add_argument("--lr", type=float, default=0.01, help="Adam's step size")
    parser.add_argument("--value-lr", type=float, default=0.05, help="the baseline's step")
    parser.add_argument("--entropy", type=float, default=0.01, help="entropy bonus")
    parser.add_argument("--batch", type=int, default=16, help="episodes per update")
    parser.add_argument("--block", type=int, default=500, help="episodes per point of the curve")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", type=Path, default=None, help="draw the curve to this PNG")
    parser.add_argument("--verbose", action="store_true", help="print every block")
    args = parser.parse_args(argv)
    for name in ("episodes", "eval_games", "batch", "block"):
        if getattr(args, name) < 1:
            parser.error(f"--{name.replace('_', '-')} must be at least 1")
    if args.hidden < 0:
        parser.error("--hidden must be 0 or more")
    plt = None
    if args.out is not None:
        plt = load_pyplot()  # before training: fail fast if the curve cannot be drawn
        if plt is None:
            print(
                "error: the chart needs matplotlib: pip install 'pycardgames[analysis]'",
                file=sys.stderr,
            )
            return 1
    try:
        env = CardGameEnv(args.game, players=args.players, seat=args.seat, opponents="random")
    except cardgames.CardGamesError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    inputs = env.observations.shape[0] + 1
    seeds = np.random.SeedSequence(args.seed).spawn(2)
    policy = Policy(inputs, env.actions.size, args.hidden, np.random.default_rng(seeds[0]))
    rng = np.random.default_rng(seeds[1])
    kind = f"one hidden layer of {args.hidden} tanh units" if args.hidden else "linear"
    title = f"{env.game.title}, {args.players} players, learner in seat {args.seat} vs random"
    print(f"{title}: softmax policy, {kind}, REINFORCE with a baseline, seed {args.seed}")

    eval_seeds = [game_seed(args.seed + _EVAL_STREAM, i) for i in range(args.eval_games)]
    uniform = np.random.default_rng(seeds[1].spawn(1)[0])

    def at_random(h: Array, legal: npt.NDArray[np.intp], p: Array) -> int:
        return int(legal[uniform.integers(len(legal))])

    def greedy(h: Array, legal: npt.NDArray[np.intp], p: Array) -> int:
        return int(legal[int(np.argmax(p))])

    wins, games = evaluate(env, policy, eval_seeds, at_random)
    baseline = (wins / games, *wilson_interval(wins, games))
    print(
        f"untrained policy (uniform over the legal ids), {games} evaluation games: "
        f"{pct(baseline[0])}  95 % CI [{pct(baseline[1])}, {pct(baseline[2])}]"
    )
    training = train(env, policy, args, rng)
    print(
        f"trained on {args.episodes} games in {training.seconds:.0f} s; "
        "win rate of the training blocks (sampled policy):"
    )
    shown = training.blocks
    if len(shown) > 10:  # ten points of the curve, the last one included
        step = len(shown) / 10
        shown = [shown[round(step * (i + 1)) - 1] for i in range(10)]
    print("  " + "  ".join(f"{n}: {pct(r)}" for n, r in shown))
    wins, games = evaluate(env, policy, eval_seeds, greedy)
    final = (wins / games, *wilson_interval(wins, games))
    verdict = (
        "above the untrained policy"
        if final[1] > baseline[2]
        else "not clearly above the untrained policy (the intervals overlap)"
    )
    print(
        f"final policy (greedy), the same {games} evaluation games: {pct(final[0])}  "
        f"95 % CI [{pct(final[1])}, {pct(final[2])}]: {verdict}"
    )
    if plt is not None:
        draw_curve(plt, training, baseline, final, title, args.out)
        print(f"Chart: {args.out}")
    else:
        print("(add --out curve.png to draw the learning curve)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
