"""Difficulty levels for frontends: ``"easy"``, ``"medium"`` and ``"hard"`` bots.

`make_agent` builds them by name (so do the command line's ``--agents``, `cardgames.simulate`
and anything else that names agents):

- ``"easy"``: `MistakenAgent` around the game's casual-player agent
  (`cardgames.agents.heuristic`): before each decision it draws from its RNG, and with
  probability `EASY_MISTAKES` it makes a mistake: on its turn a uniformly random legal move,
  out of turn it lets the chance go (a call-out or a jump-in missed).
- ``"medium"``: the casual-player agent itself (``"heuristic"``).

  Both need the game's casual-player agent (its ``heuristic_agent`` capability,
  `cardgames.agents.heuristic.HEURISTIC_AGENT`): for a game that brings none they raise
  `MissingCapabilityError`, and only ``"hard"`` plays it (when the game samples states).
- ``"hard"``: `cardgames.agents.ismcts.ISMCTSAgent` on beliefs (``sampler="belief"``: it
  remembers what its seat saw since the deal) with a fixed iteration budget per game and number
  of players: `HARD_ITERATIONS` at two players, changed from some numbers of players on by
  `HARD_PLAYER_BUDGETS` (the agent's ``player_budgets``: it reads the number of seats from the
  view it is asked with). A budget in iterations, not in seconds, keeps a seeded game the same
  on every machine; the budgets were chosen so that a decision takes at most about 200 ms
  (median) on the 2-core machine they were measured on, interpreted (the compiled wheels are
  about three times faster). The two-player budgets are those of the first measurements
  (~180, ~90 and ~190 ms of wall-clock time then); the others follow the process's CPU time
  (``benchmarks/strength.py --timing``, 25 decisions each, which reports it next to the
  wall-clock time: the machine was shared). Measured CPU medians:

  - Crazy Eights, 700 iterations: 137 ms at 2 players, 130 at 3, 143 at 4, 167 at 5, and
    212 at 6 and 242 at 7, so 600 iterations from 6 players on (177 ms at 6, 222 at 7).
  - 8 Américain, 200 iterations: 57 ms at 2 players and 126 at 3, but 390 at 4 (one deck of
    54 cards, 32 of them dealt: long rounds), so 100 iterations at 4 (204 ms). A second deck
    from 5 players on brings the cost back down, so 200 iterations from 5 to 7 players (64 ms
    by 100 iterations at 5, 153 ms at 6, 221 at 7); from 8 players on it climbs again before
    each new deck (321 ms at 8, 180 at 10, 302 at 13, 324 at 20 by 200 iterations), so 100
    iterations from 8 players on (measured at 100: 199 ms at 9, 138 at 13, 167 at 18).
  - The planet game, 80 iterations: 114 ms at 2 players, 119 at 3, 114 at 4, 110 at 6: one
    budget for all.

Every level is a value: the same seed and the same history give the same moves.
"""

from __future__ import annotations

import types
from collections.abc import Sequence
from typing import Any, Final, cast

import attrs

from cardgames.agents.base import Agent, agent_plays
from cardgames.errors import InvalidArgumentError
from cardgames.game import Game, Move, View
from cardgames.rng import Rng

__all__ = [
    "EASY_MISTAKES",
    "HARD_ITERATIONS",
    "HARD_PLAYER_BUDGETS",
    "LEVELS",
    "MistakenAgent",
    "level_agent",
]

LEVELS: Final = ("easy", "medium", "hard")
"""The difficulty levels `make_agent` knows."""

EASY_MISTAKES: Final = 0.3
"""How often the ``"easy"`` bot makes a mistake."""

HARD_ITERATIONS: Final = types.MappingProxyType(
    {"crazy-eights": 700, "huit-americain": 200, "planets": 80}
)
"""The ``"hard"`` bot's iterations per decision at two players, by game (others:
`DEFAULT_HARD_ITERATIONS`); `HARD_PLAYER_BUDGETS` changes them at larger tables."""

