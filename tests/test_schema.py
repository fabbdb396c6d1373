"""The JSON Schemas: shipped as generated, valid for every document written, strict as the loaders.

The schemas shipped in ``src/cardgames/schemas/`` are what `cardgames.schema` generates; when a
declaration changes (a field, an option, a move), regenerate them::

    python tests/test_schema.py --update

Run without ``--update`` the script prints the names of the files that differ and exits with
status 1.

The tests validate thousands of real documents of random games (every game, preset, several
player counts, every kind, information states of every seat at 2 and 4 players) and check that
documents the loaders refuse for a reason of type or shape (a wrong type, a missing or unknown
key, a bad tag, a card text that is not a card, a list too long, an option out of its bounds)
are refused by the schema too.
"""

from __future__ import annotations

import argparse
import enum
import functools
import json
import random
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, ClassVar

import attrs
import jsonschema  # type: ignore[import-untyped]  # ships no type information
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cardgames
from cardgames import (
    InvalidArgumentError,
    InvalidStateError,
    MissingCapabilityError,
    UnknownGameError,
    crazy_eights,
    games,
    huit_americain,
)
from cardgames.cards import Card, Rank
from cardgames.codec import decode, encode
from cardgames.game import Game
from cardgames.history import GameLog
from cardgames.infostate import InfoState
from cardgames.planets import PlanetCard
from cardgames.records import GameRecord
from cardgames.schema import DRAFT, KINDS, SchemaParts, _Builder, _summary, schema
from cardgames.schema import SCHEMAS as SCHEMA_PARTS

SCHEMAS = Path(__file__).resolve().parent.parent / "src" / "cardgames" / "schemas"
UPDATE_HINT = "regenerate them with: python tests/test_schema.py --update"

Documents = list[tuple[str, str]]


def render(document: dict[str, Any]) -> str:
    """The text of a shipped schema file."""
    return json.dumps(document, indent=2, ensure_ascii=False) + "\n"


def library_games() -> list[Game[Any]]:
    """The games of the library (not those a test registers from outside)."""
    return [game for game in games() if game.state_type.__module__.startswith("cardgames.")]


def expected_files() -> dict[str, str]:
    """Every shipped schema file, by name, as `schema` generates it."""
    return {
        f"{game.name}.{kind}.json": render(schema(kind, game.name))
        for game in library_games()
        for kind in KINDS
    }


def stale_files() -> list[str]:
    """The names of the shipped files that are missing, different or not generated."""
    expected = expected_files()
    shipped = {path.name for path in SCHEMAS.glob("*.json")}
    names = sorted(shipped | set(expected))
    return [
        name
        for name in names
        if name not in expected
        or name not in shipped
        or (SCHEMAS / name).read_text(encoding="utf-8") != expected[name]
    ]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Check or regenerate the shipped JSON Schemas.")
    parser.add_argument("--update", action="store_true", help=f"rewrite {SCHEMAS}")
    args = parser.parse_args(argv)
    stale = stale_files()
    if args.update:
        SCHEMAS.mkdir(parents=True, exist_ok=True)
        expected = expected_files()
        for path in SCHEMAS.glob("*.json"):
            if path.name not in expected:
                path.unlink()
        for name, text in expected.items():
            (SCHEMAS / name).write_text(text, encoding="utf-8")
        print(f"wrote {len(expected)} schemas in {SCHEMAS} ({len(stale)} changed)")
        return 0
    if not stale:
        print("the shipped schemas are up to date")
        return 0
    print("stale schemas: " + ", ".join(stale))
    print(UPDATE_HINT)
    return 1


# ------------------------------------------------------------------------------ the documents


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


def bounded_rules(game: Game[Any]) -> Iterator[Any]:
    """Rules with each bounded option at its minimum and at its maximum (where allowed)."""
    base = game.default_rules
    for info in game.rules_type.options():
        for value in (info.minimum, info.maximum):
            if value is None:
                continue
            try:
                yield base.replace(**{info.name: value})
            except cardgames.InvalidRulesError:  # contradicts another option of the preset
                continue


