"""Agents by name, for the command line and simulations.

``"random"``, ``"heuristic"``, ``"ismcts"`` or ``"ismcts:500"`` (with an iteration budget).
"""

from __future__ import annotations

from typing import Any

from cardgames.agents.base import Agent, RandomAgent
from cardgames.errors import InvalidRulesError
from cardgames.game import Game

__all__ = ["AGENT_NAMES", "make_agent"]

AGENT_NAMES = ("random", "heuristic", "ismcts")
"""The agent kinds `make_agent` knows."""


def make_agent(spec: str, game: Game[Any]) -> Agent:
    """Build an agent for ``game`` from its name.

    Args:
        spec: ``"random"``, ``"heuristic"`` (the game's casual-player agent), ``"ismcts"`` or
            ``"ismcts:N"`` (information-set Monte Carlo tree search with N iterations a move).
        game: The game the agent will play.

    Raises:
        InvalidRulesError: for an unknown name or a bad budget (option ``agent``).

    Examples:
        >>> from cardgames import crazy_eights
        >>> make_agent("random", crazy_eights.GAME).name
        'random'
    """
    name, _, argument = spec.strip().casefold().partition(":")
    if name == "random" and not argument:
        return RandomAgent()
    if name == "heuristic" and not argument:
        from cardgames.agents.heuristic import heuristic_agent

        return heuristic_agent(game)
    if name == "ismcts":
        from cardgames.agents.ismcts import ISMCTSAgent

        if not argument:
            return ISMCTSAgent()
        if not (argument.isascii() and argument.isdigit()) or not 1 <= int(argument) <= 1_000_000:
            raise InvalidRulesError("agent", spec, "ismcts:N takes 1 to 1000000 iterations")
        return ISMCTSAgent(iterations=int(argument))
    raise InvalidRulesError("agent", spec, f"known agents: {', '.join(AGENT_NAMES)} (ismcts:N)")
