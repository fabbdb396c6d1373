"""The shedding games' casual-player agent (their ``heuristic_agent``).

`SheddingHeuristicAgent` plays Crazy Eights and 8 Américain under any rules; its rules of
thumb are listed in `cardgames.agents.heuristic`. The choice itself lives in
`cardgames.shedding.heuristic_choice`, a module the binary wheels compile.

Examples:
    >>> from cardgames import crazy_eights
    >>> heuristic_agent(crazy_eights.GAME)
    SheddingHeuristicAgent(name='heuristic')
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import attrs

from cardgames.game import Game, Move, View
from cardgames.rng import Rng
from cardgames.shedding.heuristic_choice import shedding_move
from cardgames.shedding.view import SheddingView

__all__ = ["SheddingHeuristicAgent", "heuristic_agent"]


def heuristic_agent(game: Game[Any]) -> SheddingHeuristicAgent:
    """The casual-player agent of a shedding game (what ``heuristic_agent`` of the game makes)."""
    return SheddingHeuristicAgent()


@attrs.frozen
class SheddingHeuristicAgent:
    """A casual player of Crazy Eights and 8 Américain (see the module text for its rules).

    Attributes:
        name: The agent's name in tables and records.
    """

    name: str = "heuristic"

    def plays(self, game: Game[Any]) -> bool:
        """Whether ``game`` is a shedding game (its views are `SheddingView`s).

        See `cardgames.agents.GameSpecificAgent`: the drivers refuse it for another game.
        """
        return issubclass(game.view_type, SheddingView)

    def act(self, view: View, legal: Sequence[Move], rng: Rng) -> tuple[Move | None, Rng]:
        """Choose a move among ``legal``; the RNG is returned unchanged.

        Raises:
            TypeError: if ``view`` is not a shedding game's view.
        """
        if not isinstance(view, SheddingView):
            raise TypeError(f"expected a SheddingView, got {type(view).__name__}")
        return shedding_move(view, legal), rng
