"""Tests of `cardgames.codec`: encoding by declared type, checked decoding, the JSON envelope.

Expected values are written by hand from the module's contract: a card as its short text, a
suit as its English name, a rank as its letter, other enums by value, tuples as lists, attrs
classes as objects (with ``"type"`` for ``kind``-tagged classes), and every decoding error an
`InvalidStateError` naming the path of the first problem.
"""

from __future__ import annotations

import enum
import json
import math
from typing import Any, ClassVar

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardgames.cards import JOKER, Card, Rank, Suit, make_deck
from cardgames.codec import FORMAT_VERSION, decode, dump_document, encode, load_document
from cardgames.errors import InvalidStateError
from cardgames.game import Event, Move
from cardgames.shedding.engine import Phase
from cardgames.shedding.moves import EVENT_TYPES, MOVE_TYPES, CardPlayed, Draw, PlayCard
from cardgames.shedding.rules import Effect, Effects

C = Card.parse

# ---------------------------------------------------------------------------------------------
# Small attrs classes declared for these tests


class Level(enum.IntEnum):
    LOW = 1
    HIGH = 2


@attrs.frozen
class Shape:
    kind: ClassVar[str | None] = None
    name: str


@attrs.frozen
class Square(Shape):
    kind: ClassVar[str | None] = "square"
    side: int = 1


@attrs.frozen
class Circle(Shape):
    kind: ClassVar[str | None] = "circle"
    radius: int


@attrs.frozen
class Label:
    """Tagged, but not a `Shape`."""

    kind: ClassVar[str | None] = "label"
    text: str


SHAPES: dict[str, type] = {"square": Square, "circle": Circle}


@attrs.frozen
class Holder:
    cards: tuple[Card, ...]
    top: Card | None = None
    count: int = attrs.field(init=False, default=0)
    _secret: int = 7


@attrs.frozen
class Positive:
    value: int

    def __attrs_post_init__(self) -> None:
        if self.value <= 0:
            raise ValueError(f"value must be positive, not {self.value}")


@attrs.frozen
class Outer:
    inner: tuple[Holder, ...]
    pair: tuple[int, str]


def problem_of(excinfo: pytest.ExceptionInfo[InvalidStateError]) -> tuple[str, str]:
    return excinfo.value.path, excinfo.value.problem


# ---------------------------------------------------------------------------------------------
# encode


def test_encode_values_by_their_kind() -> None:
    assert encode((C("8H"), Suit.SPADES, None, 3)) == ["8H", "spades", None, 3]
    assert encode(Rank.QUEEN) == "Q"
    assert encode(JOKER) == "JOKER"
    assert encode(C("10S")) == "10S"
    assert encode(Phase.AFTER_DRAW) == "after_draw"
    assert encode(Level.HIGH) == 2
    assert encode(True) is True
    assert encode(False) is False
    assert encode("é") == "é"
    assert encode(-(2**70)) == -(2**70)


def test_encode_an_int_subclass_as_a_plain_int() -> None:
    class Count(int):
        pass

    value = encode(Count(5))
    assert value == 5
    assert type(value) is int


def test_encode_sequences_as_lists() -> None:
    assert encode([C("2C"), (1, 2)]) == ["2C", [1, 2]]
    assert encode(frozenset({3})) == [3]
    assert encode(()) == []


def test_encode_text_coded_values_as_their_text() -> None:
    assert encode(Effects.parse("A:skip 8:wild")) == "8:wild A:skip"
    assert encode(Effects()) == "none"


def test_encode_attrs_classes_with_their_tag_and_public_fields() -> None:
    assert encode(Square("sq", 3)) == {"type": "square", "name": "sq", "side": 3}
    assert encode(Holder((C("8H"),), JOKER)) == {"cards": ["8H"], "top": "JOKER", "count": 0}
    assert encode(PlayCard(1, C("8H"), Suit.HEARTS)) == {
        "type": "play",
        "player": 1,
        "card": "8H",
        "suit": "hearts",
        "announce": False,
        "target": None,
    }
    assert encode(Move(0)) == {"player": 0}  # the base class has no tag


def test_encode_mappings_with_text_keys() -> None:
    assert encode({1: C("8H"), "b": (Suit.CLUBS,)}) == {"1": "8H", "b": ["clubs"]}


