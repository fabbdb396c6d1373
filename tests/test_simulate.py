"""Tests of `cardgames.simulate`: reproducibility, statistics against hand-computed rows, output.

The statistics are checked on small, hand-built sets of rows (not on simulated games): the
Wilson intervals against the published values of Newcombe (1998, Table I, method 3) and sums
worked out by hand, the quantiles by hand from the linear-interpolation definition.
"""

from __future__ import annotations

import concurrent.futures
import csv
import io
import json
import multiprocessing
import pickle
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardgames import crazy_eights, huit_americain
from cardgames.agents import AgentError, RandomAgent, choose_move, offer_move, play_game
from cardgames.errors import (
    InvalidArgumentError,
    InvalidRulesError,
    InvalidStateError,
    UnknownGameError,
)
from cardgames.game import Move, Termination, View, find_game
from cardgames.rng import Rng
from cardgames.shedding import PlayCard
from cardgames.simulate import (
    GameRow,
    LengthSummary,
    SimulationResults,
    WinRate,
    _Chunk,
    _default_chunk_size,
    _lookup_game,
    _worker_count,
    game_seed,
    iter_simulate,
    simulate,
    wilson_interval,
)

WENT_OUT = Termination.WENT_OUT
BLOCKED = Termination.BLOCKED
TURN_LIMIT = Termination.TURN_LIMIT


def objects(*agents: object) -> list[Any]:
    """Agent objects for `simulate` (typed loosely: frozen agents have a read-only ``name``,
    which the `Agent` protocol does not accept yet)."""
    return list(agents)


def spawn_pool(workers: int = 2) -> concurrent.futures.ProcessPoolExecutor:
    """A process pool whose workers start fresh (no fork of a possibly threaded test run)."""
    return concurrent.futures.ProcessPoolExecutor(workers, multiprocessing.get_context("spawn"))


# --------------------------------------------------------------------------------------------
# Reproducibility
# --------------------------------------------------------------------------------------------

CE_ARGS: dict[str, Any] = {"players": 3, "agents": ["random"] * 3, "games": 24, "seed": 2026}


@pytest.fixture(scope="module")
def reference() -> SimulationResults:
    return simulate("crazy eights", **CE_ARGS)


def test_rows_in_order_with_derived_seeds(reference: SimulationResults) -> None:
    assert [row.index for row in reference.rows] == list(range(24))
    master = Rng.from_seed(2026)
    for row in reference.rows:
        assert row.seed == master.derive(row.index).next_u64()[0] == game_seed(2026, row.index)
        assert row.agents == ("random", "random", "random")
    assert reference.game == "crazy-eights"
    assert reference.seed == 2026
    assert reference.rules == crazy_eights.GAME.default_rules
    assert len({row.seed for row in reference.rows}) == 24


def test_a_row_is_the_game_replayed_alone(reference: SimulationResults) -> None:
    row = reference.rows[17]
    result = play_game(crazy_eights.GAME, objects(*[RandomAgent()] * 3), seed=row.seed)
    outcome = result.outcome
    assert outcome.winners == row.winners
    assert outcome.scores == row.scores
    assert outcome.reason == row.reason
    assert len(result.steps) == row.moves


@pytest.mark.parametrize("chunk_size", [1, 5, 7, 24, 1000])
def test_same_rows_whatever_the_chunk_size(reference: SimulationResults, chunk_size: int) -> None:
    assert simulate("crazy eights", **CE_ARGS, chunk_size=chunk_size) == reference


def test_same_rows_in_a_thread_pool(reference: SimulationResults) -> None:
    with concurrent.futures.ThreadPoolExecutor(3) as pool:
        assert simulate("crazy eights", **CE_ARGS, executor=pool) == reference
        assert simulate("crazy eights", **CE_ARGS, executor=pool, chunk_size=5) == reference


def test_same_rows_in_a_process_pool(reference: SimulationResults) -> None:
    with spawn_pool() as pool:
        for chunk_size in (None, 1, 7):
            results = simulate("crazy eights", **CE_ARGS, executor=pool, chunk_size=chunk_size)
            assert results == reference
        # Agent objects are pickled; a preset name is resolved before the games are sent.
        args = {**CE_ARGS, "agents": objects(*[RandomAgent(interrupt_chance=0.9)] * 3)}
        alone = simulate(huit_americain.GAME, **args, rules="toutes-variantes")
        pooled = simulate("8 américain", **args, rules="toutes-variantes", executor=pool)
    assert pooled == alone
    assert alone.rules == huit_americain.GAME.preset("toutes-variantes")


def test_seed_names_and_game_forms() -> None:
    base = simulate("crazy eights", **CE_ARGS)
    other_seed = simulate("crazy eights", **{**CE_ARGS, "seed": 2027})
    assert [r.seed for r in base.rows] != [r.seed for r in other_seed.rows]
    # Names only label the players; the game object or any of its names select the same game.
    named = simulate(crazy_eights.GAME, **{**CE_ARGS, "players": ["Léa", "Tom", "Sam"]})
    assert named == base


