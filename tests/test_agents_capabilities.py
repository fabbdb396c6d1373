"""The agents and the information states learn each game's parts from the game (capabilities).

- A game that brings nothing (Toy Pile, registered for the test): ISMCTS searches it with
  random playouts, from `Game.sample_state` or from its information state's default beliefs
  (the current view's); the heuristic levels (``"heuristic"``, ``"easy"``, ``"medium"``) refuse
  it with a `MissingCapabilityError` naming the game and ``heuristic_agent``; ``"hard"``
  plays it.
- A game that brings its own heuristic agent, search policy or belief tracker gets it used.
- The built-in games declare theirs; the generic agent modules import no game package.
"""

from __future__ import annotations

import pickle
from collections.abc import Iterator, Sequence
from typing import Any

import attrs
import pytest

import cardgames.game
from cardgames import crazy_eights, huit_americain, planets
from cardgames.agents import (
    ISMCTSAgent,
    RandomAgent,
    SheddingHeuristicAgent,
    agent_plays,
    heuristic_agent,
    make_agent,
    play_game,
)
from cardgames.agents._search import Draws
from cardgames.agents.heuristic import HEURISTIC_AGENT
from cardgames.agents.ismcts import SEARCH_POLICY, SearchPolicy
from cardgames.errors import InvalidArgumentError, InvalidRulesError, MissingCapabilityError
from cardgames.game import Game, Move, State, View
from cardgames.infostate import BELIEFS, InfoState, ViewBeliefs
from cardgames.rng import Rng
from test_narration_capabilities import (
    test_the_generic_modules_import_no_game_package as imports_no_game_package,
)

import toygame

AnyState = State[Any, Any, Any]


@pytest.fixture
def toy() -> Iterator[Game[Any]]:
    """Toy Pile, registered, with no capability (the registry is restored afterwards)."""
    cardgames.game.games()
    saved = dict(cardgames.game._REGISTRY)
    try:
        yield toygame.ensure_registered()
    finally:
        cardgames.game._REGISTRY.clear()
        cardgames.game._REGISTRY.update(saved)


class _OwnToyState(toygame.ToyState):
    """Toy Pile under another descriptor (one that brings capabilities)."""


class _UnsampledToyState(toygame.ToyState):
    """Toy Pile under a descriptor that does not sample states."""


def _toy_bringing(capabilities: dict[str, Any]) -> Game[Any]:
    """A copy of Toy Pile, unregistered, that brings ``capabilities``."""
    game = toygame.make_game(_OwnToyState, name="toy-own")
    game = attrs.evolve(game, capabilities=capabilities)
    _OwnToyState.GAME = game
    return game


# -- a game that brings nothing -------------------------------------------------------------------


@pytest.mark.parametrize("spec", ["ismcts:25", "ismcts-belief:25"])
def test_ismcts_searches_a_game_that_brings_nothing(toy: Game[Any], spec: str) -> None:
    agent = make_agent(spec, toy)
    assert agent_plays(agent, toy)
    for seed in range(4):
        result = play_game(toy, [agent, RandomAgent()], seed=seed)
        assert result.state.is_over
        state = toy.new_game(result.state.players, seed=seed)
        for step in result.steps:
            assert step.move in state.legal_moves(step.player)
            state = state.apply(step.move)
        assert state == result.state
        again = play_game(toy, [make_agent(spec, toy), RandomAgent()], seed=seed)
        assert again.steps == result.steps  # a pure function of the seed


def test_ismcts_plays_exactly_the_games_that_sample_states(toy: Game[Any]) -> None:
    unsampled = toygame.make_game(_UnsampledToyState, name="toy-unsampled", sampling=False)
    assert toy.samples_states
    assert not unsampled.samples_states
    assert ISMCTSAgent().plays(toy)
    assert not ISMCTSAgent().plays(unsampled)


