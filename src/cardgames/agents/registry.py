"""Agents by name, for the command line and simulations.

``"random"``, ``"heuristic"``, ``"ismcts"`` or ``"ismcts:500"`` (with an iteration budget),
``"ismcts-belief"`` or ``"ismcts-belief:500"`` (ISMCTS on what its seat saw since the deal), and
the difficulty levels ``"easy"``, ``"medium"`` and ``"hard"`` (`cardgames.agents.levels`).
"""

from __future__ import annotations

from typing import Any

from cardgames.agents.base import Agent, RandomAgent
from cardgames.agents.levels import LEVELS, level_agent
from cardgames.errors import InvalidArgumentError, InvalidRulesError
from cardgames.game import Game, find_game

__all__ = ["AGENT_NAMES", "LEVELS", "make_agent"]

AGENT_NAMES = ("random", "heuristic", "ismcts", "ismcts-belief")
"""The agent kinds `make_agent` knows (besides the difficulty levels, `LEVELS`)."""


_MAX_SPEC = 64
"""The longest agent name `make_agent` reads (``"ismcts:1000000"`` is 14 characters)."""
_MAX_ITERATIONS = 1_000_000


class _ArgumentError(InvalidRulesError, InvalidArgumentError):
    """A bad argument where `InvalidRulesError` was documented first (agents, simulation counts).

    It is both that error (``option``) and an `InvalidArgumentError` (``argument``, the same
    name), so code written against either catches it.
    """

    def __init__(self, option: str, value: object, reason: str) -> None:
        self.option = self.argument = option
        self.value = value
        self.reason = reason
        Exception.__init__(self, str(InvalidRulesError(option, value, reason)))

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), (self.option, self.value, self.reason))


def make_agent(spec: str, game: Game[Any] | str) -> Agent:
    """Build an agent for ``game`` from its name.

    Args:
        spec: ``"random"``, ``"heuristic"`` (the game's casual-player agent), ``"ismcts"`` or
            ``"ismcts:N"`` (information-set Monte Carlo tree search with N iterations a move),
            ``"ismcts-belief"`` or ``"ismcts-belief:N"`` (the same on beliefs: it deals the
            unseen cards consistently with everything its seat saw), or a difficulty level:
            ``"easy"``, ``"medium"`` or ``"hard"`` (`cardgames.agents.levels`).
        game: The game the agent will play, or its name or alias (`find_game`).

    Raises:
        InvalidRulesError: for an unknown name or a bad budget (option ``agent``). The error is
            also an `InvalidArgumentError` (argument ``agent``).
        InvalidArgumentError: if ``spec`` is not text or ``game`` is neither a `Game` nor text.
        UnknownGameError: if no game has the name ``game``.

    Examples:
        >>> from cardgames import crazy_eights
        >>> make_agent("random", crazy_eights.GAME).name
        'random'
        >>> try:
        ...     make_agent("ismcts:0", crazy_eights.GAME)
        ... except InvalidRulesError as error:
        ...     print(error.option, error.reason, isinstance(error, InvalidArgumentError))
        agent ismcts:N takes 1 to 1000000 iterations True
        >>> make_agent("hard", "8 américain").sampler
        'belief'
    """
    if not isinstance(spec, str):
        raise InvalidArgumentError("spec", spec, "expected an agent name such as 'random'")
    if isinstance(game, str):
        game = find_game(game)
    elif not isinstance(game, Game):
        raise InvalidArgumentError("game", game, "expected a Game or a game's name")
    known = f"known agents: {', '.join(AGENT_NAMES + LEVELS)} (ismcts:N, ismcts-belief:N)"
    if str.__len__(spec) > _MAX_SPEC:  # before any copy or conversion of the text
        raise _ArgumentError("agent", spec, known)
    # The str methods themselves: a subclass's own strip or casefold are never called.
    name, colon, argument = str.casefold(str.strip(spec)).partition(":")
    if name == "random" and not colon:
        return RandomAgent()
    if name == "heuristic" and not colon:
        from cardgames.agents.heuristic import heuristic_agent

        return heuristic_agent(game)
    if name in LEVELS and not colon:
        return level_agent(name, game)
    if name in ("ismcts", "ismcts-belief"):
        from cardgames.agents.ismcts import ISMCTSAgent

        sampler = "belief" if name == "ismcts-belief" else "uniform"
        if not colon:
            return ISMCTSAgent(name=name, sampler=sampler)
        if (
            not (argument.isascii() and argument.isdigit())
            or len(argument) > len(str(_MAX_ITERATIONS))
            or not 1 <= int(argument) <= _MAX_ITERATIONS
        ):
            raise _ArgumentError("agent", spec, f"{name}:N takes 1 to 1000000 iterations")
        return ISMCTSAgent(iterations=int(argument), name=name, sampler=sampler)
    raise _ArgumentError("agent", spec, known)
