"""Rules options: declared once, with a default, a description and validated bounds.

A game's `Rules` is a frozen attrs class whose fields are made with `option`. The base class
`RulesBase` then gives every game the same services: the list of options with their defaults
(for the docs and the command line), validation that names the offending option, ``replace``,
parsing of ``option=value`` text, and JSON.

Examples:
    >>> import attrs
    >>> @attrs.frozen
    ... class Rules(RulesBase):
    ...     hand_size: int = option(7, "Cards dealt to each player.", minimum=1, maximum=20)
    ...     stacking: bool = option(True, "A 2 may answer a 2.")
    >>> Rules().replace(hand_size=5).hand_size
    5
    >>> Rules(hand_size=0)
    Traceback (most recent call last):
    ...
    cardgames.errors.InvalidRulesError: invalid rules option hand_size=0: must be at least 1
    >>> Rules.from_options({"stacking": "no"}).stacking
    False
    >>> Rules().replace(hand_size="5", stacking="off")
    Rules(hand_size=5, stacking=False)
"""

from __future__ import annotations

import enum
import json
import types
import typing
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

import attrs

from cardgames._integers import converted
from cardgames.codec import decode, dump_document, encode, load_document
from cardgames.errors import InvalidRulesError, InvalidStateError, ParseError

if TYPE_CHECKING:
    from typing_extensions import Self

__all__ = ["OptionInfo", "RulesBase", "format_value", "option", "parse_bool"]

_TRUE = frozenset({"true", "yes", "on", "1", "oui", "vrai", "y"})
_FALSE = frozenset({"false", "no", "off", "0", "non", "faux", "n"})
# No yes/no word is longer: longer text is refused before it is trimmed or folded (a copy).
_WORD_TEXT_LIMIT = 64
# The longest option value `from_options` reads: the longest legitimate one, an effects table
# naming all 14 faces in words with every effect, is under 1,000 characters.
_OPTION_TEXT_LIMIT = 4096


def parse_bool(text: str) -> bool:
    """Read a yes/no option value (English or French).

    Args:
        text: The text to read, in any case, with surrounding whitespace.

    Returns:
        The value.

    Raises:
        ParseError: If the text is no yes/no word (also for a non-string argument, and for text
            longer than 64 characters, refused without being read).

    Examples:
        >>> parse_bool("Oui"), parse_bool("off")
        (True, False)
    """
    if isinstance(text, str) and str.__len__(text) <= _WORD_TEXT_LIMIT:
        folded = str.casefold(str.strip(text))  # never a subclass's own strip or casefold
        if folded in _TRUE:
            return True
        if folded in _FALSE:
            return False
    raise ParseError(text, "a yes/no value (true/false, yes/no, on/off, 1/0, oui/non)")


def format_value(value: Any) -> str:
    """An option value as text: what ``--rules option=value`` and `RulesBase.replace` read.

    Examples:
        >>> from cardgames.shedding.rules import Stacking
        >>> format_value(Stacking.ANY_DRAW), format_value(True), format_value(None)
        ('any_draw', 'yes', 'none')
    """
    data = encode(value)
    if data is None:
        return "none"
    if isinstance(data, bool):
        return "yes" if data else "no"
    if isinstance(data, str | int):
        return str(data)
    if isinstance(data, list) and all(isinstance(item, int) for item in data):
        return " ".join(map(str, data))
    return json.dumps(data, ensure_ascii=False)


@attrs.frozen
class OptionInfo:
    """What the docs and the command line know of one option.

    Attributes:
        name: The option's name (the field name).
        type: The declared type.
        default: The default value.
        doc: One sentence saying what it does.
        minimum: The smallest allowed value (numbers), if bounded.
        maximum: The largest allowed value (numbers), if bounded.
    """

    name: str
    type: Any
    default: Any
    doc: str
    minimum: int | None = None
    maximum: int | None = None

    def describe_type(self) -> str:
        """The type in words, with its bounds or choices."""
        tp = self.type
        optional = False
        origin = typing.get_origin(tp)
        if origin is typing.Union or origin is types.UnionType:
            args = [a for a in typing.get_args(tp) if a is not type(None)]
            optional = True
            tp = args[0]
        if tp is bool:
            text = "yes/no"
        elif tp is int:
            low = "" if self.minimum is None else str(self.minimum)
            high = "" if self.maximum is None else str(self.maximum)
            text = f"integer {low}..{high}" if low or high else "integer"
        elif isinstance(tp, type) and issubclass(tp, enum.Enum):
            text = "one of " + ", ".join(_enum_text(m) for m in tp)
        else:
            text = getattr(tp, "__name__", str(tp))
        return f"{text} or none" if optional else text