def test_a_game_without_beliefs_gets_the_current_view_s(toy: Game[Any]) -> None:
    state = toy.new_game(3, seed=5)
    info = InfoState.start(state.view(1))
    for _ in range(4):
        state = state.apply(state.legal_moves()[-1])
        info = info.extend(state.view(1))
    assert info.beliefs is None
    assert isinstance(toy.capability(BELIEFS), ViewBeliefs)
    sample, fallbacks = info.sample(Rng.from_seed(3))
    assert fallbacks == 0
    assert sample.view(1) == state.view(1)
    assert sample == toy.sample_state(state.view(1), Rng.from_seed(3))


@pytest.mark.parametrize("spec", ["heuristic", "easy", "medium", " Medium "])
def test_the_heuristic_levels_refuse_a_game_without_a_heuristic_agent(
    toy: Game[Any], spec: str
) -> None:
    with pytest.raises(MissingCapabilityError) as info:
        make_agent(spec, toy)
    error = info.value
    assert (error.game, error.capability) == ("toy-pile", "heuristic_agent")
    assert "toy-pile" in str(error)
    assert "heuristic_agent" in str(error)
    # Still the error `heuristic_agent` documented before games brought their agents.
    assert isinstance(error, InvalidRulesError)
    assert error.option == "agent"
    copy = pickle.loads(pickle.dumps(error))
    assert type(copy) is type(error)
    assert str(copy) == str(error)


def test_the_hard_level_plays_a_game_without_a_heuristic_agent(toy: Game[Any]) -> None:
    hard = make_agent("hard", toy)
    result = play_game(toy, [hard, hard], seed=8)
    assert result.state.is_over


# -- a game that brings its own -------------------------------------------------------------------


@attrs.frozen
class LowestCard:
    """Lays its lowest card, else takes: a casual player of Toy Pile."""

    name: str = "lowest"

    def act(self, view: View, legal: Sequence[Move], rng: Rng) -> tuple[Move | None, Rng]:
        lays = [move for move in legal if isinstance(move, toygame.Lay)]
        if not lays:
            return legal[0], rng
        return min(lays, key=lambda move: (move.card.rank, move.card.code)), rng


class Plain:
    """The same player, not an attrs class."""

    name = "plain"

    def act(self, view: View, legal: Sequence[Move], rng: Rng) -> tuple[Move | None, Rng]:
        return LowestCard().act(view, legal, rng)


def _lowest_card_game(agent: Any) -> Game[Any]:
    return _toy_bringing({"heuristic_agent": lambda game: agent})


@pytest.mark.parametrize("spec", ["heuristic", "medium", "easy"])
def test_a_game_s_own_heuristic_agent_plays_the_heuristic_levels(spec: str) -> None:
    game = _lowest_card_game(LowestCard())
    agent = make_agent(spec, game)
    assert agent.name == ("lowest" if spec == "heuristic" else spec)
    result = play_game(game, [agent, agent], seed=4)
    assert result.state.is_over
    if spec == "easy":
        return  # it errs at random
    state = game.new_game(2, seed=4)
    for step in result.steps:
        assert (
            step.move
            == LowestCard().act(state.view(step.player), state.legal_moves(), Rng.from_seed(0))[0]
        )
        state = state.apply(step.move)


def test_a_game_s_own_agent_that_is_no_attrs_class_is_renamed_for_the_medium_level() -> None:
    game = _lowest_card_game(Plain())
    medium = make_agent("medium", game)
    assert medium.name == "medium"
    ours = play_game(game, [medium, medium], seed=6).steps
    theirs = play_game(game, [Plain(), Plain()], seed=6).steps
    assert [step.move for step in ours] == [step.move for step in theirs]


class _TakeFirst(SearchPolicy):
    """A search policy that prefers taking a card, counting its playouts."""

    def __init__(self, calls: list[str]) -> None:
        self.calls = calls

    def preferred(self, state: AnyState, moves: Sequence[Move]) -> tuple[Move, ...]:
        takes = tuple(move for move in moves if isinstance(move, toygame.Take))
        return takes or tuple(moves)

    def play_out(self, state: AnyState, rng: Draws) -> AnyState:
        self.calls.append("play_out")
        return super().play_out(state, rng)