def test_agents_given_as_objects_or_names_play_the_same() -> None:
    by_name = simulate("crazy eights", **CE_ARGS)
    by_object = simulate("crazy eights", **{**CE_ARGS, "agents": objects(*[RandomAgent()] * 3)})
    assert by_object == by_name


def test_mixed_line_up_rows_and_summary() -> None:
    results = simulate(
        "crazy eights",
        players=2,
        agents=["heuristic", "random"],
        games=30,
        seed=5,
        executor=None,
        chunk_size=4,
    )
    assert {row.agents for row in results.rows} == {("heuristic", "random")}
    summary = results.summary()
    assert [a.name for a in summary.agents] == ["heuristic", "random"]
    assert summary.agent("heuristic").seat_games == 30
    assert summary.seats[0].agents == ("heuristic",)


# --------------------------------------------------------------------------------------------
# Agent labels
# --------------------------------------------------------------------------------------------


def test_agents_sharing_a_name_given_as_text_are_named_by_spec(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def fake_make_agent(spec: str, game: Any) -> RandomAgent:  # two "random" agents that differ
        return RandomAgent(interrupt_chance=0.1 if spec.endswith("cautious") else 0.9)

    monkeypatch.setattr("cardgames.simulate.make_agent", fake_make_agent)
    results = simulate(
        "crazy eights", players=2, agents=["Random:cautious", "random:bold"], games=2, seed=1
    )
    assert results.rows[0].agents == ("random:cautious", "random:bold")


def test_same_spec_twice_is_one_agent() -> None:
    results = simulate("crazy eights", players=2, agents=["random", " Random "], games=2, seed=1)
    assert results.rows[0].agents == ("random", "random")


def test_different_agent_objects_with_one_name_are_refused() -> None:
    agents = objects(RandomAgent(), RandomAgent(interrupt_chance=0.1))
    with pytest.raises(InvalidRulesError, match="share this name") as info:
        simulate("crazy eights", players=2, agents=agents, games=2, seed=1)
    assert info.value.option == "agents"
    named = objects(RandomAgent(), RandomAgent(name="timid", interrupt_chance=0.1))
    results = simulate("crazy eights", players=2, agents=named, games=2, seed=1)
    assert results.rows[0].agents == ("random", "timid")


# --------------------------------------------------------------------------------------------
# Statistics, on hand-built rows
# --------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("successes", "trials", "low", "high"),
    [
        # Newcombe (1998), "Two-sided confidence intervals for the single proportion", Table I.
        (81, 263, 0.2553, 0.3662),
        (15, 148, 0.0624, 0.1605),
        (0, 20, 0.0, 0.1611),
        (1, 29, 0.0061, 0.1718),
        # Worked by hand: 1.96^2 / (10 + 1.96^2) = 0.2775 bounds a proportion of 0 in 10.
        (0, 10, 0.0, 0.2775),
        (10, 10, 0.7225, 1.0),
        (5, 10, 0.2366, 0.7634),
    ],
)
def test_wilson_interval_published_values(
    successes: int, trials: int, low: float, high: float
) -> None:
    got_low, got_high = wilson_interval(successes, trials)
    assert got_low == pytest.approx(low, abs=5e-5)
    assert got_high == pytest.approx(high, abs=5e-5)


def test_wilson_interval_edges() -> None:
    assert wilson_interval(0, 0) == (0.0, 1.0)
    assert wilson_interval(0, 5)[0] == 0.0
    assert wilson_interval(5, 5)[1] == 1.0
    assert wilson_interval(5, 10, z=0) == pytest.approx((0.5, 0.5))
    for bad in ((11, 10), (-1, 10), (0, -1)):
        with pytest.raises(ValueError, match="successes"):
            wilson_interval(*bad)
    assert WinRate.of(0, 0).rate == 0.0


def test_length_quantiles_by_hand() -> None:
    # Positions (n - 1) q in [10, 20, 30, 40, 100]: 1, 2, 3, 3.6 -> 20, 30, 40, 40 + 0.6 * 60.
    assert LengthSummary.of([100, 30, 10, 40, 20]) == LengthSummary(
        mean=40.0, minimum=10, q25=20.0, median=30.0, q75=40.0, q90=76.0, maximum=100
    )
    # [10, 20, 30, 40]: 0.75, 1.5, 2.25, 2.7 -> 17.5, 25, 32.5, 37.
    assert LengthSummary.of([40, 10, 30, 20]) == LengthSummary(
        mean=25.0, minimum=10, q25=17.5, median=25.0, q75=32.5, q90=37.0, maximum=40
    )
    assert LengthSummary.of([7]) == LengthSummary(7.0, 7, 7.0, 7.0, 7.0, 7.0, 7)
    with pytest.raises(ValueError, match="no game"):
        LengthSummary.of([])