@pytest.mark.parametrize("value", [1.5, object(), {1, 2}, b"8H"])
def test_encode_refuses_other_values(value: object) -> None:
    with pytest.raises(TypeError, match=f"cannot encode {type(value).__name__} values"):
        encode(value)


# ---------------------------------------------------------------------------------------------
# decode: scalars


def test_decode_scalars() -> None:
    assert decode(int, 7) == 7
    assert decode(bool, False) is False
    assert decode(str, "") == ""
    assert decode(type(None), None) is None
    assert decode(Any, {"anything": [1]}) == {"anything": [1]}


def test_decode_example_from_the_docs() -> None:
    assert decode(tuple[Card, ...], ["8H", "JOKER"]) == (C("8H"), JOKER)


@pytest.mark.parametrize(
    ("tp", "data", "problem"),
    [
        (int, True, "expected an integer, got a boolean"),
        (int, False, "expected an integer, got a boolean"),
        (int, 1.0, "expected an integer, got float"),
        (int, "1", "expected an integer, got a string"),
        (int, None, "expected an integer, got null"),
        (bool, 1, "expected a boolean, got an integer"),
        (bool, "true", "expected a boolean, got a string"),
        (str, ["a"], "expected a string, got a list"),
        (str, {"a": 1}, "expected a string, got an object"),
        (type(None), 0, "expected null, got an integer"),
    ],
)
def test_decode_refuses_the_wrong_json_type(tp: Any, data: object, problem: str) -> None:
    with pytest.raises(InvalidStateError) as excinfo:
        decode(tp, data, "/data/x")
    assert problem_of(excinfo) == ("/data/x", problem)


def test_the_docs_example_of_a_refused_bool() -> None:
    with pytest.raises(InvalidStateError, match=r"^invalid document at /data/player: expected"):
        decode(int, True, "/data/player")


@pytest.mark.parametrize("value", [2**64 - 1, -(2**64) + 1, 0])
def test_decode_ints_up_to_64_bits(value: int) -> None:
    assert decode(int, value) == value


@pytest.mark.parametrize("value", [2**64, -(2**64), 10**30])
def test_decode_refuses_ints_beyond_64_bits(value: int) -> None:
    with pytest.raises(InvalidStateError) as excinfo:
        decode(int, value, "/n")
    assert problem_of(excinfo) == ("/n", f"integer {value} is out of range")


@given(st.integers())
def test_decode_int_accepts_exactly_the_open_64_bit_range(value: int) -> None:
    if -(2**64) < value < 2**64:
        assert decode(int, value) == value
    else:
        with pytest.raises(InvalidStateError, match="out of range"):
            decode(int, value)


# ---------------------------------------------------------------------------------------------
# decode: unions and tuples


def test_decode_optional() -> None:
    assert decode(int | None, None) is None
    assert decode(int | None, 4) == 4
    with pytest.raises(InvalidStateError) as excinfo:
        decode(int | None, "4", "/o")
    assert problem_of(excinfo) == ("/o", "expected an integer, got a string")


def test_decode_union_tries_each_member_in_order() -> None:
    assert decode(int | str, "x") == "x"
    assert decode(int | str, 3) == 3
    assert decode(Card | int | None, "8H") == C("8H")
    assert decode(Card | int | None, None) is None


def test_decode_union_reports_every_member_failure() -> None:
    with pytest.raises(InvalidStateError) as excinfo:
        decode(int | str, 1.5, "/u")
    assert problem_of(excinfo) == (
        "/u",
        "expected an integer, got float; expected a string, got float",
    )


def test_decode_null_for_a_union_without_none() -> None:
    with pytest.raises(InvalidStateError) as excinfo:
        decode(int | str, None, "/u")
    assert problem_of(excinfo) == (
        "/u",
        "expected an integer, got null; expected a string, got null",
    )


def test_decode_variable_length_tuples_with_item_paths() -> None:
    assert decode(tuple[int, ...], []) == ()
    assert decode(tuple[tuple[Card, ...], ...], [["8H"], [], ["2C", "3C"]]) == (
        (C("8H"),),
        (),
        (C("2C"), C("3C")),
    )
    with pytest.raises(InvalidStateError) as excinfo:
        decode(tuple[tuple[Card, ...], ...], [["8H"], ["2C", 3]], "/data/hands")
    assert problem_of(excinfo) == ("/data/hands/1/1", "expected a card as a string, got an integer")


