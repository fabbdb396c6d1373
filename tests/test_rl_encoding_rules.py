"""The RL encodings are checked against the game and rules they were made for (issue #29).

`ActionEncoding` and `ObservationEncoding` take positions of rules that share their layout
(the same ids, the same vector cells: "standard", "le-cumul", "a-la-volee" of 8 Américain) and
refuse any other with `InvalidArgumentError`: a Crazy Eights encoding answered ids of the wrong
layout for 8 Américain states, the default 8 Américain encoding wrong ids for "32-cartes" and
"autres-propositions", and both raised a bare `KeyError` when a joker was playable.
"""

from __future__ import annotations

import random
from typing import Any

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

np = pytest.importorskip("numpy", reason="cardgames.rl needs the rl extra")

from cardgames.cards import Card  # noqa: E402
from cardgames.errors import InvalidArgumentError  # noqa: E402
from cardgames.game import State, find_game  # noqa: E402
from cardgames.rl import action_encoding, observation_encoding  # noqa: E402
from cardgames.shedding.moves import PlayCard  # noqa: E402

HUIT = find_game("huit-americain")
EIGHTS = find_game("crazy-eights")
JOKER = Card.parse("JOKER")


def _positions(
    game: Any, rules: Any, players: int, seed: int, steps: int
) -> list[State[Any, Any, Any]]:
    """The states of a random game (at most ``steps`` moves)."""
    state = game.new_game(players, seed=seed, rules=rules)
    chooser = random.Random(seed)
    states: list[State[Any, Any, Any]] = [state]
    while not state.is_over and len(states) < steps:
        state = state.apply(chooser.choice(state.legal_moves()))
        states.append(state)
    return states


@pytest.mark.parametrize("preset", ["standard", "le-cumul", "a-la-volee", "toutes-variantes"])
def test_rules_that_share_the_layout_are_taken_and_get_their_own_ids(preset: str) -> None:
    default = action_encoding(HUIT, players=3)
    rules = HUIT.preset(preset)
    own = action_encoding(HUIT, rules, players=3)
    observations = observation_encoding(HUIT, players=3)
    for state in _positions(HUIT, rules, 3, 4, 120):
        seat = state.to_act[0] if state.to_act else None
        assert default.legal_actions(state) == own.legal_actions(state)
        for action_id in default.legal_actions(state):
            if action_id != default.decline:
                assert default.decode(action_id, state) in state.legal_moves(seat)
        view = state.view(0)
        assert np.array_equal(observations.encode(view), own_observation(rules).encode(view))


def own_observation(rules: Any) -> Any:
    return observation_encoding(HUIT, rules, players=3)


@pytest.mark.parametrize("preset", ["32-cartes", "52-cartes", "autres-propositions"])
def test_the_default_8_americain_encoding_refuses_rules_of_another_layout(preset: str) -> None:
    encoding = action_encoding(HUIT, players=3)
    state = HUIT.new_game(3, seed=1, rules=HUIT.preset(preset))
    seat = state.to_act[0]
    for call in (
        lambda: encoding.legal_actions(state),
        lambda: encoding.mask(state),
        lambda: encoding.decode(0, state),
        lambda: encoding.legal_actions(state.view(seat)),
    ):
        with pytest.raises(InvalidArgumentError, match="layout"):
            call()
    if preset != "autres-propositions":  # another deck: another observation layout too
        with pytest.raises(InvalidArgumentError, match="layout"):
            observation_encoding(HUIT, players=3).encode(state.view(seat))
    assert encoding.legal_actions(HUIT.new_game(3, seed=1)) != []  # its own still pass


@pytest.mark.parametrize("preset", list(HUIT.presets))
def test_a_crazy_eights_encoding_refuses_every_8_americain_position(preset: str) -> None:
    actions = action_encoding(EIGHTS, players=3)
    observations = observation_encoding(EIGHTS, players=3)
    state = HUIT.new_game(3, seed=2, rules=HUIT.preset(preset))
    with pytest.raises(InvalidArgumentError, match="crazy-eights"):
        actions.legal_actions(state)
    with pytest.raises(InvalidArgumentError, match="crazy-eights"):
        actions.decode(0, state)
    with pytest.raises(InvalidArgumentError, match="crazy-eights"):
        actions.legal_actions(state.view(0))
    with pytest.raises(InvalidArgumentError, match="crazy-eights"):
        observations.encode(state.view(0))
    back = action_encoding(HUIT, players=3)
    crazy = EIGHTS.new_game(3, seed=2)
    with pytest.raises(InvalidArgumentError, match="huit-americain"):
        back.legal_actions(crazy)


