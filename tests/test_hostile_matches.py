"""Matches under attack: `Game.new_match`, ``Match.add_round``/``record``, match documents.

Each property tries to break one promise of the score sheets of every game the way a hostile
caller would:

- any call on a match, with arguments of any type, answers or raises a documented
  `CardGamesError`, and leaves the match as it was (it is a frozen value);
- a ``cardgames.match`` document that its JSON Schema accepts loads, or is refused with an
  `InvalidStateError`; one that loads writes a document the schema accepts, loads again as the
  same match, and deals its next round;
- a refused value gets the typed error even when it has no ``repr`` (an integer of more digits
  than Python writes, an object whose ``__repr__`` raises, a list nested too deeply);
- a match holds only plain values: no subclass of ``str`` among the names, of ``int`` among the
  points (their comparisons may lie, and the document they write would not load).
"""

from __future__ import annotations

import contextlib
import json
import random
from collections.abc import Callable
from typing import Any

import jsonschema  # type: ignore[import-untyped]  # ships no type information
import pytest
from hypothesis import given
from hypothesis import strategies as st

import cardgames
from cardgames import CardGamesError, crazy_eights, huit_americain, planets
from cardgames.cards import DeckKind
from cardgames.errors import InvalidArgumentError, InvalidRulesError, InvalidStateError
from cardgames.game import Match, find_game, name_key, player_names
from cardgames.history import GameLog
from hostile_support import HOSTILE, hostile_values

GAMES = ("crazy-eights", "huit-americain", "planets")


class _LyingInt(int):
    """An int that says it lies within every range."""

    def __le__(self, other: object) -> bool:
        return True

    def __ge__(self, other: object) -> bool:
        return True


class _LyingStr(str):
    """A name that equals every name and whose checks always pass."""

    __hash__ = str.__hash__

    def __eq__(self, other: object) -> bool:
        return True

    def strip(self, chars: str | None = None) -> str:
        return "x"

    def isprintable(self) -> bool:
        return True


class _NoRepr:
    def __repr__(self) -> str:
        raise RuntimeError("no repr")


def _deep() -> list[Any]:
    root: list[Any] = []
    node = root
    for _ in range(100_000):
        node.append([])
        node = node[0]
    return root


def _played(match: Match, bound: int = 3_000) -> Any:
    """The next round of ``match`` after at most ``bound`` seeded random legal moves."""
    state = match.deal()
    chooser = random.Random(len(match.rounds))
    for _ in range(bound):
        if state.is_over:
            break
        moves = state.legal_moves()
        state = state.apply(moves[chooser.randrange(len(moves))])
    return state


# -- regressions ---------------------------------------------------------------------------


def test_name_key_refuses_what_is_not_text() -> None:
    for value in (5, None, b"Lea", ["Lea"], _NoRepr()):
        with pytest.raises(InvalidArgumentError):
            name_key(value)  # type: ignore[arg-type]
    assert name_key(_LyingStr("LÉA")) == "léa"
    assert type(name_key(_LyingStr("léa"))) is str


@pytest.mark.parametrize("name", GAMES)
def test_a_name_of_a_str_subclass_is_checked_and_kept_as_a_plain_str(name: str) -> None:
    """A subclass of str whose methods lie got a control character into a state."""
    game = find_game(name)
    with pytest.raises(InvalidRulesError, match="printable"):
        game.new_game(["Léa", _LyingStr("\x00")], seed=1)
    with pytest.raises(InvalidRulesError, match="printable"):
        game.new_match(["Léa", _LyingStr("\x00")])
    state = game.new_game(["Léa", _LyingStr("Tom")], seed=1)
    match = game.new_match(["Léa", _LyingStr("Tom")])
    cls: Any = type(match)
    direct = cls(match.rules, ("Léa", _LyingStr("Tom")))
    for players in (state.players, match.players, direct.players):
        assert [type(p) for p in players] == [str, str]
    assert player_names(["A", _LyingStr("B")], game) == ("A", "B")
    assert game.new_match(["Léa", "Tom"]) != game.new_match(["Léa", _LyingStr("Sam")])


