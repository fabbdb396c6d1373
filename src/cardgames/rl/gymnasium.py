"""Gymnasium environments: one learner in one seat, library agents in the others.

``CardGameEnv(game, players=2, rules=None, seat=0, opponents="random")`` is a single-agent
`gymnasium.Env`. The learner plays ``seat``; the other seats are played by library agents
given by name (``"random"``, ``"heuristic"``, ``"ismcts"``, ``"ismcts:N"``,
``"ismcts-belief:N"``, the levels ``"easy"``, ``"medium"`` and ``"hard"``; see
`cardgames.agents.make_agent`), one name for all or one per other seat. Importing this module
registers one id per game, with the default rules and two players unless told otherwise::

    import gymnasium as gym
    import cardgames.rl.gymnasium  # noqa: F401  (registers the ids)

    env = gym.make("cardgames/CrazyEights-v0", players=4, opponents="heuristic")

The ids are ``cardgames/CrazyEights-v0``, ``cardgames/HuitAmericain-v0`` and
``cardgames/Planets-v0``; ``gym.make("cardgames.rl.gymnasium:cardgames/Planets-v0")`` imports
the module itself. Every environment passes ``gymnasium.utils.env_checker.check_env``.

- **Steps.** The learner is asked for each of its decisions, out-of-turn chances included (a
  call-out, a jump-in: answer with a move or ``decline``), in the order of
  `cardgames.rl.seat_to_decide`; between them the opponents play, as in `play_game`. A seat
  that `seat_to_decide` asks only because the table cannot rule out its chance (it holds no
  copy of the card to jump on) declines without its agent, or the learner, being asked.
- **Opponents that remember.** An opponent that is *informed*
  (`cardgames.agents.base.InformedAgent`: ``"hard"``, ``"ismcts-belief"``) is given its seat's
  `cardgames.infostate.InfoState`, which the environment starts at the deal and extends with
  that seat's view after every move, the learner's included, as `play_game` does: it plays
  here the moves it plays there.
- **Observations** are dicts: ``"observation"`` (`cardgames.rl.observe` of the learner's view)
  and ``"action_mask"`` (int8, 1 at the learner's legal ids).
- **Reward**: the learner's `cardgames.rl.rewards` when the game ends, 0 before.
- **An illegal action** (an id of the space that is not legal now), with the default
  ``illegal="terminate"``, ends the episode with reward -1 and ``info["illegal_action"]``
  True, as PettingZoo's ``TerminateIllegalWrapper`` does; with ``illegal="raise"`` it raises
  `IllegalMoveError` and changes nothing. A value outside the space always raises
  `InvalidArgumentError`.
- **Seeding.** ``reset(seed=s)`` deals ``new_game(players, seed=s)`` and gives the opponent of
  seat ``i`` the stream ``agent_rng(s, i)``, as `play_game` does: the same seed and actions
  give the same game. Without a seed, the environment's ``np_random`` draws one.
- **Rendering**: ``render_mode="ansi"``, as in `cardgames.rl.pettingzoo`.

Examples:
    >>> env = CardGameEnv("planets", players=3, opponents="heuristic")
    >>> observation, info = env.reset(seed=5)
    >>> observation["observation"].shape, observation["action_mask"].dtype
    ((180,), dtype('int8'))
"""

from __future__ import annotations

import types
from typing import Any, SupportsFloat

import gymnasium
import numpy as np
from gymnasium import spaces

from cardgames.agents.base import Agent, _choose, _is_informed, _offer, agent_rng
from cardgames.agents.registry import make_agent
from cardgames.errors import IllegalMoveError, InvalidArgumentError
from cardgames.game import Game, State, seat_number
from cardgames.infostate import InfoState
from cardgames.rl._actions import action_encoding, resolve_game
from cardgames.rl._observations import observation_encoding
from cardgames.rl._rewards import rewards
from cardgames.rl._table import Table, check_seed
from cardgames.rng import Rng

__all__ = ["ENV_IDS", "CardGameEnv"]

ENV_IDS = types.MappingProxyType(
    {
        "cardgames/CrazyEights-v0": "crazy-eights",
        "cardgames/HuitAmericain-v0": "huit-americain",
        "cardgames/Planets-v0": "planets",
    }
)
"""The registered ids and the games they play."""


