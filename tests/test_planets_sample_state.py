"""Sampling a full state of "8" from a player's view keeps exactly what that player knows."""

from __future__ import annotations

import random

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardgames.errors import InvalidStateError
from cardgames.planets import BLACK_HOLE, GAME, PLANETS, Phase, Rules, new_game
from cardgames.planets.sampling import sample_state
from cardgames.rng import Rng

from planets_support import play, players_strategy, rules_strategy, stacked_deck

SA, MA = PLANETS[5], PLANETS[3]


@settings(max_examples=15, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_sampled_state_has_the_same_view(data: st.DataObject) -> None:
    rules = data.draw(rules_strategy())
    players = data.draw(players_strategy(rules))
    chooser = random.Random(data.draw(st.integers(0, 2**16)))
    state = new_game(players, seed=chooser.randrange(2**32), rules=rules)
    rng = Rng.from_seed(chooser.randrange(2**32))
    step = 0
    while True:
        if step % 7 == 0 or state.is_over:
            for viewer in [None, *range(players)]:
                view = state.view(viewer)
                sampled = GAME.sample_state(view, rng.derive(step * 8 + (viewer or 7)))
                assert sampled.view(viewer) == view
                assert sampled.all_cards() == state.all_cards()
                GAME.state_from_json(sampled.to_json())  # passes every consistency check
                for move in sampled.legal_moves():  # the sample is a playable position
                    sampled.apply(move)
        if state.is_over:
            break
        moves = state.legal_moves()
        state = state.apply(moves[chooser.randrange(len(moves))])
        step += 1


def test_sampling_deals_what_the_viewer_has_not_seen() -> None:
    state = play(
        new_game(["Léa", "Tom", "Sam"], seed=2, deck=stacked_deck("Saturn Mars Venus")),
        "keep Saturn",
        "give Mars to Sam",
    )
    tom = state.view(1)
    samples = [sample_state(tom, Rng.from_seed(i)) for i in range(30)]
    assert len({s.received for s in samples}) > 1
    assert len({s.stock[0] for s in samples}) > 1
    sam = state.view(2)
    assert {sample_state(sam, Rng.from_seed(i)).received for i in range(10)} == {MA}
    lea = state.view(0)
    assert {sample_state(lea, Rng.from_seed(i)).stock[0] for i in range(10)} == {PLANETS[1]}


def test_a_black_hole_being_played_stays_one() -> None:
    state = play(
        new_game(2, seed=1, rules=Rules(initial_hand=1), deck=stacked_deck("Ea Me BH Ve Ma")),
        "keep black hole",
        "give Venus to 1",
    )
    assert state.phase is Phase.BLACK_HOLE
    for i in range(5):
        sampled = sample_state(state.view(None), Rng.from_seed(i))
        assert sampled.pending is BLACK_HOLE
        assert sampled.view(None) == state.view(None)


def test_sampling_rejects_views_that_do_not_add_up() -> None:
    view = new_game(2, seed=1).view(0)
    with pytest.raises(InvalidStateError, match="add up"):
        sample_state(attrs.evolve(view, stock_size=3), Rng.from_seed(1))
    with pytest.raises(InvalidStateError, match="more cards"):
        sample_state(attrs.evolve(view, hand=(SA,) * 13, hand_sizes=(13, 0)), Rng.from_seed(1))
    # 96 hidden planets in Tom's hand leave 5 places in the stock for the 8 black holes.
    hole_view = attrs.evolve(view, stock_size=view.stock_size - 96, hand_sizes=(0, 96))
    with pytest.raises(InvalidStateError, match="black holes"):
        sample_state(hole_view, Rng.from_seed(1))
    with pytest.raises(InvalidStateError) as info:
        sample_state(attrs.evolve(view, hand=(SA,) * 13), Rng.from_seed(1))
    assert info.value.path == "/data/hand_sizes/0"
    # Without rules in the view, the standard rules are assumed.
    assert sample_state(attrs.evolve(view, rules=None), Rng.from_seed(1)).rules == Rules()
