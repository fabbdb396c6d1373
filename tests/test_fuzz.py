"""Fuzzed input: mutated documents of every game, and text parsed by the library.

Valid documents of every game (states, moves, views, rules and records, taken from played
games of every preset) are mutated by hypothesis: cards dropped, duplicated, swapped or
replaced, numbers changed (off by one, negative, huge, floats, NaN), values of the wrong type,
unknown fields, deep nesting, a wrong envelope (format, version, game), and text-level damage
(truncation, invalid UTF-8, a byte-order mark, empty input).

Loading must either raise the documented error (`InvalidStateError`) with a message that names
the problem and stays short, or return a value that serializes back to itself; a state that
loads must then play on without breaking an invariant: legal moves exist until the end, every
legal move applies, cards are conserved, views serialize and load back. The same holds for the
text the library parses: move notation (`State.parse_move`), card text (`Card.parse`,
`PlanetCard.parse`, `parse_cards`, `parse_planet_cards`) and rule options given as
``option=value`` (what the command line's ``--rules`` reads), which may raise only `ParseError`
or `InvalidRulesError`.

The examples are derandomized (and not shrunk), so CI sees the same inputs every run. To fuzz
harder locally, with random examples that hypothesis shrinks::

    CARDGAMES_FUZZ_EXAMPLES=2000 CARDGAMES_FUZZ_RANDOM=1 python -m pytest tests/test_fuzz.py
"""

from __future__ import annotations

import copy
import functools
import json
import os
import pickle
import random
from collections.abc import Callable, Iterator, Sequence
from typing import Any

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

import cardgames
from cardgames import InvalidRulesError, InvalidStateError, ParseError
from cardgames.agents import RandomAgent, play_game
from cardgames.cards import Card, Rank, Suit, make_deck, parse_cards
from cardgames.cli.choices import resolve_rules
from cardgames.cli.info import format_value
from cardgames.game import Game, Move, State
from cardgames.planets import PlanetCard, parse_planet_cards
from cardgames.records import GameRecord, ReplayError, record_game, replay

AnyState = State[Any, Any, Any]
Json = Any
Path = tuple[str | int, ...]

GAMES: tuple[Game[Any], ...] = cardgames.games()
GAME_NAMES = tuple(game.name for game in GAMES)
KINDS = ("state", "move", "view", "rules", "record")

EXAMPLES = int(os.environ.get("CARDGAMES_FUZZ_EXAMPLES", "60"))
EXPLORE = bool(os.environ.get("CARDGAMES_FUZZ_RANDOM"))
FUZZ = settings(
    max_examples=EXAMPLES,
    deadline=None,
    derandomize=not EXPLORE,
    # Shrinking a failing document replays many games; CI reports the example as found.
    phases=list(Phase) if EXPLORE else [p for p in Phase if p is not Phase.shrink],
    suppress_health_check=[
        HealthCheck.too_slow,
        HealthCheck.data_too_large,
        HealthCheck.large_base_example,
    ],
)
MAX_MESSAGE = 1200
"""An error message longer than this quotes too much of its input."""

# -- the valid documents that are mutated ---------------------------------------------------------


def _game(name: str) -> Game[Any]:
    return cardgames.find_game(name)


def _playout(game: Game[Any], rules: Any, players: int, seed: int) -> list[AnyState]:
    """A random game (moves chosen with ``random.Random(seed)``), every state kept."""
    chooser = random.Random(seed)
    state: AnyState = game.new_game(players, seed=seed, rules=rules)
    states = [state]
    while not state.is_over:
        moves = state.legal_moves()
        state = state.apply(moves[chooser.randrange(len(moves))])
        states.append(state)
    return states


def _signature(state: AnyState) -> tuple[Any, ...]:
    kinds = tuple(sorted({str(event.kind) for event in state.last_events}))
    return (kinds, len(state.to_act), state.is_over, getattr(state, "phase", None))


def _extra_rules(game: Game[Any]) -> list[Any]:
    """Rules beyond the presets that reach every kind of card and document field."""
    if game.name == "planets":
        return [game.rules_type.parse_assignments(["initial_hand=5", "hand_limit=3"])]
    return [
        game.rules_type.parse_assignments(
            [
                "deck=jokers_54",
                "decks=2",
                "effects=8:wild 2:draw2 Q:swap K:choose 7:again A:skip J:reverse JOKER:wild+draw4",
                "jump_in=yes",
                "announce_penalty=2",
                "starter=keep",
                "starter_effects=yes",
            ]
        )
    ]


