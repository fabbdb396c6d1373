"""Crazy Eights passes the conformance kit (`cardgames.testing.check_game`): presets, options
drawn within their bounds, random effects tables, 2 to 7 players."""

from __future__ import annotations

import pytest

from cardgames import crazy_eights

from conformance import SEEDS
from shedding_support import check_shedding_game


@pytest.mark.parametrize(("seed", "hooks"), SEEDS)
def test_check_game(seed: int, hooks: bool) -> None:
    check_shedding_game(crazy_eights.GAME, seed, hooks=hooks)