def row(
    index: int,
    agents: Sequence[str],
    winners: Sequence[int],
    scores: Sequence[int],
    moves: int,
    reason: Termination = WENT_OUT,
) -> GameRow:
    return GameRow(index, 1000 + index, tuple(agents), tuple(winners), tuple(scores), moves, reason)


# Three seats, agents "a", "b", "a"; one plain win each for seats 0 and 2, a win shared by two,
# one shared by three, and a game with no winner at all.
ROWS = (
    row(0, "aba", [0], [30, 0, 0], 10),
    row(1, "aba", [0, 1], [5, 5, 0], 20, BLOCKED),
    row(2, "aba", [0, 1, 2], [1, 1, 1], 30, BLOCKED),
    row(3, "aba", [2], [0, 0, 12], 40),
    row(4, "aba", [], [0, 0, 0], 100, TURN_LIMIT),
)


def test_summary_by_seat_with_fractional_shared_wins() -> None:
    summary = SimulationResults("toy", ROWS).summary()
    assert summary.games == 5
    seat0, seat1, seat2 = summary.seats
    # Seat 0: 1 + 1/2 + 1/3 = 11/6; seat 1: 1/2 + 1/3 = 5/6; seat 2: 1/3 + 1 = 4/3.
    assert seat0.win_rate.wins == pytest.approx(11 / 6)
    assert seat1.win_rate.wins == pytest.approx(5 / 6)
    assert seat2.win_rate.wins == pytest.approx(4 / 3)
    assert [s.win_rate.trials for s in summary.seats] == [5, 5, 5]
    assert seat0.win_rate.rate == pytest.approx(11 / 30)
    # Wilson, p = 11/30, n = 5: center (p + z²/10) / (1 + z²/5) = 0.424598, half-width
    # z / (1 + z²/5) * sqrt(p (1 - p) / 5 + z² / 100) = 0.322882.
    assert (seat0.win_rate.low, seat0.win_rate.high) == pytest.approx((0.1017, 0.7475), abs=5e-5)
    assert [s.mean_score for s in summary.seats] == pytest.approx([36 / 5, 6 / 5, 13 / 5])
    assert [s.agents for s in summary.seats] == [("a",), ("b",), ("a",)]
    assert summary.endings == ((WENT_OUT, 2), (BLOCKED, 2), (TURN_LIMIT, 1))


def test_summary_by_agent_counts_seat_games() -> None:
    summary = SimulationResults("toy", ROWS).summary()
    a, b = summary.agents
    assert (a.name, a.seat_games, b.name, b.seat_games) == ("a", 10, "b", 5)
    # Agent a holds seats 0 and 2: 11/6 + 4/3 = 19/6 wins in 10 seat-games.
    assert a.win_rate.wins == pytest.approx(19 / 6)
    assert a.win_rate.rate == pytest.approx(19 / 60)
    assert (a.win_rate.low, a.win_rate.high) == pytest.approx(wilson_interval(19 / 6, 10))
    assert a.mean_score == pytest.approx(49 / 10)
    assert b.mean_score == pytest.approx(6 / 5)
    assert summary.agent("b") is b
    with pytest.raises(KeyError):
        summary.agent("c")


def test_seat_and_agent_summaries_mirror_each_other() -> None:
    # ROWS: seats 0 and 2 are always agent a, seat 1 agent b, over 5 games.
    summary = SimulationResults("toy", ROWS).summary()
    a = summary.agent("a")
    assert (a.name, a.seats, a.seat_games) == ("a", (0, 2), 10)
    assert summary.agent("b").seats == (1,)
    for seat in range(3):
        got = summary.seat(seat)
        assert got is summary.seats[seat]
        assert (got.seat, got.seat_games) == (seat, 5)
    assert summary.seat(2).agents == ("a",)
    # Every seat-game of an agent is a game of one of its seats.
    assert a.seat_games == sum(summary.seat(s).seat_games for s in a.seats)
    assert a.win_rate.wins == pytest.approx(sum(summary.seat(s).win_rate.wins for s in a.seats))


@pytest.mark.parametrize("seat", [3, -1, 10**30])
def test_summary_seat_out_of_range_is_a_key_error(seat: int) -> None:
    summary = SimulationResults("toy", ROWS).summary()
    with pytest.raises(KeyError):
        summary.seat(seat)


@pytest.mark.parametrize("seat", [True, "0", 0.0, None, [0]])
def test_summary_seat_refuses_what_is_not_a_seat_number(seat: object) -> None:
    summary = SimulationResults("toy", ROWS).summary()
    with pytest.raises(InvalidArgumentError):
        summary.seat(seat)  # type: ignore[arg-type]


