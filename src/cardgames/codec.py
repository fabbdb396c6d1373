"""Conversion between the library's values and JSON documents, in one place.

Every document the library writes has the same envelope::

    {"format": "cardgames.<kind>", "version": 1, "game": "<game name>", "data": {...}}

where ``kind`` is ``state``, ``move``, ``view``, ``rules``, ``event``, ``record``, ``match``,
``infostate`` or ``simulation``. Loading checks the envelope, then the payload field by field,
and raises `InvalidStateError` with the path of the first problem (``/data/hands/2/0``); an
object with a key twice is refused (JSON parsers disagree on which one counts). Nothing is ever
executed while loading: there is no pickle, no class named by the document, only a lookup in
the tables the game declares.

Values are encoded by their declared type:

- `Card` as its short text (``"8H"``, ``"10S"``, ``"JOKER"``), `Suit` as its English name
  (``"hearts"``), `Rank` as its letter (``"Q"``), any other `enum.Enum` by its value;
- ``int``, ``bool`` and ``str`` as themselves (a bool is never accepted for an int);
- ``tuple[X, ...]`` as a list, ``X | None`` as the value or ``null``;
- a class with ``text_coded = True`` (such as an effects table) as its text, read back by its
  ``parse`` class method;
- an attrs class as an object with one key per field, plus ``"type"`` for the classes that carry
  a ``kind`` tag (moves and events), so the loader knows which class to build.
"""

from __future__ import annotations

import enum
import json
import types
import typing
from collections.abc import Callable, Mapping
from typing import Any, Final, TypeVar

import attrs

from cardgames.cards import Card, Rank, Suit
from cardgames.errors import InvalidRulesError, InvalidStateError, ParseError, brief_repr

__all__ = [
    "FORMAT_VERSION",
    "decode",
    "dump_document",
    "encode",
    "load_any_document",
    "load_document",
]

FORMAT_VERSION = 1
"""The version of the JSON documents written by this release."""

MAX_DOCUMENT_CHARS = 10_000_000
"""The longest document `load_document` reads, in characters (longer text is refused unread)."""
MAX_DOCUMENT_INT = 2**64
"""The bound of a document's integers: every one is strictly between ``-2**64`` and ``2**64``."""
_MAX_INT_CHARS = 40
"""The longest integer a document may spell (``-2**64`` takes 21 characters).

Reading decimal digits into an ``int`` takes time in the square of their number: Python 3.10
before 3.10.7, and any program that lifted `sys.set_int_max_str_digits`, would spend minutes on
a document of a few megabytes of digits."""


def _parse_int(text: str) -> int:
    """`json.loads`'s reader of integers, refusing one too long before converting it."""
    if len(text) > _MAX_INT_CHARS:
        raise ValueError(f"an integer of {len(text)} characters (at most {_MAX_INT_CHARS})")
    return int(text)


T = TypeVar("T")

_HINTS: dict[type, dict[str, Any]] = {}
_MOST_HINTS: Final = 256  # the library has a few dozen classes; a caller's own are forgotten


def type_hints(cls: type) -> dict[str, Any]:
    """The type hints of ``cls``, kept for a bounded number of classes (`decode` is public)."""
    hints = _HINTS.get(cls)
    if hints is None:
        hints = typing.get_type_hints(cls)
        if len(_HINTS) >= _MOST_HINTS:
            _HINTS.clear()
        _HINTS[cls] = hints
    return hints


def encode(value: object) -> Any:
    """Turn a library value into plain JSON-compatible data.

    Examples:
        >>> from cardgames.cards import Card, Suit
        >>> encode((Card.parse("8H"), Suit.SPADES, None, 3))
        ['8H', 'spades', None, 3]
    """
    if value is None or isinstance(value, (bool, str)):
        return value
    if isinstance(value, Card) or getattr(type(value), "text_coded", False):
        return str(value)
    if isinstance(value, Suit):
        return value.english
    if isinstance(value, Rank):
        return value.letter
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, int):
        return int(value)
    if isinstance(value, (tuple, list, frozenset)):
        return [encode(item) for item in value]
    if attrs.has(type(value)):
        data: dict[str, Any] = {}
        kind = getattr(type(value), "kind", None)
        if isinstance(kind, str):
            data["type"] = kind
        for field in attrs.fields(type(value)):  # type: ignore[arg-type]
            if field.name.startswith("_"):
                continue
            data[field.name] = encode(getattr(value, field.name))
        return data
    if isinstance(value, Mapping):
        return {str(key): encode(item) for key, item in value.items()}
    raise TypeError(f"cannot encode {type(value).__name__} values")


def _fail(path: str, problem: str) -> typing.NoReturn:
    raise InvalidStateError(path, problem)


def _type_name(data: object) -> str:
    if data is None:
        return "null"
    if isinstance(data, bool):
        return "a boolean"
    if isinstance(data, int):
        return "an integer"
    if isinstance(data, str):
        return "a string"
    if isinstance(data, list):
        return "a list"
    if isinstance(data, dict):
        return "an object"
    return type(data).__name__


