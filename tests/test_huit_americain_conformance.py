"""8 Américain passes the conformance kit (`cardgames.testing.check_game`): every variant,
options drawn within their bounds, random effects tables, 2 to 10 players."""

from __future__ import annotations

import pytest

from cardgames import huit_americain

from conformance import SEEDS
from shedding_support import check_shedding_game


@pytest.mark.parametrize(("seed", "hooks"), SEEDS)
def test_check_game(seed: int, hooks: bool) -> None:
    check_shedding_game(huit_americain.GAME, seed, players=range(2, 11), hooks=hooks)