@pytest.mark.parametrize("name", [0, None, b"a", ("a",)])
def test_summary_agent_refuses_what_is_not_a_name(name: object) -> None:
    summary = SimulationResults("toy", ROWS).summary()
    with pytest.raises(InvalidArgumentError):
        summary.agent(name)  # type: ignore[arg-type]


def test_wilson_of_a_fractional_count_by_hand() -> None:
    # p = 11/24 (11/6 wins in 4): center (p + z²/8) / (1 + z²/4) = 0.478745,
    # half-width z / (1 + z²/4) * sqrt(p (1 - p) / 4 + z² / 64) = 0.349340.
    assert wilson_interval(11 / 6, 4) == pytest.approx((0.129405, 0.828085), abs=2e-6)


def test_summary_length_and_mixed_seats() -> None:
    rotated = (
        row(0, "xy", [0], [0, 8], 12),
        row(1, "yx", [0], [0, 4], 16),
        row(2, "xy", [1], [9, 0], 20),
        row(3, "yx", [0, 1], [2, 2], 24),
    )
    summary = SimulationResults("toy", rotated).summary()
    assert summary.seats[0].agents == ("x", "y")
    assert summary.seats[0].win_rate.wins == 2.5
    x, y = summary.agents
    # x won games 0 and half of 3 (seat 1 there); y won game 1, game 2 and half of game 3.
    assert (x.win_rate.wins, y.win_rate.wins) == (1.5, 2.5)
    assert (x.seat_games, y.seat_games) == (4, 4)
    assert (x.seats, y.seats) == ((0, 1), (0, 1))
    assert summary.seat(1).agents == ("y", "x")
    assert summary.length == LengthSummary(18.0, 12, 15.0, 18.0, 21.0, 22.8, 24)
    # A simulated game gets the same numbers as the summary of its rows.
    results = simulate("crazy eights", **CE_ARGS)
    total = sum(s.win_rate.wins for s in results.summary().seats)
    assert total == pytest.approx(24)


def test_summary_text() -> None:
    text = str(SimulationResults("toy", ROWS).summary())
    lines = text.splitlines()
    assert lines[0] == "toy: 5 games"
    assert lines[2].split() == ["seat", "agent", "win", "rate", "95", "%", "CI", "mean", "score"]
    assert lines[3].split()[:4] == ["0", "a", "36.7", "%"]
    assert "[ 10.2 %,  74.7 %]" in lines[3]
    assert lines[3].endswith("7.20")
    assert lines[8].split()[:3] == ["a", "10", "31.7"]
    assert "median 30, 75 % 40, 90 % 76, max 100" in text
    assert text.endswith("endings: went out 2, blocked 2, move limit 1")  # words, not codes


def test_summary_text_names_the_game_and_says_when_lower_is_better() -> None:
    rows = [row(0, "ab", [1], [30, 0], 40)]
    text = str(SimulationResults("huit-americain", rows).summary())
    assert text.startswith("8 Américain (huit-americain): 1 game")
    assert text.endswith("mean score: penalty points, lower is better")
    crazy = str(SimulationResults("crazy-eights", rows).summary())
    assert crazy.startswith("Crazy Eights: 1 game")
    assert "lower is better" not in crazy
    # The rules decide, when known: Crazy Eights with 8 Américain's scoring.
    scoring = huit_americain.GAME.default_rules.scoring
    rules = crazy_eights.GAME.default_rules.replace(scoring=scoring)
    assert SimulationResults("crazy-eights", rows, rules=rules).summary().lower_is_better


def test_results_check_their_rows() -> None:
    with pytest.raises(ValueError, match="at least one game"):
        SimulationResults("toy", [])
    with pytest.raises(ValueError, match="seats"):
        SimulationResults("toy", [ROWS[0], row(1, "ab", [0], [0, 0], 5)])
    with pytest.raises(TypeError, match="GameRow"):
        SimulationResults("toy", [ROWS[0], {"index": 1}])  # type: ignore[list-item]
    with pytest.raises(ValueError, match="scores"):
        row(0, "ab", [0], [1, 2, 3], 5)
    with pytest.raises(ValueError, match="winners"):
        row(0, "ab", [2], [1, 2], 5)
    with pytest.raises(ValueError, match="winners"):
        row(0, "ab", [1, 1], [1, 2], 5)


# --------------------------------------------------------------------------------------------
# Output
# --------------------------------------------------------------------------------------------

COLUMNS = [
    "index",
    "seed",
    "moves",
    "reason",
    "agent_0",
    "agent_1",
    "agent_2",
    "score_0",
    "score_1",
    "score_2",
    "win_0",
    "win_1",
    "win_2",
]


def test_records() -> None:
    records = SimulationResults("toy", ROWS).records()
    assert len(records) == 5
    assert list(records[2]) == COLUMNS
    assert records[1] == {
        "index": 1,
        "seed": 1001,
        "moves": 20,
        "reason": "blocked",
        "agent_0": "a",
        "agent_1": "b",
        "agent_2": "a",
        "score_0": 5,
        "score_1": 5,
        "score_2": 0,
        "win_0": 0.5,
        "win_1": 0.5,
        "win_2": 0.0,
    }
    assert records[4]["win_0"] == 0.0