def decode(
    tp: Any,
    data: object,
    path: str = "",
    *,
    tagged: Mapping[str, type] | None = None,
) -> Any:
    """Build a value of type ``tp`` from plain data, checking every part of it.

    Args:
        tp: The declared type (a class, ``X | None``, ``tuple[X, ...]``).
        data: What `json.loads` produced.
        path: Where ``data`` sits in the document, for error messages.
        tagged: For a base class with ``kind``-tagged subclasses (moves, events), the table from
            tag to class that the game declares.

    Raises:
        InvalidStateError: naming the path and the problem.

    Examples:
        >>> from cardgames.cards import Card
        >>> decode(tuple[Card, ...], ["8H", "JOKER"])
        (Card.parse('8H'), Card.parse('JOKER'))
        >>> decode(int, True, "/data/player")
        Traceback (most recent call last):
        ...
        cardgames.errors.InvalidStateError: invalid document at /data/player: expected ...
    """
    origin = typing.get_origin(tp)
    if origin is typing.Union or origin is types.UnionType:
        args = typing.get_args(tp)
        if data is None and type(None) in args:
            return None
        others = [a for a in args if a is not type(None)]
        if len(others) == 1:
            return decode(others[0], data, path, tagged=tagged)
        errors = []
        for candidate in others:
            try:
                return decode(candidate, data, path, tagged=tagged)
            except InvalidStateError as exc:
                errors.append(exc.problem)
        _fail(path, "; ".join(errors))
    if origin is tuple:
        args = typing.get_args(tp)
        if not isinstance(data, list):
            _fail(path, f"expected a list, got {_type_name(data)}")
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(
                decode(args[0], item, f"{path}/{i}", tagged=tagged) for i, item in enumerate(data)
            )
        if len(args) != len(data):
            _fail(path, f"expected a list of {len(args)} items, got {len(data)}")
        return tuple(
            decode(arg, item, f"{path}/{i}", tagged=tagged)
            for i, (arg, item) in enumerate(zip(args, data, strict=True))
        )
    if tp is Any:
        return data
    if tp is type(None):
        if data is not None:
            _fail(path, f"expected null, got {_type_name(data)}")
        return None
    if tp is bool:
        if not isinstance(data, bool):
            _fail(path, f"expected a boolean, got {_type_name(data)}")
        return data
    if tp is int:
        if isinstance(data, bool) or not isinstance(data, int):
            _fail(path, f"expected an integer, got {_type_name(data)}")
        if not -MAX_DOCUMENT_INT < data < MAX_DOCUMENT_INT:
            _fail(path, f"integer {brief_repr(data)} is out of range")
        return data
    if tp is str:
        if not isinstance(data, str):
            _fail(path, f"expected a string, got {_type_name(data)}")
        try:
            data.encode("utf-8")
        except UnicodeEncodeError:
            _fail(path, "the text holds a lone surrogate, which is not Unicode text")
        return data
    if isinstance(tp, type) and issubclass(tp, Card):
        return _decode_parsed(Card.parse, data, path, "a card")
    if isinstance(tp, type) and getattr(tp, "text_coded", False):
        parse: Callable[[str], Any] = getattr(tp, "parse")  # noqa: B009
        return _decode_parsed(parse, data, path, f"a {tp.__name__}")
    if isinstance(tp, type) and issubclass(tp, Suit):
        return _decode_parsed(Suit.parse, data, path, "a suit")
    if isinstance(tp, type) and issubclass(tp, Rank):
        return _decode_parsed(Rank.parse, data, path, "a rank")
    if isinstance(tp, type) and issubclass(tp, enum.Enum):
        try:
            return tp(data)
        except (ValueError, TypeError):
            choices = ", ".join(repr(m.value) for m in tp)
            _fail(path, f"expected one of {choices}, got {data!r}"[:300])
    if isinstance(tp, type) and attrs.has(tp):
        return _decode_attrs(tp, data, path, tagged=tagged)
    raise TypeError(f"cannot decode into {tp!r}")


def _decode_parsed(parse: Callable[[str], T], data: object, path: str, what: str) -> T:
    if not isinstance(data, str):
        _fail(path, f"expected {what} as a string, got {_type_name(data)}")
    try:
        return parse(data)
    except ParseError as exc:
        _fail(path, str(exc))


