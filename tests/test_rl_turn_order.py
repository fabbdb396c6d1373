"""The RL adapters' turn order tells no seat what it may not see (issue #29).

Every seat watches whom an adapter asks (PettingZoo's ``agent_selection``, OpenSpiel's
``current_player()``, the spectator's ``render()``). Under "à la volée" only a seat holding a copy
of the top card may jump in; asking exactly those seats told everyone who holds one. The twin
test: for a seat ``s``, a state and its twin dealt again from ``s``'s view
(`Game.sample_state`) look the same to ``s``, so every output of the adapters that ``s`` can read
must be the same for both, for every preset of every game.
"""

from __future__ import annotations

import random
import warnings
from collections.abc import Iterator
from typing import Any

import pytest

np = pytest.importorskip("numpy", reason="cardgames.rl needs the rl extra")
pytest.importorskip("pettingzoo", reason="the PettingZoo adapter needs the rl extra")

from cardgames.game import Game, State, find_game  # noqa: E402
from cardgames.rl import action_encoding, seat_to_decide  # noqa: E402
from cardgames.rl._actions import _askable  # noqa: E402
from cardgames.rl._table import Table  # noqa: E402
from cardgames.rl.pettingzoo import CardGameEnv, raw_env  # noqa: E402
from cardgames.rng import Rng  # noqa: E402

CASES = [
    (name, preset, players)
    for name, sizes in (("crazy-eights", (2, 5)), ("huit-americain", (2, 5)), ("planets", (2, 4)))
    for preset in find_game(name).presets
    for players in sizes
]


@pytest.fixture(autouse=True)
def _quiet() -> Iterator[None]:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        yield


def _twin_env(env: CardGameEnv, state: State[Any, Any, Any], declined: frozenset[int]) -> Any:
    """A second environment of ``env``'s game at ``state`` with ``declined`` (same rendering)."""
    twin = raw_env(env.game, players=len(env.possible_agents), rules=env.rules, render_mode="ansi")
    twin.reset(seed=0)
    twin._table = Table(env.actions, state)
    twin._table.declined = declined
    twin._select()
    return twin


def _outputs(env: CardGameEnv, seat: int) -> tuple[Any, ...]:
    """What ``seat`` reads of the environment: whom it asks, its own observation, the render."""
    observation = env.observe(f"player_{seat}")
    return (
        env.agent_selection,
        observation["observation"].tobytes(),
        observation["action_mask"].tobytes(),
        env.render(),
    )


def _walk(game: Game[Any], rules: Any, players: int, seed: int, steps: int) -> Iterator[Any]:
    """A random game through the PettingZoo environment, the environment at each decision."""
    env = raw_env(game, players=players, rules=rules, render_mode="ansi")
    env.reset(seed=seed)
    chooser = random.Random(seed)
    for _ in range(steps):
        if not env.agents or env.game_state.is_over:
            return
        yield env
        legal = np.flatnonzero(env.observe(env.agent_selection)["action_mask"]).tolist()
        env.step(chooser.choice(legal))


@pytest.mark.parametrize(("name", "preset", "players"), CASES)
def test_two_states_a_seat_cannot_tell_apart_give_it_the_same_outputs(
    name: str, preset: str, players: int
) -> None:
    game = find_game(name)
    rules = game.preset(preset)
    compared = hidden_chances = 0
    for seed in range(2):
        for step, env in enumerate(_walk(game, rules, players, seed, 80)):
            table = env._table
            state = table.state
            asked = _askable(state)
            assert set(state.to_act) <= set(asked)  # every seat that may move is asked
            seat = (step + seed) % players
            twin = game.sample_state(state.view(seat), Rng.from_seed(1000 * seed + step))
            assert twin.view(seat) == state.view(seat)
            twin_env = _twin_env(env, twin, table.declined)
            assert _outputs(twin_env, seat) == _outputs(env, seat)
            compared += 1
            if state.to_act != twin.to_act:
                hidden_chances += 1  # who may move differs: the adapters must not show it
    assert compared > 20
    if getattr(rules, "jump_in", False) and players == 5:
        assert hidden_chances > 0  # the test reaches the positions that leaked