def test_decode_fixed_length_tuples() -> None:
    assert decode(tuple[int, str], [1, "a"]) == (1, "a")
    with pytest.raises(InvalidStateError) as excinfo:
        decode(tuple[int, str], [1, "a", 2], "/p")
    assert problem_of(excinfo) == ("/p", "expected a list of 2 items, got 3")
    with pytest.raises(InvalidStateError) as excinfo:
        decode(tuple[int, int, int, int], [1, 2, 3], "/data/rng")
    assert problem_of(excinfo) == ("/data/rng", "expected a list of 4 items, got 3")
    with pytest.raises(InvalidStateError) as excinfo:
        decode(tuple[int, str], ["a", "a"], "/p")
    assert problem_of(excinfo) == ("/p/0", "expected an integer, got a string")


@pytest.mark.parametrize("data", ["8H", {"0": 1}, None, 3])
def test_decode_tuples_need_a_list(data: object) -> None:
    with pytest.raises(InvalidStateError, match="expected a list, got"):
        decode(tuple[Card, ...], data, "/t")


# ---------------------------------------------------------------------------------------------
# decode: cards, suits, ranks, enums, text-coded types


def test_decode_cards_suits_and_ranks_from_text() -> None:
    assert decode(Card, "10S") == C("10S")
    assert decode(Card, "JOKER") == JOKER
    assert decode(Suit, "hearts") is Suit.HEARTS
    assert decode(Rank, "Q") is Rank.QUEEN


@pytest.mark.parametrize(
    ("tp", "data", "problem"),
    [
        (Card, 34, "expected a card as a string, got an integer"),
        (Suit, 2, "expected a suit as a string, got an integer"),
        (Rank, 12, "expected a rank as a string, got an integer"),
        (Effects, ["8:wild"], "expected a Effects as a string, got a list"),
    ],
)
def test_decode_text_types_refuse_other_json_types(tp: Any, data: object, problem: str) -> None:
    with pytest.raises(InvalidStateError) as excinfo:
        decode(tp, data, "/v")
    assert problem_of(excinfo) == ("/v", problem)


@pytest.mark.parametrize(("tp", "text"), [(Card, "8X"), (Suit, "stars"), (Rank, "1")])
def test_decode_text_types_report_the_parse_error(tp: Any, text: str) -> None:
    with pytest.raises(InvalidStateError) as excinfo:
        decode(tp, text, "/v")
    assert excinfo.value.path == "/v"
    assert excinfo.value.problem.startswith(f"cannot parse {text!r}: expected ")


def test_decode_text_coded_types_with_their_parse_method() -> None:
    assert decode(Effects, "8:wild J:reverse") == Effects(
        {"8": Effect(wild=True), "J": Effect(reverse=True)}
    )
    with pytest.raises(InvalidStateError) as excinfo:
        decode(Effects, "8 wild", "/data/rules/effects")
    assert problem_of(excinfo) == (
        "/data/rules/effects",
        "cannot parse '8': expected FACE:EFFECT, such as 8:wild or A:draw4",
    )


def test_decode_enums_by_value() -> None:
    assert decode(Phase, "after_draw") is Phase.AFTER_DRAW
    assert decode(Level, 2) is Level.HIGH


@pytest.mark.parametrize("data", ["AFTER_DRAW", "bogus", 1, None, ["play"]])
def test_decode_enums_list_the_choices(data: object) -> None:
    with pytest.raises(InvalidStateError) as excinfo:
        decode(Phase, data, "/data/phase")
    assert problem_of(excinfo) == (
        "/data/phase",
        f"expected one of 'play', 'after_draw', 'over', got {data!r}",
    )


def test_long_problems_are_cut_to_300_characters() -> None:
    with pytest.raises(InvalidStateError) as excinfo:
        decode(Phase, "x" * 1000, "/p")
    assert len(excinfo.value.problem) == 300
    assert excinfo.value.problem.startswith("expected one of 'play', 'after_draw', 'over', got 'x")


