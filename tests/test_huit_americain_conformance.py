"""8 Américain passes the conformance kit (`cardgames.testing.check_game`): every variant,
options drawn within their bounds, random effects tables, 1 to 4 decks and 2 to 10 players."""

from __future__ import annotations

import pytest

from cardgames import huit_americain
from cardgames.testing import check_game

from shedding_support import shedding_hooks

GAME = huit_americain.GAME


@pytest.mark.parametrize("seed", [0, 1000, 2000, 3000, 4000])
def test_check_game(seed: int) -> None:
    check_game(
        GAME,
        seed=seed,
        examples=5,
        players=range(2, 11),
        max_moves=lambda rules: int(rules.max_moves),
        hooks=shedding_hooks(GAME),
    )
