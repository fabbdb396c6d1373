"""The hot loop of the shedding games' RL observation: a view written into a vector.

The writer of the observation layout that `cardgames.shedding.rl` documents (the
``"observation"`` capability of Crazy Eights and 8 Américain). Compiled with mypyc in the binary
wheels (see ``hatch_build.py``), like the engine; an editable or pure-Python installation runs
this same source, so both write the same vectors. Nothing here imports NumPy; the vector is an
`array.array` of C floats that `cardgames.rl` hands to NumPy without a copy.

The writer trusts its caller for what it checks (`cardgames.rl.ObservationEncoding.encode`
checks the view's game, rules, size and seats). What it finds out of place in a view's fields (a
card that is not in the deck, a phase or a value of a wrong type) raises `KeyError`,
`IndexError` or `TypeError`, which the encoding reports as a forged view; the interpreted and
the compiled module raise for the same views.
"""

from __future__ import annotations

from array import array
from typing import Any, Final

from cardgames.shedding.view import Phase

__all__ = ["SheddingWriter"]

_PLAY: Final = Phase.PLAY
_AFTER_DRAW: Final = Phase.AFTER_DRAW
_OVER: Final = Phase.OVER


class SheddingWriter:
    """Writes the observation of a shedding game's view (the layout of `cardgames.shedding.rl`).

    Args:
        players: The number of seats.
        index: A card's index in the rules' deck, by card (a `KeyError` for any other value);
            from 0 to 52.
        suits: A suit's index (clubs, diamonds, hearts, spades), by suit.
        starts: The first index of each field, in the order of the layout.
    """

    def __init__(
        self, players: int, index: dict[Any, int], suits: dict[Any, int], starts: list[int]
    ) -> None:
        self.n = players
        self.index = index
        self.suits = suits
        (
            self.hand,
            self.top,
            self.suit,
            self.penalty,
            self.sizes,
            self.current,
            self.direction,
            self.phase,
            self.to_act,
            self.stock,
            self.discard,
            self.drawn,
            self.target,
            self.top_player,
            self.passes,
            self.own,
        ) = starts

    def fill(self, out: array[float], view: Any, viewer: int) -> None:
        """Write the observation of ``view`` (seen by ``viewer``; 0 for a spectator) to ``out``.

        ``out`` holds zeros. Cards are counted with ``+=``: several decks hold equal cards. The
        ones and counts go through a `memoryview` of ``out``, which stores a C float without
        the argument parsing of `array.array`'s item assignment; the view's own numbers go to
        ``out`` itself, which turns any number into a C float as before (a memoryview refuses
        one too large for a C float).
        """
        cells: Any = memoryview(out)  # Any: typeshed's memoryview items are ints
        n = self.n
        index = self.index
        _count(cells, self.hand, index, view.hand or ())
        cells[self.top + index[view.top]] = 1.0
        suit = view.suit
        if suit is not None:
            cells[self.suit + self.suits[suit]] = 1.0
        out[self.penalty] = view.penalty
        for seat, size in enumerate(view.hand_sizes):
            out[self.sizes + (seat - viewer) % n] = size
        current: int = view.current
        cells[self.current + (current - viewer) % n] = 1.0
        out[self.direction] = view.direction
        phase = view.phase
        if phase is _PLAY:
            cells[self.phase] = 1.0
        elif phase is _AFTER_DRAW:
            cells[self.phase + 1] = 1.0
        elif phase is _OVER:
            cells[self.phase + 2] = 1.0
        else:
            raise KeyError(phase)
        for who in view.to_act:
            actor: int = who
            cells[self.to_act + (actor - viewer) % n] = 1.0
        out[self.stock] = view.stock_size
        _count(cells, self.discard, index, view.discard)
        drawn = view.drawn
        if drawn is not None:
            cells[self.drawn + index[drawn]] = 1.0
        target = view.announce_target
        if target is not None:
            called: int = target
            cells[self.target + (called - viewer) % n] = 1.0
        top_player = view.top_player
        if top_player is not None:
            laid: int = top_player
            cells[self.top_player + (laid - viewer) % n] = 1.0
        out[self.passes] = view.passes
        own = view.viewer
        if own is not None:
            mine: int = own
            cells[self.own + mine] = 1.0


def _count(cells: Any, start: int, index: dict[Any, int], cards: Any) -> None:
    """Write the copies of each card of ``cards`` to its cell of the block at ``start``.

    The cells hold zeros. A card's first copy is written as a one, without reading the cell
    (most cards have one copy: one deck); the cards already seen are the bits of an int.
    """
    seen = 0
    for card in cards:
        i: int = index[card]
        bit = 1 << i
        if seen & bit:
            cells[start + i] += 1.0
        else:
            seen |= bit
            cells[start + i] = 1.0
