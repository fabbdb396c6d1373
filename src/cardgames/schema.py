"""JSON Schemas (draft 2020-12) of every document the library writes, generated from its types.

`schema` returns the schema of one document kind of one game: ``"state"``, ``"view"``,
``"move"``, ``"rules"``, ``"record"``, ``"infostate"`` or ``"match"`` (events appear inside
states and views; an information state, `cardgames.infostate.InfoState`, holds a seat and the
data of every view it saw; a match is the game's ``Match``, `cardgames.game.Match`). It is built from the very declarations the loaders of `cardgames.codec` read, so the
two cannot drift:

- the envelope: ``{"format": "cardgames.<kind>", "version": 1, "game": <the game's name>,
  "data": ...}`` with exactly these four keys;
- an attrs class (a state or view document, an outcome, a gathering, the rules...) is an object
  with one property per field, the fields without a default ``required``, and no other key
  (``additionalProperties: false``); its docstring gives the descriptions;
- moves and events are ``oneOf`` their classes, told apart by the ``"type"`` tag (a ``const``
  per class); a move or event field holds the classes the game declares (`Game.move_types`,
  `Game.event_types`);
- ``tuple[X, ...]`` is an array of ``X``; a fixed-length tuple an array with ``prefixItems``;
  ``X | None`` also allows ``null``; ``int`` is an integer strictly between ``-2**64`` and
  ``2**64`` (the codec's range), narrowed by an option's ``minimum`` and ``maximum``;
- values written as text are strings: a `Card` one of the 53 texts (``"8H"``, ``"10S"``,
  ``"JOKER"``), a `Suit` its English name, a `Rank` its letter, any other enum one of its values,
  a planet card one of its nine names, an effects table and a score table a ``pattern`` of the
  text the library writes;
- what a loader reads beyond the annotations is mirrored: the ``rules`` of a state, view or
  record are the game's rules, ``players`` holds from `Game.min_players` to `Game.max_players`
  names of at most 100 characters, a view's ``game`` is the game's name, a record's ``deck``
  holds the game's card texts, and the planet game's lists are bounded as its loader bounds
  them;
- what only a game's loaders know (the class its state document is read into, the bounds of its
  lists, the schemas of its text-coded values, the bounds of its match's fields), the game
  brings as `SchemaParts` under the capability `SCHEMAS` (the built-in games' are
  `cardgames.shedding.schemas` and `cardgames.planets.schemas`); a game that brings none has
  every schema but the state document's;
- an information state's ``data`` is ``{"seat": ..., "views": [...]}``: the seat one of the
  game's seats, and from one to a million views, each the ``data`` of a view document of that
  game whose ``viewer`` is a seat (never a spectator's).

**What a schema promises.** Every document the library writes is valid. A document that the
loader refuses for a reason of type or shape (a wrong type, a missing or unknown key, an unknown
tag, a card text that is not a card, a list too long) is invalid. A valid document may still be
refused by the loader for what it *means* (cards created or lost, a seat that does not exist, an
impossible phase, options that contradict each other; in an information state, views of another
seat, players or rules, or views that are not one move apart): only the loader checks that. Two limits
of JSON Schema itself: ``1.0`` counts as the integer ``1`` (the loader refuses it), and the
schema accepts only the spellings the library writes where the loader also reads others
(``"8h"``, ``"Saturne"``, ``"8:wild,2:draw2"``).

The same schemas are shipped in the package as ``cardgames/schemas/<game>.<kind>.json`` (read
them with `importlib.resources`), and listed in the documentation.

`cardgames.schema` (the name in the package) is the function; import the module's other names
from the module itself: ``from cardgames.schema import KINDS``.

Examples:
    >>> from cardgames.schema import schema  # also cardgames.schema
    >>> move = schema("move", "crazy eights")
    >>> move["properties"]["format"], move["properties"]["game"]
    ({'const': 'cardgames.move'}, {'const': 'crazy-eights'})
    >>> [variant["$ref"] for variant in move["$defs"]["Move"]["oneOf"]][:2]
    ['#/$defs/PlayCard', '#/$defs/Draw']
    >>> move["$defs"]["PlayCard"]["properties"]["card"]
    {'$ref': '#/$defs/Card', 'description': 'The card.'}
    >>> schema("rules", "planets")["$defs"]["Rules"]["properties"]["draw_count"]
    ... # doctest: +NORMALIZE_WHITESPACE
    {'type': 'integer', 'minimum': 1, 'maximum': 3, 'default': 3,
     'description': 'Cards the Commander draws: 3 (keep, give, put back), 2 (keep, give) or 1 (keep).'}
"""  # noqa: E501  (a doctest output line cannot be wrapped)

