"""The public API, frozen in a snapshot: a change to it must be deliberate.

`render` describes every name in ``__all__`` of `cardgames` and of each public module: its
kind, the signature of functions and methods, the fields of attrs classes, the members of
enums, the public methods, properties and attributes of classes. The text is compared with
``tests/data/api_snapshot.txt``; a difference fails the test with a unified diff.

When the change is deliberate (a new function, a renamed argument), regenerate the file and
record the change in CHANGELOG.md::

    python tests/test_api_snapshot.py --update

Run without ``--update`` the script prints the diff and exits with status 1 if the API moved.

The text is the same on every supported Python (3.10 to 3.13): annotations are the strings
written in the source (every module uses ``from __future__ import annotations``), default
values go through a normaliser (enum members as ``Class.MEMBER``, objects as their type name
unless their ``repr`` is plain data), and nothing inherited from the standard library (enum,
tuple, Exception, Protocol) is listed, as it differs between versions.
"""

from __future__ import annotations

import argparse
import difflib
import enum
import importlib
import inspect
import types
from collections.abc import Callable
from pathlib import Path
from typing import Any

import attrs
import pytest

SNAPSHOT = Path(__file__).resolve().parent / "data" / "api_snapshot.txt"

MODULES = (
    "cardgames",
    "cardgames.cards",
    "cardgames.rng",
    "cardgames.errors",
    "cardgames.game",
    "cardgames.options",
    "cardgames.codec",
    "cardgames.crazy_eights",
    "cardgames.huit_americain",
    "cardgames.planets",
    "cardgames.shedding",
    "cardgames.agents",
    "cardgames.records",
    "cardgames.simulate",
    "cardgames.history",
    "cardgames.infostate",
    "cardgames.schema",
    "cardgames.narration",
    "cardgames.rl",
    "cardgames.testing",
)
"""The public modules, in the order they appear in the snapshot."""

UPDATE_HINT = (
    "If the change is deliberate, regenerate the snapshot with\n"
    "    python tests/test_api_snapshot.py --update\n"
    "and record the change in CHANGELOG.md (docs/compatibility.md says what 1.x promises)."
)

_PRIMITIVES = (type(None), bool, int, float, str, bytes)
_MAX_REPR = 100


class _Text:
    """Shows as the given text inside `inspect.Signature` (for annotations and defaults)."""

    def __init__(self, text: str) -> None:
        self.text = text

    def __repr__(self) -> str:
        return self.text


# ----------------------------------------------------------------------------- normalisers


def normalize_value(value: object) -> str:
    """A text for a default or a constant that is the same on every supported Python.

    Examples:
        >>> normalize_value((1, "a", None))
        "(1, 'a', None)"
        >>> normalize_value(object())
        '<object>'
    """
    if isinstance(value, enum.Enum):
        return f"{type(value).__qualname__}.{value.name}"
    if isinstance(value, _PRIMITIVES):
        return repr(value)
    if isinstance(value, tuple):
        items = [normalize_value(item) for item in value]
        text = "(" + ", ".join(items) + ("," if len(items) == 1 else "") + ")"
        return text if len(text) <= _MAX_REPR else f"<tuple of {len(value)}>"
    if isinstance(value, frozenset):
        items = sorted(normalize_value(item) for item in value)
        text = "frozenset({" + ", ".join(items) + "})"
        return text if len(text) <= _MAX_REPR else f"<frozenset of {len(value)}>"
    if isinstance(value, (dict, types.MappingProxyType)):
        keys = ", ".join(normalize_value(key) for key in value)
        return f"<{type(value).__name__} with keys {keys}>"
    if isinstance(value, types.GenericAlias):  # before `type`: a type on Python 3.10
        return repr(value)
    if isinstance(value, (types.FunctionType, types.BuiltinFunctionType, type)):
        return f"{value.__module__}.{value.__qualname__}"
    factory = getattr(value, "factory", None)
    if type(value).__name__ == "Factory" and callable(factory):  # attrs.Factory(list)
        return f"Factory({normalize_value(factory)})"
    text = repr(value)
    if " at 0x" in text or len(text) > _MAX_REPR or "\n" in text:
        return f"<{type(value).__qualname__}>"
    return text


