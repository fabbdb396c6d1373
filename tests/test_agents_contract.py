"""The agent contract at the drivers: agents of another game refused, agent failures typed.

Issue #29: an agent made for another game was accepted by `play_game`, `simulate`,
`choose_move` and `offer_move`, the game was dealt, and a bare `TypeError` came at its first
decision. Now an agent may say which games it plays (``plays(game)``, `GameSpecificAgent`), a
refusal comes as `InvalidArgumentError` before the deal, and any exception raised inside an
agent's decision reaches the caller as `AgentError` naming the agent and its seat, chained to
the original, with nothing of the exception's text (which may quote the agent's hand).
"""

from __future__ import annotations

import concurrent.futures
import multiprocessing
import pickle
from collections.abc import Sequence
from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardgames import crazy_eights, huit_americain, planets
from cardgames.agents import (
    AGENT_NAMES,
    LEVELS,
    AgentError,
    GameSpecificAgent,
    ISMCTSAgent,
    RandomAgent,
    agent_plays,
    agent_rng,
    choose_move,
    heuristic_agent,
    make_agent,
    offer_move,
    play_game,
)
from cardgames.errors import CardGamesError, InvalidArgumentError
from cardgames.game import Game, Move, View
from cardgames.infostate import InfoState
from cardgames.rng import Rng
from cardgames.simulate import simulate

GAMES = (crazy_eights.GAME, huit_americain.GAME, planets.GAME)
SPECS = tuple(name for name in AGENT_NAMES + LEVELS)


def loose(*agents: object) -> list[Any]:
    """Agent objects typed loosely (frozen agents have a read-only ``name``)."""
    return list(agents)


@attrs.define
class Spy:
    """An agent that plays at random, counts its decisions and says it plays ``game`` only."""

    game: str
    name: str = "spy"
    asked: int = 0

    def plays(self, game: Game[Any]) -> bool:
        return game.name == self.game

    def act(self, view: View, legal: Sequence[Move], rng: Rng) -> tuple[Move | None, Rng]:
        self.asked += 1
        return RandomAgent().act(view, legal, rng)


@attrs.frozen
class Raiser:
    """An agent whose decision raises an error quoting its hand (what no other seat may see)."""

    name: str = "raiser"

    def act(self, view: View, legal: Sequence[Move], rng: Rng) -> tuple[Move | None, Rng]:
        raise KeyError(f"secret hand {getattr(view, 'hand', ())}")


@attrs.frozen
class InformedRaiser:
    """An informed agent whose ``act_on`` raises."""

    name: str = "informed-raiser"
    informed: bool = True

    def act(self, view: View, legal: Sequence[Move], rng: Rng) -> tuple[Move | None, Rng]:
        return legal[0], rng

    def act_on(self, info: InfoState, legal: Sequence[Move], rng: Rng) -> tuple[Move | None, Rng]:
        raise ZeroDivisionError("in the search")


@attrs.frozen
class Undeclared:
    """A third-party agent without ``plays``: it plays every game."""

    name: str = "undeclared"

    def act(self, view: View, legal: Sequence[Move], rng: Rng) -> tuple[Move | None, Rng]:
        return RandomAgent().act(view, legal, rng)


# -- declarations ---------------------------------------------------------------------------


def test_the_built_in_agents_declare_the_games_they_play() -> None:
    # Hand-made table: the heuristic and its levels play their family, ISMCTS every game that
    # samples states (all three), random every game.
    shedding = {crazy_eights.GAME.name, huit_americain.GAME.name}
    for made_for in GAMES:
        for spec in SPECS:
            agent = make_agent(spec, made_for)
            for game in GAMES:
                if spec in ("heuristic", "easy", "medium"):
                    expected = (game.name in shedding) == (made_for.name in shedding)
                else:
                    expected = True
                assert agent_plays(agent, game) is expected, (spec, made_for.name, game.name)
    assert not hasattr(RandomAgent(), "plays")  # it declares nothing: every game
    assert isinstance(heuristic_agent(planets.GAME), GameSpecificAgent)


def test_an_ismcts_agent_given_its_game_plays_only_that_game() -> None:
    agent = ISMCTSAgent(iterations=5, game=planets.GAME)
    assert agent_plays(agent, planets.GAME)
    assert not agent_plays(agent, crazy_eights.GAME)


@pytest.mark.parametrize("game", GAMES, ids=lambda game: game.name)
def test_play_game_refuses_an_agent_of_another_game_before_the_deal(game: Game[Any]) -> None:
    other = next(g for g in GAMES if g.name != game.name)
    spy = Spy(other.name)
    with pytest.raises(InvalidArgumentError, match="does not play") as info:
        play_game(game, loose(RandomAgent(), spy), seed=3)
    assert info.value.argument == "agents"
    assert info.value.value == "spy"
    assert spy.asked == 0
    play_game(game, loose(RandomAgent(), Spy(game.name)), seed=3)  # its own game: accepted


def test_play_game_refuses_the_other_familys_heuristic() -> None:
    with pytest.raises(InvalidArgumentError, match="does not play 8"):
        play_game(planets.GAME, loose(heuristic_agent(crazy_eights.GAME), RandomAgent()), seed=1)
    with pytest.raises(InvalidArgumentError, match="does not play Crazy Eights"):
        play_game(crazy_eights.GAME, [make_agent("easy", planets.GAME), RandomAgent()], seed=1)