from __future__ import annotations

import copy
import enum
import functools
import inspect
import re
import types
import typing
from collections.abc import Callable, Mapping
from typing import Any, Final

import attrs

from cardgames.cards import Card, DeckKind, Rank, Suit, make_deck
from cardgames.codec import FORMAT_VERSION, MAX_DOCUMENT_INT, type_hints
from cardgames.errors import InvalidArgumentError, MissingCapabilityError
from cardgames.game import MAX_NAME_CHARS, Capability, Event, Game, Move, find_game

__all__ = ["DRAFT", "KINDS", "SCHEMAS", "JsonSchema", "SchemaParts", "schema"]

KINDS = ("state", "view", "move", "rules", "record", "infostate", "match")
"""The document kinds that have a schema, in the order the documentation lists them."""

DRAFT = "https://json-schema.org/draft/2020-12/schema"
"""The JSON Schema dialect of every schema (the value of its ``$schema`` keyword)."""

JsonSchema = dict[str, Any]
"""A JSON Schema, as plain data."""


def schema(kind: str, game: str | Game[Any]) -> JsonSchema:
    """The JSON Schema (draft 2020-12) of one kind of document of one game.

    Args:
        kind: ``"state"``, ``"view"``, ``"move"``, ``"rules"``, ``"record"``,
            ``"infostate"`` or ``"match"``.
        game: The game: a name or alias, as `cardgames.find_game` reads it, or a registered
            `Game` descriptor.

    Returns:
        A new dict each call (change it at will), ready for ``json.dumps`` and for any
        draft 2020-12 validator.

    Raises:
        InvalidArgumentError: for a ``kind`` that is not one of `KINDS`, a `Game` that is not
            the registered one, or ``"match"`` of a game without matches.
        MissingCapabilityError: for ``"state"`` of a game that does not tell its state
            document (`SchemaParts.state_document`, under the capability `SCHEMAS`).
        UnknownGameError: for a name no game answers to.

    Examples:
        >>> state = schema("state", "8 américain")
        >>> state["$schema"], state["title"]
        ('https://json-schema.org/draft/2020-12/schema', '8 Américain (huit-americain): state document')
        >>> state["$defs"]["Card"]["enum"][:3], state["$defs"]["Card"]["enum"][-1]
        (['2C', '3C', '4C'], 'JOKER')
        >>> schema("board", "planets")
        Traceback (most recent call last):
        ...
        cardgames.errors.InvalidArgumentError: invalid argument kind='board': expected one of state, view, move, rules, record, infostate, match
    """  # noqa: E501  (a doctest output line cannot be wrapped)
    if type(kind) is not str or kind not in KINDS:  # a str subclass never reaches the cache
        raise InvalidArgumentError("kind", kind, f"expected one of {', '.join(KINDS)}")
    if isinstance(game, Game):
        registered = find_game(game.name)
        if registered is not game:
            raise InvalidArgumentError("game", game, "expected a registered game or its name")
    else:
        registered = find_game(game)  # UnknownGameError for anything else
    return copy.deepcopy(_schema(kind, registered))


