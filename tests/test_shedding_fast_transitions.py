"""The shedding engine's written-out transitions make the states of its general path.

`SheddingState.apply` builds the state after the commonest moves (a card without effect, a
card whose effect is wild, draw, skip, reverse or again, the turn's draw of one card, the pass
after a draw) field by field, and every other move through
the general path (a copy of the state that `_play`, `_draw_turn`, `_pass`... then change). The
general path is also taken whenever a swap's announcement may be due (``_swap_open``) or the
move limit is near. A copy of a position with ``_swap_open`` set, and no swap in its last move,
therefore takes the general path for the same move and must end in the very same state: equal
fields, events, outcome, RNG and derived marks. Checked here on every legal move of every
position of random games under random rules of both games, interpreted and (in CI's run
against the wheel) compiled.
"""

from __future__ import annotations

import random
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardgames import crazy_eights, huit_americain
from cardgames.game import Game
from cardgames.shedding import SheddingRules, SheddingState, engine
from cardgames.shedding.moves import HandsSwapped

from shedding_support import players_strategy, rules_strategy


def _general(state: SheddingState) -> SheddingState:
    """The same position, made to take the general path of `apply` for every move."""
    copy = state._evolve()
    copy._swap_open = True
    return copy


def _same_state(fast: SheddingState, general: SheddingState) -> None:
    assert fast == general
    assert fast.last_events == general.last_events
    assert fast.outcome() == general.outcome()
    assert fast._swap_open is general._swap_open
    assert fast.legal_moves() == general.legal_moves()


def _walk(game: Game[Any], rules: SheddingRules, players: int, seed: int) -> int:
    """Play one random game, comparing both paths on every legal move; positions compared."""
    state = game.new_game(players, rules=rules, seed=seed)
    assert isinstance(state, SheddingState)
    rnd = random.Random(seed)
    compared = 0
    while not state.is_over:
        moves = list(state.legal_moves())
        swap_in_last_move = any(record[0] is HandsSwapped for record in state._raw_events)
        if not state._swap_open and not swap_in_last_move:
            general = _general(state)
            for move in moves:
                _same_state(state.apply(move), general.apply(move))
            compared += 1
        state = state.apply(rnd.choice(moves))
    return compared


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), game=st.sampled_from([crazy_eights.GAME, huit_americain.GAME]))
def test_fast_and_general_transitions_make_the_same_state(data: st.DataObject, game: Any) -> None:
    rules = data.draw(rules_strategy(game))
    players = data.draw(players_strategy(game, most=5)(rules))
    seed = data.draw(st.integers(0, 2**32))
    _walk(game, rules, players, seed)


def test_the_default_games_compare_many_positions() -> None:
    """The default rules of both games: the commonest moves, where the fast paths apply."""
    compared = 0
    for game in (crazy_eights.GAME, huit_americain.GAME):
        for players in (2, 4):
            for seed in range(5):
                compared += _walk(game, game.default_rules, players, seed)
    assert compared > 500


def test_the_shared_empty_cache_stays_empty() -> None:
    """States share one empty cache dict until they cache something (`engine._NO_CACHE`): a
    write into it would hand one state's hash or legal moves to every other state."""
    for game in (crazy_eights.GAME, huit_americain.GAME):
        _walk(game, game.default_rules, 3, 7)
        state = game.new_game(3, seed=7)
        hash(state)
        state.legal_moves()
        assert state == state._evolve()
    assert engine._NO_CACHE == {}
