"""Play many seeded games between agents and summarize them, in one process or on many.

`simulate` answers questions such as "does the first player win more often?" or "which bot is
best?": it plays ``games`` games of one game between the same agents (one per seat) and returns
`SimulationResults`, one `GameRow` per game, with a `Summary` of win rates, game lengths and
scores. `iter_simulate` plays the same games and yields the same rows one at a time, keeping
none (a `SimulationStream`, whose summary is kept as running sums): analyses of any size run in
bounded memory. Rows come as tables for pandas or CSV in two shapes: one line per game
(`SimulationResults.records`, ``to_csv``: the seats side by side, ``score_0``, ``score_1``...)
or one line per game and seat (`SimulationResults.long_records`, ``to_csv(long=True)``,
`SimulationStream.long_records`: a ``seat`` column, then ``agent``, ``score`` and ``win``).

Reproducibility: game ``i`` of a simulation with master seed ``seed`` is played with the seed
``game_seed(seed, i)``, which is ``Rng.from_seed(seed).derive(i).next_u64()[0]``; it depends on
nothing else. The games are grouped into chunks, each played where the executor decides, and
the rows are put back in game order, so the results are identical whether the simulation runs
in this process, in a `concurrent.futures.ProcessPoolExecutor`, or on a Dask cluster, whatever
the chunk size. One game is replayed on its own with
``play_game(game, agents, seed=row.seed, rules=results.rules)``.

Executors: any `concurrent.futures.Executor` works. With a process pool or a cluster, each
chunk is pickled: the game travels by name (each worker looks it up with `find_game`, so a
game of your own must be registered when its module is imported), agent names travel as text
and are built again by `make_agent` in the worker, and agent objects are pickled, so they must
be picklable (module-level classes such as frozen attrs classes are). As the `Agent` protocol
asks, an agent keeps no state between moves (its randomness comes from the RNG it is given);
otherwise its play would depend on how the games are chunked. A Dask distributed
cluster is used through its executor::

    from distributed import Client

    with Client("tcp://scheduler:8786") as client:
        results = simulate(
            "crazy eights", players=4, agents=["random"] * 4, games=100_000, seed=1,
            executor=client.get_executor(),
        )

See ``examples/dask_simulation.py`` for a complete program.

Statistics: a shared win (several winners) counts as ``1/k`` of a win for each of the ``k``
winners, so the win rates of the seats of a game add up to one (to zero for a game without a
winner). Win rates come with 95 % Wilson score intervals. Which seat moves first is the game's
rule, the same in every game: in the shedding games, seat 1, on the left of the dealer (seat 0).

Examples:
    >>> results = simulate("crazy eights", players=3, agents=["random"] * 3, games=12, seed=1)
    >>> len(results.rows), results.rows[5].index, results.rows[5].seed == game_seed(1, 5)
    (12, 5, True)
    >>> results.rows[0].agents
    ('random', 'random', 'random')
    >>> summary = results.summary()
    >>> sum(seat.win_rate.wins for seat in summary.seats)
    12.0
"""

from __future__ import annotations

import bisect
import concurrent.futures
import csv
import importlib
import itertools
import math
import operator
import os
from collections.abc import Callable, Generator, Iterable, Iterator, Sequence
from typing import IO, Any, Final, TypeAlias

import attrs

from cardgames._integers import SEED_LIMIT, checked_seed, integer_or_none
from cardgames.agents.base import Agent, _play_unrecorded, agent_plays
from cardgames.agents.registry import _ArgumentError, make_agent
from cardgames.codec import decode, dump_document, encode, load_any_document
from cardgames.errors import InvalidArgumentError, InvalidStateError, UnknownGameError
from cardgames.game import (
    Capability,
    Game,
    Termination,
    find_game,
    normalize_name,
    whole_number,
)
from cardgames.narration import ending
from cardgames.rng import Rng

__all__ = [
    "LOWEST_TOTAL_WINS",
    "Z_95",
    "AgentSpec",
    "AgentSummary",
    "GameRow",
    "LengthSummary",
    "SeatSummary",
    "SimulationResults",
    "SimulationStream",
    "Summary",
    "WinRate",
    "game_seed",
    "iter_simulate",
    "simulate",
    "wilson_interval",
]

AgentSpec: TypeAlias = "str | Agent"
"""An agent given to `simulate`: a name for `make_agent` (``"random"``, ``"ismcts:500"``) or an
`Agent` object."""

Z_95 = 1.959963984540054
"""The standard normal quantile of 0.975: two-sided 95 % intervals."""

