"""A conformance kit for game authors: `check_game` runs the properties every built-in game passes.

A game written against `cardgames.game` (a `Game` descriptor, its frozen rules, states, moves and
views) calls ``check_game(GAME)`` from its own tests, as PettingZoo's environments run
``pettingzoo.test.api_test``. The built-in games pass it in this project's own test suite.

Each example is one seed: it draws rules (a preset, a preset with some options changed within
their declared bounds, or rules from a `Hooks.rules` sampler), a number of players, a deal seed
and a random playout to the end. The properties checked, by the names a failure reports:

- ``legal moves``: until the game is over there are legal moves, every one of them names a seat
  of `State.to_act`, and each seat in ``to_act`` has some; they come in the same order when
  asked twice; a finished game has none and no seat to act;
- ``outcome``: ``outcome()`` is ``None`` while the game runs; once over it has winners among the
  seats and one score per seat;
- ``invariants``: after every move the engine's own checker (`Game.check_state`) passes, every
  card is still there (`State.all_cards` unchanged and sorted), every last event is an `Event`;
- ``termination``: a game ends within the move bound (``max_moves``);
- ``every legal move applies``: each legal move of a sample of positions applies and gives a
  state of the same class;
- ``illegal moves are refused``: moves that are not legal raise `IllegalMoveError` with a
  ``reason`` and the move (the legal moves of another seat, moves of other positions, fields of
  legal moves exchanged for values from other moves, the notation of a move read for another
  seat, what `Hooks.candidate_moves` adds, and values that are no move at all);
- ``immutability``: nothing of the above changed the state (its JSON and its hash);
- ``determinism``: the same seed and moves give equal states, with the legal moves in the same
  order;
- ``JSON round trips``: rules, states, moves and every seat's view load back equal from their
  JSON (a state to the same text and hash, with the same legal moves), states pickle, and the
  notation reads back what it wrote (``parse_move(format_move(m)) == m``);
- ``views leak nothing``: no view holds the RNG's state words; a seat's view lists that seat's
  legal moves (if it has a ``legal_moves`` field); a state sampled from a seat's view by
  `Game.sample_state` (which re-deals everything that seat has not seen) shows that seat the same
  view, has the same outcome, gives that seat the same legal moves and keeps it in ``to_act``
  or out of it alike; so does every state a `Hooks.scramble` returns. (Other seats' places in
  ``to_act`` may differ: a jump-in depends on a hand the seat has not seen; views show only
  what their seat may know of it.) A state sampled from a game in play passes
  `Game.check_state`.

A failure raises `AssertionError` naming the game, the property, the example's seed, the number
of players and the rules; ``check_game(game, seed=<seed>, examples=1)`` (with the same other
arguments) runs that example again. Everything is drawn from `random.Random` seeded by the
example's seed, so a run is the same on every machine and Python version; the kit needs nothing
beyond the library itself (no pytest, no hypothesis).

Examples:
    >>> from cardgames.game import find_game
    >>> check_game(find_game("crazy-eights"), examples=1, positions=1)
    >>> check_game(find_game("crazy-eights"), examples=0)
    Traceback (most recent call last):
    ...
    cardgames.errors.InvalidArgumentError: invalid argument examples=0: expected a number of examples from 1 to 100000
"""  # noqa: E501  (a doctest output line cannot be wrapped)

from __future__ import annotations

import contextlib
import enum
import json
import pickle
import random
import types
import typing
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any

import attrs

from cardgames.errors import (
    CardGamesError,
    IllegalMoveError,
    InvalidArgumentError,
    InvalidRulesError,
    ParseError,
)
from cardgames.game import Event, Game, Move, Outcome, State, whole_number
from cardgames.rng import Rng

__all__ = ["Hooks", "check_game"]

AnyState = State[Any, Any, Any]

_SEED_BOUND = 2**64
"""Deal seeds are drawn from the whole range `Game.new_game` takes."""
_SCRAMBLES = 2
"""States sampled from each view (and drawn from each `Hooks.scramble`) per position."""


