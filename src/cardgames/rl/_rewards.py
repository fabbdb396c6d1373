"""Rewards: what each seat gets when a game ends, the same in every adapter."""

from __future__ import annotations

from typing import Final

from cardgames.errors import InvalidArgumentError
from cardgames.game import Outcome, _whole_number

__all__ = ["rewards"]

_MOST_SEATS: Final = 64
"""The most seats `rewards` takes (a game seats at most 20; the narrator reads 64 names)."""


def _length(values: object) -> int | None:
    """``len(values)`` of a tuple, else None (a caller's ``__len__`` may lie or raise)."""
    return len(values) if type(values) is tuple else None


def rewards(outcome: Outcome | None, players: int) -> tuple[float, ...]:
    """The reward of each seat for a finished game: zero-sum, +1 for a lone winner.

    With ``k`` winners among ``n`` seats, each winner gets ``1/k`` and each other seat
    ``-1/(n-k)``: +1 and -1 with two players; +1 and -1/3 each for the losers of a 4-player
    game. A game with no winner, or won by every seat, gives 0 to all. Points (the scores of
    the outcome) do not enter the reward: shape your own from ``outcome.scores`` if you want
    them to.

    Args:
        outcome: The game's outcome (``None``: the game is not over, every reward is 0).
        players: The number of seats, 1 to 64 (an ``int`` or a NumPy integer).

    Raises:
        InvalidArgumentError: if ``players`` is not such a number, or ``outcome`` is not an
            `Outcome` of that many seats (its scores a tuple of one per seat, its winners
            distinct seats among them).

    Examples:
        >>> from cardgames.game import Outcome, Termination
        >>> rewards(Outcome(Termination.WENT_OUT, (2,), (0, 0, 30, 0)), 4)
        (-0.3333333333333333, -0.3333333333333333, 1.0, -0.3333333333333333)
        >>> rewards(Outcome(Termination.BLOCKED, (0, 1), (5, 5, 9)), 3)
        (0.5, 0.5, -1.0)
    """
    players = _whole_number(players, 1, _MOST_SEATS, "players", "a number of seats")
    if outcome is None:
        return (0.0,) * players
    expected = f"expected an Outcome of {players} seats"
    if not isinstance(outcome, Outcome) or _length(outcome.scores) != players:
        raise InvalidArgumentError("outcome", outcome, expected)
    given = outcome.winners
    # Seats beyond the table (or True for seat 1, or a seat twice) gave rewards that do not
    # sum to zero.
    seats = given if type(given) is tuple and len(given) <= players else None
    if seats is None or not all(type(seat) is int and 0 <= seat < players for seat in seats):
        raise InvalidArgumentError("outcome", outcome, f"{expected}, its winners among them")
    winners = set(seats)
    if len(winners) != len(seats):
        raise InvalidArgumentError("outcome", outcome, f"{expected}, its winners once each")
    k = len(winners)
    if k in (0, players):
        return (0.0,) * players
    return tuple(1.0 / k if seat in winners else -1.0 / (players - k) for seat in range(players))