@functools.lru_cache(maxsize=64)
def _schema(kind: str, game: Game[Any]) -> JsonSchema:
    builder = _Builder(game)
    if kind == "state":
        data = builder.document(
            *_state_document(game),
            description=(
                "The whole position, hidden cards and the random generator's state included: "
                "keep it on the server, never send it to a player."
            ),
        )
    elif kind == "view":
        data = builder.document(game.view_type, _parts(game).view_sizes)
    elif kind == "move":
        data = builder.union(Move)
    elif kind == "rules":
        data = builder.rules()
    elif kind == "infostate":
        data = builder.infostate()
    elif kind == "match":
        data = builder.match()
    else:
        from cardgames.records import GameRecord, RecordDocument

        data = builder.document(
            RecordDocument,
            {},
            card_lists=("deck",),
            described_by=GameRecord,
            description="A played game: how it was dealt, its moves and its result; it replays.",
        )
    return {
        "$schema": DRAFT,
        "title": f"{game.title} ({game.name}): {kind} document",
        "description": (
            f"A {kind} document of {game.title}, version {FORMAT_VERSION}, as written by "
            f"cardgames (generated from the declarations its loader reads)."
        ),
        "type": "object",
        "properties": {
            "format": {"const": f"cardgames.{kind}"},
            "version": {"const": FORMAT_VERSION},
            "game": {"const": game.name},
            "data": data,
        },
        "required": ["format", "version", "game", "data"],
        "additionalProperties": False,
        "$defs": builder.defs,
    }


# -- what a game brings ------------------------------------------------------------------------


def _read_only(mapping: Mapping[Any, Any]) -> Mapping[Any, Any]:
    """A read-only copy of ``mapping``: the parts belong to their game alone."""
    return types.MappingProxyType(dict(mapping))


@attrs.frozen
class SchemaParts:
    """What a game brings to its JSON Schemas beyond what its descriptor tells.

    The descriptor (`Game`) gives the rules, move, event and view classes; the loaders of the
    game read a few things more, which its schemas mirror. A game declares them under the
    capability `SCHEMAS`; one that declares none gets ``SchemaParts()``: every kind of document
    but the state's is then built from the descriptor alone.

    Attributes:
        state_document: The attrs class the game's state loader decodes ``data`` into
            (``None``: the state document has no schema, and asking for it raises
            `MissingCapabilityError`).
        state_sizes: The most items of each list of a state document, by field then nesting
            level.
        view_sizes: The same for a view document.
        text_schemas: The schema of each text-coded value type the game declares (one whose
            class sets ``text_coded``), made on demand; a type not listed is a string described
            by its docstring (or an enum of its texts).
        match_fields: Bounds of integer fields of the game's ``Match`` beyond ``rounds``, by
            field (each keeps the description its docstring gives).

    Examples:
        >>> parts = find_game("planets").capability(SCHEMAS)
        >>> parts.state_sizes["stock"], dict(parts.match_fields)
        ((104,), {'games': {'type': 'integer', 'minimum': 1, 'maximum': 100}})
    """

    state_document: type | None = None
    state_sizes: Mapping[str, tuple[int, ...]] = attrs.field(factory=dict, converter=_read_only)
    view_sizes: Mapping[str, tuple[int, ...]] = attrs.field(factory=dict, converter=_read_only)
    text_schemas: Mapping[type, Callable[[], JsonSchema]] = attrs.field(
        factory=dict, converter=_read_only
    )
    match_fields: Mapping[str, JsonSchema] = attrs.field(factory=dict, converter=_read_only)


SCHEMAS: Final = Capability[SchemaParts](
    "schemas",
    "the parts of its JSON Schema documents that its descriptor does not tell",
    default=lambda game: SchemaParts(),
)
"""The capability key of `SchemaParts` (default: none, so no state document schema)."""


def _parts(game: Game[Any]) -> SchemaParts:
    return game.capability(SCHEMAS)


def _state_document(game: Game[Any]) -> tuple[type, Mapping[str, tuple[int, ...]]]:
    """The class a game's state loader decodes ``data`` into, and the bounds of its lists."""
    parts = _parts(game)
    if parts.state_document is None:
        raise MissingCapabilityError(game.name, SCHEMAS.name, "the schema of its state document")
    return parts.state_document, parts.state_sizes