@functools.cache
def real_documents(name: str) -> Documents:
    """Documents of random games of one game: every preset, fewest, middle and most players.

    Each game is played to its end with random legal moves; seven of its states (the deal and
    the end among them) are written with every seat's view and the spectator's, sixty of its
    moves, its record when unfinished (after forty moves) and at the end, the information state
    of three seats after a random number of moves (twelve at most), and of one seat at the end
    of the games of fewest players.
    """
    game = cardgames.find_game(name)
    found: Documents = []
    rules_list = [*game.presets.values(), *bounded_rules(game)]
    found += [("rules", rules.to_json()) for rules in rules_list]
    for index, rules in enumerate(game.presets.values()):
        middle = (game.min_players + game.max_players) // 2
        for players in sorted({game.min_players, middle, game.max_players}):
            chooser = random.Random(f"{name} {index} {players}")
            try:
                log = GameLog.start(game, players, seed=index * 10 + players, rules=rules)
            except cardgames.InvalidRulesError:  # a preset for fewer players
                continue
            while not log.state.is_over:
                legal = log.state.legal_moves()
                log = log.push(legal[chooser.randrange(len(legal))])
                if len(log) == 40:
                    found.append(("record", log.to_record().to_json()))  # unfinished
            states = log.states
            picked = [states[0], *chooser.sample(states[1:-1], min(5, len(states) - 2)), log.state]
            for state in picked:
                found.append(("state", state.to_json()))
                found += [("view", state.view(s).to_json()) for s in (None, *range(players))]
            moves = log.moves
            found += [
                ("move", game.move_to_json(m)) for m in chooser.sample(moves, min(60, len(moves)))
            ]
            found.append(("record", log.to_record(agents=("random",) * players).to_json()))
            for seat in chooser.sample(range(players), min(3, players)):
                length = chooser.randint(1, min(13, len(states)))
                found.append(("infostate", InfoState.from_states(states[:length], seat).to_json()))
            match = game.new_match(players, rules, seed=index)
            found += [("match", match.to_json()), ("match", match.record(log.state).to_json())]
            if players == game.min_players:  # a whole game (hundreds of views: a few only)
                seat = chooser.randrange(players)
                found.append(("infostate", InfoState.from_states(states, seat).to_json()))
    return found


GAME_NAMES = [game.name for game in library_games()]


@pytest.mark.parametrize("name", GAME_NAMES)
def test_every_real_document_is_valid(name: str) -> None:
    documents = real_documents(name)
    counts = {kind: sum(1 for k, _ in documents if k == kind) for kind in KINDS}
    assert min(counts.values()) >= 10, counts
    assert len(documents) >= 1000, counts
    for kind, text in documents:
        errors = list(validator(kind, name).iter_errors(json.loads(text)))
        assert not errors, (kind, [e.message[:200] for e in errors[:3]])


def test_the_shipped_schemas_are_the_generated_ones() -> None:
    assert stale_files() == [], UPDATE_HINT


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("name", GAME_NAMES)
def test_each_schema_is_a_valid_draft_2020_12_schema(name: str, kind: str) -> None:
    document = schema(kind, name)
    assert document["$schema"] == DRAFT
    jsonschema.Draft202012Validator.check_schema(document)
    assert document["properties"]["game"] == {"const": name}
    assert document["properties"]["format"] == {"const": f"cardgames.{kind}"}
    for ref in re.findall(r'"\$ref": "#/\$defs/([^"]+)"', json.dumps(document)):
        assert ref in document["$defs"]


# ------------------------------------------------------------------ what the loaders refuse

# The loaders' messages for a refusal of type or shape: the codec's (`cardgames.codec.decode`
# and `load_document`), the planet game's list bounds and the rules options' bounds. A refusal
# for what a document means (cards created, a seat that does not exist...) reads otherwise.
TYPE_OR_SHAPE = re.compile(
    r"^(?:expected (?:a list|an integer|a string|a boolean|an object|null|a JSON object)"
    r", got |expected a list of \d+ items, got \d+|integer -?\d+ is out of range"
    r"|expected (?:a card|a suit|a rank|a \w+) as a string, got |cannot parse "
    r"|expected one of .*, got |'.*' is not a \w+$|expected '[^']*', got "
    r"|missing field$|unknown field\(s\) |unsupported version |at most \d+ items, got \d+$"
    r"|must be at (?:least|most) -?\d+$|not valid JSON"
    r"|expected an object with 'seat' and 'views'$|expected a non-empty list of views$)"
)

_POOL: tuple[object, ...] = (None, True, False, 7, -1, 1.5, "x", "8X", "Pluto", [], {}, [1], 2**70)


