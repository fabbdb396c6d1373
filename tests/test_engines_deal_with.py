"""`deal_with` of both engines: a deal whose random draws come from a given generator.

`new_game(seed=s)` is `deal_with(rng=Rng.from_seed(s))`; the OpenSpiel adapter passes a
generator that answers with its chance outcomes (`tests/test_rl_openspiel_chance.py`).
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardgames import find_game
from cardgames.errors import InvalidArgumentError, InvalidRulesError
from cardgames.planets import deal as planets_deal
from cardgames.rng import Rng
from cardgames.shedding import deal as shedding_deal

DEALERS: list[tuple[str, Any]] = [
    ("crazy-eights", shedding_deal.deal_with),
    ("huit-americain", shedding_deal.deal_with),
    ("planets", planets_deal.deal_with),
]


@pytest.mark.parametrize(("name", "deal_with"), DEALERS)
@given(seed=st.integers(0, 2**64 - 1), players=st.integers(2, 5))
def test_deal_with_a_seeds_stream_is_new_game(
    name: str, deal_with: Any, seed: int, players: int
) -> None:
    game = find_game(name)
    rules = game.default_rules
    dealt = deal_with(game, players, rng=Rng.from_seed(seed), rules=rules)
    assert dealt == game.new_game(players, seed=seed, rules=rules)


@pytest.mark.parametrize(("name", "deal_with"), DEALERS)
@pytest.mark.parametrize("rng", [None, 7, "seed", Rng.from_seed(1).state])
def test_deal_with_refuses_what_is_no_generator(name: str, deal_with: Any, rng: object) -> None:
    with pytest.raises(InvalidArgumentError, match="rng"):
        deal_with(find_game(name), 2, rng=rng)


@pytest.mark.parametrize(("name", "deal_with"), DEALERS)
def test_deal_with_checks_players_as_new_game(name: str, deal_with: Any) -> None:
    with pytest.raises(InvalidRulesError):
        deal_with(find_game(name), 1, rng=Rng.from_seed(1))