def test_csv_to_a_file_object_and_to_a_path(tmp_path: Path) -> None:
    results = SimulationResults("toy", ROWS)
    buffer = io.StringIO()
    results.to_csv(buffer)
    text = buffer.getvalue()
    assert text.splitlines()[0] == ",".join(COLUMNS)
    assert text.splitlines()[2] == "1,1001,20,blocked,a,b,a,5,5,0,0.5,0.5,0.0"
    parsed = list(csv.DictReader(io.StringIO(text)))
    assert len(parsed) == 5
    assert float(parsed[2]["win_1"]) == pytest.approx(1 / 3)
    path = tmp_path / "games.csv"
    results.to_csv(path)
    assert path.read_text(encoding="utf-8") == text
    results.to_csv(str(path))
    assert path.read_text(encoding="utf-8") == text


LONG_COLUMNS = ["index", "seed", "moves", "reason", "seat", "agent", "score", "win"]


def test_long_records_by_hand() -> None:
    records = SimulationResults("toy", ROWS).long_records()
    assert len(records) == 5 * 3
    assert all(list(record) == LONG_COLUMNS for record in records)
    # Game 1: agents a, b, a; scores 5, 5, 0; seats 0 and 1 share the win.
    assert records[3:6] == [
        {"index": 1, "seed": 1001, "moves": 20, "reason": "blocked", "seat": seat}
        | {"agent": agent, "score": score, "win": win}
        for seat, agent, score, win in ((0, "a", 5, 0.5), (1, "b", 5, 0.5), (2, "a", 0, 0.0))
    ]