@functools.cache
def sample_states(name: str) -> tuple[AnyState, ...]:
    """States of every preset, chosen for the variety of what just happened."""
    game = _game(name)
    chosen: dict[tuple[Any, ...], AnyState] = {}
    rule_sets = [*game.presets.values(), *_extra_rules(game)]
    for index, rules in enumerate(rule_sets):
        players = game.min_players + index % 3
        for state in _playout(game, rules, players, seed=index):
            chosen.setdefault(_signature(state), state)
    states = list(chosen.values())
    random.Random(name).shuffle(states)
    return tuple(states[:40])


@functools.cache
def seed_documents(name: str, kind: str) -> tuple[str, ...]:
    """Valid documents of one kind for one game."""
    game = _game(name)
    states = sample_states(name)
    rnd = random.Random(f"{name}/{kind}")
    docs: list[str]
    if kind == "state":
        docs = [state.to_json() for state in states]
    elif kind == "move":
        moves = sorted({game.move_to_json(m) for state in states for m in state.legal_moves()})
        docs = rnd.sample(moves, min(len(moves), 40))
    elif kind == "view":
        docs = []
        for state in states[:15]:
            docs += [state.view(seat).to_json() for seat in (None, *range(len(state.players)))]
    elif kind == "rules":
        docs = [rules.to_json() for rules in (*game.presets.values(), *_extra_rules(game))]
    else:
        docs = []
        for index, rules in enumerate(game.presets.values()):
            players = game.min_players + index % 2
            deck = None
            if index == 0:  # one record with a fixed deck
                deck = list(game.new_game(players, seed=0, rules=rules).all_cards())
                rnd.shuffle(deck)
            result = play_game(game, [RandomAgent()] * players, seed=index, rules=rules, deck=deck)
            docs.append(record_game(result).to_json())
    return tuple(docs)


@functools.cache
def card_texts(name: str) -> tuple[str, ...]:
    """Card texts of a game, with near misses, for replacing cards in documents."""
    if name == "planets":
        return (*(str(c) for c in PlanetCard), "Pluto", "Sun", "8H", "")
    return (*(str(c) for c in make_deck(cardgames.DeckKind.JOKERS_54)), "1H", "11S", "Saturn")


# -- mutations ------------------------------------------------------------------------------------

_NEST = "\x00nest\x00"
"""Stands for a deeply nested value until the document is written as text."""

NUMBERS: tuple[Any, ...] = (
    0,
    -1,
    1,
    2,
    7,
    2**31,
    2**63 - 1,
    2**63,
    2**64 - 1,
    2**64,
    -(2**64),
    10**30,
    10**400,
    1.5,
    -0.0,
    1e308,
    float("nan"),
    float("inf"),
)
VALUES: tuple[Any, ...] = (
    None,
    True,
    False,
    0,
    -5,
    "",
    "x",
    "8H",
    "Saturn",
    [],
    [[]],
    {},
    {"type": "draw", "player": 0},
    1.0,
)
STRINGS: tuple[str, ...] = (
    "",
    " ",
    "\ud800",  # a lone surrogate: valid JSON (as an escape), not valid UTF-8
    "\x00",
    "é" * 3,
    "Player 1",
    "x" * 5000,
    "play 8H",
    "JOKER",
)
MUTATIONS = (
    "drop",
    "duplicate",
    "swap",
    "swap-cards",
    "card",
    "number",
    "retype",
    "string",
    "unknown-field",
    "nest",
    "envelope",
    "move-card",
)


def sites(node: Json, path: Path = ()) -> Iterator[Path]:
    """Every place in a JSON document, the root first."""
    yield path
    if isinstance(node, dict):
        for key, value in node.items():
            yield from sites(value, (*path, key))
    elif isinstance(node, list):
        for index, value in enumerate(node):
            yield from sites(value, (*path, index))


def get(doc: Json, path: Path) -> Json:
    for key in path:
        doc = doc[key]
    return doc


def put(doc: Json, path: Path, value: Json) -> Json:
    if not path:
        return value
    get(doc, path[:-1])[path[-1]] = value
    return doc


def _choose(draw: st.DrawFn, items: Sequence[Any]) -> Any:
    return items[draw(st.integers(0, len(items) - 1))]