@attrs.frozen
class Hooks:
    """What a game may add to `check_game`, where the generic draws are not enough.

    Every hook is optional; the kit reads nothing else of a game than its `Game` descriptor.

    Attributes:
        rules: Draws rules from a `random.Random` (combinations the declared bounds cannot give,
            such as tables of card effects); used for a third of the examples.
        candidate_moves: More moves to try on a state, legal or not: those not in its legal
            moves must be refused.
        scramble: Re-deals everything a seat (``None``: a spectator) has not seen, with the
            given `random.Random`; that seat's view of the result must be unchanged. Runs
            besides `Game.sample_state` (for a game without it, it is the only leak check).
    """

    rules: Callable[[random.Random], Any] | None = None
    candidate_moves: Callable[[AnyState], Iterable[Move]] | None = None
    scramble: Callable[[AnyState, int | None, random.Random], AnyState] | None = None


class _PropertyFailed(Exception):
    """A property did not hold: its name and what was wrong."""

    def __init__(self, name: str, detail: str) -> None:
        super().__init__(name, detail)
        self.name = name
        self.detail = detail


def _expect(condition: object, name: str, detail: str) -> None:
    if not condition:
        raise _PropertyFailed(name, detail)


@contextlib.contextmanager
def _checking(name: str) -> Iterator[None]:
    """Report an exception the game raises inside the block as a failure of property ``name``."""
    try:
        yield
    except _PropertyFailed:
        raise
    except Exception as error:
        raise _PropertyFailed(name, f"the game raised {type(error).__name__}: {error}") from error


def check_game(
    game: Game[Any],
    *,
    examples: int = 20,
    seed: int = 0,
    players: int | Sequence[int] | None = None,
    max_moves: int | Callable[[Any], int] = 10_000,
    positions: int = 10,
    hooks: Hooks | None = None,
) -> None:
    """Check that ``game`` keeps the contract of `cardgames.game` (see the module's properties).

    Args:
        game: The descriptor of the game under test.
        examples: How many games to deal and play out (one seed each).
        seed: The first example's seed; example ``i`` uses ``seed + i``.
        players: The numbers of players to draw from (default: every count the game takes);
            a count that the drawn rules refuse is drawn again.
        max_moves: The longest game allowed (``termination``), or a function of the rules
            that gives it (``lambda rules: rules.max_moves``).
        positions: How many positions of each playout are checked move by move (every legal
            and candidate move, round trips, views); the invariants hold at every position.
        hooks: What the game adds to the generic draws (see `Hooks`).

    Raises:
        AssertionError: naming the property that failed, the seed to reproduce it, the number
            of players and the rules.
        InvalidArgumentError: for a number of examples or positions, a seed or a number of
            players out of range (checked before anything is dealt).
    """
    whole_number(examples, 1, 100_000, "examples", "a number of examples")
    whole_number(positions, 1, 10_000, "positions", "a number of positions")
    whole_number(seed, -(2**63), 2**63 - 1, "seed", "a seed")
    counts = _player_counts(game, players)
    extra = Hooks() if hooks is None else hooks
    for number in range(seed, seed + examples):
        _check_example(game, number, counts, max_moves, positions, extra)


def _player_counts(game: Game[Any], players: int | Sequence[int] | None) -> tuple[int, ...]:
    if players is None:
        return tuple(range(game.min_players, game.max_players + 1))
    chosen = (players,) if isinstance(players, int) else tuple(players)
    if not chosen:
        raise InvalidArgumentError("players", players, "expected at least one number of players")
    return tuple(
        whole_number(n, game.min_players, game.max_players, "players", "a number of players")
        for n in chosen
    )


@attrs.frozen(eq=False)
class _Example:
    """One dealt game and its playout: the states from the deal to the end, and the moves."""

    rules: Any
    players: int
    deal_seed: int
    states: tuple[AnyState, ...]
    moves: tuple[Move, ...]
    rnd: random.Random