def _decode_attrs(cls: type[T], data: object, path: str, *, tagged: Mapping[str, type] | None) -> T:
    if not isinstance(data, dict):
        _fail(path, f"expected an object, got {_type_name(data)}")
    target: type = cls
    remaining = dict(data)
    if tagged is not None and hasattr(cls, "kind") and getattr(cls, "kind") is None:  # noqa: B009
        tag = remaining.pop("type", None)
        if not isinstance(tag, str) or tag not in tagged:
            choices = ", ".join(sorted(tagged))
            _fail(f"{path}/type", f"expected one of {choices}, got {tag!r}"[:300])
        target = tagged[tag]
        if not issubclass(target, cls):
            _fail(f"{path}/type", f"{tag!r} is not a {cls.__name__}")
    elif "type" in remaining and isinstance(getattr(cls, "kind", None), str):
        tag = remaining.pop("type")
        expected_tag = getattr(cls, "kind")  # noqa: B009 - mypy does not know the attribute
        if tag != expected_tag:
            _fail(f"{path}/type", f"expected {expected_tag!r}, got {tag!r}"[:300])
    hints = type_hints(target)
    kwargs: dict[str, Any] = {}
    for field in attrs.fields(target):
        if field.name.startswith("_") or not field.init:
            continue
        key = field.name
        if key not in remaining:
            if field.default is attrs.NOTHING:
                _fail(f"{path}/{key}", "missing field")
            continue
        kwargs[key] = decode(hints[key], remaining.pop(key), f"{path}/{key}", tagged=tagged)
    if remaining:
        unknown = ", ".join(sorted(repr(k) for k in remaining))
        _fail(path, f"unknown field(s) {unknown}"[:300])
    try:
        return target(**kwargs)  # type: ignore[no-any-return]
    except InvalidRulesError as exc:  # a rules option refused by its validator
        _fail(f"{path}/{exc.option}", exc.reason)
    except (ValueError, TypeError) as exc:
        _fail(path, str(exc))


def dump_document(kind: str, game: str, data: Any) -> str:
    """Wrap encoded data in the versioned envelope and serialize it as compact JSON."""
    document = {
        "format": f"cardgames.{kind}",
        "version": FORMAT_VERSION,
        "game": game,
        "data": data,
    }
    return json.dumps(document, ensure_ascii=False, separators=(",", ":"))


def load_any_document(text: str | bytes, kind: str) -> tuple[str, Any]:
    """`load_document` for a document of any game: the envelope's game name and ``data``.

    The name is not looked up here (`cardgames.game.load_game_document` does).

    Raises:
        InvalidStateError: as `load_document`, or if ``game`` is not a string.
    """
    document = _load_envelope(text, kind, None)
    game = document.get("game")
    if not isinstance(game, str):
        _fail("/game", f"expected a game name, got {_type_name(game)}")
    return game, document["data"]


def load_document(text: str | bytes, kind: str, game: str | None) -> Any:
    """Parse JSON text, check the envelope and return its ``data`` part.

    Args:
        text: The document, as text or UTF-8 bytes.
        kind: The expected document kind (``"state"``, ``"move"``…).
        game: The expected game name, or ``None`` to accept any.

    Raises:
        InvalidStateError: if the text is not JSON, or the envelope is not the expected one.
    """
    return _load_envelope(text, kind, game)["data"]


def _object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """A JSON object, refused if a key appears twice (parsers disagree on which one wins)."""
    result = dict(pairs)
    if len(result) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                _fail("", f"the key {key!r} appears twice in one object"[:300])
            seen.add(key)
    return result


def _load_envelope(text: str | bytes, kind: str, game: str | None) -> dict[str, Any]:
    """Parse JSON text and check the envelope (see `load_document`); the whole document."""
    if isinstance(text, bytes):
        if len(text) > 4 * MAX_DOCUMENT_CHARS:  # more characters than allowed, however decoded
            _fail("", f"document is larger than {MAX_DOCUMENT_CHARS} characters")
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError as exc:
            _fail("", f"not UTF-8 text ({exc.reason} at byte {exc.start})")
    if not isinstance(text, str):
        _fail("", f"expected JSON text, got {type(text).__name__}")
    if len(text) > MAX_DOCUMENT_CHARS:
        _fail("", f"document is larger than {MAX_DOCUMENT_CHARS} characters")
    try:
        document = json.loads(text, object_pairs_hook=_object, parse_int=_parse_int)
    except RecursionError:
        _fail("", "document is nested too deeply")
    except ValueError as exc:
        _fail("", f"not valid JSON ({exc})"[:300])
    if not isinstance(document, dict):
        _fail("", f"expected a JSON object, got {_type_name(document)}")
    expected_format = f"cardgames.{kind}"
    if document.get("format") != expected_format:
        _fail("/format", f"expected {expected_format!r}, got {document.get('format')!r}"[:300])
    version = document.get("version")
    if type(version) is not int or version != FORMAT_VERSION:
        _fail("/version", f"unsupported version {version!r} (this release reads {FORMAT_VERSION})")
    if game is not None and document.get("game") != game:
        _fail("/game", f"expected {game!r}, got {document.get('game')!r}"[:300])
    unknown = set(document) - {"format", "version", "game", "data"}
    if unknown:
        _fail("", f"unknown field(s) {', '.join(sorted(map(repr, unknown)))}"[:300])
    if "data" not in document:
        _fail("/data", "missing field")
    return document