def _enum_text(member: enum.Enum) -> str:
    value = encode(member)
    return str(value)


def option(
    default: Any,
    doc: str,
    *,
    minimum: int | None = None,
    maximum: int | None = None,
) -> Any:
    """Declare a rules option: an attrs field with its doc, bounds and validation.

    Args:
        default: The default value (the rule text's, or the house default where it is silent).
        doc: One sentence that says what the option does.
        minimum: For integers, the smallest allowed value.
        maximum: For integers, the largest allowed value.
    """
    return attrs.field(
        default=default,
        converter=_plain_integer,
        validator=_validate,
        metadata={"doc": doc, "minimum": minimum, "maximum": maximum},
    )


def _plain_integer(value: Any) -> Any:
    """An integer of a type that is not ``int`` (a NumPy integer) as its ``int``; else as is.

    The library's other integer arguments take any integer type with ``__index__``; an option
    does too, and holds the plain ``int``. An ``int`` of any kind (``bool``, a subclass whose
    comparisons lie), an enum, text or a float is left for `_validate` to take or refuse.
    """
    return value if isinstance(value, enum.Enum) else converted(value)


def _validate(instance: Any, attribute: attrs.Attribute[Any], value: Any) -> None:
    hints = _hints(type(instance))
    tp = hints[attribute.name]
    try:
        checked = decode(tp, encode(value), attribute.name)
    except (InvalidStateError, TypeError) as exc:
        problem = exc.problem if isinstance(exc, InvalidStateError) else str(exc)
        raise InvalidRulesError(attribute.name, value, problem) from None
    except RecursionError:  # a container nested too deeply to encode
        raise InvalidRulesError(attribute.name, value, "nested too deeply") from None
    if not _same(checked, value) or (isinstance(value, bool) and not _is_bool_type(tp)):
        expected = OptionInfo(attribute.name, tp, None, "").describe_type()
        hint = (
            "; text is read by Rules.replace and Rules.from_options"
            if isinstance(value, str)
            else ""
        )
        raise InvalidRulesError(
            attribute.name, value, f"expected {expected}, not a {type(value).__name__}{hint}"
        )
    if isinstance(value, int) and not isinstance(value, bool):
        low = attribute.metadata.get("minimum")
        high = attribute.metadata.get("maximum")
        if low is not None and value < low:
            raise InvalidRulesError(attribute.name, value, f"must be at least {low}")
        if high is not None and value > high:
            raise InvalidRulesError(attribute.name, value, f"must be at most {high}")


def final_rules(cls: type, **kwargs: object) -> None:
    """The ``__init_subclass__`` of a built-in game's rules: they cannot be subclassed.

    The engines trust a rules value that passed ``isinstance(rules, game.rules_type)``; a
    caller's subclass could override what the engine reads (``decks_for`` returning ten million
    decks, ``check_players`` accepting anything) while holding valid options. A variant is a
    value (``rules.replace(...)``, a preset), never a subclass.

    Raises:
        TypeError: always, naming the class.
    """
    parent = next(base for base in cls.__mro__[1:] if "__init_subclass__" in vars(base))
    raise TypeError(
        f"{parent.__module__}.{parent.__qualname__} cannot be subclassed: "
        "a variant of the rules is a value (Rules.replace, a preset), not a subclass"
    )


def _same(checked: object, value: object) -> bool:
    """Whether ``value`` is ``checked`` (the decoded option) down to the type of every part.

    A caller's subclass (an ``int`` whose ``__eq__`` says yes to everything, an `Effects` that
    lies about its items) is refused, not stored: equality is only asked of the library's own
    types, whose answers it can trust.
    """
    if type(checked) is not type(value):
        return False
    if isinstance(checked, tuple):
        parts = typing.cast("tuple[object, ...]", value)
        return len(checked) == len(parts) and all(map(_same, checked, parts))
    if isinstance(checked, Mapping):  # `Effects`: its own type, so its keys can be trusted
        table = typing.cast("Mapping[object, object]", value)
        return list(checked) == list(table) and all(_same(checked[k], table[k]) for k in checked)
    kind: Any = type(checked)
    if attrs.has(kind):  # `Effect`: every field, by the same rule
        return all(
            _same(getattr(checked, field.name), getattr(value, field.name))
            for field in attrs.fields(kind)
        )
    return bool(checked == value)