@pytest.mark.parametrize("tp", [float, dict[str, int], list[int], bytes])
def test_decode_refuses_unsupported_types(tp: Any) -> None:
    with pytest.raises(TypeError, match="cannot decode into"):
        decode(tp, 1)


# ---------------------------------------------------------------------------------------------
# decode: attrs classes


def test_decode_attrs_classes_field_by_field() -> None:
    data = {"cards": ["8H", "2C"], "top": "JOKER"}
    assert decode(Holder, data) == Holder((C("8H"), C("2C")), JOKER)


def test_decode_attrs_uses_defaults_for_missing_optional_fields() -> None:
    assert decode(Holder, {"cards": []}) == Holder(())
    assert decode(Square, {"name": "s"}) == Square("s", 1)


def test_decode_attrs_skips_private_and_non_init_fields() -> None:
    for key in ("_secret", "secret", "count"):
        with pytest.raises(InvalidStateError) as excinfo:
            decode(Holder, {"cards": [], key: 1}, "/h")
        assert problem_of(excinfo) == ("/h", f"unknown field(s) {key!r}")


def test_decode_attrs_reports_a_missing_field_at_its_path() -> None:
    with pytest.raises(InvalidStateError) as excinfo:
        decode(Holder, {"top": None}, "/data")
    assert problem_of(excinfo) == ("/data/cards", "missing field")


def test_decode_attrs_lists_unknown_fields_sorted() -> None:
    with pytest.raises(InvalidStateError) as excinfo:
        decode(Holder, {"cards": [], "zeta": 1, "alpha": 2}, "/data")
    assert problem_of(excinfo) == ("/data", "unknown field(s) 'alpha', 'zeta'")


@pytest.mark.parametrize("data", [[], "x", None, 1])
def test_decode_attrs_needs_an_object(data: object) -> None:
    with pytest.raises(InvalidStateError, match="expected an object, got"):
        decode(Holder, data, "/h")


def test_decode_attrs_reports_a_refused_constructor_at_the_object() -> None:
    assert decode(Positive, {"value": 3}) == Positive(3)
    with pytest.raises(InvalidStateError) as excinfo:
        decode(tuple[Positive, ...], [{"value": 1}, {"value": -2}], "/data/values")
    assert problem_of(excinfo) == ("/data/values/1", "value must be positive, not -2")
    with pytest.raises(InvalidStateError) as excinfo:
        decode(Effect, {"again": True, "skip": True}, "/e")
    assert problem_of(excinfo) == (
        "/e",
        "'again' cannot be combined with draw, skip, reverse or choose",
    )


def test_decode_nested_paths() -> None:
    data = {"inner": [{"cards": []}, {"cards": ["8H", "8X"]}], "pair": [1, "a"]}
    with pytest.raises(InvalidStateError) as excinfo:
        decode(Outer, data, "/data")
    assert excinfo.value.path == "/data/inner/1/cards/1"
    data = {"inner": [], "pair": [1, 2]}
    with pytest.raises(InvalidStateError) as excinfo:
        decode(Outer, data, "/data")
    assert problem_of(excinfo) == ("/data/pair/1", "expected a string, got an integer")


# ---------------------------------------------------------------------------------------------
# decode: tagged classes


def test_tagged_base_builds_the_class_its_tag_names() -> None:
    assert decode(Shape, {"type": "circle", "name": "c", "radius": 2}, tagged=SHAPES) == Circle(
        "c", 2
    )
    assert decode(tuple[Shape, ...], [{"type": "square", "name": "s"}], tagged=SHAPES) == (
        Square("s"),
    )


@pytest.mark.parametrize("tag", [None, 3, "triangle", "Square"])
def test_tagged_base_refuses_a_missing_or_unknown_tag(tag: object) -> None:
    data: dict[str, object] = {"name": "x"}
    if tag is not None:
        data["type"] = tag
    with pytest.raises(InvalidStateError) as excinfo:
        decode(Shape, data, "/data/shapes/0", tagged=SHAPES)
    assert problem_of(excinfo) == (
        "/data/shapes/0/type",
        f"expected one of circle, square, got {tag!r}",
    )


def test_tagged_base_refuses_a_tag_naming_a_class_of_another_base() -> None:
    with pytest.raises(InvalidStateError) as excinfo:
        decode(Shape, {"type": "label", "text": "t"}, "/s", tagged={**SHAPES, "label": Label})
    assert problem_of(excinfo) == ("/s/type", "'label' is not a Shape")