def mutate(draw: st.DrawFn, doc: Json, kind: str, cards: Sequence[str]) -> Json:
    """Apply one mutation of ``kind`` at a place drawn from the document."""
    places = list(sites(doc))
    cards_at = [p for p in places if isinstance(get(doc, p), str) and get(doc, p) in cards]
    if kind == "drop":
        inner = [p for p in places if p]
        if inner:
            path = _choose(draw, inner)
            del get(doc, path[:-1])[path[-1]]
    elif kind == "duplicate":
        in_lists = [p for p in places if p and isinstance(get(doc, p[:-1]), list)]
        if in_lists:
            path = _choose(draw, in_lists)
            parent = get(doc, path[:-1])
            parent.insert(int(path[-1]), json.loads(json.dumps(parent[path[-1]])))
    elif kind in ("swap", "swap-cards"):
        pool = cards_at if kind == "swap-cards" else [p for p in places if p]
        if len(pool) >= 2:
            a, b = _choose(draw, pool), _choose(draw, pool)
            if a[: len(b)] != b and b[: len(a)] != a:  # neither holds the other
                first, second = get(doc, a), get(doc, b)
                put(doc, a, second)
                put(doc, b, first)
    elif kind == "card":
        if cards_at:
            doc = put(doc, _choose(draw, cards_at), draw(st.sampled_from(cards)))
    elif kind == "number":
        numbers = [
            p for p in places if isinstance(get(doc, p), int) and not isinstance(get(doc, p), bool)
        ]
        if numbers:
            path = _choose(draw, numbers)
            old = get(doc, path)
            new = draw(st.sampled_from((old + 1, old - 1, -old, *NUMBERS)))
            doc = put(doc, path, new)
    elif kind == "retype":
        doc = put(doc, _choose(draw, places), copy.deepcopy(draw(st.sampled_from(VALUES))))
    elif kind == "string":
        texts = [p for p in places if isinstance(get(doc, p), str)]
        if texts:
            doc = put(doc, _choose(draw, texts), draw(st.sampled_from(STRINGS)))
    elif kind == "unknown-field":
        objects = [p for p in places if isinstance(get(doc, p), dict)]
        if objects:
            key = draw(st.sampled_from(("extra", "type", "", "__class__", "data")))
            get(doc, _choose(draw, objects))[key] = copy.deepcopy(draw(st.sampled_from(VALUES)))
    elif kind == "move-card":
        in_lists = [p for p in cards_at if p and isinstance(get(doc, p[:-1]), list)]
        lists = [p for p in places if isinstance(get(doc, p), list)]
        if in_lists and lists:
            source = _choose(draw, in_lists)
            card = get(doc, source)
            del get(doc, source[:-1])[source[-1]]
            target = get(doc, _choose(draw, [p for p in lists if _is_list_at(doc, p)] or [()]))
            if isinstance(target, list):
                target.insert(draw(st.integers(0, len(target))), card)
    elif kind == "nudge":
        numbers = [
            p for p in places if isinstance(get(doc, p), int) and not isinstance(get(doc, p), bool)
        ]
        if numbers:
            path = _choose(draw, numbers)
            doc = put(doc, path, get(doc, path) + draw(st.sampled_from((-2, -1, 1, 2))))
    elif kind == "nest":
        doc = put(doc, _choose(draw, places), _NEST)
    elif kind == "envelope" and isinstance(doc, dict):
        key = draw(st.sampled_from(("format", "version", "game", "data")))
        doc[key] = draw(
            st.sampled_from(
                (
                    None,
                    0,
                    2,
                    "1",
                    1.0,
                    True,
                    2**70,
                    "cardgames.state",
                    "cardgames.view",
                    "cardgames.record",
                    *GAME_NAMES,
                    "8",
                    "chess",
                )
            )
        )
    return doc


def _is_list_at(doc: Json, path: Path) -> bool:
    try:
        return isinstance(get(doc, path), list)
    except (KeyError, IndexError, TypeError):
        return False


PLAUSIBLE = ("swap-cards", "swap-cards", "move-card", "nudge", "card", "string")
"""Mutations that keep a document well formed (and, but for ``card``, its cards conserved):
they reach the checks beyond the codec."""


def _nested(depth: int, kind: str) -> str:
    if kind == "list":
        return "[" * depth + "]" * depth
    return '{"a":' * depth + "1" + "}" * depth


BAD_BYTES = (b"\xff", b"\xc3\x28", b"\xed\xa0\x80", b"\x80", b"\xf8\x88\x80\x80\x80")
WHOLE = ("", "   ", "null", "[]", "{}", "1", '"x"', "\ufeff{}", "NaN")