def _paths(data: object, prefix: tuple[str | int, ...] = ()) -> Iterator[tuple[str | int, ...]]:
    yield prefix
    if isinstance(data, dict):
        for key, value in data.items():
            yield from _paths(value, (*prefix, key))
    elif isinstance(data, list):
        for i, value in enumerate(data):
            yield from _paths(value, (*prefix, i))


def _at(data: Any, path: tuple[str | int, ...]) -> Any:
    for step in path:
        data = data[step]
    return data


def mutate(document: dict[str, Any], chooser: random.Random) -> tuple[str, dict[str, Any]]:
    """A copy of ``document`` with one change of type or shape somewhere, and what it was."""
    copy: dict[str, Any] = json.loads(json.dumps(document))
    path = chooser.choice([p for p in _paths(copy) if p])
    parent, key = _at(copy, path[:-1]), path[-1]
    value = parent[key]
    operation = chooser.choice(["retype", "drop", "add", "tag", "card"])
    if operation == "drop" and isinstance(parent, dict):
        del parent[key]
    elif operation == "add" and isinstance(value, dict):
        value["bogus"] = 1
    elif operation == "tag" and isinstance(value, dict) and "type" in value:
        value["type"] = "bogus"
    elif operation == "card" and isinstance(value, str):
        parent[key] = chooser.choice(["8X", "1H", "Pluto", "", "JOKER ", value + "!"])
    else:
        operation = "retype"
        parent[key] = chooser.choice([v for v in _POOL if type(v) is not type(value)])
    return f"{operation} /{'/'.join(map(str, path))}", copy


@pytest.mark.parametrize("name", GAME_NAMES)
def test_what_the_loader_refuses_for_type_or_shape_the_schema_refuses(name: str) -> None:
    game = cardgames.find_game(name)
    chooser = random.Random(name)
    by_kind: dict[str, list[str]] = {kind: [] for kind in KINDS}
    for kind, text in real_documents(name):
        by_kind[kind].append(text)
    refused = 0
    for kind, texts in by_kind.items():
        load = loader(game, kind)
        if kind == "infostate":  # a whole game's (hundreds of views) costs a second a mutation
            texts = [text for text in texts if len(json.loads(text)["data"]["views"]) <= 13]
        for text in chooser.sample(texts, min(12, len(texts))):
            original = json.loads(text)
            for _ in range(25):
                change, document = mutate(original, chooser)
                problem = _refusal(load, document)
                if problem is not None and TYPE_OR_SHAPE.match(problem):
                    refused += 1
                    assert not validator(kind, name).is_valid(document), (kind, change, problem)
                # Otherwise loaded (the change was of no consequence: an optional key dropped...)
                # or refused for what it means, which only the loader checks.
    assert refused >= 1000


def _refusal(load: Callable[[str], object], document: dict[str, Any]) -> str | None:
    """The problem the loader names in ``document``, or ``None`` if it loads."""
    try:
        load(json.dumps(document))
    except InvalidStateError as error:
        return error.problem
    return None


def _envelope(kind: str, name: str, data: object) -> dict[str, Any]:
    return {"format": f"cardgames.{kind}", "version": 1, "game": name, "data": data}


def _first(name: str, kind: str) -> dict[str, Any]:
    text = next(t for k, t in real_documents(name) if k == kind)
    document: dict[str, Any] = json.loads(text)
    return document


def _both_refuse(name: str, kind: str, document: dict[str, Any]) -> str:
    """Check that the loader and the schema both refuse ``document``; the loader's problem."""
    game = cardgames.find_game(name)
    with pytest.raises(InvalidStateError) as caught:
        loader(game, kind)(json.dumps(document))
    assert not validator(kind, name).is_valid(document), caught.value
    return caught.value.problem


