"""Soak test: many random games of every game and preset, every invariant checked.

Plays ``--games`` games (default 100,000), cycling through every registered game, every preset
and every number of players from the game's minimum to 8, with uniformly random legal moves,
through the public API only (`cardgames.games`, `Game.new_game`, `State.legal_moves`,
`State.apply`...). After every move it checks:

- cards are conserved (``all_cards()`` is unchanged);
- a game that is not over has legal moves, and someone to act; every seat in ``to_act`` has
  moves, and only its own; a game that is over has none, and an outcome whose winners and
  scores fit the seats; the game ends within the rules' bound on moves;

and, every ``--deep-every`` moves and at the end of every game, that the state and the view of
a seat (or of a spectator) drawn at random write JSON that loads back to an equal value. Every
100th game is replayed from its seed and moves and must end in the same state.

It reports games, moves, failures (must be 0) and the peak resident memory at checkpoints,
which must stay flat: a leak grows with the number of games, so the peak may not grow by more
than ``--max-growth`` MiB over the second half of the run. (The first games fill the engines'
per-rules tables and memos, which are bounded; the growth since the first cycle through every
game, preset and player count is reported too.) The exit status is 1 if a game failed or the
memory grew.

Usage::

    python benchmarks/soak.py                    # 100,000 games
    python benchmarks/soak.py --games 20000      # the figures in docs/reliability.md
    python benchmarks/soak.py --games 300        # CI
"""

from __future__ import annotations

import argparse
import random
import resource
import sys
import time
import traceback
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import cardgames
from cardgames import CardGamesError
from cardgames.game import Game, State

AnyState = State[Any, Any, Any]
MOST_PLAYERS = 8


@dataclass(frozen=True)
class Setup:
    """One entry of the schedule: a game, a preset and a number of players."""

    game: Game[Any]
    preset: str
    rules: Any
    players: int

    @property
    def label(self) -> str:
        return f"{self.game.name}/{self.preset}"


@dataclass
class Tally:
    games: int = 0
    moves: int = 0
    failures: int = 0
    by_setup: Counter[str] = field(default_factory=Counter)
    moves_by_setup: Counter[str] = field(default_factory=Counter)
    failed: list[str] = field(default_factory=list)


class InvariantError(AssertionError):
    """An invariant of the game protocol does not hold."""


def check(condition: bool, message: str) -> None:
    if not condition:
        raise InvariantError(message)


def schedule(names: Sequence[str] | None) -> list[Setup]:
    """Every game (or those named), preset and number of players the rules allow."""
    setups = []
    for game in cardgames.games():
        if names and game.name not in names:
            continue
        for preset, rules in game.presets.items():
            for players in range(game.min_players, min(game.max_players, MOST_PLAYERS) + 1):
                try:
                    game.new_game(players, seed=0, rules=rules)
                except CardGamesError:
                    continue  # these rules do not seat that many players
                setups.append(Setup(game, preset, rules, players))
    return setups


def move_bound(game: Game[Any], rules: Any) -> int:
    """No game may last longer than this many moves."""
    if hasattr(rules, "max_moves"):
        return int(rules.max_moves)
    # The planet game: per turn, keep, give, two cards settled and at most every planet put
    # under the stock (as in tests/planets_support.py).
    return int(rules.max_turns) * (6 + 8 * 12)


def check_position(state: AnyState, cards: tuple[Any, ...], players: int) -> int:
    """The invariants of one position; returns the number of legal moves."""
    check(state.all_cards() == cards, "a card was created, lost or duplicated")
    to_act = state.to_act
    legal = state.legal_moves()
    if state.is_over:
        check(to_act == () and not legal, "a finished game has no move")
        outcome = state.outcome()
        check(outcome is not None, "a finished game has an outcome")
        assert outcome is not None
        check(bool(outcome.winners), "a finished game has winners")
        check(all(0 <= w < players for w in outcome.winners), "winners are seats")
        check(len(outcome.scores) == players, "one score per seat")
        return 0
    check(state.outcome() is None, "no outcome before the end")
    check(bool(to_act) and bool(legal), "a game that is not over has moves")
    check(len(set(to_act)) == len(to_act), "to_act lists each seat once")
    total = 0
    for seat in to_act:
        own = state.legal_moves(seat)
        check(bool(own), f"seat {seat} may act but has no move")
        check(all(m.player == seat for m in own), f"seat {seat} has moves of another seat")
        total += len(own)
    check(total == len(legal), "legal_moves() is the moves of the seats in to_act")
    return len(legal)


def check_documents(game: Game[Any], state: AnyState, viewer: int | None) -> None:
    """The state and ``viewer``'s view write JSON that loads back equal."""
    text = state.to_json()
    again = game.state_from_json(text)
    check(again == state and again.to_json() == text, "the state does not round-trip")
    view = state.view(viewer)
    check(game.view_from_json(view.to_json()) == view, f"view {viewer} does not round-trip")


def viewer(chooser: random.Random, players: int) -> int | None:
    """A seat, or ``None`` for a spectator, whose view is checked."""
    seat = chooser.randrange(players + 1)
    return None if seat == players else seat


