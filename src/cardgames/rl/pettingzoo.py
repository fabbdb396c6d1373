"""PettingZoo AEC environments of the three games.

``env(game, players=2, rules=None, render_mode=None)`` returns an agent-environment-cycle
environment (`pettingzoo.AECEnv`, wrapped in PettingZoo's order-enforcing wrapper) whose agents
are ``"player_0"`` … ``"player_{n-1}"`` (seat numbers). It passes PettingZoo's own
``api_test`` and ``seed_test``.

- **Turns.** The agent asked next is `cardgames.rl.seat_to_decide`'s: the seats that may move
  out of turn (a call-out, a jump-in) first, each answering with a move or with the
  ``decline`` id, then the player whose turn it is. Every agent sees ``agent_selection``, so
  the seats asked are those that *might* move by what the table shows; a seat asked with no
  real chance (no copy of the card to jump on) has ``decline`` as its only legal id.
- **Actions** are the ids of `cardgames.rl.action_encoding` (``Discrete(size)``).
- **Observations** are dicts: ``"observation"``, the seat's `cardgames.rl.observe` vector
  (float32), and ``"action_mask"`` (int8, 1 at the legal ids; all zero for an agent that is not
  asked now).
- **Rewards** are given once, when the game ends: `cardgames.rl.rewards` (zero-sum, +1 for a
  lone winner). Every agent is then terminated; nothing is truncated (the rules' move cap ends
  a game with an outcome, as at a real table).
- **Seeding.** ``reset(seed=s)`` deals the game ``new_game(players, seed=s)``: the same seed and
  actions give the same game on every platform. Without a seed, a fresh one is drawn from the
  operating system's entropy.
- **Rendering.** ``render_mode="ansi"``: `render` returns what the last move did, narrated for
  a spectator (no hidden card) by `cardgames.narration` (``lang``: English or French), and
  who is asked.
- **Errors.** An id outside the action space raises `InvalidArgumentError`, an illegal one
  `IllegalMoveError`; either way the environment is unchanged. Wrap the environment in
  PettingZoo's ``TerminateIllegalWrapper`` to end the game with a penalty instead.

Examples:
    >>> from cardgames.rl.pettingzoo import env
    >>> table = env("crazy eights", players=2)
    >>> table.reset(seed=1)
    >>> table.agent_selection
    'player_1'
    >>> observation, reward, terminated, truncated, info = table.last()
    >>> observation["observation"].shape, int(observation["action_mask"].sum())
    ((231,), 1)
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers
from pettingzoo.utils.wrappers.order_enforcing import (
    AECOrderEnforcingIterable,
    AECOrderEnforcingIterator,
)

from cardgames.errors import InvalidArgumentError
from cardgames.game import Game
from cardgames.rl._actions import action_encoding, resolve_game
from cardgames.rl._observations import observation_encoding
from cardgames.rl._rewards import rewards
from cardgames.rl._table import Table, check_seed

__all__ = ["CardGameEnv", "UnknownAgentError", "env", "raw_env"]


class UnknownAgentError(InvalidArgumentError, KeyError):
    """An agent's name that is not one of the environment's ``possible_agents``.

    An `InvalidArgumentError` (argument ``agent``), and a `KeyError` as a dictionary look-up
    of the name raised before.
    """

    def __str__(self) -> str:  # KeyError would otherwise quote the whole message
        return str(self.args[0])


class CardGameEnv(AECEnv):  # type: ignore[misc]  # PettingZoo has no type information
    """A PettingZoo AEC environment of one game (see the module documentation).

    Args:
        game: A game name or alias, or a `Game`.
        players: The number of seats.
        rules: The rules (default: the game's default preset).
        render_mode: ``None`` or ``"ansi"``.
        lang: The language of `render`: ``"en"`` or ``"fr"``.

    Raises:
        UnknownGameError: if no game has that name.
        InvalidArgumentError: for an unknown render mode or language, or bad players or rules.
    """

    metadata = {  # noqa: RUF012  (PettingZoo's own attribute)
        "render_modes": ["ansi"],
        "name": "cardgames_v0",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        game: str | Game[Any],
        players: int = 2,
        rules: Any = None,
        render_mode: str | None = None,
        lang: str = "en",
    ) -> None:
        super().__init__()
        found = resolve_game(game)
        if render_mode not in (None, "ansi"):
            raise InvalidArgumentError("render_mode", render_mode, "expected None or 'ansi'")
        if lang not in ("en", "fr"):
            raise InvalidArgumentError("lang", lang, "expected 'en' or 'fr'")
        self.actions = action_encoding(found, rules, players=players)
        self.observations = observation_encoding(found, self.actions.rules, players=players)
        self.game = found
        self.rules = self.actions.rules
        self.render_mode = render_mode
        self.lang = lang
        self.metadata = {**self.metadata, "name": f"cardgames_{found.name.replace('-', '_')}_v0"}
        self.possible_agents = [f"player_{seat}" for seat in range(players)]
        self._seats = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        (length,) = self.observations.shape
        self.observation_spaces = {
            agent: spaces.Dict(
                {
                    "observation": spaces.Box(-1.0, 1e6, (length,), np.float32),
                    "action_mask": spaces.Box(0, 1, (self.actions.size,), np.int8),
                }
            )
            for agent in self.possible_agents
        }
        self.action_spaces = {
            agent: spaces.Discrete(self.actions.size) for agent in self.possible_agents
        }
        self._table: Table | None = None

    def _agent(self, agent: object) -> str:
        """``agent`` if it is one of ``possible_agents``, as plain text.

        A caller's ``str`` subclass never runs its ``__hash__`` or ``__eq__`` in a look-up.

        Raises:
            UnknownAgentError: otherwise (an `InvalidArgumentError` and a `KeyError`).
        """
        if type(agent) is not str or agent not in self._seats:
            raise UnknownAgentError("agent", agent, f"expected one of {self.possible_agents}")
        return agent

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The space of an agent's observations.

        Raises:
            UnknownAgentError: for a name that is not one of ``possible_agents``.
        """
        return self.observation_spaces[self._agent(agent)]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """The space of an agent's actions: ``Discrete(action_encoding(...).size)``.

        Raises:
            UnknownAgentError: for a name that is not one of ``possible_agents``.
        """
        return self.action_spaces[self._agent(agent)]

    @property
    def game_state(self) -> Any:
        """The `State` of the game in progress (all of it: do not show it to a player)."""
        return self._running().state

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal a new game with ``new_game(players, seed=seed, rules=rules)``."""
        game_seed = check_seed(seed)
        state = self.game.new_game(len(self.possible_agents), seed=game_seed, rules=self.rules)
        self._table = Table(self.actions, state)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._select()

    def observe(self, agent: str) -> dict[str, Any]:
        """The agent's observation vector and action mask.

        Raises:
            UnknownAgentError: for a name that is not one of ``possible_agents`` (a bare
                ``KeyError``, or a ``TypeError`` for a list, before).
        """
        return self._running().observation(self.observations, self._seats[self._agent(agent)])

    def step(self, action: Any) -> None:
        """Play the action of the agent asked now (``None`` for an agent already done)."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        table = self._running()
        table.act(action)  # raises, changing nothing, if the action is not legal
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        if table.state.is_over:
            for seat, reward in enumerate(rewards(table.state.outcome(), len(self._seats))):
                self.rewards[self.possible_agents[seat]] = reward
            self.terminations = dict.fromkeys(self.agents, True)
        self._select()
        self._accumulate_rewards()

    def render(self) -> str | None:
        """What the last move did and who is asked now, as text (``render_mode="ansi"``)."""
        if self.render_mode is None:
            return None
        return self._running().narration(self.lang)

    def close(self) -> None:
        """Nothing to release."""

    def _running(self) -> Table:
        if self._table is None:
            raise InvalidArgumentError("env", self, "call reset() first")
        return self._table

    def _select(self) -> None:
        table = self._running()
        seat = table.seat
        if seat is None:  # over: the dead agents step in seat order
            self.agent_selection = self.agents[0]
        else:
            self.agent_selection = self.possible_agents[seat]


class _OrderEnforcingWrapper(wrappers.OrderEnforcingWrapper):  # type: ignore[misc]  # untyped base
    """PettingZoo's order-enforcing wrapper, reading the environment's attributes directly.

    The base class reads the environment's ``agents`` and ``agent_selection`` through its
    ``__getattr__``, which Python calls only after the ordinary lookup has failed (and built an
    `AttributeError`): three times a step in ``agent_iter``'s loop, five more for ``last()``.
    After ``reset()`` these methods read them from the environment itself, the same values at
    less cost, with the base class's checks; before ``reset()`` they behave as the base class.
    """

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        """The observation, reward, termination, truncation and info of the agent asked."""
        if not self._has_reset:
            return super().last(observe)  # type: ignore[no-any-return]
        return self.env.last(observe)  # type: ignore[no-any-return]

    def step(self, action: Any) -> None:
        """Play the action of the agent asked now (as the base class, ``agents`` read directly)."""
        if self._has_reset and self.env.agents:
            self._has_updated = True
            self.env.step(action)
        else:
            super().step(action)

    def agent_iter(self, max_iter: int = 2**63) -> _AgentIterable:
        """The agents asked in turn, as the base class's (which see)."""
        if not self._has_reset:
            return super().agent_iter(max_iter)  # type: ignore[no-any-return]  # raises
        return _AgentIterable(self, max_iter)

    def __str__(self) -> str:
        return str(self.env)


class _AgentIterable(AECOrderEnforcingIterable):  # type: ignore[misc]  # untyped base
    """`_OrderEnforcingWrapper.agent_iter`'s iterable."""

    def __iter__(self) -> _AgentIterator:
        return _AgentIterator(self.env, self.max_iter)


class _AgentIterator(AECOrderEnforcingIterator):  # type: ignore[misc]  # untyped base
    """PettingZoo's order-enforcing iterator, reading the wrapped environment's attributes."""

    def __next__(self) -> str:
        wrapper = self.env
        env = wrapper.env
        if not env.agents or self.iters_til_term <= 0:
            raise StopIteration
        self.iters_til_term -= 1
        agent: str = env.agent_selection
        assert wrapper._has_updated, "need to call step() or reset() in a loop over `agent_iter`"
        wrapper._has_updated = False
        return agent


def raw_env(
    game: str | Game[Any],
    *,
    players: int = 2,
    rules: Any = None,
    render_mode: str | None = None,
    lang: str = "en",
) -> CardGameEnv:
    """The environment without PettingZoo's wrappers."""
    return CardGameEnv(game, players, rules, render_mode, lang)


def env(
    game: str | Game[Any],
    *,
    players: int = 2,
    rules: Any = None,
    render_mode: str | None = None,
    lang: str = "en",
) -> AECEnv:
    """A PettingZoo AEC environment of ``game`` (wrapped in ``OrderEnforcingWrapper``).

    Args:
        game: A game name or alias (``"crazy eights"``, ``"8 américain"``, ``"planets"``), or
            a `Game`.
        players: The number of seats.
        rules: The rules (default: the game's default preset).
        render_mode: ``None`` or ``"ansi"``.
        lang: The language of the rendering: ``"en"`` or ``"fr"``.
    """
    return _OrderEnforcingWrapper(
        raw_env(game, players=players, rules=rules, render_mode=render_mode, lang=lang)
    )