@pytest.mark.parametrize(
    ("change", "expected"),
    [
        (lambda d: d["data"]["hands"][0].__setitem__(0, 8), "expected a card as a string"),
        (lambda d: d["data"]["hands"][0].__setitem__(0, "8X"), "cannot parse '8X'"),
        (lambda d: d["data"]["hands"][0].__setitem__(0, "9Z"), "cannot parse '9Z'"),
        (lambda d: d["data"].pop("stock"), "missing field"),
        (lambda d: d["data"].__setitem__("cheat", True), "unknown field(s) 'cheat'"),
        (lambda d: d["data"].__setitem__("penalty", True), "expected an integer, got a boolean"),
        (lambda d: d["data"].__setitem__("current", "0"), "expected an integer, got a string"),
        (lambda d: d["data"].__setitem__("suit", "stars"), "cannot parse 'stars'"),
        (lambda d: d["data"].__setitem__("phase", "lunch"), "expected one of"),
        (lambda d: d["data"].__setitem__("rng", [1, 2, 3]), "expected a list of 4 items"),
        (lambda d: d["data"].__setitem__("passes", 2**64), "out of range"),
        (lambda d: d["data"]["rules"].__setitem__("hand_size", 0), "must be at least 1"),
        (lambda d: d["data"]["rules"].__setitem__("effects", "8:joker"), "cannot parse"),
        (lambda d: d["data"]["rules"].__setitem__("deck", "tarot"), "expected one of"),
        (lambda d: d.__setitem__("version", 2), "unsupported version"),
        (lambda d: d.__setitem__("format", "cardgames.view"), "expected 'cardgames.state'"),
        (lambda d: d.__setitem__("extra", 1), "unknown field(s) 'extra'"),
    ],
)
def test_a_shedding_state_refused_for_type_or_shape(
    change: Callable[[dict[str, Any]], object], expected: str
) -> None:
    document = _first("crazy-eights", "state")
    change(document)
    assert expected in _both_refuse("crazy-eights", "state", document)


def test_moves_and_events_are_told_apart_by_their_tag() -> None:
    move = _first("planets", "move")
    move["data"]["type"] = "teleport"
    assert "expected one of" in _both_refuse("planets", "move", move)
    del move["data"]["type"]
    assert "expected one of" in _both_refuse("planets", "move", move)
    state = _first("planets", "state")
    state["data"]["events"] = [
        {"type": "keep", "player": 0, "card": "Mars"}
    ]  # a move, not an event
    assert "expected one of" in _both_refuse("planets", "state", state)
    view = _first("planets", "view")
    view["data"]["legal_moves"] = [{"type": "turn_started", "commander": 0, "turn": 1}]
    assert "is not a Move" in _both_refuse("planets", "view", view)


def test_the_planet_game_bounds_its_lists_in_the_schema_too() -> None:
    view = _first("planets", "view")
    view["data"]["drawn"] = ["Mars"] * 4
    assert "at most 3 items" in _both_refuse("planets", "view", view)
    state = _first("planets", "state")
    state["data"]["hands"] = [[]] * 7
    assert "at most 6 items" in _both_refuse("planets", "state", state)
    state = _first("planets", "state")
    state["data"]["hands"][0] = ["Plutone"]
    assert "cannot parse 'Plutone'" in _both_refuse("planets", "state", state)


def test_a_record_refused_for_type_or_shape() -> None:
    record = _first("planets", "record")
    record["data"]["deck"] = ["Mars"] * 103 + ["Pluto"]
    assert "expected a planet card" in _both_refuse("planets", "record", record)
    record = _first("crazy-eights", "record")
    record["data"]["moves"][0]["move"] = 3
    assert "expected a string" in _both_refuse("crazy-eights", "record", record)
    record["data"]["moves"][0] = {"player": 0}
    assert "missing field" in _both_refuse("crazy-eights", "record", record)
    record = _first("crazy-eights", "record")
    record["data"]["seed"] = -(2**64)
    assert "out of range" in _both_refuse("crazy-eights", "record", record)
    record["data"]["seed"] = 1
    record["data"]["players"] = ["Léa"]  # fewer seats than the game takes
    _both_refuse("crazy-eights", "record", record)
    record["data"]["players"] = "Léa"
    assert "expected a list" in _both_refuse("crazy-eights", "record", record)


def test_the_envelope_names_the_game() -> None:
    view = _first("huit-americain", "view")
    view["game"] = "crazy-eights"
    _both_refuse("huit-americain", "view", view)
    view = _first("huit-americain", "view")
    view["data"]["game"] = "crazy-eights"
    _both_refuse("huit-americain", "view", view)