@pytest.mark.skipif(
    hasattr(SearchPolicy, "__mypyc_attrs__"),  # mypyc gives the classes it compiles this
    reason="the binary wheels compile SearchPolicy, which mypyc forbids interpreted code to "
    "subclass (see the guide's 'Search policy'): this runs on pure-Python installations",
)
def test_a_game_s_own_search_policy_is_made_once_a_decision_and_plays_the_playouts() -> None:
    calls: list[str] = []

    def policy_for(state: AnyState) -> SearchPolicy:
        assert isinstance(state, _OwnToyState)  # made from a determinization
        calls.append("made")
        return _TakeFirst(calls)

    game = _toy_bringing({"search_policy": policy_for})
    assert game.capability(SEARCH_POLICY) is policy_for
    state = game.new_game(2, seed=2)
    agent = ISMCTSAgent(iterations=12, game=game, confidence=1_000_000)
    move, _ = agent.act(state.view(0), state.legal_moves(), Rng.from_seed(1))
    assert calls.count("made") == 1
    assert calls.count("play_out") == 12
    # With an overwhelming confidence, the search keeps the policy's move.
    assert isinstance(move, toygame.Take)


class _CountingBeliefs(ViewBeliefs):
    """Beliefs that count the views seen, and refuse a view whose pile shrank."""

    def start(self, view: Any) -> int:
        return 1

    def update(self, beliefs: int, before: Any, after: Any) -> int:
        return beliefs + 1

    def cannot_follow(self, last: Any, view: Any) -> str | None:
        return "the pile shrank" if len(view.pile) < len(last.pile) else None


def test_a_game_s_own_belief_tracker_is_kept_and_asked() -> None:
    game = _toy_bringing({"beliefs": _CountingBeliefs()})
    state = game.new_game(2, seed=3)
    states = [state]
    while not state.is_over and len(states) < 5:
        state = state.apply(state.legal_moves()[0])  # lays a card
        states.append(state)
    info = InfoState.from_states(states, 0)
    assert info.beliefs == len(states)
    with pytest.raises(InvalidArgumentError, match="the pile shrank"):
        info.extend(attrs.evolve(states[1].view(0), moves_played=len(states)))


# -- the built-in games ---------------------------------------------------------------------------


def test_the_built_in_games_bring_their_agents_and_beliefs() -> None:
    for game in (crazy_eights.GAME, huit_americain.GAME):
        assert isinstance(heuristic_agent(game), SheddingHeuristicAgent)
        assert game.provides(HEURISTIC_AGENT)
        assert game.provides(SEARCH_POLICY)
        assert game.provides(BELIEFS)
    assert planets.GAME.provides(HEURISTIC_AGENT)
    assert planets.GAME.provides(BELIEFS)
    assert not planets.GAME.provides(SEARCH_POLICY)  # random playouts, as before


GENERIC = (
    "agents/heuristic.py",
    "agents/_search.py",
    "agents/registry.py",
    "agents/levels.py",
    "agents/ismcts.py",
    "infostate.py",
)


@pytest.mark.parametrize("path", GENERIC)
def test_the_generic_agent_modules_import_no_game_package(path: str) -> None:
    imports_no_game_package(path)


def test_the_moved_agents_stay_importable_from_the_agents_package() -> None:
    from cardgames.agents import PlanetsHeuristicAgent
    from cardgames.agents.heuristic import HeuristicAgent

    assert isinstance(heuristic_agent(planets.GAME), PlanetsHeuristicAgent)
    assert isinstance(SheddingHeuristicAgent(), HeuristicAgent)
    with pytest.raises(AttributeError):
        _ = cardgames.agents.heuristic.NoSuchAgent
