"""What the hostile test suites share: example counts, hostile values and sample positions.

The hostile suites (``tests/test_hostile_*.py``) try to break each promise the library makes to
an application that passes outside input straight through: a state is never changed by a call,
a forged move never gets in, a loaded document is a position the engine can reach, errors name
nothing their reader may not see, and work is bounded whatever the input says.

CI runs a few hundred examples per property (derandomized, so every run sees the same inputs);
``benchmarks/hostile.py --examples N`` runs many more with fresh randomness:

    CARDGAMES_HOSTILE_EXAMPLES=5000 CARDGAMES_HOSTILE_RANDOM=1 \
        python -m pytest --no-cov tests/test_hostile_contract.py
"""

from __future__ import annotations

import contextlib
import enum
import math
import os
import random
import tracemalloc
from collections.abc import Callable, Iterator
from typing import Any

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

from cardgames import Card, CardGamesError, Move, State, Suit
from cardgames.game import Game, find_game, games

AnyState = State[Any, Any, Any]

EXAMPLES = int(os.environ.get("CARDGAMES_HOSTILE_EXAMPLES", "200"))
"""Examples per property (CI: 200)."""
EXPLORE = bool(os.environ.get("CARDGAMES_HOSTILE_RANDOM"))
"""Fresh randomness instead of the derandomized examples CI uses."""

HOSTILE = settings(
    max_examples=EXAMPLES,
    deadline=None,
    derandomize=not EXPLORE,
    database=None,
    print_blob=True,
    suppress_health_check=[
        HealthCheck.too_slow,
        HealthCheck.data_too_large,
        HealthCheck.filter_too_much,
        HealthCheck.differing_executors,
    ],
)
"""The settings of every hostile property."""


class Evil:
    """An object that claims to equal everything, hashes like anything and prints like a card."""

    def __eq__(self, other: object) -> bool:
        return True

    def __ne__(self, other: object) -> bool:
        return False

    def __hash__(self) -> int:
        return 0

    def __index__(self) -> int:
        return 0

    def __repr__(self) -> str:
        return "8H"


# Values a careless or hostile caller may pass anywhere: wrong types, huge and negative
# numbers, look-alike text (names of the engines' cache keys, unicode digits), containers.
_SPECIAL: tuple[object, ...] = (
    None,
    True,
    False,
    0,
    1,
    -1,
    7,
    2**31,
    2**63 - 1,
    2**64,
    -(2**63),
    10**400,
    0.0,
    1.0,
    -0.5,
    math.nan,
    math.inf,
    "",
    "0",
    "1",
    "²",
    "\u0661",  # ARABIC-INDIC DIGIT ONE: isdigit() is True, int() reads it
    "9" * 5000,
    "events",
    "moves",
    "hands",
    "hash",
    "legal",
    None,
    b"0",
    (),
    [],
    {},
    (0,),
    [0],
    {"player": 0},
    frozenset({0}),
    object(),
    Evil(),
    Card.parse("8H"),
    Suit.HEARTS,
    enum,  # a module
    print,  # a builtin function
)


def hostile_values() -> st.SearchStrategy[Any]:
    """Any value at all, weighted toward the ones that broke engines before."""
    scalars = st.one_of(
        st.sampled_from(_SPECIAL),
        st.integers(),
        st.integers(min_value=-(2**80), max_value=2**80),
        st.floats(allow_nan=True, allow_infinity=True),
        st.text(max_size=30),
        st.binary(max_size=30),
    )
    return st.recursive(
        scalars,
        lambda inner: st.one_of(
            st.lists(inner, max_size=4),
            st.tuples(inner, inner),
            st.dictionaries(st.text(max_size=8), inner, max_size=3),
        ),
        max_leaves=6,
    )


def _positions(game: Game[Any], preset: str, players: int, seed: int) -> Iterator[AnyState]:
    """Every fifth state of a seeded random game, and its last."""
    chooser = random.Random(seed)
    state = game.new_game(players, seed=seed, rules=game.preset(preset))
    step = 0
    while not state.is_over:
        if step % 5 == 0:
            yield state
        moves = state.legal_moves()
        state = state.apply(moves[chooser.randrange(len(moves))])
        step += 1
    yield state


def sample_positions(per_game: int = 40) -> tuple[tuple[str, AnyState], ...]:
    """Positions of every registered game and preset, from seeded random games.

    Each entry is ``(game name, state)``; the states are loaded from their JSON documents, so
    their caches start empty, as a server's would after loading a saved game.
    """
    found: list[tuple[str, AnyState]] = []
    for game in games():
        picked: list[AnyState] = []
        for i, preset in enumerate(game.presets):
            for players in sorted({game.min_players, min(game.max_players, 4)}):
                picked.extend(_positions(game, preset, players, seed=1000 + i))
        chooser = random.Random(game.name)
        chosen = chooser.sample(picked, min(per_game, len(picked)))
        found.extend((game.name, game.state_from_json(s.to_json())) for s in chosen)
    return tuple(found)


def look_alikes(value: object) -> list[object]:
    """Values that compare equal to ``value`` (or nearly) but are not of its type.

    A forged move is a legal move with one field replaced by one of these.
    """
    out: list[object] = [Evil()]
    if isinstance(value, bool):
        out += [int(value), float(value)]
    elif isinstance(value, enum.Enum):
        out += [value.value, str(value)]
        if isinstance(value, int):
            out.append(int(value))
    elif isinstance(value, Card):
        out += [int(value), str(value), float(value)]
    elif isinstance(value, int):
        out += [float(value), str(value), value + 2**64]
        if value in (0, 1):
            out.append(bool(value))
    elif isinstance(value, tuple):
        out.append(list(value))
        if value:
            out += [(alike, *value[1:]) for alike in look_alikes(value[0])[1:]]
    elif value is None:
        out += [0, False, ""]
    return out


def foreign_moves(game: Game[Any]) -> list[Move]:
    """Legal moves of the other registered games: never legal here."""
    found: list[Move] = []
    for other in games():
        if other is game:
            continue
        state = other.new_game(other.min_players, seed=5)
        found.extend(state.legal_moves()[:3])
    return found


def every_game() -> tuple[Game[Any], ...]:
    """The registered games (the three built in)."""
    return games()


__all__ = [
    "EXAMPLES",
    "HOSTILE",
    "AnyState",
    "Evil",
    "every_game",
    "find_game",
    "foreign_moves",
    "hostile_values",
    "look_alikes",
    "sample_positions",
]


def peak_bytes(call: Callable[[], object], expected: type[Exception] = CardGamesError) -> int:
    """The most memory ``call`` held at once, its ``expected`` error (the refusal) suppressed."""
    tracemalloc.start()
    try:
        with contextlib.suppress(expected):
            call()
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