def wide_from_long(long: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The one-line-per-game records rebuilt from the long ones (a pivot, as pandas does)."""
    wide: dict[int, dict[str, Any]] = {}
    for record in long:
        common = {key: record[key] for key in ("index", "seed", "moves", "reason")}
        row = wide.setdefault(record["index"], common)
        assert {key: row[key] for key in common} == common  # every seat tells the same game
        for column in ("agent", "score", "win"):
            row[f"{column}_{record['seat']}"] = record[column]
    columns = [*LONG_COLUMNS[:4]] + [
        f"{column}_{seat}" for column in ("agent", "score", "win") for seat in range(3)
    ]
    return [{column: row[column] for column in columns} for row in wide.values()]


def test_long_records_pivot_to_the_wide_ones(reference: SimulationResults) -> None:
    for results in (SimulationResults("toy", ROWS), reference):
        long = results.long_records()
        assert len(long) == len(results.rows) * results.seats
        assert wide_from_long(long) == results.records()
        assert [r["seat"] for r in long] == list(range(results.seats)) * len(results.rows)


@st.composite
def game_rows(draw: st.DrawFn, index: int) -> GameRow:
    """A row of three seats: any agents' names, scores and winners."""
    return GameRow(
        index,
        draw(st.integers(0, 2**64 - 1)),
        draw(st.lists(st.sampled_from(["a", "b", "c"]), min_size=3, max_size=3)),
        draw(st.lists(st.integers(0, 2), max_size=3, unique=True)),
        draw(st.lists(st.integers(-500, 500), min_size=3, max_size=3)),
        draw(st.integers(0, 10_000)),
        draw(st.sampled_from(list(Termination))),
    )


@given(data=st.data(), games=st.integers(1, 6))
def test_long_records_of_any_rows_pivot_to_the_wide_ones(data: st.DataObject, games: int) -> None:
    rows = [data.draw(game_rows(i), label=f"row {i}") for i in range(games)]
    results = SimulationResults("toy", rows)
    assert wide_from_long(results.long_records()) == results.records()
    assert sum(r["win"] for r in results.long_records()) == pytest.approx(
        sum(1 for row in rows if row.winners)
    )


def test_long_csv(tmp_path: Path) -> None:
    results = SimulationResults("toy", ROWS)
    buffer = io.StringIO()
    results.to_csv(buffer, long=True)
    lines = buffer.getvalue().splitlines()
    assert lines[0] == ",".join(LONG_COLUMNS)
    assert lines[4:7] == ["1,1001,20,blocked,0,a,5,0.5", "1,1001,20,blocked,1,b,5,0.5",
                          "1,1001,20,blocked,2,a,0,0.0"]  # fmt: skip
    assert len(lines) == 1 + 15
    path = tmp_path / "long.csv"
    results.to_csv(path, long=True)
    assert path.read_text(encoding="utf-8") == buffer.getvalue()


def test_the_stream_gives_the_same_long_records(reference: SimulationResults) -> None:
    stream = iter_simulate("crazy eights", **CE_ARGS)
    first = next(stream)
    rest = list(stream.long_records())
    assert first.long_records() + rest == reference.long_records()
    assert stream.rows_read == len(reference.rows)
    assert stream.summary() == reference.summary()


def test_json_document_and_round_trip() -> None:
    results = simulate("8 américain", players=3, agents=["random"] * 3, games=5, seed=9)
    text = results.to_json()
    document = json.loads(text)
    assert document["format"] == "cardgames.simulation"
    assert document["version"] == 1
    assert document["game"] == "huit-americain"
    assert document["data"]["seed"] == 9
    assert document["data"]["rows"][0] == {
        "index": 0,
        "seed": results.rows[0].seed,
        "agents": ["random"] * 3,
        "winners": list(results.rows[0].winners),
        "scores": list(results.rows[0].scores),
        "moves": results.rows[0].moves,
        "reason": results.rows[0].reason.value,
    }
    assert SimulationResults.from_json(text) == results
    assert SimulationResults.from_json(text.encode()) == results
    hand_built = SimulationResults("toy", ROWS)
    assert json.loads(hand_built.to_json())["data"]["rules"] is None
    assert SimulationResults.from_json(hand_built.to_json()) == hand_built


@pytest.mark.parametrize(
    ("edit", "path"),
    [
        (lambda d: d.update(format="cardgames.state"), "/format"),
        (lambda d: d["data"].update(extra=1), "/data"),
        (lambda d: d.update(data=[]), "/data"),
        (lambda d: d["data"].update(seed="1"), "/data/seed"),
        (lambda d: d["data"].update(seed=True), "/data/seed"),
        (lambda d: d["data"]["rows"][1].update(reason="won"), "/data/rows/1/reason"),
        (lambda d: d["data"]["rows"][0].pop("moves"), "/data/rows/0/moves"),
        (lambda d: d["data"]["rows"][0].update(winners=[7]), "/data/rows/0"),
        (lambda d: d["data"].update(rows=[]), "/data/rows"),
        (lambda d: d.update(game=3), "/game"),
        (lambda d: d["data"].update(rules={"decks": 1}), "/game"),
    ],
)
def test_json_errors(edit: Any, path: str) -> None:
    document = json.loads(SimulationResults("toy", ROWS).to_json())
    edit(document)
    with pytest.raises(InvalidStateError) as info:
        SimulationResults.from_json(json.dumps(document))
    assert info.value.path == path


def test_json_rules_are_checked() -> None:
    results = simulate("crazy eights", players=2, agents=["random"] * 2, games=1, seed=1)
    document = json.loads(results.to_json())
    document["data"]["rules"]["hand_size"] = "seven"
    with pytest.raises(InvalidStateError) as info:
        SimulationResults.from_json(json.dumps(document))
    assert info.value.path.startswith("/data/rules")


# --------------------------------------------------------------------------------------------
# Progress, chunking and executors
# --------------------------------------------------------------------------------------------


def test_progress_in_process() -> None:
    calls: list[tuple[int, int]] = []
    simulate(
        "crazy eights",
        **CE_ARGS,
        chunk_size=5,
        progress=lambda done, total: calls.append((done, total)),
    )
    assert calls == [(5, 24), (10, 24), (15, 24), (20, 24), (24, 24)]


def test_progress_default_chunks_in_process() -> None:
    calls: list[int] = []
    simulate("crazy eights", **CE_ARGS, progress=lambda done, total: calls.append(done))
    assert calls == list(range(1, 25))  # 1 % of 24 games rounds up to one game a chunk


def test_progress_with_an_executor() -> None:
    calls: list[tuple[int, int]] = []
    with concurrent.futures.ThreadPoolExecutor(2) as pool:
        simulate(
            "crazy eights",
            **CE_ARGS,
            executor=pool,
            chunk_size=7,
            progress=lambda done, total: calls.append((done, total)),
        )
    assert len(calls) == 4  # chunks of 7, 7, 7 and 3 games, in completion order
    assert [total for _, total in calls] == [24] * 4
    dones = [done for done, _ in calls]
    assert dones == sorted(dones)
    assert dones[-1] == 24
    assert all(b - a in (3, 7) for a, b in zip([0, *dones], dones, strict=False))


def test_default_chunk_size() -> None:
    assert _default_chunk_size(1000, None) == 10  # in process: 1 % of the games
    assert _default_chunk_size(1000, 2) == 63  # 8 chunks per worker
    assert _default_chunk_size(10**6, 2) == 250  # at most 250 games a chunk
    assert _default_chunk_size(1, 4) == 1
    assert _default_chunk_size(5, None) == 1


def test_worker_count() -> None:
    with concurrent.futures.ThreadPoolExecutor(3) as pool:
        assert _worker_count(pool) == 3

    class FakeClient:
        def __init__(self, threads: dict[str, int] | None) -> None:
            self.threads = threads

        def nthreads(self) -> dict[str, int]:
            if self.threads is None:
                raise RuntimeError("scheduler gone")
            return self.threads

    class FakeExecutor(concurrent.futures.Executor):
        def __init__(self, threads: dict[str, int] | None) -> None:
            self._client = FakeClient(threads)

    assert _worker_count(FakeExecutor({"w1": 2, "w2": 4})) == 6
    fallback = _worker_count(FakeExecutor(None))
    assert fallback >= 1
    assert _worker_count(FakeExecutor({})) == fallback
    assert _worker_count(concurrent.futures.Executor()) == fallback


def test_a_chunk_pickles_the_game_by_name() -> None:
    chunk = _Chunk(crazy_eights.GAME, None, None, ("random",), ("random",), 1, 0, 3)
    copy = pickle.loads(pickle.dumps(chunk))
    assert copy.game is crazy_eights.GAME
    assert copy == chunk
    assert _lookup_game("huit-americain", "cardgames.huit_americain") is huit_americain.GAME
    with pytest.raises(UnknownGameError):
        _lookup_game("no such game", "cardgames.crazy_eights")


# --------------------------------------------------------------------------------------------
# Errors
# --------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("changes", "option"),
    [
        ({"games": 0}, "games"),
        ({"games": -3}, "games"),
        ({"games": True}, "games"),
        ({"games": "10"}, "games"),
        ({"chunk_size": 0}, "chunk_size"),
        ({"chunk_size": 2.5}, "chunk_size"),
        ({"seed": "7"}, "seed"),
        ({"seed": False}, "seed"),
        ({"players": 0}, "players"),
        ({"players": "Léa"}, "players"),
        ({"players": 3.0}, "players"),
        ({"agents": ["random"] * 2}, "agents"),
        ({"agents": ["random"] * 4}, "agents"),
        ({"agents": "random"}, "agents"),
        ({"agents": ["random", "random", "nobody"]}, "agent"),
        ({"agents": ["random", "random", 42]}, "agents"),
        ({"agents": ["random", "random", "ismcts:0"]}, "agent"),
        ({"rules": "no such preset"}, "preset"),
    ],
)
def test_invalid_arguments(changes: dict[str, Any], option: str) -> None:
    with pytest.raises(InvalidRulesError) as info:
        simulate("crazy eights", **{**CE_ARGS, **changes})
    assert info.value.option == option


