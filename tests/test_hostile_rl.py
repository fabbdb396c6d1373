"""The RL adapters under attack: `observe`, `ObservationEncoding.encode`, `ActionEncoding`.

The encodings are shared: `action_encoding` and `observation_encoding` return one object per
game, rules and number of players for the whole process (a training loop and a server alike).
Each test tries to break one promise the way a hostile caller would, and runs unchanged against
the pure-Python package and the compiled wheel (whose ``cardgames._rl_write`` is mypyc-compiled):

- a hand-built view or a subclass of a state (fields of the wrong type, numbers too large for a
  float, legal moves that are not the engine's: a subclass whose ``__eq__`` says yes and whose
  hash is another move's) gets an `InvalidArgumentError` from every public function, never a
  bare ``TypeError``, ``OverflowError`` or ``AttributeError``;
- nothing such a caller passes gets into an encoding's caches: after any forged call, the ids
  of every legal move of a real game are still ``encode(move)`` and decode to the engine's move.
"""

from __future__ import annotations

import contextlib
import itertools
from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

np = pytest.importorskip("numpy", reason="cardgames.rl needs the rl extra (NumPy)")

from cardgames import crazy_eights, huit_americain, planets  # noqa: E402
from cardgames.errors import CardGamesError, InvalidArgumentError  # noqa: E402
from cardgames.game import Game, Move, State  # noqa: E402
from cardgames.rl import (  # noqa: E402
    action_encoding,
    observation_encoding,
    observe,
    seat_to_decide,
)
from hostile_support import HOSTILE, Evil, hostile_values  # noqa: E402

GAMES: tuple[Game[Any], ...] = (crazy_eights.GAME, huit_americain.GAME, planets.GAME)
_fresh = itertools.count(4000)


def _fresh_rules(game: Game[Any]) -> Any:
    """Rules no other test uses, so that the encodings built for them start with empty caches."""
    name = "max_turns" if game is planets.GAME else "max_moves"
    return attrs.evolve(game.default_rules, **{name: next(_fresh)})


def _games(game: Game[Any], rules: Any, seed: int, moves: int) -> list[State[Any, Any, Any]]:
    state = game.new_game(3, seed=seed, rules=rules)
    states = [state]
    for i in range(moves):
        if state.is_over:
            break
        legal = state.legal_moves()
        state = state.apply(legal[(seed + i) % len(legal)])
        states.append(state)
    return states


def _assert_ids_are_sound(game: Game[Any], rules: Any, states: list[State[Any, Any, Any]]) -> None:
    """Every legal move of every state has the id `encode` gives it, and decodes to itself."""
    encoding = action_encoding(game, rules, players=3)
    for state in states:
        if state.is_over:
            continue
        legal = state.legal_moves()
        ids = encoding.legal_actions(state)
        assert ids == sorted({encoding.encode(move) for move in legal})
        for move in legal:
            assert encoding.decode(encoding.encode(move), state) is move


def _liar(move: Move, hash_of: Move) -> Move:
    """A move of a subclass of ``move``'s class: its fields, ``hash_of``'s hash, equal to all."""
    kind = type(move)

    class Liar(kind):  # type: ignore[valid-type, misc]
        def __eq__(self, other: object) -> bool:
            return True

        def __hash__(self) -> int:
            return hash(hash_of)

    liar = object.__new__(Liar)
    for field in attrs.fields(kind):
        object.__setattr__(liar, field.name, getattr(move, field.name))
    return liar


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_a_forged_view_cannot_poison_the_shared_action_ids(game: Game[Any]) -> None:
    rules = _fresh_rules(game)
    states = _games(game, rules, 3, 12)
    encoding = action_encoding(game, rules, players=3)
    for state in states:
        if state.is_over:
            continue
        seat = state.to_act[0]
        view = state.view(seat)
        legal = state.legal_moves()
        others = [m for m in legal[1:] if type(m) is type(legal[0])]
        first_id = encoding.encode(legal[0])
        forged_moves: list[Move] = [_liar(legal[0], legal[0])]
        forged_moves += [_liar(other, legal[0]) for other in others]  # another move's fields
        for forged in forged_moves:
            view_of_forged = attrs.evolve(view, legal_moves=(forged, *legal))
            for call in (
                lambda v=view_of_forged: encoding.legal_actions(v),
                lambda v=view_of_forged: encoding.mask(v),
                lambda v=view_of_forged, i=first_id: encoding.decode(i, v),
            ):
                with pytest.raises(InvalidArgumentError):
                    call()
    _assert_ids_are_sound(game, rules, states)


