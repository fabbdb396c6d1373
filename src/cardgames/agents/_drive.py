"""The driver's loop, written for the compiler: a game played to its end between agents.

`cardgames.agents.base._drive` describes the loop (read it first): at each step the seats that
may interrupt are asked in the fair order (seat order starting after the current player), then
the current player moves. This module runs the very same loop with the random agents' draws
made in place on a `cardgames._xoshiro.Stream` (what `RandomAgent._decide` and `Rng.choice`
draw, word for word), and every other agent asked through the caller's ``ask``, which builds
its view, calls it and checks its answer as `base._offer` does.

The binary wheels compile this module with mypyc (see ``hatch_build.py``), and `base._drive`
uses it only then: interpreted, its own loop on `Rng` is the faster. The tests run both on the
same games (``tests/test_fast_paths.py``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from cardgames._xoshiro import Stream
from cardgames.game import Move

__all__ = ["drive"]

Ask = Callable[[Any, int, bool], "Move | None"]
"""``ask(state, seat, current)``: the move of the agent in ``seat`` (``None``: declined)."""

Record = Callable[[Any, Move], None]
"""``record(state, move)``: called with each move before it is applied."""


def drive(
    state: Any,
    streams: list[Stream | None],
    chances: list[float],
    interrupter_on_turn: bool,
    ask: Ask,
    record: Record | None,
    max_steps: int,
) -> tuple[Any, int]:
    """Play ``state`` until it is over or ``max_steps`` moves are made.

    Args:
        state: The game in progress.
        streams: By seat, the random stream of a random agent that plays without a view, or
            ``None`` for a seat whose agent is asked through ``ask``.
        chances: By seat, the random agent's ``interrupt_chance``.
        interrupter_on_turn: What a random agent reads as "my turn" when it may interrupt.
        ask: Asks the agent of a seat without a stream for its move.
        record: Called with each move before it is applied, or ``None``.
        max_steps: The most moves to make.

    Returns:
        The last state (over unless ``max_steps`` moves were made) and the moves made.
    """
    n = len(state.players)
    count = 0
    while not state.is_over and count < max_steps:
        to_act: tuple[int, ...] = state.to_act
        current = to_act[0]
        chosen: Move | None = None
        if len(to_act) > 1:
            for distance in range(1, n):
                seat = (current + distance) % n
                if seat not in to_act:
                    continue
                stream = streams[seat]
                if stream is None:
                    chosen = ask(state, seat, False)
                elif interrupter_on_turn or not stream.random() >= chances[seat]:  # as _decide
                    chosen = _choice(state.legal_moves(seat), stream)
                if chosen is not None:
                    break
        if chosen is None:
            stream = streams[current]
            if stream is None:
                chosen = ask(state, current, True)
                assert chosen is not None  # ask raises AgentError if the player declines
            else:
                chosen = _choice(state.legal_moves(current), stream)
        if record is not None:
            record(state, chosen)
        state = state.apply(chosen)
        count += 1
    return state, count


def _choice(legal: tuple[Move, ...], stream: Stream) -> Move:
    """`Rng.choice` of a seat's legal moves (never empty; never near 2**30 of them)."""
    if not legal:
        raise IndexError("Rng.choice() cannot choose from an empty sequence")
    return legal[stream.below(len(legal))]
