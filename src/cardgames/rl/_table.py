"""One game played one decision at a time, by action ids: what the environments share."""

from __future__ import annotations

import operator
import secrets
from typing import Any

import numpy as np

from cardgames.errors import IllegalMoveError, InvalidArgumentError
from cardgames.game import Move, State
from cardgames.narration import narrate
from cardgames.rl._actions import ActionEncoding, _seat_to_decide
from cardgames.rl._observations import ObservationEncoding

__all__ = ["Table", "check_seed"]

_MAX_SEED = 2**64 - 1


def check_seed(seed: object) -> int:
    """An environment's seed as a plain int (``None``: a fresh one from the OS's entropy).

    Raises:
        InvalidArgumentError: for anything but ``None`` or an integer from 0 to 2**64 - 1.
    """
    if seed is None:
        return secrets.randbits(64)
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

    `seat` is the seat asked now (`seat_to_decide`, from public information only: a seat may be
    asked that has no move but ``decline``, see `idle`); `act` plays its answer. A refused answer
    raises and changes nothing (the state is immutable; the table keeps the old one).

    What one position needs (the seat asked, its legal ids and their moves) is computed once and
    kept until `state` or `declined` is given another object: an environment reads it for the
    observation's mask and again to play the action.
    """

    __slots__ = ("_for", "_moves", "_seat", "declined", "encoding", "state")

    def __init__(self, encoding: ActionEncoding, state: State[Any, Any, Any]) -> None:
        self.encoding = encoding
        self.state = state
        self.declined: frozenset[int] = frozenset()
        self._for: tuple[object, object] | None = None  # (state, declined) of the two below
        self._seat: int | None = None
        self._moves: dict[int, Move] = {}

    def _position(self) -> tuple[int | None, dict[int, Move]]:
        """The seat asked now and its legal moves by id (ascending; decline excluded)."""
        state = self.state
        declined = self.declined
        known = self._for
        if known is not None and known[0] is state and known[1] is declined:
            return self._seat, self._moves
        if state.is_over:
            seat = None
            moves: dict[int, Move] = {}
        else:
            seat = _seat_to_decide(state, declined)
            moves = self.encoding._legal_by_id(state, seat)
        self._for, self._seat, self._moves = (state, declined), seat, moves
        return seat, moves

    @property
    def seat(self) -> int | None:
        """The seat asked for a decision now, ``None`` once the game is over."""
        return self._position()[0]

    @property
    def idle(self) -> bool:
        """Whether the seat asked now has no move but `ActionEncoding.decline`.

        Asked because public information cannot rule out that it may move out of turn (see
        `seat_to_decide`), it has no such move in fact.
        """
        seat, moves = self._position()
        return seat is not None and not moves

    def legal_actions(self) -> list[int]:
        """The legal ids of the seat asked now (empty once the game is over).

        A seat asked out of turn may also decline; it may only decline when it has no move.
        """
        seat, moves = self._position()
        if seat is None:
            return []
        ids = list(moves)
        if seat != self.state.to_act[0]:
            ids.append(self.encoding.decline)
        return ids

    def observation(
        self, observations: ObservationEncoding, seat: int, *, asked: bool = True
    ) -> dict[str, Any]:
        """What an environment shows ``seat``: its observation vector and its action mask.

        The mask (int8) is 1 at the legal ids if ``seat`` is the seat asked now (and ``asked``),
        else all zero. The view is the table's own, so it is encoded without `encode`'s checks.
        """
        encoding = self.encoding
        mask = bytearray(encoding.size)
        asked_now, moves = self._position()
        if asked and asked_now == seat:  # the ids of legal_actions()
            for action_id in moves:
                mask[action_id] = 1
            if seat != self.state.to_act[0]:
                mask[encoding.decline] = 1
        return {
            "observation": observations._encode(self.state.view(seat)),
            "action_mask": np.frombuffer(mask, dtype=np.int8),
        }

    def narration(self, lang: str) -> str:
        """What the last move did, as a spectator sees it (no hidden card), and who is asked."""
        state = self.state
        events = state.view(None).events
        lines = narrate(events, state.players, viewer=None, lang=lang, rules=state.rules)
        seat = self.seat
        if seat is not None:
            who = state.players[seat]
            lines.append(f"À {who} de jouer." if lang == "fr" else f"{who} to play.")
        return "\n".join(lines)

    def act(self, action_id: object) -> None:
        """Play the answer of the seat asked now.

        Raises:
            InvalidArgumentError: if ``action_id`` is not an id of the encoding.
            IllegalMoveError: if it is not legal for that seat now (``decline`` included, for
                the seat whose turn it is); nothing changes.
        """
        seat, moves = self._position()
        encoding = self.encoding
        index = encoding._check_id(action_id)
        if seat is None:
            raise IllegalMoveError(encoding.describe(index), None, "the game is over")
        if index == encoding.decline:
            if seat == self.state.to_act[0]:
                raise IllegalMoveError("decline", seat, "the player whose turn it is must move")
            self.declined = self.declined | {seat}
            return
        move = moves.get(index)
        if move is None:
            raise IllegalMoveError(
                encoding.describe(index), seat, "not a legal move of this seat now"
            )
        self.state = self.state.apply(move)
        self.declined = frozenset()