@pytest.mark.parametrize("name", GAME_NAMES)
def test_rules_options_out_of_bounds_are_refused(name: str) -> None:
    game = cardgames.find_game(name)
    for info in game.rules_type.options():
        for value, word in ((info.minimum, "least"), (info.maximum, "most")):
            if value is None:
                continue
            data = json.loads(game.default_rules.to_json())["data"]
            data[info.name] = value - 1 if word == "least" else value + 1
            problem = _both_refuse(name, "rules", _envelope("rules", name, data))
            assert f"must be at {word}" in problem


# ------------------------------------------------------------------- information states


def _preset_rules(game: Game[Any], players: int) -> list[Any]:
    """The presets of ``game`` that allow ``players`` seats."""
    found = []
    for rules in game.presets.values():
        try:
            game.new_game(players, seed=0, rules=rules)
        except cardgames.InvalidRulesError:
            continue
        found.append(rules)
    return found


@settings(max_examples=60, deadline=None)
@given(
    name=st.sampled_from(GAME_NAMES),
    players=st.sampled_from([2, 4]),
    data=st.data(),
)
def test_every_information_state_of_a_random_game_is_valid(
    name: str, players: int, data: st.DataObject
) -> None:
    game = cardgames.find_game(name)
    rules = data.draw(st.sampled_from(_preset_rules(game, players)), label="rules")
    seed = data.draw(st.integers(0, 2**32), label="seed")
    moves = data.draw(st.integers(0, 30), label="moves")
    chooser = random.Random(seed)
    state = game.new_game(players, seed=seed, rules=rules)
    infos = [InfoState.start(state.view(seat), game) for seat in range(players)]
    for _ in range(moves):
        if state.is_over:
            break
        legal = state.legal_moves()
        state = state.apply(legal[chooser.randrange(len(legal))])
        infos = [info.extend(state.view(seat)) for seat, info in enumerate(infos)]
    for info in infos:
        document = json.loads(info.to_json())
        errors = list(validator("infostate", name).iter_errors(document))
        assert not errors, [e.message[:200] for e in errors[:3]]
        assert InfoState.from_json(json.dumps(document)) == info


@pytest.mark.parametrize(
    ("change", "expected"),
    [
        (lambda d: d["data"].pop("seat"), "expected an object with 'seat' and 'views'"),
        (lambda d: d["data"].__setitem__("cheat", 1), "expected an object with 'seat' and 'views'"),
        (lambda d: d.__setitem__("data", []), "expected an object with 'seat' and 'views'"),
        (lambda d: d["data"].__setitem__("views", []), "expected a non-empty list of views"),
        (lambda d: d["data"].__setitem__("views", {}), "expected a non-empty list of views"),
        (lambda d: d["data"].__setitem__("seat", "0"), "expected an integer, got a string"),
        (lambda d: d["data"].__setitem__("seat", True), "expected an integer, got a boolean"),
        (lambda d: d["data"]["views"][2].__setitem__("hand", ["8X"]), "cannot parse '8X'"),
        (lambda d: d["data"]["views"][1].pop("hand"), "missing field"),
        (lambda d: d["data"]["views"][3].__setitem__("x", 1), "unknown field(s) 'x'"),
        (lambda d: d["data"]["views"][0].__setitem__("viewer", None), "spectator"),
        (lambda d: d["data"]["views"][0].__setitem__("game", "planets"), ""),
        (lambda d: d.__setitem__("game", "chess"), "unknown game 'chess'"),
        (lambda d: d.__setitem__("format", "cardgames.view"), "expected 'cardgames.infostate'"),
    ],
)
def test_an_information_state_refused_for_type_or_shape(
    change: Callable[[dict[str, Any]], object], expected: str
) -> None:
    states = [crazy_eights.new_game(2, seed=6)]
    for _ in range(6):
        states.append(states[-1].apply(states[-1].legal_moves()[0]))
    document = json.loads(InfoState.from_states(states, 0).to_json())
    assert validator("infostate", "crazy-eights").is_valid(document)
    change(document)
    assert expected in _both_refuse("crazy-eights", "infostate", document)