class _Index:
    """An integer type of a caller's own (as NumPy's are): it has ``__index__``."""

    def __init__(self, value: int) -> None:
        self.value = value

    def __index__(self) -> int:
        if self.value < 0:
            raise RuntimeError("a broken __index__")
        return self.value


def test_any_integer_type_is_taken_as_its_int() -> None:
    expected = simulate("crazy eights", **CE_ARGS).to_json()
    for name in ("players", "games", "seed", "chunk_size"):
        value = CE_ARGS.get(name, 2)
        results = simulate("crazy eights", **{**CE_ARGS, name: _Index(value)})
        assert results.to_json() == expected, name
        with pytest.raises(InvalidRulesError) as info:
            simulate("crazy eights", **{**CE_ARGS, name: _Index(-1)})
        assert info.value.option == name


def test_too_many_players_for_the_game() -> None:
    with pytest.raises(InvalidRulesError):
        simulate("crazy eights", players=9, agents=["random"] * 9, games=1, seed=1)


def test_unknown_game() -> None:
    with pytest.raises(UnknownGameError):
        simulate("no such game", **CE_ARGS)


@attrs.frozen
class Cheat:
    """An agent that always answers the first legal move of another seat."""

    name: str = "cheat"

    def act(self, view: View, legal: Sequence[Move], rng: Rng) -> tuple[Move | None, Rng]:
        return attrs.evolve(legal[0], player=(legal[0].player + 1) % 2), rng


def test_an_illegal_move_stops_the_simulation() -> None:
    with pytest.raises(AgentError) as info:
        simulate("crazy eights", players=2, agents=objects(Cheat(), Cheat()), games=3, seed=4)
    if sys.version_info >= (3, 11):
        assert f"in game 0 of the simulation (seed {game_seed(4, 0)})" in info.value.__notes__
    with (
        concurrent.futures.ThreadPoolExecutor(2) as pool,
        pytest.raises(AgentError),
    ):
        simulate(
            "crazy eights",
            players=2,
            agents=objects(Cheat(), Cheat()),
            games=6,
            seed=4,
            executor=pool,
        )


@attrs.frozen
class Decliner:
    """An agent that lets every move go, its own turn included."""

    name: str = "decliner"

    def act(self, view: View, legal: Sequence[Move], rng: Rng) -> tuple[Move | None, Rng]:
        return None, rng


