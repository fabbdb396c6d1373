"""`simulate` on a Dask distributed cluster gives the same rows as in process and in a pool.

Needs the ``dask`` extra (``pip install 'pycardgames[dask]'``); skipped without it. The cluster
is a `LocalCluster` of two single-threaded worker processes, started once for the module and
closed at the end.
"""

from __future__ import annotations

import concurrent.futures
import logging
import multiprocessing
from collections.abc import Iterator
from typing import Any

import pytest

from cardgames.simulate import SimulationResults, _worker_count, simulate

distributed = pytest.importorskip(
    "distributed",
    reason="Dask distributed is not installed (the `dask` extra: pip install 'pycardgames[dask]')",
)

ARGS: dict[str, Any] = {
    "players": 4,
    "agents": ["random", "heuristic", "random", "heuristic"],
    "games": 40,
    "seed": 31337,
}


@pytest.fixture(scope="module")
def client() -> Iterator[Any]:
    with (
        distributed.LocalCluster(
            n_workers=2,
            threads_per_worker=1,
            processes=True,
            dashboard_address=":0",  # any free port: None means 8787, which a cluster
            # started by another test worker may hold
            silence_logs=logging.ERROR,
        ) as cluster,
        distributed.Client(cluster) as dask_client,
    ):
        yield dask_client


@pytest.fixture(scope="module")
def reference() -> SimulationResults:
    return simulate("crazy eights", **ARGS)


def test_in_process_pool_and_cluster_agree(client: Any, reference: SimulationResults) -> None:
    pool = concurrent.futures.ProcessPoolExecutor(2, multiprocessing.get_context("spawn"))
    with pool:
        assert simulate("crazy eights", **ARGS, executor=pool, chunk_size=3) == reference
    executor = client.get_executor()
    assert _worker_count(executor) == 2
    calls: list[int] = []
    for chunk_size in (None, 1, 6, 40):
        results = simulate(
            "crazy eights",
            **ARGS,
            executor=executor,
            chunk_size=chunk_size,
            progress=lambda done, total: calls.append(done),
        )
        assert results == reference
        assert calls[-1] == 40
    assert simulate("crazy eights", **ARGS, chunk_size=7) == reference


def test_cluster_with_rules_and_names(client: Any) -> None:
    args = {**ARGS, "players": ["Léa", "Tom", "Sam", "Zoé"], "games": 12}
    alone = simulate("8 américain", **args, rules="toutes-variantes")
    on_cluster = simulate(
        "8 américain", **args, rules="toutes-variantes", executor=client.get_executor()
    )
    assert on_cluster == alone