def normalize_annotation(annotation: object) -> str:
    """An annotation as written in the source (a string, with postponed evaluation)."""
    if annotation is inspect.Parameter.empty:
        return ""
    if isinstance(annotation, str):
        return annotation
    return inspect.formatannotation(annotation)


def signature_text(function: Callable[..., Any]) -> str:
    """``(a: int, *, b: str = 'x') -> bool``, with normalised annotations and defaults."""
    try:
        signature = inspect.signature(function)
    except (TypeError, ValueError):
        return "(...)"
    parameters = []
    for parameter in signature.parameters.values():
        changes: dict[str, Any] = {}
        if parameter.annotation is not parameter.empty:
            changes["annotation"] = _Text(normalize_annotation(parameter.annotation))
        if parameter.default is not parameter.empty:
            changes["default"] = _Text(normalize_value(parameter.default))
        parameters.append(parameter.replace(**changes))
    returns = signature.return_annotation
    text = str(signature.replace(parameters=parameters, return_annotation=inspect.Signature.empty))
    if returns is not inspect.Signature.empty:
        text += f" -> {normalize_annotation(returns)}"
    return text


# ----------------------------------------------------------------------------- describers


def _ours(owner: type) -> bool:
    return owner.__module__.split(".")[0] == "cardgames"


def _base_name(base: type) -> str:
    if base.__module__ == "builtins":
        return base.__qualname__
    return f"{base.__module__}.{base.__qualname__}"


def _class_kind(cls: type) -> str:
    if issubclass(cls, enum.Enum):
        return "enum"
    if issubclass(cls, BaseException):
        return "exception"
    if getattr(cls, "_is_protocol", False):
        return "protocol"
    if attrs.has(cls):
        return "attrs class"
    return "class"


def _own_names(cls: type) -> list[str]:
    """The public names that the cardgames classes of the MRO define.

    Not `dir`: on Python 3.10 it hides the methods of enums.
    """
    names: set[str] = set()
    for owner in cls.__mro__:
        if _ours(owner):
            names.update(vars(owner))
            names.update(vars(owner).get("__annotations__", {}))
    return sorted(name for name in names if not name.startswith("_"))


def _owner(cls: type, name: str) -> type | None:
    """The first class of the MRO that defines ``name`` (a value or an annotation)."""
    for owner in cls.__mro__:
        if name in vars(owner) or name in vars(owner).get("__annotations__", {}):
            return owner
    return None


def _annotation(cls: type, name: str) -> str:
    for owner in cls.__mro__:
        annotations = vars(owner).get("__annotations__", {})
        if name in annotations:
            return f": {normalize_annotation(annotations[name])}"
    return ""


def describe_class(cls: type) -> list[str]:
    """The header of a class, then one line per field, member, method or attribute."""
    bases = [_base_name(b) for b in cls.__bases__ if b is not object]
    kind = _class_kind(cls)
    header = f"{kind} {cls.__qualname__}"
    if bases:
        header += f"({', '.join(bases)})"
    lines = [header]
    skip: set[str] = set()
    if issubclass(cls, enum.Enum):
        skip.update(cls.__members__)
        for member in cls:
            lines.append(f"  member {member.name} = {normalize_value(member.value)}")
    elif attrs.has(cls):
        for field in attrs.fields(cls):
            skip.add(field.name)
            if not field.init:
                continue
            text = f"  field {field.alias}"
            if field.type is not None:
                text += f": {normalize_annotation(field.type)}"
            if field.default is not attrs.NOTHING:
                text += f" = {normalize_value(field.default)}"
            if field.kw_only:
                text += "  (keyword-only)"
            lines.append(text)
    elif kind != "protocol":
        for special in ("__new__", "__init__"):
            owner = _owner(cls, special)
            if owner is not None and _ours(owner):
                lines.append(f"  {special}{signature_text(getattr(cls, special))}")
    for name in _own_names(cls):
        owner = _owner(cls, name)
        if name in skip or owner is None or not _ours(owner):
            continue
        lines.append(_describe_member(cls, name, vars(owner).get(name, _MISSING)))
    return lines


