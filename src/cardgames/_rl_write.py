"""The hot loop of the RL adapters' action ids: a seat's legal ids found.

Compiled with mypyc in the binary wheels (see ``hatch_build.py``), like the engine; an editable
or pure-Python installation runs this same source, so both find the same ids. It lives outside
`cardgames.rl`, whose package imports NumPy (an optional dependency, which the compiler would
have to analyse), and imports no game: the games' own observation writers live in their
packages (`cardgames.shedding.rl_writer`, compiled too).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

__all__ = ["legal_by_id"]


def legal_by_id(
    moves: Sequence[object], known: dict[int, tuple[Any, int]], id_of: Callable[[Any], int]
) -> dict[int, Any]:
    """A seat's legal moves by id, ascending: ``{id: move}``.

    Args:
        moves: The seat's legal moves, from the engine.
        known: Ids already found, by ``id(move)``, with the move itself (kept alive, so that its
            ``id`` stays its own): the engine hands out the same move objects position after
            position, and finding one by identity skips its hash (a call to Python code).
        id_of: Finds the id of a move not in ``known`` (the caller adds it to ``known``).
    """
    found: dict[int, Any] = {}
    last = -1
    ascending = True
    for move in moves:
        hit = known.get(id(move))
        action_id = hit[1] if hit is not None and hit[0] is move else id_of(move)
        if action_id <= last:
            ascending = False
        last = action_id
        found[action_id] = move
    if ascending:
        return found
    return dict(sorted(found.items()))
