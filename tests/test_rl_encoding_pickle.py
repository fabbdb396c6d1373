"""The RL encodings can be pickled, as multiprocessing RL code needs (issue #29).

An `ActionEncoding` or `ObservationEncoding` is pickled as the arguments it was made from
(game name, rules, players): unpickled in the same process it is the cached encoding itself,
in another one (a pool worker started with "spawn") an encoding that gives the same ids and
vectors. They held the game, whose presets are a read-only ``mappingproxy``, which pickle
refuses.
"""

from __future__ import annotations

import multiprocessing
import pickle
from typing import Any

import pytest

np = pytest.importorskip("numpy", reason="cardgames.rl needs the rl extra")

from cardgames.game import find_game  # noqa: E402
from cardgames.rl import (  # noqa: E402
    ActionEncoding,
    ObservationEncoding,
    action_encoding,
    observation_encoding,
)

CASES = [
    ("crazy-eights", "five-rounds", 3),
    ("huit-americain", "a-la-volee", 5),
    ("huit-americain", "32-cartes", 2),
    ("planets", "must-lay", 4),
]


@pytest.mark.parametrize(("name", "preset", "players"), CASES)
def test_encodings_survive_a_pickle_round_trip(name: str, preset: str, players: int) -> None:
    game = find_game(name)
    rules = game.preset(preset)
    actions = action_encoding(game, rules, players=players)
    observations = observation_encoding(game, rules, players=players)
    for protocol in range(2, pickle.HIGHEST_PROTOCOL + 1):
        assert pickle.loads(pickle.dumps(actions, protocol)) is actions  # the cached one
        assert pickle.loads(pickle.dumps(observations, protocol)) is observations


def _answer(
    actions: ActionEncoding, observations: ObservationEncoding, state: Any
) -> tuple[list[int], bytes, str]:
    """What a worker computes with the encodings it was sent."""
    return (
        actions.legal_actions(state),
        observations.encode(state.view(0)).tobytes(),
        actions.describe(actions.size - 2),
    )


def test_encodings_work_in_a_spawned_pool_worker() -> None:
    jobs = []
    for name, preset, players in CASES:
        game = find_game(name)
        rules = game.preset(preset)
        state = game.new_game(players, seed=9, rules=rules)
        actions = action_encoding(game, rules, players=players)
        observations = observation_encoding(game, rules, players=players)
        jobs.append((actions, observations, state))
    context = multiprocessing.get_context("spawn")
    with context.Pool(1) as pool:
        answers = pool.starmap(_answer, jobs)
    assert answers == [_answer(*job) for job in jobs]