@pytest.mark.parametrize("name", GAMES)
def test_points_of_an_int_subclass_are_refused(name: str) -> None:
    """An int subclass whose comparisons lie got 10**30 points into a match, whose document
    then did not load."""
    match = find_game(name).new_match(["Léa", "Tom"])
    cls: Any = type(match)
    for value in (_LyingInt(10**30), _LyingInt(3)):
        with pytest.raises(InvalidRulesError, match="points"):
            match.add_round([value, 0])
        with pytest.raises(InvalidRulesError, match="points"):
            match.add_round({"Léa": value})
        with pytest.raises(InvalidRulesError, match="points"):
            cls(match.rules, match.players, ((value, 0),))
    assert match.rounds == ()


@pytest.mark.parametrize("name", GAMES)
def test_add_round_by_name_matches_names_as_players_are_told_apart(name: str) -> None:
    """Names that are one name to `player_names` (case, accents precomposed or not) are one
    name to ``add_round`` too, as they are to ``add_hands`` and to the score command."""
    match = find_game(name).new_match(["Léa", "Tom"], rounds=3)
    by_name = match.add_round({"LÉA": 7, "tom": 2})
    assert by_name.rounds == ((7, 2),)
    assert match.add_round({"Le\u0301a": 7}).rounds == ((7, 0),)
    with pytest.raises(InvalidRulesError, match="named twice"):
        match.add_round({"Léa": 1, "LÉA": 2})
    with pytest.raises(InvalidRulesError, match="unknown"):
        match.add_round({"Léo": 1})
    with pytest.raises(InvalidRulesError, match="unknown"):
        match.add_round({1: 1})  # type: ignore[dict-item]
    assert match.rounds == ()


@pytest.mark.parametrize("game", ["crazy-eights", "huit-americain"])
def test_a_shedding_match_refuses_rules_that_cannot_deal_its_players(game: str) -> None:
    """Such a match was made and loaded, and then every `deal` failed."""
    rules = find_game(game).rules_type(hand_size=20, decks=1)
    with pytest.raises(InvalidRulesError, match="hand_size"):
        find_game(game).new_match(7, rules)
    with pytest.raises(InvalidRulesError, match="hand_size"):
        find_game(game).match_type.new(7, rules)  # type: ignore[union-attr]
    assert find_game(game).new_match(2, rules).deal().players == ("Player 1", "Player 2")
    document = json.loads(find_game(game).new_match(7).to_json())
    document["data"]["rules"].update({"hand_size": 20, "decks": 1})
    with pytest.raises(InvalidStateError) as caught:
        find_game(game).match_from_json(json.dumps(document))
    assert caught.value.path == "/data/rules/hand_size"
    piquet = crazy_eights.Rules(deck=DeckKind.PIQUET_32, hand_size=20, decks=1)
    with pytest.raises(InvalidRulesError, match="32 cards"):
        crazy_eights.Match.new(2, piquet)


def test_a_planet_rules_option_refused_for_the_players_is_named_in_the_rules() -> None:
    document = json.loads(planets.Match.new(2).to_json())
    document["data"]["rules"]["first_commander"] = 4
    with pytest.raises(InvalidStateError) as caught:
        planets.Match.from_json(json.dumps(document))
    assert caught.value.path == "/data/rules/first_commander"


class _ForgedRules:
    """Rules of no game whose ``game_name`` raises when read."""

    @property
    def game_name(self) -> str:
        raise RuntimeError("read")


@pytest.mark.parametrize("name", GAMES)
def test_new_match_refuses_forged_rules_without_reading_them(name: str) -> None:
    """``new_match`` read ``rules.game_name`` first: a property that raises got through."""
    for rules in (_ForgedRules(), object(), "default", planets.Rules(), huit_americain.Rules()):
        if find_game(name).rules_type is type(rules):
            continue
        with pytest.raises(InvalidRulesError, match="rules"):
            find_game(name).new_match(2, rules)


