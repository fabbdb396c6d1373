"""Does the first player win more often? Win rate by seat, with 95 % intervals and a chart.

Run it::

    python examples/analysis_first_player.py                      # Crazy Eights, 4 heuristic bots
    python examples/analysis_first_player.py --games 20000 --workers 2 --out chart.png
    python examples/analysis_first_player.py --game "8 américain" --players 3 --agent random
    python examples/analysis_first_player.py --game planets --games 500 --out planets.png

It plays ``--games`` seeded games between identical agents (so that only the seat differs)
with `cardgames.simulate.simulate`, prints each seat's win rate with its 95 % Wilson interval
next to the fair share (one game in ``players``), and says whether the player who moves first
does better. With ``--out FILE.png`` it draws the win rates as a bar chart with their
intervals. The chart needs matplotlib, from the ``analysis`` extra::

    pip install 'pycardgames[analysis]'

Who moves first is the game's rule: in the shedding games the player on the dealer's left
(seat 1; the dealer is seat 0), in the planet game seat 0. A shared win counts as a fraction
of a win for each winner, so the seats' win rates add up to 100 %.

The rows are the same in one process and with ``--workers K`` (K processes), since game
``i`` always gets the same seed: raise ``--games`` to narrow the intervals.
"""

from __future__ import annotations

import argparse
import concurrent.futures
import contextlib
import importlib
import sys
from pathlib import Path
from typing import Any

import cardgames
from cardgames.simulate import SeatSummary, Summary, simulate


def seat_label(seat: int, first: int, players: int) -> str:
    """``"seat 1 (moves first)"``, ``"seat 2 (2nd)"``… in the order of play."""
    order = (seat - first) % players + 1
    suffix = {1: "moves first", 2: "2nd", 3: "3rd"}.get(order, f"{order}th")
    return f"seat {seat} ({suffix})"


def pct(x: float) -> str:
    return f"{100 * x:5.1f} %"


def report(summary: Summary, first: int) -> list[str]:
    """The table of win rates by seat, and the answer to the question."""
    players = len(summary.seats)
    fair = 1 / players
    labels = [seat_label(s.seat, first, players) for s in summary.seats]
    width = max(len(label) for label in labels)
    lines = [f"{'seat':<{width}}  {'wins':>7}  {'win rate':>8}  {'95 % CI':>18}  vs fair share"]
    for label, seat in zip(labels, summary.seats, strict=True):
        rate = seat.win_rate
        verdict = "above" if rate.low > fair else "below" if rate.high < fair else "within"
        lines.append(
            f"{label:<{width}}  {rate.wins:7g}  {pct(rate.rate):>8}  "
            f"[{pct(rate.low)}, {pct(rate.high)}]  {verdict}"
        )
    mover = summary.seats[first].win_rate
    if mover.low > fair:
        answer = "Yes: the first player wins more often than the fair share"
    elif mover.high < fair:
        answer = "No: the first player wins less often than the fair share"
    else:
        answer = "Cannot tell: the fair share is inside its interval (play more games)"
    lines += [
        "",
        f"Fair share: {pct(fair).strip()}. Does the first player win more often? {answer}.",
    ]
    return lines


def load_pyplot() -> Any | None:
    """matplotlib's pyplot with the Agg backend (files only, no window), or ``None``."""
    try:
        # Imported by name: matplotlib is optional, and this type-checks with or without it.
        matplotlib: Any = importlib.import_module("matplotlib")
    except ImportError:
        return None
    matplotlib.use("Agg")
    return importlib.import_module("matplotlib.pyplot")


def draw_chart(plt: Any, seats: tuple[SeatSummary, ...], first: int, title: str, out: Path) -> None:
    """Bars of the win rate by seat, with their 95 % intervals and the fair share."""
    players = len(seats)
    labels = [seat_label(s.seat, first, players).replace(" (", "\n(") for s in seats]
    rates = [100 * s.win_rate.rate for s in seats]
    below = [100 * (s.win_rate.rate - s.win_rate.low) for s in seats]
    above = [100 * (s.win_rate.high - s.win_rate.rate) for s in seats]
    colors = ["tab:orange" if s.seat == first else "tab:blue" for s in seats]
    fig, ax = plt.subplots(figsize=(1.6 * players + 2.4, 4.2), layout="constrained")
    ax.bar(labels, rates, yerr=[below, above], capsize=6, color=colors)
    ax.axhline(100 / players, color="black", linestyle="--", linewidth=1, label="fair share")
    ax.set_ylabel("win rate (%), with 95 % interval")
    ax.set_ylim(0, max(100 * s.win_rate.high for s in seats) * 1.15)
    ax.set_title(title)
    ax.legend(loc="upper right")
    fig.savefig(out, dpi=100)
    plt.close(fig)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Does the first player win more often?")
    parser.add_argument("--game", default="crazy-eights", help="a game name or alias")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--agent", default="heuristic", help="the agent at every seat")
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--preset", default=None, help="a named preset of the game's rules")
    parser.add_argument("--workers", type=int, default=1, help="worker processes")
    parser.add_argument("--out", type=Path, default=None, help="draw the chart to this PNG")
    args = parser.parse_args(argv)
    plt = None
    if args.out is not None:
        plt = load_pyplot()  # before the games: fail fast if the chart cannot be drawn
        if plt is None:
            print(
                "error: the chart needs matplotlib: pip install 'pycardgames[analysis]'",
                file=sys.stderr,
            )
            return 1
    with contextlib.ExitStack() as stack:
        executor = None
        if args.workers > 1:
            executor = stack.enter_context(
                concurrent.futures.ProcessPoolExecutor(max_workers=args.workers)
            )
        try:
            game = cardgames.find_game(args.game)
            rules = game.preset(args.preset) if args.preset else game.default_rules
            first = game.new_game(args.players, seed=0, rules=rules).to_act[0]
            results = simulate(
                game,
                players=args.players,
                agents=[args.agent] * args.players,
                games=args.games,
                seed=args.seed,
                rules=rules,
                executor=executor,
            )
        except cardgames.CardGamesError as exc:
            print(f"error: {exc}", file=sys.stderr)
            return 2
    summary = results.summary()
    preset = args.preset or next(iter(game.presets))
    title = f"{game.title}, {args.players} {args.agent} players, {args.games} games"
    print(f"{title} (rules {preset}, seed {args.seed})")
    print()
    print("\n".join(report(summary, first)))
    if plt is not None:
        draw_chart(plt, summary.seats, first, title, args.out)
        print(f"Chart: {args.out}")
    else:
        print("(add --out chart.png to draw the chart)")
    return 0


if __name__ == "__main__":  # required: worker processes import this module
    raise SystemExit(main())
