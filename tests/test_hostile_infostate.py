"""Information states under attack: `InfoState.start`, ``extend``, ``from_states``, documents.

Each test tries to break one promise of `cardgames.infostate.InfoState` the way a hostile caller
would:

- a view passed to `InfoState.start` or `InfoState.extend` is checked before anything is built
  from it: a view of another game, table (players, rules) or deal, a view built by hand with
  hostile field values (hand sizes of a billion, a seat beyond the table) or of a subclass is
  refused with `InvalidArgumentError`, and costs work in proportion to the view, not to what
  its numbers say; a view that is taken always gives an information state whose document
  loads again as the same value;
- a ``cardgames.infostate`` document loads only if its views can follow one another in play
  (the seat's own hand follows the events, the other hands' sizes match what the events say),
  else it gets an `InvalidStateError` naming the first bad view;
- the documents the library writes are valid under the shipped JSON Schema, and so are the
  hand-edited documents it loads.
"""

from __future__ import annotations

import json
import random
from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardgames import crazy_eights, huit_americain, planets
from cardgames.errors import InvalidArgumentError, InvalidStateError
from cardgames.game import Game, State, View
from cardgames.infostate import InfoState
from cardgames.rng import Rng
from hostile_support import HOSTILE, Evil, hostile_values

GAMES: tuple[Game[Any], ...] = (crazy_eights.GAME, huit_americain.GAME, planets.GAME)
SHEDDING: tuple[Game[Any], ...] = (crazy_eights.GAME, huit_americain.GAME)


def _states(game: Game[Any], players: int, seed: int, moves: int) -> list[State[Any, Any, Any]]:
    state = game.new_game(players, seed=seed)
    states = [state]
    chooser = random.Random(seed)
    for _ in range(moves):
        if state.is_over:
            break
        seat = chooser.choice(state.to_act)
        legal = state.legal_moves(seat)
        state = state.apply(legal[chooser.randrange(len(legal))])
        states.append(state)
    return states


def _assert_sound(info: InfoState) -> None:
    """An information state the library handed out: its document loads as itself, it samples."""
    loaded = InfoState.from_json(info.to_json())
    assert loaded == info
    assert loaded.beliefs == info.beliefs
    # Every view follows from the one before: no hand had to be fitted to what a view shows.
    assert getattr(info.beliefs, "resyncs", 0) == 0
    if getattr(info.view, "outcome", None) is None:
        sample, _ = info.sample(Rng.from_seed(1))
        shown = sample.view(info.seat)
        if (
            getattr(info.view, "rules", None) is None
        ):  # a view may leave out the default rules (Game.check_view)
            shown = attrs.evolve(shown, rules=None)
        assert shown == info.view


# --------------------------------------------------------------------------------------------
# Views of another table


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_extend_refuses_a_view_of_another_table(game: Game[Any]) -> None:
    start = game.new_game(["Ann", "Bob"], seed=5)
    info = InfoState.start(start.view(0))
    before = info.to_json()
    others: list[State[Any, Any, Any]] = [
        game.new_game(["Ann", "Bob", "Cy"], seed=5),  # another number of players
        game.new_game(["Cy", "Dee"], seed=5),  # other players
        *(g.new_game(["Ann", "Bob"], seed=5) for g in GAMES if g is not game),  # other games
    ]
    if game in SHEDDING:  # other rules
        rules = attrs.evolve(game.default_rules, hand_size=game.default_rules.hand_size + 1)
        others.append(game.new_game(["Ann", "Bob"], seed=5, rules=rules))
    for other in others:
        after = other.apply(other.legal_moves()[0])
        with pytest.raises(InvalidArgumentError):
            info.extend(after.view(0))
    assert info.to_json() == before
    assert len(info) == 1


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_start_refuses_a_view_named_for_another_game(game: Game[Any]) -> None:
    view = game.new_game(2, seed=5).view(0)
    for other in GAMES:
        if other is not game:
            with pytest.raises(InvalidArgumentError):
                InfoState.start(view, other)
    _assert_sound(InfoState.start(view, game))


