"""Rewards: what each seat gets when a game ends, the same in every adapter."""

from __future__ import annotations

from cardgames.errors import InvalidArgumentError
from cardgames.game import Outcome

__all__ = ["rewards"]


def rewards(outcome: Outcome | None, players: int) -> tuple[float, ...]:
    """The reward of each seat for a finished game: zero-sum, +1 for a lone winner.

    With ``k`` winners among ``n`` seats, each winner gets ``1/k`` and each other seat
    ``-1/(n-k)``: +1 and -1 with two players; +1 and -1/3 each for the losers of a 4-player
    game. A game with no winner, or won by every seat, gives 0 to all. Points (the scores of
    the outcome) do not enter the reward: shape your own from ``outcome.scores`` if you want
    them to.

    Args:
        outcome: The game's outcome (``None``: the game is not over, every reward is 0).
        players: The number of seats.

    Raises:
        InvalidArgumentError: if ``outcome`` is not an `Outcome` of that many seats.

    Examples:
        >>> from cardgames.game import Outcome, Termination
        >>> rewards(Outcome(Termination.WENT_OUT, (2,), (0, 0, 30, 0)), 4)
        (-0.3333333333333333, -0.3333333333333333, 1.0, -0.3333333333333333)
        >>> rewards(Outcome(Termination.BLOCKED, (0, 1), (5, 5, 9)), 3)
        (0.5, 0.5, -1.0)
    """
    if outcome is None:
        return (0.0,) * players
    if not isinstance(outcome, Outcome) or len(outcome.scores) != players:
        raise InvalidArgumentError("outcome", outcome, f"expected an Outcome of {players} seats")
    winners = set(outcome.winners)
    k = len(winners)
    if k in (0, players):
        return (0.0,) * players
    return tuple(1.0 / k if seat in winners else -1.0 / (players - k) for seat in range(players))
