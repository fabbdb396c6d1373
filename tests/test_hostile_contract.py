"""The contract under attack: every game, through the public protocol only.

Each property tries to break one promise the way a hostile caller would (a web server passing a
query string through, a saved game edited by hand):

- any public call, with arguments of any type, either answers or raises a documented
  `CardGamesError`, and leaves the state it was called on equal to before: its JSON, its hash,
  its legal moves, events and views, and it still plays on;
- a forged move (a legal move with one field replaced by a look-alike value, a subclass whose
  ``__eq__`` says yes to everything, another game's move) is refused with `IllegalMoveError`, or
  replaced by the engine's own legal move: nothing of the caller's is stored;
- a document of any kind whose numbers were replaced by hostile ones either loads, is a position
  the engine reaches (`Game.check_state`), plays to the end and saves again, or raises
  `InvalidStateError`; and its loading allocates memory in proportion to its size, not to what
  its numbers say.

The games' own hostile suites (``test_hostile_shedding.py``, ``test_hostile_planets.py``,
``test_web_hostile.py``, ``test_hostile_determinism.py``) go deeper into each engine.
"""

from __future__ import annotations

import contextlib
import inspect
import json
import random
import sys
import time
import tracemalloc
from collections.abc import Callable, Iterator
from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardgames import (
    CardGamesError,
    IllegalMoveError,
    InvalidArgumentError,
    InvalidStateError,
    Move,
)
from cardgames.game import Game, find_game
from cardgames.rng import Rng
from hostile_support import (
    HOSTILE,
    AnyState,
    Evil,
    every_game,
    foreign_moves,
    hostile_values,
    look_alikes,
    sample_positions,
)

POSITIONS = sample_positions()
FOREIGN = {name: foreign_moves(find_game(name)) for name in {name for name, _ in POSITIONS}}


def _fresh(state: AnyState) -> AnyState:
    """An equal state with empty caches: what the state was before anything was asked of it."""
    fresh: AnyState = state.game.state_from_json(state.to_json())
    return fresh


def _assert_unchanged(state: AnyState, text: str, fresh: AnyState) -> None:
    """``state`` is still the state whose document was ``text``, and still works."""
    assert state.to_json() == text
    assert state == fresh
    assert hash(state) == hash(fresh)
    assert state.last_events == fresh.last_events
    assert state.is_over == fresh.is_over
    assert state.outcome() == fresh.outcome()
    assert state.to_act == fresh.to_act
    assert tuple(state.legal_moves()) == tuple(fresh.legal_moves())
    for seat in range(len(state.players)):
        assert tuple(state.legal_moves(seat)) == tuple(fresh.legal_moves(seat))
        assert state.view(seat) == fresh.view(seat)
    assert state.view(None) == fresh.view(None)
    for move in state.legal_moves()[:3]:
        assert state.apply(move) == fresh.apply(move)


# The public calls on a state, each taking one or two outside values.
STATE_CALLS: dict[str, Callable[[AnyState, Any, Any], object]] = {
    "legal_moves": lambda s, a, b: s.legal_moves(a),
    "view": lambda s, a, b: s.view(a),
    "apply": lambda s, a, b: s.apply(a),
    "parse_move": lambda s, a, b: s.parse_move(a),
    "parse_move(player)": lambda s, a, b: (
        s.parse_move(str(s.format_move(s.legal_moves()[0])), a)
        if s.legal_moves()
        else s.parse_move("pass", a)
    ),
    "parse_move(text, player)": lambda s, a, b: s.parse_move(a, b),
    "format_move": lambda s, a, b: s.format_move(a),
    "sample_state": lambda s, a, b: s.game.sample_state(a, Rng.from_seed(1)),
    "check_state": lambda s, a, b: s.game.check_state(a),
    "check_view": lambda s, a, b: s.game.check_view(a),
    "move_to_json": lambda s, a, b: s.game.move_to_json(a),
}


@HOSTILE
@given(
    position=st.sampled_from(POSITIONS),
    call=st.sampled_from(sorted(STATE_CALLS)),
    first=hostile_values(),
    second=hostile_values(),
)
def test_any_call_with_any_arguments_changes_nothing(
    position: tuple[str, AnyState], call: str, first: Any, second: Any
) -> None:
    _, state = position
    text = state.to_json()
    fresh = _fresh(state)
    with contextlib.suppress(CardGamesError):
        STATE_CALLS[call](state, first, second)
    _assert_unchanged(state, text, fresh)


