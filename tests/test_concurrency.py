"""Concurrency: immutable states shared between threads, without locks, act as in one thread.

States cache what they compute (legal moves, events, hashes) and the engines memoize tables
per rules; none of it may make a result depend on which thread asked first. Many threads work
on the same freshly loaded states (empty caches), in different orders, with the interpreter
switching threads as often as it can, and must get exactly what one thread gets.
"""

from __future__ import annotations

import functools
import random
import sys
import threading
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

import pytest

import cardgames
from cardgames.game import Game, State

AnyState = State[Any, Any, Any]
T = TypeVar("T")
THREADS = 8


@pytest.fixture(autouse=True)
def frequent_switches() -> Iterator[None]:
    """Make the interpreter switch threads every few bytecodes, so that races show."""
    before = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    try:
        yield
    finally:
        sys.setswitchinterval(before)


def playout_states(game: Game[Any], rules: Any, players: int, seed: int) -> list[AnyState]:
    chooser = random.Random(seed)
    state: AnyState = game.new_game(players, seed=seed, rules=rules)
    states = [state]
    while not state.is_over:
        moves = state.legal_moves()
        state = state.apply(moves[chooser.randrange(len(moves))])
        states.append(state)
    return states


def sample_documents() -> list[tuple[Game[Any], str]]:
    """States of every game and preset, as JSON (loading gives states with empty caches)."""
    documents = []
    for game in cardgames.games():
        for index, rules in enumerate(game.presets.values()):
            states = playout_states(game, rules, game.min_players + index % 3, seed=index)
            for state in states[:: max(1, len(states) // 6)]:
                documents.append((game, state.to_json()))
    return documents


def fingerprint(state: AnyState) -> tuple[Any, ...]:
    """Everything observable about a state, computed through its caches."""
    legal = state.legal_moves()
    seats = range(len(state.players))
    return (
        state.to_json(),
        hash(state),
        state.to_act,
        tuple(map(str, legal)),
        tuple(tuple(map(str, state.legal_moves(seat))) for seat in seats),
        tuple(state.view(seat).to_json() for seat in (None, *seats)),
        tuple(map(repr, state.last_events)),
        tuple(state.apply(move).to_json() for move in legal),
        state.outcome(),
    )


def run_in_threads(tasks: list[Callable[[], T]]) -> list[T]:
    """Run one task per thread, all threads starting together; results in task order."""
    assert len(tasks) == THREADS
    barrier = threading.Barrier(THREADS)

    def start(task: Callable[[], T]) -> T:
        barrier.wait(timeout=60)
        return task()

    with ThreadPoolExecutor(max_workers=THREADS) as pool:
        return list(pool.map(start, tasks))


def test_threads_sharing_states_see_what_one_thread_sees() -> None:
    documents = sample_documents()
    expected = [fingerprint(game.state_from_json(text)) for game, text in documents]
    shared = [game.state_from_json(text) for game, text in documents]  # caches still empty

    def work(order_seed: int) -> list[tuple[int, tuple[Any, ...]]]:
        order = list(range(len(shared)))
        random.Random(order_seed).shuffle(order)
        return [(i, fingerprint(shared[i])) for i in order]

    results = run_in_threads([functools.partial(work, seed) for seed in range(THREADS)])
    for thread, result in enumerate(results):
        assert len(result) == len(expected)
        for i, got in result:
            assert got == expected[i], f"thread {thread} saw state {i} differently"


def _play_on(state: AnyState, seed: int) -> list[str]:
    chooser = random.Random(seed)
    played = []
    for _ in range(60):
        if state.is_over:
            break
        moves = state.legal_moves()
        move = moves[chooser.randrange(len(moves))]
        played.append(state.format_move(move))
        state = state.apply(move)
    played.append(state.to_json())
    return played


def test_threads_playing_on_from_shared_states_get_the_same_games() -> None:
    documents = sample_documents()[::3]
    jobs = [(i, seed) for i in range(len(documents)) for seed in range(3)]
    expected = {
        (i, seed): _play_on(documents[i][0].state_from_json(documents[i][1]), seed)
        for i, seed in jobs
    }
    shared = [game.state_from_json(text) for game, text in documents]
    random.Random(0).shuffle(jobs)
    chunks = [jobs[k::THREADS] for k in range(THREADS)]

    def work(chunk: list[tuple[int, int]]) -> dict[tuple[int, int], list[str]]:
        return {(i, seed): _play_on(shared[i], seed) for i, seed in chunk}

    results = run_in_threads([functools.partial(work, chunk) for chunk in chunks])
    for result in results:
        for job, played in result.items():
            assert played == expected[job], f"the game played on from state {job[0]} differs"


def test_threads_using_many_rules_at_once_agree() -> None:
    """Enough different rules to churn the engines' per-rules table caches meanwhile."""
    games = {game.name: game for game in cardgames.games()}
    jobs: list[tuple[str, Any, int]] = []
    for game in games.values():
        base = game.default_rules
        if game.name == "planets":
            variants = [base.replace(max_turns=turns) for turns in range(5, 105)]
        else:
            variants = [base.replace(max_moves=moves) for moves in range(40, 140)]
        jobs += [(game.name, rules, seed) for seed, rules in enumerate(variants)]

    def play(job: tuple[str, Any, int]) -> str:
        name, rules, seed = job
        game = games[name]
        return playout_states(game, rules, game.min_players + seed % 2, seed)[-1].to_json()

    expected = [play(job) for job in jobs]
    chunks = [list(range(k, len(jobs), THREADS)) for k in range(THREADS)]

    def work(chunk: list[int]) -> list[tuple[int, str]]:
        return [(i, play(jobs[i])) for i in chunk]

    results = run_in_threads([functools.partial(work, chunk) for chunk in chunks])
    for result in results:
        for i, final in result:
            assert final == expected[i], f"game {jobs[i][0]} with rules variant {i} differs"
