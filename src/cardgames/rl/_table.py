"""One game played one decision at a time, by action ids: what the environments share."""

from __future__ import annotations

import operator
import secrets
from typing import Any

from cardgames.errors import IllegalMoveError, InvalidArgumentError
from cardgames.game import State
from cardgames.rl._actions import ActionEncoding, seat_to_decide

__all__ = ["Table", "check_seed"]

_MAX_SEED = 2**64 - 1


def check_seed(seed: object) -> int:
    """An environment's seed as a plain int (``None``: a fresh one from the OS's entropy).

    Raises:
        InvalidArgumentError: for anything but ``None`` or an integer from 0 to 2**64 - 1.
    """
    if seed is None:
        return secrets.randbits(63)
    if isinstance(seed, bool):
        raise InvalidArgumentError("seed", seed, "expected an int or None")
    try:
        value = operator.index(seed)  # type: ignore[arg-type]
    except TypeError:
        raise InvalidArgumentError("seed", seed, "expected an int or None") from None
    if not 0 <= value <= _MAX_SEED:
        raise InvalidArgumentError("seed", seed, "expected a seed from 0 to 2**64 - 1")
    return value


class Table:
    """A game in progress and the seats that let their out-of-turn chance go.

    `seat` is the seat asked now (`seat_to_decide`); `act` plays its answer. A refused answer
    raises and changes nothing (the state is immutable; the table keeps the old one).
    """

    __slots__ = ("declined", "encoding", "state")

    def __init__(self, encoding: ActionEncoding, state: State[Any, Any, Any]) -> None:
        self.encoding = encoding
        self.state = state
        self.declined: frozenset[int] = frozenset()

    @property
    def seat(self) -> int | None:
        """The seat asked for a decision now, ``None`` once the game is over."""
        if self.state.is_over:
            return None
        return seat_to_decide(self.state, self.declined)

    def legal_actions(self) -> list[int]:
        """The legal ids of the seat asked now (empty once the game is over)."""
        seat = self.seat
        if seat is None:
            return []
        return self.encoding.legal_actions(self.state, seat)

    def act(self, action_id: object) -> None:
        """Play the answer of the seat asked now.

        Raises:
            InvalidArgumentError: if ``action_id`` is not an id of the encoding.
            IllegalMoveError: if it is not legal for that seat now (``decline`` included, for
                the seat whose turn it is); nothing changes.
        """
        seat = self.seat
        encoding = self.encoding
        index = encoding._check_id(action_id)
        if seat is None:
            raise IllegalMoveError(encoding.describe(index), None, "the game is over")
        if index == encoding.decline:
            if seat == self.state.to_act[0]:
                raise IllegalMoveError("decline", seat, "the player whose turn it is must move")
            self.declined = self.declined | {seat}
            return
        move = encoding.decode(index, self.state, seat)
        self.state = self.state.apply(move)
        self.declined = frozenset()