@st.composite
def mutated_documents(
    draw: st.DrawFn, game: str, kind: str, plausible: bool = False
) -> str | bytes:
    """A valid document of ``kind`` with one to three mutations, maybe damaged as text.

    With ``plausible``, only mutations from `PLAUSIBLE` and no damage to the text.
    """
    text = draw(st.sampled_from(seed_documents(game, kind)))
    doc = json.loads(text)
    for _ in range(draw(st.integers(1, 2 if plausible else 3))):
        mutation = draw(st.sampled_from(PLAUSIBLE if plausible else MUTATIONS))
        doc = mutate(draw, doc, mutation, card_texts(game))
    out = json.dumps(doc, ensure_ascii=draw(st.booleans()))
    if plausible:
        return out
    if _NEST in json.dumps(doc, ensure_ascii=False):
        depth = draw(st.sampled_from((3, 60, 3000, 200_000)))
        nested = _nested(depth, draw(st.sampled_from(("list", "object"))))
        out = out.replace(json.dumps(_NEST), nested).replace(
            json.dumps(_NEST, ensure_ascii=False), nested
        )
    damage = draw(
        st.sampled_from(("none",) * 6 + ("truncate", "bad-utf8", "bytes", "bom", "whole"))
    )
    if damage == "truncate":
        return out[: draw(st.integers(0, max(0, len(out) - 1)))]
    if damage == "bad-utf8":
        raw = out.encode("utf-8", "surrogatepass")
        at = draw(st.integers(0, len(raw)))
        return raw[:at] + draw(st.sampled_from(BAD_BYTES)) + raw[at:]
    if damage == "bytes":
        return out.encode("utf-8", "surrogatepass")
    if damage == "bom":
        return b"\xef\xbb\xbf" + out.encode("utf-8", "surrogatepass")
    if damage == "whole":
        whole = draw(st.sampled_from(WHOLE))
        return whole.encode() if draw(st.booleans()) else whole
    return out


# -- what loading may do --------------------------------------------------------------------------


def check_error(exc: BaseException, allowed: tuple[type[BaseException], ...], text: object) -> None:
    """The error is a documented one, and its message names the problem without flooding."""
    if not isinstance(exc, allowed):
        names = ", ".join(a.__name__ for a in allowed)
        raise AssertionError(
            f"expected {names}, got {type(exc).__name__}: {str(exc)[:300]}\ninput: {_preview(text)}"
        ) from exc
    message = str(exc)
    assert message.strip(), "an error needs a message"
    if isinstance(exc, InvalidStateError):
        # Documents come from anywhere: the codec cuts what it quotes of them.
        assert len(message) <= MAX_MESSAGE, f"a message of {len(message)} characters"
        assert exc.problem.strip(), "the problem must be named"
        assert exc.problem in message
        assert exc.path == "" or exc.path.startswith("/"), exc.path
    if isinstance(exc, ParseError):
        assert exc.expected.strip(), "a parse error says what was expected"
    if isinstance(exc, InvalidRulesError):
        assert exc.reason.strip()
        assert str(exc.option)[:60] in message, "the message names the option"


def _preview(text: object) -> str:
    shown = repr(text)
    return shown if len(shown) < 2000 else shown[:2000] + "…"


def load(loader: Callable[[Any], Any], text: object, *errors: type[BaseException]) -> Any:
    """``loader(text)``, or ``None`` when it raised one of ``errors`` (checked)."""
    try:
        return loader(text)
    except Exception as exc:
        check_error(exc, errors or (InvalidStateError,), text)
        return None