def test_tagged_subclass_accepts_its_own_tag_and_refuses_another() -> None:
    assert decode(Square, {"type": "square", "name": "s", "side": 2}) == Square("s", 2)
    assert decode(Square, {"name": "s"}, tagged=SHAPES) == Square("s")
    with pytest.raises(InvalidStateError) as excinfo:
        decode(Square, {"type": "circle", "name": "s"}, "/q", tagged=SHAPES)
    assert problem_of(excinfo) == ("/q/type", "expected 'square', got 'circle'")


def test_untagged_decoding_of_a_base_keeps_type_as_an_unknown_field() -> None:
    with pytest.raises(InvalidStateError) as excinfo:
        decode(Shape, {"type": "square", "name": "s"}, "/s")
    assert problem_of(excinfo) == ("/s", "unknown field(s) 'type'")


def test_real_moves_and_events_decode_through_their_tables() -> None:
    move = PlayCard(0, C("8H"), Suit.SPADES, announce=True)
    assert decode(Move, encode(move), tagged=MOVE_TYPES) == move
    assert decode(Move, {"type": "draw", "player": 2}, tagged=MOVE_TYPES) == Draw(2)
    event = CardPlayed(1, C("2C"), False)
    assert decode(Event, encode(event), tagged=EVENT_TYPES) == event
    both: dict[str, type] = {**MOVE_TYPES, **EVENT_TYPES}
    with pytest.raises(InvalidStateError) as excinfo:
        decode(tuple[Move, ...], [encode(move), encode(event)], "/data/legal_moves", tagged=both)
    assert problem_of(excinfo) == ("/data/legal_moves/1/type", "'card_played' is not a Move")


@given(
    st.builds(
        PlayCard,
        player=st.integers(0, 19),
        card=st.sampled_from(make_deck()),
        suit=st.none() | st.sampled_from(list(Suit)),
        announce=st.booleans(),
        target=st.none() | st.integers(0, 19),
    )
)
def test_moves_round_trip_through_json(move: PlayCard) -> None:
    text = json.dumps(encode(move))
    assert decode(Move, json.loads(text), tagged=MOVE_TYPES) == move


@given(
    st.lists(st.lists(st.sampled_from((*make_deck(), JOKER)), max_size=8), max_size=5),
    st.none() | st.sampled_from(list(Suit)),
)
def test_card_structures_round_trip(hands: list[list[Card]], suit: Suit | None) -> None:
    value = (tuple(tuple(h) for h in hands), suit)
    tp = tuple[tuple[tuple[Card, ...], ...], Suit | None]
    assert decode(tp, json.loads(json.dumps(encode(value)))) == value


# ---------------------------------------------------------------------------------------------
# The envelope


def test_dump_document_writes_the_compact_envelope() -> None:
    text = dump_document("move", "huit-americain", {"player": 0, "name": "Léa"})
    assert text == (
        '{"format":"cardgames.move","version":1,"game":"huit-americain",'
        '"data":{"player":0,"name":"Léa"}}'
    )
    assert FORMAT_VERSION == 1


def test_load_document_returns_the_data_of_text_or_utf8_bytes() -> None:
    text = dump_document("state", "crazy-eights", {"players": ["Léa"]})
    assert load_document(text, "state", "crazy-eights") == {"players": ["Léa"]}
    assert load_document(text.encode(), "state", "crazy-eights") == {"players": ["Léa"]}
    assert load_document(text, "state", None) == {"players": ["Léa"]}


def test_load_document_accepts_null_data() -> None:
    assert load_document(dump_document("move", "g", None), "move", "g") is None


def envelope(**changes: object) -> str:
    document: dict[str, object] = {
        "format": "cardgames.rules",
        "version": 1,
        "game": "crazy-eights",
        "data": {},
    }
    document.update(changes)
    return json.dumps({k: v for k, v in document.items() if v is not ...})