@pytest.mark.parametrize(
    ("name", "change", "expected"),
    [
        ("crazy-eights", lambda d: d["data"].pop("seed"), "missing field"),
        ("crazy-eights", lambda d: d["data"].__setitem__("x", 1), "unknown field(s) 'x'"),
        ("crazy-eights", lambda d: d["data"].__setitem__("rounds", [[-1, 0]]), "from 0 to"),
        ("crazy-eights", lambda d: d["data"].__setitem__("rounds", [[1]]), "one per player"),
        ("crazy-eights", lambda d: d["data"].__setitem__("rounds", [[0, 0]] * 1001), "more than"),
        ("crazy-eights", lambda d: d["data"].__setitem__("seed", True), "expected an integer"),
        ("crazy-eights", lambda d: d["data"].__setitem__("players", ["A"]), ""),
        ("crazy-eights", lambda d: d["data"]["rules"].__setitem__("hand_size", 0), "at least 1"),
        ("planets", lambda d: d["data"].__setitem__("games", 0), "a match is 1 to 100 games"),
        ("planets", lambda d: d["data"].__setitem__("play_off", 1), "expected a boolean"),
        ("planets", lambda d: d["data"].__setitem__("rounds", [[10**8, 0]]), "between"),
        ("planets", lambda d: d.__setitem__("format", "cardgames.infostate"), "expected"),
    ],
)
def test_a_match_refused_for_type_or_shape(
    name: str, change: Callable[[dict[str, Any]], object], expected: str
) -> None:
    document = json.loads(cardgames.find_game(name).new_match(["Léa", "Tom"]).to_json())
    assert validator("match", name).is_valid(document)
    change(document)
    assert expected in _both_refuse(name, "match", document)


def test_what_only_the_match_loader_checks() -> None:
    """A round after the end of the match is of the right shape: only the loader refuses it."""
    game = cardgames.find_game("crazy-eights")
    document = json.loads(game.new_match(["Léa", "Tom"]).to_json())
    document["data"]["rounds"] = [[200, 0], [0, 10]]
    assert validator("match", "crazy-eights").is_valid(document)
    with pytest.raises(InvalidStateError, match="after the end"):
        game.match_from_json(json.dumps(document))


def test_what_only_the_information_state_loader_checks() -> None:
    """Views that do not belong together are valid against the schema: only the loader knows."""
    states = [huit_americain.new_game(3, seed=4)]
    for _ in range(8):
        states.append(states[-1].apply(states[-1].legal_moves()[0]))
    text = InfoState.from_states(states, 1).to_json()
    other_seat = json.loads(InfoState.from_states(states, 2).to_json())["data"]["views"][4]

    def drop(views: list[Any]) -> None:
        del views[3]  # a move missing

    def swap(views: list[Any]) -> None:
        views[1], views[2] = views[2], views[1]  # out of order

    def another_seat(views: list[Any]) -> None:
        views[4] = other_seat  # a view of seat 2 in seat 1's history

    def renamed(views: list[Any]) -> None:
        views[5]["players"] = ["x", "y", "z"]  # players that changed mid-game

    for edit in (drop, swap, another_seat, renamed):
        document = json.loads(text)
        edit(document["data"]["views"])
        assert validator("infostate", "huit-americain").is_valid(document), edit.__name__
        with pytest.raises(InvalidStateError):
            InfoState.from_json(json.dumps(document))


# --------------------------------------------------------------------------- text patterns

_EFFECT_WORDS = st.sampled_from(["wild", "skip", "reverse", "again", "swap", "choose"])
_FACES = st.sampled_from(["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"])


@settings(max_examples=200, deadline=None)
@given(
    st.dictionaries(
        _FACES,
        st.tuples(st.sets(_EFFECT_WORDS, max_size=3), st.integers(0, 99)),
        max_size=8,
    )
)
def test_every_effects_table_the_library_writes_matches_its_pattern(
    table: dict[str, tuple[set[str], int]],
) -> None:
    from cardgames.shedding.rules import Effect, Effects

    items = {}
    for face, (words, draw) in table.items():
        try:
            items[face] = Effect(draw=draw, **dict.fromkeys(words, True))
        except ValueError:  # a combination the rules refuse
            continue
    text = str(Effects(items))
    rules = schema("rules", "crazy-eights")
    pattern = rules["$defs"]["Effects"]["pattern"]
    assert re.search(pattern, text), text
    assert Effects.parse(text) == Effects(items)


@pytest.mark.parametrize(
    "text", ["8:wild+wild", "8:skip+wild", "8:draw0", "8 :wild", "8:wild  A:skip", "Z:wild", ""]
)
def test_the_effects_pattern_refuses_what_the_library_never_writes(text: str) -> None:
    pattern = schema("rules", "crazy-eights")["$defs"]["Effects"]["pattern"]
    assert not re.search(pattern, text)