def _is_bool_type(tp: Any) -> bool:
    if tp is bool:
        return True
    origin = typing.get_origin(tp)
    if origin is typing.Union or origin is types.UnionType:
        return bool in typing.get_args(tp)
    return False


def _hints(cls: type) -> dict[str, Any]:
    from cardgames.codec import type_hints

    return type_hints(cls)


class RulesBase:
    """Services shared by every game's frozen ``Rules`` class (fields made with `option`)."""

    game_name: typing.ClassVar[str] = ""

    @classmethod
    def options(cls) -> tuple[OptionInfo, ...]:
        """Every option with its type, default, bounds and description.

        In declaration order, base classes first: a game that changes a default keeps the
        option in its place, so every game of a family lists its options in the same order.
        """
        hints = _hints(cls)
        fields = {f.name: f for f in attrs.fields(cls)}  # type: ignore[arg-type]
        order: list[str] = []
        for klass in reversed(cls.__mro__):
            if attrs.has(klass):
                order += [f.name for f in attrs.fields(klass) if f.name not in order]
        return tuple(
            OptionInfo(
                name=name,
                type=hints[name],
                default=fields[name].default,
                doc=fields[name].metadata.get("doc", ""),
                minimum=fields[name].metadata.get("minimum"),
                maximum=fields[name].metadata.get("maximum"),
            )
            for name in order
            if not name.startswith("_")
        )

    def replace(self, **changes: Any) -> Self:
        """A copy with some options changed, validated.

        A value may be given typed (``Stacking.NONE``) or as the text the command line's
        ``--rules option=value`` reads (``"none"``), for every option whose values are not
        themselves text.

        Raises:
            InvalidRulesError: naming the first offending option (unknown options included).
        """
        names = {f.name for f in attrs.fields(type(self))}  # type: ignore[arg-type]
        texts: dict[str, OptionInfo] | None = None
        for name, value in changes.items():
            if name not in names or name.startswith("_"):
                raise InvalidRulesError(name, value, "unknown option")
            if isinstance(value, str):
                if texts is None:
                    texts = {info.name: info for info in self.options() if info.type is not str}
                info = texts.get(name)
                if info is not None:
                    changes[name] = _parse_value(info, value)
        return attrs.evolve(self, **changes)  # type: ignore[misc]

    @classmethod
    def from_options(cls, values: Mapping[str, Any], base: Self | None = None) -> Self:
        """Rules built from option values given as text (``{"decks": "2"}``) or as values.

        Args:
            values: Option names to values; text is parsed by the option's type.
            base: The rules to start from (default: the class defaults).

        Raises:
            InvalidRulesError: naming the option whose name or value is refused; naming
                ``rules`` if ``values`` is not a mapping, ``base`` if it is not rules of this
                class.
        """
        if not isinstance(values, Mapping):
            raise InvalidRulesError("rules", values, "expected option names mapped to values")
        start: Self = _base(cls, base)
        infos = {info.name: info for info in cls.options()}
        changes: dict[str, Any] = {}
        for name, raw in values.items():
            if not isinstance(name, str) or str.__len__(name) > _WORD_TEXT_LIMIT:
                raise InvalidRulesError(
                    _brief_name(name), raw, "unknown option: an option's name is short text"
                )
            key = str.replace(str.strip(name), "-", "_")
            info = infos.get(key)
            if info is None:
                known = ", ".join(infos)
                raise InvalidRulesError(name, raw, f"unknown option; known options: {known}")
            changes[key] = _parse_value(info, raw) if isinstance(raw, str) else raw
        return start.replace(**changes)

    @classmethod
    def parse_assignments(cls, assignments: Iterable[str], base: Self | None = None) -> Self:
        """Rules from ``option=value`` strings, as typed on a command line.

        Raises:
            InvalidRulesError: for a malformed assignment or a refused option (also for one
                string instead of a list of them, an assignment that is not text or is longer
                than an option's name and value can be, or more than 256 assignments).
        """
        expected = "expected option=value assignments, one string each"
        if isinstance(assignments, (str, bytes)) or not isinstance(assignments, Iterable):
            raise InvalidRulesError("rules", assignments, expected)
        values: dict[str, str] = {}
        for count, item in enumerate(assignments):
            if count >= _MOST_ASSIGNMENTS:  # never read an endless list to the end
                raise InvalidRulesError(
                    "rules", f"more than {_MOST_ASSIGNMENTS}", f"{expected}; too many"
                )
            longest = _WORD_TEXT_LIMIT + 1 + _OPTION_TEXT_LIMIT
            if not isinstance(item, str) or str.__len__(item) > longest:  # before partition
                raise InvalidRulesError("rules", item, expected)
            name, sep, value = str.partition(str.__str__(item), "=")
            if not sep or not name.strip():
                raise InvalidRulesError("rules", item, "expected option=value")
            values[name.strip()] = value.strip()
        return cls.from_options(values, base)

    def changed_options(self) -> dict[str, Any]:
        """The options whose value differs from the class default."""
        default = type(self)()
        return {
            f.name: getattr(self, f.name)
            for f in attrs.fields(type(self))  # type: ignore[arg-type]
            if getattr(self, f.name) != getattr(default, f.name)
        }

    def to_json(self) -> str:
        """Serialize as a versioned JSON document."""
        data = {info.name: encode(getattr(self, info.name)) for info in self.options()}
        return dump_document("rules", self.game_name, data)

    @classmethod
    def from_json(cls, text: str | bytes) -> Self:
        """Load rules written by `to_json`.

        Raises:
            InvalidStateError: for a malformed document or a refused option value.
        """
        data = load_document(text, "rules", cls.game_name)
        try:
            return decode(cls, data, "/data")  # type: ignore[no-any-return]
        except InvalidRulesError as exc:
            raise InvalidStateError(f"/data/{exc.option}", exc.reason) from None


