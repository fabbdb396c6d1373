"""Integers from outside: an ``int``, or a NumPy integer (any type with ``__index__``).

The library takes an integer type with ``__index__`` wherever it takes an ``int`` and keeps
the plain ``int``. Two readings, one for each way an argument is checked:

- `integer_or_none` for a check that wants the number: ``bool`` is no number, ``int``
  subclasses give their plain value, anything else its ``__index__`` if that returns a plain
  ``int``;
- `converted` for an attrs converter ahead of a validator: a non-``int`` with a working
  ``__index__`` becomes its ``int``, everything else (``int`` subclasses included, whose
  comparisons may lie) is left for the validator to take or refuse.

Examples:
    >>> integer_or_none(3), integer_or_none(True), integer_or_none("3")
    (3, None, None)
    >>> converted(True), converted("3"), converted(2.0)
    (True, '3', 2.0)
"""

from __future__ import annotations

import operator
from typing import Final

from cardgames.errors import InvalidArgumentError

__all__ = ["SEED_LIMIT", "checked_seed", "converted", "integer_or_none"]

SEED_LIMIT: Final = 2**64
"""A game's seed lies strictly between ``-SEED_LIMIT`` and ``SEED_LIMIT``: what a record, a
match and a log hold (the codec's integers), and what every deal, game and simulation takes."""


def integer_or_none(value: object) -> int | None:
    """``value`` as a plain ``int`` if it is an integer (not ``bool``), else None.

    A caller's ``__index__`` that raises, or returns no plain ``int``, makes no integer.
    """
    if type(value) is int:
        return value
    if isinstance(value, bool) or not (isinstance(value, int) or hasattr(type(value), "__index__")):
        return None
    try:
        number = operator.index(value)  # type: ignore[arg-type]
    except Exception:  # whatever a caller's __index__ raised
        return None
    return number if type(number) is int else None


def converted(value: object) -> object:
    """A non-``int`` integer (a NumPy integer) as its plain ``int``; anything else as it is."""
    if isinstance(value, int) or not hasattr(type(value), "__index__"):
        return value
    number = integer_or_none(value)
    return value if number is None else number


def checked_seed(value: object, argument: str = "seed") -> int:
    """A game's seed from outside, as a plain ``int``: ``-2**64 < seed < 2**64``.

    The one check of every seed that deals a game (`Game.new_game`, `play_game`, `simulate`,
    `GameLog`, `GameRecord`), so a seed any of them takes is one a record can hold; an integer
    type with ``__index__`` (a NumPy integer) gives its ``int``; ``bool`` is refused.

    Raises:
        InvalidArgumentError: for anything else, before any work proportional to its size.

    Examples:
        >>> checked_seed(-5), checked_seed(2**64 - 1)
        (-5, 18446744073709551615)
    """
    number = integer_or_none(value)
    if number is None or not -SEED_LIMIT < number < SEED_LIMIT:
        raise InvalidArgumentError(
            argument,
            value,
            f"expected an integer from {-SEED_LIMIT + 1} to {SEED_LIMIT - 1} (-2**64 < seed "
            "< 2**64; fold a wider seed into that range first, e.g. seed % 2**64)",
        )
    return number