def writes_utf8(text: str) -> None:
    """A document the library writes can be sent as UTF-8 and read back."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as exc:
        raise AssertionError(f"to_json() wrote text that is not UTF-8: {exc}") from None


def check_position(state: AnyState, cards: tuple[Any, ...]) -> None:
    """The invariants of one position."""
    n = len(state.players)
    assert state.all_cards() == cards, "a card was created, lost or duplicated"
    if state.is_over:
        assert state.to_act == ()
        assert not state.legal_moves()
        outcome = state.outcome()
        assert outcome is not None, "a finished game has an outcome"
        assert outcome.winners, "a finished game has winners"
        assert all(0 <= w < n for w in outcome.winners)
        assert len(outcome.scores) == n
        return
    assert state.outcome() is None
    assert state.to_act, "someone may act while the game is not over"
    legal = state.legal_moves()
    assert legal, f"no legal move in a state that is not over: {state!r}"
    for seat in state.to_act:
        own = state.legal_moves(seat)
        assert own, f"seat {seat} is in to_act but has no move"
        assert all(m.player == seat for m in own)


def check_serializes(game: Game[Any], state: AnyState) -> None:
    """The state and its views write valid UTF-8 JSON that loads back equal."""
    text = state.to_json()
    writes_utf8(text)
    again = game.state_from_json(text)
    assert again == state
    assert hash(again) == hash(state)
    assert again.to_json() == text
    assert pickle.loads(pickle.dumps(state)) == state
    for seat in (None, *range(len(state.players))):
        view = state.view(seat)
        view_text = view.to_json()
        writes_utf8(view_text)
        assert game.view_from_json(view_text) == view


def play_on(game: Game[Any], state: AnyState, seed: int, moves: int = 150) -> None:
    """Play on from a loaded state with random legal moves, checking every invariant."""
    rnd = random.Random(seed)
    cards = state.all_cards()
    assert list(cards) == sorted(cards), "all_cards() must be sorted"
    check_serializes(game, state)
    for step in range(moves + 1):
        check_position(state, cards)
        if state.is_over:
            break
        legal = state.legal_moves()
        if step % 25 == 0:
            for move in legal:
                after = state.apply(move)
                assert after.all_cards() == cards
                assert state.parse_move(state.format_move(move), move.player) == move
                assert game.move_from_json(game.move_to_json(move)) == move
        if step % 50 == 49:
            check_serializes(game, state)
        state = state.apply(legal[rnd.randrange(len(legal))])
    check_serializes(game, state)


# -- mutated documents ----------------------------------------------------------------------------


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("name", GAME_NAMES)
def test_seed_documents_are_valid(name: str, kind: str) -> None:
    """The documents that get mutated load, and pass the checks applied to mutants."""
    for text in seed_documents(name, kind)[:8]:
        check_loaded(name, kind, text)


def check_loaded(name: str, kind: str, text: str | bytes) -> None:
    """Load a (maybe mutated) document of ``kind``; check the error or the value."""
    game = _game(name)
    if kind == "state":
        state = load(game.state_from_json, text)
        if state is not None:
            play_on(game, state, seed=len(text))
    elif kind == "move":
        move = load(game.move_from_json, text)
        if move is not None:
            check_loaded_move(game, move)
    elif kind == "view":
        view = load(game.view_from_json, text)
        if view is not None:
            again = view.to_json()
            writes_utf8(again)
            assert game.view_from_json(again) == view
            assert game.view_from_json(again).to_json() == again
    elif kind == "rules":
        rules = load(game.rules_from_json, text)
        if rules is not None:
            check_loaded_rules(game, rules)
    else:
        record = load(GameRecord.from_json, text)
        if record is not None:
            check_loaded_record(game, record)


def check_loaded_move(game: Game[Any], move: Move) -> None:
    text = game.move_to_json(move)
    writes_utf8(text)
    assert game.move_from_json(text) == move
    for state in sample_states(game.name)[:4]:
        cards = state.all_cards()
        after = load(state.apply, move, cardgames.IllegalMoveError)
        if after is not None:
            check_position(after, cards)
        formatted = state.format_move(move)
        assert isinstance(formatted, str)
        # A seat the state does not have is an invalid argument, before any parsing.
        seat_ok = type(move.player) is int and 0 <= move.player < len(state.players)
        errors = (ParseError,) if seat_ok else (ParseError, cardgames.InvalidArgumentError)
        parsed = load(functools.partial(state.parse_move, player=move.player), formatted, *errors)
        if parsed is not None and move in state.legal_moves():
            assert parsed == move, "a legal move must read back from its notation"


def check_loaded_rules(game: Game[Any], rules: Any) -> None:
    text = rules.to_json()
    writes_utf8(text)
    assert game.rules_from_json(text) == rules
    for players in (game.min_players, game.min_players + 2):
        state = load(functools.partial(_deal, game, players, 7), rules, InvalidRulesError)
        if state is not None:
            play_on(game, state, seed=players, moves=60)


def _deal(game: Game[Any], players: int | list[str], seed: int, rules: Any) -> AnyState:
    state: AnyState = game.new_game(players, seed=seed, rules=rules)
    return state


def check_loaded_record(game: Game[Any], record: GameRecord) -> None:
    text = record.to_json()
    writes_utf8(text)
    assert GameRecord.from_json(text) == record
    final = load(replay, record, ReplayError)
    if final is not None:
        rules_game = cardgames.find_game(record.game)
        check_position(final, final.all_cards())
        check_serializes(rules_game, final)
        if record.result is not None:
            assert final.outcome() == record.result


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("name", GAME_NAMES)
@FUZZ
@given(data=st.data())
def test_mutated_documents_load_or_raise_documented_errors(
    name: str, kind: str, data: st.DataObject
) -> None:
    text = data.draw(mutated_documents(name, kind), label="document")
    check_loaded(name, kind, text)


@pytest.mark.parametrize("kind", ["state", "view", "record"])
@pytest.mark.parametrize("name", GAME_NAMES)
@FUZZ
@given(data=st.data())
def test_plausible_mutants_load_and_play_on_or_raise_documented_errors(
    name: str, kind: str, data: st.DataObject
) -> None:
    text = data.draw(mutated_documents(name, kind, plausible=True), label="document")
    check_loaded(name, kind, text)


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("name", GAME_NAMES)
def test_equivalent_documents_load_to_equal_values(name: str, kind: str) -> None:
    """Spacing, key order, escapes and bytes do not change what a document means."""
    game = _game(name)
    loader: Callable[[Any], Any] = {
        "state": game.state_from_json,
        "move": game.move_from_json,
        "view": game.view_from_json,
        "rules": game.rules_from_json,
        "record": GameRecord.from_json,
    }[kind]
    for text in seed_documents(name, kind)[:5]:
        value = loader(text)
        doc = json.loads(text)
        variants: list[str | bytes] = [
            json.dumps(doc, indent=2),
            json.dumps(doc, sort_keys=True, ensure_ascii=False),
            json.dumps(dict(reversed(list(doc.items())))),
            f"\n\t {text} \r\n",
            text.encode("utf-8"),
        ]
        for variant in variants:
            assert loader(variant) == value


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("name", GAME_NAMES)
def test_documents_of_another_game_or_kind_are_refused(name: str, kind: str) -> None:
    game = _game(name)
    loaders: dict[str, Callable[[Any], Any]] = {
        "state": game.state_from_json,
        "move": game.move_from_json,
        "view": game.view_from_json,
        "rules": game.rules_from_json,
    }
    for other in GAME_NAMES:
        for other_kind in KINDS:
            if (other, other_kind) == (name, kind) or other_kind == "record":
                continue
            text = seed_documents(other, other_kind)[0]
            if kind in loaders:
                assert load(loaders[kind], text) is None, (other, other_kind)


@pytest.mark.parametrize("name", GAME_NAMES)
def test_degenerate_inputs_are_refused_by_every_loader(name: str) -> None:
    game = _game(name)
    loaders: list[Callable[[Any], Any]] = [
        game.state_from_json,
        game.move_from_json,
        game.view_from_json,
        game.rules_from_json,
        GameRecord.from_json,
    ]
    inputs: list[Any] = [
        "",
        b"",
        " \n",
        b"\xff\xfe",
        "\ufeff",
        "[" * 100_000 + "]" * 100_000,
        '{"a":' * 100_000 + "1" + "}" * 100_000,
        "9" * 5000,
        "x" * 100_000,
        None,
        42,
        ["a"],
        bytearray(b"{}"),
    ]
    for loader in loaders:
        for text in inputs:
            assert load(loader, text) is None


# -- text read by the library ---------------------------------------------------------------------

SEATS_AND_NUMBERS = (
    "0",
    "1",
    "2",
    "-1",
    "99",
    "²",
    "\u0661",
    "\u0663",
    "9" * 5000,
    "1e3",
    "+1",
    "0x1",
)


@st.composite
def move_texts(draw: st.DrawFn, state: AnyState) -> str:
    """Move notation: a legal move's text with its words mangled, or any text."""
    legal = state.legal_moves()
    if not legal or draw(st.integers(0, 4)) == 0:
        return draw(st.text(max_size=40))
    words = state.format_move(draw(st.sampled_from(list(legal)))).split()
    for _ in range(draw(st.integers(0, 3))):
        at = draw(st.integers(0, len(words)))
        action = draw(st.sampled_from(("drop", "dup", "swap", "replace", "case", "insert")))
        if action == "drop" and words:
            del words[min(at, len(words) - 1)]
        elif action == "dup" and words:
            words.insert(at, words[min(at, len(words) - 1)])
        elif action == "swap" and len(words) > 1:
            i = min(at, len(words) - 2)
            words[i], words[i + 1] = words[i + 1], words[i]
        elif action == "case":
            words = [w.upper() if draw(st.booleans()) else w for w in words]
        else:
            word = draw(
                st.one_of(
                    st.sampled_from(SEATS_AND_NUMBERS),
                    st.sampled_from(card_texts(state.game.name)),
                    st.sampled_from(("name", "target", "to", "à", "announce", "all-different")),
                    st.text(max_size=6),
                )
            )
            if action == "replace" and words:
                words[min(at, len(words) - 1)] = word
            else:
                words.insert(at, word)
    return " ".join(words)