def test_from_states_refuses_what_is_not_a_sequence() -> None:
    for bad in (None, 5, 1.5, Evil()):
        with pytest.raises(InvalidArgumentError):
            InfoState.from_states(bad, 0)  # type: ignore[arg-type]


# --------------------------------------------------------------------------------------------
# Views built by hand


def _small(value: object) -> bool:
    """Whether no integer in ``value`` lies between a million and 2**62 (see the property)."""
    if isinstance(value, int) and not isinstance(value, bool):
        return not 10**6 < value < 2**62
    if isinstance(value, (list, tuple)):
        return all(map(_small, value))
    if isinstance(value, dict):
        return all(map(_small, value.values()))
    return True


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_a_view_built_by_hand_is_checked_before_use(game: Game[Any]) -> None:
    states = _states(game, 3, 7, 1)
    first, after = states[0].view(0), states[1].view(0)
    info = InfoState.start(first)
    size_field = "hand_sizes"
    n = len(getattr(first, size_field))
    forged = [
        attrs.evolve(after, **{size_field: (10**6,) * n}),  # a million cards per hand
        attrs.evolve(after, **{size_field: getattr(after, size_field)[:-1]}),  # a seat short
        attrs.evolve(after, **{size_field: (*getattr(after, size_field), 3)}),  # one too many
    ]
    for view in forged:
        with pytest.raises(InvalidArgumentError):
            info.extend(view)
    with pytest.raises(InvalidArgumentError):
        InfoState.start(attrs.evolve(first, **{size_field: (10**6,) * n}))

    @attrs.frozen
    class LookAlike(type(first)):  # type: ignore[misc]
        def __eq__(self, other: object) -> bool:
            return True

        def __hash__(self) -> int:
            return 0

    with pytest.raises(InvalidArgumentError):
        InfoState.start(LookAlike(**attrs.asdict(first, recurse=False)))
    assert len(info) == 1


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
@HOSTILE
@given(data=st.data())
def test_a_view_with_any_field_replaced_is_refused_or_sound(
    game: Game[Any], data: st.DataObject
) -> None:
    states = _states(game, 3, data.draw(st.integers(0, 50), label="seed"), 8)
    i = data.draw(st.integers(1, len(states) - 1), label="move")
    info = InfoState.from_states(states[:i], 1)
    view = states[i].view(1)
    field = data.draw(st.sampled_from([f.name for f in attrs.fields(type(view))]), label="field")
    # Sizes that would allocate gigabytes if a regression used them are the explicit test's
    # (a million, above): here they would take the machine down rather than fail.
    value = data.draw(hostile_values().filter(_small), label="value")
    try:
        forged: View = attrs.evolve(view, **{field: value})
    except (TypeError, ValueError):  # the view's own validators refused it
        return
    attempts: tuple[Any, ...] = (
        lambda: info.extend(forged),
        lambda: InfoState.start(forged, game),
    )
    for attempt in attempts:
        try:
            taken = attempt()
        except InvalidArgumentError:
            continue
        _assert_sound(taken)
    assert info == InfoState.from_states(states[:i], 1)


# --------------------------------------------------------------------------------------------
# Documents whose views cannot follow one another


@pytest.mark.parametrize("game", SHEDDING, ids=lambda g: g.name)
def test_a_document_with_a_view_of_another_deal_is_refused(game: Game[Any]) -> None:
    refused = 0
    for seed in range(10):
        states = _states(game, 2, seed, 6)
        document = json.loads(InfoState.from_states(states, 0).to_json())
        other = _states(game, 2, seed + 100, 6)
        for k in range(1, len(states)):
            if other[k].view(0) == states[k].view(0):  # pragma: no cover - another deal
                continue
            edited = json.loads(json.dumps(document))
            edited["data"]["views"][k] = json.loads(other[k].view(0).to_json())["data"]
            with pytest.raises(InvalidStateError) as caught:
                InfoState.from_json(json.dumps(edited))
            assert caught.value.path.startswith(f"/data/views/{k}")
            refused += 1
    assert refused > 20