def _card_type(game: Game[Any]) -> type:
    """The game's card type, found as `cardgames.records` finds it: from a fresh deal."""
    probe = game.new_game(game.min_players, seed=0)
    return type(probe.all_cards()[0])


# -- text-coded values ---------------------------------------------------------------------------


def _card_texts() -> list[str]:
    return [str(card) for card in sorted(set(make_deck(DeckKind.JOKERS_54, 1)))]


# -- the builder ---------------------------------------------------------------------------------


def _is_union(tp: Any) -> bool:
    origin = typing.get_origin(tp)
    return origin is typing.Union or origin is types.UnionType


def _nullable(inner: JsonSchema) -> JsonSchema:
    """``inner`` or ``null``."""
    simple = isinstance(inner.get("type"), str) and not {"enum", "const", "$ref"} & set(inner)
    if simple:
        return {**inner, "type": [inner["type"], "null"]}
    return {"anyOf": [inner, {"type": "null"}]}


def _plain(text: str) -> str:
    """Docstring text on one line, with Markdown code spans instead of reST literals."""
    return " ".join(text.split()).replace("``", "`")


def _summary(cls: type) -> str:
    """The first paragraph of a class's own docstring, on one line."""
    doc = cls.__dict__.get("__doc__") or ""
    return _plain(inspect.cleandoc(doc).split("\n\n")[0])


_ATTRIBUTE = re.compile(r"^(\w+)(?: \([^)]*\))?: (.*)$")


def _attribute_docs(cls: type) -> dict[str, str]:
    """Field descriptions from the ``Attributes:`` sections of a class and its bases."""
    found: dict[str, str] = {}
    for klass in cls.__mro__:
        doc = klass.__dict__.get("__doc__")
        if not isinstance(doc, str) or "Attributes:" not in doc:
            continue
        lines = inspect.cleandoc(doc).split("Attributes:", 1)[1].splitlines()
        name = None
        for line in lines[1:]:
            if not line.strip() or not line.startswith(" "):
                break
            match = _ATTRIBUTE.match(line.strip())
            if match and line.startswith("    ") and not line.startswith("     "):
                name = match.group(1)
                if name not in found:
                    found[name] = match.group(2)
                else:
                    name = None
            elif name is not None:
                found[name] += " " + line.strip()
    return found