@pytest.mark.parametrize("name", GAME_NAMES)
@FUZZ
@given(data=st.data())
def test_move_notation_parses_or_raises_parse_error(name: str, data: st.DataObject) -> None:
    game = _game(name)
    state = data.draw(st.sampled_from(sample_states(name)), label="state")
    text = data.draw(move_texts(state), label="text")
    player = data.draw(st.sampled_from((None, 0, 1)), label="player")
    move = load(lambda t: state.parse_move(t, player), text, ParseError)
    if move is None:
        return
    assert isinstance(move, Move)
    formatted = state.format_move(move)
    assert state.parse_move(formatted, move.player) == move, (text, formatted)
    assert game.move_from_json(game.move_to_json(move)) == move
    cards = state.all_cards()
    after = load(state.apply, move, cardgames.IllegalMoveError)
    if after is not None:
        check_position(after, cards)


def _notations(card: Card) -> tuple[str, ...]:
    return (str(card), card.unicode(), card.english(), card.french())


@FUZZ
@given(
    text=st.one_of(
        st.text(max_size=20),
        st.sampled_from(
            [n for c in make_deck(cardgames.DeckKind.JOKERS_54) for n in _notations(c)]
        ),
        st.tuples(
            st.sampled_from([*(r.letter for r in Rank), "1", "11", "²", "X", "10", "T"]),
            st.sampled_from([*(s.letter for s in Suit), "♥", "♤", "Z", "", " of hearts"]),
        ).map("".join),
    )
)
def test_card_text_parses_or_raises_parse_error(text: str) -> None:
    card = load(Card.parse, text, ParseError)
    if card is not None:
        assert isinstance(card, Card)
        for notation in _notations(card):
            assert Card.parse(notation) == card
    cards = load(parse_cards, text, ParseError)
    if cards is not None:
        assert parse_cards(" ".join(map(str, cards))) == cards