def play_one(setup: Setup, seed: int, deep_every: int, replay: bool) -> int:
    """Play one checked game; return its number of moves."""
    game, rules, players = setup.game, setup.rules, setup.players
    chooser = random.Random(seed)
    viewers = random.Random(-1 - seed)  # apart, so that --deep-every does not change the games
    state: AnyState = game.new_game(players, seed=seed, rules=rules)
    cards = state.all_cards()
    check(list(cards) == sorted(cards), "all_cards() is sorted")
    bound = move_bound(game, rules)
    chosen: list[int] = []
    moves = 0
    while True:
        count = check_position(state, cards, players)
        if deep_every and moves % deep_every == 0:
            check_documents(game, state, viewer(viewers, players))
        if state.is_over:
            break
        check(moves < bound, f"the game did not end within {bound} moves")
        index = chooser.randrange(count)
        chosen.append(index)
        state = state.apply(state.legal_moves()[index])
        moves += 1
    check_documents(game, state, viewer(viewers, players))
    if replay:
        again: AnyState = game.new_game(players, seed=seed, rules=rules)
        for index in chosen:
            again = again.apply(again.legal_moves()[index])
        check(again == state, "the same seed and moves gave another game")
    return moves


def peak_rss_mib() -> float:
    """The peak resident memory of this process so far, in MiB."""
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak / (1024 * 1024) if sys.platform == "darwin" else peak / 1024


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=100_000, help="games to play in total")
    parser.add_argument("--seed", type=int, default=0, help="the first game's seed")
    parser.add_argument("--game", action="append", help="only this game (repeatable)")
    parser.add_argument(
        "--deep-every",
        type=int,
        default=50,
        help="round-trip the state and a view through JSON every N moves (0: only at the end)",
    )
    parser.add_argument("--checkpoints", type=int, default=5, help="progress lines to print")
    parser.add_argument(
        "--max-growth",
        type=float,
        default=6.0,
        help="MiB the peak memory may grow over the second half of the games",
    )
    args = parser.parse_args(argv)
    if args.games < 1:
        parser.error("--games must be at least 1")
    setups = schedule(args.game)
    if not setups:
        parser.error(f"no game named {args.game}")
    warm_up = min(len(setups), args.games)
    half = max(warm_up, args.games // 2)
    every = max(1, (args.games - warm_up) // max(1, args.checkpoints))
    marks = {warm_up, half, args.games, *range(warm_up + every, args.games, every)}

    titles = sorted({s.game.name for s in setups})
    print(
        f"soak: {args.games:,} games of {', '.join(titles)} "
        f"({len({s.label for s in setups})} presets, {len(setups)} setups), seed {args.seed}"
    )
    print(f"{'games':>9} {'moves':>12} {'failures':>9} {'peak RSS MiB':>13} {'seconds':>8}")
    tally = Tally()
    start = time.perf_counter()
    warm_peak = half_peak = 0.0
    for i in range(args.games):
        setup = setups[i % len(setups)]
        seed = args.seed + i
        try:
            moves = play_one(setup, seed, args.deep_every, replay=i % 100 == 0)
        except Exception as exc:  # every failure is counted and reported, then play goes on
            tally.failures += 1
            where = f"{setup.label} players={setup.players} seed={seed}"
            tally.failed.append(f"{where}: {type(exc).__name__}: {exc}")
            if tally.failures <= 3:
                traceback.print_exc()
            moves = 0
        tally.games += 1
        tally.moves += moves
        tally.by_setup[setup.label] += 1
        tally.moves_by_setup[setup.label] += moves
        if tally.games in marks:
            peak = peak_rss_mib()
            if tally.games == warm_up:
                warm_peak = peak
            if tally.games == half:
                half_peak = peak
            elapsed = time.perf_counter() - start
            print(
                f"{tally.games:>9,} {tally.moves:>12,} {tally.failures:>9} "
                f"{peak:>13.1f} {elapsed:>8.1f}",
                flush=True,
            )
    elapsed = time.perf_counter() - start
    peak = peak_rss_mib()
    growth = peak - half_peak
    print()
    print(f"{'game/preset':<36} {'games':>8} {'moves':>11}")
    for label in sorted(tally.by_setup):
        print(f"{label:<36} {tally.by_setup[label]:>8,} {tally.moves_by_setup[label]:>11,}")
    print()
    print(
        f"games {tally.games:,}, moves {tally.moves:,}, failures {tally.failures}, "
        f"peak RSS {peak:.1f} MiB ({growth:+.1f} MiB over the second half, "
        f"{peak - warm_peak:+.1f} MiB since the first {warm_up} games), "
        f"{elapsed:.1f} s ({tally.games / elapsed:,.0f} games/s, {tally.moves / elapsed:,.0f} "
        f"moves/s), Python {sys.version.split()[0]}, cardgames {cardgames.__version__}"
    )
    for line in tally.failed[:20]:
        print(f"FAILED {line}")
    ok = True
    if tally.failures:
        print(f"soak: FAILED: {tally.failures} games failed")
        ok = False
    if growth > args.max_growth:
        print(f"soak: FAILED: peak memory grew by {growth:.1f} MiB over the second half")
        ok = False
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