def _check_example(
    game: Game[Any],
    number: int,
    counts: tuple[int, ...],
    max_moves: int | Callable[[Any], int],
    positions: int,
    hooks: Hooks,
) -> None:
    rnd = random.Random(number)
    rules, players, deal_seed = _deal(game, rnd, counts, hooks)
    where = f"seed={number}, players={players}, rules={_describe_rules(game, rules)}"
    try:
        example = _play(game, rules, players, deal_seed, rnd, max_moves)
        sample = sorted(rnd.sample(range(len(example.states)), min(positions, len(example.states))))
        chosen = [example.states[i] for i in sample]
        with _checking("determinism"):
            _check_determinism(game, example)
        _check_moves(game, example, chosen, hooks)
        with _checking("JSON round trips"):
            _check_round_trips(game, example, chosen)
        with _checking("views leak nothing"):
            _check_views(game, example, chosen, hooks)
    except _PropertyFailed as failure:
        raise AssertionError(
            f"check_game({game.name}): property {failure.name!r} failed at {where}: "
            f"{failure.detail} (run check_game(game, seed={number}, examples=1) to see it again)"
        ) from failure.__cause__
    except Exception as error:  # the game raised where the contract says it must not
        raise AssertionError(
            f"check_game({game.name}): the game raised {type(error).__name__} at {where}: "
            f"{error} (run check_game(game, seed={number}, examples=1) to see it again)"
        ) from error


def _describe_rules(game: Game[Any], rules: Any) -> str:
    for name, preset in game.presets.items():
        if preset == rules:
            return f"<preset {name}>"
    changed = getattr(rules, "changed_options", None)
    text = repr(changed()) if callable(changed) else repr(rules)
    return text if len(text) <= 400 else text[:400] + "…"


# -- drawing rules and players --------------------------------------------------------------------


def _deal(
    game: Game[Any], rnd: random.Random, counts: tuple[int, ...], hooks: Hooks
) -> tuple[Any, int, int]:
    """Rules, a player count and a deal seed the game deals (drawn again while it refuses)."""
    for _ in range(50):
        rules = _draw_rules(game, rnd, hooks)
        players = rnd.choice(counts)
        deal_seed = rnd.randrange(-_SEED_BOUND + 1, _SEED_BOUND)
        try:
            game.new_game(players, seed=deal_seed, rules=rules)
        except InvalidRulesError:
            continue
        return rules, players, deal_seed
    return game.default_rules, counts[0], 0  # the default rules take every count


def _draw_rules(game: Game[Any], rnd: random.Random, hooks: Hooks) -> Any:
    presets = list(game.presets.values())
    kind = rnd.randrange(3)
    if kind == 2 and hooks.rules is not None:
        return hooks.rules(rnd)
    base = rnd.choice(presets)
    options = getattr(game.rules_type, "options", None)
    if kind == 0 or options is None:
        return base
    infos = options()
    for _ in range(10):
        changes = {
            info.name: _draw_option(info, rnd, presets) for info in infos if rnd.random() < 0.5
        }
        try:
            return base.replace(**changes)
        except InvalidRulesError:  # options the rules refuse together
            continue
    return base


def _draw_option(info: Any, rnd: random.Random, presets: list[Any]) -> Any:
    """A value of one option: a bound, the default or a preset's, or one drawn within the bounds.

    Integers are drawn from the low bound to twice the largest default (or the high bound if
    lower): a game whose cap on moves may reach a million still plays short games. A type the
    kit cannot draw (a table of effects) takes the default's or a preset's value.
    """
    seen = [info.default, *(getattr(p, info.name) for p in presets)]
    tp = info.type
    origin = typing.get_origin(tp)
    if origin is typing.Union or origin is types.UnionType:
        if rnd.random() < 0.25:
            return None
        tp = next(a for a in typing.get_args(tp) if a is not type(None))
        seen = [v for v in seen if v is not None]
    if tp is bool:
        return rnd.random() < 0.5
    if tp is int:
        numbers = [v for v in seen if type(v) is int]
        low = info.minimum if info.minimum is not None else min([0, *numbers])
        cap = max(low + 10, 2 * max([low, *numbers]))
        high = cap if info.maximum is None else min(info.maximum, cap)
        return rnd.choice((low, high, rnd.choice(numbers or [low]), rnd.randint(low, high)))
    if isinstance(tp, type) and issubclass(tp, enum.Enum):
        return rnd.choice(list(tp))
    return rnd.choice(seen) if seen else info.default