@pytest.mark.parametrize("game", SHEDDING, ids=lambda g: g.name)
def test_a_hand_size_that_does_not_follow_the_events_is_refused(game: Game[Any]) -> None:
    states = _states(game, 3, 11, 8)
    document = json.loads(InfoState.from_states(states, 0).to_json())
    for k in range(1, len(states)):
        view = document["data"]["views"][k]
        if view["outcome"] is not None:
            continue
        sizes = view["hand_sizes"]
        for seat in (1, 2):
            edited = json.loads(json.dumps(document))
            # one card moved from the other hand to this one: the total still matches the deck
            other = 3 - seat
            if sizes[other] == 0:
                continue
            edited["data"]["views"][k]["hand_sizes"][seat] += 1
            edited["data"]["views"][k]["hand_sizes"][other] -= 1
            with pytest.raises(InvalidStateError, match="/data/views/"):
                InfoState.from_json(json.dumps(edited))


# --------------------------------------------------------------------------------------------
# Documents edited by hand: numbers, views dropped, duplicated, swapped

_NUMBERS = (-1, 0, 1, 2, 7, 2**31, 2**63 - 1, 2**64 - 1, 10**4)


def _number_paths(node: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    if isinstance(node, bool):
        return []
    if isinstance(node, int):
        return [path]
    if isinstance(node, dict):
        return [p for key, value in node.items() for p in _number_paths(value, (*path, key))]
    if isinstance(node, list):
        return [p for i, value in enumerate(node) for p in _number_paths(value, (*path, i))]
    return []


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
@HOSTILE
@given(data=st.data())
def test_an_edited_document_loads_soundly_or_is_refused(
    game: Game[Any], data: st.DataObject
) -> None:
    states = _states(game, 3, data.draw(st.integers(0, 30), label="seed"), 10)
    document = json.loads(InfoState.from_states(states, 1).to_json())
    views = document["data"]["views"]
    for _ in range(data.draw(st.integers(1, 3), label="edits")):
        edit = data.draw(st.sampled_from(["number", "drop", "copy", "swap"]), label="edit")
        if edit == "number":
            paths = _number_paths(document["data"])
            path = data.draw(st.sampled_from(paths), label="path")
            node = document["data"]
            for step in path[:-1]:
                node = node[step]
            node[path[-1]] = data.draw(st.sampled_from(_NUMBERS), label="number")
        elif len(views) > 1:
            i = data.draw(st.integers(0, len(views) - 1), label="i")
            j = data.draw(st.integers(0, len(views) - 1), label="j")
            if edit == "drop":
                del views[i]
            elif edit == "copy":
                views.insert(i, json.loads(json.dumps(views[j])))
            else:
                views[i], views[j] = views[j], views[i]
    try:
        loaded = InfoState.from_json(json.dumps(document))
    except InvalidStateError:
        return
    _assert_sound(loaded)


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_start_refuses_a_look_alike_of_a_registered_game(game: Game[Any]) -> None:
    # A copy of the game without its view checker would let any view in (hand sizes of a
    # million included), and write documents the registered game then refuses.
    unchecked = attrs.evolve(game, check_view=None)
    view = game.new_game(3, seed=5).view(0)
    for forged in (view, attrs.evolve(view, hand_sizes=(10**6,) * 3)):
        with pytest.raises(InvalidArgumentError):
            InfoState.start(forged, unchecked)
    with pytest.raises(InvalidArgumentError):
        InfoState.from_states([game.new_game(3, seed=5)], 0).extend(view)  # the same move