def test_seats_asked_are_those_that_might_jump_in_by_what_the_table_shows() -> None:
    game = find_game("huit-americain")
    rules = game.preset("a-la-volee")
    encoding = action_encoding(game, rules, players=5)
    idle = 0
    for env in _walk(game, rules, 5, 7, 200):
        table = env._table
        state = table.state
        seat = seat_to_decide(state, table.declined)
        assert env.agent_selection == f"player_{seat}"
        legal = table.legal_actions()
        if seat not in state.to_act:  # asked from public information, no chance in fact
            idle += 1
            assert table.idle
            assert legal == [encoding.decline]
            assert encoding.legal_actions(state, seat) == [encoding.decline]
        else:
            assert not table.idle
    assert idle > 0


def test_a_seat_that_holds_no_copy_is_not_asked_when_every_copy_is_face_up() -> None:
    # One deck (two players): the top card is the only copy of itself, so nobody may jump in
    # and nobody but the current player is asked.
    game = find_game("huit-americain")
    rules = game.preset("a-la-volee")
    for env in _walk(game, rules, 2, 3, 60):
        state = env._table.state
        assert env.agent_selection == f"player_{state.to_act[0]}"


@pytest.mark.parametrize("preset", ["a-la-volee", "toutes-variantes"])
def test_openspiel_asks_the_same_player_in_states_a_seat_cannot_tell_apart(preset: str) -> None:
    pytest.importorskip("pyspiel", reason="OpenSpiel wheels exist for some Pythons only")
    from cardgames.rl.openspiel import load_game

    game = find_game("huit-americain")
    rules = game.preset(preset)
    spiel = load_game(game, 5, rules)
    hidden_chances = 0
    for step, env in enumerate(_walk(game, rules, 5, 11, 120)):
        table = env._table
        seat = step % 5
        twin = game.sample_state(table.state.view(seat), Rng.from_seed(step))
        positions = []
        for state in (table.state, twin):
            position = spiel.new_initial_state()
            position.pending = None  # past the deal's chance nodes, at this position
            position.engine_state = state
            position.declined = table.declined
            positions.append(position)
        first, second = positions
        asked = first.current_player()
        assert asked == second.current_player() == seat_to_decide(table.state, table.declined)
        if asked == seat:
            assert first.legal_actions() == second.legal_actions()
        assert first.observation_tensor(seat) == second.observation_tensor(seat)
        hidden_chances += table.state.to_act != twin.to_act
    assert hidden_chances > 0


def test_the_adapters_pass_their_own_suites_when_seats_are_asked_with_no_chance() -> None:
    # Two decks (5 players): seats asked by what the table shows decline through their mask.
    pytest.importorskip("gymnasium", reason="the Gymnasium adapter needs the rl extra")
    from gymnasium.utils.env_checker import check_env
    from pettingzoo.test import api_test, seed_test

    from cardgames.rl.gymnasium import CardGameEnv as GymEnv
    from cardgames.rl.pettingzoo import env

    rules = find_game("huit-americain").preset("a-la-volee")
    api_test(env("huit-americain", players=5, rules=rules), num_cycles=300)
    seed_test(lambda: env("huit-americain", players=5, rules=rules), num_cycles=200)
    check_env(
        GymEnv("huit-americain", players=5, rules=rules, opponents="heuristic"),
        skip_render_check=True,
    )
    pyspiel = pytest.importorskip("pyspiel", reason="OpenSpiel wheels exist for some Pythons only")
    from cardgames.rl.openspiel import load_game

    pyspiel.random_sim_test(
        load_game("huit-americain", 5, rules), num_sims=2, serialize=False, verbose=False
    )


def test_openspiel_resampling_keeps_the_seat_asked_when_it_can_only_decline() -> None:
    pytest.importorskip("pyspiel", reason="OpenSpiel wheels exist for some Pythons only")
    from cardgames.rl.openspiel import load_game

    spiel = load_game("huit-americain", 5, "a-la-volee")
    chooser = random.Random(5)
    draws = iter(random.Random(6).random, None)
    state = spiel.new_initial_state()
    resampled_idle = 0
    while not state.is_terminal() and (
        state.engine_state is None or state.engine_state.moves_played < 150
    ):
        if state.is_chance_node():  # the deal, a reshuffle: any card the chance node offers
            outcomes = [action for action, _ in state.chance_outcomes()]
            state.apply_action(chooser.choice(outcomes))
            continue
        seat = state.current_player()
        sample = state.resample_from_infostate(seat, lambda: next(draws))
        assert sample.current_player() == seat
        assert sample.legal_actions() == state.legal_actions()
        if seat not in state.engine_state.to_act:
            resampled_idle += 1
        state.apply_action(chooser.choice(state.legal_actions()))
    assert resampled_idle > 0