def test_a_subclass_of_a_state_is_refused() -> None:
    rules = _fresh_rules(crazy_eights.GAME)
    state = crazy_eights.new_game(3, seed=2, rules=rules)
    legal = state.legal_moves()

    class Lying(type(state)):  # type: ignore[misc]
        def legal_moves(self, player: int | None = None) -> tuple[Move, ...]:
            return (_liar(legal[-1], legal[0]),)

    try:  # the pure-Python state: a copy of its fields
        lying = object.__new__(Lying)
        object.__setattr__(lying, "__dict__", dict(vars(state)))
    except TypeError:  # pragma: no cover - the compiled state class has no Python subclasses
        pytest.skip("the compiled state class cannot have instances of a Python subclass")
    encoding = action_encoding(crazy_eights.GAME, rules, players=3)
    with pytest.raises(InvalidArgumentError):
        encoding.legal_actions(lying)
    _assert_ids_are_sound(crazy_eights.GAME, rules, [state])


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_numbers_too_large_for_a_float_get_a_typed_error(game: Game[Any]) -> None:
    state = _games(game, None, 4, 5)[-1]
    view = state.view(state.to_act[0])
    encoding = observation_encoding(game, state.rules, players=3)
    numbers = [f.name for f in attrs.fields(type(view)) if type(getattr(view, f.name)) is int]
    sized = [f.name for f in attrs.fields(type(view)) if f.name.endswith("_sizes")]
    forged_views = [attrs.evolve(view, **{name: -(10**400)}) for name in numbers]
    forged_views += [attrs.evolve(view, **{name: (10**400,) * 3}) for name in sized]
    refused = 0
    for forged in forged_views:
        for encode in (observe, encoding.encode):
            try:  # a field the layout does not hold may be anything; one it holds must fit
                encode(forged)
            except InvalidArgumentError:
                refused += 1
    assert refused >= 2 * (len(sized) + 3)


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_numbers_too_large_for_a_float32_are_refused_not_encoded_as_infinity(
    game: Game[Any],
) -> None:
    # 10**40 is a finite double but beyond float32's 3.4e38: stored, it would read as inf.
    state = _games(game, None, 4, 5)[-1]
    view = state.view(state.to_act[0])
    encoding = observation_encoding(game, state.rules, players=3)
    numbers = [f.name for f in attrs.fields(type(view)) if type(getattr(view, f.name)) is int]
    sized = [f.name for f in attrs.fields(type(view)) if f.name.endswith("_sizes")]
    forged_views = [attrs.evolve(view, **{name: 10**40}) for name in numbers]
    forged_views += [attrs.evolve(view, **{name: (-(10**40),) * 3}) for name in sized]
    refused = 0
    for forged in forged_views:
        for encode in (observe, encoding.encode):
            try:
                vector = encode(forged)
            except InvalidArgumentError:
                refused += 1
            else:  # a field the layout does not hold: anything, but never infinity
                assert np.isfinite(vector).all()
    assert refused >= 2 * (len(sized) + 1)
    forged = attrs.evolve(view, stock_size=10**40)
    with pytest.raises(InvalidArgumentError, match="too large"):
        observe(forged)


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
@HOSTILE
@given(data=st.data())
def test_a_view_with_any_field_replaced_gets_a_typed_error_and_poisons_nothing(
    game: Game[Any], data: st.DataObject
) -> None:
    rules = game.default_rules
    states = _games(game, rules, data.draw(st.integers(0, 20), label="seed"), 10)
    state = data.draw(st.sampled_from([s for s in states if not s.is_over]), label="state")
    view = state.view(state.to_act[0])
    field = data.draw(st.sampled_from([f.name for f in attrs.fields(type(view))]), label="field")
    value = data.draw(
        st.one_of(
            hostile_values(),
            st.just(Evil()),
            st.tuples(st.sampled_from(state.legal_moves()).map(lambda m: _liar(m, m))),
        ),
        label="value",
    )
    forged = attrs.evolve(view, **{field: value})
    actions = action_encoding(game, rules, players=3)
    observations = observation_encoding(game, rules, players=3)
    calls = (
        lambda: observe(forged),
        lambda: observations.encode(forged),
        lambda: actions.legal_actions(forged),
        lambda: actions.mask(forged),
        lambda: actions.decode(0, forged),
    )
    for call in calls:
        with contextlib.suppress(CardGamesError):
            call()
    _assert_ids_are_sound(game, rules, states)


def _interrupted() -> State[Any, Any, Any]:
    """A position where a seat may move out of turn (``len(to_act) > 1``)."""
    for game in (crazy_eights.GAME, huit_americain.GAME):
        for preset in game.presets:
            state = game.new_game(3, seed=2, rules=game.preset(preset))
            for i in range(300):
                if state.is_over or len(state.to_act) > 1:
                    break
                legal = state.legal_moves()
                state = state.apply(legal[(i * 7) % len(legal)])
            if len(state.to_act) > 1:
                return state
    raise AssertionError("no position with an interrupter")  # pragma: no cover


def test_seat_to_decide_refuses_what_is_not_a_position_or_a_set_of_seats() -> None:
    state = _interrupted()
    interrupter = seat_to_decide(state)
    assert interrupter in state.to_act[1:]
    for position in (None, "state", 3, Evil()):
        with pytest.raises(InvalidArgumentError):
            seat_to_decide(position)  # type: ignore[arg-type]
    # True and 1.0 equal seat 1, but are not seats: as everywhere, they are refused.
    for declined in (5, None, Evil(), "12", frozenset({True}), frozenset({1.0}), {"1"}):
        with pytest.raises(InvalidArgumentError):
            seat_to_decide(state, declined)  # type: ignore[arg-type]
    assert seat_to_decide(state, frozenset({interrupter})) != interrupter
    assert seat_to_decide(state, {interrupter}) != interrupter  # type: ignore[arg-type]
