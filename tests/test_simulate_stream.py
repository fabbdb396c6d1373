"""`iter_simulate`: the rows of `simulate`, one at a time, in bounded memory (issue #29).

`simulate` keeps every row (about 860 bytes each): 10**7 games took 8.6 GB. `iter_simulate`
yields the same rows in game order and keeps only the sums of the summary.
"""

from __future__ import annotations

import concurrent.futures
import multiprocessing
import tracemalloc
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cardgames.simulate as simulate_module
from cardgames import crazy_eights
from cardgames.agents import RandomAgent
from cardgames.agents.base import _play_unrecorded
from cardgames.errors import InvalidArgumentError
from cardgames.simulate import (
    SimulationResults,
    SimulationStream,
    iter_simulate,
    simulate,
)

ARGS: dict[str, Any] = {
    "players": 3,
    "agents": ["random", "heuristic", "random"],
    "games": 60,
    "seed": 29,
}


def spawn_pool(workers: int = 2) -> concurrent.futures.ProcessPoolExecutor:
    return concurrent.futures.ProcessPoolExecutor(workers, multiprocessing.get_context("spawn"))


@pytest.fixture(scope="module")
def expected() -> SimulationResults:
    return simulate("crazy eights", **ARGS)


def test_the_stream_gives_the_rows_and_summary_of_simulate(expected: SimulationResults) -> None:
    stream = iter_simulate("crazy eights", **ARGS, chunk_size=7)
    assert isinstance(stream, SimulationStream)
    rows = list(stream)
    assert tuple(rows) == expected.rows
    assert stream.rows_read == 60
    assert stream.summary() == expected.summary()
    assert (stream.game, stream.seed, stream.rules) == (
        expected.game,
        expected.seed,
        expected.rules,
    )


def test_the_stream_with_two_worker_processes_gives_the_same(expected: SimulationResults) -> None:
    with spawn_pool() as pool:
        stream = iter_simulate("crazy eights", **ARGS, executor=pool, chunk_size=4)
        assert tuple(stream) == expected.rows
    assert stream.summary() == expected.summary()
    with spawn_pool() as pool:
        assert simulate("crazy eights", **ARGS, executor=pool, chunk_size=4) == expected


@settings(max_examples=15, deadline=None)
@given(chunk_size=st.integers(1, 70), threads=st.booleans(), read=st.integers(1, 60))
def test_a_partly_read_stream_summarizes_what_was_read(
    expected: SimulationResults, chunk_size: int, threads: bool, read: int
) -> None:
    with concurrent.futures.ThreadPoolExecutor(3) as pool:
        stream = iter_simulate(
            "crazy eights", **ARGS, chunk_size=chunk_size, executor=pool if threads else None
        )
        rows = [next(stream) for _ in range(read)]
        stream.close()
    assert tuple(rows) == expected.rows[:read]
    assert list(stream) == []
    head = SimulationResults(expected.game, rows, seed=expected.seed, rules=expected.rules)
    assert stream.summary() == head.summary()


def test_the_arguments_are_checked_at_the_call() -> None:
    with pytest.raises(InvalidArgumentError):
        iter_simulate("crazy eights", players=2, agents=["random"] * 2, games=0, seed=1)
    with pytest.raises(InvalidArgumentError):
        iter_simulate("crazy eights", players=2, agents=["random"], games=5, seed=1)


def test_no_summary_before_a_row_is_read() -> None:
    stream = iter_simulate("crazy eights", players=2, agents=["random"] * 2, games=3, seed=1)
    with pytest.raises(ValueError, match="no game"):
        stream.summary()


def test_closing_the_stream_stops_the_games() -> None:
    done: list[int] = []
    stream = iter_simulate(
        "crazy eights",
        players=2,
        agents=["random"] * 2,
        games=1000,
        seed=1,
        chunk_size=10,
        progress=lambda finished, total: done.append(finished),
    )
    next(stream)
    stream.close()
    assert done == [10]
    assert list(stream) == []


def test_a_row_record_is_a_records_line(expected: SimulationResults) -> None:
    assert [row.record() for row in expected.rows] == expected.records()


def _summary_peak(games: int, keep: bool) -> int:
    """The most memory a simulation of ``games`` games held at once, summary included.

    The chunk size is fixed: by default it grows with the games up to 250 (25,000 games), a
    bound of its own.
    """
    args: dict[str, Any] = {"players": 2, "agents": ["random"] * 2, "seed": 1, "chunk_size": 50}
    tracemalloc.start()
    try:
        if keep:
            simulate("crazy eights", games=games, **args).summary()
        else:
            stream = iter_simulate("crazy eights", games=games, **args)
            for _ in stream:
                pass
            stream.summary()
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def test_memory_does_not_grow_with_the_games(monkeypatch: pytest.MonkeyPatch) -> None:
    # What is measured is the stream's machinery, not the engine: every game is replaced by one
    # real final state, so 10,000 games take seconds. Keeping the rows costs 9,000 rows more at
    # 10,000 games than at 1,000; the stream, nothing.
    final = _play_unrecorded(
        crazy_eights.GAME, [RandomAgent()] * 2, 1, crazy_eights.GAME.default_rules, None
    )
    monkeypatch.setattr(simulate_module, "_play_unrecorded", lambda *args: final)
    _summary_peak(100, keep=False)  # the first call fills the library's caches: not measured
    small, large = _summary_peak(1_000, keep=False), _summary_peak(10_000, keep=False)
    assert large < small * 1.2 + 50_000, (small, large)
    kept_small, kept_large = _summary_peak(1_000, keep=True), _summary_peak(10_000, keep=True)
    assert kept_large > 5 * kept_small  # the measure sees rows kept: the test can fail