@pytest.mark.parametrize(
    ("text", "path", "problem"),
    [
        (
            envelope(format="cardgames.state"),
            "/format",
            "expected 'cardgames.rules', got 'cardgames.state'",
        ),
        (envelope(format=...), "/format", "expected 'cardgames.rules', got None"),
        (envelope(version=2), "/version", "unsupported version 2 (this release reads 1)"),
        (envelope(version="1"), "/version", "unsupported version '1' (this release reads 1)"),
        (envelope(version=True), "/version", "unsupported version True (this release reads 1)"),
        (envelope(version=1.0), "/version", "unsupported version 1.0 (this release reads 1)"),
        (envelope(version=...), "/version", "unsupported version None (this release reads 1)"),
        (envelope(game="huit-americain"), "/game", "expected 'crazy-eights', got 'huit-americain'"),
        (envelope(game=...), "/game", "expected 'crazy-eights', got None"),
        (envelope(extra=1, more=2), "", "unknown field(s) 'extra', 'more'"),
        (envelope(data=...), "/data", "missing field"),
        ("[1, 2]", "", "expected a JSON object, got a list"),
        ('"text"', "", "expected a JSON object, got a string"),
        ("null", "", "expected a JSON object, got null"),
    ],
)
def test_load_document_checks_the_envelope(text: str, path: str, problem: str) -> None:
    with pytest.raises(InvalidStateError) as excinfo:
        load_document(text, "rules", "crazy-eights")
    assert problem_of(excinfo) == (path, problem)


def test_load_document_with_any_game() -> None:
    assert load_document(envelope(game="anything"), "rules", None) == {}


@pytest.mark.parametrize("text", ["", "{", "{'format': 1}", "[1,]", "nope"])
def test_load_document_refuses_text_that_is_not_json(text: str) -> None:
    with pytest.raises(InvalidStateError) as excinfo:
        load_document(text, "state", None)
    assert excinfo.value.path == ""
    assert excinfo.value.problem.startswith("not valid JSON (")


def test_load_document_refuses_bytes_that_are_not_utf8() -> None:
    with pytest.raises(InvalidStateError) as excinfo:
        load_document(b'{"a": "\xe9"}', "state", None)
    assert problem_of(excinfo) == ("", "not UTF-8 text (invalid continuation byte at byte 7)")


@pytest.mark.parametrize("value", [42, None, ["{}"], bytearray(b"{}")])
def test_load_document_refuses_what_is_not_text(value: Any) -> None:
    with pytest.raises(InvalidStateError) as excinfo:
        load_document(value, "state", None)
    assert problem_of(excinfo) == ("", f"expected JSON text, got {type(value).__name__}")


def test_load_document_refuses_deep_nesting_without_crashing() -> None:
    for text in ("[" * 200_000 + "]" * 200_000, '{"a":' * 200_000):
        with pytest.raises(InvalidStateError) as excinfo:
            load_document(text, "state", None)
        assert problem_of(excinfo) == ("", "document is nested too deeply")


def test_load_document_refuses_oversized_documents_before_parsing() -> None:
    text = " " * 10_000_001  # blank: it would not even parse
    with pytest.raises(InvalidStateError) as excinfo:
        load_document(text, "state", None)
    assert problem_of(excinfo) == ("", "document is larger than 10000000 characters")
    with pytest.raises(InvalidStateError, match="larger than"):
        load_document(text.encode(), "state", None)
    # Bytes too many for any decoding to fit are refused before decoding them.
    with pytest.raises(InvalidStateError) as excinfo:
        load_document(b"\xff" * 40_000_001, "state", None)
    assert problem_of(excinfo) == ("", "document is larger than 10000000 characters")


def test_load_document_at_the_size_limit_is_parsed() -> None:
    doc = envelope()
    text = doc + " " * (10_000_000 - len(doc))
    assert len(text) == 10_000_000
    assert load_document(text, "rules", "crazy-eights") == {}


json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(), inner, max_size=4),
    max_leaves=20,
)


@given(json_values, st.sampled_from(["state", "move", "view", "rules"]), st.text(max_size=20))
def test_dump_then_load_returns_the_data(data: object, kind: str, game: str) -> None:
    text = dump_document(kind, game, data)
    assert load_document(text, kind, game) == data
    assert load_document(text.encode("utf-8"), kind, None) == data


def test_nan_is_never_an_int() -> None:
    with pytest.raises(InvalidStateError, match="expected an integer, got float"):
        decode(int, math.nan)