_MAX_CHUNK = 250
_IN_FLIGHT_PER_WORKER = 4
_CHUNKS_PER_WORKER = 8
_IN_PROCESS_CHUNKS = 100


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` of a simulation with master seed ``seed``.

    It is ``Rng.from_seed(seed).derive(index).next_u64()[0]``: a 64-bit number that depends on
    the master seed and the index only.

    Raises:
        InvalidArgumentError: for a ``seed`` that is not an integer with
            ``-2**64 < seed < 2**64`` (as `simulate`'s), or an ``index`` out of ``0..2**64-1``.

    Examples:
        >>> game_seed(1, 0) == game_seed(1, 0) != game_seed(1, 1)
        True
        >>> 0 <= game_seed(-5, 10**6) < 2**64
        True
    """
    return Rng.from_seed(checked_seed(seed)).derive(index).next_u64()[0]


def wilson_interval(successes: float, trials: int, *, z: float = Z_95) -> tuple[float, float]:
    """The Wilson score interval of a proportion ``successes / trials``.

    Fractional successes (shared wins) are accepted: the formula only uses the observed
    proportion and the number of trials. With no trials nothing is known: ``(0.0, 1.0)``.

    Args:
        successes: The number of successes, ``0 <= successes <= trials``.
        trials: The number of trials.
        z: The normal quantile of the confidence level (default: 95 %).

    Raises:
        InvalidArgumentError: (a ``ValueError``) if ``trials`` is not a whole number from 0 to
            2**63, ``successes`` not a number in ``[0, trials]`` (NaN included), or ``z`` not a
            finite number of at least 0; ``bool`` is no number here. Integer types with
            ``__index__`` (NumPy's) are taken.

    Examples:
        >>> low, high = wilson_interval(5, 10)
        >>> round(low, 4), round(high, 4)
        (0.2366, 0.7634)
        >>> wilson_interval(0, 0)
        (0.0, 1.0)
    """
    whole = _real(trials)
    if type(whole) is not int or whole > _MOST_TRIALS:
        raise InvalidArgumentError("trials", trials, "expected a whole number of trials")
    count = _real(successes)
    if count is None or not 0 <= count <= whole:  # NaN fails the comparison
        raise InvalidArgumentError(
            "successes", successes, f"need 0 <= successes <= trials, got {successes} of {trials}"
        )
    quantile = _real(z)
    if quantile is None or not 0 <= quantile < math.inf:
        raise InvalidArgumentError("z", z, "expected a finite normal quantile, at least 0")
    successes, trials, z = count, whole, quantile
    if trials == 0:
        return 0.0, 1.0
    p = successes / trials
    z2 = z * z
    denominator = 1 + z2 / trials
    center = (p + z2 / (2 * trials)) / denominator
    half = z / denominator * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials))
    return max(0.0, center - half), min(1.0, center + half)


_MOST_TRIALS = 2**63  # more games than any simulation plays; a float still holds the ratio


def _real(value: object) -> float | None:
    """``value`` as a number if it is an ``int`` or a ``float`` (NumPy's too), else None."""
    if isinstance(value, float):
        return float(value)
    return integer_or_none(value)


def _quantile(ordered: Sequence[int], q: float) -> float:
    """Linear interpolation between closest ranks (NumPy's default, Hyndman and Fan type 7)."""
    position = (len(ordered) - 1) * q
    below = math.floor(position)
    above = min(below + 1, len(ordered) - 1)
    return ordered[below] + (position - below) * (ordered[above] - ordered[below])


def _strs(values: Iterable[str]) -> tuple[str, ...]:
    return tuple(values)


def _ints(values: Iterable[int]) -> tuple[int, ...]:
    return tuple(values)


@attrs.frozen
class GameRow:
    """One played game of a simulation.

    Attributes:
        index: The game's number in the simulation, from 0.
        seed: The seed it was played with (`game_seed` of the master seed and ``index``).
        agents: The agents' names, by seat.
        winners: The winning seats (several on a shared win, none when a game has no winner).
        scores: The final scores, by seat, as the game defines them (points won, or penalty
            points where the lowest total wins).
        moves: The number of moves played.
        reason: Why the game ended.
    """

    index: int
    seed: int
    agents: tuple[str, ...] = attrs.field(converter=_strs)
    winners: tuple[int, ...] = attrs.field(converter=_ints)
    scores: tuple[int, ...] = attrs.field(converter=_ints)
    moves: int
    reason: Termination

    def __attrs_post_init__(self) -> None:
        seats = len(self.agents)
        if len(self.scores) != seats:
            raise ValueError(f"game {self.index}: {seats} agents but {len(self.scores)} scores")
        if any(not 0 <= w < seats for w in self.winners) or len(set(self.winners)) != len(
            self.winners
        ):
            raise ValueError(f"game {self.index}: bad winners {self.winners} for {seats} seats")

    def record(self) -> dict[str, Any]:
        """The row as a plain dictionary: the columns of `SimulationResults.records`.

        Keys: ``index``, ``seed``, ``moves``, ``reason`` (the `Termination` value), then per
        seat ``i``: ``agent_i``, ``score_i`` and ``win_i`` (its share of the win).

        Examples:
            >>> row = GameRow(0, 1, ("a", "b"), (1,), (0, 7), 30, Termination.WENT_OUT)
            >>> row.record()
            {'index': 0, 'seed': 1, 'moves': 30, 'reason': 'went_out', 'agent_0': 'a',
             'agent_1': 'b', 'score_0': 0, 'score_1': 7, 'win_0': 0.0, 'win_1': 1.0}
        """
        seats = range(len(self.agents))
        record: dict[str, Any] = {
            "index": self.index,
            "seed": self.seed,
            "moves": self.moves,
            "reason": self.reason.value,
        }
        shares = self.win_shares
        record.update((f"agent_{i}", self.agents[i]) for i in seats)
        record.update((f"score_{i}", self.scores[i]) for i in seats)
        record.update((f"win_{i}", shares[i]) for i in seats)
        return record

    def long_records(self) -> list[dict[str, Any]]:
        """The row in long form: one plain dictionary per seat, seat 0 first.

        Keys: ``index``, ``seed``, ``moves``, ``reason`` (as in `record`), then ``seat``,
        ``agent``, ``score`` and ``win`` (the seat's share of the win): the ``agent_i``,
        ``score_i`` and ``win_i`` columns of `record` for ``seat == i``.

        Examples:
            >>> row = GameRow(0, 1, ("a", "b"), (1,), (0, 7), 30, Termination.WENT_OUT)
            >>> row.long_records()[1]
            {'index': 0, 'seed': 1, 'moves': 30, 'reason': 'went_out', 'seat': 1, 'agent': 'b',
             'score': 7, 'win': 1.0}
        """
        shares = self.win_shares
        reason = self.reason.value
        return [
            {
                "index": self.index,
                "seed": self.seed,
                "moves": self.moves,
                "reason": reason,
                "seat": seat,
                "agent": agent,
                "score": score,
                "win": share,
            }
            for seat, (agent, score, share) in enumerate(
                zip(self.agents, self.scores, shares, strict=True)
            )
        ]

    @property
    def win_shares(self) -> tuple[float, ...]:
        """Each seat's share of the win: ``1/k`` for each of ``k`` winners, 0 for the others.

        Examples:
            >>> row = GameRow(0, 1, ("a", "b", "c"), (0, 2), (5, 9, 5), 30, Termination.BLOCKED)
            >>> row.win_shares
            (0.5, 0.0, 0.5)
        """
        share = 1 / len(self.winners) if self.winners else 0.0
        return tuple(share if seat in self.winners else 0.0 for seat in range(len(self.agents)))


@attrs.frozen
class WinRate:
    """A win rate with its 95 % Wilson score interval.

    Attributes:
        wins: The wins, shared wins counted fractionally (``1/k`` each).
        trials: The games played (for an agent: the seat-games, one per seat it held per game).
        low: The lower bound of the interval.
        high: The upper bound of the interval.
    """

    wins: float
    trials: int
    low: float
    high: float

    @classmethod
    def of(cls, wins: float, trials: int) -> WinRate:
        """The win rate of ``wins`` in ``trials``, with its interval.

        Examples:
            >>> WinRate.of(1, 10)
            WinRate(wins=1, trials=10, low=0.0178..., high=0.4041...)
        """
        low, high = wilson_interval(wins, trials)
        return cls(wins, trials, low, high)

    @property
    def rate(self) -> float:
        """``wins / trials`` (0.0 without trials)."""
        return self.wins / self.trials if self.trials else 0.0


@attrs.frozen
class SeatSummary:
    """The statistics of one seat, whoever held it.

    The mirror of `AgentSummary`: a seat names the agents that held it, an agent the seats it
    held; both count their seat-games.

    Attributes:
        seat: The seat number.
        agents: The names of the agents that held it, in order of first appearance (one name
            when every game had the same line-up).
        seat_games: The number of games played in this seat (every game of the simulation).
        win_rate: Its wins per game.
        mean_score: Its mean final score.
    """

    seat: int
    agents: tuple[str, ...]
    seat_games: int
    win_rate: WinRate
    mean_score: float


@attrs.frozen
class AgentSummary:
    """The statistics of one agent, over every seat it held.

    The mirror of `SeatSummary`.

    Attributes:
        name: The agent's name.
        seats: The seats it held, in increasing order.
        seat_games: The number of (game, seat) pairs it played: an agent in two seats of 100
            games played 200.
        win_rate: Its wins per seat-game.
        mean_score: Its mean final score per seat-game.
    """

    name: str
    seats: tuple[int, ...]
    seat_games: int
    win_rate: WinRate
    mean_score: float


@attrs.frozen
class LengthSummary:
    """Game lengths, in moves: the mean and quantiles.

    Quantiles interpolate linearly between the closest ranks (NumPy's default method).

    Attributes:
        mean: The mean length.
        minimum: The shortest game.
        q25: The first quartile.
        median: The median.
        q75: The third quartile.
        q90: The 90th percentile.
        maximum: The longest game.
    """

    mean: float
    minimum: int
    q25: float
    median: float
    q75: float
    q90: float
    maximum: int

    @classmethod
    def of(cls, lengths: Iterable[int]) -> LengthSummary:
        """Summarize game lengths (at least one).

        Raises:
            InvalidArgumentError: (a ``ValueError``) for a length that is not a whole number
                of moves (a float, NaN, ``bool``, a negative number).
            ValueError: for no lengths.

        Examples:
            >>> LengthSummary.of([40, 10, 30, 20])
            LengthSummary(mean=25.0, minimum=10, q25=17.5, median=25.0, q75=32.5, q90=37.0,
                          maximum=40)
        """
        ordered = sorted(
            whole_number(length, 0, _MOST_TRIALS, "lengths", "a game's number of moves")
            for length in lengths
        )
        if not ordered:
            raise ValueError("no game lengths to summarize")
        return cls(
            mean=math.fsum(ordered) / len(ordered),
            minimum=ordered[0],
            q25=_quantile(ordered, 0.25),
            median=_quantile(ordered, 0.5),
            q75=_quantile(ordered, 0.75),
            q90=_quantile(ordered, 0.9),
            maximum=ordered[-1],
        )


@attrs.frozen
class Summary:
    """What a simulation says: win rates, game lengths and scores.

    ``str(summary)`` is a plain-text table, with the game's title and the endings in words
    ("8 Américain", "went out"), and a note when a lower mean score is better.

    Attributes:
        game: The game's name.
        games: The number of games.
        seats: One summary per seat, in seat order.
        agents: One summary per agent name, in order of first appearance.
        length: The game lengths.
        endings: How many games ended for each reason, in the order of `Termination`.
        lower_is_better: Whether the scores are penalty points, where the lowest total wins
            (8 Américain's scoring).
    """

    game: str
    games: int
    seats: tuple[SeatSummary, ...]
    agents: tuple[AgentSummary, ...]
    length: LengthSummary
    endings: tuple[tuple[Termination, int], ...]
    lower_is_better: bool = False

    def seat(self, seat: int) -> SeatSummary:
        """The summary of seat number ``seat``.

        Raises:
            InvalidArgumentError: if ``seat`` is not an integer (a bool is not a seat).
            KeyError: if the games had no such seat.

        Examples:
            >>> from cardgames.simulate import simulate
            >>> results = simulate(
            ...     "crazy-eights", players=2, agents=["random", "heuristic"], games=4, seed=1
            ... )
            >>> summary = results.summary()
            >>> summary.seat(1).agents, summary.seat(1).seat_games
            (('heuristic',), 4)
        """
        if isinstance(seat, bool) or not hasattr(type(seat), "__index__"):
            raise InvalidArgumentError("seat", seat, "expected a seat number")
        number = operator.index(seat)
        if 0 <= number < len(self.seats):
            return self.seats[number]
        raise KeyError(number)

    def agent(self, name: str) -> AgentSummary:
        """The summary of the agent called ``name``.

        Raises:
            InvalidArgumentError: if ``name`` is not a str.
            KeyError: if no agent has that name.

        Examples:
            >>> from cardgames.simulate import simulate
            >>> results = simulate(
            ...     "crazy-eights", players=2, agents=["random", "random"], games=4, seed=1
            ... )
            >>> summary = results.summary()
            >>> summary.agent("random").seats, summary.agent("random").seat_games
            ((0, 1), 8)
        """
        if not isinstance(name, str):
            raise InvalidArgumentError("name", name, "expected an agent name (a str)")
        for agent in self.agents:
            if agent.name == name:
                return agent
        raise KeyError(name)

    def __str__(self) -> str:
        def pct(x: float) -> str:
            return f"{100 * x:5.1f} %"

        def rate(w: WinRate) -> tuple[str, str]:
            return pct(w.rate), f"[{pct(w.low)}, {pct(w.high)}]"

        seat_rows = [
            (str(s.seat), ", ".join(s.agents), *rate(s.win_rate), f"{s.mean_score:.2f}")
            for s in self.seats
        ]
        agent_rows = [
            (a.name, f"{a.seat_games}", *rate(a.win_rate), f"{a.mean_score:.2f}")
            for a in self.agents
        ]
        games = f"{self.games} game" + ("s" if self.games != 1 else "")
        lines = [f"{_game_title(self.game)}: {games}", ""]
        lines += _table(("seat", "agent", "win rate", "95 % CI", "mean score"), seat_rows, 2)
        lines.append("")
        lines += _table(("agent", "seat-games", "win rate", "95 % CI", "mean score"), agent_rows, 1)
        n = self.length
        lines += [
            "",
            f"game length (moves): mean {n.mean:.1f}, min {n.minimum}, 25 % {n.q25:g}, "
            f"median {n.median:g}, 75 % {n.q75:g}, 90 % {n.q90:g}, max {n.maximum}",
            "endings: " + ", ".join(f"{ending(reason)} {count}" for reason, count in self.endings),
        ]
        if self.lower_is_better:
            lines.append("mean score: penalty points, lower is better")
        return "\n".join(lines)


def _game_title(name: str) -> str:
    """The title people know a game by, with its name when they differ (``"8 (planets)"``).

    A name no registered game answers to is returned as it is.

    Examples:
        >>> _game_title("huit-americain"), _game_title("planets"), _game_title("no such game")
        ('8 Américain (huit-americain)', '8 (planets)', 'no such game')
    """
    try:
        game = find_game(name)
    except UnknownGameError:
        return name
    if normalize_name(game.title) == normalize_name(game.name):
        return game.title
    return f"{game.title} ({game.name})"


def _highest_total_wins(rules: Any) -> bool:
    """The default of `LOWEST_TOTAL_WINS`: the highest total wins under any rules."""
    return False


LOWEST_TOTAL_WINS: Final = Capability[Callable[[Any], bool]](
    "lowest_total_wins",
    "whether the lowest total wins under given rules (the scores are penalty points)",
    default=lambda game: _highest_total_wins,
)
"""The capability key of a game's answer to "does the lowest total win under these rules?".

A game whose scores are penalty points under some rules (8 Américain's) brings a function of
its rules; the default answers ``False`` (the highest score wins) for every rules. A summary
asks it once, to print "lower is better" and set `Summary.lower_is_better`.
"""


def _lowest_total_wins(game: Game[Any] | None, rules: Any) -> bool:
    """Whether the lowest score wins in ``game`` under ``rules`` (``False`` if one is unknown)."""
    if game is None or rules is None:
        return False
    return game.capability(LOWEST_TOTAL_WINS)(rules)


def _table(header: tuple[str, ...], rows: Sequence[tuple[str, ...]], left: int) -> list[str]:
    """Plain-text table lines: the first ``left`` columns aligned left, the others right."""
    widths = [max(len(cell) for cell in column) for column in zip(header, *rows, strict=True)]

    def line(cells: tuple[str, ...]) -> str:
        text = [
            cell.ljust(width) if i < left else cell.rjust(width)
            for i, (cell, width) in enumerate(zip(cells, widths, strict=True))
        ]
        return "  ".join(text).rstrip()

    return [line(header)] + [line(row) for row in rows]


def _rows(rows: Iterable[GameRow]) -> tuple[GameRow, ...]:
    return tuple(rows)


def _check_rows(instance: SimulationResults, attribute: Any, rows: tuple[GameRow, ...]) -> None:
    if not rows:
        raise ValueError("a simulation has at least one game")
    for row in rows:
        if not isinstance(row, GameRow):
            raise TypeError(f"expected GameRow values, got {type(row).__name__}")
    seats = len(rows[0].agents)
    for row in rows:
        if len(row.agents) != seats:
            raise ValueError(f"game {row.index} has {len(row.agents)} seats, game 0 has {seats}")


@attrs.frozen
class SimulationResults:
    """The games of a simulation, one row each, in game order.

    Build one by hand to analyse rows from elsewhere:
    ``SimulationResults("crazy-eights", rows)``.

    Attributes:
        game: The game's name.
        rows: One row per game (at least one; every row with the same number of seats).
        seed: The master seed (``None`` when unknown).
        rules: The rules the games were played under (``None`` when unknown).

    Examples:
        >>> rows = [
        ...     GameRow(0, 11, ("random", "heuristic"), (1,), (0, 12), 40, Termination.WENT_OUT),
        ...     GameRow(1, 12, ("random", "heuristic"), (0, 1), (3, 3), 90, Termination.BLOCKED),
        ... ]
        >>> results = SimulationResults("crazy-eights", rows)
        >>> record = results.records()[1]
        >>> list(record)
        ['index', 'seed', 'moves', 'reason', 'agent_0', 'agent_1', 'score_0', 'score_1',
         'win_0', 'win_1']
        >>> record["reason"], record["agent_1"], record["score_1"], record["win_1"]
        ('blocked', 'heuristic', 3, 0.5)
        >>> print(results.summary())
        Crazy Eights: 2 games
        <BLANKLINE>
        seat  agent      win rate             95 % CI  mean score
        0     random       25.0 %  [  2.7 %,  80.2 %]        1.50
        1     heuristic    75.0 %  [ 19.8 %,  97.3 %]        7.50
        <BLANKLINE>
        agent      seat-games  win rate             95 % CI  mean score
        random              2    25.0 %  [  2.7 %,  80.2 %]        1.50
        heuristic           2    75.0 %  [ 19.8 %,  97.3 %]        7.50
        <BLANKLINE>
        game length (moves): mean 65.0, min 40, 25 % 52.5, median 65, 75 % 77.5, 90 % 85, max 90
        endings: went out 1, blocked 1
    """

    game: str
    rows: tuple[GameRow, ...] = attrs.field(converter=_rows, validator=_check_rows)
    seed: int | None = None
    rules: Any = None

    @property
    def seats(self) -> int:
        """The number of seats of every game."""
        return len(self.rows[0].agents)

    def summary(self) -> Summary:
        """Win rates, game lengths and mean scores, by seat and by agent.

        A shared win counts ``1/k`` for each of its ``k`` winners. An agent's win rate is its
        wins per seat-game (an agent that holds two seats plays two seat-games a game), so the
        rates of agents are comparable whatever the line-up. Its Wilson interval treats the
        seat-games as independent trials; as one agent's seats in the same game cannot all win,
        the interval is, if anything, conservative.
        """
        tally = _Tally(self.seats)
        for row in self.rows:
            tally.add(row)
        try:
            game: Game[Any] | None = find_game(self.game)
        except UnknownGameError:
            game = None
        rules = self.rules if self.rules is not None or game is None else game.default_rules
        return tally.summary(self.game, _lowest_total_wins(game, rules))

    def records(self) -> list[dict[str, Any]]:
        """The rows as plain dictionaries, for ``pandas.DataFrame(results.records())``.

        Keys: ``index``, ``seed``, ``moves``, ``reason`` (the `Termination` value), then per
        seat ``i``: ``agent_i`` (its name), ``score_i`` and ``win_i`` (its share of the win, so
        ``mean(win_i)`` is the seat's win rate). The same columns as `to_csv`.
        """
        return [row.record() for row in self.rows]

    def long_records(self) -> list[dict[str, Any]]:
        """The rows in long form, one plain dictionary per game and seat (`GameRow.long_records`).

        For ``pandas.DataFrame(results.long_records())``: keys ``index``, ``seed``, ``moves``,
        ``reason``, ``seat``, ``agent``, ``score`` and ``win``, so ``groupby("agent")["win"]``
        gives each agent's win rate per seat-game and ``groupby("seat")`` each seat's. Game by
        game, seat 0 first; ``games * seats`` dictionaries.
        """
        return [record for row in self.rows for record in row.long_records()]

    def to_csv(self, target: str | os.PathLike[str] | IO[str], *, long: bool = False) -> None:
        """Write the rows as CSV, with a header line.

        Args:
            target: A path, or a text file open for writing (open it with ``newline=""``).
            long: One line per game and seat, the columns of `long_records` (default: one
                line per game, the columns of `records`).
        """
        if isinstance(target, (str, os.PathLike)):
            with open(target, "w", encoding="utf-8", newline="") as handle:
                self._write_csv(handle, long)
        else:
            self._write_csv(target, long)

    def _write_csv(self, handle: IO[str], long: bool) -> None:
        records = self.long_records() if long else self.records()
        writer = csv.DictWriter(handle, fieldnames=list(records[0]), lineterminator="\n")
        writer.writeheader()
        writer.writerows(records)

    def to_json(self) -> str:
        """The results as a versioned JSON document (``"format": "cardgames.simulation"``).

        ``data`` holds ``seed``, ``rules`` (as in a rules document, or ``null``) and ``rows``
        (objects with the fields of `GameRow`). `from_json` reads it back.
        """
        rules = None if self.rules is None else encode(self.rules)
        data = {"seed": self.seed, "rules": rules, "rows": [encode(row) for row in self.rows]}
        return dump_document("simulation", self.game, data)

    @classmethod
    def from_json(cls, text: str | bytes) -> SimulationResults:
        """Load results written by `to_json`.

        Rules are read with the rules type of the named game, which must then be registered.
        Documents are limited in size by `cardgames.codec.load_document` (10 million characters,
        about 60,000 games of four players).

        Raises:
            InvalidStateError: naming what is wrong.
        """
        game, data = load_any_document(text, "simulation")
        if not isinstance(data, dict):
            raise InvalidStateError("/data", "expected an object")
        unknown = set(data) - {"seed", "rules", "rows"}
        if unknown:
            raise InvalidStateError("/data", f"unknown field(s) {', '.join(sorted(unknown))}")
        seed = data.get("seed")
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
            raise InvalidStateError("/data/seed", "expected an integer or null")
        rules = data.get("rules")
        if rules is not None:
            try:
                rules_type = find_game(game).rules_type
            except UnknownGameError as exc:
                raise InvalidStateError("/game", str(exc)) from None
            rules = decode(rules_type, rules, "/data/rules")
        rows = decode(tuple[GameRow, ...], data.get("rows"), "/data/rows")
        try:
            return cls(game, rows, seed=seed, rules=rules)
        except (ValueError, TypeError) as exc:
            raise InvalidStateError("/data/rows", str(exc)) from None


class _SortedLengths(Sequence[int]):
    """The game lengths in increasing order, read from their counts (one entry per length)."""

    def __init__(self, counts: dict[int, int]) -> None:
        self._lengths = sorted(counts)
        self._ends = list(itertools.accumulate(counts[length] for length in self._lengths))

    def __len__(self) -> int:
        return self._ends[-1] if self._ends else 0

    def __getitem__(self, index: Any) -> Any:  # only the int indices `_quantile` reads
        return self._lengths[bisect.bisect_right(self._ends, operator.index(index))]


class _Tally:
    """The sums a `Summary` is made of, added row by row.

    Memory grows with the distinct agents and game lengths, never with the number of games.

    `SimulationResults.summary` and `SimulationStream.summary` both use it, so they agree to
    the last bit: the win shares are added in the same (game) order.
    """

    def __init__(self, seats: int) -> None:
        self.seats = seats
        self.games = 0
        self.seat_wins = [0.0] * seats
        self.seat_scores = [0] * seats
        self.seat_agents: list[dict[str, None]] = [{} for _ in range(seats)]
        self.agent_seats: dict[str, set[int]] = {}
        self.agent_wins: dict[str, float] = {}
        self.agent_games: dict[str, int] = {}
        self.agent_scores: dict[str, int] = {}
        self.endings: dict[Termination, int] = {}
        self.lengths: dict[int, int] = {}

    def add(self, row: GameRow) -> None:
        for seat, (name, share, score) in enumerate(
            zip(row.agents, row.win_shares, row.scores, strict=True)
        ):
            self.seat_wins[seat] += share
            self.seat_scores[seat] += score
            self.seat_agents[seat][name] = None
            self.agent_seats.setdefault(name, set()).add(seat)
            self.agent_wins[name] = self.agent_wins.get(name, 0.0) + share
            self.agent_games[name] = self.agent_games.get(name, 0) + 1
            self.agent_scores[name] = self.agent_scores.get(name, 0) + score
        self.endings[row.reason] = self.endings.get(row.reason, 0) + 1
        self.lengths[row.moves] = self.lengths.get(row.moves, 0) + 1
        self.games += 1

    def summary(self, game: str, lower_is_better: bool) -> Summary:
        games = self.games
        ordered = _SortedLengths(self.lengths)
        total = sum(length * count for length, count in self.lengths.items())
        return Summary(
            game=game,
            games=games,
            seats=tuple(
                SeatSummary(
                    seat=seat,
                    agents=tuple(self.seat_agents[seat]),
                    seat_games=games,
                    win_rate=WinRate.of(_clamp(self.seat_wins[seat], games), games),
                    mean_score=self.seat_scores[seat] / games,
                )
                for seat in range(self.seats)
            ),
            agents=tuple(
                AgentSummary(
                    name=name,
                    seats=tuple(sorted(self.agent_seats[name])),
                    seat_games=n,
                    win_rate=WinRate.of(_clamp(self.agent_wins[name], n), n),
                    mean_score=self.agent_scores[name] / n,
                )
                for name, n in self.agent_games.items()
            ),
            # As LengthSummary.of: fsum of whole numbers is their exact sum, rounded once.
            length=LengthSummary(
                mean=float(total) / games,
                minimum=ordered[0],
                q25=_quantile(ordered, 0.25),
                median=_quantile(ordered, 0.5),
                q75=_quantile(ordered, 0.75),
                q90=_quantile(ordered, 0.9),
                maximum=ordered[games - 1],
            ),
            endings=tuple(
                (reason, self.endings[reason]) for reason in Termination if reason in self.endings
            ),
            lower_is_better=lower_is_better,
        )


def _clamp(wins: float, trials: int) -> float:
    # Adding fractions (1/3 three times) may overshoot the count by a rounding error.
    return min(max(wins, 0.0), float(trials))


# --------------------------------------------------------------------------------------------
# Running the games
# --------------------------------------------------------------------------------------------


def _lookup_game(name: str, module: str) -> Game[Any]:
    """Find a game in a worker, importing the module that defines it if needed."""
    try:
        return find_game(name)
    except UnknownGameError:
        importlib.import_module(module)
        return find_game(name)


@attrs.frozen
class _Chunk:
    """The games ``start <= index < stop`` of a simulation: what a worker receives.

    Pickled, the game travels as its name and module (a `Game` holds functions that do not
    pickle), and each worker looks it up; unpickled (a thread pool), the object itself is used.
    """

    game: Game[Any]
    rules: Any
    players: tuple[str, ...] | None
    agents: tuple[AgentSpec, ...]
    labels: tuple[str, ...]
    seed: int
    start: int
    stop: int

    def __reduce__(self) -> tuple[Any, ...]:
        # The module that builds the game (and registers it, for a game of one's own).
        module = getattr(self.game._new_game, "__module__", None) or self.game.state_type.__module__
        game = (self.game.name, module)
        fields = (self.rules, self.players, self.agents, self.labels)
        return (_rebuild_chunk, (game, fields, self.seed, self.start, self.stop))


def _rebuild_chunk(
    game: tuple[str, str],
    fields: tuple[Any, tuple[str, ...] | None, tuple[AgentSpec, ...], tuple[str, ...]],
    seed: int,
    start: int,
    stop: int,
) -> _Chunk:
    return _Chunk(_lookup_game(*game), *fields, seed, start, stop)


def _play_chunk(chunk: _Chunk) -> list[GameRow]:
    """Play the games of one chunk (runs in a worker)."""
    game = chunk.game
    built: dict[str, Agent] = {}
    agents: list[Agent] = []
    for spec in chunk.agents:
        if isinstance(spec, str):
            if spec not in built:
                built[spec] = make_agent(spec, game)
            agents.append(built[spec])
        else:
            agents.append(spec)
    master = Rng.from_seed(chunk.seed)
    rows = []
    for index in range(chunk.start, chunk.stop):
        seed = master.derive(index).next_u64()[0]
        try:
            state, moves = _play_unrecorded(game, agents, seed, chunk.rules, chunk.players)
        except Exception as exc:
            if hasattr(exc, "add_note"):  # Python 3.11+
                exc.add_note(f"in game {index} of the simulation (seed {seed})")
            raise
        outcome = state.outcome()
        assert outcome is not None
        rows.append(
            GameRow(
                index=index,
                seed=seed,
                agents=chunk.labels,
                winners=outcome.winners,
                scores=outcome.scores,
                moves=moves,
                reason=outcome.reason,
            )
        )
    return rows


def _worker_count(executor: concurrent.futures.Executor) -> int:
    """How many chunks the executor runs at once, as far as can be told."""
    count = getattr(executor, "_max_workers", None)  # ProcessPoolExecutor, ThreadPoolExecutor
    if isinstance(count, int) and count > 0:
        return count
    nthreads = getattr(getattr(executor, "_client", None), "nthreads", None)  # Dask
    if callable(nthreads):
        try:
            total = sum(nthreads().values())
        except Exception:  # any failure of a foreign client: use the fallback
            total = 0
        if isinstance(total, int) and total > 0:
            return total
    return os.cpu_count() or 1


def _default_chunk_size(games: int, workers: int | None) -> int:
    chunks = _IN_PROCESS_CHUNKS if workers is None else _CHUNKS_PER_WORKER * workers
    return max(1, min(_MAX_CHUNK, -(-games // chunks)))


def _resolve_agents(
    specs: Sequence[AgentSpec], game: Game[Any], seats: int
) -> tuple[tuple[Agent, ...], tuple[str, ...]]:
    """Build the agents and choose their labels (the names in the rows), checking them."""
    if isinstance(specs, (str, bytes)) or not isinstance(specs, Sequence):
        raise _ArgumentError("agents", specs, "expected a sequence of agents, one per seat")
    if len(specs) != seats:  # before reading any of them
        raise _ArgumentError("agents", len(specs), f"expected one agent per seat ({seats})")
    specs = tuple(specs)
    built: dict[str, Agent] = {}
    agents: list[Agent] = []
    for spec in specs:
        if isinstance(spec, str):
            key = spec.strip().casefold()
            if key not in built:
                built[key] = make_agent(spec, game)
            agents.append(built[key])
        elif isinstance(spec, Agent) and isinstance(spec.name, str):
            if not agent_plays(spec, game):
                raise _ArgumentError("agents", spec.name, f"this agent does not play {game.title}")
            agents.append(spec)
        else:
            raise _ArgumentError(
                "agents", spec, "expected an agent name such as 'random' or an Agent object"
            )
    labels = [agent.name for agent in agents]
    for attempt in range(2):
        clash = _name_clash(agents, labels)
        if clash is None:
            break
        if attempt == 0:  # name agents given as text by their (normalized) spec instead
            labels = [
                spec.strip().casefold() if isinstance(spec, str) else label
                for spec, label in zip(specs, labels, strict=True)
            ]
        else:
            raise _ArgumentError(
                "agents", clash, "different agents share this name; give them distinct names"
            )
    return tuple(agents), tuple(labels)


def _name_clash(agents: Sequence[Agent], labels: Sequence[str]) -> str | None:
    first: dict[str, Agent] = {}
    for agent, label in zip(agents, labels, strict=True):
        other = first.setdefault(label, agent)
        if other is not agent and other != agent:
            return label
    return None


def _integer(name: str, value: object) -> int:
    """``value`` as a plain ``int``: an ``int`` or any integer type (``__index__``); no bool."""
    number = integer_or_none(value)
    if number is None:
        raise _ArgumentError(name, value, "expected an integer")
    return number


def _check_count(name: str, value: object, minimum: int) -> int:
    number = _integer(name, value)
    if number < minimum:
        raise _ArgumentError(name, value, f"must be at least {minimum}")
    return number


def _check_players(players: object, game: Game[Any]) -> tuple[str, ...] | None:
    """Check ``players`` (a count or names) against the game's bounds, before any copy."""
    bounds = f"{game.title} takes {game.min_players} to {game.max_players} players"
    if isinstance(players, (str, bytes)) or not (
        isinstance(players, (int, Sequence)) or hasattr(type(players), "__index__")
    ):
        raise _ArgumentError("players", players, "expected a number of seats or names")
    if not isinstance(players, Sequence):
        if _check_count("players", players, 1) > game.max_players:
            raise _ArgumentError("players", players, bounds)
        return None
    if len(players) > game.max_players:
        raise _ArgumentError("players", len(players), bounds)
    return tuple(players)


def _chunks(
    game: Game[Any],
    rules: Any,
    names: tuple[str, ...] | None,
    sent: tuple[AgentSpec, ...],
    labels: tuple[str, ...],
    seed: int,
    games: int,
    chunk_size: int,
) -> Iterator[_Chunk]:
    """The chunks of a simulation, made one at a time (nothing grows with ``games`` here)."""
    for start in range(0, games, chunk_size):
        yield _Chunk(game, rules, names, sent, labels, seed, start, min(start + chunk_size, games))


def simulate(
    game: Game[Any] | str,
    *,
    players: int | Sequence[str],
    agents: Sequence[AgentSpec],
    games: int,
    seed: int,
    rules: Any = None,
    executor: concurrent.futures.Executor | None = None,
    progress: Callable[[int, int], object] | None = None,
    chunk_size: int | None = None,
) -> SimulationResults:
    """Play ``games`` seeded games between the same agents and return every result.

    Game ``i`` is played with the seed ``game_seed(seed, i)``, so the results do not depend on
    the executor or the chunk size. Every argument is checked before the first game is played,
    and the games are handed out a few chunks at a time: memory grows with the rows played, not
    with ``games`` (a huge count only takes long). `iter_simulate` yields the same rows without
    keeping them, for analyses in bounded memory.

    Args:
        game: The game, or its name or alias (``"crazy eights"``, ``"8 américain"``).
        players: The number of seats, or the players' names in seat order (by default the
            agents' names; the rows name the agents, not the players).
        agents: One agent per seat: a name for `make_agent` (``"random"``, ``"heuristic"``,
            ``"ismcts:500"``) or an `Agent` object. Rows name each seat's agent by its ``name``;
            if different agents share a name, agents given as text are named by their spec
            instead, and agent objects must then have distinct names. With a process or
            cluster executor, agent objects must be picklable.
        games: How many games to play (at least one).
        seed: The master seed, an integer with ``-2**64 < seed < 2**64`` (as every game's).
        rules: The rules, or the name of one of the game's presets (default: the game's
            default rules).
        executor: Where to play: any `concurrent.futures.Executor` (a
            `concurrent.futures.ProcessPoolExecutor`, or ``distributed.Client.get_executor()``
            for a Dask cluster); ``None`` plays in this process. The executor is used, not
            shut down. A few chunks per worker are submitted at a time.
        progress: Called as ``progress(done, total)``, in the calling thread, each time a chunk
            of games is finished (in completion order; ``done`` counts games).
        chunk_size: Games sent to a worker at once. By default about 8 chunks per worker of the
            executor (1 % of the games in process), at most 250 games each.

    Returns:
        The results, one row per game in game order.

    Raises:
        InvalidRulesError: for a bad number of games, players or chunk size, an unknown
            agent, a number of agents other than the number of seats, an unknown rules preset,
            rules of another type, or a seed that is not an integer with
            ``-2**64 < seed < 2**64``. Except for the rules preset, these errors are also
            `InvalidArgumentError` (``argument`` is the ``option``).
        InvalidArgumentError: for a ``game`` that is neither a `Game` nor text, an
            ``executor`` that is not a `concurrent.futures.Executor`, or a ``progress`` that
            is not callable.
        UnknownGameError: if no game has the given name.
        AgentError: if an agent raises while it decides (chained to its exception; from a
            worker process the cause is the worker's traceback), makes an illegal move or
            declines its own turn (on Python 3.11+ a note names the game and its seed). An
            agent object that says it does not play ``game`` is refused before any game, with
            the `InvalidRulesError` of the other bad agents (also an `InvalidArgumentError`).
    """
    plan = _plan(game, players, agents, games, seed, rules, executor, progress, chunk_size)
    rows = [row for chunk in _played_chunks(plan) for row in chunk]
    return SimulationResults(plan.game.name, rows, seed=plan.seed, rules=plan.rules)


def iter_simulate(
    game: Game[Any] | str,
    *,
    players: int | Sequence[str],
    agents: Sequence[AgentSpec],
    games: int,
    seed: int,
    rules: Any = None,
    executor: concurrent.futures.Executor | None = None,
    progress: Callable[[int, int], object] | None = None,
    chunk_size: int | None = None,
) -> SimulationStream:
    """`simulate` in bounded memory: the rows one by one, in game order, as they are played.

    The same arguments, checked the same way before anything is played (the call raises, not
    the first ``next``), and the very same rows as ``simulate(...).rows`` for the same
    arguments, whatever the executor or the chunk size. Nothing is kept: memory holds the
    chunks in flight (a few per worker, at most 250 games each) and the sums of the summary,
    whatever the number of games. The stream's `SimulationStream.summary` is that of the rows
    read so far; once they are all read it equals ``simulate(...).summary()``.

    Stop reading (``break``, or `SimulationStream.close`) to stop the simulation: the chunks
    not yet started are cancelled. Errors are those of `simulate`; an agent's `AgentError`
    comes from the ``next`` that reaches its game.

    Examples:
        >>> stream = iter_simulate("crazy eights", players=2, agents=["random"] * 2, games=500,
        ...                        seed=1)
        >>> moves = sum(row.moves for row in stream)  # one row at a time, none kept
        >>> summary = stream.summary()
        >>> summary.games, summary.length.mean == moves / 500
        (500, True)
        >>> results = simulate("crazy eights", players=2, agents=["random"] * 2, games=500,
        ...                    seed=1)
        >>> summary == results.summary()
        True

    To write a CSV file of any size, or to feed pandas a chunk at a time::

        import csv, itertools
        stream = iter_simulate("crazy eights", players=4, agents=["random"] * 4,
                               games=10**7, seed=1, executor=pool)
        with open("games.csv", "w", newline="") as handle:
            writer = None
            for row in stream:
                record = row.record()
                if writer is None:
                    writer = csv.DictWriter(handle, fieldnames=list(record))
                    writer.writeheader()
                writer.writerow(record)
        print(stream.summary())
        # or: for batch in itertools.batched(stream, 100_000):
        #         frame = pandas.DataFrame.from_records(row.record() for row in batch)
    """
    plan = _plan(game, players, agents, games, seed, rules, executor, progress, chunk_size)
    return SimulationStream(plan)


class SimulationStream(Iterator[GameRow]):
    """The rows of a simulation, one at a time in game order (see `iter_simulate`).

    Attributes:
        game: The game's name.
        seed: The master seed.
        rules: The rules the games are played under.
        games: How many games the simulation plays.
    """

    def __init__(self, plan: _Plan) -> None:
        self.game: str = plan.game.name
        self.seed: int = plan.seed
        self.rules: Any = plan.rules
        self.games: int = plan.games
        self._chunks = _played_chunks(plan)
        self._rows: Iterator[GameRow] = iter(())
        self._tally = _Tally(len(plan.labels))
        self._lower_is_better = _lowest_total_wins(plan.game, plan.rules)

    def __iter__(self) -> SimulationStream:
        return self

    def __next__(self) -> GameRow:
        for row in self._rows:
            self._tally.add(row)
            return row
        for chunk in self._chunks:  # the next chunk, in game order
            self._rows = iter(chunk)
            return next(self)
        raise StopIteration

    def close(self) -> None:
        """Stop the simulation: cancel the chunks not started (those running finish)."""
        self._chunks.close()
        self._rows = iter(())

    def long_records(self) -> Iterator[dict[str, Any]]:
        """The rows not read yet, in long form: one dictionary per game and seat, lazily.

        The dictionaries of `SimulationResults.long_records`, read from this stream (the rows
        count in `summary` as they are read), for a long CSV file of any size or pandas in
        batches (``itertools.islice``).
        """
        for row in self:
            yield from row.long_records()

    @property
    def rows_read(self) -> int:
        """How many rows have been read so far."""
        return self._tally.games

    def summary(self) -> Summary:
        """The summary of the rows read so far (of all of them once the stream is exhausted).

        Raises:
            ValueError: before the first row is read (a summary needs a game).
        """
        if self._tally.games == 0:
            raise ValueError("no game has been read from the simulation yet")
        return self._tally.summary(self.game, self._lower_is_better)


@attrs.frozen
class _Plan:
    """A simulation's checked arguments: what `simulate` and `iter_simulate` play."""

    game: Game[Any]
    rules: Any
    names: tuple[str, ...] | None
    sent: tuple[AgentSpec, ...]
    labels: tuple[str, ...]
    seed: int
    games: int
    chunk_size: int
    executor: concurrent.futures.Executor | None
    workers: int | None
    progress: Callable[[int, int], object] | None


def _plan(
    game: Game[Any] | str,
    players: int | Sequence[str],
    agents: Sequence[AgentSpec],
    games: int,
    seed: int,
    rules: Any,
    executor: concurrent.futures.Executor | None,
    progress: Callable[[int, int], object] | None,
    chunk_size: int | None,
) -> _Plan:
    """Check the arguments of `simulate` (every one, before anything is played)."""
    if isinstance(game, str):
        game = find_game(game)
    elif not isinstance(game, Game):
        raise InvalidArgumentError("game", game, "expected a Game or a game's name")
    seed = _integer("seed", seed)
    if not -SEED_LIMIT < seed < SEED_LIMIT:  # as every game's seed, and what to_json writes
        raise _ArgumentError(
            "seed", seed, f"expected -2**64 < seed < 2**64, not {seed.bit_length()} bits"
        )
    games = _check_count("games", games, 1)
    if chunk_size is not None:
        chunk_size = _check_count("chunk_size", chunk_size, 1)
    if executor is not None and not isinstance(executor, concurrent.futures.Executor):
        raise InvalidArgumentError("executor", executor, "expected a concurrent.futures.Executor")
    if progress is not None and not callable(progress):
        raise InvalidArgumentError("progress", progress, "expected a callable or None")
    if rules is not None and not isinstance(rules, (str, game.rules_type)):
        raise _ArgumentError(
            "rules", rules, f"expected {game.rules_type.__name__} rules or a preset's name"
        )
    rules = game.resolve_rules(rules)
    names = _check_players(players, game)
    seats = len(game.new_game(players, seed=0, rules=rules).players)  # checks count and rules
    resolved, labels = _resolve_agents(agents, game, seats)

    workers = None if executor is None else _worker_count(executor)
    if chunk_size is None:
        chunk_size = _default_chunk_size(games, workers)
    sent = tuple(resolved) if executor is None else tuple(agents)
    return _Plan(
        game, rules, names, sent, labels, seed, games, chunk_size, executor, workers, progress
    )


def _played_chunks(plan: _Plan) -> Generator[list[GameRow], None, None]:
    """The rows of each chunk, chunk after chunk in game order, played as they are asked for.

    With an executor, a few chunks per worker are in flight; a chunk finished before those
    before it waits for them. A chunk is submitted only when one finishes, so at most
    `_IN_FLIGHT_PER_WORKER` chunks per worker are held, played or waiting, at any time.
    Closing the generator cancels the chunks not started.
    """
    chunks = _chunks(
        plan.game,
        plan.rules,
        plan.names,
        plan.sent,
        plan.labels,
        plan.seed,
        plan.games,
        plan.chunk_size,
    )
    progress, games, executor, workers = plan.progress, plan.games, plan.executor, plan.workers
    done = 0
    if executor is None or workers is None:  # (workers is None only without an executor)
        for chunk in chunks:
            rows = _play_chunk(chunk)
            done += chunk.stop - chunk.start
            if progress is not None:
                progress(done, games)
            yield rows
        return
    window = _IN_FLIGHT_PER_WORKER * workers
    pending: dict[concurrent.futures.Future[list[GameRow]], _Chunk] = {}
    ready: dict[int, list[GameRow]] = {}
    following_start = 0
    try:
        for chunk in itertools.islice(chunks, window):
            pending[executor.submit(_play_chunk, chunk)] = chunk
        while pending:
            finished, _ = concurrent.futures.wait(
                pending, return_when=concurrent.futures.FIRST_COMPLETED
            )
            for future in sorted(finished, key=lambda f: pending[f].start):
                chunk = pending.pop(future)
                ready[chunk.start] = future.result()
                done += chunk.stop - chunk.start
                if progress is not None:
                    progress(done, games)
                for following in itertools.islice(chunks, 1):
                    pending[executor.submit(_play_chunk, following)] = following
            while following_start in ready:
                rows = ready.pop(following_start)
                following_start += len(rows)
                yield rows
    finally:  # an error, or the reader stopped: the chunks not started are not played
        for future in pending:
            future.cancel()