class CardGameEnv(gymnasium.Env[dict[str, Any], np.int64]):
    """One learner against library agents (see the module documentation).

    Args:
        game: A game name or alias, or a `Game`.
        players: The number of seats.
        rules: The rules (default: the game's default preset).
        seat: The learner's seat.
        opponents: An agent name for every other seat, or one per other seat in seat order.
        illegal: ``"terminate"`` (default) or ``"raise"``: what an illegal action does.
        render_mode: ``None`` or ``"ansi"``.
        lang: The language of the rendering: ``"en"`` or ``"fr"``.

    Raises:
        UnknownGameError: if no game has that name.
        InvalidArgumentError: for a bad seat, opponent list, mode or language.
        InvalidRulesError: for an unknown agent name, or rules that do not fit.
    """

    metadata = {"render_modes": ["ansi"]}  # noqa: RUF012  (gymnasium's own attribute)

    def __init__(
        self,
        game: str | Game[Any],
        players: int = 2,
        rules: Any = None,
        seat: int = 0,
        opponents: str | list[str] | tuple[str, ...] = "random",
        illegal: str = "terminate",
        render_mode: str | None = None,
        lang: str = "en",
    ) -> None:
        found = resolve_game(game)
        self.actions = action_encoding(found, rules, players=players)
        self.observations = observation_encoding(found, self.actions.rules, players=players)
        self.game = found
        self.rules = self.actions.rules
        self.players = players
        self.seat = seat_number(seat, players, "seat")
        if render_mode not in (None, "ansi"):
            raise InvalidArgumentError("render_mode", render_mode, "expected None or 'ansi'")
        if illegal not in ("terminate", "raise"):
            raise InvalidArgumentError("illegal", illegal, "expected 'terminate' or 'raise'")
        if lang not in ("en", "fr"):
            raise InvalidArgumentError("lang", lang, "expected 'en' or 'fr'")
        self.render_mode = render_mode
        self.illegal = illegal
        self.lang = lang
        others = [s for s in range(players) if s != self.seat]
        if isinstance(opponents, str):
            names = [opponents] * len(others)
        elif isinstance(opponents, (list, tuple)) and len(opponents) == len(others):
            names = list(opponents)
        else:
            raise InvalidArgumentError(
                "opponents", opponents, f"expected a name, or {len(others)} names"
            )
        self.opponents: dict[int, Agent] = {
            s: make_agent(name, found) for s, name in zip(others, names, strict=True)
        }
        (length,) = self.observations.shape
        self.observation_space = spaces.Dict(
            {
                "observation": spaces.Box(-1.0, 1e6, (length,), np.float32),
                "action_mask": spaces.Box(0, 1, (self.actions.size,), np.int8),
            }
        )
        self.action_space = spaces.Discrete(self.actions.size)
        self._table: Table | None = None
        self._rngs: dict[int, Rng] = {}
        self._infos: dict[int, InfoState] = {}
        self._seen: State[Any, Any, Any] | None = None  # the state the infos' last views show
        self._done = False

    @property
    def game_state(self) -> Any:
        """The `State` of the game in progress (all of it: do not show it to the learner)."""
        return self._running().state

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Any], dict[str, Any]]:
        """Deal a new game and play the opponents up to the learner's first decision."""
        if seed is not None:
            seed = check_seed(seed)
        super().reset(seed=seed)
        if seed is None:  # a library-drawn seed has 64 bits, as everywhere (docs/rng.md)
            seed = int(self.np_random.integers(0, 2**64, dtype=np.uint64))
        game_seed = seed
        state = self.game.new_game(self.players, seed=game_seed, rules=self.rules)
        self._table = Table(self.actions, state)
        self._done = False
        self._rngs = {s: agent_rng(game_seed, s) for s in self.opponents}
        self._infos = {
            s: InfoState.start(state.view(s), self.game)
            for s, agent in self.opponents.items()
            if _is_informed(agent)
        }
        self._seen = state
        self._play_opponents()
        return self._observation(), {}

    def step(self, action: Any) -> tuple[dict[str, Any], SupportsFloat, bool, bool, dict[str, Any]]:
        """Play the learner's action, then the opponents up to its next decision."""
        table = self._running()
        if self._done or table.seat != self.seat:
            raise InvalidArgumentError("env", self, "the episode is over: call reset()")
        try:
            table.act(action)
        except IllegalMoveError:
            if self.illegal == "raise":
                raise
            self._done = True
            return self._observation(), -1.0, True, False, {"illegal_action": True}
        self._play_opponents()
        over = table.state.is_over
        reward = rewards(table.state.outcome(), self.players)[self.seat] if over else 0.0
        return self._observation(), reward, over, False, {}

    def render(self) -> str | None:
        """What the last move did and who is asked now, as text (``render_mode="ansi"``)."""
        if self.render_mode is None:
            return None
        return self._running().narration(self.lang)

    def _running(self) -> Table:
        if self._table is None:
            raise InvalidArgumentError("env", self, "call reset() first")
        return self._table

    def _remember(self) -> None:
        """Extend the informed opponents' information states with the move just played.

        Called after each action of the table: a move changes the state (one move at a time),
        a declined chance does not.
        """
        state = self._running().state
        if state is self._seen:
            return
        for seat, info in self._infos.items():
            self._infos[seat] = info._follow(state.view(seat))  # the engine's own view
        self._seen = state

    def _play_opponents(self) -> None:
        table = self._running()
        while True:
            self._remember()
            seat = table.seat
            if seat is None:
                return
            if table.idle:  # asked from public information, with no chance in fact
                table.act(self.actions.decline)  # no agent is asked, no stream drawn from
                continue
            if seat == self.seat:
                return
            state = table.state
            agent = self.opponents[seat]
            info = self._infos.get(seat)
            # choose_move and offer_move without their checks of the arguments, which hold
            # here (as in play_game): the agents are the registry's, the streams agent_rng's,
            # the game in progress, and an information state is kept only for an informed agent.
            if seat == state.to_act[0]:
                move, self._rngs[seat] = _choose(agent, state, self._rngs[seat], info)
            else:
                offered, self._rngs[seat] = _offer(agent, state, seat, self._rngs[seat], info)
                if offered is None:
                    table.act(self.actions.decline)
                    continue
                move = offered
            table.state = state.apply(move)
            table.declined = frozenset()

    def _observation(self) -> dict[str, Any]:
        return self._running().observation(self.observations, self.seat, asked=not self._done)


def _register() -> None:
    registered = gymnasium.envs.registration.registry
    for env_id, name in ENV_IDS.items():
        if env_id not in registered:
            gymnasium.register(
                id=env_id, entry_point="cardgames.rl.gymnasium:CardGameEnv", kwargs={"game": name}
            )


_register()
