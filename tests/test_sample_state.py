"""Sampling a full state from a player's view keeps exactly what that player knows."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardgames import crazy_eights, huit_americain
from cardgames.game import Game
from cardgames.rng import Rng

from shedding_support import rules_strategy


@pytest.mark.parametrize("game", [crazy_eights.GAME, huit_americain.GAME], ids=lambda g: g.name)
@settings(max_examples=20, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_sampled_state_has_the_same_view(
    game: Game[crazy_eights.State], data: st.DataObject
) -> None:
    rules = data.draw(rules_strategy(game))
    players = data.draw(st.integers(2, 5))
    deck = rules.deck.size * rules.decks_for(players)
    if players * rules.hand_size_for(players) + 1 > deck or rules.dealer >= players:
        return
    chooser = random.Random(data.draw(st.integers(0, 2**16)))
    state = game.new_game(players, seed=chooser.randrange(2**32), rules=rules)
    rng = Rng.from_seed(chooser.randrange(2**32))
    while True:
        for viewer in [None, *range(players)]:
            view = state.view(viewer)
            sampled = game.sample_state(view, rng.derive(viewer if viewer is not None else 99))
            assert sampled.view(viewer) == view
            assert sampled.all_cards() == state.all_cards()
            for move in sampled.legal_moves():  # the sample is a playable position
                sampled.apply(move)
        if state.is_over:
            break
        moves = state.legal_moves()
        state = state.apply(moves[chooser.randrange(len(moves))])


def test_sampling_hides_the_real_hands() -> None:
    state = crazy_eights.new_game(4, seed=11)
    view = state.view(0)
    samples = {crazy_eights.GAME.sample_state(view, Rng.from_seed(i)).hands[1] for i in range(20)}
    assert len(samples) > 1
    assert all(
        sorted(crazy_eights.GAME.sample_state(view, Rng.from_seed(i)).hands[0])
        == sorted(state.hands[0])
        for i in range(5)
    )
