"""Bots: the agent protocol, agents for every game, and the driver that plays them.

See `cardgames.agents.base` for the protocol and the driver's fair order of out-of-turn moves.
"""

from typing import Any

from cardgames.agents.base import (
    Agent,
    AgentError,
    GameResult,
    GameSpecificAgent,
    InformedAgent,
    RandomAgent,
    Step,
    agent_plays,
    agent_rng,
    choose_move,
    offer_move,
    play_game,
)
from cardgames.agents.heuristic import HEURISTIC_AGENT, heuristic_agent
from cardgames.agents.ismcts import ISMCTSAgent, MoveStatistics
from cardgames.agents.levels import LEVELS, MistakenAgent
from cardgames.agents.registry import AGENT_NAMES, make_agent

__all__ = [
    "AGENT_NAMES",
    "HEURISTIC_AGENT",
    "LEVELS",
    "Agent",
    "AgentError",
    "GameResult",
    "GameSpecificAgent",
    "ISMCTSAgent",
    "InformedAgent",
    "MistakenAgent",
    "MoveStatistics",
    "PlanetsHeuristicAgent",
    "RandomAgent",
    "SheddingHeuristicAgent",
    "Step",
    "agent_plays",
    "agent_rng",
    "choose_move",
    "heuristic_agent",
    "make_agent",
    "offer_move",
    "play_game",
]


def __getattr__(name: str) -> Any:
    """The built-in games' heuristic agents, loaded on first use (`cardgames.agents.heuristic`)."""
    if name in ("PlanetsHeuristicAgent", "SheddingHeuristicAgent"):
        from cardgames.agents import heuristic

        return getattr(heuristic, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