_PLANET_NAMES = [
    n for c in PlanetCard for n in (str(c), c.english, c.french, c.abbreviation, c.symbol)
]


@FUZZ
@given(
    text=st.one_of(
        st.text(max_size=20),
        st.sampled_from(_PLANET_NAMES),
        st.lists(st.sampled_from([*_PLANET_NAMES, ",", "x", "8"]), max_size=5).map(" ".join),
    )
)
def test_planet_card_text_parses_or_raises_parse_error(text: str) -> None:
    card = load(PlanetCard.parse, text, ParseError)
    if card is not None:
        for notation in (str(card), card.english, card.french, card.abbreviation, card.symbol):
            assert PlanetCard.parse(notation) is card
    cards = load(parse_planet_cards, text, ParseError)
    if cards is not None:
        assert parse_planet_cards(" ".join(map(str, cards))) == cards


@st.composite
def assignments(draw: st.DrawFn, game: Game[Any]) -> list[str]:
    """``option=value`` items as typed after ``--rules``: real and made-up options, values of
    every option's type, and junk."""
    options = game.rules_type.options()
    values = [
        format_value(getattr(rules, info.name))
        for rules in game.presets.values()
        for info in options
    ]
    items = []
    for _ in range(draw(st.integers(1, 3))):
        name = draw(
            st.one_of(
                st.sampled_from([info.name for info in options]),
                st.sampled_from([info.name.replace("_", "-").upper() for info in options]),
                st.sampled_from(("", " ", "nope", "__class__", "rules")),
            )
        )
        value = draw(
            st.one_of(
                st.sampled_from(values),
                st.sampled_from(SEATS_AND_NUMBERS),
                st.sampled_from(("none", "yes", "non", "", "-5", "1000001", "8:wild+draw100")),
                st.text(max_size=12),
            )
        )
        separator = draw(st.sampled_from(("=", "=", " = ", "", ":")))
        items.append(f"{name}{separator}{value}")
    return items


@pytest.mark.parametrize("name", GAME_NAMES)
@FUZZ
@given(data=st.data())
def test_rule_options_from_text_parse_or_raise_invalid_rules_error(
    name: str, data: st.DataObject
) -> None:
    game = _game(name)
    items = data.draw(assignments(game), label="assignments")
    preset = data.draw(st.sampled_from((None, *game.presets)), label="preset")
    rules = load(lambda a: resolve_rules(game, preset, a), items, InvalidRulesError)
    if rules is None:
        return
    assert game.rules_from_json(rules.to_json()) == rules
    # What the command line shows of each option reads back to the same rules.
    shown = [f"{info.name}={format_value(getattr(rules, info.name))}" for info in rules.options()]
    assert game.rules_type.parse_assignments(shown) == rules
    state = load(
        lambda r: game.new_game(game.min_players, seed=1, rules=r), rules, InvalidRulesError
    )
    if state is not None:
        play_on(game, state, seed=3, moves=40)


