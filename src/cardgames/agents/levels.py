"""Difficulty levels for frontends: ``"easy"``, ``"medium"`` and ``"hard"`` bots.

`make_agent` builds them by name (so do the command line's ``--agents``, `cardgames.simulate`
and anything else that names agents):

- ``"easy"``: `MistakenAgent` around the game's casual-player agent
  (`cardgames.agents.heuristic`): before each decision it draws from its RNG, and with
  probability `EASY_MISTAKES` it makes a mistake: on its turn a uniformly random legal move,
  out of turn it lets the chance go (a call-out or a jump-in missed).
- ``"medium"``: the casual-player agent itself (``"heuristic"``).
- ``"hard"``: `cardgames.agents.ismcts.ISMCTSAgent` on beliefs (``sampler="belief"``: it
  remembers what its seat saw since the deal) with a fixed iteration budget per game,
  `HARD_ITERATIONS`. A budget in iterations, not in seconds, keeps a seeded game the same on
  every machine; the budgets were chosen so that a decision takes about 200 ms (median) on the
  machine they were measured on, interpreted (the compiled wheels are about three times
  faster). Measured medians (25 decisions each, ``benchmarks/strength.py --timing``):
  Crazy Eights 700 iterations, ~180 ms at 2 players and ~240 ms at 4; 8 Américain 200, ~90 ms
  at 2 and ~420 ms at 4 (its four-player rounds are long); the planet game 80, ~190 ms at 2
  and ~120 ms at 4.

Every level is a value: the same seed and the same history give the same moves.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

import attrs

from cardgames.agents.base import Agent
from cardgames.errors import InvalidArgumentError
from cardgames.game import Move, View
from cardgames.rng import Rng

__all__ = ["EASY_MISTAKES", "HARD_ITERATIONS", "LEVELS", "MistakenAgent", "level_agent"]

LEVELS: Final = ("easy", "medium", "hard")
"""The difficulty levels `make_agent` knows."""

EASY_MISTAKES: Final = 0.3
"""How often the ``"easy"`` bot makes a mistake."""

HARD_ITERATIONS: Final = {"crazy-eights": 700, "huit-americain": 200, "planets": 80}
"""The ``"hard"`` bot's iterations per decision, by game (others: `DEFAULT_HARD_ITERATIONS`)."""

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


def level_agent(level: str, game: Any) -> Agent:
    """The agent of a difficulty level (one of `LEVELS`) for ``game``."""
    from cardgames.agents.heuristic import heuristic_agent
    from cardgames.agents.ismcts import ISMCTSAgent

    if level == "easy":
        return MistakenAgent(heuristic_agent(game), EASY_MISTAKES, "easy")
    if level == "medium":
        return attrs.evolve(heuristic_agent(game), name="medium")
    if level == "hard":
        iterations = HARD_ITERATIONS.get(game.name, DEFAULT_HARD_ITERATIONS)
        return ISMCTSAgent(iterations=iterations, name="hard", sampler="belief")
    raise ValueError(f"unknown level {level!r}")