# -- the playout and what holds at every position -------------------------------------------------


def _play(
    game: Game[Any],
    rules: Any,
    players: int,
    deal_seed: int,
    rnd: random.Random,
    max_moves: int | Callable[[Any], int],
) -> _Example:
    bound = max_moves if isinstance(max_moves, int) else int(max_moves(rules))
    state = game.new_game(players, seed=deal_seed, rules=rules)
    cards = state.all_cards()
    _expect(cards == tuple(sorted(cards)), "invariants", "all_cards() is not sorted")
    states = [state]
    moves: list[Move] = []
    while True:
        with _checking("invariants"):
            _check_position(game, state, players, cards)
        if state.is_over:
            break
        _expect(len(moves) < bound, "termination", f"the game did not end within {bound} moves")
        legal = state.legal_moves()
        move = legal[rnd.randrange(len(legal))]
        with _checking("every legal move applies"):
            state = state.apply(move)
        moves.append(move)
        states.append(state)
    return _Example(rules, players, deal_seed, tuple(states), tuple(moves), rnd)


def _check_position(game: Game[Any], state: AnyState, players: int, cards: tuple[Any, ...]) -> None:
    try:
        game.check_state(state)
    except CardGamesError as error:
        raise _PropertyFailed(
            "invariants", f"check_state refused a reached state: {error}"
        ) from None
    _expect(state.all_cards() == cards, "invariants", "a card was created, lost or duplicated")
    for event in state.last_events:
        _expect(isinstance(event, Event), "invariants", f"{event!r} is not an Event")
    to_act = state.to_act
    legal = state.legal_moves()
    _expect(tuple(legal) == tuple(state.legal_moves()), "legal moves", "their order changed")
    if state.is_over:
        _expect(to_act == (), "legal moves", f"a finished game has seats to act: {to_act}")
        _expect(not legal, "legal moves", "a finished game has legal moves")
        outcome = state.outcome()
        _expect(isinstance(outcome, Outcome), "outcome", f"a finished game's is {outcome!r}")
        assert isinstance(outcome, Outcome)
        _expect(outcome.winners, "outcome", "a finished game has no winner")
        winners_ok = all(0 <= w < players for w in outcome.winners)
        _expect(winners_ok, "outcome", f"winners {outcome.winners} of {players} seats")
        _expect(len(outcome.scores) == players, "outcome", f"{players} seats, {outcome.scores}")
        return
    _expect(state.outcome() is None, "outcome", "a game in play has an outcome")
    _expect(legal, "legal moves", "no legal move in a game that is not over")
    _expect(to_act and len(set(to_act)) == len(to_act), "legal moves", f"to_act is {to_act}")
    combined: list[Move] = []
    for seat in to_act:
        own = state.legal_moves(seat)
        _expect(own, "legal moves", f"seat {seat} is in to_act but has no move")
        _expect(all(m.player == seat for m in own), "legal moves", f"seat {seat}'s moves")
        combined.extend(own)
    for seat in range(players):
        if seat not in to_act:
            _expect(not state.legal_moves(seat), "legal moves", f"seat {seat} acts out of turn")
    _expect(
        tuple(legal) == tuple(combined),
        "legal moves",
        "legal_moves() is not the moves of the seats of to_act, in that order",
    )


