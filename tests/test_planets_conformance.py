"""The planet game "8" passes the conformance kit (`cardgames.testing.check_game`): the
presets, options drawn within their bounds, random score tables, 2 to 6 players, with the
engine's own re-deal of everything a seat has not seen besides `Game.sample_state`."""

from __future__ import annotations

import pytest

from cardgames.planets import GAME
from cardgames.testing import check_game

from conformance import SEEDS
from planets_support import max_moves, planets_hooks


@pytest.mark.parametrize(("seed", "hooks"), SEEDS)
def test_check_game(seed: int, hooks: bool) -> None:
    check_game(
        GAME,
        seed=seed,
        examples=5,
        max_moves=max_moves,
        hooks=planets_hooks() if hooks else None,
    )