@attrs.frozen
class Forger:
    """An agent that answers a look-alike of its first legal move: an int for the card."""

    name: str = "forger"

    def act(self, view: View, legal: Sequence[Move], rng: Rng) -> tuple[Move | None, Rng]:
        move = legal[0]
        if isinstance(move, PlayCard):
            return attrs.evolve(move, card=int(move.card)), rng  # type: ignore[arg-type]
        return attrs.evolve(move, player=float(move.player)), rng  # type: ignore[arg-type]


def test_choose_move_gives_the_engines_own_move_and_the_agents_rng() -> None:
    state = crazy_eights.new_game(["Ann", "Bob", "Cid"], seed=11)
    rng = Rng.from_seed(5)
    move, after = choose_move(RandomAgent(), state, rng)
    expected, expected_rng = RandomAgent().act(
        state.view(state.to_act[0]), state.legal_moves(state.to_act[0]), rng
    )
    assert (move, after) == (expected, expected_rng)
    assert any(move is legal for legal in state.legal_moves(state.to_act[0]))
    assert state.apply(move).moves_played == 1  # type-checks: a Move, never None


def test_choose_move_refuses_a_declined_turn_and_a_forged_move() -> None:
    state = crazy_eights.new_game(["Ann", "Bob"], seed=11)
    before = state.to_json()
    with pytest.raises(AgentError, match="declined its own turn"):
        choose_move(Decliner(), state, Rng.from_seed(1))
    with pytest.raises(AgentError, match="illegal move"):
        choose_move(Forger(), state, Rng.from_seed(1))
    with pytest.raises(AgentError, match="illegal move"):
        choose_move(Cheat(), state, Rng.from_seed(1))
    assert state.to_json() == before


@pytest.mark.parametrize(
    ("agent", "state", "rng"),
    [
        ("random", crazy_eights.new_game(2, seed=1), Rng.from_seed(1)),
        (RandomAgent(), "state", Rng.from_seed(1)),
        (RandomAgent(), crazy_eights.new_game(2, seed=1), 42),
        (RandomAgent(), play_game(crazy_eights.GAME, [RandomAgent()] * 2, seed=3).state, None),
    ],
)
def test_choose_move_refuses_what_is_not_an_agent_a_running_state_or_an_rng(
    agent: Any, state: Any, rng: Any
) -> None:
    with pytest.raises(InvalidArgumentError):
        choose_move(agent, state, Rng.from_seed(1) if rng is None else rng)


@attrs.frozen
class Junk:
    """An agent whose answer is not a pair (move or None, Rng)."""

    reply: Any
    name: str = "junk"

    def act(self, view: View, legal: Sequence[Move], rng: Rng) -> tuple[Move | None, Rng]:
        return self.reply  # type: ignore[no-any-return]


@pytest.mark.parametrize(
    "reply", [None, "draw", (None,), (None, 42), (None, Rng.from_seed(1), 3), [None, None]]
)
def test_an_answer_that_is_not_a_move_and_an_rng_is_an_agent_error(reply: Any) -> None:
    state = crazy_eights.new_game(["Ann", "Bob"], seed=11)
    before = state.to_json()
    with pytest.raises(AgentError, match=r"not \(move, Rng\)"):
        choose_move(Junk(reply), state, Rng.from_seed(1))
    with pytest.raises(AgentError):
        play_game(crazy_eights.GAME, [Junk(reply), Junk(reply)], seed=11)
    assert state.to_json() == before


def test_offer_move_lets_an_interrupter_decline_and_refuses_its_forgeries() -> None:
    # A jump-in position: under "a-la-volee" a seat holding the identical card may interrupt.
    game = huit_americain.GAME
    rules = game.preset("a-la-volee")
    for seed in range(200):
        state = game.new_game(3, seed=seed, rules=rules)
        while not state.is_over and len(state.to_act) == 1:
            state = state.apply(state.legal_moves()[0])
        if not state.is_over:
            break
    else:  # pragma: no cover - the deals above reach a jump-in
        pytest.fail("no jump-in reached")
    seat = state.to_act[1]
    rng = Rng.from_seed(3)
    assert offer_move(Decliner(), state, seat, rng) == (None, rng)
    jump, _ = offer_move(RandomAgent(interrupt_chance=1.0), state, seat, rng)
    assert jump is not None
    assert any(jump is legal for legal in state.legal_moves(seat))
    with pytest.raises(AgentError, match="illegal move"):
        offer_move(Forger(), state, seat, rng)


@pytest.mark.parametrize("seat", [True, 1.0, "1", None, -1, 2, 99])
def test_offer_move_refuses_a_seat_that_may_not_move(seat: Any) -> None:
    state = crazy_eights.new_game(["Ann", "Bob", "Cid"], seed=11)  # only seat 1 may move
    assert state.to_act == (1,)
    with pytest.raises(InvalidArgumentError):
        offer_move(RandomAgent(), state, seat, Rng.from_seed(1))


def test_find_game_accepts_the_canonical_name() -> None:
    assert find_game(simulate("crazy eights", **CE_ARGS).game) is crazy_eights.GAME