class _Builder:
    """Builds the ``$defs`` of one game's schema, one definition per class."""

    def __init__(self, game: Game[Any]) -> None:
        self.game = game
        self.defs: dict[str, JsonSchema] = {}
        self._names: dict[tuple[object, ...], str] = {}
        self._tagged: dict[str, type] = {**game.move_types, **game.event_types}

    # definitions

    def _ref(
        self, key: tuple[object, ...], name: str, build: Callable[[], JsonSchema]
    ) -> JsonSchema:
        known = self._names.get(key)
        if known is None:
            known = name
            while known in self.defs:  # two classes of the same name: qualify the second
                known = f"{known}_"
            self._names[key] = known
            self.defs[known] = {}  # reserved first: a class may refer to itself
            self.defs[known] = build()
        return {"$ref": f"#/$defs/{known}"}

    def type_schema(self, tp: Any) -> JsonSchema:
        """The schema of a value of declared type ``tp``, as `cardgames.codec.decode` reads it."""
        if _is_union(tp):
            args = typing.get_args(tp)
            others = [a for a in args if a is not type(None)]
            if len(others) == 1:
                inner = self.type_schema(others[0])
            else:
                inner = {"anyOf": [self.type_schema(a) for a in others]}
            return _nullable(inner) if type(None) in args else inner
        if typing.get_origin(tp) is tuple:
            args = typing.get_args(tp)
            if len(args) == 2 and args[1] is Ellipsis:
                return {"type": "array", "items": self.type_schema(args[0])}
            return {
                "type": "array",
                "prefixItems": [self.type_schema(a) for a in args],
                "items": False,
                "minItems": len(args),
            }
        if tp is Any:
            return {}
        if tp is type(None):
            return {"type": "null"}
        if tp is bool:
            return {"type": "boolean"}
        if tp is int:
            return {
                "type": "integer",
                "exclusiveMinimum": -MAX_DOCUMENT_INT,
                "exclusiveMaximum": MAX_DOCUMENT_INT,
            }
        if tp is str:
            return {"type": "string"}
        if isinstance(tp, type):
            return self._class_schema(tp)
        raise TypeError(f"no schema for the declared type {tp!r}")

    def _class_schema(self, tp: type) -> JsonSchema:
        if issubclass(tp, Card):
            return self._ref(
                (Card,),
                "Card",
                lambda: {
                    "type": "string",
                    "enum": _card_texts(),
                    "description": 'A card: rank then suit letter ("8H", "10S"), or "JOKER".',
                },
            )
        if getattr(tp, "text_coded", False):
            return self._ref((tp,), tp.__name__, lambda: self._text_coded(tp))
        if issubclass(tp, Suit):
            return self._ref(
                (Suit,),
                "Suit",
                lambda: {
                    "type": "string",
                    "enum": [s.english for s in Suit],
                    "description": "A suit.",
                },
            )
        if issubclass(tp, Rank):
            return self._ref(
                (Rank,),
                "Rank",
                lambda: {
                    "type": "string",
                    "enum": [r.letter for r in Rank],
                    "description": "A rank.",
                },
            )
        if issubclass(tp, enum.Enum):
            return self._ref((tp,), tp.__name__, lambda: self._enum(tp))
        if attrs.has(tp):
            if getattr(tp, "kind", "") is None:  # a base of tagged classes (moves, events)
                return self.union(tp)
            return self._ref((tp, False), tp.__name__, lambda: self._object(tp, tagged=False))
        raise TypeError(f"no schema for the declared type {tp!r}")

    def _text_coded(self, tp: type) -> JsonSchema:
        known = _parts(self.game).text_schemas.get(tp)
        if known is not None:
            return known()
        if issubclass(tp, enum.Enum):
            return {"type": "string", "enum": [str(m) for m in tp], "description": _summary(tp)}
        return {"type": "string", "description": _summary(tp)}

    def _enum(self, tp: type[enum.Enum]) -> JsonSchema:
        values = [m.value for m in tp]
        kinds = {type(v) for v in values}
        result: JsonSchema = {}
        if kinds == {str}:
            result["type"] = "string"
        result["enum"] = values
        if _summary(tp):
            result["description"] = _summary(tp)
        return result

    def union(self, base: type) -> JsonSchema:
        """``oneOf`` the classes of the game's tables derived from ``base``, by their tag."""
        variants = [cls for cls in self._tagged.values() if issubclass(cls, base)]

        def build() -> JsonSchema:
            refs = [
                self._ref(
                    (cls, True), cls.__name__, functools.partial(self._object, cls, tagged=True)
                )
                for cls in variants
            ]
            return {"oneOf": refs, "description": _summary(base)}

        name = (
            "Move"
            if issubclass(base, Move)
            else "Event"
            if issubclass(base, Event)
            else base.__name__
        )
        return self._ref((base, "union"), name, build)

    def _object(
        self,
        cls: type,
        *,
        tagged: bool,
        overrides: Mapping[str, JsonSchema] | None = None,
    ) -> JsonSchema:
        """An attrs class as `cardgames.codec` reads it: its fields, and its tag."""
        hints = type_hints(cls)
        docs = _attribute_docs(cls)
        properties: dict[str, JsonSchema] = {}
        required: list[str] = []
        kind = getattr(cls, "kind", None)
        if isinstance(kind, str):
            properties["type"] = {"const": kind}
            if tagged:
                required.append("type")
        for field in attrs.fields(cls):
            if field.name.startswith("_") or not field.init:
                continue
            if overrides is not None and field.name in overrides:
                prop = dict(overrides[field.name])
            else:
                prop = self._field(field, hints[field.name])
            if field.default is attrs.NOTHING:
                required.append(field.name)
            if field.name in docs and "description" not in prop:
                prop["description"] = _plain(docs[field.name])
            properties[field.name] = prop
        result: JsonSchema = {"type": "object"}
        if _summary(cls):
            result["description"] = _summary(cls)
        result["properties"] = properties
        if required:
            result["required"] = required
        result["additionalProperties"] = False
        return result

    def _field(self, field: attrs.Attribute[Any], tp: Any) -> JsonSchema:
        prop = self.type_schema(tp)
        low = field.metadata.get("minimum")
        high = field.metadata.get("maximum")
        if (low is not None or high is not None) and "integer" in _types(prop):
            prop = {**prop}
            prop.pop("exclusiveMinimum", None)
            prop.pop("exclusiveMaximum", None)
            if low is not None:
                prop["minimum"] = low
            if high is not None:
                prop["maximum"] = high
        default = field.default
        if default is not attrs.NOTHING and not isinstance(default, attrs.Factory):  # type: ignore[arg-type]
            from cardgames.codec import encode

            prop = {**prop, "default": encode(default)}
        doc = field.metadata.get("doc")
        if doc:
            prop["description"] = doc
        return prop

    # documents

    def rules(self) -> JsonSchema:
        """The game's rules (every option optional: a missing one takes its default)."""
        rules_type = self.game.rules_type
        return self._ref(
            (rules_type, False), "Rules", lambda: self._object(rules_type, tagged=False)
        )

    def document(
        self,
        cls: type,
        sizes: Mapping[str, tuple[int, ...]],
        *,
        card_lists: tuple[str, ...] = (),
        described_by: type | None = None,
        description: str | None = None,
    ) -> JsonSchema:
        """The ``data`` of a state, view or record document.

        Args:
            cls: The class the loader decodes ``data`` into.
            sizes: The most items of its lists, by field then nesting level.
            card_lists: Fields declared as lists of text that the loader parses as the game's
                cards (a record's ``deck``).
            described_by: The public class whose ``Attributes:`` describe the fields (when
                ``cls`` is a private document class).
            description: What the document is, instead of ``cls``'s docstring.
        """
        hints = type_hints(cls)
        fields = {f.name: f for f in attrs.fields(cls)}
        overrides: dict[str, JsonSchema] = {}
        game = self.game
        if "rules" in fields:
            rules = self.rules()
            optional = _is_union(hints["rules"]) and type(None) in typing.get_args(hints["rules"])
            overrides["rules"] = _nullable(rules) if optional else rules
        if "players" in fields:
            overrides["players"] = {
                "type": "array",
                "items": {"type": "string", "maxLength": MAX_NAME_CHARS},
                "minItems": game.min_players,
                "maxItems": game.max_players,
            }
        if "agents" in fields:  # a record's agents' names, bounded as its loader bounds them
            names = {"type": "array", "items": {"type": "string", "maxLength": MAX_NAME_CHARS}}
            optional = _is_union(hints["agents"]) and type(None) in typing.get_args(hints["agents"])
            overrides["agents"] = _nullable(names) if optional else names
        if "game" in fields and hints["game"] is str:
            overrides["game"] = {"const": game.name}
        for name in card_lists:
            cards = {"type": "array", "items": self.type_schema(_card_type(game))}
            optional = _is_union(hints[name]) and type(None) in typing.get_args(hints[name])
            overrides[name] = _nullable(cards) if optional else cards
        for name, prop in list(overrides.items()):
            default = fields[name].default
            if default is not attrs.NOTHING:
                from cardgames.codec import encode

                overrides[name] = {**prop, "default": encode(default)}
        if described_by is not None:
            for name, text in _attribute_docs(described_by).items():
                if name in fields:
                    overrides[name] = {
                        **overrides.get(name, self._field(fields[name], hints[name]))
                    }
                    overrides[name].setdefault("description", _plain(text))
        data = self._object(cls, tagged=False, overrides=overrides)
        if description is not None:
            rest = {k: v for k, v in data.items() if k not in ("type", "description")}
            data = {"type": "object", "description": description, **rest}
        for name, limits in sizes.items():
            if name in data["properties"]:
                data["properties"][name] = _bounded(data["properties"][name], limits)
        return data

    def infostate(self) -> JsonSchema:
        """The ``data`` of an information state document: a seat and the data of its views.

        Each view is the ``data`` of the game's view document (a definition of its own), whose
        ``viewer`` must be a seat: `cardgames.infostate.InfoState.from_json` refuses a
        spectator's view. That every view is the same seat's, of the same players and rules,
        one move after the one before, only the loader checks.
        """
        from cardgames.infostate import _MAX_VIEWS

        game = self.game
        view = self._ref(
            ("infostate", "view"),
            "View",
            lambda: self.document(game.view_type, _parts(game).view_sizes),
        )
        seats = {"type": "integer", "minimum": 0, "maximum": game.max_players - 1}
        return {
            "type": "object",
            "description": (
                "Everything one seat observed since the deal: the seat and every view it "
                "saw, move by move (what a bot that remembers reads)."
            ),
            "properties": {
                "seat": {**seats, "description": "The seat whose views these are."},
                "views": {
                    "type": "array",
                    "items": {
                        **view,
                        "properties": {
                            "viewer": {**seats, "description": "The seat (never a spectator)."}
                        },
                    },
                    "minItems": 1,
                    "maxItems": _MAX_VIEWS,
                    "description": (
                        "The seat's views from the first (usually the deal's) on, one move "
                        "apart: the data of the game's view documents."
                    ),
                },
            },
            "required": ["seat", "views"],
            "additionalProperties": False,
        }

    def match(self) -> JsonSchema:
        """The ``data`` of a match document: the fields of the game's ``Match``.

        ``rounds`` holds at most the match class's ``max_rounds`` rows of one whole number of
        points per player, within its ``points_range``. Whether the rows fit the rules (no round
        after the end of the match), only the loader checks.
        """
        game = self.game
        cls = game.match_type
        if cls is None:
            raise InvalidArgumentError("game", game.name, "it has no matches")
        low, high = cls.points_range  # type: ignore[attr-defined]
        rounds: JsonSchema = {
            "type": "array",
            "items": {
                "type": "array",
                "items": {"type": "integer", "minimum": low, "maximum": high},
                "minItems": game.min_players,
                "maxItems": game.max_players,
            },
            "maxItems": cls.max_rounds,  # type: ignore[attr-defined]
        }
        data = self.document(
            cls,
            {},
            description=(
                "A match score sheet: the rules of every round, the players, each round's "
                "points by seat, and the seed its rounds are dealt from."
            ),
        )
        properties = data["properties"]
        properties["rounds"] = {**rounds, "description": properties["rounds"]["description"]}
        for name, bounds in _parts(game).match_fields.items():  # the planet game's games
            if name in properties:
                properties[name] = {**bounds, "description": properties[name]["description"]}
        for prop in properties.values():
            prop.pop("default", None)
        data["required"] = list(properties)  # the loader requires every field
        return data


def _types(prop: JsonSchema) -> list[str]:
    kind = prop.get("type")
    if isinstance(kind, str):
        return [kind]
    return list(kind) if isinstance(kind, list) else []


def _bounded(prop: JsonSchema, limits: tuple[int, ...]) -> JsonSchema:
    """``prop`` with ``maxItems`` set on its arrays, level by level."""
    if not limits:
        return prop
    if "anyOf" in prop:
        return {**prop, "anyOf": [_bounded(branch, limits) for branch in prop["anyOf"]]}
    if "array" not in _types(prop):
        return prop
    result = {**prop}
    if "maxItems" not in result and result.get("items") is not False:
        result["maxItems"] = limits[0]
    items = result.get("items")
    if isinstance(items, dict):
        result["items"] = _bounded(items, limits[1:])
    return result