@pytest.mark.parametrize(
    "item",
    [
        "hand_size=²",
        "hand_size=" + "9" * 5000,
        "hand_size=-1",
        "effects=8:wild+draw100",
        "deck=",
        "nope=1",
        "=5",
        "jump_in",
        "max_moves=1e3",
    ],
)
def test_the_command_line_reports_bad_rules_options_as_usage_errors(
    item: str, capsys: pytest.CaptureFixture[str]
) -> None:
    from cardgames.cli import main

    assert main(["demo", "crazy-eights", "--seed", "1", "--rules", item]) == 2
    err = capsys.readouterr().err
    assert "invalid rules option" in err
    assert "Traceback" not in err


# -- problems found by the fuzzer, pinned ----------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    ["callout ²", "callout " + "9" * 5000, "play 8H target ²", "give Venus to ²", "steal \u0663"],
)
def test_seat_numbers_in_digits_int_cannot_read_are_parse_errors(text: str) -> None:
    """``str.isdigit`` accepts "²" and any number of digits; ``int`` then raises ValueError."""
    for name in GAME_NAMES:
        state = sample_states(name)[0]
        load(state.parse_move, text, ParseError)


@pytest.mark.parametrize("count", ["9" * 30, "9" * 5000, "²"])
def test_gathering_sizes_in_digits_int_cannot_read_are_parse_errors(count: str) -> None:
    state = sample_states("planets")[0]
    move = load(state.parse_move, f"lay {count} Saturn", ParseError)
    if move is not None:
        assert len(move.cards) <= 104


@pytest.mark.parametrize(
    ("name", "kind", "field"),
    [
        ("planets", "rules", "commander_points"),
        ("crazy-eights", "rules", "effects"),
        ("crazy-eights", "state", "discard"),
        ("planets", "record", "deck"),
    ],
)
def test_document_errors_quote_a_bad_value_briefly(name: str, kind: str, field: str) -> None:
    """The codec cuts what it quotes of a document to 300 characters, text values included."""
    doc = json.loads(seed_documents(name, kind)[0])
    data = doc["data"]
    if field == "discard":
        data["discard"][0] = "x" * 5000
    elif field == "deck":
        data["deck"] = ["x" * 5000] * 104
    else:
        data[field] = "x" * 5000
    loaders = {"rules": _game(name).rules_from_json, "state": _game(name).state_from_json}
    assert load(loaders.get(kind, GameRecord.from_json), json.dumps(doc)) is None


@pytest.mark.parametrize("name", GAME_NAMES)
@pytest.mark.parametrize("value", ["Crazy Eights", "x"])
def test_a_view_naming_its_game_otherwise_is_refused_or_written_back(name: str, value: str) -> None:
    """A view whose ``game`` field is not the canonical name must not load as one whose
    `to_json` writes an envelope its own loader refuses."""
    game = _game(name)
    doc = json.loads(sample_states(name)[0].view(0).to_json())
    doc["data"]["game"] = value
    view = load(game.view_from_json, json.dumps(doc))
    if view is not None:
        assert game.view_from_json(view.to_json()) == view


@pytest.mark.parametrize("name", GAME_NAMES)
def test_lone_surrogates_are_refused_or_written_as_utf8(name: str) -> None:
    """JSON can escape a lone surrogate ("\\ud800"); a document holding one must be refused,
    or written back as text that can be sent as UTF-8."""
    game = _game(name)
    doc = json.loads(sample_states(name)[0].to_json())
    doc["data"]["players"][0] = "\ud800"
    state = load(game.state_from_json, json.dumps(doc))
    if state is not None:
        writes_utf8(state.to_json())
        writes_utf8(state.view(0).to_json())
    dealt = load(functools.partial(_deal, game, ["\ud800", "Tom"], 1), None, InvalidRulesError)
    if dealt is not None:
        writes_utf8(dealt.to_json())
    record = json.loads(seed_documents(name, "record")[0])
    record["data"]["players"][0] = "\udfff"
    loaded = load(GameRecord.from_json, json.dumps(record))
    if loaded is not None:
        writes_utf8(loaded.to_json())