_MISSING = object()


def _getter_annotation(cls: type, name: str, getter: Any) -> Any:
    """A property getter's return annotation.

    A getter written in C (the interpreted engine's ``is_over`` is an ``operator.attrgetter``,
    a frame fewer per read) has no signature: it answers to the annotation of the property it
    overrides, further up the class's bases.
    """
    try:
        return inspect.signature(getter).return_annotation
    except ValueError:
        for base in cls.__mro__[1:]:
            inherited = vars(base).get(name)
            if isinstance(inherited, property) and inherited.fget is not None:
                return _getter_annotation(base, name, inherited.fget)
        raise


def _describe_member(cls: type, name: str, raw: object) -> str:
    if isinstance(raw, classmethod):
        return f"  classmethod {name}{signature_text(raw.__func__)}"
    if isinstance(raw, staticmethod):
        return f"  staticmethod {name}{signature_text(raw.__func__)}"
    if isinstance(raw, property):
        returns = ""
        if raw.fget is not None:
            annotation = _getter_annotation(cls, name, raw.fget)
            if annotation is not inspect.Signature.empty:
                returns = f": {normalize_annotation(annotation)}"
        return f"  property {name}{returns}"
    if inspect.isfunction(raw):
        return f"  method {name}{signature_text(raw)}"
    text = f"  attribute {name}{_annotation(cls, name)}"
    if raw is _MISSING or isinstance(raw, types.MemberDescriptorType):
        return text
    return f"{text} = {normalize_value(raw)}"


def describe(name: str, value: object) -> list[str]:
    """The lines of one exported name."""
    if isinstance(value, types.GenericAlias):  # before isclass: a class on Python 3.10
        return [f"{name}: type alias {value!r}"]
    if inspect.isclass(value):
        lines = describe_class(value)
        lines[0] = f"{name}: {lines[0]}"
        return lines
    if inspect.isfunction(value) or inspect.isbuiltin(value):
        return [f"{name}: function {name}{signature_text(value)}"]
    if isinstance(value, types.ModuleType):
        return [f"{name}: module {value.__name__}"]
    if name == "__version__":
        return [f"{name}: constant str"]  # changes with every release, not part of the API
    return [f"{name}: constant {type(value).__qualname__} = {normalize_value(value)}"]


def _homes(modules: dict[str, types.ModuleType]) -> dict[int, str]:
    """Where each exported class, function or object is described: ``module.name``.

    The module that defines it when that module is in the snapshot, else the first module of
    `MODULES` that exports it. Plain data (numbers, strings) is described wherever it appears.
    """
    homes: dict[int, str] = {}
    for module_name, module in modules.items():
        for name in module.__all__:
            value = getattr(module, name)
            if isinstance(value, _PRIMITIVES) or id(value) in homes:
                continue
            defined_in = getattr(value, "__module__", None)
            if isinstance(defined_in, str) and defined_in in modules and defined_in != module_name:
                home = modules[defined_in]
                for home_name in home.__all__:
                    if getattr(home, home_name) is value:
                        homes[id(value)] = f"{defined_in}.{home_name}"
                        break
                else:
                    homes[id(value)] = f"{module_name}.{name}"
            else:
                homes[id(value)] = f"{module_name}.{name}"
    return homes