HARD_PLAYER_BUDGETS: Final = types.MappingProxyType(
    {
        "crazy-eights": ((6, 600),),
        "huit-americain": ((4, 100), (5, 200), (8, 100)),
    }
)
"""The ``"hard"`` bot's iterations from some numbers of players on, by game: pairs
``(players, iterations)``, the last pair whose ``players`` the table reaches applies (the
`ISMCTSAgent`'s ``player_budgets``); below the first, `HARD_ITERATIONS`."""

DEFAULT_HARD_ITERATIONS: Final = 200


def _probability(_: object, attribute: attrs.Attribute[float], value: float) -> None:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 <= value <= 1:
        raise InvalidArgumentError(attribute.name, value, "expected a probability from 0 to 1")


@attrs.frozen
class MistakenAgent:
    """An agent that plays like ``base`` but makes a mistake with probability ``mistakes``.

    A mistake is, on its turn, a uniformly random legal move; out of turn, letting the chance
    go (``None``). The decision to err is drawn from the agent's RNG first, and ``base`` gets
    the RNG after that draw. A forced move (one legal move, on its turn) is answered at once.

    Attributes:
        base: The agent whose moves are played when no mistake is made.
        mistakes: The probability of a mistake, from 0 to 1.
        name: The agent's name.

    Examples:
        >>> from cardgames import crazy_eights
        >>> from cardgames.agents import heuristic_agent, play_game
        >>> easy = MistakenAgent(heuristic_agent(crazy_eights.GAME), 0.3)
        >>> result = play_game(crazy_eights.GAME, [easy, easy], seed=2)
        >>> result.steps == play_game(crazy_eights.GAME, [easy, easy], seed=2).steps
        True
    """

    base: Agent
    mistakes: float = attrs.field(default=EASY_MISTAKES, validator=_probability)
    name: str = "easy"

    def plays(self, game: Game[Any]) -> bool:
        """Whether the base agent plays ``game`` (`cardgames.agents.agent_plays`)."""
        return agent_plays(self.base, game)

    def act(self, view: View, legal: Sequence[Move], rng: Rng) -> tuple[Move | None, Rng]:
        """The base agent's move, or a mistake (see the class text)."""
        to_act = getattr(view, "to_act", None)
        my_turn = not to_act or to_act[0] == view.viewer
        if my_turn and len(legal) == 1:
            return legal[0], rng
        draw, rng = rng.random()
        if draw < self.mistakes:
            if not my_turn:
                return None, rng
            return rng.choice(legal)
        return self.base.act(view, legal, rng)


@attrs.frozen
class _Renamed:
    """A game's own heuristic agent that is no attrs class, under a level's name."""

    base: Agent
    name: str

    def plays(self, game: Game[Any]) -> bool:
        """Whether the base agent plays ``game``."""
        return agent_plays(self.base, game)

    def act(self, view: View, legal: Sequence[Move], rng: Rng) -> tuple[Move | None, Rng]:
        """The base agent's move."""
        return self.base.act(view, legal, rng)


def level_agent(level: str, game: Any) -> Agent:
    """The agent of a difficulty level (one of `LEVELS`) for ``game``."""
    from cardgames.agents.heuristic import heuristic_agent
    from cardgames.agents.ismcts import ISMCTSAgent

    if level == "easy":
        return MistakenAgent(heuristic_agent(game), EASY_MISTAKES, "easy")
    if level == "medium":
        agent = heuristic_agent(game)
        if attrs.has(type(agent)):
            renamed: Agent = attrs.evolve(cast(Any, agent), name="medium")
            return renamed
        return _Renamed(agent, "medium")
    if level == "hard":
        iterations = HARD_ITERATIONS.get(game.name, DEFAULT_HARD_ITERATIONS)
        return ISMCTSAgent(
            iterations=iterations,
            name="hard",
            sampler="belief",
            player_budgets=HARD_PLAYER_BUDGETS.get(game.name, ()),
        )
    raise ValueError(f"unknown level {level!r}")