_MOST_ASSIGNMENTS = 256  # ten times the options of any game


def _base(cls: type[Any], base: object) -> Any:
    """The rules ``from_options`` starts from: the class defaults, or ``base`` if of ``cls``."""
    if base is None:
        return cls()
    if not isinstance(base, cls):
        raise InvalidRulesError("base", base, f"expected {cls.__qualname__} to start from")
    return base


def _brief_name(name: object) -> str:
    """A refused option name as text for an error, whatever it is (its head, if it is long)."""
    if isinstance(name, str):
        return str.__str__(name)[:_WORD_TEXT_LIMIT] + "…"
    return f"<{type(name).__name__}>"


def _parse_value(info: OptionInfo, text: str) -> Any:
    if str.__len__(text) > _OPTION_TEXT_LIMIT:  # refused before it is trimmed, folded or split
        raise InvalidRulesError(
            info.name, text, f"{info.describe_type()}, at most {_OPTION_TEXT_LIMIT} characters"
        )
    if type(text) is not str:  # a subclass's strip, casefold or split are never called
        text = str.__str__(text)
    tp = info.type
    origin = typing.get_origin(tp)
    if origin is typing.Union or origin is types.UnionType:
        if text.strip().casefold() in {"none", "null", ""}:
            return None
        tp = next(a for a in typing.get_args(tp) if a is not type(None))
    try:
        if tp is bool:
            return parse_bool(text)
        if tp is int:
            try:
                return int(text.strip())
            except ValueError:
                raise ParseError(text, "an integer") from None
        if isinstance(tp, type) and issubclass(tp, enum.Enum):
            folded = text.strip().casefold().replace("-", "_")
            for member in tp:
                if folded in {str(encode(member)).casefold(), member.name.casefold()}:
                    return member
            parse = getattr(tp, "parse", None)
            if parse is not None:
                return parse(text)
            raise ParseError(text, info.describe_type())
        parse = getattr(tp, "parse", None)
        if parse is not None:
            return parse(text)
        if tp is str:
            return text
    except ParseError as exc:
        raise InvalidRulesError(info.name, text, exc.expected) from None
    raise InvalidRulesError(info.name, text, f"cannot parse values of type {tp!r}")