def render() -> str:
    """The snapshot text of the current public API."""
    modules = {name: importlib.import_module(name) for name in MODULES}
    homes = _homes(modules)
    out = [
        "# The public API of cardgames. Generated by tests/test_api_snapshot.py: do not edit.",
        "# Regenerate deliberately with `python tests/test_api_snapshot.py --update`.",
    ]
    for module_name, module in modules.items():
        out += ["", f"## {module_name}"]
        for name in sorted(module.__all__):
            value = getattr(module, name)
            home = homes.get(id(value))
            if home is not None and home != f"{module_name}.{name}":
                out.append(f"{name} = {home}")
            else:
                out += describe(name, value)
    return "\n".join(out) + "\n"


def diff(expected: str, actual: str) -> str:
    lines = difflib.unified_diff(
        expected.splitlines(keepends=True),
        actual.splitlines(keepends=True),
        fromfile="tests/data/api_snapshot.txt (recorded)",
        tofile="the current API",
    )
    return "".join(lines)


# ----------------------------------------------------------------------------- the tests


def _compiled() -> bool:
    """Whether the installed engine is the mypyc-compiled one (the binary wheel)."""
    from importlib.machinery import EXTENSION_SUFFIXES

    import cardgames.shedding.engine

    return cardgames.shedding.engine.__file__.endswith(tuple(EXTENSION_SUFFIXES))


@pytest.mark.skipif(
    _compiled(),
    reason="compiled classes do not keep their annotated signatures; the snapshot is checked "
    "against the Python sources (the editable test runs)",
)
def test_public_api_matches_the_snapshot() -> None:
    actual = render()
    expected = SNAPSHOT.read_text(encoding="utf-8") if SNAPSHOT.exists() else ""
    if actual != expected:
        pytest.fail(f"The public API changed:\n\n{diff(expected, actual)}\n{UPDATE_HINT}")


@pytest.mark.parametrize("module_name", MODULES)
def test_every_exported_name_exists(module_name: str) -> None:
    module = importlib.import_module(module_name)
    missing = [name for name in module.__all__ if not hasattr(module, name)]
    assert not missing, f"{module_name}.__all__ names missing attributes: {missing}"
    assert len(set(module.__all__)) == len(module.__all__), f"{module_name}.__all__ repeats"


def test_the_snapshot_holds_no_address_or_version() -> None:
    text = render()
    assert " at 0x" not in text
    assert "__version__: constant str\n" in text
    import cardgames

    assert cardgames.__version__ not in text


def test_normalizer_is_stable_for_enums_and_objects() -> None:
    from cardgames.cards import Suit

    assert normalize_value(Suit.HEARTS) == "Suit.HEARTS"
    assert normalize_value((Suit.HEARTS,)) == "(Suit.HEARTS,)"
    assert normalize_value({"a": 1}) == "<dict with keys 'a'>"
    assert normalize_value(lambda: 0).startswith(f"{__name__}.")

    def f(a: int, *, b: Suit = Suit.SPADES) -> str:
        return ""

    assert signature_text(f) == "(a: int, *, b: Suit = Suit.SPADES) -> str"


# ----------------------------------------------------------------------------- the script


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Check or update the public API snapshot.")
    parser.add_argument("--update", action="store_true", help=f"rewrite {SNAPSHOT.name}")
    args = parser.parse_args(argv)
    actual = render()
    expected = SNAPSHOT.read_text(encoding="utf-8") if SNAPSHOT.exists() else ""
    if args.update:
        SNAPSHOT.parent.mkdir(parents=True, exist_ok=True)
        SNAPSHOT.write_text(actual, encoding="utf-8")
        print(f"wrote {SNAPSHOT} ({'changed' if actual != expected else 'unchanged'})")
        if actual != expected:
            print("Now record the API change in CHANGELOG.md.")
        return 0
    if actual == expected:
        print("the public API matches the snapshot")
        return 0
    print(diff(expected, actual))
    print(UPDATE_HINT)
    return 1


if __name__ == "__main__":
    raise SystemExit(main())
