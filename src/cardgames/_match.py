"""What the matches of every game share: each round's seed and the match document.

- **Seeds.** Round ``k`` (from 0) of a match seeded ``s`` is dealt with the first 64-bit draw
  of ``Rng.from_seed(s).derive(k)``: rounds get independent streams, the same on every
  platform, and a match replays from its seed alone.
- **Documents.** A match is written as a ``cardgames.match`` document (the envelope of
  `cardgames.codec`): ``game`` is the name of the game its rules are for, ``data`` has one key
  per field of the game's ``Match`` (``rules`` as the rules' own options, ``players``,
  ``rounds``, ``seed``, and the planet game's ``games`` and ``play_off``). Loading decodes each
  field by its declared type, then builds the match with its constructor, whose checks apply:
  an edited document (points out of range, a round after the end of the match, rules of
  another game…) is refused with an `InvalidStateError` naming the field.
"""

from __future__ import annotations

import typing
from typing import Any, Final, TypeVar

import attrs

from cardgames.codec import decode, dump_document, encode
from cardgames.errors import (
    InvalidArgumentError,
    InvalidRulesError,
    InvalidStateError,
    MatchOverError,
)
from cardgames.game import load_game_document
from cardgames.rng import Rng

__all__ = [
    "SEED_LIMIT",
    "check_seed",
    "match_from_json",
    "match_to_json",
    "recorded_points",
    "round_seed",
]

SEED_LIMIT: Final = 2**64
"""A match's seed lies strictly between ``-SEED_LIMIT`` and ``SEED_LIMIT`` (as game records')."""

M = TypeVar("M")


def check_seed(seed: object) -> None:
    """Refuse a match seed that is not an integer within `SEED_LIMIT`.

    Raises:
        InvalidArgumentError: for a bool, a non-integer or an integer out of range.
    """
    if isinstance(seed, bool) or type(seed) is not int:
        raise InvalidArgumentError("seed", seed, "expected an integer")
    if not -SEED_LIMIT < seed < SEED_LIMIT:
        raise InvalidArgumentError("seed", seed, "expected -2**64 < seed < 2**64")


def round_seed(seed: int, played: int) -> int:
    """The seed of round ``played`` (from 0) of a match seeded ``seed``.

    Examples:
        >>> round_seed(0, 0) == round_seed(0, 0) != round_seed(0, 1)
        True
    """
    value, _ = Rng.from_seed(seed).derive(played).next_u64()
    return value


def recorded_points(match: Any, state: Any, round_word: str, rotated: str) -> tuple[int, ...]:
    """The points of a finished round of ``match`` (`Match.record`'s checks, shared).

    Args:
        match: The match.
        state: A state of the match's game (its type checked by the caller).
        round_word: ``"round"`` or ``"game"``, for the messages.
        rotated: What the next round's rules rotate, for the message (``"dealer: seat 2"``).

    Raises:
        MatchOverError: if the match is over.
        InvalidArgumentError: if the round is not over, or was played by other players or
            under other rules than the match's next round's.
    """
    if match.is_over:
        raise MatchOverError("the match is over")
    outcome = state.outcome()
    if outcome is None:
        raise InvalidArgumentError("state", state, f"the {round_word} is not over")
    if state.players != match.players:
        raise InvalidArgumentError(
            "state", state.players, f"the {round_word} was played by other players"
        )
    if state.rules != match.round_rules():
        raise InvalidArgumentError(
            "state",
            state.rules,
            f"the {round_word} was not played under the rules of the match's next "
            f"{round_word} ({rotated})",
        )
    return tuple(outcome.scores)


def match_to_json(match: Any) -> str:
    """The ``cardgames.match`` document of ``match`` (an attrs ``Match`` of any game)."""
    return dump_document("match", match.rules.game_name, encode(match))


def match_from_json(cls: type[M], text: str | bytes, rules_type: type, what: str) -> M:
    """Load a ``cardgames.match`` document as a ``cls`` whose rules are ``rules_type``'s.

    Args:
        cls: The game family's ``Match`` class (an attrs class whose first field is ``rules``,
            with the class attribute ``max_rounds``).
        text: The document.
        rules_type: The base class of the rules this ``Match`` accepts.
        what: The games it accepts, for the error message (``"a shedding game"``).

    Raises:
        InvalidStateError: naming the first bad place (``/game``, ``/data/rounds``...).
    """
    game, data = load_game_document(text, "match")
    if not issubclass(game.rules_type, rules_type):
        raise InvalidStateError("/game", f"expected a match of {what}, got {game.name!r}")
    fields = [field for field in attrs.fields(cls) if field.init]  # type: ignore[arg-type]
    if not isinstance(data, dict):
        raise InvalidStateError("/data", "expected an object")
    names = {field.name for field in fields}
    unknown = sorted(repr(key) for key in data if key not in names)
    if unknown:
        raise InvalidStateError("/data", f"unknown field(s) {', '.join(unknown)}"[:300])
    rounds = data.get("rounds")
    max_rounds: int = getattr(cls, "max_rounds")  # noqa: B009  (a ClassVar mypy cannot see on M)
    if isinstance(rounds, list) and len(rounds) > max_rounds:  # before decoding each row
        raise InvalidStateError("/data/rounds", f"more than {max_rounds} rounds")
    hints = typing.get_type_hints(cls)
    values: dict[str, Any] = {}
    for field in fields:
        path = f"/data/{field.name}"
        if field.name not in data:
            raise InvalidStateError(path, "missing field")
        tp = game.rules_type if field.name == "rules" else hints[field.name]
        values[field.name] = decode(tp, data[field.name], path)
    try:
        return cls(**values)
    except InvalidRulesError as exc:
        raise InvalidStateError(_path(exc.option, names), exc.reason) from None
    except InvalidArgumentError as exc:
        raise InvalidStateError(_path(exc.argument, names), exc.reason) from None


def _path(name: str, fields: set[str]) -> str:
    """The document path of a refused constructor argument (a row's points are in rounds)."""
    if name == "points":
        return "/data/rounds"
    return f"/data/{name}" if name in fields else "/data"
