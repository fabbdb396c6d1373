"""The JSON Schemas against the loaders, from the other side: what a loader takes, the schema takes.

``test_schema.py`` checks that a document the loader refuses for its type or shape is refused by
the schema too. Here, a property: a real document of any kind of any game with one hostile
change (a key deleted or added, a value of another type, an integer at or past a bound: 2**31,
2**53, 2**63, 2**64, 10**39...) that its loader accepts is valid against its schema. A change
to another string is left out: the loaders read other spellings than the library writes
(``"8h"``, ``"Saturne"``), which the schemas do not, as docs/schemas.md says.
"""

from __future__ import annotations

import copy
import functools
import json
import random
from collections.abc import Callable, Iterator
from typing import Any

import jsonschema  # type: ignore[import-untyped]  # ships no type information
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import cardgames
from cardgames import InvalidStateError
from cardgames.game import Game
from cardgames.history import GameLog
from cardgames.infostate import InfoState
from cardgames.records import GameRecord
from cardgames.schema import KINDS, schema

GAME_NAMES = ("crazy-eights", "huit-americain", "planets")

HOSTILE_VALUES: tuple[object, ...] = (
    None,
    True,
    False,
    0,
    1,
    -1,
    7,
    1.5,
    [],
    {},
    [0],
    {"type": "draw", "player": 0},
    2**31 - 1,
    2**31,
    2**53 + 1,
    2**63 - 1,
    2**63,
    2**64,
    -(2**63) - 1,
    10**39,
)


@functools.cache
def validator(kind: str, name: str) -> Any:
    return jsonschema.Draft202012Validator(schema(kind, name))


def loader(game: Game[Any], kind: str) -> Callable[[str], object]:
    loaders: dict[str, Callable[[str], object]] = {
        "state": game.state_from_json,
        "view": game.view_from_json,
        "move": game.move_from_json,
        "rules": game.rules_from_json,
        "record": GameRecord.from_json,
        "infostate": InfoState.from_json,
        "match": game.match_from_json,
    }
    return loaders[kind]


@functools.cache
def documents(name: str, kind: str) -> tuple[str, ...]:
    """A few real documents of ``kind``: from two random games, at the deal, midway, the end."""
    game = cardgames.find_game(name)
    found: list[str] = []
    for players in (game.min_players, min(game.max_players, 4)):
        chooser = random.Random(f"{name} {players}")
        log = GameLog.start(game, players, seed=players)
        while not log.state.is_over and len(log) < 400:
            legal = log.state.legal_moves()
            log = log.push(legal[chooser.randrange(len(legal))])
        states = log.states
        picked = [states[0], states[len(states) // 2], states[-1]]
        match = game.new_match(players, seed=players)
        found += {
            "state": [state.to_json() for state in picked],
            "view": [state.view(seat).to_json() for state in picked for seat in (None, 0, 1)],
            "move": [game.move_to_json(move) for move in log.moves[:: max(1, len(log) // 6)]],
            "rules": [rules.to_json() for rules in game.presets.values()],
            "record": [log.to_record(agents=("random",) * players).to_json()],
            "infostate": [InfoState.from_states(states[:8], seat).to_json() for seat in (0, 1)],
            "match": [match.to_json(), match.record(log.state).to_json()],
        }[kind]
    return tuple(found)


def _paths(data: object, prefix: tuple[str | int, ...] = ()) -> Iterator[tuple[str | int, ...]]:
    yield prefix
    if isinstance(data, dict):
        for key, value in data.items():
            yield from _paths(value, (*prefix, key))
    elif isinstance(data, list):
        for i, value in enumerate(data):
            yield from _paths(value, (*prefix, i))


@settings(
    max_examples=100,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(
    name=st.sampled_from(GAME_NAMES),
    kind=st.sampled_from(KINDS),
    data=st.data(),
)
def test_a_document_its_loader_accepts_is_valid_against_its_schema(
    name: str, kind: str, data: st.DataObject
) -> None:
    original: dict[str, Any] = json.loads(data.draw(st.sampled_from(documents(name, kind))))
    document: dict[str, Any] = json.loads(json.dumps(original))
    paths = sorted((p for p in _paths(document) if p), key=repr)
    for _ in range(data.draw(st.integers(1, 2), label="changes")):
        path = data.draw(st.sampled_from(paths), label="path")
        try:
            parent: Any = document
            for step in path[:-1]:
                parent = parent[step]
            key: Any = path[-1]
            current = parent[key]
        except (KeyError, IndexError, TypeError):  # gone with the first change
            continue
        operation = data.draw(st.sampled_from(["replace", "delete", "add"]), label="operation")
        if operation == "delete" and isinstance(parent, (dict, list)):
            del parent[key]
        elif operation == "add" and isinstance(current, dict):
            current[data.draw(st.sampled_from(["bogus", "type", "player"]))] = 1
        elif operation == "add" and isinstance(current, list):
            current.append(copy.deepcopy(data.draw(st.sampled_from(HOSTILE_VALUES))))
        else:
            parent[key] = copy.deepcopy(data.draw(st.sampled_from(HOSTILE_VALUES), label="value"))
    text = json.dumps(document)
    try:
        loader(cardgames.find_game(name), kind)(text)
    except InvalidStateError:
        return  # refused: the schema may take it (only the loader checks what it means)
    errors = [e.message[:200] for e in validator(kind, name).iter_errors(document)]
    assert not errors, (kind, errors[:3])


@pytest.mark.parametrize("name", GAME_NAMES)
@pytest.mark.parametrize("kind", KINDS)
def test_the_documents_of_the_property_are_valid_and_load(name: str, kind: str) -> None:
    texts = documents(name, kind)
    assert texts
    for text in texts:
        assert validator(kind, name).is_valid(json.loads(text))
        loader(cardgames.find_game(name), kind)(text)


def test_a_spelling_the_loader_reads_is_what_the_property_leaves_out() -> None:
    """Another spelling of a card (`"8h"`) loads, and the schema refuses it: a documented limit."""
    name = "crazy-eights"
    document = json.loads(documents(name, "move")[0])
    assert document["data"]["type"] == "play"
    document["data"]["card"] = document["data"]["card"].lower()
    cardgames.find_game(name).move_from_json(json.dumps(document))
    assert not validator("move", name).is_valid(document)