def _check_determinism(game: Game[Any], example: _Example) -> None:
    name = "determinism"
    state = game.new_game(example.players, seed=example.deal_seed, rules=example.rules)
    _expect(state == example.states[0], name, "the same seed dealt two different states")
    for i, move in enumerate(example.moves):
        before, expected = example.states[i], example.states[i + 1]
        same_order = tuple(state.legal_moves()) == tuple(before.legal_moves())
        _expect(same_order, name, "equal states list their legal moves in different orders")
        state = state.apply(move)
        _expect(state == expected, name, f"replaying {move!r} gave another state")
    same_document = state.to_json() == example.states[-1].to_json()
    _expect(same_document, name, "replaying gave another document")


# -- moves: legal ones apply, others are refused, nothing changes ---------------------------------


_NOT_MOVES: tuple[object, ...] = (None, "draw", 3, object())


def _check_moves(game: Game[Any], example: _Example, chosen: list[AnyState], hooks: Hooks) -> None:
    pool = [
        m for s in example.states[:: max(1, len(example.states) // 20)] for m in s.legal_moves()
    ]
    pool.extend(example.moves)
    values = _field_values(pool)
    for state in chosen:
        before = (state.to_json(), hash(state))
        legal = state.legal_moves()
        for move in legal:
            with _checking("every legal move applies"):
                after = state.apply(move)
            _expect(
                type(after) is type(state),
                "every legal move applies",
                f"{move!r} gave a {type(after).__name__}",
            )
        with _checking("illegal moves are refused"):
            candidates = list(_candidates(state, pool, values, example.rnd))
            if hooks.candidate_moves is not None:
                candidates.extend(hooks.candidate_moves(state))
        for move in candidates:
            if move in legal:
                continue  # applied above
            _check_refused(state, move)
        for junk in _NOT_MOVES:
            _check_refused(state, junk)
        _expect(
            (state.to_json(), hash(state)) == before,
            "immutability",
            "applying or refusing moves changed the state",
        )


def _check_refused(state: AnyState, move: object) -> None:
    name = "illegal moves are refused"
    try:
        state.apply(move)
    except IllegalMoveError as error:
        _expect(error.reason, name, f"refusing {move!r} gave no machine-readable reason")
        same = error.move is move or (isinstance(move, Move) and error.move == move)
        _expect(same, name, f"refusing {move!r} named another move: {error.move!r}")
        return
    except Exception as error:
        raise _PropertyFailed(
            name, f"{move!r} raised {type(error).__name__} ({error}), not IllegalMoveError"
        ) from None
    raise _PropertyFailed(name, f"{move!r} applied but is not among the legal moves")


def _field_values(moves: Iterable[Move]) -> dict[str, list[Any]]:
    """The values each field name takes among ``moves`` (``player`` aside), each once."""
    values: dict[str, list[Any]] = {}
    for move in moves:
        for field in _fields(move):
            if field == "player":
                continue
            found = values.setdefault(field, [None])
            value = getattr(move, field)
            if value not in found:
                found.append(value)
    return values


def _fields(move: Move) -> tuple[str, ...]:
    kind = type(move)
    return tuple(f.name for f in attrs.fields(kind)) if attrs.has(kind) else ()


def _candidates(
    state: AnyState, pool: list[Move], values: dict[str, list[Any]], rnd: random.Random
) -> Iterator[Move]:
    """Moves that are often illegal here: generic variations of the legal moves, other moves."""
    seats = range(-1, len(state.players) + 1)
    legal = state.legal_moves()
    for move in rnd.sample(list(legal), min(len(legal), 8)):
        for seat in seats:
            if seat != move.player:
                yield from _evolved(move, player=seat)
        for field in _fields(move):
            if field != "player":
                seen = values.get(field, [None])
                for value in rnd.sample(seen, min(len(seen), 3)):
                    yield from _evolved(move, **{field: value})
        text = state.format_move(move)
        for seat in range(len(state.players)):
            try:
                yield state.parse_move(text, seat)
            except ParseError:
                continue
    yield from rnd.sample(pool, min(len(pool), 30))


def _evolved(move: Move, **changes: Any) -> Iterator[Move]:
    try:
        yield attrs.evolve(move, **changes)
    except (TypeError, ValueError):  # a move class that validates its fields
        return


# -- serialization --------------------------------------------------------------------------------


def _check_round_trips(game: Game[Any], example: _Example, chosen: list[AnyState]) -> None:
    name = "JSON round trips"
    rules = example.rules
    _expect(game.rules_from_json(rules.to_json()) == rules, name, "rules loaded back differ")
    for state in chosen:
        text = state.to_json()
        json.loads(text)
        loaded = game.state_from_json(text)
        _expect(loaded == state, name, "a state loaded back differs")
        _expect(hash(loaded) == hash(state), name, "a state loaded back has another hash")
        _expect(loaded.to_json() == text, name, "a state loaded back writes another document")
        same_moves = tuple(loaded.legal_moves()) == tuple(state.legal_moves())
        _expect(same_moves, name, "a state loaded back has other legal moves")
        _expect(pickle.loads(pickle.dumps(state)) == state, name, "a state unpickled differs")
        for move in state.legal_moves():
            loaded_move = game.move_from_json(game.move_to_json(move))
            _expect(loaded_move == move, name, f"{move!r} loaded back differs")
            text_move = state.format_move(move)
            read = state.parse_move(text_move, move.player)
            _expect(read == move, name, f"{text_move!r} reads as {read!r}, not {move!r}")
        for viewer in [None, *range(example.players)]:
            view = state.view(viewer)
            loaded_view = game.view_from_json(view.to_json())
            _expect(loaded_view == view, name, f"seat {viewer}'s view loaded back differs")


# -- views ----------------------------------------------------------------------------------------


def _check_views(game: Game[Any], example: _Example, chosen: list[AnyState], hooks: Hooks) -> None:
    name = "views leak nothing"
    rnd = example.rnd
    for state in chosen:
        rng = getattr(state, "rng", None)
        words = [str(w) for w in rng.state] if isinstance(rng, Rng) else []
        for viewer in [None, *range(example.players)]:
            view = state.view(viewer)
            text = view.to_json()
            for word in words:
                _expect(word not in text, name, f"the RNG state leaked into seat {viewer}'s view")
            listed = getattr(view, "legal_moves", None)
            if viewer is not None and listed is not None:
                same = tuple(listed) == tuple(state.legal_moves(viewer))
                _expect(same, name, f"seat {viewer}'s view does not list its legal moves")
            for other, how in _scrambles(game, state, view, viewer, rnd, hooks):
                _expect(
                    other.view(viewer) == view,
                    name,
                    f"seat {viewer}'s view changed on {how} (what it has not seen re-dealt)",
                )
                _expect(other.outcome() == state.outcome(), name, f"the outcome changed on {how}")
                if viewer is not None:
                    acts = (viewer in other.to_act) == (viewer in state.to_act)
                    _expect(acts, name, f"whether seat {viewer} may act changed on {how}")
                    same = tuple(other.legal_moves(viewer)) == tuple(state.legal_moves(viewer))
                    _expect(same, name, f"seat {viewer}'s legal moves changed on {how}")


def _scrambles(
    game: Game[Any],
    state: AnyState,
    view: Any,
    viewer: int | None,
    rnd: random.Random,
    hooks: Hooks,
) -> Iterator[tuple[AnyState, str]]:
    """States that look the same to ``viewer``: sampled from its view, and the hook's."""
    for _ in range(_SCRAMBLES):
        try:
            sampled = game.sample_state(view, Rng.from_seed(rnd.randrange(_SEED_BOUND)))
        except NotImplementedError:
            break
        if not state.is_over:
            try:
                game.check_state(sampled)
            except CardGamesError as error:
                detail = f"check_state refused a state sampled from seat {viewer}'s view: {error}"
                raise _PropertyFailed("views leak nothing", detail) from None
        yield sampled, "a state sampled from it (Game.sample_state)"
    if hooks.scramble is not None:
        for _ in range(_SCRAMBLES):
            yield hooks.scramble(state, viewer, rnd), "a scrambled state (Hooks.scramble)"
