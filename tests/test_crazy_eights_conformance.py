"""Crazy Eights passes the conformance kit (`cardgames.testing.check_game`): presets, options
drawn within their bounds, random effects tables, 2 to 7 players."""

from __future__ import annotations

import pytest

from cardgames import crazy_eights
from cardgames.testing import check_game

from shedding_support import shedding_hooks

GAME = crazy_eights.GAME


@pytest.mark.parametrize("seed", [0, 1000, 2000, 3000, 4000])
def test_check_game(seed: int) -> None:
    check_game(
        GAME,
        seed=seed,
        examples=5,
        max_moves=lambda rules: int(rules.max_moves),
        hooks=shedding_hooks(GAME),
    )