def test_choose_move_and_offer_move_refuse_an_agent_of_another_game() -> None:
    state = crazy_eights.new_game(["Ann", "Bob"], seed=4)
    seat = state.to_act[0]
    spy = Spy(planets.GAME.name)
    with pytest.raises(InvalidArgumentError, match="does not play") as info:
        choose_move(spy, state, agent_rng(4, seat))
    assert info.value.argument == "agent"
    with pytest.raises(InvalidArgumentError, match="does not play"):
        offer_move(spy, state, seat, agent_rng(4, seat))
    assert spy.asked == 0


@pytest.mark.parametrize("threads", [False, True])
def test_simulate_refuses_an_agent_of_another_game_before_any_game(threads: bool) -> None:
    spy = Spy(planets.GAME.name)
    with (
        concurrent.futures.ThreadPoolExecutor(2) as pool,
        pytest.raises(InvalidArgumentError, match="does not play"),
    ):
        simulate(
            "crazy eights",
            players=2,
            agents=loose("random", spy),
            games=4,
            seed=1,
            executor=pool if threads else None,
        )
    assert spy.asked == 0


def test_an_undeclared_agent_plays_every_game() -> None:
    for game in GAMES:
        assert agent_plays(Undeclared(), game)
        play_game(game, loose(Undeclared(), RandomAgent()), seed=2)


@given(answer=st.one_of(st.none(), st.integers(), st.text(max_size=5), st.just(1.0)))
def test_a_plays_answer_other_than_a_bool_is_refused(answer: object) -> None:
    @attrs.frozen
    class Odd:
        name: str = "odd"

        def plays(self, game: Game[Any]) -> object:
            return answer

        def act(self, view: View, legal: Sequence[Move], rng: Rng) -> tuple[Move | None, Rng]:
            return legal[0], rng

    with pytest.raises(InvalidArgumentError, match="not True or False"):
        play_game(crazy_eights.GAME, loose(Odd(), RandomAgent()), seed=1)


def test_a_plays_that_raises_is_an_agent_error() -> None:
    @attrs.frozen
    class Broken:
        name: str = "broken"

        def plays(self, game: Game[Any]) -> bool:
            raise RuntimeError("oops")

        def act(self, view: View, legal: Sequence[Move], rng: Rng) -> tuple[Move | None, Rng]:
            return legal[0], rng

    with pytest.raises(AgentError) as info:
        play_game(crazy_eights.GAME, loose(Broken(), RandomAgent()), seed=1)
    assert isinstance(info.value.__cause__, RuntimeError)
    assert info.value.agent == "broken"


# -- failures inside an agent ----------------------------------------------------------------


def _check_failure(error: AgentError, seat: int, cause: type[BaseException]) -> None:
    assert isinstance(error, CardGamesError)
    assert isinstance(error, RuntimeError)
    assert error.agent in ("raiser", "informed-raiser")
    assert error.seat == seat
    assert isinstance(error.__cause__, cause)
    assert f"in seat {seat} failed: {cause.__name__}" in str(error)
    assert "secret" not in str(error)
    assert "search" not in str(error)


def test_an_exception_in_act_is_an_agent_error_in_play_game() -> None:
    first = crazy_eights.new_game(["raiser", "random"], seed=5).to_act[0]
    agents = loose(Raiser(), RandomAgent()) if first == 0 else loose(RandomAgent(), Raiser())
    with pytest.raises(AgentError) as info:
        play_game(crazy_eights.GAME, agents, seed=5)
    _check_failure(info.value, first, KeyError)


def test_an_exception_in_act_on_is_an_agent_error() -> None:
    with pytest.raises(AgentError) as info:
        play_game(planets.GAME, loose(InformedRaiser(), InformedRaiser()), seed=5)
    _check_failure(info.value, planets.new_game(2, seed=5).to_act[0], ZeroDivisionError)


def test_an_exception_in_act_is_an_agent_error_in_choose_move_and_offer_move() -> None:
    state = crazy_eights.new_game(["Ann", "Bob"], seed=4)
    seat = state.to_act[0]
    with pytest.raises(AgentError) as info:
        choose_move(Raiser(), state, agent_rng(4, seat))
    _check_failure(info.value, seat, KeyError)
    with pytest.raises(AgentError) as info:
        offer_move(Raiser(), state, seat, agent_rng(4, seat))
    _check_failure(info.value, seat, KeyError)


def test_an_agent_error_pickles_with_its_fields() -> None:
    error = AgentError("agent 'x' in seat 2 failed: KeyError", agent="x", seat=2)
    copy = pickle.loads(pickle.dumps(error))
    assert (type(copy), str(copy), copy.agent, copy.seat) == (AgentError, str(error), "x", 2)


@pytest.mark.parametrize("workers", ["none", "threads", "processes"])
def test_an_exception_in_act_is_an_agent_error_in_simulate(workers: str) -> None:
    executor: concurrent.futures.Executor | None = None
    if workers == "threads":
        executor = concurrent.futures.ThreadPoolExecutor(2)
    elif workers == "processes":
        executor = concurrent.futures.ProcessPoolExecutor(2, multiprocessing.get_context("spawn"))
    try:
        with pytest.raises(AgentError) as info:
            simulate(
                "crazy eights",
                players=2,
                agents=loose(Raiser(), Raiser()),
                games=4,
                seed=1,
                executor=executor,
            )
    finally:
        if executor is not None:
            executor.shutdown()
    error = info.value
    assert error.agent == "raiser"
    assert error.seat in (0, 1)
    assert f"in seat {error.seat} failed: KeyError" in str(error)
    assert "secret" not in str(error)
    if workers != "processes":  # a worker's cause is its traceback's text, not the object
        assert isinstance(error.__cause__, KeyError)
    else:
        assert error.__cause__ is not None
