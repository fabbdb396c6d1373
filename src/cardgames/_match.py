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
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Final, TypeVar

import attrs

from cardgames._integers import converted
from cardgames.codec import decode, dump_document, encode
from cardgames.errors import (
    InvalidArgumentError,
    InvalidRulesError,
    InvalidStateError,
    MatchOverError,
)
from cardgames.game import load_game_document, name_key
from cardgames.rng import Rng

__all__ = [
    "SEED_LIMIT",
    "check_points",
    "check_seed",
    "match_from_json",
    "match_to_json",
    "names_of_players",
    "points_row",
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


def names_of_players(players: Iterable[str]) -> tuple[str, ...]:
    """The converter of a match's ``players``: a short sequence as a tuple of plain ``str``.

    Anything else (and a name that is not text) is left as it is for the match's checks to
    refuse; a subclass of ``str`` is copied as a plain one, so that a match never holds a name
    whose equality or methods may lie.
    """
    if isinstance(players, Sequence) and not isinstance(players, str) and len(players) <= 64:
        return tuple(str.__str__(name) if isinstance(name, str) else name for name in players)
    return players  # type: ignore[return-value]


def check_points(row: object, players: int, low: int, high: int, reason: str) -> tuple[int, ...]:
    """A round's points, refused unless one plain ``int`` per player from ``low`` to ``high``.

    A ``bool``, a float or a subclass of ``int`` (whose comparisons may lie, and which a match
    would then store and write) is refused as well.

    Raises:
        InvalidRulesError: naming ``points``, with ``reason`` for a value out of range.
    """
    if not isinstance(row, tuple) or len(row) != players:
        raise InvalidRulesError("points", row, f"expected {players} scores, one per player")
    for value in row:
        if type(value) is not int or not low <= value <= high:
            raise InvalidRulesError("points", value, reason)
    return row


# The longest name a caller's text can be and still name a player: a name has at most 100
# characters, and each may be written decomposed (a letter and its accents) or fold longer.
_LONGEST_NAME_TEXT: Final = 400


def given_name_key(name: object) -> str | None:
    """`name_key` of a name from outside, or None for what cannot name a player.

    What is not text, or text longer than any player's name can be written, is never
    normalized or case-folded (a copy of all of it): it names nobody.
    """
    if not isinstance(name, str) or str.__len__(name) > _LONGEST_NAME_TEXT:
        return None
    return name_key(name)


def points_row(players: tuple[str, ...], points: object) -> tuple[object, ...]:
    """The points of a round by seat, from ``points`` given by seat or by player name.

    `Match.add_round`'s reading of its argument, shared. Names are matched as the players' names
    are told apart (`cardgames.game.name_key`: case and how accents are encoded do not matter);
    a player not named scores 0. An integer of another type than ``int`` (a NumPy integer) is
    taken as its ``int``; the values are not checked here (`check_points` does).

    Raises:
        InvalidRulesError: naming ``points``, for unknown names, a player named twice, a wrong
            count, or what is neither a sequence nor a mapping.
    """
    count = len(players)
    if isinstance(points, Mapping):
        if len(points) > count:  # before reading anything
            raise InvalidRulesError("points", len(points), "more names than players")
        seats = {name_key(name): seat for seat, name in enumerate(players)}
        row: list[object] = [0] * count
        named: set[int] = set()
        unknown: list[object] = []
        for name, value in points.items():
            key = given_name_key(name)
            seat = None if key is None else seats.get(key)
            if seat is None:
                unknown.append(name if key is not None else f"<{type(name).__name__}>")
            elif seat in named:
                raise InvalidRulesError("points", name, f"{players[seat]} is named twice")
            else:
                named.add(seat)
                row[seat] = converted(value)
            if len(unknown) + len(named) > count:  # a mapping whose length was not its own
                raise InvalidRulesError("points", len(points), "more names than players")
        if unknown:
            raise InvalidRulesError("points", unknown, "unknown player name(s)")
        return tuple(row)
    if isinstance(points, Sequence) and not isinstance(points, (str, bytes)):
        if len(points) != count:  # before copying anything
            raise InvalidRulesError("points", len(points), "one score per player")
        try:  # by index, so that a sequence whose length lies is read no further
            return tuple(converted(points[seat]) for seat in range(count))
        except IndexError:
            raise InvalidRulesError("points", count, "one score per player") from None
    raise InvalidRulesError("points", points, "expected scores by seat or by name")


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
    options = {field.name for field in attrs.fields(game.rules_type)}  # type: ignore[arg-type]
    try:
        return cls(**values)
    except InvalidRulesError as exc:
        raise InvalidStateError(_path(exc.option, names, options), exc.reason) from None
    except InvalidArgumentError as exc:
        raise InvalidStateError(_path(exc.argument, names, options), exc.reason) from None


def _path(name: str, fields: set[str], options: set[str]) -> str:
    """The document path of a refused constructor argument (a row's points are in rounds).

    A rules option refused for the players (the first Commander's seat, a hand size the decks
    cannot deal) is named in the rules.
    """
    if name == "points":
        return "/data/rounds"
    if name in fields:
        return f"/data/{name}"
    return f"/data/rules/{name}" if name in options else "/data"
