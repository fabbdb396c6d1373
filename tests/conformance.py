"""What the conformance tests share beyond `cardgames.testing.check_game`.

The properties every game must keep are checked by the public kit, `cardgames.testing`; the
three games' conformance tests call it (``tests/test_*_conformance.py``), and
``tests/test_conformance_meta.py`` shows that it catches broken games. This module keeps the
seeds those tests share and the helper the tests of each engine's loader use.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

from cardgames import InvalidStateError, State
from cardgames.game import Game

AnyState = State[Any, Any, Any]

SEEDS: list[tuple[int, bool]] = [(0, True), (1000, True), (2000, True), (3000, True), (4000, False)]
"""The first seeds of each game's conformance tests, and whether the game's hooks are used: the
last seed's games are checked from the descriptor alone, as a game author's would be without
writing any hook."""


def check_rejects_tampering(game: Game[Any], state: AnyState, edit: Callable[[Any], None]) -> str:
    """Apply ``edit`` to the JSON of ``state`` and return the error message of loading it."""
    document = json.loads(state.to_json())
    edit(document)
    with pytest.raises(InvalidStateError) as info:
        game.state_from_json(json.dumps(document))
    return str(info.value)