def _joker_position() -> State[Any, Any, Any]:
    """An 8 Américain position (default rules, 3 players) where a joker may be laid."""
    for seed in range(200):
        for state in _positions(HUIT, None, 3, seed, 200):
            if any(
                isinstance(move, PlayCard) and move.card == JOKER for move in state.legal_moves()
            ):
                return state
    raise AssertionError("no playable joker found")  # pragma: no cover


def test_a_playable_joker_has_an_id_and_is_never_a_bare_key_error() -> None:
    state = _joker_position()
    own = action_encoding(HUIT, players=3)
    jokers = [i for i in own.legal_actions(state) if own.describe(i).startswith("play JOKER")]
    assert jokers
    for action_id in jokers:
        move = own.decode(action_id, state)
        assert isinstance(move, PlayCard)
        assert move.card == JOKER
        assert own.encode(move) == action_id
    crazy = action_encoding(EIGHTS, players=3)
    with pytest.raises(InvalidArgumentError):  # was a KeyError
        crazy.legal_actions(state)
    with pytest.raises(InvalidArgumentError):
        crazy.encode(next(m for m in state.legal_moves() if getattr(m, "card", None) == JOKER))


def test_the_rules_check_is_an_identity_check_for_the_encodings_own_rules() -> None:
    encoding = action_encoding(HUIT, players=3)
    state = HUIT.new_game(3, seed=5)
    assert state.rules is encoding.rules
    before = list(encoding._rules_seen)
    encoding.legal_actions(state)
    assert encoding._rules_seen == before  # nothing else compared or remembered
    other = HUIT.new_game(3, seed=5, rules=attrs.evolve(HUIT.preset("le-cumul")))
    encoding.legal_actions(other)
    encoding.legal_actions(other)
    assert any(known is other.rules for known in encoding._rules_seen)  # found by identity
    assert len(encoding._rules_seen) <= 8


SHEDDING_RULES = [(game.name, preset) for game in (EIGHTS, HUIT) for preset in game.presets]
"""(game name, preset): names, so that hypothesis prints a short falsifying example."""


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    made_for=st.sampled_from(SHEDDING_RULES),
    played=st.sampled_from(SHEDDING_RULES),
    players=st.integers(2, 5),
    seed=st.integers(0, 2**32),
    moves=st.integers(0, 60),
)
def test_an_encoding_gives_a_position_its_own_ids_or_refuses_it(
    made_for: tuple[str, str], played: tuple[str, str], players: int, seed: int, moves: int
) -> None:
    game = find_game(made_for[0])
    preset = made_for[1]
    encoding = action_encoding(game, game.preset(preset), players=players)
    observations = observation_encoding(game, game.preset(preset), players=players)
    other_game = find_game(played[0])
    other_preset = played[1]
    rules = other_game.preset(other_preset)
    state = _positions(other_game, rules, players, seed, moves)[-1]
    own = action_encoding(other_game, rules, players=players)
    seat = state.to_act[0] if state.to_act else None
    try:
        ids = encoding.legal_actions(state)
    except InvalidArgumentError:
        ids = None
    if ids is not None:  # taken: exactly the ids of an encoding made for these rules
        assert ids == own.legal_actions(state)
        for action_id in ids:
            if action_id != encoding.decline:
                assert encoding.decode(action_id, state) == own.decode(action_id, state)
        assert seat is None or encoding.legal_actions(state.view(seat)) == ids
    view = state.view(seat)
    try:
        vector = observations.encode(view)
    except InvalidArgumentError:
        return
    assert np.array_equal(
        vector, observation_encoding(other_game, rules, players=players).encode(view)
    )
