"""The games in the reinforcement-learning ecosystem: action ids, observations, environments.

Install with the ``rl`` extra (``pip install 'pycardgames[rl]'``: NumPy, Gymnasium, PettingZoo,
OpenSpiel). This package holds what every adapter shares:

- `action_encoding`: a fixed integer id for every move a seat can make under given rules, with
  `ActionEncoding.mask` (the legal ids of a position as a boolean array) and
  `ActionEncoding.decode` (an id back to the engine's move);
- `observation_encoding` and `observe`: a float32 vector of fixed shape built from a seat's
  *view* alone, so it holds nothing the seat may not see;
- `rewards`: what each seat gets at the end (zero-sum, +1 for a lone winner);
- `seat_to_decide`: the order in which sequential interfaces ask the seats when several may
  move (an out-of-turn call-out or jump-in);
- `ACTION_LAYOUT` and `OBSERVATION_LAYOUT`: the capabilities a game brings for these encodings
  (an `ActionLayout`, an `ObservationLayout`; see the "Writing a game" guide). A game without
  them gets `cardgames.errors.MissingCapabilityError` from every encoding and environment.

The adapters are in submodules: `cardgames.rl.pettingzoo` (an AEC environment),
`cardgames.rl.gymnasium` (one learner against library agents) and `cardgames.rl.openspiel` (a
`pyspiel.Game`). See the "Reinforcement learning" guide.
"""

try:
    import numpy as _numpy  # noqa: F401  (fail early with a useful message)
except ImportError as exc:  # pragma: no cover - depends on the installed extras
    raise ImportError("cardgames.rl needs NumPy: pip install 'pycardgames[rl]'") from exc

from cardgames.rl._actions import (
    ACTION_LAYOUT,
    ActionEncoding,
    ActionLayout,
    action_encoding,
    seat_to_decide,
)
from cardgames.rl._observations import (
    OBSERVATION_LAYOUT,
    Field,
    ObservationEncoding,
    ObservationLayout,
    observation_encoding,
    observe,
)
from cardgames.rl._rewards import rewards

__all__ = [
    "ACTION_LAYOUT",
    "OBSERVATION_LAYOUT",
    "ActionEncoding",
    "ActionLayout",
    "Field",
    "ObservationEncoding",
    "ObservationLayout",
    "action_encoding",
    "observation_encoding",
    "observe",
    "rewards",
    "seat_to_decide",
]