def test_score_tables_as_text() -> None:
    pattern = schema("rules", "planets")["$defs"]["ScoreTable"]["pattern"]
    assert re.search(pattern, "3 5 8 12 17 23 30 38 47 57")
    assert re.search(pattern, "0 0 0 0 0 0 0 0 0 100000")
    for text in ("3 5 8", "3,5,8,12,17,23,30,38,47,57", "03 5 8 12 17 23 30 38 47 57"):
        assert not re.search(pattern, text)


# ------------------------------------------------------- the builder, on every declared shape


class Colour(enum.Enum):
    """An enum whose values are not text."""

    RED = 1
    BLUE = 2


class Label:
    """A value the codec writes as text and reads with ``parse`` (no known pattern)."""

    text_coded: ClassVar[bool] = True

    def __init__(self, text: str) -> None:
        self.text = text

    @classmethod
    def parse(cls, text: str) -> Label:
        return cls(text)

    def __str__(self) -> str:
        return self.text

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Label) and other.text == self.text

    def __hash__(self) -> int:
        return hash(self.text)


@attrs.frozen
class Inner:
    """A nested class with the same name as another one."""

    count: int


def _other_inner() -> type:
    @attrs.frozen
    class Inner:
        flag: bool

    return Inner


OtherInner = _other_inner()


@attrs.frozen
class Sample:
    """Every shape the codec decodes."""

    anything: Any
    nothing: None
    either: int | str
    rank: Rank
    colour: Colour
    pair: tuple[int, Card]
    label: Label
    planet: PlanetCard
    inner: Inner
    other: OtherInner  # type: ignore[valid-type]  # a class made at run time, on purpose
    maybe: Rank | None = None


GOOD = Sample(
    anything={"x": [1, None]},
    nothing=None,
    either="a",
    rank=Rank.QUEEN,
    colour=Colour.BLUE,
    pair=(3, Card.parse("8H")),
    label=Label("any text"),
    planet=PlanetCard.SATURN,
    inner=Inner(2),
    other=OtherInner(True),
)


def test_the_builder_mirrors_the_codec_on_every_declared_shape() -> None:
    builder = _Builder(cardgames.find_game("crazy-eights"))
    root = builder.type_schema(Sample)
    check = jsonschema.Draft202012Validator({"$defs": builder.defs, **root})
    data = encode(GOOD)
    assert check.is_valid(data)
    assert decode(Sample, data) == GOOD
    assert builder.defs["Colour"]["enum"] == [1, 2]
    assert builder.defs["PlanetCard"]["enum"][-1] == "black-hole"
    assert builder.defs["Label"] == {"type": "string", "description": _summary(Label)}
    assert {"Inner", "Inner_"} <= set(builder.defs)  # two classes of one name, both described
    for key, value in [
        ("either", 1.5),
        ("either", None),
        ("rank", "Z"),
        ("maybe", "Z"),
        ("colour", 3),
        ("colour", "BLUE"),
        ("pair", [1]),
        ("pair", [1, "8H", 2]),
        ("nothing", 0),
        ("label", 7),
        ("planet", "Pluto"),
        ("inner", {"count": "2"}),
        ("other", {"flag": 1}),
    ]:
        bad = {**data, key: value}
        with pytest.raises(InvalidStateError):
            decode(Sample, bad)
        assert not check.is_valid(bad), (key, value)
    lenient = {**data, "maybe": "queen"}  # the loader reads aliases; the schema the written form
    assert decode(Sample, lenient).maybe is Rank.QUEEN
    assert not check.is_valid(lenient)
    with pytest.raises(TypeError, match="no schema"):
        builder.type_schema(float)
    with pytest.raises(TypeError, match="no schema"):
        builder.type_schema(list[int])


# ------------------------------------------------------------------------------- the API


def test_schema_is_exported_and_returns_a_fresh_copy() -> None:
    assert cardgames.schema is schema
    first = cardgames.schema("state", "crazy-eights")
    first["$defs"].clear()
    assert cardgames.schema("state", "crazy eights")["$defs"]
    assert schema("move", cardgames.find_game("planets")) == schema("move", "planets")
    assert schema("rules", "8 Américain") == schema("rules", "huit-americain")