@pytest.mark.parametrize("key", ["events", "moves", "hands", "hash", "legal", None, -1, 99])
def test_cache_key_names_are_refused_as_seats(key: object) -> None:
    """The break of #12 item 1: ``legal_moves("events")`` emptied a shared state."""
    for _, state in POSITIONS[:: max(1, len(POSITIONS) // 12)]:
        text, fresh = state.to_json(), _fresh(state)
        if key is None:
            state.legal_moves(key)
        else:
            with pytest.raises(InvalidArgumentError):
                state.legal_moves(key)  # type: ignore[arg-type]
            with pytest.raises(InvalidArgumentError):
                state.view(key)  # type: ignore[arg-type]
        _assert_unchanged(state, text, fresh)


def _forgeries(move: Move) -> list[object]:
    """The move with one field replaced by a look-alike, and a subclass that equals anything."""
    out: list[object] = []
    for field in attrs.fields(type(move)):
        value = getattr(move, field.name)
        for alike in look_alikes(value):
            forged = object.__new__(type(move))
            for other in attrs.fields(type(move)):
                object.__setattr__(forged, other.name, getattr(move, other.name))
            object.__setattr__(forged, field.name, alike)
            out.append(forged)

    evil_type = type(
        "Evil" + type(move).__name__,
        (type(move),),
        {"__eq__": lambda self, other: True, "__hash__": lambda self: 0},
    )
    evil: object = object.__new__(evil_type)
    for field in attrs.fields(type(move)):
        object.__setattr__(evil, field.name, getattr(move, field.name))
    out.append(evil)
    out.append(Evil())
    return out


@HOSTILE
@given(position=st.sampled_from(POSITIONS), data=st.data())
def test_forged_moves_are_refused_or_replaced(position: tuple[str, AnyState], data: Any) -> None:
    name, state = position
    legal = state.legal_moves()
    text, fresh = state.to_json(), _fresh(state)
    candidates: list[object] = list(FOREIGN[name])
    if legal:
        move = data.draw(st.sampled_from(legal), label="legal move")
        candidates += _forgeries(move)
    for forged in candidates:
        try:
            after = state.apply(forged)
        except IllegalMoveError as err:
            refused: IllegalMoveError | None = err
        else:
            refused = None
        if refused is not None:
            assert refused.reason
            continue
        # Accepted: then it stood for a legal move, and the engine went on with its own.
        matches = [m for m in legal if state.apply(m) == after]
        assert matches, f"{forged!r} was applied but is not a legal move"
        assert after.game.state_from_json(after.to_json()) == after
        after.game.check_state(after)
    _assert_unchanged(state, text, fresh)


# --- documents ---------------------------------------------------------------------------------

_NUMBERS = (-1, 2**31, 2**53 + 1, 2**63 - 1, 2**64 - 1, 10**20, 10**7, 10**4, 0)


def _paths(node: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """The paths of every number (not bool) in a JSON tree."""
    if isinstance(node, bool):
        return []
    if isinstance(node, int):
        return [path]
    if isinstance(node, dict):
        return [p for key, value in node.items() for p in _paths(value, (*path, key))]
    if isinstance(node, list):
        return [p for i, value in enumerate(node) for p in _paths(value, (*path, i))]
    return []


def _set(node: Any, path: tuple[Any, ...], value: Any) -> None:
    for step in path[:-1]:
        node = node[step]
    node[path[-1]] = value


def _documents(state: AnyState) -> dict[str, tuple[str, Callable[[str], object]]]:
    game = state.game
    docs: dict[str, tuple[str, Callable[[str], object]]] = {
        "state": (state.to_json(), game.state_from_json),
        "rules": (state.rules.to_json(), game.rules_from_json),
        "view": (state.view(0).to_json(), game.view_from_json),
        "spectator view": (state.view(None).to_json(), game.view_from_json),
    }
    if state.legal_moves():
        docs["move"] = (game.move_to_json(state.legal_moves()[0]), game.move_from_json)
    return docs


def _play_to_end(game: Game[Any], state: AnyState, seed: int) -> None:
    chooser = random.Random(seed)
    bound = 20_000
    for _ in range(bound):
        game.check_state(state)
        if state.is_over:
            break
        moves = state.legal_moves()
        assert moves, "a loaded state that is not over has no legal move"
        state = state.apply(moves[chooser.randrange(len(moves))])
    else:  # pragma: no cover - reported as a failure
        pytest.fail("a loaded state did not end")
    assert game.state_from_json(state.to_json()) == state


@HOSTILE
@given(
    position=st.sampled_from(POSITIONS),
    kind=st.sampled_from(["state", "rules", "view", "spectator view", "move"]),
    data=st.data(),
)
def test_documents_with_hostile_numbers_load_soundly_or_are_refused(
    position: tuple[str, AnyState], kind: str, data: Any
) -> None:
    _, state = position
    docs = _documents(state)
    if kind not in docs:
        return
    text, load = docs[kind]
    tree = json.loads(text)
    paths = _paths(tree)
    if not paths:
        return
    for _ in range(data.draw(st.integers(1, 3), label="mutations")):
        path = data.draw(st.sampled_from(paths), label="path")
        _set(tree, path, data.draw(st.sampled_from(_NUMBERS), label="number"))
    edited = json.dumps(tree)
    tracemalloc.start()
    try:
        loaded = load(edited)
    except InvalidStateError:
        return  # refused, with a path (the fuzz tests check the messages)
    finally:
        _, peak = tracemalloc.get_traced_memory()
        tracemalloc.stop()
    # Loading costs memory in proportion to the document, whatever its numbers say.
    assert peak < 2_000_000 + 2_000 * len(edited), f"loading took {peak} bytes"
    game = state.game
    if kind == "state":
        assert isinstance(loaded, type(state))
        _play_to_end(game, loaded, seed=len(edited))
    elif kind == "rules":
        for players in (game.min_players, game.max_players):
            try:
                dealt = game.new_game(players, seed=3, rules=loaded)
            except CardGamesError:
                continue  # rules that cannot deal this many players say so
            _play_to_end(game, dealt, seed=players)
    elif kind in ("view", "spectator view"):
        game.check_view(loaded)  # type: ignore[arg-type]
        if getattr(loaded, "viewer", None) is not None:
            sampled = game.sample_state(loaded, Rng.from_seed(9))  # type: ignore[arg-type]
            game.check_state(sampled)
            assert sampled.view(loaded.viewer) == loaded  # type: ignore[attr-defined]
    else:
        assert isinstance(loaded, Move)
        try:  # refused, or a legal move: never anything else
            after = state.apply(loaded)
        except IllegalMoveError:
            return
        game.check_state(after)


@pytest.fixture
def no_digit_limit() -> Iterator[None]:
    """Python as before 3.10.7 (and as an application may set it): integers of any length."""
    if not hasattr(sys, "set_int_max_str_digits"):  # pragma: no cover - 3.10 before 3.10.7
        yield
        return
    limit = sys.get_int_max_str_digits()
    sys.set_int_max_str_digits(0)
    try:
        yield
    finally:
        sys.set_int_max_str_digits(limit)


@pytest.mark.usefixtures("no_digit_limit")
@pytest.mark.parametrize("kind", ["state", "rules", "view", "move"])
def test_an_integer_of_many_digits_is_refused_in_linear_time(kind: str) -> None:
    # Reading decimal digits into an int takes time in the square of their number: a document
    # of a few megabytes of digits held a CPU for minutes where Python does not limit them.
    state = POSITIONS[0][1]
    text, load = _documents(state)[kind]
    edited = text.replace('"version":1', '"version":' + "7" * 600_000, 1)
    assert len(edited) > 600_000
    started = time.process_time()
    with pytest.raises(InvalidStateError):
        load(edited)
    assert time.process_time() - started < 1, "reading the digits took too long"


@pytest.mark.parametrize("value", [123, None, b"crazy-eights", ["crazy-eights"], Evil()])
def test_find_game_refuses_what_is_not_a_name(value: object) -> None:
    with pytest.raises(CardGamesError):
        find_game(value)  # type: ignore[arg-type]


@HOSTILE
@given(
    game=st.sampled_from(sorted({name for name, _ in POSITIONS})),
    argument=st.sampled_from(["players", "seed", "rules", "deck"]),
    value=hostile_values(),
)
def test_new_game_refuses_any_bad_argument(game: str, argument: str, value: Any) -> None:
    descriptor = find_game(game)
    kwargs: dict[str, Any] = {"players": descriptor.min_players, "seed": 11}
    kwargs[argument] = value
    try:
        state = descriptor.new_game(**kwargs)
    except CardGamesError:
        return
    descriptor.check_state(state)
    _play_to_end(descriptor, state, seed=1)


def _record_texts() -> list[str]:
    from cardgames.agents import RandomAgent, play_game
    from cardgames.records import record_game

    texts = []
    for game in {state.game for _, state in POSITIONS}:
        result = play_game(game, [RandomAgent()] * game.min_players, seed=3)
        texts.append(record_game(result).to_json())
    return texts


RECORDS = _record_texts()


@HOSTILE
@given(
    text=st.sampled_from(RECORDS),
    data=st.data(),
)
def test_edited_records_replay_or_raise_documented_errors(text: str, data: Any) -> None:
    """A record edited by hand replays, or raises a `CardGamesError`; nothing else."""
    from cardgames.records import GameRecord, replay

    tree = json.loads(text)
    moves = tree["data"]["moves"]
    for _ in range(data.draw(st.integers(1, 3), label="edits")):
        what = data.draw(st.sampled_from(["number", "seat", "move", "drop"]), label="edit")
        if what == "number":
            paths = _paths(tree)
            _set(
                tree,
                data.draw(st.sampled_from(paths), label="path"),
                data.draw(st.sampled_from(_NUMBERS), label="number"),
            )
        elif moves and what == "seat":
            i = data.draw(st.integers(0, len(moves) - 1), label="index")
            moves[i]["player"] = data.draw(hostile_values(), label="seat")
        elif moves and what == "move":
            i = data.draw(st.integers(0, len(moves) - 1), label="index")
            moves[i]["move"] = data.draw(
                st.one_of(st.text(max_size=40), st.sampled_from(["play 8H", "callout ²"])),
                label="move",
            )
        elif moves:
            del moves[data.draw(st.integers(0, len(moves) - 1), label="index")]
    try:
        edited = json.dumps(tree)
    except (ValueError, TypeError):  # NaN, bytes: what JSON cannot write
        return
    try:
        state = replay(GameRecord.from_json(edited))
    except CardGamesError:
        return
    state.game.check_state(state)


def test_isinstance_of_a_state_class_depends_only_on_the_class() -> None:
    """A break found in the compiled wheel: `SheddingState` shared `ValueState`'s abc caches.

    Once ``isinstance(planets_state, ValueState)`` had been asked, ``isinstance(planets_state,
    SheddingState)`` answered True, and code that dispatches on the state's class (the ISMCTS
    agent's policy, the JSON Schemas) took a planet game for a shedding game.
    """
    from cardgames.game import FrozenState, State, ValueState
    from cardgames.planets.engine import PlanetsState
    from cardgames.shedding import SheddingState

    states = [game.new_game(game.min_players, seed=1) for game in every_game()]
    classes = (State, ValueState, FrozenState, SheddingState, PlanetsState)
    for _ in range(2):  # the second round reads the caches the first one filled
        for state in states:
            for cls in classes:
                expected = cls in type(state).__mro__
                assert isinstance(state, cls) is expected, (type(state), cls)
                assert issubclass(type(state), cls) is expected, (type(state), cls)


@pytest.mark.parametrize("game", every_game(), ids=lambda game: game.name)
def test_no_public_field_of_a_state_can_be_set_or_deleted(game: Game[Any]) -> None:
    """Every public field of a state is read-only, in the compiled and the interpreted engine.

    (Python lets any code write an object's private attributes; the promise covers the public
    API, see docs/reliability.md.)
    """
    state = game.new_game(players=game.min_players, seed=3)
    text, fresh = state.to_json(), _fresh(state)
    names = [
        name
        for name in dir(type(state))
        if not name.startswith("_") and inspect.isdatadescriptor(getattr(type(state), name))
    ]
    assert {"players", "is_over", "to_act"} <= set(names)
    for name in names:
        with pytest.raises(AttributeError):
            setattr(state, name, getattr(state, name))
        with pytest.raises(AttributeError):
            delattr(state, name)
    _assert_unchanged(state, text, fresh)