_WITHOUT_REPR: dict[str, Callable[[], object]] = {
    "huge": lambda: 10**5000,
    "negative huge": lambda: -(10**5000),
    "raising repr": _NoRepr,
    "deep": _deep,
}

_CALLS: dict[str, Callable[[Any], object]] = {
    "add_round": lambda v: crazy_eights.Match.new(2).add_round([v, 0]),
    "add_round by name": lambda v: planets.Match.new(["A", "B"]).add_round({"A": v}),
    "match seed": lambda v: planets.Match.new(2, seed=v),
    "new_match rounds": lambda v: find_game("crazy-eights").new_match(2, rounds=v),
    "new_match games": lambda v: find_game("planets").new_match(2, rounds=v),
    "new_match players": lambda v: find_game("huit-americain").new_match(["A", v]),
    "record": lambda v: huit_americain.Match.new(2).record(v),
    "entries": lambda v: GameLog.start(crazy_eights.GAME, 2, seed=1).entries(v),
    "find_game": find_game,
    "schema": lambda v: cardgames.schema("match", v),
    "rules option": lambda v: crazy_eights.Rules(hand_size=v),
    "rules replace": lambda v: planets.Rules().replace(max_turns=v),
    "legal_moves": lambda v: planets.new_game(2, seed=1).legal_moves(v),
    "name_key": name_key,
}


@pytest.mark.parametrize("call", sorted(_CALLS))
@pytest.mark.parametrize("value", sorted(_WITHOUT_REPR))
def test_a_value_without_a_repr_is_refused_with_the_typed_error(call: str, value: str) -> None:
    """Building the message of the typed error raised ValueError for an integer of more than
    4,300 digits (and whatever a caller's ``__repr__`` raised)."""
    with pytest.raises(CardGamesError) as caught:
        _CALLS[call](_WITHOUT_REPR[value]())
    assert len(str(caught.value)) < 1_000


# -- properties ----------------------------------------------------------------------------


def _matches() -> list[Match]:
    found: list[Match] = []
    for name in GAMES:
        game = find_game(name)
        match = game.new_match(["Léa", "Tom", "Sam"], seed=5, rounds=3)
        found += [match, match.add_round([3, 0, 1])]
        found.append(match.add_round([0, 0, 0]).add_round([1, 2, 3]).add_round([9, 9, 0]))
    return found


MATCHES = _matches()

_MATCH_CALLS: dict[str, Callable[[Match, Any], object]] = {
    "add_round": lambda m, v: m.add_round(v),
    "add_round row": lambda m, v: m.add_round([v, 0, 0]),
    "add_round by name": lambda m, v: m.add_round({"Léa": v}),
    "add_round names": lambda m, v: m.add_round({v: 1}) if isinstance(v, str) else None,
    "record": lambda m, v: m.record(v),
    "deal seed": lambda m, v: m.deal(seed=v),
    "new_match rounds": lambda m, v: find_game(m.rules.game_name).new_match(2, rounds=v),
    "new_match seed": lambda m, v: find_game(m.rules.game_name).new_match(2, seed=v),
    "new_match players": lambda m, v: find_game(m.rules.game_name).new_match(v),
    "new_match rules": lambda m, v: find_game(m.rules.game_name).new_match(2, v),
    "match_from_json": lambda m, v: find_game(m.rules.game_name).match_from_json(v),
}


@HOSTILE
@given(
    match=st.sampled_from(MATCHES),
    call=st.sampled_from(sorted(_MATCH_CALLS)),
    value=hostile_values(),
)
def test_any_call_on_a_match_answers_or_is_refused_and_changes_nothing(
    match: Match, call: str, value: Any
) -> None:
    text = match.to_json()
    with contextlib.suppress(CardGamesError):
        _MATCH_CALLS[call](match, value)
    assert match.to_json() == text
    assert find_game(match.rules.game_name).match_from_json(text) == match