@pytest.mark.parametrize("kind", ["", "State", "event", "states", None, 3, b"state"])
def test_a_bad_kind_is_refused(kind: Any) -> None:
    with pytest.raises(InvalidArgumentError) as caught:
        schema(kind, "crazy-eights")
    assert caught.value.argument == "kind"


@pytest.mark.parametrize("game", ["chess", "", None, 8, ["planets"]])
def test_an_unknown_game_is_refused(game: Any) -> None:
    with pytest.raises(UnknownGameError):
        schema("state", game)


def test_a_game_descriptor_must_be_the_registered_one() -> None:
    planets = cardgames.find_game("planets")
    copy = attrs.evolve(planets)
    with pytest.raises(InvalidArgumentError) as caught:
        schema("move", copy)
    assert caught.value.argument == "game"


@pytest.fixture
def outside_registry(monkeypatch: pytest.MonkeyPatch) -> None:
    """The library's games, then a registry of this test's own (games it registers go away)."""
    cardgames.games()
    monkeypatch.setattr(cardgames.game, "_REGISTRY", dict(cardgames.game._REGISTRY))


@pytest.mark.usefixtures("outside_registry")
def test_a_game_without_schema_parts_has_no_state_schema() -> None:
    from toygame import ensure_registered

    toy = ensure_registered()
    with pytest.raises(MissingCapabilityError) as caught:
        schema("state", toy.name)
    assert (caught.value.game, caught.value.capability) == (toy.name, "schemas")
    assert str(caught.value) == (
        "the game toy-pile does not provide schemas (the schema of its state document)"
    )
    assert schema("move", toy.name)["properties"]["game"] == {"const": toy.name}
    view = schema("view", toy.name)["properties"]["data"]
    assert "maxItems" not in view["properties"]["hand"]  # no bounds without the game's parts


@pytest.mark.usefixtures("outside_registry")
def test_a_game_without_matches_has_no_match_schema() -> None:
    from toygame import ensure_registered

    toy = ensure_registered()
    assert toy.match_type is None
    with pytest.raises(InvalidArgumentError) as caught:
        schema("match", toy.name)
    assert (caught.value.argument, caught.value.reason) == ("game", "it has no matches")


@pytest.mark.usefixtures("outside_registry")
def test_a_game_s_own_schema_parts_are_used() -> None:
    import toygame

    parts = SchemaParts(state_document=toygame.STATE_DOCUMENT, view_sizes={"hand": (5,)})
    state_type = type("SchemaToyState", (toygame.ToyState,), {})
    toy: Game[Any] = toygame.make_game(state_type, "schema-toy", title="Schema Toy")
    game = attrs.evolve(toy, capabilities={"schemas": parts})
    cardgames.register(game)
    state = schema("state", game)
    data = state["properties"]["data"]
    assert data["required"] == [field.name for field in attrs.fields(toygame.STATE_DOCUMENT)]
    assert data["properties"]["pile"] == {"type": "array", "items": {"$ref": "#/$defs/Card"}}
    hand = schema("view", game)["properties"]["data"]["properties"]["hand"]
    assert (hand["type"], hand["maxItems"]) == (["array", "null"], 5)
    dealt = json.loads(game.new_game(3, seed=5).to_json())
    jsonschema.validate(dealt, state)
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate({**dealt, "data": {**dealt["data"], "pile": ["8X"]}}, state)


def test_the_built_in_games_bring_their_schema_parts() -> None:
    for game in library_games():
        assert game.provides(SCHEMA_PARTS), game.name
        assert game.capability(SCHEMA_PARTS).state_document is not None, game.name


def test_the_docs_page_links_every_shipped_schema() -> None:
    docs = Path(__file__).resolve().parent.parent / "docs"
    page = (docs / "schemas.md").read_text(encoding="utf-8")
    missing = [name for name in expected_files() if f"(schemas/{name})" not in page]
    assert not missing, f"docs/schemas.md does not link {missing}"
    hooks = (docs.parent / "mkdocs.yml").read_text(encoding="utf-8")
    assert "mkdocs_hooks.py" in hooks  # which publishes src/cardgames/schemas/ as schemas/


def test_the_schemas_are_package_data() -> None:
    from importlib.resources import files

    shipped = (files("cardgames") / "schemas" / "planets.view.json").read_text("utf-8")
    assert json.loads(shipped) == schema("view", "planets")


if __name__ == "__main__":
    raise SystemExit(main())