def _from_schema(node: dict[str, Any], root: dict[str, Any]) -> st.SearchStrategy[Any]:
    """Values a JSON Schema accepts, for the keywords the match schemas use."""
    if "$ref" in node:
        return _from_schema(root["$defs"][node["$ref"].rsplit("/", 1)[1]], root)
    if "const" in node:
        return st.just(node["const"])
    if "enum" in node:
        return st.sampled_from(node["enum"])
    kind = node.get("type")
    if isinstance(kind, list):
        return st.one_of([_from_schema({**node, "type": one}, root) for one in kind])
    if kind == "null":
        return st.none()
    if kind == "boolean":
        return st.booleans()
    if kind == "integer":
        low = node.get("minimum", node.get("exclusiveMinimum", -(2**70) - 1) + 1)
        high = node.get("maximum", node.get("exclusiveMaximum", 2**70 + 1) - 1)
        return st.one_of(st.integers(low, high), st.sampled_from([low, high]))
    if kind == "string":
        if "pattern" in node:
            return st.from_regex(node["pattern"], fullmatch=True)
        printable = st.characters(codec="utf-8", categories=("L", "M", "N", "P", "S", "Zs"))
        return st.one_of(st.text(max_size=8), st.text(printable, min_size=1, max_size=8))
    if kind == "array":
        items = _from_schema(node["items"], root)
        return st.lists(items, min_size=node.get("minItems", 0), max_size=node.get("maxItems", 8))
    assert kind == "object", node
    properties = node["properties"]
    required = set(node.get("required", ()))
    return st.fixed_dictionaries(
        {key: _from_schema(value, root) for key, value in properties.items() if key in required},
        optional={
            key: _from_schema(value, root)
            for key, value in properties.items()
            if key not in required
        },
    )


_SCHEMAS = {name: cardgames.schema("match", name) for name in GAMES}
_DOCUMENTS = {name: _from_schema(schema, schema) for name, schema in _SCHEMAS.items()}


@HOSTILE
@given(name=st.sampled_from(GAMES), data=st.data())
def test_a_document_the_schema_accepts_loads_soundly_or_is_refused(name: str, data: Any) -> None:
    schema = _SCHEMAS[name]
    document = data.draw(_DOCUMENTS[name], label="document")
    if data.draw(st.booleans(), label="coherent"):
        # Most drawn documents are refused for their names or row lengths: make some coherent.
        fields = document["data"]
        count = len(fields["players"])
        fields["players"] = [f"P{seat}" for seat in range(count)]
        fields["rounds"] = [(row + [0] * count)[:count] for row in fields["rounds"]]
    jsonschema.validate(document, schema)
    game = find_game(name)
    try:
        match = game.match_from_json(json.dumps(document, ensure_ascii=False))
    except InvalidStateError:
        return
    written = match.to_json()
    jsonschema.validate(json.loads(written), schema)
    assert game.match_from_json(written) == match
    if match.is_over:
        return
    state = _played(match)  # every match that loads deals its next round
    if not state.is_over:
        return
    after = match.record(state)
    jsonschema.validate(json.loads(after.to_json()), schema)
    assert game.match_from_json(after.to_json()) == after


def test_a_shedding_match_refuses_a_dealer_beyond_its_seats() -> None:
    """As `new_game` does: the rules' dealer must be one of the match's seats."""
    rules = cardgames.find_game("crazy-eights").default_rules.replace(dealer=3)
    with pytest.raises(InvalidRulesError) as info:
        cardgames.find_game("crazy-eights").new_match(3, rules)
    assert info.value.option == "dealer"
    match = cardgames.find_game("crazy-eights").new_match(4, rules)
    assert match.round_rules().dealer == 3
